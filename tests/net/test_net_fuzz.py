"""Fuzz: thousands of malformed, truncated, oversized and flooding frames while a Gouji match is played.

The host never crashes, every bad connection is closed with a reason, and the other seats finish.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from typing import Any

import msgspec
import pytest
from netkit import HELLO, check_no_leak, frame, raw, start_host, stop_host

from engine.net.client import Client, run_bot
from engine.net.host import SeatSpec
from engine.net.protocol import MAX_CLIENT_FRAME

VALID = [
    HELLO,
    {"t": "ping", "n": 1},
    {"t": "join", "seat": 1, "name": "x"},
    {"t": "rejoin", "seat": 1, "token": "abc"},
    {"t": "intent", "sid": 3, "action": {"kind": "play", "play": "33"}},
    {"t": "chat", "phrase": "hello"},
    {"t": "leave"},
]


def bad_payload(rng: random.Random) -> tuple[bytes, int]:
    """(bytes to send after hello, number of bad frames in them)."""
    kind = rng.randrange(10)
    if kind == 0:  # random bytes
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))), 1
    if kind == 1:  # a valid message with flipped bytes
        body = bytearray(msgspec.json.encode(rng.choice(VALID)))
        for _ in range(rng.randrange(1, 4)):
            body[rng.randrange(len(body))] = rng.randrange(256)
        return frame(bytes(body)), 1
    if kind == 2:  # truncated JSON in a complete frame
        body = msgspec.json.encode(rng.choice(VALID))
        return frame(body[: rng.randrange(1, len(body))]), 1
    if kind == 3:  # oversized header
        return (MAX_CLIENT_FRAME + 1 + rng.randrange(10 ** 6)).to_bytes(4, "big") + b"{" * 50, 1
    if kind == 4:  # unknown tag / fields / types
        obj: Any = rng.choice([{"t": "shutdown"}, {"t": "intent", "sid": "x", "action": {}},
                               {"t": "join", "seat": [1], "name": 5}, {"t": "chat", "phrase": {"a": 1}},
                               {"t": "ping", "n": 1, "admin": True}, "hello", None, 12, [{"t": "ping"}]])
        return frame(msgspec.json.encode(obj)), 1
    if kind == 5:  # flood of valid pings
        n = rng.randrange(300, 800)
        return frame({"t": "ping"}) * n, n
    if kind == 6:  # deep nesting
        return frame(b"[" * 5000 + b"]" * 5000), 1
    if kind == 7:  # truncated frame then EOF
        body = msgspec.json.encode(rng.choice(VALID))
        return (len(body) + 10).to_bytes(4, "big") + body, 1
    if kind == 8:  # a second hello
        return frame(HELLO), 1
    return b"\x00\x00\x00\x00", 1  # empty frame


async def fuzz_conn(port: int, rng: random.Random, codes: Counter[str], sent: list[int]) -> None:
    try:
        r, w = await raw(port)
    except (OSError, TimeoutError):
        codes["connect_failed"] += 1
        return
    try:
        data, n = bad_payload(rng)
        if rng.random() < 0.8:
            data = frame(HELLO) + data
        w.write(data)
        sent[0] += n
        await w.drain()
        w.write_eof()
        async with asyncio.timeout(5):
            rest = await r.read()
        codes["closed"] += 1
        if b'"closing"' in rest:
            codes["reason"] += 1
    except (ConnectionError, TimeoutError, OSError):
        codes["reset"] += 1
    finally:
        w.close()


async def slow_conn(port: int, codes: Counter[str]) -> None:
    """A partial frame that never completes: closed as too slow."""
    r, w = await raw(port)
    w.write(frame(HELLO) + (200).to_bytes(4, "big") + b'{"t":"ping"')
    await w.drain()
    async with asyncio.timeout(5):
        rest = await r.read()
    if b"partial frame" in rest:
        codes["slow_closed"] += 1
    w.close()


@pytest.mark.timeout(150)
def test_fuzz_while_a_gouji_match_is_played(tmp_path: Any) -> None:
    async def main() -> None:
        log_path = str(tmp_path / "t.jsonl")
        host, task = await start_host(game="gouji", options={"sets_per_game": 2}, autostart=True,
                                      seats=[SeatSpec("bot")] + [SeatSpec()] * 5, log_path=log_path,
                                      grace=0.5, frame_timeout=0.5, bot_delay=0.002)
        rng = random.Random(1234)
        codes: Counter[str] = Counter()
        sent = [0]
        clients: list[Client] = []
        frames: list[list[bytes]] = [[] for _ in range(4)]
        try:
            # seat 5: a player who joins and then sends garbage mid-match (closed; then 托管)
            r5, w5 = await raw(host.port)
            w5.write(frame(HELLO) + frame({"t": "join", "seat": 5, "name": "mallory"}))
            runs = [asyncio.ensure_future(run_bot("127.0.0.1", host.port, name=f"b{i}", games_=1, seat=i + 1,
                                                  frames=frames[i], client_out=clients, seed=i)) for i in range(4)]
            for _ in range(200):
                if host.status == "playing":
                    break
                await asyncio.sleep(0.01)
            assert host.status == "playing"
            w5.write(frame({"t": "intent", "sid": 0, "action": {"kind": "pass"}}) + b"\x00\x00\x00\x03abc")
            await w5.drain()
            slow = [asyncio.ensure_future(slow_conn(host.port, codes)) for _ in range(3)]
            n_conns = 0
            while n_conns < 1500:
                batch = [fuzz_conn(host.port, random.Random(rng.random()), codes, sent) for _ in range(12)]
                await asyncio.gather(*batch)
                n_conns += len(batch)
            await asyncio.gather(*slow)
            done, pending = await asyncio.wait(runs, timeout=90)
            assert not pending, f"the other seats did not finish (state {host.sid}, {host.status})"
            for d in done:
                d.result()
            assert host.status == "over" and host.state.is_over
            assert not task.done()
            assert n_conns >= 1000 and sent[0] >= 5000, (n_conns, sent[0])
            assert codes["closed"] + codes["reset"] == n_conns
            assert codes["reason"] > n_conns * 0.5, codes
            assert codes["slow_closed"] == 3
            reasons = Counter(c for c, _ in host.closed_reasons)
            assert {"malformed", "schema", "oversized", "flood"} <= set(reasons), reasons
            assert host.seats[5].auto  # the garbage sender's seat was played by a bot
            seat_frames = {c.seat: f for c, f in zip(clients, frames) if c.seat is not None}
            check_no_leak(log_path, seat_frames, {c.seat: c.token for c in clients if c.seat is not None and c.token})
        finally:
            await stop_host(host, task)

    asyncio.run(main())
