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


_ALL: dict[str, str] = {}


def zh_any(rule: str) -> str:
    """The Chinese reason for ``rule`` from any registered game's table (rule ids never collide across games:
    G-, B-, S-, M- …), else :data:`COMMON_ZH`, else ``""``. A refusal raised deep in a shared parser (a play's
    notation, a tile's) knows only its rule id; this gives it its Chinese words (issue 13)."""
    if not _ALL:
        import importlib

        from engine import games
        merged = dict(COMMON_ZH)
        for mod in games.SPEC_MODULES:
            try:
                table = getattr(importlib.import_module(mod.rsplit(".", 1)[0] + ".refusals"), "ZH", None)
            except ImportError:
                continue
            if isinstance(table, Mapping):
                merged.update({k: v for k, v in table.items() if k not in COMMON_ZH})
        _ALL.update(merged)
    return _ALL.get(rule, "")
