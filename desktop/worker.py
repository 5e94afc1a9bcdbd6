"""The game worker: owns the engine State on its own QThread, runs the bots, saves the log, judges selections.

The GUI talks to it only through queued signals and gets immutable snapshots back (plain dicts built here).
A selection is judged here, by the engine (``state.action_for_cards``), and the verdict keeps the action it
made: pressing Enter then applies that very action (no second parse, no second check). At a LAN table the
real State is on the host; the worker judges against a State made from this seat's view (the presenter's
``judge_state``) and the host still decides. The GUI thread never waits for the engine.
"""

from __future__ import annotations

import copy
import random
import traceback
from typing import Any

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from desktop import bots, i18n, shuffle_check, store
from desktop.games import Presenter, presenter
from engine.api import hand_key


def verdict(state: Any, seat: int, cards: list[str], kinds: list[str], pres: Presenter) -> dict[str, Any]:
    """The engine's judgment of selected ``cards`` for each of ``kinds``: the actions it accepts (as JSON and
    as Action objects under ``_actions``), else the first refusal (rule id, both languages), and the play in
    words in both languages."""
    from engine.api import Refusal
    out: dict[str, Any] = {"cards": list(cards), "kinds": [], "actions": {}, "rule": "", "en": "", "zh": "",
                           "desc_zh": "", "desc_en": "", "_actions": {}}
    first: Refusal | None = None
    for kind in kinds:
        r = state.action_for_cards(seat, cards, kind)
        if isinstance(r, Refusal):
            first = first or r
            continue
        if r.kind in out["_actions"]:   # e.g. a play that is a burn in the burn window
            continue
        out["kinds"].append(kind)
        out["actions"][kind] = r.to_json()
        out["_actions"][kind] = r
        if not out["desc_zh"] and r.play is not None:
            out.update(_words(pres, r.play))
    if not out["kinds"] and first is not None:
        out.update(rule=first.rule, en=first.en, zh=first.zh or first.en)
    return out


def make_judge(pres: Presenter, view: dict[str, Any]) -> Any:
    """The State a turn's selections are judged on: made from this seat's view alone (other hands made up, so
    no hidden card reaches the GUI thread), owned by one snapshot, queried only through ``action_for_cards``.
    ``None`` when the game cannot make one: then the worker judges each selection (``GameWorker.judge``)."""
    try:
        return pres.judge_state(view)
    except Exception:
        return None


def hint_rows(pres: Presenter, hand: list[str], hints: list[Any]) -> list[dict[str, Any]]:
    """Hints as the GUI selects them: the cards, and the verdict (a hint is a legal action, judged already)."""
    out = []
    for a in hints:
        cards = pres.hint_cards(hand, a)
        if not cards:
            continue
        j = a.to_json()
        out.append({**j, "cards": cards, "kinds": [a.kind], "actions": {a.kind: j},
                    **(_words(pres, a.play) if a.play is not None else {"desc_zh": "", "desc_en": ""})})
    return out


def _words(pres: Presenter, play: Any) -> dict[str, str]:
    """A play in words in both languages, from the parsed play (the GUI shows it without parsing again)."""
    return {"desc_zh": pres.describe_play(play, "zh"), "desc_en": pres.describe_play(play, "en"),
            "filler_zh": pres.filler_play(play, "zh"), "filler_en": pres.filler_play(play, "en")}


def match_kwargs(cfg: dict[str, Any]) -> dict[str, Any]:
    """The state keywords that set a match's length, from the game's spec (its ``table_match``, else its
    ``match_default``) unless ``cfg`` names one — one place for a local table and a hosted LAN one."""
    from engine import games
    spec = games.spec(cfg["game"])
    if not spec.match_kwarg:
        return {}
    return {spec.match_kwarg: int(cfg.get(spec.match_kwarg, games.table_match(cfg["game"])))}


