"""The results of a hand show over the hand they are about: the engine deals the next hand in the same step that
ends this one, and the felt keeps the ended hand — its top-bar number, its board, the player's own cards — until
下一局 is clicked; 看牌桌 folds the results away to show that board; 托管 switched off at the results changes
nothing on the felt (desktop/hand_end.py)."""

from __future__ import annotations

import pytest
from guikit import click_item, quick_config, shot, wait_frame, wait_until

from desktop import hand_end
from engine import games


def _to_results(qa, game: str, seed: int, sent: list | None = None):
    t = qa.table
    if sent is not None:   # every snapshot the worker sends, in order
        t.wt.worker.snapshot.connect(sent.append)
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
    sent: list = []
    t = _to_results(qa, game, seed=5, sent=sent)
    key = t.pres.match_key
    i = next(i for i, p in enumerate(sent) if p.get("set_over"))
    assert sent[i]["ended_view"] == sent[i - 1]["view"], "the board sent with the results is not the last one"
    label = qa.find("setLabel")
    ended_label = label.property("text")
    ended_key = t.snap["view"].get(key)
    dealt = t.wt.worker.state.view(0)   # the worker is paused at the results, its next hand dealt
    assert dealt.get(key) != ended_key, (dealt.get(key), ended_key)
    assert qa.find("resultsPanel").property("visible")
    if "hand" in dealt and dealt["hand"]:   # the player's own cards on the felt are the ended hand's, not the deal
        assert t.snap["view"].get("hand") != dealt["hand"]
    shot(qa, f"hand_end_{game}_zh")
    click_item(qa, qa.find("btnPeekTable"))   # 看牌桌: the box steps aside for the ended board ...
    assert wait_until(lambda: not qa.find("resultsBox").property("visible"), 10)
    assert qa.find("resultsPeekBack").property("visible") and t.results.get("rows")
    t.changed.emit()   # any table update (a setting, a flight's end) leaves the board shown
    wait_frame(qa.window)
    assert not qa.find("resultsBox").property("visible")
    shot(qa, f"hand_end_{game}_peek_zh")
    click_item(qa, qa.find("resultsPeekBack"))   # ... and a click anywhere brings it back
    assert wait_until(lambda: qa.find("resultsBox").property("visible"), 10)
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


def test_mahjong_results_in_both_languages_over_the_ended_hand(qa):
    qa.settings.set("language", "en")
    try:
        t = _to_results(qa, "mahjong", seed=8)
        assert qa.find("setLabel").property("text").startswith("East round · Hand 1"), qa.find("setLabel").property("text")
        assert t.results["rows"]
        # seed 8's hand has an added kong (M-22: each other seat pays its maker 1): a line of its own, so the
        # winner's and the kong-maker's payments add up on the screen
        kongs = t.results["detail"]["kongs"]
        assert kongs and all(" added kong +3 · each pays 1" in k for k in kongs), kongs
        shown = [x.property("text") for x in qa.find_all("kongLine") if x.property("visible")]
        assert shown == kongs, shown
        shot(qa, "hand_end_mahjong_en")
        qa.settings.set("language", "zh")   # the results in the language of now
        assert wait_until(lambda: all(" 加杠 +3 · 每家付 1" in k for k in t.results["detail"]["kongs"]), 10)
        wait_frame(qa.window)
        shown = [x.property("text") for x in qa.find_all("kongLine") if x.property("visible")]
        assert shown == t.results["detail"]["kongs"], shown
        shot(qa, "hand_end_mahjong_kong_zh")
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
    pres = presenter(game)
    kinds = pres.result_events
    for _ in range(20000):
        evs = [e.to_json() for e in st.apply(rng.choice(list(st.legal_actions(st.to_act)))) if e.visible_to(0)]
        split = hand_end.split_at_deal(evs, pres)
        if split is not None and not st.is_over:
            break
    else:
        raise AssertionError("no hand ended")
    ended, deal = split
    assert ended[-1]["kind"] == "shuffle_reveal" and any(e["kind"] in kinds for e in ended)
    assert deal and deal[0]["kind"] in pres.deal_events
    assert not any(e["kind"] in kinds or e["kind"] == "shuffle_reveal" for e in deal)
    assert hand_end.split_at_deal(deal, pres) is None   # a snapshot with no result is never held


