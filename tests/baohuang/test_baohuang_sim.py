"""``python -m engine.sim --game baohuang`` and the rule paths it counts (issue 3)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine import sim
from engine.baohuang.options import PRESETS


def test_sim_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert sim.main(["--game", "baohuang", "--games", "3", "--seed", "2", "--option", "preset=s003-simple",
                     "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "baohuang" and out["hands"] == 3 and out["hands_per_sec"] > 0
    assert out["paths"]["hands"] == 3 and out["paths"]["abdication"] >= 1


def test_sim_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert sim.main(["--game", "baohuang", "--option", "kaopai=maybe"]) == 2


def test_every_rule_path_is_reached() -> None:
    paths: Counter[str] = Counter()
    for preset in sorted(PRESETS):
        paths.update(sim.run("baohuang", 25, 1, {"preset": preset})["paths"])
    paths.update(sim.run("baohuang", 25, 1, {"preset": "s001", "guard_card_super": True})["paths"])
    for path in ("abdication", "two_paid", "call", "an_dubao", "ming_dubao", "mingbao", "rebellion",
                 "rebellion_success", "kao_beat", "jiefeng", "guard_revealed_card", "guard_revealed_rebellion",
                 "emperor_abdicate", "emperor_call", "emperor_fixed", "emperor_pot", "grab", "qing", "pot_card",
                 "second_lap", "rang"):
        assert paths[path] > 0, path
    assert paths["hands"] == 150
