"""Bot seats for the desktop app: ``engine.bots`` when it exists, else a simple fallback.

The fallback follows the 托管 strategy of RULES.md B-46 in spirit: a leader plays his smallest play, a
follower beats cheaply when he can without spending jokers or 2s early, and optional declarations are
declined. It sees only ``view`` and the list of legal actions, like every bot.
"""

from __future__ import annotations

import random
from typing import Any

LEVELS = 4  # 入门 普通 高手 大师


class Decision:
    __slots__ = ("action", "reason")

    def __init__(self, action: Any, reason: str = "") -> None:
        self.action = action
        self.reason = reason


def _play_cost(a: Any) -> tuple[int, int, int]:
    p = a.play
    if p is None:
        return (9, 0, 0)
    specials = p.twos + p.raw_small + p.raw_big + getattr(p, "supers", 0)
    return (specials, p.rank if p.rank else 99, p.n_cards)


# Kinds a cautious bot never chooses when something else is on offer.
_AVOID = {"revolt", "yudian", "mingdian", "mingbao", "rebel", "zaofan", "grab", "mingdu", "solo", "burn", "rang",
          "jiefeng", "refuse", "ask"}
_PREFER_FIXED = ("accept", "wutou", "decline", "show", "give", "call", "pay", "tribute", "return", "ok", "next")


class FallbackBot:
    """Plays the cheapest sensible legal action. Deterministic for a given seed."""

    def __init__(self, level: int = 1, seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Decision:
        if not legal:
            raise ValueError("no legal action")
        plays = [a for a in legal if a.kind == "play" and a.play is not None]
        fixed = [a for a in legal if a.play is None]
        kinds = {a.kind for a in fixed}
        trick = view.get("trick") or []
        leading = not trick or "pass" not in kinds
        if plays:
            plays.sort(key=_play_cost)
            if leading:
                return Decision(plays[0], "lead the cheapest play")
            cheap = [a for a in plays if _play_cost(a)[0] == 0]
            hand_n = len(view.get("hand") or [])
            if cheap and (self.rng.random() < 0.85 or hand_n < 8):
                return Decision(cheap[0], "beat cheaply")
            if plays and hand_n <= 10 and self.rng.random() < 0.6:
                return Decision(plays[0], "spend a special card near the end")
        if "pass" in kinds:
            return Decision(next(a for a in fixed if a.kind == "pass"), "pass")
        for k in _PREFER_FIXED:
            cands = [a for a in fixed if a.kind == k]
            if cands:
                if k in ("give", "pay", "tribute", "return", "call"):
                    cands.sort(key=lambda a: _card_key(a.arg))
                return Decision(cands[0], k)
        safe = [a for a in fixed if a.kind not in _AVOID]
        if safe:
            return Decision(safe[0], "first safe action")
        if plays:
            return Decision(plays[0], "forced play")
        return Decision(fixed[0], "first legal action")


def _card_key(arg: Any) -> tuple[int, str]:
    from engine.cards import Card
    try:
        c = Card.parse(str(arg))
        return (c.rank, c.suit)
    except Exception:
        return (99, str(arg))


LEVEL_NAMES = ("random", "greedy", "heuristic", "search")  # 入门 普通 高手 大师 → engine.bots.LEVELS


def make_bot(level: int, seed: int = 0, game: str | None = None) -> Any:
    """A bot with ``choose(view, legal) -> Decision``: ``engine.bots.make_bot`` when it exists, else the fallback."""
    try:
        import engine.bots as eb
        fn = eb.make_bot
    except Exception:
        return FallbackBot(level, seed)
    names = getattr(eb, "LEVELS", LEVEL_NAMES)
    name = names[max(0, min(len(names) - 1, level))]
    try:
        return fn(name, game, seed=seed)
    except Exception:
        return FallbackBot(level, seed)


def uses_engine_bots() -> bool:
    return not isinstance(make_bot(1), FallbackBot)
