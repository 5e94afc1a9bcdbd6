"""Bot seats for the desktop app: the game's own bots (``GameSpec.bot_factory``, engine.bots levels).

A bot that cannot be made, or that fails while choosing, is an error that surfaces (the worker reports it
as a notice); nothing here swaps in a weaker bot behind the player's back.
"""

from __future__ import annotations

from typing import Any

LEVEL_NAMES = ("random", "greedy", "heuristic", "search")  # 入门 普通 高手 大师 → engine.bots.LEVELS


def make_bot(level: int, seed: int = 0, game: str | None = None) -> Any:
    """A bot with ``choose(view, legal) -> Decision`` for ``game`` at UI level 0..3."""
    from engine import games
    spec = games.spec(str(game))
    if spec.bot_factory is None:
        raise ValueError(f"game {spec.name!r} has no bots")
    name = LEVEL_NAMES[max(0, min(len(LEVEL_NAMES) - 1, level))]
    return spec.bot_factory(name, seed=seed)
