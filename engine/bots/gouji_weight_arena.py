"""A paired strength check of the Gouji search on resampled worlds (issue 16): :mod:`engine.arena` on the same
duplicate deals, team A the search with ``weigh=K`` (:mod:`engine.bots.gouji_weight`), team B the search
without it (``weigh=0``), sides swapped on every deal.

The arena names its bots by level and gives every bot of a level the same parameters; for this run only it is
handed one more name, ``search-weighted`` (never a level players see). Chunk and pool like any arena run::

    python -m engine.bots.gouji_weight_arena --deals 6 --seed 7 --sets 1 --wall-cap 20 --json > part.json
    python -m engine.arena --pool part*.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

LEVEL = "search-weighted"


@contextmanager
def weighted_level(weigh: int) -> Iterator[None]:
    """While open, the arena makes ``search-weighted`` bots: the search with ``weigh`` (one process only)."""
    import engine.arena as arena

    made = arena.__dict__["make_bot"]

    def make(level: str, game: str | None = None, seed: int = 0, **kw: Any) -> Any:
        if level == LEVEL:
            return made("search", game, seed=seed, weigh=weigh, **kw)
        return made(level, game, seed=seed, **kw)

    arena.__dict__["make_bot"] = make
    try:
        yield
    finally:
        arena.__dict__["make_bot"] = made


def run(deals: int, seed: int, sets: int = 1, weigh: int = 4, budget_ms: float = 300.0, wall_cap: float = 20.0,
        first_deal: int = 0, rollouts: int | None = None) -> dict[str, Any]:
    from engine import arena

    kw: dict[str, Any] = {"budget_ms": budget_ms, "wall_cap": wall_cap}
    if rollouts is not None:
        kw["rollouts"] = rollouts
    with weighted_level(weigh):
        out = arena.run("gouji", LEVEL, "search", deals, seed, sets=sets, workers=1,
                        bot_kw={"search": dict(kw, weigh=0), LEVEL: dict(kw)}, first_deal=first_deal)
    out["weigh"] = weigh
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bots.gouji_weight_arena", description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--first-deal", type=int, default=0)
    ap.add_argument("--sets", type=int, default=1)
    ap.add_argument("--weigh", type=int, default=4, help="fresh worlds per world kept")
    ap.add_argument("--budget-ms", type=float, default=300.0)
    ap.add_argument("--wall-cap", type=float, default=20.0)
    ap.add_argument("--rollouts", type=int, default=None)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    res = run(a.deals, a.seed, a.sets, a.weigh, a.budget_ms, a.wall_cap, a.first_deal, a.rollouts)
    if a.json:
        print(json.dumps(res, indent=1, ensure_ascii=False))
    else:
        from engine.arena import _fmt
        print(_fmt(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
