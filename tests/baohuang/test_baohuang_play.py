"""The play procedure (B-19 … B-33), guards and solos (B-13 … B-19, B-24), 造反, 憋 with 清, 托管 (B-46 … B-49)."""

from __future__ import annotations

import pytest
from baohuang_helpers import action, do, full_deal, pass_all, public, tiny

from engine.baohuang import Rules, State
from engine.baohuang.scoring import HandResult, score_hand
from engine.core import Action
from engine.errors import IllegalAction


def called_table(extra: dict[int, str] | None = None, **opts: object) -> State:
    """Fixed emperor S0 calls 9c; S3 holds the fourth 9c (the guard); everyone declines 明保."""
    r = Rules(emperor_selection="fixed", **opts)  # type: ignore[arg-type]
    fixed = {0: "X^ 9c 9c 9c 9d 9d", 3: "9c", 2: "Jc Jd", 1: "Qc Qd"}
    fixed.update(extra or {})
    st = State(r, seed=0, deal=full_deal(r, fixed, no_ranks={4: {9}, 1: {9}, 2: {9}}))
    do(st, "S0 call:9c")
    return st


def test_bc1_laps_rang_and_kou() -> None:
    st = called_table()
    assert st.guard == 3
    pass_all(st, "mingbao")
    assert st.phase == "play" and st.to_act == 0  # B-28 the emperor leads
    do(st, "S0 99", "S1 -", "S2 rang", "S3 -", "S4 -")
    assert st.to_act == 2 and st.lap == 2  # B-30 second lap: only the 让 player
    assert Action(2, "rang") not in st.legal_actions(2)
    ev = do(st, "S2 -")
    assert public(ev, "kou") == [{"winner": 0, "leader": 0}]
    assert st.to_act == 0 and st.top is None


def test_bc1_second_lap_beat_starts_a_new_first_lap() -> None:
    st = called_table()
    pass_all(st, "mingbao")
    do(st, "S0 99", "S1 -", "S2 rang", "S3 -", "S4 -", "S2 JJ")
    assert st.to_act == 3 and st.lap == 1 and st.top is not None and st.top.text == "JJ"


def test_bc2_no_lock_out() -> None:
    st = called_table()
    pass_all(st, "mingbao")
    do(st, "S0 99", "S1 -", "S2 JJ", "S3 -", "S4 -", "S0 -")
    assert st.to_act == 1
    assert action(st, 1, "QQ") in st.legal_actions(1)  # S1 passed on 99 but may beat JJ


def test_leader_cannot_pass_and_bad_plays_are_refused_untouched() -> None:
    st = called_table()
    pass_all(st, "mingbao")
    before = st.view(0)
    with pytest.raises(IllegalAction) as info:
        st.action_from_json({"seat": 0, "kind": "play", "play": "6789T"})
    assert info.value.rule == "C-10"
    for bad, rule in (("S0 -", "B-28"), ("S1 99", "B-29")):
        with pytest.raises(IllegalAction) as info:
            do(st, bad)
        assert info.value.rule == rule
    with pytest.raises(IllegalAction):
        st.apply(Action(0, "play", st.rules.parse("AAAAAAAA")))
    assert st.view(0) == before


def test_guard_secret_and_mingbao() -> None:
    st = called_table()
    assert st.view(1)["guard"] is None and st.view(1)["role"] == "rebel"
    assert st.view(0)["guard"] is None  # the emperor does not know his guard either
    assert st.view(3)["guard"] == 3 and st.view(3)["role"] == "guard"
    assert [a.kind for a in st.legal_actions(st.to_act)] == ["decline"]  # S1 is asked first, cannot reveal
    do(st, "S1 decline", "S2 decline")
    assert sorted(a.kind for a in st.legal_actions(3)) == ["decline", "reveal"]
    ev = do(st, "S3 reveal")
    assert public(ev, "mingbao") == [{"seat": 3}]
    assert st.view(1)["guard"] == 3 and st.mingbao


