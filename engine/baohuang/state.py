"""The Baohuang state machine (docs/ENGINE_API.md): a match of ``hands`` hands with the running total (B-42).

Action kinds: ``accept`` / ``abdicate`` (让位, B-7; 让庄 in mode call, B-8) · ``call`` (``arg`` = identity such
as ``9c`` or ``X``, B-14) · ``solo`` (明独保) · ``decline`` (an optional declaration not taken; in mode pot:
put a card in the pot, B-11) · ``grab`` (抢独/抢庄, B-9) · ``reveal`` (明保, B-16) · ``rebel`` (造反, B-18) ·
``play`` (``arg`` may name the cards, e.g. ``"9c 9d"``) · ``pass`` · ``rang`` (让牌) · ``jiefeng`` (接风).
Host actions, accepted from any seat at any time and not listed by ``legal_actions`` (they are not game
moves): ``tuoguan`` (托管 on, B-46), ``untuoguan`` (off, refused after ``autoplay_lock`` entries, B-47) and
``leave`` (B-49: the leave penalty, then 托管 for good). A seat in 托管 is offered only its B-46 move.
"""

from __future__ import annotations

import copy
import functools
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.api import Refusal
from engine.cards import SMALL, SUPER, Card
from engine.core import EMPTY, Action, Event, LegalActions
from engine.errors import IllegalAction, RuleError
from engine.plays import Play, make_play
from engine.refusals import zh_for

from .base import N
from .cardpick import holds, pick_cards, play_of
from .refusals import ZH
from .rules import Rules, identity
from .tableplay import TablePlay

HOST_KINDS = frozenset({"tuoguan", "untuoguan", "leave"})
PUBLIC_FIELDS = ("phase", "to_act", "queue", "holder", "origin", "passes", "forced", "emperor", "called",
                 "guard_public", "mingbao", "rebels", "top_seat", "lap", "rang", "jiefeng", "finished",
                 "beaten_by", "has_played", "emperor_called_played", "hand_no", "hands_total", "totals",
                 "tuoguan", "tuoguan_count", "left", "start", "next_start", "last_scores", "last_places",
                 "dissolved")
PHASE_RULE = {"abdicate": "B-7", "call": "B-8", "pot": "B-11", "declare": "B-14", "grab": "B-9",
              "mingbao": "B-16", "rebellion": "B-18", "play": "B-29", "over": "B-33"}
_ACTIONS: list[dict[int, Action]] = [{} for _ in range(N)]  # per seat, by id of the interned play
PASS = tuple(Action(s, "pass") for s in range(N))
RANG = tuple(Action(s, "rang") for s in range(N))
JIEFENG = tuple(Action(s, "jiefeng") for s in range(N))


def _no(rule: str, msg: str, zh: str = "") -> Refusal:
    return Refusal(rule, msg, zh or zh_for(rule, ZH))


def _play_action(seat: int, p: Play) -> Action:
    table = _ACTIONS[seat]
    a = table.get(id(p))
    if a is None or a.play is not p:
        a = table[id(p)] = Action(seat, "play", p)
    return a


_PLAY_ACTION = tuple(functools.partial(_play_action, s) for s in range(N))


