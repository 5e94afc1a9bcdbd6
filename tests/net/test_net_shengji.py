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
    from netkit import drop_and_rejoin, start_host, stop_host

    from engine.net.host import SeatSpec

    async def main() -> None:
        games.spec("shengji")
        host, task = await start_host(game="shengji", options={}, grace=0.3, bot_delay=0.005, hands=1,
                                      seats=[SeatSpec()] + [SeatSpec("bot", "heuristic")] * 3, autostart=True)
        try:
            view, notices, _token, still_auto = await drop_and_rejoin(host)
            assert not still_auto and view["seat"] == 0 and view["game"] == "shengji"
            assert any(n.code == "back" for n in notices)
            draws = [e for e in view["history"] if e["kind"] == "draw"]
            assert draws and all(e["data"]["seat"] == 0 for e in draws)   # only its own cards (S-9a secrecy)
            assert len(view["hand"]) == view["counts"][0] > 0
        finally:
            await stop_host(host, task)

    asyncio.run(main())
