"""Every worked example SX-1 … SX-39 of RULES.md (WS), through the oracle ``engine.shengji.Rules``.

The declaration examples (SX-15 … SX-18) run on the match state, in test_shengji_declare.py, and are
also listed here by id so that every example has a test named after it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalPlay, OptionError
from engine.shengji import Rules

S002 = Rules()
TX = Rules(preset="tongxing")

# (id, level, trump, cards, kind or None for "no lead")
PARSES = [
    ("SX-1", "4", "h", "3h3h5h5h", "tractor"),
    ("SX-2", "4", "s", "3c3c5c5c", "tractor"),
    ("SX-3", "4", "s", "AsAs4h4h", "tractor"),
    ("SX-4", "4", "s", "4h4h4s4s", "tractor"),
    ("SX-4", "4", "s", "4h4h4c4c", "throw"),
    ("SX-19", "7", None, "xx7h7h", "tractor"),
    ("SX-19", "7", None, "XXxx", "tractor"),
    ("SX-19", "7", None, "XXxx7h7h", "tractor"),
    ("SX-19", "7", None, "7h7h7s7s", "throw"),
    ("SX-25", "2", "s", "AhAhKh", "throw"),
    ("SX-26", "2", "s", "AhKh", "throw"),
    ("SX-29", "4", "s", "AsAs4h4h4c4c4s4s", "throw"),
]


@pytest.mark.parametrize("ex,level,trump,cards,kind", PARSES, ids=[f"{p[0]}-{p[3]}" for p in PARSES])
def test_parse(ex: str, level: str, trump: str | None, cards: str, kind: str) -> None:
    assert S002.parse(cards, level=level, trump=trump).kind == kind


def test_parse_spaces_and_refusals() -> None:
    """S-2: spaces allowed; S-15: a lead mixing systems is refused with its rule id."""
    assert S002.parse("3h 3h 5h 5h", level="4", trump="h").kind == "tractor"
    with pytest.raises(IllegalPlay) as e:
        S002.parse("3h3c", level="4", trump="h")
    assert e.value.rule == "S-15"
    with pytest.raises(IllegalPlay) as e:
        S002.parse("3z", level="4", trump="h")
    assert e.value.rule == "S-2"


def test_sx29_reading() -> None:
    """SX-29 (S-18b): [6, 2] beats [4, 4]; the clubs go into the later unit."""
    lead = S002.parse("AsAs4h4h4c4c4s4s", level="4", trump="s")
    assert [str(u) for u in lead.units] == ["4h4h4s4sAsAs", "4c4c"]
    assert lead.units[0].kind == "tractor" and lead.units[0].pairs == 3


# (id, rules, level, trump, plays, winner)
WINNERS: list[tuple[str, Rules, str, str | None, list[str], int]] = [
    ("SX-5", S002, "2", "s", ["2h", "2s"], 1),
    ("SX-5", S002, "2", "s", ["2s", "x"], 1),
    ("SX-5", S002, "2", "s", ["x", "X"], 1),
    ("SX-6", S002, "2", "s", ["9h", "3s", "4h", "5h"], 1),
    ("SX-7", S002, "2", "s", ["9h9h", "3s3s", "4h5h", "6h7h"], 1),
    ("SX-7", S002, "2", "s", ["9h9h", "3sKs", "4h5h", "6h7h"], 0),
    ("SX-8", S002, "2", "s", ["9h9h", "KhQh", "4h5h", "6h7h"], 0),
    ("SX-25", S002, "2", "s", ["AhAhKh", "QhQh7h", "3h4h5h", "6h7h8h"], 0),
    ("SX-30", S002, "2", "s", ["Kh", "3s", "Ah", "2d"], 3),
    ("SX-31", S002, "2", "s", ["9h9hThTh", "3s3s4s4s", "6s6s9s9s", "JsJsQsQs"], 3),
    ("SX-32", S002, "7", "h", ["AsAsKs", "3h3h4h", "5h5h2d", "6h6h2h"], 3),
    ("SX-32", Rules(throw_overruff="all_components"), "7", "h", ["AsAsKs", "3h3h4h", "5h5h2d", "6h6h2h"], 1),
    ("SX-32", Rules(throw_overruff="no_ruff"), "7", "h", ["AsAsKs", "3h3h4h", "5h5h2d", "6h6h2h"], 0),
]


@pytest.mark.parametrize("ex,rules,level,trump,plays,winner", WINNERS,
                         ids=[f"{w[0]}-{'-'.join(w[4])}" for w in WINNERS])
def test_trick_winner(ex: str, rules: Rules, level: str, trump: str | None, plays: list[str], winner: int) -> None:
    assert rules.trick_winner(plays, level=level, trump=trump) == winner


# (id, rules, hand, lead, cand, legal) — level 2, trump ♠
FOLLOWS: list[tuple[str, Rules, str, str, str, bool]] = [
    ("SX-8", S002, "KhQh3s4c", "9h9h", "KhQh", True),
    ("SX-8", S002, "KhQh3s4c", "9h9h", "Kh3s", False),
    ("SX-20", TX, "KhQh7h7h3s", "9h9h", "7h7h", True),
    ("SX-20", TX, "KhQh7h7h3s", "9h9h", "KhQh", False),
    ("SX-20", S002, "KhQh7h7h3s", "9h9h", "KhQh", True),
    ("SX-21", TX, "AhAh9h9h3h4h", "5h5h6h6h", "AhAh9h9h", True),
    ("SX-21", TX, "AhAh9h9h3h4h", "5h5h6h6h", "AhAh3h4h", False),
    ("SX-22", TX, "9h9hThThJhJhAh", "5h5h6h6h", "9h9hThTh", True),
    ("SX-22", TX, "9h9hThThJhJhAh", "5h5h6h6h", "ThThJhJh", True),
    ("SX-22", TX, "9h9hThThJhJhAh", "5h5h6h6h", "9h9hJhJh", False),
    ("SX-23", TX, "JhJhQhQh4h4hKh3h", "7h7h8h8h9h9h", "JhJhQhQh4h4h", True),
    ("SX-23", TX, "JhJhQhQh4h4hKh3h", "7h7h8h8h9h9h", "JhJhQhQhKh3h", False),
    ("SX-24", TX, "9h9hThThKhQh", "6h6h", "9h9h", True),
    ("SX-24", TX, "9h9hThThKhQh", "6h6h", "ThTh", True),
    ("SX-24", TX, "9h9hThThKhQh", "6h6h", "KhQh", False),
    ("SX-24", Rules(preset="tongxing", tractor_protection="tractor_only_by_tractor"), "9h9hThThKhQh", "6h6h",
     "KhQh", True),
]


@pytest.mark.parametrize("ex,rules,hand,lead,cand,legal", FOLLOWS, ids=[f"{f[0]}-{f[4]}" for f in FOLLOWS])
def test_may_follow(ex: str, rules: Rules, hand: str, lead: str, cand: str, legal: bool) -> None:
    assert rules.may_follow(hand, lead, cand, level="2", trump="s") is legal


def test_sx20_refusal_names_rule() -> None:
    ref = TX.follow_refusal("KhQh7h7h3s", "9h9h", "KhQh", level="2", trump="s")
    assert ref is not None and ref.rule == "S-16a"
    ref = S002.follow_refusal("KhQh3s4c", "9h9h", "Kh3s", level="2", trump="s")
    assert ref is not None and ref.rule == "S-16" and "红桃" in ref.zh


# (id, rules, level, trump, lead, other hands in turn order, forced or None)
THROWS: list[tuple[str, Rules, str, str, str, list[str], str | None]] = [
    ("SX-25", S002, "2", "s", "AhAhKh", ["Kh3c", "QhQh", "4c"], None),
    ("SX-26", S002, "2", "s", "AhKh", ["3c", "Ah", "4c"], "Kh"),
    ("SX-26", Rules(throw_check="opponents"), "2", "s", "AhKh", ["3c", "Ah", "4c"], None),
    ("SX-27", S002, "2", "s", "AhQhQh", ["3c", "4c", "KhKh"], "QhQh"),
    ("SX-28", S002, "2", "s", "KhJhJh", ["3c", "4c", "AhQhQh"], "Kh"),
    ("SX-29", S002, "4", "s", "AsAs4h4h4c4c4s4s", ["3c", "4d", "5d"], None),
    ("SX-29", S002, "4", "s", "AsAs4h4h4c4c4s4s", ["xx", "4d", "5d"], "4c4c"),
    ("SX-29", S002, "4", "s", "AsAs4h4h4c4c4s4s", ["3c", "XX", "5d"], "4c4c"),
]


@pytest.mark.parametrize("ex,rules,level,trump,lead,others,forced", THROWS, ids=[f"{t[0]}-{t[4]}-{t[6]}" for t in THROWS])
def test_throw_check(ex: str, rules: Rules, level: str, trump: str, lead: str, others: list[str],
                     forced: str | None) -> None:
    got = rules.throw_check(lead, others, level=level, trump=trump)
    assert (got is None) if forced is None else got == forced


# (id, rules, kwargs, defenders score, banker score, banker level, defender level, partner keeps the bank)
SETTLES: list[tuple[str, Rules, dict[str, Any], int, int, str, str, bool]] = [
    ("SX-9", S002, {"defender_points": 75, "banker_level": "5", "defender_level": "5"}, -1, 1, "6", "4", True),
    ("SX-10", S002, {"defender_points": 80, "banker_level": "5", "defender_level": "5"}, 1, -1, "5", "5", False),
    ("SX-12", S002, {"defender_points": 0, "banker_level": "8", "defender_level": "3"}, -3, 3, "T", "2", True),
    ("SX-13", Rules(base_score=2), {"defender_points": 160}, 6, -6, "2", "4", False),
    ("SX-14", S002, {"defender_points": 100, "banker_level": "6", "defender_level": "6"}, 1, -1, "6", "6", False),
    ("SX-14", Rules(level_table="score"), {"defender_points": 100, "banker_level": "6", "defender_level": "6"},
     1, -1, "5", "7", False),
    ("SX-14", S002, {"defender_points": 130, "banker_level": "6", "defender_level": "6"}, 2, -2, "5", "7", False),
    ("SX-14", Rules(level_table="score"), {"defender_points": 130, "banker_level": "6", "defender_level": "6"},
     2, -2, "4", "8", False),
    ("SX-34", S002, {"defender_points": 180, "bottom": "TsKs", "last_lead": "3c3c"}, 4, -4, "2", "5", False),
    ("SX-35", S002, {"defender_points": 0, "banker_level": "9"}, -3, 3, "T", "2", True),
    ("SX-35", S002, {"defender_points": 0, "banker_level": "T"}, -3, 3, "K", "2", True),
    ("SX-35", S002, {"defender_points": 30, "banker_level": "Q"}, -2, 2, "K", "2", True),
    ("SX-35", S002, {"defender_points": 0, "banker_level": "K"}, -3, 3, "A", "2", True),
    ("SX-35", S002, {"defender_points": 165, "banker_level": "9", "defender_level": "Q"}, 3, -3, "7", "K", False),
    ("SX-36", S002, {"defender_points": 200, "banker_level": "J", "defender_level": "4"}, 4, -4, "8", "7", False),
    ("SX-36", S002, {"defender_points": 130, "banker_level": "3", "defender_level": "4"}, 2, -2, "2", "5", False),
    ("SX-36", S002, {"defender_points": 130, "banker_level": "2", "defender_level": "4"}, 2, -2, "2", "5", False),
    ("SX-38", Rules(throw_fail_penalty=10), {"defender_points": -20, "banker_level": "5"}, -4, 4, "9", "2", True),
]


@pytest.mark.parametrize("ex,rules,kw,dscore,bscore,blevel,dlevel,kept", SETTLES,
                         ids=[f"{s[0]}-{s[2]['defender_points']}" for s in SETTLES])
def test_settle(ex: str, rules: Rules, kw: dict[str, Any], dscore: int, bscore: int, blevel: str, dlevel: str,
                kept: bool) -> None:
    s = rules.settle(banker=1, **kw)
    assert (s.defenders_score, s.banker_score) == (dscore, bscore)
    assert (s.banker_level, s.defender_level) == (blevel, dlevel)
    assert s.bank_kept is kept
    assert s.next_banker == (3 if kept else 2)  # S-7: the partner of seat 1, or his 下家


@pytest.mark.parametrize("mode,lead,points", [
    ("seed", "9h", 50), ("seed", "9h9h", 100),
])
def test_sx11_bottom(mode: str, lead: str, points: int) -> None:
    """SX-11: the bottom's 25 points doubled for a single, ×4 for a pair."""
    s = Rules(kitty_multiplier=mode).settle(0, bottom=25, last_lead=lead)
    assert s.points == points and s.bottom_points == points


