"""升级 over 127.0.0.1: 1 host + 4 bot clients play a whole hand (deal, declarations, the bury, 25 tricks),
with the leak oracle; the host sends at most ``LEGAL_SENT`` legal actions (a burial has millions)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from test_net_match import _match

from engine import games


@pytest.mark.timeout(150)
def test_shengji_hand_host_plus_four_clients(tmp_path: Any) -> None:
    assert games.spec("shengji").seats == 4   # registers the game (and its seat count) first
    asyncio.run(_match("shengji", 4, tmp_path, {}, 120, hands=1))


@pytest.mark.timeout(90)
def test_shengji_seat_drops_is_played_by_a_bot_and_comes_back() -> None:
    """Reconnect as at the other tables: the seat waits out the grace period, a bot plays it (托管) through
    the deal, and the player's token brings it back with a Sync of its own view (its own draws only)."""
    from netkit import start_host, stop_host

    from engine.net.client import Client
    from engine.net.host import SeatSpec
    from engine.net.protocol import Notice, Sync

    async def main() -> None:
        games.spec("shengji")
        host, task = await start_host(game="shengji", options={}, grace=0.3, bot_delay=0.005, hands=1,
                                      seats=[SeatSpec()] + [SeatSpec("bot", "heuristic")] * 3, autostart=True)
        try:
            c = Client("127.0.0.1", host.port, "p", seat=0, reconnect=False)
            runner = asyncio.ensure_future(c.run())
            async with asyncio.timeout(10):
                while c.view is None:
                    await asyncio.sleep(0.01)
            token = c.token
            assert token
            c.stop()
            await asyncio.wait_for(runner, 5)
            async with asyncio.timeout(20):
                while not host.seats[0].auto:
                    await asyncio.sleep(0.01)
            sid = host.sid
            async with asyncio.timeout(20):
                while host.sid < sid + 30:   # the bot plays seat 0 on: the deal goes on without it
                    await asyncio.sleep(0.01)
            notices: list[Notice] = []
            syncs: list[Sync] = []

            def on(cl: Client, m: Any) -> None:
                if isinstance(m, Notice):
                    notices.append(m)
                if isinstance(m, Sync):
                    syncs.append(m)

            c2 = Client("127.0.0.1", host.port, "p", seat=0, token=token, reconnect=False, on_message=on)
            runner = asyncio.ensure_future(c2.run())
            async with asyncio.timeout(10):
                while not syncs:
                    await asyncio.sleep(0.01)
            view = syncs[0].view
            assert not host.seats[0].auto and view["seat"] == 0 and view["game"] == "shengji"
            assert any(n.code == "back" for n in notices)
            draws = [e for e in view["history"] if e["kind"] == "draw"]
            assert draws and all(e["data"]["seat"] == 0 for e in draws)   # only its own cards (S-9a secrecy)
            assert len(view["hand"]) == view["counts"][0] > 0
            c2.stop()
            await asyncio.wait_for(runner, 5)
        finally:
            await stop_host(host, task)

    asyncio.run(main())
