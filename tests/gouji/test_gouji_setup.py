"""Set-up phases on the real state machine: deal (G-5, G-12), 预点/明点 (G-13 … G-15), 上班 (G-16 … G-19),
买三 (G-22 … G-26), 报户 (G-69), 扣牌 (G-44), and G-39 with ``two_filler_gouji = "any-two"``."""

from __future__ import annotations

from collections import Counter

import pytest
from gouji_helpers import events, finish_round, go, hand, hands, new_game, play, skip_burns, turn_order

from engine.cards import make_pack
from engine.core import Action
from engine.errors import IllegalAction
from engine.gouji import Rules, State


def test_g12_deal_36_each_full_pack():
    st = State(Rules(yudian_enabled=False), seed=11)
    assert st.phase == "show"
    assert [len(h) for h in st.hands] == [36] * 6
    assert Counter(str(c) for h in st.hands for c in h) == Counter(str(c) for c in make_pack(4))
    assert Counter(str(c) for c in make_pack(4))["X"] == 4 and len(make_pack(4)) == 216


def test_g13_g14_calls():
    st = State(Rules(sets_per_game=1), seed=3, stacked=[hands("4c", "4h", "4s", "5c", "5h", "5s")])
    assert st.phase == "yudian" and not st.dealt  # 预点 before the deal
    order = []
    while st.phase == "yudian":
        order.append(st.to_act)
        st.apply(Action(st.to_act, "yudian" if st.to_act == 2 else "decline"))
    assert order == [0, 1, 2, 3, 4, 5]
    assert st.dealt
    while st.phase == "show":
        st.apply(Action(st.to_act, "decline"))
    assert st.phase == "mingdian"
    asked = []
    while st.phase == "mingdian":
        asked.append(st.to_act)
        st.apply(Action(st.to_act, "mingdian" if st.to_act == 4 else "decline"))
    assert 2 not in asked  # a player who 预点'd cannot 明点
    assert sorted(asked) == [0, 1, 3, 4, 5]
    assert st.calls == ["none", "none", "yu", "none", "ming", "none"]


def test_g16_show_most_same_suit_threes_leads():
    deal = hands("3c 3c 9d", "3h 3h 3h 9c", "3d 3s 9s", "3s 3s 3s 9h", "4c", "4d")
    st = State(Rules(sets_per_game=1, yudian_enabled=False), seed=0, stacked=[deal])
    shown = []
    while st.phase == "show":
        s = st.to_act
        la = [a for a in st.legal_actions(s) if a.kind == "show"]
        if s == 2:
            assert not la  # 3d 3s: no two 3s of one suit
        if la:
            shown.append(s)
            st.apply(la[0])
        else:
            st.apply(Action(s, "decline"))
    assert shown == [0, 1]  # S3's three 3s do not beat S1's three 3s: the earlier show keeps the lead (G-17)
    assert st.first_leader == 1
    assert [x["seat"] for x in st.shows] == [0, 1]


def test_g16_dingban_needs_more():
    deal = hands("3c 3c 9d", "9c", "3d 3s 9s", "3s 3s 3s 9h", "4c", "4d")
    st = State(Rules(sets_per_game=1, yudian_enabled=False), seed=0, stacked=[deal])
    while st.phase == "show":
        s = st.to_act
        la = [a for a in st.legal_actions(s) if a.kind == "show"]
        st.apply(la[0] if la else Action(s, "decline"))
    assert st.first_leader == 3  # 顶班


def test_g16_show_must_name_the_best_suit():
    deal = hands("3c 3c 3h 9d", "9c", "9s", "9h", "4c", "4d")
    st = State(Rules(sets_per_game=1, yudian_enabled=False), seed=0, stacked=[deal])
    assert st.phase == "show" and st.to_act == 0
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(0, "show", arg="h"))
    assert info.value.rule == "G-16"
    st.apply(Action(0, "show", arg="c"))


