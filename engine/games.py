"""The registry of games: build a state or a rules oracle by game name."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

GAMES = {"gouji": "engine.gouji", "baohuang": "engine.baohuang"}
SEATS = {"gouji": 6, "baohuang": 5}


def module(game: str) -> Any:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])


def available() -> list[str]:
    """Games whose engine is present."""
    out = []
    for g in GAMES:
        try:
            m = module(g)
        except ImportError:
            continue
        if hasattr(m, "State"):
            out.append(g)
    return out


def new_state(game: str, seed: int, options: Mapping[str, Any] | None = None, **kwargs: Any) -> Any:
    """``kwargs`` go to the game's State (e.g. Baohuang's ``hands``, the length of the match)."""
    m = module(game)
    return m.State(m.Rules(dict(options or {})), seed=seed, **kwargs)


def rules(game: str, options: Mapping[str, Any] | None = None) -> Any:
    return module(game).Rules(dict(options or {}))


def option_specs(game: str) -> Any:
    return importlib.import_module(GAMES[game] + ".options").SPECS
