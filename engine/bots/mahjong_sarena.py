"""The arena with the Mahjong search's reach set (issue 17): ``python -m engine.bots.mahjong_sarena
--search-shanten 1 [--table-steps 0] [--z 2] [--margin 0.15] [--no-wins] [--credit fitted] [--table-passes] --
ARENA ARGS``: sets engine.bots.mahjong_search.DISCARD_SEARCH_SHANTEN (the discard search's reach; ``none`` =
off), its override rule (OVERRIDE_Z, OVERRIDE_MARGIN), whether it searches a win on a discard (SEARCH_WINS),
the value of a rollout cut at its horizon (engine.bots.mahjong_sim.CREDIT, :mod:`engine.bots.mahjong_credit`;
with ``--arg-a horizon=12``), engine.bots.mahjong_sim.TABLE_STEPS and TABLE_PASSES (the rollout seats pass a
discard win as the heuristic does) for this run, then runs ``python -m engine.arena`` with the rest of the
arguments (one worker: the settings live in this process)."""

from __future__ import annotations

import argparse
import json

from engine import arena
from engine.bots import mahjong_credit, mahjong_search, mahjong_sim


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bots.mahjong_sarena", description=__doc__)
    ap.add_argument("--search-shanten", default="none", help="the discard search's reach, or none")
    ap.add_argument("--table-steps", type=int, default=None, help="engine.bots.mahjong_sim.TABLE_STEPS")
    ap.add_argument("--z", type=float, default=None, help="engine.bots.mahjong_search.OVERRIDE_Z")
    ap.add_argument("--margin", type=float, default=None, help="engine.bots.mahjong_search.OVERRIDE_MARGIN")
    ap.add_argument("--no-wins", action="store_true", help="no win-or-pass search")
    ap.add_argument("--credit", default=None,
                    help="the horizon value (engine.bots.mahjong_sim.CREDIT): 'fitted' or a model's JSON file")
    ap.add_argument("--table-passes", action="store_true", help="engine.bots.mahjong_sim.TABLE_PASSES")
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    mahjong_search.DISCARD_SEARCH_SHANTEN = None if args.search_shanten == "none" else int(args.search_shanten)
    if args.table_steps is not None:
        mahjong_sim.TABLE_STEPS = args.table_steps
    if args.z is not None:
        mahjong_search.OVERRIDE_Z = args.z
    if args.margin is not None:
        mahjong_search.OVERRIDE_MARGIN = args.margin
    if args.credit == "fitted":
        mahjong_sim.CREDIT = mahjong_credit.FITTED
    elif args.credit:
        with open(args.credit, encoding="utf-8") as f:
            mahjong_sim.CREDIT = json.load(f)
    if args.table_passes:
        mahjong_sim.TABLE_PASSES = True
    if args.no_wins:
        mahjong_search.SEARCH_WINS = False
    rest = [a for a in args.rest if a != "--"]
    result = arena.main(rest)
    return int(result) if result is not None else 0


if __name__ == "__main__":
    raise SystemExit(main())
