"""The perfect-defence diagnostic (engine.bots.mahjong_ddiag): it reads the true hands, and a heuristic seat
that defends by them deals in only when every discard it has wins for someone."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.bots import mahjong_ddiag as dd
from engine.bots.mahjong_walls import arena_hand
from engine.tiles import Tile, parse_tiles


def test_winning_tiles_are_the_true_waits_and_none_under_the_pass_lock():
    st = arena_hand(211, 0)
    other = (st.to_act + 1) % 4
    st.t.hands[other][:] = [0] * 34
    for t in parse_tiles("234m 234p 567p 678s 5s"):   # 5s pairs the lone 5s; 8s reads 567s + 88s (M-11)
        st.t.hands[other][t.idx] += 1
    assert dd.winning_tiles(st, other) == {Tile("5s").idx, Tile("8s").idx}
    st.locked[other] = True                             # M-14: passed a win, no discard win until he discards
    assert dd.winning_tiles(st, other) == set()


def test_a_defending_seat_deals_in_only_when_forced():
    changed = 0
    for deal in range(4):
        for swap in (False, True):
            h = dd.play(211, deal, swap)
            assert sum(h["payments"]) == 0
            changed += h["changed"]
            into_a = [w for w in h["wins"] if not w["self_drawn"] and h["sides"][w["from"]] == "A"]
            assert not into_a or h["forced"] > 0, (deal, swap, into_a)
    assert changed > 0   # the defence had something to do on these walls


def test_a_feeding_seat_deals_in_on_purpose():
    """--feed 2: a heuristic seat two or more steps from ready throws a tile that wins for another seat (M-20: a
    deal-in costs one V; the self-draw it stops costs 2V from each of the three)."""
    changed = fed = 0
    for deal in range(4):
        for swap in (False, True):
            h = dd.play(211, deal, swap, feed=2)
            assert sum(h["payments"]) == 0
            changed += h["changed"]
            fed += sum(1 for w in h["wins"] if not w["self_drawn"] and h["sides"][w["from"]] == "A")
    assert changed > 0 and fed > 0, (changed, fed)


@pytest.mark.parametrize("feed", [None, 2])
def test_a_shunning_seat_feeds_no_kong_it_could_keep(feed):
    """--shun 3: a heuristic seat keeps every tile another seat holds three of (M-9: the exposed kong its discarder
    pays 3, M-22), unless every discard it has is such a tile — also when it feeds wins (--feed 2) otherwise; as
    it plays, it throws some on the same walls."""
    fed = {None: 0, 3: 0}
    for shun in fed:
        for deal in range(4):
            for swap in (False, True):
                h = dd.play(211, deal, swap, feed=feed if shun else None, shun=shun)
                assert sum(h["payments"]) == 0
                fed[shun] += h["kong_fed"]
                if shun is not None:
                    assert h["kong_fed"] <= h["forced"], (deal, swap, h)
    assert fed[None] > 0, fed   # there was a kong to feed on these walls


def test_held_reads_the_other_seats_concealed_triplets():
    st = arena_hand(211, 0)
    me, other = st.to_act, (st.to_act + 1) % 4
    for s in range(4):
        st.t.hands[s][:] = [0] * 34
    for t in parse_tiles("555m 11p"):
        st.t.hands[other][t.idx] += 1
    for t in parse_tiles("999s"):
        st.t.hands[me][t.idx] += 1                 # my own triplet is no danger to me
    assert dd.held(st, me, 3) == {Tile("5m").idx}
    assert dd.held(st, me, 2) == {Tile("5m").idx, Tile("1p").idx}


def test_no_bot_imports_the_diagnostic():
    root = Path(dd.__file__).parent
    for f in root.glob("*.py"):
        if f.name == "mahjong_ddiag.py":
            continue
        names = {n.module for n in ast.walk(ast.parse(f.read_text(encoding="utf-8")))
                 if isinstance(n, ast.ImportFrom) and n.module}
        assert "engine.bots.mahjong_ddiag" not in names, f.name
