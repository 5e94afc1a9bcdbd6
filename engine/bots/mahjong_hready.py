"""Whether to take a poor ready hand or stay one step back for a better wait (听牌 or 一向听, issue 17).

The heuristic ranks discards by shanten first (M-11a), so it always takes a ready hand, even one waiting on a
single live tile. Under the 2-5-8 pair rule (M-11.1) many ready hands are such a single wait. Early in the wall a
hand one step from ready with wide acceptance, whose improving draws lead to two-sided waits, may reach a
self-draw (M-20: paid 2V by each of the three) sooner than the poor wait does. This module puts both on one
scale: the chance-weighted value of a self-draw within the seat's remaining draws, counted on the live tiles
(those this seat cannot see), while every go-round some other seat ends the hand with probability ``hazard``.

A ready hand with ``outs`` live winning tiles (of ``unseen``) wins on each of its draws with p = outs / unseen
and is worth, with n draws left, ``ready_value`` = w̄ · p · (1 − (1 − p − h)^n) / (p + h), w̄ its mean self-draw
value (:func:`engine.bots.mahjong._wait_worth` / outs). A hand one step back first draws one of its improving
tiles (each leads to the best ready hand it can keep, :func:`ready_after`) and then waits: ``step_value`` sums
that over the draw on which it becomes ready.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots.mahjong import _wait_worth, useful
from engine.tiles import Meld, WinRule, shanten_counts, waits_counts


def ready_value(outs: int, worth: float, unseen_n: int, draws: int, hazard: float) -> float:
    """A ready hand's expected self-draw value: ``worth`` = Σ live wait × its value (in plain self-draws)."""
    if outs <= 0 or unseen_n <= 0 or draws <= 0:
        return 0.0
    p = min(1.0, outs / unseen_n)
    end = p + hazard
    go_on = max(0.0, 1.0 - end)
    return (worth / outs) * p * (1.0 - go_on ** draws) / end


def ready_after(rule: WinRule, hand: list[int], melds: Sequence[Meld], live: Sequence[int],
                scoring: str) -> tuple[int, float]:
    """The best ready hand a 3k+2 hand can keep by one discard: (its live outs, its wait worth); (0, 0) if none."""
    best = (0, 0.0)
    for j in range(34):
        if not hand[j]:
            continue
        hand[j] -= 1
        if shanten_counts(rule, hand, melds) == 0:
            worth = _wait_worth(rule, hand, melds, live, scoring)
            if worth > best[1]:
                best = (sum(live[t] for t in waits_counts(rule, hand, melds)), worth)
        hand[j] += 1
    return best


def step_value(rule: WinRule, hand: list[int], melds: Sequence[Meld], live: Sequence[int], scoring: str,
               draws: int, hazard: float) -> float:
    """A one-step-from-ready 3k+1 hand's expected self-draw value over its next ``draws`` draws."""
    unseen_n = sum(live)
    if unseen_n <= 0 or draws <= 1:
        return 0.0
    kinds = range(34) if rule.honours else range(27)
    improving: list[tuple[float, int, float]] = []  # (draw probability, outs, worth) of each improving kind
    for t in kinds:
        if not live[t] or hand[t] >= 4 or not useful(hand, t):
            continue
        hand[t] += 1
        if shanten_counts(rule, hand, melds) == 0:
            outs, worth = ready_after(rule, hand, melds, live, scoring)
            if outs:
                improving.append((live[t] / unseen_n, outs, worth))
        hand[t] -= 1
    if not improving:
        return 0.0
    q = sum(x[0] for x in improving)
    go_on = max(0.0, 1.0 - q - hazard)
    total = 0.0
    reach = 1.0  # chance the hand is still on and not yet ready before draw k
    for k in range(1, draws):
        after = sum(pr * ready_value(o, w, unseen_n, draws - k, hazard) for pr, o, w in improving)
        total += reach * after
        reach *= go_on
    return total


def ready_worth(rule: WinRule, hand: list[int], melds: Sequence[Meld], live: Sequence[int], scoring: str,
                draws: int, hazard: float) -> float:
    """A ready 3k+1 hand's expected self-draw value over its next ``draws`` draws."""
    outs = sum(live[t] for t in waits_counts(rule, hand, melds))
    return ready_value(outs, _wait_worth(rule, hand, melds, live, scoring), sum(live), draws, hazard)


__all__ = ["ready_after", "ready_value", "ready_worth", "step_value"]
