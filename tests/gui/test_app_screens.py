"""The app starts offscreen; home, new game (rule rows from the engine specs), settings, rules; live language."""

from __future__ import annotations

from guikit import click_item, shot, wait, wait_frame

from engine.gouji.options import SPECS


def test_home_screen_starts(qa):
    assert qa.font_family == "Noto Sans S Chinese"
    assert qa.find("homeScreen") is not None
    assert qa.find("homeTitle").property("text") == "齐鲁牌局"
    assert not qa.qml_errors
    shot(qa, "home_zh")


def test_home_foot_names_every_game_the_build_plays(qa):
    from desktop import __version__
    from engine import games
    for lang in ("zh", "en"):
        qa.settings.set("language", lang)
        wait_frame(qa.window)
        line = qa.find("homeGames").property("text")
        for g in games.available():
            spec = games.spec(g)
            assert (spec.title_zh if lang == "zh" else spec.title_en) in line, line
        assert line.endswith(f"v{__version__}")
        other = [games.spec(g).title_en if lang == "zh" else games.spec(g).title_zh for g in games.available()]
        assert not any(t in line for t in other), line   # the names in the UI language only
    qa.settings.set("language", "zh")


def test_new_game_rows_come_from_the_engine_specs(qa):
    qa.set_screen("newgame")
    wait_frame(qa.window)
    rows = qa.app.optionRows
    assert [r["name"] for r in rows] == [s.name for s in SPECS]
    assert all(r["help"] and r["rule"] for r in rows)
    assert qa.app.changedCount == 0
    qa.app.setOption("compare_option", 1)
    assert qa.app.changedCount == 1
    assert qa.app.game_options() == {"compare_option": 1}
    qa.app.selectPreset(1)  # traditional: scoring 4-2-positive, no tribute
    assert qa.app.game_options() == {"scoring": "4-2-positive", "tribute_enabled": False}
    qa.app.selectPreset(0)
    qa.app.setSeed("20250917")
    assert qa.app.new_game_config()["seed"] == 20250917
    shot(qa, "new_game_gouji")
    qa.app.selectGame("baohuang")
    wait(50)
    assert {r["name"] for r in qa.app.optionRows} and "preset" not in {r["name"] for r in qa.app.optionRows}
    assert len(qa.app.seatRows) == 5
    shot(qa, "new_game_baohuang")


def test_language_switches_live(qa):
    btn = qa.find("btnNewGame")
    assert btn.property("text") == "新游戏"
    qa.set_overlay("settings")
    wait_frame(qa.window)
    seg = qa.find("setLanguage")
    english = qa.find("seg_1", seg)
    assert english is not None, "language segment not found"
    click_item(qa, english)
    wait_frame(qa.window)
    assert qa.settings.get("language") == "en"
    shot(qa, "settings_en")
    qa.set_overlay("")
    wait_frame(qa.window)
    assert qa.find("btnNewGame").property("text") == "New game"
    assert qa.find("homeTitle").property("text") == "Qilu Cards"
    shot(qa, "home_en")
    qa.settings.set("language", "zh")
    wait(20)
    assert qa.find("btnNewGame").property("text") == "新游戏"


def test_rules_screen(qa):
    qa.set_overlay("rules")
    wait_frame(qa.window)
    assert qa.find("rulesPanel") is not None
    rows = qa.app.optionsInForce("gouji")
    assert len(rows) == len(SPECS)
    assert any(r["rule"] == "G-35" for r in rows)
    assert qa.app.rulesSummary("baohuang")
    shot(qa, "rules_gouji")


def test_settings_are_saved_with_qsettings(qtbot, data_dir):
    from desktop.settings import Settings
    s = Settings()
    s.set("language", "en")
    s.set("animSpeed", "off")
    s.set("turnTimer", 15)
    s.set("sound", False)
    again = Settings()
    assert (again.get("language"), again.get("animSpeed"), again.get("turnTimer"), again.get("sound")) == \
        ("en", "off", 15, False)
    assert again.speed_factor() == 0.0
    assert (data_dir / "settings.ini").is_file()


def test_app_runs_without_audio(qtbot, data_dir):
    """QtMultimedia may be missing (no libpulse): the sound Loader fails quietly, the app works."""
    from guikit import make_app
    qa = make_app(sound=True)
    try:
        assert qa.window is not None and qa.find("homeScreen") is not None
        qa.table.sound.emit("play")
        wait(50)
        assert all("SoundPlayer" in e or "Multimedia" in e for e in qa.qml_errors)
    finally:
        qa.shutdown()
