"""The Shengji match state machine (RULES.md S-4a): deal with declarations, the bottom, 25 tricks, scoring,
levels, the next hand — until a side wins as banker at A (S-23), or after ``hands`` hands when set.

Action kinds, one seat at a time: ``declare`` (``arg`` = the cards shown: ``2h``, ``2h2h``, ``xx``, ``XX``;
a standing single's second card makes ``2h2h`` a 加固) · ``pass`` (no declaration now) · ``bury`` (``arg`` =
the 8 cards put back, S-10) · ``play`` (``arg`` = the cards led or followed, S-15 … S-18). After each draw the
drawer is asked, and in the final round every seat is asked in turn, whether able to declare or not, so that
being asked reveals nothing (S-9a: a seat that cannot declare can only pass).

验证洗牌 (engine.fairness): every shuffled deal is ``engine.shengji.dealing`` of a seed the public
``shuffle_commit`` binds; right after it each seat gets a private ``deal`` with an empty hand (the cards
come one ``draw`` at a time, so nobody learns a card before drawing it), and when the 100th card is drawn a
private ``deal`` with the seat's 25 cards, the hand a player checks against the seed. ``shuffle_reveal``
follows ``hand_over``, for every deal of the hand (redeals too). A fixed ``deal=`` gets no commitment.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator, Mapping, MutableSequence, Sequence
from typing import Any

from engine.api import Refusal
from engine.core import EMPTY, Action, Event, LegalActions
from engine.errors import IllegalAction, RuleError
from engine.fairness import Ledger
from engine.shengji import declare as dec
from engine.shengji import scoring
from engine.shengji.dealing import draw_order
from engine.shengji.rules import Rules
from engine.trick.cards import SUITS, TEXT, Cards, codes_of, full_pack, notation, parse_codes, points
from engine.trick.follow import Follows, follow_refusal, system_items, throw_blockers
from engine.trick.order import TRUMP, Order, standard_order
from engine.trick.picks import Picks, Subsets
from engine.trick.units import Lead, judge, parse_lead

N = 4
HAND_SIZE = 25
BOTTOM_SIZE = 8
DEAL_SIZE = N * HAND_SIZE
PATHS = ("declare", "override", "redeal", "bottom_exchange", "throw", "throw_failed", "ruff", "overruff",
         "bottom_capture", "bank_kept", "bank_lost", "level_up", "match_won", "hands")
PHASE_RULE = {"deal": "S-9a", "declare": "S-9a", "bury": "S-10", "play": "S-15", "over": "S-23"}
PUBLIC_FIELDS = ("phase", "to_act_seat", "hands_total", "hand_no", "levels", "totals", "last_scores", "banker",
                 "first_drawer", "redeals", "deal_pos", "decl_first", "pair_suits", "declarations", "passes",
                 "trump", "level", "leader", "trick_no", "defender_points", "captured", "match_winner",
                 "last_result", "bottom_flipped")


def _team(seat: int) -> int:
    return seat % 2


class State:
    """One Shengji match. ``hands`` > 0 stops after that many hands (tests, demos); 0 plays to S-23.
    ``deal`` (tests only) fixes the first deal: the 108 cards in the order they are drawn, the bottom last.
    ``entropy``: the LAN seats' 32-byte contributions per deal number (engine.fairness)."""

    draws = DEAL_SIZE  # cards drawn one at a time before the final declaration round (三五番: SF-2)

    game = "shengji"
    n_seats = N
    path_names: tuple[str, ...] = PATHS

    def __new__(cls, rules: Rules | None = None, *args: Any, **kwargs: Any) -> State:
        """``State(Rules(variant="sanwufan"))`` is the 三五番 match (engine.shengji.sanwufan_state, Part SF)."""
        if cls is State and rules is not None and rules.options.sanwufan:
            from engine.shengji.sanwufan_state import SanwufanState
            return super().__new__(SanwufanState)
        return super().__new__(cls)

    def __init__(self, rules: Rules | None = None, seed: int = 0, hands: int = 0,
                 deal: Sequence[str] | str | None = None, first_drawer: int | None = None,
                 entropy: Mapping[int, Sequence[bytes | None]] | None = None) -> None:
        self.rules = rules if rules is not None else Rules()
        self.seed = seed
        self.fair = Ledger(seed, N, {k: list(v) for k, v in (entropy or {}).items()})
        self.rng = random.Random(seed)
        self.hands_total = hands
        self.history: list[Event] = []
        self.actions: list[Action] = []
        self.action_events: list[list[Event]] = []
        self.stats: Counter[str] = Counter()
        self._out: list[Event] = []
        self.levels = [0, 0]  # per team: {0, 2} and {1, 3}; indices into 2 … A
        self.totals = [0] * N
        self.last_scores: list[int] | None = None
        self.hand_no = 0
        self.banker: int | None = None
        self.first_drawer = 0
        self.redeals = 0
        self.match_winner: int | None = None
        self.last_result: dict[str, Any] | None = None
        self.hand_start = 0
        self._first_drawer = first_drawer
        self._fixed_deal = [c for c in parse_codes("".join(deal))] if deal is not None else None
        if self._fixed_deal is not None and sorted(self._fixed_deal) != sorted(full_pack()):
            raise ValueError("a fixed deal must hold the 108 cards of two decks")
        self._new_hand()
        self.history.extend(self._out)
        self._out = []

    # -- the deal and declarations (S-8, S-9, S-9a, S-9b) -------------------------------------------------

    def _new_hand(self) -> None:
        self.hand_no += 1
        self.hand_start = len(self.history) + len(self._out)
        if self.banker is None and self.hand_no == 1 and self.redeals == 0:
            self.first_drawer = self.rng.randrange(N)  # S-8: the shuffle's generator picks the first drawer
            if self._first_drawer is not None:
                self.first_drawer = self._first_drawer
        elif self.banker is not None:
            self.first_drawer = self.banker
        self.level = self.levels[_team(self.banker)] if self.banker is not None else self.levels[0]
        self._ev("hand_start", {"hand_no": self.hand_no, "banker": self.banker, "first_drawer": self.first_drawer,
                                "level": scoring.LEVELS[self.level],
                                "levels": [scoring.LEVELS[x] for x in self.levels]})
        self._shuffle()

    def _shuffle(self) -> None:
        if self._fixed_deal is not None:
            self.pack = list(self._fixed_deal)
            self._fixed_deal = None
        else:  # 验证洗牌: the hash of this deal's seed is public before any card is drawn
            shuffle = self.fair.next_deal()
            self._ev("shuffle_commit", self.fair.commit_event(shuffle))
            self.pack = draw_order(shuffle.seed, self.first_drawer)
        for s in range(N):
            self._ev("deal", {"seat": s, "cards": [], "draws": HAND_SIZE}, to=(s,))
        self.held: list[list[int]] = [[0] * 54 for _ in range(N)]  # per seat, how many of each card code
        self.deal_pos = 0
        self.decl: dec.Declaration | None = None
        self.decl_first: int | None = None
        self.pair_suits: list[int] = []
        self.declarations: list[dict[str, Any]] = []
        self.passes = 0
        self.trump: int | None = None
        self.order: Order = standard_order(self.level, None, self.rules.options.skip_level_adjacent)
        self.bottom: list[int] = []
        self.buried: list[int] = []
        self.bottom_flipped: list[str] | None = None
        self.leader = 0
        self.trick: list[tuple[int, tuple[int, ...]]] = []
        self.lead: Lead | None = None
        self.trick_no = 0
        self.defender_points = 0
        self.captured: list[list[int]] = [[], []]
        self.played: list[int] = []
        self.last_trick: list[tuple[int, tuple[int, ...]]] = []
        self.last_trick_winner: int | None = None
        self.phase = "deal"
        self._cache: tuple[int, int, Any] | None = None
        self._draw()

    def _draw(self) -> None:
        seat = (self.first_drawer + self.deal_pos) % N
        card = self.pack[self.deal_pos]
        self.held[seat][card] += 1
        self.deal_pos += 1
        self._ev("draw", {"seat": seat, "card": TEXT[card], "n": self.deal_pos}, to=(seat,))
        self._ev("drew", {"seat": seat, "n": self.deal_pos})
        if self.deal_pos == DEAL_SIZE:  # every hand is complete: what each player checks against the seed
            for s in range(N):
                self._ev("deal", {"seat": s, "cards": [TEXT[c] for c in codes_of(self.held[s])]}, to=(s,))
        self.to_act_seat: int | None = seat

    def _showing_refusal(self, seat: int, arg: str) -> tuple[str, str, str] | None:
        try:
            codes = parse_codes(arg)
        except RuleError as e:
            return (e.rule, e.reason, "不是牌")
        show = next((s for s in dec.showings(self.held[seat], self.level, self.rules.options.no_trump)
                     if sorted(parse_codes(s[2])) == sorted(codes)), None)
        if show is None:
            return ("S-9", f"{arg} is not a declaration you hold (a level card, a level pair, or a joker pair)",
                    "不能这样亮主（级牌、级牌对子或一对王）")
        return dec.refusal(self.rules.options, seat, show[0], show[1], self.decl, frozenset(self.pair_suits))

    def _declare_actions(self, seat: int) -> tuple[Action, ...]:
        out = [Action(seat, "pass")]
        for strength, suit, cards in dec.showings(self.held[seat], self.level, self.rules.options.no_trump):
            if dec.refusal(self.rules.options, seat, strength, suit, self.decl, frozenset(self.pair_suits)) is None:
                out.append(Action(seat, "declare", arg=cards))
        return tuple(out)

    def _do_declare(self, seat: int, arg: str) -> None:
        codes = sorted(parse_codes(arg))
        strength, suit, cards = next(s for s in dec.showings(self.held[seat], self.level,
                                                             self.rules.options.no_trump)
                                     if sorted(parse_codes(s[2])) == codes)
        prev = self.decl
        reinforced = prev is not None and prev.seat == seat
        self.decl = dec.Declaration(seat, strength, suit, reinforced, cards)
        if strength == dec.PAIR and suit is not None:
            self.pair_suits.append(suit)
        if self.decl_first is None:
            self.decl_first = seat
        kind = "reinforce" if reinforced else "declare" if prev is None else "override"
        self.stats[kind] += 1
        self.declarations.append({"seat": seat, "cards": cards, "kind": kind})
        self._ev("declare", {"seat": seat, "cards": cards, "kind": kind,
                             "trump": SUITS[suit] if suit is not None else None})

    def _after_declaration_step(self, seat: int, declared: bool) -> None:
        if self.phase == "deal":
            if self.deal_pos < self.draws:
                self._draw()
                return
            self.phase = "declare"
            self.passes = 0
            self.to_act_seat = (seat + 1) % N
            self._ev("final_round", {"first": self.to_act_seat})
            return
        self.passes = 0 if declared else self.passes + 1
        if self.passes >= N:
            self._fix_trump()
        else:
            self.to_act_seat = (seat + 1) % N

    def _fix_trump(self) -> None:
        o = self.rules.options
        self.bottom = list(self.pack[DEAL_SIZE:])
        if self.decl is not None:
            self.trump = self.decl.suit
            if self.banker is None:
                self.banker = self.decl_first if o.first_banker == "first_declarer" and self.decl_first is not None \
                    else self.decl.seat
            how = "declared"
        else:
            policy = o.no_declaration_first if self.banker is None else o.no_declaration
            if policy == "redeal" and self.redeals >= 3:
                policy = "flip_bottom"  # S-9b: after three redeals in a row every hand is played
            if policy == "redeal":
                self.redeals += 1
                self.stats["redeal"] += 1
                self._ev("redeal", {"first_drawer": self.first_drawer, "redeals": self.redeals})
                self._shuffle()
                return
            if self.banker is None:
                self.banker = self.first_drawer  # S-6: nobody declared, the first drawer is banker
            if policy == "no_trump":
                self.trump = None
            else:
                self.trump = self._flip_trump()
                self.bottom_flipped = [TEXT[c] for c in self.bottom]
            how = policy
        self.redeals = 0
        self.level = self.levels[_team(self.banker)]
        self.order = standard_order(self.level, self.trump, o.skip_level_adjacent)
        b = self.banker
        for c in self.bottom:
            self.held[b][c] += 1
        data: dict[str, Any] = {"banker": b, "trump": SUITS[self.trump] if self.trump is not None else None,
                                "level": scoring.LEVELS[self.level], "how": how}
        if self.bottom_flipped is not None:
            data["flipped"] = list(self.bottom_flipped)
        self._ev("trump", data)
        self._ev("bottom_taken", {"seat": b, "cards": notation(self.bottom)}, to=(b,))
        self.phase = "bury"
        self.to_act_seat = b

    def _flip_trump(self) -> int:
        """S-9b flip_bottom: the first level card turned names the trump, else the highest suited rank."""
        for c in self.bottom:
            if c < 52 and c % 13 == self.level:
                return c // 13
        best: int | None = None
        for c in self.bottom:
            if c < 52 and (best is None or c % 13 > best % 13):
                best = c
        assert best is not None  # 8 cards, at most 4 jokers
        return best // 13

    # -- queries -------------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return None if self.phase == "over" else self.to_act_seat

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, seat: int) -> LegalActions:
        if self.phase == "over" or seat != self.to_act_seat:
            return EMPTY
        if self.phase in ("deal", "declare"):
            fixed = self._declare_actions(seat)
            return LegalActions(fixed=fixed, check=self._is_legal)
        space = self._space(seat)
        kind = "bury" if self.phase == "bury" else "play"

        def nth(k: int) -> Action:
            return Action(seat, kind, arg=notation(space.nth(k)))

        def plays() -> Iterator[Action]:
            return (nth(k) for k in range(space.count))

        return LegalActions(plays=plays, check=self._is_legal, count=lambda: space.count, nth=nth)

    def _space(self, seat: int) -> Any:
        """The legal bury / lead / follow card sets of ``seat`` now (counted and indexed, cached per action)."""
        key = (len(self.actions), seat)
        if self._cache is not None and self._cache[:2] == key:
            return self._cache[2]
        hand = tuple(self.held[seat])
        space: Any
        if self.phase == "bury":
            space = Picks([(c, k) for c, k in enumerate(hand) if k], BOTTOM_SIZE)
        elif not self.trick:
            space = _Leads(hand, self.order)
        else:
            assert self.lead is not None
            o = self.rules.options
            space = Follows(hand, self.lead, self.order, o.follow_type_required, o.tractor_protection != "none")
        self._cache = (key[0], key[1], space)
        return space

    def _is_legal(self, a: Action) -> bool:
        return self._refusal(a) is None

    def refusal(self, action: Action) -> Refusal | None:
        bad = self._refusal(action)
        return Refusal(*bad) if bad is not None else None

    def _refusal(self, a: Action) -> tuple[str, str, str] | None:
        if self.phase == "over":
            return ("S-23", "the match is over", "比赛已经结束")
        if a.seat != self.to_act_seat:
            return (PHASE_RULE[self.phase], f"it is seat {self.to_act_seat}'s turn, not seat {a.seat}'s",
                    f"现在轮到{self.to_act_seat}号位，不是{a.seat}号位")
        if self.phase in ("deal", "declare"):
            if a.kind == "pass" and a.arg is None and a.play is None:
                return None
            if a.kind != "declare" or a.arg is None:
                return ("S-9a", "now: declare a trump or pass", "现在只能亮主或不亮")
            return self._showing_refusal(a.seat, a.arg)
        want = "bury" if self.phase == "bury" else "play"
        if a.kind != want or a.arg is None or a.play is not None:
            what = ("bury 8 cards", "扣8张底牌") if want == "bury" else ("play cards", "出牌")
            return (PHASE_RULE[self.phase], f"now: {what[0]}", f"现在应该{what[1]}")
        try:
            codes = parse_codes(a.arg)
        except RuleError as e:
            return (e.rule, e.reason, "不是牌")
        hand = self.held[a.seat]
        need: dict[int, int] = {}
        for c in codes:
            need[c] = need.get(c, 0) + 1
        if any(hand[c] < k for c, k in need.items()):
            return ("S-16" if self.trick else "S-15" if want == "play" else "S-10", "those cards are not in your hand",
                    "手中没有这些牌")
        if want == "bury":
            if len(codes) != BOTTOM_SIZE:
                return ("S-10", f"bury exactly {BOTTOM_SIZE} cards, not {len(codes)}", f"必须扣{BOTTOM_SIZE}张牌")
            return None
        if not self.trick:
            if not codes:
                return ("S-15", "a lead needs at least one card", "至少出一张牌")
            sysc = {self.order.system[c] for c in codes}
            if len(sysc) != 1:
                return ("S-15", "a lead is cards of one suit, or all trumps", "首家出牌必须是同一门花色或都是主牌")
            return None
        assert self.lead is not None
        o = self.rules.options
        return follow_refusal(tuple(hand), self.lead, codes, self.order, o.follow_type_required,
                              o.tractor_protection != "none")

    # -- applying ----------------------------------------------------------------------------------

    def apply(self, action: Action, checked: bool = True) -> list[Event]:
        """Apply ``action``; an illegal one raises IllegalAction (rule id and reason) and changes nothing."""
        if checked:
            bad = self._refusal(action)
            if bad is not None:
                raise Refusal(*bad).error()
        self._out = []
        seat = action.seat
        if self.phase in ("deal", "declare"):
            declared = action.kind == "declare"
            if declared:
                assert action.arg is not None
                self._do_declare(seat, action.arg)
            else:
                self._ev("pass", {"seat": seat, "phase": self.phase})
            self._after_declaration_step(seat, declared)
        elif self.phase == "bury":
            assert action.arg is not None
            self._bury(seat, parse_codes(action.arg))
        else:
            assert action.arg is not None
            self._play(seat, parse_codes(action.arg))
        events = self._out
        self._out = []
        self.actions.append(action)
        self.action_events.append(events)
        self.history.extend(events)
        return list(events)

    def _ev(self, kind: str, data: Mapping[str, Any], to: tuple[int, ...] | None = None) -> None:
        self._out.append(Event(kind, dict(data), to))

    def _bury(self, seat: int, codes: list[int]) -> None:
        for c in codes:
            self.held[seat][c] -= 1
        self.buried = sorted(codes)
        if self.buried != sorted(self.bottom):
            self.stats["bottom_exchange"] += 1
        self._ev("buried", {"seat": seat})
        self._ev("bottom", {"seat": seat, "cards": notation(codes)}, to=(seat,))
        self.phase = "play"
        self.leader = seat
        self.to_act_seat = seat

    def _play(self, seat: int, codes: list[int]) -> None:
        o = self.rules.options
        if not self.trick:
            lead = parse_lead(Cards(codes), self.order)
            if lead.is_throw:
                others = [(seat + i) % N for i in (1, 2, 3)]
                if o.throw_check == "opponents":
                    others = [s for s in others if _team(s) != _team(seat)]
                hit = throw_blockers(lead, [tuple(self.held[s]) for s in others], self.order)
                if hit is not None:
                    unit, who = hit
                    self.stats["throw_failed"] += 1
                    data: dict[str, Any] = {"seat": seat, "cards": notation(codes), "forced": notation(unit.codes)}
                    if o.show_throw_blocker:
                        data["blocker"] = others[who]
                    pen = o.throw_fail_penalty
                    if pen:
                        self.defender_points += -pen if _team(seat) != _team(self._banker()) else pen
                        data["penalty"] = pen
                    self._ev("throw_failed", data)
                    codes = list(unit.codes)
                    lead = parse_lead(Cards(codes), self.order)
                else:
                    self.stats["throw"] += 1
            self.lead = lead
        assert self.lead is not None
        for c in codes:
            self.held[seat][c] -= 1
        self.trick.append((seat, tuple(sorted(codes))))
        if len(self.trick) == 1:
            win_index = 0
            self._ev("play", {"seat": seat, "cards": notation(codes), "role": "lead", "kind": self.lead.kind,
                              "winning": seat})
        else:
            j = judge([list(p) for _, p in self.trick], self.lead, self.order, o.throw_overruff)
            win_index, role = j.winner, j.roles[-1]
            if role == "ruff":
                self.stats["ruff"] += 1
                if j.beat[-1] and "ruff" in j.roles[:-1]:
                    self.stats["overruff"] += 1
            self._ev("play", {"seat": seat, "cards": notation(codes), "role": role, "kind": None,
                              "winning": self.trick[win_index][0]})
        if len(self.trick) < N:
            self.to_act_seat = (seat + 1) % N
            return
        winner = self.trick[win_index][0]
        cards = [c for _, p in self.trick for c in p]
        pts = points(cards)
        if _team(winner) != _team(self._banker()):
            self.defender_points += pts
        self.captured[_team(winner)].extend(c for c in cards if points([c]))
        self.played.extend(cards)
        self.trick_no += 1
        self._ev("trick", {"n": self.trick_no, "winner": winner, "points": pts,
                           "defender_points": self.defender_points})
        self.last_trick = list(self.trick)
        self.last_trick_winner = winner
        if sum(self.held[winner]):
            self.trick = []
            self.leader = winner
            self.to_act_seat = winner
            return
        self._end_hand(win_index)

    @property
    def hands(self) -> list[_Hand]:
        """Each seat's cards as notation strings (``"As"``), a live view of ``held``: writing a card into a
        hand changes the state (the contract suite's secrecy check swaps cards through it)."""
        return [_Hand(self.held[s]) for s in range(N)]

    def _banker(self) -> int:
        assert self.banker is not None
        return self.banker

    # -- the end of a hand (S-19 … S-23) -------------------------------------------------------------------

    def _end_hand(self, win_index: int) -> None:
        o = self.rules.options
        b = self._banker()
        bt, dt = _team(b), 1 - _team(b)
        assert self.lead is not None
        winner, wplay = self.trick[win_index]
        defenders_last = _team(winner) == dt
        by_trumps = all(self.order.is_trump(c) for c in wplay)
        jack = len(wplay) == 1 and wplay[0] < 52 and wplay[0] % 13 == self.level
        s = scoring.settle(o, self.defender_points, b, self.levels[bt], self.levels[dt], points(self.buried),
                           self.lead, defenders_last, by_trumps, jack)
        self._ev("bottom_shown", {"seat": b, "cards": notation(self.buried), "points": points(self.buried)})
        if s.multiplier:
            self.stats["bottom_capture"] += 1
        self.stats["bank_kept" if s.bank_kept else "bank_lost"] += 1
        if s.banker_change > 0 or s.defender_change > 0:
            self.stats["level_up"] += 1
        self.stats["hands"] += 1
        scores = [s.banker_score if _team(x) == bt else s.defenders_score for x in range(N)]
        for x in range(N):
            self.totals[x] += scores[x]
        self.last_scores = scores
        self.levels[bt] = scoring.LEVELS.index(s.banker_level)
        self.levels[dt] = scoring.LEVELS.index(s.defender_level)
        result = {"hand_no": self.hand_no, "banker": b, "points": s.points, "bottom_points": s.bottom_points,
                  "multiplier": s.multiplier, "scores": scores, "totals": list(self.totals),
                  "banker_change": s.banker_change,
                  "defender_change": s.defender_change, "levels": [scoring.LEVELS[x] for x in self.levels],
                  "next_banker": s.next_banker, "bank_kept": s.bank_kept, "match_won": s.match_won,
                  "jack_drop": s.jack_drop}
        self.last_result = result
        self._ev("hand_over", result)
        for reveal in self.fair.reveal():  # the hand is over: every deal of it may be checked now
            self._ev("shuffle_reveal", reveal)
        self.banker = s.next_banker
        if s.match_won:
            self.stats["match_won"] += 1
            self.match_winner = bt
            self.phase = "over"
            self.to_act_seat = None
            self._ev("match_over", {"winners": [x for x in range(N) if _team(x) == bt], "totals": list(self.totals)})
            return
        if self.hands_total and self.hand_no >= self.hands_total:
            self.phase = "over"
            self.to_act_seat = None
            self._ev("match_over", {"winners": None, "totals": list(self.totals)})
            return
        self._new_hand()

    # -- data out -----------------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """The match totals (S-20 hand scores summed), as the game contract asks; partners share them."""
        return [float(t) for t in self.totals]

    def action_from_json(self, d: Mapping[str, Any]) -> Action:
        try:
            seat = int(d["seat"])
            kind = str(d["kind"])
            arg = d.get("arg")
            if arg is not None:
                arg = notation(parse_codes(str(arg))) if kind in ("play", "bury") else str(arg)
        except RuleError as exc:
            raise IllegalAction(exc.rule, exc.reason) from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise IllegalAction("S-4a", f"not an action: {d!r} ({exc})") from None
        return Action(seat, kind, None, arg)

    def action_for_cards(self, seat: int, cards: Sequence[str] | str, kind: str = "play") -> Action | Refusal:
        """The action that plays (buries, declares) these cards, or the refusal saying why it may not."""
        try:
            codes = parse_codes(cards if isinstance(cards, str) else "".join(cards))
        except RuleError as exc:
            return Refusal(exc.rule, exc.reason, "不是牌")
        arg = notation(codes) if kind in ("play", "bury") else "".join(TEXT[c] for c in codes)
        a = Action(seat, kind, None, arg)
        if kind == "declare":
            legal = [x for x in self._declare_actions(seat)
                     if x.kind == "declare" and sorted(parse_codes(x.arg or "")) == sorted(codes)]
            if legal and self.phase in ("deal", "declare") and seat == self.to_act_seat:
                return legal[0]
        bad = self.refusal(a)
        return bad if bad is not None else a

    def view(self, seat: int | None, with_history: bool = True) -> dict[str, Any]:
        """What ``seat`` may know (None = a spectator): its own hand, the bottom only as the banker, the
        declarations as shown, the table; every other hand only as a count. History policy "match": the
        match's events this seat may see (every earlier hand's too, so a player can check each deal's
        ``shuffle_reveal`` against its own ``deal``) are in every view unless ``with_history=False``."""
        v = self._view(seat)
        if not with_history:
            del v["history"]
        return v

    def _view(self, seat: int | None) -> dict[str, Any]:
        me = seat if seat is not None and 0 <= seat < N else None
        o = self.order
        hand = sorted(codes_of(self.held[me]), key=o.key) if me is not None else []
        bottom = None
        if me is not None and me == self.banker and self.phase in ("play", "over") and self.buried:
            bottom = notation(self.buried)
        b = self.banker
        lead = self.lead
        return {
            "game": self.game, "seat": me, "n_seats": N, "phase": self.phase, "to_act": self.to_act,
            "hand": [TEXT[c] for c in hand], "counts": [sum(h) for h in self.held], "places": [None] * N,
            "scores": list(self.last_scores) if self.last_scores is not None else [0] * N,
            "totals": list(self.totals),
            "trick": [{"seat": s, "cards": notation(p)} for s, p in self.trick],
            "history": [e.to_json() for e in self.history if e.visible_to(me)],
            "history_policy": "match",
            "options": self.rules.options.as_dict(),
            "hand_no": self.hand_no, "level": scoring.LEVELS[self.level],
            "levels": [scoring.LEVELS[x] for x in self.levels],
            "trump": SUITS[self.trump] if self.trump is not None else None,
            "trump_fixed": self.phase in ("bury", "play", "over"),
            "banker": b, "banker_side": [b, (b + 2) % N] if b is not None else None,
            "declaration": self.decl.to_json() if self.decl is not None else None,
            "declarations": [dict(d) for d in self.declarations],
            "bottom": bottom, "bottom_flipped": list(self.bottom_flipped) if self.bottom_flipped else None,
            "lead": {"cards": str(lead.cards), "kind": lead.kind, "units": [str(u) for u in lead.units]}
            if lead is not None and self.trick else None,
            "winning": self._winning_seat(),
            "last_trick": [{"seat": s, "cards": notation(p)} for s, p in self.last_trick],
            "last_trick_winner": self.last_trick_winner,
            "trick_no": self.trick_no, "defender_points": self.defender_points,
            "captured": [notation(c) for c in self.captured], "played": notation(self.played),
            "last_result": dict(self.last_result) if self.last_result is not None else None,
            "state": self._public_state(),
        }

    def _winning_seat(self) -> int | None:
        if not self.trick or self.lead is None:
            return None
        j = judge([list(p) for _, p in self.trick], self.lead, self.order, self.rules.options.throw_overruff)
        return self.trick[j.winner][0]

    def _public_state(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: copy.deepcopy(getattr(self, name)) for name in PUBLIC_FIELDS}
        out["decl"] = self.decl.to_json() if self.decl is not None else None
        out["trick"] = [[s, notation(p)] for s, p in self.trick]
        out["lead"] = str(self.lead.cards) if self.lead is not None and self.trick else None
        out["last_trick"] = [[s, notation(p)] for s, p in self.last_trick]
        out["last_trick_winner"] = self.last_trick_winner
        out["captured"] = [notation(c) for c in self.captured]
        out["played"] = notation(self.played)
        return out

    @classmethod
    def from_view(cls, view: Mapping[str, Any], hands: Sequence[Sequence[str] | str], seed: int = 0) -> State:
        """Determinization for search bots: ``view``'s public state with every hand filled in from ``hands``
        (the viewer's own included). The cards nobody holds — the undealt pack, the bottom a non-banker
        cannot see — are shuffled from ``seed``; later deals too. History starts empty."""
        if cls is State and view["options"].get("variant") == "sanwufan":
            from engine.shengji.sanwufan_state import SanwufanState
            return SanwufanState.from_view(view, hands, seed)
        pub = view["state"]
        rules = Rules(dict(view["options"]))
        st = cls.__new__(cls)
        st.rules, st.seed, st.rng = rules, seed, random.Random(seed)
        st.history, st.actions, st.action_events, st._out = [], [], [], []
        st.stats = Counter()
        st._fixed_deal = None
        st.fair = Ledger(seed, N)  # later deals of a determinized state are guesses from ``seed``
        st.hand_start = 0
        for name in PUBLIC_FIELDS:
            setattr(st, name, copy.deepcopy(pub[name]))
        d = pub["decl"]
        st.decl = None if d is None else dec.Declaration(
            int(d["seat"]), int(d["strength"]), SUITS.index(d["suit"]) if d["suit"] else None,
            bool(d["reinforced"]), str(d["cards"]))
        st.order = standard_order(st.level, st.trump, rules.options.skip_level_adjacent)
        st.held = [[0] * 54 for _ in range(N)]
        for s in range(N):
            h = hands[s]
            for c in parse_codes(h if isinstance(h, str) else "".join(h)):
                st.held[s][c] += 1
        st.trick = [(int(s), tuple(sorted(parse_codes(p)))) for s, p in pub["trick"]]
        st.lead = parse_lead(Cards.parse(pub["lead"]), st.order) if pub["lead"] else None
        st.last_trick = [(int(s), tuple(sorted(parse_codes(p)))) for s, p in pub["last_trick"]]
        st.last_trick_winner = pub["last_trick_winner"]
        st.captured = [parse_codes(c) for c in pub["captured"]]
        st.played = parse_codes(pub["played"])
        st._first_drawer = None
        held = [c for h in st.held for c in codes_of(h)]
        gone = held + st.played + [c for _, p in st.trick for c in p]
        left = Counter(full_pack())
        left.subtract(Counter(gone))
        unseen = [c for c, k in sorted(left.items()) for _ in range(max(0, k))]
        st.rng.shuffle(unseen)
        known_bottom = view.get("bottom")
        if known_bottom:
            st.buried = sorted(parse_codes(known_bottom))
            for c in st.buried:
                unseen.remove(c)
        else:
            st.buried = sorted(unseen[-BOTTOM_SIZE:]) if st.phase in ("play", "over") else []
        # the pack: the cards dealt already are never read again; the unseen ones follow, the bottom last
        dealing = st.phase in ("deal", "declare")
        st.pack = [0] * st.deal_pos + unseen if dealing else []
        st.bottom = list(st.pack[DEAL_SIZE:]) if dealing else list(st.buried)
        st._cache = None
        return st

    def clone(self) -> State:
        new = copy.copy(self)
        for name, val in vars(self).items():
            if isinstance(val, Counter):
                setattr(new, name, Counter(val))
            elif isinstance(val, list):
                setattr(new, name, [list(x) if isinstance(x, list) else x for x in val])
            elif isinstance(val, dict):
                setattr(new, name, dict(val))
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.fair = self.fair.copy()
        new._cache = None
        return new

    def __repr__(self) -> str:
        return f"shengji.State(hand {self.hand_no}, {self.phase}, to act {self.to_act})"


