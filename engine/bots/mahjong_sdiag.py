"""Where the Mahjong search gains and loses (issue 17): a diagnostic, never a bot level.

    python -m engine.bots.mahjong_sdiag --seed 11 --deals 10 [--first-deal K] [--kw '{"search_shanten": 1}']
        [--log F]

Plays the arena's hands (``python -m engine.arena --game mahjong --sets 1``: the same walls, seats and bot
seeds) with the heuristic at every seat. At each decision of a team-A seat that the search would search (a
胡 on a discard or a robbed kong, M-14; a discard at shanten ``--reach`` or below, or with a seat looking
ready, M-11a) it records, for the heuristic's choice and the search's few candidates:

- ``true``: the real hand copied (the true hidden tiles and wall order) and played to its end with that
  candidate and then the heuristic bots (copied, with their random state) — what the candidate is worth
  at this table, one continuation, the same wall for every candidate;
- ``sim``: the same true world played out once on the search's simulator with its rollout players
  (engine.bots.mahjong_sim) — what a perfect-information search would believe;
- ``search``: the search bot's own answer from the seat's view (its sampled worlds, its override rule).

This module reads the real state: it is a measurement of the search, not a player, and no seat's bot is
built from it. The summary gives, per decision kind, how often each rule (the search; the
perfect-information simulator search, picking the best ``sim``; the best ``true``, an upper bound) departs
from the heuristic and the paired value of those departures in points and, to first order, in team A's
share of the points (``d_share``, as engine.bots.mahjong_hcf computes it), with a 95 % interval.

``--oracle [--hide-wall N]`` plays whole hands instead (:func:`oracle_play`; figures in engine.bots.mahjong_search).
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from engine import arena
from engine.bots import make_bot
from engine.core import Action
from engine.tiles import Tile, counts_of, shanten_counts

from . import mahjong_sim
from .mahjong import own_melds, rules_of, threats
from .mahjong_hcf import play_out, won_by
from .mahjong_search import MahjongSearchBot
from .mahjong_sim import Sim
from .mahjong_walls import arena_hand, decisions
from .mahjong_walls import sides as sides_of


def candidates(bot: Any, view: dict[str, Any], legal: list[Action], base: Action, reach: int,
               width: int) -> tuple[str, list[Action], list[bool]] | None:
    """The decision's kind and the candidates the search would weigh (the heuristic's first), or None when
    the search would not search it; with, per candidate, whether the seat keeps its wait after it."""
    if view.get("claim") is not None:
        win = next((a for a in legal if a.kind == "win"), None)
        pas = next((a for a in legal if a.kind == "pass"), None)
        if win is None or pas is None:
            return None
        return "win_or_pass", [base, pas if base == win else win], [base != win, base == win]
    if base.kind != "discard" or reach < 0:
        return None
    discards = [a for a in legal if a.kind == "discard"]
    if len(discards) < 2:
        return None
    rule = rules_of(view).win_rule
    hand = counts_of(Tile(t) for t in view["hand"])
    melds = own_melds(view)
    h = copy.deepcopy(bot)
    best_sh, ranked = h._ranked_discards(view, rule, hand, melds, discards)
    if best_sh > reach and not threats(view):
        return None
    cands = [base] + [a for a in ranked if a != base][: width - 1]
    keep = []
    for a in cands:
        i = Tile(str(a.arg)).idx
        hand[i] -= 1
        keep.append(shanten_counts(rule, hand, melds) == 0)
        hand[i] += 1
    return f"discard sh{min(best_sh, 2)}", cands, keep


def _first(a: Action) -> tuple[str, int | None]:
    return ("discard", Tile(str(a.arg)).idx) if a.kind == "discard" else (a.kind, None)


def diagnose_play(seed: int, deal: int, swap: bool, kw: dict[str, Any], reach: int, width: int,
                  sims: int) -> dict[str, Any]:
    """One play of one wall with the heuristic everywhere; the records of team A's searched decisions."""
    st = arena_hand(seed, deal)
    sides = sides_of(swap)
    bots: dict[int, Any] = {s: make_bot("heuristic", "mahjong", seed=arena._bot_seed(seed, deal, s, sides[s]))
                            for s in range(4)}
    searchers = {s: MahjongSearchBot(arena._bot_seed(seed, deal, s, "A"), wall_cap=20.0, **kw)
                 for s in range(4) if sides[s] == "A"}
    recs: list[dict[str, Any]] = []
    for seat, view, legal in decisions(st):
        if sides[seat] != "A" or len(legal) < 2:
            st.apply(bots[seat].choose(view, legal).action)
            continue
        state = bots[seat].rng.getstate()
        probe = copy.deepcopy(bots[seat])
        base = bots[seat].choose(copy.deepcopy(view), legal).action
        got = candidates(probe, view, legal, base, reach, width)
        if got is not None:
            kind, cands, keep = got
            sb = searchers[seat]
            sb.heuristic.rng.setstate(state)
            chosen = sb.choose(copy.deepcopy(view), legal).action
            if chosen not in cands:
                cands.append(chosen)
                keep.append(False)
            true_pay = []
            sim_val: list[float] = []
            sim_all: list[float] = []
            for a, k in zip(cands, keep):
                st2, bots2 = copy.deepcopy(st), copy.deepcopy(bots)
                st2.apply(a)
                true_pay.append(play_out(st2, bots2))
                world = Sim.from_state(copy.deepcopy(st))
                sim_val.append(sum(world.copy().play(seat, _first(a), k) for _ in range(sims)) / sims)
                steps, mahjong_sim.TABLE_STEPS = mahjong_sim.TABLE_STEPS, 999
                try:  # every seat discarding as the heuristic does (not only the searching one)
                    sim_all.append(world.copy().play(seat, _first(a), k))
                finally:
                    mahjong_sim.TABLE_STEPS = steps
            names = [[a.kind, a.arg] for a in cands]
            est = dict(zip(map(tuple, sb.last_stats.get("cands", [])), sb.last_stats.get("diffs", [])))
            recs.append({"kind": kind, "wall": int(view["wall"]), "seat": seat, "cands": names,
                         "search": cands.index(chosen), "worlds": sb.last_stats.get("worlds", 0),
                         "est": [est.get(tuple(n)) for n in names], "true": true_pay, "sim": sim_val,
                         "sim_all": sim_all})
        st.apply(base)
    return {"records": recs, "payments": list(st.results[-1]["payments"]), "sides": sides}


