"""Table life: grace period then 托管 and back, consecutive matches, flat host memory (toy game)."""

from __future__ import annotations

import asyncio
import gc
import tracemalloc
from typing import Any

import pytest
from netkit import start_host, stop_host, toy_game

from engine.net.client import Client, run_bot
from engine.net.host import SeatSpec
from engine.net.protocol import Notice, Sync


@pytest.mark.timeout(30)
def test_grace_then_tuoguan_then_back() -> None:
    async def main() -> None:
        host, task = await start_host(game="toy", options={"seats": 4, "cards": 6}, grace=0.3, bot_delay=0.01,
                                      seats=[SeatSpec(), SeatSpec("bot", "random"), SeatSpec("bot", "random"),
                                             SeatSpec("bot", "random")], autostart=True)
        try:
            c = Client("127.0.0.1", host.port, "p", seat=0, reconnect=False)
            runner = asyncio.ensure_future(c.run())
            async with asyncio.timeout(5):
                while c.view is None:
                    await asyncio.sleep(0.01)
            token = c.token
            assert token and c.legal  # seat 0 acts first
            sid = host.sid
            c.stop()
            await asyncio.wait_for(runner, 5)
            await asyncio.sleep(0.15)
            assert host.sid == sid and not host.seats[0].auto  # waiting within the grace period
            async with asyncio.timeout(5):
                while host.sid == sid:
                    await asyncio.sleep(0.01)
            assert host.seats[0].auto  # 托管: a bot played the seat
            notices: list[Notice] = []
            syncs: list[Sync] = []

            def on(cl: Client, m: Any) -> None:
                if isinstance(m, Notice):
                    notices.append(m)
                if isinstance(m, Sync):
                    syncs.append(m)

            c2 = Client("127.0.0.1", host.port, "p", seat=0, token=token, reconnect=False, on_message=on)
            runner = asyncio.ensure_future(c2.run())
            async with asyncio.timeout(5):
                while not syncs:
                    await asyncio.sleep(0.01)
            assert not host.seats[0].auto and syncs[0].view["seat"] == 0
            assert any(n.code == "back" for n in notices)
            c2.stop()
            await asyncio.wait_for(runner, 5)
        finally:
            await stop_host(host, task)

    with toy_game():
        asyncio.run(main())


@pytest.mark.timeout(120)
def test_host_memory_flat_over_200_matches() -> None:
    """200 consecutive matches at one table with 2 remote clients: the host's Python heap stays flat."""
    async def main() -> None:
        games = 200
        host, task = await start_host(game="toy", options={"seats": 4, "cards": 3}, games=games, autostart=True,
                                      seats=[SeatSpec(), SeatSpec(), SeatSpec("bot", "random"),
                                             SeatSpec("bot", "random")])
        sizes: dict[int, int] = {}
        snaps: dict[int, Any] = {}
        tracemalloc.start()
        try:
            runs = [asyncio.ensure_future(run_bot("127.0.0.1", host.port, name=f"b{i}", level="random",
                                                  games_=games)) for i in range(2)]
            async with asyncio.timeout(100):
                while host.match < games or host.status != "over":
                    if host.match in (20, 200) and host.match not in sizes:
                        gc.collect()
                        sizes[host.match] = tracemalloc.get_traced_memory()[0]
                        snaps[host.match] = tracemalloc.take_snapshot()
                    await asyncio.sleep(0.001)
            await asyncio.wait_for(asyncio.gather(*runs), 20)
            assert 20 in sizes and 200 in sizes
            growth = sizes[200] - sizes[20]
            for st in snaps[200].compare_to(snaps[20], "lineno")[:8]:
                print(st)
            print("host+clients heap after match 20 / 200:", sizes[20], sizes[200], "growth", growth)
            assert growth < 128 * 1024, growth
        finally:
            tracemalloc.stop()
            await stop_host(host, task)

    with toy_game():
        asyncio.run(main())


@pytest.mark.timeout(30)
def test_resume_in_process_and_unfinished(tmp_path: Any) -> None:
    """Stop a host mid-match, reopen it with resume=True: same state, the seat's token still works."""
    from netkit import roundtrip

    from engine.net import tablelog
    from engine.net.host import full_view

    log_path = str(tmp_path / "t.jsonl")
    assert tablelog.unfinished(log_path) is None

    async def main() -> None:
        kw: dict[str, Any] = dict(game="toy", options={"seats": 4, "cards": 6}, log_path=log_path, autostart=True,
                                  seats=[SeatSpec(), SeatSpec("bot", "random"), SeatSpec("bot", "random"),
                                         SeatSpec("bot", "random")])
        host, task = await start_host(**kw)
        c = Client("127.0.0.1", host.port, "p", seat=0, reconnect=False)
        runner = asyncio.ensure_future(c.run())
        async with asyncio.timeout(5):
            while not c.legal:
                await asyncio.sleep(0.01)
        c.act(c.legal[0])
        async with asyncio.timeout(5):
            while host.state.to_act != 0 or host.sid < 5:
                await asyncio.sleep(0.01)
        sid, view, port, token = host.sid, roundtrip(full_view(host.state, 0)), host.port, c.token
        await stop_host(host, task)
        await asyncio.wait_for(runner, 5)
        info = tablelog.unfinished(log_path)
        assert info is not None and info["game"] == "toy" and info["actions"] == sid - 1
        host, task = await start_host(port=port, resume=True, **kw)
        try:
            assert host.sid == sid and host.status == "playing"
            assert roundtrip(full_view(host.state, 0)) == view
            syncs: list[Sync] = []
            c2 = Client("127.0.0.1", port, "p", seat=0, token=token, reconnect=False,
                        on_message=lambda cl, m: syncs.append(m) if isinstance(m, Sync) else None)
            runner = asyncio.ensure_future(c2.run())
            async with asyncio.timeout(5):
                while not syncs:
                    await asyncio.sleep(0.01)
            assert syncs[0].sid == sid and syncs[0].view == view
            c2.stop()
            await asyncio.wait_for(runner, 5)
        finally:
            await stop_host(host, task)

    with toy_game():
        asyncio.run(main())
