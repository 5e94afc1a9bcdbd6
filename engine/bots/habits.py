"""Habit counters for the arena report (issue 16): what players notice, counted per team.

A game whose bots have habits to watch has a module ``engine.bots.<game>_habits`` with a ``Tracker`` class:
``observe(side, seat, view, legal, action, state)`` at every decision (``side`` = "A" or "B"), ``end(state,
side_of)`` after the play, ``counts`` (side -> name -> number) and a module function ``rates(counts)`` that adds
the derived figures (rates, means) to one side's counts. This module finds it by the game's name, so the arena
names no game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol

from engine.core import Action


class Tracker(Protocol):
    counts: dict[str, dict[str, float]]

    def observe(self, side: str, seat: int, view: dict[str, Any], legal: list[Action], action: Action,
                state: Any) -> None: ...

    def end(self, state: Any, side_of: Callable[[int], str]) -> None: ...


def _module(game: str) -> Any:
    try:
        return importlib.import_module(f"engine.bots.{game}_habits")
    except ModuleNotFoundError:
        return None


def tracker(game: str) -> Tracker | None:
    mod = _module(game)
    if mod is None:
        return None
    t: Tracker = mod.Tracker()
    return t


def add(into: dict[str, dict[str, float]], counts: dict[str, dict[str, float]]) -> None:
    for side, c in counts.items():
        d = into.setdefault(side, {})
        for k, v in c.items():
            d[k] = d.get(k, 0.0) + v


def report(game: str, counts: dict[str, dict[str, float]], levels: dict[str, str]) -> dict[str, Any]:
    """Per team (``A``/``B`` with its level): the raw counts and the derived figures."""
    mod = _module(game)
    out: dict[str, Any] = {}
    for side in sorted(counts):
        c = {k: (int(v) if float(v).is_integer() else v) for k, v in sorted(counts[side].items())}
        extra = mod.rates(counts[side]) if mod is not None else {}
        out[side] = {"level": levels.get(side, side), **c, **extra}
    return out


def ratio(num: float, den: float) -> float | None:
    return round(num / den, 4) if den else None
