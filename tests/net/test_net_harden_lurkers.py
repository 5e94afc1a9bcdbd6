"""Issue 11 §2: lurking connections never keep a seat's player out; the client retries ``busy``.

Against a real ``python -m engine.net.host``: 30 raw connections that only say hello and answer pings, each
coming back within 50 ms when closed, while a seated player's client crashes and comes back with its token.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from typing import Any

import pytest
from attack import RawClient, host_process
from netkit import start_host, stop_host

from engine.net.client import Client
from engine.net.host import HostConfig
from engine.net.protocol import Closing, Ping, Sync, Table

pytestmark = pytest.mark.timeout(120)

N_LURKERS = 30  # connections that hold slots (with the two seated players: all 32 of the old limit) ...
N_GRABBERS = 10  # ... and more that re-grab any freed slot within 50 ms


async def lurk(port: int, i: int, stop: asyncio.Event, stats: dict[str, int]) -> None:
    """Hello, answer pings, and come back within 50 ms whenever closed (bounded by ``stop`` and a count)."""
    for _ in range(5000):
        if stop.is_set():
            return
        try:
            c = await RawClient.open(port, f"lurker{i}")
            stats["connects"] += 1
            for _ in range(10_000):
                if stop.is_set():
                    break
                try:
                    m = await c.recv(0.5)
                except TimeoutError:
                    continue
                if isinstance(m, Ping):
                    c.send({"t": "pong", "n": m.n})
                elif isinstance(m, Closing):
                    stats[m.code] = stats.get(m.code, 0) + 1
                    break
            c.close()
        except (OSError, asyncio.IncompleteReadError, ConnectionError):
            pass
        await asyncio.sleep(random.uniform(0.0, 0.05))


def test_crashed_player_reclaims_his_seat_while_30_lurkers_hold_slots() -> None:
    async def main(port: int) -> tuple[float, dict[str, int], Client]:
        # two players take seats 0 and 1; the 4 other seats are host bots; the match starts
        p = await RawClient.open(port, "甲", {"t": "join", "seat": 0, "name": "甲"})
        q = await RawClient.open(port, "乙", {"t": "join", "seat": 1, "name": "乙"})
        await p.my_turn()
        token = p.token
        assert token is not None
        stop = asyncio.Event()
        stats: dict[str, int] = {"connects": 0}
        lurkers = [asyncio.ensure_future(lurk(port, i, stop, stats)) for i in range(N_LURKERS)]
        try:
            for _ in range(200):  # until the lurkers hold their slots
                await asyncio.sleep(0.05)
                if stats["connects"] >= N_LURKERS:
                    break
            lurkers += [asyncio.ensure_future(lurk(port, i, stop, stats)) for i in range(N_GRABBERS)]
            await asyncio.sleep(0.5)
            p.w.transport.abort()  # the client crashes: no leave, no FIN handshake of its own
            await asyncio.sleep(0.3)
            got: list[Any] = []
            synced = asyncio.Event()

            def on_message(c: Client, m: Any) -> None:
                got.append(m)
                if isinstance(m, Sync):
                    synced.set()

            t0 = time.monotonic()
            back = Client("127.0.0.1", port, "甲", seat=0, token=token, on_message=on_message, reconnect_for=30)
            runner = asyncio.ensure_future(back.run())
            await asyncio.wait_for(synced.wait(), 30)
            reclaim = time.monotonic() - t0
            await asyncio.sleep(0.5)
            tables = [m.table for m in got if isinstance(m, Table)]
            assert tables and tables[-1].seats[0].connected and not tables[-1].seats[0].auto
            assert back.seat == 0 and back.legal is not None  # his turn again, his view back
            back.stop()
            q.close()
            runner.cancel()
            with contextlib.suppress(BaseException):
                await runner
            return reclaim, stats, back
        finally:
            stop.set()
            for t in lurkers:
                t.cancel()
            await asyncio.gather(*lurkers, return_exceptions=True)

    with host_process("--game", "gouji", "--bots", "4", "--option", "sets_per_game=1", "--seed", "5",
                      "--grace", "60") as (proc, port):
        reclaim, stats, back = asyncio.run(main(port))
        assert proc.poll() is None
    print(f"reclaim {reclaim * 1000:.0f} ms with {N_LURKERS}+{N_GRABBERS} lurkers; lurker connects "
          f"{stats['connects']}, closed busy {stats.get('busy', 0)}; client busy retries "
          f"{getattr(back, 'busy_retries', '-')}")
    assert stats.get("busy", 0) > 0, "the lurkers were never capped"


def test_unseated_connections_are_capped_oldest_evicted_first() -> None:
    async def main() -> None:
        host, task = await start_host(game="toy", options={"seats": 4, "cards": 5}, max_unseated=4)
        try:
            conns = [await RawClient.open(host.port, f"l{i}") for i in range(7)]
            for c in conns:  # every one got in (welcome) ...
                await c.until(lambda m: m.__class__.__name__ == "Welcome", 5)
            await asyncio.sleep(0.2)
            assert sum(1 for c in host.conns if c.seat is None) == 4
            for c in conns[:3]:  # ... and the three oldest were closed to make room, told why
                m = await c.until(lambda m: isinstance(m, Closing), 5)
                assert m.code == "busy" and "oldest" in m.reason
            for c in conns[3:]:
                assert c.closing is None
                c.close()
            assert host.evicted == 3
        finally:
            await stop_host(host, task)

    asyncio.run(main())


def test_client_retries_busy_with_backoff_and_gets_back_in() -> None:
    async def main() -> None:
        host, task = await start_host(game="toy", options={"seats": 4, "cards": 5}, max_conns=2, grace=60,
                                      autostart=False)
        try:
            a = await RawClient.open(host.port, "a", {"t": "join", "seat": 0, "name": "a"})
            b = await RawClient.open(host.port, "b", {"t": "join", "seat": 1, "name": "b"})
            await a.until(lambda m: m.__class__.__name__ == "Seated", 5)
            await b.until(lambda m: m.__class__.__name__ == "Seated", 5)
            host.start_game()
            token = a.token
            assert token is not None
            # a's old connection still looks alive to the host (a half-open socket): both slots are seated,
            # so a's new client is told busy at the door — and keeps retrying instead of giving up
            again = Client("127.0.0.1", host.port, "a", seat=0, token=token, reconnect_for=20)
            runner = asyncio.ensure_future(again.run())
            for _ in range(250):
                await asyncio.sleep(0.02)
                if again.busy_retries >= 3:
                    break
            assert again.busy_retries >= 3 and not runner.done(), "busy must be retried, not final"
            a.w.transport.abort()  # the old connection goes: a slot frees up
            for _ in range(300):
                await asyncio.sleep(0.02)
                if again.seat == 0 and again.view is not None:
                    break
            assert host.seats[0].conn is not None and again.view is not None
            again.stop()
            runner.cancel()
            b.close()
        finally:
            await stop_host(host, task)

    asyncio.run(main())


def test_config_keeps_seats_plus_lurkers_below_the_backstop() -> None:
    cfg = HostConfig()
    assert 6 + cfg.max_unseated <= cfg.max_conns
