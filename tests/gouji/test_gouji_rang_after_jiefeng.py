"""G-46(c) with G-64: an application for 接风 is not a pass, so it does not open 让牌 for the 对头.

Issue 11 §5: S0 finishes with a non-够级 ``6``; S1 (his 下家) applies for 接风; S2 passes; S3, S0's 对头, may
beat or pass but must not be offered ``rang`` — 让牌 needs both 上两家 (S1 and S2) to have *passed* on the play.
"""

from __future__ import annotations

import pytest
from gouji_helpers import act, hands, new_game, pass_, play

from engine.core import Action
from engine.errors import IllegalAction

NO_CALLS = {"yudian_enabled": False, "mingdian_enabled": False}


def final_six():
    st = new_game(hands("6c", "4c 4c 9d 9d", "5c 5c 3d", "7h 8h 3h", "4d 4d 3c", "3s 3s 4s"),
                  leader=0, **NO_CALLS)
    play(st, 0, "6")  # S0's final play (底牌), a single 6: not 够级
    assert st.places == {0: 1} and not st.top_gouji
    return st


def kinds(st, seat):
    return {a.kind for a in st.legal_actions(seat).fixed}


def test_g46c_g64_jiefeng_application_is_not_a_pass_for_rang():
    st = final_six()
    act(st, 1, "jiefeng")  # G-64: S1 applies instead of beating
    pass_(st, 2)
    assert st.to_act == 3
    assert "rang" not in kinds(st, 3)  # G-46(c): S1 has not passed on the 6
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(3, "rang"))
    assert info.value.rule == "G-46"
    assert st.refusal(Action(3, "rang")) is not None and st.refusal(Action(3, "rang")).rule == "G-46"
    assert {"pass"} <= kinds(st, 3)
    play(st, 3, "8")  # beating stays open to him


def test_g46c_rang_offered_when_both_upper_seats_passed():
    st = final_six()
    pass_(st, 1)
    pass_(st, 2)
    assert st.to_act == 3
    assert "rang" in kinds(st, 3)  # both 上两家 passed: G-46 (a)–(d) hold
    act(st, 3, "rang")
    assert st.to_act == 4
