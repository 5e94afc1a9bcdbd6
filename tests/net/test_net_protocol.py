"""Handshake, framing limits, schema validation, heartbeats, rate limits, tokens, intents and chat (toy game)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from netkit import HELLO, frame, raw, read_all, read_until, start_host, stop_host

from engine.net.host import Host
from engine.net.protocol import (
    MAX_CLIENT_FRAME,
    PROTOCOL_VERSION,
    ChatFrom,
    Closing,
    Ping,
    Refused,
    Seated,
    Sync,
    Update,
    Welcome,
)

pytestmark = pytest.mark.timeout(30)

TOY = {"game": "toy", "options": {"seats": 4, "cards": 5}}


def run(coro_fn: Callable[[Host], Awaitable[None]], **kw: Any) -> None:
    async def main() -> None:
        cfg = dict(TOY)
        cfg.update(kw)
        host, task = await start_host(**cfg)
        try:
            await coro_fn(host)
            assert not task.done(), "the host must carry on"
        finally:
            await stop_host(host, task)

    asyncio.run(main())


async def closed_with(port: int, data: bytes, hello: bool = True, timeout: float = 5.0) -> Closing:
    r, w = await raw(port)
    if hello:
        w.write(frame(HELLO))
    w.write(data)
    await w.drain()
    msgs = await read_all(r, timeout)
    w.close()
    closing = [m for m in msgs if isinstance(m, Closing)]
    assert closing, f"no closing frame, got {msgs}"
    return closing[-1]


def test_handshake_welcome() -> None:
    async def body(host: Host) -> None:
        r, w = await raw(host.port)
        w.write(frame(HELLO))
        msgs = await read_until(r, Welcome)
        assert msgs[-1].table.game == "toy" and msgs[-1].table.free_seats() == [0, 1, 2, 3]
        w.close()
    run(body)


def test_wrong_version_gets_a_clear_message() -> None:
    async def body(host: Host) -> None:
        c = await closed_with(host.port, frame({"t": "hello", "proto": 99, "app": "qilu-cards"}), hello=False)
        assert c.code == "version" and "version 99" in c.reason and f"version {PROTOCOL_VERSION}" in c.reason
        # the host carries on
        c2 = await closed_with(host.port, frame({"t": "ping"}), hello=False)
        assert c2.code == "handshake"
    run(body)


@pytest.mark.parametrize("data,code", [
    (b"\x00\x00\x00\x05hello", "malformed"),
    (frame(b"{\"t\": \"nope\"}"), "schema"),
    (frame({"t": "ping", "n": "x"}), "schema"),
    (frame({"t": "ping", "extra": 1}), "schema"),
    (frame({"t": "intent", "sid": 1}), "schema"),
    (frame({"t": "intent", "sid": 1, "action": {"kind": "play", "cards": "all"}}), "schema"),
    (frame([1, 2, 3]), "schema"),
    (b"\x00\x00\x00\x00", "empty"),
    ((MAX_CLIENT_FRAME + 1).to_bytes(4, "big") + b"x" * 100, "oversized"),
    (b"\xff\xff\xff\xff", "oversized"),
    (frame(HELLO), "handshake"),
])
def test_bad_frames_close_only_that_connection(data: bytes, code: str) -> None:
    async def body(host: Host) -> None:
        c = await closed_with(host.port, data)
        assert c.code == code, c
        assert any(r[0] == code for r in host.closed_reasons)
        # another connection still works
        r, w = await raw(host.port)
        w.write(frame(HELLO))
        assert isinstance((await read_until(r, Welcome))[-1], Welcome)
        w.close()
    run(body)


def test_partial_frame_is_too_slow() -> None:
    async def body(host: Host) -> None:
        c = await closed_with(host.port, (100).to_bytes(4, "big") + b"{\"t\":", timeout=5)
        assert c.code == "slow"
        c = await closed_with(host.port, b"\x00\x00", timeout=5)
        assert c.code == "slow"
    run(body, frame_timeout=0.3)


def test_silent_connection_times_out() -> None:
    async def body(host: Host) -> None:
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        c = await closed_with(host.port, b"", timeout=5)
        assert c.code == "idle" and loop.time() - t0 < 3
        c = await closed_with(host.port, b"", hello=False, timeout=5)  # no hello at all
        assert c.code == "idle"
    run(body, idle_timeout=0.5, handshake_timeout=0.5)


def test_heartbeat_pings() -> None:
    async def body(host: Host) -> None:
        r, w = await raw(host.port)
        w.write(frame(HELLO))
        msgs = await read_until(r, Ping, timeout=3)
        assert isinstance(msgs[-1], Ping)
        w.close()
    run(body, heartbeat=0.2)


def test_flood_is_closed() -> None:
    async def body(host: Host) -> None:
        c = await closed_with(host.port, frame({"t": "ping"}) * 1000)
        assert c.code == "flood"
    run(body, rate=50, burst=100)


async def seated(port: int, seat: int, name: str = "p") -> tuple[asyncio.StreamReader, asyncio.StreamWriter, str]:
    r, w = await raw(port)
    w.write(frame(HELLO) + frame({"t": "join", "seat": seat, "name": name}))
    msgs = await read_until(r, Seated)
    return r, w, msgs[-1].token


def test_tokens_forged_old_and_reclaim() -> None:
    async def body(host: Host) -> None:
        r0, w0, tok0 = await seated(host.port, 0)
        r1, w1, tok1 = await seated(host.port, 1)
        assert tok0 != tok1 and len(tok0) >= 32
        # a taken seat cannot be joined
        r, w = await raw(host.port)
        w.write(frame(HELLO) + frame({"t": "join", "seat": 0, "name": "thief"}))
        msgs = await read_until(r, Refused)
        assert msgs[-1].code == "taken"
        w.close()
        # forged token, another seat's token
        for seat, tok in ((0, "x" * 32), (0, tok1), (3, tok0), (99, tok0)):
            c = await closed_with(host.port, frame({"t": "rejoin", "seat": seat, "token": tok}))
            assert c.code == "token"
        # the right token reclaims the seat and closes the older connection
        r2, w2 = await raw(host.port)
        w2.write(frame(HELLO) + frame({"t": "rejoin", "seat": 0, "token": tok0}))
        assert (await read_until(r2, Seated))[-1].seat == 0
        old = await read_all(r0, 3)
        assert any(isinstance(m, Closing) and m.code == "replaced" for m in old)
        # leaving the lobby frees the seat: its token is old now
        w2.write(frame({"t": "leave"}))
        await w2.drain()
        await read_all(r2, 3)
        c = await closed_with(host.port, frame({"t": "rejoin", "seat": 0, "token": tok0}))
        assert c.code == "token"
        w1.close()
    run(body)


def test_intents_stale_turn_illegal_and_legal() -> None:
    async def body(host: Host) -> None:
        conns = [await seated(host.port, s, f"p{s}") for s in range(3)]
        host.start_game()  # seat 3 is filled with a bot
        r0, w0, _ = conns[0]
        sync = (await read_until(r0, Sync))[-1]
        assert sync.legal and sync.view["seat"] == 0 and len(sync.view["hand"]) == 5
        sid = sync.sid
        act = {"kind": sync.legal[0].kind, "arg": sync.legal[0].arg}
        w0.write(frame({"t": "intent", "sid": sid - 1, "action": act}))
        ref = (await read_until(r0, Refused))[-1]
        assert ref.code == "stale" and ref.sid == sid
        r1, w1, _ = conns[1]
        w1.write(frame({"t": "intent", "sid": sid, "action": act}))
        assert (await read_until(r1, Refused))[-1].code == "turn"
        w0.write(frame({"t": "intent", "sid": sid, "action": {"kind": "give", "arg": "Zz"}}))
        assert (await read_until(r0, Refused))[-1].code == "illegal"
        w0.write(frame({"t": "intent", "sid": sid, "action": {"kind": "give", "play": "33", "arg": None}}))
        assert (await read_until(r0, Refused))[-1].code == "illegal"
        w0.write(frame({"t": "intent", "sid": sid, "action": act}))
        up = (await read_until(r0, Update))[-1]
        assert up.sid == sid + 1 and len(up.view["hand"]) == 4
        # seat 2 sees the public state change but not the given card
        up2 = (await read_until(conns[2][0], Update))[-1]
        assert up2.events == [] and act["arg"] not in str(up2)
        for _, w, _ in conns:
            w.close()
    run(body)


def test_chat_phrases_text_and_limits() -> None:
    async def body(host: Host) -> None:
        r0, w0, _ = await seated(host.port, 0, "甲")
        r1, w1, _ = await seated(host.port, 1, "乙")
        w0.write(frame({"t": "chat", "phrase": "hello"}))
        m = (await read_until(r1, ChatFrom))[-1]
        assert m.seat == 0 and m.name == "甲" and m.phrase == "hello"
        w0.write(frame({"t": "chat", "text": "快点\x00\x07吧" + "x" * 500}))
        m = (await read_until(r1, ChatFrom))[-1]
        assert m.text is not None and m.text.startswith("快点吧") and len(m.text) <= 120
        w0.write(frame({"t": "chat", "phrase": "no-such"}))
        assert (await read_until(r0, Refused))[-1].code == "chat"
        for _ in range(10):
            w0.write(frame({"t": "chat", "phrase": "nice"}))
        refs = [m for m in await read_all(r0, 1) if isinstance(m, Refused)]
        assert refs and all(x.code == "chat" for x in refs)
        w0.close()
        w1.close()
    run(body)
