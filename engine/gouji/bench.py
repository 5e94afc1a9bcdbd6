"""Gouji random-bot speed, side by side with another engine: ``python -m engine.gouji.bench [--versus PATH]``.

Plays one-set games (``sets_per_game=1``: 预点, deal, 上班, 明点, 革命, the play to the end of the set) with
uniformly random legal actions (``engine.sim``) and reports the CPU time per set (``time.process_time``).

``--versus PATH`` also plays random-bot sets of lamb-cn/rlcard_gouji, the only other Python Gouji engine we
know, from a checkout of it at PATH (its branch ``main``: ``rlcard/games/gouji``), alternating with ours in this
one process: each round plays ``--sets`` sets of theirs and as many of ours (the order flips every round, so a
drift in the machine's load hits both), and the ratio per set is their CPU time over ours. Nothing of theirs
is copied or vendored: their package is imported from PATH (``sys.path``) and patched at run time only, and the
patch is undone afterwards:

* 4 decks instead of their 6: ``GoujiDealer._build_deck`` is replaced by one building 4 × 54 cards (13 ranks
  × 4 suits + both jokers), then — as their own dealer does for 6 decks — keeping only 6 of the 3s (their rule
  lets a 3 be played only alone as a player's last card, which needs one 3 a player) and adding one eagle (鹰)
  per deck: 210 cards, 35 a player (``rlcard.games.gouji.dealer.HAND_SIZE = 35``; ours deals 36, G-5).
  ``--no-eagles`` leaves the eagles out (206 cards, 34 a player, 2 undealt).
* Their set is their ``GoujiGame`` (``init_game``: deal, 买3, 买4; then ``step`` until ``is_over``), driven
  directly: their ``GoujiEnv`` cannot be built at that commit (``rlcard.make('gouji')`` fails — ``GoujiGame``
  has no ``get_num_players``), and the game alone is the cheaper of the two, so the ratio is not flattered.
  Their random bot picks uniformly from the legal action set the game computes at every step.

Their ``rlcard/__init__.py`` imports every environment, and the Uno one needs ``termcolor``, which this
project does not depend on. Without it the comparison is skipped with a message (exit code 3); install it in a
throwaway venv that sees this environment's packages::

    python -m venv --system-site-packages /tmp/rlvenv && /tmp/rlvenv/bin/pip install termcolor
    /tmp/rlvenv/bin/python -m engine.gouji.bench --versus /path/to/rlcard_gouji
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from engine import sim
from engine.gouji.rules import Rules
from engine.gouji.state import State

SKIPPED = 3  # exit code: the other engine could not be imported


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def our_set(seed: int) -> int:
    """One random-bot set of ours (a one-set game, as ``engine.sim`` plays it); the number of actions."""
    _, n = sim.play_game("gouji", seed, {"sets_per_game": 1})
    return n


def our_rollout_set(seed: int) -> int:
    """The same set, each random legal action applied unchecked — as the search's rollouts apply theirs
    (``State.apply(..., checked=False)`` for an action just taken from ``legal_actions``), and as their engine
    applies any action; the same game as :func:`our_set`."""
    st = State(Rules(sets_per_game=1), seed=seed)
    rng = random.Random(seed ^ 0x5EED)  # engine.sim's random-bot seed
    n = 0
    while not st.is_over:
        seat = st.to_act
        assert seat is not None  # one seat acts until the game is over
        la = st.legal_actions(seat)
        st.apply(la[rng.randrange(len(la))], checked=False)
        n += 1
    return n


class Versus:
    """Their engine, imported from a checkout and patched to 4 decks for as long as the context lasts."""

    RANKS = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2")

    def __init__(self, path: str, eagles: bool = True) -> None:
        self.path = str(Path(path).resolve())
        self.eagles = eagles

    @contextlib.contextmanager
    def patched(self) -> Iterator[Callable[[int], int]]:
        if not (Path(self.path) / "rlcard" / "games" / "gouji" / "game.py").is_file():
            raise ImportError(f"{self.path} has no rlcard/games/gouji/game.py (check out its branch 'main')")
        sys.path.insert(0, self.path)
        try:
            import rlcard.games.gouji.dealer as dealer  # type: ignore[import-not-found, unused-ignore]
            from rlcard.games.gouji.game import GoujiGame  # type: ignore[import-not-found, unused-ignore]
        finally:
            sys.path.remove(self.path)
        ranks, eagles = self.RANKS, self.eagles

        def four_decks(_self: Any) -> list[str]:
            cards = [r for _ in range(4) for r in ranks for _ in range(4)] + ["BJ", "RJ"] * 4
            cards = [c for c in cards if c != "3"] + ["3"] * 6  # their dealer keeps 6 threes
            return cards + (["Y"] * 4 if eagles else [])

        saved = (dealer.GoujiDealer._build_deck, dealer.HAND_SIZE)
        dealer.GoujiDealer._build_deck = four_decks
        dealer.HAND_SIZE = 35 if eagles else 34

        def their_set(seed: int) -> int:
            game = GoujiGame()
            game.np_random.seed(seed)
            rng = random.Random(seed)
            state, _ = game.init_game()
            n = 0
            while not game.is_over():
                acts = tuple(state["actions"])
                state, _ = game.step(acts[rng.randrange(len(acts))])
                n += 1
            return n

        try:
            yield their_set
        finally:
            dealer.GoujiDealer._build_deck, dealer.HAND_SIZE = saved


def _cpu(play: Callable[[int], int], seed: int) -> tuple[float, int]:
    t0 = time.process_time()
    n = play(seed)
    return time.process_time() - t0, n


def _summary(xs: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(xs) * 1000, 2), "p10": round(_pct(xs, 0.1) * 1000, 2),
            "p90": round(_pct(xs, 0.9) * 1000, 2)}


def _ratios(per_round: list[float]) -> dict[str, Any]:
    return {"median": round(statistics.median(per_round), 2), "min": round(min(per_round), 2),
            "max": round(max(per_round), 2), "rounds": [round(x, 2) for x in per_round]}


def run(rounds: int, sets: int, seed: int, versus: Versus | None, warm: bool = True) -> dict[str, Any]:
    """Round by round, set by set: the same seed through every engine one after the other (the order turns
    every set), so a change in the machine's load lands on all of them alike. ``warm=False`` times the first
    sets of the process too, while our per-process play caches are still filling (a short run's figure)."""
    engines: dict[str, Callable[[int], int]] = {"ours": our_set, "ours_rollout": our_rollout_set}
    with contextlib.ExitStack() as stack:
        if versus is not None:
            engines["theirs"] = stack.enter_context(versus.patched())
        names = list(engines)
        for s in range(3 if warm else 0):  # warm the play caches first (steady state, as in a long session)
            for name in names:
                engines[name](seed + 100_000 + s)
        cpu: dict[str, list[list[float]]] = {k: [] for k in names}
        acts = dict.fromkeys(names, 0)
        for r in range(rounds):
            for k in names:
                cpu[k].append([])
            for i in range(sets):
                sd = seed + r * sets + i
                turn = (r * sets + i) % len(names)
                for name in names[turn:] + names[:turn]:
                    t, n = _cpu(engines[name], sd)
                    cpu[name][-1].append(t)
                    acts[name] += n
    flat = {k: [t for rnd in v for t in rnd] for k, v in cpu.items()}
    n_sets = rounds * sets
    out: dict[str, Any] = {"rounds": rounds, "sets_per_round": sets, "warm": warm}
    if versus is not None:
        out["their_deck"] = "4 decks, 6 threes" + (", 4 eagles" if versus.eagles else "")
        for k in ("ours", "ours_rollout"):
            out[f"ratio_per_set_{k}"] = _ratios([sum(th) / sum(ou) for th, ou in zip(cpu["theirs"], cpu[k])])
            out[f"ratio_per_action_{k}"] = round((sum(flat["theirs"]) / acts["theirs"]) /
                                                 (sum(flat[k]) / acts[k]), 2)
    for k in names:
        out[f"{k}_ms_per_set"] = _summary(flat[k])
        out[f"{k}_actions_per_set"] = round(acts[k] / n_sets, 1)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.gouji.bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--versus", metavar="PATH", help="a checkout of lamb-cn/rlcard_gouji (branch main)")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--sets", type=int, default=10, help="sets of each engine per round")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-eagles", action="store_true", help="their 4-deck pack without their eagles")
    ap.add_argument("--cold", action="store_true", help="no warm-up sets: time the process's first sets too")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    versus = Versus(args.versus, eagles=not args.no_eagles) if args.versus else None
    try:
        res = run(max(1, args.rounds), max(1, args.sets), args.seed, versus, warm=not args.cold)
    except ImportError as exc:
        print(f"skipped: cannot import their engine from {args.versus}: {exc}. Their rlcard/__init__.py imports "
              "every environment (Uno needs termcolor); see `python -m engine.gouji.bench --help` for a "
              "throwaway venv.", file=sys.stderr)
        return SKIPPED
    if args.json:
        print(json.dumps(res, ensure_ascii=False))
    else:
        for k, v in res.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
