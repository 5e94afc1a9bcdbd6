"""The heuristic's discard on tile counts, for the Mahjong search's rollouts (issue 17).

:func:`table_discard` is engine.bots.mahjong.HeuristicBot's discard value (M-5) worked out on count arrays,
so that the rollouts play the game the real table plays: the shanten each discard leaves (M-11a) and its
way to a double-paying hand (:func:`engine.bots.mahjong.route`: 清一色/混一色, 七对), then, among the
nearest, the live tiles that improve the hand (有效牌) — for a ready hand its waits weighed by what a
self-draw on each pays (M-19 … M-21) — the kept 2-5-8 pair (M-11.1), isolation as a tie-break, and the
defence against seats that look ready (:func:`engine.bots.mahjong.readiness`, :func:`danger`) with the
heuristic's weights and fold rule. What does not depend on what the seat sees (the shanten, the route, the
improving kinds and wait values of each discard) is a :func:`plan` of the hand, remembered per hand: the
live counts and the threats are applied to it at each call. Ties go to the lowest tile (the heuristic draws
them at random).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.mahjong.scoring import WinContext, best_value
from engine.tiles import Meld, WinRule, decompose_counts
from engine.tiles.shanten import MASK_258, MASK_ANY, seven_pairs_kept
from engine.tiles.win import GROUPS, ORPHAN_IDX

from .mahjong import (
    BIG_BONUS,
    BIG_FROM,
    DANGER_WEIGHT,
    EFF_SHANTEN,
    EFF_WEIGHT,
    FOLD_READY,
    FOLD_SHANTEN,
    FOLD_WEIGHT,
    ISOLATION_WEIGHT,
    PAIR_WEIGHT,
    isolation,
    pair_258_loss,
    ranking_rule,
    useful,
)
from .mahjong_counts import (
    _FLUSH_GROUPS,
    _GROUP_GAINS,
    _MEMO_CAP,
    _ORPHANS,
    _bound_tables,
    _group_id,
    _kept,
    _pair,
    _standard,
    _with_melds,
    shanten,
    shanten_after,
    wins,
)

if TYPE_CHECKING:
    from engine.mahjong.state import State

# the weights of the discard value are the heuristic's defaults, imported above
EFF_CANDIDATES = 99  # the nearest discards whose acceptance is counted, the most isolated first

# one row of a plan: the tile, its fixed score (-10·way, the 2-5-8 pair, isolation), its shanten, and the
# kinds that improve the hand left with their weights (1 each; for a ready hand a wait's pay in self-draws)
Row = tuple[int, float, int, tuple[tuple[int, float], ...]]
Plan = tuple[int, tuple[Row, ...]]
# a seat that looks ready: how likely (readiness), its river's counts, its exact waits when its hand is open
Threat = tuple[float, Sequence[int], frozenset[int] | None]

_PLANS: dict[tuple[WinRule, str, tuple[int, ...], tuple[Meld, ...]], Plan] = {}
_CTX = WinContext(self_drawn=True)


def plan(rule: WinRule, h: list[int], melds: Sequence[Meld], scoring: str = "simple") -> Plan:
    """The best shanten and one row per kind held (a 3k+2 hand; ``h`` is restored), remembered per hand."""
    key = (rule, scoring, tuple(h), tuple(melds))
    got = _PLANS.get(key)
    if got is not None:
        return got
    kinds = [i for i in range(34) if h[i]]
    real = rule
    rule = ranking_rule(rule, h, melds, kinds)  # the standard hand unless 七对 is well nearer, as the heuristic
    shs = shanten_after(rule, h, melds, kinds)
    bigs = big_after(rule, h, melds, [i for i, sh in zip(kinds, shs) if sh <= BIG_FROM])
    ways = [min(float(sh), bigs[i] - BIG_BONUS) if i in bigs else float(sh) for i, sh in zip(kinds, shs)]
    best_way = min(ways)
    wanted = [(i, sh) for i, sh, way in zip(kinds, shs, ways) if way == best_way and 0 < sh <= EFF_SHANTEN]
    if len(wanted) > EFF_CANDIDATES:  # the most isolated ones: a discard that leaves most acceptance
        wanted.sort(key=lambda c: -isolation(h, c[0]) - 8.0 * pair_258_loss(h, c[0]))
        wanted = wanted[:EFF_CANDIDATES]
    found = dict(zip((i for i, _ in wanted), improving_all(rule, h, melds, wanted)))
    rows = []
    for i, sh, way in zip(kinds, shs, ways):
        imp: tuple[tuple[int, float], ...] = found.get(i, ())
        if way == best_way and sh == 0:
            h[i] -= 1
            imp = _waits(real, h, melds, scoring)
            h[i] += 1
        fixed = -10.0 * way - PAIR_WEIGHT * pair_258_loss(h, i) + ISOLATION_WEIGHT * isolation(h, i)
        rows.append((i, fixed, sh, imp))
    got = (min(shs), tuple(rows))
    if len(_PLANS) >= _MEMO_CAP:
        _PLANS.clear()
    _PLANS[key] = got
    return got


def table_discard(rule: WinRule, h: list[int], melds: Sequence[Meld], public: Sequence[int],
                  threats: Sequence[Threat], wall: int, scoring: str = "simple") -> int:
    """The heuristic's discard (HeuristicBot._ranked_discards) on counts: ``public`` is every tile the seat
    sees outside its hand (rivers, exposed melds), ``threats`` the other seats that look ready, ``wall`` the
    live wall's count (M-16: near its end a hand one step from ready folds too)."""
    best_sh, rows = plan(rule, h, melds, scoring)
    fold_w = DANGER_WEIGHT
    if threats and max(t[0] for t in threats) >= FOLD_READY and (
            best_sh >= FOLD_SHANTEN or (wall < 12 and best_sh >= 1)):
        fold_w = FOLD_WEIGHT
    pick = rows[0][0]
    best = -1e18
    for i, fixed, _, imp in rows:
        score = fixed
        if imp:
            eff = 0.0
            for t, w in imp:
                n = 4 - h[t] - public[t]
                if n > 0:
                    eff += n * w
            score += EFF_WEIGHT * eff
        if threats:
            n = 4 - h[i] - public[i]
            d = 0.0
            for ready, river, exact in threats:
                d += ready * danger(i, n if n > 0 else 0, river, exact)
            score -= d * fold_w
        if score > best:
            best, pick = score, i
    return pick


