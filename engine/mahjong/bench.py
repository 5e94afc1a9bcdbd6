"""Mahjong speed and strength figures: ``python -m engine.mahjong.bench [--hands N] [--games N] [--json]``
times the win check and shanten on random 14-tile hands (median and p99, after a warm-up of the per-group
caches) and random-bot play; ``--duel heuristic,greedy --deals N`` plays duplicate deals (each wall twice,
the two bots swapping seats) and reports the first bot's share of the points won with a 95% interval;
``--paths greedy --games N [--option k=v]`` counts the rule paths of bot matches.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from typing import Any

from engine import sim
from engine.tiles import counts_of, is_win_counts, shanten_counts

from .rules import Rules
from .spec import SPEC
from .state import State


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def oracle_speed(n_hands: int, seed: int) -> dict[str, Any]:
    rules = Rules()
    rule = rules.win_rule
    rng = random.Random(seed)
    tiles = rules.tiles()
    hands = []
    for _ in range(n_hands):
        rng.shuffle(tiles)
        hands.append(counts_of(tiles[:14]))
    for h in hands[: n_hands // 2]:  # warm-up: the per-group caches fill as in a long session
        is_win_counts(rule, h)
        shanten_counts(rule, h)
    win_us: list[float] = []
    sh_us: list[float] = []
    for _ in range(n_hands):  # fresh hands, timed
        rng.shuffle(tiles)
        h = counts_of(tiles[:14])
        t0 = time.perf_counter_ns()
        is_win_counts(rule, h)
        t1 = time.perf_counter_ns()
        shanten_counts(rule, h)
        t2 = time.perf_counter_ns()
        win_us.append((t1 - t0) / 1000)
        sh_us.append((t2 - t1) / 1000)
    return {"hands": n_hands, "note": "random 14-tile hands after a warm-up of as many hands",
            "is_win_us": {"median": round(statistics.median(win_us), 2), "p99": round(_pct(win_us, 0.99), 2)},
            "shanten_us": {"median": round(statistics.median(sh_us), 1), "p99": round(_pct(sh_us, 0.99), 1)}}


def figures(n_hands: int, seed: int) -> dict[str, Any]:
    """This game's own figures for ``python -m engine.bench``: the win check and shanten."""
    return oracle_speed(n_hands, seed)


def duel(levels: tuple[str, str], deals: int, seed: int) -> dict[str, Any]:
    """Duplicate deals: seats (A, B, A, B) then (B, A, B, A) on the same wall; one hand each."""
    from engine.bots.mahjong import make_mahjong_bot
    won = [0, 0]
    nets: list[float] = []
    t0 = time.process_time()
    for d in range(deals):
        net = 0
        for swap in (0, 1):
            st = State(Rules(match="hands", match_hands=1), seed=seed + d)
            side = [(s + swap) % 2 for s in range(4)]
            bots = [make_mahjong_bot(levels[side[s]], seed=(seed + d) * 8 + s) for s in range(4)]
            while not st.is_over:
                s = st.to_act
                assert s is not None
                st.apply(bots[s].choose(st.view(s), list(st.legal_actions(s))).action)
            pay = st.totals
            for s in range(4):
                if pay[s] > 0:
                    won[side[s]] += pay[s]
                net += pay[s] if side[s] == 0 else 0
        nets.append(net)
    mean = statistics.fmean(nets)
    half = 1.96 * statistics.stdev(nets) / math.sqrt(len(nets)) if len(nets) > 1 else float("nan")
    total = won[0] + won[1]
    return {"bots": list(levels), "deals": deals, "hands": 2 * deals,
            "share_of_points_won": round(won[0] / total, 3) if total else None,
            "points_won": won, "net_per_deal": {"mean": round(mean, 3), "ci95": [round(mean - half, 3),
                                                                                 round(mean + half, 3)]},
            "cpu_seconds": round(time.process_time() - t0, 1)}


def paths(level: str, n_games: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """The rule paths of whole matches played by four bots of ``level`` (random play seldom wins a hand,
    so most scoring paths show only here)."""
    from collections import Counter

    from engine.bots.mahjong import make_mahjong_bot
    total: Counter[str] = Counter()
    t0 = time.process_time()
    for g in range(n_games):
        st = State(Rules(**options), seed=seed + g)
        bots = [make_mahjong_bot(level, seed=(seed + g) * 4 + s) for s in range(4)]
        while not st.is_over:
            s = st.to_act
            assert s is not None
            st.apply(bots[s].choose(st.view(s), list(st.legal_actions(s))).action)
        total.update(st.stats)
    return {"level": level, "games": n_games, "options": options, "cpu_seconds": round(time.process_time() - t0, 1),
            "paths": dict(total)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.mahjong.bench", description=__doc__)
    ap.add_argument("--hands", type=int, default=5000, help="random hands for the oracle timings")
    ap.add_argument("--games", type=int, default=10, help="random-bot matches for the speed figure")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--duel", default=None, metavar="A,B", help="two bot levels for a duplicate-deal duel")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--paths", default=None, metavar="LEVEL", help="count rule paths over --games bot matches")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out: dict[str, Any] = {}
    if args.paths:
        from engine.options import parse_assignments

        from .options import SPECS
        out["paths"] = paths(args.paths, args.games, args.seed, parse_assignments("mahjong", SPECS, args.option))
    elif args.duel:
        a, b = args.duel.split(",")
        out["duel"] = duel((a, b), args.deals, args.seed)
    else:
        out["oracle"] = oracle_speed(args.hands, args.seed)
        speed = sim.run("mahjong", args.games, args.seed, {})
        unit = str(SPEC.match_unit)  # sim names its counts by the game's match unit ("hand")
        out["random_bot"] = {k: speed[k] for k in ("games", unit, "seconds", f"{unit}_per_sec", "actions_per_sec")}
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
