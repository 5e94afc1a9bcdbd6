"""The desktop app's thread API (HostServer / ClientThread) and LAN discovery over 127.0.0.1."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from netkit import toy_game

from engine.net import discovery
from engine.net.client import ClientThread, parse_addr
from engine.net.host import HostConfig, HostEvent, HostServer, SeatSpec
from engine.net.protocol import ChatFrom, HostMsg, Seated, Sync, Table, Update, Welcome

pytestmark = pytest.mark.timeout(60)


def wait_for(cond: Any, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.01)
    raise AssertionError("timed out")


def test_parse_addr() -> None:
    assert parse_addr("192.168.1.5:4000") == ("192.168.1.5", 4000)
    assert parse_addr("[::1]:4000") == ("::1", 4000)
    assert parse_addr("host", 7) == ("host", 7)


def test_host_server_and_client_threads_play_a_match() -> None:
    with toy_game():
        _thread_api_match()


def _thread_api_match() -> None:
    events: list[HostEvent] = []
    host = HostServer(HostConfig(game="toy", options={"seats": 4, "cards": 6}, bind="127.0.0.1", discovery=False,
                                 seats=[SeatSpec(), SeatSpec(), SeatSpec("bot", "random"), SeatSpec()]),
                      on_event=events.append)
    port = host.start()
    try:
        assert port > 0 and host.addresses()
        # the host's own player takes seat 0 with a reserved token, a LAN player joins seat 1
        token = host.reserve_seat(0, "房主")
        got: dict[str, list[HostMsg]] = {"me": [], "lan": []}
        lock = threading.Lock()

        def sink(key: str) -> Any:
            def on(msg: HostMsg) -> None:
                with lock:
                    got[key].append(msg)
            return on

        me = ClientThread(f"127.0.0.1:{port}", "房主", seat=0, token=token, on_message=sink("me"))
        lan = ClientThread(f"127.0.0.1:{port}", "guest", on_message=sink("lan"))
        me.start()
        lan.start()
        wait_for(lambda: any(isinstance(m, Seated) for m in got["me"]))
        wait_for(lambda: any(isinstance(m, (Welcome, Table)) for m in got["lan"]))
        lan.join(1, "guest")
        wait_for(lambda: lan.seat == 1)
        # players see each other arrive
        wait_for(lambda: [s.kind for s in host.table().seats] == ["human", "human", "bot", "open"])
        me.chat(phrase="hello")
        wait_for(lambda: any(isinstance(m, ChatFrom) and m.phrase == "hello" for m in got["lan"]))
        host.set_seat(3, "bot", "random")
        host.start_game()
        wait_for(lambda: me.view() is not None and lan.view() is not None)

        def play(ct: ClientThread, key: str) -> None:
            seen = 0
            while True:
                with lock:
                    msgs = list(got[key])
                for m in msgs[seen:]:
                    if isinstance(m, (Sync, Update)) and m.legal:
                        ct.act({"kind": m.legal[0].kind, "arg": m.legal[0].arg})
                seen = len(msgs)
                v = ct.view()
                if v is not None and v.get("to_act") is None and v.get("phase") == "over":
                    return
                time.sleep(0.005)

        t1 = threading.Thread(target=play, args=(me, "me"), daemon=True)
        t2 = threading.Thread(target=play, args=(lan, "lan"), daemon=True)
        t1.start()
        t2.start()
        t1.join(20)
        t2.join(20)
        assert not t1.is_alive() and not t2.is_alive()
        assert host.call(lambda h: h.status) == "over"
        assert any(e.kind == "over" for e in events) and any(e.kind == "table" for e in events)
        me.stop()
        lan.stop()
    finally:
        host.stop()


def test_host_server_reports_bad_options() -> None:
    with pytest.raises(ValueError):
        HostServer(HostConfig(game="gouji", options={"no_such_option": 1}, bind="127.0.0.1",
                              discovery=False)).start()


def test_udp_discovery_on_loopback() -> None:
    """The UDP-broadcast fallback, aimed at 127.0.0.1 (no multicast, no LAN traffic)."""
    found: list[list[discovery.Found]] = []
    import socket

    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    udp_port = s.getsockname()[1]
    s.close()
    browser = discovery.Browser(found.append, udp_port=udp_port, bind="127.0.0.1", zeroconf=False)
    browser.start()
    ad = discovery.Advertiser(4321, udp_port, targets=["127.0.0.1"], zeroconf=False)
    try:
        time.sleep(0.2)
        ad.start({"app": "qilu-cards", "proto": 1, "game": "gouji", "host": "桌子", "port": 4321, "free": 3,
                  "seats": 6, "status": "lobby"})
        wait_for(lambda: bool(browser.tables()), 10)
        t = browser.tables()[0]
        assert (t.address, t.port, t.game, t.free, t.host, t.via) == ("127.0.0.1", 4321, "gouji", 3, "桌子", "udp")
        assert found
        # junk datagrams are ignored
        j = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        for junk in (b"\xff" * 50, b"{}", b'{"app":"x"}', b"x" * 5000):
            j.sendto(junk, ("127.0.0.1", udp_port))
        j.close()
        time.sleep(0.2)
        assert len(browser.tables()) == 1
    finally:
        ad.stop()
        browser.stop()


def test_lan_addresses() -> None:
    addrs = discovery.lan_addresses()
    assert addrs and all(a.count(".") == 3 for a in addrs)
