"""The cards a seat cannot see, read off its view alone (for 复盘, engine.review): the pack in use (B-3, the
marked jokers included) minus the seat's hand and the cards played this hand. Every card of a hand is in some
seat's hand, so what is left is exactly the other hands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.baohuang.rules import Rules


def unseen(view: Mapping[str, Any]) -> list[str]:
    """The cards ``view``'s seat cannot see, in pack order (a multiset: one entry per unseen copy)."""
    left = Counter(str(c) for c in Rules(dict(view["options"])).pack())
    left.subtract(Counter(view["hand"]))
    left.subtract(Counter(view["state"]["played"]))
    if any(k < 0 for k in left.values()):
        raise ValueError("the view shows a card the pack does not have")
    return [c for c, k in left.items() for _ in range(k)]


def pinned(view: Mapping[str, Any]) -> dict[int, list[str]]:
    """Cards the view shows another seat still holds, without showing its whole hand: 皇牌 ``X^`` with its holder
    once the throne is settled (B-6), and the copies of the called card (叫的牌) the emperor must still hold —
    three, less those he has played (B-12)."""
    seat = int(view["seat"])
    pub = view["state"]
    if view.get("phase") != "play":
        return {}
    pool = Counter(unseen(view))
    out: dict[int, list[str]] = {}
    holder = view.get("x_holder")
    if holder is not None and int(holder) != seat and pool["X^"]:
        out.setdefault(int(holder), []).append("X^")
        pool["X^"] -= 1
    e, called = view.get("emperor"), view.get("called")
    if e is not None and int(e) != seat and called:
        have = max(0, 3 - int(pub.get("emperor_called_played") or 0))
        for c in sorted(pool):
            while have and pool[c] and c.rstrip("^") == called:
                out.setdefault(int(e), []).append(c)
                pool[c] -= 1
                have -= 1
    return out
