"""Cards and their notation (RULES.md C-1 … C-5).

A card is a small immutable value: its rank value (C-2: 3 … 14 = A, 15 = 2, 16 = small joker ``x``,
17 = big joker ``X``, 18 = super joker ``Z``), its suit (``d c h s``, empty for jokers) and a mark
(a marked joker, 皇牌 ``X^`` or 侍卫牌 ``x^``, or the physical card behind a ``Z``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.errors import RuleError

RANK_CHARS = "3456789TJQKA2xXZ"
THREE, TEN, JACK, QUEEN, KING, ACE, TWO, SMALL, BIG, SUPER = 3, 10, 11, 12, 13, 14, 15, 16, 17, 18
NATURAL_RANKS = tuple(range(3, 15))  # 3 … A: ranks that fillers (2s) can join
VALUE_OF = {ch: i + 3 for i, ch in enumerate(RANK_CHARS)}
CHAR_OF = {v: ch for ch, v in VALUE_OF.items()}
SUITS = "dchs"  # C-3 deterministic order d < c < h < s
SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}
SUIT_SYMBOL = {"s": "♠", "h": "♥", "c": "♣", "d": "♦"}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card. Four copies of each card exist in a 4-deck pack (C-5); copies are equal."""

    rank: int
    suit: str = ""
    mark: str = ""

    def __post_init__(self) -> None:
        if self.rank not in CHAR_OF:
            raise RuleError("C-1", f"no such rank value {self.rank!r}")
        if self.rank >= SMALL:
            if self.suit:
                raise RuleError("C-3", "jokers have no suit")
        elif self.suit not in SUIT_ORDER:
            raise RuleError("C-3", f"a {CHAR_OF[self.rank]} needs a suit from {SUITS!r}")

    @property
    def char(self) -> str:
        """The suitless rank character used inside plays (C-6)."""
        return CHAR_OF[self.rank]

    @property
    def is_joker(self) -> bool:
        return self.rank >= SMALL

    def __str__(self) -> str:
        if self.rank == SUPER:
            return f"Z({self.mark})" if self.mark else "Z"
        if self.rank >= SMALL:
            return self.char + ("^" if self.mark == "^" else "")
        return self.char + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``9c``, ``Ts``, ``10h``, ``x``, ``X``, ``X^`` (C-1, C-3, C-4), ``Z(9c)`` (C-4)."""
        t = text.strip()
        if t.startswith("Z"):
            inner = t[2:-1] if t.startswith("Z(") and t.endswith(")") else ""
            if inner:
                Card.parse(inner)
            elif t != "Z":
                raise RuleError("C-4", f"bad super joker {text!r}")
            return cls(SUPER, "", inner)
        if t in ("x", "X", "x^", "X^"):
            return cls(VALUE_OF[t[0]], "", "^" if t.endswith("^") else "")
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in VALUE_OF or t[1] not in SUIT_ORDER or VALUE_OF[t[0]] >= SMALL:
            raise RuleError("C-3", f"not a card: {text!r} (write rank + suit, e.g. 9c, Ts, 2h, x, X)")
        return cls(VALUE_OF[t[0]], t[1])


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse a space-separated list of cards (or an iterable of card strings)."""
    items = text.split() if isinstance(text, str) else list(text)
    return [Card.parse(t) for t in items]


def card_sort_key(c: Card) -> tuple[int, int, int]:
    """Hand order: by value, then suit d < c < h < s, marked after plain (C-3)."""
    return (c.rank, SUIT_ORDER.get(c.suit, 0), 1 if c.mark else 0)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=card_sort_key)


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in sort_cards(cards))


def make_pack(decks: int = 4, without_ranks: Sequence[int] = (), marks: bool = False) -> list[Card]:
    """``decks`` full 54-card decks (C-5). ``marks`` marks one big joker ``X^`` and one small ``x^`` (C-4)."""
    pack: list[Card] = []
    for _ in range(decks):
        for rank in range(3, 16):
            if rank in without_ranks:
                continue
            for suit in SUITS:
                pack.append(Card(rank, suit))
        pack.append(Card(SMALL))
        pack.append(Card(BIG))
    if marks:
        pack[pack.index(Card(BIG))] = Card(BIG, "", "^")
        pack[pack.index(Card(SMALL))] = Card(SMALL, "", "^")
    return pack


def shuffled(pack: list[Card], rng: random.Random) -> list[Card]:
    deck = list(pack)
    rng.shuffle(deck)
    return deck


def rank_counts(cards: Iterable[Card]) -> list[int]:
    """Counts indexed by rank value 0 … 18 (only 3 … 18 used)."""
    counts = [0] * 19
    for c in cards:
        counts[c.rank] += 1
    return counts
