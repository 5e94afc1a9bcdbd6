"""烧牌 scenarios on the real state machine: G-49 … G-56, GC-5, GC-6, GT-42 (and its 烧贡, G-79)."""

from __future__ import annotations

import pytest
from gouji_helpers import (
    act,
    burn,
    burn_offers,
    decline,
    decline_setup,
    events,
    finish_round,
    go,
    go_play,
    hand,
    hands,
    new_game,
    pass_,
    play,
    skip_burns,
)

from engine.cards import parse_cards, rank_counts
from engine.core import Action
from engine.errors import IllegalAction
from engine.gouji.burn import can_play_out

NO_CALLS = {"yudian_enabled": False, "mingdian_enabled": False}


# ---------------------------------------------------------------- GC-5 / G-51


def test_gc5_static_check():
    assert can_play_out(rank_counts(parse_cards("X x 9d 9d 5d 5d")), False)
    assert not can_play_out(rank_counts(parse_cards("X 9d 9d 5d 5d 7d 7d")), False)
    assert can_play_out(rank_counts(parse_cards("")), False)  # the kill is the last play
    assert can_play_out(rank_counts(parse_cards("9d 9d 2c")), False)  # one play left (2 as filler)
    assert can_play_out(rank_counts(parse_cards("9d 9d x 2c 5d")), False)


def test_g51_biesan_static_check():
    # 憋三: the 3s form the last lead; 2s with only 3s need a lead of their own
    assert not can_play_out(rank_counts(parse_cards("2c 3d 3d")), True)
    assert can_play_out(rank_counts(parse_cards("x 2c 3d 3d")), True)
    assert can_play_out(rank_counts(parse_cards("x 9d 3d 3d")), True)
    assert not can_play_out(rank_counts(parse_cards("9d 3d 3d")), True)


def gc5_state(s2):
    return new_game(hands("Qc Qc Qc 4d", "6d", s2, "7d", "4c", "8d"), leader=0, **NO_CALLS)


def test_gc5_burn_allowed_keeping_two_jokers_two_ranks():
    st = gc5_state("Kc Kc Kc X x 9d 9d 5d 5d")
    play(st, 0, "QQQ")
    assert st.mode == "burn" and st.to_act == 2  # S0's teammate first
    assert Action(2, "burn", st.rules.parse("KKK")) in st.legal_actions(2)


def test_gc5_burn_refused_keeping_one_joker_three_ranks():
    st = gc5_state("Kc Kc Kc X 9d 9d 5d 5d 7d 7d")
    play(st, 0, "QQQ")
    assert st.mode == "burn" and st.to_act == 2  # asked (being asked reveals nothing) …
    assert not any(True for _ in st.legal_actions(2).plays())  # … but no kill is legal
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(2, "burn", st.rules.parse("KKK")))
    assert info.value.rule == "G-51"
    decline(st, 2)


def test_g51_illegal_kill_raises_and_leaves_state_unchanged():
    st = gc5_state("Kc Kc Kc X 9d 9d 5d 5d")
    play(st, 0, "QQQ")
    assert st.mode == "burn" and st.to_act == 2
    kills = {a.play.text for a in st.legal_actions(2).plays()}
    assert "KKK" in kills and "XKK" not in kills
    before = [st.view(s) for s in range(6)]
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(2, "burn", st.rules.parse("XKK")))  # leaves K 99 55: three ranks, no joker
    assert info.value.rule == "G-51"
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(2, "burn", st.rules.parse("99")))  # does not beat QQQ
    assert info.value.rule == "G-51"
    assert [st.view(s) for s in range(6)] == before


# ---------------------------------------------------------------- GT-42 / G-54 success, G-79 烧贡


