"""Scenario tests on the real Gouji state machine: turn rules (GC-1 … GC-4, GC-8, GC-10, GC-11), 让牌,
pass lock-out, 够级 answering, 接风, 四人乱缠 — RULES.md G-40 … G-48, G-64, G-67, G-68.

Seats 0–5, teams A = {0, 2, 4}, B = {1, 3, 5}, opp(i) = i + 3. Hands are stacked (any size).
"""

from __future__ import annotations

import pytest
from gouji_helpers import (
    act,
    burn,
    burn_offers,
    decline,
    events,
    go,
    hands,
    new_game,
    pass_,
    play,
    skip_burns,
    turn_order,
)

from engine.core import Action
from engine.errors import IllegalAction

NO_CALLS = {"yudian_enabled": False, "mingdian_enabled": False}


# ---------------------------------------------------------------- GC-1: G-42, G-43, G-57


def gc1_state():
    st = new_game(hands("8c 8c 8c Qc Qc Qc 5d 5d", "4c 4c 4c 6d", "6c 6c 6d 7d", "9c 9c 9s Ks", "Jc Jc Jd 7d",
                        "4d 4h 4s 5s"), leader=0, **NO_CALLS)
    play(st, 0, "888")
    pass_(st, 1)
    pass_(st, 2)
    play(st, 3, "999")
    play(st, 4, "JJJ")  # not 够级: J needs four
    pass_(st, 5)
    play(st, 0, "QQQ")  # 够级
    return st


def test_gc1_only_the_opposite_answers_a_gouji_play():
    st = gc1_state()
    trick = st.view(None)["trick"]
    assert [t["gouji"] for t in trick] == [False, False, False, True]
    # burn window (G-52): S0's teammates S2 (passed: excluded) and S4, then S1/S5 (passed): only S4 is asked
    assert burn_offers(st) == [(4, False)]
    assert st.to_act == 3 and st.mode == "answer"
    for s in (1, 2, 4, 5):
        assert not st.legal_actions(s)
        with pytest.raises(IllegalAction) as info:
            st.apply(Action(s, "pass"))
        assert info.value.rule
    pass_(st, 3)
    # S0 wins the round, leads next and is 开点 (QQQ has no big joker)
    assert st.to_act == 0 and st.mode == "lead"
    assert st.kaidian == [True, False, False, False, False, False]
    assert events(st, "kou")[-1] == {"winner": 0, "by": 3}  # G-44: the 对头 扣s
    assert st.stats["kaidian"] == 1


def test_gc1_nobody_but_the_opposite_ever_gets_a_turn_on_the_gouji_play():
    st = gc1_state()
    seen = turn_order(st, 1)
    assert seen == [3]
    assert st.to_act == 0


# ---------------------------------------------------------------- GC-2: G-42 lock-out and re-entry


def gc2_state():
    st = new_game(hands("5c 5c 8d 8d Kd", "6c 6c 6d Jc Jc", "6h 6h 4d", "7c 7c 3d", "9c 9c 3h", "Tc Tc 3s"),
                  leader=0, **NO_CALLS)
    play(st, 0, "55")
    pass_(st, 1)
    pass_(st, 2)
    play(st, 3, "77")
    return st


def test_gc2_passed_player_may_not_act_on_a_non_opposite_play():
    st = gc2_state()
    # on S3's 77: S4, S5, S0 may act; S1 and S2 have passed and S3 is not their 对头
    assert turn_order(st, 3) == [4, 5, 0]
    # the round ends: S3 wins and leads
    assert st.to_act == 3 and st.mode == "lead"


