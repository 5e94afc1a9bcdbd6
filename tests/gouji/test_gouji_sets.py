"""Set-level scenarios on the real state machine: 革命 and 要头 (G-28 … G-32), places and early end (G-71 … G-73),
串三户 (G-87), scoring (G-85, G-86), and every tribute kind (G-75 … G-83): GT-31 … GT-45, GC-7.
"""

from __future__ import annotations

import pytest
from gouji_helpers import (
    decline_setup,
    events,
    finish_round,
    go,
    hand,
    hands,
    new_game,
    play,
    skip_burns,
    turn_order,
)

from engine.core import Action
from engine.errors import IllegalAction
from engine.gouji import Rules, State

NO_CALLS = {"yudian_enabled": False, "mingdian_enabled": False}


def tribute_items(st, set_index=0):
    return [(t["kind"], t["payer"], t["receiver"], t["owed"]) for t in st.set_results[set_index]["tribute_next"]]


# ---------------------------------------------------------------- GC-7 / G-58 开点 options

GC7 = [  # play, opens under kaidian_exclusion 0, 1, 2
    ("x99", (True, False, False)),
    ("QQ2", (True, True, False)),
    ("2", (True, False, False)),
    ("XQQ", (False, False, False)),
    ("XxQQ", (False, False, False)),
]


@pytest.mark.parametrize("excl", [0, 1, 2])
@pytest.mark.parametrize("text, opens", GC7, ids=[r[0] for r in GC7])
def test_gc7_kaidian_options(text, opens, excl):
    assert Rules(kaidian_exclusion=excl).opens_point(text) is opens[excl]
    st = new_game(hands("4c 3d", "4h 3h", "4s 3s", "5c 3c", "X x Qc Qc 9d 9d 2c 6d", "5d 3c"),
                  leader=4, kaidian_exclusion=excl, **NO_CALLS)
    play(st, 4, text)
    assert finish_round(st) == 4  # S1 = opp(4) cannot answer
    assert st.kaidian[4] is opens[excl]


def test_g57_dadian_disabled_nobody_kaidian():
    st = new_game(hands("4c 3d", "4h 3h", "4s 3s", "5c 3c", "Qc Qc Qc 6d", "5d 3c"), leader=4,
                  dadian_enabled=False)
    assert st.phase == "play"  # no 预点 / 明点 phases without 打点
    play(st, 4, "QQQ")
    assert finish_round(st) == 4
    assert not any(st.kaidian)


# ---------------------------------------------------------------- 革命, 要头 / 无头 (G-28 … G-32)

REV = hands("3c", "4h", "5d 6d", "5s", "6s", "Qc Qc Qc Kc Kc Ac Ac 4d 4d")


def test_g28_eligibility_and_decline():
    st = State(Rules(sets_per_game=1, **NO_CALLS), seed=0,
               stacked=[hands("3c", "4h 2c", "5d 6d", "5s x", "6s X", "Qc 2d")])
    while st.phase != "revolt":
        st.apply(Action(st.to_act, "decline"))
    may_revolt = []
    while st.phase == "revolt":
        s = st.to_act
        if Action(s, "revolt") in st.legal_actions(s):
            may_revolt.append(s)
        else:
            with pytest.raises(IllegalAction) as info:
                st.apply(Action(s, "revolt"))
            assert info.value.rule == "G-28"
        st.apply(Action(s, "decline"))  # G-29: voluntary
    assert may_revolt == [0, 2]  # only hands without X, x and 2
    assert st.revolutionary is None and st.phase == "play"


def test_g32_yaotou_first_three_gouji_plays_are_gousiji_then_wutou():
    st = new_game(REV, leader=5, revolt={2}, yaotou=True, **NO_CALLS)
    assert st.revolutionary == 2 and not st.active[2]
    assert st.kaidian[5] and not st.kaidian[2]  # G-31.2 自动认点
    assert st.yaotou_left == 3
    assert st.phase == "play" and st.to_act == 5
    for text in ("QQQ", "KK", "AA"):
        play(st, 5, text)
        assert events(st, "play")[-1]["gousiji"] is True
        skip_burns(st)  # only a burn could answer it
        assert st.to_act == 5 and st.mode == "lead"
    assert st.yaotou_left == 0
    assert st.view(None)["wutou"][5]  # after the third he is 无头


def test_g32_wutou_choice_everyone_answers_his_gouji():
    st = new_game(REV, leader=5, revolt={2}, yaotou=False, **NO_CALLS)
    assert st.view(None)["wutou"][5]
    play(st, 5, "QQQ")
    assert events(st, "play")[-1]["gousiji"] is False
    assert turn_order(st, 4) == [0, 1, 3, 4]  # R(5, q) for every q: all may answer