def public_counts(rivers: Sequence[Sequence[int]], melds: Sequence[Sequence[Meld]]) -> list[int]:
    """Every tile all seats see outside the hands: the rivers (as counts) and the exposed melds' tiles (a
    concealed kong's faces are hidden, M-9)."""
    pub = [sum(r[t] for r in rivers) for t in range(34)]
    for ms in melds:
        for m in ms:
            if not m.is_concealed_kong:
                for x in m.tiles:
                    pub[x.idx] += 1
    return pub


def threats_of(rule: WinRule, me: int, hands: Sequence[list[int]], melds: Sequence[Sequence[Meld]],
               rivers: Sequence[Sequence[int]], river_lens: Sequence[int], ml: Sequence[bool]) -> list[Threat]:
    """The other seats that look ready to ``me`` (engine.bots.mahjong.threats: readiness 0.5 or more), with
    their rivers and, for an open 明楼 hand (M-15), its waits."""
    out: list[Threat] = []
    for o in range(4):
        if o == me:
            continue
        r = readiness(ml[o], len(melds[o]), river_lens[o])
        if r >= 0.5:
            out.append((r, rivers[o], waits_of(rule, hands[o], melds[o]) if ml[o] else None))
    return out


def state_discard(st: State, s: int) -> int:
    """:func:`table_discard` for seat s of a state, from what that seat sees (the simulator's reference)."""
    t = st.t
    rivers = [[0] * 34 for _ in range(4)]
    for o in range(4):
        for x in t.rivers[o]:
            rivers[o][x.idx] += 1
    rule = st.rules.win_rule
    th = threats_of(rule, s, t.hands, t.melds, rivers, [len(r) for r in t.rivers], st.ml)
    return table_discard(rule, t.hands[s], t.melds[s], public_counts(rivers, t.melds), th, t.wall_left,
                         st.rules.options.scoring)