class _Hand(MutableSequence[str]):
    """One seat's cards as notation strings in code order, read from and written to its count array."""

    __slots__ = ("counts",)

    def __init__(self, counts: list[int]) -> None:
        self.counts = counts

    def _codes(self) -> list[int]:
        return codes_of(self.counts)

    def __len__(self) -> int:
        return sum(self.counts)

    def __getitem__(self, i: Any) -> Any:
        codes = self._codes()
        return [TEXT[c] for c in codes[i]] if isinstance(i, slice) else TEXT[codes[i]]

    def __setitem__(self, i: Any, card: Any) -> None:
        if isinstance(i, slice):
            raise TypeError("a hand takes one card at a time")
        (new,) = parse_codes(str(card))
        self.counts[self._codes()[i]] -= 1
        self.counts[new] += 1

    def __delitem__(self, i: Any) -> None:
        if isinstance(i, slice):
            raise TypeError("a hand gives one card at a time")
        self.counts[self._codes()[i]] -= 1

    def insert(self, index: int, card: str) -> None:
        (new,) = parse_codes(card)
        self.counts[new] += 1


class _Leads:
    """Every lead of a hand: each non-empty multiset of one system's cards (S-15, S-18), counted and indexed
    system by system — never by listing subsets."""

    __slots__ = ("parts", "count")

    def __init__(self, hand: Sequence[int], order: Order) -> None:
        self.parts = [Subsets(items) for s in (0, 1, 2, 3, TRUMP)
                      if (items := system_items(tuple(hand), s, order))]
        self.count = sum(p.count for p in self.parts)

    def nth(self, k: int) -> list[int]:
        for p in self.parts:
            if k < p.count:
                return p.nth(k)
            k -= p.count
        raise IndexError(k)


__all__ = ["State", "PATHS"]