@pytest.mark.parametrize("mode,lead,points", [
    ("seed", "9h9hThTh", 80), ("unit_size", "9h9hThTh", 160), ("compendium", "9h9hThTh", 120),
    ("power", "9h9hThTh", 320), ("seed", "9h", 40), ("unit_size", "9h", 40), ("power", "9h", 40),
    ("compendium", "9h", 40), ("compendium", "AhKhQh", 60), ("seed", "AhKhQh", 40), ("unit_size", "AhKhQh", 40),
    ("seed", "AhAhKh", 80),
])
def test_sx33_multipliers(mode: str, lead: str, points: int) -> None:
    """SX-33: a bottom of 20 points under each kitty multiplier (level 2, trump ♠)."""
    s = Rules(kitty_multiplier=mode).settle(0, bottom=20, last_lead=lead)
    assert s.bottom_points == points


def test_sx33_no_capture() -> None:
    assert S002.settle(0, bottom=20, last_lead="9h", defenders_last=False).bottom_points == 0
    s = Rules(kitty_trump_only=True).settle(0, bottom=20, last_lead="Ah", winning_play="Ah")
    assert s.bottom_points == 0
    s = Rules(kitty_trump_only=True).settle(0, bottom=20, last_lead="Ah", winning_play="3s")
    assert s.bottom_points == 40


