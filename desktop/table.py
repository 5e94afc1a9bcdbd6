"""The table bridge: turns the worker's snapshots into what QML shows, and QML's clicks into actions.

QML never decides a rule: which buttons exist comes from ``legal_actions`` (in the snapshot), and whether
the selected cards are a legal play is asked of the engine (a private clone of the State made by the
worker for the human's turn), which also gives the reason and the rule id when it is not.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Property, QObject, QTimer, Signal, Slot

from desktop import i18n
from desktop.models import RANK_LABEL, HandModel, card_info
from desktop.worker import WorkerThread

_BACK = {"card": "?", "rank": 0, "suit": "", "mark": "", "label": ""}
CHAR_LABEL = {"3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "T": "10", "J": "J",
              "Q": "Q", "K": "K", "A": "A", "2": "2", "x": "小王", "X": "大王", "Z": "特"}
TRACK_ORDER = [17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]
KEYS = {"play": "↵", "pass": "P", "rang": "R", "burn": "B", "hint": "H"}
# Short Chinese words for the most common refusals (the engine's English reason is kept for other rules).
REASON_ZH = {"C-10": "一手牌只能有一个点数（可贴2、挂王）", "G-35": "压不过上一手（张数相同、每张更大）",
             "B-25": "压不过上一手（张数相同、每张更大）", "B-20": "2 不能配其他点数", "G-20": "憋三：3 只能最后出",
             "C-16": "不是合法的一手牌"}
ORDER = ["pass", "decline", "rang", "jiefeng", "hint", "burn", "play"]


def play_cards_from_hand(hand: list[str], play: Any) -> list[str] | None:
    """Pick concrete cards of the hand that make ``play`` (naturals, 2s, small, big, super)."""
    from engine.cards import Card
    need = {}
    if play.naturals:
        need[play.natural_rank] = play.naturals
    for rank, n in ((15, play.twos), (16, play.raw_small), (17, play.raw_big), (18, play.supers)):
        if n:
            need[rank] = need.get(rank, 0) + n
    out = []
    for t in hand:
        r = Card.parse(t).rank
        if need.get(r, 0) > 0:
            out.append(t)
            need[r] -= 1
    return out if not any(need.values()) else None


def cards_of_text(text: str) -> list[dict[str, Any]]:
    """Face info for a play text without suits (another seat's play as the engine reports it)."""
    out = []
    for ch in text:
        if ch in CHAR_LABEL:
            rank = "3456789TJQKA2xXZ".index(ch) + 3
            out.append({"card": ch, "rank": rank, "suit": "", "mark": "", "label": CHAR_LABEL[ch]})
    return out


def card_faces(cards: Any) -> list[dict[str, Any]]:
    """Cards given as a list of card strings, or a play text."""
    if isinstance(cards, str):
        parts = cards.split()
        if len(parts) > 1 or (parts and any(s in parts[0] for s in "dchs")):
            cards = parts
        else:
            return cards_of_text(cards.replace("^", ""))
    out = []
    for t in cards or []:
        try:
            out.append(card_info(str(t)))
        except Exception:
            out.extend(cards_of_text(str(t)))
    return out


class TableBridge(QObject):
    changed = Signal()
    selChanged = Signal()
    # animation requests for QML: kind ("play", "tribute", "deal", "sweep"), from pos, to pos, faces, face-up
    flight = Signal(str, int, int, "QVariantList", bool)
    sound = Signal(str)
    message = Signal(str)
    resultsReady = Signal()

    _start = Signal(object)
    _act = Signal(object)
    _auto = Signal(int, bool)
    _pace = Signal(int)
    _ask = Signal(int)
    _resume = Signal()
    _stop = Signal()

    def __init__(self, app: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.hand = HandModel(self)
        self.hand.selectionChanged.connect(self._check_selection)
        self.wt = WorkerThread()
        w = self.wt.worker
        self._start.connect(w.start)
        self._act.connect(w.act)
        self._auto.connect(w.set_auto)
        self._pace.connect(w.set_pace)
        self._ask.connect(w.ask)
        self._resume.connect(w.resume_play)
        self._stop.connect(w.stop)
        w.snapshot.connect(self._queue_snapshot)
        w.notice.connect(self._on_notice)
        w.rejected.connect(self._on_rejected)
        self.snap: dict[str, Any] = {}
        self._active = False
        self._seats: list[dict[str, Any]] = []
        self._trick: list[dict[str, Any]] = []
        self._log: list[dict[str, Any]] = []
        self._actions: list[dict[str, Any]] = []
        self._sel: dict[str, Any] = {"count": 0, "legal": False, "text": "", "reason": "", "rule": ""}
        self._tracker: list[dict[str, Any]] = []
        self._results: dict[str, Any] = {}
        self._sheet: list[dict[str, Any]] = []
        self._status = ""
        self._phase = ""
        self._hint_i = -1
        self._tribute_caption = ""
        self._tribute_active = 0
        self._played: dict[int, int] = {}
        self._last_act: dict[int, dict[str, Any]] = {}
        self._cards_of: dict[tuple[Any, str], Any] = {}
        self._set_key: Any = None
        self.accepted_actions = 0
        self.last_rejection: tuple[str, str] = ("", "")
        self.notices: list[tuple[str, str]] = []
        self.seat_names: list[str] = []
        self.config: dict[str, Any] = {}
        self._turn_serial = 0
        self._queued: tuple[str, list[str]] = ("", [])
        self._pending: list[dict[str, Any]] = []
        self._flush_armed = False
        self.net: Any = None     # a NetSession when this table is a LAN table (desktop/lan.py)
        self.lan: Any = None
        self._timeout = QTimer(self)
        self._timeout.setSingleShot(True)
        self._timeout.timeout.connect(self._on_timeout)
        app.settings.changed.connect(self._on_settings)

    # ------------------------------------------------------------------ control
    def start(self, cfg: dict[str, Any]) -> None:
        if self.net is not None:
            self.net = None
            if self.lan is not None:
                self.lan.stop()
        self.config = dict(cfg)
        self.seat_names = list(cfg.get("names") or [])
        self._played = {}
        self._log = []
        self._trick = []
        self._sheet = []
        self._results = {}
        self.snap = {}
        self._active = True
        self._pace.emit(self.pace_ms())
        self._start.emit(dict(cfg))
        self.changed.emit()

    def start_net(self, session: Any, names: list[str], snap: dict[str, Any]) -> None:
        """Show a LAN table: the host runs the engine; snapshots come from ``desktop.lan.net_snapshot``."""
        if self._active and self.net is None:
            self._stop.emit()
        self.net = session
        self.config = {"game": snap["game"], "no_timeout": True}
        self.seat_names = list(names)
        self._played = {}
        self._log = []
        self._trick = []
        self._sheet = []
        self._results = {}
        self.snap = {}
        self._active = True
        self._on_snapshot(snap)

    def net_snapshot(self, snap: dict[str, Any]) -> None:
        if self.net is not None:
            self._on_snapshot(snap)

    def pace_ms(self) -> int:
        if "pace_ms" in self.config:
            return int(self.config["pace_ms"])
        return int(450 * self.app.settings.speed_factor())

    def shutdown(self) -> None:
        self._stop.emit()
        if self.lan is not None:
            self.lan.shutdown()
        self.wt.shutdown()

    def _on_settings(self) -> None:
        desc = self.app.settings.get("handSort") == "desc"
        if desc != self.hand.descending:
            self.hand.descending = desc
            self.hand.set_cards(self.hand.cards())
        if self._active:
            self._pace.emit(self.pace_ms())
            self._rebuild()

    # ------------------------------------------------------------------ snapshots
    def _on_notice(self, kind: str, msg: str) -> None:
        self.notices.append((kind, msg))
        if kind == "resume_failed":
            self._active = False
            self.changed.emit()
            self.app.save_failed(msg)
            self.app.goHome.emit()
            return
        self.message.emit(msg)

    def _on_rejected(self, rule: str, reason: str) -> None:
        self.last_rejection = (rule, reason)
        self.message.emit(f"[{rule}] {reason}" if rule else reason)

    def _queue_snapshot(self, snap: dict[str, Any]) -> None:
        """Snapshots are coalesced: when the bots play faster than the GUI draws (animations off, 托管), the
        GUI handles the latest state once, with the events of every snapshot it skipped."""
        self._pending.append(snap)
        if not self._flush_armed:
            self._flush_armed = True
            QTimer.singleShot(0, self._flush)

    def _flush(self) -> None:
        self._flush_armed = False
        pend, self._pending = self._pending, []
        if not pend:
            return
        gens = {p["gen"] for p in pend}
        if len(gens) > 1:   # a new game started meanwhile: only its snapshots count
            last = pend[-1]["gen"]
            pend = [p for p in pend if p["gen"] == last]
        merged = dict(pend[-1])
        if len(pend) > 1:
            merged["events"] = [e for p in pend for e in p.get("events", [])]
            merged["set_over"] = any(p.get("set_over") for p in pend)
            first = next((p for p in pend if p.get("first")), None)
            if first is not None:
                merged["first"] = True
                merged["played_init"] = first.get("played_init")
            mine = [p for p in pend if p.get("action") and p["action"].get("seat") == p["seat"]]
            self.accepted_actions += max(0, len(mine) - (1 if merged.get("action") in [m["action"] for m in mine]
                                                          else 0))
        self._on_snapshot(merged)

    def _on_snapshot(self, snap: dict[str, Any]) -> None:
        prev = self.snap
        self.snap = snap
        view = snap["view"]
        if snap.get("action") is not None and snap["action"].get("seat") == snap["seat"]:
            self.accepted_actions += 1
        key = view.get("set_no", view.get("hand_no"))
        if key != self._set_key:
            self._set_key = key
            self._log = []
            self._last_act = {}
        if not view.get("trick"):
            self._last_act = {k: v for k, v in self._last_act.items() if not v.get("pass")}
        if snap.get("first"):
            self._played = {int(k): int(v) for k, v in (snap.get("played_init") or {}).items()}
        self._consume_events(snap, prev)
        self.hand.descending = self.app.settings.get("handSort") == "desc"
        self.hand.set_cards(list(view.get("hand") or []))
        self._hint_i = -1
        if snap.get("set_over") or snap.get("over"):
            self._make_results(snap)
        self._rebuild()
        self._arm_timer()
        kind, rest = self._queued
        if rest and snap.get("my_turn"):
            a = next((a for a in self._actions if a["kind"] == kind and a.get("cardArg")), None)
            nxt = next((c for c in rest if a is not None and c in a["args"]), None)
            self._queued = (kind, [c for c in rest if c != nxt] if nxt else [])
            if nxt is not None:
                self.hand.select_cards([nxt])
                self.act(kind, "")
        elif rest and not snap.get("my_turn") and snap.get("phase") not in ("return", "tribute"):
            self._queued = ("", [])

    def _consume_events(self, snap: dict[str, Any], prev: dict[str, Any]) -> None:
        me = snap["seat"]
        lang = self.lang()
        st = i18n.strings(lang)
        for ev in snap.get("events", []):
            kind = ev.get("kind", "")
            d = ev.get("data", {})
            seat = d.get("seat")
            if kind in ("play",) and "play" in d:
                text = d.get("play") or ""
                cards = d.get("cards") or text
                self._cards_of[(seat, text)] = list(cards) if isinstance(cards, list) else cards
                for c in card_faces(cards):
                    self._played[c["rank"]] = self._played.get(c["rank"], 0) + 1
                if isinstance(seat, int):
                    desc = self.describe(text)
                    if d.get("gouji"):
                        desc += " · 够级" if lang == "zh" else " · gouji"
                    self._log.append({"seat": seat, "name": self.name_of(seat), "text": desc,
                                      "mine": self.same_side(seat, me)})
                    self._last_act[seat] = {"pass": False, "text": text, "faces": card_faces(cards)}
                    self.flight.emit("play", self.pos_of(seat), -1, card_faces(cards), True)
                self.sound.emit("burn" if d.get("burn") else "play")
            elif kind in ("pass", "rang", "jiefeng", "decline") and isinstance(seat, int) and \
                    snap.get("phase") == "play":
                label = i18n.action_label(kind, lang)
                self._log.append({"seat": seat, "name": self.name_of(seat), "text": label,
                                  "mine": self.same_side(seat, me)})
                self._last_act[seat] = {"pass": True, "label": label, "faces": []}
                self.sound.emit("pass")
            elif kind == "burn":
                self.sound.emit("burn")
                self.message.emit(f"{self.name_of(seat)} · {i18n.action_label('burn', lang)}")
            elif kind == "kou":
                self.flight.emit("sweep", -1, -1, [], False)
                self._last_act = {}
            elif kind == "tribute_paid":
                src, dst = d.get("payer"), d.get("receiver")
                cards = d.get("cards") or []
                n = len(cards) or int(d.get("count", 1))
                label = {"men": "闷贡", "burn": "烧贡", "point": "点贡", "fall": "落贡", "chuansanhu": "串三户贡"}.get(
                    d.get("kind", ""), st["tribute"]) if lang == "zh" else f"{st['tribute']} ({d.get('kind', '')})"
                self._tribute_flight(src, dst, cards, n, label, me)
            elif kind == "returned":
                src, dst = d.get("receiver"), d.get("payer")   # a returned card goes back to the payer
                cards = [d["card"]] if d.get("card") else []
                self._tribute_flight(src, dst, cards, len(cards) or int(d.get("count", 1)), st["returnTribute"], me)
            elif kind == "abdicate":   # Baohuang: the 皇牌 (and any 2s paid) go to the 上家
                src, dst = seat, d.get("to")
                faces = ["X^"] + ["?"] * int(d.get("paid", 0))
                self._tribute_flight(src, dst, faces, len(faces), "让位" if lang == "zh" else "abdicates", me,
                                     public=("X^",))
            elif kind == "qing_card":
                self._tribute_flight(d.get("from"), d.get("to"), [d["card"]] if d.get("card") else [], 1,
                                     "清贡" if lang == "zh" else "清 tribute", me)
            elif kind in ("finish", "place"):
                self.sound.emit("finish")
            elif kind == "deal" and seat == me:
                self.flight.emit("deal", -1, 0, [], False)
                self._played = {}
                self._last_act = {}
                self._log = []
            elif kind in ("call", "mingbao", "rebel", "guard_revealed", "emperor", "solo", "revolution",
                          "first_leader"):
                who = self.name_of(seat) if isinstance(seat, int) else ""
                what = {"call": d.get("call") or d.get("card") or "", "guard_revealed": st["guard"],
                        "emperor": st["emperor"]}.get(kind, "")
                if kind == "call" and what in ("yu", "ming"):
                    what = i18n.action_label("yudian" if what == "yu" else "mingdian", lang)
                elif kind == "call" and what:
                    what = (("叫 " if lang == "zh" else "calls ") + _card_label(str(what)))
                elif kind == "first_leader":
                    what = "上班" if lang == "zh" else "leads first"
                else:
                    what = what or i18n.action_label(kind, lang)
                if kind != "call" or d.get("card"):
                    self.message.emit(f"{who} · {what}")

    def _tribute_flight(self, src: Any, dst: Any, cards: list[str], n: int, label: str, me: int,
                        public: tuple[str, ...] = ()) -> None:
        if not isinstance(src, int) or not isinstance(dst, int):
            return
        known = [c for c in cards if c != "?"]
        up = bool(known) and (me in (src, dst) or any(c in public for c in known))
        if known and up:
            faces = card_faces(known) + [_BACK] * (n - len(known))
        else:
            faces = [_BACK] * max(1, n)
        self._tribute_caption = f"{self.name_of(src)} → {self.name_of(dst)} · {label} ×{len(faces)}"
        faces = [dict(f, caption=self._tribute_caption) for f in faces]
        self.flight.emit("tribute", self.pos_of(src), self.pos_of(dst), faces, up)
        self.sound.emit("tribute")

    # ------------------------------------------------------------------ helpers
    def lang(self) -> str:
        return str(self.app.settings.get("language"))

    def n(self) -> int:
        return int(self.snap.get("n_seats", 6)) if self.snap else 6

    def my_seat(self) -> int:
        return int(self.snap.get("seat", 0)) if self.snap else 0

    def pos_of(self, seat: int) -> int:
        return (seat - self.my_seat()) % self.n()

    def name_of(self, seat: int) -> str:
        if 0 <= seat < len(self.seat_names) and self.seat_names[seat]:
            return self.seat_names[seat]
        if seat == self.my_seat():
            return "你" if self.lang() == "zh" else "You"
        return (f"电脑{seat}" if self.lang() == "zh" else f"Bot {seat}")

    def same_side(self, a: int, b: int) -> bool:
        if self.snap.get("game") == "gouji":
            return a % 2 == b % 2
        view = self.snap.get("view", {})
        sa, sb = _bh_side(view, a, b), _bh_side(view, b, b)
        return a == b or (sa is not None and sa == sb)

    def describe(self, text: str) -> str:
        if not text:
            return ""
        try:
            from engine.describe import describe_play
            oracle = self.snap.get("oracle")
            rules = oracle.rules if oracle is not None else self._rules()
            return describe_play(rules.parse(text), self.lang()).replace("T", "10")
        except Exception:
            return text

    def _rules(self) -> Any:
        from engine import games
        if not hasattr(self, "_rules_cache") or self._rules_cache[0] != self.snap.get("game"):
            self._rules_cache = (self.snap.get("game"), games.rules(self.snap.get("game", "gouji"),
                                                                    self.snap.get("options") or {}))
        return self._rules_cache[1]

    # ------------------------------------------------------------------ derived state for QML
    def _rebuild(self) -> None:
        if not self.snap:
            return
        s = i18n.strings(self.lang())
        view = self.snap["view"]
        n = self.n()
        me = self.my_seat()
        to_act = self.snap.get("to_act")
        counts = view.get("counts") or [None] * n
        places = _places(view, n)
        if not places and view.get("phase") != "play" and view.get("set_results"):
            places = _places({"places": view["set_results"][-1].get("places")}, n)  # SPEC §5: previous places
        trick = [t for t in (view.get("trick") or []) if t.get("play")]
        top_seat = trick[-1].get("seat") if trick else None
        gouji = self.snap.get("game") == "gouji"
        calls = view.get("calls") or []
        seats = []
        for pos in range(n):
            seat = (me + pos) % n
            d = (seat - me) % n
            if gouji:
                rel = {0: "", 1: s["lower"], 2: s["teammate"], 3: s["opposite"], 4: s["teammate"], 5: s["upper"]}[d]
                team = "mine" if seat % 2 == me % 2 else "theirs"
            else:
                rel = s["lower"] if d == 1 else s["upper"] if d == n - 1 else ""
                team = _bh_team(view, seat, me)
            cnt = counts[seat] if seat < len(counts) else None
            place = places.get(seat)
            last = self._last_act.get(seat)
            if last is not None:
                last = dict(last, top=(seat == top_seat and not last.get("pass")))
            call = calls[seat] if isinstance(calls, list) and seat < len(calls) else None
            call_label = {"yu": i18n.action_label("yudian", self.lang()),
                          "ming": i18n.action_label("mingdian", self.lang())}.get(str(call), "")
            kaidian = view.get("kaidian")
            kd = None
            if gouji and isinstance(kaidian, list) and seat < len(kaidian) and view.get("phase") == "play":
                kd = bool(kaidian[seat])
            seats.append({
                "seat": seat, "pos": pos, "name": self.name_of(seat), "team": team, "relation": rel,
                "opposite": gouji and d == 3, "count": -1 if cnt is None else int(cnt),
                "report": cnt is not None and 0 < int(cnt) <= 10,
                "place": "" if place is None else i18n.place_name(place, n, self.lang()),
                "placeNo": place if place is not None else -1,
                "finished": cnt == 0 and place is not None, "turn": to_act == seat,
                "last": last, "badges": _badges(view, seat, me, s, self.lang()),
                "call": call_label, "kaidian": kd, "me": seat == me,
            })
        self._seats = seats
        self._trick = []
        for i, t in enumerate(trick):
            seat = t.get("seat", 0)
            cards = t.get("cards") or self._cards_of.get((seat, t.get("play")), t.get("play") or "")
            text = self.describe(t.get("play") or "")
            filler = ""
            try:
                p = self._rules().parse(t.get("play") or "")
                if p.naturals and p.twos:
                    filler = f"2 当 {RANK_LABEL[p.natural_rank]}" if self.lang() == "zh" else \
                        f"2 as {RANK_LABEL[p.natural_rank]}"
            except Exception:
                pass
            self._trick.append({"seat": seat, "name": self.name_of(seat), "faces": card_faces(cards),
                                "text": text, "top": i == len(trick) - 1, "gouji": bool(t.get("gouji")),
                                "filler": filler})
        self._phase = str(self.snap.get("phase", ""))
        if self.snap.get("over"):
            self._status = s["gameOver"]
        elif self.snap.get("my_turn"):
            self._status = s["yourTurn"]
        elif isinstance(to_act, int):
            self._status = s["waiting"].replace("%1", self.name_of(to_act))
        self._build_actions()
        self._build_tracker()
        self._check_selection()
        self.changed.emit()

    def _build_actions(self) -> None:
        snap = self.snap
        lang = self.lang()
        acts: list[dict[str, Any]] = []
        if snap.get("my_turn"):
            kinds_seen: dict[str, dict[str, Any]] = {}
            for a in snap.get("fixed", []):
                k = a["kind"]
                arg = a.get("arg")
                if _is_card(arg) and k != "call":
                    e = kinds_seen.setdefault(k, {"kind": k, "label": i18n.action_label(k, lang),
                                                  "cardArg": True, "args": [], "arg": ""})
                    e["args"].append(arg)
                else:
                    label = i18n.action_label(k, lang, str(snap.get("phase", "")))
                    if arg is not None:
                        label += " " + (_card_label(str(arg)) if _is_card(arg) else _arg_label(str(arg)))
                    acts.append({"kind": k, "arg": "" if arg is None else str(arg), "label": label,
                                 "cardArg": False, "args": []})
            acts.extend(kinds_seen.values())
            for k in snap.get("play_kinds", []):
                acts.append({"kind": k, "arg": "", "label": i18n.action_label(k, lang), "cardArg": False,
                             "args": [], "needsCards": True})
            if snap.get("hints") or any(a.get("cardArg") for a in acts):
                acts.append({"kind": "hint", "arg": "", "label": i18n.strings(lang)["hint"], "cardArg": False,
                             "args": []})
        for a in acts:
            a["key"] = KEYS.get(a["kind"], "")
            a["primary"] = a["kind"] in ("play", "accept", "give", "call")
            a["danger"] = a["kind"] in ("burn", "revolt")
            a["enabled"] = not a.get("needsCards") and not a.get("cardArg")
            a["objectName"] = f"act_{a['kind']}" + (f"_{a['arg']}" if a.get("arg") else "")
        acts.sort(key=lambda a: ORDER.index(a["kind"]) if a["kind"] in ORDER else 3)
        self._actions = acts

    def _build_tracker(self) -> None:
        game = self.snap.get("game", "gouji")
        view = self.snap["view"]
        total = _pack_counts(game, self.snap.get("options") or {})
        mine: dict[int, int] = {}
        for t in view.get("hand") or []:
            r = card_info(t)["rank"]
            mine[r] = mine.get(r, 0) + 1
        played = dict(self._played)
        if isinstance(view.get("played"), dict):
            played = {"3456789TJQKA2xXZ".index(ch) + 3: int(k) for ch, k in view["played"].items()
                      if ch in "3456789TJQKA2xXZ"}
        rows = []
        for r in TRACK_ORDER:
            tot = total.get(r, 0)
            if not tot:
                continue
            left = max(0, tot - played.get(r, 0) - mine.get(r, 0))
            rows.append({"rank": r, "label": RANK_LABEL[r] if r < 16 else RANK_LABEL[r], "left": left,
                         "total": tot, "hot": r >= 14, "joker": r >= 16})
        self._tracker = rows

    def _make_results(self, snap: dict[str, Any]) -> None:
        n = snap["n_seats"]
        lang = self.lang()
        st = i18n.strings(lang)
        res = next((e.get("data", {}) for e in snap.get("events", []) if e.get("kind") in ("set_end", "hand_end")),
                   None)
        if res is None:
            return
        places = _places({"places": res.get("places")}, n)
        scores = list(res.get("scores") or [None] * n)
        totals = list(res.get("totals") or snap.get("totals") or [0] * n)
        tributes = []
        kinds_zh = {"men": "闷贡", "burn": "烧贡", "point": "点贡", "fall": "落贡", "chuansanhu": "串三户贡"}
        for t in res.get("tribute_next") or []:
            k = t.get("kind", "")
            tributes.append(f"{self.name_of(t.get('payer', 0))} → {self.name_of(t.get('receiver', 0))} "
                            f"{kinds_zh.get(k, k) if lang == 'zh' else k} ×{t.get('owed', 1)}")
        rows = []
        for seat in range(n):
            p = places.get(seat)
            rows.append({"seat": seat, "name": self.name_of(seat),
                         "place": i18n.place_name(p, n, lang) if p is not None else "",
                         "placeNo": p if p is not None else 99,
                         "score": scores[seat] if seat < len(scores) and scores[seat] is not None else "",
                         "total": totals[seat] if seat < len(totals) else 0,
                         "mine": self.same_side(seat, snap["seat"])})
        rows.sort(key=lambda r: r["placeNo"])
        extra = ""
        if res.get("chuansanhu"):
            extra = "串三户" if lang == "zh" else "串三户 (clean sweep)"
        self._results = {"rows": rows, "tributes": tributes, "over": bool(snap.get("over")), "extra": extra,
                         "title": st["gameOver"] if snap.get("over") else
                         (st["results"] if snap["game"] == "gouji" else st["resultsHand"])}
        self._sheet.append({"set": res.get("set_no", res.get("hand_no", len(self._sheet) + 1)),
                            "scores": [scores[i] if i < len(scores) else "" for i in range(n)],
                            "totals": totals})
        self.resultsReady.emit()

    # ------------------------------------------------------------------ selection legality (engine decides)
    def _check_selection(self) -> None:
        cards = self.hand.selected_cards()
        s = i18n.strings(self.lang())
        info: dict[str, Any] = {"count": len(cards), "legal": False, "text": "", "reason": "", "rule": "",
                                "kinds": []}
        snap = self.snap
        oracle = snap.get("oracle") if snap else None
        card_kind = next((a for a in self._actions if a.get("cardArg")), None)
        if cards and card_kind is not None and not snap.get("play_kinds"):
            ok = all(c in card_kind["args"] for c in cards)
            info.update(legal=ok, kinds=[], desc=card_kind["label"])
            if not ok:
                info.update(reason=("这张牌不能" if self.lang() == "zh" else "not allowed: ") + card_kind["label"])
        elif cards and oracle is not None and snap.get("my_turn"):
            info.update(self._judge(oracle, cards))
        if cards:
            head = s["selected"].replace("%1", str(len(cards)))
            if info["legal"] and card_kind is not None and not snap.get("play_kinds"):
                info["text"] = f"{info['desc']} · {head} ✓"
            elif info["legal"]:
                info["text"] = f"{head} · {info['desc']} {s['canPlay']}"
            elif info["reason"]:
                reason = info["reason"]
                if self.lang() == "zh" and info["rule"] in REASON_ZH:
                    reason = REASON_ZH[info["rule"]]
                info["text"] = f"{head} · {reason}" + (f" ({s['ruleRef'].replace('%1', info['rule'])})"
                                                                if info["rule"] else "")
            else:
                info["text"] = head
        self._sel = info
        # enable buttons that depend on the selection
        for a in self._actions:
            if a.get("needsCards"):
                a["enabled"] = a["kind"] in info.get("kinds", [])
            elif a.get("cardArg"):
                a["enabled"] = len(cards) >= 1 and all(c in a["args"] for c in cards)
        self.selChanged.emit()

    def _judge(self, oracle: Any, cards: list[str]) -> dict[str, Any]:
        from engine.core import Action
        from engine.errors import RuleError
        seat = self.my_seat()
        out: dict[str, Any] = {"kinds": [], "desc": ""}
        text = "".join(_char(c) for c in cards)
        try:
            play = oracle.rules.parse(text)
        except RuleError as exc:
            return {"legal": False, "reason": exc.reason, "rule": exc.rule, "kinds": []}
        out["desc"] = self.describe(play.text)
        la = oracle.legal_actions(seat)
        for kind in self.snap.get("play_kinds", []):
            a = self._make_action(kind, play, cards)
            if a in la:
                out["kinds"].append(kind)
        if out["kinds"]:
            out.update(legal=True, reason="", rule="")
            return out
        try:
            oracle.clone().apply(Action(seat, "play", play))
            out.update(legal=False, reason=s_or(self.lang(), "illegal"), rule="")
        except RuleError as exc:
            out.update(legal=False, reason=exc.reason, rule=exc.rule)
        return out

    def _make_action(self, kind: str, play: Any, cards: list[str]) -> Any:
        from engine.core import Action
        return Action(self.my_seat(), kind, play)

    # ------------------------------------------------------------------ QML slots
    @Slot(str, str)
    def act(self, kind: str, arg: str) -> None:
        snap = self.snap
        if not snap.get("my_turn"):
            return
        if kind == "hint":
            self.hint()
            return
        cards = self.hand.selected_cards()
        if kind in snap.get("play_kinds", []):
            if kind not in self._sel.get("kinds", []):
                self.message.emit(self._sel.get("text") or s_or(self.lang(), "illegal"))
                return
            play = snap["oracle"].rules.parse("".join(_char(c) for c in cards))
            msg = self._make_action(kind, play, cards).to_json()
        else:
            a = next((a for a in self._actions if a["kind"] == kind), None)
            if a is None:
                return
            if a.get("cardArg"):
                picks = [c for c in cards if c in a["args"]]
                if not picks:
                    return
                msg = {"seat": self.my_seat(), "kind": kind, "arg": picks[0]}
                self._queued = (kind, picks[1:])   # e.g. 还贡 of two cards: one action each
            else:
                msg = {"seat": self.my_seat(), "kind": kind}
                if arg:
                    msg["arg"] = arg
        self.snap = {**snap, "my_turn": False}
        self._actions = []
        self.hand.clearSelection()
        self.changed.emit()
        self._timeout.stop()
        if self.net is not None:
            self.net.act({"action": msg})
        else:
            self._act.emit({"gen": snap["gen"], "action": msg})

    @Slot()
    def playSelected(self) -> None:
        kinds = self._sel.get("kinds", [])
        if "play" in kinds:
            self.act("play", "")
        elif kinds:
            self.act(kinds[0], "")
        else:
            self.message.emit(self._sel.get("text") or s_or(self.lang(), "illegal"))

    @Slot(str)
    def playSelectedAs(self, kind: str) -> None:
        if kind in self._sel.get("kinds", []):
            self.act(kind, "")

    @Slot()
    def passTurn(self) -> None:
        for k in ("pass", "decline"):
            if any(a["kind"] == k for a in self._actions):
                self.act(k, "")
                return

    @Slot()
    def hint(self) -> None:
        hints = self.snap.get("hints") or []
        sug = self.snap.get("suggest")
        if not hints and sug and sug.get("arg") and _is_card(sug["arg"]):
            self.hand.select_cards([sug["arg"]])   # 自动选择: the card the bot would give
            return
        if not hints:
            return
        self._hint_i = (self._hint_i + 1) % len(hints)
        h = hints[self._hint_i]
        oracle = self.snap.get("oracle")
        play = oracle.rules.parse(h["play"])
        cards = play_cards_from_hand(self.hand.cards(), play)
        if cards:
            keep = self._hint_i
            self.hand.select_cards(cards)
            self._hint_i = keep

    @Slot(int)
    def askCount(self, seat: int) -> None:
        """报户 (G-69): ask another seat how many cards it holds."""
        if self.snap and seat != self.my_seat():
            if self.net is None:
                self._ask.emit(seat)
            else:
                self.net.ask(seat)   # the same free action, judged by the host's engine

    @Slot(bool)
    def setAuto(self, on: bool) -> None:
        if self.net is None:
            self._auto.emit(self.my_seat(), on)

    @Slot()
    def nextSet(self) -> None:
        self._results = {}
        self.changed.emit()
        if self.net is None:
            self._resume.emit()

    @Slot(int)
    def tributeFlights(self, n: int) -> None:
        self._tribute_active = n
        self.changed.emit()

    def _arm_timer(self) -> None:
        self._timeout.stop()
        secs = int(self.app.settings.get("turnTimer"))
        if self.snap.get("my_turn") and secs > 0 and not self.config.get("no_timeout"):
            self._turn_serial += 1
            self._timeout.start((secs + int(self.app.settings.get("grace"))) * 1000)

    def _on_timeout(self) -> None:
        if self.snap.get("my_turn"):
            self.setAuto(True)

    # ------------------------------------------------------------------ properties
    def _g_active(self) -> bool:
        return self._active

    def _g_seats(self) -> list[dict[str, Any]]:
        return self._seats

    def _g_trick(self) -> list[dict[str, Any]]:
        return self._trick

    def _g_log(self) -> list[dict[str, Any]]:
        return self._log

    def _g_actions(self) -> list[dict[str, Any]]:
        return self._actions

    def _g_sel(self) -> dict[str, Any]:
        return self._sel

    def _g_tracker(self) -> list[dict[str, Any]]:
        return self._tracker

    def _g_results(self) -> dict[str, Any]:
        return self._results

    def _g_sheet(self) -> list[dict[str, Any]]:
        return self._sheet

    def _g_status(self) -> str:
        return self._status

    def _g_phase(self) -> str:
        return self._phase

    def _g_game(self) -> str:
        return str(self.snap.get("game", self.config.get("game", "gouji")))

    def _g_nseats(self) -> int:
        return self.n()

    def _g_myturn(self) -> bool:
        return bool(self.snap.get("my_turn"))

    def _g_auto(self) -> bool:
        return bool(self.snap.get("auto"))

    def _g_over(self) -> bool:
        return bool(self.snap.get("over"))

    def _g_setlabel(self) -> str:
        view = self.snap.get("view", {}) if self.snap else {}
        s = i18n.strings(self.lang())
        if self._g_game() == "gouji":
            total = (self.snap.get("options") or {}).get("sets_per_game", 5)
            return s["setNo"].replace("%1", str(view.get("set_no", 1))).replace("%2", str(total))
        hand_no = view.get("hand_no")
        no = hand_no + 1 if isinstance(hand_no, int) else 1
        if isinstance(view.get("hands"), int) and view["hands"] > 0:
            no = min(no, view["hands"])
            return s["handNo"].replace("%1", f"{no} / {view['hands']}")
        return s["handNo"].replace("%1", str(no))

    def _g_score(self) -> dict[str, Any]:
        totals = self.snap.get("totals") or []
        me = self.my_seat()
        if self._g_game() == "gouji" and totals:
            mine = sum(totals[i] for i in range(len(totals)) if i % 2 == me % 2)
            theirs = sum(totals[i] for i in range(len(totals)) if i % 2 != me % 2)
            return {"team": True, "mine": mine, "theirs": theirs, "per": []}
        return {"team": False, "per": [{"name": self.name_of(i), "total": t} for i, t in enumerate(totals)]}

    def _g_caption(self) -> str:
        return self._tribute_caption

    def _g_tribute(self) -> int:
        return self._tribute_active

    def _g_phase_label(self) -> str:
        s = i18n.strings(self.lang())
        return s.get("phase_" + self._phase, self._phase)

    active = Property(bool, _g_active, notify=changed)
    seats = Property("QVariantList", _g_seats, notify=changed)
    trick = Property("QVariantList", _g_trick, notify=changed)
    roundLog = Property("QVariantList", _g_log, notify=changed)
    actions = Property("QVariantList", _g_actions, notify=selChanged)
    selection = Property("QVariantMap", _g_sel, notify=selChanged)
    tracker = Property("QVariantList", _g_tracker, notify=changed)
    results = Property("QVariantMap", _g_results, notify=changed)
    scoreSheet = Property("QVariantList", _g_sheet, notify=changed)
    status = Property(str, _g_status, notify=changed)
    phase = Property(str, _g_phase, notify=changed)
    phaseLabel = Property(str, _g_phase_label, notify=changed)
    game = Property(str, _g_game, notify=changed)
    nSeats = Property(int, _g_nseats, notify=changed)
    myTurn = Property(bool, _g_myturn, notify=changed)
    autoPlay = Property(bool, _g_auto, notify=changed)
    over = Property(bool, _g_over, notify=changed)
    setLabel = Property(str, _g_setlabel, notify=changed)
    score = Property("QVariantMap", _g_score, notify=changed)
    tributeCaption = Property(str, _g_caption, notify=changed)
    tributeActive = Property(int, _g_tribute, notify=changed)


# ---------------------------------------------------------------------- view adapters
def s_or(lang: str, key: str) -> str:
    return i18n.strings(lang).get(key, key)


def _char(card: str) -> str:
    from engine.cards import Card
    return Card.parse(card).char


def _is_card(arg: Any) -> bool:
    if not isinstance(arg, str) or not arg:
        return False
    from engine.cards import Card
    try:
        Card.parse(arg)
        return True
    except Exception:
        return False


def _arg_label(arg: str) -> str:
    from engine.cards import SUIT_SYMBOL
    return SUIT_SYMBOL.get(arg, arg)


def _places(view: dict[str, Any], n: int) -> dict[int, int]:
    """seat -> 0-based place. Gouji: ``places`` {"seat": 1-based}; Baohuang: ``places`` [1-based | None]."""
    v = view.get("places")
    if isinstance(v, dict):
        return {int(k): int(p) - 1 for k, p in v.items() if isinstance(p, int)}
    if isinstance(v, list):
        return {i: int(p) - 1 for i, p in enumerate(v) if isinstance(p, int)}
    return {}


def _card_label(ident: str) -> str:
    from engine.cards import SUIT_SYMBOL
    try:
        info = card_info(ident)
    except Exception:
        return ident
    return f"{info['label']}{SUIT_SYMBOL.get(info['suit'], '')}"


def _bh_side(view: dict[str, Any], seat: int, me: int) -> str | None:
    """'emperor' / 'rebel' / None (unknown to ``me``) for a Baohuang seat, from public facts and my role."""
    emperor = view.get("emperor")
    guard = view.get("guard")
    if seat == me:
        role = view.get("role")
        return "emperor" if role in ("emperor", "guard") else "rebel" if role == "rebel" else None
    if emperor is not None and seat == emperor:
        return "emperor"
    if guard is not None and seat == guard:
        return "emperor"
    if seat in (view.get("rebels") or []):
        return "rebel"
    if view.get("guard_public") and guard is not None and emperor is not None:
        return "rebel"
    if view.get("role") == "emperor" and view.get("solo"):
        return "rebel"
    return None


def _bh_team(view: dict[str, Any], seat: int, me: int) -> str:
    mine = _bh_side(view, me, me)
    side = _bh_side(view, seat, me)
    if seat == me:
        return "mine"
    if side is None or mine is None:
        return "unknown"
    return "mine" if side == mine else "theirs"


def _badges(view: dict[str, Any], seat: int, me: int, s: dict[str, str], lang: str) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    if view.get("game") == "gouji":
        if view.get("revolutionary") == seat:
            out.append({"text": "革命" if lang == "zh" else "Revolution", "color": "blue"})
        return out
    if view.get("emperor") == seat:
        out.append({"text": "♛ " + s["emperor"], "color": "gold"})
    elif view.get("guard") == seat and (view.get("guard_public") or seat == me):
        only = "" if view.get("guard_public") else (" · 仅你可见" if lang == "zh" else " · only you")
        out.append({"text": s["guard"] + only, "color": "gold"})
    if seat in (view.get("rebels") or []):
        out.append({"text": "⚒ " + s["rebel"], "color": "blue"})
    elif seat == me and view.get("role") == "rebel":
        out.append({"text": ("平民 · 仅你可见" if lang == "zh" else "Rebel · only you"), "color": "grey"})
    elif view.get("emperor") is not None and seat != me and _bh_side(view, seat, me) is None:
        out.append({"text": "? " + s["unknownId"], "color": "grey"})
    return out


def _pack_counts(game: str, options: dict[str, Any]) -> dict[int, int]:
    ranks = list(range(3, 16))
    if game == "baohuang":
        deck = str(options.get("deck", "216"))
        if deck.startswith("200"):
            ranks = [r for r in ranks if r != 3]
        elif deck.startswith("168"):
            ranks = [r for r in ranks if r > 5]
    out = {r: 16 for r in ranks}
    out[16] = 4
    out[17] = 4
    return out