def test_g19_revolutionary_first_leader_passes_lead_to_his_next():
    st = new_game(REV, leader=2, revolt={2}, yaotou=True, **NO_CALLS)
    assert st.first_leader == 2 and st.revolutionary == 2
    assert st.phase == "play" and st.to_act == 3


def test_g30_two_revolutionaries_void_the_set_and_redeal():
    deal2 = hands("3c 2c", "4h 2h", "5d 2d", "5s x", "6s X", "Qc 2s")
    st = new_game(REV, later=(deal2,), seed=3, revolt={2, 3}, calls={1: "yu"}, yaotou=True, mingdian_enabled=False)
    assert events(st, "redeal") == [{"revolutionaries": [2, 3]}]
    assert st.revolutionary is None and st.phase == "play"
    assert hand(st, 2) == "5d 2d"  # the second stacked deal
    assert st.calls[1] == "yu"  # the same 预点 declarations
    assert st.set_no == 1


def play_revolution_set(st):
    """REV with S2 revolting and S5 要头: S5 1st, S0 2nd, S1 3rd, S3 5th, S4 6th (S2 四科)."""
    for text in ("QQQ", "KK", "AA"):
        play(st, 5, text)
        skip_burns(st)
    play(st, 5, "44")  # 头科
    assert finish_round(st) == 0  # 四人乱缠 from here (G-31.3)
    assert st.chaos
    play(st, 0, "3")
    play(st, 1, "4")
    go(st, 3, "play", "5")


def test_gt33_like_revolution_places_and_scores():
    st = new_game(REV, leader=5, revolt={2}, yaotou=True, **NO_CALLS)
    play_revolution_set(st)
    res = st.set_results[0]
    assert res["places"] == {"0": 2, "1": 3, "2": 4, "3": 5, "4": 6, "5": 1}
    assert res["team_scores"] == [-1, 1] and not res["chuansanhu"]
    assert st.is_over and st.totals == [-1, 1, -1, 1, -1, 1]


def test_gt36_revolution_point_tribute():
    st = new_game(REV, later=(hands("2c 2d 3c", "4h", "x 5d", "5s", "6s", "7c"),), leader=5, revolt={2}, yaotou=True,
                  calls={5: "yu"}, mingdian_enabled=False, sets_per_game=2)
    assert st.calls[5] == "yu"
    play_revolution_set(st)
    items = tribute_items(st)
    assert ("point", 2, 5, 5) in items  # f(预) + g(none) = 4 + 1
    decline_setup(st)
    # paid from S2's new hand, limited by G-76: he holds one legal card (x)
    while st.phase == "tribute":
        it = st.items[st.item_idx]
        if (it.kind, it.payer, it.receiver) == ("point", 2, 5):
            assert events(st, "tribute_offer")[-1] == {"kind": "point", "payer": 2, "receiver": 5, "count": 1}
        st.apply(Action(st.to_act, "accept"))
    assert "x" in hand(st, 5)


def test_gt33_revolution_four_ke():
    # S2 revolts → 四科; S0 头科, S1 二科, S3 三科, S4 二落, S5 大落 → A +1, B −1
    st = new_game(hands("5d", "6d", "7c 7h", "7d", "8d", "3c 3d"), leader=0, revolt={2},
                  yaotou=False, **NO_CALLS)
    play(st, 0, "5")
    play(st, 1, "6")
    go(st, 3, "play", "7")
    go(st, 4, "play", "8")
    res = st.set_results[0]
    assert res["places"] == {"0": 1, "1": 2, "2": 4, "3": 3, "4": 5, "5": 6}
    assert res["team_scores"] == [1, -1]


def test_gt34_revolution_own_team_chuansanhu():
    st = new_game(hands("5d", "4c 3c", "7c 7h", "4d 3d", "6d", "4s 3s"), leader=0, revolt={2}, yaotou=False,
                  sets_per_game=3, **NO_CALLS)
    play(st, 0, "5")
    go(st, 4, "play", "6")
    res = st.set_results[0]
    assert res["places"]["2"] == 3  # the revolutionary is 三科
    assert res["chuansanhu"] and res["team_scores"] == [6, -6]
    assert st.is_over  # G-9: 串三户 ends the game
    assert res["tribute_next"] == []


