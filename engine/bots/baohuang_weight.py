"""How likely each hidden Baohuang seat's leads are, given the hand a sampled world gives it (issue 16).

The climbing games' player model (:mod:`engine.bots.weight`) applied to 保皇: a seat leads from the low end
(B-28: the heuristic leads its lowest whole group, as players do), so a lead of ``JJ`` makes a world that leaves
the leader three lower groups less likely, and a lead that splits a group or spends 2s and jokers alone while it
holds a natural group more so. Passes say nothing here: anyone may always pass (B-29), teams are hidden while the
guard is, and a rebel lets a fellow rebel's play stand. The factors are the shared ``LEAD_*``, never a certainty.

``python -m engine.bots.baohuang_weight --positions 300 --seed S`` measures how well the worlds predict the
real hands, weighted against unweighted on the same worlds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.bots.base import events_since_deal
from engine.bots.weight import Observations, Observed, pick_world, position_figures, summarize
from engine.cards import VALUE_OF

N = 5


def observations(view: Mapping[str, Any], temper: float = 1.0) -> Observations:
    """The leads of every other seat since the deal, from ``view``'s own history (the viewer's own are left
    out: its hand is no guess)."""
    from engine.baohuang import Rules

    me = int(view["seat"])
    try:
        rules = Rules(dict(view.get("options") or {}))
    except Exception:  # noqa: BLE001 - options this build does not know: no weights
        return Observations(())
    hidden = tuple(s for s in range(N) if s != me)
    obs = Observations(hidden, temper=temper)
    top = False
    played = [[0] * 19 for _ in range(N)]
    pending: list[tuple[int, Any, list[int]]] = []
    for ev in events_since_deal(view):
        kind, d = ev["kind"], ev["data"]
        if kind in ("kou", "lead_to"):
            top = False
            continue
        if kind != "play":
            continue
        s = int(d["seat"])
        if s != me and not top:
            pending.append((s, rules.parse(str(d["play"])), list(played[s])))
        for c in d.get("cards") or []:
            played[s][VALUE_OF[c[0]]] += 1
        top = True
    for s, play, before in pending:
        later = tuple(played[s][r] - before[r] for r in range(19))
        obs.items.append(Observed(s, "lead", None, play, later))
    return obs


def resample(draw: Any, obs: Observations, k: int, rng: random.Random) -> Any:
    """Of ``k`` worlds from ``draw()`` (card hands per seat, or None), one drawn by weight; None if none came."""
    from engine.cards import rank_counts

    pool = [h for h in (draw() for _ in range(k)) if h is not None]
    if not pool:
        return None
    return pool[pick_world([[rank_counts(h) for h in w] for w in pool], obs, rng)]


def measure(positions: int, seed: int, worlds: int = 64, temper: float = 1.0, resample_k: int = 0) -> dict[str, Any]:
    """Positions from heuristic Baohuang hands (seed ``seed``): at a play-phase decision every few moves, the
    deciding seat's worlds (the search's sampling, :func:`engine.bots.baohuang_search.sample_hands`) scored
    against the real hands, unweighted and weighted (or, ``resample_k`` > 1, resampled from that many each)."""
    from engine.baohuang import Rules, State
    from engine.bots import make_bot
    from engine.bots.baohuang_search import sample_hands
    from engine.cards import rank_counts

    rng = random.Random(seed)
    rows: list[dict[str, tuple[float, float]]] = []
    n_obs = game = 0
    while len(rows) < positions:
        rules = Rules({})
        st = State(rules, seed=seed * 100_003 + game, hands=1)
        bots = [make_bot("heuristic", "baohuang", seed=s) for s in range(N)]
        game += 1
        steps = 0
        while not st.is_over and len(rows) < positions and steps < 4000:
            seat = st.to_act
            assert seat is not None
            legal = list(st.legal_actions(seat))
            v = st.view(seat)
            if v.get("phase") == "play" and len(legal) > 1 and rng.random() < 0.08:
                obs = observations(v, temper)
                ws: list[list[list[int]]] = []
                for _ in range(worlds):
                    hands = sample_hands(v, rules, rng)
                    if hands is None:
                        break
                    ws.append([rank_counts(h) for h in hands])
                alt: list[list[list[int]]] | None = None
                if resample_k > 1 and len(ws) == worlds:
                    def draw(v: dict[str, Any] = v, rules: Any = rules) -> Any:
                        return sample_hands(v, rules, rng)
                    alt = [[rank_counts(h) for h in resample(draw, obs, resample_k, rng)] for _ in range(worlds)]
                if len(ws) == worlds and obs.items:
                    rows.append(position_figures([rank_counts(h) for h in st.hands], ws, obs, alt))
                    n_obs += len(obs.items)
            st.apply(bots[seat].choose(v, legal).action)
            steps += 1
    return summarize(rows, {"game": "baohuang", "positions": len(rows), "seed": seed, "worlds": worlds,
                            "resample": resample_k, "hands": game,
                            "observed_per_position": n_obs / max(1, len(rows))})


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m engine.bots.baohuang_weight --positions 300 --seed S [--worlds 64] [--resample K]``."""
    import argparse
    import json

    ap = argparse.ArgumentParser(prog="python -m engine.bots.baohuang_weight", description=main.__doc__)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--worlds", type=int, default=64)
    ap.add_argument("--temper", type=float, default=1.0)
    ap.add_argument("--resample", type=int, default=0)
    a = ap.parse_args(argv)
    print(json.dumps(measure(a.positions, a.seed, a.worlds, a.temper, a.resample), indent=1))


if __name__ == "__main__":
    main()
