"""Shared pieces of every bot: the :class:`Decision`, the bot protocol and small helpers.

A bot sees only ``view`` (``state.view(seat)``, JSON-able, often a JSON round-trip copy) and ``legal`` (a plain
list of :class:`~engine.core.Action` materialized by the caller). It never receives the ``State`` — so it cannot
reach another seat's hidden cards: cheating is impossible by construction.
"""

from __future__ import annotations

import gc
import math
import random
import time
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


def events_since_deal(view: Any) -> list[dict[str, Any]]:
    """The events of ``view``'s history after its last ``dealt`` event: what this set / hand has shown so far."""
    hist: list[dict[str, Any]] = view.get("history") or []
    for i in range(len(hist) - 1, -1, -1):
        if hist[i]["kind"] == "dealt":
            return hist[i + 1:]
    return hist


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


class CpuBudget:
    """A search's time budget counted in the deciding thread's CPU time, so a loaded machine does not starve it
    of worlds (issue 16), with a wall-clock ceiling (``wall_cap`` × the budget) so nobody waits without end.

    :meth:`now` is one monotone clock in seconds: the larger of the CPU time used and the wall time used divided
    by ``wall_cap``; the budget is spent when it reaches ``seconds``."""

    def __init__(self, budget_ms: float, wall_cap: float = 2.0) -> None:
        self.seconds = budget_ms / 1000.0
        self.wall_cap = max(1.0, wall_cap)
        self.cpu0 = time.thread_time()
        self.wall0 = time.perf_counter()

    def now(self) -> float:
        return max(time.thread_time() - self.cpu0, (time.perf_counter() - self.wall0) / self.wall_cap)

    def cpu_ms(self) -> float:
        return (time.thread_time() - self.cpu0) * 1000.0


def override_score(diffs: Sequence[float], min_worlds: int, margin: float, z: float,
                   sd_floor: float) -> float | None:
    """The evidence that an alternative beats the heuristic's choice, from its paired differences over the same
    worlds: the lower bound ``mean - z·se``, or ``None`` when it is no evidence at all — fewer than
    ``min_worlds`` worlds, or a mean within ``margin``. Integer rollout scores often agree on a few worlds and
    give a zero spread: the standard deviation is never taken below ``sd_floor``."""
    n = len(diffs)
    if n < max(2, min_worlds):
        return None
    m = sum(diffs) / n
    if m <= margin:
        return None
    var = sum((x - m) ** 2 for x in diffs) / (n - 1)
    se = math.sqrt(max(var, sd_floor * sd_floor) / n)
    return m - z * se


def halving_rounds(alternatives: int) -> int:
    """Rounds of successive halving over ``alternatives`` (besides the heuristic's choice): one per halving,
    and a last one for the survivor (7 → 4 → 2 → 1 is four rounds)."""
    r = 1
    while alternatives > 1:
        alternatives = (alternatives + 1) // 2
        r += 1
    return r


def halving_worlds(alternatives: int, rollouts: float) -> float:
    """The worlds of the last round of successive halving — the ones the survivor is judged on, fresh worlds
    that played no part in choosing it — when ``rollouts`` are split evenly over the rounds and every world of a
    round plays the heuristic's choice and each alternative still in the running."""
    return rollouts / halving_rounds(alternatives) / 2


def halving_width(alternatives: int, rollouts: float, min_worlds: int) -> int:
    """The most alternatives (at most ``alternatives``, at least 1) whose survivor still gets ``min_worlds``
    worlds from ``rollouts`` — more candidates only where the budget can afford them."""
    n = max(1, alternatives)
    while n > 1 and halving_worlds(n, rollouts) < min_worlds:
        n -= 1
    return n


def keep_better_half(alive: Sequence[int], diffs: Sequence[Sequence[float]]) -> list[int]:
    """The better half (rounded up) of the alternatives ``alive``, by their mean paired difference over the
    heuristic's choice; ties keep the earlier (the heuristic's preference order)."""
    def mean(k: int) -> float:
        d = diffs[k]
        return sum(d) / len(d) if d else 0.0
    ranked = sorted(alive, key=lambda k: (-mean(k), k))
    return sorted(ranked[:(len(alive) + 1) // 2])


class Race:
    """Successive halving over a search's alternatives (indices 1 … ``alternatives`` of its candidates; 0, the
    heuristic's choice, plays every world): the budget is split into rounds, after each the weaker half drops,
    and the survivor is judged only on the worlds played after it was chosen (:meth:`pick`) — the best of several
    on the worlds that chose it looks better than it is."""

    def __init__(self, alternatives: int, cap: int | None, min_worlds: int) -> None:
        self.alive = list(range(1, alternatives + 1))
        if cap is not None:   # a fixed number of rollouts: as many alternatives as it affords
            self.alive = self.alive[:halving_width(len(self.alive), cap, min_worlds)]
        self.rounds = halving_rounds(len(self.alive))
        self.width = len(self.alive)   # alternatives searched (for the stats)
        self.rnd = 0
        self.chosen_at = 0   # worlds played when the survivors were last chosen
        self.capped = cap is not None
        self.min_worlds = min_worlds

    def after_world(self, worlds: int, diffs: list[list[float]], per_rollout: float, deadline: float,
                    spent: float) -> None:
        """Book a finished world: the first prices a rollout (keep as many alternatives as the budget affords),
        and once ``spent`` (the share of the budget used) passes a round's end the weaker half drops."""
        if worlds == 1 and not self.capped:
            width = halving_width(len(self.alive), deadline / max(per_rollout, 1e-6), self.min_worlds)
            if width < len(self.alive):
                for k in self.alive[width:]:
                    diffs[k] = []
                self.alive = self.alive[:width]
                self.rounds = halving_rounds(len(self.alive))
            self.width = len(self.alive)
        if len(self.alive) > 1 and spent >= (self.rnd + 1) / self.rounds:
            self.alive = keep_better_half(self.alive, diffs)
            self.rnd += 1
            self.chosen_at = worlds

    def pick(self, diffs: Sequence[Sequence[float]], margin: float, z: float,
             sd_floor: float = 0.0) -> tuple[int, list[float]]:
        """The alternative the evidence lets override the heuristic (0: none) and the worlds it was judged on."""
        best_i, best_score = 0, 0.0
        for i in self.alive:
            score = override_score(diffs[i][self.chosen_at:], self.min_worlds, margin, z, sd_floor)
            if score is not None and score > best_score:
                best_i, best_score = i, score
        return best_i, list(diffs[best_i][self.chosen_at:]) if best_i else []
