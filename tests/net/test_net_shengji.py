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
