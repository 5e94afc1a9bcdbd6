"""The deal and trump declarations on the match state: SX-15 … SX-18 (S-6, S-8, S-9, S-9a, S-9b, S-10)."""

from __future__ import annotations

import pytest
from shengji_helpers import act, deal, pass_until

from engine.core import Action
from engine.errors import IllegalAction
from engine.shengji import Rules, State
from engine.trick.cards import parse_codes


def _sx15(pair_over_pair: str, first_banker: str = "final_declarer") -> State:
    pack = deal(1, {1: "2h", 2: "2s2s", 3: "2d2d", 0: "2c2c"})
    st = State(Rules(pair_over_pair=pair_over_pair, first_banker=first_banker), seed=1, deal=pack, first_drawer=1)
    act(st, 1, "declare", "2h")  # draw 1 is P1's
    pass_until(st, lambda s: s.deal_pos == 6)
    act(st, 2, "declare", "2s2s")  # a pair over a single
    return st


def test_sx15_any() -> None:
    """SX-15 (S-9, pair_over_pair = "any"): ♦ had no pair yet → P3's 2d2d stands; ♠ cannot come back."""
    st = _sx15("any")
    assert st.view(0)["declaration"]["cards"] == "2s2s"
    act(st, 3, "declare", "2d2d")
    assert st.view(0)["declaration"]["seat"] == 3
    act(st, 0, "declare", "2c2c")
    pass_until(st, lambda s: s.to_act == 2)
    refusal = st.refusal(Action(2, "declare", None, "2s2s"))
    assert refusal is not None and refusal.rule == "S-9"
    assert Action(2, "declare", None, "2s2s") not in st.legal_actions(2)
    pass_until(st, lambda s: False)
    assert st.phase == "bury" and st.banker == 0 and st.view(0)["trump"] == "c"
    assert st.stats["declare"] == 1 and st.stats["override"] == 3


@pytest.mark.parametrize("mode", ["never", "higher_suit"])
def test_sx15_refused(mode: str) -> None:
    """SX-15: with "never" or "higher_suit" (♦ < ♠) P3's 2d2d is refused, and the state is unchanged."""
    st = _sx15(mode)
    before = st.view(3)
    with pytest.raises(IllegalAction) as e:
        act(st, 3, "declare", "2d2d")
    assert e.value.rule == "S-9"
    assert st.view(3) == before


def test_sx15_first_declarer() -> None:
    """SX-15 with first_banker = "first_declarer": P1 is the first banker, the trump is the last one (♠)."""
    st = _sx15("any", "first_declarer")
    pass_until(st, lambda s: False)
    assert st.banker == 1 and st.view(1)["trump"] == "s"


def test_sx16_tongxing() -> None:
    """SX-16: 加固, a reinforced pair refuses a level pair, joker pairs declare 无主, XX ends it."""
    pack = deal(1, {1: "2h2h", 2: "2s2s", 3: "xx", 0: "XX"})
    st = State(Rules(preset="tongxing"), seed=2, deal=pack, first_drawer=1)
    act(st, 1, "declare", "2h")
    pass_until(st, lambda s: s.deal_pos == 5)
    act(st, 1, "declare", "2h2h")
    assert st.view(2)["declaration"]["reinforced"] is True
    with pytest.raises(IllegalAction) as e:
        act(st, 2, "declare", "2s2s")
    assert e.value.rule == "S-9"
    act(st, 2, "pass")
    act(st, 3, "declare", "xx")
    act(st, 0, "declare", "XX")
    assert st.view(1)["declaration"]["cards"] == "XX"
    assert all(a.kind == "pass" for a in st.legal_actions(st.to_act or 0))  # nothing overrides XX
    pass_until(st, lambda s: False)
    assert st.banker == 0 and st.view(0)["trump"] is None and st.view(0)["banker_side"] == [0, 2]


def test_sx16_s002() -> None:
    """SX-16 under "s002": no reinforcement, no joker pairs; P2's 2s2s overrides P1's single."""
    pack = deal(1, {1: "2h2h", 2: "2s2s", 3: "xx", 0: "XX"})
    st = State(Rules(), seed=2, deal=pack, first_drawer=1)
    act(st, 1, "declare", "2h")
    pass_until(st, lambda s: s.deal_pos == 5)
    assert st.refusal(Action(1, "declare", None, "2h2h")) is not None
    act(st, 1, "pass")
    act(st, 2, "declare", "2s2s")
    act(st, 3, "pass")
    assert st.refusal(Action(0, "declare", None, "XX")) is not None


