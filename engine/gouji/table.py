"""Seats, teams and the 对头 relation (G-1 … G-4)."""

from __future__ import annotations

N_SEATS = 6


# The key of a trick entry (and a play event) that marks a 够级 play (G-33).
GOUJI_KEY = "gouji"


def opp(seat: int) -> int:
    """G-2 对头: the player directly opposite."""
    return (seat + 3) % N_SEATS


def team(seat: int) -> int:
    """G-1: team A = {0, 2, 4} → 0, team B = {1, 3, 5} → 1."""
    return seat % 2


def teammates(seat: int) -> tuple[int, int]:
    return ((seat + 2) % N_SEATS, (seat + 4) % N_SEATS)


def after(seat: int) -> list[int]:
    """The other seats in turn order starting after ``seat`` (C-8)."""
    return [(seat + i) % N_SEATS for i in range(1, N_SEATS)]


PLACE_NAMES_ZH = {1: "头科", 2: "二科", 3: "三科", 4: "四科", 5: "二落", 6: "大落"}
PLACE_NAMES_EN = {1: "1st (头科)", 2: "2nd (二科)", 3: "3rd (三科)", 4: "4th (四科)", 5: "5th (二落)",
                  6: "last (大落)"}
