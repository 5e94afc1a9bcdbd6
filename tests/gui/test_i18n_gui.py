"""Chinese everywhere, English everywhere (issue 13): switched live with a real click on the language control,
no visible text of the other language on Home, New game (every game), the rules panel, the table and Results;
the new-game rows show option values in words."""

from __future__ import annotations

import re
from pathlib import Path

from guikit import click_item, quick_config, wait, wait_frame, wait_until
from i18nwalk import chinese_only_in_en, english_in_zh, visible_texts

from engine import games

NAMES = ["海风", "王磊", "陈静", "刘强", "赵敏", "孙浩"]
# words of the game drawn the same in both languages: card faces (jokers: 大王, and JOKER printed on the big one as
# on a real card; the hand just ended shows behind the results) and the 够级 stamp on a trick
STAMPS = {"小王", "大王", "JOKER", "够 级", "中文", "English"}


def _check(qa, lang: str, where: str, shots: Path) -> None:
    wait_frame(qa.window)
    wait(30)
    qa.grab(str(shots / f"{where}_{lang}.png"))
    texts = [(n, t) for n, t in visible_texts(qa.root_item()) if t not in STAMPS and len(t.strip()) > 1]
    for name in NAMES:   # a player's name is his, in either language; the words around it are checked
        texts = [(n, t.replace(name, "")) for n, t in texts]
    texts = [(n, t) for n, t in texts if len(t.strip(" ·→×0123456789")) > 1]
    assert len(texts) > 5, f"{where}: nothing to check"
    bad = english_in_zh(texts) if lang == "zh" else chinese_only_in_en(texts)
    assert not bad, f"{where} ({lang}): {bad}"


def _switch(qa, lang: str) -> None:
    """Open the settings, click the language segment with the mouse, close them again."""
    was = qa.window.property("overlay")
    qa.set_overlay("settings")
    wait_frame(qa.window)
    seg = qa.find("setLanguage")
    click_item(qa, qa.find("seg_0" if lang == "zh" else "seg_1", seg))
    wait_frame(qa.window)
    assert qa.settings.get("language") == lang
    click_item(qa, qa.find("btnCloseSettings"))
    qa.set_overlay(was if was != "settings" else "")
    wait_frame(qa.window)


def _new_game_and_rules(qa, lang: str, shots: Path) -> None:
    for g in games.available():
        click_item(qa, qa.find(f"game_{g}"))
        assert qa.app.game == g
        _check(qa, lang, f"newgame_{g}", shots)
    qa.set_overlay("rules")
    _check(qa, lang, "rules", shots)
    qa.set_overlay("")


def test_both_languages_everywhere_switched_live(qa, tmp_path):
    shots = tmp_path
    _check(qa, "zh", "home", shots)
    click_item(qa, qa.find("btnSettings"))     # the real way in: the home screen's settings button
    assert qa.window.property("overlay") == "settings"
    _switch(qa, "en")
    assert qa.find("btnNewGame").property("text") == "New game"
    _check(qa, "en", "home", shots)
    click_item(qa, qa.find("btnNewGame"))
    assert qa.window.property("page") == "newgame"
    _new_game_and_rules(qa, "en", shots)
    _switch(qa, "zh")
    assert qa.find("btnNewGame") is None or qa.window.property("page") == "newgame"
    _new_game_and_rules(qa, "zh", shots)

    qa.table.start(quick_config("gouji", seed=5, pace_ms=0, pause_at_results=True))
    qa.set_screen("table")
    assert wait_until(lambda: bool(qa.table.snap), 20)
    wait(300)
    _check(qa, "zh", "table", shots)
    _switch(qa, "en")
    _check(qa, "en", "table", shots)
    qa.table.setAuto(True)
    assert wait_until(lambda: bool(qa.table.results.get("rows")), 120, 20)
    _check(qa, "en", "results", shots)
    _switch(qa, "zh")
    _check(qa, "zh", "results", shots)
    qa.table.setAuto(False)


def test_the_new_game_rows_show_the_labels(qa):
    for lang in ("zh", "en"):
        qa.settings.set("language", lang)
        wait(10)
        for g in games.available():
            qa.app.selectGame(g)
            for row in qa.app.optionRows:
                spec = next(s for s in games.option_specs(g) if s.name == row["name"])
                shown = row["choices"][row["index"]]
                if spec.value_labels:
                    assert shown in {zh if lang == "zh" else en for _, zh, en in spec.value_labels}, row
                if lang == "zh":
                    assert not any(re.fullmatch(r"[a-z0-9_-]+", c) and re.search("[a-z]{2}", c)
                                   for c in row["choices"]), row
        assert qa.app.presetNames and not any(re.search(r"[（(]s0", p) for p in qa.app.presetNames)


def test_a_refusals_rule_id_in_the_toast_opens_the_rules_panel_at_its_entry(qa, tmp_path):
    qa.table.start(quick_config("gouji", seed=3))
    qa.set_screen("table")
    assert wait_until(lambda: bool(qa.table.snap), 20)
    qa.table.message.emit("[G-50] 不是出牌人也不是他对头的人才能烧牌")   # the words a refusal of G-50 brings
    wait_frame(qa.window)
    toast = qa.find("toast")
    assert toast.isVisible()
    click_item(qa, toast)
    wait_frame(qa.window)
    assert qa.window.property("overlay") == "rules"
    panel = qa.find("rulesPanel")
    assert wait_until(lambda: qa.find("ruleEntry_G-50", panel) is not None, 5)   # every rule id has its entry
    marked = [e for e in qa.find_all("ruleEntry_") if e.property("focused")]
    assert len(marked) == 1 and marked[0].property("modelData")["rule"] == "G-50"
    assert not qa.find("ruleNotSummarized", panel).isVisible()
    qa.grab(str(tmp_path / "rules_focus_zh.png"))
    click_item(qa, qa.find("rulesPanel"))          # a click outside the box closes it
    qa.table.message.emit("[G-99] 没有这条规则")      # an id RULES.md does not have: the panel says so
    wait_frame(qa.window)
    click_item(qa, qa.find("toast"))
    wait_frame(qa.window)
    note = qa.find("ruleNotSummarized", qa.find("rulesPanel"))
    assert note.isVisible() and "G-99" in note.property("text")


def test_the_lan_table_status_reads_in_the_ui_language(qa):
    from PySide6.QtCore import QCoreApplication

    from desktop.lan import TABLE_STATUS
    for status in ("lobby", "playing", "over"):   # every status the LAN host reports
        assert QCoreApplication.translate("LanBridge", TABLE_STATUS[status]) != TABLE_STATUS[status]
    qa.settings.set("language", "en")
    wait(10)
    assert QCoreApplication.translate("LanBridge", TABLE_STATUS["lobby"]) == "waiting for players"
