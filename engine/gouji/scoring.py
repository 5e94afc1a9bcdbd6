"""Set and game scores (G-85 … G-88)."""

from __future__ import annotations

from engine.gouji.table import N_SEATS, team

POINTS = {"2-1": {1: 2, 2: 1, 3: 0, 4: 0, 5: -1, 6: -2}, "4-2-positive": {1: 4, 2: 2, 3: 0, 4: 0, 5: -2, 6: -4}}


def is_chuansanhu(places: dict[int, int], revolutionary: int | None) -> int | None:
    """G-87: the team that made the other 串三户, or None."""
    for t in (0, 1):
        members = [s for s in range(N_SEATS) if team(s) == t]
        got = sorted(places.get(s, 99) for s in members)
        if got == [1, 2, 3]:
            return t
        if revolutionary is not None and team(revolutionary) == t:
            others = sorted(places.get(s, 99) for s in members if s != revolutionary)
            if others == [1, 2]:
                return t
    return None


def set_scores(places: dict[int, int], scoring: str, chuansanhu: bool) -> tuple[list[int], list[int]]:
    """(team scores [A, B], per-seat record) of one set. Each player's record is his team's score (G-88)."""
    pts = POINTS[scoring]
    raw = [0, 0]
    for seat, place in places.items():
        raw[team(seat)] += pts[place]
    if chuansanhu:
        raw = [2 * x for x in raw]
    if scoring == "4-2-positive":
        raw = [max(0, x) for x in raw]  # G-86 只记正分
    return raw, [raw[team(s)] for s in range(N_SEATS)]
