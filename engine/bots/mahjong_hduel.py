"""The arena's share of the points for a heuristic variant against greedy (issue 17).

    python -m engine.bots.mahjong_hduel --seed 5 --deals 200 [--first-deal 0] [--kw '{"break_ready": true}']

Plays exactly the hands of ``python -m engine.arena --game mahjong --team-a heuristic --team-b greedy --sets 1``
(the same walls, seats and bot seeds, via :func:`engine.bots.mahjong_tally.play_logged`), with ``--kw`` passed to
team A's bot, and reports A's share of the points with the arena's 95 % interval over walls
(:func:`engine.arena.share_ci`). With no ``--kw`` it gives the arena's own figure.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from engine import arena
from engine.bots.mahjong_tally import play_logged


def duel(seed: int, deals: range, kw: dict[str, Any], level_a: str = "heuristic",
         level_b: str = "greedy") -> dict[str, Any]:
    """Per wall, the points A's and all seats won (each seat's positive total, both seatings), and the share."""
    won_a: list[float] = []
    won_all: list[float] = []
    for d in deals:
        a = every = 0.0
        for swap in (False, True):
            h = play_logged(seed, d, swap, level_a, level_b, kw)
            for side, p in zip(h["sides"], h["payments"]):
                every += max(0, p)
                a += max(0, p) if side == "A" else 0
        won_a.append(a)
        won_all.append(every)
    return {"seed": seed, "deals": len(won_a), "hands": 2 * len(won_a), "kw": kw,
            "won_a": won_a, "won_all": won_all, "share_of_points_a": arena.share_ci(won_a, won_all)}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--first-deal", type=int, default=0)
    p.add_argument("--kw", default="{}", help="team A's bot options as JSON")
    p.add_argument("--pool", nargs="+", default=None, help="pool the JSON reports of runs over different deals")
    a = p.parse_args(argv)
    if a.pool:
        runs = [json.load(open(f, encoding="utf-8")) for f in a.pool]
        won_a = [x for r in runs for x in r["won_a"]]
        won_all = [x for r in runs for x in r["won_all"]]
        out = {"deals": len(won_a), "hands": 2 * len(won_a), "share_of_points_a": arena.share_ci(won_a, won_all)}
    else:
        out = duel(a.seed, range(a.first_deal, a.first_deal + a.deals), json.loads(a.kw))
    json.dump(out, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
