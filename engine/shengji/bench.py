"""Shengji speed figures: ``python -m engine.shengji.bench [--hands N] [--games N] [--json]``.

Lead enumeration for random 25-card hands at a random level and trump: the lazy enumerator by shape (every
non-empty multiset of one system's cards, counted and indexed without listing them — what
``legal_actions`` builds), one uniformly random lead drawn from it, and, for comparison, listing every
distinct lead. Then random-bot hands per second through ``engine.sim``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from engine.trick.cards import Cards, counts_of, full_pack
from engine.trick.order import standard_order
from engine.trick.units import parse_lead


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def _stats(xs: list[float], nd: int = 1) -> dict[str, float]:
    return {"median": round(statistics.median(xs), nd), "p99": round(_pct(xs, 0.99), nd)}


def enumeration(n_hands: int = 2000, seed: int = 1) -> dict[str, Any]:
    from engine.shengji.state import _Leads
    rng = random.Random(seed)
    pack = full_pack()
    lazy: list[float] = []
    pick: list[float] = []
    listing: list[float] = []
    counts: list[int] = []
    for i in range(n_hands + 200):
        rng.shuffle(pack)
        hand = counts_of(pack[:25])
        level = rng.randrange(13)
        trump = rng.choice([0, 1, 2, 3, None])
        order = standard_order(level, trump, True)
        t0 = time.perf_counter_ns()
        leads = _Leads(hand, order)
        n = leads.count
        t1 = time.perf_counter_ns()
        one = leads.nth(rng.randrange(n))
        parse_lead(Cards(one), order)
        t2 = time.perf_counter_ns()
        if i % 10 == 0:
            every = [leads.nth(k) for k in range(n)]
            t3 = time.perf_counter_ns()
            if i >= 200:
                listing.append((t3 - t2) / 1000)
            assert len(every) == n
        if i >= 200:  # the first hands warm the order cache
            lazy.append((t1 - t0) / 1000)
            pick.append((t2 - t1) / 1000)
            counts.append(n)
    return {
        "hand_size": 25, "hands": n_hands,
        "lead_enumeration_us": _stats(lazy, 2),
        "random_lead_us": _stats(pick, 1),
        "list_every_lead_us": _stats(listing, 0),
        "distinct_leads": {"median": statistics.median(counts), "max": max(counts)},
        "note": "lead_enumeration = build the lazy enumerator by shape and count it; random_lead = one index "
                "decoded and read (S-18b); list_every_lead = every distinct lead as a card set (every 10th hand)",
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.shengji.bench", description=__doc__)
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--games", type=int, default=5, help="random-bot matches for the speed figure (0: none)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out = enumeration(args.hands, args.seed)
    if args.games:
        from engine import sim
        speed = sim.run("shengji", args.games, args.seed, {})
        out["random_bot"] = {k: speed[k] for k in ("games", "hands", "seconds", "hands_per_sec", "actions_per_sec")}
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