def danger(i: int, live: int, river: Sequence[int], exact: frozenset[int] | None) -> float:
    """engine.bots.mahjong._danger on counts: how likely tile i wins for a seat with this river (M-6,
    M-11: 现物 nearly safe, 筋 safer, honours and terminals reached by triplet or edge waits only, the 2-5-8
    single wait), exact for an open (明楼, M-15) hand."""
    if river[i]:
        return 0.1
    if exact is not None:
        return 1.0 if i in exact else 0.0
    if i >= 27:
        return 0.5 if live >= 2 else 0.05
    r = i % 9 + 1
    run = 1.0
    lo = i - 3 if r > 3 else -1
    hi = i + 3 if r < 7 else -1
    if (lo >= 0 or hi >= 0) and (lo < 0 or river[lo]) and (hi < 0 or river[hi]):
        run = 0.4
    if r == 1 or r == 9:
        run *= 0.6
    pair = 0.5 if (r in (2, 5, 8) and live >= 1) else 0.0
    trip = 0.3 if live >= 2 else 0.0
    return min(1.0, 0.6 * run + pair * 0.5 + trip * 0.5)


def readiness(minglou: bool, n_melds: int, river_len: int) -> float:
    """engine.bots.mahjong.readiness from its parts: 明楼 (M-15), the melds, the river's length."""
    if minglou:
        return 1.0
    if n_melds >= 3:
        return 0.8
    return min(0.7, 0.03 * river_len + 0.15 * n_melds)


def waits_of(rule: WinRule, h: list[int], melds: Sequence[Meld]) -> frozenset[int]:
    """The kinds that complete a 3k+1 hand (M-11a; ``h`` is restored)."""
    return frozenset(t for t, _ in _waits(rule, h, melds, None))