def test_gc2_passed_player_re_enters_on_his_opposites_play():
    st = gc2_state()
    play(st, 4, "99")
    # on S4's 99: S5, S0, then S1 (passed, but S4 = opp(1)) — not S2 (opp(2) = 5) — then S3
    assert turn_order(st, 2) == [5, 0]
    assert st.to_act == 1
    play(st, 1, "JJ")
    # on S1's JJ: S2 (passed, opp(2) = 5) is skipped; S3, S4 (= opp(1)), S5 (passed: not his 对头) …
    # S5 and S0 passed on S4's 99 and S1 is not their 对头
    assert turn_order(st, 2) == [3, 4]
    assert st.to_act == 1 and st.mode == "lead"


# ---------------------------------------------------------------- GC-3: G-46, G-47 让牌


def gc3_state():
    st = new_game(hands("6c 6c 5d 5d", "4c 4c 3d", "4h 4h 3h", "Tc Tc 5s 5s 5h", "3c 3c 3s", "4d 4d 3c"),
                  leader=0, **NO_CALLS)
    play(st, 0, "66")
    pass_(st, 1)
    pass_(st, 2)
    return st


def test_gc3_rang_then_both_pass_then_yielder_beats_only_opposite_answers():
    st = gc3_state()
    assert st.to_act == 3
    kinds = {a.kind for a in st.legal_actions(3).fixed}
    assert "rang" in kinds
    act(st, 3, "rang")
    assert st.rang_by == 3
    assert turn_order(st, 2) == [4, 5]  # S3's 下两家 decide first
    assert st.to_act == 3 and st.mode == "rang_return"
    assert "rang" not in {a.kind for a in st.legal_actions(3).fixed}
    play(st, 3, "TT")
    # everyone else has passed: only S0 (= opp(3)) may answer
    assert st.to_act == 0
    pass_(st, 0)
    assert st.to_act == 3 and st.mode == "lead"


def test_gc3_rang_then_yielder_passes():
    st = gc3_state()
    act(st, 3, "rang")
    turn_order(st, 2)
    pass_(st, 3)
    assert st.to_act == 0 and st.mode == "lead"  # S0's 66 lives


def test_g47_rang_counts_as_pass_when_a_lower_seat_beats():
    st = new_game(hands("6c 6c 5d 5d", "4c 4c 3d", "4h 4h 3h", "Tc Tc 5s 5s 5h", "8c 8c 3s", "4d 4d 3c"),
                  leader=0, **NO_CALLS)
    play(st, 0, "66")
    pass_(st, 1)
    pass_(st, 2)
    act(st, 3, "rang")
    play(st, 4, "88")
    # on S4's 88: S5, S0, S1 (opp(4), passed but re-enters); S2 and S3 (让 = pass, opp(3) = 0 ≠ 4) are skipped
    assert turn_order(st, 3) == [5, 0, 1]
    assert st.to_act == 4 and st.mode == "lead"


def test_g46_no_rang_on_gouji_or_on_non_opposite_play():
    st = new_game(hands("Qc Qc Qc 5d", "4c 4c 3d", "4h 4h 3h", "Kc Kc Kc 5s", "8c 8c 3s", "4d 4d 3c"),
                  leader=0, **NO_CALLS)
    play(st, 0, "QQQ")
    skip_burns(st)
    assert st.to_act == 3
    assert "rang" not in {a.kind for a in st.legal_actions(3).fixed}
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(3, "rang"))
    assert info.value.rule == "G-46"
    st2 = new_game(hands("5c 5c 5d", "4c 4c 3d", "4h 4h 3h", "Kc Kc 5s", "8c 8c 3s", "4d 4d 3c"),
                   leader=1, **NO_CALLS)
    play(st2, 1, "44")
    assert st2.to_act == 2
    assert "rang" not in {a.kind for a in st2.legal_actions(2).fixed}  # S1 is not S2's 对头


