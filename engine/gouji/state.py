"""The Gouji game state machine: one game (局) of ``sets_per_game`` sets (回合), RULES.md G-8 … G-88.

Phases of a set (G-10): ``yudian`` 预点 → deal → ``show`` 上班 → 买三 (system) → ``tribute`` 进贡 / ``return``
还贡 → ``mingdian`` 明点 → ``revolt`` 革命 → ``yaotou`` 要头/无头 → ``play`` → places, score → next set.
Every decision belongs to exactly one seat (``to_act``); system steps (dealing, 扣牌, 买三, scoring) run
inside :meth:`State.apply`. An illegal action raises :class:`IllegalAction` naming the rule and leaves the
state untouched, because every check happens before the first change.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from engine.api import Refusal
from engine.cards import (
    CHAR_OF,
    Card,
    rank_counts,
    sort_cards,
)
from engine.core import Action, Event, LegalActions, action
from engine.errors import RuleError
from engine.fairness import Ledger
from engine.gouji.base import DECLINE, SETUP_PHASES, TRIBUTE_PHASES, _illegal, _refusal
from engine.gouji.rules import Rules
from engine.gouji.table import N_SEATS, teammates
from engine.gouji.tableplay import TablePlay
from engine.gouji.tribute import TributeItem
from engine.plays import Play, answer_list, nth_lead

# Rule paths counted in ``State.stats`` (reported by ``python -m engine.sim``, zeros included).
PATHS = ("sets", "deals", "redeal", "yudian", "mingdian", "show", "buy_three", "revolution", "yaotou", "wutou",
         "tribute_men", "tribute_burn", "tribute_point", "tribute_fall", "tribute_chuansanhu", "tribute_refused",
         "returned", "return_refused", "rang", "jiefeng", "burn_tried", "burn_success", "burn_failed",
         "burn_dissolved", "kaidian", "gousiji", "chaos", "chuansanhu")


# The public snapshot is built from these fields only (an allowlist: a new attribute stays private until it
# is added here on purpose). Hands, the thrown-in cards and private choices are filtered per seat below.
SNAPSHOT_FIELDS = (
    "seed", "carry_tribute", "stats", "totals", "set_results", "set_no", "start_seat", "phase", "to_act",
    "next_game_tribute", "pending", "queue", "calls", "kaidian", "items", "hands", "dealt_hands", "dealt", "mode",
    "burn_queue", "shows", "show_best", "first_leader", "exempt", "auto_revolt", "revolt_choice", "revolutionary",
    "yaotou_left", "active", "places", "finish_order", "free_places", "out_cards", "trick", "top", "top_seat",
    "top_gouji", "top_gousiji", "top_final", "leader", "passed", "rang_by", "rang_seats", "burner", "burner_wutou",
    "burner_leads", "_next_set", "burned_payer", "burn_successes", "chaos", "chaos_pending", "played",
    "mute_beaten", "mute_has", "received", "item_idx", "returning", "offered_return", "refused_rank", "asked")


__all__ = ["DECLINE", "PATHS", "SNAPSHOT_FIELDS", "State"]

# Types State.clone shares as they are (neither lists nor tribute items, nor subclasses of them).
_SCALARS = frozenset({int, str, bool, float, type(None), tuple})
_SHARED_ITEMS = frozenset({int, str, bool, float, type(None), tuple, dict, Card, Event, Action, Play})


class State(TablePlay):
    """A Gouji game. ``State(Rules(**options), seed)``; see docs/ENGINE_API.md for the contract."""

    # 报户 (G-69): any seat may ask another's count at any time in play, outside turn order
    free_kinds = frozenset({"ask"})

    # ------------------------------------------------------------------ public API
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, seat: int) -> LegalActions:
        if seat != self.to_act or self.phase == "over":
            return LegalActions()
        if self.phase == "play" and self.mode in ("lead", "answer", "rang_return", "burn"):
            fixed = self._choices(seat)
            nth: Callable[[int], Action] | None = None
            if self.mode == "lead" and not self.o.biesan and self.burner != seat:
                nth = partial(self._nth_lead, seat)
            elif self.mode in ("answer", "rang_return") and not self.o.biesan and self.top is not None:
                nth = partial(self._nth_answer, seat, self.top)
            return LegalActions(fixed, plays=lambda: self._play_actions(seat),
                                check=self._is_legal, count=lambda: self._count_plays(seat), nth=nth)
        return LegalActions(self._choices(seat), check=self._is_legal)

    def _nth_lead(self, seat: int, k: int) -> Action:
        return action(seat, "play", nth_lead(self.pr, self.counts[seat], k))

    def _nth_answer(self, seat: int, top: Play, k: int) -> Action:
        """Every answer that beats the top is legal (no 憋三): the k-th one without making the others (speed)."""
        return action(seat, "play", answer_list(self.pr, self.counts[seat], top)[k])

    def apply(self, action: Action, checked: bool = True) -> list[Event]:
        """Apply ``action``; an illegal one raises IllegalAction (with the rule id) and changes nothing.
        ``checked=False`` skips that check — only for actions just taken from ``legal_actions`` (search
        rollouts)."""
        if not isinstance(action, Action):
            raise _illegal("API", f"apply() takes an Action, not {type(action).__name__}")
        if checked:
            self._check(action)
        self._out = []
        self._do(action)
        self._settle()
        out = self._out
        self._out = []
        self.actions.append(action)
        self.action_events.append(out)
        return out

    def view(self, seat: int | None, with_history: bool = False) -> dict[str, Any]:
        """Everything ``seat`` may know (None = a spectator); another seat's hidden cards never appear.

        The common header of :class:`engine.api.ViewHeader` plus Gouji's own keys. ``history`` comes on
        request (``with_history=True``; ``history_policy`` says which): a game is thousands of events, and
        bots, the simulator and the state round trips compare views without them."""
        hands_known = self.dealt
        own = [str(c) for c in self.hands[seat]] if seat is not None and hands_known else []
        reported = self._reported_counts()
        team_hands: dict[str, list[str]] = {}
        if seat is not None and hands_known and self.phase == "play":
            for t in teammates(seat):
                if self.active[t] and (len(self.hands[t]) <= 10 or not self.active[seat]):
                    team_hands[str(t)] = [str(c) for c in self.hands[t]]  # G-70 挑牌
        v: dict[str, Any] = {
            "game": "gouji", "seat": seat, "n_seats": N_SEATS, "phase": self.phase, "to_act": self.to_act,
            "mode": self.mode if self.phase == "play" else None,
            "set_no": self.set_no, "sets_per_game": self.o.sets_per_game, "options": self.o.as_dict(),
            "hand": own, "counts": reported, "team_hands": team_hands,
            "calls": list(self.calls), "kaidian": list(self.kaidian), "wutou": [self._wutou(s) for s in range(N_SEATS)],
            "active": list(self.active), "places": [self.places.get(s) for s in range(N_SEATS)],
            "scores": list(self.set_results[-1]["scores"]) if self.set_results else None,
            "finish_order": list(self.finish_order), "revolutionary": self.revolutionary,
            "yaotou_left": self.yaotou_left, "first_leader": self.first_leader, "shows": list(self.shows),
            "burner": self.burner, "chaos": self.chaos, "leader": self.leader,
            "trick": [dict(t) for t in self.trick], "passed": sorted(self.passed), "rang_by": self.rang_by,
            "played": {CHAR_OF[r]: n for r, n in enumerate(self.played) if n},
            "tribute": [it.to_json() for it in self.items] if self.phase in ("tribute", "return") else [],
            "pending_tribute": [it.to_json() for it in self.pending],
            "returning": self._return_view(),
            "set_results": list(self.set_results), "totals": list(self.totals),
            "state": self.snapshot(seat),
        }
        if with_history:
            v["history"] = self._history_json(seat)
        v["history_policy"] = "on-request"  # the game's policy, the same in every view (LAN updates merge views)
        return v

    def _history_json(self, seat: int | None) -> list[dict[str, Any]]:
        """The events ``seat`` may see, as JSON — kept per seat and extended with the new events only, so a
        view per decision costs no more than the events since the last one."""
        seen = self._seen
        done, out = seen.get(seat, (0, []))
        if done > len(self.history):  # history was rewritten (a test or a tool): start over
            done, out = 0, []
        out.extend(e.to_json() for e in self.history[done:] if e.visible_to(seat))
        seen[seat] = (len(self.history), out)
        return list(out)

    # ------------------------------------------------------------------ snapshots (determinization)
    _CARDS2 = frozenset({"hands", "dealt_hands", "received"})
    _SETS = frozenset({"exempt", "auto_revolt", "passed", "rang_seats", "asked"})

    def snapshot(self, seat: int | None = -1) -> dict[str, Any]:
        """Every field of the state as JSON-able data. ``seat`` ≠ -1 strips what that seat may not know
        (other hands, the thrown-in hands, others' tribute receipts and private choices)."""
        full = seat == -1
        out: dict[str, Any] = {}
        for name in SNAPSHOT_FIELDS:
            if name == "seed" and not full:
                continue  # the seed decides every hand: it never leaves the host
            val = getattr(self, name)
            if name in self._CARDS2:
                out[name] = [[str(c) for c in h] if full or i == seat else None for i, h in enumerate(val)]
            elif name == "out_cards":
                out[name] = [str(c) for c in val] if full else None
            elif name == "offered_return":
                party = self._return_view() is not None and seat in (self.items[self.item_idx].payer,
                                                                     self.items[self.item_idx].receiver)
                out[name] = str(val) if val is not None and (full or party) else None
            elif name == "revolt_choice":
                out[name] = {str(k): v for k, v in val.items() if full or k == seat}
            elif name == "top":
                out[name] = val.text if val is not None else None
            elif name in ("items", "pending"):
                out[name] = [dict(it.__dict__) for it in val]
            elif name in self._SETS:
                out[name] = sorted(val)
            elif name == "places":
                out[name] = {str(k): v for k, v in val.items()}
            elif name == "stats":
                out[name] = dict(val)
            elif isinstance(val, tuple):
                out[name] = list(val)
            elif isinstance(val, list):
                out[name] = [list(x) if isinstance(x, tuple) else x for x in val]
            else:
                out[name] = val
        out["options"] = self.o.as_dict()
        # Hand sizes are public: every card that moves does so in a public event with its count.
        out["sizes"] = [len(h) for h in self.hands] if self.dealt else None
        return out

    @classmethod
    def from_snapshot(cls, snap: Mapping[str, Any], seed: int = 0) -> State:
        """A state from :meth:`snapshot` data (every hand filled in). History starts empty."""
        st = cls.__new__(cls)
        st.rules = Rules(dict(snap["options"]))
        st.o = st.rules.options
        st.pr = st.rules.play_rules
        st.rng = random.Random(seed)
        st.history, st.actions, st.action_events, st._out = [], [], [], []
        st.stacked = []
        st._plays_cache = ((-1, -1), [])
        st._gouji_memo = {}
        st._seen = {}
        st.initial_events = []
        st.seed = seed
        st.fair = Ledger(seed, N_SEATS)
        for name, val in snap.items():
            if name in ("options", "sizes"):
                continue
            if name in cls._CARDS2:
                val = [[Card.parse(c) for c in (h or [])] for h in val]
            elif name == "out_cards":
                val = [Card.parse(c) for c in (val or [])]
            elif name == "offered_return":
                val = Card.parse(val) if val is not None else None
            elif name == "revolt_choice":
                val = {int(k): bool(v) for k, v in val.items()}
            elif name == "top":
                val = st.rules.parse(val) if val is not None else None
            elif name in ("items", "pending"):
                val = [TributeItem(**it) for it in val]
            elif name in cls._SETS:
                val = set(val)
            elif name == "places":
                val = {int(k): int(v) for k, v in val.items()}
            elif name == "stats":
                val = Counter(val)
            elif name in ("show_best", "returning"):
                val = tuple(val) if val is not None else None
            elif name in ("burn_successes", "next_game_tribute"):
                val = [tuple(x) for x in val]
            elif isinstance(val, list):
                val = list(val)
            setattr(st, name, val)
        st.counts = [rank_counts(h) for h in st.hands]
        return st

    @classmethod
    def from_view(cls, view: Mapping[str, Any], hands: list[list[Card]], seed: int = 0) -> State:
        """Determinization for search bots: the public state of ``view`` with every hand filled in from
        ``hands`` (the viewer's own hand included). Future deals are drawn from ``seed``."""
        snap = dict(view["state"])
        snap["hands"] = [[str(c) for c in h] for h in hands]
        # the viewer's own hand as dealt is in the view (G-28 as-dealt check); the others' are not: use theirs now
        dealt = snap.get("dealt_hands") or []
        snap["dealt_hands"] = [list(d) if d is not None else list(h) for d, h in zip(dealt, snap["hands"])]
        snap["received"] = [r or [] for r in snap["received"]]
        snap["out_cards"] = []
        return cls.from_snapshot(snap, seed)

    def clone(self) -> State:
        """An independent copy: every mutable field is copied (nested card lists too)."""
        new = copy.copy(self)
        new.rng = random.Random(0)  # any seed: its state is set next (seeding from the system costs more)
        new.rng.setstate(self.rng.getstate())
        d = new.__dict__
        for name, val in self.__dict__.items():
            t = type(val)
            if t in _SCALARS:
                continue  # the common immutable fields, skipped without the isinstance chain (speed)
            if t is list:
                # the items: a nested list is copied, a tribute item too, anything else is shared
                d[name] = [x if type(x) in _SHARED_ITEMS else list(x) if isinstance(x, list)
                           else copy.copy(x) if isinstance(x, TributeItem) else x for x in val]
            elif isinstance(val, Counter):
                d[name] = Counter(val)
            elif isinstance(val, list):
                d[name] = [list(x) if isinstance(x, list) else copy.copy(x) if isinstance(x, TributeItem)
                           else x for x in val]
            elif isinstance(val, dict):
                d[name] = dict(val)
            elif isinstance(val, set):
                d[name] = set(val)
        new.stacked = [[list(h) for h in d] for d in self.stacked]
        new.fair = self.fair.copy()
        new._plays_cache = ((-1, -1), [])
        new._seen = {}  # the JSON history cache is rebuilt on demand, never shared
        return new

    def action_from_json(self, d: Mapping[str, Any]) -> Action:
        try:
            seat = int(d["seat"])
            kind = str(d["kind"])
            play = self.rules.parse(str(d["play"])) if d.get("play") is not None else None
            arg = str(d["arg"]) if d.get("arg") is not None else None
        except (KeyError, TypeError, ValueError) as exc:
            raise _illegal("API", f"malformed action {dict(d)!r}: {exc}") from None
        return Action(seat, kind, play, arg)

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` would be refused now (rule id, both languages), or None when ``apply`` takes it."""
        try:
            self._check(action)
        except RuleError as exc:
            return Refusal.of(exc)
        return None

    def action_for_cards(self, seat: int, cards: Sequence[str], kind: str = "play") -> Action | Refusal:
        """The action that plays the selected ``cards`` (card strings such as ``"Th"``), or why not.

        ``kind`` "play" becomes a burn (烧牌) when the burn window is what ``seat`` is offered; "give" (还贡)
        takes one card. Suits never matter in a Gouji play (C-3), so the play is read from the ranks."""
        try:
            chosen = [Card.parse(c) for c in cards]
        except RuleError as exc:
            return _refusal(exc.rule, exc.reason)
        if kind == "give":
            if len(chosen) != 1:
                return _refusal("G-81", "return one card at a time")
            a = Action(seat, "give", None, str(chosen[0]))
        elif kind in ("play", "burn"):
            if not chosen:
                return _refusal("C-6", "select the cards to play")
            if kind == "play" and self.phase == "play" and self.mode == "burn" and seat == self.to_act:
                kind = "burn"
            try:
                play = self.rules.parse("".join(c.char for c in sort_cards(chosen)))
            except RuleError as exc:
                return _refusal(exc.rule, exc.reason)
            a = Action(seat, kind, play)
            why = self.refusal(a)
            if why is None and not self._holds(seat, chosen):
                why = _refusal("C-10", "you do not hold the selected cards", "手里没有这些牌")
            return why if why is not None else a
        else:
            a = Action(seat, kind)
        why = self.refusal(a)
        return why if why is not None else a

    def _holds(self, seat: int, cards: list[Card]) -> bool:
        have = Counter(self.hands[seat])
        need = Counter(cards)
        return all(have[c] >= n for c, n in need.items())

    def returns(self) -> list[float]:
        """The match result per seat: the game totals (G-86, one team's score for each of its seats)."""
        return [float(t) for t in self.totals]

    def play_action(self, seat: int, text: str) -> Action:
        """The action that plays ``text`` (a burn when a burn is what this seat is offered)."""
        kind = "burn" if self.phase == "play" and self.mode == "burn" else "play"
        return Action(seat, kind, self.rules.parse(text))

    # ------------------------------------------------------------------ checking
    def _is_legal(self, action: Action) -> bool:
        try:
            self._check(action)
        except RuleError:
            return False
        return True

    def _check(self, a: Action) -> None:
        if self.phase == "over":
            raise _illegal("G-9", "the game is over")
        if not isinstance(a.seat, int) or not 0 <= a.seat < N_SEATS:
            raise _illegal("G-1", f"no seat {a.seat!r}")
        if a.kind == "ask":
            self._check_ask(a)
            return
        if a.seat != self.to_act:
            raise _illegal("G-42", f"it is seat {self.to_act}'s turn, not seat {a.seat}'s")
        if (a.play is not None) != (a.kind in ("play", "burn")):
            raise _illegal("C-9", f"action {a.kind!r} {'needs' if a.play is None else 'takes no'} play")
        if a.play is None:
            if a.kind == "give" and a.arg is not None:  # a card may be written 10h or Th: compare the card
                try:
                    a = Action(a.seat, a.kind, None, str(Card.parse(a.arg)))
                except RuleError:
                    pass
            if a in self._choices(a.seat):
                return
            raise self._why_not(a).error()
        if not isinstance(a.play, Play):
            raise _illegal("C-6", "an action's play must be a Play")
        own = self.rules.parse(a.play)
        if own is not a.play:
            a = Action(a.seat, a.kind, own, a.arg)
        if self.phase != "play":
            raise self._why_not(a).error()
        self._check_play(a)

    # ------------------------------------------------------------------ the phases: what each offers, why not, what it does
    def _choices(self, seat: int) -> tuple[Action, ...]:
        """The actions without a play that ``seat`` may take now: what ``legal_actions`` offers and the only
        ones ``_check`` accepts (one list per phase, so offered and accepted cannot drift apart)."""
        ph = self.phase
        if ph in SETUP_PHASES:
            return self._setup_choices(seat)
        if ph in TRIBUTE_PHASES:
            return self._tribute_choices(seat)
        if ph == "play":
            return self._play_choices(seat)
        return ()

    def _why_not(self, a: Action) -> Refusal:
        """Why an action is not among the choices now (the choices alone decide; this only explains)."""
        ph = self.phase
        if ph in SETUP_PHASES:
            return self._setup_why_not(a)
        if ph in TRIBUTE_PHASES:
            return self._tribute_why_not(a)
        if ph == "play":
            return self._play_why_not(a)
        return _refusal("G-10", f"no action in phase {ph}")

    def _do(self, a: Action) -> None:
        if a.kind == "ask":
            target = self._check_ask(a)
            self.asked.add(target)
            self._emit(Event("report", {"asker": a.seat, "seat": target, "count": len(self.hands[target])}))
            return
        ph = self.phase
        if ph in SETUP_PHASES:
            self._do_setup(a)
        elif ph in TRIBUTE_PHASES:
            self._do_tribute(a)
        elif ph == "play":
            self._do_play(a.seat, a.kind, self.rules.parse(a.play) if a.play is not None else None)

    def _reported_counts(self) -> list[int | None]:
        """G-69 报户: counts of 10 or fewer are known when shown (``always``) or asked; never with 憋三."""
        out: list[int | None] = []
        for s in range(N_SEATS):
            n = len(self.hands[s])
            if not self.dealt:
                out.append(None)
            elif not self.active[s]:
                out.append(0 if s in self.places else None)
            elif n <= 10 and not self.o.biesan and (self.o.report_mode == "always" or s in self.asked):
                out.append(n)
            else:
                out.append(None)
        return out

    def ask_count(self, asker: int, target: int) -> list[Event]:
        """G-69: ask a player with 10 or fewer cards for his count — ``Action(asker, "ask", arg=target)``,
        a free action any seat may take during play, outside turn order (it is logged like any other)."""
        return self.apply(Action(asker, "ask", None, str(target)))

    def _check_ask(self, a: Action) -> int:
        if self.phase != "play" or self.o.biesan:
            raise _illegal("G-69", "no 报户 now" + (" (憋三)" if self.o.biesan else ""))
        try:
            target = int(a.arg or "")
        except ValueError:
            raise _illegal("G-69", "ask names the seat asked (arg = seat number)") from None
        if not (0 <= target < N_SEATS) or not self.active[target] or len(self.hands[target]) > 10:
            raise _illegal("G-69", "only a player holding 10 or fewer cards must report")
        return target

    def all_cards(self) -> list[Card]:
        """Every card the set started with, wherever it is now (for invariant checks)."""
        out = [c for h in self.hands for c in h] + list(self.out_cards)
        out += [Card.parse(c) for t in self.played_cards() for c in t]
        return out

    def played_cards(self) -> list[list[str]]:
        """Cards played so far in this set, from the public play events since the last deal."""
        out: list[list[str]] = []
        for ev in reversed(self.history):
            if ev.kind in ("dealt",):
                break
            if ev.kind == "play":
                out.append(list(ev.data["cards"]))
        return out

    def __repr__(self) -> str:
        return f"<gouji.State set {self.set_no} phase {self.phase} to_act {self.to_act}>"