def big_shanten(rule: WinRule, c: Sequence[int], melds: Sequence[Meld]) -> int:
    """engine.bots.mahjong.big_shanten on the remembered group tables of engine.bots.mahjong_counts."""
    full = _with_melds(c, melds)
    n = 4 - len(melds)
    size = 3 * n + 2
    mask = MASK_258 if rule.pair_258 and rule.big_hands_258 else MASK_ANY
    best = -1
    for s in range(3):
        if all(m.first.is_honour or m.first.idx // 9 == s for m in melds):
            best = max(best, _standard(c, full, n, mask, _FLUSH_GROUPS[s]))
    if not melds and rule.seven_pairs:
        best = max(best, seven_pairs_kept(rule, c))
    return 99 if best < 0 else size - best - 1


def big_after(rule: WinRule, h: list[int], melds: Sequence[Meld], discards: Sequence[int]) -> dict[int, int]:
    """:func:`big_shanten` of the hand less each of these discards (``h`` is restored): the flush counts
    combine the suit's and the honours' group tables, the one a discard touches made anew; 七对 by one."""
    if not discards:
        return {}
    if not rule.pair_258 or not rule.big_hands_258 or (rule.seven_pairs_258 and not melds):
        out = {}
        for i in discards:
            h[i] -= 1
            out[i] = big_shanten(rule, h, melds)
            h[i] += 1
        return out
    _bound_tables()
    full = _with_melds(h, melds)
    n = 4 - len(melds)
    size = 3 * n + 2
    suits = [s for s in range(3) if all(m.first.is_honour or m.first.idx // 9 == s for m in melds)]
    ids = [_group_id(g, h, full, MASK_258[g]) for g in range(4)]
    seven = rule.seven_pairs and not melds
    pairs = singles = 0
    if seven:
        for x in h:
            if x:
                pairs += x >> 1
                singles += x & 1
    res = {}
    for i in discards:
        gi = 3 if i >= 27 else i // 9
        x = h[i]
        h[i] = x - 1
        if full is not h:
            full[i] -= 1
        idi = _group_id(gi, h, full, MASK_258[gi])
        h[i] = x
        if full is not h:
            full[i] += 1
        best = -1
        hon = idi if gi == 3 else ids[3]
        for st in suits:
            best = max(best, _kept(_pair(idi if gi == st else ids[st], hon), n))
        if seven:
            p, q = (pairs - 1, singles + 1) if x % 2 == 0 else (pairs, singles - 1)
            p = min(p, 7)
            best = max(best, 2 * p + min(q, 7 - p))
        res[i] = 99 if best < 0 else size - best - 1
    return res


def _improving(rule: WinRule, h: list[int], melds: Sequence[Meld], sh: int) -> tuple[tuple[int, float], ...]:
    """The kinds that lower a 3k+1 hand's shanten (engine.bots.mahjong._acceptance without the counts)."""
    out = []
    for t in range(34 if rule.honours else 27):
        if h[t] >= 4 or not useful(h, t):
            continue
        h[t] += 1
        if shanten(rule, h, melds) < sh:
            out.append((t, 1.0))
        h[t] -= 1
    return tuple(out)


_OTHERS = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))  # the groups but the one changed

def improving_all(rule: WinRule, h: list[int], melds: Sequence[Meld], cands: Sequence[tuple[int, int]]
                  ) -> list[tuple[tuple[int, float], ...]]:
    """:func:`_improving` for each ``(discard, the shanten it leaves)`` of a 3k+2 hand at once, the same
    kinds (tests/bots/test_mahjong_bots_rollout.py checks it): the standard count's group tables of the hand less
    the discard and plus the drawn tile are combined from those of the hand (a discard and a draw touch at
    most two groups), the 七对/十三幺 counts changed by one each. ``h`` is restored."""
    if (rule.pair_258 and not rule.big_hands_258) or (rule.seven_pairs and rule.seven_pairs_258 and not melds):
        outs = []
        for i, sh in cands:
            h[i] -= 1
            outs.append(_improving(rule, h, melds, sh))
            h[i] += 1
        return outs
    _bound_tables()
    full = _with_melds(h, melds)
    n = 4 - len(melds)
    size = 3 * n + 2
    mask = MASK_258 if rule.pair_258 else MASK_ANY
    ids = [_group_id(g, h, full, mask[g]) for g in range(4)]
    kinds = 34 if rule.honours else 27
    seven = rule.seven_pairs and not melds
    orphans = rule.thirteen_orphans and rule.honours and not melds
    pairs = singles = okinds = doubles = 0
    if seven:
        for x in h:
            if x:
                pairs += x >> 1
                singles += x & 1
    if orphans:
        for j in ORPHAN_IDX:
            if h[j]:
                okinds += 1
                if h[j] >= 2:
                    doubles += 1
    outs = []
    groups = [g for g in range(4) if g < 3 or (rule.honours and any(h[27:34]))]  # a lone honour never helps
    keys = [(tuple(h[st:st + sz]), tuple(full[st:st + sz]) if full is not h else None) for st, sz, _ in GROUPS]
    for i, sh in cands:
        gi = 3 if i >= 27 else i // 9
        x = h[i]
        h[i] = x - 1
        if full is not h:
            full[i] -= 1
        idi = _group_id(gi, h, full, mask[gi])
        now = list(ids)
        now[gi] = idi
        k = size - sh - 1  # the tiles the hand less i keeps: an improving draw keeps one more (M-11a)
        found: list[int] = []
        for g in groups:
            a, b, c = _OTHERS[g]
            rest = _pair(_pair(now[a], now[b]), now[c])
            if g == gi:
                st, sz, _ = GROUPS[g]
                ck, fk = tuple(h[st:st + sz]), tuple(full[st:st + sz]) if full is not h else None
            else:
                ck, fk = keys[g]
            key = (rest, g, ck, fk, mask[g], n, k)
            got = _GROUP_GAINS.get(key)
            if got is None:
                got = _GROUP_GAINS[key] = _group_gains(h, full, g, mask[g], rest, n, k)
            found.extend(got)
        if seven or orphans:
            p0, s0 = (pairs - 1, singles + 1) if x % 2 == 0 else (pairs, singles - 1)
            k0 = okinds - (1 if x == 1 and i in _ORPHANS else 0)
            d0 = doubles - (1 if x == 2 and i in _ORPHANS else 0)
            sev = seven and 2 * min(p0, 7) + min(s0, 7 - min(p0, 7)) == k
            orp = orphans and k0 + (1 if d0 else 0) == k
            if sev or orp:
                have = set(found)
                for t in range(kinds):
                    y = h[t]
                    if t in have or y >= 4 or not useful(h, t):
                        continue
                    best = -1
                    if sev:
                        p, q = (p0, s0 + 1) if y % 2 == 0 else (p0 + 1, s0 - 1)
                        p = min(p, 7)
                        best = 2 * p + min(q, 7 - p)
                    if orp:
                        o = t in _ORPHANS
                        best = max(best, k0 + (1 if y == 0 and o else 0)
                                   + (1 if d0 + (1 if y == 1 and o else 0) else 0))
                    if best > k:
                        found.append(t)
                found.sort()
        h[i] = x
        if full is not h:
            full[i] += 1
        outs.append(tuple((t, 1.0) for t in found))
    return outs


def _group_gains(h: list[int], full: list[int], g: int, mask: int, rest: int, n: int, k: int) -> tuple[int, ...]:
    """The kinds of group g whose draw lets the hand keep more than k tiles (the standard count), the other
    groups' combined table being ``rest``; only draws next to (or on) tiles held count (``useful``)."""
    st, sz, _ = GROUPS[g]
    out = []
    for t in range(st, st + sz):
        y = h[t]
        if y >= 4:
            continue
        if not y:
            if g == 3:
                continue
            r = t - st
            if not ((r >= 1 and h[t - 1]) or (r <= 7 and h[t + 1]) or (r >= 2 and h[t - 2])
                    or (r <= 6 and h[t + 2])):
                continue
        h[t] = y + 1
        if full is not h:
            full[t] += 1
        gid = _group_id(g, h, full, mask)
        h[t] = y
        if full is not h:
            full[t] -= 1
        if _kept(_pair(rest, gid), n) > k:
            out.append(t)
    return tuple(out)


def _waits(rule: WinRule, h: list[int], melds: Sequence[Meld], scoring: str | None) -> tuple[tuple[int, float], ...]:
    """A ready hand's waits (M-11a), each weighed by what a self-draw on it pays in plain self-draws
    (engine.bots.mahjong._wait_worth: M-19 … M-21); ``scoring`` None: each weighs 1."""
    held = _with_melds([0] * 34, melds) if melds else None
    out = []
    for t in range(34 if rule.honours else 27):
        if h[t] + (held[t] if held is not None else 0) >= 4:
            continue
        h[t] += 1
        if wins(rule, h, melds):
            v = (best_value(decompose_counts(rule, h, melds), melds, _CTX, scoring).value / 2.0
                 if scoring is not None else 1.0)
            out.append((t, v))
        h[t] -= 1
    return tuple(out)


__all__ = ["big_shanten", "danger", "plan", "public_counts", "readiness", "state_discard", "table_discard",
           "threats_of", "waits_of"]