def test_g48_rang_player_may_not_burn():
    # S3 让s S0's 55; S4 plays KK (够级): S3 (让'd) is not offered a burn though he holds a kill (AA)
    st = new_game(hands("5c 5c 8d 8d", "4c 4c 3d", "4h 4h 3h", "Ac Ac x 9d", "Kc Kc 4s", "3c 3c 6s"),
                  leader=0, **NO_CALLS)
    play(st, 0, "55")
    pass_(st, 1)
    pass_(st, 2)
    act(st, 3, "rang")
    play(st, 4, "KK")
    # burn window: S4's teammates (S0; S2 passed) then others (S5; S3 让'd); S1 = opp(4) answers normally
    assert [s for s, _ in burn_offers(st)] == [0, 5]
    assert st.to_act == 1 and st.mode == "answer"
    assert st.stats["burn_tried"] == 0
    # control: the same hands without the 让 — S3 is offered the burn on S4's KK
    st2 = new_game(hands("5c 5c 8d 8d", "4c 4c 3d", "4h 4h 3h", "Ac Ac x 9d", "Kc Kc 4s", "3c 3c 6s"),
                   leader=4, **NO_CALLS)
    play(st2, 4, "KK")
    assert burn_offers(st2) == [(0, False), (2, False), (5, False), (3, True)]


# ---------------------------------------------------------------- GC-4: G-52 burn priority


def gc4_state():
    st = new_game(hands("Ac Ac 6d x", "Kc Kc 2c 2c 5d 5d x", "Ac Ac 2h 2h 7d x", "Ad Ad 9d 9d x",
                        "Ah Ah 2s 2s 4d x", "As As 2d 2d 8d x"), leader=1, **NO_CALLS)
    play(st, 1, "KK")
    return st


def test_gc4_burn_offers_teammates_first_then_others():
    st = gc4_state()
    assert st.mode == "burn"
    seen = []
    while st.mode == "burn":
        seen.append(st.to_act)
        decline(st, st.to_act)
    assert seen == [3, 5, 2, 0]  # S4 = opp(1) answers normally and cannot burn
    assert st.to_act == 4 and st.mode == "answer"


def test_gc4_burn_kill_opens_a_new_window_then_only_the_burners_opposite_answers():
    st = gc4_state()
    burn(st, 3, "AA")
    assert st.burner == 3
    top = st.view(None)["trick"][-1]
    assert top["burn"] and top["gouji"]
    seen = []
    while st.mode == "burn":
        seen.append(st.to_act)
        decline(st, st.to_act)
    assert seen == [5, 1, 4, 2]  # S0 = opp(3) excluded
    assert st.to_act == 0 and st.mode == "answer"
    pass_(st, 0)
    assert st.to_act == 3 and st.mode == "lead"
    assert st.kaidian[3]  # G-57: winning with a burn kill 开点s


# ---------------------------------------------------------------- GC-8 / D-G1


def test_gc8_unanswered_gouji_lives_its_player_leads():
    st = new_game(hands("4c 4c 3d", "4h 4h 3h", "Kc Kc 9c", "4d 4d 3s", "5c 5c 3c", "Ac Ac 7d 7d"),
                  leader=5, **NO_CALLS)
    play(st, 5, "AA")
    assert burn_offers(st) == [(1, False), (3, False), (0, False), (4, False)]
    assert st.to_act == 2  # nobody burns; only S2 = opp(5) answers
    pass_(st, 2)
    assert st.to_act == 5 and st.mode == "lead"
    assert st.kaidian[5]
    assert events(st, "kou")[-1] == {"winner": 5, "by": 2}


# ---------------------------------------------------------------- G-61, G-62 无头


