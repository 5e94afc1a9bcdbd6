"""Tricks on the match state: leading, following, ruffing, throwing, the bottom capture (S-15 … S-19)."""

from __future__ import annotations

import itertools

import pytest
from shengji_helpers import act, table

from engine.core import Action
from engine.errors import IllegalAction
from engine.shengji import Rules
from engine.trick.cards import codes_of, notation


def test_sx27_failed_throw_in_play() -> None:
    """SX-27 (S-18a): the table sees AhQhQh, Ah goes back, QhQh is the lead; a defender's fail costs 10."""
    st = table(["KhKh3c", "AhQhQh", "4c5c6c", "7c8c9c"], banker=0, leader=1, rules=Rules(throw_fail_penalty=10))
    evs = act(st, 1, "play", "AhQhQh")
    failed = [e for e in evs if e.kind == "throw_failed"]
    assert failed and failed[0].to is None and failed[0].data["cards"] == "QhQhAh"  # shown to the table
    assert failed[0].data["forced"] == "QhQh" and "blocker" not in failed[0].data
    assert st.view(1)["hand"] == ["Ah"] and st.defender_points == -10
    assert st.view(2)["lead"]["cards"] == "QhQh" and st.stats["throw_failed"] == 1
    assert st.to_act == 2


def test_throw_blocker_shown() -> None:
    st = table(["KhKh3c", "AhQhQh", "4c5c6c", "7c8c9c"], banker=0, leader=1, rules=Rules(show_throw_blocker=True))
    evs = act(st, 1, "play", "AhQhQh")
    assert [e.data.get("blocker") for e in evs if e.kind == "throw_failed"] == [0]


def test_valid_throw_stands() -> None:
    """SX-25 on the state: AhAhKh stands; P1's QhQh7h does not beat it."""
    st = table(["AhAhKh4c", "QhQh7h4d", "Kh3c3d5c", "9h6c7c8c"], banker=0)
    act(st, 0, "play", "AhAhKh")
    assert st.stats["throw"] == 1 and st.view(1)["lead"]["kind"] == "throw"
    act(st, 1, "play", "QhQh7h")
    act(st, 2, "play", "Kh3c3d")
    act(st, 3, "play", "9h6c7c")
    assert st.last_trick_winner == 0 and st.to_act == 0


def test_follow_suit_refused_with_reason() -> None:
    """S-16: a heart in hand must be played to a heart lead; the refusal names the rule in both languages,
    and the state is left untouched."""
    st = table(["9h3c", "Kh4c", "5c6c", "7c8c"], banker=0)
    act(st, 0, "play", "9h")
    before = (st.view(1), list(st.actions))
    with pytest.raises(IllegalAction) as e:
        act(st, 1, "play", "4c")
    assert e.value.rule == "S-16"
    ref = st.refusal(Action(1, "play", None, "4c"))
    assert ref is not None and ref.zh == "有红桃必须出红桃" and ref.rule == "S-16"
    assert (st.view(1), list(st.actions)) == before
    r = st.action_for_cards(1, ["4c"])
    assert not isinstance(r, Action) and r.rule == "S-16"
    good = st.action_for_cards(1, "Kh")
    assert isinstance(good, Action) and good.arg == "Kh"


def test_sx30_ruff_and_overruff() -> None:
    """SX-30 (S-17): a 副主 over-ruffs a trump 3; the hearts ace cannot beat a ruff."""
    st = table(["Kh4c", "3s5c", "Ah6c", "2d7c"], banker=0)
    for s, c in ((0, "Kh"), (1, "3s"), (2, "Ah"), (3, "2d")):
        act(st, s, "play", c)
    assert st.last_trick_winner == 3 and st.stats["ruff"] == 2 and st.stats["overruff"] == 1
    assert st.to_act == 3 and st.defender_points == 10  # the K goes to the defenders


def test_bottom_capture_and_settlement() -> None:
    """S-19: the defenders win the last trick with a pair → the bottom's 25 points ×4; S-7: the bank moves."""
    st = table(["3h3h", "4h4h", "5c6c", "7c8c"], banker=0, bottom="TsKs5d3c3d4c4d6d")
    for s, c in ((0, "3h3h"), (1, "4h4h"), (2, "5c6c"), (3, "7c8c")):
        act(st, s, "play", c)
    r = st.last_result
    assert r is not None and r["multiplier"] == 4 and r["bottom_points"] == 100 and r["points"] == 105
    assert st.stats["bottom_capture"] == 1 and st.stats["bank_lost"] == 1 and r["next_banker"] == 1
    assert r["banker_change"] == 0 and r["defender_change"] == 0  # 80–115: the bank only
    assert st.is_over and st.totals == [-1, 1, -1, 1]
    shown = [e for e in st.history if e.kind == "bottom_shown"]
    assert shown and shown[0].to is None  # shown to everyone at the end (S-10)


def test_banker_keeps_last_trick() -> None:
    st = table(["AhAh", "4h4h", "5c6c", "7c8c"], banker=0, bottom="TsKs5d3c3d4c4d6d")
    for s, c in ((0, "AhAh"), (1, "4h4h"), (2, "5c6c"), (3, "7c8c")):
        act(st, s, "play", c)
    r = st.last_result
    assert r is not None and r["multiplier"] == 0 and r["points"] == 0 and r["bank_kept"]
    assert r["banker_change"] == 3 and r["next_banker"] == 2 and st.stats["level_up"] == 1


def test_lead_must_be_one_system() -> None:
    st = table(["9h3c", "Kh4c", "5c6c", "7c8c"], banker=0)
    with pytest.raises(IllegalAction) as e:
        act(st, 0, "play", "9h3c")
    assert e.value.rule == "S-15"


def _brute(st: object, seat: int) -> set[str]:
    hand = codes_of(st.held[seat])  # type: ignore[attr-defined]
    out: set[str] = set()
    for k in range(1, len(hand) + 1):
        for combo in itertools.combinations(hand, k):
            a = Action(seat, "play", None, notation(combo))
            if st.refusal(a) is None:  # type: ignore[attr-defined]
                out.add(a.arg or "")
    return out


@pytest.mark.parametrize("rules", [Rules(), Rules(preset="tongxing"),
                                   Rules(preset="tongxing", tractor_protection="tractor_only_by_tractor")])
def test_enumeration_is_the_check(rules: Rules) -> None:
    """Legal plays enumerated by shape are exactly the card sets the check accepts (lead and follow)."""
    st = table(["5h5h6h6hAs", "9h9hThThKh", "3h4hQhQh2s", "JhJh8h7s7s"], banker=0, rules=rules)
    la = st.legal_actions(0)
    got = {a.arg for a in la}
    assert len(got) == len(la) == len(list(la)) and got == _brute(st, 0)
    act(st, 0, "play", "5h5h6h6h")
    for seat in (1, 2, 3):
        la = st.legal_actions(seat)
        got = {a.arg for a in la}
        assert got == {a for a in _brute(st, seat) if len(a) == 8}
        assert all(a in la for a in la)
        act(st, seat, "play", next(iter(sorted(x for x in got if x))))
