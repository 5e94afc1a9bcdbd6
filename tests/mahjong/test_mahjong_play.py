"""Scenario tests of the Shandong Mahjong state machine, each citing its rule and MX example."""

from __future__ import annotations

import pytest
from mahjong_helpers import act, draw_discard, kinds, pass_round, table

from engine.core import Action
from engine.errors import IllegalAction
from engine.mahjong import Rules, State
from engine.mahjong.match import circle_done, match_ends, next_dealer
from engine.mahjong.options import MahjongOptions

# MX-14: P1 (dealer) discards 5m; P2 can chow (34m), P3 can pung (55m), P0 wins on 5m.
MX14 = ["234m 567p 789s EEE 5m",
        "5m 1m 9m 1p 3p 9p 1s 3s S W N C F B",
        "34m 6m 8m 2p 4p 8p 2s 4s 6s 8s S W",
        "55m 7m 9m 1p 6p 9p 1s 5s 7s 9s N C"]


def test_deal_m4() -> None:
    """M-4: the dealer holds 14, the others 13; 136 − 53 = 83 tiles stay in the wall; M-3 the RNG picks the dealer."""
    st = State(Rules(), seed=5)
    assert st.t.size(st.dealer) == 14 and all(st.t.size(s) == 13 for s in range(4) if s != st.dealer)
    assert st.t.wall_left == 83 and st.to_act == st.dealer and st.phase == "move"
    assert {State(Rules(), seed=s).first_dealer for s in range(30)} == {0, 1, 2, 3}
    assert State(Rules(honors=False), seed=5).t.wall_left == 108 - 53


def test_mx14_claim_priority_win_first() -> None:
    """MX-14 / M-7: asked P2, P3, P0 in turn order, answers sealed; P0's 胡 beats pung and chow."""
    st = table(MX14, dealer=1)
    act(st, 1, "discard", "5m")
    assert st.phase == "claim" and st.to_act == 2
    assert set(kinds(st, 2)) == {"chow:345m", "chow:456m", "pass"}
    # while P2 is asked, nobody else's view says who is asked
    assert st.view(0)["to_act"] is None and st.view(3)["to_act"] is None and st.view(2)["to_act"] == 2
    act(st, 2, "chow", "345m")
    assert set(kinds(st, 3)) == {"pung:555m", "pass"}
    act(st, 3, "pung", "555m")
    assert kinds(st, 0) == ["win", "pass"]
    v1 = st.view(1)
    assert not any(e["kind"] == "answer" for e in v1["history"])  # sealed
    evs = act(st, 0, "win")
    end = next(e for e in evs if e.kind == "hand_end")
    assert end.data["winners"] == [0] and end.data["payments"] == [1, -1, 0, 0]
    assert st.dealer == 2  # M-17 "qq": a non-dealer won, the seat after the dealer deals


def test_mx14_pass_then_pung_beats_chow_and_turn_skips() -> None:
    """MX-14: P0 passes (locked, M-14); P3's pung beats P2's chow; P3 discards and P0 draws next."""
    st = table(MX14, dealer=1)
    act(st, 1, "discard", "5m")
    act(st, 2, "chow", "345m")
    act(st, 3, "pung", "555m")
    act(st, 0, "pass")
    assert st.locked[0] and st.view(0)["locked"] and not st.view(1)["locked"]
    assert st.to_act == 3 and st.ctx == "claimed"
    assert {a.kind for a in st.legal_actions(3)} == {"discard"}  # M-8: discard at once, no win or kong
    assert [m.text() for m in st.t.melds[3]] == ["555m"] and st.t.rivers[1] == []
    act(st, 3, "discard", "9s")
    pass_round(st)
    assert st.to_act == 0 and st.drawn is not None  # P2's turn is skipped
    assert st.stats["pung"] == 1 and st.stats["chow"] == 0


def test_refusals_name_rules_and_leave_state() -> None:
    st = table(MX14, dealer=1)
    before = st.view(None)
    with pytest.raises(IllegalAction) as e:
        st.apply(Action(0, "discard", arg="2m"))
    assert e.value.rule == "M-5"
    with pytest.raises(IllegalAction) as e:
        st.apply(Action(1, "discard", arg="7m"))
    assert e.value.rule == "M-5"
    assert st.refusal(Action(1, "win")) is not None and st.refusal(Action(1, "win")).rule == "M-11"  # type: ignore[union-attr]
    assert st.view(None) == before and st.actions == []
    act(st, 1, "discard", "5m")
    ref = st.refusal(Action(2, "pung", arg="555m"))
    assert ref is not None and ref.rule == "M-6" and ref.zh
    act(st, 2, "pass")
    act(st, 3, "pass")
    with pytest.raises(IllegalAction):
        st.apply(Action(3, "pass"))


