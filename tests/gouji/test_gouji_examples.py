"""RULES.md worked examples for Gouji, as data: WG-1 (GX), WG-2 (GK), WG-3 (GT-1 … GT-28 点贡 table;
the scoring/tribute cases GT-29 … GT-45 that are checked on the helper functions).

The rows are copied from /work/shared/RULES.md (ids, prev, cand, opt, verdict) so that the suite runs in a
clean clone. Scenario versions on the real state machine live in test_gouji_scenarios.py.
"""

from __future__ import annotations

import itertools

import pytest

from engine.cards import parse_cards
from engine.errors import IllegalPlay
from engine.gouji import Rules
from engine.gouji.scoring import is_chuansanhu, set_scores
from engine.gouji.tribute import point_tribute, tribute_cards

# ---------------------------------------------------------------- WG-1 GX (id, prev, cand, opt, verdict)
# opt: "0", "1", "0/1" (both), optional suffix " · exact" (kaopai_surplus) / " · as-is" (pure_mixed_jokers);
# "—" for ILLEGAL rows.
GX_ROWS = [
    ('GX-1', 'TTTT', 'JJJJ', '0/1', 'BEATS'),
    ('GX-2', 'JJJJ', 'TTTT', '0/1', 'NO'),
    ('GX-3', 'TTTT', 'TTTT', '0/1', 'NO'),
    ('GX-4', '55', '666', '0/1', 'NO'),
    ('GX-5', '—', '5TT', '—', 'ILLEGAL'),
    ('GX-6', 'AA', '22', '0/1', 'BEATS'),
    ('GX-7', '22', 'xx', '0/1', 'BEATS'),
    ('GX-8', 'xx', 'XX', '0/1', 'BEATS'),
    ('GX-9', 'X', 'X', '0/1', 'NO'),
    ('GX-10', 'X', 'XX', '0', 'NO'),
    ('GX-11', 'X', 'XX', '1', 'BEATS'),
    ('GX-12', 'x', 'xx', '0', 'NO'),
    ('GX-13', 'x', 'xx', '1', 'BEATS'),
    ('GX-14', 'X', 'xxx', '0', 'NO'),
    ('GX-15', 'X', 'xxx', '1', 'BEATS'),
    ('GX-16', 'x', 'X', '0/1', 'BEATS'),
    ('GX-17', 'x', '2', '0/1', 'NO'),
    ('GX-18', '2', 'x', '0/1', 'BEATS'),
    ('GX-19', '2', 'A', '0/1', 'NO'),
    ('GX-20', '99999', '88822', '0/1', 'NO'),
    ('GX-21', '88822', '99999', '0/1', 'BEATS'),
    ('GX-22', 'TTTTTT', 'TTTT22', '0/1', 'NO'),
    ('GX-23', 'TTTT22', 'JJJJJJ', '0/1', 'BEATS'),
    ('GX-24', '999', '222', '0/1', 'BEATS'),
    ('GX-25', '222', 'AA2', '0/1', 'NO'),
    ('GX-26', 'AAA', 'AA2', '0/1', 'NO'),
    ('GX-27', 'QQQ', 'KK2', '0/1', 'BEATS'),
    ('GX-28', 'QQQ', 'QQ2', '0/1', 'NO'),
    ('GX-29', 'xx999', 'XXTTT', '0/1', 'BEATS'),
    ('GX-30', 'xx999', 'XXXTT', '0/1', 'BEATS'),
    ('GX-31', 'xx999', 'XX888', '0/1', 'NO'),
    ('GX-32', 'xx999', 'XX999', '0/1', 'NO'),
    ('GX-33', 'xx999', 'xxTTT', '0/1', 'NO'),
    ('GX-34', 'xx999', 'XTTTT', '0/1', 'NO'),
    ('GX-35', 'xx999', 'XxTTT', '0/1', 'NO'),
    ('GX-36', 'xx999', 'TTTTT', '0/1', 'NO'),
    ('GX-37', 'xx999', 'XXTT2', '0/1', 'BEATS'),
    ('GX-38', 'xx99', 'XXXX', '0/1', 'BEATS'),
    ('GX-39', 'X888', 'XX99', '0', 'NO'),
    ('GX-40', 'X888', 'XXXX', '0', 'NO'),
    ('GX-41', 'X888', 'XX999', '1', 'BEATS'),
    ('GX-42', 'X888', 'XX888', '1', 'NO'),
    ('GX-43', 'X888', 'xxx999', '1', 'BEATS'),
    ('GX-44', 'X888', 'XX99', '1', 'NO'),
    ('GX-45', 'Xx555522', 'XX666666', '0/1', 'BEATS'),
    ('GX-46', 'Xx555522', 'XX555555', '0/1', 'NO'),
    ('GX-47', 'Xx555522', 'XXX66666', '0/1', 'BEATS'),
    ('GX-48', 'Xx555522', 'xx666666', '0/1', 'NO'),
    ('GX-49', 'XXTTTT222', 'XXXJJJJJJ', '0', 'NO'),
    ('GX-50', 'XX222', 'XXXX2', '0', 'NO'),
    ('GX-51', 'xx222', 'XX222', '0/1', 'NO'),
    ('GX-52', 'x222', 'XXXX', '0/1', 'BEATS'),
    ('GX-53', 'x2', 'XX', '0/1', 'BEATS'),
    ('GX-54', 'x2', 'Xx', '0/1', 'NO'),
    ('GX-55', 'Xx', 'XX', '0/1', 'BEATS'),
    ('GX-56', 'Xx', 'xx', '0/1', 'NO'),
    ('GX-57', 'x55', 'X66', '0/1', 'BEATS'),
    ('GX-58', 'x55', 'X55', '0/1', 'NO'),
    ('GX-59', 'x55', '666', '0/1', 'NO'),
    ('GX-60', 'x55', 'xx6', '0/1', 'NO'),
    ('GX-61', '555', 'x66', '0/1', 'BEATS'),
    ('GX-62', '555', 'x55', '0/1', 'NO'),
    ('GX-63', '555', 'xxx', '0/1', 'BEATS'),
    ('GX-64', '555', 'XX5', '0/1', 'NO'),
    ('GX-65', 'AA', 'x2', '0/1', 'BEATS'),
    ('GX-66', 'KK', 'AA', '0/1', 'BEATS'),
    ('GX-67', '—', 'TTJJ', '—', 'ILLEGAL'),
    ('GX-68', '6666', '77777', '0/1', 'NO'),
    ('GX-69', 'x2222', 'XX222', '0/1', 'NO'),
    ('GX-70', 'x2222', 'X2222', '0/1', 'NO'),
    ('GX-71', 'xx88822', 'XX99999', '0/1', 'BEATS'),
    ('GX-72', 'xx88822', 'XX9999', '0/1', 'NO'),
    ('GX-73', 'xx88822', 'XXX9999', '0/1', 'BEATS'),
    ('GX-74', 'TTTTT', 'xTTTT', '0/1', 'NO'),
    ('GX-75', 'TTTTT', 'xJJJJ', '0/1', 'BEATS'),
    ('GX-76', '99999', 'XX22T', '0/1', 'BEATS'),
    ('GX-77', 'xx', 'xxxx', '1', 'BEATS'),
    ('GX-78', 'xx', 'Xxx', '1', 'NO'),
    ('GX-79', 'x999', 'xx999', '1', 'NO'),
    ('GX-80', 'x999', 'xxTTT', '1', 'BEATS'),
    ('GX-81', 'X', 'XXx', '1', 'BEATS'),
    ('GX-82', 'Xx', 'XXX', '1', 'BEATS'),
    ('GX-83', 'x', 'XX', '1', 'BEATS'),
    ('GX-84', 'XQQ', 'XXKK', '1', 'BEATS'),
    ('GX-85', 'XQQ', 'XXKKK', '1', 'NO'),
    ('GX-86', 'XX', 'XXXX', '1', 'BEATS'),
    ('GX-87', 'XX', 'XXxxx', '1', 'NO'),
    ('GX-88', 'XXX', 'XXXXxxx', '1', 'NO'),
    ('GX-89', 'Xx', 'xxxx', '1', 'BEATS'),
    ('GX-90', 'X22QQQ', 'XXKKKKK', '0', 'NO'),
    ('GX-91', 'X22QQQ', 'XXKKKKK', '1', 'BEATS'),
    ('GX-92', 'x999', 'XXTTT', '1', 'BEATS'),
    ('GX-93', 'x999', 'XXTTT', '1 · exact', 'NO'),
    ('GX-94', 'X9', 'XXxxT', '1', 'BEATS'),
    ('GX-95', 'X9', 'XXxxT', '1 · exact', 'NO'),
    ('GX-96', 'Xx', 'XXx', '1', 'NO'),
    ('GX-97', 'Xx', 'XXx', '1 · exact', 'NO'),
    ('GX-98', 'x2', 'Xx', '0/1 · as-is', 'BEATS'),
    ('GX-99', 'Xx', 'XX', '0/1 · as-is', 'NO'),
]