def table_hints(pres: Presenter, game: str, view: dict[str, Any], legal: Any,
                plays: list[Any] | None = None) -> tuple[list[Any], dict[str, Any] | None]:
    """(hint actions, a suggested non-play action or None) for the seat to act — the one path for local and
    LAN tables: a fresh level-2 bot (seeded alike, so the hint depends on the view alone) chooses on the
    seat's scrubbed view, its play first, then the presenter's hint order over ``plays`` (the hint pool).
    ``legal``: the lazy set (local) or the list the host sent (LAN); a game whose set is too large to list
    (``pres.lazy_legal``) hands the bot the set itself. A bot error propagates (the caller reports it; the
    human plays on without a hint)."""
    from engine.net.secrecy import scrub
    sel = set(pres.selection_kinds)
    if plays is None:
        plays = [a for a in legal if a.play is not None or a.kind in sel]
    hints = pres.hint_order(plays)
    choice = legal if pres.lazy_legal else list(legal)
    best = getattr(bots.make_bot(2, seed=0, game=game).choose(scrub(view), choice), "action", None)
    suggest = None
    if best is not None and (best.play is not None or best.kind in sel):
        hints = [best] + [h for h in hints if h != best]
    elif best is not None and best.arg is not None:
        suggest = best.to_json()   # e.g. which card to return (还贡)
    return hints, suggest


