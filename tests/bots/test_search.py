"""The search bot keeps to its time budget and is reproducible when its rollouts are capped."""

from __future__ import annotations

import time

from engine.bots import make_bot

from .conftest import new_state, view_for


def _decision_points(n: int, seed: int = 8) -> list[tuple[dict[str, object], list[object]]]:
    st = new_state("gouji", seed, {"sets_per_game": 1})
    h = make_bot("heuristic", "gouji")
    s = make_bot("search", "gouji")
    out = []
    while not st.is_over and len(out) < n:
        seat = st.to_act
        legal = list(st.legal_actions(seat))
        if st.phase == "play" and len(legal) > 2:
            out.append((view_for(st, seat, s), legal))
        st.apply(h.choose(view_for(st, seat, h), legal).action)
    return out  # type: ignore[return-value]


def test_search_respects_budget() -> None:
    bot = make_bot("search", "gouji", seed=2, budget_ms=200, max_hand=36)
    worst = 0.0
    searched = 0
    for view, legal in _decision_points(8):
        t0 = time.perf_counter()
        d = bot.choose(view, legal)  # type: ignore[arg-type]
        worst = max(worst, (time.perf_counter() - t0) * 1000)
        assert d.action in legal
        stats = getattr(bot, "last_stats", {})
        searched += bool(stats.get("worlds"))
        bot.last_stats = {}  # type: ignore[attr-defined]
    assert searched >= 2
    assert worst <= 200 * 1.1 + 10  # budget + 10% (+ slack for a busy test machine)


def test_search_reproducible_with_capped_rollouts() -> None:
    pts = _decision_points(6, seed=9)
    a = make_bot("search", "gouji", seed=4, budget_ms=60_000, rollouts=8, max_hand=36)
    b = make_bot("search", "gouji", seed=4, budget_ms=60_000, rollouts=8, max_hand=36)
    for view, legal in pts:
        assert a.choose(view, legal) == b.choose(view, legal)  # type: ignore[arg-type]
