"""Shandong Mahjong on the game contract (engine/api.py) and the registry (engine/games.py)."""

from __future__ import annotations

import json

import pytest

from engine import games, log
from engine.api import GameState, Refusal, check_view_header
from engine.core import Action
from engine.errors import OptionError
from engine.mahjong import PATHS, SPECS, State
from engine.options import parse_assignments


def test_registry() -> None:
    spec = games.spec("mahjong")
    assert "mahjong" in games.names() and spec.module == "engine.mahjong" and spec.match_unit == "hand"
    st = games.new_state("mahjong", 3, {"allow_chow": False})
    assert isinstance(st, State) and isinstance(st, GameState) and st.rules.options.allow_chow is False
    assert games.option_specs("mahjong") == SPECS
    assert {s.name for s in SPECS} == set(st.rules.options.as_dict())
    with pytest.raises(OptionError):
        games.rules("mahjong", {"mahjong.no_such": 1})
    assert parse_assignments("mahjong", SPECS, ["mahjong.scoring=fan", "match_hands=4", "honors=false"]) == {
        "scoring": "fan", "match_hands": 4, "honors": False}


def test_every_option_has_both_languages() -> None:
    for s in SPECS:
        assert s.rule.startswith("M-") and s.help_en and s.help_zh and s.label_en and s.label_zh


def test_view_header_for_every_seat_and_a_spectator() -> None:
    st = games.new_state("mahjong", 4)
    for seat in (0, 1, 2, 3, None):
        v = st.view(seat)
        assert check_view_header(v) == [] and v["game"] == "mahjong" and v["n_seats"] == 4
        json.dumps(v)
    assert st.view(None)["hand"] == [] and len(st.view(st.dealer)["hand"]) == 14


def test_stats_declare_every_path_with_zeros() -> None:
    st = State(seed=1)
    assert set(PATHS) <= set(st.stats) and all(st.stats[p] == 0 for p in PATHS)
    for name in ("chow", "pung", "kong_exposed", "kong_concealed", "kong_added", "rob_kong", "win_discard",
                 "win_self", "draw_game", "dealer_kept", "dealer_passed", "hands", "qidui", "shisanyao"):
        assert name in PATHS


def test_refusal_and_error_carry_the_rule() -> None:
    st = State(seed=2)
    bad = Action(st.to_act, "discard", arg="5m") if st.t.hands[st.to_act][4] == 0 else Action(  # type: ignore[index]
        st.to_act, "pung", arg="555m")  # type: ignore[arg-type]
    ref = st.refusal(bad)
    assert isinstance(ref, Refusal) and ref.rule.startswith("M-")
    with pytest.raises(Exception) as e:
        st.apply(bad)
    assert Refusal.of(e.value).rule == ref.rule


def test_log_round_trip_with_options() -> None:
    st = games.new_state("mahjong", 8, {"match": "hands", "match_hands": 1, "scoring": "fan"})
    for _ in range(60):
        st.apply(st.legal_actions(st.to_act)[0])
    text = log.dump(st)
    again = log.load(text)
    assert log.dump(again) == text and again.view(1) == st.view(1)