def test_gt35_revolution_other_team_chuansanhu():
    st = new_game(hands("4c 3c 3h", "5d", "7c 7h", "6d", "4d 3d", "7d"), leader=1, revolt={2}, yaotou=False,
                  sets_per_game=3, **NO_CALLS)
    play(st, 1, "5")
    go(st, 3, "play", "6")
    go(st, 5, "play", "7")
    res = st.set_results[0]
    assert res["places"] == {"0": 6, "1": 1, "2": 4, "3": 2, "4": 5, "5": 3}  # S0 holds more cards: 大落
    assert res["chuansanhu"] and res["team_scores"] == [-6, 6]
    assert st.is_over


# ---------------------------------------------------------------- 串三户 without revolution (GT-31, GT-32, GT-45)

CSH = hands("5d", "4c 3c", "6d", "4d 3d", "7d", "4s 3s")


def play_csh(st):
    play(st, 0, "5")
    go(st, 2, "play", "6")
    go(st, 4, "play", "7")


@pytest.mark.parametrize("scoring, team_scores", [("2-1", [6, -6]), ("4-2-positive", [12, 0])])
def test_gt31_gt32_chuansanhu(scoring, team_scores):
    st = new_game(CSH, leader=0, scoring=scoring, sets_per_game=2, **NO_CALLS)
    play_csh(st)
    res = st.set_results[0]
    assert res["chuansanhu"] and res["team_scores"] == team_scores
    assert st.is_over and len(st.set_results) == 1  # the game ends
    assert res["tribute_next"] == [] and st.next_game_tribute == []  # DEFAULT "none"
    assert st.totals == [team_scores[s % 2] for s in range(6)]


def test_gt45_chuansanhu_one_to_opposite():
    st = new_game(CSH, leader=0, chuansanhu_tribute="one-to-opposite", sets_per_game=2, **NO_CALLS)
    play_csh(st)
    assert sorted(st.next_game_tribute) == [(1, 4), (3, 0), (5, 2)]
    nxt = State(Rules(sets_per_game=1, **NO_CALLS), seed=0, carry_tribute=st.next_game_tribute,
                stacked=[hands("5c", "2c 5d", "6c", "x 6d", "7c", "X 7d")])
    decline_setup(nxt)
    assert nxt.phase == "tribute"  # an exception to G-75: tribute in the first set of the game
    paid = []
    while nxt.phase == "tribute":
        it = nxt.items[nxt.item_idx]
        paid.append((it.kind, it.payer, it.receiver, it.actual))
        nxt.apply(Action(nxt.to_act, "accept"))
    assert sorted(paid) == [("chuansanhu", 1, 4, 1), ("chuansanhu", 3, 0, 1), ("chuansanhu", 5, 2, 1)]
    assert nxt.phase != "return"  # nothing is returned
    assert "2c" in hand(nxt, 4) and "x" in hand(nxt, 0) and "X" in hand(nxt, 2)


# ---------------------------------------------------------------- places and early end (G-71 … G-73, GT-44)


@pytest.mark.parametrize("s0, s4, p0, p4", [("3c 3c 4c", "3d 4d", 6, 5), ("3c 4c", "3d 3h 4d", 5, 6),
                                            ("3c 4c", "3d 4d", 6, 5)])
def test_gt44_early_end(s0, s4, p0, p4):
    st = new_game(hands(s0, "5d", "6d", "7d", s4, "8d"), leader=1, **NO_CALLS)
    play(st, 1, "5")
    play(st, 2, "6")
    play(st, 3, "7")
    go(st, 5, "play", "8")
    res = st.set_results[0]
    # the one holding more cards is 大落; on a tie the lower seat index is the lower place (G-73)
    assert res["places"] == {"0": p0, "1": 1, "2": 2, "3": 3, "4": p4, "5": 4}
    assert res["team_scores"] == [-2, 2]
    assert st.is_over


def test_g71_places_in_finishing_order():
    st = new_game(hands("3c 4c", "5d", "6d", "7d", "8d", "9d 3h"), leader=1, **NO_CALLS)
    for seat, text in ((1, "5"), (2, "6"), (3, "7"), (4, "8"), (5, "9")):
        go(st, seat, "play", text)
    assert finish_round(st) == 5
    play(st, 5, "3")
    assert st.set_results[0]["places"] == {"0": 6, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5}


