"""LAN (127.0.0.1 only): a player whose connection drops shows 掉线 and the grace left before a bot plays his
seat on his plate; leaving a LAN table with ⌂ asks first (留在牌桌 keeps the table, 离开 leaves it)."""

from __future__ import annotations

import re
import time

from guikit import click_item, make_app, shot, wait_frame, wait_until


def test_dropped_seat_shows_the_grace_and_leaving_asks_first(qtbot, data_dir):
    from engine.net.client import ClientThread
    qa = make_app()
    lan = qa.lan
    lan.bind, lan.bot_delay, lan.discovery = "127.0.0.1", 0.0, False
    guest = None
    try:
        qa.set_screen("lan")
        wait_frame(qa.window)
        click_item(qa, qa.find("btnHostTable"))
        assert wait_until(lambda: lan.mode == "host" and lan.seat == 0, 10), lan.status
        port = lan.addresses[0].split(":")[-1]
        guest = ClientThread(f"127.0.0.1:{port}", "小王")
        guest.start()
        assert wait_until(lambda: guest.client.table is not None, 10)
        guest.join(1, "小王")
        assert wait_until(lambda: any(s["seat"] == 1 and s["kind"] == "human" for s in lan.seats), 10)
        click_item(qa, qa.find("btnHostStart"))
        t = qa.table
        assert wait_until(lambda: qa.window.property("page") == "table" and t.net is not None, 20)
        assert wait_until(lambda: len(t.seats) == 6, 10)
        assert not t.seats[1]["dropped"]
        said: list[str] = []
        t.message.connect(said.append)
        guest.stop(timeout=2.0)   # the connection goes without a word (no leave): a drop
        guest = None
        assert wait_until(lambda: t.seats[1].get("dropped") is True, 10), t.seats[1]
        assert wait_until(lambda: "小王 掉线了" in said, 5), said   # the host's notice, in the UI language
        left = (t.seats[1]["dropUntil"] / 1000) - time.time()
        assert 20 < left <= 30.5, left   # the host's grace (30 s), counted down
        wait_frame(qa.window)
        chip = qa.find("dropChip", qa.find("seat_1"))
        assert chip is not None and chip.property("visible")
        m = re.fullmatch(r"掉线 · (\d+)秒", chip.property("text"))
        assert m and 20 < int(m.group(1)) <= 30, chip.property("text")
        shot(qa, "lan_dropped_zh")
        qa.app.settings.set("language", "en")
        wait_frame(qa.window)
        assert chip.property("text").startswith("Dropped · ")
        shot(qa, "lan_dropped_en")
        # ⌂ at a LAN table asks first; "Stay" keeps the table
        click_item(qa, qa.find("btnHome"))
        wait_frame(qa.window)
        dlg = qa.find("leaveConfirm")
        assert dlg is not None and dlg.property("visible")
        shot(qa, "lan_leave_confirm_en")
        click_item(qa, qa.find("btnLeaveNo"))
        assert wait_until(lambda: qa.find("leaveConfirm") is None, 5)
        assert qa.window.property("page") == "table" and t.net is not None
        qa.app.settings.set("language", "zh")
        click_item(qa, qa.find("btnHome"))
        wait_frame(qa.window)
        shot(qa, "lan_leave_confirm_zh")
        click_item(qa, qa.find("btnLeaveYes"))
        assert wait_until(lambda: qa.window.property("page") == "home", 5)
        assert t.net is None and not t.active and lan.mode == ""
    finally:
        if guest is not None:
            guest.stop(timeout=2.0)
        lan.stop()
        qa.shutdown()
