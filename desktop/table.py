"""The table controller: turns the worker's snapshots into what QML shows, and QML's clicks into actions.

It knows no game: what a game looks like — seat rows and badges, the score chip, what each event shows,
the results, the card counter — comes from the game's presenter (``desktop.games``). It holds the snapshot,
the action bar, the turn timer and the hand. QML never decides a rule: the buttons come from
``legal_actions`` (in the snapshot), and a selection is judged by the engine on the worker thread
(``GameWorker.judge`` → ``state.action_for_cards``), which gives the reason and the rule id when it is
not a legal play. Seats, the current trick and the round log are list models updated row by row.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Property, QObject, QTimer, Signal, Slot

from desktop import hand_end, i18n, memtrim, shuffle_check
from desktop import tutor as tutor_mode
from desktop.faces import BACK, arg_label, card_faces, card_label, is_card
from desktop.games import Presenter, table_presenter
from desktop.models import HandModel
from desktop.rows import RowsModel
from desktop.worker import WorkerThread

KEYS = {"play": "↵", "pass": "P", "rang": "R", "burn": "B", "hint": "H"}
ORDER = ["pass", "decline", "rang", "jiefeng", "hint", "burn", "play"]
WIDTHS = {"pass": 120, "rang": 104, "hint": 100, "burn": 120, "play": 148}   # mockup SPEC: action bar
FLY_MAX = 6     # the most plays one snapshot animates (a coalesced backlog shows only its newest)


def _resolved_options(snap: Mapping[str, Any]) -> Mapping[str, Any]:
    """The rules the table plays: the view's resolved options (every value), else the ones it was started with."""
    return (snap.get("view") or {}).get("options") or snap.get("options") or {}


