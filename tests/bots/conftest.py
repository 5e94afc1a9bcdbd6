"""Helpers for the bot tests: tables of bots driven through the public API only."""

from __future__ import annotations

import json
import random
from typing import Any

from engine import games
from engine.errors import OptionError


def random_options(game: str, rng: random.Random) -> dict[str, Any]:
    """Random values for every option with a list of choices (Gouji: one or two sets per game)."""
    specs = games.option_specs(game)
    opts: dict[str, Any] = {}
    for spec in specs:
        if spec.choices and spec.name != "preset":
            opts[spec.name] = rng.choice(list(spec.choices))
    if game == "gouji":
        opts["sets_per_game"] = rng.choice([1, 2])
    # some draws are no rule set (三五番, SF-0, refuses Part S options it does not use): put options back to
    # their defaults, in a random order, until the game accepts the rest
    names = [n for n in opts if n != "sets_per_game"]
    rng.shuffle(names)
    while True:
        try:
            games.rules(game, opts)
            return opts
        except OptionError:
            opts.pop(names.pop())


def copy_view(view: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(view))
    return out


def new_state(game: str, seed: int, options: dict[str, Any] | None = None) -> Any:
    mod = games.module(game)
    rules = mod.Rules(dict(options or {}))
    return mod.State(rules, seed=seed, hands=1) if game == "baohuang" else mod.State(rules, seed=seed)


def view_for(st: Any, seat: int, bot: Any) -> dict[str, Any]:
    if st.rules.game == "gouji" and getattr(bot, "wants_history", False):
        return copy_view(st.view(seat, with_history=True))
    return copy_view(st.view(seat))
