"""The Shengji search bot: determinized rollouts within a CPU-time budget (default 300 ms per decision).

For a card play it takes the heuristic's best candidates (and, leading, a low card of each side suit), then,
until the budget of the deciding thread's CPU time is spent, samples a world consistent with what the seat has
seen and plays every candidate in that same world to the hand's end:

- the world (:func:`sample_hands`): the cards still out dealt to the other seats in their counts, never in a
  suit a seat has shown void in (S-16b), the cards a seat showed when declaring (亮主, S-9) still in its hand
  unless it has played them; the bottom as the banker buried it when this seat is the banker, else the rest;
- the rollout: tractors and throws (the candidate itself, or the trick it follows) are played by the real
  engine (the throw check against the sampled hands, S-18), the rest by the fast count-array players of
  engine.bots.shengji_rollout;
- the value: the defenders' final points (tricks and the bottom with its multiplier, S-19) plus a step for each
  S-20 band crossed, for this seat's side.

It keeps the heuristic's own first choice unless another candidate beats it on the paired worlds by more than
``margin`` with the lower bound ``mean - z·se`` above zero (``engine.bots.base.override_score``), over at least
``min_worlds`` worlds. Declarations and the burial are the heuristic's. The bot reads only the view: a sampled
world is its guess, never the table's cards.
"""

from __future__ import annotations

import random
from typing import Any

from engine.bots.base import CpuBudget, Decision, SearchShell, override_score
from engine.bots.shengji import ShengjiBot, Table
from engine.bots.shengji_rollout import FastWorld, account_value, simple_lead
from engine.core import Action
from engine.trick.cards import POINTS, TEXT, codes_of, notation, parse_codes
from engine.trick.order import TRUMP

ROLLOUT_FOLLOWS = 40