class State(TablePlay):
    """One Baohuang match. ``deal`` (tests only) fixes the first hand's cards instead of shuffling."""

    def __init__(self, rules: Rules | None = None, seed: int = 0, hands: int = 1,
                 deal: list[list[Card]] | None = None,
                 entropy: Mapping[int, Sequence[bytes | None]] | None = None) -> None:
        super().__init__(rules if rules is not None else Rules(), seed, hands, entropy)
        self._deal(deal)
        self.history.extend(self._out)
        self._out = []

    # -- queries ----------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, seat: int) -> LegalActions:
        if self.phase == "over" or seat != self.to_act:
            return EMPTY
        if self.tuoguan[seat]:
            auto = self.auto_action(seat)
            return LegalActions(fixed=(auto,), check=lambda a: a == auto)
        check = self._is_legal
        if self.phase != "play":
            return LegalActions(fixed=tuple(self._selection_actions(seat)), check=check)
        fixed = self._answer_fixed(seat) if self.top is not None else ()
        return LegalActions(fixed=fixed, plays=lambda: map(_PLAY_ACTION[seat], self._plays(seat)), check=check,
                            count=lambda: len(self._plays(seat)))

    def _entry(self, seat: int) -> list[Any]:
        """The cache of ``seat``: [top, hand version, plays, (unused), the plays' ids or None]."""
        c = self._cache[seat]
        if c is not None and c[0] is self.top and c[1] == self._ver[seat]:
            return c
        plays = tuple(self._leads(seat) if self.top is None else self._answers(seat))
        c = self._cache[seat] = [self.top, self._ver[seat], plays, None, None]
        return c

    def _plays(self, seat: int) -> tuple[Play, ...]:
        """The plays ``seat`` may make now, cached until its hand or the table changes."""
        plays: tuple[Play, ...] = self._entry(seat)[2]
        return plays

    def _offered(self, seat: int, play: Play) -> bool:
        """Whether ``play`` (this very interned object) is among the plays offered to ``seat`` now."""
        c = self._entry(seat)
        if c[4] is None:
            c[4] = frozenset(map(id, c[2]))
        return id(play) in c[4]  # both objects are alive, so equal ids mean the same object

    def _answer_fixed(self, seat: int) -> tuple[Action, ...]:
        rang = self.lap == 1 and self.rules.options.allow_rang  # B-29
        if self._jiefeng_ok(seat):
            return (PASS[seat], RANG[seat], JIEFENG[seat]) if rang else (PASS[seat], JIEFENG[seat])
        return (PASS[seat], RANG[seat]) if rang else (PASS[seat],)

    def _jiefeng_ok(self, seat: int) -> bool:
        """B-31: the 下家 of a 底牌 (the first seat after it still holding cards) may apply on the first lap."""
        ts = self.top_seat
        if self.lap != 1 or ts is None or self.hands[ts] or seat != self.queue[0]:
            return False
        return seat == next(s for s in self._order_from(ts) if self.hands[s])

    def _is_legal(self, a: Action) -> bool:
        return self._refusal(a) is None

    def _own_play(self, play: Play) -> Play:
        """The interned play of these rules for ``play`` (re-read when it was made under other options)."""
        try:
            if make_play(self.rules.play_rules, play.shape) is play:
                return play
        except RuleError:
            pass
        return self.rules.parse(play.text)

    def _refusal(self, a: Action) -> Refusal | None:
        if self.phase == "over":
            return _no("B-33", "the game is over")
        rule = PHASE_RULE.get(self.phase, "B-17")
        if a.seat != self.to_act:
            return _no(rule, f"it is not seat {a.seat}'s turn (seat {self.to_act} acts in phase {self.phase})")
        if self.tuoguan[a.seat] and a != self.auto_action(a.seat):
            return _no("B-46", "a seat in 托管 plays its automatic move (cancel 托管 first)")
        if self.phase != "play":
            if a in self._selection_actions(a.seat):
                return None
            return _no(rule, f"{a.token} is not a choice in phase {self.phase}")
        if a.kind != "play":
            if self.top is None:
                return _no("B-28", "the leader must lead")
            if a.play is None and a.arg is None and a in self._answer_fixed(a.seat):
                return None
            return _no("B-29", f"{a.token} is not allowed now")
        if a.play is None:
            return _no("B-20", "a play action needs a play")
        if a.arg is None and self._offered(a.seat, a.play):
            return None
        try:
            p = self._own_play(a.play)
            if a.arg is not None:
                cards = [Card.parse(t) for t in a.arg.split()]
                if not holds(self.hands[a.seat], cards):
                    return _no("B-19", f"seat {a.seat} does not hold {a.arg}")
                if play_of(self.rules.play_rules, cards) != p:
                    return _no("B-19", f"the cards {a.arg} do not make {p.text}", "这些牌组不成这一手")
        except RuleError as exc:
            return _no(exc.rule, exc.reason)
        if not self._play_ok(a.seat, p):
            if not self._can(a.seat, p):
                return _no("B-19", f"seat {a.seat} does not hold {p.text}")
            if self.rules.options.bie_lowest and p.natural_rank == self.rules.lowest:
                return _no("B-22", "the lowest rank may only be the final play, all of it and nothing else")
            return _no("B-25" if not self.rules.options.kaopai else "B-26", f"{p.text} does not beat {self.top}")
        return None

    def _can(self, seat: int, p: Play) -> bool:
        from engine.plays import can_make
        return can_make(self.counts[seat], p)

    # -- apply ------------------------------------------------------------------------------------

    def apply(self, action: Action, checked: bool = True) -> list[Event]:
        """Apply ``action``; an illegal one raises IllegalAction (with the rule id) and changes nothing.
        ``checked=False`` skips that check — only for actions just taken from ``legal_actions`` (search
        rollouts, where the check is a tenth of the time)."""
        if action.kind in HOST_KINDS:
            self._out = []
            self._host(action)
        else:
            bad = self._refusal(action) if checked else None
            if bad is not None:
                raise bad.error()
            self._out = []
            seat = action.seat
            if self.phase != "play":
                self._apply_selection(action)
            elif action.kind == "play":
                assert action.play is not None
                p = action.play if not checked or self._offered(seat, action.play) else self._own_play(action.play)
                if action.arg is not None:
                    cards = [Card.parse(t) for t in action.arg.split()]
                else:
                    cards = pick_cards(self.hands[seat], p, self._reveals(seat))
                self._do_play(seat, p, cards)
            else:
                self._pass(seat, action.kind)
        events = self._out
        self._out = []
        self.actions.append(action)
        self.action_events.append(events)
        self.history.extend(events)
        return list(events)

    def _host(self, a: Action) -> None:
        s = a.seat
        if self.phase == "over":
            raise IllegalAction("B-33", "the game is over")
        if not 0 <= s < N:
            raise IllegalAction("C-8", f"no seat {s}")
        if a.kind == "tuoguan":
            if self.tuoguan[s]:
                raise IllegalAction("B-46", f"seat {s} is already in 托管")
            self.tuoguan[s] = True
            self.tuoguan_count[s] += 1
            self.stats["tuoguan"] += 1
            self._ev("tuoguan", {"seat": s, "on": True, "reason": a.arg or "button"})
        elif a.kind == "untuoguan":
            if not self.tuoguan[s]:
                raise IllegalAction("B-46", f"seat {s} is not in 托管")
            if self.left[s] or self.tuoguan_count[s] > self.rules.options.autoplay_lock:
                raise IllegalAction("B-47", f"seat {s} was put into 托管 too often and cannot cancel it")
            self.tuoguan[s] = False
            self._ev("tuoguan", {"seat": s, "on": False, "reason": "cancel"})
        else:
            if self.left[s]:
                raise IllegalAction("B-49", f"seat {s} has already left")
            self.left[s] = True
            pen = self.rules.options.leave_penalty
            self.totals[s] -= pen
            self.stats["leave"] += 1
            if not self.tuoguan[s]:
                self.tuoguan[s] = True
                self.tuoguan_count[s] += 1
            self._ev("leave", {"seat": s, "penalty": pen})

    def auto_action(self, seat: int) -> Action:
        """B-46: the 托管 move — decline what is optional, forced calls lowest first, lead the lowest single."""
        ph = self.phase
        if ph == "play":
            if self.top is not None:
                return Action(seat, "pass")
            leads = list(self._leads(seat))
            singles = [p for p in leads if p.n_cards == 1]
            pool = singles or leads
            best = min(pool, key=lambda p: (p.n_cards, p.values))
            return _play_action(seat, best)
        acts = self._selection_actions(seat)
        kinds = [a.kind for a in acts]
        # Chosen (B-46 says only "unless forced"): under 托管, X^ back at its original holder after one
        # round, or the last bidder of the pot, counts as forced — so a table in 托管 always finds an emperor.
        if "accept" in kinds and ((ph == "abdicate" and self.passes >= N)
                                  or (ph == "pot" and (seat + 1) % N == self.origin)):
            return acts[kinds.index("accept")]
        for k in ("decline", "abdicate"):
            if k in kinds:
                return acts[kinds.index(k)]
        calls = [a for a in acts if a.kind == "call"]
        if ph == "declare" and calls:
            ids = self._exactly_three(seat)
            if ids:
                return Action(seat, "call", arg=ids[0])
        return calls[0] if calls else acts[0]

    # -- data out ---------------------------------------------------------------------------------

    def action_from_json(self, d: Any) -> Action:
        try:
            seat = int(d["seat"])
            kind = str(d["kind"])
            play = self.rules.parse(str(d["play"])) if d.get("play") is not None else None
            arg = str(d["arg"]) if d.get("arg") is not None else None
        except RuleError as exc:
            raise IllegalAction(exc.rule, exc.reason) from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise IllegalAction("C-9", f"not an action: {d!r} ({exc})") from None
        return Action(seat, kind, play, arg)

    def places(self) -> list[int | None]:
        out: list[int | None] = [None] * N
        for i, s in enumerate(self.finished):
            out[s] = i + 1
        return out

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` would be refused now (rule id, both languages), or None when ``apply`` takes it."""
        if action.kind in HOST_KINDS:
            try:
                self.clone()._host(action)
            except RuleError as exc:
                return Refusal.of(exc)
            return None
        return self._refusal(action)

    def action_for_cards(self, seat: int, cards: Sequence[str], kind: str = "play") -> Action | Refusal:
        """The action that plays the selected ``cards`` (card strings such as ``"9c"``, ``"X^"``), or why not.

        The action names the very cards (``arg``), because in Baohuang which cards go matters: the called
        card, ``x^`` or ``Z`` reveal the guard (B-19)."""
        if kind != "play":  # a choice that names one card (叫牌 ``call``: the called identity, B-14) or none
            if len(cards) > 1:
                return _no(PHASE_RULE.get(self.phase, "B-17"), "choose one card")
            try:
                arg = str(Card.parse(cards[0])) if cards else None
            except RuleError as exc:
                return _no(exc.rule, exc.reason)
            a = Action(seat, kind, None, arg)
        else:
            try:
                chosen = [Card.parse(c) for c in cards]
            except RuleError as exc:
                return _no(exc.rule, exc.reason)
            if not chosen:
                return _no("C-6", "select the cards to play")
            try:
                play = play_of(self.rules.play_rules, chosen)
            except RuleError as exc:
                return _no(exc.rule, exc.reason)
            a = Action(seat, "play", play, " ".join(str(c) for c in chosen))
        why = self.refusal(a)
        return why if why is not None else a

    def returns(self) -> list[float]:
        """The match result per seat: the running totals (B-42)."""
        return [float(t) for t in self.totals]

    def view(self, seat: int | None, with_history: bool = True) -> dict[str, Any]:
        """What ``seat`` may know (None = a spectator). The guard appears only to himself until revealed.

        The common header of :class:`engine.api.ViewHeader` plus Baohuang's own keys (see the package
        docstring); ``with_history=False`` leaves out ``history``."""
        me = seat if seat is not None and 0 <= seat < N else None
        guard = self.guard if (self.guard_public or (me is not None and me == self.guard)) else None
        solo = self.solo
        if solo == "an" and not (self.guard_public or me == self.emperor):
            solo = None
        if me is None:
            role = None
        elif me == self.emperor:
            role = "emperor"
        elif me == self.guard:
            role = "guard"
        elif self.emperor is not None and self.phase in ("mingbao", "rebellion", "play", "over"):
            role = "rebel"
        else:
            role = None
        if solo == "an" and self.guard_public:
            guard = None
        return {
            "game": self.game, "seat": me, "n_seats": N, "phase": self.phase, "to_act": self.to_act,
            "options": self.rules.options.as_dict(),
            "hand": self._strs(self.hands[me]) if me is not None else [],
            "counts": [len(h) for h in self.hands],
            "set_no": self.hand_no, "hand_no": self.hand_no, "hands": self.hands_total,
            "trick": [dict(t) for t in self.trick], "top": self.top.text if self.top else None,
            "lap": self.lap, "rang": list(self.rang),
            "finished": list(self.finished), "places": self.places(),
            "scores": list(self.last_scores) if self.last_scores is not None else None,
            "totals": list(self.totals),
            "emperor": self.emperor, "x_holder": self.holder, "called": self.called, "solo": solo,
            "guard": guard, "guard_public": self.guard_public, "role": role, "mingbao": self.mingbao,
            "rebels": list(self.rebels), "transit": len(self.transit),
            "tuoguan": list(self.tuoguan), "left": list(self.left),
            "lone_accept": me is not None and self._lone_accept(me),
            "state": self._public_state(solo, guard),
            "history_policy": "match",
        } | ({"history": [e.to_json() for e in self.history if e.visible_to(me)]} if with_history else {})

    def _public_state(self, solo: str | None, guard: int | None) -> dict[str, Any]:
        """The public machine state (for :meth:`from_view`); roles as the viewer knows them."""
        out: dict[str, Any] = {name: copy.copy(getattr(self, name)) for name in PUBLIC_FIELDS}
        out["played"] = [str(c) for c in self.played]
        out["top"] = self.top.text if self.top is not None else None
        out["qing_due"] = [list(x) for x in self.qing_due]
        out["trick"] = [dict(t) for t in self.trick]
        out["solo"], out["guard"] = solo, guard
        return out

    @classmethod
    def from_view(cls, view: dict[str, Any], hands: list[list[Card]], seed: int = 0) -> State:
        """Determinization for search bots: the public state of ``view`` with every hand filled in from
        ``hands`` (the viewer's own included; the guard's ``Z`` as ``Z(9c)``). Roles the viewer does not know
        (the guard, 暗独保) follow from ``hands``. Later deals are drawn from ``seed``; history starts empty."""
        pub = view["state"]
        rules = Rules(dict(view["options"]))
        st = cls.__new__(cls)
        TablePlay.__init__(st, rules, seed, int(pub["hands_total"]))
        for s in range(N):
            st._set_hand(s, list(hands[s]))
        for name in PUBLIC_FIELDS:
            val = pub[name]
            setattr(st, name, list(val) if isinstance(val, list) else val)
        st.played = [Card.parse(c) for c in pub["played"]]
        st.top = rules.parse(pub["top"]) if pub["top"] else None
        st.qing_due = [(int(a), int(b)) for a, b in pub["qing_due"]]
        st.trick = [dict(t) for t in pub["trick"]]
        st.transit = []
        st.solo, st.guard = pub["solo"], pub["guard"]
        st._derive_roles()
        st.history, st.actions, st.action_events, st._out = [], [], [], []
        st.stats = Counter()
        st._cache = [None] * N
        st._ver = [v + 1 for v in st._ver]
        return st

    def _derive_roles(self) -> None:
        """The secret roles of a determinized world, from its hands (see :meth:`from_view`)."""
        e = self.emperor
        if e is None or self.solo in ("ming", "grab") or self.phase not in ("mingbao", "rebellion", "play"):
            return
        if self.guard_public or self.guard is not None:  # revealed, or the viewer is the guard
            return
        if self.rules.options.guard_mode == "marked-small-joker":
            g = self._holder_of(lambda c: c.rank == SMALL and c.mark == "^")
        else:
            called = self.called
            g = next((s for s in range(N) if s != e and any(
                identity(c) == called or (c.rank == SUPER and c.mark == called) for c in self.hands[s])), None)
        if g is None or g == e:
            self.solo, self.guard = "an", None
        else:
            self.solo, self.guard = None, g

    def clone(self) -> State:
        new = copy.copy(self)
        for name, val in vars(self).items():
            if isinstance(val, Counter):
                setattr(new, name, Counter(val))
            elif isinstance(val, list):
                setattr(new, name, [list(x) if isinstance(x, list) else x for x in val])
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.fair = self.fair.copy()
        return new

    def iter_legal(self, seat: int) -> Iterator[Action]:
        return iter(self.legal_actions(seat))


__all__ = ["State"]
