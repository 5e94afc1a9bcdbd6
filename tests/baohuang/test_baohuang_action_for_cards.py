"""The engine turns a selection of cards into a Baohuang action or a refusal (issue 12): the action names the
very cards (``arg``), because which physical cards go matters — the called card reveals the guard (B-19)."""

from __future__ import annotations

import pytest
from baohuang_helpers import do, full_deal, public

from engine.api import Refusal
from engine.baohuang import Rules, State
from engine.core import Action
from engine.errors import IllegalAction


def reveal_table() -> State:
    """Fixed emperor S0 calls 9c; S3 (the guard) holds 9c 9h Tc; S0 leads."""
    r = Rules(emperor_selection="fixed")
    fixed = {0: "X^ 9c 9c 9c 9d 9d 5c", 3: "9c 9h Tc", 1: "6c", 2: "7c"}
    st = State(r, seed=0, deal=full_deal(r, fixed, no_ranks={4: {9}, 1: {9}, 2: {9}}))
    do(st, "S0 call:9c")
    while st.phase != "play":
        st.apply(Action(st.to_act or 0, "decline"))
    return st


def test_the_selected_cards_travel_with_the_action_and_reveal():
    st = reveal_table()
    do(st, "S0 5", "S1 6", "S2 7")
    a = st.action_for_cards(3, ["9c"])
    assert isinstance(a, Action) and a.arg == "9c" and a.play == st.rules.parse("9")
    assert a in st.legal_actions(3)
    ev = st.apply(a)
    assert public(ev, "guard_revealed")  # the called card itself went: B-19


def test_refusals_name_the_rule_in_both_languages():
    st = reveal_table()
    r = st.action_for_cards(0, ["9c", "5c"])
    assert isinstance(r, Refusal) and r.rule == "B-20" and r.zh
    r = st.action_for_cards(1, ["6c"])  # not S1's turn
    assert isinstance(r, Refusal) and r.rule == "B-29"
    mine = st.view(0)["hand"]
    other = next(c for c in st.view(1)["hand"] if c not in mine)
    r = st.action_for_cards(0, [other])  # a card S0 does not hold
    assert isinstance(r, Refusal) and r.rule == "B-19" and r.zh


def test_refusal_and_apply_agree():
    st = reveal_table()
    bad = Action(0, "pass")  # the leader must lead
    why = st.refusal(bad)
    assert why is not None and why.rule == "B-28" and why.zh
    with pytest.raises(IllegalAction) as info:
        st.apply(bad)
    assert info.value.rule == "B-28" and info.value.refusal == why
