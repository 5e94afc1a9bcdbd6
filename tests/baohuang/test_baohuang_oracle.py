"""RULES.md WB-1 (BX-1 … BX-53): every Baohuang comparison example under each setting it names, plus the
oracle contract (C-16) and the options/presets of B.1/B.2."""

from __future__ import annotations

import pytest

from engine.baohuang import SPECS, Rules
from engine.errors import IllegalPlay, OptionError

# (id, prev, cand, setting, verdict) — settings: N normal, K 烤 full, Kb 烤 big-only, ·F 2s as fillers,
# ·E kaopai_surplus exact; BX-48/BX-49 with guard_card_super (RULES.md WB-1 header).
BX = [
    ('BX-1', '7777', '8888', 'N', 'BEATS'),
    ('BX-1', '7777', '8888', 'K', 'BEATS'),
    ('BX-2', 'AAAA', 'Xxxx', 'N', 'BEATS'),
    ('BX-3', '6666', 'x777', 'N', 'BEATS'),
    ('BX-4', 'x5555', 'X6666', 'N', 'BEATS'),
    ('BX-5', 'x888', '9999', 'N', 'NO'),
    ('BX-5', 'x888', '9999', 'K', 'NO'),
    ('BX-6', 'X4444', 'XX555', 'N', 'NO'),
    ('BX-7', 'X7777', 'XX8888', 'N', 'NO'),
    ('BX-7', 'X7777', 'XX8888', 'K', 'BEATS'),
    ('BX-8', 'Xx777', 'XXXx88', 'N', 'NO'),
    ('BX-8', 'Xx777', 'XXXx88', 'K', 'BEATS'),
    ('BX-9', 'Xx', 'XXxx', 'N', 'NO'),
    ('BX-9', 'Xx', 'XXxx', 'K', 'BEATS'),
    ('BX-10', 'XX', 'XXxxx', 'K', 'BEATS'),
    ('BX-10', 'XX', 'XXxxx', 'Kb', 'NO'),
    ('BX-11', 'Xx', 'XXX', 'K', 'BEATS'),
    ('BX-12', 'xx', 'Xxx', 'K', 'BEATS'),
    ('BX-12', 'xx', 'Xxx', 'Kb', 'NO'),
    ('BX-13', 'Xx', 'Xxxx', 'K', 'BEATS'),
    ('BX-14', 'Xxx', 'XXXxx', 'K', 'BEATS'),
    ('BX-15', 'X', 'XX', 'N', 'NO'),
    ('BX-15', 'X', 'XX', 'K', 'BEATS'),
    ('BX-16', 'x', 'xx', 'K', 'BEATS'),
    ('BX-16', 'x', 'xx', 'Kb', 'NO'),
    ('BX-17', 'X', 'xxx', 'K', 'BEATS'),
    ('BX-17', 'X', 'xxx', 'Kb', 'NO'),
    ('BX-18', 'x', 'X', 'N', 'BEATS'),
    ('BX-18', 'x', 'X', 'K', 'BEATS'),
    ('BX-19', 'xx999', 'XXJJJ', 'N', 'BEATS'),
    ('BX-20', 'xx999', 'XXXJJ', 'N', 'BEATS'),
    ('BX-21', 'xx999', 'XX999', 'N', 'NO'),
    ('BX-22', 'x777', 'Xx88', 'N', 'BEATS'),
    ('BX-23', 'Xx777', 'XX888', 'N', 'NO'),
    ('BX-24', None, 'TT2', 'N', 'ILLEGAL'),
    ('BX-24', None, 'TT2', 'N·F', 'LEGAL'),
    ('BX-25', '22', 'x2', 'N', 'NO'),
    ('BX-26', 'AAAA', '2222', 'N', 'BEATS'),
    ('BX-27', '2222', 'xxxx', 'N', 'BEATS'),
    ('BX-28', '777777', '777722', 'N·F', 'NO'),
    ('BX-29', '777722', '888888', 'N·F', 'BEATS'),
    ('BX-30', 'x77777', 'X88888', 'N', 'BEATS'),
    ('BX-30', 'x77777', 'X88888', 'N·F', 'BEATS'),
    ('BX-31', 'xx7777', 'XX8888', 'N', 'BEATS'),
    ('BX-32', 'X77777', 'XX88888', 'N', 'NO'),
    ('BX-32', 'X77777', 'XX88888', 'Kb·F', 'BEATS'),
    ('BX-32', 'X77777', 'XX88888', 'K', 'BEATS'),
    ('BX-33', 'XX7777', 'XXxxx8888', 'K', 'BEATS'),
    ('BX-33', 'XX7777', 'XXxxx8888', 'Kb', 'NO'),
    ('BX-34', 'Xx77777', 'XXX88888', 'Kb·F', 'BEATS'),
    ('BX-34', 'Xx77777', 'XXX88888', 'K', 'BEATS'),
    ('BX-34', 'Xx77777', 'XXX88888', 'N', 'NO'),
    ('BX-35', 'x777', 'x888', 'N', 'NO'),
    ('BX-35', 'x777', 'x888', 'K', 'NO'),
    ('BX-36', 'x777', 'XX88', 'N', 'BEATS'),
    ('BX-37', 'x777', 'xx888', 'N', 'NO'),
    ('BX-37', 'x777', 'xx888', 'K', 'BEATS'),
    ('BX-38', 'x777', 'xx777', 'K', 'NO'),
    ('BX-39', 'XX', 'XXXX', 'N', 'NO'),
    ('BX-39', 'XX', 'XXXX', 'K', 'BEATS'),
    ('BX-39', 'XX', 'XXXX', 'Kb', 'BEATS'),
    ('BX-40', '8888', 'X9999', 'K', 'NO'),
    ('BX-41', 'JJJJ', 'x999', 'N', 'NO'),
    ('BX-42', 'x777', 'XXx88', 'K', 'BEATS'),
    ('BX-42', 'x777', 'XXx88', 'K·E', 'NO'),
    ('BX-43', '9999', 'x222', 'N', 'BEATS'),
    ('BX-44', 'xx', 'XX', 'N', 'BEATS'),
    ('BX-45', 'Xx', 'XX', 'N', 'NO'),
    ('BX-46', 'x2', 'XX', 'N', 'BEATS'),
    ('BX-47', None, '6789T', 'N', 'ILLEGAL'),
    ('BX-48', 'X7777', 'Z8888', 'N', 'BEATS'),
    ('BX-49', 'Z7777', 'XX8888', 'K', 'NO'),
    ('BX-50', 'x888', 'x999', 'N', 'NO'),
    ('BX-51', 'x', 'XX', 'K', 'BEATS'),
    ('BX-51', 'x', 'XX', 'Kb', 'BEATS'),
    ('BX-51', 'x', 'XX', 'K·E', 'NO'),
    ('BX-51', 'x', 'XX', 'N', 'NO'),
    ('BX-52', 'X7777', 'XXX8888', 'K', 'BEATS'),
    ('BX-52', 'X7777', 'XXX8888', 'K·E', 'NO'),
    ('BX-52', 'X7777', 'XXX8888', 'N', 'NO'),
    ('BX-53', 'x2', 'XX22', 'K', 'NO'),
    ('BX-53', 'x2', 'XX22', 'K·E', 'NO'),
]


