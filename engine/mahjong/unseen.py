"""The tiles a seat cannot see, read off its view alone (for 复盘, engine.review): the whole set (M-2) minus the
seat's concealed hand, every river, every exposed meld, the tile being robbed (M-11) and the hands shown face up
by 明楼 (M-15). What is left is the other concealed hands, the live wall and the tiles of the other seats'
concealed kongs — the same complement ``world_from_view`` draws the wall and those kongs from."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.mahjong.rules import Rules
from engine.tiles import Tile, parse_tiles


def shown(view: Mapping[str, Any]) -> dict[int, list[str]]:
    """The other seats' hands ``view`` shows face up (明楼, M-15): seat → its concealed tiles."""
    return {int(s): list(tiles) for s, tiles in (view.get("shown") or {}).items()}


def unseen(view: Mapping[str, Any]) -> list[str]:
    """The tiles ``view``'s seat cannot see, in set order (a multiset: one entry per unseen copy)."""
    honours = Rules(dict(view["options"])).options.honors
    seen: list[Tile] = parse_tiles(list(view["hand"]), honours)
    for river in view["rivers"]:
        seen += parse_tiles(list(river), honours)
    for ms in view["melds"]:
        for m in ms:
            if m["tiles"] is not None:
                seen += parse_tiles(m["tiles"], honours)
    for tiles in shown(view).values():
        seen += parse_tiles(tiles, honours)
    for offered in view.get("trick") or []:   # the tile on offer; a robbed kong's is in no river or meld yet
        if offered["kind"] == "rob":
            seen.append(Tile(offered["tile"]))
    left = Counter(Rules(dict(view["options"])).tiles())
    left.subtract(Counter(seen))
    if any(k < 0 for k in left.values()):
        raise ValueError("the view shows more copies of a tile than the set has")
    return [str(x) for x in sorted(left.elements(), key=lambda x: x.idx)]
