"""复盘's why for Mahjong (engine.mahjong.review_facts, worded by the presenter): for two different discards from
one view, what each leaves — the shanten (M-11a), and the waits or the kinds that bring the hand nearer, each
with the copies the seat cannot see — checked against the rules oracle's own shanten and waits."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from desktop.games import presenter
from engine import games
from engine.bots.mahjong import HeuristicBot
from engine.core import Action
from engine.mahjong import Rules
from engine.mahjong.review_facts import answer_facts, discard_facts, review_facts
from engine.mahjong.unseen import unseen
from engine.tiles import TILES, parse_tiles


def _by_oracle(view: dict[str, Any], tile: str | None, hand: list[str] | None = None,
               melds: list[str] | None = None) -> dict[str, Any]:
    """What the 13 tiles left after throwing ``tile`` (None: nothing thrown) offer, by the rules oracle."""
    r = Rules(**view["options"])
    melds = melds if melds is not None else [m["tiles"] for m in view["melds"][view["seat"]]]
    hand = list(hand if hand is not None else view["hand"])
    if tile is not None:
        hand.remove(tile)
    live = Counter(unseen(view))
    sh = r.shanten(" ".join(hand), melds)
    if sh == 0:
        kinds = [str(t) for t in r.waits(" ".join(hand), melds)]
    else:
        kinds = [str(t) for t in TILES if live[str(t)] and hand.count(str(t)) < 4
                 and r.shanten(" ".join(hand + [str(t)]), melds) < sh]
    out = {"shanten": sh, "tiles": [[k, live[k]] for k in kinds], "live": sum(live[k] for k in kinds)}
    return out if tile is None else {"tile": tile, **out}


def _answer_by_oracle(view: dict[str, Any], a: Action) -> dict[str, Any]:
    """A pass keeps the hand; a 吃/碰 shows the meld, then the best discard (lowest shanten, most unseen
    tiles, the first in tile order); a kong's 13 tiles stand until its replacement draw."""
    if a.kind == "pass":
        return {"action": "pass", **_by_oracle(view, None)}
    hand = list(view["hand"])
    used = [str(t) for t in parse_tiles(str(a.arg))]
    used.remove(view["claim"]["tile"])
    for t in used:
        hand.remove(t)
    melds = [m["tiles"] for m in view["melds"][view["seat"]]] + [str(a.arg)]
    if a.kind == "kong":
        return {"action": "kong", "meld": str(a.arg), **_by_oracle(view, None, hand, melds)}
    options = [_by_oracle(view, t, hand, melds) for t in sorted(set(hand), key=lambda t: TILES.index(t))]
    best = min(options, key=lambda f: (f["shanten"], -f["live"]))
    return {"action": a.kind, "meld": str(a.arg), **best}


def test_each_answer_to_a_discard_leaves_what_the_oracle_says() -> None:
    checked = {"chow": 0, "pung": 0}
    for seed in (7, 8, 9):
        st = games.new_state("mahjong", seed, {})
        bots = [HeuristicBot(seed=i) for i in range(4)]
        while not st.is_over and st.hand_no == 1:
            s = st.to_act
            view = st.view(s, with_history=True)
            legal = st.legal_actions(s)
            claims = [x for x in legal if x.kind in ("chow", "pung", "kong")]
            if view.get("claim") and claims and not any(x.kind == "win" for x in legal):
                passed = next(x for x in legal if x.kind == "pass")
                assert answer_facts(view, passed) == _answer_by_oracle(view, passed)   # the hint's why
                for c in claims:
                    facts = review_facts(view, passed, c)
                    assert facts == {"kind": "claim", "played": _answer_by_oracle(view, passed),
                                     "bot": _answer_by_oracle(view, c)}, (view["hand"], c)
                    checked[c.kind] = checked.get(c.kind, 0) + 1
            st.apply(bots[s].choose(view, legal).action)
    assert checked["chow"] >= 3 and checked["pung"] >= 3, checked


