"""A Shandong Mahjong rollout simulator on tile counts (issue 17): the search's rollouts without the state machine.

A :class:`Sim` is one hand in a sampled world as four 34-entry count vectors, each seat's melds, the live wall
(a list of tile indices drawn from its front, kong replacements from its back, M-4), the kongs made (M-22),
the pass locks (M-14) and the 明楼 seats (M-15). :meth:`Sim.play` plays the hand to its end with the rollout
players of engine.bots.mahjong_players (``fast_discard``, ``fast_claim``) — the same players the search's state-machine rollouts
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
position searched (a given lock, or a first answer of ``pass``) — unless ``TABLE_PASSES`` (off) has them pass
a discard win for a self-draw as the heuristic does (docs/MAHJONG_BOTS.md, "Rollout seats that pass a win").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.mahjong.rules import Rules
from engine.mahjong.scoring import Kong, WinContext, best_value, kong_payments, win_payments
from engine.tiles import TILES, Meld, Tile, TileBag, decompose_counts, meld_of, parse_tiles

from .mahjong import HeuristicBot, takes_win
from .mahjong_counts import _ORPHANS, fast_shanten, wins
from .mahjong_credit import CAP, value
from .mahjong_players import chow_runs, fast_claim, fast_discard
from .mahjong_splayer import public_counts, table_discard, threats_of

TABLE_PLAYERS = True  # the rollout players discard as the heuristic does (engine.bots.mahjong_splayer)
# ... the searching seat all through, the others for their first discards (then the least-connected players)
TABLE_STEPS = 0
# the rollout seats pass a discard win for a self-draw as the heuristic does (HeuristicBot._take_win, M-14, M-20)
# instead of taking every one
TABLE_PASSES = False
_TABLE = HeuristicBot()  # whose win-or-pass settings (min_wall, min_outs, hazard) the rollout seats then follow

if TYPE_CHECKING:
    from engine.core import Action
    from engine.mahjong.state import State

N = 4
Answer = tuple[str, tuple[int, ...]]  # a claim or its answer: kind, the meld's tile indices
FIRST, DRAW, REPLACEMENT, CLAIMED = 0, 1, 2, 3  # how the mover came to move (M-5, M-8, M-12)
_CTX = {"first": FIRST, "draw": DRAW, "replacement": REPLACEMENT, "claimed": CLAIMED}


# -- the simulator ------------------------------------------------------------------------------------------

class Sim:
    """One hand in one world, on counts (see the module's docstring). Built from a state (:meth:`from_state`)
    or directly from sampled hands and wall; :meth:`copy` gives a paired rollout the same world."""

    __slots__ = ("rules", "rule", "hands", "melds", "wall", "front", "back", "kongs", "locked", "ml", "mover",
                 "ctx", "drawn", "last_tile", "pending", "end", "sums", "odd", "rivers", "rlen", "pub")

    def __init__(self, rules: Rules, hands: list[list[int]], melds: list[list[Meld]], wall: list[int],
                 kongs: list[Kong], locked: list[bool], ml: list[bool], mover: int, ctx: int, drawn: int | None,
                 last_tile: bool, pending: tuple[str, int, int, dict[int, Answer]] | None = None,
                 rivers: list[list[int]] | None = None) -> None:
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
        # what every seat sees, for the rollout players' discards (engine.bots.mahjong_splayer): each river
        # as counts and its length (a claimed tile leaves it, M-8), and every tile outside the hands
        self.rivers = rivers if rivers is not None else [[0] * 34 for _ in range(N)]
        self.rlen = [sum(r) for r in self.rivers]
        self.pub = public_counts(self.rivers, melds)

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
                  st.mover, _CTX[st.ctx], st.drawn.idx if st.drawn is not None else None, st.last_tile, pending,
                  [_counts(r) for r in t.rivers])
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
        new.rivers = [list(r) for r in self.rivers]
        new.rlen = list(self.rlen)
        new.pub = list(self.pub)
        return new

    @property
    def wall_left(self) -> int:
        return self.back - self.front

    # -- the hand ------------------------------------------------------------------------------------------

    def play(self, me: int, first: tuple[str, int | None], keep_wait: bool = False, horizon: int = 40,
             meld: tuple[int, ...] = ()) -> float:
        """Make ``first`` for the seat to act — ``("discard", tile)`` on a move, ``("win", None)``,
        ``("pass", None)`` or a claim (``("pung", None)`` with its ``meld``'s tile indices) in a round — then
        play the hand to its end: ``me``'s payment (M-20 … M-22), 0 for a drawn hand (M-16); after ``horizon``
        more discards, a small credit for how near ``me`` is to ready. With ``keep_wait`` ``me`` throws every
        drawn tile it does not win with (the wait it kept)."""
        o = self.rules.options
        if self.pending is not None:
            kind, tile, src, answers = self.pending
            self.pending = None
            seat = next(s for s in _order(src) if s not in answers)
            answers[seat] = (first[0], meld)
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
                x = self._choose_discard(s) if s == me or steps < TABLE_STEPS else fast_discard(rule, h, ms)
                if keep_wait and s == me and self.drawn is not None:
                    x = self.drawn
            self._sub(s, x)
            self._to_river(s, x)
            self.locked[s] = False  # M-14: the lock ends with his own discard
            self.drawn = None
            steps += 1
            if steps >= horizon:
                return self._credit(me)
            res = self._round("discard", x, s, {}, me)
            if res is not None:
                return res

    def _choose_discard(self, s: int) -> int:
        """The rollout player's discard (M-5) from what seat s sees (engine.bots.mahjong_splayer)."""
        if not TABLE_PLAYERS:
            return fast_discard(self.rule, self.hands[s], self.melds[s])
        th = threats_of(self.rule, s, self.hands, self.melds, self.rivers, self.rlen, self.ml)
        return table_discard(self.rule, self.hands[s], self.melds[s], self.pub, th, self.back - self.front,
                             self.rules.options.scoring)

    def _discard(self, s: int, x: int, me: int) -> float | None:
        self._sub(s, x)
        self._to_river(s, x)
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
                if a is None and TABLE_PASSES and self._passes_win(s, x, kind == "rob"):
                    self.locked[s] = o.pass_lock  # M-14
                    continue
                wins.append(s)
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

    def _passes_win(self, s: int, x: int, robbed: bool) -> bool:
        """The heuristic's choice on a discard win (HeuristicBot._take_win) from what seat s sees: pass it while
        a self-draw is worth more (:func:`engine.bots.mahjong.takes_win`), never under its ``min_wall``."""
        wall = self.back - self.front
        if wall < _TABLE.min_wall:
            return False
        h = self.hands[s]
        live = [max(0, 4 - h[i] - self.pub[i]) for i in range(34)]
        return not takes_win(self.rule, h, self.melds[s], x, WinContext(robbed=robbed, minglou=self.ml[s]), live,
                             wall, self.rules.options.scoring, _TABLE.min_outs, _TABLE.hazard)

    def _take(self, s: int, src: int, x: int, offer: Answer) -> None:
        """M-8: the claimer exposes the meld; after 碰/吃 he discards at once, after 杠 he draws a replacement."""
        kind, idxs = offer
        own = list(idxs)
        own.remove(x)
        for j in own:
            self._sub(s, j)
            self.pub[j] += 1  # exposed (M-8)
        self.rivers[src][x] -= 1  # the claimed tile leaves the river for the meld: still seen
        self.rlen[src] -= 1
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
        self.pub[i] += 1
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

    def _to_river(self, s: int, x: int) -> None:
        self.rivers[s][x] += 1
        self.rlen[s] += 1
        self.pub[x] += 1

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
        if CREDIT is not None:
            return self._fitted_credit(me, CREDIT)
        sh = fast_shanten(self.rule, h, self.melds[me])
        return 0.3 if sh == 0 else 0.1 if sh == 1 else 0.0

    def _fitted_credit(self, me: int, model: dict[str, Any]) -> float:
        """The fitted horizon value (engine.bots.mahjong_credit, whose buckets the model must share): the seat's
        kong payments so far and every seat's shanten, by the tiles left."""
        sh = [min(fast_shanten(self.rule, h, m), CAP - 1) for h, m in zip(self.hands, self.melds)]
        kong = kong_payments(self.kongs)[me] if self.rules.options.kong_payments else 0
        return value(model["coef"], self.back - self.front, sh[me], [sh[s] for s in range(N) if s != me], kong)


CREDIT: dict[str, Any] | None = None  # a fitted horizon value, off (the pilot of issue 17): engine.bots.mahjong_credit


def _answer(a: Action) -> Answer:
    return (a.kind, tuple(t.idx for t in parse_tiles(a.arg)) if a.arg else ())


def _counts(tiles: Sequence[Tile]) -> list[int]:
    c = [0] * 34
    for x in tiles:
        c[x.idx] += 1
    return c


def _order(src: int) -> tuple[int, ...]:
    return ((src + 1) % N, (src + 2) % N, (src + 3) % N)


_SPANS = ((0, 9), (9, 18), (18, 27), (27, 34))


def _first_kong(h: Sequence[int], melds: Sequence[Meld]) -> tuple[str, int] | None:
    """The first kong the legal list offers (M-9): a concealed one by tile order, then an added one."""
    if 4 in h:
        return ("concealed", list(h).index(4))
    for m in melds:
        if m.kind == "pung" and h[m.first.idx]:
            return ("added", m.first.idx)
    return None


__all__ = ["Sim"]
