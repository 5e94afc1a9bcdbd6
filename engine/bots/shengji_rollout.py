"""Fast Shengji rollouts for the search bot: a sampled world played to the hand's end on count arrays.

The search plays each candidate in many sampled worlds; the State machine (events, views, refusal texts) costs
far more per move than a rollout needs. Here a world is four count arrays and a trick, and every seat plays a
quick sensible policy with the whole (sampled) world in sight, as determinized rollouts do:

- leads (首家): a single or pair nobody can beat or ruff (points first), else a low card of a suit the partner
  ruffs (将), else trumps when it holds more than both opponents, else a low pointless single of its longest
  side suit;
- follows (跟牌, S-16 for singles and pairs): win cheaply when the win holds against the seats still to come,
  give points (送分) to a partner whose card holds, ruff (将) a trick worth taking with the lowest trump that
  holds, else shed the cheapest pointless cards;
- the hand ends with the bottom (掀底, S-19: ×2 after a single, ×4 after a pair when the defenders win the last
  trick) and the defenders' points.

Leads in a rollout are singles and pairs only: tractors and throws are played by the real engine (the candidate
move itself and the trick it is in), and :func:`simple_lead` says when the fast path may take over. The policy
is deterministic: every candidate in a world meets the same replies unless its own move changes them.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.trick.cards import POINTS
from engine.trick.order import TRUMP, Order

SIDES = (0, 1, 2, 3)


class FastWorld:
    """One determinized deal in play: ``held[seat][code]`` counts, the trick so far, who leads, the score."""

    __slots__ = ("held", "system", "step", "members", "banker", "leader", "trick", "defender_points",
                 "bottom_points", "trump_only", "n", "win")

    def __init__(self, held: Sequence[Sequence[int]], order: Order, banker: int, leader: int,
                 trick: Sequence[tuple[int, Sequence[int]]], defender_points: int, bottom_points: int,
                 trump_only: bool = False) -> None:
        self.held = [list(h) for h in held]
        self.system = order.system
        self.step = order.step
        self.members = order.members
        self.banker = banker
        self.leader = leader
        self.trick: list[tuple[int, tuple[int, ...]]] = []
        self.win = (0, 0, 0)
        for s, p in trick:
            self.trick.append((s, tuple(p)))
            self._judge_last()
        self.defender_points = defender_points
        self.bottom_points = bottom_points
        self.trump_only = trump_only
        # n[seat][system]: how many cards of each system a seat holds (kept up to date by play)
        self.n = [[sum(h[c] for c in order.members[s]) for s in range(5)] for h in self.held]

    # -- reading the world -------------------------------------------------------------------------------

    def top(self, seat: int, system: int, pair: bool = False) -> int:
        """The highest step ``seat`` holds in ``system`` (as a pair when ``pair``), -1 for none."""
        h = self.held[seat]
        need = 2 if pair else 1
        for c in reversed(self.members[system]):
            if h[c] >= need:
                return self.step[c]
        return -1

    def count(self, seat: int, system: int) -> int:
        return self.n[seat][system]

    def has_pair(self, seat: int, system: int) -> bool:
        h = self.held[seat]
        return any(h[c] >= 2 for c in self.members[system])

    def winner(self) -> tuple[int, int, int]:
        """(index in the trick, system, step) of the play winning the trick so far (S-17: the first of equals)."""
        return self.win

    def _judge_last(self) -> None:
        i = len(self.trick) - 1
        p = self.trick[i][1]
        sy = self.system[p[0]]
        if i == 0:
            self.win = (0, sy, max(self.step[c] for c in p))
            return
        _, bsys, bstep = self.win
        if any(self.system[c] != sy for c in p) or (len(p) == 2 and p[0] != p[1]):
            return  # mixed systems, or two different cards against a pair: never the winner
        st = self.step[p[0]]
        if (sy == TRUMP and bsys != TRUMP) or (sy == bsys and st > bstep):
            self.win = (i, sy, st)

    def beaten_behind(self, seat: int, lead_sys: int, wsys: int, wstep: int, n: int) -> bool:
        """Whether an opponent of ``seat`` still to play this trick can beat (system, step) with an ``n``-card
        unit (1 single, 2 pair)."""
        pair = n == 2
        for i in range(len(self.trick) + 1, 4):
            x = (self.leader + i) % 4
            if x % 2 == seat % 2:
                continue
            if wsys == lead_sys:
                if self.top(x, lead_sys, pair) > wstep:
                    return True
                if lead_sys != TRUMP and self.count(x, lead_sys) == 0 and self.top(x, TRUMP, pair) >= 0:
                    return True
            elif wsys == TRUMP and self.count(x, lead_sys) == 0 and self.top(x, TRUMP, pair) > wstep:
                return True
        return False

    # -- the policy -------------------------------------------------------------------------------------

    def _low(self, cards: list[int]) -> int:
        """The cheapest card to give up: pointless before points, side cards before trumps, low before high."""
        return min(cards, key=lambda c: (POINTS[c] > 0, self.system[c] == TRUMP, self.step[c]))

    def _rich(self, cards: list[int]) -> int:
        """The card to feed a winning partner: most points, then cheapest."""
        return max(cards, key=lambda c: (POINTS[c], self.system[c] != TRUMP, -self.step[c]))

    def lead(self, seat: int) -> tuple[int, ...]:
        h = self.held[seat]
        opp = ((seat + 1) % 4, (seat + 3) % 4)
        partner = (seat + 2) % 4
        best: tuple[int, ...] | None = None
        best_key = (-1, -1)
        for s in SIDES:
            mine = [c for c in self.members[s] if h[c]]
            if not mine:
                continue
            ruffable = any(self.count(x, s) == 0 and self.top(x, TRUMP) >= 0 for x in opp)
            if ruffable:
                continue
            c = mine[-1]
            if h[c] >= 2 and all(self.top(x, s, True) < self.step[c] for x in opp):
                key = (2, POINTS[c])
                if key > best_key:
                    best, best_key = (c, c), key
            if all(self.top(x, s) <= self.step[c] for x in opp):  # an equal card played later loses (S-17)
                key = (1, POINTS[c])
                if key > best_key:
                    best, best_key = (c,), key
        if best is not None:
            return best
        for s in SIDES:  # the partner ruffs what the opponents must follow
            if self.count(partner, s) == 0 and self.top(partner, TRUMP) >= 0 and \
                    all(self.count(x, s) for x in opp):
                mine = [c for c in self.members[s] if h[c]]
                if mine:
                    return (min(mine, key=lambda c: (POINTS[c] > 0, self.step[c])),)
        trumps = [c for c in self.members[TRUMP] if h[c]]
        if trumps:
            mine_n = sum(h[c] for c in trumps)
            if mine_n > max(self.count(x, TRUMP) for x in opp):
                c = trumps[-1]
                if h[c] >= 2:
                    return (c, c)
                return (c,)
        side = [c for s in SIDES for c in self.members[s] if h[c]]
        if side:
            length = [self.count(seat, s) for s in range(5)]
            return (min(side, key=lambda c: (POINTS[c] > 0, h[c] >= 2, -length[self.system[c]], self.step[c])),)
        return (self._low(trumps),)

    def follow(self, seat: int) -> tuple[int, ...]:
        h = self.held[seat]
        lead = self.trick[0][1]
        n = len(lead)
        lsys = self.system[lead[0]]
        wi, wsys, wstep = self.winner()
        partner_wins = (self.trick[wi][0] - seat) % 2 == 0
        last = len(self.trick) == 3
        table = sum(POINTS[c] for _, p in self.trick for c in p)
        holds = partner_wins and (last or not self.beaten_behind(seat, lsys, wsys, wstep, n))
        mine = [c for c in self.members[lsys] if h[c]]
        if n == 1:
            if mine:
                if holds:
                    return (self._rich(mine),)
                if wsys == lsys:
                    wins = [c for c in mine if self.step[c] > wstep]
                    for c in wins:  # low to high: the cheapest win that holds
                        if last or not self.beaten_behind(seat, lsys, lsys, self.step[c], 1):
                            return (c,)
                return (self._low(mine),)
            return self._shed_or_ruff(seat, 1, lsys, wsys, wstep, holds, table, last)
        pairs = [c for c in mine if h[c] >= 2]
        if pairs:
            if holds:
                c = max(pairs, key=lambda c: (POINTS[c], -self.step[c]))
                return (c, c)
            if wsys == lsys and self._pair_win(wi):
                for c in pairs:
                    if self.step[c] > wstep and (last or not self.beaten_behind(seat, lsys, lsys, self.step[c], 2)):
                        return (c, c)
            c = min(pairs, key=lambda c: (POINTS[c] > 0, self.step[c]))
            return (c, c)
        cards = [c for c in mine for _ in range(h[c])]
        if len(cards) >= 2:
            pick = sorted(cards, key=lambda c: (-POINTS[c], self.step[c]) if holds else
                          (POINTS[c] > 0, self.step[c]))
            return (pick[0], pick[1])
        if len(cards) == 1:
            rest = self._shed_cards(seat, 1, holds, exclude=cards[0])
            return (cards[0], rest[0])
        return self._shed_or_ruff(seat, 2, lsys, wsys, wstep, holds, table, last)

    def _pair_win(self, wi: int) -> bool:
        p = self.trick[wi][1]
        return len(p) == 2 and p[0] == p[1]

    def _shed_cards(self, seat: int, n: int, feed: bool, exclude: int = -1) -> list[int]:
        h = self.held[seat]
        cards = [c for c, k in enumerate(h) if k for _ in range(k - (c == exclude))]
        if feed:
            cards.sort(key=lambda c: (-POINTS[c], self.system[c] == TRUMP, self.step[c]))
        else:
            cards.sort(key=lambda c: (POINTS[c] > 0, self.system[c] == TRUMP, self.step[c]))
        return cards[:n]

    def _shed_or_ruff(self, seat: int, n: int, lsys: int, wsys: int, wstep: int, holds: bool, table: int,
                      last: bool) -> tuple[int, ...]:
        """Void in the led suit: feed a holding partner, ruff (将) a trick worth it, else shed cheap cards."""
        if holds:
            return tuple(self._shed_cards(seat, n, True))
        h = self.held[seat]
        if lsys != TRUMP:
            worth = table > 0 or not last or (self.trick[0][0] - seat) % 2 != 0
            if worth:
                floor = wstep if wsys == TRUMP else -1
                trumps = [c for c in self.members[TRUMP] if h[c] >= n and self.step[c] > floor]
                for c in trumps:
                    if last or not self.beaten_behind(seat, lsys, TRUMP, self.step[c], n):
                        return (c,) * n
        return tuple(self._shed_cards(seat, n, False))

    # -- playing ------------------------------------------------------------------------------------------

    def play(self, seat: int, cards: tuple[int, ...]) -> None:
        h = self.held[seat]
        n = self.n[seat]
        for c in cards:
            h[c] -= 1
            n[self.system[c]] -= 1
        self.trick.append((seat, cards))
        self._judge_last()
        if len(self.trick) < 4:
            return
        wi, wsys, _ = self.winner()
        win_seat = self.trick[wi][0]
        pts = sum(POINTS[c] for _, p in self.trick for c in p)
        defenders = (win_seat - self.banker) % 2 == 1
        if defenders:
            self.defender_points += pts
        if not any(self.n[win_seat]):  # the last trick: the bottom goes to its winner's side (S-19)
            if defenders and (wsys == TRUMP or not self.trump_only):
                self.defender_points += self.bottom_points * (4 if len(self.trick[0][1]) == 2 else 2)
            self.trick = []
            self.leader = -1
            return
        self.trick = []
        self.leader = win_seat

    def finish(self) -> int:
        """Play to the hand's end; the defenders' points (tricks and the bottom)."""
        while self.leader >= 0:
            seat = (self.leader + len(self.trick)) % 4
            self.play(seat, self.follow(seat) if self.trick else self.lead(seat))
        return self.defender_points


def simple_lead(cards: Sequence[int]) -> bool:
    """A single or a pair: a lead the fast rollout can follow by itself."""
    return len(cards) == 1 or (len(cards) == 2 and cards[0] == cards[1])


def account_value(points: int, band_weight: float = 25.0) -> float:
    """How much a hand's final defender points are worth to the defenders: the points themselves plus a step
    for each S-20 scoring band crossed (the 80-point line moves the bank and two levels), so the search values
    levels and not only points."""
    if points < 0:
        band = -4
    elif points == 0:
        band = -3
    else:
        band = next((s for b, s in ((40, -2), (80, -1), (120, 1), (160, 2), (200, 3)) if points < b), 4)
    return points + band_weight * band


__all__ = ["FastWorld", "simple_lead", "account_value"]
