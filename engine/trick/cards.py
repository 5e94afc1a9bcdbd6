"""Cards of the trick games as small integer codes, their notation (RULES.md S-2) and point values (S-3).

A card is a code 0 … 53: ``suit * 13 + rank`` for suited cards (suits in C-3 order d < c < h < s, ranks
2 … A as 0 … 12), 52 the small joker ``x``, 53 the big joker ``X``. A hand or a play is a multiset of codes,
held as a tuple of 54 counts (two decks hold each card twice). Codes know nothing of trumps: the order of a
hand is :class:`engine.trick.order.Order`'s business.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from engine.errors import IllegalPlay

RANKS = "23456789TJQKA"
SUITS = "dchs"  # C-3: d < c < h < s
SMALL_JOKER = 52
BIG_JOKER = 53
N_CODES = 54
TEN, KING, FIVE = RANKS.index("T"), RANKS.index("K"), RANKS.index("5")
SUIT_ZH = {"s": "黑桃", "h": "红桃", "c": "梅花", "d": "方块"}
SUIT_EN = {"s": "spades", "h": "hearts", "c": "clubs", "d": "diamonds"}

Counts = tuple[int, ...]


def code_of(rank: str, suit: str) -> int:
    return SUITS.index(suit) * 13 + RANKS.index(rank)


def suit_of(code: int) -> int | None:
    """The suit index (0 … 3), None for a joker."""
    return None if code >= SMALL_JOKER else code // 13


def rank_of(code: int) -> int | None:
    """The rank index (2 → 0 … A → 12), None for a joker."""
    return None if code >= SMALL_JOKER else code % 13


def text_of(code: int) -> str:
    if code == SMALL_JOKER:
        return "x"
    if code == BIG_JOKER:
        return "X"
    return RANKS[code % 13] + SUITS[code // 13]


TEXT = tuple(text_of(c) for c in range(N_CODES))
POINTS = tuple(0 if c >= SMALL_JOKER else 10 if c % 13 in (TEN, KING) else 5 if c % 13 == FIVE else 0
               for c in range(N_CODES))


def parse_codes(text: str | Iterable[str]) -> list[int]:
    """``"3h3h5h5h"``, ``"3h 3h 5h 5h"`` or ``["3h", "3h", ...]`` → codes in the order written (S-2).

    ``10`` is accepted for ``T``. Raises :class:`IllegalPlay` (rule S-2) for anything that is no card."""
    s = text if isinstance(text, str) else "".join(str(t) for t in text)
    return list(_parse(s))


@lru_cache(maxsize=4096)
def _parse(s: str) -> tuple[int, ...]:
    s = s.replace(" ", "").replace(",", "").replace("10", "T")
    out: list[int] = []
    i = 0
    while i < len(s):
        ch = s[i]
        if ch == "x":
            out.append(SMALL_JOKER)
            i += 1
        elif ch == "X":
            out.append(BIG_JOKER)
            i += 1
        elif ch in RANKS and i + 1 < len(s) and s[i + 1] in SUITS:
            out.append(code_of(ch, s[i + 1]))
            i += 2
        else:
            raise IllegalPlay("S-2", f"not a card at {s[i:i + 2]!r} in {s!r} (cards are written As, 4h, x, X)")
    return tuple(out)


def counts_of(codes: Iterable[int]) -> Counts:
    c = [0] * N_CODES
    for x in codes:
        c[x] += 1
    return tuple(c)


def codes_of(counts: Sequence[int]) -> list[int]:
    return [c for c in range(N_CODES) for _ in range(counts[c])]


def notation(codes: Iterable[int]) -> str:
    """The canonical notation of a multiset: codes ascending (suits d, c, h, s, ranks 2 … A, then x, X)."""
    return "".join(TEXT[c] for c in sorted(codes))


def counts_notation(counts: Sequence[int]) -> str:
    return "".join(TEXT[c] * counts[c] for c in range(N_CODES) if counts[c])


def points(codes: Iterable[int]) -> int:
    return sum(POINTS[c] for c in codes)


def full_pack() -> list[int]:
    """Two 54-card decks (S-2): 108 codes."""
    return [c for c in range(N_CODES) for _ in range(2)]


class Cards:
    """An immutable multiset of cards with its canonical notation (``str(cards)``).

    Equal to another :class:`Cards`, to a notation string (in any order, spaces allowed) or to a list of card
    strings holding the same cards — so ``rules.throw_check(...) == "Kh"`` reads as the rules write it."""

    __slots__ = ("codes",)

    def __init__(self, codes: Iterable[int]) -> None:
        self.codes: tuple[int, ...] = tuple(sorted(codes))

    @classmethod
    def parse(cls, text: str | Iterable[str] | Cards) -> Cards:
        return text if isinstance(text, Cards) else cls(parse_codes(text))

    def __str__(self) -> str:
        return "".join(TEXT[c] for c in self.codes)

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"

    def __len__(self) -> int:
        return len(self.codes)

    def __iter__(self) -> Iterator[str]:
        return (TEXT[c] for c in self.codes)

    def __hash__(self) -> int:
        return hash(self.codes)

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Cards):
            return self.codes == other.codes
        if isinstance(other, str) or (isinstance(other, (list, tuple)) and all(isinstance(t, str) for t in other)):
            try:
                return self.codes == tuple(sorted(parse_codes(other)))
            except IllegalPlay:
                return False
        return NotImplemented

    @property
    def counts(self) -> Counts:
        return counts_of(self.codes)

    @property
    def points(self) -> int:
        return points(self.codes)
