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
from engine.mahjong.review_facts import review_facts
from engine.mahjong.unseen import unseen
from engine.tiles import TILES


def _by_oracle(view: dict[str, Any], tile: str) -> dict[str, Any]:
    r = Rules(**view["options"])
    melds = [m["tiles"] for m in view["melds"][view["seat"]]]
    hand = list(view["hand"])
    hand.remove(tile)
    live = Counter(unseen(view))
    sh = r.shanten(" ".join(hand), melds)
    if sh == 0:
        kinds = [str(t) for t in r.waits(" ".join(hand), melds)]
    else:
        kinds = [str(t) for t in TILES if live[str(t)] and hand.count(str(t)) < 4
                 and r.shanten(" ".join(hand + [str(t)]), melds) < sh]
    return {"tile": tile, "shanten": sh, "tiles": [[k, live[k]] for k in kinds], "live": sum(live[k] for k in kinds)}


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
    assert review_facts(view, Action(s, "pass"), discard) is None


FACTS = {"kind": "discard",
         "bot": {"tile": "N", "shanten": 0, "tiles": [["2m", 3], ["5m", 2]], "live": 5},
         "played": {"tile": "5p", "shanten": 2, "tiles": [["3s", 4], ["6s", 2]], "live": 6}}


@pytest.mark.parametrize("lang, text", [
    ("zh", "高手打北：听 二万、五万，共剩 5 张；你打五饼：二向听，有效牌 2 种 6 张 (M-11a)"),
    ("en", "Bot: North leaves it ready on 2 crak, 5 crak, 5 left. You: 5 dot leaves the hand 2 steps from ready, "
           "2 kinds (6 tiles) to improve it (M-11a)"),
])
def test_the_why_in_both_languages(lang: str, text: str) -> None:
    assert presenter("mahjong").review_why(FACTS, lang) == text


def test_the_same_distance_and_tiles_says_the_difference_lies_elsewhere() -> None:
    same = {**FACTS, "bot": {**FACTS["played"], "tile": "E"}}
    assert presenter("mahjong").review_why(same, "zh") == (
        "高手打东：二向听，有效牌 2 种 6 张；你打五饼：二向听，有效牌 2 种 6 张。向听和有效牌一样，差在安全、将牌或牌型上 (M-11a)")
    assert presenter("mahjong").review_why({"kind": "claim"}, "en") is None
