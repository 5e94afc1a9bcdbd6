"""Where the Mahjong points go: per-hand logs of an arena pairing (issue 17).

    python -m engine.bots.mahjong_tally --team-a heuristic --team-b greedy --deals 50 --seed 11 [--first-deal 0]
        [--kw '{"min_outs": 3}'] [--log hands.jsonl]

Plays exactly the hands ``python -m engine.arena --game mahjong --sets 1`` plays (the same walls, seats and bot
seeds: each wall twice, A on seats 0+2, then on 1+3) and sorts every point by how it changed hands: self-draws
(M-20: each of the three pays V) and discard wins by the winner's side, deal-ins by the discarder's side, kong
payments (M-22), the special patterns (M-19), plus each side's claims (吃/碰/杠) and 明楼. ``--kw`` passes
keyword options to team A's bot (for tuning one parameter against the fixed opponent), ``--kw-b`` to team B's.
The share of the points is computed as the arena does (each seat's positive total, pooled).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine import arena
from engine.bots import make_bot
from engine.bots.mahjong_walls import arena_hand, decisions
from engine.bots.mahjong_walls import sides as sides_of


def play_logged(seed: int, deal: int, swap: bool, level_a: str, level_b: str,
                kw_a: dict[str, Any], kw_b: dict[str, Any] | None = None) -> dict[str, Any]:
    """One arena play of one wall (``arena.play_one``'s loop), returning its hand record with sides."""
    st = arena_hand(seed, deal)
    sides = sides_of(swap)
    bots = {s: make_bot(level_a if sides[s] == "A" else level_b, "mahjong",
                        seed=arena._bot_seed(seed, deal, s, sides[s]), **(kw_a if sides[s] == "A" else kw_b or {}))
            for s in range(len(sides))}
    claims: Counter[str] = Counter()
    for seat, view, legal in decisions(st, lambda s: bool(bots[s].wants_history)):
        a = bots[seat].choose(view, legal).action
        if a.kind in ("chow", "pung", "kong", "minglou"):
            claims[f"{sides[seat]}_{a.kind}"] += 1
        elif a.kind == "pass" and any(x.kind == "win" for x in legal):
            claims[f"{sides[seat]}_passed_win"] += 1  # a discard win left for a self-draw (M-14)
        st.apply(a)
    res = st.results[-1]
    return {"deal": deal, "swap": swap, "sides": sides, "dealer": res["dealer"], "payments": res["payments"],
            "wins": [{k: w[k] for k in ("seat", "from", "self_drawn", "patterns", "value")} for w in res["wins"]],
            "kongs": [(k.seat, k.kind) for k in st.kongs] if res["wins"] else [],
            "wall": st.t.wall_left, "claims": dict(claims)}


def summarize(hands: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Points by cause, from A's point of view (A's gain minus B's, each cause on its own line)."""
    c: Counter[str] = Counter()
    won = {"A": 0.0, "B": 0.0}
    for h in hands:
        sides = h["sides"]
        for s, p in enumerate(h["payments"]):
            won[sides[s]] += max(0, p)
        if not h["wins"]:
            c["drawn"] += 1
        for w in h["wins"]:
            ws = sides[w["seat"]]
            kind = "self" if w["self_drawn"] else "discard"
            c[f"{ws}_win_{kind}"] += 1
            pay = 3 * w["value"] if w["self_drawn"] else w["value"]
            c[f"{ws}_pts_{kind}"] += pay
            if not w["self_drawn"]:
                c[f"{sides[w['from']]}_dealin"] += 1
                c[f"{sides[w['from']]}_dealin_pts"] += w["value"]
            for p in w["patterns"]:
                c[f"{ws}_{p}"] += 1
            if w["seat"] == h["dealer"]:
                c[f"{ws}_dealer_win"] += 1
        for seat, kind in h["kongs"]:
            c[f"{sides[seat]}_kong_{kind}"] += 1
        for k, v in h["claims"].items():
            c[k] += v
    total = won["A"] + won["B"]
    return {"hands": len(hands), "share_a": won["A"] / total if total else 0.5, "won": won,
            "counts": dict(sorted(c.items()))}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--team-a", default="heuristic")
    p.add_argument("--team-b", default="greedy")
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--first-deal", type=int, default=0)
    p.add_argument("--kw", default="{}", help="team A's bot options as JSON")
    p.add_argument("--kw-b", default="{}", help='team B\'s bot options as JSON (e.g. \'{"ties": "isolation"}\')')
    p.add_argument("--log", default=None, help="write one JSON line per hand here")
    a = p.parse_args(argv)
    kw = json.loads(a.kw)
    hands = []
    for d in range(a.first_deal, a.first_deal + a.deals):
        for swap in (False, True):
            hands.append(play_logged(a.seed, d, swap, a.team_a, a.team_b, kw, json.loads(a.kw_b)))
    if a.log:
        with open(a.log, "w", encoding="utf-8") as f:
            for h in hands:
                f.write(json.dumps(h) + "\n")
    json.dump(summarize(hands), sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
