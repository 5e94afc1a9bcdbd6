"""Shengji speed figures: ``python -m engine.shengji.bench [--hands N] [--games N] [--json]``.

Lead enumeration for random 25-card hands at a random level and trump: the lazy enumerator by shape (every
non-empty multiset of one system's cards, counted and indexed without listing them — what
``legal_actions`` builds), one uniformly random lead drawn from it, and, for comparison, listing every
distinct lead. Then random-bot hands per second through ``engine.sim``.

``--duel A B --deals N``: bot level A against B on N duplicate deals (hand win rate, CPU-time latency).
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


def figures(n_hands: int, seed: int) -> dict[str, Any]:
    """This game's own figures for ``python -m engine.bench``: the lead enumeration."""
    return enumeration(n_hands, seed)


def duel(a: str, b: str, deals: int, seed: int = 1000, options: dict[str, Any] | None = None,
         **bot_kw: Any) -> dict[str, Any]:
    """Bot level ``a`` against ``b`` over ``deals`` one-hand deals, each played twice with the sides swapped
    (duplicate deals). A hand is won by the banker side if it keeps the bank, else by the defenders (S-21).
    Decision latency is CPU time of ``a``'s card plays."""
    import math

    from engine.bots.shengji import make_shengji_bot
    from engine.shengji.rules import Rules
    from engine.shengji.state import State
    wins = total = 0
    lat: list[float] = []
    for g in range(deals):
        for side in (0, 1):
            st = State(Rules(options or {}), seed=seed + g, hands=1)
            bots = [make_shengji_bot(a, seed=g * 7 + s, **bot_kw) if s % 2 == side
                    else make_shengji_bot(b, seed=g * 7 + s) for s in range(4)]
            while not st.is_over:
                s = st.to_act
                assert s is not None
                t0 = time.process_time()
                act = bots[s].choose(st.view(s), st.legal_actions(s)).action
                if s % 2 == side and st.phase == "play":
                    lat.append(time.process_time() - t0)
                st.apply(act)
            r = st.last_result
            assert r is not None
            bank = r["banker"] % 2
            wins += int((bank if r["bank_kept"] else 1 - bank) == side)
            total += 1
    p = wins / total
    half = 1.96 * math.sqrt(p * (1 - p) / total)
    return {"a": a, "b": b, "hands": total, "win_rate": round(p, 3), "lower95": round(p - half, 3),
            "latency_ms": {k: round(v * 1000, 2) for k, v in _stats(lat, 6).items()}}


def duplicate_tally(st: Any, side_of: Any) -> dict[str, dict[str, float]]:
    """What each arena team ("A"/"B") took in the hands played (engine.arena shares them out per deal):
    ``points`` — the card points it captured as defenders (S-19: tricks, the bottom with its multiplier and
    throw penalties, so counted the way the hand is scored; 0 as banker side), ``levels`` — the levels it
    rose (S-22; a drop does not count as the other side's gain)."""
    out: dict[str, dict[str, float]] = {"A": {"points": 0.0, "levels": 0.0}, "B": {"points": 0.0, "levels": 0.0}}
    for e in st.history:
        if e.kind != "hand_over":
            continue
        r = e.data
        bank = side_of(int(r["banker"]))
        defend = "B" if bank == "A" else "A"
        out[defend]["points"] += max(0, int(r["points"]))
        out[bank]["levels"] += max(0, int(r["banker_change"]))
        out[defend]["levels"] += max(0, int(r["defender_change"]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.shengji.bench", description=__doc__)
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--games", type=int, default=5, help="random-bot matches for the speed figure (0: none)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--duel", nargs=2, metavar=("A", "B"), help="bot level A against B on duplicate deals")
    ap.add_argument("--deals", type=int, default=200, help="deals for --duel (each played twice)")
    ap.add_argument("--budget-ms", type=float, default=None, help="A's budget, for --duel with search")
    args = ap.parse_args(argv)
    if args.duel:
        kw = {"budget_ms": args.budget_ms} if args.budget_ms is not None else {}
        res = duel(args.duel[0], args.duel[1], args.deals, **kw)
        print(json.dumps(res, ensure_ascii=False) if args.json else res)
        return 0
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
