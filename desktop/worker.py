"""The game worker: owns the engine State on its own QThread, runs the bots, saves the log.

The GUI talks to it only through queued signals. It answers with immutable snapshots (plain dicts built
here, plus a private ``clone()`` of the State that the GUI may query for the legality of a selection while
it is the human's turn — nothing else mutates that clone). The GUI thread never waits for the engine.
"""

from __future__ import annotations

import copy
import random
import traceback
from typing import Any

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from desktop import bots, store


def set_key(view: dict[str, Any]) -> Any:
    for k in ("set_no", "hand_no", "hand"):
        v = view.get(k)
        if isinstance(v, int):
            return v
    return None


def hint_plays(legal_plays: list[Any], limit: int = 12) -> list[Any]:
    """Good plays first: no 2s/jokers, low rank, then by size; one per distinct shape."""
    def cost(a: Any) -> tuple[int, int, int, int]:
        p = a.play
        specials = p.twos + p.raw_small + p.raw_big + p.supers
        return (1 if a.kind == "burn" else 0, specials, p.rank or 99, -p.n_cards)
    seen: set[str] = set()
    out = []
    for a in sorted(legal_plays, key=cost):
        key = a.kind + a.play.text
        if key in seen:
            continue
        seen.add(key)
        out.append(a)
        if len(out) >= limit:
            break
    return out


#: Hands in a Baohuang match, local or hosted on the LAN (B-42: a running total over the hands; six is the app's choice).
BAOHUANG_HANDS = 6


def match_kwargs(cfg: dict[str, Any]) -> dict[str, Any]:
    """The state keywords that set a match's length — one place for a local table and a hosted LAN one."""
    return {"hands": int(cfg.get("hands", BAOHUANG_HANDS))} if cfg["game"] == "baohuang" else {}


def table_hints(game: str, view: dict[str, Any], legal: list[Any]) -> tuple[list[Any], dict[str, Any] | None]:
    """(hint actions, a suggested non-play action or None) for the seat to act — the one path for local and
    LAN tables: a fresh level-2 bot (seeded alike, so the hint depends on the view alone) chooses on the
    seat's scrubbed view, its play first, then ``hint_plays``."""
    from engine.net.secrecy import scrub
    hints = hint_plays([a for a in legal if a.play is not None])
    suggest = None
    try:
        best = getattr(bots.make_bot(2, seed=0, game=game).choose(scrub(view), list(legal)), "action", None)
        if best is not None and best.play is not None:
            hints = [best] + [h for h in hints if h != best]
        elif best is not None and best.arg is not None:
            suggest = best.to_json()   # e.g. which card to return (还贡)
    except Exception:
        pass
    return hints, suggest