GK_ROWS = [
    ('GK-1', 'TTTTT', True, True),
    ('GK-2', 'TTTT', False, False),
    ('GK-3', 'TTTTTT', True, True),
    ('GK-4', 'JJJJ', True, True),
    ('GK-5', 'JJJ', False, False),
    ('GK-6', 'QQQ', True, True),
    ('GK-7', 'QQ', False, False),
    ('GK-8', 'QQQQ', True, True),
    ('GK-9', 'KK', True, True),
    ('GK-10', 'K', False, False),
    ('GK-11', 'AA', True, True),
    ('GK-12', 'A', False, False),
    ('GK-13', '2', True, True),
    ('GK-14', '222', True, True),
    ('GK-15', 'x', True, True),
    ('GK-16', 'X', True, True),
    ('GK-17', 'Xx', True, True),
    ('GK-18', 'x55', True, True),
    ('GK-19', 'xQQ', True, True),
    ('GK-20', 'QQ2', True, True),
    ('GK-21', '992', False, True),
    ('GK-22', 'TTTT2', True, True),
    ('GK-23', 'TTT22', True, True),
    ('GK-24', 'JJJ2', True, True),
    ('GK-25', 'JJ22', True, True),
    ('GK-26', 'K2', True, True),
    ('GK-27', 'A2', True, True),
    ('GK-28', '99999999', False, False),
    ('GK-29', '8888822', False, True),
    ('GK-30', '3', False, False),
    ('GK-31', 'XX222', True, True),
]