def oracle_play(seed: int, deal: int, swap: bool, reach: int, width: int, margin: float,
                all_table: bool, hide_wall: int = 0) -> tuple[float, float]:
    """One arena play of one wall, team A's seats deciding as a perfect-information search would: at each
    decision the search would search, every candidate played out once on the simulator in the TRUE world (the
    real hidden tiles and wall order; deterministic players, so once is all), the best taken when it beats the
    heuristic's choice by more than ``margin``; else the heuristic's choice. ``all_table``: every seat of the
    rollout discards as the heuristic does. ``hide_wall`` N > 0: the search knows every hand but not the wall —
    each candidate is the mean of N rollouts, each on the same N orders of the wall's true tiles (shuffled, paired
    across candidates), which parts what knowing the other hands is worth from what knowing one's own draws is.
    Returns (points won by A's seats, by all seats)."""
    st = arena_hand(seed, deal)
    sides = sides_of(swap)
    bots: dict[int, Any] = {s: make_bot("heuristic", "mahjong", seed=arena._bot_seed(seed, deal, s, sides[s]))
                            for s in range(4)}
    for seat, view, legal in decisions(st):
        probe = copy.deepcopy(bots[seat])
        act = bots[seat].choose(copy.deepcopy(view), legal).action
        if sides[seat] == "A" and len(legal) > 1:
            got = candidates(probe, view, legal, act, reach, width)
            if got is not None:
                _, cands, keep = got
                world = Sim.from_state(copy.deepcopy(st))
                steps, mahjong_sim.TABLE_STEPS = mahjong_sim.TABLE_STEPS, 999 if all_table else mahjong_sim.TABLE_STEPS
                try:
                    if hide_wall:
                        rng = random.Random(f"{seed}/{deal}/{swap}/{len(st.actions)}")
                        walls = [rng.sample(world.wall, len(world.wall)) for _ in range(hide_wall)]
                        vals = [sum(_on_wall(world, w).play(seat, _first(a), k) for w in walls) / hide_wall
                                for a, k in zip(cands, keep)]
                    else:
                        vals = [world.copy().play(seat, _first(a), k) for a, k in zip(cands, keep)]
                finally:
                    mahjong_sim.TABLE_STEPS = steps
                k = max(range(len(vals)), key=lambda j: (vals[j] - (margin if j else 0.0), -j))
                act = cands[k]
        st.apply(act)
    pay = [float(t) for t in st.totals]
    return won_by(pay, sides, "A"), won_by(pay, sides, "A") + won_by(pay, sides, "B")


def _on_wall(world: Sim, wall: list[int]) -> Sim:
    """A copy of ``world`` (built by Sim.from_state: its wall is the live wall) drawing from ``wall`` instead."""
    w = world.copy()
    w.wall = wall
    return w


def _ci(v: Sequence[float]) -> dict[str, Any]:
    n = len(v)
    if n == 0:
        return {"n": 0}
    m = sum(v) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in v) / (n - 1)) if n > 1 else 0.0
    return {"n": n, "sum": round(sum(v), 4), "ci95": round(1.96 * sd * math.sqrt(n), 4)}


RULES = ((0.0, 0.0), (1.0, 0.0), (1.0, 0.15), (2.0, 0.15), (2.0, 0.5))  # (z, margin) of the search's override


def _est_pick(est: Sequence[Any], worlds: int, z: float, margin: float) -> int:
    """The candidate the search's own estimates pick under an override rule: the highest lower bound
    ``mean - z·se`` (se at least 0.5/√worlds, as engine.bots.base.override_score floors it) among those
    with a mean above ``margin`` and a positive bound; 0 (the heuristic's choice) when none."""
    best, pick = 0.0, 0
    floor = 0.5 / math.sqrt(worlds) if worlds else 1.0
    for k in range(1, len(est)):
        e = est[k]
        if e is None or worlds < 10:
            continue
        m, se = e
        lb = m - z * max(se, floor)
        if m > margin and lb > best:
            best, pick = lb, k
    return pick


