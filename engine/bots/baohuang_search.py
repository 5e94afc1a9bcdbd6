"""Baohuang ``search`` bot.

The Baohuang engine has no ``State.from_view`` yet, so this bot cannot build determinized worlds; until it has,
it plays the heuristic policy (within the same interface and budget). See the report of issue 4.
"""

from __future__ import annotations

from typing import Any

from engine.bots.base import Decision, check_legal
from engine.core import Action


class BaohuangSearchBot:
    level = "search"
    wants_history = True

    def __init__(self, seed: int = 0, budget_ms: float = 300.0, rollouts: int | None = None) -> None:
        from engine.bots.baohuang import BaohuangPolicyBot
        self.inner = BaohuangPolicyBot("heuristic", seed)
        self.budget_ms = budget_ms
        self.max_rollouts = rollouts

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Decision:
        check_legal(legal)
        return self.inner.choose(view, legal)
