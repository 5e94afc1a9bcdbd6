"""Patterns, hand value and payments (RULES.md M-19 … M-22).

A finished hand is described by a :class:`WinContext` (how it was won); each winning reading gets its
patterns (M-19) and value V (M-20 ``"simple"`` or M-21 ``"fan"``), the highest V is taken (M-19b), and
:func:`payments` turns V and the kongs into the four seats' payments (zero-sum, M-18a).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.tiles import Meld, Reading

N = 4
# M-19 patterns, in the game's own words (pinyin ids, Chinese for display)
PATTERN_ZH = {
    "pinghu": "平胡", "pengpenghu": "碰碰胡", "qingyise": "清一色", "hunyise": "混一色", "qidui": "七对",
    "shisanyao": "十三幺", "gangshangkaihua": "杠上开花", "qiangganghu": "抢杠胡", "haidilaoyue": "海底捞月",
    "menqing": "门清", "zimo": "自摸", "minglou": "明楼",
}
PATTERN_EN = {
    "pinghu": "standard hand", "pengpenghu": "all pungs", "qingyise": "one suit", "hunyise": "one suit and honours",
    "qidui": "seven pairs", "shisanyao": "thirteen orphans", "gangshangkaihua": "win on a kong replacement",
    "qiangganghu": "robbing a kong", "haidilaoyue": "win on the last tile", "menqing": "concealed hand",
    "zimo": "self-drawn", "minglou": "open ready hand",
}
BIG = frozenset({"pengpenghu", "qingyise", "hunyise", "qidui", "shisanyao", "gangshangkaihua", "qiangganghu",
                 "haidilaoyue"})  # M-20
FAN = {"pengpenghu": 1, "qingyise": 2, "hunyise": 1, "qidui": 2, "shisanyao": 4, "gangshangkaihua": 1,
       "qiangganghu": 1, "haidilaoyue": 1, "menqing": 1, "zimo": 1}  # M-21
FAN_CAP = 32
KONG_PAY = {"exposed": 3, "added": 1, "concealed": 2}  # M-22


@dataclass(frozen=True, slots=True)
class WinContext:
    """How a hand was won: self-drawn, on a kong replacement (杠上开花), on the tile that emptied the wall
    (海底捞月), by robbing a kong (抢杠胡), with 明楼 declared."""

    self_drawn: bool = False
    replacement: bool = False
    last_tile: bool = False
    robbed: bool = False
    minglou: bool = False


@dataclass(frozen=True, slots=True)
class HandValue:
    """The scored reading: its patterns (display order), fan (M-21; 0 under ``"simple"``) and V."""

    reading: Reading
    patterns: tuple[str, ...]
    fan: int
    value: int

    def lines(self, lang: str = "zh") -> list[str]:
        names = PATTERN_ZH if lang.startswith("zh") else PATTERN_EN
        return [names[p] for p in self.patterns]


def patterns_of(reading: Reading, melds: Sequence[Meld], ctx: WinContext) -> tuple[str, ...]:
    """M-19 for one reading (``melds`` = the exposed/declared melds only)."""
    out: list[str] = []
    tiles = [t for m in reading.melds for t in m.tiles]
    if reading.pair is not None:
        tiles.append(reading.pair)
    tiles.extend(reading.pairs)
    if reading.kind == "standard":
        out.append("pinghu")
        if all(m.is_triplet for m in reading.melds):
            out.append("pengpenghu")
    suits = {t.suit for t in tiles if not t.is_honour}
    honours = any(t.is_honour for t in tiles)
    if reading.kind != "thirteen_orphans" and len(suits) == 1:
        out.append("hunyise" if honours else "qingyise")
    if reading.kind == "seven_pairs":
        out.append("qidui")
    if reading.kind == "thirteen_orphans":
        out.append("shisanyao")
    if ctx.self_drawn and ctx.replacement:
        out.append("gangshangkaihua")
    if ctx.robbed:
        out.append("qiangganghu")
    if ctx.self_drawn and ctx.last_tile:
        out.append("haidilaoyue")
    if not any(m.claimed for m in melds):
        out.append("menqing")
    if ctx.self_drawn:
        out.append("zimo")
    if ctx.minglou:
        out.append("minglou")
    return tuple(out)


def value_of(patterns: Iterable[str], scoring: str) -> tuple[int, int]:
    """(fan, V) of a set of patterns under M-20 ``"simple"`` or M-21 ``"fan"``; 明楼 doubles V (M-15)."""
    pats = set(patterns)
    if scoring == "fan":
        fan = sum(f for p, f in FAN.items() if p in pats and not (p == "menqing" and pats & {"qidui", "shisanyao"}))
        v = min(2 ** fan, FAN_CAP)
    else:
        fan = 0
        v = 2 if pats & BIG else 1
        if "zimo" in pats:
            v *= 2
    if "minglou" in pats:
        v *= 2
    return fan, v


def best_value(readings: Sequence[Reading], melds: Sequence[Meld], ctx: WinContext, scoring: str) -> HandValue:
    """M-19b: the reading with the highest V (ties: the first reading)."""
    best: HandValue | None = None
    for r in readings:
        pats = patterns_of(r, melds, ctx)
        fan, v = value_of(pats, scoring)
        if best is None or v > best.value:
            best = HandValue(r, pats, fan, v)
    if best is None:
        raise ValueError("no winning reading to score")
    return best


@dataclass(frozen=True, slots=True)
class Kong:
    """A kong for M-22: its maker, which kong, and (exposed) the seat whose discard was claimed."""

    seat: int
    kind: str
    source: int | None = None


def win_payments(winner: int, value: int, payer: int | None) -> list[int]:
    """M-20: the discarder (or robbed kong-maker) pays V; on a self-draw (``payer`` None) each other pays V."""
    out = [0] * N
    if payer is None:
        for s in range(N):
            if s != winner:
                out[s] -= value
                out[winner] += value
    else:
        out[payer] -= value
        out[winner] += value
    return out


def kong_payments(kongs: Iterable[Kong]) -> list[int]:
    """M-22: exposed kong — its discarder pays 3; added — each other pays 1; concealed — each other pays 2."""
    out = [0] * N
    for k in kongs:
        pay = KONG_PAY[k.kind]
        if k.kind == "exposed":
            if k.source is None:
                raise ValueError("an exposed kong needs the seat whose discard was claimed")
            out[k.source] -= pay
            out[k.seat] += pay
        else:
            for s in range(N):
                if s != k.seat:
                    out[s] -= pay
                    out[k.seat] += pay
    return out


def add(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [x + y for x, y in zip(a, b, strict=True)]