@pytest.mark.parametrize("scoring, team_scores", [("2-1", [1, -1]), ("4-2-positive", [2, 0])])
def test_gt29_gt30_scoring_scenario(scoring, team_scores):
    # A takes 头科, 三科, 二落; B takes 二科, 四科, 大落
    st = new_game(hands("5d", "6d", "7d", "8d", "9d", "3c 3d"), leader=0, scoring=scoring, **NO_CALLS)
    for seat, text in ((0, "5"), (1, "6"), (2, "7"), (3, "8"), (4, "9")):
        play(st, seat, text)
    res = st.set_results[0]
    assert res["places"] == {"0": 1, "1": 2, "2": 3, "3": 4, "4": 5, "5": 6}
    assert res["team_scores"] == team_scores
    assert st.totals == [team_scores[s % 2] for s in range(6)]


def test_g32_plays_in_chaos_do_not_count_toward_the_three():
    st = new_game(hands("5d", "4h 3h", "5c 6c", "3s 4s", "6s 3d", "Qc Qc Qc Kc Kc 7d"), leader=0, revolt={2},
                  yaotou=True, **NO_CALLS)
    play(st, 0, "5")  # 头科: with a revolutionary four remain → 四人乱缠 from the next lead
    assert finish_round(st) == 1
    assert st.chaos
    play(st, 1, "3")
    go(st, 5, "play", "7")
    assert finish_round(st) == 5
    play(st, 5, "QQQ")
    assert events(st, "play")[-1]["gousiji"] is False
    assert st.yaotou_left == 3


def test_g83_carried_tribute_survives_log_replay():
    import random

    from engine import log

    st = State(Rules(sets_per_game=1), seed=45, carry_tribute=[(1, 4), (3, 0), (5, 2)])
    rng = random.Random(45)
    for _ in range(60):
        la = st.legal_actions(st.to_act)
        plays, fixed = list(la.plays()), list(la.fixed)
        st.apply(rng.choice(plays) if plays and (not fixed or rng.random() < 0.6) else rng.choice(fixed))
    assert st.stats["tribute_chuansanhu"] + st.stats["tribute_refused"] >= 1
    again = log.load(log.dump(st))
    for seat in (None, *range(6)):
        assert again.view(seat, with_history=True) == st.view(seat, with_history=True)


def test_g83_carried_tribute_passes_through_the_spec_and_the_log_header():
    """The table (LAN host) and the log learn what a 串三户 carries from the spec's ``carry_over`` and
    ``header_kwargs``, not from Gouji-named code of their own."""
    from engine import games
    from engine import log as game_log
    st = new_game(CSH, leader=0, chuansanhu_tribute="one-to-opposite", sets_per_game=2, **NO_CALLS)
    play_csh(st)
    spec = games.spec("gouji")
    kw = spec.carry_over(st)
    assert sorted(kw["carry_tribute"]) == [(1, 4), (3, 0), (5, 2)]
    nxt = games.new_state("gouji", 0, {"sets_per_game": 1}, **kw)
    head, again = game_log.state_from_header(game_log.dump_lines(nxt)[0])
    assert sorted(again.carry_tribute) == sorted(nxt.carry_tribute) == [(1, 4), (3, 0), (5, 2)]
    assert spec.carry_over(new_game(CSH, leader=0, sets_per_game=2, **NO_CALLS)) == {}


@pytest.mark.parametrize("carry", [True, False])
def test_g83_play_again_at_a_local_table_carries_the_tribute(tmp_path, monkeypatch, carry):
    """再来一局 at a local table starts the next game with the 串三户 tribute the finished one carries, as the
    LAN host does; a new game chosen from the menu (no ``carry``) starts clean."""
    from desktop.worker import GameWorker
    monkeypatch.setenv("QILU_DATA_DIR", str(tmp_path))
    w = GameWorker()
    w.state = new_game(CSH, leader=0, chuansanhu_tribute="one-to-opposite", sets_per_game=2, **NO_CALLS)
    play_csh(w.state)
    assert w.state.is_over and w.state.next_game_tribute
    cfg = {"game": "gouji", "seed": 5, "humans": [0], "pace_ms": 0, "save": False, "sets_per_game": 1}
    w.start({**cfg, "carry": carry})
    try:
        assert sorted(w.state.carry_tribute) == ([(1, 4), (3, 0), (5, 2)] if carry else [])
        assert "carry" not in w.again   # the next 再来一局 asks again, from the match it follows
    finally:
        w.stop()


@pytest.mark.parametrize("scoring, want", [("2-1", [2, 1, 0, 0, -1, -2]), ("4-2-positive", [4, 2, 0, 0, -2, -4])])
def test_g85_g86_place_points_by_the_rules(scoring, want):
    """G-85 头科 +2, 二科 +1, 三四科 0, 二落 −1, 大落 −2; G-86 doubles them (the table's results read these)."""
    rules = Rules(scoring=scoring)
    assert [rules.place_points(p) for p in range(1, 7)] == want
