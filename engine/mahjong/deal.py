"""The Mahjong deal (发牌, RULES.md M-4) as a pure function of a 32-byte seed (engine.fairness, 验证洗牌).

The pack is ``Rules.tiles()`` in its documented order: 1m…9m, 1p…9p, 1s…9s, then E S W N C F B with
``honors``, each kind four times in a row (136 tiles, 108 without honours). ``engine.fairness.shuffle`` turns
it into the wall, drawn from its front (index 0) and, for kong replacements, from its back (the last index).

The cut: tiles 0 … 47 are dealt four at a time round the table from seat 0 (tile ``p`` to seat
``(p // 4) % 4``), three rounds; tiles 48 … 51 one each (tile ``48 + s`` to seat ``s``), so every seat holds
13; tiles 52 … are the wall, its front first, and the dealer takes the wall's first tile (tile 52) as his
14th. The round starts at seat 0 whoever deals, so a verifier needs no dealer: with a fair shuffle the place
the round starts changes no one's odds, and the dealer still gets four, four, four, one and one more (M-4).
"""

from __future__ import annotations

from engine import fairness
from engine.tiles import Tile

from .rules import Rules
from .table import N, Table

BLOCK = 4  # tiles a seat takes at a time in the first three rounds (M-4)
DEALT = 13 * N  # tiles in the hands before the dealer's 14th


def deal_tiles(seed: bytes, rules: Rules) -> tuple[list[list[Tile]], list[Tile]]:
    """The four 13-tile hands (seat order) and the wall (front first) the seed makes, by the cut above."""
    pack = fairness.shuffle(seed, rules.tiles())
    hands: list[list[Tile]] = [[] for _ in range(N)]
    rounds = 3 * BLOCK * N
    for p in range(rounds):
        hands[(p // BLOCK) % N].append(pack[p])
    for s in range(N):
        hands[s].append(pack[rounds + s])
    return hands, pack[DEALT:]


def deal_table(hands: list[list[Tile]], wall: list[Tile], dealer: int) -> Table:
    """The hand's table from :func:`deal_tiles`: the dealer's 14th tile drawn from the wall's front."""
    t = Table(list(wall))
    for s, h in enumerate(hands):
        for x in h:
            t.hands[s][x.idx] += 1
    t.draw(dealer)
    return t


__all__ = ["deal_table", "deal_tiles"]
