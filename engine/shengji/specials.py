"""三五番 special plays (RULES.md SF-14 … SF-16): 闪 (咕噜), 震 and 雨 (顺子) — reading, comparing, following.

- 闪: four cards of one rank r ∈ {L, 2, 3, 5}, one of each suit (with ``sw_four_jokers_shan`` also ``XXxx``);
- 震: five to eight cards of such a rank holding all four suits (a 闪 and more of that rank);
- 雨: cards of one suit whose distinct ranks are five or more numerically consecutive ranks, none of them 2,
  3, 5 or L, any rank at most twice; its shape is (number of ranks, places from the top of its doubled ranks).

A play is special iff all its cards form one of them and it is not one tractor (the caller checks that: a
tractor stays a tractor). A special play matches only one of the same kind and size (雨: the same shape); 闪
and 震 compare by rank in the SF-4 order, ``XXxx`` above every 闪, a 雨 by its top rank, and a trump 雨 ruffs a
side-suit 雨 of the same shape.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from engine.shengji.sanwufan_order import high_ranks, plain_ranks
from engine.trick.cards import BIG_JOKER, SMALL_JOKER
from engine.trick.order import TRUMP, Order
from engine.trick.picks import Picks

SHAN, ZHEN, YU = "shan", "zhen", "yu"
JOKERS_SHAN = 99  # above every rank's 闪


@dataclass(frozen=True, slots=True)
class Special:
    """One special play: ``kind`` shan / zhen / yu, its ``system`` (0 … 3 a side suit, 4 trumps), its card
    count, ``shape`` (雨 only: ranks, doubled places from the top) and ``value`` (higher beats lower)."""

    kind: str
    system: int
    size: int
    shape: tuple[int, tuple[int, ...]] | None
    value: int
    codes: tuple[int, ...]

    def matches(self, other: Special) -> bool:
        return self.kind == other.kind and self.size == other.size and self.shape == other.shape


def detect(codes: Sequence[int], order: Order, four_jokers: bool) -> Special | None:
    """The special play ``codes`` form (SF-14), or None. Tractors are not excluded here."""
    n = len(codes)
    if n < 4:
        return None
    cs = tuple(sorted(codes))
    if n == 4 and four_jokers and cs == (SMALL_JOKER, SMALL_JOKER, BIG_JOKER, BIG_JOKER):
        return Special(SHAN, TRUMP, 4, None, JOKERS_SHAN, cs)
    if any(c >= SMALL_JOKER for c in cs):
        return None
    ranks = {c % 13 for c in cs}
    suits = {c // 13 for c in cs}
    level = order.level
    if len(ranks) == 1:
        (r,) = ranks
        if r not in high_ranks(level) or suits != {0, 1, 2, 3} or n > 8:
            return None
        return Special(SHAN if n == 4 else ZHEN, TRUMP, n, None, high_ranks(level).index(r), cs)
    if len(suits) != 1 or len(ranks) < 5:
        return None
    plain = set(plain_ranks(level))
    lo, hi = min(ranks), max(ranks)
    if hi - lo + 1 != len(ranks) or not ranks <= plain:
        return None
    count = {r: 0 for r in ranks}
    for c in cs:
        count[c % 13] += 1
    if max(count.values()) > 2:
        return None
    doubled = tuple(i for i, r in enumerate(range(hi, lo - 1, -1)) if count[r] == 2)
    return Special(YU, order.system[cs[0]], n, (len(ranks), doubled), hi, cs)


def beats(cand: Special, best: Special, lead: Special, best_is_ruff: bool) -> tuple[bool, bool]:
    """(whether ``cand`` takes the trick from ``best``, whether it is a ruff) — SF-14, SF-16."""
    if not cand.matches(lead):
        return False, False
    if cand.system == lead.system:
        return (not best_is_ruff and cand.value > best.value), False
    if lead.kind == YU and cand.system == TRUMP:  # a trump 雨 ruffs a side-suit 雨
        return (not best_is_ruff or cand.value > best.value), True
    return False, False


# -- following a special lead (SF-15) -------------------------------------------------------------------


def matching_plays(hand: Sequence[int], lead: Special, order: Order, four_jokers: bool) -> list[tuple[int, ...]]:
    """Every play of ``lead``'s kind and size (雨: shape) in ``lead``'s system that ``hand`` (54 counts) holds."""
    out: list[tuple[int, ...]] = []
    level = order.level
    if lead.kind in (SHAN, ZHEN):
        if lead.kind == SHAN and four_jokers and hand[SMALL_JOKER] >= 2 and hand[BIG_JOKER] >= 2:
            out.append((SMALL_JOKER, SMALL_JOKER, BIG_JOKER, BIG_JOKER))
        for r in high_ranks(level):
            base = [s * 13 + r for s in range(4)]
            if not all(hand[c] for c in base):
                continue
            extra = [c for c in base if hand[c] >= 2]
            for more in combinations(extra, lead.size - 4):
                out.append(tuple(sorted(base + list(more))))
        return out
    assert lead.shape is not None
    width, doubled = lead.shape
    plain = set(plain_ranks(level))
    suits = range(4) if lead.system == TRUMP else (lead.system,)
    for suit in suits:
        if lead.system == TRUMP and suit != order.trump:
            continue
        for top in range(12, width - 2, -1):
            ranks = list(range(top, top - width, -1))
            if not set(ranks) <= plain:
                continue
            need = [2 if i in doubled else 1 for i in range(width)]
            if all(hand[suit * 13 + r] >= k for r, k in zip(ranks, need)):
                out.append(tuple(sorted(suit * 13 + r for r, k in zip(ranks, need) for _ in range(k))))
    return out


def highest(items: Sequence[tuple[int, int]], n: int, order: Order) -> Iterator[list[int]]:
    """Every choice of the ``n`` highest cards of ``items`` (code, copies) — equal cards are interchangeable."""
    cards = sorted((c for c, k in items for _ in range(k)), key=lambda c: order.step[c], reverse=True)
    if n <= 0:
        yield []
        return
    cut = order.step[cards[n - 1]]
    above = [c for c in cards if order.step[c] > cut]
    tie: dict[int, int] = {}
    for c in cards:
        if order.step[c] == cut:
            tie[c] = tie.get(c, 0) + 1
    for pick in Picks(sorted(tie.items()), n - len(above)):
        yield above + pick
