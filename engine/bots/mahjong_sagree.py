"""How often the Mahjong rollout players choose what the heuristic chooses (issue 17):
``python -m engine.bots.mahjong_sagree [--seeds N] [--first S]``.

Heuristic games (engine.bots.mahjong, default options, one hand each); at every decision of every seat the
rollout player (engine.bots.mahjong_search._fast_pick on the same state, seeing only what that seat may: its
hand, the rivers and melds, the 明楼 hands) is asked too. Prints the share of the heuristic's discards
(M-5) and claim answers (M-6: pung, chow, kong or pass) it matches, with a 95 % interval, and the number of
decisions. The searching seat plays its rollouts with this player; ``--old`` measures the least-connected
player (engine.bots.mahjong_players.fast_discard) the other seats play them with.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import sys
from typing import Any

from engine.bots.mahjong import make_mahjong_bot
from engine.mahjong import Rules, State


def agreement(seeds: range, table: bool = True) -> dict[str, Any]:
    from engine.bots.mahjong_search import _fast_pick

    hits = {"discard": [0, 0], "claim": [0, 0]}
    for seed in seeds:
        st = State(Rules(match="hands", match_hands=1), seed=seed)
        bots = [make_mahjong_bot("heuristic", seed=seed + s) for s in range(4)]
        while not st.is_over:
            s = st.to_act
            assert s is not None
            legal = list(st.legal_actions(s))
            a = bots[s].choose(copy.deepcopy(st.view(s)), legal).action
            kinds = {x.kind for x in legal}
            if "win" not in kinds:
                mine = _fast_pick(st.clone(), s, st._legal(s), table)
                if st.round is None and a.kind in ("discard", "minglou") and mine.kind == "discard":
                    row = hits["discard"]
                    row[0] += mine.arg == a.arg
                    row[1] += 1
                elif st.round is not None and kinds & {"pung", "chow", "kong"}:
                    row = hits["claim"]
                    row[0] += (mine.kind, mine.arg) == (a.kind, a.arg)
                    row[1] += 1
            st.apply(a)
    out: dict[str, Any] = {}
    for k, (n_hit, n) in hits.items():
        p = n_hit / n if n else 0.0
        half = 1.96 * math.sqrt(p * (1 - p) / n) if n else 0.0
        out[k] = {"agree": round(p, 3), "interval": [round(p - half, 3), round(p + half, 3)], "decisions": n}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bots.mahjong_sagree", description=__doc__)
    ap.add_argument("--seeds", type=int, default=30, help="heuristic games (one hand each)")
    ap.add_argument("--first", type=int, default=1000, help="the first game's seed")
    ap.add_argument("--old", action="store_true", help="the least-connected players (the opponents in a rollout)")
    args = ap.parse_args(argv)
    json.dump(agreement(range(args.first, args.first + args.seeds), not args.old), sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