def test_the_ended_board_is_the_workers_last_with_my_last_play_gone_and_the_new_totals():
    """Cut by hand: the board is the worker's ``ended_view`` (not an older one the table showed), my final play
    lands on it (off my hand and count, onto the trick), the running totals are the new ones, and the deal waits
    with its own events."""
    from desktop.games import Presenter
    pres = Presenter()   # the plain presenter: set_end ends a set, card faces from card strings
    prev = {"gen": 1, "seat": 0, "view": {"set_no": 1, "hand": ["3h", "4s", "5d", "7c"], "totals": [0, 0]}}
    ended_view = {"set_no": 1, "hand": ["3h", "4s", "7c"], "totals": [0, 0], "phase": "play", "counts": [3, 0],
                  "places": [None, 1],
                  "trick": [{"seat": 1, "cards": ["6c"]}]}
    evs = [{"kind": "play", "data": {"seat": 0, "cards": ["7c"]}}, {"kind": "set_end", "data": {"places": {"0": 2, "1": 1}}},
           {"kind": "shuffle_reveal", "data": {}}, {"kind": "set_start", "data": {"set_no": 2}},
           {"kind": "deal", "data": {"seat": 0, "cards": ["9h"]}}]
    snap = {"gen": 1, "seat": 0, "set_over": True, "paused": True, "over": False, "events": evs,
            "action": {"seat": 0, "kind": "play", "play": "7"}, "ended_view": ended_view, "my_turn": True,
            "fixed": [{"kind": "play"}], "view": {"set_no": 2, "hand": ["9h"], "totals": [2, -2], "phase": "deal"}}
    shown, later = hand_end.hold(prev, snap, pres)
    assert shown["view"]["hand"] == ["3h", "4s"] and shown["view"]["set_no"] == 1
    # my last play is on the table and off my count, as the card counter and the plates read them
    assert shown["view"]["trick"] == [{"seat": 1, "cards": ["6c"]}, {"seat": 0, "cards": ["7c"]}]
    assert shown["view"]["counts"] == [2, 0] and shown["view"]["places"] == [2, 1]   # the result's places
    assert shown["view"]["totals"] == [2, -2] and shown["phase"] == "play"
    assert not shown["my_turn"] and "fixed" not in shown and "ended_view" not in shown
    assert [e["kind"] for e in shown["events"]] == ["play", "set_end", "shuffle_reveal"]
    assert [e["kind"] for e in later["events"]] == ["set_start", "deal"] and not later["set_over"]
    assert later["view"]["hand"] == ["9h"] and later["action"] is None and "ended_view" not in later
    assert ended_view["hand"] == ["3h", "4s", "7c"] and len(ended_view["trick"]) == 1, "changed in place"
    # a LAN snapshot names no action and has no ``ended_view``: the board is the one shown, and the hand's last
    # play (from the events) lands on it all the same
    lan = {k: v for k, v in snap.items() if k not in ("action", "ended_view")}
    shown, _ = hand_end.hold({**prev, "view": {**ended_view, "hand": ["3h", "4s", "7c"], "counts": [3, 0]}}, lan, pres)
    assert shown["view"]["hand"] == ["3h", "4s"] and shown["view"]["counts"] == [2, 0]
    assert shown["view"]["trick"] == [{"seat": 1, "cards": ["6c"]}, {"seat": 0, "cards": ["7c"]}]
    # nothing to hold: the match is over, or the table does not pause, or another game's board is showing
    for bad in ({"over": True}, {"paused": False}, {"gen": 2}):
        assert hand_end.hold(prev, {**snap, **bad}, pres) is None


