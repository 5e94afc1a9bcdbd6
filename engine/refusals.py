"""Chinese wording of refusals for the rules every game shares (RULES.md Part C) and for malformed input.

A game keeps its own table beside its state machine (``engine/<game>/refusals.py``); :func:`zh_for` looks a
rule id up in the game's table first, then here. An id found nowhere gives ``""`` (the UI shows the English).
The wording follows what the desktop showed before the engine gave it (short, in a player's words).
"""

from __future__ import annotations

from collections.abc import Mapping

COMMON_ZH: dict[str, str] = {
    "API": "不是一个动作",
    "C-1": "没有这个点数",
    "C-3": "没有这个花色",
    "C-4": "没有这张王牌",
    "C-6": "不是合法的一手牌",
    "C-8": "没有这个座位",
    "C-9": "不是一个动作",
    "C-10": "一手牌只能有一个点数（可贴2、挂王）",
    "C-12": "压不过上一手（张数相同、每张更大）",
    "C-14": "烤牌压不过上一手",
    "C-15": "本玩法没有特殊王牌",
    "C-16": "不是合法的一手牌",
}


def zh_for(rule: str, table: Mapping[str, str] = COMMON_ZH) -> str:
    """The Chinese reason for ``rule`` from ``table``, else from :data:`COMMON_ZH`, else ``""``."""
    return table.get(rule) or COMMON_ZH.get(rule, "")
