"""A LAN table's results give way to the next hand (issue 13): the host's table moves on after a hand, so when
the next hand's first snapshot reaches the guest, the results panel closes by itself — it would cover the action
bar, and a click meant for 出牌 would land on 复盘. The last results stay reachable: 上局结果 in the top bar shows
them again (Close hides them), and the 计分表 holds the hand.

Real TCP on 127.0.0.1: a host with three heuristic bots, the app a guest at seat 3, driven by real clicks on the
action bar and real key presses (H: hint)."""

from __future__ import annotations

import time

from guikit import click_item, shot, sit_at, wait_frame, wait_until
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest


def _click_action(qa, t) -> None:
    """Answer the turn as a player does: a pass where one is offered, else the hint (H) and its button."""
    wait_frame(qa.window)
    acts = t.actions
    pick = next((a for a in acts if a["kind"] in ("pass", "decline")), None)
    if pick is None and t.snap.get("hints"):
        QTest.keyClick(qa.window, Qt.Key.Key_H)
        wait_until(lambda: t.selection.get("legal") or not t.snap.get("my_turn"), 5)
        pick = next((a for a in acts if a["kind"] in t.snap.get("play_kinds", [])), None)
    if pick is None and acts:
        pick = next((a for a in acts if a["kind"] != "hint"), None)
    if pick is None:
        return
    name = pick["objectName"]
    wait_until(lambda: name in t.enabledActs or not t.snap.get("my_turn"), 5)
    btn = qa.find(name)
    if btn is not None and btn.isVisible():
        click_item(qa, btn)


def test_results_give_way_to_the_next_hand_and_stay_reachable(qa):
    from engine.net.host import HostConfig, HostServer, SeatSpec
    server = HostServer(HostConfig(game="shengji", hands=2, seed=20261201, bind="127.0.0.1", discovery=False,
                                   seats=[SeatSpec("bot", "heuristic")] * 3 + [SeatSpec()], autostart=True))
    port = server.start()
    lan, t = qa.lan, qa.table
    try:
        qa.settings.set("language", "zh")
        sit_at(qa, port, 3)
        panel = qa.find("resultsPanel")
        shown: list[tuple[bool, int]] = []   # the panel's visibility as it changes, with the snapshot's number
        panel.visibleChanged.connect(lambda: shown.append((panel.isVisible(), int(t.snap.get("n_actions") or 0))))
        # 1. play the first hand with clicks; nobody dismisses its results: the host's table moves on (a turn of
        # the guest in the new deal is answered by a click on the bar, which the panel leaves free), and at the
        # next snapshot the panel goes by itself
        done_sid = -1
        end = time.monotonic() + 240   # bounded: a loaded machine plays slowly
        while time.monotonic() < end and not t.hasLastResults:
            snap = t.snap
            if snap.get("my_turn") and snap.get("n_actions") != done_sid:
                done_sid = snap.get("n_actions")
                _click_action(qa, t)
            wait_until(lambda: False, 0.02)
        assert t.hasLastResults, f"the first hand's results never gave way: {shown}"
        assert [v for v, _ in shown] == [True, False], shown   # shown once, then gone with no click on it
        assert shown[1][1] > shown[0][1], shown   # gone at a later snapshot: the next hand's
        wait_frame(qa.window)
        assert not panel.isVisible()
        assert t.hasLastResults and not t.results.get("rows")
        last = qa.find("btnLastResults")
        assert last is not None and last.isVisible()
        # 3. the next hand's 出牌 is clickable at once: the first turn to play cards, answered by a real click
        played = False
        end = time.monotonic() + 180
        while time.monotonic() < end and not played:
            snap = t.snap
            assert not panel.isVisible()
            if snap.get("my_turn") and snap.get("phase") == "play" and snap.get("hints"):
                wait_frame(qa.window)
                QTest.keyClick(qa.window, Qt.Key.Key_H)
                if not wait_until(lambda: t.selection.get("legal") or not t.snap.get("my_turn"), 10):
                    continue
                if not t.snap.get("my_turn"):
                    continue
                assert wait_until(lambda: "act_play" in t.enabledActs, 10), t.selection
                wait_frame(qa.window)
                shot(qa, "lan_results_next_hand_play_zh")
                n, sid = t.hand.count, t.snap.get("n_actions")
                click_item(qa, qa.find("act_play"))   # the click lands on 出牌, nothing covers it
                assert wait_until(lambda n=n, sid=sid: t.snap.get("n_actions") != sid and t.hand.count < n, 20), (
                    f"not played: {t.selection}, notices {t.notices[-3:]}")
                played = True
                break
            if snap.get("my_turn") and snap.get("n_actions") != done_sid:
                done_sid = snap.get("n_actions")
                _click_action(qa, t)
            wait_until(lambda: False, 0.02)
        assert played, "the guest never played a card in the next hand"
        # 4. the last results are still there: 上局结果 shows them, Close puts them aside again
        wait_frame(qa.window)
        click_item(qa, qa.find("btnLastResults"))
        assert wait_until(lambda: panel.isVisible() and bool(t.results.get("rows")), 5)
        close = qa.find("btnNextSet")
        assert close.property("text") == "关闭"
        bar = qa.find("actionBar").mapToScene(QPointF(0, 0)).y()
        assert panel.mapToScene(QPointF(0, panel.height())).y() <= bar, "the panel covers the action bar"
        rev = qa.find("btnReview")   # the button a click on 出牌 used to land on
        assert rev.mapToScene(QPointF(0, rev.height())).y() <= bar
        shot(qa, "lan_results_reopened_zh")
        qa.settings.set("language", "en")   # the put-aside results follow the language too
        assert wait_until(lambda: qa.find("btnNextSet").property("text") == "Close", 5)
        shot(qa, "lan_results_reopened_en")
        click_item(qa, qa.find("btnNextSet"))
        assert wait_until(lambda: not panel.isVisible() and t.hasLastResults, 5)
        wait_frame(qa.window)
        assert qa.find("btnLastResults").property("text") == "Last results"
        shot(qa, "lan_results_next_hand_en")
        # and the 计分表 holds the finished hand
        click_item(qa, qa.find("btnSheet"))
        assert wait_until(lambda: qa.find("sheetLoader").property("item") is not None, 5)
        assert len(t.scoreSheet) == 1
    finally:
        lan.stop()
        server.stop()
