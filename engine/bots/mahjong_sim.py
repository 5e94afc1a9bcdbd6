"""A Shandong Mahjong rollout simulator on tile counts (issue 17): the search's rollouts without the state machine.

A :class:`Sim` is one hand in a sampled world as four 34-entry count vectors, each seat's melds, the live wall
(a list of tile indices drawn from its front, kong replacements from its back, M-4), the kongs made (M-22),
the pass locks (M-14) and the 明楼 seats (M-15). :meth:`Sim.play` plays the hand to its end with the rollout
players of :func:`fast_discard` and :func:`fast_claim` — the same players the search's state-machine rollouts
use, so both play a hand alike — and returns one seat's payment:

- a move (M-5): a self-drawn win (M-11, M-12) when the hand is complete, else the first kong offered
  (concealed, then added, M-9), else the rollout player's discard (a 明楼 seat throws its drawn tile, M-15);
- an added kong may be robbed (M-13) by the first seat after the kong-maker it completes (not locked);
- a discard's claim round (M-6, M-7): 胡 by the first seat in turn order that can win (all of them with
  ``multiple_winners``), else the first 杠 or 碰 in turn order, else the next seat's 吃; the discard made
  with the wall empty is claimed only for 胡; nobody claimed and the wall empty: the hand is drawn (M-16);
- the first win is paid as M-19 … M-22 score it (engine.mahjong.scoring: every special hand, 杠上开花,
  海底捞月, 抢杠胡, 明楼, the kong payments).

What it leaves out, since a rollout never reads it: the rivers, the events, the views, the next hand. The
rollout players never pass a win they are offered, so the pass lock only binds the seat that passed in the
position searched (a given lock, or a first answer of ``pass``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.mahjong.rules import Rules
from engine.mahjong.scoring import Kong, WinContext, best_value, kong_payments, win_payments
from engine.tiles import (
    TILES,
    Meld,
    TileBag,
    WinRule,
    decompose_counts,
    is_win_counts,
    meld_of,
    parse_tiles,
)
from engine.tiles.shanten import MASK_258, MASK_ANY, NEG, _pungs_kept, group_table, seven_pairs_kept
from engine.tiles.win import GROUPS, ORPHAN_IDX, meld_counts

if TYPE_CHECKING:
    from engine.core import Action
    from engine.mahjong.state import State

N = 4
Answer = tuple[str, tuple[int, ...]]  # a claim or its answer: kind, the meld's tile indices
FIRST, DRAW, REPLACEMENT, CLAIMED = 0, 1, 2, 3  # how the mover came to move (M-5, M-8, M-12)
_CTX = {"first": FIRST, "draw": DRAW, "replacement": REPLACEMENT, "claimed": CLAIMED}


# -- the rollout players (on counts; the search's state-machine rollouts call the same two functions) ---------

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
    if len(_GROUP_IDS) >= _MEMO_CAP or len(_PAIRS) >= _MEMO_CAP:
        _clear_tables()


def _clear_tables() -> None:
    _GROUP_IDS.clear()
    _PAIRS.clear()
    _TABLES.clear()
    _TABLE_IDS.clear()
    _table_id(_UNIT)  # id 0: no blocks, nothing kept


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
        (a0, a1), (b0, b1) = _TABLES[i], _TABLES[j]
        o0 = [NEG] * 5
        o1 = [NEG] * 5
        for k1 in range(5):
            x0 = a0[k1]
            x1 = a1[k1]
            if x0 <= NEG and x1 <= NEG:
                continue
            for k2 in range(5 - k1):
                y0 = b0[k2]
                y1 = b1[k2]
                k = k1 + k2
                if x0 > NEG:
                    if y0 > NEG and x0 + y0 > o0[k]:
                        o0[k] = x0 + y0
                    if y1 > NEG and x0 + y1 > o1[k]:
                        o1[k] = x0 + y1
                if x1 > NEG and y0 > NEG and x1 + y0 > o1[k]:
                    o1[k] = x1 + y0
        tid = _PAIRS[(i, j)] = _table_id((tuple(o0), tuple(o1)))
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
    if melds:
        held = meld_counts(melds)
        full: list[int] = [h[i] + held[i] for i in range(34)]
    else:
        full = h
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
    if melds:
        held = meld_counts(melds)
        full: Sequence[int] = [c[i] + held[i] for i in range(34)]
    else:
        full = c
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
    cur = shanten(rule, h, melds)
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


# -- the simulator ------------------------------------------------------------------------------------------

class Sim:
    """One hand in one world, on counts (see the module's docstring). Built from a state (:meth:`from_state`)
    or directly from sampled hands and wall; :meth:`copy` gives a paired rollout the same world."""

    __slots__ = ("rules", "rule", "hands", "melds", "wall", "front", "back", "kongs", "locked", "ml", "mover",
                 "ctx", "drawn", "last_tile", "pending", "end", "sums", "odd")

    def __init__(self, rules: Rules, hands: list[list[int]], melds: list[list[Meld]], wall: list[int],
                 kongs: list[Kong], locked: list[bool], ml: list[bool], mover: int, ctx: int, drawn: int | None,
                 last_tile: bool, pending: tuple[str, int, int, dict[int, Answer]] | None = None) -> None:
        self.rules = rules
        self.rule = rules.win_rule
        self.hands = hands
        self.melds = melds
        self.wall = wall  # shared by copies: only front and back move
        self.front = 0
        self.back = len(wall)
        self.kongs = kongs
        self.locked = locked
        self.ml = ml
        self.mover = mover
        self.ctx = ctx
        self.drawn = drawn
        self.last_tile = last_tile
        # a claim or rob round in progress (kind, tile, source, the answers given so far: seat → answer)
        self.pending = pending
        self.end: tuple[str, tuple[int, ...]] | None = None  # how :meth:`play` ended: kind, winners
        # per seat: the tiles in each group (万 饼 条 honours) and the kinds held an odd number of times,
        # kept as the hand changes: the count tests in front of every win check (M-11) read them
        self.sums = [[sum(h[a:b]) for a, b in _SPANS] for h in hands]
        self.odd = [sum(x & 1 for x in h) for h in hands]

    @classmethod
    def from_state(cls, st: State) -> Sim:
        """The hand now in play in a state (a real one, or a world sampled from a view)."""
        t = st.t
        pending = None
        if st.round is not None:
            r = st.round
            pending = (r.kind, r.tile.idx, r.source, {s: _answer(a) for s, a in r.answers.items()})
        sim = cls(st.rules, [list(h) for h in t.hands], [list(m) for m in t.melds],
                  [x.idx for x in t.wall[t.front:t.back]], list(st.kongs), list(st.locked), list(st.ml),
                  st.mover, _CTX[st.ctx], st.drawn.idx if st.drawn is not None else None, st.last_tile, pending)
        return sim

    def copy(self) -> Sim:
        new = Sim.__new__(Sim)
        new.rules, new.rule, new.wall = self.rules, self.rule, self.wall
        new.hands = [list(h) for h in self.hands]
        new.melds = [list(m) for m in self.melds]
        new.front, new.back = self.front, self.back
        new.kongs = list(self.kongs)
        new.locked = list(self.locked)
        new.ml = list(self.ml)
        new.mover, new.ctx, new.drawn, new.last_tile = self.mover, self.ctx, self.drawn, self.last_tile
        new.pending = None if self.pending is None else (*self.pending[:3], dict(self.pending[3]))
        new.end = None
        new.sums = [list(x) for x in self.sums]
        new.odd = list(self.odd)
        return new

    @property
    def wall_left(self) -> int:
        return self.back - self.front

    # -- the hand ------------------------------------------------------------------------------------------

    def play(self, me: int, first: tuple[str, int | None], keep_wait: bool = False, horizon: int = 40) -> float:
        """Make ``first`` for the seat to act — ``("discard", tile)`` on a move, ``("win", None)`` or
        ``("pass", None)`` in a round — then play the hand to its end: ``me``'s payment (M-20 … M-22), 0 for
        a drawn hand (M-16); after ``horizon`` more discards, a small credit for how near ``me`` is to ready.
        With ``keep_wait`` ``me`` throws every drawn tile it does not win with (the wait it kept)."""
        o = self.rules.options
        if self.pending is not None:
            kind, tile, src, answers = self.pending
            self.pending = None
            seat = next(s for s in _order(src) if s not in answers)
            answers[seat] = (first[0], ())
            if first[0] != "win" and o.pass_lock and o.win_on_discard and not self.locked[seat] \
                    and self._wins_on(seat, tile):
                self.locked[seat] = True  # M-14: offered 胡 and did not take it
            res = self._round(kind, tile, src, answers, me)
            if res is not None:
                return res
        else:
            s = self.mover
            x = first[1]
            assert first[0] == "discard" and x is not None, "on a move the first action searched is a discard"
            res = self._discard(s, x, me)
            if res is not None:
                return res
        steps = 0
        rule = self.rule
        hands, melds, ml = self.hands, self.melds, self.ml
        while True:
            s = self.mover
            h = hands[s]
            ms = melds[s]
            if self.ctx != CLAIMED:
                if self._could_win(s, -1) and wins(rule, h, ms):
                    return self._pay([s], None, me)
                if self.back > self.front and not ml[s]:
                    k = _first_kong(h, ms)
                    if k is not None:
                        res = self._kong(s, k, me, o.rob_kong and o.win_on_discard)
                        if res is not None:
                            return res
                        continue
            if ml[s] and self.drawn is not None:
                x = self.drawn
            else:
                x = fast_discard(rule, h, ms)
                if keep_wait and s == me and self.drawn is not None:
                    x = self.drawn
            self._sub(s, x)
            self.locked[s] = False  # M-14: the lock ends with his own discard
            self.drawn = None
            steps += 1
            if steps >= horizon:
                return self._credit(me)
            res = self._round("discard", x, s, {}, me)
            if res is not None:
                return res

    def _discard(self, s: int, x: int, me: int) -> float | None:
        self._sub(s, x)
        self.locked[s] = False  # M-14: the lock ends with his own discard
        self.drawn = None
        return self._round("discard", x, s, {}, me)

    def _round(self, kind: str, x: int, src: int, answers: dict[int, Answer], me: int) -> float | None:
        """M-7 (a discard) or M-13 (a rob): every other seat answers in turn order (the given answers stand,
        the rollout players answer the rest); the winner is paid and the hand ends (a float), or play goes
        on (None). Answers are sealed and independent, so the order they are worked out in is free: the
        next seat's 吃 is weighed only when no later seat takes a 碰 or 杠, which beats it."""
        o = self.rules.options
        rule = self.rule
        hands, melds, ml = self.hands, self.melds, self.ml
        order = _order(src)
        wins = []
        for s in order:
            a = answers.get(s)
            if (a is not None and a[0] == "win") or (a is None and o.win_on_discard and not self.locked[s]
                                                     and self._wins_on(s, x)):
                wins.append(s)  # the rollout player never passes a win
        if wins:
            return self._pay(wins if o.multiple_winners else wins[:1], (src, x, kind == "rob"), me)
        if kind == "rob":
            self._complete_added(src, x)
            return None
        if self.back > self.front:  # the discard after the wall emptied: only 胡 (M-6)
            nxt = order[0]
            chow: tuple[int, Answer] | None = None
            for s in order:
                given = answers.get(s)
                if given is not None:  # an answer made before the position searched (a state's own round)
                    if given[0] in ("pung", "kong"):
                        self._take(s, src, x, given)
                        return None
                    if given[0] == "chow":
                        chow = (s, given)
                    continue
                if ml[s]:
                    continue
                h = hands[s]
                n = h[x]
                if n < 2:
                    continue
                offers: list[Answer] = []
                if n >= 3:
                    offers.append(("kong", (x, x, x, x)))
                offers.append(("pung", (x, x, x)))
                if s == nxt and o.allow_chow and x < 27:
                    offers.extend(("chow", run) for run in chow_runs(h, x))
                k = fast_claim(rule, h, melds[s], x, offers)
                if k is None:
                    continue
                if offers[k][0] == "chow":
                    chow = (s, offers[k])  # stands unless a later seat pungs (M-7)
                    continue
                self._take(s, src, x, offers[k])
                return None
            if chow is None and o.allow_chow and x < 27 and nxt not in answers and not ml[nxt] \
                    and hands[nxt][x] < 2:
                runs = chow_runs(hands[nxt], x)
                if runs:
                    offers = [("chow", run) for run in runs]
                    k = fast_claim(rule, hands[nxt], melds[nxt], x, offers)
                    if k is not None:
                        chow = (nxt, offers[k])
            if chow is not None:
                self._take(chow[0], src, x, chow[1])
                return None
        if self.back == self.front:
            self.end = ("drawn", ())
            return 0.0  # M-16: a drawn hand pays nothing
        self._draw((src + 1) % N, False)
        return None

    def _take(self, s: int, src: int, x: int, offer: Answer) -> None:
        """M-8: the claimer exposes the meld; after 碰/吃 he discards at once, after 杠 he draws a replacement."""
        kind, idxs = offer
        own = list(idxs)
        own.remove(x)
        for j in own:
            self._sub(s, j)
        tiles = [TILES[i] for i in idxs]
        if kind == "kong":
            self.melds[s].append(meld_of(tiles, claimed=True, kong="exposed", source=src))
            self.kongs.append(Kong(s, "exposed", src))
            self._draw(s, True)
        else:
            self.melds[s].append(meld_of(tiles, claimed=True, source=src))
            self.mover = s
            self.ctx = CLAIMED
            self.drawn = None

    def _kong(self, s: int, k: tuple[str, int], me: int, robbable: bool) -> float | None:
        kind, i = k
        h = self.hands[s]
        if kind == "concealed":  # 暗杠
            h[i] = 0
            self.sums[s][3 if i >= 27 else i // 9] -= 4
            self.melds[s].append(meld_of([TILES[i]] * 4, claimed=False, kong="concealed"))
            self.kongs.append(Kong(s, "concealed"))
            self._draw(s, True)
            return None
        self._sub(s, i)  # 加杠: may be robbed (M-13)
        self.drawn = None
        if robbable:
            return self._round("rob", i, s, {}, me)
        self._complete_added(s, i)
        return None

    def _complete_added(self, s: int, i: int) -> None:
        ms = self.melds[s]
        j = next(j for j, m in enumerate(ms) if m.kind == "pung" and m.first.idx == i)
        old = ms[j]
        ms[j] = Meld("kong", TileBag([TILES[i]] * 4), True, "added", old.source)
        self.kongs.append(Kong(s, "added"))
        self._draw(s, True)

    def _sub(self, s: int, x: int) -> None:
        """One tile x leaves seat s's hand (a discard, a claim's own tiles, an added kong's fourth)."""
        h = self.hands[s]
        h[x] -= 1
        self.sums[s][3 if x >= 27 else x // 9] -= 1
        self.odd[s] += 1 if h[x] & 1 else -1

    def _could_win(self, s: int, x: int) -> bool:
        """A count test no winning hand fails (M-11), on seat s's hand with tile x added (x < 0: as it is):
        a standard hand's groups hold 3k tiles each but the pair's (3k+2); 七对 has no odd count; 十三幺
        is all orphans (left to the full check, as rare)."""
        sm = self.sums[s]
        g = 3 if x >= 27 else x // 9 if x >= 0 else -1
        twos = 0
        for k in range(4):
            r = (sm[k] + 1) % 3 if k == g else sm[k] % 3
            if r == 1:
                twos = 9
                break
            if r == 2:
                twos += 1
        if twos == 1:
            return True
        if self.melds[s]:
            return False
        rule = self.rule
        if rule.seven_pairs:
            odd = self.odd[s]
            if x >= 0:
                odd += -1 if self.hands[s][x] & 1 else 1
            if odd == 0:
                return True
        return rule.thirteen_orphans and rule.honours and (x < 0 or x in _ORPHANS)

    def _wins_on(self, s: int, x: int) -> bool:
        """Whether tile x completes seat s's hand (M-11)."""
        if not self._could_win(s, x):
            return False
        h = self.hands[s]
        h[x] += 1
        ok = wins(self.rule, h, self.melds[s])
        h[x] -= 1
        return ok

    def _draw(self, s: int, from_back: bool) -> None:
        if from_back:
            self.back -= 1
            x = self.wall[self.back]
        else:
            x = self.wall[self.front]
            self.front += 1
        self.hands[s][x] += 1
        self.sums[s][3 if x >= 27 else x // 9] += 1
        self.odd[s] += 1 if self.hands[s][x] & 1 else -1
        self.drawn = x
        self.last_tile = self.back == self.front
        self.mover = s
        self.ctx = REPLACEMENT if from_back else DRAW

    # -- the end of the hand --------------------------------------------------------------------------------

    def _pay(self, winners: list[int], on: tuple[int, int, bool] | None, me: int) -> float:
        """M-19 … M-22: the winners' values on their best readings, who pays them, the kong payments."""
        o = self.rules.options
        self.end = ("self" if on is None else "rob" if on[2] else "discard", tuple(winners))
        pay = [0] * N
        for w in winners:
            h = list(self.hands[w])
            if on is not None:
                h[on[1]] += 1
            ctx = WinContext(self_drawn=on is None, replacement=on is None and self.ctx == REPLACEMENT,
                             last_tile=on is None and self.last_tile and self.drawn is not None,
                             robbed=on is not None and on[2], minglou=self.ml[w])
            value = best_value(decompose_counts(self.rule, h, self.melds[w]), self.melds[w], ctx, o.scoring)
            for s, p in enumerate(win_payments(w, value.value, None if on is None else on[0])):
                pay[s] += p
        if o.kong_payments:
            for s, p in enumerate(kong_payments(self.kongs)):
                pay[s] += p
        return float(pay[me])

    def _credit(self, me: int) -> float:
        """The horizon reached: a small credit for how near ``me``'s hand is to ready (M-11a)."""
        self.end = ("horizon", ())
        h = self.hands[me]
        if sum(h) % 3 != 1:
            return 0.0
        sh = fast_shanten(self.rule, h, self.melds[me])
        return 0.3 if sh == 0 else 0.1 if sh == 1 else 0.0


def _answer(a: Action) -> Answer:
    return (a.kind, tuple(t.idx for t in parse_tiles(a.arg)) if a.arg else ())


def _order(src: int) -> tuple[int, ...]:
    return ((src + 1) % N, (src + 2) % N, (src + 3) % N)


_SPANS = ((0, 9), (9, 18), (18, 27), (27, 34))


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


def _first_kong(h: Sequence[int], melds: Sequence[Meld]) -> tuple[str, int] | None:
    """The first kong the legal list offers (M-9): a concealed one by tile order, then an added one."""
    if 4 in h:
        return ("concealed", list(h).index(4))
    for m in melds:
        if m.kind == "pung" and h[m.first.idx]:
            return ("added", m.first.idx)
    return None


__all__ = ["Sim", "fast_claim", "fast_discard", "keep_value", "lone", "shanten"]