def test_chow_only_by_next_seat_and_option() -> None:
    """M-6: 吃 only from the discarder's next, only with ``allow_chow``."""
    st = table(MX14, dealer=1, allow_chow=False)
    act(st, 1, "discard", "5m")
    assert kinds(st, 2) == ["pass"]
    r = st.refusal(Action(2, "chow", arg="345m"))
    assert r is not None and r.rule == "M-6"


# MX-15: P1 discards 8p; P3 and P0 can both win.
MX15 = ["123s 456s 678m 88p 22m",
        "8p 1m 9m 1p 3p 4p E E S W N C F B",
        "3m 5m 8m 5p 6p 9p 3s 7s 9s S W N C",
        "234m 567m 789s 55s 7p 9p"]


def test_mx15_first_in_turn_order_wins() -> None:
    st = table(MX15, dealer=1)
    act(st, 1, "discard", "8p")
    act(st, 2, "pass")
    act(st, 3, "win")
    assert kinds(st, 0)[0] == "win"
    evs = act(st, 0, "win")
    end = next(e for e in evs if e.kind == "hand_end")
    assert end.data["winners"] == [3] and end.data["payments"] == [0, -1, 0, 1]
    assert not any(st.locked)  # P0 claimed and lost on priority: no lock (M-14)


def test_mx15_multiple_winners() -> None:
    st = table(MX15, dealer=1, multiple_winners=True)
    act(st, 1, "discard", "8p")
    act(st, 2, "pass")
    act(st, 3, "win")
    evs = act(st, 0, "win")
    end = next(e for e in evs if e.kind == "hand_end")
    assert end.data["winners"] == [3, 0] and end.data["payments"] == [1, -2, 0, 1]  # M-23
    assert st.stats["multiple_winners"] == 1


def test_mx18_concealed_kong_replacement_win() -> None:
    """MX-18 / M-9 / M-12: P3 (dealer) declares a concealed kong, draws the back tile and wins: 杠上开花."""
    st = table(["1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s",
                "5m 6m 7m 8m 9m 1s 2s 3s 4s 6s 7s 8s S",
                "5m 6m 7m 8m 9m 1s 2s 3s 6s 7s 8s 9s S",
                "1111m 234p 567p 789s 5s"], back="5s", dealer=3)
    assert "kong:1111m" in kinds(st, 3) and "win" not in kinds(st, 3)
    evs = act(st, 3, "kong", "1111m")
    pub = [e for e in evs if e.to is None]
    assert all("1m" not in str(e.data) for e in pub)  # M-10: face down
    assert st.view(0)["melds"][3][0]["tiles"] is None and st.view(3)["melds"][3][0]["tiles"] == "1111m"
    assert st.drawn == "5s" and st.t.wall_left == 82
    evs = act(st, 3, "win")
    end = next(e for e in evs if e.kind == "hand_end")
    assert end.data["payments"] == [-6, -6, -6, 18]
    # M-22: the kong's own part of it, for the win screen's line (the win itself is 4 from each, M-20)
    assert end.data["kongs"] == [{"seat": 3, "kind": "concealed", "from": None, "pays": [-2, -2, -2, 6]}]
    assert end.data["wins"][0]["pays"] == [-4, -4, -4, 12]
    assert "gangshangkaihua" in end.data["wins"][0]["patterns"] and end.data["melds"][3] == ["[1111m]"]
    assert st.stats["kong_concealed"] == 1 and st.stats["gangshangkaihua"] == 1


MX17 = ["234m 567p 999p 55m 78s",
        "6s 1m 1m 9m 3p 4p E E S S W N C F",
        "66s 2p 2p 4p 8m 8m 9m 1s 1s W N B",
        "3m 4m 6m 7m 1p 5p 6p 7p 2s 3s 4s E C"]


