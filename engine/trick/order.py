"""The order of the cards under a level rank and a trump suit (RULES.md S-11 … S-13, S-11a, S-14b).

Every card gets a **system** (系: 0 … 3 a side suit by its C-3 index, :data:`TRUMP` the trumps) and a **step**
inside its system. Steps say both things the rules need: a higher step beats a lower one (equal steps are
equal cards — the three 副主, the four level cards in 无主 — and the first played wins), and two pairs are
consecutive for a tractor iff their steps differ by exactly one. A removed rank that must not join its two
sides (``skip_level_adjacent = false``) is a gap of one extra step.

An :class:`Order` is built from a ladder (the ranks of each system from low to high), so a variant with other
permanent trumps (Part SF) builds its own ladder and reuses everything else.
"""

from __future__ import annotations

from functools import lru_cache

from engine.trick.cards import BIG_JOKER, N_CODES, RANKS, SMALL_JOKER, SUITS

TRUMP = 4
NO_STEP = -1


class Order:
    """``system[code]`` and ``step[code]`` under one level rank and trump suit (``trump`` None = 无主)."""

    __slots__ = ("level", "trump", "system", "step", "top_step", "members")

    def __init__(self, level: int, trump: int | None, system: tuple[int, ...], step: tuple[int, ...]) -> None:
        self.level = level
        self.trump = trump
        self.system = system
        self.step = step
        self.top_step = max(step) + 1
        # the codes of each system, low to high (index 0 … 3 side suits, 4 the trumps)
        self.members: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted((c for c in range(len(system)) if system[c] == s), key=lambda c: (step[c], c)))
            for s in range(TRUMP + 1))

    def __repr__(self) -> str:
        t = SUITS[self.trump] if self.trump is not None else "none"
        return f"Order(level={RANKS[self.level]}, trump={t})"

    def is_trump(self, code: int) -> bool:
        return self.system[code] == TRUMP

    def key(self, code: int) -> tuple[int, int, int]:
        """A sort key: side suits d, c, h, s then trumps; low to high; equal steps by suit."""
        return (self.system[code], self.step[code], code)


def _ladder(ranks: list[int], removed: int, skip_adjacent: bool, start: int) -> tuple[dict[int, int], int]:
    """Steps for ``ranks`` (low to high, ``removed`` left out); the next free step."""
    steps: dict[int, int] = {}
    s = start
    placed = False
    for r in ranks:
        if r == removed:
            if placed and not skip_adjacent:
                s += 1  # S-14b false: the two sides of the removed rank are not consecutive
            continue
        steps[r] = s
        s += 1
        placed = True
    return steps, s


@lru_cache(maxsize=256)
def standard_order(level: int, trump: int | None, skip_adjacent: bool = True) -> Order:
    """Part S: ``X > x > 正主 > 副主 > trump A > K > … > 2`` (level removed), side suits ``A > … > 2``."""
    system = [0] * N_CODES
    step = [NO_STEP] * N_CODES
    plain = list(range(13))
    for suit in range(4):
        if suit == trump:
            continue
        steps, _ = _ladder(plain, level, skip_adjacent, 0)
        for r, s in steps.items():
            system[suit * 13 + r] = suit
            step[suit * 13 + r] = s
    if trump is not None:
        steps, nxt = _ladder(plain, level, skip_adjacent, 0)
        for r, s in steps.items():
            system[trump * 13 + r] = TRUMP
            step[trump * 13 + r] = s
        if level == 12 and not skip_adjacent:
            nxt += 1  # S-14b at level A: trump K and 副主 are the removed A's two sides
        fu, zheng = nxt, nxt + 1
        nxt += 2
    else:
        fu = zheng = 0  # S-11a: the four level cards are equal
        nxt = 1
    for suit in range(4):
        code = suit * 13 + level
        system[code] = TRUMP
        step[code] = zheng if suit == trump else fu
    system[SMALL_JOKER] = system[BIG_JOKER] = TRUMP
    step[SMALL_JOKER] = nxt
    step[BIG_JOKER] = nxt + 1
    return Order(level, trump, tuple(system), tuple(step))


def level_index(level: str) -> int:
    if not isinstance(level, str) or len(level) != 1 or level not in RANKS:
        from engine.errors import OptionError
        raise OptionError("S-4", f"a level is one rank character 2 … 9, T, J, Q, K, A, not {level!r}")
    return RANKS.index(level)


def suit_index(trump: str | None) -> int | None:
    if trump is None:
        return None
    if not isinstance(trump, str) or trump not in SUITS or len(trump) != 1:
        from engine.errors import OptionError
        raise OptionError("S-11", f"a trump is a suit letter s, h, c, d (or None for 无主), not {trump!r}")
    return SUITS.index(trump)
