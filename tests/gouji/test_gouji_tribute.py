"""Tribute scenarios on the real state machine (G-75 … G-84): 落贡 with 还贡 and refusal (GT-37), order and
pass-through (GT-40), 闷贡 with 憋三 (GT-41, G-78), 烧贡 (GT-42 in test_gouji_burns.py), 点贡 (G-80)."""

from __future__ import annotations

import pytest
from gouji_helpers import act, decline_setup, events, finish_round, go, hand, hands, new_game, play

from engine.core import Action
from engine.errors import IllegalAction

NO_CALLS = {"yudian_enabled": False, "mingdian_enabled": False}


def tribute_items(st, set_index=0):
    return [(t["kind"], t["payer"], t["receiver"], t["owed"]) for t in st.set_results[set_index]["tribute_next"]]


def paid_cards(st):
    """(kind, payer, receiver, cards) of every tribute paid, from the payer's private event."""
    out = []
    for e in st.history:
        if e.kind == "tribute_paid" and "cards" in e.data:
            out.append((e.data["kind"], e.data["payer"], e.data["receiver"], list(e.data["cards"])))
    return out


# ---------------------------------------------------------------- GT-37 落贡 and 还贡

GT37_DEAL2 = hands("7c", "3c 4c 9d 2d", "2c 5c 6c", "8h", "5h 6h 7h", "X 2s 2h 9c 9c 8c")


def gt37_game(deal2=GT37_DEAL2, **opts):
    deal1 = hands("7d", "5d", "8d Kd", "Td", "6d", "3d 4d")
    st = new_game(deal1, later=(deal2,), leader=1, dadian_enabled=False, sets_per_game=2, **opts)
    play(st, 1, "5")  # 头科
    go(st, 4, "play", "6")  # 二科
    go(st, 0, "play", "7")  # 三科
    assert finish_round(st) == 2  # 四人乱缠
    play(st, 2, "8")
    go(st, 3, "play", "T")  # 四科
    assert finish_round(st) == 5
    play(st, 5, "3")
    go(st, 2, "play", "K")  # 二落; S5 大落
    assert st.set_results[0]["places"] == {"0": 3, "1": 1, "2": 5, "3": 4, "4": 2, "5": 6}
    assert tribute_items(st) == [("fall", 5, 1, 2), ("fall", 2, 4, 1)]
    decline_setup(st)
    assert st.phase == "tribute"
    return st


def test_gt37_fall_tribute_return_and_refusals():
    st = gt37_game()
    # G-77: within one kind, by payer seat from seat 0: S2 → S4 first
    assert st.to_act == 4
    assert events(st, "tribute_offer")[-1] == {"kind": "fall", "payer": 2, "receiver": 4, "count": 1}
    act(st, 4, "refuse")  # teammates may waive (G-82) → nothing paid, nothing returned
    assert "2c" in hand(st, 2)
    assert st.to_act == 1
    assert events(st, "tribute_offer")[-1] == {"kind": "fall", "payer": 5, "receiver": 1, "count": 2}
    act(st, 1, "accept")
    assert paid_cards(st) == [("fall", 5, 1, ["X", "2s"])]  # G-76: X first, then 2s in suit order s, h, c, d
    assert st.phase == "return" and st.to_act == 1
    # S1 returns 3c: S5 holds no 3 and S1 holds a 9 (a rank S5 holds) → S5 may refuse it
    act(st, 1, "give", arg="3c")
    assert st.to_act == 5
    act(st, 5, "refuse")
    assert st.to_act == 1
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(1, "give", arg="4c"))
    assert info.value.rule == "G-81"
    act(st, 1, "give", arg="9d")  # a rank S5 holds: returned at once
    assert st.to_act == 1 and st.phase == "return"
    act(st, 1, "give", arg="2d")
    assert st.phase not in ("tribute", "return")
    assert sorted(hand(st, 5).split()) == sorted("2h 9c 9c 8c 9d 2d".split())
    assert sorted(hand(st, 1).split()) == sorted("3c 4c X 2s".split())
    assert st.stats["return_refused"] == 1


def test_g81_each_returned_card_may_be_refused_or_accepted():
    st = gt37_game()
    act(st, 4, "refuse")
    act(st, 1, "accept")
    act(st, 1, "give", arg="3c")
    act(st, 5, "refuse")
    act(st, 1, "give", arg="9d")
    # the second returned card: S1 offers 4c (a rank S5 does not hold); S5 may refuse or accept it
    act(st, 1, "give", arg="4c")
    act(st, 5, "accept")
    assert "4c" in hand(st, 5)


