"""验证洗牌 over 127.0.0.1: a guest's contribution is mixed into the deal seed, so the same host secret with
another contribution deals other cards; every deal the guests received verifies from the public reveal; a
late, repeated or malformed contribution is refused and changes nothing."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from netkit import check_no_leak, raw, read_until, start_host, stop_host

from engine import fairness
from engine.net.client import run_bot
from engine.net.host import SeatSpec
from engine.net.protocol import Entropy, Refused, encode


async def _hand(tmp_path: Any, byte: int) -> tuple[Any, list[bytes], Any, str]:
    """One Baohuang hand, host seed fixed, four bot seats and one guest contributing ``byte`` * 32."""
    log_path = str(tmp_path / f"table{byte}.jsonl")
    seats = [SeatSpec("bot", "heuristic")] * 4 + [SeatSpec()]
    host, task = await start_host(game="baohuang", seats=seats, autostart=True, log_path=log_path, seed=918273645)
    frames: list[bytes] = []
    clients: list[Any] = []
    try:
        run = asyncio.ensure_future(run_bot("127.0.0.1", host.port, name="guest", level="heuristic", games_=1,
                                            frames=frames, client_out=clients, seed=1,
                                            entropy=lambda deal: bytes([byte]) * 32))
        await asyncio.wait_for(run, 90)
        assert host.state.is_over
        return host.state, frames, clients[0], log_path
    finally:
        await stop_host(host, task)


@pytest.mark.timeout(200)
def test_a_guests_contribution_changes_the_deal_and_verifies(tmp_path: Any) -> None:
    a, frames_a, client, log_a = asyncio.run(_hand(tmp_path, 0x11))
    seat = client.seat
    b, _, _, _ = asyncio.run(_hand(tmp_path, 0x22))
    deal_a = [e for e in a.history if e.kind == "deal"]
    deal_b = [e for e in b.history if e.kind == "deal"]
    assert [e.data["hand"] for e in deal_a] != [e.data["hand"] for e in deal_b]  # same host seed, other deal
    reveal = next(e.data for e in a.history if e.kind == "shuffle_reveal")
    assert reveal["entropy"][seat] == "11" * 32 and reveal["entropy"][:seat] == [None] * seat
    # the guest checks its own hand with what it received: the commitment, its deal, the reveal
    hist: list[dict[str, Any]] = []
    for body in frames_a:
        msg = json.loads(body)
        if msg.get("t") == "sync":
            hist = list(msg["view"].get("history") or [])
        elif msg.get("t") == "update":
            hist.extend(msg["events"])
    # the first deal's host secret was bound in the table info the guest saw before it joined
    assert client.first_deal_bound == fairness.bound_secret(a.seed, 0)
    verdicts = fairness.check_history("baohuang", {}, hist, client.first_deal_bound)
    assert verdicts and all(v.ok for v in verdicts)
    other = fairness.check_history("baohuang", {}, hist, fairness.bound_secret(a.seed + 1, 0))
    assert not other[0].ok and "bound" in other[0].en  # a host that changed its secret after the joins
    assert fairness.check_log(open(log_a, encoding="utf-8").read())[0].ok  # the host's log: every hand
    stats = check_no_leak(log_a, {seat: frames_a}, {})
    assert stats["reveals"] >= 1
    # the oracle catches a deal's seed sent before its reveal (a frame forged into the seat's stream)
    leaked = json.dumps({"t": "notice", "code": "x", "text": reveal["shuffle_seed"]}).encode()
    with pytest.raises(AssertionError, match="shuffle secret"):
        check_no_leak(log_a, {seat: [frames_a[0], leaked, *frames_a[1:]]}, {})


@pytest.mark.timeout(60)
def test_late_twice_or_malformed_contributions_are_refused(tmp_path: Any) -> None:
    async def go() -> None:
        seats = [SeatSpec("bot", "heuristic")] * 4 + [SeatSpec()]
        host, task = await start_host(game="baohuang", seats=seats, autostart=True, seed=5, bot_delay=30.0)
        try:
            r, w = await raw(host.port)
            w.write(encode_hello())
            w.write(encode_join(4, "11" * 32))
            await w.drain()
            await asyncio.sleep(0.3)
            st = host.state
            assert st is not None and st.fair.entropy[0][4] == bytes([0x11]) * 32
            before = st.fair.dealt
            w.write(encode(Entropy(0, "22" * 32)))  # deal 0 is made: too late
            w.write(encode(Entropy(before, "33" * 32)))
            w.write(encode(Entropy(before, "44" * 32)))  # twice
            w.write(encode(Entropy(before + 5, "55" * 32)))  # not the next deal
            await w.drain()
            msgs = await read_until(r, Refused, timeout=5)
            refused = [m for m in msgs if isinstance(m, Refused)]
            for _ in range(3):
                if len(refused) >= 3:
                    break
                more = await read_until(r, Refused, timeout=5)
                refused += [m for m in more if isinstance(m, Refused)]
            assert [m.code for m in refused][:3] == ["entropy"] * 3
            assert st.fair.entropy[before][4] == bytes([0x33]) * 32 and set(st.fair.entropy) == {0, before}
            w.write(b"\x00\x00\x00\x2a" + b'{"t":"entropy","deal":1,"value":"zz"}' + b" " * 5)
            await w.drain()
            await asyncio.sleep(0.3)
            assert not any(c.seat == 4 for c in host.conns)  # a malformed frame costs that connection
            w.close()
        finally:
            await stop_host(host, task)
    asyncio.run(go())


def encode_hello() -> bytes:
    from netkit import HELLO, frame
    return frame(HELLO)


def encode_join(seat: int, entropy: str) -> bytes:
    from netkit import frame
    return frame({"t": "join", "seat": seat, "name": "raw", "entropy": entropy})