def reveal_table(s3: str) -> State:
    r = Rules(emperor_selection="fixed")
    st = State(r, seed=0, deal=tiny({0: "X^ 9c 9c 9c 5c", 1: "6c", 2: "7c", 3: s3, 4: "8c 8d"}))
    do(st, "S0 call:9c")
    assert st.guard == 3
    pass_all(st, "mingbao")
    return st


def test_b19_playing_the_called_card_reveals_the_guard() -> None:
    st = reveal_table("9c Tc")
    ev = do(st, "S0 5", "S1 6", "S2 7")
    assert not st.guard_public and st.view(1)["guard"] is None
    ev = do(st, "S3 9")
    assert public(ev, "play")[0]["cards"] == ["9c"]  # played cards are public with their suits
    assert public(ev, "guard_revealed") == [{"seat": 3, "solo": False, "by": "card"}]
    assert st.view(1)["guard"] == 3 and st.view(4)["role"] == "rebel"


def test_engine_keeps_the_revealing_card_back() -> None:
    st = reveal_table("9c 9h Tc")
    ev = do(st, "S0 5", "S1 6", "S2 7", "S3 9")
    assert public(ev, "play")[-1]["cards"] == ["9h"] and not st.guard_public  # the plain 9 goes first
    st2 = reveal_table("9c 9h Tc")
    ev = do(st2, "S0 5", "S1 6", "S2 7", "S3 9c")  # a seat may name its cards (Action.arg)
    assert public(ev, "guard_revealed") and st2.guard_public


def test_b24_super_joker() -> None:
    st = called_table(guard_card_super=True)
    assert "Z(9c)" in [str(c) for c in st.hands[3]] and "9c" not in [str(c) for c in st.hands[3]]
    assert "Z(9c)" in st.view(3)["hand"]
    assert all("Z" not in c for c in st.view(1)["hand"])


def test_b15_marked_small_joker_self_guard_is_secret() -> None:
    r = Rules(preset="s003-simple", emperor_selection="fixed")
    st = State(r, seed=0, deal=full_deal(r, {0: "X^ x^"}))
    assert sorted(a.kind for a in st.legal_actions(0)) == ["decline", "solo"]
    do(st, "S0 decline")
    assert st.solo == "an" and st.view(0)["solo"] == "an" and st.view(2)["solo"] is None
    assert st.phase == "mingbao"  # still asked of everyone, like any hand


def twin(deal_a: list[list], a: int, b: int, card: str) -> list[list]:  # type: ignore[type-arg]
    """Deal B: one ``card`` moved from seat a to seat b, one of b's non-9, non-joker cards back to a."""
    from engine.cards import Card
    out = [list(h) for h in deal_a]
    c = Card.parse(card)
    out[a].remove(c)
    back = next(x for x in out[b] if x.rank not in (9,) and not x.is_joker)
    out[b].remove(back)
    out[a].append(back)
    out[b].append(c)
    return out


@pytest.mark.parametrize("mode", ["called-triple", "marked-small-joker"])
def test_an_dubao_looks_like_any_hand_to_the_rebels(mode: str) -> None:
    """暗独保 vs a normal hand: a rebel's view (S2) is identical step by step until a reveal."""
    if mode == "called-triple":
        r = Rules(emperor_selection="fixed")
        deal_a = full_deal(r, {0: "X^ 9c 9c 9c 9c"}, no_ranks={2: {9}})
        deal_b = twin(deal_a, 0, 3, "9c")
        first = "S0 call:9c"
    else:
        r = Rules(preset="s003-simple", emperor_selection="fixed")
        deal_a = full_deal(r, {0: "X^ x^"}, no_ranks={2: {16}})
        deal_b = [list(h) for h in deal_a]
        from engine.cards import Card
        deal_b[0].remove(Card.parse("x^"))
        plain = next(x for x in deal_b[3] if not x.is_joker)
        deal_b[3].remove(plain)
        deal_b[3].append(Card.parse("x^"))
        deal_b[0].append(plain)
        first = "S0 decline"
    sa, sb = State(r, seed=0, deal=deal_a), State(r, seed=0, deal=deal_b)
    assert sa.view(2) == sb.view(2)
    do(sa, first)
    do(sb, first)
    assert sa.solo == "an" and sb.solo is None and sb.guard == 3
    steps = 0
    while sa.phase != "play" or steps < 40:
        assert sa.view(2) == sb.view(2), f"rebel view differs after {steps} steps"
        if sa.guard_public or sa.is_over:
            break
        seat = sa.to_act
        assert seat == sb.to_act
        act = sa.auto_action(seat)  # type: ignore[arg-type]
        if act.kind == "play" and act.play is not None and (act.play.natural_rank == 9 or act.play.raw_small):
            break  # would play the cards that differ between the twins
        sa.apply(act)
        sb.apply(act)
        steps += 1
    assert steps > 4