def _mx17_until_added_kong(third: str) -> State:
    st = table(MX17, front=f"9m 1p {third} 6s", back="3s", dealer=1)
    act(st, 1, "discard", "6s")
    act(st, 2, "pung", "666s")
    act(st, 3, "pass")
    assert kinds(st, 0) == ["win", "pass"]
    act(st, 0, "pass")  # locked (M-14) until his next discard
    act(st, 2, "discard", "B")
    pass_round(st)
    assert draw_discard(st) == "9m"  # P3
    assert st.locked[0]
    assert draw_discard(st) == "1p"  # P0: his discard ends the lock
    assert not st.locked[0]
    act(st, 1, "discard", third)
    return st


def test_mx17_rob_kong() -> None:
    """MX-17 / M-13: P0 robs P2's added kong of 6s: 抢杠胡 V = 2 paid by P2; the meld stays a pung."""
    st = _mx17_until_added_kong("C")
    pass_round(st)
    assert st.to_act == 2 and st.drawn == "6s" and "kong:6666s" in kinds(st, 2)
    act(st, 2, "kong", "6666s")
    assert st.phase == "rob" and st.to_act == 3 and kinds(st, 3) == ["pass"]
    act(st, 3, "pass")
    assert kinds(st, 0) == ["win", "pass"]
    act(st, 0, "win")
    evs = act(st, 1, "pass")  # the round is sealed: it ends when all three have answered
    end = next(e for e in evs if e.kind == "hand_end")
    assert end.data["payments"] == [2, 0, -2, 0] and end.data["kongs"] == []   # M-22: a robbed kong pays nothing
    assert end.data["wins"][0]["pays"] == [2, 0, -2, 0]   # the kong-maker pays as a discarder
    assert "qiangganghu" in end.data["wins"][0]["patterns"] and "666s" in end.data["melds"][2]
    assert st.stats["rob_kong"] == 1 and st.stats["kong_added"] == 0


def test_mx17_locked_player_cannot_rob() -> None:
    """MX-17 / M-14: P0 passed a discard win (9s) since his last discard, so he may not rob."""
    st = _mx17_until_added_kong("9s")
    act(st, 2, "pass")
    act(st, 3, "pass")
    assert kinds(st, 0) == ["win", "pass"]
    act(st, 0, "pass")
    assert st.locked[0] and st.to_act == 2
    act(st, 2, "kong", "6666s")
    act(st, 3, "pass")
    assert kinds(st, 0) == ["pass"]
    act(st, 0, "pass")
    act(st, 1, "pass")
    assert st.phase == "move" and st.to_act == 2 and st.drawn == "3s"  # the kong stands: replacement drawn
    assert st.t.melds[2][0].text() == "6666s" and st.stats["kong_added"] == 1


def test_exposed_kong_claim_and_payment() -> None:
    """M-6 / M-9 / M-22: an exposed kong on a discard, its replacement from the back; paid 3 by the discarder
    once the hand has a winner."""
    st = table(["1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s",
                "EEE 234m 567p 789s 1m",
                "1m 2m 3m 4m 6m 7m 8m 9m 5p 6p 7p 9s W",
                "E 2m 3m 4m 6m 7m 8m 9m 1s 2s 3s 4s W N"], back="5s", dealer=3)
    act(st, 3, "discard", "E")
    act(st, 0, "pass")
    assert "kong:EEEE" in kinds(st, 1) and "pung:EEE" in kinds(st, 1)
    act(st, 1, "kong", "EEEE")
    act(st, 2, "pass")
    assert st.to_act == 1 and st.drawn == "5s" and st.ctx == "replacement"
    act(st, 1, "discard", "1m")
    pass_round(st)
    # nobody wins this hand yet; the kong is paid only when someone wins (M-22)
    assert st.stats["kong_exposed"] == 1 and st.totals == [0, 0, 0, 0]


MX19 = ["8p 1m 9m 1p 3p 4p E E S W N C F B",
        "3m 5m 8m 5p 6p 9p 3s 7s 9s S W N C",
        "234m 567m 789s 55s 7p 9p",
        "1m 2m 3m 4m 6m 7m 1s 2s 4s 5s E W N"]


