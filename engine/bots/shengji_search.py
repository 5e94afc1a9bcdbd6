"""The Shengji search bot: determinized rollouts within a CPU-time budget (default 300 ms per decision).

For a card play it takes the heuristic's few best candidates, then, until the budget is spent, samples a world
consistent with what the seat knows (its own hand, the cards still out, the voids the table has shown, the
bottom when it is the banker — ``State.from_view``), plays each candidate in that same world and finishes the
hand (or ``horizon`` tricks, when the end is further) with fast heuristic players, and keeps the candidate with
the best mean outcome for its side (the defenders' points, with a bonus for crossing 80 when the hand ends) —
unless it beats the heuristic's own first choice by less than ``margin`` points a world.
Declarations and the burial are the heuristic's.
"""

from __future__ import annotations

import time
from typing import Any

from engine.bots.base import Decision, SearchShell
from engine.bots.shengji import ShengjiBot, Table
from engine.core import Action
from engine.trick.cards import TEXT, codes_of, notation

ROLLOUT_FOLLOWS = 40


class ShengjiSearchBot(SearchShell):
    def __init__(self, seed: int = 0, budget_ms: float = 300, rollouts: int | None = None, margin: float = 5.0,
                 z: float = 0.0, max_candidates: int = 5, horizon: int = 4) -> None:
        super().__init__(seed, budget_ms, rollouts, margin, z, max_candidates)
        self.horizon = int(horizon)
        self.heuristic = ShengjiBot("heuristic", seed)
        self.fast = ShengjiBot("heuristic", seed + 1, max_follows=ROLLOUT_FOLLOWS)

    def _choose(self, view: dict[str, Any], legal: Any) -> Decision:
        if view.get("phase") != "play":
            return self.heuristic.choose(view, legal)
        start = time.process_time()
        t = Table(view)
        ranked, _ = self.heuristic.ranked_plays(t)
        cands: list[Action] = []
        for cards in ranked:
            a = Action(t.seat, "play", None, notation(cards))
            if a not in cands and a in legal:
                cands.append(a)
            if len(cands) >= self.max_candidates:
                break
        if len(cands) <= 1:
            return self.heuristic.choose(view, legal)
        totals = [0.0] * len(cands)
        worlds = 0
        budget = self.budget_ms / 1000 * 0.9
        per_world = 0.0
        while self.max_rollouts is None or worlds < self.max_rollouts:
            t0 = time.process_time()
            if t0 - start + per_world > budget:
                break
            world = self._sample(view, t)
            got = []
            for a in cands:
                if worlds and time.process_time() - start > budget:
                    break  # over budget: this world is dropped, every candidate is scored on the same worlds
                w = world.clone()
                w.apply(a)
                got.append(self._rollout(w, t.seat))
            if len(got) < len(cands):
                break
            for i, v in enumerate(got):
                totals[i] += v
            worlds += 1
            per_world = max(per_world, time.process_time() - t0)
        best = max(range(len(cands)), key=lambda i: totals[i])
        if worlds and (totals[best] - totals[0]) / worlds < self.margin:
            best = 0  # not clearly better than the heuristic's own choice: keep it (sampling noise)
        self.last_stats = {"worlds": worlds, "candidates": len(cands),
                           "ms": round((time.process_time() - start) * 1000, 1)}
        return Decision(cands[best], f"search {worlds} worlds S-17")

    def _sample(self, view: dict[str, Any], t: Table) -> Any:
        """A world consistent with ``view``: the cards still out dealt to the other seats (never in a suit
        the seat has shown void in, when it can be helped), the rest to the bottom."""
        from engine.shengji.state import State
        rng = self.rng
        unknown = codes_of(t.out)
        rng.shuffle(unknown)
        counts = list(view["counts"])
        need = {s: counts[s] for s in range(4) if s != t.seat}
        hands: dict[int, list[int]] = {s: [] for s in need}
        o = t.order
        spare: list[int] = []
        for c in unknown:
            ok = [s for s, k in need.items() if k and o.system[c] not in t.voids[s]]
            if not ok:
                spare.append(c)
                continue
            s = rng.choices(ok, weights=[need[x] for x in ok])[0]
            hands[s].append(c)
            need[s] -= 1
        room = len(unknown) - sum(counts[s] for s in hands)  # the bottom's share, when it is hidden
        for c in spare[room:]:  # no void-free seat and no room in the bottom: a void must give way
            s = next(x for x, k in need.items() if k)
            hands[s].append(c)
            need[s] -= 1
        full = [list(view["hand"]) if s == t.seat else [TEXT[c] for c in hands[s]] for s in range(4)]
        w = State.from_view(view, full, seed=rng.randrange(1 << 30))
        w.hands_total = w.hand_no  # the hand's end is the horizon
        return w

    def _rollout(self, w: Any, me: int) -> float:
        """Play on with fast heuristic players for ``horizon`` more tricks (to the hand's end when it is near),
        then value the defenders' points for ``me``'s side."""
        bot = self.fast
        stop = w.trick_no + self.horizon
        start_points = w.defender_points
        while not w.is_over and w.trick_no < stop:
            seat = w.to_act
            t = Table.from_state(w, seat)
            ranked, _ = bot.ranked_plays(t)
            for cards in ranked:
                a = Action(seat, "play", None, notation(cards))
                if w._refusal(a) is None:
                    break
            else:
                la = w.legal_actions(seat)
                a = la[self.rng.randrange(len(la))]
            w.apply(a, checked=False)
        if w.is_over:
            r = w.last_result
            p = float(r["points"]) + (50.0 if r["points"] >= 80 else 0.0)
            banker = r["banker"]
        else:
            p = float(w.defender_points - start_points)
            banker = w.banker
        return -p if (me - banker) % 2 == 0 else p


def make_search_bot(seed: int = 0, **kw: Any) -> ShengjiSearchBot:
    return ShengjiSearchBot(seed=seed, **kw)


__all__ = ["ShengjiSearchBot", "make_search_bot"]
