"""The rules panel (issue 13, issue 18): a play the engine refuses, made with the mouse and the Enter key at a
real table, puts its rule id in the toast; a click on the toast opens the panel on this game at that rule's
own entry (scrolled into view, marked); the filter field, typed with real key events, narrows the list."""

from __future__ import annotations

import pytest
from guikit import (
    click_item,
    make_app,
    mouse,
    play_until_my_turn,
    quick_config,
    shot,
    sweep,
    wait_frame,
    wait_until,
)
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtTest import QTest


def type_text(window, text: str) -> None:
    """Key press and release events through the window, one per character (QTest.keyClicks takes only
    widgets); a character with no key of its own (Chinese) travels as the event's text, as an input method
    delivers it."""
    for ch in text:
        key = ord(ch.upper()) if ch.isascii() and ch.isalnum() else Qt.Key.Key_Minus if ch == "-" else 0
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QGuiApplication.sendEvent(window, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, ch))


def _first(qa, qtbot):
    assert qa.window is not None, qa.qml_errors
    with qtbot.waitSignal(qa.window.frameSwapped, timeout=5000):
        qa.window.update()


def _entry_in_view(qa, rule: str) -> bool:
    """The entry of ``rule`` exists, is the one marked, and lies inside the list's visible area."""
    lst = qa.find("rulesList")
    entry = qa.find(f"ruleEntry_{rule}", lst)
    if lst is None or entry is None or not entry.property("focused"):
        return False
    top = entry.mapToItem(lst, QPointF(0, 0)).y()
    return 0 <= top and top + min(entry.height(), 60) <= lst.height()


def _marked(qa) -> list[str]:
    return [e.property("modelData")["rule"] for e in qa.find_all("ruleEntry_") if e.property("focused")]


def _open_from_toast(qa) -> None:
    toast = qa.find("toast")
    assert wait_until(lambda: toast.isVisible() and toast.property("opacity") > 0.9, 5)
    click_item(qa, toast)
    assert wait_until(lambda: qa.window.property("overlay") == "rules" and qa.find("rulesList") is not None, 5)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_refused_play_opens_the_rules_panel_at_its_rule(qtbot, data_dir, lang):
    qa = make_app(language=lang)
    try:
        _first(qa, qtbot)
        t = qa.table
        t.start(quick_config("gouji", seed=7, pace_ms=0))
        qa.set_screen("table")
        assert wait_until(lambda: bool(t.snap), 20)
        assert play_until_my_turn(qa)
        wait_frame(qa.window)
        # sweep across two ranks with the mouse: not one play (C-10); Enter asks to play it anyway
        ranks = [t.hand.data(t.hand.index(i), t.hand.RankRole) for i in range(t.hand.count)]
        j = next(i for i, r in enumerate(ranks) if r != ranks[0])
        sweep(qa, 0, j)
        assert wait_until(lambda: not t.selection.get("pending") and t.selection.get("rule") == "C-10", 10)
        said: list[str] = []
        t.message.connect(said.append)
        before = t.accepted_actions
        qa.find("tableScreen").forceActiveFocus()   # as a click on the window gives it (offscreen has no user)
        QTest.keyClick(qa.window, Qt.Key.Key_Return)
        assert wait_until(lambda: any("C-10" in m for m in said), 5), said
        assert t.accepted_actions == before
        _open_from_toast(qa)
        panel = qa.find("rulesPanel")
        assert panel.property("game") == "gouji"                      # it opens on the game at the table
        assert wait_until(lambda: _entry_in_view(qa, "C-10"), 5)
        assert _marked(qa) == ["C-10"]
        assert not qa.find("ruleNotSummarized", panel).isVisible()
        shot(qa, f"rules_panel_refusal_{lang}")
        # a refusal of a rule deep in the list: the panel scrolls to its exact entry
        corner = panel.mapToScene(QPointF(12, 12))                      # a click outside the box closes it
        mouse(qa.window, "press", corner, True)
        mouse(qa.window, "release", corner, False)
        assert wait_until(lambda: qa.window.property("overlay") == "", 5)
        words = "只有吃贡的人能接受或拒收" if lang == "zh" else "only the receiver may accept or refuse"
        t.message.emit(f"[G-82] {words}")
        _open_from_toast(qa)
        assert wait_until(lambda: _entry_in_view(qa, "G-82"), 5)
        assert _marked(qa) == ["G-82"]
        assert qa.find("rulesList").property("contentY") > 2000         # far below the top: it was scrolled
        shot(qa, f"rules_panel_deep_{lang}")
    finally:
        qa.shutdown()


def _shown(qa) -> list[str]:
    rows = qa.find("rulesPanel").property("rows")
    return [r["rule"] for r in (rows.toVariant() if hasattr(rows, "toVariant") else rows)]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_filter_field_narrows_the_list_as_you_type(qtbot, data_dir, lang):
    qa = make_app(language=lang)
    try:
        _first(qa, qtbot)
        qa.window.setProperty("overlay", "rules")
        assert wait_until(lambda: qa.find("rulesList") is not None, 5)
        lst = qa.find("rulesList")
        total = lst.property("count")
        assert total > 100 and len(_shown(qa)) == total                  # Gouji: Part C and Part G
        field = qa.find("rulesFilter")
        click_item(qa, field)                                           # a real click gives the field the keys
        assert wait_until(lambda: field.hasActiveFocus(), 5)
        word = "烧牌" if lang == "zh" else "burn"
        type_text(qa.window, word)
        assert wait_until(lambda: field.property("text") == word, 5)
        shown = _shown(qa)
        assert 0 < len(shown) < total // 4 and "G-49" in shown and "G-5" not in shown, shown
        assert lst.property("count") == len(shown)
        wait_frame(qa.window)
        shot(qa, f"rules_panel_filter_{lang}")
        # by rule id: typing narrows step by step, Backspace widens again
        for _ in word:
            QTest.keyClick(qa.window, Qt.Key.Key_Backspace)
        assert wait_until(lambda: field.property("text") == "", 5) and lst.property("count") == total
        type_text(qa.window, "G-8")
        g8 = _shown(qa)
        type_text(qa.window, "5")
        assert wait_until(lambda: field.property("text") == "G-85", 5)
        g85 = _shown(qa)
        assert set(g85) < set(g8) and "G-85" in g85 and "G-80" in g8 and "G-80" not in g85
        type_text(qa.window, "zzz")
        assert wait_until(lambda: lst.property("count") == 0 and qa.find("rulesNoMatch").isVisible(), 5)
        QTest.keyClick(qa.window, Qt.Key.Key_Escape)                    # Esc clears the filter first
        assert wait_until(lambda: field.property("text") == "" and lst.property("count") == total, 5)
        assert qa.window.property("overlay") == "rules"
    finally:
        qa.shutdown()
