"""LAN through the app, on 127.0.0.1 only: host a table, a second player joins, the host starts, the host's
player makes a legal play through the table bridge and the host applies it."""

from __future__ import annotations

from guikit import click_item, shot, wait_frame, wait_until


def test_host_join_and_play(qa):
    import time

    from engine.net.client import ClientThread
    T0 = time.monotonic()
    lan = qa.lan
    lan.bind, lan.bot_delay, lan.discovery = "127.0.0.1", 0.0, False
    qa.set_screen("lan")
    wait_frame(qa.window)
    click_item(qa, qa.find("btnHostTable"))
    assert wait_until(lambda: lan.mode == "host" and lan.seat == 0, 10), lan.status
    addr = next(a for a in lan.addresses if a.startswith("127.0.0.1")) if any(
        a.startswith("127.0.0.1") for a in lan.addresses) else "127.0.0.1:" + lan.addresses[0].split(":")[1]
    guest = ClientThread(addr, "小王")
    guest.start()
    try:
        assert wait_until(lambda: any(s["seat"] == 0 for s in lan.seats), 10)
        assert wait_until(lambda: guest.client.table is not None, 10)   # welcomed
        guest.join(1, "小王")
        assert wait_until(lambda: any(s["seat"] == 1 and s["kind"] == "human" for s in lan.seats), 10)
        wait_frame(qa.window)
        shot(qa, "lan_lobby")
        print("lobby", time.monotonic() - T0)
        click_item(qa, qa.find("btnHostStart"))
        assert wait_until(lambda: qa.window.property("page") == "table" and qa.table.net is not None, 20)
        # the guest plays by the host's rules too: answer its turns with its first legal action
        t = qa.table
        assert t.seat_names[1] == "小王"
        ok = False
        acted_sid = -1
        end = time.monotonic() + 60
        while time.monotonic() < end:
            snap = t.snap
            if snap.get("my_turn"):
                if snap.get("phase") == "play" and snap.get("hints"):
                    ok = True
                    break
                fixed = snap.get("fixed") or []
                pick = next((x for k in ("decline", "pass", "accept", "wutou") for x in fixed if x["kind"] == k),
                            fixed[0] if fixed else None)
                if pick is not None and pick.get("arg") and pick["kind"] == "give":
                    t.hand.select_cards([pick["arg"]])
                    t.act("give", "")
                elif pick is not None:
                    t.act(pick["kind"], pick.get("arg", ""))
            legal = guest.client.legal
            if legal and guest.client.sid != acted_sid:
                acted_sid = guest.client.sid
                pick = next((x for x in legal if x.kind in ("decline", "pass", "accept", "wutou")), legal[0])
                guest.act(pick)
            wait_until(lambda: False, 0.03)
        print("turn", time.monotonic() - T0)
        assert ok, "the host's player never got a turn to play"
        n = t.hand.count
        t.hint()
        chosen = len(t.hand.selected_cards())
        assert t.selection["legal"]
        click_item(qa, qa.find("act_play"))
        assert wait_until(lambda: t.hand.count == n - chosen, 20)
        wait_frame(qa.window)
        shot(qa, "lan_table")
        print("played", time.monotonic() - T0)
    finally:
        guest.stop(timeout=2.0)
        lan.stop()


def test_second_app_joins_through_the_lan_screen(qtbot, data_dir):
    from guikit import make_app
    host_app, guest_app = make_app(), make_app()
    try:
        hl, gl = host_app.lan, guest_app.lan
        hl.bind, hl.bot_delay, hl.discovery = "127.0.0.1", 0.0, False
        assert hl.hostTable(), hl.status
        port = hl.addresses[0].rsplit(":", 1)[1]
        guest_app.set_screen("lan")
        gl.connectTo(f"127.0.0.1:{port}")
        assert wait_until(lambda: len(gl.seats) == 6, 10), gl.status
        wait_frame(guest_app.window)
        sit = guest_app.find("btnSit_3")
        assert sit is not None and sit.property("visible")
        click_item(guest_app, sit)
        assert wait_until(lambda: gl.seat == 3, 10)
        assert wait_until(lambda: any(s["seat"] == 3 and s["kind"] == "human" for s in hl.seats), 10)
        hl.startHosted()
        assert wait_until(lambda: guest_app.window.property("page") == "table" and guest_app.table.net is not None,
                          20)
        gt = guest_app.table
        assert gt.my_seat() == 3 and gt.n() == 6
        assert gt.seats[0]["seat"] == 3   # the guest sits at the bottom of his own table
        wait_frame(guest_app.window)
        shot(guest_app, "lan_guest_table")
    finally:
        guest_app.shutdown()
        host_app.shutdown()