@pytest.mark.parametrize("seed,case", [(0, "other_self"), (1, "other_disc"), (3, "me_self"), (4, "me_disc"),
                                       (10, "drawn"), (33, "other_rob")])
def test_a_mahjong_hand_ends_face_up(seed, case):
    """The ended Mahjong board lays the hand open (M-16a): the winner's tiles face up with the winning tile
    last — mine with it set apart as a drawn tile — the discard won on out of its river (a robbed kong's tile,
    M-13, is in none), and on a drawn hand (M-16) every hand face up; a losing hand after a win stays backs.
    Greedy bots play the hand, ties by isolation (the seeds were picked for them; the default greedy, ties at
    random, plays no robbed kong by another seat in seeds 0 … 599)."""
    import copy

    from desktop.games import table_presenter
    from engine.bots import make_bot
    pres = table_presenter("mahjong")   # its own, as each table's: it remembers the discards it has shown
    st = games.new_state("mahjong", seed)
    bots = [make_bot("greedy", "mahjong", seed=seed + s, ties="isolation") for s in range(4)]
    while True:
        before = copy.deepcopy(st.view(0))
        s = st.to_act
        evs = [e.to_json() for e in st.apply(bots[s].choose(st.view(s), list(st.legal_actions(s))).action)
               if e.visible_to(0)]
        res = pres.result_data(evs)
        if res:
            break
    view = copy.deepcopy(before)
    pres.show_at_end(view, res, 0)
    board = pres.board_view(view, {}, "zh", str)
    seats = board["seats"]
    from desktop import i18n
    badges = [b["text"] for b in pres.badges(view, 0, 0, i18n.strings("zh"), "zh")]
    assert board["ting"]["text"] == "" and "听牌" not in badges, "a 听 pill or badge over a hand that is over"
    wins = res.get("wins") or []
    robbed = bool(wins) and "qiangganghu" in wins[0]["patterns"]   # M-13: the tile came off an added kong
    assert case == ("drawn" if res["drawn"] else ("me" if wins[0]["seat"] == 0 else "other")
                    + ("_self" if wins[0]["self_drawn"] else "_rob" if robbed else "_disc")), \
        "the seed no longer plays this case"
    if res["drawn"]:
        for p in range(1, 4):
            assert [x["tile"] for x in seats[p]["shown"]] == res["hands"][p] and seats[p]["backs"] == 0
            assert not seats[p]["shownWins"]
        return
    w = wins[0]
    tiles = sorted(w["tiles"])
    if w["seat"] == 0:
        assert board["drawn"]["tile"] == w["tile"] and board["drawnWins"]   # labelled 胡, not 摸牌
        assert sorted([x["tile"] for x in board["hand"]] + [w["tile"]]) == tiles
    else:
        assert not board["drawnWins"]
        shown = [x["tile"] for x in seats[w["seat"]]["shown"]]
        assert sorted(shown) == tiles and shown[-1] == w["tile"] and seats[w["seat"]]["backs"] == 0
        assert seats[w["seat"]]["count"] == len(tiles)   # the plate counts the hand as it lies open
        assert seats[w["seat"]]["shownWins"]   # its last tile, the winning one, is drawn in gold
    for p in range(1, 4):
        if p != w["seat"]:
            assert seats[p]["shown"] == [] and seats[p]["backs"] == before["counts"][p], "a losing hand shown"
    if robbed:   # the robbed tile is in no river: every river stays, and the rob round leaves no tag
        assert view["rivers"] == before["rivers"] and board["claimTile"] is None
    elif not w["self_drawn"]:
        src = w["from"]
        assert before["rivers"][src][-1] == w["tile"] and view["rivers"][src] == before["rivers"][src][:-1]
        # the claim round is over: no discard is marked newest, and no claim tag stands
        assert not any(t["newest"] for p in seats for t in p["river"]) and board["claimTile"] is None
    else:
        assert view["rivers"] == before["rivers"]
