"""Bots only ever choose legal actions — thousands of decisions under random rule options."""

from __future__ import annotations

import random

import pytest

from engine.bots import LEVELS, Decision, make_bot
from engine.core import Action

from .conftest import new_state, random_options, view_for


def _play_table(game: str, seed: int, levels: list[str], max_steps: int = 20000, **kw: object) -> int:
    rng = random.Random(seed)
    opts = random_options(game, rng)
    try:
        st = new_state(game, seed, opts)
    except ValueError:  # an option combination the rules refuse
        st = new_state(game, seed, {})
    bots = [make_bot(levels[s % len(levels)], game, seed=seed * 10 + s, **kw) for s in range(st.n_seats)]
    steps = 0
    while not st.is_over and steps < max_steps:
        seat = st.to_act
        legal = list(st.legal_actions(seat))
        d = bots[seat].choose(view_for(st, seat, bots[seat]), legal)
        assert isinstance(d, Decision)
        assert isinstance(d.action, Action)
        assert d.action in legal, f"{levels[seat % len(levels)]} chose {d.action} not in legal (seed {seed})"
        assert isinstance(d.reason, str) and d.reason
        st.apply(d.action)
        steps += 1
    assert st.is_over
    return steps


@pytest.mark.parametrize("game", ["gouji", "baohuang"])
def test_cheap_bots_choose_legal_actions(game: str) -> None:
    total = 0
    for seed in range(12):
        rng = random.Random(seed)
        levels = [rng.choice(["random", "greedy", "heuristic"]) for _ in range(6)]
        total += _play_table(game, seed, levels)
    assert total > 2000


def test_search_bot_chooses_legal_actions() -> None:
    total = 0
    for seed in range(2):
        total += _play_table("gouji", 100 + seed, ["search", "heuristic"], budget_ms=15)
    assert total > 100


def test_search_bot_baohuang_legal() -> None:
    assert _play_table("baohuang", 7, ["search", "greedy"], budget_ms=15) > 50


def test_levels_and_factory() -> None:
    assert LEVELS == ("random", "greedy", "heuristic", "search")
    for game in ("gouji", "baohuang"):
        for level in LEVELS:
            bot = make_bot(level, game, seed=1)
            assert hasattr(bot, "choose")
    with pytest.raises(ValueError):
        make_bot("grandmaster", "gouji")
    with pytest.raises(ValueError):  # an unknown game (mahjong, once the example here, has its bots now)
        make_bot("greedy", "chess")


def test_decision_is_frozen() -> None:
    d = Decision(Action(0, "pass"), "pass G-42")
    with pytest.raises(AttributeError):
        d.reason = "x"  # type: ignore[misc]


def test_any_game_bot_dispatches_on_view() -> None:
    bot = make_bot("heuristic", seed=3)
    for game in ("gouji", "baohuang"):
        st = new_state(game, 5)
        for _ in range(30):
            seat = st.to_act
            legal = list(st.legal_actions(seat))
            d = bot.choose(view_for(st, seat, bot), legal)
            assert d.action in legal
            st.apply(d.action)
