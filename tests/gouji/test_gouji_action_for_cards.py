"""The engine turns a selection of cards into an action or a refusal (issue 12): State.action_for_cards.

The desktop sends the selected card strings; the engine answers with the play (a burn 烧牌 in the burn window,
G-52), or a Refusal naming the rule with the reason in both languages.
"""

from __future__ import annotations

import pytest
from gouji_helpers import hands, new_game, play

from engine.api import Refusal
from engine.core import Action
from engine.errors import IllegalAction

NO_CALLS = {"yudian_enabled": False, "mingdian_enabled": False}


def lead_state():
    return new_game(hands("Qc Qd Qs 4d 9h", "6d 7d", "Kc Kh Ks X x 9d 9d 5d 5d", "7c 8c", "4c 5c", "8d 9c"),
                    leader=0, **NO_CALLS)


def test_a_selection_becomes_the_play_with_suits_ignored():
    st = lead_state()
    a = st.action_for_cards(0, ["Qs", "Qc"])
    assert a == Action(0, "play", st.rules.parse("QQ"))
    assert a in st.legal_actions(0)


def test_mixed_ranks_are_refused_with_the_rule_in_both_languages():
    st = lead_state()
    r = st.action_for_cards(0, ["Qc", "4d"])
    assert isinstance(r, Refusal) and r.rule == "C-10"
    assert r.en and r.zh and r.message("zh") == r.zh and r.message("en") == r.en


def test_not_your_turn_and_cards_not_held():
    st = lead_state()
    r = st.action_for_cards(1, ["6d"])
    assert isinstance(r, Refusal) and r.rule == "G-42"
    r = st.action_for_cards(0, ["Ac"])
    assert isinstance(r, Refusal) and r.rule == "C-10" and r.zh == "手里没有这些牌"
    r = st.action_for_cards(0, [])
    assert isinstance(r, Refusal) and r.rule == "C-6"
    r = st.action_for_cards(0, ["??"])
    assert isinstance(r, Refusal) and r.rule.startswith("C-")


def test_in_the_burn_window_a_selection_is_a_burn():
    st = lead_state()
    play(st, 0, "QQQ")  # 够级 (G-33): the burn window opens, S0's teammate S2 first (G-52)
    assert st.mode == "burn" and st.to_act == 2
    a = st.action_for_cards(2, ["Kc", "Kh", "Ks"])
    assert a == Action(2, "burn", st.rules.parse("KKK"))
    assert a in st.legal_actions(2)
    r = st.action_for_cards(2, ["5d"])  # does not beat QQQ
    assert isinstance(r, Refusal) and r.rule == "G-51"


def test_answer_that_does_not_beat_is_refused_g35():
    st = new_game(hands("9c 4d", "Tc Td", "5c 5d", "6c", "7c", "8c"), leader=0, **NO_CALLS)
    play(st, 0, "9")
    r = st.action_for_cards(1, ["5c"]) if st.to_act == 1 else None
    assert st.to_act == 1
    r = st.action_for_cards(1, ["Tc", "Td"])  # two cards on a single
    assert isinstance(r, Refusal) and r.rule == "G-35" and r.zh
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(1, "play", st.rules.parse("TT")))
    assert info.value.rule == "G-35" and info.value.refusal == r


def test_refusal_and_apply_agree():
    st = lead_state()
    bad = Action(0, "pass")
    why = st.refusal(bad)
    assert why is not None and why.rule == "G-40"
    with pytest.raises(IllegalAction) as info:
        st.apply(bad)
    assert info.value.refusal == why
    assert st.refusal(Action(0, "play", st.rules.parse("9"))) is None