def test_g19_biesan_shows_fours():
    deal = hands("4c 4c 3d 9d", "3c 3c 3c 3h", "3d 9s", "3s 9h", "3h 4d", "3c 4h")
    st = State(Rules(sets_per_game=1, yudian_enabled=False, biesan=True), seed=0, stacked=[deal])
    while st.phase == "show":
        s = st.to_act
        la = [a for a in st.legal_actions(s) if a.kind == "show"]
        if s == 1:
            assert not la  # 3s are not shown in 憋三
        st.apply(la[0] if la else Action(s, "decline"))
    assert st.first_leader == 0


# ---------------------------------------------------------------- 买三 (G-22 … G-26)


def biesan_state(deal, **opts):
    return new_game(deal, leader=0, biesan=True, yudian_enabled=False, mingdian_enabled=False, **opts)


def test_g22_buy_from_opposite_lowest_payment_lowest_three():
    st = biesan_state(hands("2s 2d x 9c", "3c 5c", "3h 6c", "3s 3d 3h 7c", "3c 8c", "3d 9d"))
    buys = [e for e in events(st, "buy_three") if "paid" in e]
    assert buys == [{"buyer": 0, "seller": 3, "paid": "2d", "three": "3d"}]  # G-23: 2d first; seller's 3d
    assert hand(st, 0) == "3d 9c 2s x"
    assert "2d" in hand(st, 3)


def test_g22_buy_from_opposites_teammates_then_own():
    # S1 has no 3; his 对头 S4 holds one 3 → the 对头's teammates in turn order after S1: S2 (one 3), S0 (two)
    st = biesan_state(hands("3c 3h 9c", "x 5c", "3h 6c", "3s 7c", "3c 8c", "3d 9d"))
    assert [(e["buyer"], e["seller"]) for e in events(st, "buy_three") if "paid" in e] == [(1, 0)]
    assert "3c" in hand(st, 1) and "x" in hand(st, 0)
    # nobody of S4's team has two 3s → S1's own teammates (S3, S5) in turn order after S1
    st = biesan_state(hands("3c 9c", "2c 5c", "3h 6c", "3s 3s 7c", "3c 8c", "3d 9d"))
    assert [(e["buyer"], e["seller"]) for e in events(st, "buy_three") if "paid" in e] == [(1, 3)]


def test_g22_buy_event_private_to_buyer_and_seller():
    st = biesan_state(hands("2s 2d x 9c", "3c 5c", "3h 6c", "3s 3d 3h 7c", "3c 8c", "3d 9d"))
    for e in st.history:
        if e.kind == "buy_three":
            if "paid" in e.data:
                assert set(e.to) == {0, 3}
            else:
                assert set(e.to) == {1, 2, 4, 5}


def test_g25_no_three_no_two_no_joker_automatic_revolution():
    st = new_game(hands("9c 9d", "3c 5c 2c", "3h 6c x", "3s 3s 7c", "3c 8c 2h", "3d 9d X"), leader=1, biesan=True,
                  yudian_enabled=False, mingdian_enabled=False, yaotou=True)
    assert events(st, "auto_revolution") == [{"seat": 0}]
    assert st.revolutionary == 0 and not st.active[0]
    assert st.phase == "play"


def test_g26_cannot_buy_plays_without_biesan_restriction():
    st = biesan_state(hands("2c 9c 9d", "3c 5c", "3h 6c", "3s 7c", "3c 8c", "3d 9d"))
    assert events(st, "cannot_buy_three") == [{"seat": 0}]
    assert st.to_act == 0
    play(st, 0, "99")
    assert finish_round(st) == 0
    play(st, 0, "2")  # his final play need not be 3s
    assert st.places[0] == 1


# ---------------------------------------------------------------- 报户 (G-69)


