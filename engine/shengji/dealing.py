"""The Shengji deal (发牌, S-8) as a pure function of a 32-byte seed, for the verifiable shuffle (engine.fairness).

The pack is ``engine.trick.cards.full_pack()``: the 54 codes ``0 … 53`` in order, each twice (two decks,
S-2), code ``13·suit + rank`` with suits ``d c h s`` and ranks ``2 … A``, then ``x`` (52) and ``X`` (53) —
so ``2d 2d 3d 3d … As As x x X X``. ``engine.fairness.shuffle(seed, pack)`` shuffles it; then the cut:
card ``i`` of the shuffled pack goes to seat ``i mod 4`` for ``i < 100`` (25 each), and cards ``100 … 107``
are the bottom (底牌). The seats still draw one card at a time from the first drawer on (S-8): the draw
``j`` (0-based) is seat ``d = (first + j) mod 4``'s ``(j div 4)``-th card, the shuffled pack's card
``4·(j div 4) + d``. So who draws first changes the order of the draws, never who gets which cards, and
anyone recomputes every hand from the seed alone.
"""

from __future__ import annotations

from engine import fairness
from engine.trick.cards import full_pack

N = 4
HAND_SIZE = 25
DEAL_SIZE = N * HAND_SIZE


def shuffled_pack(seed: bytes) -> list[int]:
    """The 108 codes of ``full_pack()`` in the order ``seed`` shuffles them."""
    return fairness.shuffle(seed, full_pack())


def deal_codes(seed: bytes) -> tuple[list[list[int]], list[int]]:
    """Each seat's 25 codes (in the order it draws them) and the 8-card bottom that ``seed`` deals."""
    pack = shuffled_pack(seed)
    return [pack[s:DEAL_SIZE:N] for s in range(N)], pack[DEAL_SIZE:]


def draw_order(seed: bytes, first_drawer: int) -> list[int]:
    """The 108 codes in the order they are drawn from ``first_drawer`` on, the bottom last: what
    ``State(deal=…)`` takes, so a seeded deal and a fixed one run through the same drawing code."""
    pack = shuffled_pack(seed)
    draws = [pack[N * (j // N) + (first_drawer + j) % N] for j in range(DEAL_SIZE)]
    return draws + pack[DEAL_SIZE:]