def test_mx19_pass_lock() -> None:
    """MX-19 / M-14: P2 passes a win on 8p; P1 discards 8p → P2 may not win on it; self-draw still allowed."""
    st = table(MX19, front="8p 8p", dealer=0)
    act(st, 0, "discard", "8p")
    act(st, 1, "pass")
    assert kinds(st, 2) == ["win", "pass"]
    act(st, 2, "pass")
    act(st, 3, "pass")
    assert st.drawn == "8p" and st.to_act == 1
    act(st, 1, "discard", "8p")
    assert kinds(st, 2) == ["chow:789p", "pass"]  # locked: no win, only the chow
    r = st.refusal(Action(2, "win"))
    assert r is not None and r.rule == "M-14"
    pass_round(st)
    assert st.to_act == 2 and st.drawn == "8p" and "win" in kinds(st, 2)  # self-draw allowed
    evs = act(st, 2, "win")
    end = next(e for e in evs if e.kind == "hand_end")
    assert end.data["payments"] == [-2, -2, 6, -2]


MX20 = ["1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s",
        "234m 567p 789s 345s 5m",
        "1m 2m 3m 4m 6m 7m 8m 9m 5p 6p 7p 9s E E",
        "1m 2m 3m 4m 6m 7m 8m 9m 1s 2s 3s 4s W"]


def _mx20() -> State:
    st = table(MX20, back="5m", dealer=2)  # 83 draws: the last (the back tile) goes to P1
    for _ in range(200):
        if st.t.wall_left == 0:
            break
        seat = st.to_act
        tile = str(st.drawn) if st.drawn is not None else next(
            a.arg for a in st.legal_actions(seat) if a.kind == "discard")  # type: ignore[arg-type]
        act(st, seat, "discard", tile)  # type: ignore[arg-type]
        pass_round(st)
    return st


def test_mx20_last_tile_self_draw() -> None:
    """MX-20: P1 draws the tile that empties the wall and wins: 海底捞月, 4 from each."""
    st = _mx20()
    assert st.to_act == 1 and st.drawn == "5m" and st.t.wall_left == 0
    assert "kong" not in {a.kind for a in st.legal_actions(1)}
    evs = act(st, 1, "win")
    end = next(e for e in evs if e.kind == "hand_end")
    assert end.data["payments"] == [-4, 12, -4, -4] and "haidilaoyue" in end.data["wins"][0]["patterns"]


def test_mx20_last_discard_only_win_then_drawn_hand() -> None:
    """MX-20 / M-6 / M-16: the last discard can only be won on; unclaimed, the hand is drawn, nobody pays,
    the dealer deals again ("qq"), and every hand is shown."""
    st = _mx20()
    act(st, 1, "discard", "9s")
    assert st.round is not None and st.round.last
    for s in (2, 3, 0):
        assert all(a.kind in ("win", "pass") for a in st.legal_actions(s))
        act(st, s, "pass")
    assert st.stats["draw_game"] == 1 and st.totals == [0, 0, 0, 0] and st.dealer == 2
    end = st.results[-1]
    assert end["drawn"] and len(end["hands"]) == 4 and st.hand_no == 2


def test_mx21_dealer_rotation() -> None:
    """MX-21 / M-17."""
    assert next_dealer("qq", 0, [0]) == 0 and next_dealer("qq", 0, []) == 0 and next_dealer("qq", 0, [2]) == 1
    assert next_dealer("winner_deals", 0, [2]) == 2 and next_dealer("winner_deals", 0, []) == 0
    assert all(next_dealer("always_next", 0, w) == 1 for w in ([0], [], [2]))


def test_mx22_match_end_one_circle() -> None:
    """MX-22 / M-18: the hand sequence of the example ends after hand 7; had P3 won hand 7, hand 8 follows."""
    o = MahjongOptions()
    seq = [(0, [0]), (0, [2]), (1, []), (1, [1]), (1, [0]), (2, [3]), (3, [1])]
    dealer = 0
    for n, (d, winners) in enumerate(seq, 1):
        assert dealer == d
        nxt = next_dealer("qq", dealer, winners)
        ends = match_ends(o, n, dealer, nxt, 0)
        assert ends == (n == 7), n
        if n == 7:
            assert not match_ends(o, n, dealer, next_dealer("qq", dealer, [3]), 0)
        dealer = nxt
    assert match_ends(o, 16, 0, 0, 0)
    assert match_ends(MahjongOptions(dealer_rotation="winner_deals"), 4, 1, 2, 0)
    assert not match_ends(MahjongOptions(match="hands", match_hands=5), 4, 3, 0, 0)


