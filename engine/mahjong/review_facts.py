"""复盘's why for 山东麻将: where the strong bot discards another tile than the player did, or answers a discard
otherwise (过, 吃, 碰, 杠), what each choice leaves — how far the hand is from ready (M-11a's shanten) and how
many unseen tiles bring it nearer (有效牌), or, when it leaves the hand ready (听牌), its waits with the copies
still unseen. Read from the seat's view alone: "unseen" is every copy the view does not show
(engine.mahjong.unseen), the other hands and the wall together."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core import Action
from engine.mahjong.rules import Rules
from engine.mahjong.unseen import unseen
from engine.tiles import TILES, Tile, counts_of, parse_tiles
from engine.tiles.shanten import shanten_counts
from engine.tiles.win import waits_counts


def _left(rules: Rules, hand: list[int], melds: tuple[Any, ...], live: Counter[str]) -> dict[str, Any]:
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


CLAIM_ANSWERS = ("pass", "chow", "pung", "kong")


def _claimed(rules: Rules, hand: list[int], melds: tuple[Any, ...], live: Counter[str], a: Action,
             tile: str) -> dict[str, Any]:
    """What answering a discard of ``tile`` with ``a`` leaves (M-6 … M-9): a pass keeps the 13 tiles; a 吃 or 碰
    shows the meld and discards at once (M-8), so its facts are those of the best discard after it (the lowest
    shanten, then the most unseen tiles); a kong is followed by a replacement draw, so its 13 tiles stand."""
    if a.kind == "pass":
        return {"action": "pass", **_left(rules, hand, melds, live)}
    meld = rules.parse_melds([str(a.arg)])
    h = list(hand)
    used = list(meld[0].tiles)
    used.remove(Tile(tile))
    for x in used:
        h[x.idx] -= 1
    ms = melds + meld
    if a.kind == "kong":
        return {"action": "kong", "meld": str(a.arg), **_left(rules, h, ms, live)}
    best: dict[str, Any] | None = None
    for i in range(len(h)):
        if h[i]:
            h[i] -= 1
            f = _left(rules, h, ms, live)
            h[i] += 1
            if best is None or (f["shanten"], -f["live"]) < (best["shanten"], -best["live"]):
                best = {"tile": str(TILES[i]), **f}
    assert best is not None
    return {"action": a.kind, "meld": str(a.arg), **best}


def review_facts(view: Mapping[str, Any], played: Action, bot: Action) -> dict[str, Any] | None:
    """For two different discards from the same 14 tiles (M-5): ``{"kind": "discard", "played": F, "bot": F}``
    with F = ``{"tile", "shanten", "tiles": [[tile, unseen copies], …], "live"}`` (``tiles`` the waits when
    ``shanten`` is 0, else the kinds that lower it; ``live`` their unseen copies). For two different answers to
    a discard (过, 吃, 碰, 杠): ``{"kind": "claim", …}`` with F also naming the ``action`` and its ``meld``, and
    ``tile`` the discard a 吃 or 碰 is best followed by (:func:`_claimed`). ``None`` for any other pair (a win,
    a kong on one's own move): the review shows the phase's rule line there."""
    if played == bot:
        return None
    both_discards = played.kind == bot.kind == "discard"
    claim = view.get("claim")
    answers = claim is not None and played.kind in CLAIM_ANSWERS and bot.kind in CLAIM_ANSWERS
    if not (both_discards or answers):
        return None
    rules, hand, melds, live = _seat(view)
    if answers:
        assert claim is not None
        return {"kind": "claim", "played": _claimed(rules, hand, melds, live, played, str(claim["tile"])),
                "bot": _claimed(rules, hand, melds, live, bot, str(claim["tile"]))}
    return {"kind": "discard", "played": _thrown(rules, hand, melds, live, str(played.arg)),
            "bot": _thrown(rules, hand, melds, live, str(bot.arg))}


def _thrown(rules: Rules, hand: list[int], melds: tuple[Any, ...], live: Counter[str], tile: str) -> dict[str, Any]:
    left = list(hand)
    left[TILES.index(tile)] -= 1
    return {"tile": tile, **_left(rules, left, melds, live)}


def _seat(view: Mapping[str, Any]) -> tuple[Rules, list[int], tuple[Any, ...], Counter[str]]:
    """The seat's rules, concealed hand (counts), own melds and the copies of each kind it cannot see."""
    rules = Rules(dict(view["options"]))
    melds = rules.parse_melds([m["tiles"] for m in view["melds"][view["seat"]]])
    hand = counts_of(parse_tiles(list(view["hand"]), rules.options.honors))
    return rules, hand, melds, Counter(unseen(view))


def discard_facts(view: Mapping[str, Any], tile: str) -> dict[str, Any]:
    """What throwing ``tile`` from the view's 14 tiles leaves (the F of :func:`review_facts`): the hint's why."""
    rules, hand, melds, live = _seat(view)
    return _thrown(rules, hand, melds, live, tile)


def answer_facts(view: Mapping[str, Any], a: Action) -> dict[str, Any] | None:
    """What answering the discard on offer with ``a`` (过, 吃, 碰, 杠) leaves (the F of :func:`review_facts`), or
    ``None`` when no discard is on offer or ``a`` is no such answer: the hint's why."""
    claim = view.get("claim")
    if claim is None or a.kind not in CLAIM_ANSWERS:
        return None
    rules, hand, melds, live = _seat(view)
    return _claimed(rules, hand, melds, live, a, str(claim["tile"]))
