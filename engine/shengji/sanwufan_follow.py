"""Following under 三五番 (RULES.md SF-15): S-16a always, the highest-singles rule (``sw_high_single_follow``)
and the answer to a special lead (闪 / 震 / 雨: the same kind and size, else the highest cards, else discards).

:class:`SwFollows` is the one authority: it counts and indexes the legal follows (listing them where a rule
restricts the choice, else the trick core's :class:`engine.trick.follow.Follows`), and :func:`refusal` says
why a follow is not among them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.shengji.specials import Special, highest, matching_plays
from engine.trick.cards import Counts
from engine.trick.follow import Follows, Refusal3, commit_paths, follow_refusal, system_items, system_name
from engine.trick.order import Order
from engine.trick.units import Lead


class SwFollows:
    """The legal follows of ``hand`` (54 counts) to ``lead`` (``special`` when it is a 闪 / 震 / 雨)."""

    __slots__ = ("base", "listed", "rule")

    def __init__(self, hand: Counts, lead: Lead, special: Special | None, order: Order, protect: bool,
                 high_single: bool, four_jokers: bool) -> None:
        n = len(lead.cards)
        mine = system_items(hand, lead.system, order)
        size = sum(k for _, k in mine)
        self.listed: list[tuple[int, ...]] | None = None
        self.rule = "SF-15"
        self.base = Follows(hand, lead, order, special is None, protect)
        if size <= n:
            return  # all of the led system, then any cards: no choice the rules restrict
        if special is not None:
            plays = matching_plays(hand, special, order, four_jokers)
            if plays:
                self.listed = sorted(set(plays))
            else:
                self.listed = sorted({tuple(sorted(p)) for p in highest(mine, n, order)})
            return
        if high_single and not lead.is_throw and lead.largest.pairs >= 1:
            h = dict(mine)
            out: set[tuple[int, ...]] = set()
            for committed in commit_paths(h, lead.tractors, lead.n_pairs, order, protect):
                left = dict(h)
                for c in committed:
                    left[c] -= 2
                doubled = [c for c in committed for _ in range(2)]
                for fill in highest([(c, k) for c, k in left.items() if k], n - len(doubled), order):
                    out.add(tuple(sorted(doubled + fill)))
            self.listed = sorted(out)

    @property
    def count(self) -> int:
        return len(self.listed) if self.listed is not None else self.base.count

    def nth(self, k: int) -> list[int]:
        if self.listed is not None:
            return list(self.listed[k])
        return self.base.nth(k)

    def __iter__(self) -> Iterator[list[int]]:
        return (self.nth(i) for i in range(self.count))

    def allows(self, cand: Sequence[int]) -> bool:
        return self.listed is None or tuple(sorted(cand)) in set(self.listed)


def refusal(hand: Counts, lead: Lead, special: Special | None, cand: Sequence[int], order: Order, protect: bool,
            high_single: bool, four_jokers: bool) -> Refusal3 | None:
    """Why ``cand`` is no legal follow (S-16, S-16a, SF-15); None when it is."""
    bad = follow_refusal(hand, lead, cand, order, special is None, protect)
    if bad is not None:
        return bad
    f = SwFollows(hand, lead, special, order, protect, high_single, four_jokers)
    if f.allows(cand):
        return None
    en, zh = system_name(lead.system)
    if special is not None:
        if matching_plays(hand, special, order, four_jokers):
            return ("SF-15", f"you hold a {special.kind} of {en} of that size: you must play it",
                    f"有同样的{zh}牌型必须跟出")
        return ("SF-15", f"answer a {special.kind} with your highest {en}", f"必须跟出{zh}中最大的牌")
    return ("SF-15", f"the cards you add to a pair or tractor must be your highest {en}",
            f"跟对子或拖拉机时补的牌必须是{zh}中最大的")