def test_ming_dubao_early_end() -> None:
    r = Rules(emperor_selection="fixed")
    st = State(r, seed=0, deal=tiny({0: "X^ 5c", 1: "9c", 2: "Tc Td", 3: "Jc Jd", 4: "Qc Qd"}))
    ev = do(st, "S0 solo")
    assert public(ev, "solo") == [{"seat": 0}] and st.phase == "play"  # no guard: no 明保 pass
    do(st, "S0 5", "S1 9")
    assert st.is_over and st.last_scores == [-24, 6, 6, 6, 6]  # BS-6 / B-33 early end
    assert st.stats["ming_dubao"] == 1


def test_an_dubao_reveal_by_four_called_cards_and_score() -> None:
    r = Rules(emperor_selection="fixed")
    st = State(r, seed=0, deal=tiny({0: "X^ 9c 9c 9c 9c", 1: "8c", 2: "Tc", 3: "Jc", 4: "Qc"}))
    do(st, "S0 call:9c")
    pass_all(st, "mingbao")
    ev = do(st, "S0 9999")
    assert public(ev, "guard_revealed") == [{"seat": 0, "solo": True, "by": "card"}]
    do(st, "S1 -", "S2 -", "S3 -", "S4 -", "S0 X")
    assert st.is_over and st.last_scores == [12, -3, -3, -3, -3]  # BS-7


def rebellion_table() -> State:
    r = Rules(preset="s003-simple", emperor_selection="fixed")
    st = State(r, seed=0, deal=tiny({0: "X^ 3c", 1: "x^ 4c", 2: "9c", 3: "Tc", 4: "Jc"}))
    do(st, "S0 decline")
    pass_all(st, "mingbao")
    assert st.phase == "rebellion" and st.to_act == 1
    assert [a.kind for a in st.legal_actions(1)] == ["decline"]  # the guard cannot rebel
    ev = do(st, "S1 decline", "S2 rebel", "S3 rebel", "S4 decline")
    assert public(ev, "guard_revealed") == [{"seat": 1, "solo": False, "by": "rebellion"}]  # B-18 reveal at 2
    assert st.view(4)["guard"] == 1
    return st


def test_bc5_rebellion_succeeds() -> None:
    st = rebellion_table()
    do(st, "S0 3", "S1 -", "S2 9", "S3 T", "S4 J")
    assert st.is_over and st.last_scores == [-12, -6, 6, 6, 6]  # BS-3 doubled
    assert st.stats["rebellion_success"] == 1


def test_rebellion_fails() -> None:
    st = rebellion_table()
    do(st, "S0 X", "S1 -", "S2 -", "S3 -", "S4 -", "S0 3", "S1 x", "S2 -", "S3 -", "S4 -")
    assert st.to_act == 1  # S1's x won the round: he leads
    do(st, "S1 4")
    assert st.is_over and st.last_scores == [6, 3, -3, -3, -3]  # e = 1, g = 2: not doubled (B-41)
    assert st.stats["rebellion_success"] == 0


