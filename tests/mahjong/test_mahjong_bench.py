"""``python -m engine.bench --game mahjong`` gives issue 17's two oracle figures (the win check and shanten,
median and p99 in µs) beside the random-bot speed, as ``python -m engine.mahjong.bench`` does; no timing is
asserted (the machines are shared), only that the figures are there and measured."""

from __future__ import annotations

import json

from engine import bench


def test_engine_bench_times_the_win_check_and_shanten(capsys) -> None:
    assert bench.main(["--game", "mahjong", "--hands", "200", "--games", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)["mahjong"]
    for k in ("is_win_us", "shanten_us"):
        assert 0 < out[k]["median"] <= out[k]["p99"], out[k]
    assert out["hands"] == 200 and out["random_bot"]["games"] == 1


def test_a_game_without_figures_of_its_own_gives_none() -> None:
    assert bench.own_figures("baohuang", 10, 1) == {}          # no engine/baohuang/bench.py
    assert bench.own_figures("gouji", 10, 1) == {}             # a bench module with no ``figures``
    assert "lead_enumeration_us" in bench.own_figures("shengji", 20, 1)