def test_sx17_final_round() -> None:
    """SX-17 (S-9a): P0 draws the 100th card; the final round starts at P1 and ends after four passes."""
    pack = deal(1, {2: "2s2s"})
    st = State(Rules(), seed=3, deal=pack, first_drawer=1)
    pass_until(st, lambda s: s.phase == "declare")
    assert st.to_act == 1 and st.deal_pos == 100
    act(st, 1, "pass")
    act(st, 2, "declare", "2s2s")
    for s in (3, 0, 1):
        act(st, s, "pass")
    assert [a.kind for a in st.legal_actions(2)] == ["pass"]  # asked, though unable (S-9a)
    act(st, 2, "pass")
    assert st.phase == "bury" and st.banker == 2 and st.view(2)["trump"] == "s"
    assert len(st.view(2)["hand"]) == 33 and len(st.view(0)["hand"]) == 25


def _later_hand(bottom: str, **opts: object) -> State:
    st = State(Rules(**opts), seed=4, hands=2)
    st.banker, st.levels, st.hand_no = 1, [0, 3], 1  # banker P1, his side at level 5
    st._fixed_deal = parse_codes("".join(deal(1, {}, bottom=bottom, seed=9)))
    st._new_hand()
    return st


@pytest.mark.parametrize("bottom,trump", [("x9c5dKh5s3cAh2d", "d"), ("x9cKdQhKh3s4s7c", "d")])
def test_sx18_flip_bottom(bottom: str, trump: str) -> None:
    """SX-18 (S-9b flip_bottom): the first level card turned, else the first of the highest rank."""
    st = _later_hand(bottom)
    assert st.level == 3 and st.first_drawer == 1
    pass_until(st, lambda s: False)
    v = st.view(0)
    assert v["trump"] == trump and st.banker == 1
    assert "".join(v["bottom_flipped"]) == bottom  # turned in pack order, seen by everyone
    assert len(st.view(1)["hand"]) == 33


def test_sx18_redeal_limit() -> None:
    """SX-18 (S-9b): the first hand redeals when nobody declares; the fourth undeclared deal is flipped and
    its first drawer is banker."""
    st = State(Rules(), seed=5)
    first = st.first_drawer
    for n in range(3):
        pass_until(st, lambda s, n=n: s.stats["redeal"] == n + 1)  # type: ignore[misc]
        assert st.stats["redeal"] == n + 1 and st.phase == "deal" and st.first_drawer == first
    pass_until(st, lambda s: False)
    assert st.phase == "bury" and st.banker == first and st.view(first)["bottom_flipped"]


def test_no_trump_policy() -> None:
    """S-9b "no_trump": nobody declared in the first hand → 无主, the first drawer is banker."""
    st = State(Rules(no_declaration_first="no_trump"), seed=6)
    pass_until(st, lambda s: False)
    assert st.phase == "bury" and st.trump is None and st.banker == st.first_drawer


def test_deal_is_private() -> None:
    """S-8: each draw is told to the drawer only; the others see that a card was drawn."""
    st = State(Rules(), seed=7)
    ev = st.history
    draws = [e for e in ev if e.kind == "draw"]
    assert draws and all(e.to == (e.data["seat"],) for e in draws)
    assert all(e.to is None for e in ev if e.kind == "drew")


def test_bury() -> None:
    """S-10: the banker buries exactly 8 of his cards; the bottom is shown only to him until the end."""
    st = State(Rules(), seed=8)
    pass_until(st, lambda s: False)
    b = st.banker
    assert b is not None and st.phase == "bury"
    hand = st.view(b)["hand"]
    with pytest.raises(IllegalAction) as e:
        act(st, b, "bury", "".join(hand[:7]))
    assert e.value.rule == "S-10"
    act(st, b, "bury", "".join(hand[:8]))
    assert st.phase == "play" and st.to_act == b
    assert st.view(b)["bottom"] is not None
    assert all(st.view(s)["bottom"] is None for s in range(4) if s != b)
    assert len(st.view(b)["hand"]) == 25
