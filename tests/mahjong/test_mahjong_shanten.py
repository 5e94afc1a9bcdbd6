"""M-11a shanten against its definition (exchange search) under the options and with melds; waits never
name a fifth copy."""

from __future__ import annotations

import random

import pytest

from engine.mahjong import Rules
from engine.tiles import TILES, Meld, counts_of, meld_counts, parse_meld, shanten_counts, waits_counts


def _exchange_shanten(r: Rules, c: list[int], melds: tuple[Meld, ...]) -> int:
    """0 if ready, 1 if one exchange makes it ready, else 2 (13-tile hands)."""
    rule = r.win_rule
    if waits_counts(rule, c, melds):
        return 0
    held = meld_counts(melds)
    kinds = [t.idx for t in TILES if r.options.honors or not t.is_honour]
    for d in range(34):
        if not c[d]:
            continue
        for t in kinds:
            if t == d or c[t] + held[t] >= 4:
                continue
            c[d] -= 1
            c[t] += 1
            ready = bool(waits_counts(rule, c, melds))
            c[d] += 1
            c[t] -= 1
            if ready:
                return 1
    return 2


WON = [("234m 567p 789s EEE 55m", ()), ("234m 567p 55m", ("789s", "EEE")), ("22m 33m 44m 66p 77p 99s 99s", ()),
       ("123m 456m 789m 111m 44m", ()), ("222m 333m 999p 99s", ("555p",)), ("19m 19p 19s ESWNCFB 1m", ()),
       ("55m 678s", ("[1111p]", "234m", "EEE"))]
OPTIONS = [{}, {"jiang258_for_big_hands": False}, {"seven_pairs_258": True}, {"seven_pairs": False},
           {"thirteen_orphans": False}]


@pytest.mark.parametrize("opts", OPTIONS, ids=[str(o) for o in OPTIONS])
def test_shanten_matches_exchange_search(opts: dict[str, bool]) -> None:
    r = Rules(**opts)
    rng = random.Random(len(str(opts)))
    kinds = list(TILES)
    checked = 0
    for hand, meld_texts in WON * 6:
        melds = tuple(parse_meld(m) for m in meld_texts)
        tiles = list(r.parse(hand))
        rng.shuffle(tiles)
        tiles = tiles[:len(tiles) - 1 - rng.randrange(2)]
        held = meld_counts(melds)
        while len(tiles) + 3 * len(melds) < 13:
            t = rng.choice(kinds)
            if tiles.count(t) + held[t.idx] < 4:
                tiles.append(t)
        c = counts_of(tiles)
        s = shanten_counts(r.win_rule, c, melds)
        assert s >= 0
        if s <= 1:
            assert _exchange_shanten(r, c, melds) == s, (tiles, meld_texts, opts)
            checked += 1
        else:
            assert _exchange_shanten(r, c, melds) == 2, (tiles, meld_texts, opts)
    assert checked >= 10


def test_shanten_of_complete_and_ready_hands_with_melds() -> None:
    r = Rules()
    assert r.shanten("234m 567p 55m", ["789s", "EEE"]) == -1
    assert r.shanten("234m 567p 5m", ["789s", "EEE"]) == 0
    assert r.shanten("55m 678s", ["[1111p]", "234m", "EEE"]) == -1
    assert r.waits("55m 67s", ["[1111p]", "234m", "EEE"]) == ("5s", "8s")


def test_exempt_big_hands_shanten() -> None:
    """With ``jiang258_for_big_hands`` off, a 碰碰胡 with a 9s pair is complete; by DEFAULT it is not."""
    hand = "222m 333m 555p 888s 99s"
    assert Rules().shanten(hand) == 0
    assert Rules(jiang258_for_big_hands=False).shanten(hand) == -1


def _seven_pairs_slots(rule, c: list[int]) -> int:
    """七对's definition as slots: each kind gives a pair slot per two copies (four of a kind two) and a
    single slot for an odd copy; the best seven are kept, one of them a 2-5-8 slot with ``seven_pairs_258``."""
    from engine.tiles.win import IS_258
    s258: list[int] = []
    rest: list[int] = []
    for i, x in enumerate(c):
        x = min(x, 4)
        (s258 if IS_258[i] else rest).extend([2] * (x // 2) + [1] * (x % 2))
    if not rule.seven_pairs_258:
        return sum(sorted(s258 + rest, reverse=True)[:7])
    s258.sort(reverse=True)
    return (s258[0] if s258 else 0) + sum(sorted(s258[1:] + rest, reverse=True)[:6])


@pytest.mark.parametrize("pairs_258", [False, True])
def test_seven_pairs_kept_counts_the_best_seven_slots(pairs_258: bool) -> None:
    """M-11.2 (and its 2-5-8 option): the counted form of the shanten's 七对 targets equals the slot definition."""
    from engine.tiles.shanten import seven_pairs_kept
    rule = Rules(seven_pairs_258=pairs_258).win_rule
    rng = random.Random(17)
    pool = [t.idx for t in TILES for _ in range(4)]
    for _ in range(3000):
        rng.shuffle(pool)
        c = [0] * 34
        for i in pool[:rng.choice((13, 14, 7, 1))]:
            c[i] += 1
        assert seven_pairs_kept(rule, c) == _seven_pairs_slots(rule, c), c
