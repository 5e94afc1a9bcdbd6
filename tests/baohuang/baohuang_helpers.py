"""Helpers for Baohuang scenario tests: stacked deals and actions written as tokens."""

from __future__ import annotations

import random
from typing import Any

from engine.baohuang import Rules, State
from engine.cards import Card, parse_cards
from engine.core import Action, Event


def full_deal(rules: Rules, fixed: dict[int, str], no_ranks: dict[int, set[int]] | None = None,
              start: int = 0) -> list[list[Card]]:
    """A whole-pack deal with the B-5 counts (first seat ``start``): ``fixed`` cards go to their seats, the
    rest is shuffled (seed 0) and filled in, never giving seat s a rank in ``no_ranks[s]``."""
    pack = rules.pack()
    n = len(pack)
    sizes = [n // 5 + (1 if (s - start) % 5 < n % 5 else 0) for s in range(5)]
    hands = [parse_cards(fixed.get(s, "")) for s in range(5)]
    for h in hands:
        for c in h:
            pack.remove(c)
    random.Random(0).shuffle(pack)
    no_ranks = no_ranks or {}
    banned = set().union(*no_ranks.values()) if no_ranks else set()
    pack.sort(key=lambda c: c.rank not in banned)  # constrained cards first (stable: still shuffled)
    for c in pack:
        for s in range(5):
            if len(hands[s]) < sizes[s] and c.rank not in no_ranks.get(s, set()):
                hands[s].append(c)
                break
        else:
            raise AssertionError(f"cannot place {c}")
    return hands


def tiny(hands: dict[int, str]) -> list[list[Card]]:
    """A deal of just these cards (scenario tests that play a hand out)."""
    return [parse_cards(hands.get(s, "")) for s in range(5)]


def action(st: State, seat: int, token: str) -> Action:
    kinds = {"-": "pass", "pass": "pass", "rang": "rang", "jiefeng": "jiefeng", "accept": "accept",
             "abdicate": "abdicate", "solo": "solo", "decline": "decline", "grab": "grab", "reveal": "reveal",
             "rebel": "rebel", "tuoguan": "tuoguan", "untuoguan": "untuoguan", "leave": "leave"}
    if token in kinds:
        return Action(seat, kinds[token])
    if token.startswith("call:"):
        return Action(seat, "call", arg=token[5:])
    if " " in token or any(ch in "dchs^" for ch in token):  # named cards: "9c 9d"
        cards = parse_cards(token)
        from engine.baohuang.cardpick import play_of
        return Action(seat, "play", play_of(st.rules.play_rules, cards), token)
    return Action(seat, "play", st.rules.parse(token))


def do(st: State, *steps: str) -> list[Event]:
    """Apply ``"S<seat> <token>"`` steps in order; returns all events."""
    out: list[Event] = []
    for step in steps:
        seat_txt, token = step.split(" ", 1)
        out.extend(st.apply(action(st, int(seat_txt[1:]), token)))
    return out


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def public(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind and e.to is None]


def pass_all(st: State, phase: str) -> None:
    """Everyone asked in a declaration pass declines."""
    while st.phase == phase:
        st.apply(Action(st.to_act or 0, "decline"))
