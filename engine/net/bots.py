"""Bots for LAN seats: ``engine.bots`` when present, else a random legal player.

A bot sees only ``view(seat)`` and its legal actions, exactly like a remote human client.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

from engine.core import Action


class NetBot(Protocol):
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


class RandomBot:
    """Random legal action; prefers playing cards over passing so games end in reasonable time."""

    def __init__(self, seed: int | None = None, pass_weight: float = 0.25) -> None:
        self.rng = random.Random(seed)
        self.pass_weight = pass_weight

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action")
        plays = [a for a in legal if a.kind not in ("pass", "decline", "refuse", "rang")]
        others = [a for a in legal if a.kind in ("pass", "decline", "refuse", "rang")]
        if plays and (not others or self.rng.random() >= self.pass_weight):
            # Prefer small plays: pick among the plays with the fewest cards.
            def size(a: Action) -> int:
                return a.play.n_cards if a.play is not None else 0
            smallest = min(size(a) for a in plays)
            pool = [a for a in plays if size(a) == smallest] if self.rng.random() < 0.7 else plays
            return self.rng.choice(pool)
        return self.rng.choice(others or plays)


class _EngineBot:
    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        decision = self.bot.choose(view, legal)
        action = getattr(decision, "action", decision)
        if not isinstance(action, Action):
            raise TypeError("bot returned no Action")
        return action


def make_bot(level: str, seed: int | None = None, game: str | None = None) -> NetBot:
    """A bot of ``level`` for ``game`` from ``engine.bots``; the random legal bot when that is missing or
    does not know the game or level."""
    if seed is None:
        seed = random.randrange(2 ** 31)
    try:
        mod = importlib.import_module("engine.bots")
        if game in getattr(mod, "GAMES", ()) and level in getattr(mod, "LEVELS", ()):
            return _EngineBot(mod.make_bot(level, game, seed=seed))
    except Exception:  # noqa: BLE001 - any failure falls back to the random bot
        pass
    return RandomBot(seed)


def levels() -> list[str]:
    try:
        mod = importlib.import_module("engine.bots")
        names = getattr(mod, "LEVELS", None)
        if names:
            return [str(n) for n in names]
    except Exception:  # noqa: BLE001
        pass
    return ["random", "heuristic"]