def test_g81_payer_may_not_refuse_a_rank_he_holds():
    st = gt37_game()
    act(st, 4, "refuse")
    act(st, 1, "accept")
    act(st, 1, "give", arg="9d")  # S5 holds 9s: no offer, returned at once
    assert st.to_act == 1
    assert [e for e in events(st, "returned") if "card" in e][-1] == {"payer": 5, "receiver": 1, "card": "9d"}


def test_g81_any_card_when_receiver_has_no_rank_the_payer_holds():
    deal2 = hands("7c", "3c 4c", "2c 5c 6c", "8h", "5h 6h 7h", "X 2s 2h 9c 9c 8c")
    st = gt37_game(deal2)
    act(st, 4, "refuse")
    act(st, 1, "accept")
    # S1 now holds 3c 4c X 2s: X is a rank S5 no longer holds, 2s is one he holds → rank check applies to 3c
    act(st, 1, "give", arg="2s")
    act(st, 1, "give", arg="X")  # now S1 holds only 3c 4c — nothing S5 holds
    assert st.phase not in ("tribute", "return")


def test_g81_return_rank_check_off():
    st = gt37_game(return_rank_check=False)
    act(st, 4, "refuse")
    act(st, 1, "accept")
    act(st, 1, "give", arg="3c")  # no offer to S5: accepted as given
    assert st.to_act == 1
    act(st, 1, "give", arg="4c")
    assert "3c" in hand(st, 5) and "4c" in hand(st, 5)


def test_g82_refused_fall_tribute_is_not_returned():
    st = gt37_game()
    act(st, 4, "refuse")
    act(st, 1, "refuse")  # S5 and S1 are teammates
    assert st.phase not in ("tribute", "return")
    assert "X" in hand(st, 5)
    assert st.stats["returned"] == 0


# ---------------------------------------------------------------- GT-40 order and pass-through, G-77, G-80


def gt40_game():
    deal1 = hands("X X 2c 7d", "Ac Ac 5d 5d 8c", "3h 4h", "2h 2h 9d", "6d", "7c")
    deal2 = hands("2d 5c", "X 6c", "x 2c 3c", "8c", "x 7h", "2h 8h")
    st = new_game(deal1, later=(deal2,), leader=1, sets_per_game=2, **NO_CALLS)
    play(st, 1, "AA")
    go(st, 0, "burn", "X2")  # S3 could burn AA too; he declines
    assert finish_round(st) == 0  # X2 is a dead card under option 0
    assert not st.kaidian[0]  # a big-joker play does not 开点
    play(st, 0, "X7")  # final: 烧成功, 头科
    assert events(st, "burn_end") == [{"seat": 0, "result": "success"}]
    assert finish_round(st) == 1
    play(st, 1, "55")
    go(st, 3, "play", "22")  # S3 is 无头; everyone may answer; nobody does
    assert finish_round(st) == 3
    assert st.kaidian[3]
    play(st, 3, "9")  # 二科
    assert finish_round(st) == 4  # 四人乱缠
    play(st, 4, "6")
    go(st, 5, "play", "7")
    go(st, 1, "play", "8")  # S1 二落, S2 大落
    assert st.set_results[0]["places"] == {"0": 1, "1": 5, "2": 6, "3": 2, "4": 3, "5": 4}
    return st


def test_gt40_tribute_order_and_pass_through():
    st = gt40_game()
    assert sorted(tribute_items(st)) == sorted([
        ("burn", 1, 0, 1),
        ("point", 0, 3, 2), ("point", 1, 4, 1), ("point", 4, 1, 1), ("point", 2, 5, 1), ("point", 5, 2, 1),
        ("fall", 2, 0, 2), ("fall", 1, 3, 1)])
    decline_setup(st)
    order = []
    while st.phase == "tribute":
        it = st.items[st.item_idx]
        order.append((it.kind, it.payer, it.receiver))
        st.apply(Action(st.to_act, "accept"))
    # G-77: 闷贡 → 烧贡 → 点贡 → 落贡; within a kind by payer seat from seat 0
    # (S1 owes S4 a 点贡 but has no legal card left after his 烧贡: nothing to offer, G-76)
    assert order == [("burn", 1, 0), ("point", 0, 3), ("point", 2, 5), ("point", 4, 1), ("point", 5, 2),
                     ("fall", 2, 0)]
    assert {"kind": "point", "payer": 1, "receiver": 4} in events(st, "tribute_empty")
    paid = paid_cards(st)
    assert paid[0] == ("burn", 1, 0, ["X"])
    assert paid[1] == ("point", 0, 3, ["X", "2d"])  # S0 passes on the X he just received
    assert ("point", 5, 2, ["x"]) in paid  # 点贡 may use received cards (S5 got x from S2)
    assert ("point", 4, 1, ["x"]) in paid
    # 落贡 never uses cards received in this phase: S2 gives only his own 2c of the 2 owed; S1 has none
    assert ("fall", 2, 0, ["2c"]) in paid
    assert {"kind": "fall", "payer": 1, "receiver": 3} in events(st, "tribute_empty")
    # 还贡: S0 returns as many as he actually received (1)
    assert st.phase == "return" and st.to_act == 0
    act(st, 0, "give", arg="5c")
    assert st.phase not in ("tribute", "return")


