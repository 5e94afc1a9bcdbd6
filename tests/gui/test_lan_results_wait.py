"""At a LAN table this app hosts, the host waits at a hand's results for its players (PROTOCOL.md §4): the
ended hand stays on the felt under the results (看牌桌 shows it), the bots wait, and 下一局 tells the host
this player is done; the players who are done see whom the table still waits for. If the wait runs out the
results give way to the next hand by themselves (上局结果 keeps them).

Two apps in one process on 127.0.0.1 (the host's player at seat 0, a guest at seat 1, two host bots), each
answering its turns with the table's own suggestion until the first hand ends; the results are then driven with
real clicks."""

from __future__ import annotations

import re
import time

from guikit import click_item, make_app, open_lobby, shot, sit_at, wait, wait_frame, wait_until
from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest


def _host_and_join(host_app, guest_app, results_wait: float) -> None:
    hl, gl = host_app.lan, guest_app.lan
    hl.bind, hl.bot_delay, hl.discovery, hl.results_wait = "127.0.0.1", 0.0, False, results_wait
    host_app.app.selectGame("mahjong")
    assert hl.hostTable(), hl.status
    open_lobby(guest_app, host_app, 4)
    click_item(guest_app, guest_app.find("btnSit_1"))
    assert wait_until(lambda: gl.seat == 1, 10)
    host_app.set_screen("lan")
    wait_frame(host_app.window)
    click_item(host_app, host_app.find("btnHostStart"))
    for a in (host_app, guest_app):
        assert wait_until(lambda a=a: a.window.property("page") == "table" and a.table.net is not None, 20)


def _play(apps, until, what: str, seconds: float = 120) -> None:
    """Each app answers its turns with its table's suggestion (again after 2 s if the turn is still there) until
    ``until()``; an app showing results answers nothing."""
    end = time.monotonic() + seconds
    done: dict[int, tuple[int, float]] = {}
    while time.monotonic() < end:
        if until():
            return
        for i, a in enumerate(apps):
            t = a.table
            n = int(t.snap.get("n_actions") or 0)
            if t.results.get("rows") or not t.snap.get("my_turn"):
                continue
            again = i in done and done[i][0] == n
            if again and time.monotonic() - done[i][1] < 2:
                continue
            done[i] = (n, time.monotonic())
            sug = t.snap.get("suggest")
            if sug or t.snap.get("phase") == "claim":   # a claim, a win: the suggestion; else 过
                t.submit((sug or {}).get("kind", "pass"), (sug or {}).get("arg") or "")
            elif again:   # the keys were not taken (a loaded machine): the first tile, as a click on it sends
                t.submit("discard", (t.board.get("hand") or [{}])[0].get("tile", ""))
            else:     # a discard: the hint's tile, picked with H and thrown with Enter (real keys)
                wait_frame(a.window)
                a.find("tableScreen").forceActiveFocus()
                QTest.keyClick(a.window, Qt.Key.Key_H)
                QTest.keyClick(a.window, Qt.Key.Key_Return)
        wait(20)
    raise AssertionError(f"timed out waiting for {what}: " + repr([
        (a.table.snap.get("phase"), a.table.snap.get("my_turn"), a.table.snap.get("suggest"), a.table.notices[-2:],
         a.table.board.get("picked"), len(a.table.snap.get("hints") or [])) for a in apps]))


def _play_to_results(apps) -> None:
    _play(apps, lambda: all(a.table.results.get("rows") for a in apps), "the first hand's results")


def _waiting(host_app) -> set[int]:
    return set(host_app.lan.host.call(lambda h: set(h._waiting)))


def _sid(host_app) -> int:
    return int(host_app.lan.host.call(lambda h: h.sid))


