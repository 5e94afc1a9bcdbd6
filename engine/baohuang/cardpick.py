"""Which physical cards make a play (B-19: played cards are public with their suits).

A play is written suitless (C-6); the seat may name its cards (``Action.arg``), otherwise the engine picks
them deterministically: suits d < c < h < s (C-3), unmarked before marked jokers (C-4), and cards that would
reveal the guard (the called identity, ``x^``, ``Z``) last.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.cards import BIG, SMALL, SUIT_ORDER, SUPER, TWO, Card
from engine.plays import Play, PlayRules, make_play


def pick_cards(hand: Sequence[Card], play: Play, revealing: Callable[[Card], bool]) -> list[Card]:
    """The cards of ``hand`` that make ``play`` (the hand is assumed to hold them)."""
    need: dict[int, int] = {}
    for rank, n in ((play.natural_rank, play.naturals), (TWO, play.twos), (SMALL, play.raw_small),
                    (BIG, play.raw_big), (SUPER, play.supers)):
        if n:
            need[rank] = n
    pools: dict[int, list[Card]] = {r: [] for r in need}
    for c in hand:
        pool = pools.get(c.rank)
        if pool is not None:
            pool.append(c)
    out: list[Card] = []
    for rank, n in need.items():
        pool = pools[rank]
        if len(pool) > n:
            pool.sort(key=lambda c: (revealing(c), c.mark != "", SUIT_ORDER.get(c.suit, 0)))
        out.extend(pool[:n])
    return out


def play_of(rules: PlayRules, cards: Sequence[Card]) -> Play:
    """The play a set of cards makes (raises IllegalPlay for an illegal shape)."""
    naturals: dict[int, int] = {}
    t = s = b = z = 0
    for c in cards:
        if c.rank == TWO:
            t += 1
        elif c.rank == SMALL:
            s += 1
        elif c.rank == BIG:
            b += 1
        elif c.rank == SUPER:
            z += 1
        else:
            naturals[c.rank] = naturals.get(c.rank, 0) + 1
    if len(naturals) > 1:
        from engine.errors import IllegalPlay
        raise IllegalPlay("B-20", "a play has one rank (no straights, no two ranks)")
    (r, k), = naturals.items() if naturals else ((0, 0),)
    return make_play(rules, (r, k, t, s, b, z))


def holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether ``hand`` contains the multiset ``cards``."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return False
    return True