def test_sx34_total() -> None:
    s = S002.settle(180, bottom="5h5dTc", last_lead="3c3c")
    assert s.points == 260 and s.defenders_score == 4 and s.defender_change == 3


def test_sx37_match_end() -> None:
    """SX-37 (S-23): the banker side at A keeping the bank wins the match; 80 at A passes the bank."""
    assert S002.settle(75, banker_level="A").match_won
    s = S002.settle(80, banker_level="A")
    assert not s.match_won and not s.bank_kept
    assert not S002.settle(0, banker_level="K").match_won  # rising to A is not winning


def test_sx39_jack_drop() -> None:
    r = Rules(jack_drop=True)
    s = r.settle(90, banker=0, banker_level="J", defender_level="6", last_lead="4d", winning_play="Jc",
                 trump="s")
    assert s.banker_level == "2" and s.defender_level == "6" and not s.bank_kept and s.jack_drop
    assert S002.settle(90, banker=0, banker_level="J", defender_level="6", last_lead="4d", winning_play="Jc",
                       trump="s").banker_level == "J"


def test_options_refused() -> None:
    with pytest.raises(OptionError):
        Rules(no_such_option=True)
    with pytest.raises(OptionError):
        Rules(pair_over_pair="sometimes")
    with pytest.raises(ValueError):
        Rules(must_play=["2"])
    assert Rules(preset="bisai").options.must_play == ("5", "T", "K")
    assert Rules(preset="tongxing", follow_type_required=False).options.follow_type_required is False
    assert Rules({"shengji.no_trump": True}).options.no_trump