GT_POINT_ROWS = [
    ('GT-1', True, False, 'none', 'none', 2, 0),
    ('GT-2', True, False, 'none', 'ming', 5, 0),
    ('GT-3', True, False, 'none', 'yu', 9, 0),
    ('GT-4', True, False, 'ming', 'none', 3, 0),
    ('GT-5', True, False, 'ming', 'ming', 6, 0),
    ('GT-6', True, False, 'ming', 'yu', 10, 0),
    ('GT-7', True, False, 'yu', 'none', 5, 0),
    ('GT-8', True, False, 'yu', 'ming', 8, 0),
    ('GT-9', True, False, 'yu', 'yu', 12, 0),
    ('GT-10', False, False, 'none', 'none', 1, 1),
    ('GT-11', False, False, 'none', 'ming', 1, 2),
    ('GT-12', False, False, 'none', 'yu', 1, 4),
    ('GT-13', False, False, 'ming', 'none', 2, 1),
    ('GT-14', False, False, 'ming', 'ming', 2, 2),
    ('GT-15', False, False, 'ming', 'yu', 2, 4),
    ('GT-16', False, False, 'yu', 'none', 4, 1),
    ('GT-17', False, False, 'yu', 'ming', 4, 2),
    ('GT-18', False, False, 'yu', 'yu', 4, 4),
    ('GT-19', False, True, 'none', 'none', 0, 2),
    ('GT-20', False, True, 'none', 'ming', 0, 3),
    ('GT-21', False, True, 'none', 'yu', 0, 5),
    ('GT-22', False, True, 'ming', 'none', 0, 5),
    ('GT-23', False, True, 'ming', 'ming', 0, 6),
    ('GT-24', False, True, 'ming', 'yu', 0, 8),
    ('GT-25', False, True, 'yu', 'none', 0, 9),
    ('GT-26', False, True, 'yu', 'ming', 0, 10),
    ('GT-27', False, True, 'yu', 'yu', 0, 12),
    ('GT-28', True, True, 'any', 'any', 0, 0),
]


def _gx_cases():
    for gid, prev, cand, opt, verdict in GX_ROWS:
        if verdict == "ILLEGAL":
            continue
        base, _, suffix = opt.partition(" · ")
        extra: dict[str, str] = {}
        if suffix == "exact":
            extra["kaopai_surplus"] = "exact"
        elif suffix == "as-is":
            extra["pure_mixed_jokers"] = "as-is"
        else:
            assert suffix == "", opt
        for o in base.split("/"):
            yield pytest.param(int(o), extra, prev, cand, verdict == "BEATS", id=f"{gid}-opt{o}")


@pytest.mark.parametrize("compare_option, extra, prev, cand, expected", list(_gx_cases()))
def test_gx_beats(compare_option, extra, prev, cand, expected):
    rules = Rules(compare_option=compare_option, **extra)
    assert rules.beats(prev, cand) is expected


@pytest.mark.parametrize("gid, cand", [pytest.param(r[0], r[2], id=r[0]) for r in GX_ROWS if r[4] == "ILLEGAL"])
def test_gx_illegal(gid, cand):
    for opts in ({}, {"compare_option": 1}, {"pure_mixed_jokers": "as-is"}):
        with pytest.raises(IllegalPlay) as info:
            Rules(**opts).parse(cand)
        assert isinstance(info.value, ValueError)
        assert info.value.rule.startswith(("C-", "G-")), info.value.rule


