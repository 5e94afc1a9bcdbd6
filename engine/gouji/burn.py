"""烧牌 checks (G-51, G-55): can a hand still be played out with a joker in every lead but the last?"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import BIG, NATURAL_RANKS, SMALL, THREE, TWO


def can_play_out(counts: Sequence[int], biesan: bool) -> bool:
    """G-51 static check on the cards left after a kill (``counts`` = rank counts of H')."""
    total = sum(counts[3:19])
    if total == 0:
        return True
    ranks = [r for r in NATURAL_RANKS if counts[r]]
    k = len(ranks)
    if biesan and counts[THREE] and counts[TWO] and all(r == THREE for r in ranks):
        k += 1  # the 2s need a lead of their own before the final 3s
    k_min = max(1, k)
    return counts[SMALL] + counts[BIG] >= k_min - 1
