"""The bot arena (issue 4): duplicate deals between two bot levels, win rates with 95% intervals, latency.

    python -m engine.arena --game GAME --team-a heuristic --team-b greedy --deals 100 --seed 1 --json

Every deal (a whole match where the length is a rule option: ``--sets`` sets, on the command line 5 by default, so
what one set hands the next counts) is played twice with the same cards. In the first play team A's bot plays
every seat of the spec's first side (its ``teams``, e.g. seats 0/2/4; where sides form during play, every seat
on the first side and every decision of that side's leader before the roles are fixed) and team B's the other
side; in the second the bots swap sides. A set (hand) is won by the team (side) with
the higher score; ties count half. A game whose bench module defines ``duplicate_tally`` also gets ``share_a``: team A's
share of what both teams took over the two plays of a deal (Shengji: the defenders' points, S-19, and the levels
risen, S-22), with a 95% interval over deals. Each bot receives a JSON round-trip copy of ``view(seat)`` and a plain list of
legal actions, never the state. The report's ``habits`` counts, per team, what players notice (issue 16,
engine/bots/habits.py): e.g. a 对头's 够级 play left unanswered, groups broken, bare jokers, 让牌 never used.

A game where every seat plays for himself (no two sides: the spec has no ``teams`` pair and no ``side_of``,
e.g. a 4-seat tile game) is played on alternate seats: every deal twice with the same wall, bot A on the even
seats and bot B on the odd seats, then the other way round. Every seat's tiles and every seat's position
(the dealer's included) are thus played once by each bot, so the deal's luck cancels within the pair, and
each bot sits between two of the other, so neither profits from feeding a copy of itself. The figure is A's
**share of the points**: the points won by A's seats (each seat's positive total at the end of the play)
over the points won by all seats, pooled over the deals, with a 95% interval of that ratio over the deals
(delta method); ``score_diff_a`` is A's net points per deal (both plays), ``win_rate_a`` the share of plays
in which A's seats won more points than B's. ``--sets`` is the match length there too (``--sets 1``: one
hand per play, so both plays of a deal start from the same wall and the same dealer).

``--arg-a KEY=VALUE`` / ``--arg-b KEY=VALUE`` hand one side's bots a keyword of their level's constructor (the
search levels' and the Mahjong heuristic's options), e.g. the same search with and without weighted worlds:
``--team-a search --team-b search --arg-b weigh=0``. The report records them (``bot_args``); runs made with
different ones do not pool.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from engine import games
from engine.bots import BASELINES, LEVELS, Bot, habits, make_bot

MAX_ACTIONS = 20000
# Past this many legal actions a bot gets the lazy LegalActions view instead of a list (a Shengji burial has
# C(33, 8) choices); the climbing games never come near it, so what they receive is unchanged.
LIST_LIMIT = 50_000


@dataclass
class PlayResult:
    """One play of one deal: side A's score minus side B's score, and who won."""

    deal: int
    a_side: str  # the GameSpec side name A played in this play (e.g. "even"/"odd", "emperor"/"rebels")
    score_a: float
    score_b: float
    latencies: dict[str, list[float]] = field(default_factory=dict)
    decisions: int = 0

    set_wins: list[float] = field(default_factory=list)  # per set, where a match has several
    habits: dict[str, dict[str, float]] = field(default_factory=dict)  # side ("A"/"B") -> habit counter -> n
    tally: dict[str, dict[str, float]] = field(default_factory=dict)  # side -> the game's own measures (points…)
    net_a: float | None = None  # every seat for himself: A's seats' net points (score_a/_b are points won)

    @property
    def diff_a(self) -> float:
        """A's net points: the side scores' difference, or (every seat for himself) A's seats' sum."""
        return self.net_a if self.net_a is not None else self.score_a - self.score_b

    @property
    def win_a(self) -> float:
        if self.set_wins:
            return sum(self.set_wins) / len(self.set_wins)
        return 1.0 if self.score_a > self.score_b else 0.5 if self.score_a == self.score_b else 0.0


def deal_seed(seed: int, deal: int) -> int:
    return (seed * 1_000_003 + deal * 7919 + 17) % (2**31)


def _bot_seed(seed: int, deal: int, seat: int, side: str) -> int:
    return (deal_seed(seed, deal) * 31 + seat * 7 + (0 if side == "A" else 3)) % (2**31)


def _options(game: str, sets: int, extra: dict[str, Any]) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    spec = games.spec(game)
    if spec.match_option is not None:  # the match length is a rule option (the spec's match_option)
        opts[spec.match_option] = sets
    opts.update(extra)
    return opts


def _new_state(game: str, seed: int, opts: dict[str, Any]) -> Any:
    spec = games.spec(game)
    kw = {spec.match_kwarg: 1} if spec.match_kwarg is not None else {}  # one hand per play of a deal
    return spec.new_state(seed, opts, **kw)


def play_one(game: str, seed: int, deal: int, swap: bool, level_a: str, level_b: str,
             opts: dict[str, Any], bot_kw: dict[str, Any]) -> PlayResult:
    """Play one deal once. ``swap`` = the second play of the deal (sides exchanged)."""
    spec = games.spec(game)
    alone = not spec.two_sided  # every seat for himself: A and B on alternate seats
    if alone and spec.seats % 2:
        raise ValueError(f"the arena seats two bots on alternate seats; {game} has an odd number of seats")
    st = _new_state(game, deal_seed(seed, deal), opts)
    bots: dict[tuple[int, str], Bot] = {}

    def bot_for(seat: int, side: str) -> Bot:
        key = (seat, side)
        b = bots.get(key)
        if b is None:
            level = level_a if side == "A" else level_b
            kw = {**bot_kw.get(level, {}), **bot_kw.get(f"side {side}", {})}   # --arg-a / --arg-b last
            b = bots[key] = make_bot(level, game, seed=_bot_seed(seed, deal, seat, side), **kw)
        return b

    def side_of(seat: int) -> str:
        # sides may form during play (a hidden partner): ask the game at every decision
        if alone:
            return "A" if (seat % 2 == 0) != swap else "B"
        return "A" if (spec.side(st, seat) == 0) != swap else "B"

    lat: dict[str, list[float]] = {}
    steps = 0
    watch = habits.tracker(game)
    while not st.is_over:
        seat = st.to_act
        if seat is None:
            break
        side = side_of(seat)
        bot = bot_for(seat, side)
        view = st.view(seat, with_history=True) if bot.wants_history else st.view(seat)
        view = json.loads(json.dumps(view))  # the bot gets a copy: nothing in it leads back to the state
        lazy = st.legal_actions(seat)
        legal = list(itertools.islice(lazy, LIST_LIMIT + 1))
        if len(legal) > LIST_LIMIT:
            legal = lazy
        t0, c0 = time.perf_counter(), time.thread_time()
        decision = bot.choose(view, legal)
        dt = (time.perf_counter() - t0) * 1000.0
        dc = (time.thread_time() - c0) * 1000.0
        key = level_a if side == "A" else level_b
        lat.setdefault(key, []).append(dt)
        lat.setdefault(key + ":cpu", []).append(dc)
        if watch is not None:
            watch.observe(side, seat, view, legal, decision.action, st)
        st.apply(decision.action)
        steps += 1
        if steps > MAX_ACTIONS:
            raise RuntimeError(f"deal {deal}: no end after {MAX_ACTIONS} actions")
    if alone:  # the points each side's seats won (positive totals), and A's net: see the module docstring
        won = [0.0, 0.0]
        net_a = 0.0
        for s in range(spec.seats):
            t = float(st.totals[s])
            won[0 if side_of(s) == "A" else 1] += max(0.0, t)
            net_a += t if side_of(s) == "A" else 0.0
        if watch is not None:
            watch.end(st, side_of)
        return PlayResult(deal, "odd" if swap else "even", won[0], won[1], lat, steps, [],
                          watch.counts if watch is not None else {}, net_a=net_a)
    per_hand = [(a, b) if not swap else (b, a) for a, b in spec.scores_by_side(st)]
    sa = sum(a for a, _ in per_hand)
    sb = sum(b for _, b in per_hand)
    # a set (hand) is won by the side with the higher score in it; ties count half
    wins = [1.0 if a > b else 0.5 if a == b else 0.0 for a, b in per_hand]
    names = spec.side_names
    if watch is not None:
        watch.end(st, side_of)
    tally_of = _tally_fn(game)
    return PlayResult(deal, names[1] if swap else names[0], float(sa), float(sb), lat, steps, wins,
                      watch.counts if watch is not None else {}, tally_of(st, side_of) if tally_of else {})


def _tally_fn(game: str) -> Callable[[Any, Callable[[int], str]], dict[str, dict[str, float]]] | None:
    """The game's own duplicate measures, when its bench module defines ``duplicate_tally(state, side_of)``
    (side "A"/"B" -> measure -> amount, summed over both plays of a deal and shared out, e.g. points won)."""
    import importlib
    try:
        mod = importlib.import_module(games.spec(game).module + ".bench")
    except ImportError:
        return None
    fn = getattr(mod, "duplicate_tally", None)
    return fn if callable(fn) else None


def shares(pairs: Sequence[Sequence[PlayResult]]) -> dict[str, Any]:
    """Per measure of the game's tally: A's share of what both teams took over the two plays of each deal,
    averaged over the deals where anything was taken, with a 95% interval over deals."""
    names = sorted({k for pair in pairs for p in pair for side in p.tally.values() for k in side})
    out: dict[str, Any] = {}
    for k in names:
        per: list[float] = []
        for pair in pairs:
            a = sum(p.tally.get("A", {}).get(k, 0.0) for p in pair)
            b = sum(p.tally.get("B", {}).get(k, 0.0) for p in pair)
            if a + b > 0:
                per.append(a / (a + b))
        out[k] = mean_ci(per)
    return out


def _job(args: tuple[str, int, int, str, str, dict[str, Any], dict[str, Any]]) -> list[PlayResult]:
    game, seed, deal, a, b, opts, kw = args
    return [play_one(game, seed, deal, False, a, b, opts, kw), play_one(game, seed, deal, True, a, b, opts, kw)]


def mean_ci(xs: Sequence[float]) -> dict[str, Any]:
    n = len(xs)
    if n == 0:
        return {"mean": None, "ci95": [None, None], "n": 0}
    m = statistics.fmean(xs)
    sd = statistics.stdev(xs) if n > 1 else 0.0
    h = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    return {"mean": round(m, 4), "ci95": [round(m - h, 4), round(m + h, 4)], "n": n}


def share_ci(won_a: Sequence[float], won_all: Sequence[float]) -> dict[str, Any]:
    """A's share of the points, ``sum(won_a) / sum(won_all)`` over the deals, with a 95% interval of that
    ratio (delta method over the deals: the deals are the independent units, their plays are paired)."""
    n = len(won_a)
    total = sum(won_all)
    if n == 0 or total <= 0:
        return {"mean": None, "ci95": [None, None], "n": n, "points_a": sum(won_a), "points_all": total}
    r = sum(won_a) / total
    if n > 1:
        mean_t = total / n
        resid = [a - r * t for a, t in zip(won_a, won_all)]
        se = math.sqrt(sum(x * x for x in resid) / (n * (n - 1))) / mean_t
    else:
        se = 0.0
    h = 1.96 * se
    return {"mean": round(r, 4), "ci95": [round(max(0.0, r - h), 4), round(min(1.0, r + h), 4)], "n": n,
            "points_a": sum(won_a), "points_all": total}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (used when the per-deal interval degenerates)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def percentile(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    if not s:
        return 0.0
    k = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[k]


def bot_args(pairs: Sequence[str]) -> dict[str, Any]:
    """``["weigh=0", "max_hand=null"]`` → ``{"weigh": 0, "max_hand": None}``: each value as JSON, else as text."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, eq, text = pair.partition("=")
        if not eq or not key.isidentifier():
            raise SystemExit(f"a bot argument is KEY=VALUE, got {pair!r}")
        try:
            out[key] = json.loads(text)
        except json.JSONDecodeError:
            out[key] = text
    return out


