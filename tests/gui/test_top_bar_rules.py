"""The top bar names the rules the table plays beside the game's name (SPEC §1: brand + preset; the mockups'
青岛标准 and 推倒胡 · 258 将), then the phase of the moment; a table whose options match no preset reads 自定规则.
Read from the real window, in both languages."""

from __future__ import annotations

import pytest
from guikit import quick_config, shot, wait_frame, wait_until
from PySide6.QtCore import QRectF

from desktop.games import presenter
from engine import games

# the default preset of each game, as the new-game screen names it (RULES.md G.4, B.1, S.1a; Part M has none)
TITLES = {"gouji": ("标准（S002 在线规则）", "Standard (S002 online rules)"), "baohuang": ("联众经典", "Lianzhong classic"),
          "shengji": ("原始规则", "Seed rules"), "mahjong": ("推倒胡 · 258 将", "Any hand · 2-5-8 pair")}


def _box(item) -> QRectF:
    return item.mapRectToScene(QRectF(0, 0, item.width(), item.height()))


@pytest.mark.parametrize("game", ["gouji", "baohuang", "shengji", "mahjong"])
def test_the_top_bar_names_the_tables_rules_then_its_phase(qa, game):
    t = qa.table
    t.start(quick_config(game, seed=5, pace_ms=0, save=False))
    qa.set_screen("table")
    assert wait_until(lambda: bool(t.snap) and bool(t.phaseLabel), 20)
    try:
        for lang, title in zip(("zh", "en"), TITLES[game]):
            qa.settings.set("language", lang)
            rules, phase = qa.find("rulesLabel"), qa.find("phaseLabel")
            assert wait_until(lambda r=rules, x=title: r.property("text") == "|  " + x, 10), rules.property("text")
            wait_frame(qa.window)
            assert rules.property("visible") and phase.property("visible")
            assert phase.property("text").endswith(t.phaseLabel), phase.property("text")
            a, b, c = _box(rules), _box(phase), _box(qa.find("barCentre"))
            assert a.right() <= b.left() and b.right() < c.left(), (a, b, c)   # in a row, clear of the centre
            assert rules.width() <= 230
            shot(qa, f"top_bar_rules_{game}_{lang}")
    finally:
        qa.settings.set("language", "zh")


def test_options_that_match_no_preset_read_custom_rules(qa):
    t = qa.table
    t.start(quick_config("gouji", seed=5, pace_ms=0, save=False, options={"sets_per_game": 7}))
    qa.set_screen("table")
    assert wait_until(lambda: bool(t.snap), 20)
    assert wait_until(lambda: qa.find("rulesLabel").property("text") == "|  自定规则", 10), \
        qa.find("rulesLabel").property("text")


@pytest.mark.parametrize("game", ["gouji", "baohuang", "shengji"])
def test_each_preset_is_named_by_its_own_title(game):
    """Every preset's own option values read as that preset (the first listed wins where two agree); one value
    changed from the default reads 自定规则 where no preset has it."""
    pres = presenter(game)
    spec = games.spec(game)
    titles = spec.preset_titles()
    for name, values in spec.presets().items():
        opts = games.rules(game, dict(values)).options.as_dict()
        got = pres.rules_title(opts, "zh")
        assert got == titles[name][0], (name, got)
        assert pres.rules_title(opts, "en") == titles[name][1]


def test_mahjong_reads_its_win_rule_and_marks_a_changed_option():
    pres = presenter("mahjong")
    assert pres.rules_title({}, "zh") == "推倒胡 · 258 将"
    assert pres.rules_title({"honors": True}, "en") == "Any hand · 2-5-8 pair"
    assert pres.rules_title({"honors": False}, "zh") == "推倒胡 · 258 将 · 自定"
    assert pres.rules_title({"match": "hands"}, "en") == "Any hand · 2-5-8 pair · custom"


@pytest.mark.parametrize("game", ["mahjong", "baohuang"])
def test_a_full_english_bar_gives_up_the_phase_before_anything_overlaps(qa, game):
    """From the second hand the bar also holds ⟲ Replay and every seat's total: in English the left row (name,
    rules, phase), the centre (the hand, the totals) and the buttons no longer all fit at 1600 px. The phase goes
    first, then the rules are cut shorter; nothing lies on anything else."""
    t = qa.table
    t.start(quick_config(game, seed=5, pace_ms=0, save=False))
    qa.set_screen("table")
    assert wait_until(lambda: bool(t.snap), 20)
    qa.settings.set("language", "en")
    try:
        t.setAuto(True)
        assert wait_until(lambda: len(t.scoreSheet) > 0, 240), "the first hand never ended"
        t.setAuto(False)
        t.nextSet()
        assert wait_until(lambda: bool(t.phaseLabel) and not t.results.get("rows"), 30), "no next hand"
        wait_frame(qa.window)
        assert qa.find("btnReplayThis").property("visible")
        left, centre, right = (_box(qa.find(n)) for n in ("barLeft", "barCentre", "barRight"))
        assert left.right() < centre.left() and centre.right() < right.left(), (left, centre, right)
        rules, phase = qa.find("rulesLabel"), qa.find("phaseLabel")
        assert rules.property("visible"), "the rules gave way before the phase"
        if phase.property("visible"):
            assert _box(phase).right() < centre.left()
        shot(qa, f"top_bar_full_{game}_en")
    finally:
        qa.settings.set("language", "zh")
