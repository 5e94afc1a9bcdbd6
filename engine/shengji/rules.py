"""The Shengji rules oracle (RULES.md Part S): parse a lead, the trick winner, follow legality, the throw check
and the end-of-hand settlement — under a set of S.1 options, at a level rank and a trump suit."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.api import Refusal
from engine.errors import IllegalPlay
from engine.shengji import sanwufan_scoring as sws
from engine.shengji import scoring
from engine.shengji.options import ShengjiOptions
from engine.shengji.sanwufan_declare import SwDeclaration, read_showing, stick_shows
from engine.shengji.sanwufan_declare import beats as sw_declaration_beats
from engine.shengji.sanwufan_follow import refusal as sw_follow_refusal
from engine.shengji.sanwufan_order import sanwufan_order
from engine.shengji.specials import JOKERS_SHAN, SHAN, YU, ZHEN, Special, detect
from engine.shengji.specials import beats as special_beats
from engine.trick.cards import Cards, counts_of, parse_codes, points
from engine.trick.follow import follow_refusal, throw_blockers
from engine.trick.order import Order, level_index, standard_order, suit_index
from engine.trick.units import Lead, judge, parse_lead

CardsLike = str | Iterable[str] | Cards


class Rules:
    """Shengji rules: ``Rules()``, ``Rules(preset="tongxing", follow_type_required=False)`` or
    ``Rules({"shengji.no_trump": True})``. Unknown options and values → :class:`engine.errors.OptionError`.

    ``level`` is a rank character (``"2"`` … ``"A"``); ``trump`` a suit letter or None for 无主."""

    game = "shengji"

    def __init__(self, options: Mapping[str, Any] | ShengjiOptions | None = None, **kwargs: Any) -> None:
        self.options = ShengjiOptions.make(options, **kwargs)

    def __repr__(self) -> str:
        return f"shengji.Rules({self.options.changed()})"

    def order(self, level: str | int, trump: str | int | None) -> Order:
        """The card order (S-11 … S-13; under 三五番 SF-3 … SF-5, where ``trump`` None is the order before the
        declared pair is turned up)."""
        lv = level if isinstance(level, int) else level_index(level)
        tr = trump if isinstance(trump, int) or trump is None else suit_index(trump)
        if self.options.sanwufan:
            return sanwufan_order(lv, tr, self.options.sw_skip_removed_adjacent)
        return standard_order(lv, tr, self.options.skip_level_adjacent)

    def compare(self, a: str, b: str, level: str = "2", trump: str | None = "s") -> int:
        """1 if card ``a`` beats card ``b`` when both are trumps or of one suit, -1 if ``b`` beats ``a``, 0
        when they are equal (or of two side suits, which never beat each other): S-12, S-13, SF-4, SF-5."""
        o = self.order(level, trump)
        (ca,), (cb,) = parse_codes(a), parse_codes(b)
        if o.system[ca] != o.system[cb]:
            return 1 if o.is_trump(ca) else -1 if o.is_trump(cb) else 0
        return (o.step[ca] > o.step[cb]) - (o.step[ca] < o.step[cb])

    def _special(self, codes: Sequence[int], o: Order) -> Special | None:
        if not (self.options.sanwufan and self.options.sw_special_plays):
            return None
        sp = detect(codes, o, self.options.sw_four_jokers_shan)
        if sp is None or (sp.value != JOKERS_SHAN and parse_lead(Cards(codes), o).kind == "tractor"):
            return None  # SF-14: a play that is one tractor stays a tractor (XXxx is a 闪 when the option says so)
        return sp

    def special(self, cards: CardsLike, level: str = "2", trump: str | None = "s") -> Special | None:
        """SF-14: the 闪 / 震 / 雨 ``cards`` form under 三五番 (``.kind``, ``.shape``), or None."""
        o = self.order(level, trump)
        return self._special(parse_codes(_text(cards)), o)

    def parse(self, cards: CardsLike | Lead, level: str = "2", trump: str | None = "s") -> Lead:
        """S-14, S-18b: the lead ``cards`` make (``.kind`` single / pair / tractor / throw, ``.units``; under
        三五番 also shan / zhen / yu, SF-14); :class:`IllegalPlay` (with ``.rule``) for cards that are no lead."""
        if isinstance(cards, Lead):
            cards = cards.cards
        o = self.order(level, trump)
        lead = parse_lead(Cards.parse(cards), o)
        sp = self._special(lead.cards.codes, o)
        return lead if sp is None else Lead(lead.cards, sp.kind, lead.system, lead.units)

    def trick_winner(self, plays: Sequence[CardsLike], level: str = "2", trump: str | None = "s") -> int:
        """S-17, S-17a (SF-16): the index of the winning play (``plays`` in the order played, the lead first)."""
        o = self.order(level, trump)
        lead = parse_lead(Cards.parse(plays[0]), o)
        codes = [list(Cards.parse(p).codes) for p in plays]
        for i, p in enumerate(codes[1:], start=1):
            if len(p) != len(lead.cards):
                raise IllegalPlay("S-16", f"play {i} has {len(p)} cards where {len(lead.cards)} were led")
        sp = self._special(codes[0], o)
        if sp is not None:
            best, ruffed, win = sp, False, 0
            for i, p in enumerate(codes[1:], start=1):
                cand = detect(p, o, self.options.sw_four_jokers_shan)
                if cand is not None:
                    took, is_ruff = special_beats(cand, best, sp, ruffed)
                    if took:
                        best, win, ruffed = cand, i, ruffed or is_ruff
            return win
        return judge(codes, lead, o, self.options.throw_overruff).winner

    def declaration_beats(self, prev: CardsLike | None, cand: CardsLike) -> bool:
        """三五番 SF-7, SF-8: whether the showing ``cand`` (``x9s9s``; a take-over ``XX4c4c``) may stand over the
        standing ``prev`` (None: it is the first declaration). A joker pair and a pair takes over one joker
        and a pair; nothing takes over a joker-pair declaration. IllegalPlay (SF-7) for a malformed showing."""
        shown = read_showing(parse_codes(_text(cand)))
        if shown is None:
            raise IllegalPlay("SF-7", f"{_text(cand)} is not one joker (or a joker pair) and a pair")
        standing = None
        if prev is not None:
            p = read_showing(parse_codes(_text(prev)))
            if p is None:
                raise IllegalPlay("SF-7", f"{_text(prev)} is not one joker (or a joker pair) and a pair")
            standing = SwDeclaration(-1, p[0], p[1], p[2])
        return sw_declaration_beats(standing, shown[0])

    def stick_shows(self, hand: CardsLike, level: str = "2") -> list[str]:
        """三五番 SF-10: the sticks (a joker and two consecutive plain pairs of one suit) ``hand`` can show."""
        counts = counts_of(parse_codes(_text(hand)))
        return stick_shows(counts, level_index(level), self.options.sw_skip_removed_adjacent)

    def follow_refusal(self, hand: CardsLike, lead: CardsLike | Lead, cand: CardsLike, level: str = "2",
                       trump: str | None = "s") -> Refusal | None:
        """Why ``cand`` is no legal follow from ``hand`` to ``lead`` (S-16, S-16a), or None."""
        o = self.order(level, trump)
        ld = self.parse(lead, level, trump)
        protect = self.options.tractor_protection != "none"
        if self.options.sanwufan:
            sp = self._special(ld.cards.codes, o)
            bad = sw_follow_refusal(counts_of(parse_codes(_text(hand))), ld, sp, parse_codes(_text(cand)), o,
                                    protect, self.options.sw_high_single_follow, self.options.sw_four_jokers_shan)
            return Refusal(*bad) if bad else None
        bad = follow_refusal(counts_of(parse_codes(_text(hand))), ld, parse_codes(_text(cand)), o,
                             self.options.follow_type_required, protect)
        return Refusal(*bad) if bad else None

    def may_follow(self, hand: CardsLike, lead: CardsLike | Lead, cand: CardsLike, level: str = "2",
                   trump: str | None = "s") -> bool:
        """S-16, S-16a: whether ``cand`` (cards from ``hand``) is a legal follow to ``lead``."""
        return self.follow_refusal(hand, lead, cand, level, trump) is None

    def throw_check(self, lead: CardsLike | Lead, other_hands: Sequence[CardsLike], level: str = "2",
                    trump: str | None = "s") -> Cards | None:
        """S-18, S-18a: None when the throw stands against the three other hands (in turn order after the
        leader: 下家, partner, 上家), else the cards the thrower must play instead."""
        o = self.order(level, trump)
        ld = self.parse(lead, level, trump)
        if ld.kind in (SHAN, ZHEN, YU):
            return None  # SF-14: a special play is led without the throw check
        hands = [counts_of(parse_codes(_text(h))) for h in other_hands]
        if self.options.throw_check == "opponents":
            hands = [h for i, h in enumerate(hands) if i != 1]
        hit = throw_blockers(ld, hands, o)
        return None if hit is None else Cards(hit[0].codes)

    def kitty_multiplier(self, lead: CardsLike | Lead, level: str = "2", trump: str | None = "s") -> int:
        """S-19 (SF-17): the bottom's multiplier when the defenders win the last trick after this lead."""
        ld = self.parse(lead, level, trump)
        if self.options.sanwufan:
            return sws.multiplier(ld, ld.kind if ld.kind in (SHAN, ZHEN, YU) else None, self.options.kitty_multiplier)
        return scoring.kitty_multiplier(ld, self.options.kitty_multiplier)

    def settle(self, defender_points: int, banker: int = 0, banker_level: str = "2", defender_level: str = "2",
               bottom: CardsLike | int = 0, last_lead: CardsLike | Lead | None = None,
               defenders_last: bool | None = None, winning_play: CardsLike | None = None,
               level: str | None = None, trump: str | None = "s", *, bottom_points: int | None = None,
               levels: tuple[str, str] | None = None) -> Any:
        """S-19 … S-23: each side's score, the level changes and the next banker.

        ``defender_points``: the defenders' points from tricks (and S-18a penalties). When they won the last
        trick (``defenders_last``, by default: whenever ``last_lead`` is given), ``bottom`` (its cards or its
        points) is multiplied by the last lead's largest unit (S-19). ``winning_play`` (the last trick's
        winning cards) matters for ``kitty_trump_only`` and ``jack_drop``. ``levels`` = (banker side,
        defenders) and ``bottom_points`` are short forms of the level and bottom arguments."""
        if levels is not None:  # (banker side, defenders)
            banker_level, defender_level = levels
        if bottom_points is not None:
            bottom = bottom_points
        lv = level or banker_level
        lead = self.parse(last_lead, lv, trump) if last_lead is not None else None
        if defenders_last is None:
            defenders_last = lead is not None
        if lead is None and defenders_last:
            lead = self.parse("x", lv, trump)  # unknown lead: count it as a single
        bottom_pts = bottom if isinstance(bottom, int) else points(parse_codes(_text(bottom)))
        if self.options.sanwufan:  # SF-17, SF-18: levels are places in sw_level_order's sequence
            seq = sws.sequence(self.options)
            by_trumps = winning_play is None or all(self.order(lv, trump).is_trump(c)
                                                    for c in parse_codes(_text(winning_play)))
            kind = lead.kind if lead is not None and lead.kind in (SHAN, ZHEN, YU) else None
            return sws.settle(self.options, defender_points, seq.index(banker_level), seq.index(defender_level),
                              bottom_pts, lead, kind, defenders_last, by_trumps)
        by_trumps, single_jack = True, False
        if winning_play is not None:
            o = self.order(lv, trump)
            codes = parse_codes(_text(winning_play))
            by_trumps = all(o.is_trump(c) for c in codes)
            single_jack = len(codes) == 1 and codes[0] < 52 and codes[0] % 13 == level_index("J") \
                and level_index(lv) == level_index("J")
        return scoring.settle(self.options, defender_points, banker, level_index(banker_level),
                              level_index(defender_level), bottom_pts, lead, defenders_last, by_trumps,
                              single_jack)


def _text(cards: CardsLike) -> str:
    if isinstance(cards, Cards):
        return str(cards)
    if isinstance(cards, str):
        return cards
    return "".join(cards)
