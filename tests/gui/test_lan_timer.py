"""A LAN guest's move timer is the host's table setting (issue 13), on 127.0.0.1 only.

The guest app's own settings say 1 s (出牌计时 1, 托管宽限 0); the host's table says 6 s. The guest's plate counts
down the host's figure and his own setting switches nothing; the silent player at seat 1 counts down on the
guest's screen too and gets 托管 from the host when his 6 s run out (the guest reads whose); left silent, the
guest's own seat gets 托管 from the host, and one click on the 托管 banner takes it back.
"""

from __future__ import annotations

from guikit import click_item, make_app, shot, wait, wait_frame, wait_until

HOST_SECS = 6


def _badge(qa, pos: int) -> tuple[bool, int]:
    """(shown, seconds) of the timer badge on the plate at ``pos`` (0 = the guest's own)."""
    badge = qa.find("timerBadge", qa.find(f"seat_{pos}"))
    assert badge is not None
    text = badge.childItems()[0].property("text") if badge.childItems() else ""
    return bool(badge.property("visible")), int(text or 0)


def _answer(t) -> None:
    """Answer a declaration the way a player in no hurry does: decline when he may."""
    fixed = t.snap.get("fixed") or []
    pick = next((a for k in ("decline", "pass", "accept", "wutou") for a in fixed if a["kind"] == k),
                fixed[0] if fixed else None)
    assert pick is not None, t.snap.get("phase")
    t.act(pick["kind"], pick.get("arg", ""))


def test_guest_counts_down_the_host_timer_and_takes_tuoguan_back(qtbot, data_dir):
    from engine.net.client import ClientThread
    from engine.net.host import HostConfig, HostServer, SeatSpec
    host = HostServer(HostConfig(game="gouji", options={"sets_per_game": 1}, bind="127.0.0.1", discovery=False,
                                 seats=[SeatSpec(), SeatSpec()] + [SeatSpec("bot", "random")] * 4,
                                 turn_timer=HOST_SECS, grace=60, autostart=True, bot_delay=0.3))
    port = host.start()
    silent = ClientThread(f"127.0.0.1:{port}", "阿静")
    silent.start()
    qa = make_app(turnTimer=1, grace=0, playerName="小王")
    lan = qa.lan
    try:
        assert wait_until(lambda: silent.client.table is not None, 10)
        silent.join(1, "阿静")   # never acts
        assert wait_until(lambda: host.table().seats[1].kind == "human", 10)
        qa.set_screen("lan")
        lan.connectTo(f"127.0.0.1:{port}")
        assert wait_until(lambda: len(lan.seats) == 6, 10), lan.status
        lan.takeSeat(0)   # the last open seat: the host starts
        t = qa.table
        assert wait_until(lambda: qa.window.property("page") == "table" and t.net is not None, 20)
        said: list[str] = []
        t.message.connect(said.append)

        # 1. his own turn: the host's 6 s, not his own 1 s
        assert wait_until(lambda: t.snap.get("my_turn"), 20)
        assert t.turnSecs == HOST_SECS
        assert wait_until(lambda: _badge(qa, 0)[0], 5)
        shown, first = _badge(qa, 0)
        assert 0 < first <= HOST_SECS, first
        wait(1600)   # longer than his own setting (1 s + 0): it must switch nothing here
        assert t.snap.get("my_turn") and not t.autoPlay, "the guest's own timer ran at a LAN table"
        assert not host.table().seats[0].auto
        assert wait_until(lambda: _badge(qa, 0)[1] < first, 5), _badge(qa, 0)   # counting down
        shot(qa, "lan_timer_mine_zh")
        qa.app.settings.set("language", "en")
        wait_frame(qa.window)
        shot(qa, "lan_timer_mine_en")
        _answer(t)

        # 2. seat 1's turn: his plate counts down the host's figure on the guest's screen; then 托管
        assert wait_until(lambda: t.seats[1].get("turnUntil", 0) > 0, 10), t.seats[1]
        assert wait_until(lambda: _badge(qa, 1)[0], 5)
        assert 0 < _badge(qa, 1)[1] <= HOST_SECS
        shot(qa, "lan_timer_other_en")
        qa.app.settings.set("language", "zh")
        wait_frame(qa.window)
        shot(qa, "lan_timer_other_zh")
        assert wait_until(lambda: "阿静 时间到：已由电脑托管" in said, HOST_SECS + 10), said
        assert host.table().seats[1].auto

        # 3. the guest stays silent at his next turn: the host's 托管, and one click takes it back
        assert wait_until(lambda: t.snap.get("my_turn"), 30)
        assert wait_until(lambda: t.autoPlay, HOST_SECS + 10), "the host's timer did not switch 托管 on"
        assert host.table().seats[0].auto
        assert any(m.startswith("时间到：已为你托管") for m in said), said   # what the local table says
        banner = qa.find("autoBanner")
        assert banner is not None and banner.property("visible")
        shot(qa, "lan_timer_auto_zh")
        qa.app.settings.set("language", "en")
        wait_frame(qa.window)
        shot(qa, "lan_timer_auto_en")
        qa.app.settings.set("language", "zh")
        wait_frame(qa.window)
        click_item(qa, banner)
        assert wait_until(lambda: not host.table().seats[0].auto, 10), "the click did not take 托管 back"
        assert wait_until(lambda: not t.autoPlay, 10)
        assert any("回来了" in m for m in said), said
    finally:
        silent.stop(timeout=2.0)
        lan.stop()
        qa.shutdown()
        host.stop()


def test_the_app_hosts_with_its_players_timer(qtbot, data_dir):
    """Hosted from the app, the table's move timer is the host player's own 出牌计时 + 托管宽限 (as at his local
    table), and his plate counts it down from the host's figure."""
    from engine.net.client import ClientThread
    qa = make_app(turnTimer=15, grace=5)
    lan = qa.lan
    lan.bind, lan.bot_delay, lan.discovery = "127.0.0.1", 0.0, False
    guest = None
    try:
        qa.set_screen("lan")
        wait_frame(qa.window)
        click_item(qa, qa.find("btnHostTable"))
        assert wait_until(lambda: lan.mode == "host" and lan.seat == 0, 10), lan.status
        assert lan.host.table().turn_timer == 20
        port = lan.addresses[0].split(":")[-1]
        guest = ClientThread(f"127.0.0.1:{port}", "小王")
        guest.start()
        assert wait_until(lambda: guest.client.table is not None, 10)
        assert guest.client.turn_timer == 20   # the welcome carries the table's timer
        guest.join(1, "小王")
        assert wait_until(lambda: any(s["seat"] == 1 and s["kind"] == "human" for s in lan.seats), 10)
        click_item(qa, qa.find("btnHostStart"))
        t = qa.table
        assert wait_until(lambda: qa.window.property("page") == "table" and t.net is not None, 20)
        assert wait_until(lambda: t.snap.get("my_turn"), 20)
        assert t.turnSecs == 20
        assert wait_until(lambda: _badge(qa, 0)[0], 5)
        assert 0 < _badge(qa, 0)[1] <= 20
        assert guest.turn_clock()[1] is not None and guest.turn_clock()[1][0] == 0   # the guest sees it too
    finally:
        if guest is not None:
            guest.stop(timeout=2.0)
        lan.stop()
        qa.shutdown()
