"""The 三五番 match (RULES.md Part SF) as a :class:`engine.shengji.state.State`: ``State(Rules(variant=
"sanwufan"))`` builds one. What differs from Part S is here; the trick play, the views' table part and the
log/LAN plumbing are the base class's.

Phases: ``deal`` (4 bottom cards set aside, 26 draws each; after each draw the drawer may ``declare`` a
joker + pair or take over with a joker pair + pair, face down, or ``pass``) · ``declare`` (the final round,
SF-9) · ``stick`` (each non-declarer asked once, ``stick`` or ``pass``, SF-10) · ``exchange`` (the sticker
gives the declarer 3 cards) · ``bury`` (the banker of SF-11 takes the 4 bottom cards and buries 4, the trump
still hidden; then the declared pair turns face up) · ``play`` · ``over``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.api import Refusal
from engine.core import EMPTY, Action, LegalActions
from engine.errors import RuleError
from engine.fairness import Ledger
from engine.shengji import sanwufan_declare as swd
from engine.shengji import sanwufan_scoring as sws
from engine.shengji.dealing import shuffled_pack
from engine.shengji.rules import Rules
from engine.shengji.sanwufan_follow import SwFollows
from engine.shengji.sanwufan_follow import refusal as sw_follow_refusal
from engine.shengji.sanwufan_order import is_high, sanwufan_order
from engine.shengji.specials import JOKERS_SHAN, Special, detect
from engine.shengji.state import State, _Leads
from engine.trick.cards import (
    RANKS,
    SMALL_JOKER,
    SUITS,
    TEXT,
    Cards,
    codes_of,
    full_pack,
    notation,
    parse_codes,
    points,
)
from engine.trick.picks import Picks
from engine.trick.units import Lead, parse_lead

N = 4
HAND = 26
BOTTOM = 4
DRAWS = N * HAND
PATHS = ("declare", "takeover", "stick", "exchange", "no_declaration", "redeal", "flipped_bottom", "shan", "zhen",
         "yu", "throw", "throw_failed", "ruff", "overruff", "bottom_capture", "bank_kept", "bank_lost", "level_up",
         "match_won", "hands")
PHASE_RULE = {"deal": "SF-9", "declare": "SF-9", "stick": "SF-10", "exchange": "SF-10", "bury": "SF-11",
              "play": "S-15", "over": "SF-18"}
PUBLIC = ("phase", "to_act_seat", "hands_total", "hand_no", "totals", "last_scores", "banker", "first_drawer",
          "redeals", "deal_pos", "passes", "leader", "trick_no", "defender_points", "match_winner", "last_result",
          "bottom_flipped", "bank_team", "level_pos", "stick_asked", "sticker", "revealed")


def _team(seat: int) -> int:
    return seat % 2


def draw_order(seed: bytes, first: int) -> list[int]:
    """SF-2: the first 4 cards of the shuffled pack are the bottom; card ``4 + i`` goes to seat ``i mod 4``;
    the draws walk them from ``first``. Returns the 104 draws then the bottom."""
    pack = shuffled_pack(seed)
    return [pack[BOTTOM + N * (j // N) + (first + j) % N] for j in range(DRAWS)] + pack[:BOTTOM]


def deal_codes(seed: bytes) -> tuple[list[list[int]], list[int]]:
    pack = shuffled_pack(seed)
    return [pack[BOTTOM + s::N] for s in range(N)], pack[:BOTTOM]


class SanwufanState(State):
    """One 三五番 match (see the module docstring). ``levels`` are positions in the ``sw_level_order``
    sequence; ``level`` is the hand's level rank (a rank index), as in Part S."""

    draws = DRAWS  # SF-2: 104 cards drawn, the 4-card bottom set aside first

    path_names: tuple[str, ...] = PATHS

    def __init__(self, rules: Rules | None = None, seed: int = 0, hands: int = 0,
                 deal: Sequence[str] | str | None = None, first_drawer: int | None = None,
                 entropy: Mapping[int, Sequence[bytes | None]] | None = None) -> None:
        self.bank_team: int | None = None
        self.level_pos = 0
        super().__init__(rules, seed, hands, deal, first_drawer, entropy)

    # -- the deal and declarations (SF-2, SF-7 … SF-9, SF-12) -------------------------------------------

    def _new_hand(self) -> None:
        self.hand_no += 1
        self.hand_start = len(self.history) + len(self._out)
        if self.hand_no == 1 and self.redeals == 0 and self.bank_team is None:
            self.first_drawer = self.rng.randrange(N) if self._first_drawer is None else self._first_drawer
        self._set_level()
        self._ev("hand_start", {"hand_no": self.hand_no, "banker": None, "bank_team": self.bank_team,
                                "first_drawer": self.first_drawer, "level": RANKS[self.level],
                                "levels": self._level_chars()})
        self._shuffle()

    def _set_level(self) -> None:
        o = self.rules.options
        self.level_pos = self.levels[self.bank_team] if self.bank_team is not None else self.levels[0]
        self.level = sws.rank_at(o, self.level_pos)

    def _level_chars(self) -> list[str]:
        seq = sws.sequence(self.rules.options)
        return [seq[x] for x in self.levels]

    def _shuffle(self) -> None:
        if self._fixed_deal is not None:
            self.pack = list(self._fixed_deal)
            self._fixed_deal = None
        else:
            shuffle = self.fair.next_deal()
            self._ev("shuffle_commit", self.fair.commit_event(shuffle))
            self.pack = draw_order(shuffle.seed, self.first_drawer)
        for s in range(N):
            self._ev("deal", {"seat": s, "cards": [], "draws": HAND}, to=(s,))
        self._ev("bottom_set_aside", {"cards": BOTTOM})
        self.held = [[0] * 54 for _ in range(N)]
        self.deal_pos = 0
        self.sw: swd.SwDeclaration | None = None
        self.decl = None
        self.decl_first = None
        self.pair_suits = []
        self.declarations = []
        self.passes = 0
        self.trump = None
        self.order = sanwufan_order(self.level, None, self.rules.options.sw_skip_removed_adjacent)
        self.bottom = []
        self.buried = []
        self.bottom_flipped = None
        self.banker = None
        self.leader = 0
        self.trick = []
        self.lead = None
        self.special: Special | None = None
        self.trick_no = 0
        self.defender_points = 0
        self.captured = [[], []]
        self.played = []
        self.last_trick = []
        self.last_trick_winner = None
        self.stick_asked = 0
        self.sticker: int | None = None
        self.stick_shown: list[int] = []
        self.taken: list[int] = []
        self.given: list[int] = []
        self.revealed = False
        self.phase = "deal"
        self._cache = None
        self._draw()

    def _draw(self) -> None:
        seat = (self.first_drawer + self.deal_pos) % N
        card = self.pack[self.deal_pos]
        self.held[seat][card] += 1
        self.deal_pos += 1
        self._ev("draw", {"seat": seat, "card": TEXT[card], "n": self.deal_pos}, to=(seat,))
        self._ev("drew", {"seat": seat, "n": self.deal_pos})
        if self.deal_pos == DRAWS:
            for s in range(N):
                self._ev("deal", {"seat": s, "cards": [TEXT[c] for c in codes_of(self.held[s])]}, to=(s,))
        self.to_act_seat = seat

    def _declare_actions(self, seat: int) -> tuple[Action, ...]:
        return (Action(seat, "pass"),
                *(Action(seat, "declare", arg=a) for a in swd.declarations(self.held[seat], seat, self.sw)))

    def _showing_refusal(self, seat: int, arg: str) -> tuple[str, str, str] | None:
        try:
            codes = parse_codes(arg)
        except RuleError as e:
            return (e.rule, e.reason, "不是牌")
        shown = swd.read_showing(codes)
        if shown is None:
            return ("SF-7", f"{arg} is not a declaration: one joker and a pair (x9s9s), or a joker pair and a pair",
                    "定主要一张王加一对（如x9s9s），抢主要一对王加一对")
        need = Counter(codes)
        if any(self.held[seat][c] < k for c, k in need.items()):
            return ("SF-7", "those cards are not in your hand", "手中没有这些牌")
        if self.sw is not None and self.sw.seat == seat:
            return ("SF-8", "you cannot take over your own declaration", "不能抢自己的主")
        if not swd.beats(self.sw, shown[0]):
            if self.sw is not None and self.sw.strength == swd.JOKER_PAIR:
                return ("SF-8", "a declaration with a joker pair cannot be taken over", "一对王定的主不能被抢")
            return ("SF-8", "a take-over needs two identical jokers and a pair", "抢主需要一对王加一对")
        return None

    def _do_declare(self, seat: int, arg: str) -> None:
        shown = swd.read_showing(parse_codes(arg))
        assert shown is not None
        strength, jokers, pair = shown
        kind = "declare" if self.sw is None else "takeover"
        self.sw = swd.SwDeclaration(seat, strength, jokers, pair)
        if self.decl_first is None:
            self.decl_first = seat
        self.stats[kind] += 1
        jk = "".join(TEXT[c] for c in jokers)
        self.declarations.append({"seat": seat, "jokers": jk, "kind": kind})
        self._ev("declare", {"seat": seat, "kind": kind, "jokers": jk, "face_down": 2})
        self._ev("declared_pair", {"seat": seat, "kind": kind, "pair": TEXT[pair] * 2, "trump": SUITS[pair // 13]},
                 to=(seat,))

    def _fix_trump(self) -> None:
        """The final round is over: sticking (SF-10), or SF-12 when nobody declared."""
        self.bottom = list(self.pack[DRAWS:])
        if self.sw is None:
            self._no_declaration()
            return
        self.redeals = 0
        if self.bank_team is None:
            self.bank_team = _team(self.sw.seat)  # SF-11: first hand, the declarer's side
            self._set_level()
        self.phase = "stick"
        self.stick_asked = 0
        self._ask_stick()

    def _no_declaration(self) -> None:
        o = self.rules.options
        self.stats["no_declaration"] += 1
        if self.redeals >= 3:  # SF-12: the fourth undeclared deal in a row is played on a flipped bottom
            self.redeals = 0
            self.stats["flipped_bottom"] += 1
            self.bank_team = _team(self.first_drawer)
            self._set_level()
            self.bottom_flipped = [TEXT[c] for c in self.bottom]
            suited = [c for c in self.bottom if c < SMALL_JOKER]
            plain = [c for c in suited if not is_high(c, self.level)]
            trump = plain[0] // 13 if plain else suited[0] // 13 if suited else SUITS.index("s")
            self.banker = self.first_drawer
            self._ev("trump", {"banker": self.banker, "trump": SUITS[trump], "level": RANKS[self.level],
                               "how": "flipped", "flipped": list(self.bottom_flipped)})
            self._set_trump(trump)
            self._take_bottom()
            return
        self.redeals += 1
        self.stats["redeal"] += 1
        policy = "redeal"
        if self.bank_team is not None:
            policy = o.sw_no_declaration
            if policy == "defenders_take_bank":
                self.bank_team = 1 - self.bank_team
                self.first_drawer = (self.first_drawer + 1) % N
            else:
                d = 1 - self.bank_team
                self.levels[d] = sws.level_up(o, self.levels[d], 3)
            self._set_level()
        self._ev("no_declaration", {"policy": policy, "redeals": self.redeals, "levels": self._level_chars(),
                                    "bank_team": self.bank_team, "first_drawer": self.first_drawer,
                                    "level": RANKS[self.level]})
        self._shuffle()

    def _ask_stick(self) -> None:
        assert self.sw is not None
        if self.stick_asked >= N - 1:
            self._start_bury()
            return
        seat = (self.sw.seat + 1 + self.stick_asked) % N
        self.to_act_seat = seat
        self._ev("stick_offered", {"seat": seat})

    def _stick_actions(self, seat: int) -> tuple[Action, ...]:
        o = self.rules.options
        shows = swd.stick_shows(self.held[seat], self.level, o.sw_skip_removed_adjacent)
        return (Action(seat, "pass"), *(Action(seat, "stick", arg=s) for s in dict.fromkeys(shows)))

    def _do_stick(self, seat: int, arg: str) -> None:
        assert self.sw is not None
        d = self.sw
        codes = parse_codes(arg)
        self.sticker = seat
        self.stick_shown = sorted(codes)
        took_joker = max(d.jokers)
        self.taken = sorted([took_joker, d.pair, d.pair])
        for c in self.taken:
            self.held[d.seat][c] -= 1
            self.held[seat][c] += 1
        joker = next(c for c in codes if c >= SMALL_JOKER)
        self.stats["stick"] += 1
        self._ev("stick", {"seat": seat, "declarer": d.seat, "joker": TEXT[joker], "face_down": 4,
                           "took_joker": TEXT[took_joker]})
        self._ev("stick_cards", {"seat": seat, "declarer": d.seat, "shown": notation(codes),
                                 "taken": notation(self.taken), "pair": TEXT[d.pair] * 2, "trump": SUITS[d.suit]},
                 to=tuple(sorted({seat, d.seat})))
        self.phase = "exchange"
        self.to_act_seat = seat

    def _avail(self, seat: int) -> list[int]:
        avail = list(self.held[seat])
        for c in self.taken:
            avail[c] -= 1
        return avail

    def _do_exchange(self, seat: int, codes: list[int]) -> None:
        assert self.sw is not None
        d = self.sw.seat
        for c in codes:
            self.held[seat][c] -= 1
            self.held[d][c] += 1
        self.given = sorted(codes)
        self.stats["exchange"] += 1
        self._ev("exchange", {"from": seat, "to": d, "count": 3})
        self._ev("exchange_cards", {"from": seat, "to": d, "cards": notation(codes)}, to=tuple(sorted({seat, d})))
        self._start_bury()

    def _start_bury(self) -> None:
        """SF-11: the banker takes and buries the bottom while the declared pair is still face down."""
        assert self.sw is not None and self.bank_team is not None
        dcl = self.sw.seat
        self.banker = (dcl + 2) % N if _team(dcl) == self.bank_team else (dcl + 1) % N
        self._take_bottom()

    def _take_bottom(self) -> None:
        b = self._banker()
        for c in self.bottom:
            self.held[b][c] += 1
        self._ev("bank", {"banker": b, "declarer": self.sw.seat if self.sw is not None else None,
                          "level": RANKS[self.level], "banker_side": [b, (b + 2) % N]})
        self._ev("bottom_taken", {"seat": b, "cards": notation(self.bottom)}, to=(b,))
        self.phase = "bury"
        self.to_act_seat = b

    def _set_trump(self, trump: int) -> None:
        self.trump = trump
        self.order = sanwufan_order(self.level, trump, self.rules.options.sw_skip_removed_adjacent)

    def _bury(self, seat: int, codes: list[int]) -> None:
        super()._bury(seat, codes)
        if self.sw is not None:
            self._set_trump(self.sw.suit)
            self.revealed = True
            self._ev("reveal", {"seat": self.sw.seat, "pair": TEXT[self.sw.pair] * 2, "trump": SUITS[self.sw.suit],
                                "jokers": "".join(TEXT[c] for c in self.sw.jokers)})

    # -- queries and legality ----------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> LegalActions:
        if self.phase == "over" or seat != self.to_act_seat:
            return EMPTY
        if self.phase == "stick":
            return LegalActions(fixed=self._stick_actions(seat), check=self._is_legal)
        if self.phase == "exchange":
            assert self.sw is not None
            o = self.rules.options
            gives = swd.exchanges(self._avail(seat), self.level, self.sw.suit, o.sw_stick_return)
            return LegalActions(fixed=tuple(Action(seat, "exchange", arg=g) for g in gives), check=self._is_legal)
        return super().legal_actions(seat)

    def _space(self, seat: int) -> Any:
        key = (len(self.actions), seat)
        if self._cache is not None and self._cache[:2] == key:
            return self._cache[2]
        hand = tuple(self.held[seat])
        space: Any
        if self.phase == "bury":
            space = Picks([(c, k) for c, k in enumerate(hand) if k], BOTTOM)
        elif not self.trick:
            space = _Leads(hand, self.order)
        else:
            assert self.lead is not None
            o = self.rules.options
            space = SwFollows(hand, self.lead, self.special, self.order, o.tractor_protection != "none",
                              o.sw_high_single_follow, o.sw_four_jokers_shan)
        self._cache = (key[0], key[1], space)
        return space

    def _refusal(self, a: Action) -> tuple[str, str, str] | None:
        if self.phase == "over":
            return ("SF-18", "the match is over", "比赛已经结束")
        if a.seat != self.to_act_seat:
            return (PHASE_RULE[self.phase], f"it is seat {self.to_act_seat}'s turn, not seat {a.seat}'s",
                    f"现在轮到{self.to_act_seat}号位，不是{a.seat}号位")
        if self.phase in ("deal", "declare"):
            if a.kind == "pass" and a.arg is None and a.play is None:
                return None
            if a.kind != "declare" or a.arg is None or a.play is not None:
                return ("SF-9", "now: declare (a joker and a pair) or pass", "现在只能定主或不定")
            return self._showing_refusal(a.seat, a.arg)
        if self.phase == "stick":
            if a.kind == "pass" and a.arg is None and a.play is None:
                return None
            if a.kind != "stick" or a.arg is None or a.play is not None:
                return ("SF-10", "now: stick (a joker and two consecutive pairs) or pass", "现在只能粘牌或不粘")
            ok = {x.arg for x in self._stick_actions(a.seat) if x.kind == "stick"}
            try:
                arg = notation(parse_codes(a.arg))
            except RuleError as e:
                return (e.rule, e.reason, "不是牌")
            if arg not in {notation(parse_codes(x or "")) for x in ok}:
                return ("SF-10", "a stick is one joker and two consecutive pairs of one suit's plain cards (not "
                                 "2, 3, 5 or the level), and you must hold a 2, 3, 5 or level card",
                        "粘牌要一张王加同花色两个连对（不含2、3、5和级牌），且手里要有2、3、5或级牌")
            return None
        if self.phase == "exchange":
            if a.kind != "exchange" or a.arg is None or a.play is not None:
                return ("SF-10", "now: give the declarer 3 cards", "现在应该回3张牌")
            try:
                codes = parse_codes(a.arg)
            except RuleError as e:
                return (e.rule, e.reason, "不是牌")
            assert self.sw is not None
            return swd.exchange_refusal(codes, self._avail(a.seat), self.level, self.sw.suit,
                                        self.rules.options.sw_stick_return)
        want = "bury" if self.phase == "bury" else "play"
        if a.kind != want or a.arg is None or a.play is not None:
            what = ("bury 4 cards", "扣4张底牌") if want == "bury" else ("play cards", "出牌")
            return (PHASE_RULE[self.phase], f"now: {what[0]}", f"现在应该{what[1]}")
        try:
            codes = parse_codes(a.arg)
        except RuleError as e:
            return (e.rule, e.reason, "不是牌")
        hand = self.held[a.seat]
        need = Counter(codes)
        if any(hand[c] < k for c, k in need.items()):
            return ("S-16" if self.trick else "S-15" if want == "play" else "SF-11", "those cards are not in your hand",
                    "手中没有这些牌")
        if want == "bury":
            if len(codes) != BOTTOM:
                return ("SF-11", f"bury exactly {BOTTOM} cards, not {len(codes)}", f"必须扣{BOTTOM}张牌")
            return None
        if not self.trick:
            if not codes:
                return ("S-15", "a lead needs at least one card", "至少出一张牌")
            if len({self.order.system[c] for c in codes}) != 1:
                return ("S-15", "a lead is cards of one suit, or all trumps", "首家出牌必须是同一门花色或都是主牌")
            return None
        assert self.lead is not None
        o = self.rules.options
        return sw_follow_refusal(tuple(hand), self.lead, self.special, codes, self.order,
                                 o.tractor_protection != "none", o.sw_high_single_follow, o.sw_four_jokers_shan)

    # -- applying ----------------------------------------------------------------------------------------

    def apply(self, action: Action, checked: bool = True) -> list[Any]:
        if self.phase not in ("stick", "exchange"):
            return super().apply(action, checked)
        if checked:
            bad = self._refusal(action)
            if bad is not None:
                raise Refusal(*bad).error()
        self._out = []
        seat = action.seat
        if self.phase == "stick":
            if action.kind == "stick":
                assert action.arg is not None
                self._do_stick(seat, action.arg)
            else:
                self._ev("stick_declined", {"seat": seat})
                self.stick_asked += 1
                self._ask_stick()
        else:
            assert action.arg is not None
            self._do_exchange(seat, parse_codes(action.arg))
        events = self._out
        self._out = []
        self.actions.append(action)
        self.action_events.append(events)
        self.history.extend(events)
        return list(events)

    def _lead_special(self, codes: list[int]) -> Special | None:
        o = self.rules.options
        if not o.sw_special_plays:
            return None
        sp = detect(codes, self.order, o.sw_four_jokers_shan)
        if sp is None:
            return None
        if sp.value == JOKERS_SHAN:  # sw_four_jokers_shan names XXxx a 闪 although it reads as a tractor
            return sp
        lead = parse_lead(Cards(codes), self.order)
        return None if lead.kind == "tractor" else sp

    def _play(self, seat: int, codes: list[int]) -> None:
        if self.trick:
            if self.special is not None:
                self._follow_special(seat, codes)
            else:
                super()._play(seat, codes)
            return
        self.special = self._lead_special(codes)
        if self.special is None:
            super()._play(seat, codes)
            return
        sp = self.special
        self.stats[sp.kind] += 1
        self.lead = Lead(Cards(codes), sp.kind, sp.system, parse_lead(Cards(codes), self.order).units)
        self._best: tuple[Special, bool] = (sp, False)
        self._win_index = 0
        for c in codes:
            self.held[seat][c] -= 1
        self.trick.append((seat, tuple(sorted(codes))))
        self._ev("play", {"seat": seat, "cards": notation(codes), "role": "lead", "kind": sp.kind, "winning": seat})
        self.to_act_seat = (seat + 1) % N

    def _special_judge(self) -> tuple[int, list[str]]:
        """SF-16: the winner so far of a trick led with a special play, and each play's role."""
        assert self.special is not None
        o = self.rules.options
        lead = self.special
        best, ruffed, win = lead, False, 0
        roles = ["lead"]
        for i, (_, p) in enumerate(self.trick[1:], start=1):
            cand = detect(list(p), self.order, o.sw_four_jokers_shan)
            role = "discard"
            if cand is not None and cand.matches(lead):
                took, is_ruff = _beats(cand, best, lead, ruffed)
                role = "ruff" if (cand.system != lead.system) else "follow"
                if took:
                    best, win, ruffed = cand, i, ruffed or is_ruff
            roles.append(role)
        return win, roles

    def _follow_special(self, seat: int, codes: list[int]) -> None:
        for c in codes:
            self.held[seat][c] -= 1
        self.trick.append((seat, tuple(sorted(codes))))
        win, roles = self._special_judge()
        if roles[-1] == "ruff":
            self.stats["ruff"] += 1
        self._ev("play", {"seat": seat, "cards": notation(codes), "role": roles[-1], "kind": None,
                          "winning": self.trick[win][0]})
        if len(self.trick) < N:
            self.to_act_seat = (seat + 1) % N
            return
        self._finish_trick(win)

    def _finish_trick(self, win_index: int) -> None:
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
            self.special = None
            self.leader = winner
            self.to_act_seat = winner
            return
        self._end_hand(win_index)

    def _winning_seat(self) -> int | None:
        if self.special is not None and self.trick:
            return self.trick[self._special_judge()[0]][0]
        return super()._winning_seat()

    # -- the end of a hand (SF-17, SF-18) -------------------------------------------------------------

    def _end_hand(self, win_index: int) -> None:
        o = self.rules.options
        b = self._banker()
        bt, dt = _team(b), 1 - _team(b)
        assert self.lead is not None
        winner, wplay = self.trick[win_index]
        defenders_last = _team(winner) == dt
        by_trumps = all(self.order.is_trump(c) for c in wplay)
        special = self.special.kind if self.special is not None else None
        s = sws.settle(o, self.defender_points, self.levels[bt], self.levels[dt], points(self.buried), self.lead,
                       special, defenders_last, by_trumps)
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
        self.levels[bt], self.levels[dt] = s.banker_pos, s.defender_pos
        next_drawer = (b + 2) % N if s.bank_kept else (b + 1) % N
        result = {"hand_no": self.hand_no, "banker": b, "points": s.points, "bottom_points": s.bottom_points,
                  "multiplier": s.multiplier, "scores": scores, "totals": list(self.totals),
                  "banker_change": s.banker_change,
                  "defender_change": s.defender_change, "levels": self._level_chars(),
                  "next_banker": None, "next_bank_team": bt if s.bank_kept else dt, "next_first_drawer": next_drawer,
                  "bank_kept": s.bank_kept, "match_won": s.match_won, "jack_drop": False, "special": special}
        self.last_result = result
        self._ev("hand_over", result)
        for reveal in self.fair.reveal():
            self._ev("shuffle_reveal", reveal)
        self.bank_team = bt if s.bank_kept else dt
        self.first_drawer = next_drawer  # SF-2: the banker-side player S-7 names draws first
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

    # -- data out -----------------------------------------------------------------------------------------

    def action_for_cards(self, seat: int, cards: Sequence[str] | str, kind: str = "play") -> Action | Refusal:
        try:
            codes = parse_codes(cards if isinstance(cards, str) else "".join(cards))
        except RuleError as exc:
            return Refusal(exc.rule, exc.reason, "不是牌")
        if kind in ("declare", "stick"):
            pool = self._declare_actions(seat) if kind == "declare" else self._stick_actions(seat)
            legal = [x for x in pool if x.kind == kind and sorted(parse_codes(x.arg or "")) == sorted(codes)]
            if legal and seat == self.to_act_seat and self.phase in (("deal", "declare") if kind == "declare"
                                                                       else ("stick",)):
                return legal[0]
        a = Action(seat, kind, None, notation(codes))
        if kind == "exchange":
            a = Action(seat, kind, None, "".join(TEXT[c] for c in sorted(codes)))
        bad = self.refusal(a)
        return bad if bad is not None else a

    def knows_pair(self, seat: int | None) -> bool:
        """SF-7, SF-10: the declared pair is known to the declarer, to the sticker, and to all once revealed."""
        if self.sw is None:
            return False
        return self.revealed or seat == self.sw.seat or (seat is not None and seat == self.sticker)

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        me = v["seat"]
        know = self.knows_pair(me)
        v["levels"] = self._level_chars()
        v["level"] = RANKS[self.level]
        if not know and not self.revealed and self.bottom_flipped is None:
            v["trump"] = None
        elif self.sw is not None and not self.revealed:
            v["trump"] = SUITS[self.sw.suit]
        if self.sw is not None and not self.revealed and know:  # sort the hand as its owner knows the trump
            o = sanwufan_order(self.level, self.sw.suit, self.rules.options.sw_skip_removed_adjacent)
            v["hand"] = [TEXT[c] for c in sorted(codes_of(self.held[me]), key=o.key)] if me is not None else []
        v["trump_fixed"] = self.revealed or self.bottom_flipped is not None
        v["declaration"] = ({"seat": self.sw.seat, "strength": self.sw.strength,
                             "jokers": "".join(TEXT[c] for c in self.sw.jokers)} if self.sw is not None else None)
        pair_known = self.sw is not None and know
        exch = self.given and me is not None and self.sw is not None and me in (self.sticker, self.sw.seat)
        v["sanwufan"] = {
            "declarer": self.sw.seat if self.sw is not None else None,
            "jokers_shown": "".join(TEXT[c] for c in self.sw.jokers) if self.sw is not None else None,
            "face_down": 0 if self.revealed or self.sw is None else 2,
            "pair": TEXT[self.sw.pair] * 2 if pair_known and self.sw is not None else None,
            "sticker": self.sticker,
            "sticker_joker": next((TEXT[c] for c in self.stick_shown if c >= SMALL_JOKER), None),
            "stick_shown": notation(self.stick_shown) if exch or (self.sticker is not None and me is not None and
                                                                  self.sw is not None and
                                                                  me in (self.sticker, self.sw.seat)) else None,
            "exchanged": notation(self.given) if exch else None,
            "revealed": self.revealed, "bank_team": self.bank_team,
            "special": self.special.kind if self.special is not None and self.trick else None,
        }
        if v["lead"] is not None and self.special is not None:
            v["lead"]["kind"] = self.special.kind
        return v

    def _public_state(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: copy.deepcopy(getattr(self, name)) for name in PUBLIC}
        out["levels"] = list(self.levels)
        out["level"] = self.level
        out["declarations"] = [dict(d) for d in self.declarations]
        out["decl_seat"] = self.sw.seat if self.sw is not None else None
        out["decl_strength"] = self.sw.strength if self.sw is not None else None
        out["decl_jokers"] = "".join(TEXT[c] for c in self.sw.jokers) if self.sw is not None else None
        out["trump"] = SUITS[self.trump] if self.trump is not None and (self.revealed or self.bottom_flipped) \
            else None
        out["trick"] = [[s, notation(p)] for s, p in self.trick]
        out["lead"] = str(self.lead.cards) if self.lead is not None and self.trick else None
        out["last_trick"] = [[s, notation(p)] for s, p in self.last_trick]
        out["last_trick_winner"] = self.last_trick_winner
        out["captured"] = [notation(c) for c in self.captured]
        out["played"] = notation(self.played)
        out["sticker_joker"] = next((TEXT[c] for c in self.stick_shown if c >= SMALL_JOKER), None)
        return out

    @classmethod
    def from_view(cls, view: Mapping[str, Any], hands: Sequence[Sequence[str] | str], seed: int = 0) -> State:
        """Determinization (as Part S): the public state, ``hands`` filled in; the declared pair from the view
        when the seat knows it, else guessed from a pair in the declarer's hand (the trump is hidden then)."""
        pub = view["state"]
        rules = Rules(dict(view["options"]))
        st: SanwufanState = object.__new__(cls)
        st.rules, st.seed, st.rng = rules, seed, random.Random(seed)
        st.history, st.actions, st.action_events, st._out = [], [], [], []
        st.stats = Counter()
        st._fixed_deal = None
        st.fair = Ledger(seed, N)
        st.hand_start = 0
        st._first_drawer = None
        for name in PUBLIC:
            setattr(st, name, copy.deepcopy(pub[name]))
        st.levels = list(pub["levels"])
        st.level = int(pub["level"])
        st.declarations = [dict(d) for d in pub["declarations"]]
        st.decl, st.decl_first, st.pair_suits = None, None, []
        st.held = [[0] * 54 for _ in range(N)]
        for s in range(N):
            h = hands[s]
            for c in parse_codes(h if isinstance(h, str) else "".join(h)):
                st.held[s][c] += 1
        sv = view.get("sanwufan") or {}
        st.sw = None
        if pub["decl_seat"] is not None:
            ds = int(pub["decl_seat"])
            pair_txt = sv.get("pair")
            if pair_txt:
                pair = parse_codes(pair_txt)[0]
            else:
                pub_trump = pub["trump"]
                cands = [c for c in range(SMALL_JOKER) if st.held[ds][c] >= 2 and
                         (pub_trump is None or c // 13 == SUITS.index(pub_trump))]
                pair = cands[0] if cands else 0
            st.sw = swd.SwDeclaration(ds, int(pub["decl_strength"]), tuple(parse_codes(pub["decl_jokers"])), pair)
        st.stick_shown = []
        if pub["sticker_joker"]:
            st.stick_shown = parse_codes(str(pub["sticker_joker"]))
        shown = sv.get("stick_shown")
        if shown:
            st.stick_shown = sorted(parse_codes(shown))
        st.taken = sorted([max(st.sw.jokers), st.sw.pair, st.sw.pair]) if st.sw is not None and st.sticker is not None \
            else []
        st.given = sorted(parse_codes(sv["exchanged"])) if sv.get("exchanged") else []
        tr = pub["trump"]
        st.trump = SUITS.index(tr) if tr else None
        st.order = sanwufan_order(st.level, st.trump, rules.options.sw_skip_removed_adjacent)
        st.trick = [(int(s), tuple(sorted(parse_codes(p)))) for s, p in pub["trick"]]
        st.lead = None
        st.special = None
        if pub["lead"]:
            lc = parse_codes(pub["lead"])
            st.special = st._lead_special(lc)
            base = parse_lead(Cards(lc), st.order)
            st.lead = base if st.special is None else Lead(base.cards, st.special.kind, st.special.system, base.units)
        st.last_trick = [(int(s), tuple(sorted(parse_codes(p)))) for s, p in pub["last_trick"]]
        st.last_trick_winner = pub["last_trick_winner"]
        st.captured = [parse_codes(c) for c in pub["captured"]]
        st.played = parse_codes(pub["played"])
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
            st.buried = sorted(unseen[-BOTTOM:]) if st.phase in ("play", "over") else []
        # the pack: the draws made are never read again; the unseen cards follow, the bottom (4) last
        dealing = st.phase in ("deal", "declare", "stick", "exchange")
        st.pack = ([0] * st.deal_pos + unseen) if dealing else []
        st.bottom = list(st.pack[DRAWS:]) if dealing else list(st.buried)
        st._cache = None
        return st


def _beats(cand: Special, best: Special, lead: Special, ruffed: bool) -> tuple[bool, bool]:
    from engine.shengji.specials import beats
    return beats(cand, best, lead, ruffed)


__all__ = ["SanwufanState", "PATHS", "draw_order", "deal_codes"]
