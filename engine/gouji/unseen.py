"""The cards a seat cannot see, read off its view alone (for 复盘, engine.review): the four decks (G-2) minus the
seat's hand, the cards played this set and the teammates' hands the view shows (G-70 挑牌). Every card of a
set is in some hand, so what is left is the other hidden hands; suits do not matter in Gouji, so the copies of
a rank are written with the suits in turn (as the search bots deal them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import SMALL, SUITS, VALUE_OF, Card

TOTAL = [0, 0, 0] + [16] * 13 + [4, 4, 0]   # copies of each rank in the four decks (G-2)


def known_hands(view: Mapping[str, Any]) -> dict[int, list[str]]:
    """The teammates' hands ``view`` shows face up (G-70): seat → cards."""
    me = view.get("seat")
    return {int(s): list(h) for s, h in (view.get("team_hands") or {}).items() if int(s) != me}


def hand_counts(view: Mapping[str, Any]) -> list[int]:
    """Cards held by each seat: the public sizes in the view's state (its ``counts`` are the reported ones)."""
    sizes = (view.get("state") or {}).get("sizes")
    if sizes is None:
        raise ValueError("the hands are not dealt yet")
    return [int(n) for n in sizes]


def unseen(view: Mapping[str, Any]) -> list[str]:
    """The cards ``view``'s seat cannot see, by rank (a multiset: one entry per unseen copy)."""
    left = list(TOTAL)
    seen = list(view.get("hand") or []) + [c for h in known_hands(view).values() for c in h]
    for c in seen:
        left[Card.parse(c).rank] -= 1
    for ch, n in (view.get("played") or {}).items():
        left[VALUE_OF[ch]] -= int(n)
    if min(left) < 0:
        raise ValueError("the view shows more copies of a rank than the decks have")
    return [str(Card(r) if r >= SMALL else Card(r, SUITS[i % 4])) for r in range(len(left)) for i in range(left[r])]
