"""The 三五番 card order (RULES.md SF-3 … SF-5, SF-13): permanent trumps 2, 3 and 5 (常主 / 固定主) above the
temporary trump suit (临时主), as an :class:`engine.trick.order.Order` so the trick core works unchanged.

Trumps low to high: the trump suit's plain cards ``4 6 7 8 9 T J Q K A`` (2, 3, 5 and the level rank L
removed), then 副2 主2 副3 主3 副5 主5 副L 主L (when L is 2, 3 or 5 that rank appears once, at the top, as
L), then ``x``, ``X`` — every step of that ladder adjacent for tractors (SF-13). The side suits keep the
plain sequence. ``trump`` None is the order before the declared pair is turned up: no suit is trump and 主r
and 副r are equal (the others cannot tell them apart yet).
"""

from __future__ import annotations

from functools import lru_cache

from engine.trick.cards import BIG_JOKER, N_CODES, RANKS, SMALL_JOKER
from engine.trick.order import NO_STEP, TRUMP, Order

TWO, THREE, FIVE = RANKS.index("2"), RANKS.index("3"), RANKS.index("5")
PERMANENT = (TWO, THREE, FIVE)


def high_ranks(level: int) -> tuple[int, ...]:
    """The permanent ranks and the level rank, low to high (SF-4): 2 3 5 L, L once when it is 2, 3 or 5."""
    return (*(r for r in PERMANENT if r != level), level)


def plain_ranks(level: int) -> tuple[int, ...]:
    """The ranks of a plain sequence (side suits, the trump suit's low part), low to high (SF-5)."""
    return tuple(r for r in range(13) if r not in PERMANENT and r != level)


def is_high(code: int, level: int) -> bool:
    """A 2, 3, 5 or level-rank suited card: always a trump (SF-3)."""
    return code < SMALL_JOKER and code % 13 in high_ranks(level)


def _plain_steps(level: int, skip_adjacent: bool) -> dict[int, int]:
    ranks = plain_ranks(level)
    if skip_adjacent:
        return {r: i for i, r in enumerate(ranks)}
    return {r: r for r in ranks}  # SF-13 false: adjacent only when numerically consecutive


@lru_cache(maxsize=256)
def sanwufan_order(level: int, trump: int | None, skip_adjacent: bool = True) -> Order:
    """SF-4 / SF-5 at level rank ``level`` with trump suit ``trump`` (None: not known yet)."""
    system = [0] * N_CODES
    step = [NO_STEP] * N_CODES
    plain = _plain_steps(level, skip_adjacent)
    for suit in range(4):
        for r, s in plain.items():
            system[suit * 13 + r] = TRUMP if suit == trump else suit
            step[suit * 13 + r] = s
    nxt = max(plain.values()) + 1
    for r in high_ranks(level):
        for suit in range(4):
            system[suit * 13 + r] = TRUMP
            step[suit * 13 + r] = nxt + 1 if suit == trump else nxt
        nxt += 2 if trump is not None else 1
    system[SMALL_JOKER] = system[BIG_JOKER] = TRUMP
    step[SMALL_JOKER] = nxt
    step[BIG_JOKER] = nxt + 1
    return Order(level, trump, tuple(system), tuple(step))
