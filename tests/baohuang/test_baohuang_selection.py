"""Choosing the emperor (B-5 … B-12): deal, abdication (with and without 2s), call, fixed, pot, grabbing."""

from __future__ import annotations

import pytest
from baohuang_helpers import do, full_deal, public

from engine.baohuang import Rules, State
from engine.core import Action
from engine.errors import IllegalAction


@pytest.mark.parametrize("deck,sizes", [("216", [44, 43, 43, 43, 43]), ("200-no3", [40] * 5),
                                        ("168-no345", [34, 34, 34, 33, 33])])
def test_b5_deal_counts(deck: str, sizes: list[int]) -> None:
    st = State(Rules(deck=deck), seed=3)
    assert [len(h) for h in st.hands] == sizes
    cards = [c for h in st.hands for c in h]
    assert sorted(map(str, cards)) == sorted(map(str, Rules(deck=deck).pack()))
    assert sum(1 for c in cards if str(c) == "X^") == 1  # B-6 the marked big joker
    assert sum(1 for c in cards if str(c) == "x^") == 0  # x^ only with the marked-small-joker guard
    assert sum(1 for c in State(Rules(deck=deck, guard_mode="marked-small-joker"), seed=3).hands for c in c
               if str(c) == "x^") == 1


def test_b43_next_deal_starts_from_previous_emperor() -> None:
    st = State(Rules(emperor_selection="fixed"), seed=5, hands=2)
    emperor = st.emperor
    assert emperor is not None
    while st.hand_no == 0:
        st.apply(st.auto_action(st.to_act))  # type: ignore[arg-type]
    dealt = [e for e in st.history if e.kind == "dealt"]
    assert dealt[-1].data["start"] == emperor
    assert dealt[-1].data["counts"][emperor] == 44


def classic(fixed: dict[int, str], **opts: object) -> State:
    r = Rules(**opts)  # type: ignore[arg-type]
    return State(r, seed=1, deal=full_deal(r, fixed))


def test_b7_abdicate_to_shangjia_and_forced_acceptance() -> None:
    # S3 holds X^ and exactly three 9c (callable), no four identical suited cards.
    st = classic({3: "X^ 9c 9c 9c", 0: "9c"})
    assert st.phase == "abdicate" and st.to_act == 3
    do(st, "S3 abdicate")
    assert st.to_act == 2 and any(str(c) == "X^" for c in st.hands[2])  # handed to the 上家 (B-7.1)
    do(st, "S2 abdicate", "S1 abdicate", "S0 abdicate", "S4 abdicate")
    assert st.to_act == 3
    assert not any(n >= 4 for n in _suited(st, 3).values())  # the stacked deal gives S3 no four identical
    # B-7.4: back at the original holder after one round he must accept.
    assert [a.kind for a in st.legal_actions(3)] == ["accept"]
    with pytest.raises(IllegalAction) as info:
        do(st, "S3 abdicate")
    assert info.value.rule == "B-7"
    assert st.stats["abdication"] == 5


