"""A whole Shandong Mahjong match over 127.0.0.1: 1 host + 4 bot clients, with the leak oracle (no client
receives another seat's concealed tiles, a concealed kong's face, the wall or a deal seed; M-10)."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import msgspec
import pytest
from test_net_match import _match

from engine import games


def _tile_lists(obj: Any, key: str = "") -> list[tuple[str, list[Any]]]:
    out: list[tuple[str, list[Any]]] = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.extend(_tile_lists(v, str(k)))
    elif isinstance(obj, list):
        out.append((key, obj))
        for v in obj:
            out.extend(_tile_lists(v, key))
    return out


@pytest.mark.timeout(120)
def test_mahjong_match_host_plus_four_clients(tmp_path: Any, monkeypatch: Any) -> None:
    if "mahjong" not in games.available():
        pytest.skip("the Mahjong engine is not there yet")
    seen: dict[int, list[bytes]] = {}
    import test_net_match

    real = test_net_match.check_no_leak

    def oracle(log_path: str, frames: dict[int, list[bytes]], tokens: dict[int, str]) -> dict[str, int]:
        seen.update(frames)
        return real(log_path, frames, tokens)

    monkeypatch.setattr(test_net_match, "check_no_leak", oracle)
    asyncio.run(_match("mahjong", 4, tmp_path, {"match_hands": 2}, 100))  # two hands, every seat remote
    assert sorted(seen) == [0, 1, 2, 3]
    for seat, frames in seen.items():
        for body in frames:
            msg = msgspec.json.decode(body)
            for key, lst in _tile_lists(msg):
                assert key != "wall" or not lst, f"seat {seat} received the wall's tiles"
            view = msg.get("view") if isinstance(msg, dict) else None
            if not isinstance(view, dict) or "melds" not in view:
                continue
            # M-10: another seat's concealed kong is face down; only a 明楼 hand is shown (none by default)
            for other, melds in enumerate(view["melds"]):
                if other != seat:
                    assert all(m["tiles"] is not None for m in melds if m["kong"] != "concealed")
                    assert all(m["tiles"] is None for m in melds if m["kong"] == "concealed")
            assert view.get("shown") == {}
            assert len(view.get("hand") or []) == (view.get("counts") or [0] * 4)[seat]
            assert max(Counter(view.get("hand") or []).values() or [0]) <= 4