def rules_for(example: str, setting: str) -> Rules:
    opts: dict[str, object] = {}
    base = setting.split("·")
    if base[0] == "K":
        opts.update(kaopai=True, kaopai_relations="full")
    elif base[0] == "Kb":
        opts.update(kaopai=True, kaopai_relations="big-only")
    if "F" in base[1:]:
        opts["twos_as_fillers"] = True
    if "E" in base[1:]:
        opts["kaopai_surplus"] = "exact"
    if example in ("BX-48", "BX-49"):
        opts["guard_card_super"] = True
    return Rules(**opts)


@pytest.mark.parametrize("ex,prev,cand,setting,verdict", BX, ids=[f"{r[0]}-{r[3]}" for r in BX])
def test_bx(ex: str, prev: str | None, cand: str, setting: str, verdict: str) -> None:
    r = rules_for(ex, setting)
    if verdict == "ILLEGAL":
        with pytest.raises(IllegalPlay) as info:
            r.parse(cand)
        assert isinstance(info.value, ValueError) and info.value.rule.startswith(("B-", "C-"))
        return
    if verdict == "LEGAL":
        assert r.parse(cand).n_cards == len(cand)
        return
    assert prev is not None
    assert r.beats(prev, cand) is (verdict == "BEATS")
    # Play objects work as well as notation (C-16).
    assert r.beats(r.parse(prev), r.parse(cand)) is (verdict == "BEATS")


