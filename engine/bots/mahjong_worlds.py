"""How many worlds the Mahjong search plays out per decision (issue 17): ``python -m engine.bots.mahjong_worlds``.

Positions are taken from heuristic games (a seat to discard after 20 or 40 moves, M-5); at each the search
decides with every discard searched (``search_shanten=9``) on its CPU-time budget (the deciding thread's, as
engine.bots.base.CpuBudget counts it) and reports the worlds it played out. ``--module FILE`` loads another
version of engine/bots/mahjong_search.py (e.g. ``git show main:engine/bots/mahjong_search.py``) and decides
with both, alternating on the same positions in one process so both see the same machine load; the first
``--warm`` rounds warm the caches and are not counted. Prints medians, quartiles and the paired ratio.

Every decision starts with the rollouts' remembered hands forgotten (:func:`forget`), and the two versions take
turns at going first: the second search of a pair would otherwise play on the shanten and discards the first
one's worlds left behind — measured, the same module twice gave the second 1.79 times the worlds of the first
(quartiles 1.71 – 1.87), still 1.11 with the hands forgotten (the suit-pattern tables stay warm, as they are in
play). The paired ratio is reported as the geometric mean over decisions with a 95 % interval.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import math
import statistics
import sys
from types import ModuleType
from typing import Any

from engine.bots import mahjong_counts, mahjong_players, mahjong_search, mahjong_sim, mahjong_splayer
from engine.bots.mahjong import make_mahjong_bot
from engine.mahjong import Rules, State


def positions(seeds: range, steps: tuple[int, ...] = (20, 40)) -> list[tuple[State, int]]:
    """A seat to discard with at least three discards to choose from, after ``steps`` heuristic moves."""
    out = []
    for seed in seeds:
        for n in steps:
            st = State(Rules(match="hands", match_hands=1), seed=seed)
            bots = [make_mahjong_bot("heuristic", seed=seed + s) for s in range(4)]
            k = 0
            while not st.is_over:
                s = st.to_act
                assert s is not None
                legal = list(st.legal_actions(s))
                if k >= n and st.round is None and sum(a.kind == "discard" for a in legal) >= 3:
                    out.append((st, s))
                    break
                st.apply(bots[s].choose(copy.deepcopy(st.view(s)), legal).action)
                k += 1
    return out


def _load(path: str) -> ModuleType:
    text = open(path, encoding="utf-8").read().replace("from .mahjong", "from engine.bots.mahjong")
    text = text.replace("from . import", "from engine.bots import")
    spec = importlib.util.spec_from_loader("other_mahjong_search", loader=None)
    assert spec is not None
    mod = importlib.util.module_from_spec(spec)
    exec(compile(text, path, "exec"), mod.__dict__)  # noqa: S102 - a file the user names, to compare with
    return mod


def forget() -> None:
    """Clear what the rollouts remember of hands (shanten, wins, discards, claims, plans), so that a decision
    does not inherit the caches the previous one filled."""
    for memo in (mahjong_counts._MEMO, mahjong_counts._WINS, mahjong_players._DISCARDS, mahjong_players._CLAIMS,
                 mahjong_splayer._PLANS):
        memo.clear()
    mahjong_counts._clear_tables()


def _summary(w: list[int]) -> dict[str, Any]:
    q = statistics.quantiles(w, n=4) if len(w) > 1 else [w[0]] * 3
    return {"decisions": len(w), "median": statistics.median(w), "quartiles": [q[0], q[2]],
            "range": [min(w), max(w)]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bots.mahjong_worlds", description=__doc__)
    ap.add_argument("--module", help="another mahjong_search.py to compare with")
    ap.add_argument("--players", action="store_true",
                    help="compare the rollout players: the old least-connected ones against the heuristic's discard")
    ap.add_argument("--budget-ms", type=float, default=300.0)
    ap.add_argument("--seeds", type=int, default=8, help="games to take positions from (two each)")
    ap.add_argument("--rounds", type=int, default=4, help="rounds over the positions, the warm ones included")
    ap.add_argument("--warm", type=int, default=2)
    args = ap.parse_args(argv)
    mods = {"this": mahjong_search}
    if args.players:
        mods = {"other": mahjong_search, "this": mahjong_search}
    if args.module:
        mods = {"other": _load(args.module), "this": mahjong_search}
    pos = positions(range(50, 50 + args.seeds))
    worlds: dict[str, list[int]] = {k: [] for k in mods}
    for r in range(args.rounds):
        for k, (st, seat) in enumerate(pos):
            view = st.view(seat)
            legal = list(st.legal_actions(seat))
            order = list(mods.items())
            if (r + k) % 2:
                order.reverse()
            for name, mod in order:
                if args.players:
                    mahjong_sim.TABLE_PLAYERS = name == "this"
                bot = mod.MahjongSearchBot(k + 100 * r, budget_ms=args.budget_ms, wall_cap=100.0, search_shanten=9)
                forget()
                bot.choose(copy.deepcopy(view), legal)
                if r >= args.warm:
                    worlds[name].append(int(bot.last_stats["worlds"]))
    report: dict[str, Any] = {"budget_ms": args.budget_ms, **{k: _summary(v) for k, v in worlds.items()}}
    if args.module or args.players:
        ratios = sorted(b / a for a, b in zip(worlds["other"], worlds["this"]) if a and b)
        q = statistics.quantiles(ratios, n=4)
        logs = [math.log(x) for x in ratios]
        m = statistics.mean(logs)
        half = 1.96 * statistics.stdev(logs) / math.sqrt(len(logs)) if len(logs) > 1 else 0.0
        report["ratio_this_to_other"] = {"geomean": round(math.exp(m), 3),
                                         "ci95": [round(math.exp(m - half), 3), round(math.exp(m + half), 3)],
                                         "median": round(statistics.median(ratios), 2),
                                         "quartiles": [round(q[0], 2), round(q[2], 2)]}
    json.dump(report, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
