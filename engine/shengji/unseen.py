"""The cards a seat cannot see, read off its view alone (for 复盘, engine.review): the whole pack (two decks,
S-2) minus the seat's hand, the cards played this hand (finished tricks and the trick on the table) and the
bottom when the view shows it (the banker after burying, S-10). What is left is the other hands plus every card
nobody holds — the bottom a non-banker cannot see, the undealt pack while dealing — the same complement
``State.from_view`` (and 三五番 ``SanwufanState.from_view``) fills its set-aside cards from."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.trick.cards import TEXT, full_pack, parse_codes


def unseen(view: Mapping[str, Any]) -> list[str]:
    """The cards ``view``'s seat cannot see, in pack order (a multiset: each copy once per copy unseen)."""
    pub = view["state"]
    seen = parse_codes("".join(view["hand"])) + parse_codes(pub["played"])
    for _, cards in pub["trick"]:
        seen += parse_codes(cards)
    if view.get("bottom"):
        seen += parse_codes(view["bottom"])
    left = Counter(full_pack())
    left.subtract(Counter(seen))
    if any(k < 0 for k in left.values()):
        raise ValueError("the view shows more copies of a card than the pack has")
    return [TEXT[c] for c, k in sorted(left.items()) for _ in range(k)]