def test_g62_wutou_player_answers_anyone_and_anyone_answers_him():
    # S0 finishes first (头科) → S3 is 无头
    st = new_game(hands("5d", "4c 4c 4d 6c", "4h 3h", "Kc Kc Kc Ac Ac 9c", "Qc Qc Qc 3c 3c", "3s 3s 8d"),
                  leader=0, **NO_CALLS)
    play(st, 0, "5")
    assert st.places == {0: 1}
    assert turn_order(st, 5) == [1, 2, 3, 4, 5]
    assert st.to_act == 1 and st.mode == "lead"  # G-64: the first active player after the finished one
    assert st.view(None)["wutou"] == [False, False, False, True, False, False]
    play(st, 1, "444")
    pass_(st, 2)
    pass_(st, 3)
    play(st, 4, "QQQ")  # 够级: opp(4) = S1 may answer, and so may S3 (无头) although he passed
    assert turn_order(st, 1) == [1]
    assert st.to_act == 3
    play(st, 3, "KKK")  # a 无头 player's 够级 play: everyone may answer it
    assert turn_order(st, 4) == [4, 5, 1, 2]
    assert st.to_act == 3 and st.mode == "lead"
    assert st.kaidian[3]


# ---------------------------------------------------------------- G-64 接风


def jiefeng_state():
    st = new_game(hands("5c 5c", "4c 4c 9d 9d", "6c 6c 3d", "4h 4h 3h", "4d 4d 3c", "3s 3s 4s"),
                  leader=0, **NO_CALLS)
    play(st, 0, "55")  # final play (底牌), not 够级
    assert st.places == {0: 1}
    return st


def test_g64_jiefeng_applicant_leads_when_all_others_pass():
    st = jiefeng_state()
    assert st.to_act == 1
    assert "jiefeng" in {a.kind for a in st.legal_actions(1).fixed}
    act(st, 1, "jiefeng")
    assert turn_order(st, 4) == [2, 3, 4, 5]
    assert st.to_act == 1 and st.mode == "lead"
    assert events(st, "jiefeng") == [{"seat": 1}]


def test_g64_jiefeng_is_not_a_pass_applicant_keeps_his_right():
    st = jiefeng_state()
    act(st, 1, "jiefeng")
    play(st, 2, "66")
    # S1's application was not a pass: he gets a turn on S2's 66 although S2 is not his 对头
    assert turn_order(st, 3) == [3, 4, 5]
    assert st.to_act == 1 and st.mode == "answer"
    play(st, 1, "99")
    assert st.to_act == 2


def test_g64_only_the_next_active_player_may_apply():
    st = jiefeng_state()
    pass_(st, 1)
    assert st.to_act == 2
    assert "jiefeng" not in {a.kind for a in st.legal_actions(2).fixed}
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(2, "jiefeng"))
    assert info.value.rule == "G-64"


def test_g64_lead_goes_to_next_active_after_finished_winner_even_without_application():
    st = jiefeng_state()
    assert turn_order(st, 5) == [1, 2, 3, 4, 5]
    assert st.to_act == 1 and st.mode == "lead"
    assert events(st, "kou")[-1]["winner"] == 0


# ---------------------------------------------------------------- GC-9 / G-65 够死级


def gc9_hands(s3="4h 4h 3h"):
    return hands("5c 5c 3d", "Kc Kc", "6c 6c 3c", s3, "Ac Ac 5d 5d", "4d 4d 3s")


def test_gc9_gousiji_nobody_answers_and_opposite_leads():
    st = new_game(gc9_hands(), leader=1, **NO_CALLS)
    play(st, 1, "KK")  # 头科 with a 够级 final play
    assert st.places == {1: 1}
    assert [s for s, _ in burn_offers(st)] == [3, 5, 2, 0]
    assert st.to_act == 4 and st.mode == "answer"  # only S4 = opp(1)
    play(st, 4, "AA")
    top = events(st, "play")[-1]
    assert top["seat"] == 4 and top["gousiji"] is True
    # nobody may answer a 够死级 except by burning (nobody can here): S4 leads next
    assert [s for s, _ in burn_offers(st)] == [0, 2, 5, 3]  # teammates, then the rest in turn order
    assert st.to_act == 4 and st.mode == "lead"
    assert st.kaidian[4]  # G-57 includes a 够死级 play
    assert st.stats["gousiji"] == 1