def test_chat_and_resume_between_two_apps(qtbot, data_dir):
    """The joining app sends a quick phrase and a free line (lobby chat panel); the host app's chat model shows
    both. At the table the chat button opens the panel. Then the host app stops mid-match (as if closed): its
    LAN screen offers to resume the unfinished table from the log, and the resume reopens it."""
    from guikit import make_app
    host_app, guest_app = make_app(), make_app(playerName="小王")
    try:
        hl, gl = host_app.lan, guest_app.lan
        hl.bind, hl.bot_delay, hl.discovery = "127.0.0.1", 0.0, False
        host_app.set_screen("lan")
        wait_frame(host_app.window)
        assert hl.hostTable(), hl.status
        assert not hl.resumeInfo
        port = hl.addresses[0].rsplit(":", 1)[1]
        guest_app.set_screen("lan")
        gl.connectTo(f"127.0.0.1:{port}")
        assert wait_until(lambda: len(gl.seats) == 6, 10), gl.status
        gl.takeSeat(2)
        assert wait_until(lambda: gl.seat == 2, 10)
        wait_frame(guest_app.window)
        # a quick phrase by a click in the lobby's chat panel, then a free line typed and sent
        chip = guest_app.find("phrase_nice")
        assert chip is not None and chip.property("visible")
        click_item(guest_app, chip)
        guest_app.find("chatInput").setProperty("text", "  晚上好 see you  ")
        click_item(guest_app, guest_app.find("btnChatSend"))

        def host_has_both() -> bool:
            lines = [(c["name"], c["text"]) for c in hl.chatLines]
            return (gl._name, "好牌！") in lines and (gl._name, "晚上好 see you") in lines
        assert wait_until(host_has_both, 10), hl.chatLines
        assert all(c["seat"] == 2 for c in hl.chatLines)
        assert wait_until(lambda: len(gl.chatLines) == 2, 10)   # the sender sees its own lines too
        hl.sendPhrase("thanks")
        assert wait_until(lambda: any(c["text"] == "谢谢！" and c["seat"] == 0 for c in gl.chatLines), 10)
        wait_frame(guest_app.window)
        shot(guest_app, "lan_lobby_chat")

        # at the table: the chat button opens the panel with the same lines
        hl.startHosted()
        assert wait_until(lambda: guest_app.window.property("page") == "table" and guest_app.table.net is not None,
                          20)
        wait_frame(guest_app.window)
        btn = guest_app.find("btnChat")
        assert btn is not None and btn.property("visible")
        click_item(guest_app, btn)
        panel = guest_app.find("chatPanel")
        assert panel is not None and panel.property("visible")
        gl.sendText("轮到谁了？")
        assert wait_until(lambda: any(c["text"] == "轮到谁了？" for c in hl.chatLines), 10)
        wait_frame(guest_app.window)
        shot(guest_app, "lan_table_chat")

        # the host app goes away mid-match (its log stays unfinished) and comes back to its LAN screen
        assert wait_until(lambda: host_app.table.net is not None, 20)
        hl.stop()
        host_app.set_screen("home")
        wait_frame(host_app.window)
        host_app.set_screen("lan")
        assert wait_until(lambda: bool(hl.resumeInfo), 10)
        assert hl.resumeInfo["game"] == "gouji" and len(hl.resumeInfo["seats"]) == 6
        wait_frame(host_app.window)
        offer = host_app.find("btnResumeTable")
        assert offer is not None and offer.property("visible")
        shot(host_app, "lan_resume_offer")
        click_item(host_app, offer)
        assert wait_until(lambda: hl.mode == "host" and host_app.table.net is not None
                          and host_app.window.property("page") == "table", 20), hl.status
        assert hl.addresses[0].rsplit(":", 1)[1] == port     # same port: the clients' tokens bring them back
        assert not hl.resumeInfo
        # the host closed its table in order, so the guest's client gave up; connecting again to the same
        # address rejoins the seat with the token it was given (a crashed host's clients retry by themselves)
        gl.connectTo(f"127.0.0.1:{port}")
        assert wait_until(lambda: any(s["seat"] == 2 and s["connected"] for s in hl.seats), 15), gl.status
        assert wait_until(lambda: gl.seat == 2 and guest_app.table.net is not None, 15)
    finally:
        guest_app.shutdown()
        host_app.shutdown()


def test_the_status_line_follows_a_live_language_switch(qa):
    """The status line (here the host's 已入座) is kept as a word and its arguments, so switching the language
    while the table waits rewrites it (it stayed in the language it was made in)."""
    from desktop import i18n
    lan = qa.lan
    lan.bind, lan.bot_delay, lan.discovery = "127.0.0.1", 0.0, False
    qa.set_screen("lan")
    wait_frame(qa.window)
    try:
        click_item(qa, qa.find("btnHostTable"))
        assert wait_until(lambda: lan.mode == "host", 10), lan.status
        assert wait_until(lambda: lan.status == i18n.word("zh", "lanSeated"), 10), lan.status   # its own seat
        seen: list[int] = []
        lan.statusChanged.connect(lambda: seen.append(1))
        qa.settings.set("language", "en")
        wait_frame(qa.window)
        assert seen and lan.status == i18n.word("en", "lanSeated") != i18n.word("zh", "lanSeated")
    finally:
        lan.stop()
        qa.settings.set("language", "zh")
