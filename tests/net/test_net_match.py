"""Whole matches over 127.0.0.1: 1 host + 5 bot clients (Gouji), 1 host + 4 (Baohuang), with the leak oracle."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from netkit import check_no_leak, start_host, stop_host, toy_game

from engine import games
from engine.net.client import Client, run_bot


async def _match(game: str, n_clients: int, tmp_path: Any, options: dict[str, Any], limit: float,
                 **host_kw: Any) -> None:
    n = games.seats(game)
    assert n is not None
    from engine.net.host import SeatSpec

    seats = [SeatSpec("bot", "heuristic")] * (n - n_clients) + [SeatSpec()] * n_clients
    log_path = str(tmp_path / "table.jsonl")
    lines: list[str] = []
    host, task = await start_host(lambda ev: lines.append(ev.text) if ev.kind == "log" else None, game=game, options=options, seats=seats, autostart=True, log_path=log_path,
                                  **host_kw)
    frames: dict[int, list[bytes]] = {}
    clients: list[Client] = []
    lists: list[list[bytes]] = []
    try:
        runs = []
        for i in range(n_clients):
            fr: list[bytes] = []
            lists.append(fr)
            runs.append(asyncio.ensure_future(run_bot("127.0.0.1", host.port, name=f"bot{i}", level="heuristic",
                                                      games_=1, frames=fr, client_out=clients, seed=i)))
        done, pending = await asyncio.wait(runs, timeout=limit)
        assert not pending, f"match not finished in {limit} s (state {host.sid})"
        for r in done:
            r.result()
        assert host.status == "over" and host.state.is_over
        for c, fr in zip(clients, lists):
            assert c.seat is not None
            assert c.bot_fallbacks == 0
            frames[c.seat] = fr
        tokens = {c.seat: c.token for c in clients if c.seat is not None and c.token}
        assert sorted(frames) == list(range(n - n_clients, n))
        stats = check_no_leak(log_path, frames, tokens)
        assert stats["checked_msgs"] > 100
        if game in games.names():  # every set/hand revealed its shuffle to every guest (验证洗牌)
            assert stats["reveals"] >= len(frames)
        print(game, stats)
        # every client's final view equals the host's view of its seat
        from netkit import roundtrip

        from engine.net.host import full_view
        for c in clients:
            assert c.view == roundtrip(full_view(host.state, c.seat))
        assert not [r for r in host.closed_reasons if r[0] not in ("bye", "eof")]
        # the host's log lines name connections, seats and reasons: never a card, a seed or a token
        assert lines
        card = re.compile(r"(?<![\w.])(?:[3-9TJQKA2][dchs]|[xXZ]\^?)(?![\w.])")
        for line in lines:
            assert not card.search(line), line
            assert str(host.state.seed) not in line
            assert not any(t in line for t in tokens.values())
    finally:
        await stop_host(host, task)


@pytest.mark.timeout(120)
def test_gouji_match_host_plus_five_clients(tmp_path: Any) -> None:
    asyncio.run(_match("gouji", 5, tmp_path, {}, 100))  # a whole game: 5 sets by default


@pytest.mark.timeout(120)
def test_baohuang_match_host_plus_four_clients(tmp_path: Any) -> None:
    if "baohuang" not in games.available():
        pytest.skip("the Baohuang engine is not there yet")
    asyncio.run(_match("baohuang", 4, tmp_path, {}, 90, hands=3))  # a match of 3 hands


@pytest.mark.timeout(60)
def test_toy_match_all_remote(tmp_path: Any) -> None:
    with toy_game():
        asyncio.run(_match("toy", 4, tmp_path, {"seats": 4, "cards": 8}, 30))


@pytest.mark.parametrize("game", ["baohuang", "shengji"])
def test_the_headless_host_plays_a_match_as_long_as_a_table_started_in_the_app(game: str) -> None:
    """``python -m engine.net.host --game shengji`` plays to A (S-23: ``hands`` 0), Baohuang the app's six hands;
    ``--hands N`` still sets it."""
    from desktop.worker import match_kwargs
    from engine.net.host import build_config, parser

    cfg = build_config(parser().parse_args(["--game", game]))
    assert {"hands": cfg.hands} == match_kwargs({"game": game})
    assert cfg.hands == (0 if game == "shengji" else 6)
    assert build_config(parser().parse_args(["--game", game, "--hands", "2"])).hands == 2