def test_g69_report_on_request():
    st = new_game(hands("4c 4c 4d 9d", "5c 5d", "6c 6d", "7c 7d", "8c 8d", "Tc Td"), leader=0,
                  yudian_enabled=False, mingdian_enabled=False)
    assert st.view(2)["counts"][0] is None  # not volunteered
    ev = st.ask_count(2, 0)
    assert ev[0].data == {"asker": 2, "seat": 0, "count": 4}
    assert st.view(5)["counts"][0] == 4  # answered in public
    assert st.view(5)["counts"][1] is None


def test_g69_report_always_and_not_in_biesan():
    st = new_game(hands("4c 4c 4d 9d", "5c 5d", "6c 6d", "7c 7d", "8c 8d", "Tc Td"), leader=0,
                  yudian_enabled=False, mingdian_enabled=False, report_mode="always")
    assert st.view(None)["counts"] == [4, 2, 2, 2, 2, 2]
    st = new_game(hands("4c 4c 3d 9d", "5c 3d", "6c 3d", "7c 3d", "8c 3d", "Tc 3d"), leader=0, biesan=True,
                  yudian_enabled=False, mingdian_enabled=False, report_mode="always")
    assert st.view(None)["counts"] == [None] * 6
    with pytest.raises(IllegalAction) as info:
        st.ask_count(1, 0)
    assert info.value.rule == "G-69"


def test_g69_more_than_ten_cards_not_reported():
    st = new_game(hands("4c 4c 4d 9d 9c 9h 9s 8c 8d 8h 8s", "5c 5d", "6c 6d", "7c 7d", "8c 8d", "Tc Td"),
                  leader=0, yudian_enabled=False, mingdian_enabled=False, report_mode="always")
    assert st.view(1)["counts"][0] is None  # 11 cards: 不够报
    with pytest.raises(IllegalAction):
        st.ask_count(1, 0)
    play(st, 0, "9")
    assert st.view(1)["counts"][0] == 10  # 满户


# ---------------------------------------------------------------- 扣牌 (G-44)


def test_g44_kou_by_system_when_opposite_is_out():
    st = new_game(hands("5d", "4c 4c 6c", "4h 3h", "Kc Kc 9c 9d", "3c 3c", "3s 3s 8d"), leader=0,
                  yudian_enabled=False, mingdian_enabled=False)
    play(st, 0, "5")
    assert finish_round(st) == 1
    play(st, 1, "6")
    go(st, 3, "play", "9")
    assert finish_round(st) == 3
    assert events(st, "kou")[-1] == {"winner": 3, "by": None}  # S0 (= opp(3)) has finished


# ---------------------------------------------------------------- G-39 with "any-two"


def test_g39_any_two_answer_that_is_not_gouji_is_handled_as_non_gouji():
    st = new_game(hands("9c 9d 2c 4d", "5c 5d 5h", "6c 6d 6h", "Tc Td Th", "8c 8d 8h", "Jc Jd Jh"), leader=0,
                  yudian_enabled=False, mingdian_enabled=False, two_filler_gouji="any-two")
    play(st, 0, "992")  # 够级 under "any-two"
    assert st.view(None)["trick"][-1]["gouji"]
    skip_burns(st)
    assert st.to_act == 3  # only the 对头
    play(st, 3, "TTT")  # beats 992 ≡ 999 but is not 够级
    assert st.view(None)["trick"][-1]["gouji"] is False
    skip_burns(st)
    assert turn_order(st, 2) == [4, 5]  # G-42 again: the others may act on it
    assert st.to_act == 0


def test_g52_any_two_burn_kill_is_gouji():
    st2 = new_game(hands("9c 9c 2d 4d", "5c 5d", "Tc Tc Tc", "6c 6d", "8c 8d", "7c 7d"), leader=0,
                   yudian_enabled=False, mingdian_enabled=False, two_filler_gouji="any-two")
    play(st2, 0, "992")
    assert st2.mode == "burn" and st2.to_act == 2
    st2.apply(Action(2, "burn", st2.rules.parse("TTT")))  # TTT is not 够级, but a kill always counts as one
    top = st2.view(None)["trick"][-1]
    assert top["burn"] and top["gouji"]
    skip_burns(st2)
    assert st2.to_act == 5 and st2.mode == "answer"  # only the burner's 对头


