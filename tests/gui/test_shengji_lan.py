"""升级 at a LAN table through the app, on 127.0.0.1 only: the host's player sits with a guest and two bots,
answers the deal, and plays a card the host's engine accepts; a card of the wrong suit is refused by the
seat's own judge with S-16 (the host sends at most a few hundred legal actions: selections are judged)."""

from __future__ import annotations

import time

from guikit import click_item, shot, wait_frame, wait_until


def test_host_shengji_play_and_refuse(qa):
    from engine.net.client import ClientThread
    lan = qa.lan
    lan.bind, lan.bot_delay, lan.discovery = "127.0.0.1", 0.0, False
    qa.app.selectGame("shengji")
    qa.set_screen("lan")
    wait_frame(qa.window)
    click_item(qa, qa.find("btnHostTable"))
    assert wait_until(lambda: lan.mode == "host" and lan.seat == 0, 10), lan.status
    port = lan.addresses[0].rsplit(":", 1)[1]
    guest = ClientThread(f"127.0.0.1:{port}", "小王")
    guest.start()
    try:
        assert wait_until(lambda: guest.client.table is not None, 10)
        guest.join(1, "小王")
        assert wait_until(lambda: any(s["seat"] == 1 and s["kind"] == "human" for s in lan.seats), 10)
        click_item(qa, qa.find("btnHostStart"))
        assert wait_until(lambda: qa.window.property("page") == "table" and qa.table.net is not None, 20)
        t = qa.table
        assert t.n() == 4 and t.game == "shengji"
        found = None
        acted_sid = -1
        end = time.monotonic() + 180   # bounded; a loaded machine deals and plays slowly
        while time.monotonic() < end and found is None:
            snap = t.snap
            if snap.get("my_turn"):
                view = snap["view"]
                if snap.get("phase") == "play" and view.get("trick") and snap.get("judge") is not None:
                    judge = snap["judge"]
                    verdicts = [judge.action_for_cards(0, [c], "play") for c in t.hand.cards()]
                    bad = next((i for i, v in enumerate(verdicts) if getattr(v, "rule", "") == "S-16"), None)
                    good = next((i for i, v in enumerate(verdicts) if not hasattr(v, "rule")), None)
                    if bad is not None and good is not None:
                        found = (bad, good)
                        break
                sid = snap.get("n_actions")
                if snap.get("play_kinds"):
                    t.hint()
                    t.playSelected()
                elif snap.get("fixed"):
                    t.passTurn()
                wait_until(lambda sid=sid: t.snap.get("n_actions") != sid, 10)
            legal = guest.client.legal
            if legal and guest.client.sid != acted_sid:
                acted_sid = guest.client.sid
                pick = next((x for x in legal if x.kind == "pass"), legal[0])
                guest.act(pick)
            wait_until(lambda: False, 0.03)
        assert found is not None, "no follow of a single with a wrong suit came"
        bad, good = found
        t.hand.select_cards([t.hand.cards()[bad]])
        assert wait_until(lambda: not t.selection.get("pending"), 10)
        assert t.selection["rule"] == "S-16" and not t.selection["legal"], t.selection
        t.hand.clearSelection()
        t.hand.select_cards([t.hand.cards()[good]])
        assert wait_until(lambda: t.selection.get("legal"), 10), t.selection
        n = t.hand.count
        # the verdict re-lights 出牌 through a binding: click once the button shows it (a loaded machine may
        # draw the frame late, and a click on a dimmed button does nothing)
        assert wait_until(lambda: qa.find("act_play") is not None and qa.find("act_play").property("enabledState"), 10)
        wait_frame(qa.window)
        click_item(qa, qa.find("act_play"))
        assert wait_until(lambda: t.hand.count == n - 1, 40), (   # the host applied it
            f"not applied: selection {t.selection}, my_turn {t.snap.get('my_turn')}, notices {t.notices[-3:]}")
        wait_frame(qa.window)
        shot(qa, "shengji_lan_table")
    finally:
        guest.stop(timeout=2.0)
        lan.stop()