def test_the_lan_table_waits_at_the_results_until_each_player_goes_on(qtbot, data_dir):
    host_app, guest_app = make_app(), make_app()   # (one process: one translator, so one language at a time)
    try:
        _host_and_join(host_app, guest_app, 60.0)
        _play_to_results([host_app, guest_app])
        ht, gt = host_app.table, guest_app.table
        # both are waited for; the bots wait with them
        assert wait_until(lambda: _waiting(host_app) == {0, 1}, 5), _waiting(host_app)
        sid = _sid(host_app)
        wait(1000)
        assert _sid(host_app) == sid, "a bot moved while the players were at the results"
        for a in (host_app, guest_app):
            assert a.find("resultsPanel").isVisible()
            assert a.table.endedBoard, "the felt should keep the ended hand under the results"
        ended_no = ht.snap["view"]["hand_no"]
        # 下一局 says how long the host still waits: 60 s counted down from the host's figure
        nxt = host_app.find("btnNextSet")
        secs = lambda: re.fullmatch(r"下一局（(\d+) 秒）", nxt.property("text"))  # noqa: E731
        assert wait_until(lambda: secs() is not None, 5), nxt.property("text")
        first = int(secs().group(1))
        assert 50 <= first <= 60, nxt.property("text")
        assert wait_until(lambda: secs() is not None and int(secs().group(1)) < first, 3), nxt.property("text")
        # 看牌桌 on a LAN table that waits: the box folds away and the ended board shows
        peek = host_app.find("btnPeekTable")
        assert peek.isVisible()
        click_item(host_app, peek)
        assert wait_until(lambda: not host_app.find("resultsBox").isVisible(), 5)
        assert ht.snap["view"]["hand_no"] == ended_no
        shot(host_app, "lan_results_wait_peek_zh")
        click_item(host_app, host_app.find("resultsPeekBack"))
        assert wait_until(lambda: host_app.find("resultsBox").isVisible(), 5)
        shot(host_app, "lan_results_wait_zh")
        guest_app.settings.set("language", "en")
        # the guest goes on first: his felt shows the next deal, and he reads whom the table still waits for
        wait_frame(guest_app.window)
        click_item(guest_app, guest_app.find("btnNextSet"))
        assert wait_until(lambda: _waiting(host_app) == {0}, 5), _waiting(host_app)
        assert wait_until(lambda: not guest_app.find("resultsPanel").isVisible(), 5)
        assert gt.snap["view"]["hand_no"] == ended_no + 1
        host_name = gt.name_of(0)
        assert wait_until(lambda: gt.status == f"{host_name} still reading the results" or gt.snap.get("my_turn"),
                          5), gt.status
        if not gt.snap.get("my_turn"):
            shot(guest_app, "lan_results_wait_guest_en")
        # the next deal's long English commitment line stays off the top seat's rebuilt hand (SPEC §8.2)
        toast, edge = guest_app.find("toast"), guest_app.find("mjEdge_2")
        if toast.isVisible():
            wait_frame(guest_app.window)
            box = toast.mapRectToScene(QRectF(0, 0, toast.width(), toast.height()))
            assert not box.intersects(edge.mapRectToScene(QRectF(0, 0, edge.width(), edge.height()))), \
                guest_app.find("toastText").property("text")
        assert _sid(host_app) == sid, "a bot moved while the host's player was at the results"
        # the host's player is the last: the table goes on
        click_item(host_app, host_app.find("btnNextSet"))
        assert wait_until(lambda: not _waiting(host_app), 5)
        assert wait_until(lambda: not host_app.find("resultsPanel").isVisible(), 5)
        assert ht.snap["view"]["hand_no"] == ended_no + 1
        _play([host_app, guest_app], lambda: _sid(host_app) > sid + 2, "the table to go on")
        assert "still reading" not in gt.status
    finally:
        guest_app.shutdown()
        host_app.shutdown()