def run(game: str, level_a: str, level_b: str, deals: int, seed: int, sets: int = 1, workers: int = 1,
        options: dict[str, Any] | None = None, bot_kw: dict[str, Any] | None = None,
        progress: Callable[[int], None] | None = None, first_deal: int = 0) -> dict[str, Any]:
    """Play deals ``first_deal … first_deal + deals - 1`` of ``seed`` (so runs can be split and pooled)."""
    opts = _options(game, sets, options or {})
    kw = bot_kw or {}
    jobs = [(game, seed, d, level_a, level_b, opts, kw) for d in range(first_deal, first_deal + deals)]
    t0 = time.time()
    results: list[list[PlayResult]] = []
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as ex:
            for i, r in enumerate(ex.map(_job, jobs)):
                results.append(r)
                if progress:
                    progress(i + 1)
    else:
        for i, j in enumerate(jobs):
            results.append(_job(j))
            if progress:
                progress(i + 1)
    elapsed = time.time() - t0
    out = summarize(game, level_a, level_b, seed, opts, results, elapsed)
    out["first_deal"] = first_deal
    out["bot_args"] = {side: dict(kw.get(f"side {side}", {})) for side in "AB"}
    out["per_deal"] = [{"deal": pair[0].deal, "win_a": statistics.fmean(p.win_a for p in pair),
                        **({"tally": [p.tally for p in pair]} if any(p.tally for p in pair) else {}),
                        "diff_a": statistics.fmean(p.diff_a for p in pair),
                        "plays": [{"a_side": p.a_side, "win_a": p.win_a, "diff_a": p.diff_a}
                                  for p in pair]} for pair in results]
    if not games.spec(game).two_sided:
        for d, pair in zip(out["per_deal"], results):
            d["won_a"] = sum(p.score_a for p in pair)
            d["won_all"] = sum(p.score_a + p.score_b for p in pair)
    return out


