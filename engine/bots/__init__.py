"""Bots for every registered game (issue 4): ``make_bot(level, game)``; ``bot.choose(view, legal) -> Decision``.

Levels (:data:`LEVELS`), each game building its own: ``random`` (uniform legal action), ``greedy`` (the
cheapest play that progresses: lowest beat, low leads, or the discard that lowers shanten), ``heuristic`` (a
strong Shandong player's rules of thumb: card counting, team play, defence, the game's declarations), ``search``
(determinization + heuristic rollouts within a CPU-time budget, default 300 ms).

A bot receives only ``view(seat)`` and the list of legal actions — never the ``State`` — so it cannot see any
hidden card. Bots with ``wants_history = True`` (search) work best with ``state.view(seat, with_history=True)``.
"""

from __future__ import annotations

from typing import Any

from engine import games
from engine.bots.base import BASELINES, LEVELS, Bot, Decision, RandomBot
from engine.core import Action


def __getattr__(name: str) -> Any:
    if name == "GAMES":  # the games with bots: every registered game (asked when read, never frozen)
        return tuple(games.names())
    raise AttributeError(name)


class _AnyGameBot:
    """Dispatches on ``view["game"]`` (used when ``make_bot`` is called without a game)."""

    wants_history = False

    def __init__(self, level: str, seed: int, kw: dict[str, Any]) -> None:
        self.level = level
        self.seed = seed
        self.kw = kw
        self.bots: dict[str, Bot] = {}
        self.wants_history = level.endswith("search")

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Decision:
        game = str(view.get("game") or games.names()[0])
        bot = self.bots.get(game)
        if bot is None:
            bot = self.bots[game] = make_bot(self.level, game, seed=self.seed, **self.kw)
        return bot.choose(view, legal)


def make_bot(level: str, game: str | None = None, seed: int = 0, **kw: Any) -> Bot:
    """A bot of ``level`` for ``game`` (``None``: decided by each view's ``game``).

    The game's :class:`engine.api.GameSpec` ``bot_factory`` makes it; a game without one gets the random bot.
    ``level`` may also be one of :data:`BASELINES` (frozen opponents for the arena). Keyword options:
    ``budget_ms`` (search: time per decision, default 300), ``rollouts`` (search: an upper bound on rollouts per
    decision, for reproducible runs).
    """
    if level not in LEVELS and level not in BASELINES:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS + BASELINES)}")
    if game is None:
        return _AnyGameBot(level, seed, kw)
    if game not in games.names():
        raise ValueError(f"unknown game {game!r}; known: {', '.join(games.names())}")
    factory = games.spec(game).bot_factory
    if level == "random" or factory is None:
        return RandomBot(game, seed)
    bot: Bot = factory(level, seed=seed, **kw)
    return bot


__all__ = ["LEVELS", "BASELINES", "Decision", "Bot", "make_bot", "GAMES"]
