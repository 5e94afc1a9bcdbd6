"""Shared pieces of every bot: the :class:`Decision`, the bot protocol and small helpers.

A bot sees only ``view`` (``state.view(seat)``, JSON-able, often a JSON round-trip copy) and ``legal`` (a plain
list of :class:`~engine.core.Action` materialized by the caller). It never receives the ``State`` — so it cannot
reach another seat's hidden cards: cheating is impossible by construction.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.cards import VALUE_OF
from engine.core import Action

LEVELS: tuple[str, ...] = ("random", "greedy", "heuristic", "search")
# Frozen copies of the heuristic and the search as of issue 16: the fixed opponents progress is measured against
# (the arena and make_bot know them; players are never offered them).
BASELINES: tuple[str, ...] = ("baseline-heuristic", "baseline-search")


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's choice and a short reason: a code and rule ids, e.g. ``"lowest-beat G-35"``."""

    action: Action
    reason: str = ""


class Bot(Protocol):
    level: str
    wants_history: bool

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Decision: ...


def card_rank(text: str) -> int:
    """The rank value of a card string (``9c``, ``Ts``, ``x``, ``X^``, ``Z(9c)``)."""
    return VALUE_OF[text[0]]


def hand_counts(cards: Iterable[str]) -> list[int]:
    """Rank counts (index = rank value 0 … 18) of a list of card strings."""
    c = [0] * 19
    for t in cards:
        c[VALUE_OF[t[0]]] += 1
    return c


def check_legal(legal: Sequence[Action]) -> None:
    if not legal:
        raise ValueError("a bot needs at least one legal action")


class RandomBot:
    """A uniformly random legal action (the baseline)."""

    level = "random"
    wants_history = False

    def __init__(self, game: str | None = None, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Decision:
        check_legal(legal)
        return Decision(legal[self.rng.randrange(len(legal))], "random")


class SearchShell:
    """What every search bot shares: its knobs, a seeded RNG, and a ``choose`` that keeps the cyclic garbage
    collector from pausing half-way through a budgeted search (its work is done after the decision)."""

    level = "search"
    wants_history = True

    def __init__(self, seed: int, budget_ms: float, rollouts: int | None, margin: float, z: float,
                 max_candidates: int) -> None:
        self.rng = random.Random(seed)
        self.budget_ms = float(budget_ms)
        self.max_rollouts = rollouts
        self.margin = margin
        self.z = z
        self.max_candidates = max_candidates
        self.last_stats: dict[str, Any] = {}

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Decision:
        was = gc.isenabled()
        gc.disable()
        try:
            return self._choose(view, legal)
        finally:
            if was:
                gc.enable()

    def _choose(self, view: dict[str, Any], legal: list[Action]) -> Decision:
        raise NotImplementedError
