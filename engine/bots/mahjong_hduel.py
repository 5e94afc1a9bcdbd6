"""The arena's share of the points for a heuristic variant against greedy (issue 17).

    python -m engine.bots.mahjong_hduel --seed 5 --deals 200 [--first-deal 0] [--kw '{"break_ready": true}']

Plays exactly the hands of ``python -m engine.arena --game mahjong --team-a heuristic --team-b greedy --sets 1``
(the same walls, seats and bot seeds, via :func:`engine.bots.mahjong_tally.play_logged`), with ``--kw`` passed to
team A's bot (``--kw-b`` to greedy's: ``'{"ties": "isolation"}'`` is the greedy shipped until 2026-12, which
every figure before then in docs/MAHJONG_BOTS.md was measured against), and reports A's share of the points with
the arena's 95 % interval over walls (:func:`engine.arena.share_ci`). With no ``--kw`` it gives the arena's own
figure.

    python -m engine.bots.mahjong_hduel --paired BASE.json VARIANT.json

compares two such reports of the same seed and deals wall by wall: the change of the share with a 95 % paired
bootstrap interval over walls (:func:`paired`) — far narrower than either run's own interval, since both play
the same walls.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

from engine import arena
from engine.bots.mahjong_tally import play_logged


def duel(seed: int, deals: range, kw: dict[str, Any], level_a: str = "heuristic",
         level_b: str = "greedy", kw_b: dict[str, Any] | None = None) -> dict[str, Any]:
    """Per wall, the points A's and all seats won (each seat's positive total, both seatings), and the share."""
    won_a: list[float] = []
    won_all: list[float] = []
    for d in deals:
        a = every = 0.0
        for swap in (False, True):
            h = play_logged(seed, d, swap, level_a, level_b, kw, kw_b)
            for side, p in zip(h["sides"], h["payments"]):
                every += max(0, p)
                a += max(0, p) if side == "A" else 0
        won_a.append(a)
        won_all.append(every)
    return {"seed": seed, "deals": len(won_a), "hands": 2 * len(won_a), "kw": kw, "kw_b": kw_b or {},
            "won_a": won_a, "won_all": won_all, "share_of_points_a": arena.share_ci(won_a, won_all)}


def paired(base: dict[str, Any], variant: dict[str, Any], draws: int = 4000, seed: int = 1) -> dict[str, Any]:
    """The variant's share minus the base's on the same walls, with a 95 % bootstrap interval (walls resampled
    together in both runs, a fixed seed: the same reports give the same interval)."""
    a0, t0, a1, t1 = base["won_a"], base["won_all"], variant["won_a"], variant["won_all"]
    if len(a0) != len(a1) or base.get("seed") != variant.get("seed"):
        raise ValueError("paired reports must cover the same seed and deals")
    n = len(a0)

    def diff(idx: Sequence[int]) -> float:
        s0, s1 = sum(t0[i] for i in idx), sum(t1[i] for i in idx)
        return (sum(a1[i] for i in idx) / s1 if s1 else 0.5) - (sum(a0[i] for i in idx) / s0 if s0 else 0.5)

    rng = random.Random(seed)
    boot = sorted(diff([rng.randrange(n) for _ in range(n)]) for _ in range(draws))
    lo, hi = boot[int(0.025 * draws)], boot[int(0.975 * draws) - 1]
    return {"deals": n, "d_share": round(diff(range(n)), 4), "ci95": [round(lo, 4), round(hi, 4)]}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--first-deal", type=int, default=0)
    p.add_argument("--kw", default="{}", help="team A's bot options as JSON")
    p.add_argument("--kw-b", default="{}", help="greedy's options as JSON (e.g. '{\"ties\": \"isolation\"}')")
    p.add_argument("--pool", nargs="+", default=None, help="pool the JSON reports of runs over different deals")
    p.add_argument("--paired", nargs=2, default=None, metavar=("BASE", "VARIANT"),
                   help="the change of the share between two reports of the same seed and deals")
    a = p.parse_args(argv)
    if a.paired:
        base, variant = (json.load(open(f, encoding="utf-8")) for f in a.paired)
        out = paired(base, variant)
    elif a.pool:
        runs = [json.load(open(f, encoding="utf-8")) for f in a.pool]
        won_a = [x for r in runs for x in r["won_a"]]
        won_all = [x for r in runs for x in r["won_all"]]
        out = {"deals": len(won_a), "hands": 2 * len(won_a), "share_of_points_a": arena.share_ci(won_a, won_all)}
    else:
        out = duel(a.seed, range(a.first_deal, a.first_deal + a.deals), json.loads(a.kw), kw_b=json.loads(a.kw_b))
    json.dump(out, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