def test_g17_second_set_offers_start_from_previous_first_leader():
    deal1 = hands("7d", "5d", "8d Kd", "Td", "6d", "3d 4d")
    deal2 = hands("7c", "5c", "8c", "Tc", "6c", "4c")
    st = new_game(deal1, later=(deal2,), leader=1, tribute_enabled=False, sets_per_game=2, mingdian_enabled=False)
    play(st, 1, "5")
    go(st, 4, "play", "6")
    go(st, 0, "play", "7")
    finish_round(st)
    play(st, 2, "8")
    go(st, 3, "play", "T")
    finish_round(st)
    play(st, 5, "3")
    go(st, 2, "play", "K")
    assert st.set_no == 2 and st.phase == "yudian"
    order = []
    while st.phase == "yudian":
        order.append(st.to_act)
        st.apply(Action(st.to_act, "decline"))
    assert order == [1, 2, 3, 4, 5, 0]
    assert st.phase == "show" and st.to_act == 1


@pytest.mark.parametrize("check, eligible", [("after-tribute", True), ("as-dealt", False)])
def test_g28_revolution_check_option(check, eligible):
    # S5 pays his X and 2s as 落贡 and gets 3c 4c back: no X, x or 2 after tribute, but he was dealt them
    deal1 = hands("7d", "5d", "8d Kd", "Td", "6d", "3d 4d")
    deal2 = hands("7c 2c", "3c 4c 9d 2d", "2c 5c 6c", "8h 2h", "5h 6h 7h 2d", "X 2s 9c 9c 8c")
    st = new_game(deal1, later=(deal2,), leader=1, dadian_enabled=False, sets_per_game=2, return_rank_check=False,
                  revolution_check=check)
    play(st, 1, "5")
    go(st, 4, "play", "6")
    go(st, 0, "play", "7")
    finish_round(st)
    play(st, 2, "8")
    go(st, 3, "play", "T")
    finish_round(st)
    play(st, 5, "3")
    go(st, 2, "play", "K")
    while st.phase in ("yudian", "show"):
        st.apply(Action(st.to_act, "decline"))
    while st.phase == "tribute":
        st.apply(Action(st.to_act, "accept"))
    while st.phase == "return":
        it = st.items[st.item_idx]
        st.apply(Action(st.to_act, "give", arg="3c" if it.payer == 5 and "3c" in hand(st, 1) else
                        ("4c" if it.payer == 5 else st.view(st.to_act)["hand"][0])))
    assert hand(st, 5) == "3c 4c 8c 9c 9c"
    while st.phase != "revolt":
        st.apply(Action(st.to_act, "decline"))
    while st.phase == "revolt" and st.to_act != 5:
        st.apply(Action(st.to_act, "decline"))
    assert st.to_act == 5
    assert (Action(5, "revolt") in st.legal_actions(5)) is eligible


def test_g69_report_survives_log_replay():
    import random

    from engine import log

    st = State(Rules(sets_per_game=1), seed=4)
    rng = random.Random(1)
    while not (st.phase == "play" and any(st.active[s] and len(st.hands[s]) <= 10 for s in range(6))):
        la = st.legal_actions(st.to_act)
        plays, fixed = list(la.plays()), list(la.fixed)
        st.apply(rng.choice(plays) if plays and (not fixed or rng.random() < 0.7) else rng.choice(fixed))
    target = next(s for s in range(6) if st.active[s] and len(st.hands[s]) <= 10)
    st.ask_count((target + 1) % 6, target)
    assert st.view(None)["counts"][target] == len(st.hands[target])
    again = log.load(log.dump(st))
    assert again.view(None)["counts"] == st.view(None)["counts"]