# -- the declaration examples run on the match state (test_shengji_declare.py) ---------------------------------

STATE_EXAMPLES = ["SX-15", "SX-16", "SX-17", "SX-18"]


@pytest.mark.parametrize("ex", STATE_EXAMPLES)
def test_declaration_examples(ex: str) -> None:
    import test_shengji_declare as d
    runs = {
        "SX-15": [d.test_sx15_any, lambda: d.test_sx15_refused("never"), lambda: d.test_sx15_refused("higher_suit"),
                  d.test_sx15_first_declarer],
        "SX-16": [d.test_sx16_tongxing, d.test_sx16_s002],
        "SX-17": [d.test_sx17_final_round],
        "SX-18": [lambda: d.test_sx18_flip_bottom("x9c5dKh5s3cAh2d", "d"),
                  lambda: d.test_sx18_flip_bottom("x9cKdQhKh3s4s7c", "d"), d.test_sx18_redeal_limit],
    }
    for run in runs[ex]:
        run()


def test_every_example_has_a_test() -> None:
    """Every SX id of RULES.md WS is cited by a test in this file."""
    import pathlib
    import re
    text = pathlib.Path(__file__).read_text(encoding="utf-8")
    cited = {int(n) for n in re.findall(r"SX-(\d+)", text)}
    assert set(range(1, 40)) <= cited | {15, 16, 17, 18}
