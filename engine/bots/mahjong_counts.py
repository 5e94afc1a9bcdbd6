"""Shanten and the win check on tile counts, fast and remembered, for the Mahjong rollouts (issue 17).

The same numbers as engine.tiles (tests/bots/test_mahjong_sim.py checks them): :func:`fast_shanten` is
engine.tiles.shanten_counts (M-11a) on the same per-group tables, combined pairwise and each combination
remembered; :func:`shanten_after` counts a few candidate discards at once, keeping the tables of the groups a
discard does not touch; :func:`shanten` and :func:`wins` remember whole hands. Every cache is bounded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.tiles import Meld, WinRule, is_win_counts
from engine.tiles.shanten import MASK_258, MASK_ANY, NEG, _pungs_kept, group_table, join_tables, seven_pairs_kept
from engine.tiles.win import GROUPS, ORPHAN_IDX, meld_counts

_MEMO: dict[tuple[WinRule, tuple[int, ...], tuple[Meld, ...]], int] = {}
_MEMO_CAP = 50_000  # entries per table (~450 bytes each), cleared when full: a few tens of MB in all


def shanten(rule: WinRule, h: Sequence[int], melds: Sequence[Meld]) -> int:
    """shanten_counts (M-11a), remembered: the paired rollouts of one world replay the same hands (the same
    wall and other hands until the candidates' play diverges), so many counts repeat."""
    key = (rule, tuple(h), tuple(melds))
    v = _MEMO.get(key)
    if v is None:
        if len(_MEMO) >= _MEMO_CAP:
            _MEMO.clear()
        v = _MEMO[key] = fast_shanten(rule, h, melds)
    return v


# Shanten as engine.tiles.shanten counts it, with the same per-group tables, combined pairwise and each
# combination remembered: a group's table (the most tiles k meld blocks and the pair keep) takes few
# distinct values, so tables get small ids and a pair of ids keys their combination well across worlds;
# between two of a seat's hands usually one group changed. The combination is most of shanten_counts' cost.
Table = tuple[tuple[int, ...], tuple[int, ...]]
_GROUP_IDS: dict[tuple[int, tuple[int, ...], tuple[int, ...], int], int] = {}
_TABLES: list[Table] = []
_TABLE_IDS: dict[Table, int] = {}
_PAIRS: dict[tuple[int, int], int] = {}
_ALL_GROUPS = (True, True, True, True)
_FLUSH_GROUPS = tuple(tuple(g == s or g == 3 for g in range(4)) for s in range(3))  # suit s and honours


def _table_id(table: Table) -> int:
    tid = _TABLE_IDS.get(table)
    if tid is None:
        tid = _TABLE_IDS[table] = len(_TABLES)
        _TABLES.append(table)
    return tid


def _bound_tables() -> None:
    """Forget every table id when the caches are full — only between two shanten counts, never inside one
    (its ids would lose their tables)."""
    if len(_GROUP_IDS) >= _MEMO_CAP or len(_PAIRS) >= _MEMO_CAP or len(_KEPT) >= _MEMO_CAP \
            or len(_GROUP_GAINS) >= _MEMO_CAP:
        _clear_tables()


def _clear_tables() -> None:
    _KEPT.clear()
    _GROUP_GAINS.clear()
    _GROUP_IDS.clear()
    _PAIRS.clear()
    _TABLES.clear()
    _TABLE_IDS.clear()
    _table_id(_UNIT)  # id 0: no blocks, nothing kept


# (a combined table's id, a group and its counts, …) → the draws of that group that improve the hand: filled by
# engine.bots.mahjong_splayer, forgotten with the table ids
_GROUP_GAINS: dict[tuple[object, ...], tuple[int, ...]] = {}
_KEPT: dict[int, int] = {}  # a combined table's id and a number of blocks → the most tiles it keeps


def _kept(tab: int, n: int) -> int:
    """The most tiles a combined table keeps with at most n blocks (with or without the pair), remembered
    (the ids are forgotten together with the tables)."""
    key = tab * 8 + n
    v = _KEPT.get(key)
    if v is None:
        r0, r1 = _TABLES[tab]
        v = _KEPT[key] = max(max(r0[:n + 1]), max(r1[:n + 1]))
    return v


_UNIT: Table = ((0, NEG, NEG, NEG, NEG), (NEG, NEG, NEG, NEG, NEG))


def _group_id(g: int, c: Sequence[int], full: Sequence[int], mask: int) -> int:
    start, size, runs = GROUPS[g]
    ck = tuple(c[start:start + size])
    fk = ck if full is c else tuple(full[start:start + size])
    key = (g, ck, fk, mask)
    tid = _GROUP_IDS.get(key)
    if tid is None:
        tid = _GROUP_IDS[key] = _table_id(group_table(ck, fk, runs, mask))
    return tid


def _pair(i: int, j: int) -> int:
    """The id of the max-plus combination of tables i and j (blocks add up to four, one pair at most)."""
    tid = _PAIRS.get((i, j))
    if tid is None:
        tid = _PAIRS[(i, j)] = _table_id(join_tables(_TABLES[i], _TABLES[j]))
    return tid


def _standard(c: Sequence[int], full: Sequence[int], n_blocks: int, masks: Sequence[int],
              allowed: Sequence[bool]) -> int:
    t = 0
    for g in range(4):
        if allowed[g]:
            t = _pair(t, _group_id(g, c, full, masks[g]))
    r0, r1 = _TABLES[t]
    return max(max(r0[:n_blocks + 1]), max(r1[:n_blocks + 1]))


_clear_tables()


_C = TypeVar("_C", bound=Sequence[int])


def _with_melds(c: _C, melds: Sequence[Meld]) -> _C | list[int]:
    """The counts with the melds' tiles added (a new list), or ``c`` itself when there are no melds — callers
    tell the two apart by identity to update both when a tile leaves the hand."""
    if not melds:
        return c
    held = meld_counts(melds)
    return [c[i] + held[i] for i in range(34)]


def shanten_after(rule: WinRule, h: list[int], melds: Sequence[Meld], discards: Sequence[int]) -> list[int]:
    """The shanten left by each of these discards (as :func:`fast_shanten` counts it on ``h`` less one
    tile): the groups a discard does not touch keep their tables, the 七对/十三幺 counts change by one."""
    if rule.pair_258 and not rule.big_hands_258:
        out = []
        for i in discards:
            h[i] -= 1
            out.append(shanten(rule, h, melds))
            h[i] += 1
        return out
    full = _with_melds(h, melds)
    n = 4 - len(melds)
    size = 3 * n + 2
    mask = MASK_258 if rule.pair_258 else MASK_ANY
    _bound_tables()
    ids = [_group_id(g, h, full, mask[g]) for g in range(4)]
    pairs = singles = kinds = doubles = 0
    if not melds:
        for x in h:
            if x:
                pairs += x >> 1
                singles += x & 1
        for j in ORPHAN_IDX:
            if h[j]:
                kinds += 1
                if h[j] >= 2:
                    doubles += 1
    out = []
    for i in discards:
        g = 3 if i >= 27 else i // 9
        x = h[i]
        h[i] = x - 1
        if full is not h:
            full[i] -= 1
        t = 0
        for k in range(4):
            t = _pair(t, _group_id(g, h, full, mask[g]) if k == g else ids[k])
        r0, r1 = _TABLES[t]
        best = max(max(r0[:n + 1]), max(r1[:n + 1]))
        if not melds:
            if rule.seven_pairs:
                if rule.seven_pairs_258:
                    best = max(best, seven_pairs_kept(rule, h))
                else:
                    p = pairs - 1 if x % 2 == 0 else pairs
                    p = min(p, 7)
                    q = singles + 1 if x % 2 == 0 else singles - 1
                    best = max(best, 2 * p + min(q, 7 - p))
            if rule.thirteen_orphans and rule.honours:
                orphan = i in _ORPHANS
                kd = kinds - 1 if orphan and x == 1 else kinds
                db = doubles - 1 if orphan and x == 2 else doubles
                best = max(best, kd + (1 if db else 0))
        h[i] = x
        if full is not h:
            full[i] += 1
        out.append(size - best - 1)
    return out


_ORPHANS = frozenset(ORPHAN_IDX)


def fast_shanten(rule: WinRule, c: Sequence[int], melds: Sequence[Meld] = ()) -> int:
    """engine.tiles.shanten_counts, the same number (tests/bots/test_mahjong_sim.py checks it), faster."""
    full = _with_melds(c, melds)
    n = 4 - len(melds)
    size = 3 * n + 2
    mask = MASK_258 if rule.pair_258 else MASK_ANY
    _bound_tables()
    best = _standard(c, full, n, mask, _ALL_GROUPS)
    if rule.pair_258 and not rule.big_hands_258:
        for s in range(3):  # 清一色 / 混一色 of suit s with any pair
            if all(m.first.is_honour or m.first.idx // 9 == s for m in melds):
                best = max(best, _standard(c, full, n, MASK_ANY, _FLUSH_GROUPS[s]))
        if all(m.is_triplet for m in melds):
            best = max(best, _pungs_kept(c, full, n, rule.honours))
    if not melds:
        if rule.seven_pairs:
            if rule.seven_pairs_258:
                best = max(best, seven_pairs_kept(rule, c))
            else:  # the best seven of the pair slots (2 kept each) and the single slots (1 each)
                pairs = 0
                singles = 0
                for x in c:
                    if x:
                        pairs += x >> 1
                        singles += x & 1
                p = min(pairs, 7)
                best = max(best, 2 * p + min(singles, 7 - p))
        if rule.thirteen_orphans and rule.honours:
            kinds = 0
            double = 0
            for i in ORPHAN_IDX:
                x = c[i]
                if x:
                    kinds += 1
                    if x >= 2:
                        double = 1
            best = max(best, kinds + double)
    return size - best - 1


_WINS: dict[tuple[WinRule, tuple[int, ...], tuple[Meld, ...]], bool] = {}


def wins(rule: WinRule, h: Sequence[int], melds: Sequence[Meld]) -> bool:
    """is_win_counts (M-11), remembered as :func:`shanten` is: every discard asks three hands."""
    key = (rule, tuple(h), tuple(melds))
    v = _WINS.get(key)
    if v is None:
        if len(_WINS) >= _MEMO_CAP:
            _WINS.clear()
        v = _WINS[key] = is_win_counts(rule, h, melds)
    return v


__all__ = ["fast_shanten", "shanten", "shanten_after", "wins"]
