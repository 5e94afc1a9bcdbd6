"""Hand scoring 计分 (RULES.md B-34 … B-41): pure functions of places, roles and multipliers."""

from __future__ import annotations

from dataclasses import dataclass

# B-38: the emperor's score by place under "16-4" (头科 … 大落).
SOLO_16_4 = {1: 16, 2: 4, 3: 0, 4: -4, 5: -16}


@dataclass(frozen=True, slots=True)
class HandResult:
    """What scoring needs. ``solo``: None (emperor + guard), "an" 暗独保, "ming" 明独保 (also 抢独), "grab" 抢庄.

    ``places``: finishing place 1 … 5 of every seat (B-32; unfinished players take the remaining places).
    ``rebels_declared``: how many players declared 造反 (B-18).
    """

    emperor: int
    guard: int | None
    solo: str | None
    places: tuple[int, ...]
    mingbao: bool = False
    rebels_declared: int = 0


def base_scores(r: HandResult, scoring: str) -> list[int]:
    """Scores before multipliers (B-34 … B-39)."""
    n = len(r.places)
    e_place = r.places[r.emperor]
    out = [0] * n
    if r.solo == "grab":  # B-39 抢庄
        win = e_place == 1
        for s in range(n):
            out[s] = (-10 if win else 10)
        out[r.emperor] = 40 if win else -40
        return out
    if r.solo is not None:
        if scoring == "16-4":  # B-38
            e = SOLO_16_4[e_place]
        elif r.solo == "ming":  # B-37 明独保
            e = 24 if e_place == 1 else -24
        else:  # B-37 暗独保 (places 4, 5 as 3rd: D-B13)
            e = 12 if e_place == 1 else 0 if e_place == 2 else -12
        for s in range(n):
            out[s] = -e // 4
        out[r.emperor] = e
        return out
    assert r.guard is not None
    g = 6 - (e_place + r.places[r.guard])  # B-34 / B-35
    for s in range(n):
        out[s] = -g
    out[r.emperor] = 2 * g
    out[r.guard] = g
    return out


def rebellion_succeeded(r: HandResult, base: list[int], reveal: int | str) -> bool:
    """B-41: enough 造反 declarations and the rebel side's score before multipliers is positive."""
    need = 1 if reveal == "none" else int(reveal)
    if r.rebels_declared < need:
        return False
    rebels = [s for s in range(len(base)) if s != r.emperor and s != r.guard]
    return sum(base[s] for s in rebels) > 0


def multiplier(r: HandResult, base: list[int], scoring: str, reveal: int | str) -> int:
    """B-40: ×2 明保, ×2 successful 造反, ×2 明独 under "16-4"; they multiply; 抢庄 is never multiplied."""
    if r.solo == "grab":
        return 1
    m = 1
    if r.mingbao:
        m *= 2
    if rebellion_succeeded(r, base, reveal):
        m *= 2
    if r.solo == "ming" and scoring == "16-4":
        m *= 2
    return m


def score_hand(r: HandResult, scoring: str = "24-12", reveal: int | str = 2) -> list[int]:
    """The hand's scores per seat (zero-sum, B-34 … B-41)."""
    base = base_scores(r, scoring)
    m = multiplier(r, base, scoring, reveal)
    return [v * m for v in base]
