"""Headless random-bot games: ``python -m engine.sim --game GAME --games N --seed S [--option k=v] --json``.

Plays complete games with uniformly random legal actions and prints speed figures plus how often each
rule path happened (the engine's ``state.stats`` counters), so anyone can see every rule is reachable.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from typing import Any

from engine import games
from engine.core import Action, LegalActions
from engine.errors import RuleError
from engine.options import parse_assignments


def random_action(state: Any, rng: random.Random) -> Action:
    """A uniformly random legal action of the seat to act, without materializing the whole list."""
    la: LegalActions = state.legal_actions(state.to_act)
    n = len(la)
    if n == 0:
        raise RuntimeError(f"no legal action for seat {state.to_act} in {state!r}")
    return la[rng.randrange(n)]


def _declared_paths(game: str) -> tuple[str, ...]:
    import importlib
    mod = importlib.import_module(games.spec(game).module + ".state")
    return tuple(getattr(mod, "PATHS", ()))


def play_game(game: str, seed: int, options: dict[str, Any], policy: str = "random") -> tuple[Any, int]:
    state = games.new_state(game, seed, options)
    rng = random.Random(seed ^ 0x5EED)
    bots: list[Any] = []
    if policy != "random":
        from engine.bots import make_bot  # bots see only view(seat) and the legal list
        bots = [make_bot(policy, game, seed=seed * 16 + s) for s in range(state.n_seats)]
    actions = 0
    while not state.is_over:
        if bots:
            seat = state.to_act
            assert seat is not None  # one seat acts until the match is over
            action = bots[seat].choose(state.view(seat), list(state.legal_actions(seat))).action
        else:
            action = random_action(state, rng)
        state.apply(action)
        actions += 1
    return state, actions


def run(game: str, n_games: int, seed: int, options: dict[str, Any], policy: str = "random") -> dict[str, Any]:
    spec = games.spec(game)
    paths: Counter[str] = Counter()
    declared: tuple[str, ...] = ()
    actions = 0
    deals = 0
    start = time.perf_counter()
    for i in range(n_games):
        state, n = play_game(game, seed + i, options, policy)
        declared = tuple(getattr(state, "path_names", ())) or declared  # a variant may name its own paths
        actions += n
        paths.update(state.stats)
        deals += state.stats.get(spec.match_counter, 0)
    seconds = time.perf_counter() - start
    unit = spec.match_unit
    return {
        "game": game, "options": options, "seed": seed, "policy": policy, "games": n_games, unit: deals,
        "seconds": round(seconds, 3),
        "games_per_sec": round(n_games / seconds, 2) if seconds else None,
        f"{unit}_per_sec": round(deals / seconds, 2) if seconds else None,
        "actions": actions, "actions_per_sec": round(actions / seconds, 1) if seconds else None,
        "paths": {**{k: 0 for k in (declared or _declared_paths(game))}, **dict(sorted(paths.items()))},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.sim", description=__doc__)
    ap.add_argument("--game", default=games.names()[0], choices=games.names())
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--policy", default="random", choices=["random", "greedy", "heuristic"],
                    help="who plays every seat: uniformly random legal actions (default) or a bot level")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    try:
        options = parse_assignments(args.game, games.option_specs(args.game), args.option)
        games.rules(args.game, options)
    except RuleError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    result = run(args.game, args.games, args.seed, options, args.policy)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        for k, v in result.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
