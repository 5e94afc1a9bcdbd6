"""Shengji on the game contract (engine/api.py): the registry, the view header, clone, from_view, the log,
the JSON actions, the simulator's rule-path names and the bots' protocol."""

from __future__ import annotations

import json
import random

from engine import games, log, sim
from engine.api import VIEW_HEADER_KEYS, GameState, Refusal, check_view_header
from engine.core import Action
from engine.shengji import PATHS, SPECS, Rules, State
from engine.trick.cards import TEXT, codes_of

NAMES = ("declare", "override", "redeal", "bottom_exchange", "throw", "throw_failed", "ruff", "overruff",
         "bottom_capture", "bank_kept", "bank_lost", "level_up", "match_won")


def _play(st: State, n: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        if st.is_over:
            return
        la = st.legal_actions(st.to_act or 0)
        st.apply(la[rng.randrange(len(la))])


def test_registry() -> None:
    spec = games.spec("shengji")
    assert (spec.seats, spec.family, spec.teams, spec.match_unit) == (4, "trick", ((0, 2), (1, 3)), "hands")
    st = spec.new_state(3, {"preset": "tongxing"}, hands=1)
    assert isinstance(st, GameState) and st.rules.options.follow_type_required
    assert {s.name for s in spec.option_specs()} >= {"follow_type_required", "must_play", "kitty_multiplier"}
    assert set(spec.presets()) == {"s002", "tongxing", "bisai", "sanwufan", "sanwufan_any_side"}  # SF: the variant's two
    assert spec.team_of(3) == (1, 3)
    assert all(s.help_en and s.help_zh and s.label_en and s.label_zh and s.rule for s in SPECS)


def test_view_header_and_secrecy() -> None:
    st = State(Rules(), seed=11, hands=1)
    _play(st, 140)
    for seat in (None, 0, 1, 2, 3):
        v = st.view(seat)
        assert not check_view_header(v, VIEW_HEADER_KEYS)
        json.dumps(v)
        assert "seed" not in json.dumps(v["state"])
    me = st.view(0)
    assert len(me["hand"]) == me["counts"][0]
    assert all(e.get("to") in (None, [0]) for e in me["history"])
    assert not [e for e in st.view(None)["history"] if e.get("to")]


def test_clone_is_independent() -> None:
    st = State(Rules(), seed=12, hands=1)
    _play(st, 130)
    c = st.clone()
    before = st.view(1)
    _play(c, 60, seed=5)
    assert st.view(1) == before and len(c.actions) > len(st.actions)


def test_from_view_rebuilds_the_public_state() -> None:
    st = State(Rules(preset="tongxing"), seed=13, hands=1)
    _play(st, 160)
    seat = st.to_act or 0
    v = json.loads(json.dumps(st.view(seat)))
    hands = [[TEXT[c] for c in codes_of(h)] for h in st.held]
    w = State.from_view(v, hands, seed=1)
    assert w.to_act == st.to_act and w.phase == st.phase
    assert {a.arg for a in w.legal_actions(seat)} == {a.arg for a in st.legal_actions(seat)}
    _play(w, 400, seed=2)  # the determinized world plays on


def test_log_replay_and_actions_json() -> None:
    st = State(Rules(preset="bisai", pair_over_pair="any"), seed=14, hands=2)
    _play(st, 10_000)
    assert st.is_over
    again = log.load(log.dump(st))
    assert again.totals == st.totals and again.stats == st.stats and again.view(2) == st.view(2)
    a = st.actions[-1]
    assert st.action_from_json(json.loads(json.dumps(a.to_json()))) == a
    assert st.returns() == [float(t) for t in st.totals] and st.returns()[0] == st.returns()[2]


def test_refusals_carry_both_languages() -> None:
    st = State(Rules(), seed=15, hands=1)
    seat = st.to_act or 0
    r = st.refusal(Action((seat + 1) % 4, "pass"))
    assert isinstance(r, Refusal) and r.rule == "S-9a" and r.en and r.zh
    r = st.refusal(Action(seat, "play", None, "3h"))
    assert isinstance(r, Refusal) and r.rule == "S-9a"


def test_sim_counts_every_path() -> None:
    res = sim.run("shengji", 1, 2, {})
    assert set(NAMES) <= set(res["paths"]) and res["paths"]["hands"] == res["hands"] > 0
    assert set(NAMES) <= set(PATHS)
    assert res["paths"]["match_won"] == 1


def test_bots_choose_legal_actions() -> None:
    spec = games.spec("shengji")
    assert spec.bot_factory is not None
    for level in ("random", "greedy", "heuristic"):
        st = State(Rules(preset="tongxing"), seed=16, hands=1)
        bots = [spec.bot_factory(level, seed=s) for s in range(4)]
        while not st.is_over:
            seat = st.to_act or 0
            la = st.legal_actions(seat)
            d = bots[seat].choose(st.view(seat), la)
            assert d.action in la
            st.apply(d.action)
        assert st.stats["hands"] == 1


def test_search_bot_plays_legal_cards() -> None:
    """The search bot (a fixed number of sampled worlds, so the run is reproducible) plays legal cards and
    reports how many worlds it weighed."""
    from engine.bots.shengji import make_shengji_bot
    st = State(Rules(), seed=17, hands=1)
    bots = [make_shengji_bot("search" if s % 2 == 0 else "heuristic", seed=s, rollouts=2, budget_ms=10_000)
            for s in range(4)]
    searched = 0
    while not st.is_over:
        seat = st.to_act or 0
        la = st.legal_actions(seat)
        d = bots[seat].choose(st.view(seat), la)
        assert d.action in la
        if d.reason.startswith("search"):
            searched += 1
            assert bots[seat].last_stats["worlds"] == 2
        st.apply(d.action)
    assert searched > 5


def test_duel_figure() -> None:
    """The duplicate-deal duel behind the bot figures runs and counts every hand twice."""
    from engine.shengji.bench import duel
    res = duel("greedy", "random", 2)
    assert res["hands"] == 4 and 0.0 <= res["win_rate"] <= 1.0