def test_gx_table_complete():
    ids = [r[0] for r in GX_ROWS]
    assert ids == [f"GX-{i}" for i in range(1, 100)]


def test_gx_surplus_values_differ_only_where_rules_say():
    """C-14: GX-82 and GX-83 are BEATS under "allowed" and NO under "exact"."""
    allowed, exact = Rules(compare_option=1), Rules(compare_option=1, kaopai_surplus="exact")
    for prev, cand in (("Xx", "XXX"), ("x", "XX")):
        assert allowed.beats(prev, cand)
        assert not exact.beats(prev, cand)


def test_gx_normalized_forms():
    """C-7 examples: TTTT22 ≡ TTTTTT, Xx555522 ≡ xx555555; canonical notation C-6."""
    r = Rules()
    assert r.parse("22TTTT").text == "TTTT22"
    assert r.parse("TTTT22").normalized == "TTTTTT"
    assert r.parse("5555xX22").text == "Xx555522"
    assert r.parse("Xx555522").normalized == "xx555555"
    assert r.parse("Xx").normalized == "xx"
    assert Rules(pure_mixed_jokers="as-is").parse("Xx").normalized == "Xx"


# ---------------------------------------------------------------- WG-2 GK (id, play, as-rank, any-two)


@pytest.mark.parametrize("gid, play, as_rank, any_two", [pytest.param(*r, id=r[0]) for r in GK_ROWS])
def test_gk_is_gouji(gid, play, as_rank, any_two):
    assert Rules(two_filler_gouji="as-rank").is_gouji(play) is as_rank
    assert Rules().is_gouji(play) is as_rank  # DEFAULT
    assert Rules(two_filler_gouji="any-two").is_gouji(play) is any_two


def test_gk_table_complete():
    assert [r[0] for r in GK_ROWS] == [f"GK-{i}" for i in range(1, 32)]


# ---------------------------------------------------------------- WG-3 GT-1 … GT-28 (G-80)
# (id, A 开点, B 开点, A's call, B's call, B→A, A→B); call "any" = every call combination.


def _gt_cases():
    for gid, a_open, b_open, ca, cb, b_to_a, a_to_b in GT_POINT_ROWS:
        combos = itertools.product(("none", "ming", "yu"), repeat=2) if ca == "any" else [(ca, cb)]
        for x, y in combos:
            yield pytest.param(a_open, b_open, x, y, b_to_a, a_to_b, id=f"{gid}-{x}-{y}")


@pytest.mark.parametrize("a_open, b_open, call_a, call_b, b_to_a, a_to_b", list(_gt_cases()))
def test_gt_point_tribute(a_open, b_open, call_a, call_b, b_to_a, a_to_b):
    assert point_tribute(a_open, b_open, call_a, call_b) == (b_to_a, a_to_b)
    # symmetry: swapping the roles swaps the result
    assert point_tribute(b_open, a_open, call_b, call_a) == (a_to_b, b_to_a)


def test_gt22_is_five_not_three():
    """D-G2: [S002]'s 4+1=3 is an arithmetic slip; RULES.md says 5."""
    assert point_tribute(False, True, "ming", "none") == (0, 5)


# ---------------------------------------------------------------- GT-29 … GT-45 on the helpers
# places: {seat: place}; teams A = {0, 2, 4}, B = {1, 3, 5}.


def test_gt29_scoring_2_1():
    places = {0: 1, 2: 3, 4: 5, 1: 2, 3: 4, 5: 6}
    assert is_chuansanhu(places, None) is None
    team, per_seat = set_scores(places, "2-1", False)
    assert team == [1, -1]
    assert per_seat == [1, -1, 1, -1, 1, -1]


def test_gt30_scoring_4_2_positive():
    places = {0: 1, 2: 3, 4: 5, 1: 2, 3: 4, 5: 6}
    team, per_seat = set_scores(places, "4-2-positive", False)
    assert team == [2, 0]
    assert per_seat == [2, 0, 2, 0, 2, 0]


def test_gt31_chuansanhu_2_1():
    places = {0: 1, 2: 2, 4: 3, 1: 4, 3: 5, 5: 6}
    assert is_chuansanhu(places, None) == 0
    team, _ = set_scores(places, "2-1", True)
    assert team == [6, -6]