def burn_success_game(**opts):
    deal1 = hands("Qc Qc Qc 4d", "6d", "Kc Kc Kc X x 9d 9d 5d 5d", "7d", "4c", "8d")
    deal2 = hands("2d 5c 5c", "2h 6c 6c", "3c 3c 3h", "7c 7h 7s", "8c 8h 8s", "2s 9c 9h")
    opts = {**NO_CALLS, "dadian_enabled": False, "sets_per_game": 2, **opts}
    st = new_game(deal1, later=(deal2,), leader=0, **opts)
    play(st, 0, "QQQ")
    burn(st, 2, "KKK")
    assert st.burner == 2
    assert go(st, 5, "pass")  # the burner's 对头 may answer
    assert finish_round(st) == 2
    play(st, 2, "x99")  # a joker in every lead
    assert st.burner == 2
    assert finish_round(st) == 2
    play(st, 2, "X55")  # the last lead
    return st


def test_gt42_burn_success_and_place():
    st = burn_success_game()
    assert st.burner is None
    assert events(st, "burn_end") == [{"seat": 2, "result": "success"}]
    assert st.places[2] == 1  # his place is simply his finishing position
    assert st.stats["burn_success"] == 1


def play_out_burn_success(st):
    # X55 by the 头科: only S5 may answer (G-65) → the lead goes to S3
    assert finish_round(st) == 3
    play(st, 3, "7")  # 二科
    assert finish_round(st) == 4  # 四人乱缠 from here
    play(st, 4, "4")
    assert finish_round(st) == 5
    play(st, 5, "8")
    assert finish_round(st) == 0
    play(st, 0, "4")
    assert st.set_results[0]["places"] == {"0": 5, "1": 6, "2": 1, "3": 2, "4": 3, "5": 4}


def test_gt42_burn_tribute_paid_by_the_burned_player_and_may_be_refused():
    st = burn_success_game()
    play_out_burn_success(st)
    nxt = st.set_results[0]["tribute_next"]
    assert [(t["kind"], t["payer"], t["receiver"], t["owed"]) for t in nxt] == [
        ("burn", 0, 2, 1), ("fall", 1, 2, 2), ("fall", 0, 3, 1)]
    decline_setup(st)
    assert st.phase == "tribute" and st.to_act == 2
    offers = events(st, "tribute_offer")
    assert offers[0] == {"kind": "burn", "payer": 0, "receiver": 2, "count": 1}
    act(st, 2, "refuse")  # S0 is his teammate: the tribute is waived (G-82)
    assert events(st, "tribute_refused")[-1] == {"kind": "burn", "payer": 0, "receiver": 2}
    assert "2d" in hand(st, 0)


def test_gt42_burner_opposite_pays_with_option():
    st = burn_success_game(burn_tribute_payer="burner-opposite")
    play_out_burn_success(st)
    nxt = st.set_results[0]["tribute_next"]
    assert ("burn", 5, 2, 1) in [(t["kind"], t["payer"], t["receiver"], t["owed"]) for t in nxt]
    decline_setup(st)
    act(st, 2, "accept")
    assert "2s" in hand(st, 2) and "2s" not in hand(st, 5)


# ---------------------------------------------------------------- GC-6 / G-54 failure, G-55


def gc6_state(**opts):
    st = new_game(hands("Qc Qc Qc 4d", "6d 6c", "Kc Kc Kc x 9d 9d 5d 5d", "7d 7c", "4c 4h", "8d 8c"),
                  leader=0, **NO_CALLS, **opts)
    play(st, 0, "QQQ")
    burn(st, 2, "KKK")
    assert finish_round(st) == 2
    return st


def test_gc6_burn_failure_penalize():
    st = gc6_state()
    assert Action(2, "play", st.rules.parse("99")) in st.legal_actions(2)  # "penalize": offered
    play(st, 2, "99")  # no joker, not final → 烧失败
    assert events(st, "burn_failed") == [{"seat": 2, "play": "99"}]
    assert st.places[2] == 6  # 大落
    assert not st.active[2] and st.view(2)["hand"] == []
    assert st.burner is None
    assert sorted(str(c) for c in st.out_cards) == sorted(["5d", "5d", "9d", "9d", "x"])
    assert st.stats["burn_failed"] == 1
    assert st.mode == "lead" and st.to_act != 2
    assert st.view(None)["wutou"][5]  # G-61 (a): S5's 对头 was removed from play