def sample_hands(view: dict[str, Any], t: Table, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """One world consistent with ``view``: per seat a count array (this seat's own hand as it is) and the
    bottom's cards (known to the banker; a guess for everyone else)."""
    counts = list(view["counts"])
    hands = [[0] * 54 for _ in range(4)]
    hands[t.seat] = list(t.hand)
    need = {s: counts[s] for s in range(4) if s != t.seat}
    pool = list(codes_of(t.out))
    # 亮主 (S-9): a declarer still holds the cards it showed, less those it has played since
    for s, cards in _shown_in_hand(view, t.seat).items():
        for c in cards:
            if need[s] and c in pool:
                pool.remove(c)
                hands[s][c] += 1
                need[s] -= 1
    rng.shuffle(pool)
    o = t.order
    spare: list[int] = []
    for c in pool:
        ok = [s for s, k in need.items() if k and o.system[c] not in t.voids[s]]
        if not ok:
            spare.append(c)
            continue
        s = ok[0] if len(ok) == 1 else rng.choices(ok, weights=[need[x] for x in ok])[0]
        hands[s][c] += 1
        need[s] -= 1
    room = len(spare) - sum(need.values())  # the hidden bottom's share (0 for the banker, who knows it)
    bottom = spare[:room]
    for c in spare[room:]:  # no void-free seat and no room in the bottom: a void must give way
        s = next(x for x, k in need.items() if k)
        hands[s][c] += 1
        need[s] -= 1
    if view.get("bottom"):
        bottom = parse_codes(view["bottom"])
    return hands, bottom


def _shown_in_hand(view: dict[str, Any], me: int) -> dict[int, list[int]]:
    shown: dict[int, list[int]] = {}
    for d in view.get("declarations") or []:
        s = int(d["seat"])
        if s == me:
            continue
        # a declaration's shown cards: Part S shows them all; 三五番 shows only the joker(s) (SF-7)
        cards = parse_codes(str(d.get("cards", d.get("jokers", ""))))
        have = shown.setdefault(s, [])
        for c in set(cards):
            while have.count(c) < cards.count(c):
                have.append(c)
    hist = view.get("history", [])
    first = max((i for i, e in enumerate(hist) if e["kind"] == "hand_start"), default=0)
    for e in hist[first:]:
        if e["kind"] == "play" and int(e["data"]["seat"]) in shown:
            have = shown[int(e["data"]["seat"])]
            for c in parse_codes(e["data"]["cards"]):
                if c in have:
                    have.remove(c)
    return shown


class ShengjiSearchBot(SearchShell):
    def __init__(self, seed: int = 0, budget_ms: float = 300, rollouts: int | None = None, margin: float = 3.0,
                 z: float = 1.0, max_candidates: int = 6, min_worlds: int = 6, sd_floor: float = 5.0,
                 wall_cap: float = 2.0, band_weight: float = 10.0) -> None:
        super().__init__(seed, budget_ms, rollouts, margin, z, max_candidates)
        self.min_worlds = int(min_worlds)
        self.sd_floor = float(sd_floor)
        self.wall_cap = float(wall_cap)
        self.band_weight = float(band_weight)
        self.heuristic = ShengjiBot("heuristic", seed)
        self.fast = ShengjiBot("heuristic", seed + 1, max_follows=ROLLOUT_FOLLOWS)

    def _choose(self, view: dict[str, Any], legal: Any) -> Decision:
        if view.get("phase") != "play":
            return self.heuristic.choose(view, legal)
        budget = CpuBudget(self.budget_ms, self.wall_cap)
        t = Table(view)
        cands = self.candidates(t, legal)
        if len(cands) <= 1:
            return self.heuristic.choose(view, legal)
        diffs: list[list[float]] = [[] for _ in cands]
        worlds = 0
        per_world = 0.0
        limit = budget.seconds * 0.92
        while self.max_rollouts is None or worlds < self.max_rollouts:
            t0 = budget.now()
            if worlds and t0 + per_world > limit:
                break
            hands, bottom = sample_hands(view, t, self.rng)
            got: list[float] = []
            engine_world: list[Any] = []
            for cards in cands:
                got.append(self._value(view, t, hands, bottom, cards, engine_world))
            for i, v in enumerate(got):
                diffs[i].append(v - got[0])
            worlds += 1
            per_world = max(per_world * 0.8, budget.now() - t0)
        best, best_score = 0, 0.0
        for i in range(1, len(cands)):
            sc = override_score(diffs[i], self.min_worlds, self.margin, self.z, self.sd_floor)
            if sc is not None and sc > best_score:
                best, best_score = i, sc
        self.last_stats = {"worlds": worlds, "candidates": len(cands), "ms": round(budget.cpu_ms(), 1),
                           "chosen": best}
        return Decision(Action(t.seat, "play", None, notation(cands[best])),
                        f"search {worlds} worlds S-17" if best else "search keeps heuristic S-17")

    def candidates(self, t: Table, legal: Any) -> list[list[int]]:
        """The heuristic's best plays, then (leading) the lowest card of each side suit and the lowest trump —
        legal ones only, each once, at most ``max_candidates``."""
        ranked, _ = self.heuristic.ranked_plays(t)
        extra: list[list[int]] = []
        if not t.trick:
            o = t.order
            for s in (0, 1, 2, 3, TRUMP):
                mine = [c for c in codes_of(t.hand) if o.system[c] == s]
                if mine:
                    extra.append([min(mine, key=lambda c: (POINTS[c] > 0, o.step[c]))])
        out: list[list[int]] = []
        seen: set[str] = set()
        for cards in ranked[: self.max_candidates] + extra + ranked[self.max_candidates:]:
            key = notation(cards)
            if key in seen:
                continue
            seen.add(key)
            if Action(t.seat, "play", None, key) in legal:
                out.append(sorted(cards))
            if len(out) >= self.max_candidates:
                break
        return out

    def _value(self, view: dict[str, Any], t: Table, hands: list[list[int]], bottom: list[int],
               cards: list[int], engine_world: list[Any]) -> float:
        """The candidate ``cards`` played in the sampled world and the hand played out: its worth to our side."""
        lead = cards if not t.trick else t.trick[0][1]
        if simple_lead(sorted(lead)):
            w = FastWorld(hands, t.order, int(view["banker"]), t.trick[0][0] if t.trick else t.seat, t.trick,
                          int(view["defender_points"]), sum(POINTS[c] for c in bottom),
                          bool(t.opts.get("kitty_trump_only", False)))
            w.play(t.seat, tuple(cards))
            return self._side(w.finish(), t.seat, w.banker)
        # a tractor or a throw: the real engine plays this trick (the throw check runs on the sampled hands)
        if not engine_world:
            from engine.shengji.state import State
            full = [[TEXT[c] for c in codes_of(h)] for h in hands]
            st = State.from_view(view, full, seed=self.rng.randrange(1 << 30))
            st.buried = sorted(bottom)
            st.hands_total = st.hand_no  # the hand's end is the end
            engine_world.append(st)
        w2 = engine_world[0].clone()
        w2.apply(Action(t.seat, "play", None, notation(cards)), checked=False)
        while w2.trick and not w2.is_over:
            seat = w2.to_act
            tt = Table.from_state(w2, seat)
            ranked, _ = self.fast.ranked_plays(tt)
            a = next((x for x in (Action(seat, "play", None, notation(c)) for c in ranked)
                      if w2._refusal(x) is None), None)
            if a is None:
                a = next(iter(w2.legal_actions(seat)))
            w2.apply(a, checked=False)
        if w2.is_over:
            r = w2.last_result
            return self._side(int(r["points"]), t.seat, int(r["banker"]))
        fw = FastWorld(w2.held, w2.order, w2.banker, w2.leader, [], w2.defender_points,
                       sum(POINTS[c] for c in w2.buried), bool(t.opts.get("kitty_trump_only", False)))
        return self._side(fw.finish(), t.seat, fw.banker)

    def _side(self, points: int, me: int, banker: int) -> float:
        v = account_value(points, self.band_weight)
        return -v if (me - banker) % 2 == 0 else v


def make_search_bot(seed: int = 0, **kw: Any) -> ShengjiSearchBot:
    return ShengjiSearchBot(seed=seed, **kw)


__all__ = ["ShengjiSearchBot", "make_search_bot", "sample_hands"]
