"""The results of a hand show over the hand they are about: the engine deals the next hand in the same step that
ends this one, and the felt keeps the ended hand — its top-bar number, its board, the player's own cards — until
下一局 is clicked; 托管 switched off at the results changes nothing on the felt (desktop/hand_end.py)."""

from __future__ import annotations

import pytest
from guikit import click_item, quick_config, shot, wait_frame, wait_until

from desktop import hand_end
from engine import games


def _to_results(qa, game: str, seed: int):
    t = qa.table
    t.start(quick_config(game, seed=seed, pace_ms=0, pause_at_results=True, save=False))
    qa.set_screen("table")
    assert wait_until(lambda: bool(t.snap), 20)
    wait_frame(qa.window)
    click_item(qa, qa.find("btnAuto"))   # 托管 plays the human's seat to the hand's end
    assert wait_until(lambda: bool(t.results.get("rows")), 240), "the hand never ended"
    wait_frame(qa.window)
    return t


@pytest.mark.parametrize("game", ["mahjong", "shengji", "baohuang", "gouji"])
def test_the_felt_keeps_the_ended_hand_until_next_hand(qa, game):
    t = _to_results(qa, game, seed=5)
    key = t.pres.match_key
    label = qa.find("setLabel")
    ended_label = label.property("text")
    ended_key = t.snap["view"].get(key)
    dealt = t.wt.worker.state.view(0)   # the worker is paused at the results, its next hand dealt
    assert dealt.get(key) != ended_key, (dealt.get(key), ended_key)
    assert qa.find("resultsPanel").property("visible")
    if "hand" in dealt and dealt["hand"]:   # the player's own cards on the felt are the ended hand's, not the deal
        assert t.snap["view"].get("hand") != dealt["hand"]
    shot(qa, f"hand_end_{game}_zh")
    click_item(qa, qa.find("autoPill"))   # 托管 off, at the results: the felt does not move on
    assert wait_until(lambda: not t.autoPlay, 10)
    wait_frame(qa.window)
    assert label.property("text") == ended_label and t.snap["view"].get(key) == ended_key
    assert not t.snap.get("my_turn"), "a turn of the next hand offered under its predecessor's results"
    click_item(qa, qa.find("btnNextSet"))
    assert wait_until(lambda: not qa.find("resultsPanel").property("visible"), 10)
    assert wait_until(lambda: t.snap["view"].get(key) == dealt.get(key), 10)
    wait_frame(qa.window)
    assert label.property("text") != ended_label, label.property("text")
    if dealt.get("hand"):
        assert wait_until(lambda: t.snap["view"].get("hand") == dealt["hand"] or t.snap.get("my_turn"), 10)
    shot(qa, f"hand_end_{game}_next_zh")


def test_mahjong_results_in_english_over_the_ended_hand(qa):
    qa.settings.set("language", "en")
    try:
        t = _to_results(qa, "mahjong", seed=8)
        assert qa.find("setLabel").property("text").startswith("Hand 1"), qa.find("setLabel").property("text")
        assert t.results["rows"]
        shot(qa, "hand_end_mahjong_en")
    finally:
        qa.settings.set("language", "zh")


@pytest.mark.parametrize("game", ["mahjong", "shengji", "baohuang", "gouji"])
def test_a_hands_events_split_where_the_next_deal_begins(game):
    """The engine's own events of a hand's end: the results and the shuffle's reveal stay with the ended hand; the
    next hand's start, commitment and cards go with the deal."""
    import random

    from desktop.games import presenter
    spec = games.spec(game)
    st = spec.new_state(5, {}, **({spec.match_kwarg: 3} if spec.match_kwarg else {}))   # a match of hands
    rng = random.Random(5)
    kinds = presenter(game).result_events
    for _ in range(20000):
        evs = [e.to_json() for e in st.apply(rng.choice(list(st.legal_actions(st.to_act)))) if e.visible_to(0)]
        split = hand_end.split_at_deal(evs, kinds)
        if split is not None and not st.is_over:
            break
    else:
        raise AssertionError("no hand ended")
    ended, deal = split
    assert ended[-1]["kind"] == "shuffle_reveal" and any(e["kind"] in kinds for e in ended)
    assert deal and deal[0]["kind"] in hand_end.DEAL_KINDS
    assert not any(e["kind"] in kinds or e["kind"] == "shuffle_reveal" for e in deal)
    assert hand_end.split_at_deal(deal, kinds) is None   # a snapshot with no result is never held