class TableBridge(QObject):
    changed = Signal()
    selChanged = Signal()
    # animation requests for QML: kind ("play", "tribute", "deal", "sweep"), from pos, to pos, faces, face-up
    flight = Signal(str, int, int, list, bool)
    sound = Signal(str)
    message = Signal(str)
    resultsReady = Signal()

    _start = Signal(object)
    _act = Signal(object)
    _act_cards = Signal(object)
    _judge = Signal(object)
    _prepare = Signal(object)
    _auto = Signal(int, bool)
    _pace = Signal(int)
    _ask = Signal(int)
    _lang = Signal(str)
    _resume = Signal()
    _stop = Signal()

    def __init__(self, app: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.hand = HandModel(self)
        self.hand.selectionChanged.connect(self._check_selection)
        self.seat_model = RowsModel(self)
        self.trick_model = RowsModel(self)
        self.log_model = RowsModel(self)
        self.wt = WorkerThread()
        w = self.wt.worker
        self._start.connect(w.start)
        self._act.connect(w.act)
        self._act_cards.connect(w.act_cards)
        self._judge.connect(w.judge)
        self._prepare.connect(w.prepare_judge)
        self._auto.connect(w.set_auto)
        self._pace.connect(w.set_pace)
        self._ask.connect(w.ask)
        self._lang.connect(w.set_lang)
        self._resume.connect(w.resume_play)
        self._stop.connect(w.stop)
        w.snapshot.connect(self._queue_snapshot)
        w.notice.connect(self._on_notice)
        w.rejected.connect(self._on_rejected)
        w.judged.connect(self._on_judged)
        w.judge_ready.connect(self._on_judge_ready)
        self.pres: Presenter = Presenter()
        self.snap: dict[str, Any] = {}
        self._active = False
        self._seats: list[dict[str, Any]] = []
        self._trick: list[dict[str, Any]] = []
        self._log: list[dict[str, Any]] = []
        self._actions: list[dict[str, Any]] = []
        self._sel: dict[str, Any] = {"count": 0, "legal": False, "text": "", "reason": "", "rule": ""}
        self._verdict: dict[str, Any] | None = None
        self._serial = 0
        self._tracker: list[dict[str, Any]] = []
        self._board: dict[str, Any] = {}
        self._results: dict[str, Any] = {}
        # a LAN table's results put aside when the host's table moved on (the 上局结果 button brings them back)
        self._folded: dict[str, Any] = {}
        self._results_snap: dict[str, Any] = {}   # the snapshot they were made from (rebuilt in a new language)
        self._sheet: list[dict[str, Any]] = []
        self._sheet_res: list[dict[str, Any]] = []   # the results events of this match (the 计分表)
        self._status = ""
        self._phase = ""
        self._hint_i = -1
        self._tribute_caption = ""
        self._tribute_active = 0
        self._received: list[str] = []   # tribute cards this seat received this set (highlighted in the hand)
        self._tagged: list[str] = []     # cards the presenter tagged this set (升级: the bottom taken, 底)
        self._flight_guard = QTimer(self)   # a flight that never lands (screen left mid-flight) frees the bar
        self._flight_guard.setSingleShot(True)
        self._flight_guard.timeout.connect(lambda: self.tributeFlights(0))
        self._played: dict[int, int] = {}
        self._last_act: dict[int, dict[str, Any]] = {}
        self._cards_of: dict[tuple[Any, str], Any] = {}
        self._set_key: Any = None
        self._fresh_set = False
        self._rules_cache: tuple[Any, Any] = (None, None)
        self._words_memo: dict[tuple[str, str], tuple[str, str]] = {}
        self.accepted_actions = 0
        self.last_rejection: tuple[str, str] = ("", "")
        self.notices: list[tuple[str, str]] = []
        self.seat_names: list[str] = []
        self.config: dict[str, Any] = {}
        self._queued: tuple[str, list[str]] = ("", [])
        self._again: dict[str, Any] = {}   # the config of 再来一局 (the worker's, from the first snapshot)
        self._pending: list[dict[str, Any]] = []
        self._flush_armed = False
        self._held: dict[str, Any] = {}   # the next deal, shown at 下一局 (desktop/hand_end.py)
        self.net: Any = None     # a NetSession when this table is a LAN table (desktop/lan.py)
        self.lan: Any = None
        self._timeout = QTimer(self)
        self._timeout.setSingleShot(True)
        self._timeout.timeout.connect(self._on_timeout)
        app.settings.changed.connect(self._on_settings)
        self._lang.emit(self.lang())
        from desktop.review import ReviewModel
        self.review = ReviewModel(self, self)   # 复盘 of the set/hand just finished (desktop/review.py)

    # ------------------------------------------------------------------ control
    def _reset(self, game: str) -> None:
        self.pres = table_presenter(game) if game else Presenter()
        self._played = {}
        self._log = []
        self._trick = []
        self._sheet = []
        self._sheet_res = []
        self._results = {}
        self._folded = {}
        self._results_snap = {}
        self._verdict = None
        self.snap = {}
        self._held = {}
        self._active = True
        self._tribute_caption = ""
        self._tribute_active = 0
        self._received = []
        self._tagged = []
        self.flight.emit("reset", -1, -1, [], False)   # the last game's flights go with it (QML: fly.clearAll)
        QTimer.singleShot(0, memtrim.trim)   # and the memory it freed goes back to the system (glibc arenas)

    def start(self, cfg: dict[str, Any]) -> None:
        if self.net is not None:
            self.net = None
            if self.lan is not None:
                self.lan.stop()
        self.config = dict(cfg)
        self.seat_names = list(cfg.get("names") or [])
        self._reset(str(cfg.get("game") or ""))
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
        self._reset(str(snap["game"]))
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
        self._lang.emit(self.lang())
        desc = self.app.settings.get("handSort") == "desc"
        if desc != self.hand.descending:
            self.hand.descending = desc
            self.hand.set_cards(self.hand.cards())
        shown = self._results or self._folded
        if shown and shown.get("lang") != self.lang() and self._results_snap:
            late, folded = shown.get("late"), bool(self._folded)
            self._make_results(self._results_snap, sheet=False)   # the results panel in the language of now
            if folded:
                self._folded, self._results = self._results, {}
            elif late:
                self._results["late"] = True
            self.changed.emit()
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
                merged["restored_tags"] = first.get("restored_tags")
            mine = [p for p in pend if p.get("action") and p["action"].get("seat") == p["seat"]
                    and not p.get("auto_action")]
            self.accepted_actions += max(0, len(mine) - (1 if merged.get("action") in [m["action"] for m in mine]
                                                          else 0))
        self._on_snapshot(merged)

    def _on_snapshot(self, snap: dict[str, Any]) -> None:
        if self._held and not snap.get("set_over"):
            snap, self._held = hand_end.carry(self.snap, self._held, snap)
        else:
            if self.net is not None and snap.get("set_over") and self.lan is not None and self.lan.waits_for_me():
                snap = {**snap, "paused": True}   # the host waits at these results for this seat (PROTOCOL.md §4)
            split = hand_end.hold(self.snap, snap, self.pres)
            if split is not None:
                snap, self._held = split
        self.snap = snap
        self._verdict = None
        view = snap["view"]
        if (snap.get("action") is not None and snap["action"].get("seat") == snap["seat"]
                and not snap.get("auto_action")):   # a decline the table answered for the human is not his
            self.accepted_actions += 1
        key = view.get(self.pres.match_key)
        new_set = key != self._set_key and self._set_key is not None
        if key != self._set_key:
            self._set_key = key
            self._tribute_caption = ""   # a caption never outlives its set or game
            self._received = []
            self._tagged = []
            self._log = []
            self._last_act = {}
        if not view.get("trick"):
            self._last_act = {k: v for k, v in self._last_act.items() if not v.get("pass")}
        if snap.get("again"):
            self._again = dict(snap["again"])
        if snap.get("first"):
            self._played = {int(k): int(v) for k, v in (snap.get("played_init") or {}).items()}
            self._tagged = list(snap.get("restored_tags") or []) or self._tagged
        self._consume_events(snap)
        if new_set:   # a new set or hand: the last one's plays (events of this same snapshot) leave the felt
            self._fresh_set = True
            self._last_act = {}
            self._log = []
            self._cards_of = {}   # a long sitting does not keep every play ever seen
        if snap.get("judge_view") is not None and snap.get("judge") is None:
            self._prepare.emit({"key": snap.get("n_actions"), "game": snap["game"], "view": snap["judge_view"]})
        self.hand.descending = self.app.settings.get("handSort") == "desc"
        self.hand.keep_order = self.pres.keeps_hand_order
        self.hand.trumps = self.pres.hand_marks(view)
        self.hand.set_cards([] if self.pres.board else list(view.get("hand") or []))   # a board draws its own
        self.hand.set_marked(self._received)
        self._hint_i = -1
        if snap.get("set_over") or snap.get("over"):
            self._make_results(snap)
        elif (self.net is not None and self._results and not self._results.get("late")
              and int(snap.get("n_actions") or 0) > int(self._results_snap.get("n_actions") or 0)):
            # the host's table moved on to the next hand: its panel would cover the action bar, so it gives
            # way (a local table pauses at results instead); 上局结果 in the top bar shows it again
            self._folded, self._results = self._results, {}
        fixed = snap.get("fixed") or []
        if (self.net is not None and snap.get("my_turn") and len(fixed) == 1 and not snap.get("play_kinds")
                and fixed[0].get("kind") in self.pres.auto_answer_kinds):
            self.snap = {**snap, "my_turn": False}   # asked with nothing to choose (M-7 过): answered at once,
            self.net.act({"action": dict(fixed[0])})  # as the local worker does
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

    def _consume_events(self, snap: dict[str, Any]) -> None:
        me = snap["seat"]
        lang = self.lang()
        pres = self.pres
        evs = snap.get("events", [])
        # coalesced snapshots (bots faster than the GUI): only the newest plays fly; a backlog of flights kept
        # hundreds of card items alive at once
        n_play = sum(1 for ev in evs if ev.get("kind") == "play")
        skip_fly = max(0, n_play - FLY_MAX)
        for ev in evs:
            kind = ev.get("kind", "")
            d = ev.get("data", {})
            seat = d.get("seat")
            if kind == "play" and ("play" in d or "cards" in d):
                self._fresh_set = False
                text = d.get("play") or d.get("cards") or ""
                cards = d.get("cards") or text
                if pres.clears_on_lead and d.get("role") == "lead":
                    self._last_act = {}   # a trick game: the lead opens a new trick
                self._cards_of[(seat, text)] = list(cards) if isinstance(cards, list) else cards
                faces = pres.faces(cards)
                for c in faces:
                    self._played[c["rank"]] = self._played.get(c["rank"], 0) + 1
                if isinstance(seat, int):
                    desc = self._words(text)[0] + pres.play_note(d, lang)
                    self._log.append({"seat": seat, "name": self.name_of(seat), "text": desc,
                                      "mine": self.same_side(seat, me), "play": text,
                                      "note": dict(d)})   # the presenter's play_note reads it again on a language switch
                    self._last_act[seat] = {"pass": False, "text": text, "faces": faces}
                    if skip_fly > 0:
                        skip_fly -= 1
                    else:
                        self.flight.emit("play", self.pos_of(seat), -1, faces, True)
                self.sound.emit(pres.play_sound(d))
            elif kind in pres.pass_kinds and isinstance(seat, int) and snap.get("phase") == "play":
                label = i18n.action_label(kind, lang)
                self._log.append({"seat": seat, "name": self.name_of(seat), "text": label,
                                  "mine": self.same_side(seat, me), "passKind": kind})
                self._last_act[seat] = {"pass": True, "label": label, "faces": [], "passKind": kind}
                self.sound.emit("pass")
            elif kind == "shuffle_commit":  # 验证洗牌: the commitment is shown before the cards arrive
                self.message.emit(shuffle_check.commit_line(d, lang))
            elif kind in ("finish", "place"):
                self.sound.emit("finish")
            elif kind == "deal" and seat == me:
                self.flight.emit("deal", -1, 0, [], False)
                self._played = {}
                self._last_act = {}
                self._log = []
            else:
                pres.on_event(self, kind, d, snap, lang)

    # what a presenter may ask while it shows an event (desktop.games.Shows)
    def tribute_flight(self, src: Any, dst: Any, cards: list[str], n: int, label: str, me: int,
                       public: tuple[str, ...] = ()) -> None:
        if not isinstance(src, int) or not isinstance(dst, int):
            return
        known = [c for c in cards if c != "?"]
        up = bool(known) and (me in (src, dst) or any(c in public for c in known))
        if known and up:
            faces = card_faces(known) + [BACK] * (n - len(known))
        else:
            faces = [BACK] * max(1, n)
        if dst == me and known:
            self._received += known
        caption = f"{self.name_of(src)} → {self.name_of(dst)} · {label} ×{len(faces)}"   # shown while it flies
        faces = [dict(f, caption=caption) for f in faces]
        self.flight.emit("tribute", self.pos_of(src), self.pos_of(dst), faces, up)
        self.sound.emit("tribute")

    def tag_cards(self, cards: list[str]) -> None:
        self._tagged = list(cards)

    def say(self, text: str) -> None:
        self.message.emit(text)

    def fly(self, kind: str, src: int, dst: int, faces: list[dict[str, Any]], face_up: bool) -> None:
        self.flight.emit(kind, src, dst, faces, face_up)

    def ring(self, sound: str) -> None:
        self.sound.emit(sound)

    def clear_last(self) -> None:
        self._last_act = {}

    def log(self, seat: int, entry: dict[str, Any]) -> None:
        me = self.snap.get("seat")
        self._log.append({"seat": seat, "name": self.name_of(seat), "entry": dict(entry),
                          "mine": isinstance(me, int) and self.same_side(seat, me)})

    # ------------------------------------------------------------------ helpers
    def lang(self) -> str:
        return str(self.app.settings.get("language"))

    def n(self) -> int:
        return int(self.snap.get("n_seats", 0)) if self.snap else 0

    def my_seat(self) -> int:
        return int(self.snap.get("seat", 0)) if self.snap else 0

    def pos_of(self, seat: int) -> int:
        return (seat - self.my_seat()) % max(1, self.n())

    def name_of(self, seat: int) -> str:
        if 0 <= seat < len(self.seat_names) and self.seat_names[seat]:
            return self.seat_names[seat]
        if seat == self.my_seat():
            return i18n.word(self.lang(), "you")
        return i18n.word(self.lang(), "botN", seat)

    def same_side(self, a: int, b: int) -> bool:
        return self.pres.same_side(self.snap.get("view", {}), a, b)

    def describe(self, text: str) -> str:
        return self._words(text)[0]

    def _words(self, text: str) -> tuple[str, str]:
        """(description, 2-as-filler note) of a play text on the table, made once per text and language: the
        same plays are shown again on every snapshot of a round."""
        key = (text, self.lang())
        got = self._words_memo.get(key)
        if got is None:
            rules = self._rules()
            got = (self.pres.describe(text, rules, key[1]), self.pres.filler(text, rules, key[1]))
            if len(self._words_memo) > 512:
                self._words_memo.clear()
            self._words_memo[key] = got
        return got

    def _rules(self) -> Any:
        """The rules of this table (plays on the table are described with them), made once per game."""
        from engine import games
        key = (self.snap.get("game"), repr(sorted((self.snap.get("options") or {}).items())))
        if self._rules_cache[0] != key:
            try:
                rules = games.rules(str(self.snap.get("game")), self.snap.get("options") or {})
            except Exception:
                rules = games.rules(str(self.snap.get("game")),
                                    {k: v for k, v in (self.snap.get("options") or {}).items() if k != "preset"})
            self._rules_cache = (key, rules)
            self._words_memo = {}
        return self._rules_cache[1]

    def trick_rows(self) -> list[dict[str, Any]]:
        return list(self._trick)

    # ------------------------------------------------------------------ derived state for QML
    def _rebuild(self) -> None:
        if not self.snap:
            return
        s = i18n.strings(self.lang())
        lang = self.lang()
        pres = self.pres
        view = self.snap["view"]
        self.hand.set_tags(self._tagged, pres.hand_tag(view, self.my_seat(), lang))   # e.g. 底 while burying
        n = self.n()
        me = self.my_seat()
        to_act = self.snap.get("to_act")
        counts = view.get("counts") or [None] * n
        places = _places(view)
        if not places and view.get("phase") != "play" and view.get("set_results"):
            places = _places({"places": view["set_results"][-1].get("places")})  # SPEC §5: previous places
        trick = [] if self._fresh_set else [t for t in (view.get("trick") or []) if t.get("play") or t.get("cards")]
        best = pres.trick_top(view)   # a trick game marks the winning play, not the newest
        top_seat = best if best is not None else trick[-1].get("seat") if trick else None
        spots = pres.plate_places(n)
        seats = []
        for pos in range(n):
            seat = (me + pos) % n
            d = (seat - me) % n
            cnt = counts[seat] if seat < len(counts) else None
            place = places.get(seat)
            last = self._last_act.get(seat)
            if last is not None:
                last = dict(last, top=(seat == top_seat and not last.get("pass")))
                if last.get("passKind"):   # worded in the language of now, not of when it was played
                    last["label"] = i18n.action_label(str(last["passKind"]), lang)
            px, py, lx, ly = spots[pos]
            row = {
                "seat": seat, "pos": pos, "name": self.name_of(seat), "team": pres.side(view, seat, me),
                "relation": pres.relation(d, n, s), "count": -1 if cnt is None else int(cnt),
                "report": cnt is not None and 0 < int(cnt) <= 10,
                "place": "" if place is None else pres.place_name(place, n, lang),
                "placeNo": place if place is not None else -1,
                "finished": cnt == 0 and place is not None, "turn": to_act == seat,
                "last": last, "badges": pres.badges(view, seat, me, s, lang), "me": seat == me,
                "shownCard": None, "px": px, "py": py, "lx": lx, "ly": ly,
            }
            row.update(pres.seat_extras(view, seat, d, lang))
            row.update(self.lan.seat_status(seat) if self.net is not None and self.lan is not None
                       else {"dropped": False, "dropUntil": 0})   # LAN: 掉线 and the grace left
            seats.append(row)
        self._seats = seats
        self.seat_model.set_rows(seats)
        self._trick = []
        for i, t in enumerate(trick):
            seat = t.get("seat", 0)
            text = t.get("play") or t.get("cards") or ""
            cards = t.get("cards") or self._cards_of.get((seat, text), text)
            desc, filler = self._words(text)
            top = i == len(trick) - 1 if best is None else seat == best
            self._trick.append({"seat": seat, "name": self.name_of(seat), "faces": pres.faces(cards),
                                "text": desc, "top": top, "badge": pres.trick_badge(t, lang),
                                "filler": filler})
        self.trick_model.set_rows(self._trick)
        shown = self._log[-self.pres.log_shown:]
        lit = pres.log_lit(view, [r.get("entry") for r in shown])
        self.log_model.set_rows([dict(self._in_lang(r, lang), lit=i == lit) for i, r in enumerate(shown)])
        self._phase = str(self.snap.get("phase", ""))
        if self.snap.get("over"):
            self._status = s["gameOver"]
        elif self._hand_over():
            self._status = ""   # the results speak; nobody is waited for on the ended board
        elif self.snap.get("my_turn"):
            self._status = s["yourTurn"]
        elif self.lan is not None and self.net is not None and self.lan.waiting_for():
            names = i18n.pick(i18n.lang_of(s), "、", ", ").join(self.name_of(x) for x in self.lan.waiting_for())
            self._status = s["atResults"].replace("%1", names)   # the host's bots wait for them (PROTOCOL.md §4)
        elif isinstance(to_act, int):
            self._status = s["waiting"].replace("%1", self.name_of(to_act))
        else:
            self._status = s["waitingOthers"]   # the view does not say who is asked (a sealed round)
        self._build_actions()
        self._tribute_caption = pres.prompt(view, me, self.name_of, lang)   # the decision at hand, from the view
        self._tracker = pres.tracker(view, self._played, self.snap.get("options") or {})
        self._board = pres.board_view(view, self.snap, lang, self.name_of)
        self._check_selection()
        self.changed.emit()

    def _in_lang(self, row: dict[str, Any], lang: str) -> dict[str, Any]:
        """A round-log line in the current language: it keeps what happened, not the words of the moment."""
        seat = int(row["seat"])
        if row.get("entry") is not None:
            text = self.pres.log_text(row["entry"], lang)
        elif row.get("passKind"):
            text = i18n.action_label(str(row["passKind"]), lang)
        elif row.get("play") is not None:
            text = self._words(str(row["play"]))[0] + self.pres.play_note(row.get("note") or {}, lang)
        else:
            text = str(row.get("text", ""))
        return {"seat": seat, "name": self.name_of(seat), "text": text, "mine": row.get("mine", False),
                "tone": str((row.get("entry") or {}).get("tone", ""))}

    def _build_actions(self) -> None:
        snap = self.snap
        lang = self.lang()
        acts: list[dict[str, Any]] = []
        if snap.get("my_turn"):
            kinds_seen: dict[str, dict[str, Any]] = {}
            for a in snap.get("fixed", []):
                k = a["kind"]
                arg = a.get("arg")
                if ((self.pres.is_card_arg(arg) or k in self.pres.choice_kinds) and k != "call"
                        and k not in self.pres.button_kinds):
                    e = kinds_seen.setdefault(k, {"kind": k, "label": self.pres.action_label(k, None, lang)
                                                  or i18n.action_label(k, lang),
                                                  "cardArg": True, "args": [], "arg": ""})
                    e["args"].append(arg)
                else:
                    label = i18n.action_label(k, lang, str(snap.get("phase", "")))
                    if arg is not None:
                        label += " " + (card_label(str(arg)) if is_card(arg) else arg_label(str(arg)))
                    label = self.pres.action_label(k, arg, lang) or label
                    acts.append({"kind": k, "arg": "" if arg is None else str(arg), "label": label,
                                 "cardArg": False, "args": []})
            acts.extend(kinds_seen.values())
            for k in snap.get("play_kinds", []):
                acts.append({"kind": k, "arg": "", "label": self.pres.action_label(k, None, lang)
                             or i18n.action_label(k, lang), "cardArg": False,
                             "args": [], "needsCards": True})
            if snap.get("hints") or any(a.get("cardArg") for a in acts):
                picking = not snap.get("hints") or snap.get("phase") in self.pres.auto_pick_phases   # 自动选择
                acts.append({"kind": "hint", "arg": "", "label": i18n.strings(lang)["autoPick" if picking else "hint"],
                             "cardArg": False, "args": []})
        for a in acts:
            a["key"] = KEYS.get(a["kind"], "")
            a["primary"] = a["kind"] in ("play", "accept", "give", "call", "bury", "declare", "exchange")
            a["danger"] = a["kind"] in ("burn", "revolt")
            a["enabled"] = not a.get("needsCards") and not a.get("cardArg")
            a["objectName"] = f"act_{a['kind']}" + (f"_{a['arg']}" if a.get("arg") else "")
        acts.sort(key=lambda a: ORDER.index(a["kind"]) if a["kind"] in ORDER else 3)
        self._actions = self._slotted(acts)

    def _slotted(self, acts: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The presenter's fixed slots of this phase come first, in their order, a kind that is not legal now
        as a dimmed placeholder; then any other legal kind. Widths are fixed per kind, so a button's place
        depends on the phase only, never on the selection or on which actions are legal this turn."""
        if not acts:
            return acts
        slots = tuple(self.pres.bar_slots.get(str(self.snap.get("phase", "")), ()))
        lang = self.lang()
        by_kind = {a["kind"]: a for a in acts}
        out = [by_kind.get(k) or {"kind": k, "arg": "", "label": i18n.strings(lang)["hint"] if k == "hint"
                                  else i18n.action_label(k, lang), "cardArg": False, "args": [], "absent": True,
                                  "key": KEYS.get(k, ""), "primary": k == "play", "danger": k == "burn",
                                  "enabled": False, "objectName": f"act_{k}"} for k in slots]
        out += [a for a in acts if a["kind"] not in slots]
        for i, a in enumerate(out):
            a["width"] = WIDTHS.get(a["kind"], 120)
            a["gap"] = 0 if i == 0 else 24 if "hint" in (a["kind"], out[i - 1]["kind"]) else 10
        return out

    def _make_results(self, snap: dict[str, Any], sheet: bool = True) -> None:
        n = snap["n_seats"]
        lang = self.lang()
        st = i18n.strings(lang)
        pres = self.pres
        res = pres.result_data(snap.get("events", []))
        if res is None:
            return
        places = _places({"places": res.get("places")})
        scores = list(pres.results_scores(res) or res.get("scores") or [None] * n)
        totals = list(res.get("totals") or snap.get("totals") or [0] * n)
        tributes, extra = pres.results_extra(res, lang, self.name_of)
        opts = _resolved_options(snap)
        rows = []
        for seat in range(n):
            p = places.get(seat)
            rows.append({"seat": seat, "name": self.name_of(seat),
                         "place": pres.place_name(p, n, lang) if p is not None else "",
                         "placeNo": p if p is not None else 99,
                         "score": scores[seat] if seat < len(scores) and scores[seat] is not None else "",
                         "total": totals[seat] if seat < len(totals) else 0,
                         "points": pres.result_points(res, seat, opts),
                         "mine": self.same_side(seat, snap["seat"])})
        rows.sort(key=lambda r: r["placeNo"])
        if snap.get("over") or snap.get("set_over"):   # a set's states, searches and flights are freed by now
            QTimer.singleShot(1500, memtrim.trim)
        self._results_snap, self._folded = snap, {}
        self._results = {"rows": rows, "tributes": tributes, "over": bool(snap.get("over")), "extra": extra,
                         "heading": st.get(pres.results_heading, pres.results_heading),
                         "title": st["gameOver"] if snap.get("over") else pres.results_title(st),
                         "shuffle": shuffle_check.panel(snap.get("shuffle") or [], lang, st),
                         "detail": pres.results_detail_rows(res, lang, self.name_of), "detailUrl": pres.results_detail,
                         "sum": pres.results_sum(res, int(snap["seat"]), opts, lang), "lang": lang}
        if not sheet:
            return
        self._sheet_res.append({**res, "_opts": opts})
        self._sheet.append({"set": res.get("set_no", res.get("hand_no", len(self._sheet) + 1)),
                            "scores": [scores[i] if i < len(scores) else "" for i in range(n)],
                            "totals": totals})
        self.resultsReady.emit()

    # ------------------------------------------------------------------ selection legality (engine decides)
    def _check_selection(self) -> None:
        """A new selection: card-argument choices (还贡) are judged from the offered list at once; a play is
        sent to the worker, whose engine verdict arrives in ``_on_judged`` (the GUI never waits for it)."""
        cards = self.hand.selected_cards()
        info: dict[str, Any] = {"count": len(cards), "legal": False, "text": "", "reason": "", "rule": "",
                                "kinds": []}
        snap = self.snap
        card_kind = next((a for a in self._actions if a.get("cardArg")), None)
        self._serial += 1
        self.wt.worker.latest_judge = self._serial
        if cards and card_kind is not None and not snap.get("play_kinds"):
            ok = self.pres.choice_ok(cards, card_kind["args"])
            info.update(legal=ok, kinds=[], desc=card_kind["label"])
            if not ok:
                info.update(reason=i18n.word(self.lang(), "cardNotAllowed", card_kind["label"]))
        elif cards and snap.get("my_turn") and snap.get("play_kinds"):
            v = self._verdict if self._verdict and sorted(self._verdict.get("cards") or []) == sorted(cards) else None
            if v is None:
                v = next((h for h in snap.get("hints") or [] if sorted(h["cards"]) == sorted(cards)), None)
            if v is None and snap.get("judge") is not None:
                from desktop.worker import verdict
                v = verdict(snap["judge"], self.my_seat(), cards, list(snap["play_kinds"]), self.pres)
            if v is not None:
                self._verdict = v
                info.update(self._verdict_info(v))
            else:
                info["pending"] = True
                req: dict[str, Any] = {"serial": self._serial, "gen": snap.get("gen"), "cards": cards,
                                       "n_actions": snap.get("n_actions"), "kinds": list(snap["play_kinds"])}
                if snap.get("judge_view") is not None:
                    req.update(view=snap["judge_view"], game=snap["game"], key=snap.get("n_actions"))
                self._judge.emit(req)
        self._sel = info
        self._show_selection()

    def _on_judge_ready(self, d: dict[str, Any]) -> None:
        if self.snap.get("judge_view") is not None and d.get("key") == self.snap.get("n_actions"):
            self.snap["judge"] = d.get("judge")
            if self._sel.get("pending"):
                self._check_selection()

    def _verdict_info(self, v: dict[str, Any]) -> dict[str, Any]:
        lang = self.lang()
        if v.get("kinds"):
            return {"legal": True, "kinds": list(v["kinds"]), "reason": "", "rule": "",
                    "desc": i18n.pick(lang, v.get("desc_zh", ""), v.get("desc_en", "")), "pending": False}
        reason = i18n.pick(lang, v.get("zh"), v.get("en")) or i18n.strings(lang).get("illegal", "illegal")
        return {"legal": False, "kinds": [], "reason": reason, "rule": v.get("rule", ""), "pending": False}

    def _on_judged(self, v: dict[str, Any]) -> None:
        if v.get("serial") != self._serial or sorted(v.get("cards") or []) != sorted(self.hand.selected_cards()):
            return   # an answer for a selection that has changed since
        self._verdict = v
        self._sel.update(self._verdict_info(v))
        self._show_selection()

    def _show_selection(self) -> None:
        info = self._sel
        cards = self.hand.selected_cards()
        s = i18n.strings(self.lang())
        card_kind = next((a for a in self._actions if a.get("cardArg")), None)
        goal = self.pres.card_goal(self.snap.get("view") or {}, self.my_seat()) if card_kind is not None else 0
        if goal and card_kind is not None and not self.snap.get("play_kinds"):   # 还贡：已选 n/N 张
            head = s["selectedOf"].replace("%1", str(len(cards))).replace("%2", str(goal))
            info["legal"] = info["legal"] and len(cards) == goal
            info["text"] = f"{card_kind['label']}：{head}" + (" ✓" if info["legal"] else "")
            if info["reason"]:
                info["text"] += f" · {info['reason']}"
        elif cards:
            head = s["selected"].replace("%1", str(len(cards)))
            if info["legal"] and card_kind is not None and not self.snap.get("play_kinds"):
                info["text"] = f"{info['desc']} · {head} ✓"
            elif info["legal"]:
                info["text"] = f"{head} · {info['desc']} {s['canPlay']}"
            elif info["reason"]:
                info["text"] = f"{head} · {info['reason']}" + (f" ({s['ruleRef'].replace('%1', info['rule'])})"
                                                                if info["rule"] else "")
            else:
                info["text"] = head
        for a in self._actions:   # enable the buttons that depend on the selection
            if a.get("absent"):
                continue
            if a.get("needsCards"):
                a["enabled"] = a["kind"] in info.get("kinds", [])
            elif a.get("cardArg"):
                a["enabled"] = (len(cards) == goal if goal else len(cards) >= 1) and self.pres.choice_ok(cards, a["args"])
        self.selChanged.emit()

    # ------------------------------------------------------------------ QML slots
    @Slot(str, str)
    def act(self, kind: str, arg: str) -> None:
        snap = self.snap
        if not snap.get("my_turn") or self._tribute_active > 0:   # the prompt waits for the flight it follows
            return
        if kind == "hint":
            self.hint()
            return
        cards = self.hand.selected_cards()
        play: dict[str, Any] | None = None
        if kind in snap.get("play_kinds", []):
            if self._sel.get("pending") and self.net is None:
                play = {"gen": snap["gen"], "n_actions": snap.get("n_actions"), "cards": cards, "kind": kind}
            elif kind not in self._sel.get("kinds", []) or self._verdict is None:
                self.message.emit(self._sel.get("text") or s_or(self.lang(), "illegal"))
                return
            elif self.net is None:
                v = self._verdict
                play = {"gen": snap["gen"], "n_actions": snap.get("n_actions"), "cards": cards, "kind": kind,
                        "action": (v.get("_actions") or {}).get(kind), "json": None}
                if play["action"] is None and snap.get("judge") is None and "serial" not in v:
                    play["json"] = v["actions"][kind]   # a hint
            msg = dict(self._verdict["actions"][kind]) if self._verdict and kind in self._verdict["actions"] else {}
        else:
            a = next((a for a in self._actions if a["kind"] == kind and not a.get("absent")), None)
            if a is None:
                return
            if a.get("cardArg"):
                picks = self.pres.choice_args(cards, a["args"])
                if not picks:
                    return
                msg = {"seat": self.my_seat(), "kind": kind, "arg": picks[0]}
                self._queued = (kind, picks[1:])   # e.g. 还贡 of two cards: one action each
            else:
                msg = {"seat": self.my_seat(), "kind": kind}
                if arg:
                    msg["arg"] = arg
        v = self._verdict or {}
        text = (v.get("actions") or {}).get(kind, {}).get("play")
        if isinstance(text, str) and v.get("desc_zh"):   # the play's words came with the verdict
            for lg in ("zh", "en"):
                self._words_memo[(text, lg)] = (v.get(f"desc_{lg}", ""), v.get(f"filler_{lg}", ""))
        self.snap = {**snap, "my_turn": False}
        self._actions = []
        self.hand.clearSelection()
        self.changed.emit()
        self._timeout.stop()
        if self.net is not None:
            self.net.act({"action": msg})
        elif play is not None:
            self._act_cards.emit(play)
        else:
            self._act.emit({"gen": snap["gen"], "action": msg})

    @Slot(str, str)
    def submit(self, kind: str, arg: str) -> None:
        """Send an action as the player chose it on a game's own board (a tile clicked), offered or not: the
        engine accepts it or refuses it with the rule id, which comes back as a message (never a silent no)."""
        if not self.snap.get("my_turn"):
            return
        if any(a["kind"] == kind and a.get("arg", "") == arg for a in self._actions):
            self.act(kind, arg)
            return
        msg: dict[str, Any] = {"seat": self.my_seat(), "kind": kind}
        if arg:
            msg["arg"] = arg
        if self.net is not None:
            self.net.act({"action": msg})
        else:
            self._act.emit({"gen": self.snap["gen"], "action": msg})

    @Slot()
    def playSelected(self) -> None:
        kinds = self._sel.get("kinds", [])
        if "play" in kinds:
            self.act("play", "")
        elif kinds:
            self.act(kinds[0], "")
        elif self._sel.get("pending") and "play" in self.snap.get("play_kinds", []):
            self.act("play", "")   # judged on the worker when it gets there (a refusal comes back with its rule)
        else:
            self.message.emit(self._sel.get("text") or s_or(self.lang(), "illegal"))

    @Slot(str)
    def playSelectedAs(self, kind: str) -> None:
        if kind in self._sel.get("kinds", []):
            self.act(kind, "")

    @Slot()
    def passTurn(self) -> None:
        for k in ("pass", "decline"):
            if any(a["kind"] == k and not a.get("absent") for a in self._actions):
                self.act(k, "")
                return

    @Slot()
    def hint(self) -> None:
        hints = self.snap.get("hints") or []
        sug = self.snap.get("suggest")
        card_kind = next((a for a in self._actions if a.get("cardArg")), None)
        if not hints and card_kind is not None:   # 自动选择: the bot's card, then the first offered, N in all
            goal = self.pres.card_goal(self.snap.get("view") or {}, self.my_seat())
            arg = str(sug.get("arg")) if sug and is_card(sug.get("arg")) else ""
            self.hand.select_cards(self.pres.auto_pick(list(card_kind["args"]), arg, goal))
            return
        if not hints:
            return
        self._hint_i = (self._hint_i + 1) % len(hints)
        h = hints[self._hint_i]
        keep = self._hint_i
        self._verdict = h   # a hint is a legal action the worker judged already
        self.hand.select_cards(list(h["cards"]))
        self._hint_i = keep

    @Slot(int)
    def askCount(self, seat: int) -> None:
        """报户 (G-69): ask another seat how many cards it holds."""
        if self.snap and self.pres.can_ask and seat != self.my_seat():
            if self.net is None:
                self._ask.emit(seat)
            else:
                self.net.ask(seat)   # the same free action, judged by the host's engine

    @Slot(bool)
    def setAuto(self, on: bool) -> None:
        if self.net is None:
            self._auto.emit(self.my_seat(), on)
        else:
            self.net.set_auto(on)   # the host's bot plays a LAN seat: the host switches it (PROTOCOL.md §5)

    @Slot()
    def nextSet(self) -> None:
        if self._results.get("late"):   # last hand's results, looked at again: put aside, still reachable
            self._folded = self._results
        self._results = {}
        self.changed.emit()
        held, self._held = self._held, {}
        if held:
            self._on_snapshot(held)
        if self.net is None:
            self._resume.emit()
        else:
            self.net.next_hand()   # the host waits at the results for this seat until told (PROTOCOL.md §4)

    def results_gave_way(self) -> None:
        """A LAN host's wait at the results ran out (PROTOCOL.md §4): the next deal shows, and the results step
        aside as they do at a table that does not wait (上局结果 shows them again)."""
        if not self._held:
            return
        if self._results and not self._results.get("late"):
            self._folded, self._results = self._results, {}
        held, self._held = self._held, {}
        self._on_snapshot(held)

    @Slot()
    def showLastResults(self) -> None:
        """上局结果: the results a LAN table put aside when the next hand began, shown again (Close hides them)."""
        if self._folded:
            self._results, self._folded = {**self._folded, "late": True}, {}
            self.changed.emit()

    def refresh(self) -> None:
        """Show again what the table shows (the LAN seat list changed: a drop, a return, 托管)."""
        if self._active and self.snap:
            self._rebuild()

    @Slot()
    def leaveTable(self) -> None:
        """Leave a LAN table (asked first, ui/LeaveConfirm.qml): the host's bot plays the seat (托管) and the
        seat's token still brings the player back (PROTOCOL.md §8)."""
        if self.net is None:
            return
        self.net = None
        if self.lan is not None:
            self.lan.stop()
        self._active = False
        self._timeout.stop()
        self.changed.emit()

    @Slot()
    def playAgain(self) -> None:
        """再来一局: a new match with the same seats, rules and length and a new seed (a local table); what
        the finished match hands on (the spec's ``carry_over``) goes with it."""
        again = (self.snap or {}).get("again") or self._again
        if self.net is None and again:
            self.start({**again, "seed": None, "carry": True})

    @Slot(int)
    def tributeFlights(self, n: int) -> None:
        self._tribute_active = max(0, n)
        if self._tribute_active:
            self._flight_guard.start(10000)
        else:
            self._flight_guard.stop()
        self.changed.emit()

    def turn_secs(self) -> int:
        """The move timer of this table in seconds (the turn timer plus the grace), 0 for none. A LAN table
        follows the host's table (its timer, counted and enforced by the host): a guest's own setting never
        runs a countdown there."""
        if self.net is not None:
            return self.lan.turn_timer() if self.lan is not None else 0
        if self.config.get("no_timeout"):
            return 0
        return move_timer(self.app.settings)

    def _arm_timer(self) -> None:
        self._timeout.stop()
        secs = self.turn_secs()
        if self.snap.get("my_turn") and secs > 0 and self.net is None:   # (LAN: the host's timer switches 托管)
            self._timeout.start(secs * 1000)

    def _on_timeout(self) -> None:
        """The move timer ran out: the one thing it does, in every phase, is switch on 托管 for this seat and
        say so (README, "Playing"); the banner, the 托管 button or the pill over any screen takes it back."""
        if self.snap.get("my_turn") and not self.snap.get("auto"):
            self.setAuto(True)
            self.message.emit(s_or(self.lang(), "timeoutAuto"))

    # ------------------------------------------------------------------ properties
    def _g_active(self) -> bool:
        return self._active

    def _g_seats(self) -> list[dict[str, Any]]:
        return self._seats

    def _g_top(self) -> dict[str, Any]:
        return next((t for t in reversed(self._trick) if t.get("top")), {})

    def _g_seat_model(self) -> RowsModel:
        return self.seat_model

    def _g_trick_model(self) -> RowsModel:
        return self.trick_model

    def _g_log_model(self) -> RowsModel:
        return self.log_model

    def _g_actions(self) -> list[dict[str, Any]]:
        return [] if self._tribute_active > 0 else self._actions

    def _g_enabled(self) -> list[str]:
        return [a["objectName"] for a in self._actions if a.get("enabled")]

    def _g_sel(self) -> dict[str, Any]:
        return self._sel

    def _g_tracker(self) -> list[dict[str, Any]]:
        return self._tracker

    def _g_board(self) -> dict[str, Any]:
        return self._board

    def _g_board_url(self) -> str:
        return self.pres.board

    def _g_results(self) -> dict[str, Any]:
        return self._results

    def _g_has_last(self) -> bool:
        return bool(self._folded)

    def _g_sheet(self) -> list[dict[str, Any]]:
        return self._sheet

    def _g_sheet_view(self) -> dict[str, Any]:
        """The 计分表 panel, built in the language of now from the match's results (the presenter's ``sheet``)."""
        res = self._sheet_res
        opts = res[-1].get("_opts") or {} if res else {}
        return self.pres.sheet(res, self.my_seat(), self.n(), opts, self.lang(), self.name_of)

    def _g_status(self) -> str:
        return self._status

    def _g_phase(self) -> str:
        return self._phase

    def _g_game(self) -> str:
        return str(self.snap.get("game", self.config.get("game", "")))

    def _g_title(self) -> str:
        return self.pres.title(self.lang())

    def _g_rules_label(self) -> str:
        return self.pres.rules_title(_resolved_options(self.snap), self.lang()) if self.snap else ""

    def _g_felt_text(self) -> str:
        return " ".join(self.pres.title_zh)   # the watermark on the felt is always the Chinese name

    def _g_glyph(self) -> str:
        return self.pres.glyph

    def _g_felt(self) -> str:
        return self.pres.felt

    def _g_next_label(self) -> str:
        return self.pres.next_label(i18n.strings(self.lang()))

    def _g_places(self) -> list[dict[str, float]]:
        return [{"px": p[0], "py": p[1], "lx": p[2], "ly": p[3]} for p in self.pres.plate_places(self.n())] if self.n() else []

    def _g_steps(self) -> bool:
        return self.pres.tribute_steps

    def _g_nseats(self) -> int:
        return self.n()

    def _g_myturn(self) -> bool:
        return bool(self.snap.get("my_turn"))

    def _g_auto(self) -> bool:
        return bool(self.snap.get("auto"))

    def _g_turn_secs(self) -> int:
        return self.turn_secs()

    def _g_over(self) -> bool:
        return bool(self.snap.get("over"))

    def _g_is_lan(self) -> bool:
        return self.net is not None

    def _g_ended_board(self) -> bool:
        """Whether the felt shows the board the results are about (看牌桌 can show it): always at a local table;
        at a LAN table while the host waits at the results for this seat, or at the end of the match."""
        return self.net is None or bool(self._held) or bool(self.snap.get("over"))

    def _g_results_until(self) -> float:
        """When the LAN host's wait at these results runs out (epoch ms, a float: an int property is 32 bits; 0: no
        wait counts down)."""
        return float(self.lan.results_until()) if self.net is not None and self.lan is not None and self._held else 0

    def _g_can_again(self) -> bool:
        return self.net is None and bool(self._again)

    def _g_setlabel(self) -> str:
        return self.pres.match_label(self.snap, i18n.strings(self.lang()), self.name_of) if self.snap else ""

    def _g_score(self) -> dict[str, Any]:
        return self.pres.top_score(self.snap.get("view") or {}, list(self.snap.get("totals") or []), self.my_seat(),
                                   self.name_of, self.lang())

    def _g_panel(self) -> str:
        return self.pres.panel

    def _g_info(self) -> dict[str, Any]:
        return self.pres.info(self.snap, self.lang(), self.name_of) if self.snap else {}

    def _g_caption(self) -> str:
        return self._tribute_caption

    def _g_tribute(self) -> int:
        return self._tribute_active

    def _hand_over(self) -> bool:
        """The felt shows a hand that is over: its results, or its board while the next deal is held."""
        return bool(self.snap.get("set_over") or self._held)

    def _g_phase_label(self) -> str:
        if self._hand_over():
            return ""   # no phase of play is under way on an ended hand's board (the results speak)
        s = i18n.strings(self.lang())
        return s.get("phase_" + self._phase, self._phase)

    # 新手讲解 (desktop/tutor.py): the tutor's line at the human's decision, the first-game walkthrough
    def _g_tutor_line(self) -> str:
        return tutor_mode.line_for(self.app.settings, self.snap, self.lang())

    def _g_tutor_cards(self) -> list[dict[str, str]]:
        return tutor_mode.cards_for(self._g_game(), self.lang())

    def _g_tutor_due(self) -> bool:
        return self._active and tutor_mode.due(self.app.settings, self._g_game())

    @Slot()
    def tutorCardsSeen(self) -> None:
        tutor_mode.mark_seen(self.app.settings, self._g_game())

    def _g_review(self) -> QObject:
        return self.review

    reviewModel = Property(QObject, _g_review, constant=True)
    tutorLine = Property(str, _g_tutor_line, notify=changed)
    tutorCards = Property(list, _g_tutor_cards, notify=changed)
    tutorDue = Property(bool, _g_tutor_due, notify=changed)

    active = Property(bool, _g_active, notify=changed)
    seats = Property(list, _g_seats, notify=changed)   # the seat rows (Python side; QML: seatModel)
    seatModel = Property(QObject, _g_seat_model, constant=True)
    trickModel = Property(QObject, _g_trick_model, constant=True)
    logModel = Property(QObject, _g_log_model, constant=True)
    topPlay = Property(dict, _g_top, notify=changed)
    # the buttons are rebuilt per snapshot only; a selection changes just which of them are enabled, so a
    # sweep over the hand never recreates the action bar (it did, once per card)
    actions = Property(list, _g_actions, notify=changed)
    enabledActs = Property(list, _g_enabled, notify=selChanged)
    selection = Property(dict, _g_sel, notify=selChanged)
    tracker = Property(list, _g_tracker, notify=changed)
    board = Property(dict, _g_board, notify=changed)       # the game's own board (desktop.games board_view)
    boardUrl = Property(str, _g_board_url, notify=changed)
    results = Property(dict, _g_results, notify=changed)
    scoreSheet = Property(list, _g_sheet, notify=changed)
    hasLastResults = Property(bool, _g_has_last, notify=changed)
    sheetView = Property(dict, _g_sheet_view, notify=changed)   # ui/ScoreSheet.qml
    status = Property(str, _g_status, notify=changed)
    phase = Property(str, _g_phase, notify=changed)
    phaseLabel = Property(str, _g_phase_label, notify=changed)
    rulesLabel = Property(str, _g_rules_label, notify=changed)
    game = Property(str, _g_game, notify=changed)
    gameTitle = Property(str, _g_title, notify=changed)
    gameGlyph = Property(str, _g_glyph, notify=changed)
    feltText = Property(str, _g_felt_text, notify=changed)
    felt = Property(str, _g_felt, notify=changed)
    nextLabel = Property(str, _g_next_label, notify=changed)
    nSeats = Property(int, _g_nseats, notify=changed)
    places = Property(list, _g_places, notify=changed)   # per position: plate corner, last-play spot
    tributeSteps = Property(bool, _g_steps, notify=changed)
    myTurn = Property(bool, _g_myturn, notify=changed)
    autoPlay = Property(bool, _g_auto, notify=changed)
    over = Property(bool, _g_over, notify=changed)
    isLan = Property(bool, _g_is_lan, notify=changed)
    endedBoard = Property(bool, _g_ended_board, notify=changed)
    resultsUntil = Property(float, _g_results_until, notify=changed)
    canPlayAgain = Property(bool, _g_can_again, notify=changed)
    turnSecs = Property(int, _g_turn_secs, notify=changed)   # the countdown from which 托管 starts, 0 for none
    setLabel = Property(str, _g_setlabel, notify=changed)
    score = Property(dict, _g_score, notify=changed)
    tributeCaption = Property(str, _g_caption, notify=changed)
    tributeActive = Property(int, _g_tribute, notify=changed)
    gamePanel = Property(str, _g_panel, notify=changed)   # the game's own QML panel (ui/), "" for none
    gameInfo = Property(dict, _g_info, notify=changed)    # what that panel shows (the presenter's ``info``)


def move_timer(settings: Any) -> int:
    """The move timer the player's settings give a table he runs (his own, or one he hosts on the LAN):
    出牌计时 plus 托管宽限, in seconds; 0 for none."""
    secs = int(settings.get("turnTimer"))
    return secs + max(0, int(settings.get("grace"))) if secs > 0 else 0


def s_or(lang: str, key: str) -> str:
    return i18n.strings(lang).get(key, key)


def _places(view: dict[str, Any]) -> dict[int, int]:
    """seat -> 0-based place, from the view header's per-seat ``places`` (1-based or None)."""
    v = view.get("places")
    if isinstance(v, dict):   # an older save's results event: {"seat": place}
        return {int(k): int(p) - 1 for k, p in v.items() if isinstance(p, int)}
    if isinstance(v, list):
        return {i: int(p) - 1 for i, p in enumerate(v) if isinstance(p, int)}
    return {}
