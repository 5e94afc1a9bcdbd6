"""复盘's why for 山东麻将: where the strong bot discards another tile than the player did, what each discard
leaves — how far the hand is from ready (M-11a's shanten) and how many unseen tiles bring it nearer (有效牌), or,
when it leaves the hand ready (听牌), its waits with the copies still unseen. Read from the seat's view alone:
"unseen" is every copy the view does not show (engine.mahjong.unseen), the other hands and the wall together."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core import Action
from engine.mahjong.rules import Rules
from engine.mahjong.unseen import unseen
from engine.tiles import TILES, counts_of, parse_tiles
from engine.tiles.shanten import shanten_counts
from engine.tiles.win import waits_counts


def _left(rules: Rules, hand: list[int], melds: Any, live: Counter[str]) -> dict[str, Any]:
    """What a 13-tile hand (counts) offers: its shanten, and its waits or the kinds that lower the shanten, each
    with its unseen copies."""
    rule = rules.win_rule
    sh = shanten_counts(rule, hand, melds)
    if sh <= 0:
        kinds = waits_counts(rule, hand, melds)
    else:
        kinds = []
        for i in range(len(hand)):
            if hand[i] < 4 and live[str(TILES[i])]:
                hand[i] += 1
                if shanten_counts(rule, hand, melds) < sh:
                    kinds.append(i)
                hand[i] -= 1
    tiles = [[str(TILES[i]), live[str(TILES[i])]] for i in kinds]
    return {"shanten": sh, "tiles": tiles, "live": sum(n for _, n in tiles)}


def review_facts(view: Mapping[str, Any], played: Action, bot: Action) -> dict[str, Any] | None:
    """For two different discards from the same 14 tiles (M-5): ``{"kind": "discard", "played": F, "bot": F}``
    with F = ``{"tile", "shanten", "tiles": [[tile, unseen copies], …], "live"}`` (``tiles`` the waits when
    ``shanten`` is 0, else the kinds that lower it; ``live`` their unseen copies). ``None`` for any other pair of
    actions (a claim, a kong, a win): the review shows the phase's rule line there."""
    if played.kind != "discard" or bot.kind != "discard" or played.arg == bot.arg:
        return None
    rules = Rules(dict(view["options"]))
    honours = rules.options.honors
    melds = rules.parse_melds([m["tiles"] for m in view["melds"][view["seat"]]])
    live = Counter(unseen(view))
    hand = counts_of(parse_tiles(list(view["hand"]), honours))
    out: dict[str, Any] = {"kind": "discard"}
    for who, a in (("played", played), ("bot", bot)):
        i = TILES.index(str(a.arg))
        hand[i] -= 1
        out[who] = {"tile": str(a.arg), **_left(rules, hand, melds, live)}
        hand[i] += 1
    return out
