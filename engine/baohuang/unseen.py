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
