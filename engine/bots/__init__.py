"""Bots for Gouji and Baohuang (issue 4): ``make_bot(level, game)``; ``bot.choose(view, legal) -> Decision``.

Levels (:data:`LEVELS`): ``random`` (uniform legal action), ``greedy`` (lowest beat, low leads, keeps jokers
and 2s), ``heuristic`` (a strong Shandong player's rules of thumb: card counting, team play, 开点, 烧牌,
declarations), ``search`` (determinization + heuristic rollouts within a time budget, default 300 ms).

A bot receives only ``view(seat)`` and the list of legal actions — never the ``State`` — so it cannot see any
hidden card. Bots with ``wants_history = True`` (search) work best with ``state.view(seat, with_history=True)``.
"""

from __future__ import annotations

from typing import Any

from engine.bots.base import LEVELS, Bot, Decision, RandomBot
from engine.core import Action

GAMES = ("gouji", "baohuang")


class _AnyGameBot:
    """Dispatches on ``view["game"]`` (used when ``make_bot`` is called without a game)."""

    wants_history = False

    def __init__(self, level: str, seed: int, kw: dict[str, Any]) -> None:
        self.level = level
        self.seed = seed
        self.kw = kw
        self.bots: dict[str, Bot] = {}
        self.wants_history = level == "search"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Decision:
        game = str(view.get("game", "gouji"))
        bot = self.bots.get(game)
        if bot is None:
            bot = self.bots[game] = make_bot(self.level, game, seed=self.seed, **self.kw)
        return bot.choose(view, legal)


def make_bot(level: str, game: str | None = None, seed: int = 0, **kw: Any) -> Bot:
    """A bot of ``level`` for ``game`` (``None``: decided by each view's ``game``).

    Keyword options: ``budget_ms`` (search: time per decision, default 300), ``rollouts`` (search: an upper
    bound on rollouts per decision, for reproducible runs).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    if game is None:
        return _AnyGameBot(level, seed, kw)
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    if level == "random":
        return RandomBot(game, seed)
    if game == "gouji":
        if level == "search":
            from engine.bots.gouji_search import GoujiSearchBot
            return GoujiSearchBot(seed=seed, **kw)
        from engine.bots.gouji import GoujiPolicyBot
        return GoujiPolicyBot(level, seed)
    from engine.bots.baohuang import make_baohuang_bot
    return make_baohuang_bot(level, seed=seed, **kw)


__all__ = ["LEVELS", "Decision", "Bot", "make_bot", "GAMES"]
