"""What one changed decision is worth: paired counterfactuals of a heuristic variant (issue 17).

    python -m engine.bots.mahjong_hcf --seed 11 --deals 40 --variant '{"min_wall": 30}' [--kw '{}'] [--log F]

Plays the arena's hands (``python -m engine.arena --game mahjong --sets 1``: the same walls, seats and bot seeds,
team A ``heuristic`` with ``--kw``, team B ``greedy``). At every decision of an A seat where the variant
(``HeuristicBot(**variant)``, given the same view and the same random state) would act differently, the hand is
copied and the copy is played to its end with the variant's action there and the usual bots after it. The
wall is the same in both, so the pair differs only by that one decision — far less spread than two whole
runs, whose hands part at their first different choice. Summed over the decisions, the differences give the
first-order effect of the variant: ``d_share`` ≈ Σ ((1 − s)·ΔA − s·ΔB) / (the points won in all), s = A's
share, ΔA/ΔB the change of what A's/B's seats won (positive totals, as the arena counts). ``by`` splits it by
the kind of decision (``discard``, ``claim`` 吃/碰/杠, ``win``/``pass`` on a discard win, ``kong``) and the wall.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import sys
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from engine import arena
from engine.bots import make_bot
from engine.bots.mahjong import HeuristicBot
from engine.bots.mahjong_walls import arena_hand, decisions
from engine.bots.mahjong_walls import sides as sides_of


def won_by(payments: Sequence[float], sides: Sequence[str], side: str) -> float:
    """What one side's seats won in a hand: each seat's positive payment (the arena's share counts these)."""
    return sum(max(0, p) for p, s in zip(payments, sides) if s == side)


def play_out(st: Any, bots: dict[int, Any]) -> list[int]:
    """Play ``st`` to its end with ``bots`` (each handed a JSON copy of its view), the hand's payments."""
    for seat, view, legal in decisions(st, lambda s: bool(bots[s].wants_history)):
        st.apply(bots[seat].choose(view, legal).action)
    return list(st.results[-1]["payments"])


def _kind(view: dict[str, Any], legal: Sequence[Any], kind: str) -> str:
    if view.get("claim") is not None:
        return "win_or_pass" if any(a.kind == "win" for a in legal) else "claim"
    return "kong" if any(a.kind == "kong" for a in legal) and kind in ("kong", "discard") else kind


def counterfactuals(seed: int, deal: int, swap: bool, kw: dict[str, Any],
                    variant: dict[str, Any]) -> tuple[list[dict[str, Any]], list[int], list[str]]:
    """One arena play of one wall; for each A decision the variant changes, the payments of the copy that
    took the variant's action there. Returns (records, the actual payments, each seat's side)."""
    st = arena_hand(seed, deal)
    sides = sides_of(swap)
    bots: dict[int, Any] = {
        s: make_bot("heuristic" if sides[s] == "A" else "greedy", "mahjong",
                    seed=arena._bot_seed(seed, deal, s, sides[s]), **(kw if sides[s] == "A" else {}))
        for s in range(4)}
    alt_bot = HeuristicBot(0, **{**kw, **variant})
    recs: list[dict[str, Any]] = []
    for seat, view, legal in decisions(st, lambda s: bool(bots[s].wants_history)):
        if sides[seat] != "A" or len(legal) < 2:
            st.apply(bots[seat].choose(view, legal).action)
            continue
        state = bots[seat].rng.getstate()
        a = bots[seat].choose(copy.deepcopy(view), legal).action
        alt_bot.rng.setstate(state)
        alt = alt_bot.choose(view, legal).action
        if alt != a:
            st2, bots2 = copy.deepcopy(st), copy.deepcopy(bots)
            st2.apply(alt)
            recs.append({"kind": _kind(view, legal, a.kind), "wall": int(view["wall"]), "seat": seat,
                         "actual_action": [a.kind, a.arg], "variant_action": [alt.kind, alt.arg],
                         "variant": play_out(st2, bots2)})
        st.apply(a)
    return recs, list(st.results[-1]["payments"]), sides


def summarize(hands: Sequence[tuple[list[dict[str, Any]], list[int], list[str]]]) -> dict[str, Any]:
    """A's share of the points in the actual plays and the variant's first-order change of it, with a 95 %
    interval over the changed decisions, in all and by decision kind and wall (20-tile bands)."""
    won_a = sum(won_by(p, s, "A") for _, p, s in hands)
    won_all = won_a + sum(won_by(p, s, "B") for _, p, s in hands)
    share = won_a / won_all if won_all else 0.5
    by: dict[str, list[float]] = defaultdict(list)
    for recs, pay, sides in hands:
        for r in recs:
            da = won_by(r["variant"], sides, "A") - won_by(pay, sides, "A")
            db = won_by(r["variant"], sides, "B") - won_by(pay, sides, "B")
            d = ((1 - share) * da - share * db) / won_all if won_all else 0.0
            for key in ("all", r["kind"], f"{r['kind']} wall {r['wall'] // 20 * 20}+"):
                by[key].append(d)
    out: dict[str, Any] = {}
    for key in sorted(by):
        v = by[key]
        n = len(v)
        mean = sum(v) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in v) / (n - 1)) if n > 1 else 0.0
        out[key] = {"decisions": n, "d_share": round(sum(v), 4), "ci95": round(1.96 * sd * math.sqrt(n), 4)}
    return {"hands": len(hands), "share_a": round(share, 4), "by": out}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--first-deal", type=int, default=0)
    p.add_argument("--kw", default="{}", help="team A's bot options as JSON (the actual play)")
    p.add_argument("--variant", default="{}", help="the variant's options as JSON (over --kw)")
    p.add_argument("--log", default=None, help="write one JSON line per hand here")
    a = p.parse_args(argv)
    kw, variant = json.loads(a.kw), json.loads(a.variant)
    hands = []
    for d in range(a.first_deal, a.first_deal + a.deals):
        for swap in (False, True):
            hands.append(counterfactuals(a.seed, d, swap, kw, variant))
    if a.log:
        with open(a.log, "w", encoding="utf-8") as f:
            for recs, pay, sides in hands:
                f.write(json.dumps({"records": recs, "payments": pay, "sides": sides}) + "\n")
    json.dump(summarize(hands), sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