# ---------------------------------------------------------------- GT-41 闷贡 (G-78, 憋三)


def gt41_game(deal2):
    deal1 = hands("3d 3d", "5d 3c 3c", "Qc Qc Qc 3h 3h", "3s 3s", "3d 3h", "Kc Kc Kc 4d 3s 3s")
    st = new_game(deal1, later=(deal2,), leader=2, biesan=True, dadian_enabled=False, sets_per_game=2, **NO_CALLS)
    play(st, 2, "QQQ")
    go(st, 5, "play", "KKK")  # S2's last non-3 play is beaten by S5
    assert finish_round(st) == 5
    play(st, 5, "4")
    go(st, 1, "play", "5")  # S5's last non-3 play is beaten by S1
    assert finish_round(st) == 1
    play(st, 1, "33")  # 头科
    act(st, 2, "jiefeng")
    assert finish_round(st) == 2
    play(st, 2, "33")  # 二科 through 接风
    assert finish_round(st) == 3
    play(st, 3, "33")
    assert finish_round(st) == 4
    play(st, 4, "33")
    assert finish_round(st) == 5
    play(st, 5, "33")  # 二落; S0 大落 (never made a non-3 play: no 闷贡)
    assert st.set_results[0]["places"] == {"0": 6, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5}
    return st


DEAL2_BIESAN = hands("3c 2c 2d 9c", "3d 6c 7c", "3h x 8c", "3s 5s", "3c 6h", "3h X 9h")


def test_gt41_men_tribute():
    st = gt41_game(DEAL2_BIESAN)
    assert tribute_items(st) == [("men", 2, 5, 1), ("men", 5, 1, 1), ("fall", 0, 1, 2), ("fall", 5, 2, 1)]
    decline_setup(st)
    while st.phase == "tribute":
        st.apply(Action(st.to_act, "accept"))
    paid = paid_cards(st)
    assert paid[:2] == [("men", 2, 5, ["x"]), ("men", 5, 1, ["X"])]
    # only 落贡 is returned; with 憋三 a 3 may not be returned (G-27)
    assert st.phase == "return" and st.to_act == 1
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(1, "give", arg="3d"))
    assert info.value.rule == "G-27"
    returns = 0
    while st.phase == "return":
        it = st.items[st.item_idx]
        assert it.kind == "fall"
        la = list(st.legal_actions(st.to_act))
        assert all(a.arg is None or not a.arg.startswith("3") for a in la)
        st.apply(la[0])
        returns += la[0].kind == "give"
    # 2 to S0; S5's 落贡 was empty (his X went as 闷贡, the x he received may not be used) — none for 闷贡
    assert returns == 2
    assert {"kind": "fall", "payer": 5, "receiver": 2} in events(st, "tribute_empty")


def test_g78_stuck_with_threes_still_owes():
    # S0 never regains the lead and is left with his 3s; his last non-3 play (9) was beaten by S1
    deal1 = hands("9d 3d 3d", "Td 3c 3c", "4h 3h", "4s 3s", "4d 3h", "4c 3s")  # single 3s: final plays "3"
    st = new_game(deal1, later=(DEAL2_BIESAN,), leader=0, biesan=True, dadian_enabled=False, sets_per_game=2,
                  **NO_CALLS)
    play(st, 0, "9")
    go(st, 1, "play", "T")
    assert finish_round(st) == 1
    play(st, 1, "33")  # 头科
    for seat in (2, 3, 4, 5):
        assert finish_round(st) == seat
        play(st, seat, "4")
        assert finish_round(st) == seat
        play(st, seat, "3")
    assert len(st.set_results) == 1  # S0 never regained the lead and still holds 3 3
    res = st.set_results[0]
    assert res["places"]["0"] == 6
    assert ("men", 0, 1, 1) in tribute_items(st)


