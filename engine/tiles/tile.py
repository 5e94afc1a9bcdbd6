"""The mahjong tile (牌) and its notation (RULES.md M-2).

A :class:`Tile` is an immutable string of its own notation (``"5m"``, ``"2p"``, ``"8s"``, ``"E"`` …), so it
compares, hashes and serialises as that text, while its ``index`` (0 … 33) lets the win check work on
count vectors. :class:`TileBag` is a multiset of tiles kept sorted, so equal multisets are equal values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.errors import IllegalPlay

SUITS = "mps"  # 万 characters, 饼/筒 dots, 条 bamboos (M-2)
HONOURS = "ESWNCFB"  # winds 东南西北, dragons 中发白
N_KINDS = 34
SUIT_NAMES_ZH = {"m": "万", "p": "饼", "s": "条"}
HONOUR_NAMES_ZH = dict(zip(HONOURS, "东南西北中发白", strict=True))


class Tile(str):
    """One tile, spelled as M-2 writes it. ``Tile("5m").idx == 4``; honours have index 27 … 33."""

    __slots__ = ()

    def __new__(cls, text: str) -> Tile:
        t = _BY_TEXT.get(text)
        if t is not None:
            return t
        raise IllegalPlay("M-2", f"{text!r} is not a tile (write 1m…9m, 1p…9p, 1s…9s or one of {HONOURS})")

    @property
    def idx(self) -> int:
        return _INDEX[self]

    @property
    def suit(self) -> str:
        """``m``, ``p`` or ``s``; ``z`` for an honour."""
        return self[1] if len(self) == 2 else "z"

    @property
    def rank(self) -> int:
        """1 … 9 for a suit tile, 0 for an honour."""
        return int(self[0]) if len(self) == 2 else 0

    @property
    def is_honour(self) -> bool:
        return len(self) == 1

    @property
    def is_terminal_or_honour(self) -> bool:
        return len(self) == 1 or self[0] in "19"

    @property
    def is_258(self) -> bool:
        """A 2, 5 or 8 of a suit: the only pair a standard hand may have (M-11.1)."""
        return len(self) == 2 and self[0] in "258"

    def zh(self) -> str:
        if self.is_honour:
            return HONOUR_NAMES_ZH[self]
        return "一二三四五六七八九"[self.rank - 1] + SUIT_NAMES_ZH[self.suit]

    def __repr__(self) -> str:
        return f"Tile({str(self)!r})"


_BY_TEXT: dict[str, Tile] = {}
_INDEX: dict[str, int] = {}
TILES: tuple[Tile, ...] = ()


def _build() -> tuple[Tile, ...]:
    out = []
    texts = [f"{r}{s}" for s in SUITS for r in range(1, 10)] + list(HONOURS)
    for i, text in enumerate(texts):
        t = str.__new__(Tile, text)
        _BY_TEXT[text] = t
        _INDEX[text] = i
        out.append(t)
    return tuple(out)


TILES = _build()
SUIT_TILES = TILES[:27]
HONOUR_TILES = TILES[27:]
ORPHANS = tuple(t for t in TILES if t.is_terminal_or_honour)  # 十三幺's thirteen kinds
TILE_258 = tuple(t for t in SUIT_TILES if t.is_258)


def tile_of(index: int) -> Tile:
    return TILES[index]


def parse_tiles(text: str | Iterable[str], honours: bool = True) -> list[Tile]:
    """Tiles from notation (``"234m55p789s EEE"``, ``"6s6s6s"``) or from an iterable of tile strings, in the
    order written. Raises :class:`IllegalPlay` (M-2) on bad notation or on an honour when ``honours`` is off."""
    if not isinstance(text, str):
        out = []
        for item in text:
            out.extend(parse_tiles(str(item), honours))
        return out
    tiles: list[Tile] = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            if ch == "0":
                raise IllegalPlay("M-2", f"{text!r}: ranks run 1 … 9")
            digits += ch
        elif ch in SUITS:
            if not digits:
                raise IllegalPlay("M-2", f"{text!r}: the suit letter {ch!r} follows no rank")
            tiles.extend(_BY_TEXT[d + ch] for d in digits)
            digits = ""
        elif ch in HONOURS:
            if digits:
                raise IllegalPlay("M-2", f"{text!r}: the ranks {digits!r} have no suit letter")
            if not honours:
                raise IllegalPlay("M-2", f"{text!r}: {ch} is an honour, and this table plays without honours")
            tiles.append(_BY_TEXT[ch])
        elif ch in " ,\t":
            if digits:
                raise IllegalPlay("M-2", f"{text!r}: the ranks {digits!r} have no suit letter")
        else:
            raise IllegalPlay("M-2", f"{text!r}: {ch!r} is not part of the tile notation")
    if digits:
        raise IllegalPlay("M-2", f"{text!r}: the ranks {digits!r} have no suit letter")
    return tiles


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    c = [0] * N_KINDS
    for t in tiles:
        c[_INDEX[t]] += 1
    return c


def notation(tiles: Iterable[str]) -> str:
    """Canonical text of a multiset: sorted, digits of one suit grouped, honours last (``"234m55pEEE"``)."""
    c = counts_of(Tile(t) if not isinstance(t, Tile) else t for t in tiles)
    return notation_of_counts(c)


def notation_of_counts(c: Sequence[int]) -> str:
    parts = []
    for si, s in enumerate(SUITS):
        digits = "".join(str(r + 1) * c[si * 9 + r] for r in range(9))
        if digits:
            parts.append(digits + s)
    parts.extend(h * c[27 + i] for i, h in enumerate(HONOURS) if c[27 + i])
    return "".join(parts)


class TileBag(tuple[Tile, ...]):
    """A multiset of tiles: a sorted tuple (so equal multisets are equal), its text is the M-2 notation."""

    __slots__ = ()

    def __new__(cls, tiles: Iterable[Tile] = ()) -> TileBag:
        return super().__new__(cls, sorted(tiles, key=_INDEX.__getitem__))

    @classmethod
    def from_counts(cls, c: Sequence[int]) -> TileBag:
        return super().__new__(cls, [TILES[i] for i in range(N_KINDS) for _ in range(c[i])])

    def counts(self) -> list[int]:
        return counts_of(self)

    def __eq__(self, other: object) -> bool:
        """Multiset equality with any collection of tiles: another bag, a list or tuple in any order, a set
        (of distinct tiles), a mapping of tile → count, or M-2 text."""
        if isinstance(other, TileBag):
            return tuple.__eq__(self, other)
        try:
            if isinstance(other, str):
                theirs = counts_of(parse_tiles(other))
            elif isinstance(other, Mapping):
                theirs = [0] * N_KINDS
                for k, n in other.items():
                    theirs[_INDEX[Tile(str(k))]] += int(n)
            elif isinstance(other, (list, tuple, set, frozenset)):
                theirs = counts_of(Tile(str(t)) for t in other)
            else:
                return NotImplemented
        except (IllegalPlay, TypeError, ValueError):
            return False
        return self.counts() == theirs

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = tuple.__hash__

    def __str__(self) -> str:
        return notation_of_counts(self.counts())

    def __repr__(self) -> str:
        return f"TileBag({str(self)!r})"


def full_set(honours: bool = True) -> list[Tile]:
    """The 136 tiles (108 without honours), four of each kind (M-2)."""
    kinds = TILES if honours else SUIT_TILES
    return [t for t in kinds for _ in range(4)]