def test_match_runs_to_its_end() -> None:
    """M-18: a random match of "hands" = 3 ends after 3 hands with totals that add up to 0 (M-18a)."""
    import random
    st = State(Rules(match="hands", match_hands=3), seed=2)
    rng = random.Random(2)
    while not st.is_over:
        la = st.legal_actions(st.to_act)  # type: ignore[arg-type]
        wins = [a for a in la if a.kind == "win"]
        st.apply(wins[0] if wins else la[rng.randrange(len(la))])
    assert st.stats["hands"] == 3 and sum(st.totals) == 0 and st.phase == "over" and st.to_act is None
    assert st.view(0)["places"] and st.view(0)["ranks"]



def test_circles_count_the_deal_passing_back_to_the_first_dealer() -> None:
    """M-18: a circle (圈) is complete when the deal passes back to the first dealer's seat from another seat. Under
    "always_next" (M-17) that is every fourth hand, so a "hands" match of 9 plays hands 1-4 in circle 0 (东风圈),
    5-8 in circle 1 (南风圈) and 9 in circle 2; each hand_start and every seat's view say which."""
    import random
    st = State(Rules(match="hands", match_hands=9, dealer_rotation="always_next"), seed=5)
    rng = random.Random(5)
    seen: dict[int, int] = {}
    while not st.is_over:
        seen[st.hand_no] = st.view(st.to_act)["circle"]  # type: ignore[arg-type]
        assert {st.view(s)["circle"] for s in range(4)} == {st.circle}
        la = st.legal_actions(st.to_act)  # type: ignore[arg-type]
        wins = [a for a in la if a.kind == "win"]
        st.apply(wins[0] if wins else la[rng.randrange(len(la))])
    assert seen == {n: (n - 1) // 4 for n in range(1, 10)}, seen
    starts = [e.data for e in st.history if e.kind == "hand_start"]
    assert [d["circle"] for d in starts] == [(n - 1) // 4 for n in range(1, 10)]
    # "winner_deals" has no circle (M-18): the deal passing back to the first dealer starts none
    o = MahjongOptions(dealer_rotation="winner_deals")
    assert circle_done(MahjongOptions(), 3, 0, 0) and not circle_done(o, 3, 0, 0)
    assert not circle_done(MahjongOptions(), 0, 0, 0) and not circle_done(MahjongOptions(), 1, 2, 0)

MX23 = ["1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s",
        "1m 2m 3m 6m 7m 8m 9m 5p 6p 7p 9s W N",
        "34m 567p 789s EEE 55s N",
        "1m 2m 3m 4m 6m 7m 8m 9m 1s 2s 3s 4s W"]


def test_mx23_minglou() -> None:
    """MX-23 / M-15: P2 declares 明楼 with his discard; his tiles are shown; he must discard the 9p he draws;
    he wins P3's 5m: V = 2 paid by P3."""
    st = table(MX23, front="1s 6s 9p 9p 5m", dealer=2, minglou=True)
    assert "minglou:N" in kinds(st, 2)
    act(st, 2, "minglou", "N")
    assert st.view(0)["shown"]["2"] == ["3m", "4m", "5p", "6p", "7p", "5s", "5s", "7s", "8s", "9s", "E", "E", "E"]
    pass_round(st)
    for _ in range(3):
        draw_discard(st)
    assert st.to_act == 2 and st.drawn == "9p"
    assert kinds(st, 2) == ["discard:9p"]
    act(st, 2, "discard", "9p")
    pass_round(st)
    assert st.to_act == 3 and st.drawn == "5m"
    act(st, 3, "discard", "5m")
    act(st, 0, "pass")
    act(st, 1, "pass")
    evs = act(st, 2, "win")
    end = next(e for e in evs if e.kind == "hand_end")
    assert end.data["payments"] == [0, 0, 2, -2] and "minglou" in end.data["wins"][0]["patterns"]


def test_win_on_discard_off() -> None:
    """M-6: without ``win_on_discard`` a discard cannot be won on."""
    st = table(MX14, dealer=1, win_on_discard=False)
    act(st, 1, "discard", "5m")
    act(st, 2, "pass")
    act(st, 3, "pass")
    assert kinds(st, 0) == ["pass"]


def test_action_for_cards() -> None:
    st = table(MX14, dealer=1)
    assert st.action_for_cards(1, ["5m"], "discard") == Action(1, "discard", arg="5m")
    bad = st.action_for_cards(1, ["7m"], "discard")
    assert not isinstance(bad, Action) and bad.rule == "M-5"
    act(st, 1, "discard", "5m")
    assert st.action_for_cards(2, ["3m", "4m"], "chow") == Action(2, "chow", arg="345m")
    assert st.action_for_cards(2, ["4m", "6m"], "chow") == Action(2, "chow", arg="456m")
    assert not isinstance(st.action_for_cards(2, ["5m", "5m"], "pung"), Action)


@pytest.mark.parametrize("record", [
    {"seat": "x", "kind": "discard"}, {"seat": 0}, {"seat": 0, "kind": "discard", "arg": "5x"},
    {"seat": 0, "kind": "discard", "arg": ["5m"]}, {"seat": 0, "kind": "discard", "arg": "5m" * 1000},
    {"seat": 0, "kind": "discard", "arg": ""}, {"seat": 0, "kind": "kong", "arg": "55555m"},
])
def test_hostile_records_are_refused(record: dict[str, object]) -> None:
    """A malformed action record is refused with a rule id and changes nothing."""
    st = State(Rules(), seed=1)
    with pytest.raises(IllegalAction) as e:
        st.apply(st.action_from_json(record))
    assert e.value.rule.startswith("M-") and st.actions == []


def test_json_round_trip_of_actions() -> None:
    st = table(MX14, dealer=1)
    for a in st.legal_actions(1):
        assert st.action_from_json(a.to_json()) == a
    assert st.action_from_json({"seat": 1, "kind": "discard", "arg": "m5"[::-1]}) == Action(1, "discard", arg="5m")


def test_ting_in_the_view() -> None:
    """M-11a display: on his move P1 sees which discards leave him ready; ready, he sees his waits and how
    many copies are still unseen by him (his own view only)."""
    st = table(["1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s",
                "34m 567p 789s EEE 55s N",
                "1m 2m 3m 6m 7m 8m 9m 5p 6p 7p 9s W N",
                "1m 2m 3m 4m 6m 7m 8m 9m 1s 2s 3s 4s W"], dealer=1)
    after = st.view(1)["ting"]["after"]
    assert after["N"] == [["2m", 4], ["5m", 4]] and "E" not in after
    act(st, 1, "discard", "N")
    assert st.view(1)["ting"] == {"waits": [["2m", 4], ["5m", 4]]}
    act(st, 2, "pass")
    act(st, 3, "pass")
    act(st, 0, "pass")
    act(st, 2, "discard", "2m")  # P2 drew and throws a 2m: one fewer unseen for P1
    assert st.view(1)["ting"] == {"waits": [["2m", 3], ["5m", 4]]}
    assert st.view(0)["ting"] == {"waits": []} and st.view(None)["ting"] is None


def test_refusal_rules_by_situation() -> None:
    """Each refusal names its rule: M-8 after a pung, M-15 after 明楼, M-13 in a rob round, M-7 out of turn."""
    st = table(MX14, dealer=1, minglou=True)
    act(st, 1, "discard", "5m")
    act(st, 2, "pass")
    ref = st.refusal(Action(0, "win"))
    assert ref is not None and ref.rule == "M-7"  # P3 is being asked, not P0
    act(st, 3, "pung", "555m")
    act(st, 0, "pass")
    for a, rule in ((Action(3, "win"), "M-8"), (Action(3, "kong", arg="5555m"), "M-8"),
                    (Action(3, "pung", arg="555m"), "M-5"), (Action(0, "discard", arg="2m"), "M-5")):
        ref = st.refusal(a)
        assert ref is not None and ref.rule == rule and ref.en and ref.zh, (a, ref)
    st2 = table(MX23, front="1s 6s 9p 9p 5m", dealer=2, minglou=True)
    act(st2, 2, "minglou", "N")
    pass_round(st2)
    for _ in range(3):
        draw_discard(st2)
    ref = st2.refusal(Action(2, "discard", arg="3m"))
    assert ref is not None and ref.rule == "M-15"
    st3 = _mx17_until_added_kong("C")
    pass_round(st3)
    act(st3, 2, "kong", "6666s")
    ref = st3.refusal(Action(3, "pung", arg="666s"))
    assert ref is not None and ref.rule == "M-13"