def pool(runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One report from several runs of the same match-up and seed over different deals (``--first-deal``)."""
    if not runs:
        raise ValueError("nothing to pool")
    key = ("game", "team_a", "team_b", "seed", "options")
    first = runs[0]
    no_args: dict[str, dict[str, Any]] = {"A": {}, "B": {}}   # a report from before --arg-a/--arg-b
    for r in runs[1:]:
        for k in key:
            if r[k] != first[k]:
                raise ValueError(f"runs differ in {k}: {first[k]!r} vs {r[k]!r}")
        if r.get("bot_args", no_args) != first.get("bot_args", no_args):
            raise ValueError(f"runs differ in bot_args: {first.get('bot_args')!r} vs {r.get('bot_args')!r}")
    per_deal = [d for r in runs for d in r["per_deal"]]
    deals = [d["deal"] for d in per_deal]
    if len(set(deals)) != len(deals):
        raise ValueError("the runs share deals; pool runs over different deals (--first-deal)")
    out: dict[str, Any] = {k: first[k] for k in key}
    out["bot_args"] = first.get("bot_args", no_args)
    out.update({"deals": len(per_deal), "plays": 2 * len(per_deal), "pooled_runs": len(runs),
                "win_rate_a": _win_ci([d["win_a"] for d in per_deal]),
                "score_diff_a": mean_ci([d["diff_a"] for d in per_deal]),
                "elapsed_s": round(sum(r["elapsed_s"] for r in runs), 1)})
    if any("tally" in d for d in per_deal):
        out["share_a"] = shares([[PlayResult(0, "", 0.0, 0.0, tally=t) for t in d.get("tally", [])]
                                 for d in per_deal])
    lat: dict[str, dict[str, Any]] = {}
    for r in runs:
        for k, v in r["latency_ms"].items():
            m = lat.setdefault(k, {"median": [], "p99": 0.0, "max": 0.0, "n": 0})
            m["median"].append(v["median"])
            m["p99"] = max(m["p99"], v["p99"])
            m["max"] = max(m["max"], v["max"])
            m["n"] += v["n"]
    # medians and p99 are not additive: the median of the runs' medians and the worst run's p99
    out["latency_ms"] = {k: {**v, "median": statistics.median(v["median"])} for k, v in sorted(lat.items())}
    counts: dict[str, dict[str, float]] = {}
    for r in runs:
        habits.add(counts, r.get("habit_counts") or {})
    if counts:
        out["habits"] = habits.report(first["game"], counts, {"A": first["team_a"], "B": first["team_b"]})
        out["habit_counts"] = counts
    if all("won_a" in d for d in per_deal):
        out["seating"] = "alternate"
        out["share_of_points_a"] = share_ci([d["won_a"] for d in per_deal], [d["won_all"] for d in per_deal])
    if _sides_form_in_play(first["game"]):
        for side in games.spec(first["game"]).side_names:
            k = f"a_as_{side}"
            if all("plays" in d for d in per_deal):
                plays = [p for d in per_deal for p in d["plays"] if p["a_side"] == side]
                out[k] = {"win_rate_a": _win_ci([p["win_a"] for p in plays], 1),
                          "score_diff_a": mean_ci([p["diff_a"] for p in plays])}
            else:  # older reports carry only each run's summary: pool the means, Wilson interval
                n = sum(r[k]["win_rate_a"]["n"] for r in runs)
                wins = sum(r[k]["win_rate_a"]["mean"] * r[k]["win_rate_a"]["n"] for r in runs)
                lo, hi = wilson(wins, n)
                dn = sum(r[k]["score_diff_a"]["n"] for r in runs)
                dm = sum(r[k]["score_diff_a"]["mean"] * r[k]["score_diff_a"]["n"] for r in runs) / dn
                out[k] = {"win_rate_a": {"mean": round(wins / n, 4), "ci95": [round(lo, 4), round(hi, 4)], "n": n},
                          "score_diff_a": {"mean": round(dm, 4), "ci95": [None, None], "n": dn}}
    return out


def _win_ci(per_deal: list[float], plays_per_item: int = 2) -> dict[str, Any]:
    """Mean per-deal win rate with a 95% interval (normal over deals; never narrower than Wilson's over plays)."""
    r = mean_ci(per_deal)
    if r["n"]:
        k = plays_per_item
        lo, hi = wilson(sum(per_deal) * k, k * len(per_deal))
        r["ci95"] = [round(max(0.0, min(r["ci95"][0], lo)), 4), round(min(1.0, max(r["ci95"][1], hi)), 4)]
    return r


def summarize(game: str, level_a: str, level_b: str, seed: int, opts: dict[str, Any],
              results: list[list[PlayResult]], elapsed: float) -> dict[str, Any]:
    per_deal_win = [statistics.fmean(p.win_a for p in pair) for pair in results]
    per_deal_diff = [statistics.fmean(p.diff_a for p in pair) for pair in results]
    lat: dict[str, list[float]] = {}
    for pair in results:
        for p in pair:
            for k, v in p.latencies.items():
                lat.setdefault(k, []).extend(v)
    out: dict[str, Any] = {
        "game": game, "team_a": level_a, "team_b": level_b, "deals": len(results), "plays": 2 * len(results),
        "seed": seed, "options": opts,
        "win_rate_a": _win_ci(per_deal_win),
        "score_diff_a": mean_ci(per_deal_diff),
        # wall-clock time of each decision, and (":cpu") the CPU time of the deciding thread — the latter
        # does not grow when other programs load the machine
        "latency_ms": {k: {"median": round(statistics.median(v), 3), "p99": round(percentile(v, 0.99), 3),
                           "max": round(max(v), 3), "n": len(v)} for k, v in sorted(lat.items())},
        "elapsed_s": round(elapsed, 1),
    }
    if any(p.tally for pair in results for p in pair):
        out["share_a"] = shares(results)  # e.g. Shengji: A's share of the points and of the levels gained
    counts: dict[str, dict[str, float]] = {}
    for pair in results:
        for p in pair:
            habits.add(counts, p.habits)
    if counts:
        # what players notice, per team (issue 16): raw counts and rates, same deals for both teams
        out["habits"] = habits.report(game, counts, {"A": level_a, "B": level_b})
        out["habit_counts"] = counts
    if not games.spec(game).two_sided:
        out["seating"] = "alternate"  # A on the even seats, then on the odd seats (module docstring)
        out["share_of_points_a"] = share_ci([sum(p.score_a for p in pair) for pair in results],
                                            [sum(p.score_a + p.score_b for p in pair) for pair in results])
    if _sides_form_in_play(game):
        for side in games.spec(game).side_names:
            plays = [p for pair in results for p in pair if p.a_side == side]
            out[f"a_as_{side}"] = {"win_rate_a": _win_ci([p.win_a for p in plays], 1),
                                   "score_diff_a": mean_ci([p.diff_a for p in plays])}
    return out


def _sides_form_in_play(game: str) -> bool:
    """Whether the report splits A's results by the side it played (the sides are not fixed seats)."""
    spec = games.spec(game)
    return spec.teams is None and spec.two_sided


def _fmt(r: dict[str, Any]) -> str:
    w, d = r["win_rate_a"], r["score_diff_a"]
    lines = [f"{r['game']}: {r['team_a']} (A) vs {r['team_b']} (B), {r['deals']} duplicate deals, seed {r['seed']}",
             f"  A win rate {w['mean']:.3f}  95% CI [{w['ci95'][0]:.3f}, {w['ci95'][1]:.3f}]",
             f"  A score diff {d['mean']:+.3f}  95% CI [{d['ci95'][0]:+.3f}, {d['ci95'][1]:+.3f}]"]
    for k, v in (r.get("share_a") or {}).items():
        if v["mean"] is not None:
            lines.append(f"  A share of {k} {v['mean']:.3f}  95% CI [{v['ci95'][0]:.3f}, {v['ci95'][1]:.3f}]"
                         f" ({v['n']} deals)")
    sh = r.get("share_of_points_a")
    if sh and sh["mean"] is not None:
        lines.append(f"  A share of the points {sh['mean']:.3f}  95% CI [{sh['ci95'][0]:.3f}, {sh['ci95'][1]:.3f}]"
                     f"  ({sh['points_a']:g} of {sh['points_all']:g})")
    for k in [k for k in r if k.startswith("a_as_")]:
        ww = r[k]["win_rate_a"]
        if ww["mean"] is not None:
            lines.append(f"  A as {k.removeprefix('a_as_')}: win rate {ww['mean']:.3f} "
                         f"[{ww['ci95'][0]:.3f}, {ww['ci95'][1]:.3f}]")
    for k, v in r["latency_ms"].items():
        lines.append(f"  latency {k}: median {v['median']:.2f} ms, p99 {v['p99']:.2f} ms, max {v['max']:.1f} ms "
                     f"({v['n']} decisions)")
    for side, h in (r.get("habits") or {}).items():
        shown = ", ".join(f"{k} {v}" for k, v in h.items() if k != "level" and v is not None)
        lines.append(f"  habits {side} ({h['level']}): {shown}")
    lines.append(f"  elapsed {r['elapsed_s']} s")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.arena", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=games.names(), default=games.names()[0])
    ap.add_argument("--team-a", choices=LEVELS + BASELINES, default="heuristic")
    ap.add_argument("--team-b", choices=LEVELS + BASELINES, default="greedy")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first-deal", type=int, default=0, help="index of the first deal (to split long runs)")
    ap.add_argument("--sets", type=int, default=None,
                    help="sets per game where the rules set the match length (each deal is one game)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--budget-ms", type=float, default=None, help="search bot time budget per decision")
    ap.add_argument("--rollouts", type=int, default=None, help="search bot: cap on rollouts per decision")
    ap.add_argument("--wall-cap", type=float, default=None,
                    help="search bot: its budget is CPU time; wall time is capped at this many budgets (default 1.05)")
    ap.add_argument("--options", default="{}", help="rule options as JSON, e.g. '{\"compare_option\": 1}'")
    ap.add_argument("--arg-a", action="append", default=[], metavar="KEY=VALUE",
                    help="a keyword for side A's bots (VALUE as JSON, else text), e.g. --arg-a weigh=0; repeatable")
    ap.add_argument("--arg-b", action="append", default=[], metavar="KEY=VALUE", help="the same for side B")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--pool", nargs="+", metavar="REPORT", help="pool the --json reports of runs over different deals")
    args = ap.parse_args(argv)
    if args.pool:
        reports = []
        for path in args.pool:
            with open(path, encoding="utf-8") as f:
                reports.append(json.load(f))
        pooled = pool(reports)
        print(json.dumps(pooled, indent=1, ensure_ascii=False) if args.json else _fmt(pooled))
        return 0
    kw: dict[str, Any] = {}
    skw: dict[str, Any] = {}
    if args.budget_ms is not None:
        skw["budget_ms"] = args.budget_ms
    if args.rollouts is not None:
        skw["rollouts"] = args.rollouts
    if skw:
        kw["search"] = skw
        kw["baseline-search"] = dict(skw)  # the frozen search knows budget and rollouts only
    if args.wall_cap is not None:
        kw.setdefault("search", {})["wall_cap"] = args.wall_cap
    for side, level, given in (("A", args.team_a, args.arg_a), ("B", args.team_b, args.arg_b)):
        if given:
            kw[f"side {side}"] = side_kw = bot_args(given)
            try:   # a keyword the bot does not take is refused now, not mid-run
                make_bot(level, args.game, **{**kw.get(level, {}), **side_kw})
            except (TypeError, ValueError) as exc:
                ap.error(f"--arg-{side.lower()}: {level} bot: {exc}")
    sets = args.sets if args.sets is not None else (games.spec(args.game).match_default or 1)
    res = run(args.game, args.team_a, args.team_b, args.deals, args.seed, sets=sets, workers=args.workers,
              options=json.loads(args.options), bot_kw=kw, first_deal=args.first_deal)
    if args.json:
        print(json.dumps(res, indent=1, ensure_ascii=False))
    else:
        print(_fmt(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