def test_b31_jiefeng() -> None:
    r = Rules(preset="s003-simple", emperor_selection="fixed", rebellion=False)
    st = State(r, seed=0, deal=tiny({0: "X^ 8c", 1: "9c", 2: "Tc Jc", 3: "x^ Kc", 4: "Qc Qd"}))
    do(st, "S0 decline")
    pass_all(st, "mingbao")
    do(st, "S0 8", "S1 9")
    assert Action(2, "jiefeng") in st.legal_actions(2)
    do(st, "S2 jiefeng", "S3 -", "S4 -", "S0 -")
    assert st.to_act == 2 and st.stats["jiefeng"] == 1


def test_bc6_hand_end_side_finished_and_all_but_one() -> None:
    deal = {0: "X^ 5c", 1: "x^", 2: "9c 9d", 3: "Tc Td", 4: "Jc Jd"}
    for hand_end, over in (("side-finished", True), ("all-but-one", False)):
        r = Rules(preset="s003-simple", emperor_selection="fixed", rebellion=False, hand_end=hand_end)
        st = State(r, seed=0, deal=tiny(deal))
        do(st, "S0 decline")
        pass_all(st, "mingbao")
        do(st, "S0 X", "S1 -", "S2 -", "S3 -", "S4 -", "S0 5", "S1 x")
        assert st.is_over is over
        if over:
            assert st.last_scores == [6, 3, -3, -3, -3]


def test_b22_bie_and_b23_qing() -> None:
    r = Rules(emperor_selection="fixed", guard_mode="marked-small-joker", deck="168-no345", bie_lowest=True,
              rebellion=False)
    st = State(r, seed=0, hands=2,
               deal=tiny({0: "X^ 7c", 1: "8c 6c 6d", 2: "x^ x", 3: "Qc Qd", 4: "9c"}))
    do(st, "S0 decline")
    pass_all(st, "mingbao")
    do(st, "S0 7", "S1 8", "S2 -", "S3 -", "S4 9")
    assert action(st, 1, "6") not in st.legal_actions(1)  # B-22 the 6s only as the final play, as a lead
    do(st, "S0 X", "S1 -", "S2 -", "S3 -")
    assert st.to_act == 1 and st.top is None
    assert [a.token for a in st.legal_actions(1)] == ["66"]  # all of them together, nothing else
    do(st, "S1 66")
    assert st.stats["qing"] == 1 and st.qing_due == [(1, 4)]  # S4 beat S1's last play before the 6s
    do(st, "S2 xx")
    assert st.hand_no == 1  # next hand dealt; the 清 tribute was paid at its start
    qing = [e for e in st.history if e.kind in ("qing", "qing_card")]
    assert [dict(e.data) for e in qing if e.to is None] == [{"from": 1, "to": 4}]
    assert [e.to for e in qing if e.to is not None] == [(1, 4)]  # the card itself only to the two
    assert st.stats["qing_tribute"] == 1


def test_kaopai_beat_is_counted() -> None:
    r = Rules(emperor_selection="fixed", kaopai=True)
    st = State(r, seed=0, deal=tiny({0: "X^ x 5c", 1: "x x", 2: "Tc", 3: "Jc", 4: "Qc"}))
    do(st, "S0 solo", "S0 x", "S1 xx")
    assert st.stats["kao_beat"] == 1


def test_tuoguan_lock_leave_and_dissolve() -> None:
    st = State(Rules(), seed=1, hands=3)
    seat = st.to_act
    assert seat is not None
    do(st, f"S{seat} tuoguan")
    assert list(st.legal_actions(seat)) == [st.auto_action(seat)]  # B-46 the automatic move only
    for _ in range(3):
        do(st, f"S{seat} untuoguan", f"S{seat} tuoguan")
    assert st.tuoguan_count[seat] == 4
    with pytest.raises(IllegalAction) as info:
        do(st, f"S{seat} untuoguan")
    assert info.value.rule == "B-47"
    other = (seat + 1) % 5
    do(st, f"S{other} leave")
    assert st.totals[other] == -30 and st.tuoguan[other]  # B-49
    while not st.is_over:
        st.apply(st.auto_action(st.to_act))  # type: ignore[arg-type]
    assert st.dissolved and st.hand_no == 1  # B-48: someone in 托管 at the end — the table is dissolved