class GameWorker(QObject):
    snapshot = Signal(object)  # dict
    notice = Signal(str, str)  # kind ("error", "rejected", "saved"), message
    rejected = Signal(str, str)  # rule, reason (in the UI language of the refusal's ``zh``/``en``)
    judged = Signal(object)  # a selection's verdict (see ``verdict``), with the request's ``serial``
    judge_ready = Signal(object)  # LAN: {"key", "judge"}, a State made from this seat's view

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.gen = 0
        self.seat = 0
        self.humans: set[int] = set()
        self.auto: set[int] = set()
        self.bots: dict[int, Any] = {}
        self.pace_ms = 0
        self.paused = False
        self.pause_at_results = True
        self._shown: dict[str, Any] = {}   # the last view sent: at a hand's end, the board it ended on
        self.meta: dict[str, Any] = {}
        self.again: dict[str, Any] = {}
        self.saver: store.SaveWriter | None = None
        self.set_start = 0
        self._pending = False
        self.helper: Any = None
        self.pres: Presenter = Presenter()
        self.lang = "zh"
        self.latest_judge = 0     # the GUI's newest selection serial: older requests are skipped
        self._verdict: tuple[Any, dict[str, Any]] | None = None   # ((n_actions, cards), verdict) of the last
        self._judge_state: tuple[Any, Any] = (None, None)          # LAN: (view key, State made from the view)
        self._key: Any = None

    def _carried(self, cfg: dict[str, Any]) -> dict[str, Any]:
        """再来一局 after a finished match of the same game: what the spec says it hands on (its
        ``carry_over``, e.g. a tribute owed into the next match), as the LAN host does."""
        from engine import games
        last = self.state
        if not cfg.get("carry") or last is None or not last.is_over or last.rules.game != cfg["game"]:
            return {}
        return dict(games.spec(cfg["game"]).carry_over(last))

    # ---------------------------------------------------------------- commands (queued from the GUI)
    @Slot(object)
    def start(self, cfg: dict[str, Any]) -> None:
        from engine import games
        self.gen += 1
        try:
            if cfg.get("resume"):
                state, meta = store.load_current()
                cfg = {**meta, **{k: v for k, v in cfg.items() if k != "resume"}}
            else:
                seed = cfg.get("seed")
                if seed is None:
                    seed = random.randrange(1, 2**31)
                spec = games.spec(cfg["game"])
                state = spec.new_state(int(seed), cfg.get("options") or {}, **match_kwargs(cfg),
                                       **self._carried(cfg))
        except Exception as exc:  # a damaged save, a bad option: report, never crash
            self.notice.emit("resume_failed" if cfg.get("resume") else "error", f"{type(exc).__name__}: {exc}")
            return
        self.state = state
        self.pres = presenter(state.rules.game)
        self._verdict = None
        self._pending = False   # a bot step of the previous game may still be queued: it must not block this one
        self.humans = {int(s) for s in cfg.get("humans", [0])}
        self.seat = min(self.humans) if self.humans else 0
        self.auto = set()
        levels = {int(k): int(v) for k, v in (cfg.get("levels") or {}).items()}
        game = state.rules.game
        self.bots = {s: bots.make_bot(levels.get(s, 2), seed=state.seed * 10 + s, game=game)
                     for s in range(state.n_seats)}
        self.helper = bots.make_bot(2, seed=state.seed, game=game)  # hints and 托管
        self.pace_ms = int(cfg.get("pace_ms", self.pace_ms))
        self.pause_at_results = bool(cfg.get("pause_at_results", True))
        self.paused = False
        self.meta = {"game": state.rules.game, "humans": sorted(self.humans), "levels": levels,
                     "seats": cfg.get("seats"), "seed": state.seed, **match_kwargs({**cfg, "game": game})}
        # 再来一局: the same seats, rules and match length with a new seed (the worker picks it)
        self.again = {**{k: v for k, v in cfg.items() if k not in ("resume", "seed", "progress", "carry")},
                      "game": game, "options": dict(state.rules.options.changed()), "humans": sorted(self.humans),
                      "levels": levels, "names": cfg.get("names") or cfg.get("seats"),
                      "seats": cfg.get("seats") or cfg.get("names"), **match_kwargs({**cfg, "game": game})}
        self.saver = store.SaveWriter() if cfg.get("save", True) else None
        if self.saver is not None:
            try:
                self.saver.begin(state, self.meta)
            except OSError as exc:
                self.notice.emit("error", f"save: {exc}")
                self.saver = None
        self.set_start = len(state.actions)
        view = state.view(self.seat)
        self._key = hand_key(view)
        self._save_progress(view)
        self._emit(None, list(state.history) if not state.actions else [], view, first=True)
        self._schedule()

    @Slot(object)
    def act(self, msg: dict[str, Any]) -> None:
        if self.state is None or msg.get("gen") != self.gen:
            return
        try:
            action = self.state.action_from_json(msg["action"])
        except Exception as exc:
            self._reject(exc)
            return
        if action.seat != self.state.to_act:
            return
        self._apply(action)

    @Slot(object)
    def judge(self, req: dict[str, Any]) -> None:
        """Judge a selection: ``{serial, gen, n_actions, cards, kinds}`` (local) or with ``view`` (LAN)."""
        if int(req.get("serial", 0)) < self.latest_judge:
            return   # the selection changed again meanwhile: only the newest one is worth an answer
        cards = [str(c) for c in req.get("cards") or []]
        if "view" in req:
            st, seat, pres = self._lan_state(req), int(req["view"].get("seat", 0)), presenter(str(req["game"]))
        else:
            if self.state is None or req.get("gen") != self.gen or req.get("n_actions") != len(self.state.actions):
                return
            st, seat, pres = self.state, self.seat, self.pres
        if st is None:
            return
        try:
            v = verdict(st, seat, cards, list(req.get("kinds") or []), pres)
        except Exception as exc:   # a judge that cannot judge says so; the engine applying the action decides
            v = {"cards": cards, "kinds": [], "actions": {}, "rule": "", "en": f"{type(exc).__name__}: {exc}",
                 "zh": "", "_actions": {}}
        if "view" not in req:
            self._verdict = ((req.get("n_actions"), tuple(cards)), v)
        self.judged.emit({k: x for k, x in v.items() if k != "_actions"} | {"serial": req.get("serial")})

    @Slot(object)
    def prepare_judge(self, req: dict[str, Any]) -> None:
        """LAN: make the judge State for this turn from the seat's view (off the GUI thread)."""
        self.judge_ready.emit({"key": req.get("key"), "judge": self._lan_state(req)})

    def _lan_state(self, req: dict[str, Any]) -> Any:
        key = req.get("key")
        if self._judge_state[0] != key:
            try:
                st = presenter(str(req["game"])).judge_state(req["view"])
            except Exception:
                st = None
            self._judge_state = (key, st)
        return self._judge_state[1]

    @Slot(object)
    def act_cards(self, msg: dict[str, Any]) -> None:
        """Enter with a selection: ``{gen, n_actions, cards, kind}``. The verdict already made for these cards
        is applied as it is (one parse, one check per human action); else the engine judges them now."""
        st = self.state
        if st is None or msg.get("gen") != self.gen or st.to_act != self.seat:
            return
        if msg.get("action") is not None:   # judged on this turn's judge State: the real one decides now
            self._apply(msg["action"])
            return
        if msg.get("json") is not None:     # a hint: a legal action as the worker offered it
            self.act({"gen": msg.get("gen"), "action": msg["json"]})
            return
        cards = tuple(str(c) for c in msg.get("cards") or [])
        kind = str(msg.get("kind") or "play")
        v = self._verdict[1] if self._verdict and self._verdict[0] == (len(st.actions), cards) else None
        if v is None:
            v = verdict(st, self.seat, list(cards), [kind], self.pres)
        action = v["_actions"].get(kind)
        self._verdict = None
        if action is None:
            self.rejected.emit(v.get("rule", ""), i18n.pick(self.lang, v.get("zh"), v.get("en")) or "")
            self._emit(None, [], st.view(self.seat))
            return
        self._apply(action, checked=False)

    @Slot(int, bool)
    def set_auto(self, seat: int, on: bool) -> None:
        if on:
            self.auto.add(seat)
        else:
            self.auto.discard(seat)
        if self.state is not None:
            self._emit(None, [], self.state.view(self.seat))
            self._schedule()

    @Slot(int)
    def ask(self, target: int) -> None:
        """G-69 报户: ask a player for his card count (a free action outside turn order, logged)."""
        from engine.core import Action
        st = self.state
        if st is None or st.is_over:
            return
        self._apply(Action(self.seat, "ask", None, str(target)))   # a logged free action (docs/ARCHITECTURE.md)

    @Slot(str)
    def set_lang(self, lang: str) -> None:
        self.lang = lang

    @Slot(int)
    def set_pace(self, ms: int) -> None:
        self.pace_ms = max(0, int(ms))

    @Slot()
    def resume_play(self) -> None:
        if self.paused:
            self.paused = False
            self._schedule()

    @Slot()
    def stop(self) -> None:
        self.gen += 1
        self.state = None

    # ---------------------------------------------------------------- internals
    def _is_bot(self, seat: int) -> bool:
        return seat not in self.humans or seat in self.auto or self._only_decline(seat)

    def _only_decline(self, seat: int) -> bool:
        """A seat asked only so that asking reveals nothing (offered nothing but 'decline') answers at once."""
        st = self.state
        if st is None or st.to_act != seat:
            return False
        la = st.legal_actions(seat)
        return (len(la.fixed) == 1 and la.fixed[0].kind in self.pres.auto_answer_kinds
                and next(iter(la.plays()), None) is None)

    def _schedule(self) -> None:
        st = self.state
        if st is None or self.paused or self._pending or st.is_over or st.to_act is None:
            return
        if not self._is_bot(st.to_act):
            return
        self._pending = True
        gen = self.gen
        delay = 0 if st.to_act in self.humans and st.to_act not in self.auto else int(
            self.pace_ms * self.pres.pace(st.phase))
        QTimer.singleShot(delay, lambda: self._bot_step(gen))

    def _bot_step(self, gen: int) -> None:
        if gen != self.gen:
            return   # queued for a game that has been replaced: the new game's flag is not this step's
        self._pending = False
        st = self.state
        if st is None or gen != self.gen or self.paused or st.is_over or st.to_act is None:
            return
        seat = st.to_act
        if not self._is_bot(seat):
            return
        if seat in self.humans and seat not in self.auto:   # only 'decline' on offer: answered at once
            la = st.legal_actions(seat)
            self._apply(la.fixed[0], auto=True)
            return
        try:
            la = st.legal_actions(seat)
            legal = la if self.pres.lazy_legal else list(la)   # a burial's C(33, 8) sets are never listed
            bot = self.bots[seat] if seat not in self.humans else self.helper
            view = self._bot_view(st, seat, bot)
            decision = bot.choose(view, legal)
            action = getattr(decision, "action", decision)
        except Exception:   # a bot error surfaces (a notice with the traceback); the table waits, it never guesses
            self.notice.emit("error", "bot: " + traceback.format_exc(limit=3))
            return
        self._apply(action)

    @staticmethod
    def _bot_view(st: Any, seat: int, bot: Any) -> dict[str, Any]:
        if getattr(bot, "wants_history", False):
            return dict(st.view(seat, with_history=True))   # every game takes the keyword (engine.api)
        return dict(st.view(seat))

    def _reject(self, exc: BaseException) -> None:
        from engine.api import Refusal
        r = Refusal.of(exc)
        self.rejected.emit(r.rule if r.rule != "?" else "", r.message(self.lang))

    def _apply(self, action: Any, checked: bool = True, auto: bool = False) -> None:
        """``auto``: the table answered for the human (a 'decline' that is the only choice), not the human."""
        st = self.state
        before = self._key
        try:
            events = st.apply(action, checked=checked)
        except Exception as exc:
            self._reject(exc)
            self._emit(None, [], st.view(self.seat))
            self._schedule()
            return
        if self.saver is not None:
            try:
                self.saver.append(action, events)
            except OSError as exc:
                self.notice.emit("error", f"save: {exc}")
        view = st.view(self.seat)   # the one view this action builds for the human's seat
        self._key = hand_key(view)
        set_over = self._key != before or st.is_over
        if set_over:
            self._keep_replay(before)
            self._save_progress(view)
        self._emit(action, events, view, set_over=set_over, auto=auto)
        if st.is_over and self.saver is not None:
            self.saver.finish()
        if set_over and self.pause_at_results and not st.is_over:
            self.paused = True
        self._schedule()

    def _save_progress(self, view: dict[str, Any]) -> None:
        """Home's line for the save: the set/hand and the score now, in both languages (desktop.progress)."""
        if self.saver is None or self.state is None:
            return
        from desktop import progress
        st = self.state
        try:
            self.saver.progress(self.meta, progress.lines(self.pres, view, list(st.totals), self.seat,
                                                          list(self.meta.get("seats") or []),
                                                          dict(st.rules.options.as_dict())))
        except Exception as exc:   # Home falls back to the move count; the game goes on
            self.notice.emit("error", f"save: {exc}")

    def _keep_replay(self, set_no: Any) -> None:
        st = self.state
        end = len(st.actions)
        try:
            title = f"{st.rules.game} #{set_no if set_no is not None else '?'}"
            # what the replay list shows: the game, the set/hand (1-based, in its own unit), the players
            n = (int(set_no) + (0 if self.pres.match_key == "set_no" else 1 - self.pres.hand_base)
                 if isinstance(set_no, int) else None)
            store.save_replay(st, self.meta, self.set_start, end, title,
                              {"set": n, "unit": "setShort" if self.pres.match_key == "set_no" else "handNo",
                               "names": list(self.meta.get("seats") or [])})
        except Exception as exc:
            self.notice.emit("error", f"replay: {exc}")
        self.set_start = end

    def _played_so_far(self, seat: int) -> dict[int, int]:
        """Cards played in the current set/hand so far (public), for the 记牌器 after a resume."""
        from engine.cards import Card
        out: dict[int, int] = {}
        for e in self.state.history:
            if e.kind == "deal" and e.data.get("seat") == seat:
                out = {}
            elif e.kind == "play" and e.visible_to(seat):
                for c in e.data.get("cards") or []:
                    r = Card.parse(c).rank
                    out[r] = out.get(r, 0) + 1
        return out

    def _emit(self, action: Any, events: list[Any], full: dict[str, Any], first: bool = False,
              set_over: bool = False, auto: bool = False) -> None:
        st = self.state
        seat = self.seat
        view = copy.deepcopy({k: v for k, v in full.items() if k not in ("history", "state")})
        ended, self._shown = (self._shown if not first else {}), view
        # who acts as this seat's view tells it: a game may keep the seat being asked secret (M-7 claims)
        to_act = full["to_act"] if "to_act" in full else st.to_act
        my_turn = ((to_act == seat) and not st.is_over and seat not in self.auto and seat in self.humans
                   and not self._only_decline(seat))
        snap: dict[str, Any] = {
            "gen": self.gen, "seat": seat, "n_seats": st.n_seats, "game": st.rules.game, "view": view,
            "events": [e.to_json() for e in events if e.visible_to(seat)],
            "action": action.to_json() if action is not None else None,
            "to_act": to_act, "phase": st.phase, "over": bool(st.is_over), "totals": list(st.totals),
            "my_turn": my_turn, "auto": seat in self.auto, "first": first, "set_over": set_over,
            "options": dict(st.rules.options.as_dict()) if hasattr(st.rules.options, "as_dict") else {},
            "n_actions": len(st.actions), "paused": self.paused or (set_over and self.pause_at_results),
            "auto_action": auto,
        }
        if set_over and not st.is_over and ended:   # the felt keeps it under the results (desktop/hand_end.py)
            snap["ended_view"] = ended
        if set_over or st.is_over:  # 验证洗牌: check the deals just revealed with this seat's own history
            hist = full.get("history")
            if hist is None:
                hist = st.view(seat, with_history=True).get("history") or []
            snap["shuffle"] = shuffle_check.verdicts(st.rules.game, st.rules.options.changed(), hist, snap["events"])
        if first:
            snap["played_init"] = self._played_so_far(seat)
            seen = full if "history" in full else st.view(seat, with_history=True)
            snap["restored_tags"] = self.pres.restored_tags(seen, seat)   # a resumed burial's 底 tags
            snap["again"] = dict(self.again)
        if my_turn:
            la = st.legal_actions(seat)
            plays = self.pres.hint_pool(la)
            snap["fixed"] = [a.to_json() for a in la.fixed]
            snap["play_kinds"] = sorted({a.kind for a in plays})
            hints: list[Any] = []
            try:
                hints, suggest = table_hints(self.pres, st.rules.game, full, la, plays)
                if suggest is not None:
                    snap["suggest"] = suggest
            except Exception:   # the hint bot's error surfaces; the human plays on without a hint
                self.notice.emit("error", "hint: " + traceback.format_exc(limit=3))
                hints = self.pres.hint_order(plays)
            snap["hints"] = hint_rows(self.pres, list(view.get("hand") or []), hints)
            snap["judge"] = make_judge(self.pres, full)
        self.snapshot.emit(snap)


class WorkerThread:
    """Owns the QThread and the worker; ``post_*`` helpers go through queued signals."""

    def __init__(self) -> None:
        self.thread = QThread()
        self.thread.setObjectName("qilu-engine")
        self.worker = GameWorker()
        self.worker.moveToThread(self.thread)
        self.thread.start()

    def shutdown(self) -> None:
        self.thread.quit()
        self.thread.wait(3000)
