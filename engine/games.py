"""The registry of games: every layer asks it, never a game by name.

Each game's package has a ``spec`` module that calls :func:`register` once with its
:class:`engine.api.GameSpec`. ``SPEC_MODULES`` lists those modules, found by looking for ``engine/<pkg>/spec``
(nothing here names a game); the registry lists the games in their specs' ``order``.

The older helpers (``GAMES``, ``SEATS``, ``module``, ``new_state``, ``rules``, ``option_specs``) are kept:
``docs/ENGINE_API.md`` documents them and tests and tools call them.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Mapping
from typing import Any

import engine
from engine.api import GameSpec, GameState


def _spec_modules() -> tuple[str, ...]:
    """``engine.<pkg>.spec`` for every package of engine/ that has a ``spec`` module — without importing
    any package (pkgutil lists them in the frozen app too)."""
    found = []
    for pkg in pkgutil.iter_modules(engine.__path__):
        paths = [os.path.join(p, pkg.name) for p in engine.__path__]
        if pkg.ispkg and any(m.name == "spec" for m in pkgutil.iter_modules(paths)):
            found.append(f"engine.{pkg.name}.spec")
    return tuple(sorted(found))


SPEC_MODULES = _spec_modules()

GAMES: dict[str, str] = {}  # name → its package (filled by register; also extra modules, engine.net.host)
SEATS: dict[str, int] = {}

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
        importlib.import_module(name)
    ordered = sorted(_SPECS.values(), key=lambda g: g.order)  # stable: toys registered first keep their place
    _SPECS.clear()
    _SPECS.update((g.name, g) for g in ordered)


def seats(game: str) -> int | None:
    """How many seats ``game`` has (a registered game or an extra module given its seats), else None."""
    _load()
    return SEATS.get(game)


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


def table_match(game: str) -> int:
    """The match length of a table a player starts, local or hosted, for a game whose length is a State keyword
    (``match_kwarg``): its spec's ``table_match``, else its ``match_default`` (e.g. 0 for Shengji: to A)."""
    s = spec(game)
    return s.table_match if s.table_match is not None else s.match_default


def module(game: str) -> Any:
    _load()
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game])


def available() -> list[str]:
    """Games whose engine is present."""
    _load()
    out = []
    for g in [*_SPECS, *(g for g in GAMES if g not in _SPECS)]:
        try:
            m = module(g)
        except ImportError:
            continue
        if hasattr(m, "State"):
            out.append(g)
    return out


def new_state(game: str, seed: int, options: Mapping[str, Any] | None = None, **kwargs: Any) -> GameState:
    """``kwargs`` go to the game's State (e.g. ``hands``, the length of the match)."""
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