def _suited(st: State, seat: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in st.hands[seat]:
        if not c.is_joker:
            out[str(c)] = out.get(str(c), 0) + 1
    return out


def test_b7_redeal_after_two_rounds() -> None:
    # Nobody is forced (the 经典 rule needs an exactly-three identity; give the origin none by using
    # the marked-small-joker mode where no acceptance is forced), so X^ goes round twice: re-deal (B-7.5).
    r = Rules(guard_mode="marked-small-joker", abdication_payment="none")
    st = State(r, seed=2)
    origin = st.to_act
    for _ in range(10):
        st.apply(Action(st.to_act, "abdicate"))  # type: ignore[arg-type]
    assert st.stats["redeal"] == 1
    assert st.phase == "abdicate" and st.passes == 0
    assert origin is not None
    assert sum(len(h) for h in st.hands) == 216


def test_bc3_abdication_with_twos() -> None:
    """BC-3: S3 abdicates free; S2 attaches a 2; S1 (no 2) attaches his highest non-joker (an A)."""
    r = Rules(preset="s003-simple")
    deal = full_deal(r, {3: "X^", 2: "2s", 1: "Ac"}, no_ranks={1: {15}})
    st = State(r, seed=0, deal=deal)
    n0 = len(st.hands[0])
    ev = do(st, "S3 abdicate")
    assert public(ev, "abdicate") == [{"seat": 3, "to": 2, "paid": 0}]  # the first abdication is free
    ev = do(st, "S2 abdicate")
    assert public(ev, "abdicate")[0]["paid"] == 1 and st.stats["two_paid"] == 1
    paid2 = [e for e in ev if e.kind == "paid"]
    assert paid2[0].to == (2,) and paid2[0].data["cards"][0].startswith("2")  # private to the payer
    ev = do(st, "S1 abdicate")
    paid1 = [e for e in ev if e.kind == "paid"][0].data["cards"]
    assert paid1 == ["As"] or paid1[0].startswith("A")  # his highest non-joker card
    assert st.stats["card_paid"] == 1
    ev = do(st, "S0 accept")
    assert st.emperor == 0
    assert len(st.hands[0]) == n0 + 3  # X^, the 2 and the A
    got = [e for e in ev if e.kind == "received"][0]
    assert got.to == (0,) and len(got.data["cards"]) == 2


def test_b8_call_yield_and_bi_zhuang() -> None:
    r = Rules(emperor_selection="call")
    st = State(r, seed=4, deal=full_deal(r, {2: "X^ 8d 8d 8d", 1: "8d"}))
    assert st.phase == "call" and st.to_act == 2
    assert any(a.kind == "call" and a.arg == "8d" for a in st.legal_actions(2))
    for seat in (2, 1, 0, 4, 3):
        st.apply(Action(seat, "abdicate"))  # 让庄 to the 上家
        if st.phase != "call" or st.forced:
            break
    # B-8.3 逼庄: from the origin (S2) in the same direction, the first with exactly three must call.
    assert st.forced and st.phase == "call"
    forced_seat = st.to_act
    assert forced_seat is not None
    acts = list(st.legal_actions(forced_seat))
    assert acts and all(a.kind == "call" for a in acts)
    st.apply(acts[0])
    assert st.emperor == forced_seat and st.stats["bi_zhuang"] == 1


def test_b8_huang_zhuang_redeal() -> None:
    from baohuang_helpers import tiny
    r = Rules(emperor_selection="call")
    st = State(r, seed=4, deal=tiny({0: "X^ 7c", 1: "8c", 2: "9c", 3: "Tc", 4: "Jc"}))
    for seat in (0, 4, 3, 2, 1):
        st.apply(Action(seat, "abdicate"))
    assert st.stats["huang_zhuang"] == 1 and st.stats["redeal"] == 1  # B-8.4 黄庄
    assert sum(len(h) for h in st.hands) == 216


def test_b8_call_makes_emperor_and_fixes_guard() -> None:
    r = Rules(emperor_selection="call")
    st = State(r, seed=4, deal=full_deal(r, {2: "X^ 8d 8d 8d", 4: "8d"}))
    ev = do(st, "S2 call:8d")
    assert st.emperor == 2 and st.called == "8d" and st.guard == 4
    assert public(ev, "call") == [{"seat": 2, "card": "8d"}]
    guard_events = [e for e in ev if e.kind == "guard"]
    assert guard_events and guard_events[0].to == (4,)


def test_b9_grab_qiang_zhuang_in_call_mode() -> None:
    r = Rules(preset="s001")
    st = State(r, seed=4, deal=full_deal(r, {2: "X^ 8d 8d 8d", 4: "8d"}))
    do(st, "S2 call:8d")
    assert st.phase == "grab" and st.to_act == 3  # turn order from the X^ holder
    do(st, "S3 decline", "S4 grab")
    assert st.emperor == 4 and st.solo == "grab" and st.guard is None
    assert any(str(c) == "X^" for c in st.hands[4])  # 抢庄 takes X^ into his hand
    assert st.stats["grab"] == 1


def test_b9_grab_solo_in_abdicate_mode() -> None:
    r = Rules(grab_solo=True)
    st = State(r, seed=4, deal=full_deal(r, {2: "X^ 8d 8d 8d", 4: "8d"}))
    do(st, "S2 accept", "S2 call:8d")
    assert st.phase == "grab" and st.to_act == 1  # nearest in the 上家 direction first
    do(st, "S1 grab")
    assert st.emperor == 1 and st.solo == "ming" and any(str(c) == "X^" for c in st.hands[2])  # no card moves


def test_b10_fixed() -> None:
    r = Rules(emperor_selection="fixed")
    st = State(r, seed=4, deal=full_deal(r, {3: "X^"}))
    assert st.emperor == 3 and st.phase == "declare" and st.to_act == 3
    assert all(a.kind in ("call", "solo") for a in st.legal_actions(3))


def test_b11_pot() -> None:
    r = Rules(preset="s000")
    deal = full_deal(r, {0: "X X^ 2c", 1: "2d 7c 7c 7c", 2: "9h 9h 9h"}, start=0)
    st = State(r, seed=0, deal=deal)
    assert st.phase == "pot" and st.to_act == 0
    ev = do(st, "S0 decline")
    assert public(ev, "pot") == [{"seat": 0, "put": 1}]
    assert [e for e in ev if e.kind == "paid"][0].data["cards"] == ["X"]  # the starter puts his highest card
    ev = do(st, "S1 decline")
    assert [e for e in ev if e.kind == "paid"][0].data["cards"][0].startswith("2")  # others put a 2
    n2 = len(st.hands[2])
    do(st, "S2 accept")
    assert st.emperor == 2 and len(st.hands[2]) == n2 + 2  # takes the pot


def test_b14_call_rules() -> None:
    """BC-4: a 2 may not be called (call_twos false); four copies = 暗独保."""
    r = Rules(emperor_selection="fixed")
    st = State(r, seed=0, deal=full_deal(r, {0: "X^ 2s 2s 2s 9c 9c 9c 9c"}))
    calls = {a.arg for a in st.legal_actions(0) if a.kind == "call"}
    assert "9c" in calls and "2s" not in calls
    with pytest.raises(IllegalAction):
        do(st, "S0 call:2s")
    do(st, "S0 call:9c")
    assert st.solo == "an" and st.guard is None and st.stats["an_dubao"] == 1
    r2 = Rules(emperor_selection="fixed", call_twos=True, call_jokers=True)
    st2 = State(r2, seed=0, deal=full_deal(r2, {0: "X^ X X 2s 2s 2s"}))
    calls2 = {a.arg for a in st2.legal_actions(0) if a.kind == "call"}
    assert {"2s", "X"} <= calls2


def test_b7_4_four_identical_cards_excuse_the_origin() -> None:
    st = classic({3: "X^ 9c 9c 9c Kd Kd Kd Kd", 0: "9c"})
    for seat in (3, 2, 1, 0, 4):
        do(st, f"S{seat} abdicate")
    assert st.to_act == 3 and sorted(a.kind for a in st.legal_actions(3)) == ["abdicate", "accept"]


def test_b11_pot_nobody_accepts_redeal() -> None:
    from baohuang_helpers import tiny
    r = Rules(preset="s000")
    st = State(r, seed=0, deal=tiny({0: "X^ X 2c", 1: "2d 7c", 2: "x 9h", 3: "Tc", 4: "Jc"}))
    for seat in range(5):
        assert [a.kind for a in st.legal_actions(seat)] == ["decline"]  # nobody holds three identical cards
        do(st, f"S{seat} decline")
    assert st.stats["redeal"] == 1 and st.stats["pot_card"] == 3
    assert sum(len(h) for h in st.hands) == 216 and st.transit == []


def test_b9_grab_in_pot_mode_nearest_shangjia_first() -> None:
    r = Rules(preset="s000", grab_solo=True)
    st = State(r, seed=0, deal=full_deal(r, {0: "9h 9h 9h", 1: "9h"}))
    do(st, "S0 accept", "S0 call:9h")
    assert st.phase == "grab" and st.queue == [4, 3, 2, 1]
    do(st, "S4 decline", "S3 grab")
    assert st.emperor == 3 and st.solo == "ming" and st.phase == "play" and st.to_act == 3


def test_b18_rebellion_reveals_an_dubao() -> None:
    from baohuang_helpers import pass_all
    r = Rules(emperor_selection="fixed", rebellion=True)
    st = State(r, seed=0, deal=full_deal(r, {0: "X^ 9c 9c 9c 9c"}))
    do(st, "S0 call:9c")
    pass_all(st, "mingbao")
    ev = do(st, "S1 rebel", "S2 rebel", "S3 decline", "S4 decline")
    assert public(ev, "guard_revealed") == [{"seat": 0, "solo": True, "by": "rebellion"}]
    assert st.view(3)["solo"] == "an" and st.view(3)["guard"] is None and st.view(3)["guard_public"]


def test_b18_reveal_none_never_reveals() -> None:
    from baohuang_helpers import pass_all
    r = Rules(preset="s002-dongya")
    st = State(r, seed=0, deal=full_deal(r, {0: "X^", 2: "x^"}))
    do(st, "S0 decline")
    pass_all(st, "mingbao")
    ev = do(st, "S1 rebel", "S2 decline", "S3 rebel", "S4 rebel")
    assert not public(ev, "guard_revealed") and st.view(1)["guard"] is None
    assert st.view(1)["rebels"] == [1, 3, 4]  # public: the guard follows by elimination (B-18)


def _no_callable_triple(st: State, seat: int) -> bool:
    """B-14 read from the hand alone: no callable identity (the super joker aside) held exactly three times."""
    from collections import Counter

    from engine.baohuang.rules import identity
    held = Counter(identity(c) for c in st.hands[seat] if str(c) != "Z" and st.rules.callable_identity(c))
    return not any(n == 3 for n in held.values())


def test_b12_the_view_says_when_accepting_the_throne_means_playing_alone() -> None:
    """B-12, B-14: asked at the throne in the called-triple mode, a hand with no callable identity held exactly
    three times can only play alone (独保) if it accepts; the asked seat's view says so (the table's prompt),
    nobody else's does."""
    st = classic({3: "X^ 9c 9c 9c", 0: "9c"})
    assert st.phase == "abdicate" and st.to_act == 3
    assert st.view(3)["lone_accept"] is False   # three 9c: he can call a guard
    seen = set()
    for seed in range(40):
        st = State(Rules(), seed=seed)
        if st.phase != "abdicate":
            continue
        seat = st.to_act
        assert st.view(seat)["lone_accept"] is _no_callable_triple(st, seat)
        assert not any(st.view(s)["lone_accept"] for s in range(5) if s != seat)
        seen.add(st.view(seat)["lone_accept"])
    assert seen == {True, False}
    st = State(Rules(guard_mode="marked-small-joker"), seed=1)   # no called guard: nothing to say
    assert not any(st.view(s)["lone_accept"] for s in range(5))