def test_b48_all_in_tuoguan_hand_not_scored() -> None:
    st = State(Rules(), seed=1, hands=1)
    for s in range(5):
        do(st, f"S{s} tuoguan")
    while not st.is_over:
        st.apply(list(st.legal_actions(st.to_act))[0])  # type: ignore[arg-type]
    assert st.last_scores == [0] * 5 and st.stats["hand_unscored"] == 1


def test_mingbao_doubles_the_score() -> None:
    st = called_table()
    do(st, "S1 decline", "S2 decline", "S3 reveal", "S4 decline")
    while not st.is_over:
        st.apply(st.auto_action(st.to_act))  # type: ignore[arg-type]
    places = tuple(st.last_places)
    plain = score_hand(HandResult(0, 3, None, places))
    assert st.last_scores == [2 * v for v in plain]


def test_b38_16_4_ming_du_doubles_in_play() -> None:
    r = Rules(preset="s001", emperor_selection="fixed", grab_solo=False, hand_end="side-finished")
    st = State(r, seed=0, deal=tiny({0: "X^ 5c", 1: "6c", 2: "7c 8c", 3: "Tc Td", 4: "Jc Jd"}))
    do(st, "S0 solo", "S0 5", "S1 6", "S2 -", "S3 -", "S4 -", "S0 -")
    assert st.to_act == 2 and not st.is_over  # 16-4: no early end for 明独 (B-33)
    do(st, "S2 7", "S3 -", "S4 -", "S0 X")
    assert st.is_over and st.last_scores == [8, -2, -2, -2, -2]  # BS-8 with 明独


def test_b39_qiang_zhuang_scores_forty() -> None:
    r = Rules(preset="s001", hand_end="side-finished")
    st = State(r, seed=0, deal=tiny({2: "X^ 8d 8d 8d 3c", 4: "8d 9c", 0: "Tc", 1: "Jc", 3: "Qc"}))
    do(st, "S2 call:8d", "S3 grab")
    assert st.emperor == 3 and st.solo == "grab" and st.to_act == 3
    do(st, "S3 X", "S4 -", "S0 -", "S1 -", "S2 -")  # the grabber took X^ into his hand (B-9)
    assert st.to_act == 3
    do(st, "S3 Q")
    assert st.is_over and st.last_scores == [-10, -10, -10, 40, -10]  # BS-9


def test_bc6_emperor_first_guard_third_ends_the_hand() -> None:
    """BC-6: emperor 1st and guard 3rd — the emperor side is complete, two rebels still hold cards."""
    r = Rules(preset="s003-simple", emperor_selection="fixed", rebellion=False)
    st = State(r, seed=0, deal=tiny({0: "X^ 5c", 1: "x^", 2: "6c", 3: "Tc Td", 4: "Jc Jd"}))
    do(st, "S0 decline")
    pass_all(st, "mingbao")
    do(st, "S0 X", "S1 -", "S2 -", "S3 -", "S4 -", "S0 5", "S1 -", "S2 6", "S3 -", "S4 -", "S1 x")
    assert st.is_over and st.finished == [0, 2, 1] and st.hands[3] and st.hands[4]
    assert st.last_scores == [4, 2, -2, -2, -2]  # B-36 {1, 3}


@pytest.mark.parametrize("preset", ["s003-classic", "s003-simple", "s001", "s002-dongya", "s000"])
def test_b46_a_table_in_tuoguan_always_finishes(preset: str) -> None:
    for seed in range(4):
        st = State(Rules(preset=preset), seed=seed)
        for s in range(5):
            do(st, f"S{s} tuoguan")
        steps = 0
        while not st.is_over:
            acts = list(st.legal_actions(st.to_act))  # type: ignore[arg-type]
            assert len(acts) == 1
            st.apply(acts[0])
            steps += 1
            assert steps < 3000
        assert st.stats["redeal"] < 10 and st.last_scores == [0] * 5
