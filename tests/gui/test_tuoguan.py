"""The move timer and 托管 (README "Playing"): the timer's expiry does one thing in every phase of every game —
it switches 托管 on for the human's seat, with a toast saying so; 托管 is taken back with a real click from the
table, from the results dialog and from an overlay (the pill over every screen); a LAN table runs no countdown
of the guest's own settings (the host's table has no move timer)."""

from __future__ import annotations

import time

import pytest
from guikit import click_item, make_app, quick_config, shot, wait, wait_frame, wait_until


def _cancel_by_click(qa) -> None:
    t = qa.table
    pill = qa.find("autoPill")
    assert pill is not None and pill.property("visible"), "托管 is on but nothing on screen takes it back"
    click_item(qa, pill)
    assert wait_until(lambda: not t.autoPlay, 10)


@pytest.mark.parametrize("game,want", [("gouji", 2), ("baohuang", 2), ("shengji", 1), ("mahjong", 1)])
def test_timer_expiry_switches_on_tuoguan_in_every_phase(qtbot, data_dir, game, want):
    """Let the timer run out at each turn the human gets (预点, 明点, tribute, play; throne and guard choices;
    declare/bury; discards and claims): each time 托管 comes on with the toast, and a click cancels it."""
    qa = make_app(turnTimer=1, grace=0)
    try:
        t = qa.table
        t.start(quick_config(game, seed=4, pace_ms=0))
        qa.set_screen("table")
        assert wait_until(lambda: bool(t.snap), 20)
        wait_frame(qa.window)
        phases: list[str] = []
        said: list[str] = []
        t.message.connect(said.append)   # the toasts (a later one may replace it on screen)
        end = time.monotonic() + 60
        while len(phases) < want + 1 and time.monotonic() < end:
            if not wait_until(lambda: t.snap.get("my_turn") or t.snap.get("over") or bool(t.results), 30):
                break
            if t.results:
                if t.snap.get("over"):
                    break
                t.nextSet()
                continue
            if t.snap.get("over"):
                break
            phase = str(t.snap.get("phase"))
            assert t.turnSecs == 1
            said.clear()
            assert wait_until(lambda: t.autoPlay, 10), f"no 托管 after the timer ran out at {phase}"
            assert wait_until(lambda: t.app.s["timeoutAuto"] in said, 5), (phase, said)
            phases.append(phase)
            if len(phases) == 1:
                wait_frame(qa.window)
                shot(qa, f"tuoguan_timeout_{game}_{qa.app.lang}")
            t._pace.emit(400)   # slow the bots so the pill is still there to click
            _cancel_by_click(qa)
            t._pace.emit(0)
        assert len(phases) >= want, (game, phases)
        print(game, "托管 at", phases)
    finally:
        qa.shutdown()


def test_tuoguan_cancels_from_the_results_dialog_and_an_overlay(qtbot, data_dir):
    qa = make_app(language="en")
    try:
        t = qa.table
        t.start(quick_config("baohuang", seed=3, pace_ms=0, pause_at_results=True))
        qa.set_screen("table")
        assert wait_until(lambda: bool(t.snap), 20)
        wait_frame(qa.window)
        click_item(qa, qa.find("btnAuto"))   # 托管 through the hand, to its results
        assert wait_until(lambda: t.autoPlay, 5)
        assert wait_until(lambda: bool(t.results), 120), "the hand never ended"
        wait_frame(qa.window)
        assert qa.find("resultsPanel").property("visible")
        shot(qa, "tuoguan_results_en")
        _cancel_by_click(qa)   # the results dialog is over the table's banner: the pill is above it
        assert qa.find("resultsPanel").property("visible"), "cancelling 托管 closed the results"
        t.nextSet()
        assert wait_until(lambda: not qa.find("resultsPanel").property("visible"), 10)
        wait_frame(qa.window)
        # the settings overlay covers the table; it opens while 托管 is off, since a hand played under 托管 at pace 0
        # can end before the click, and the results dialog then covers the top bar and takes it
        click_item(qa, qa.find("btnSettingsTable"))
        assert wait_until(lambda: qa.window.property("overlay") == "settings", 5)
        t.setAuto(True)
        assert wait_until(lambda: t.autoPlay, 5)
        wait(50)
        qa.app.settings.set("language", "zh")
        wait_frame(qa.window)
        shot(qa, "tuoguan_overlay_zh")
        _cancel_by_click(qa)
    finally:
        qa.shutdown()


def test_lan_guest_timer_follows_the_host_table_not_his_settings(qtbot, data_dir):
    """The guest's own settings say 1 s; the host's table has no move timer: no countdown, no 托管. (The app
    that hosts gives its table its own player's timer, issue 13, so the host here is a table opened without
    one, as ``python -m engine.net.host`` opens it by default; tests/gui/test_lan_timer.py has the timed one.)"""
    from engine.net.host import HostConfig, HostServer, SeatSpec
    host = HostServer(HostConfig(game="gouji", options={"sets_per_game": 1}, bind="127.0.0.1", discovery=False,
                                 seats=[SeatSpec()] + [SeatSpec("bot", "random")] * 5, autostart=True))
    port = host.start()
    qa = make_app(turnTimer=1, grace=0)
    lan = qa.lan
    try:
        qa.set_screen("lan")
        lan.connectTo(f"127.0.0.1:{port}")
        assert wait_until(lambda: len(lan.seats) == 6, 10), lan.status
        lan.takeSeat(0)
        t = qa.table
        assert wait_until(lambda: qa.window.property("page") == "table" and t.net is not None, 20)
        assert wait_until(lambda: t.snap.get("my_turn"), 30)
        wait_frame(qa.window)
        assert t.turnSecs == 0
        assert qa.find("tableScreen").property("secondsLeft") == 0, "the plate counts down the guest's own timer"
        wait(2500)
        assert t.snap.get("my_turn") and not t.autoPlay, "a guest's own timer ran at a LAN table"
    finally:
        lan.stop()
        qa.shutdown()
        host.stop()
