"""The Shengji rules oracle (RULES.md Part S): parse a lead, the trick winner, follow legality, the throw check
and the end-of-hand settlement — under a set of S.1 options, at a level rank and a trump suit."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.api import Refusal
from engine.errors import IllegalPlay
from engine.shengji import scoring
from engine.shengji.options import ShengjiOptions
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
        lv = level if isinstance(level, int) else level_index(level)
        tr = trump if isinstance(trump, int) or trump is None else suit_index(trump)
        return standard_order(lv, tr, self.options.skip_level_adjacent)

    def parse(self, cards: CardsLike | Lead, level: str = "2", trump: str | None = "s") -> Lead:
        """S-14, S-18b: the lead ``cards`` make (``.kind`` single / pair / tractor / throw, ``.units``);
        :class:`IllegalPlay` (with ``.rule``) for cards that are no lead."""
        if isinstance(cards, Lead):
            cards = cards.cards
        return parse_lead(Cards.parse(cards), self.order(level, trump))

    def trick_winner(self, plays: Sequence[CardsLike], level: str = "2", trump: str | None = "s") -> int:
        """S-17, S-17a: the index of the winning play (``plays`` in the order played, the lead first)."""
        o = self.order(level, trump)
        lead = parse_lead(Cards.parse(plays[0]), o)
        codes = [list(Cards.parse(p).codes) for p in plays]
        for i, p in enumerate(codes[1:], start=1):
            if len(p) != len(lead.cards):
                raise IllegalPlay("S-16", f"play {i} has {len(p)} cards where {len(lead.cards)} were led")
        return judge(codes, lead, o, self.options.throw_overruff).winner

    def follow_refusal(self, hand: CardsLike, lead: CardsLike | Lead, cand: CardsLike, level: str = "2",
                       trump: str | None = "s") -> Refusal | None:
        """Why ``cand`` is no legal follow from ``hand`` to ``lead`` (S-16, S-16a), or None."""
        o = self.order(level, trump)
        ld = self.parse(lead, level, trump)
        bad = follow_refusal(counts_of(parse_codes(_text(hand))), ld, parse_codes(_text(cand)), o,
                             self.options.follow_type_required, self.options.tractor_protection != "none")
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
        hands = [counts_of(parse_codes(_text(h))) for h in other_hands]
        if self.options.throw_check == "opponents":
            hands = [h for i, h in enumerate(hands) if i != 1]
        hit = throw_blockers(ld, hands, o)
        return None if hit is None else Cards(hit[0].codes)

    def kitty_multiplier(self, lead: CardsLike | Lead, level: str = "2", trump: str | None = "s") -> int:
        """S-19: the bottom's multiplier when the defenders win the last trick after this lead."""
        return scoring.kitty_multiplier(self.parse(lead, level, trump), self.options.kitty_multiplier)

    def settle(self, defender_points: int, banker: int = 0, banker_level: str = "2", defender_level: str = "2",
               bottom: CardsLike | int = 0, last_lead: CardsLike | Lead | None = None,
               defenders_last: bool | None = None, winning_play: CardsLike | None = None,
               level: str | None = None, trump: str | None = "s", *, bottom_points: int | None = None,
               levels: tuple[str, str] | None = None) -> scoring.Settlement:
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