def test_parse_canonical_and_errors() -> None:
    r = Rules()
    assert r.parse("77x").text == "x77"
    assert r.parse("x^X^99").text == "Xx99"  # marks do not matter inside plays (C-4)
    assert r.parse("Xxxx").text == "Xxxx"  # 王牌 (B-20.3)
    with pytest.raises(IllegalPlay) as info:
        r.parse("TT2")
    assert info.value.rule == "B-20"
    with pytest.raises(ValueError):
        r.parse("Z999")  # no super joker without guard_card_super (B-24)
    with pytest.raises(IllegalPlay) as info:
        Rules(deck="168-no345").parse("555")  # B-3: no 5s in the 168-card pack
    assert info.value.rule == "B-3"
    assert Rules(deck="200-no3").lowest == 4 and Rules(deck="168-no345").lowest == 6


def test_options_and_presets() -> None:
    assert Rules().options.changed() == {}
    o = Rules(twos_as_fillers=True, kaopai=True, kaopai_relations="big-only").options
    assert (o.twos_as_fillers, o.kaopai, o.kaopai_relations) == (True, True, "big-only")
    assert Rules({"baohuang.kaopai": True}).options.kaopai
    s000 = Rules(preset="s000").options
    assert (s000.emperor_selection, s000.twos_as_fillers, s000.kaopai_relations, s000.bie_lowest) == \
        ("pot", True, "big-only", True)
    simple = Rules(preset="s003-simple").options
    assert (simple.guard_mode, simple.abdication_payment, simple.rebellion) == ("marked-small-joker", "two", True)
    dongya = Rules(preset="s002-dongya").options
    assert (dongya.deck, dongya.emperor_selection, dongya.rebellion_reveal) == ("168-no345", "fixed", "none")
    s001 = Rules(preset="s001").options
    assert (s001.call_jokers, s001.scoring, s001.grab_solo, s001.hand_end) == (True, "16-4", True, "all-but-one")
    assert Rules(preset="s000", kaopai=False).options.kaopai is False  # explicit beats preset (B.1)
    # Dependent defaults (B.2): computed from guard_mode unless given.
    m = Rules(guard_mode="marked-small-joker").options
    assert (m.abdication_payment, m.rebellion) == ("two", True)
    m2 = Rules(guard_mode="marked-small-joker", abdication_payment="none", rebellion=False).options
    assert (m2.abdication_payment, m2.rebellion) == ("none", False)
    # changed() is enough to rebuild the options (the log header relies on it).
    for opts in (m2.as_dict(), {"preset": "s003-simple", "guard_mode": "called-triple"}, {"preset": "s001"},
                 {"preset": "s001", "call_jokers": False}):
        built = Rules(opts).options
        assert Rules(built.changed()).options == built


@pytest.mark.parametrize("bad", [{"kaopai": "yes"}, {"nonsense": 1}, {"preset": "s999"}, {"deck": 216},
                                 {"rebellion_reveal": "two"}, {"leave_penalty": -1}])
def test_bad_options(bad: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        Rules(**bad)


def test_specs_have_help() -> None:
    names = {s.name for s in SPECS}
    assert {"preset", "deck", "emperor_selection", "abdication_payment", "guard_mode", "call_jokers", "call_twos",
            "guard_card_super", "grab_solo", "rebellion", "rebellion_reveal", "twos_as_fillers", "kaopai",
            "kaopai_relations", "kaopai_surplus", "bie_lowest", "allow_rang", "scoring", "hand_end",
            "tribute_between_hands", "leave_penalty", "autoplay_lock"} <= names
    for s in SPECS:
        assert s.help_en and s.help_zh and s.label_en and s.label_zh and s.rule
        if s.choices is not None:
            assert s.default in s.choices
