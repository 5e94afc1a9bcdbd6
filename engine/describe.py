"""Human words for plays, in Chinese and English (for the UI, hints and error messages).

``XTTT22`` → 大王带五张10（贴两张钱） / "big joker + five 10s (two 2s as fillers)".
"""

from __future__ import annotations

from engine.cards import CHAR_OF, TWO
from engine.plays import Play

_ZH_NUM = ["零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四",
           "十五", "十六", "十七", "十八", "十九", "二十"]
_EN_NUM = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


def rank_label(rank: int) -> str:
    """``10`` for T, the rank character otherwise."""
    return "10" if CHAR_OF.get(rank) == "T" else CHAR_OF.get(rank, "?")


def _zh_n(n: int) -> str:
    return _ZH_NUM[n] if n < len(_ZH_NUM) else str(n)


def _zh_cards(n: int, what: str) -> str:
    return what if n == 1 else f"{_zh_n(n)}张{what}"


def _en_n(n: int) -> str:
    return _EN_NUM[n] if n < len(_EN_NUM) else str(n)


def describe_play(p: Play, lang: str = "zh") -> str:
    if lang == "zh":
        jokers = []
        if p.supers:
            jokers.append(_zh_cards(p.supers, "特画"))
        if p.raw_big:
            jokers.append(_zh_cards(p.raw_big, "大王"))
        if p.raw_small:
            jokers.append(_zh_cards(p.raw_small, "小王"))
        rank = ""
        if p.naturals:
            rank = f"{_zh_n(p.naturals + p.twos)}张{rank_label(p.natural_rank)}"
            if p.twos:
                rank += f"（贴{_zh_n(p.twos)}张钱）"
        elif p.twos:
            rank = f"{_zh_n(p.twos)}张{rank_label(TWO)}"
        if jokers and rank:
            return "".join(jokers) + "带" + rank
        return "".join(jokers) or rank
    parts = []
    if p.supers:
        parts.append(f"{_en_n(p.supers)} super joker{'s' if p.supers > 1 else ''}")
    if p.raw_big:
        parts.append(f"{_en_n(p.raw_big)} big joker{'s' if p.raw_big > 1 else ''}")
    if p.raw_small:
        parts.append(f"{_en_n(p.raw_small)} small joker{'s' if p.raw_small > 1 else ''}")
    if p.naturals:
        n = p.naturals + p.twos
        label = rank_label(p.natural_rank)
        s = f"{_en_n(n)} {label}{'s' if n > 1 else ''}"
        if p.twos:
            s += f" ({_en_n(p.twos)} 2{'s' if p.twos > 1 else ''} as filler{'s' if p.twos > 1 else ''})"
        parts.append(s)
    elif p.twos:
        parts.append(f"{_en_n(p.twos)} 2{'s' if p.twos > 1 else ''}")
    return " + ".join(parts)
