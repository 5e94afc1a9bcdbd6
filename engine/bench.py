"""Speed figures: ``python -m engine.bench [--game GAME|all] [--hands N] [--games N] [--json]``.

For every game, random-bot games per second. For the climbing games, the median and p99 of legal-play
enumeration for random full hands (leading: every distinct play by shape; answering: every play that beats a
random previous play). A game with figures of its own gives them from its package's ``bench.figures(n_hands,
seed)``: Shengji its lead enumeration, Mahjong its win check and shanten (``is_win_us``, ``shanten_us``;
issue 17's targets: medians under 20 µs and 100 µs).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import time
from typing import Any

from engine import games, sim
from engine.cards import make_pack, rank_counts
from engine.plays import PlayRules, count_leads, iter_answers, iter_leads


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def _hand_sizes(game: str, rules: Any) -> tuple[list[Any], int]:
    """The pack of these rules and the largest hand dealt from it (every seat gets an equal share, rounded up)."""
    pack = list(rules.pack()) if hasattr(rules, "pack") else make_pack(4)
    n = games.spec(game).seats
    return pack, -(-len(pack) // n)


def own_figures(game: str, n_hands: int, seed: int) -> dict[str, Any]:
    """The speed figures a game's package measures itself (its ``bench.figures``), or none."""
    name = games.GAMES[game] + ".bench"
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return {}
    figures = getattr(mod, "figures", None)
    return dict(figures(n_hands, seed)) if figures is not None else {}


def enumeration(game: str, n_hands: int, seed: int) -> dict[str, Any]:
    """A climbing game's lead and answer enumeration (one shared play core)."""
    rules = games.rules(game)
    pr: PlayRules = rules.play_rules
    pack, size = _hand_sizes(game, rules)
    rng = random.Random(seed)
    lead_us: list[float] = []
    count_us: list[float] = []
    ans_us: list[float] = []
    n_leads: list[int] = []
    n_answers: list[int] = []
    for _ in range(max(200, n_hands // 5)):  # warm the per-process shape caches first (steady state)
        rng.shuffle(pack)
        list(iter_leads(pr, rank_counts(pack[:size])))
    for _ in range(n_hands):
        rng.shuffle(pack)
        hand, other = pack[:size], pack[size:2 * size]
        counts = rank_counts(hand)
        t0 = time.perf_counter_ns()
        leads = list(iter_leads(pr, counts))
        t1 = time.perf_counter_ns()
        count_leads(pr, counts)
        t2 = time.perf_counter_ns()
        prev = rng.choice(list(iter_leads(pr, rank_counts(other))))
        t3 = time.perf_counter_ns()
        answers = list(iter_answers(pr, counts, prev))
        t4 = time.perf_counter_ns()
        lead_us.append((t1 - t0) / 1000)
        count_us.append((t2 - t1) / 1000)
        ans_us.append((t4 - t3) / 1000)
        n_leads.append(len(leads))
        n_answers.append(len(answers))
    return {
        "hand_size": size, "hands": n_hands, "note": "after a warm-up of the shape caches",
        "lead_enumeration_us": {"median": round(statistics.median(lead_us), 1), "p99": round(_pct(lead_us, 0.99), 1)},
        "lead_count_us": {"median": round(statistics.median(count_us), 2), "p99": round(_pct(count_us, 0.99), 2)},
        "answer_enumeration_us": {"median": round(statistics.median(ans_us), 1), "p99": round(_pct(ans_us, 0.99), 1)},
        "distinct_leads": {"median": statistics.median(n_leads), "max": max(n_leads)},
        "answers": {"median": statistics.median(n_answers), "max": max(n_answers)},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__)
    ap.add_argument("--game", default="all", choices=["all", *games.names()])
    ap.add_argument("--hands", type=int, default=2000, help="random hands for the enumeration figures")
    ap.add_argument("--games", type=int, default=20, help="random-bot games for the speed figure")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    wanted = games.available() if args.game == "all" else [args.game]
    out: dict[str, Any] = {}
    for game in wanted:
        # the enumeration figures are for climbing games (one shared play core); the others measure their own;
        # every game gets the speed
        climbing = games.spec(game).family == "climbing"
        res = enumeration(game, args.hands, args.seed) if climbing else own_figures(game, args.hands, args.seed)
        speed = sim.run(game, args.games, args.seed, {})
        unit = games.spec(game).match_unit
        res["random_bot"] = {k: speed[k] for k in ("games", unit, "seconds", "games_per_sec", f"{unit}_per_sec",
                                                   "actions_per_sec")}
        out[game] = res
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        for game, res in out.items():
            print(f"== {game}")
            for k, v in res.items():
                print(f"  {k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
