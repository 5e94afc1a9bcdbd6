"""新手讲解 at the table: with the tutor on, the first-game walkthrough opens once (real clicks page through it
and close it), and at the human's decision the table shows the tutor's line with its rule ids, in the UI
language; with the tutor off neither shows."""

from __future__ import annotations

import re

import pytest
from guikit import click_item, make_app, quick_config, shot, wait_frame, wait_until

from engine import tutor

CJK = re.compile(r"[\u4e00-\u9fff]")


def _visible(qa, name: str) -> bool:
    item = qa.find(name)
    if item is None:
        return False
    while item is not None:   # visible only when every ancestor is
        if not item.property("visible"):
            return False
        item = item.parentItem()
    return True


@pytest.mark.parametrize(("game", "lang"), [("gouji", "zh"), ("gouji", "en"), ("shengji", "en"),
                                            ("mahjong", "zh"), ("baohuang", "en")])
def test_walkthrough_once_then_the_line_at_each_decision(qtbot, data_dir, game, lang):
    qa = make_app(language=lang, tutor=True)
    try:
        t = qa.table
        t.start(quick_config(game, seed=5, pace_ms=0))
        qa.set_screen("table")
        assert wait_until(lambda: bool(t.snap), 20)
        wait_frame(qa.window)
        assert t.tutorDue and _visible(qa, "tutorCards")
        cards = t.tutorCards
        assert len(cards) >= 2 and all(c["title"] and c["text"] and c["rules"] for c in cards)
        first = tutor.walkthrough(game)[0]
        # the card's body is the engine's text after its title (its first letter a capital on the card)
        assert cards[0]["text"].lower() in (first.zh if lang == "zh" else first.en).lower()
        assert cards[0]["text"][:1] == cards[0]["text"][:1].upper()
        assert qa.find("tutorCardTitle").property("text") == cards[0]["title"]
        shot(qa, f"tutor_walkthrough_{game}_{lang}")
        for _ in cards:   # page through with real clicks; the last button closes and remembers the game
            click_item(qa, qa.find("tutorNext"))
        wait_frame(qa.window)
        assert not _visible(qa, "tutorCards") and not t.tutorDue
        assert game in qa.settings.get("tutorSeen")
        assert wait_until(lambda: bool(t.snap.get("my_turn")) and t.tutorLine != "", 60)
        line = t.tutorLine
        assert re.search(r"\((?:[A-Z]+-\d+(?:, )?)+\)$", line), line
        assert line == tutor.line(game, t.snap["view"], lang)
        assert bool(CJK.search(line)) if lang == "zh" else bool(re.search(r"[A-Za-z]{4}", line))
        wait_frame(qa.window)
        assert _visible(qa, "tutorLineBox") and qa.find("tutorLine").property("text").endswith(line)
        assert not qa.find("tutorLine").property("truncated"), line   # the whole line shows, rule ids and all
        shot(qa, f"tutor_line_{game}_{lang}")
        # the table's button re-opens the walkthrough
        click_item(qa, qa.find("tutorGuideBtn"))
        wait_frame(qa.window)
        assert _visible(qa, "tutorCards")
        for _ in cards:
            click_item(qa, qa.find("tutorNext"))
        assert not _visible(qa, "tutorCards")
        # off: no line, no walkthrough
        qa.settings.set("tutor", False)
        wait_frame(qa.window)
        assert t.tutorLine == "" and not _visible(qa, "tutorLineBox") and not _visible(qa, "tutorGuideBtn")
    finally:
        qa.shutdown()


def test_the_settings_toggle_turns_the_tutor_on(qtbot, data_dir):
    qa = make_app(language="en")
    try:
        assert not qa.settings.get("tutor")
        qa.set_overlay("settings")
        wait_frame(qa.window)
        tog = qa.find("setTutor")
        assert tog is not None and _visible(qa, "setTutor")
        click_item(qa, tog)
        assert qa.settings.get("tutor")
    finally:
        qa.shutdown()
