"""How many worlds the Gouji search plays out per decision (issue 16): ``python -m engine.bots.gouji_worlds``.

Positions are taken from heuristic one-set games (every ``--every``-th decision of the play phase that the
search takes on: a hand of at most ``max_hand`` cards and at least two candidates); at each the search
(``engine.bots.gouji_search.GoujiSearchBot``, default options) decides on its CPU-time budget (the deciding
thread's, as engine.bots.base.CpuBudget counts it; the wall cap is lifted so a loaded machine does not cut it)
and reports the worlds it played out and the CPU time the decision took. Prints the median and the 10th–90th
percentiles of the worlds, and the decision latency (CPU ms) median, p90, p99 and max; ``--paired FILE`` (the
``--json`` output of another version on the same positions) adds the ratio of worlds decision by decision.

The state machine the rollouts run on is shared by every version of the search, so an older version is measured
from a copy of its tree, with this module copied in (the positions only use the public API)::

    mkdir /tmp/before && git archive 5652e83 | tar -x -C /tmp/before
    cp engine/bots/gouji_worlds.py /tmp/before/engine/bots/
    (cd /tmp/before && python -m engine.bots.gouji_worlds --json > /tmp/before.json)
    python -m engine.bots.gouji_worlds --paired /tmp/before.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from engine.bots.gouji import make_gouji_bot
from engine.bots.gouji_search import GoujiSearchBot
from engine.gouji.rules import Rules
from engine.gouji.state import State


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def positions(seeds: range, every: int, max_hand: int = 26) -> list[tuple[State, int]]:
    """Play-phase decisions of heuristic games with at most ``max_hand`` cards in the deciding hand."""
    out: list[tuple[State, int]] = []
    for seed in seeds:
        st = State(Rules(sets_per_game=1), seed=seed)
        bots = [make_gouji_bot("heuristic", seed=seed * 8 + s) for s in range(6)]
        k = 0
        while not st.is_over:
            s = st.to_act
            assert s is not None
            legal = list(st.legal_actions(s))
            if st.phase == "play" and len(legal) > 1 and len(st.hands[s]) <= max_hand:
                if k % every == 0:
                    out.append((st.clone(), s))
                k += 1
            st.apply(bots[s].choose(st.view(s), legal).action)
    return out


def measure(pos: list[tuple[State, int]], budget_ms: float, rounds: int) -> tuple[list[int], list[float]]:
    worlds: list[int] = []
    cpu: list[float] = []
    for r in range(rounds):
        for k, (st, seat) in enumerate(pos):
            bot = GoujiSearchBot(seed=k + 1000 * r, budget_ms=budget_ms, wall_cap=100.0)
            bot.last_stats = {}
            view = st.view(seat)
            legal = list(st.legal_actions(seat))
            t0 = time.thread_time()
            bot.choose(view, legal)
            spent = (time.thread_time() - t0) * 1000.0
            if bot.last_stats.get("worlds") is None:
                continue  # decided without searching (one candidate, a play-out, ...)
            worlds.append(int(bot.last_stats["worlds"]))
            cpu.append(spent)
    return worlds, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bots.gouji_worlds", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--budget-ms", type=float, default=300.0)
    ap.add_argument("--seeds", type=int, default=6, help="games to take positions from")
    ap.add_argument("--first-seed", type=int, default=70)
    ap.add_argument("--every", type=int, default=6, help="take every n-th searched decision")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--warm", type=int, default=3, help="decisions first played and not counted (caches)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--paired", metavar="FILE", help="the --json output of another version on the same positions: "
                    "also report the ratio of worlds decision by decision (this version's over that one's)")
    args = ap.parse_args(argv)
    pos = positions(range(args.first_seed, args.first_seed + args.seeds), max(1, args.every))
    measure(pos[: args.warm], args.budget_ms, 1)
    worlds, cpu = measure(pos, args.budget_ms, max(1, args.rounds))
    if not worlds:
        print("no searched decision among the positions", file=sys.stderr)
        return 1
    report: dict[str, Any] = {
        "budget_ms": args.budget_ms, "positions": len(pos), "decisions": len(worlds),
        "worlds": {"median": statistics.median(worlds), "p10": _pct([float(w) for w in worlds], 0.1),
                   "p90": _pct([float(w) for w in worlds], 0.9), "min": min(worlds), "max": max(worlds)},
        "cpu_ms": {"median": round(statistics.median(cpu), 1), "p90": round(_pct(cpu, 0.9), 1),
                   "p99": round(_pct(cpu, 0.99), 1), "max": round(max(cpu), 1)},
    }
    report["per_decision"] = worlds
    if args.paired:
        with open(args.paired, encoding="utf-8") as f:
            other = json.load(f)["per_decision"]
        ratios = [a / b for a, b in zip(worlds, other) if b]
        if len(other) == len(worlds) and ratios:
            report["paired_ratio"] = {"median": round(statistics.median(ratios), 3),
                                      "p10": round(_pct(ratios, 0.1), 3), "p90": round(_pct(ratios, 0.9), 3)}
        else:
            report["paired_ratio"] = "positions differ: no pairing"
    if args.json:
        print(json.dumps(report))
    else:
        for k, v in report.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
