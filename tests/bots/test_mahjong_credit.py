"""The fitted horizon value of the Mahjong search's rollouts (issue 17, engine.bots.mahjong_credit)."""

from __future__ import annotations

import random

import pytest

from engine.bots import mahjong_sim
from engine.bots.mahjong_credit import BUCKETS, CAP, FITTED, Row, collect, features, fit, value
from engine.bots.mahjong_sim import Sim
from engine.tiles import parse_tiles, shanten_counts

from .test_mahjong_bots_search import _ready_state


def test_the_fit_recovers_a_payment_that_is_linear_in_the_features() -> None:
    rng = random.Random(3)
    own_worth = [6, 3, 1, 0, -2]
    other_cost = [-3, -1, 0, 0, 1]
    rows: list[Row] = []
    for _ in range(600):
        wall = rng.randrange(0, 84)
        own = rng.randrange(0, 7)
        others = tuple(sorted(rng.randrange(0, 7) for _ in range(3)))
        kong = rng.choice([0, 0, 2, 3, 6, -3])
        pay = 2 * kong + own_worth[min(own, CAP - 1)] + sum(other_cost[min(o, CAP - 1)] for o in others)
        rows.append((wall, own, others, kong, pay))
    coef = fit(rows, ridge=1e-6)
    worst = max(abs(value(coef, w, o, ot, k) - p) for w, o, ot, k, p in rows)
    assert worst < 0.05
    assert coef[0] == pytest.approx(2.0, abs=0.01)


def test_features_put_a_position_in_its_wall_bucket() -> None:
    for lo, hi in BUCKETS:
        x = features(lo, 0, (1, 1, 9), 3)
        base = 1 + BUCKETS.index((lo, hi)) * 2 * CAP
        assert x == {0: 3.0, base: 1.0, base + CAP + 1: 2.0, base + CAP + CAP - 1: 1.0}
    assert len(FITTED["coef"]) == 1 + len(BUCKETS) * 2 * CAP


def test_self_play_rows_are_positions_of_whole_hands() -> None:
    rows = list(collect(201, range(2)))
    assert rows and len(rows) % 4 == 0
    for wall, own, others, _kong, _pay in rows:
        assert 0 <= wall < 84 and own >= 0 and len(others) == 3
    for k in range(0, len(rows), 4):  # the four seats of one position: payments are zero-sum (M-18a)
        assert sum(r[4] for r in rows[k:k + 4]) == 0


def test_a_rollout_cut_at_its_horizon_is_worth_the_fitted_value(monkeypatch: pytest.MonkeyPatch) -> None:
    # own shanten worth 100 + 10·sh, everything else nothing: a cut is told from any real payment
    coef = [0.0] * len(FITTED["coef"])
    for b in range(len(BUCKETS)):
        for sh in range(CAP):
            coef[1 + b * 2 * CAP + sh] = 100.0 + 10 * sh
    monkeypatch.setattr(mahjong_sim, "CREDIT", {"buckets": FITTED["buckets"], "C": CAP, "coef": coef})
    cuts = 0
    for seed in (41, 43, 47):
        st, seat = _ready_state(seed, min_steps=4)
        sim = Sim.from_state(st)
        for a in [a for a in st.legal_actions(seat) if a.kind == "discard"][:4]:
            world = sim.copy()
            got = world.play(seat, ("discard", parse_tiles(str(a.arg))[0].idx), False, 2)
            if world.end is None or world.end[0] != "horizon":
                continue
            cuts += 1
            sh = shanten_counts(st.rules.win_rule, world.hands[seat], world.melds[seat])
            assert got == 100.0 + 10 * min(sh, CAP - 1)
    assert cuts >= 3
    monkeypatch.setattr(mahjong_sim, "CREDIT", None)  # off (the default): the small credit of before
    st, seat = _ready_state(41, min_steps=4)
    a = next(a for a in st.legal_actions(seat) if a.kind == "discard")
    world = Sim.from_state(st)
    got = world.play(seat, ("discard", parse_tiles(str(a.arg))[0].idx), False, 2)
    assert world.end is not None and (world.end[0] != "horizon" or got in (0.0, 0.1, 0.3))
