"""Melds (面子): a run 顺子 / chow 吃, a triplet 刻子 / pung 碰, a kong 杠 (M-2, M-8, M-9).

A meld written on its own is ``"234m"`` (a chow), ``"555m"`` (a pung), ``"EEEE"`` (an exposed kong); a
concealed kong (暗杠) is written in brackets, ``"[EEEE]"``. Melds that come from a split of the concealed
hand are ``concealed`` runs or triplets (they are not claims and do not break 门清).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from engine.errors import IllegalPlay

from .tile import Tile, TileBag, parse_tiles

MeldKind = Literal["chow", "pung", "kong"]
KongKind = Literal["exposed", "added", "concealed"]


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld. ``claimed`` = made from another seat's tile (吃, 碰, 明杠, and a pung later 加杠'd);
    ``kong`` says which kong (exposed 明杠, added 加杠, concealed 暗杠) when ``kind == "kong"``;
    ``source`` = the seat whose discard was claimed (``None`` when nothing was claimed)."""

    kind: MeldKind
    tiles: TileBag
    claimed: bool = True
    kong: KongKind | None = None
    source: int | None = None

    @property
    def first(self) -> Tile:
        return self.tiles[0]

    @property
    def is_triplet(self) -> bool:
        """A pung or a kong (the melds of 碰碰胡)."""
        return self.kind != "chow"

    @property
    def is_concealed_kong(self) -> bool:
        return self.kong == "concealed"

    @property
    def counted_tiles(self) -> int:
        """Tiles it stands for in the hand size: a kong counts as three (M-5)."""
        return 3

    def text(self) -> str:
        body = str(self.tiles)
        return f"[{body}]" if self.is_concealed_kong else body

    def __str__(self) -> str:
        return self.text()


def meld_of(tiles: Iterable[Tile], claimed: bool = True, kong: KongKind | None = None,
            source: int | None = None) -> Meld:
    """The meld these tiles form; :class:`IllegalPlay` (M-2) when they form none."""
    bag = TileBag(tiles)
    n = len(bag)
    if n in (3, 4) and all(t == bag[0] for t in bag):
        if n == 4:
            return Meld("kong", bag, claimed and kong != "concealed", kong or "exposed", source)
        return Meld("pung", bag, claimed, None, source)
    if n == 3 and not bag[0].is_honour and bag[0].suit == bag[1].suit == bag[2].suit \
            and bag[1].rank == bag[0].rank + 1 and bag[2].rank == bag[0].rank + 2:
        return Meld("chow", bag, claimed, None, source)
    raise IllegalPlay("M-2", f"{''.join(bag)!r} is no run, triplet or kong")


def parse_meld(text: str | Meld, honours: bool = True) -> Meld:
    """``"234m"``, ``"555m"``, ``"EEEE"`` (exposed kong) or ``"[EEEE]"`` (concealed kong)."""
    if isinstance(text, Meld):
        return text
    t = text.strip()
    if t.startswith("[") and t.endswith("]"):
        m = meld_of(parse_tiles(t[1:-1], honours), claimed=False, kong="concealed")
        if m.kind != "kong":
            raise IllegalPlay("M-9", f"{text!r}: only a kong is declared concealed")
        return m
    return meld_of(parse_tiles(t, honours))