def test_gc9_opposite_passes_finished_players_next_leads():
    st = new_game(gc9_hands(), leader=1, **NO_CALLS)
    play(st, 1, "KK")
    pass_(st, 4)
    assert st.to_act == 2 and st.mode == "lead"  # S2 = S1's 下家
    assert not st.kaidian[1]  # a final play does not 开点 (G-60 DEFAULT)


def test_gc9_kaidian_on_final_play_option():
    st = new_game(gc9_hands(), leader=1, kaidian_on_final_play=True, **NO_CALLS)
    play(st, 1, "KK")
    pass_(st, 4)
    assert st.kaidian[1]  # G-60 with kaidian_on_final_play = true


def test_g49_a_gousiji_may_be_burned():
    # S3 holds 22 + x: after S4's 够死级 AA he may burn it (G-49 "除非被人烧牌")
    st = new_game(gc9_hands(s3="2h 2h x 9d"), leader=1, **NO_CALLS)
    play(st, 1, "KK")
    # S1's KK: burn window first (S3 may burn KK too) — decline it
    assert st.mode == "burn" and st.to_act == 3
    skip_burns(st)
    play(st, 4, "AA")
    assert st.mode == "burn"
    go(st, 3, "burn", "22")
    assert st.burner == 3


# ---------------------------------------------------------------- GC-10 / G-67, G-68 四人乱缠


def gc10_state():
    st = new_game(hands("5d", "9d", "Qc Qc Qc 4c", "4h 4h 3h 3h", "Kc Kc Kc 4d", "3s 3s 4s"),
                  leader=0, **NO_CALLS)
    play(st, 0, "5")  # 头科
    play(st, 1, "9")  # 二科: four players left, but the round in progress continues normally
    return st


def test_gc10_round_in_progress_completes_then_chaos_starts_at_next_lead():
    st = gc10_state()
    assert st.places == {0: 1, 1: 2}
    assert not st.chaos
    assert turn_order(st, 4) == [2, 3, 4, 5]
    assert st.to_act == 2 and st.mode == "lead"  # first active after S1
    assert st.chaos
    assert events(st, "chaos") == [{}]


def test_gc10_chaos_everyone_may_beat_even_after_passing_no_gouji_treatment():
    st = gc10_state()
    turn_order(st, 4)
    play(st, 2, "QQQ")  # would be 够级; in 四人乱缠 it gets no special treatment
    assert st.view(None)["trick"][-1]["gouji"] is False
    assert st.mode == "answer"
    pass_(st, 3)  # S3 (not S2's 对头) gets a turn
    play(st, 4, "KKK")
    # S5, S2, and S3 again (he passed before — no lock-out in 四人乱缠)
    assert turn_order(st, 3) == [5, 2, 3]
    assert st.to_act == 4 and st.mode == "lead"
    assert not any(st.kaidian)  # G-59: no 开点 in 四人乱缠


def test_g68_no_rang_no_burn_in_chaos():
    st = new_game(hands("5d", "9d", "6c 6c Qc", "4h 4h 3h 3h", "Kc Kc Kc 4d x", "3s 3s 4s"),
                  leader=0, **NO_CALLS)
    play(st, 0, "5")
    play(st, 1, "9")
    turn_order(st, 4)
    assert st.chaos and st.to_act == 2
    play(st, 2, "66")
    pass_(st, 3)
    pass_(st, 4)
    # S5 = opp(2) would normally be allowed to 让; not in 四人乱缠
    assert st.to_act == 5
    assert "rang" not in {a.kind for a in st.legal_actions(5).fixed}
    pass_(st, 5)
    play(st, 2, "Q")
    assert st.mode == "answer"  # no burn window in 四人乱缠 (S4 could kill with x)


# ---------------------------------------------------------------- GC-11 / G-20, G-21 憋三