def test_gc6_burn_restrict_offers_only_compliant_leads():
    st = gc6_state(burn_enforcement="restrict")
    leads = {a.play.text for a in st.legal_actions(2).plays()}
    assert leads == {"x99", "x55"}
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(2, "play", st.rules.parse("99")))
    assert info.value.rule == "G-55"
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(2, "play", st.rules.parse("x9")))  # leaves 9 55 without a joker
    assert info.value.rule == "G-55"
    play(st, 2, "x99")
    assert finish_round(st) == 2
    assert {a.play.text for a in st.legal_actions(2).plays()} >= {"55"}  # the final play needs no joker
    play(st, 2, "55")
    assert events(st, "burn_end") == [{"seat": 2, "result": "success"}]


def test_g54_burn_dissolved_when_the_opposite_beats():
    st = new_game(hands("Qc Qc Qc 4d", "6d 6c", "Kc Kc Kc x 9d 9d 5d 5d", "7d 7c", "4c 4h", "Ac Ac Ac 8c"),
                  leader=0, **NO_CALLS)
    play(st, 0, "QQQ")
    burn(st, 2, "KKK")
    go_play(st, 5, "AAA")  # the burner's 对头 beats the kill → 解烧, no penalty
    assert st.burner is None
    assert events(st, "burn_end") == [{"seat": 2, "result": "dissolved"}]
    assert st.active[2] and 2 not in st.places


def test_g54_burn_dissolved_when_burned_by_someone_else():
    st = new_game(hands("Qc Qc Qc 4d", "Ac Ac Ac x 9c", "Kc Kc Kc x 9d 9d 5d 5d", "7d 7c", "4c 4h", "8c 8d"),
                  leader=0, **NO_CALLS)
    play(st, 0, "QQQ")
    burn(st, 2, "KKK")
    # new window on the kill: S2's teammates S4, S0, then S1, S3 (S5 = opp(2) excluded)
    go(st, 1, "burn", "AAA")
    assert st.burner == 1
    assert events(st, "burn_end") == [{"seat": 2, "result": "dissolved"}]
    assert events(st, "burn")[-1] == {"seat": 1, "killed": 2}


def test_g50_passed_player_may_not_burn():
    # S1 passed on S0's 55; S0 then plays KK (够级) in the same round: S1 holds AA x but is not offered a burn
    st = new_game(hands("5c 5c Kc Kc 9d", "Ac Ac x 7c", "4h 4h", "6c 6c 3s", "4c 4d", "3c 3d"),
                  leader=0, **NO_CALLS)
    play(st, 0, "55")
    pass_(st, 1)
    pass_(st, 2)
    pass_(st, 3)
    pass_(st, 4)
    pass_(st, 5)
    assert st.to_act == 0 and st.mode == "lead"
    st = new_game(hands("5c 5c Kc Kc 9d", "Ac Ac x 7c", "4h 4h 7s", "6c 6c 3s", "4c 4d", "3c 3d 8c"),
                  leader=5, **NO_CALLS)
    play(st, 5, "33")
    pass_(st, 0)
    pass_(st, 1)  # S1 passes in this round
    play(st, 2, "44")
    skip_burns(st)
    play(st, 3, "66")
    pass_(st, 4)
    pass_(st, 5)
    play(st, 0, "KK")  # 够级 in the same round
    asked = burn_offers(st)
    assert 1 not in [s for s, _ in asked]  # 过牌不烧
    st2 = new_game(hands("5c 5c Kc Kc 9d", "Ac Ac x 7c", "4h 4h", "6c 6c 3s", "4c 4d", "3c 3d"),
                   leader=0, **NO_CALLS)
    play(st2, 0, "KK")
    assert (1, True) in burn_offers(st2)  # control: without the pass he is offered it


