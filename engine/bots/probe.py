"""Decision probe: where the search bot leaves the heuristic's choice, was it right?

    python -m engine.bots.probe --game GAME --games 40 [--seed 100] [--share 0.3] [--budget-ms 300]

At a share of the play-phase decisions of heuristic self-play it asks the ``search`` bot (which sees only the
seat's view, as always). Where the search chooses differently from the heuristic, both choices are played out in
the *true* world — every hand as dealt, the heuristic for every seat — and the results compared: the side's win
(+1 won, 0 tied, -1 lost) and its score. This measures exactly what the search tries to estimate from sampled
worlds, with far less noise than whole games in the arena: most decisions agree and add no variance. Reported per
side (the spec's side names), with the mean change per decision and its standard error.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine import games
from engine.bots import make_bot
from engine.core import Action


def _new_state(game: str, seed: int) -> Any:
    from engine.arena import _new_state as arena_state
    from engine.arena import _options
    return arena_state(game, seed, _options(game, 1, {}))  # one set / one hand, as the arena plays them


def _view(st: Any, seat: int) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(st.view(seat, with_history=True)))
    return out


def true_result(st: Any, seat: int) -> tuple[float, float]:
    """Play ``st`` (mutated) to the end of its set / hand with the heuristic: (win, score) for ``seat``'s side."""
    spec = games.spec(st.rules.game)
    if spec.playout is None:
        raise ValueError(f"{spec.name} has no heuristic playout")
    d = spec.playout(st, seat)
    return (1.0 if d > 0 else -1.0 if d < 0 else 0.0), d


def _side(st: Any, seat: int) -> str:
    """Fixed teams are symmetric: one figure ("all"); sides formed in play are reported apart."""
    spec = games.spec(st.rules.game)
    if spec.teams is not None or spec.side_of is None:
        return "all"
    return spec.side_names[spec.side(st, seat)]


Row = tuple[str, float, float, bool, int, float]


def probe_game(args: tuple[str, int, float, dict[str, Any]] | tuple[str, int, float, dict[str, Any], str]
               ) -> list[Row]:
    """One heuristic self-play game: (side, win change, score change, search deviated, worlds sampled, CPU ms
    of the decision) per probed decision."""
    game, seed, share, kw = args[:4]
    level = args[4] if len(args) > 4 else "search"
    st = _new_state(game, seed)
    heur = make_bot("heuristic", game, seed=seed)
    search = make_bot(str(level), game, seed=seed * 7 + 1, **kw)
    rng = random.Random(seed)
    out: list[Row] = []
    while not st.is_over:
        seat = st.to_act
        view = _view(st, seat)
        legal: list[Action] = list(st.legal_actions(seat))
        mine = heur.choose(view, legal).action
        if st.phase == "play" and len(legal) > 1 and rng.random() < share:
            search.last_stats = {}  # type: ignore[attr-defined]
            c0 = time.thread_time()
            theirs = search.choose(view, legal).action
            cpu = (time.thread_time() - c0) * 1000.0
            worlds = int((getattr(search, "last_stats", {}) or {}).get("worlds", 0))
            if theirs == mine:
                out.append((_side(st, seat), 0.0, 0.0, False, worlds, cpu))
            else:
                a, b = st.clone(), st.clone()
                a.apply(theirs)
                b.apply(mine)
                ra, rb = true_result(a, seat), true_result(b, seat)
                out.append((_side(st, seat), ra[0] - rb[0], ra[1] - rb[1], True, worlds, cpu))
        st.apply(mine)
    return out


def run(game: str, games_n: int, seed: int, share: float, kw: dict[str, Any], workers: int = 1,
        level: str = "search") -> dict[str, Any]:
    jobs = [(game, seed + i, share, kw, level) for i in range(games_n)]
    t0 = time.time()
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as ex:
            rows = [r for rs in ex.map(probe_game, jobs) for r in rs]
    else:
        rows = [r for j in jobs for r in probe_game(j)]
    out: dict[str, Any] = {"game": game, "games": games_n, "seed": seed, "share": share, "search": kw,
                           "level": level, "elapsed_s": round(time.time() - t0, 1), "sides": {}}
    searched = sorted(r[4] for r in rows if r[4] > 0)
    cpu = sorted(r[5] for r in rows)
    if searched:
        # worlds sampled where the search ran (not every decision is searched), and the CPU time per decision
        out["worlds"] = {"median": statistics.median(searched), "p10": searched[len(searched) // 10],
                         "p90": searched[(9 * len(searched)) // 10], "n": len(searched)}
    if cpu:
        out["cpu_ms"] = {"median": round(statistics.median(cpu), 2),
                         "p99": round(cpu[min(len(cpu) - 1, math.ceil(0.99 * len(cpu)) - 1)], 2),
                         "max": round(cpu[-1], 2)}
    for side in sorted({r[0] for r in rows}):
        rs = [r for r in rows if r[0] == side]
        dw = [r[1] for r in rs]
        out["sides"][side] = {
            "decisions": len(rs), "deviations": sum(r[3] for r in rs),
            "right": sum(1 for x in dw if x > 0), "wrong": sum(1 for x in dw if x < 0),
            "win_change_per_decision": round(statistics.fmean(dw), 4),
            "se": round(statistics.stdev(dw) / math.sqrt(len(dw)), 4) if len(dw) > 1 else None,
            "score_change_per_decision": round(statistics.fmean(r[2] for r in rs), 4),
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bots.probe", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=games.names(), default=games.names()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--share", type=float, default=0.3, help="share of play-phase decisions probed")
    ap.add_argument("--budget-ms", type=float, default=None)
    ap.add_argument("--rollouts", type=int, default=None, help="cap on rollouts per decision (load-independent)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--level", choices=("search", "baseline-search"), default="search")
    ap.add_argument("--wall-cap", type=float, default=None, help="search: wall time cap in budgets (CPU budget)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    kw: dict[str, Any] = {}
    if a.budget_ms is not None:
        kw["budget_ms"] = a.budget_ms
    if a.rollouts is not None:
        kw["rollouts"] = a.rollouts
        kw.setdefault("budget_ms", 60_000.0)
    if a.wall_cap is not None and a.level == "search":
        kw["wall_cap"] = a.wall_cap
    res = run(a.game, a.games, a.seed, a.share, kw, a.workers, a.level)
    if a.json:
        print(json.dumps(res, indent=1))
        return 0
    print(f"{a.game}: {a.level} vs heuristic at probed decisions, {a.games} games, seed {a.seed}, {res['elapsed_s']} s")
    if "worlds" in res:
        w, c = res["worlds"], res["cpu_ms"]
        print(f"  worlds per searched decision: median {w['median']} (p10 {w['p10']}, p90 {w['p90']}, n {w['n']}); "
              f"CPU ms per decision: median {c['median']}, p99 {c['p99']}, max {c['max']}")
    for side, r in res["sides"].items():
        print(f"  {side}: {r['decisions']} decisions, search differed {r['deviations']} times: right {r['right']}, "
              f"wrong {r['wrong']}; win change per decision {r['win_change_per_decision']:+.4f} "
              f"(± {r['se'] or 0:.4f}), score change {r['score_change_per_decision']:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
