"""Human words for plays, in Chinese and English (for the UI, hints and error messages)."""

from __future__ import annotations

from engine.cards import CHAR_OF
from engine.plays import Play

_ZH_NUM = ["零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四",
           "十五", "十六", "十七", "十八", "十九", "二十"]
_ZH_RANK = {15: "钱(2)"}


def _zh_n(n: int) -> str:
    return _ZH_NUM[n] if n < len(_ZH_NUM) else str(n)


def describe_play(p: Play, lang: str = "zh") -> str:
    parts: list[str] = []
    if lang == "zh":
        if p.raw_big:
            parts.append(f"{_zh_n(p.raw_big)}张大王")
        if p.raw_small:
            parts.append(f"{_zh_n(p.raw_small)}张小王")
        if p.supers:
            parts.append(f"{_zh_n(p.supers)}张特画")
        if p.naturals:
            parts.append(f"{_zh_n(p.naturals)}张{CHAR_OF[p.natural_rank]}")
            if p.twos:
                parts.append(f"贴{_zh_n(p.twos)}张钱")
        elif p.twos:
            parts.append(f"{_zh_n(p.twos)}张2")
        return "带".join(parts[:1]) + ("带" + "带".join(parts[1:]) if len(parts) > 1 else "")
    if p.raw_big:
        parts.append(f"{p.raw_big} big joker{'s' if p.raw_big > 1 else ''}")
    if p.raw_small:
        parts.append(f"{p.raw_small} small joker{'s' if p.raw_small > 1 else ''}")
    if p.supers:
        parts.append(f"{p.supers} super joker{'s' if p.supers > 1 else ''}")
    if p.naturals:
        parts.append(f"{p.naturals}×{CHAR_OF[p.natural_rank]}")
        if p.twos:
            parts.append(f"{p.twos}×2 as filler")
    elif p.twos:
        parts.append(f"{p.twos}×2")
    return " + ".join(parts)