def test_g53_burner_never_passes_he_keeps_the_lead():
    st = gc6_state()
    assert st.mode == "lead" and st.to_act == 2
    with pytest.raises(IllegalAction):
        st.apply(Action(2, "pass"))


def test_g56_wutou_burner_obligation_ends_after_one_lead():
    # S5 has finished (头科) → S2 is 无头. S2 burns S0's QQQ, then leads x99 (his one obligatory joker
    # lead); after that the burn ends without penalty and without 烧贡, and 55 is a normal lead.
    st = new_game(hands("Qc Qc Qc 4d 4s", "6d 6c", "Kc Kc Kc x 9d 9d 5d 5d", "7d 7c", "4c 4h", "3d"),
                  leader=5, **NO_CALLS)
    play(st, 5, "3")
    assert st.places == {5: 1}
    assert finish_round(st) == 0
    play(st, 0, "QQQ")
    assert st.view(None)["wutou"][2]
    go(st, 2, "burn", "KKK")
    assert finish_round(st) == 2
    play(st, 2, "x99")
    assert st.burner is None
    assert events(st, "burn_end") == [{"seat": 2, "result": "done"}]
    assert finish_round(st) == 2
    play(st, 2, "55")  # no joker: not a failure any more
    assert not events(st, "burn_failed")
    assert st.places[2] == 2


def test_g54_burn_dissolved_when_chaos_begins():
    # S0 头科; S1 finishes 二科 with KK (够级); S2 burns that final play with AA; when the round ends four players
    # remain and 四人乱缠 begins: the burn is dissolved without penalty.
    st = new_game(hands("5d", "Kc Kc", "Ac Ac x 9d 9d", "3s 3s 4d", "6c 6d 3h", "7c 7d 3c"), leader=0, **NO_CALLS)
    play(st, 0, "5")
    assert finish_round(st) == 1
    play(st, 1, "KK")
    assert st.places == {0: 1, 1: 2}
    go(st, 2, "burn", "AA")
    assert st.burner == 2 and not st.chaos
    assert finish_round(st) == 2
    assert st.chaos and st.burner is None
    assert events(st, "burn_end") == [{"seat": 2, "result": "dissolved"}]
    assert st.view(None)["pending_tribute"] == [] and st.burn_successes == []


def test_clone_is_independent_of_the_original():
    base = new_game(hands("Qc Qc Qc 4d", "6d", "Kc Kc Kc X x 9d 9d 5d 5d", "7d", "4c", "8d"),
                    later=(hands("2d 5c 5c", "2h 6c 6c", "3c 3c 3h", "7c 7h 7s", "8c 8h 8s", "2s 9c 9h"),),
                    leader=0, dadian_enabled=False, sets_per_game=2, **NO_CALLS)
    play(base, 0, "QQQ")
    burn(base, 2, "KKK")
    assert finish_round(base) == 2
    play(base, 2, "x99")
    assert finish_round(base) == 2
    before = base.snapshot()
    other = base.clone()
    play(other, 2, "X55")  # the burn succeeds on the clone only
    assert other.burn_successes == [(0, 2)]
    assert base.snapshot() == before
    assert base.burn_successes == []


def test_g54_kill_as_final_play_is_a_burn_success():
    st = new_game(hands("Qc Qc Qc 4d", "6d", "Kc Kc Kc", "7d", "4c", "8d"),
                  later=(hands("2d 5c", "6c", "3c", "7c", "8c", "9c"),), leader=0, sets_per_game=2,
                  dadian_enabled=False, **NO_CALLS)
    play(st, 0, "QQQ")
    burn(st, 2, "KKK")  # H' is empty: the kill is the last play
    assert events(st, "burn_end") == [{"seat": 2, "result": "success"}]
    assert st.places == {2: 1}
    # the kill is a 头科's final 够级 play: burn window, then only S5 (= opp(2)) may answer (G-65)
    skip_burns(st)
    assert st.to_act == 5 and st.mode == "answer"
