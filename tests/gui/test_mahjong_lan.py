"""A LAN Mahjong table through the app, on 127.0.0.1 only: host it, bots fill the other three seats, and the
host's player discards a tile by clicking it on the board; the host applies it. A seat asked with nothing
to claim answers at once (M-7), so the player is only ever asked when he has a choice."""

from __future__ import annotations

import time

from guikit import click_item, my_turns, open_lobby, shot, wait, wait_frame, wait_until

from desktop.games.mahjong import tile_name


def host_table(qa):
    """Host a Mahjong table on 127.0.0.1 from the LAN screen (bots in the other seats) and wait for it."""
    lan = qa.lan
    lan.bind, lan.bot_delay, lan.discovery = "127.0.0.1", 0.0, False
    qa.app.selectGame("mahjong")
    qa.set_screen("lan")
    wait_frame(qa.window)
    click_item(qa, qa.find("btnHostTable"))
    assert wait_until(lambda: lan.mode == "host" and lan.seat == 0, 10), lan.status
    click_item(qa, qa.find("btnHostStart"))
    t = qa.table
    assert wait_until(lambda: qa.window.property("page") == "table" and t.net is not None, 20)
    return t


def test_host_mahjong_and_discard_by_click(qa):
    t = host_table(qa)
    assert t.snap.get("game") == "mahjong"
    end = time.monotonic() + 60
    while time.monotonic() < end:
        assert wait_until(lambda: t.snap.get("my_turn"), 30), "never my turn"
        b = t.board
        assert [c["kind"] for c in b.get("claims") or []] != ["pass"], "asked with nothing to claim"
        if t.snap["phase"] != "move":
            t.submit("pass", "")
            wait(30)
            continue
        wait_frame(qa.window)
        n = len(b["seats"][0]["river"])
        tile = qa.find("mjTile_0")
        board = qa.find("mahjongBoard")
        click_item(qa, tile)            # the first click picks the tile ...
        assert wait_until(lambda board=board, b=b: board.property("picked") == b["hand"][0]["tile"], 10)
        wait(400)                       # the picked tile rises: click it where it has come to rest
        wait_frame(qa.window)
        sid = t.snap.get("n_actions")
        click_item(qa, tile)            # ... the second discards it
        # applied: it lies in my river, or the host moved on (a bot may claim it at once, M-7, taking it away)
        assert wait_until(lambda n=n, sid=sid: len(t.board["seats"][0]["river"]) == n + 1
                          or t.snap.get("n_actions") != sid, 20), "the host did not apply it"
        river = t.board["seats"][0]["river"]
        if len(river) == n + 1:
            assert river[-1]["tile"] == b["hand"][0]["tile"]
        # the game log of a LAN table is fed by the host's events as a local one is (SPEC §8.2 牌局记录), and
        # keeps the discard if a bot claimed it
        mine = "打出 " + tile_name(b["hand"][0]["tile"], "zh")
        assert wait_until(lambda mine=mine: any(r["name"] == t.name_of(t.my_seat()) and r["text"] == mine
                                                for r in t.log_model.rows()), 10), t.log_model.rows()
        return
    raise AssertionError("no move of mine on the LAN table")


def test_guest_sees_the_mahjong_rules_before_sitting(qtbot, data_dir):
    """The LAN hint: a guest who connects reads in the lobby that the table is Mahjong and its rules (the
    win rule, every option changed from the defaults) before he takes a seat, in his own language."""
    from guikit import make_app, shot
    host_app, guest_app = make_app(), make_app(language="en")
    try:
        hl, gl = host_app.lan, guest_app.lan
        hl.bind, hl.bot_delay, hl.discovery = "127.0.0.1", 0.0, False
        host_app.app.selectGame("mahjong")
        host_app.app.setOption("allow_chow", 1)        # (True, False): no chow at this table
        assert host_app.app.new_game_config()["options"] == {"allow_chow": False}
        assert hl.hostTable(), hl.status
        open_lobby(guest_app, host_app, 4)
        hint = guest_app.find("lanTableHint")
        assert hint is not None and hint.property("visible")
        text = hint.property("text")
        assert "pair of 2, 5 or 8" in text and "Chow: Off" in text, text
        assert gl.gameName == "Shandong Mahjong" and gl.seat < 0   # read before sitting
        sit = guest_app.find("btnSit_2")
        assert sit is not None and sit.property("visible")
        shot(guest_app, "mahjong_lan_hint_en")
        guest_app.settings.set("language", "zh")
        assert wait_until(lambda: "二五八将" in guest_app.find("lanTableHint").property("text")
                          and "吃牌 关" in guest_app.find("lanTableHint").property("text"), 5)
        wait_frame(guest_app.window)
        shot(guest_app, "mahjong_lan_hint_zh")
        click_item(guest_app, sit)
        assert wait_until(lambda: gl.seat == 2, 10)
    finally:
        guest_app.shutdown()
        host_app.shutdown()


