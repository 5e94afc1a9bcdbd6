"""The decision probe (engine.bots.probe) measures search against the heuristic in the true world."""

from __future__ import annotations

import pytest

from engine.bots import probe


@pytest.mark.parametrize("game", ["gouji", "baohuang"])
def test_probe_reports_per_side_and_is_reproducible(game: str) -> None:
    kw = {"rollouts": 6, "budget_ms": 60_000}
    a = probe.run(game, 1, 5, 0.15, kw)
    b = probe.run(game, 1, 5, 0.15, kw)
    assert a["sides"] == b["sides"]  # capped rollouts: the same decisions, the same verdicts
    sides = set(a["sides"])
    assert sides <= ({"all"} if game == "gouji" else {"emperor", "rebels"}) and sides
    for r in a["sides"].values():
        assert r["decisions"] > 0
        assert r["right"] + r["wrong"] <= r["deviations"] <= r["decisions"]
        assert -2.0 <= r["win_change_per_decision"] <= 2.0


def test_true_result_is_the_heuristic_playout() -> None:
    st = probe._new_state("gouji", 3)
    win, score = probe.true_result(st.clone(), 0)
    win1, score1 = probe.true_result(st.clone(), 1)
    assert (win, score) == (-win1, -score1)  # the two teams' results mirror each other
    assert win == (1.0 if score > 0 else -1.0 if score < 0 else 0.0)


def test_probe_cli_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert probe.main(["--game", "gouji", "--games", "1", "--share", "0.1", "--rollouts", "4", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "search differed" in out and "win change per decision" in out
