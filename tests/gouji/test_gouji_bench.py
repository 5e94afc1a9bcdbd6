"""The side-by-side speed bench (issue 16): ``python -m engine.gouji.bench [--versus PATH]``.

Times are never asserted (a loaded machine decides them); what is checked is that the bench plays what it
says. The comparison with lamb-cn/rlcard_gouji runs only when ``RLCARD_GOUJI`` names a checkout of it (branch
``main``) whose package imports here; otherwise it is skipped.
"""

from __future__ import annotations

import os

import pytest

from engine import sim
from engine.gouji import bench


def test_rollout_set_is_the_sim_set() -> None:
    """The unchecked (rollout-style) random set plays the very game engine.sim plays from the same seed."""
    for seed in range(4):
        st, n = sim.play_game("gouji", seed, {"sets_per_game": 1})
        assert bench.our_rollout_set(seed) == n == len(st.actions)


def test_bench_alone_reports_ours() -> None:
    res = bench.run(rounds=1, sets=2, seed=5, versus=None)
    assert res["ours_ms_per_set"]["median"] > 0
    assert res["ours_actions_per_set"] == res["ours_rollout_actions_per_set"] > 0
    assert "theirs_ms_per_set" not in res


def test_missing_checkout_is_a_clean_skip(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--versus", str(tmp_path), "--rounds", "1", "--sets", "1"]) == bench.SKIPPED
    assert "skipped" in capsys.readouterr().err


@pytest.mark.skipif(not os.environ.get("RLCARD_GOUJI"), reason="RLCARD_GOUJI names no rlcard_gouji checkout")
def test_versus_their_engine() -> None:
    versus = bench.Versus(os.environ["RLCARD_GOUJI"])
    try:
        res = bench.run(rounds=1, sets=2, seed=3, versus=versus)
    except ImportError as exc:
        pytest.skip(f"their engine does not import here: {exc}")
    assert res["theirs_actions_per_set"] > 0
    assert res["ratio_per_set_ours"]["median"] > 0
    import rlcard.games.gouji.dealer as dealer  # the run-time patch is undone afterwards
    assert dealer.HAND_SIZE == 52


def test_worlds_report_counts_searched_decisions() -> None:
    """python -m engine.bots.gouji_worlds: positions from heuristic games, the search's worlds per decision."""
    from engine.bots.gouji_worlds import measure, positions
    pos = positions(range(70, 71), every=15)
    assert pos and all(st.phase == "play" and st.to_act == seat for st, seat in pos)
    worlds, cpu = measure(pos[:3], budget_ms=30.0, rounds=1)
    assert len(worlds) == len(cpu) <= 3
    assert all(w >= 0 for w in worlds) and all(c > 0 for c in cpu)
