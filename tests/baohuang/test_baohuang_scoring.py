"""RULES.md WB-2 (BS-1 … BS-11): Baohuang scoring, B-34 … B-41."""

from __future__ import annotations

import itertools

import pytest

from engine.baohuang.scoring import HandResult, score_hand

E, G = 0, 1  # emperor seat 0, guard seat 1 in these tables; rebels 2, 3, 4


def places(e: int, g: int) -> tuple[int, ...]:
    """Places with the emperor at ``e`` and the guard at ``g``; rebels take the rest in seat order."""
    rest = iter(p for p in range(1, 6) if p not in (e, g))
    return (e, g, next(rest), next(rest), next(rest))


def solo_places(e: int) -> tuple[int, ...]:
    rest = iter(p for p in range(1, 6) if p != e)
    return (e, next(rest), next(rest), next(rest), next(rest))


CASES = [
    # id, result, scoring, reveal, expected (emperor, guard/first rebel, …)
    ("BS-1", HandResult(E, G, None, places(1, 4)), "24-12", 2, [2, 1, -1, -1, -1]),
    ("BS-1-16-4", HandResult(E, G, None, places(1, 4)), "16-4", 2, [2, 1, -1, -1, -1]),
    ("BS-2", HandResult(E, G, None, places(1, 2)), "24-12", 2, [6, 3, -3, -3, -3]),
    ("BS-2-mingbao", HandResult(E, G, None, places(1, 2), mingbao=True), "24-12", 2, [12, 6, -6, -6, -6]),
    ("BS-3", HandResult(E, G, None, places(4, 5)), "24-12", 2, [-6, -3, 3, 3, 3]),
    ("BS-3-rebellion", HandResult(E, G, None, places(4, 5), rebels_declared=2), "24-12", 2, [-12, -6, 6, 6, 6]),
    ("BS-4", HandResult(E, G, None, places(2, 4)), "24-12", 2, [0, 0, 0, 0, 0]),
    ("BS-5", HandResult(E, None, "ming", solo_places(1)), "24-12", 2, [24, -6, -6, -6, -6]),
    ("BS-6", HandResult(E, None, "ming", solo_places(3)), "24-12", 2, [-24, 6, 6, 6, 6]),
    ("BS-7-1", HandResult(E, None, "an", solo_places(1)), "24-12", 2, [12, -3, -3, -3, -3]),
    ("BS-7-2", HandResult(E, None, "an", solo_places(2)), "24-12", 2, [0, 0, 0, 0, 0]),
    ("BS-7-3", HandResult(E, None, "an", solo_places(3)), "24-12", 2, [-12, 3, 3, 3, 3]),
    ("BS-7-3-rebellion", HandResult(E, None, "an", solo_places(3), rebels_declared=2), "24-12", 2,
     [-24, 6, 6, 6, 6]),
    ("D-B13-5th", HandResult(E, None, "an", solo_places(5)), "24-12", 2, [-12, 3, 3, 3, 3]),
    ("BS-8", HandResult(E, None, "an", solo_places(2)), "16-4", 2, [4, -1, -1, -1, -1]),
    ("BS-8-ming", HandResult(E, None, "ming", solo_places(2)), "16-4", 2, [8, -2, -2, -2, -2]),
    ("BS-9-win", HandResult(E, None, "grab", solo_places(1)), "16-4", 2, [40, -10, -10, -10, -10]),
    ("BS-9-lose", HandResult(E, None, "grab", solo_places(2), rebels_declared=3), "16-4", 2,
     [-40, 10, 10, 10, 10]),
    ("BS-10", HandResult(E, G, None, places(3, 5), mingbao=True, rebels_declared=2), "24-12", 2,
     [-16, -8, 8, 8, 8]),
    # A rebellion that fails (rebel side not positive) does not double (B-41).
    ("B-41-fail", HandResult(E, G, None, places(1, 2), rebels_declared=2), "24-12", 2, [6, 3, -3, -3, -3]),
    # Too few declarations for the reveal threshold: no doubling; with "none" one declaration is enough.
    ("B-41-one", HandResult(E, G, None, places(4, 5), rebels_declared=1), "24-12", 2, [-6, -3, 3, 3, 3]),
    ("B-41-none", HandResult(E, G, None, places(4, 5), rebels_declared=1), "24-12", "none", [-12, -6, 6, 6, 6]),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_bs(case: tuple[str, HandResult, str, int | str, list[int]]) -> None:
    _, result, scoring, reveal, expected = case
    got = score_hand(result, scoring, reveal)
    assert got == expected
    assert sum(got) == 0  # BS-11


def test_b36_table() -> None:
    """B-36: the table of guard/emperor/rebel scores for every pair of places."""
    table = {(1, 2): 3, (1, 3): 2, (1, 4): 1, (1, 5): 0, (2, 3): 1, (2, 4): 0, (2, 5): -1, (3, 4): -1, (3, 5): -2,
             (4, 5): -3}
    for (a, b), guard in table.items():
        for e, g in ((a, b), (b, a)):
            s = score_hand(HandResult(E, G, None, places(e, g)))
            assert s == [2 * guard, guard, -guard, -guard, -guard]


def test_bs11_zero_sum_everywhere() -> None:
    for solo in (None, "an", "ming", "grab"):
        for e in range(1, 6):
            for g in range(1, 6):
                if solo is None and g == e:
                    continue
                for mb, reb, scoring in itertools.product((False, True), (0, 1, 2, 3), ("24-12", "16-4")):
                    pl = places(e, g) if solo is None else solo_places(e)
                    r = HandResult(E, G if solo is None else None, solo, pl, mb and solo is None, reb)
                    assert sum(score_hand(r, scoring)) == 0