class GameWorker(QObject):
    snapshot = Signal(object)  # dict
    notice = Signal(str, str)  # kind ("error", "rejected", "saved"), message
    rejected = Signal(str, str)  # rule, reason

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
        self.meta: dict[str, Any] = {}
        self.saver: store.SaveWriter | None = None
        self.set_start = 0
        self._pending = False
        self.helper: Any = None

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
                extra = match_kwargs(cfg)
                state = games.new_state(cfg["game"], int(seed), cfg.get("options") or {}, **extra)
        except Exception as exc:  # a damaged save, a bad option: report, never crash
            self.notice.emit("resume_failed" if cfg.get("resume") else "error", f"{type(exc).__name__}: {exc}")
            return
        self.state = state
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
                     "seats": cfg.get("seats"), "seed": state.seed}
        self.saver = store.SaveWriter() if cfg.get("save", True) else None
        if self.saver is not None:
            try:
                self.saver.begin(state, self.meta)
            except OSError as exc:
                self.notice.emit("error", f"save: {exc}")
                self.saver = None
        self.set_start = len(state.actions)
        self._emit(None, list(state.history) if not state.actions else [], first=True)
        self._schedule()

    @Slot(object)
    def act(self, msg: dict[str, Any]) -> None:
        if self.state is None or msg.get("gen") != self.gen:
            return
        try:
            action = self.state.action_from_json(msg["action"])
        except Exception as exc:
            self.rejected.emit(getattr(exc, "rule", ""), getattr(exc, "reason", str(exc)))
            return
        if action.seat != self.state.to_act:
            return
        self._apply(action)

    @Slot(int, bool)
    def set_auto(self, seat: int, on: bool) -> None:
        if on:
            self.auto.add(seat)
        else:
            self.auto.discard(seat)
        if self.state is not None:
            self._emit(None, [])
            self._schedule()

    @Slot(int)
    def ask(self, target: int) -> None:
        """G-69 报户: ask a player for his card count (a free action outside turn order; not logged)."""
        from engine.core import Action
        st = self.state
        if st is None or st.rules.game != "gouji" or st.is_over:
            return
        self._apply(Action(self.seat, "ask", None, str(target)))   # a logged free action (docs/ARCHITECTURE.md)

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
        return len(la.fixed) == 1 and la.fixed[0].kind == "decline" and next(iter(la.plays()), None) is None

    def _schedule(self) -> None:
        st = self.state
        if st is None or self.paused or self._pending or st.is_over or st.to_act is None:
            return
        if not self._is_bot(st.to_act):
            return
        self._pending = True
        gen = self.gen
        delay = 0 if st.to_act in self.humans and st.to_act not in self.auto else self.pace_ms
        QTimer.singleShot(delay, lambda: self._bot_step(gen))

    def _bot_step(self, gen: int) -> None:
        self._pending = False
        st = self.state
        if st is None or gen != self.gen or self.paused or st.is_over or st.to_act is None:
            return
        seat = st.to_act
        if not self._is_bot(seat):
            return
        if seat in self.humans and seat not in self.auto:   # only 'decline' on offer: answered at once
            la = st.legal_actions(seat)
            self._apply(la.fixed[0])
            return
        try:
            legal = list(st.legal_actions(seat))
            bot = self.bots[seat] if seat not in self.humans else self.helper
            view = self._bot_view(st, seat, bot)
            decision = bot.choose(view, legal)
            action = getattr(decision, "action", decision)
        except Exception:
            self.notice.emit("error", "bot: " + traceback.format_exc(limit=3))
            legal = list(st.legal_actions(seat))
            if not legal:
                return
            action = legal[0]
        self._apply(action)

    @staticmethod
    def _bot_view(st: Any, seat: int, bot: Any) -> dict[str, Any]:
        if getattr(bot, "wants_history", False):
            try:
                return st.view(seat, with_history=True)
            except TypeError:
                pass
        return st.view(seat)

    def _apply(self, action: Any) -> None:
        st = self.state
        before = set_key(st.view(self.seat))
        try:
            events = st.apply(action)
        except Exception as exc:
            self.rejected.emit(getattr(exc, "rule", ""), getattr(exc, "reason", str(exc)))
            self._emit(None, [])
            self._schedule()
            return
        if self.saver is not None:
            try:
                self.saver.append(action, events)
            except OSError as exc:
                self.notice.emit("error", f"save: {exc}")
        after_view = st.view(self.seat)
        set_over = set_key(after_view) != before or st.is_over
        if set_over:
            self._keep_replay(before)
        self._emit(action, events, set_over=set_over)
        if st.is_over and self.saver is not None:
            self.saver.finish()
        if set_over and self.pause_at_results and not st.is_over:
            self.paused = True
        self._schedule()

    def _keep_replay(self, set_no: Any) -> None:
        st = self.state
        end = len(st.actions)
        try:
            title = f"{st.rules.game} #{set_no if set_no is not None else '?'}"
            store.save_replay(st, self.meta, self.set_start, end, title)
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

    def _emit(self, action: Any, events: list[Any], first: bool = False, set_over: bool = False) -> None:
        st = self.state
        seat = self.seat
        view = st.view(seat)
        view = copy.deepcopy({k: v for k, v in view.items() if k not in ("history", "state")})
        to_act = st.to_act
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
        }
        if first:
            snap["played_init"] = self._played_so_far(seat)
        if my_turn:
            la = st.legal_actions(seat)
            plays = list(la.plays())
            snap["fixed"] = [a.to_json() for a in la.fixed]
            snap["play_kinds"] = sorted({a.kind for a in plays})
            hints, suggest = table_hints(st.rules.game, st.view(seat), list(la))
            if suggest is not None:
                snap["suggest"] = suggest
            snap["hints"] = [a.to_json() for a in hints]
            snap["oracle"] = st.clone()
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