def test_each_discard_leaves_what_the_oracle_says() -> None:
    st = games.new_state("mahjong", 7, {})
    bots = [HeuristicBot(seed=i) for i in range(4)]
    checked = ready = 0
    while not st.is_over and checked < 60:
        s = st.to_act
        view = st.view(s, with_history=True)
        legal = st.legal_actions(s)
        a = bots[s].choose(view, legal).action
        others = sorted({str(x.arg) for x in legal if x.kind == "discard"} - {str(a.arg)})
        if a.kind == "discard" and others:
            b = Action(s, "discard", arg=others[len(others) // 2])
            facts = review_facts(view, b, a)
            assert facts == {"kind": "discard", "played": _by_oracle(view, str(b.arg)),
                             "bot": _by_oracle(view, str(a.arg))}, view["hand"]
            checked += 1
            ready += facts["bot"]["shanten"] == 0 or facts["played"]["shanten"] == 0
        st.apply(a)
    assert checked >= 30 and ready >= 1, (checked, ready)


def test_only_two_different_discards_have_facts() -> None:
    st = games.new_state("mahjong", 7, {})
    s = st.to_act
    view = st.view(s, with_history=True)
    discard = next(a for a in st.legal_actions(s) if a.kind == "discard")
    assert review_facts(view, discard, discard) is None
    assert discard_facts(view, str(discard.arg)) == _by_oracle(view, str(discard.arg))
    assert answer_facts(view, Action(s, "pass")) is None   # no discard on offer
    assert review_facts(view, Action(s, "pass"), discard) is None   # a pass on one's own move: no such answer


FACTS = {"kind": "discard",
         "bot": {"tile": "N", "shanten": 0, "tiles": [["2m", 3], ["5m", 2]], "live": 5},
         "played": {"tile": "5p", "shanten": 2, "tiles": [["3s", 4], ["6s", 2]], "live": 6}}


@pytest.mark.parametrize("lang, text", [
    ("zh", "高手打北：听 二万、五万，共剩 5 张；你打五饼：二向听，有效牌 2 种 6 张 (M-11a)"),
    ("en", "Bot: discard North: ready on 2 crak, 5 crak, 5 left. You: discard 5 dot: 2 steps from ready, "
           "6 tiles in 2 kinds improve it (M-11a)"),
])
def test_the_why_in_both_languages(lang: str, text: str) -> None:
    assert presenter("mahjong").review_why(FACTS, lang) == text


def test_the_same_distance_and_tiles_says_the_difference_lies_elsewhere() -> None:
    same = {**FACTS, "bot": {**FACTS["played"], "tile": "E"}}
    assert presenter("mahjong").review_why(same, "zh") == (
        "高手打东：二向听，有效牌 2 种 6 张；你打五饼：二向听，有效牌 2 种 6 张。向听和有效牌一样，差在安全、将牌或牌型上 (M-11a)")
    assert presenter("mahjong").review_why({"kind": "win"}, "en") is None


def test_an_answer_to_a_discard_in_both_languages() -> None:
    facts = {"kind": "claim",
             "bot": {"action": "pung", "meld": "999p", "tile": "N", "shanten": 1, "tiles": [["3s", 4]], "live": 4},
             "played": {"action": "pass", "shanten": 2, "tiles": [["3s", 4], ["6s", 2]], "live": 6}}
    pres = presenter("mahjong")
    assert pres.review_why(facts, "zh") == "高手碰九饼后打北：一向听，有效牌 1 种 4 张；你过：二向听，有效牌 2 种 6 张 (M-11a)"
    assert pres.review_why(facts, "en") == ("Bot: pung 9 dot, then North: 1 step from ready, 4 tiles in 1 kind improve it. "
                                            "You: pass: 2 steps from ready, 6 tiles in 2 kinds improve it (M-11a)")