def summarize(plays: Sequence[dict[str, Any]], margin: float = 0.0) -> dict[str, Any]:
    """Per decision kind and rule: departures from the heuristic and their paired value (see the docstring)."""
    won_a = sum(won_by(p["payments"], p["sides"], "A") for p in plays)
    won_all = won_a + sum(won_by(p["payments"], p["sides"], "B") for p in plays)
    share = won_a / won_all if won_all else 0.5
    d_share: dict[str, list[float]] = defaultdict(list)
    d_own: dict[str, list[float]] = defaultdict(list)
    searched: dict[str, int] = defaultdict(int)
    for p in plays:
        sides = p["sides"]
        for r in p["records"]:
            seat = r["seat"]
            true = r["true"]
            sim = r["sim"]
            best_sim = max(range(len(sim)), key=lambda k: (sim[k] - (0 if k == 0 else margin), -k))
            own = [t[seat] for t in true]
            best_true = max(range(len(own)), key=lambda k: (own[k], -k))
            picks = {"search": r["search"], "sim_oracle": best_sim, "true_oracle": best_true}
            if "sim_all" in r:
                sa = r["sim_all"]
                picks["sim_all_oracle"] = max(range(len(sa)), key=lambda k: (sa[k], -k))
            est = r.get("est")
            if est is not None:
                for z, m in RULES:
                    picks[f"est z{z} m{m}"] = _est_pick(est, r.get("worlds", 0), z, m)
            for kind in (r["kind"], "all"):
                searched[kind] += 1
                for rule, k in picks.items():
                    if k == 0:
                        continue
                    da = won_by(true[k], sides, "A") - won_by(true[0], sides, "A")
                    db = won_by(true[k], sides, "B") - won_by(true[0], sides, "B")
                    d_share[f"{kind} | {rule}"].append(((1 - share) * da - share * db) / won_all)
                    d_own[f"{kind} | {rule}"].append(own[k] - own[0])
    out: dict[str, Any] = {}
    for key in sorted(d_share):
        kind = key.split(" | ")[0]
        out[key] = {"searched": searched[kind], "departures": len(d_share[key]),
                    "d_share": _ci(d_share[key]), "d_own_points": _ci(d_own[key])}
    return {"plays": len(plays), "share_a": round(share, 4), "searched": dict(searched), "by": out}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--first-deal", type=int, default=0)
    p.add_argument("--kw", default='{"search_shanten": 1}', help="the search bot's options as JSON")
    p.add_argument("--reach", type=int, default=1,
                   help="discards searched at this shanten or below (-1: none, only the wins on a discard)")
    p.add_argument("--width", type=int, default=3, help="candidates per discard (the heuristic's first)")
    p.add_argument("--sims", type=int, default=1, help="simulator rollouts per candidate in the true world")
    p.add_argument("--log", default=None, help="write one JSON line per play here")
    p.add_argument("--summarize", nargs="*", default=None, help="only summarize these logs")
    p.add_argument("--oracle", action="store_true",
                   help="play whole hands with team A deciding by the perfect-information simulator search")
    p.add_argument("--all-table", action="store_true", help="--oracle: every rollout seat plays the heuristic discard")
    p.add_argument("--hide-wall", type=int, default=0,
                   help="--oracle: know every hand but not the wall; each candidate the mean of N shuffled walls")
    p.add_argument("--margin", type=float, default=0.0, help="--oracle: the gain an alternative must beat")
    p.add_argument("--table-steps", type=int, default=None, help="engine.bots.mahjong_sim.TABLE_STEPS for the search")
    a = p.parse_args(argv)
    if a.table_steps is not None:
        mahjong_sim.TABLE_STEPS = a.table_steps
    if a.oracle:
        won_a, won_all = [], []
        for d in range(a.first_deal, a.first_deal + a.deals):
            pa = [oracle_play(a.seed, d, swap, a.reach, a.width, a.margin, a.all_table, a.hide_wall)
                  for swap in (False, True)]
            won_a.append(sum(x for x, _ in pa))
            won_all.append(sum(y for _, y in pa))
            print(json.dumps({"deal": d, "won_a": won_a[-1], "won_all": won_all[-1]}), flush=True)
        print(json.dumps({"deals": len(won_a), "share_of_points_a": arena.share_ci(won_a, won_all)}))
        return 0
    if a.summarize is not None:
        plays = [json.loads(line) for f in a.summarize for line in open(f, encoding="utf-8") if line.strip()]
    else:
        plays = []
        log = open(a.log, "w", encoding="utf-8") if a.log else None
        for d in range(a.first_deal, a.first_deal + a.deals):
            for swap in (False, True):
                rec = diagnose_play(a.seed, d, swap, json.loads(a.kw), a.reach, a.width, a.sims)
                plays.append(rec)
                if log is not None:
                    log.write(json.dumps(rec) + "\n")
                    log.flush()
        if log is not None:
            log.close()
    json.dump(summarize(plays), sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
