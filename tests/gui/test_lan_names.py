"""Names at a LAN table (127.0.0.1 only): bots carry the real-looking name of their seat (as at a local table),
never the host's "Bot n" whose number matched no seat shown; two players who both left their name blank (海风)
are told apart, the later seat as "海风 (2)", in the lobby and on the plates."""

from __future__ import annotations

import re

from guikit import click_item, make_app, shot, wait_frame, wait_until


def test_bots_named_by_seat_and_a_duplicate_player_renamed(qtbot, data_dir):
    from engine.net.client import ClientThread
    qa = make_app(playerName="")
    lan = qa.lan
    lan.bind, lan.bot_delay, lan.discovery = "127.0.0.1", 0.0, False
    guest = None
    try:
        qa.set_screen("lan")
        wait_frame(qa.window)
        click_item(qa, qa.find("btnHostTable"))
        assert wait_until(lambda: lan.mode == "host" and lan.seat == 0, 10), lan.status
        port = lan.addresses[0].split(":")[-1]
        guest = ClientThread(f"127.0.0.1:{port}", "海风")   # the same default name as the host's player
        guest.start()
        assert wait_until(lambda: guest.client.table is not None, 10)
        guest.join(1, "海风")
        assert wait_until(lambda: any(s["seat"] == 1 and s["kind"] == "human" for s in lan.seats), 10)
        lobby = {s["seat"]: s["name"] for s in lan.seats}
        assert lobby[0] == "海风" and lobby[1] == "海风 (2)", lobby
        wait_frame(qa.window)
        shot(qa, "lan_names_lobby_zh")
        click_item(qa, qa.find("btnHostStart"))
        t = qa.table
        assert wait_until(lambda: qa.window.property("page") == "table" and t.net is not None, 20)
        assert wait_until(lambda: len(t.seats) == 6, 10)
        # the seat list arrives in frames of its own: wait until every seat's name has come in
        assert wait_until(lambda: not any(re.search(r"Bot|电脑", t.name_of(i)) for i in range(6)), 10)
        names = [t.name_of(i) for i in range(6)]
        assert names[:2] == ["海风", "海风 (2)"], names
        assert len(set(names)) == 6, names
        assert not any(re.search(r"Bot|电脑|\d", n) for n in names[2:]), names
        assert names[2:] == ["陈静", "刘强", "赵敏", "孙浩"], names   # seat k: the k-th name, as at a local table
        assert sorted(r["name"] for r in t.seats) == sorted(names)
        wait_frame(qa.window)
        shot(qa, "lan_names_table_zh")
    finally:
        if guest is not None:
            guest.stop(timeout=2.0)
        lan.stop()
        qa.shutdown()
