"""The registry of games: every layer asks it, never a game by name.

Each game's package has a ``spec`` module that calls :func:`register` once with its
:class:`engine.api.GameSpec`. ``SPEC_MODULES`` lists those modules (the one place the games are named);
a module that is not present yet is skipped, so a game under construction never breaks the others.

The older helpers (``GAMES``, ``SEATS``, ``module``, ``new_state``, ``rules``, ``option_specs``) are kept:
``docs/ENGINE_API.md`` documents them and tests and tools call them.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from engine.api import GameSpec, GameState

SPEC_MODULES = ("engine.gouji.spec", "engine.baohuang.spec", "engine.shengji.spec", "engine.mahjong.spec")

GAMES = {"gouji": "engine.gouji", "baohuang": "engine.baohuang"}
SEATS = {"gouji": 6, "baohuang": 5}

_SPECS: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add a game (idempotent for the same name). Called once from the game's ``spec`` module."""
    _SPECS[spec.name] = spec
    GAMES[spec.name] = spec.module
    SEATS[spec.name] = spec.seats
    return spec


def unregister(name: str) -> None:
    """Remove a game added by :func:`register` (tests register a toy game for their duration only)."""
    _SPECS.pop(name, None)
    GAMES.pop(name, None)
    SEATS.pop(name, None)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in SPEC_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:  # a game not built yet; any other error is a real bug
            if not (e.name and name.startswith(e.name)):
                raise


def specs() -> list[GameSpec]:
    _load()
    return list(_SPECS.values())


def names() -> list[str]:
    _load()
    return list(_SPECS)


def spec(game: str) -> GameSpec:
    _load()
    try:
        return _SPECS[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(_SPECS) or '(none)'}") from None


def module(game: str) -> Any:
    _load()
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])


def available() -> list[str]:
    """Games whose engine is present."""
    _load()
    out = []
    for g in GAMES:
        try:
            m = module(g)
        except ImportError:
            continue
        if hasattr(m, "State"):
            out.append(g)
    return out


def new_state(game: str, seed: int, options: Mapping[str, Any] | None = None, **kwargs: Any) -> GameState:
    """``kwargs`` go to the game's State (e.g. Baohuang's ``hands``, the length of the match)."""
    _load()
    if game in _SPECS:
        return _SPECS[game].new_state(seed, options, **kwargs)
    m = module(game)  # a module registered without a spec (``engine.net.host.register_game_module``)
    st: GameState = m.State(m.Rules(dict(options or {})), seed=seed, **kwargs)
    return st


def rules(game: str, options: Mapping[str, Any] | None = None) -> Any:
    _load()
    if game in _SPECS:
        return _SPECS[game].rules_factory(dict(options or {}))
    return module(game).Rules(dict(options or {}))


def option_specs(game: str) -> Any:
    _load()
    if game in _SPECS:
        return _SPECS[game].option_specs()
    return importlib.import_module(GAMES[game] + ".options").SPECS
