"""The win check (和牌, M-11) with every decomposition, on 34-entry count vectors.

A standard hand splits group by group (万, 饼, 条, honours): every group but one must split into melds alone,
and the remaining group into melds and the pair. The per-group answers are cached, so after a few thousand
hands a win check is a handful of dictionary look-ups. :class:`WinRule` carries the options of M-11
(the 2-5-8 pair, 七对, 十三幺 and the big-hand exemption); the oracle builds one from the table's options.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from operator import itemgetter
from typing import Literal

from .meld import Meld
from .tile import ORPHANS, TILES, Tile, TileBag

# (first index, size, runs allowed) of each group: 万, 饼, 条, honours
GROUPS: tuple[tuple[int, int, bool], ...] = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))
IS_258 = tuple(t.is_258 for t in TILES)
ORPHAN_IDX = tuple(t.idx for t in ORPHANS)
_orphans = itemgetter(*ORPHAN_IDX)   # a hand's counts of the thirteen orphans

ReadingKind = Literal["standard", "seven_pairs", "thirteen_orphans"]


@dataclass(frozen=True, slots=True)
class WinRule:
    """The M-11 options: ``pair_258`` (M-11.1), ``big_hands_258`` (``jiang258_for_big_hands``),
    ``seven_pairs`` / ``seven_pairs_258`` (M-11.2), ``thirteen_orphans`` (M-11.3, needs ``honours``)."""

    pair_258: bool = True
    big_hands_258: bool = True
    seven_pairs: bool = True
    seven_pairs_258: bool = False
    thirteen_orphans: bool = True
    honours: bool = True


@dataclass(frozen=True, slots=True)
class Reading:
    """One winning reading of a hand: ``kind``, the ``pair`` (for 十三幺 the doubled tile, for 七对 ``None``),
    the ``melds`` (the concealed hand's melds, then the exposed ones) and for 七对 the seven ``pairs``."""

    kind: ReadingKind
    pair: Tile | None
    melds: tuple[Meld, ...] = ()
    pairs: tuple[Tile, ...] = ()

    def text(self) -> str:
        if self.kind == "seven_pairs":
            return " ".join(p + p if len(p) == 1 else f"{p[0]}{p[0]}{p[1]}" for p in self.pairs)
        if self.kind == "thirteen_orphans":
            return "十三幺 " + (self.pair or "")
        pair = self.pair or ""
        head = pair + pair if len(pair) == 1 else f"{pair[0]}{pair[0]}{pair[1:]}"
        return " ".join([head, *(m.text() for m in self.melds)])

    def __str__(self) -> str:
        return self.text()


# -- per-group caches -----------------------------------------------------------------------------------

def _first(key: tuple[int, ...]) -> int:
    for i, c in enumerate(key):
        if c:
            return i
    return -1


@lru_cache(maxsize=1 << 17)
def melds_only(key: tuple[int, ...], runs: bool) -> bool:
    """Whether a group's counts split into runs and triplets alone."""
    i = _first(key)
    if i < 0:
        return True
    c = key[i]
    k = list(key)
    if c >= 3:
        k[i] -= 3
        if melds_only(tuple(k), runs):
            return True
        k[i] += 3
    if runs and i + 2 < len(key) and key[i + 1] and key[i + 2]:
        k[i] -= 1
        k[i + 1] -= 1
        k[i + 2] -= 1
        return melds_only(tuple(k), runs)
    return False


@lru_cache(maxsize=1 << 17)
def pair_places(key: tuple[int, ...], runs: bool) -> tuple[int, ...]:
    """The local indices whose pair leaves a group that splits into melds alone."""
    out = []
    for i, c in enumerate(key):
        if c >= 2:
            k = list(key)
            k[i] -= 2
            if melds_only(tuple(k), runs):
                out.append(i)
    return tuple(out)


@lru_cache(maxsize=1 << 15)
def group_splits(key: tuple[int, ...], runs: bool) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every split of a group into melds: each a sorted tuple of ``("pung"|"chow", local index)``."""
    i = _first(key)
    if i < 0:
        return ((),)
    c = key[i]
    out: set[tuple[tuple[str, int], ...]] = set()
    k = list(key)
    if c >= 3:
        k[i] -= 3
        out.update(tuple(sorted((("pung", i), *rest))) for rest in group_splits(tuple(k), runs))
        k[i] += 3
    if runs and i + 2 < len(key) and key[i + 1] and key[i + 2]:
        k[i] -= 1
        k[i + 1] -= 1
        k[i + 2] -= 1
        out.update(tuple(sorted((("chow", i), *rest))) for rest in group_splits(tuple(k), runs))
    return tuple(sorted(out))


# -- whole hands ----------------------------------------------------------------------------------------

def standard_pairs(c: Sequence[int], n_melds: int) -> list[int]:
    """The pair tiles (indices) of every standard split of the concealed counts ``c`` (any pair)."""
    if sum(c) != 3 * (4 - n_melds) + 2:
        return []
    pair_group: tuple[int, tuple[int, ...], bool] | None = None
    for start, size, runs in GROUPS:
        key = tuple(c[start:start + size])
        r = sum(key) % 3
        if r == 1:
            return []
        if r == 2:
            if pair_group is not None:
                return []
            pair_group = (start, key, runs)
        elif not melds_only(key, runs):
            return []
    if pair_group is None:
        return []
    start, key, runs = pair_group
    return [start + i for i in pair_places(key, runs)]


def is_flush(c: Sequence[int], melds: Sequence[Meld]) -> bool:
    """One suit only, honours allowed (清一色 or 混一色), with at least one suit tile."""
    suits = {i // 9 for i in range(27) if c[i]} | {m.first.idx // 9 for m in melds if not m.first.is_honour}
    return len(suits) == 1


def all_triplets_with_pair(c: Sequence[int], pair: int, melds: Sequence[Meld]) -> bool:
    """碰碰胡 with this pair: the rest of the concealed hand is triplets and every meld a pung or kong."""
    if any(not m.is_triplet for m in melds):
        return False
    return all((x - 2 if i == pair else x) in (0, 3) for i, x in enumerate(c))


def pair_allowed(rule: WinRule, c: Sequence[int], pair: int, melds: Sequence[Meld]) -> bool:
    """M-11.1: a 2-5-8 pair, or (``big_hands_258`` off) any pair of a 碰碰胡, 清一色 or 混一色 hand."""
    if not rule.pair_258 or IS_258[pair]:
        return True
    if rule.big_hands_258:
        return False
    return is_flush(c, melds) or all_triplets_with_pair(c, pair, melds)


def is_seven_pairs(rule: WinRule, c: Sequence[int], melds: Sequence[Meld]) -> bool:
    if not rule.seven_pairs or melds or 1 in c or 3 in c or sum(c) != 14:   # an odd count (at most four)
        return False
    return not rule.seven_pairs_258 or any(c[i] and IS_258[i] for i in range(27))


def is_thirteen_orphans(rule: WinRule, c: Sequence[int], melds: Sequence[Meld]) -> bool:
    if not (rule.thirteen_orphans and rule.honours) or melds or sum(c) != 14:
        return False
    held = _orphans(c)
    return 0 not in held and sum(held) == 14


def is_win_counts(rule: WinRule, c: Sequence[int], melds: Sequence[Meld] = ()) -> bool:
    """M-11 on a concealed count vector (the winning tile included) plus the exposed/declared melds."""
    for p in standard_pairs(c, len(melds)):
        if pair_allowed(rule, c, p, melds):
            return True
    return is_seven_pairs(rule, c, melds) or is_thirteen_orphans(rule, c, melds)


def decompose_counts(rule: WinRule, c: Sequence[int], melds: Sequence[Meld] = ()) -> list[Reading]:
    """Every winning reading: each standard split with an allowed pair, then 七对, then 十三幺."""
    out: list[Reading] = []
    flush = is_flush(c, melds)
    for p in standard_pairs(c, len(melds)):
        if not pair_allowed(rule, c, p, melds):
            continue
        # a pair allowed only because the hand is 碰碰胡 admits only the all-triplet splits
        pungs_only = rule.pair_258 and not IS_258[p] and not flush
        rest = list(c)
        rest[p] -= 2
        per_group = [[tuple((kind, start + i) for kind, i in split)
                      for split in group_splits(tuple(rest[start:start + size]), runs)]
                     for start, size, runs in GROUPS]
        for combo in product(*per_group):
            hand_melds = tuple(_concealed_meld(kind, idx) for part in combo for kind, idx in part)
            if pungs_only and any(m.kind == "chow" for m in hand_melds):
                continue
            out.append(Reading("standard", TILES[p], hand_melds + tuple(melds)))
    if is_seven_pairs(rule, c, melds):
        pairs = tuple(TILES[i] for i in range(34) for _ in range(c[i] // 2))
        out.append(Reading("seven_pairs", None, (), pairs))
    if is_thirteen_orphans(rule, c, melds):
        out.append(Reading("thirteen_orphans", TILES[next(i for i in ORPHAN_IDX if c[i] == 2)]))
    return out


def _concealed_meld(kind: str, idx: int) -> Meld:
    if kind == "pung":
        return Meld("pung", TileBag((TILES[idx],) * 3), claimed=False)
    return Meld("chow", TileBag(TILES[idx:idx + 3]), claimed=False)


def meld_counts(melds: Sequence[Meld]) -> list[int]:
    """How many copies of each kind the melds hold (a kong four)."""
    c = [0] * 34
    for m in melds:
        for t in m.tiles:
            c[t.idx] += 1
    return c


def waits_counts(rule: WinRule, c: Sequence[int], melds: Sequence[Meld] = ()) -> list[int]:
    """M-11a: the kinds that complete a ready hand, except a kind whose four copies are all the player's."""
    held = meld_counts(melds)
    kinds = range(34) if rule.honours else range(27)
    out = []
    h = list(c)
    for i in kinds:
        if h[i] + held[i] >= 4:
            continue
        h[i] += 1
        if is_win_counts(rule, h, melds):
            out.append(i)
        h[i] -= 1
    return out
