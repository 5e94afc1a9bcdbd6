"""Shanten (向听, M-11a): how many exchanges a hand is from ready, under the table's win rule.

Shanten is ``min over complete target hands T of |T − H| − 1``: every exchange can bring one missing tile
in. The target's tiles are counted group by group: a dynamic programme over each group's counts finds, for
k meld blocks and with or without the pair block, the most hand tiles the blocks can keep (a full meld 3, a
partial meld 2, a seed 1), then the groups are combined. A block is only counted when the tile it still
needs has a copy outside the player's hand and melds (M-11a: targets use at most four copies).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .meld import Meld
from .win import GROUPS, IS_258, ORPHAN_IDX, WinRule, meld_counts

NEG = -99
Table = tuple[tuple[int, ...], tuple[int, ...]]
_EMPTY: Table = ((0, NEG, NEG, NEG, NEG), (NEG, NEG, NEG, NEG, NEG))


def group_table(key: tuple[int, ...], full: tuple[int, ...], runs: bool, pair_mask: int) -> Table:
    """``table[p][k]``: the most tiles of ``key`` kept by exactly ``k`` meld blocks and ``p`` pair blocks.
    ``full`` = the player's copies of each kind (hand + melds), ``pair_mask`` = where a pair may sit."""
    four = 0
    for i, x in enumerate(full):
        if x >= 4:
            four |= 1 << i
    return _group_table(key, four, runs, pair_mask)


def _lift(best: list[list[int]], table: Table, dp: int, dk: int, kept: int) -> None:
    """Raise ``best`` to ``table`` moved up by ``dp`` pair blocks and ``dk`` meld blocks, ``kept`` more tiles
    kept: the one step of both the group recursion and the join of two groups (at most one pair, four melds)."""
    for p in range(2 - dp):
        row = table[p]
        out = best[p + dp]
        for k in range(5 - dk):
            v = row[k]
            if v > NEG and v + kept > out[k + dk]:
                out[k + dk] = v + kept


@lru_cache(maxsize=1 << 18)
def _group_table(key: tuple[int, ...], four: int, runs: bool, pair_mask: int) -> Table:
    """:func:`group_table` with ``full`` reduced to what it decides: ``four``, the kinds of which the player
    holds every copy. Keyed so, the recursion's smaller keys are shared by every hand, not only by the hands
    with the same ``full``."""
    n = len(key)
    for i in range(n):
        if key[i]:
            break
    else:
        return _EMPTY
    best = [[NEG] * 5, [NEG] * 5]

    def add(rest_key: tuple[int, ...], dk: int, dp: int, kept: int) -> None:
        _lift(best, _group_table(rest_key, four, runs, pair_mask), dp, dk, kept)

    def outside(x: int) -> bool:  # a copy of kind x exists beyond the player's own
        return 0 <= x < n and not four >> x & 1

    c = key[i]
    k = list(key)
    k[i] = 0
    add(tuple(k), 0, 0, 0)  # no more blocks start here: the copies left are discarded
    k[i] = c - 1
    one = tuple(k)
    add(one, 1, 0, 1)  # a seed of a meld
    pair_here = bool(pair_mask >> i & 1)
    if pair_here and outside(i):
        add(one, 0, 1, 1)  # a seed of the pair
    if c >= 2:
        k[i] -= 1
        two = tuple(k)
        if outside(i):
            add(two, 1, 0, 2)  # a pair waiting for its third
        if pair_here:
            add(two, 0, 1, 2)  # the pair
        if c >= 3:
            k[i] -= 1
            add(tuple(k), 1, 0, 3)  # a triplet
            k[i] += 1
        k[i] += 1
    if runs:
        if i + 1 < n and key[i + 1]:
            k[i + 1] -= 1
            if outside(i - 1) or outside(i + 2):
                add(tuple(k), 1, 0, 2)  # two in a row
            if i + 2 < n and key[i + 2]:
                k[i + 2] -= 1
                add(tuple(k), 1, 0, 3)  # a run
                k[i + 2] += 1
            k[i + 1] += 1
        if i + 2 < n and key[i + 2] and outside(i + 1):
            k[i + 2] -= 1
            add(tuple(k), 1, 0, 2)  # a gap
    return (tuple(best[0]), tuple(best[1]))


