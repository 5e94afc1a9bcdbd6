"""Baohuang (保皇) bots — placeholder until the Baohuang engine lands (random legal play)."""

from __future__ import annotations

from typing import Any

from engine.bots.base import Bot, RandomBot


def make_baohuang_bot(level: str, seed: int = 0, **kw: Any) -> Bot:
    return RandomBot("baohuang", seed)