def test_when_the_wait_runs_out_the_results_give_way(qtbot, data_dir):
    host_app, guest_app = make_app(language="en"), make_app(language="en")
    try:
        _host_and_join(host_app, guest_app, 8.0)
        # (only the host's player's results: the guest's may already have given way on a loaded machine)
        _play([host_app, guest_app], lambda: bool(host_app.table.results.get("rows")), "the first hand's results")
        ht = host_app.table
        ended_no = ht.snap["view"]["hand_no"]
        assert host_app.find("resultsPanel").isVisible()
        nxt = host_app.find("btnNextSet")
        assert wait_until(lambda: re.fullmatch(r"Next hand \([1-8] s\)", nxt.property("text")), 5), nxt.property("text")
        shot(host_app, "lan_results_wait_en")
        # two English players who left their names blank sit as a name, never as "You" on the others' screens
        assert [ht.name_of(0), ht.name_of(1)] == ["Hai Feng", "Hai Feng (2)"], [ht.name_of(0), ht.name_of(1)]
        # nobody clicks: after the 8 s wait the results step aside by themselves, and the next deal shows
        assert wait_until(lambda: not host_app.find("resultsPanel").isVisible(), 15)
        assert wait_until(lambda: not _waiting(host_app), 5)
        assert ht.snap["view"]["hand_no"] == ended_no + 1
        last = host_app.find("btnLastResults")
        assert wait_until(lambda: last.isVisible(), 5)
        wait_frame(host_app.window)
        click_item(host_app, last)
        assert wait_until(lambda: host_app.find("resultsPanel").isVisible(), 5), (ht.results.keys(), ht.hasLastResults, last.isVisible(), last.property("x"), last.property("y"))
        assert not host_app.find("btnPeekTable").isVisible(), "看牌桌 over a board that is the next hand"
        shot(host_app, "lan_results_wait_over_en")
    finally:
        guest_app.shutdown()
        host_app.shutdown()


def _answer(qa, t) -> None:
    """A turn answered with real input: an enabled decision or 过 by a click, else the hint (H) and 出牌."""
    wait_frame(qa.window)
    other = [n for n in t.enabledActs if n not in ("act_hint", "act_play")]
    if not other:
        qa.find("tableScreen").forceActiveFocus()
        QTest.keyClick(qa.window, Qt.Key.Key_H)
        if not wait_until(lambda: "act_play" in t.enabledActs or not t.snap.get("my_turn"), 5):
            return
        other = ["act_play"]
    btn = qa.find(other[0])
    if btn is not None and btn.isVisible() and t.snap.get("my_turn"):
        click_item(qa, btn)


def test_a_card_games_last_play_stays_under_the_results(qa):
    """Baohuang: the hand's last play lands on the ended board under the results (a LAN snapshot names no
    action: it is read from the events), and the box's 看牌桌 shows it; 下一局 then ends the host's wait."""
    from engine.net.host import HostConfig, HostServer, SeatSpec
    server = HostServer(HostConfig(game="baohuang", hands=2, seed=20261206, bind="127.0.0.1", discovery=False,
                                   seats=[SeatSpec("bot", "heuristic")] * 4 + [SeatSpec()], autostart=True,
                                   results_wait=60.0))
    port = server.start()
    lan, t = qa.lan, qa.table
    try:
        sit_at(qa, port, 4)
        done_sid = -1
        end = time.monotonic() + 240
        while time.monotonic() < end and not t.results.get("rows"):
            snap = t.snap
            if snap.get("my_turn") and snap.get("n_actions") != done_sid:
                done_sid = snap.get("n_actions")
                _answer(qa, t)
            wait(20)
        assert t.results.get("rows"), ("the hand never ended", t.snap.get("phase"), t.snap.get("my_turn"),
                                       [a["kind"] for a in t.actions], t.enabledActs, t.notices[-3:])
        assert server.call(lambda h: set(h._waiting)) == {4}
        assert t.endedBoard and t.snap["view"]["set_no"] == 0, t.snap["view"].get("set_no")
        last = [e["data"] for e in t.snap["events"] if e["kind"] == "play"][-1]
        trick = t.snap["view"]["trick"]
        assert trick and trick[-1]["seat"] == last["seat"], (trick, last)
        assert [r["seat"] for r in t.trick_model.rows()][-1:] == [last["seat"]]
        wait_frame(qa.window)
        click_item(qa, qa.find("btnPeekTable"))
        assert wait_until(lambda: not qa.find("resultsBox").isVisible(), 5)
        shot(qa, "lan_results_wait_last_play_zh")
        click_item(qa, qa.find("resultsPeekBack"))
        assert wait_until(lambda: qa.find("resultsBox").isVisible(), 5)
        wait_frame(qa.window)
        click_item(qa, qa.find("btnNextSet"))
        assert wait_until(lambda: not server.call(lambda h: set(h._waiting)), 5)
        assert wait_until(lambda: t.snap["view"].get("set_no") == 1, 5)
    finally:
        lan.stop()
        server.stop()