@lru_cache(maxsize=1 << 16)
def join_tables(a: Table, b: Table) -> Table:
    """Two groups' tables as one: the most tiles kept by ``k`` meld blocks and ``p`` pair blocks over both.
    Tables repeat far more often than the hands that give them, so the joins are cached."""
    out = [[NEG] * 5, [NEG] * 5]
    for p in range(2):
        for k in range(5):
            if a[p][k] > NEG:
                _lift(out, b, p, k, a[p][k])
    return (tuple(out[0]), tuple(out[1]))


def _combine(tables: Sequence[Table], n_blocks: int) -> int:
    acc = _EMPTY   # nothing kept by no blocks: the join's unit
    for t in tables:
        acc = join_tables(acc, t)
    return max(max(acc[0][:n_blocks + 1]), max(acc[1][:n_blocks + 1]))


def _standard_kept(c: Sequence[int], full: Sequence[int], n_blocks: int, pair_mask_of: Sequence[int],
                   allowed: Sequence[bool] = (True, True, True, True)) -> int:
    tables = []
    for g, (start, size, runs) in enumerate(GROUPS):
        if not allowed[g]:
            continue
        tables.append(group_table(tuple(c[start:start + size]), tuple(full[start:start + size]), runs,
                                  pair_mask_of[g]))
    return _combine(tables, n_blocks)


MASK_258 = tuple(sum(1 << i for i in range(size) if IS_258[start + i]) for start, size, _ in GROUPS)
MASK_ANY = tuple((1 << size) - 1 for _, size, _ in GROUPS)


def _pungs_kept(c: Sequence[int], full: Sequence[int], n_blocks: int, honours: bool) -> int:
    """碰碰胡 targets: ``n_blocks`` triplets and a pair, each on a different kind."""
    kinds = range(34) if honours else range(27)
    trip = sorted(((min(c[i], 3), i) for i in kinds if full[i] - c[i] == 0), reverse=True)
    best = NEG
    for p in kinds:
        if full[p] - c[p] > 2:
            continue
        kept = min(c[p], 2)
        rest = [v for v, i in trip if i != p][:n_blocks]
        if len(rest) == n_blocks:
            best = max(best, kept + sum(rest))
    return best


def seven_pairs_kept(rule: WinRule, c: Sequence[int]) -> int:
    """七对 targets: seven pair slots (four of a kind fill two); with ``seven_pairs_258`` one is a 2-5-8.
    A kind's copies give pair slots (two tiles kept each) and at most one single slot (one tile kept); the
    best seven slots are the pairs first."""
    pairs = singles = pairs_258 = singles_258 = 0
    for i, x in enumerate(c):
        if x:
            x = min(x, 4)
            if IS_258[i]:
                pairs_258 += x >> 1
                singles_258 += x & 1
            else:
                pairs += x >> 1
                singles += x & 1
    if rule.seven_pairs_258:
        if pairs_258:     # one 2-5-8 pair is the must
            must, pairs_258 = 2, pairs_258 - 1
        elif singles_258:
            must, singles_258 = 1, singles_258 - 1
        else:             # a fresh 2-5-8 pair, nothing kept
            must = 0
        p = min(pairs + pairs_258, 6)
        return must + 2 * p + min(singles + singles_258, 6 - p)
    p = min(pairs + pairs_258, 7)
    return 2 * p + min(singles + singles_258, 7 - p)


def shanten_counts(rule: WinRule, c: Sequence[int], melds: Sequence[Meld] = ()) -> int:
    """M-11a shanten of a concealed hand of 3k+1 or 3k+2 tiles with its melds (−1 = complete)."""
    held = meld_counts(melds)
    full = [c[i] + held[i] for i in range(34)]
    n = 4 - len(melds)
    size = 3 * n + 2
    mask = MASK_258 if rule.pair_258 else MASK_ANY
    best = _standard_kept(c, full, n, mask)
    if rule.pair_258 and not rule.big_hands_258:
        for s in range(3):  # 清一色 / 混一色 of suit s with any pair
            if all(m.first.is_honour or m.first.idx // 9 == s for m in melds):
                allowed = tuple(g == s or g == 3 for g in range(4))
                best = max(best, _standard_kept(c, full, n, MASK_ANY, allowed))
        if all(m.is_triplet for m in melds):
            best = max(best, _pungs_kept(c, full, n, rule.honours))
    if not melds:
        if rule.seven_pairs:
            best = max(best, seven_pairs_kept(rule, c))
        if rule.thirteen_orphans and rule.honours:
            kinds = sum(1 for i in ORPHAN_IDX if c[i])
            best = max(best, kinds + (1 if any(c[i] >= 2 for i in ORPHAN_IDX) else 0))
    missing = size - best
    return missing - 1