def test_gc11_biesan_threes_only_as_whole_final_lead():
    st = new_game(hands("x 3d 3d", "3c 4c 4c", "3h 5c 5c", "3s 6c 6c", "3d 7c 7c", "3c 8c 8c"),
                  leader=0, biesan=True, **NO_CALLS)
    assert st.phase == "play" and st.to_act == 0
    leads = {a.play.text for a in st.legal_actions(0).plays()}
    assert leads == {"x"}
    for bad in ("x33", "33", "3", "x3"):
        with pytest.raises(IllegalAction) as info:
            st.apply(Action(0, "play", st.rules.parse(bad)))
        assert info.value.rule == "G-21"
    play(st, 0, "x")
    assert turn_order(st, 1) == [3]  # x is 够级: only S3 answers
    assert st.to_act == 0 and st.mode == "lead"
    assert {a.play.text for a in st.legal_actions(0).plays()} == {"33"}
    play(st, 0, "33")
    assert st.places == {0: 1}


def test_g20_biesan_threes_never_answer():
    st = new_game(hands("x 3d 3d", "3c 3c 4c 4c", "3h 5c 5c", "3s 6c 6c", "3d 7c 7c", "3c 8c 8c"),
                  leader=1, biesan=True, **NO_CALLS)
    play(st, 1, "44")
    # S2 holds 3 5 5: he may answer 55, never with a 3
    assert {a.play.text for a in st.legal_actions(2).plays()} == {"55"}


def test_g62_no_lock_out_for_a_wutou_player():
    # S0 has finished → S3 is 无头: after passing on S4's play he may act again on S5's play
    st = new_game(hands("5d", "4c 4c 6c", "4h 3h", "Kc 9c 9d Qd", "7c 3c 3c", "8c 3s 3s"), leader=0, **NO_CALLS)
    play(st, 0, "5")
    turn_order(st, 5)
    assert st.to_act == 1
    play(st, 1, "6")
    pass_(st, 2)
    pass_(st, 3)  # S3 passes …
    play(st, 4, "7")
    play(st, 5, "8")
    # on S5's 8: S0 is out; S1 (passed? no), S2 (passed, opp(2) = 5: re-enters), S3 (passed, but 无头), S4
    assert turn_order(st, 3) == [1, 2, 3]
    assert st.to_act == 4


def test_g62_final_gouji_play_of_a_wutou_player_is_open_to_everyone():
    # S2 revolts and S5 (his 对头) chooses 无头; S5 finishes (头科) with KK, a 够级 play. G-62: anyone may beat
    # any play of a 无头 player, including his 够级 plays — so S0, S1, S3, S4 each get a turn in turn order.
    st = new_game(hands("3c 4c", "4h 5h", "5d 6d", "5s Ac Ac", "6s 7s", "Kc Kc"), leader=5, revolt={2},
                  yaotou=False, **NO_CALLS)
    assert st.view(None)["wutou"][5]
    play(st, 5, "KK")
    assert st.places == {5: 1}
    skip_burns(st)
    assert st.mode == "answer"
    assert turn_order(st, 1) == [0]
    assert st.to_act == 1
    pass_(st, 1)
    play(st, 3, "AA")  # S3 beats the final play of the 无头 S5


def test_g46_d_no_rang_without_an_active_player_behind():
    # S4 and S5 have finished: S3 has nobody between himself and S0 → no 让牌 on S0's play
    st = new_game(hands("6c 6c 5d 5d 9d", "4c 4c 3d 8d", "4h 4h 3h 8h", "Tc Tc 5s 5h", "3c", "4d"),
                  leader=4, **NO_CALLS)
    play(st, 4, "3")
    play(st, 5, "4")
    assert st.places == {4: 1, 5: 2}
    assert turn_order(st, 4) == [0, 1, 2, 3]
    assert st.to_act == 0  # first active after S5
    play(st, 0, "66")
    pass_(st, 1)
    pass_(st, 2)
    assert st.to_act == 3
    assert "rang" not in {a.kind for a in st.legal_actions(3).fixed}