def test_g78_later_unbeaten_play_cancels_men():
    # S2's QQQ is beaten, but his later 4 wins its round: no 闷贡 for S2
    deal1 = hands("3d 3d", "3c 3c", "Qc Qc Qc 4h 3h 3h", "3s 3s", "3d 3h", "Kc Kc Kc 3s 3s")
    st = new_game(deal1, later=(DEAL2_BIESAN,), leader=2, biesan=True, dadian_enabled=False, sets_per_game=2,
                  **NO_CALLS)
    play(st, 2, "QQQ")
    go(st, 5, "play", "KKK")
    assert finish_round(st) == 5
    play(st, 5, "33")  # 头科 (S5 had no non-3 play beaten)
    assert finish_round(st) == 0
    play(st, 0, "33")
    finish_round(st)
    assert st.to_act == 1
    play(st, 1, "33")
    assert finish_round(st) == 2
    play(st, 2, "4")
    assert finish_round(st) == 2
    play(st, 2, "33")
    assert finish_round(st) == 3
    play(st, 3, "33")
    assert st.set_results[0]["places"] == {"0": 2, "1": 3, "2": 4, "3": 5, "4": 6, "5": 1}
    assert not [t for t in tribute_items(st) if t[0] == "men" and t[1] == 2]


# ---------------------------------------------------------------- G-75 / G-84


def test_g75_no_tribute_in_first_set_and_lapses_after_last():
    st = new_game(hands("7d", "5d", "8d Kd", "Td", "6d", "3d 4d"), leader=1, sets_per_game=1, **NO_CALLS)
    assert events(st, "tribute_start") == []
    play(st, 1, "5")
    go(st, 4, "play", "6")
    go(st, 0, "play", "7")
    finish_round(st)
    play(st, 2, "8")
    go(st, 3, "play", "T")
    finish_round(st)
    play(st, 5, "3")
    go(st, 2, "play", "K")
    assert st.is_over
    assert st.set_results[0]["tribute_next"] == []  # earned in the last set: lapses


def test_g84_tribute_disabled():
    deal1 = hands("7d", "5d", "8d Kd", "Td", "6d", "3d 4d")
    st = new_game(deal1, later=(GT37_DEAL2,), leader=1, tribute_enabled=False, sets_per_game=2, **NO_CALLS)
    play(st, 1, "5")
    go(st, 4, "play", "6")
    go(st, 0, "play", "7")
    finish_round(st)
    play(st, 2, "8")
    go(st, 3, "play", "T")
    finish_round(st)
    play(st, 5, "3")
    go(st, 2, "play", "K")
    assert st.set_results[0]["tribute_next"] == []
    decline_setup(st)
    assert st.set_no == 2 and st.phase == "play"
    assert events(st, "tribute_start") == []


def test_g30_redeal_repeats_the_tribute_on_the_new_hands():
    deal2 = hands("7c 2h", "3c 4c 9d", "2c 5c", "8h", "5h 6h 7h 2d", "X 2s 9c")
    deal3 = hands("7s 2h", "3h 4h 9h", "2d 6c", "8s 2s", "5s 6s 7s 2c", "x 9s")
    deal1 = hands("7d", "5d", "8d Kd", "Td", "6d", "3d 4d")
    st = new_game(deal1, later=(deal2, deal3), leader=1, dadian_enabled=False, sets_per_game=2,
                  return_rank_check=False)
    play(st, 1, "5")
    go(st, 4, "play", "6")
    go(st, 0, "play", "7")
    finish_round(st)
    play(st, 2, "8")
    go(st, 3, "play", "T")
    finish_round(st)
    play(st, 5, "3")
    go(st, 2, "play", "K")
    assert tribute_items(st) == [("fall", 5, 1, 2), ("fall", 2, 4, 1)]

    def run_tribute():
        while st.phase in ("yudian", "show", "mingdian"):
            st.apply(Action(st.to_act, "decline"))
        while st.phase == "tribute":
            st.apply(Action(st.to_act, "accept"))
        while st.phase == "return":
            st.apply(Action(st.to_act, "give", arg=st.view(st.to_act)["hand"][0]))

    run_tribute()
    assert paid_cards(st) == [("fall", 2, 4, ["2c"]), ("fall", 5, 1, ["X", "2s"])]
    while st.phase in ("mingdian",):
        st.apply(Action(st.to_act, "decline"))
    assert st.phase == "revolt"
    while st.phase == "revolt":
        s = st.to_act
        st.apply(Action(s, "revolt" if s in (2, 3) and Action(s, "revolt") in st.legal_actions(s) else "decline"))
    assert events(st, "redeal") == [{"revolutionaries": [2, 3]}]  # G-30: void, re-dealt (deal3)
    run_tribute()  # the same pending tributes, paid again from the new hands
    assert paid_cards(st)[2:] == [("fall", 2, 4, ["2d"]), ("fall", 5, 1, ["x"])]
    assert st.set_no == 2
