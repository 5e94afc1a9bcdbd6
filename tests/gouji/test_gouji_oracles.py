"""Independent re-implementations of RULES.md text, compared with the engine on random inputs (hypothesis):
C-10 … C-14 (beats), G-37/G-38 (够级), G-58 (开点 exclusion), G-51 (burn static check ≡ "can be played out
obeying G-53"), G-76 (tribute card choice)."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as hs

from engine.cards import Card, rank_counts
from engine.errors import IllegalPlay
from engine.gouji import Rules
from engine.gouji.burn import can_play_out
from engine.gouji.tribute import tribute_cards

CH = {3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
ORACLE = settings(max_examples=300, deadline=None, derandomize=True)


def shape_text(r, k, t, s, b):
    return "X" * b + "x" * s + (CH[r] * k if k else "") + "2" * t


shapes = hs.tuples(hs.integers(3, 14), hs.integers(0, 6), hs.integers(0, 4), hs.integers(0, 4),
                   hs.integers(0, 4)).filter(lambda x: sum(x[1:]) > 0)


def values(shape, as_is):
    """C-10, C-11 with the Gouji mixing rule (and G-33 pure_mixed_jokers)."""
    r, k, t, s, b = shape
    if k:
        rank, m = r, k + t
    elif t:
        rank, m = 15, t
    else:
        rank, m = 0, 0
    if b and s and not (as_is and k == 0 and t == 0):
        b, s = 0, b + s
    return rank, m, s, b


def dominates(cand, prev):
    return len(cand) == len(prev) and all(c > p for c, p in zip(sorted(cand), sorted(prev)))


def ref_beats(prev, cand, option, surplus, as_is):
    pr, pm, ps, pb = values(prev, as_is)
    cr, cm, cs, cb = values(cand, as_is)
    pv = [pr] * pm + [16] * ps + [17] * pb
    rank_part = [cr] * cm
    if dominates(rank_part + [16] * cs + [17] * cb, pv):
        return True  # C-12
    if option == 0 or ps + pb == 0:
        return False
    drops = [(db, ds) for db in range(cb + 1) for ds in range(cs + 1)] if surplus == "allowed" else [(0, 0)]
    for db, ds in drops:
        b, s = cb - db, cs - ds
        if dominates(rank_part + [16] * s + [17] * b, pv):
            return True
        for a in range(pb + 1):  # big jokers of prev beaten by XX (the rest by xxx)
            for c in range(ps + 1):  # small jokers of prev beaten by X (the rest by xx)
                nb, ns = 2 * a + c, 3 * (pb - a) + 2 * (ps - c)
                if nb <= b and ns <= s and dominates(rank_part + [16] * (s - ns) + [17] * (b - nb), [pr] * pm):
                    return True
    return False


@ORACLE
@given(prev=shapes, cand=shapes, option=hs.sampled_from([0, 1]), surplus=hs.sampled_from(["allowed", "exact"]),
       as_is=hs.booleans())
def test_beats_matches_c10_c14(prev, cand, option, surplus, as_is):
    rules = Rules(compare_option=option, kaopai_surplus=surplus, pure_mixed_jokers="as-is" if as_is else "as-small")
    got = rules.beats(shape_text(*prev), shape_text(*cand))
    assert got == ref_beats(prev, cand, option, surplus, as_is)


MINIMUM = {15: 1, 14: 2, 13: 2, 12: 3, 11: 4, 10: 5}


@ORACLE
@given(shape=shapes, any_two=hs.booleans())
def test_is_gouji_matches_g37_g38(shape, any_two):
    r, k, t, s, b = shape
    rank, m, _, _ = values(shape, False)
    expected = bool(s or b) or (any_two and t > 0) or (rank in MINIMUM and m >= MINIMUM[rank])
    rules = Rules(two_filler_gouji="any-two" if any_two else "as-rank")
    assert rules.is_gouji(shape_text(*shape)) is expected


@ORACLE
@given(shape=shapes, excl=hs.sampled_from([0, 1, 2]))
def test_opens_point_matches_g58(shape, excl):
    r, k, t, s, b = shape
    n = k + t + s + b
    expected = {0: b == 0, 1: s + b == 0 and n > 1, 2: s + b == 0 and t == 0}[excl]
    assert Rules(kaidian_exclusion=excl).opens_point(shape_text(*shape)) is expected


def test_two_ranks_are_illegal():
    for text in ("5TT", "TTJJ", "34", "x34", "2AK"):
        try:
            Rules().parse(text)
        except IllegalPlay as exc:
            assert exc.rule
        else:
            raise AssertionError(text)


# ---------------------------------------------------------------- G-51 ≡ G-53 play-out


@cache
def can_finish(counts: tuple[int, ...], biesan: bool) -> bool:
    """Brute force: lead out ``counts`` (ranks 3 … 14, 2s, x, X) with a joker in every lead but the last;
    with 憋三 the 3s are played only as the whole, pure final lead."""
    naturals, t, s, b = counts[:12], counts[12], counts[13], counts[14]
    total = sum(counts)
    if total == 0:
        return True
    ranks = [i for i, n in enumerate(naturals) if n]
    # the whole rest as the final lead
    if biesan:
        if ranks == [0] and t == s == b == 0:
            return True
    elif len(ranks) <= 1:
        return True
    for i in [None, *ranks]:
        if biesan and i == 0:
            continue  # 3s only in the final lead
        for k in range(1, naturals[i] + 1) if i is not None else (0,):
            for tt in range(t + 1):
                for ss in range(s + 1):
                    for bb in range(b + 1):
                        if ss + bb == 0 or k + tt + ss + bb == 0:
                            continue
                        rest = list(counts)
                        if i is not None:
                            rest[i] -= k
                        rest[12] -= tt
                        rest[13] -= ss
                        rest[14] -= bb
                        if sum(rest) and can_finish(tuple(rest), biesan):
                            return True
    return False


hands5 = hs.lists(hs.sampled_from(list("3456789TJQKA") + ["2", "x", "X"]), min_size=0, max_size=8)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(cards=hands5, biesan=hs.booleans())
def test_burn_static_check_is_exact(cards, biesan):
    if biesan and "3" not in cards:
        cards = [*cards, "3"]  # a player under 憋三 always ends on his 3s
    parsed = [Card.parse(c if c in "xX" else c + "d") for c in cards]
    counts = rank_counts(parsed)
    key = tuple(counts[3:15]) + (counts[15], counts[16], counts[17])
    assert can_play_out(counts, biesan) == can_finish(key, biesan)


# ---------------------------------------------------------------- G-76


@ORACLE
@given(cards=hs.lists(hs.sampled_from(["X", "x", "2s", "2h", "2c", "2d", "Ad", "9c", "3h"]), max_size=10),
       n=hs.integers(0, 12))
def test_tribute_cards_g76(cards, n):
    hand = [Card.parse(c) for c in cards]
    order = ["X", "x", "2s", "2h", "2c", "2d"]
    legal = sorted((c for c in cards if c in order), key=order.index)
    assert [str(c) for c in tribute_cards(hand, n)] == legal[:n]
