"""Pools the per-deal lines of ``python -m engine.bots.mahjong_sdiag --oracle`` runs (issue 17):
``python -m engine.bots.mahjong_spool FILE...`` prints team A's share of the points with its 95 % interval
over the deals (engine.arena.share_ci), each deal counted once."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from engine import arena


def main(argv: Sequence[str] | None = None) -> int:
    deals: dict[int, tuple[float, float]] = {}
    for path in (sys.argv[1:] if argv is None else argv):
        for line in open(path, encoding="utf-8"):
            if line.startswith('{"deal"'):
                r = json.loads(line)
                deals[int(r["deal"])] = (float(r["won_a"]), float(r["won_all"]))
    won = [deals[d] for d in sorted(deals)]
    print(json.dumps(arena.share_ci([a for a, _ in won], [t for _, t in won])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