def test_lan_hint_key_picks_the_bots_discard(qa):
    """提示 at a LAN table: the hint is the heuristic bot's discard, made on the network thread from this
    seat's view (desktop.lan_snapshot), and H picks it on the board; ↵ then discards it and the host applies it."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    t = host_table(qa)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        assert wait_until(lambda: t.snap.get("my_turn"), 30), "never my turn"
        if t.snap["phase"] != "move":
            t.submit("pass", "")
            wait(30)
            continue
        sug = t.snap.get("suggest") or {}
        if any(c["kind"] == "win" for c in t.board.get("claims") or []) or sug.get("kind") != "discard":
            t.submit(sug.get("kind", "win"), sug.get("arg") or "")   # H would take the 胡: not this test's move
            wait(30)
            continue
        assert sug.get("arg"), sug
        wait_frame(qa.window)
        board = qa.find("mahjongBoard")
        qa.find("tableScreen").forceActiveFocus()
        QTest.keyClick(qa.window, Qt.Key.Key_H)
        assert wait_until(lambda b=board, a=sug["arg"]: b.property("picked") == a, 5), board.property("picked")
        n = len(t.board["seats"][0]["river"])
        melds = sum(len(s["melds"]) for s in t.board["seats"][1:])

        def applied(n: int = n, melds: int = melds) -> bool:
            # the discard lies in my river, or a bot claimed it at once (M-8: a claimed tile leaves the river)
            # or won on it (M-16a: the hand ends)
            seats = t.board["seats"]
            return (len(seats[0]["river"]) == n + 1 or sum(len(s["melds"]) for s in seats[1:]) > melds
                    or t.snap.get("phase") not in ("move", "claim"))

        QTest.keyClick(qa.window, Qt.Key.Key_Return)
        assert wait_until(applied, 20), "the host did not apply it"
        if len(t.board["seats"][0]["river"]) == n + 1:
            assert t.board["seats"][0]["river"][-1]["tile"] == sug["arg"]
        return
    raise AssertionError("no move of mine on the LAN table")


def test_the_chat_at_a_lan_mahjong_table_covers_no_plate_and_the_log_moves_under_it(qa):
    """A LAN table's chat takes the right column's top: the Mahjong tile counter makes way, the game log moves
    under the chat with its newest lines, and no seat plate is covered (SPEC §8.2)."""
    from PySide6.QtCore import QRectF

    def box(item):
        return item.mapRectToScene(QRectF(0, 0, item.width(), item.height()))

    t = host_table(qa)
    end = time.monotonic() + 60
    while len(t.log_model.rows()) < 6 and time.monotonic() < end:   # more lines than fit under the chat
        assert wait_until(lambda: t.snap.get("my_turn"), 30), "never my turn"
        if len(t.log_model.rows()) < 6:
            sug = t.snap.get("suggest") or {}
            t.submit(sug.get("kind", "pass"), sug.get("arg") or "")
            wait(30)
    assert wait_until(lambda: t.snap.get("my_turn") and len(t.log_model.rows()) >= 6, 30)
    wait_frame(qa.window)
    assert qa.find("mjCounter").property("visible")
    btn = qa.find("btnChat")
    assert btn.property("visible")
    click_item(qa, btn)
    chat = qa.find("chatPanel")
    assert wait_until(lambda: bool(chat.property("visible")), 5)
    wait_frame(qa.window)
    assert not qa.find("mjCounter").property("visible")
    log = qa.find("mjLog")
    assert log.property("visible") and not box(log).intersects(box(chat))
    rows = t.log_model.rows()
    texts = sorted((int(x.objectName().rsplit("_", 1)[1]), x) for x in qa.find_all("mjLogText_"))
    shown = [x.property("text") for _, x in texts if x.parentItem().property("visible")]
    assert shown == [r["text"] for r in rows[-5:]], (shown, rows)   # the newest lines, as many as fit
    plates = [p for p in qa.find_all("seat_") if p.property("visible")]
    assert len(plates) == 4
    for p in plates:
        assert not box(p).intersects(box(chat)), p.objectName()
    shot(qa, "mahjong_lan_chat")


def test_a_claim_at_a_lan_table_counts_down_the_hosts_timer_in_the_ring(qtbot, data_dir):
    """SPEC §8.2's claim ring at a LAN table counts down the host's move timer (its figure for my seat, as my
    plate shows it), not a clock of the guest's own."""
    from guikit import make_app
    qa = make_app(turnTimer=20, grace=5)
    try:
        t = host_table(qa)
        assert t.turnSecs == 25
        ring, secs, plate = qa.find("mjClaimClock"), qa.find("mjClaimSecs"), qa.find("seat_0")
        # a hand may end before anyone offers me a claim: its results are passed to the next hand
        for _ in my_turns(t, 120, "a claim offered to me on the LAN table"):
            if t.snap["phase"] == "move":
                assert not ring.property("visible")
                sug = t.snap.get("suggest") or {}
                t.submit(sug.get("kind", "discard"), sug.get("arg") or "")
                wait(30)
                continue
            assert wait_until(lambda: ring.property("visible"), 5)
            assert qa.find("myClock").property("hostClock")   # the host's figure, not a local countdown
            assert wait_until(lambda: secs.property("text") == str(plate.property("shownSecs")), 2)
            assert 0 < int(secs.property("text")) <= 25
            shot(qa, "mahjong_lan_claim_clock")
            rivers = [len(r) for r in t.snap["view"]["rivers"]]
            t.submit("pass", "")
            # the ring goes with my answer, unless the host's bots have already offered me the next discard
            assert wait_until(lambda rivers=rivers: not ring.property("visible")
                              or [len(r) for r in t.snap["view"]["rivers"]] != rivers, 10)
            return
    finally:
        qa.shutdown()