def test_gt32_chuansanhu_4_2_positive():
    places = {0: 1, 2: 2, 4: 3, 1: 4, 3: 5, 5: 6}
    team, _ = set_scores(places, "4-2-positive", True)
    assert team == [12, 0]


def test_gt33_revolution_scoring():
    places = {2: 4, 0: 1, 4: 5, 1: 2, 3: 3, 5: 6}
    assert is_chuansanhu(places, 2) is None
    team, _ = set_scores(places, "2-1", False)
    assert team == [1, -1]


def test_gt34_revolution_own_team_chuansanhu():
    places = {0: 1, 4: 2, 2: 3, 1: 4, 3: 5, 5: 6}
    assert is_chuansanhu(places, 2) == 0
    # whatever order team B finishes in
    assert is_chuansanhu({0: 1, 4: 2, 2: 3, 1: 6, 3: 5, 5: 4}, 2) == 0
    team, _ = set_scores(places, "2-1", True)
    assert team == [6, -6]


def test_gt35_revolution_other_team_chuansanhu():
    places = {2: 4, 1: 1, 3: 2, 5: 3, 0: 5, 4: 6}
    assert is_chuansanhu(places, 2) == 1
    team, _ = set_scores(places, "2-1", True)
    assert team == [-6, 6]


def test_gt36_revolution_point_tribute():
    """S2 revolts (not 开点, no call); S5 called 预点 and counts as 开点 → S2 owes S5 4 + 1 = 5."""
    s5_pays_s2, s2_pays_s5 = point_tribute(False, True, "none", "yu")
    assert (s5_pays_s2, s2_pays_s5) == (0, 5)


def test_gt38_card_choice():
    hand = parse_cards("3d 9c 2d x 2h X 2s 2h x Ah")
    got = tribute_cards(hand, 5)
    assert [str(c) for c in got] == ["X", "x", "x", "2s", "2h"]


def test_gt39_too_few_legal_cards():
    assert [str(c) for c in tribute_cards(parse_cards("x 2c 5d 9s Ah"), 8)] == ["x", "2c"]
    assert tribute_cards(parse_cards("5d 9s Ah Kc"), 8) == []


def test_gt40_fall_tribute_excludes_received():
    """G-77: in 落贡 a player never gives cards received as tribute in this phase."""
    hand = parse_cards("X 2c 5d")
    assert [str(c) for c in tribute_cards(hand, 2, exclude=parse_cards("X"))] == ["2c"]


def test_gt43_game_total():
    """G-88: the game score is the sum of the set scores; each record gets the team total (a real 5-set game)."""
    import random

    from engine.gouji import State

    st = State(Rules(), seed=43)  # DEFAULT: 5 sets, "2-1"
    rng = random.Random(43)
    while not st.is_over:
        la = st.legal_actions(st.to_act)
        plays, fixed = list(la.plays()), list(la.fixed)
        st.apply(rng.choice(plays) if plays and (not fixed or rng.random() < 0.6) else rng.choice(fixed))
    team_a = [res["team_scores"][0] for res in st.set_results]
    assert len(team_a) == 5 or st.set_results[-1]["chuansanhu"]
    assert st.totals == [sum(team_a), -sum(team_a)] * 3


def test_gt44_early_end_scoring():
    """S1 头科, S2 二科, S3 三科, S5 四科; S0 and S4 二落/大落 (either order)."""
    for p0, p4 in ((5, 6), (6, 5)):
        places = {1: 1, 2: 2, 3: 3, 5: 4, 0: p0, 4: p4}
        assert is_chuansanhu(places, None) is None
        team, _ = set_scores(places, "2-1", False)
        assert team == [-2, 2]


@pytest.mark.parametrize("scoring", ["2-1", "4-2-positive"])
def test_g85_g86_scores_over_all_place_permutations(scoring):
    """G-85 zero-sum / G-86 non-negative, for every assignment of the six places."""
    pts = {"2-1": {1: 2, 2: 1, 3: 0, 4: 0, 5: -1, 6: -2}, "4-2-positive": {1: 4, 2: 2, 3: 0, 4: 0, 5: -2, 6: -4}}
    for perm in itertools.permutations(range(1, 7)):
        places = dict(enumerate(perm))
        cs = is_chuansanhu(places, None)
        team, per_seat = set_scores(places, scoring, cs is not None)
        raw = [sum(pts[scoring][places[s]] for s in range(6) if s % 2 == t) for t in (0, 1)]
        if cs is not None:
            raw = [2 * x for x in raw]
        if scoring == "2-1":
            assert team == raw and sum(team) == 0
        else:
            assert team == [max(0, x) for x in raw]
        assert per_seat == [team[s % 2] for s in range(6)]
