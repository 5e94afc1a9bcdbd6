"""升级 at the table, driven with real mouse and key events: 亮主 from the button while the cards arrive
(S-9a), the banker's bury of 8 cards swept with the mouse (S-10), an illegal follow refused with the engine's
reason and rule id in both languages (S-16), the winning play marked (S-17)."""

from __future__ import annotations

import time

from guikit import click_item, play_until_my_turn, quick_config, shot, sweep, wait, wait_frame, wait_until
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest


def _start(qa, seed: int) -> None:
    qa.table.start(quick_config("shengji", seed=seed, pace_ms=0, hands=1))
    qa.set_screen("table")


def _to_bury_as_banker(qa, seeds=range(1, 13)) -> int:
    """Declare at the first chance (the 亮主 button) until a deal makes seat 0 the banker; its seed."""
    t = qa.table
    for seed in seeds:
        _start(qa, seed)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            if not wait_until(lambda: t.snap.get("my_turn") or t.snap.get("phase") == "play", 30):
                break
            snap = t.snap
            if snap.get("phase") == "play":
                break   # someone else took the bottom: the next deal
            if snap.get("phase") == "bury":
                return seed
            n = snap.get("n_actions")
            declare = next((a for a in t.actions if a["kind"] == "declare"), None)
            if declare is not None:
                wait_frame(qa.window)
                click_item(qa, qa.find(declare["objectName"]))
            else:
                click_item(qa, qa.find("act_pass"))
            wait_until(lambda n=n: t.snap.get("n_actions") != n, 20)
    raise AssertionError("seat 0 never became the banker in these deals")


def test_declare_then_bury_eight_by_sweep(qa):
    t = qa.table
    _to_bury_as_banker(qa)
    hand = t.hand
    assert hand.count == 33   # 25 cards and the 8 of the bottom (S-10)
    view = t.snap["view"]
    assert view["banker"] == 0 and t.snap["play_kinds"] == ["bury"]
    wait_frame(qa.window)
    sweep(qa, 0, 4)   # five cards: too few, the engine says so with the rule
    assert len(hand.selected_cards()) == 5
    assert wait_until(lambda: not t.selection.get("pending"), 10)
    assert not t.selection["legal"] and t.selection["rule"] == "S-10", t.selection
    assert not qa.find("act_bury").property("enabledState")
    assert "5/8" in qa.find("buryCounter").property("text")
    sweep(qa, 5, 7)   # three more: eight, a legal burial
    assert len(hand.selected_cards()) == 8
    assert wait_until(lambda: t.selection.get("legal"), 10), t.selection
    assert "8" in t.selection["text"]
    counter = qa.find("buryCounter")
    assert counter.property("visible") and "8/8" in counter.property("text"), counter.property("text")
    shot(qa, "shengji_bury_selected")
    buried = sorted(hand.selected_cards())
    before = t.accepted_actions
    click_item(qa, qa.find("act_bury"))
    assert wait_until(lambda: t.accepted_actions > before and t.snap.get("view", {}).get("phase") == "play", 20)
    assert sorted(c["card"] for c in t.gameInfo["bottom"]) == buried   # the bottom, shown to the banker only
    assert hand.count == 25


def _follow_turn_with_wrong_suit(qa, timeout_s: float = 90):
    """Play by hint until seat 0 must follow a single lead while holding cards of two systems; then the index
    of a card the engine refuses (S-16) and one it accepts."""
    t = qa.table
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        assert play_until_my_turn(qa), "the hand ended before a follow"
        snap = t.snap
        view = snap["view"]
        judge = snap.get("judge")
        if view.get("trick") and (view.get("lead") or {}).get("kind") == "single" and judge is not None:
            cards = t.hand.cards()
            verdicts = [judge.action_for_cards(0, [c], "play") for c in cards]
            bad = next((i for i, v in enumerate(verdicts) if getattr(v, "rule", None) == "S-16"), None)
            good = next((i for i, v in enumerate(verdicts) if not hasattr(v, "rule")), None)
            if bad is not None and good is not None:
                return bad, good
        n = snap.get("n_actions")
        t.hint()
        t.playSelected()
        wait_until(lambda n=n: t.snap.get("n_actions") != n, 20)
    raise AssertionError("no follow with a wrong suit came")


def test_illegal_follow_refused_with_reason_and_rule(qa):
    t = qa.table
    _start(qa, 4)
    bad, good = _follow_turn_with_wrong_suit(qa)
    wait_frame(qa.window)
    sweep(qa, bad, bad)   # a click on a card of another suit
    assert t.hand.selected_cards() == [t.hand.cards()[bad]]
    assert wait_until(lambda: not t.selection.get("pending"), 10)
    sel = t.selection
    assert not sel["legal"] and sel["rule"] == "S-16" and "必须" in sel["reason"], sel
    assert "S-16" in sel["text"]
    before = t.accepted_actions
    n = t.snap.get("n_actions")
    said: list[str] = []
    t.message.connect(said.append)
    qa.find("tableScreen").forceActiveFocus()
    QTest.keyClick(qa.window, Qt.Key.Key_Return)   # Enter on an illegal follow: refused, nothing is played
    assert wait_until(lambda: any("S-16" in m for m in said), 5), said
    wait(50)
    assert t.accepted_actions == before and t.snap.get("n_actions") == n
    shot(qa, "shengji_illegal_follow_zh")
    qa.settings.set("language", "en")
    wait_frame(qa.window)
    sel = t.selection
    assert sel["rule"] == "S-16" and "must" in sel["reason"], sel
    shot(qa, "shengji_illegal_follow_en")
    qa.settings.set("language", "zh")
    qa.find("tableScreen").forceActiveFocus()
    QTest.keyClick(qa.window, Qt.Key.Key_Escape)
    assert t.hand.selected_cards() == []
    sweep(qa, good, good)
    assert wait_until(lambda: t.selection.get("legal"), 10), t.selection
    qa.find("tableScreen").forceActiveFocus()
    QTest.keyClick(qa.window, Qt.Key.Key_Return)
    assert wait_until(lambda: t.accepted_actions > before, 20)
    # the winning play of the trick is the one marked (S-17), as the engine judges it
    view = t.snap["view"]
    best = view.get("winning") if view.get("trick") else view.get("last_trick_winner")
    tops = [s["seat"] for s in t.seats if s.get("last") and s["last"].get("top")]
    assert tops == [best], (tops, best)
