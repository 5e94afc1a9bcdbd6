"""One hand's table (RULES.md M-4, M-10): the wall, the four concealed hands, melds and discard rivers.

The wall is one list drawn from its front; kong replacements come from its back (M-4: no dead wall), so
``front`` and ``back`` are all that move. Hands are 34-entry count vectors (what the win check reads).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Action
from engine.tiles import TILES, Meld, Tile

N = 4


@dataclass
class Table:
    wall: list[Tile]
    front: int = 0
    back: int = 0
    hands: list[list[int]] = field(default_factory=lambda: [[0] * 34 for _ in range(N)])
    melds: list[list[Meld]] = field(default_factory=lambda: [[] for _ in range(N)])
    rivers: list[list[Tile]] = field(default_factory=lambda: [[] for _ in range(N)])

    def __post_init__(self) -> None:
        if not self.back:
            self.back = len(self.wall)

    @property
    def wall_left(self) -> int:
        return self.back - self.front

    def draw(self, seat: int, from_back: bool = False) -> Tile:
        if self.back <= self.front:
            raise RuntimeError("the wall is empty")
        if from_back:
            self.back -= 1
            t = self.wall[self.back]
        else:
            t = self.wall[self.front]
            self.front += 1
        self.hands[seat][t.idx] += 1
        return t

    def tiles_of(self, seat: int) -> list[Tile]:
        h = self.hands[seat]
        return [TILES[i] for i in range(34) for _ in range(h[i])]

    def size(self, seat: int) -> int:
        return sum(self.hands[seat])

    def copy(self) -> Table:
        return Table(self.wall, self.front, self.back, [list(h) for h in self.hands], [list(m) for m in self.melds],
                     [list(r) for r in self.rivers])

    def accounted(self) -> int:
        """Every tile of the set, wherever it is now (wall, hands, melds, rivers)."""
        return (self.wall_left + sum(map(sum, self.hands)) + sum(len(m.tiles) for ms in self.melds for m in ms)
                + sum(map(len, self.rivers)))


@dataclass
class Round:
    """A claim round (M-7) or a rob round (M-13): the tile, who offered it, who is asked, sealed answers."""

    kind: str  # "discard" | "rob"
    tile: Tile
    source: int
    order: tuple[int, ...]
    answers: dict[int, Action]
    at: int = 0
    last: bool = False  # the discard was made with the wall empty: only 胡 (M-6)

    def copy(self) -> Round:
        return Round(self.kind, self.tile, self.source, self.order, dict(self.answers), self.at, self.last)
