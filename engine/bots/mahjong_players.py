"""The Mahjong rollout players on tile counts (issue 17): what the search's rollouts play for every seat.

They play like the heuristic (engine.bots.mahjong) at a fraction of its cost: :func:`fast_discard` throws, of
the few least connected tiles, the one leaving the lowest shanten (M-11a); :func:`fast_claim` takes a kong
whenever offered and a pung or chow only when it lowers the shanten (M-6); both are remembered per hand.
The simulator (engine.bots.mahjong_sim) and the search's state-machine rollouts call the same functions.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.tiles import TILES, Meld, WinRule, meld_of

from .mahjong import ranking_rule
from .mahjong_counts import _MEMO_CAP, shanten, shanten_after

FAST_CANDIDATES = 3  # the least connected tiles a rollout player weighs by shanten


def keep_value(h: Sequence[int], i: int) -> float:
    """How much tile i holds the hand together: copies, then neighbours in its suit; 2-5-8 pairs count more
    (M-11.1), honours and terminals less."""
    n = h[i]
    v = 3.0 * (n - 1)
    if i < 27:
        r = i % 9
        if r >= 1 and h[i - 1]:
            v += 2.0
        if r <= 7 and h[i + 1]:
            v += 2.0
        if r >= 2 and h[i - 2]:
            v += 1.0
        if r <= 6 and h[i + 2]:
            v += 1.0
        if r in (0, 8):
            v -= 0.5
        if n >= 2 and r in (1, 4, 7):
            v += 1.5
    else:
        v -= 0.7
    return v


def lone(rule: WinRule, h: Sequence[int], i: int) -> bool:
    """A single tile in no block of the standard hand — no copy, no neighbour within two in its suit — that
    no win rule here can use alone: not a 2-5-8 that could become the pair (M-11.1), not an honour or
    terminal when 十三幺 counts. Discarding it leaves the standard shanten as it is (M-11a), so a rollout
    player throws it without counting (a 七对 hand may count it as one more kind: a rare miss)."""
    if h[i] != 1:
        return False
    if i >= 27:
        return not rule.thirteen_orphans
    r = i % 9
    if (rule.pair_258 and r in (1, 4, 7)) or (rule.thirteen_orphans and r in (0, 8)):
        return False
    return not any(h[i + d] for d in (-2, -1, 1, 2) if 0 <= r + d <= 8)


def _least_connected(h: Sequence[int]) -> list[int]:
    """The FAST_CANDIDATES tiles of lowest :func:`keep_value` (ties: the lower index), lowest first. The
    values (tenths) and the index are packed into one integer per tile, so the sort compares ints."""
    keys = []
    for i in range(27):
        n = h[i]
        if n:
            r = _RANK[i]
            v = 30 * n - 30
            if r >= 1 and h[i - 1]:
                v += 20
            if r <= 7 and h[i + 1]:
                v += 20
            if r >= 2 and h[i - 2]:
                v += 10
            if r <= 6 and h[i + 2]:
                v += 10
            if r == 0 or r == 8:
                v -= 5
            elif n >= 2 and (r == 1 or r == 4 or r == 7):
                v += 15
            keys.append((v << 6) | i)
    for i in range(27, 34):
        n = h[i]
        if n:
            keys.append(((30 * n - 37) << 6) | i)
    keys.sort()
    return [k & 63 for k in keys[:FAST_CANDIDATES]]


_RANK = tuple(i % 9 for i in range(27))


_DISCARDS: dict[tuple[WinRule, tuple[int, ...], tuple[Meld, ...]], int] = {}


def fast_discard(rule: WinRule, h: list[int], melds: Sequence[Meld]) -> int:
    """The rollout player's discard (M-5): among its few least connected tiles the one that leaves the lowest
    shanten (M-11a); a lone tile (:func:`lone`) goes without a count. ``h`` is restored. Remembered per
    hand: the paired rollouts of a world differ only through the claims on the searching seat's tiles, so
    the other seats' hands — and their discards — mostly repeat from one candidate's rollout to the next."""
    key = (rule, tuple(h), tuple(melds))
    pick = _DISCARDS.get(key)
    if pick is not None:
        return pick
    cands = _least_connected(h)
    pick = cands[0]
    if not lone(rule, h, pick):
        best_sh = 99
        for i, sh in zip(cands, shanten_after(rule, h, melds, cands)):
            if sh < best_sh:
                best_sh, pick = sh, i
    if len(_DISCARDS) >= _MEMO_CAP:
        _DISCARDS.clear()
    _DISCARDS[key] = pick
    return pick


def best_after_claim(rule: WinRule, h: list[int], melds: list[Meld]) -> int:
    """The lowest shanten a claimed hand (3k+2 tiles) reaches with the discard the player would then make
    (M-8): the best of its few least connected tiles, as :func:`fast_discard` discards."""
    best = 99
    for i in _least_connected(h):
        h[i] -= 1
        best = min(best, shanten(rule, h, melds))
        h[i] += 1
    return best


def fast_claim(rule: WinRule, h: list[int], melds: Sequence[Meld], tile: int,
               offers: Sequence[tuple[str, tuple[int, ...]]]) -> int | None:
    """The rollout player's answer to a discard it cannot (or need not) win on (M-6): the index in ``offers``
    (each ``(kind, the meld's tile indices)``, in the legal list's order) of the claim it takes, or None to
    pass. It takes the first kong (M-9, M-22: paid at once, as the heuristic takes it whenever its shanten is
    at most one step worse) and a pung or chow only when it lowers the shanten (M-11a), the lowest first.
    Remembered per hand and offer, as :func:`fast_discard` is."""
    for k, (kind, _) in enumerate(offers):
        if kind == "kong":
            return k
    if not offers:
        return None
    key = (rule, tuple(h), tuple(melds), tile, tuple(offers))
    got = _CLAIMS.get(key, -2)
    if got != -2:
        return got
    if len(_CLAIMS) >= _MEMO_CAP:
        _CLAIMS.clear()
    got = _CLAIMS[key] = _claim_choice(rule, h, melds, tile, offers)
    return got


_CLAIMS: dict[tuple[object, ...], int | None] = {}


def _claim_choice(rule: WinRule, h: list[int], melds: Sequence[Meld], tile: int,
                  offers: Sequence[tuple[str, tuple[int, ...]]]) -> int | None:
    cur = shanten(ranking_rule(rule, h, melds), h, melds)  # on the way the heuristic plays (claims_by_way)
    best: tuple[int, int] | None = None
    for k, (_, idxs) in enumerate(offers):
        own = list(idxs)
        own.remove(tile)
        for j in own:
            h[j] -= 1
        sh = best_after_claim(rule, h, [*melds, _meld(idxs)])
        for j in own:
            h[j] += 1
        if sh < cur and (best is None or sh < best[0]):
            best = (sh, k)
    return best[1] if best is not None else None


_MELDS: dict[tuple[int, ...], Meld] = {}


def _meld(idxs: tuple[int, ...]) -> Meld:
    """The claimed meld of these tiles (as the state machine makes it for the shanten it weighs)."""
    m = _MELDS.get(idxs)
    if m is None:
        m = _MELDS[idxs] = meld_of([TILES[i] for i in idxs], kong=None)
    return m


def chow_runs(h: Sequence[int], tile: int) -> list[tuple[int, int, int]]:
    """The runs the tile makes with two held tiles of its suit (M-6), lowest first (the legal list's order)."""
    r = tile % 9
    out = []
    for lo in (r - 2, r - 1, r):
        if lo < 0 or lo + 2 > 8:
            continue
        base = tile - r + lo
        if all(h[base + k] for k in range(3) if base + k != tile):
            out.append((base, base + 1, base + 2))
    return out


__all__ = ["FAST_CANDIDATES", "best_after_claim", "chow_runs", "fast_claim", "fast_discard", "keep_value", "lone"]
