"""A tiny deterministic card game with the engine's State API, for network tests that need no real game.

Seat 0 first gives one card to seat 1 in secret (a private event to both, like a tribute); then every
seat in turn plays one card face up; the highest card of each round scores a point. Hands are private.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core import Action, Event, LegalActions, events_for
from engine.errors import IllegalAction, OptionError

RANKS = "3456789TJQKA2"
SUITS = "dchs"


class _Options:
    def __init__(self, d: Mapping[str, Any]) -> None:
        self.d = dict(d)

    def changed(self) -> dict[str, Any]:
        return dict(self.d)


class Rules:
    game = "toy"

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        opts = dict(options or {})
        for k in opts:
            if k not in ("seats", "cards"):
                raise OptionError("T-1", f"unknown option {k}")
        self.options = _Options(opts)
        self.seats = int(opts.get("seats", 4))
        self.cards = int(opts.get("cards", 5))


def value(card: str) -> int:
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


class State:
    def __init__(self, rules: Rules, seed: int = 0) -> None:
        self.rules = rules
        self.seed = seed
        self.n_seats = rules.seats
        deck = [r + s for r in RANKS for s in SUITS]
        rng = random.Random(seed)
        rng.shuffle(deck)
        self.hands = [sorted(deck[i * rules.cards:(i + 1) * rules.cards], key=value) for i in range(self.n_seats)]
        self.history: list[Event] = [Event("deal", {"seat": s, "hand": list(self.hands[s])}, (s,))
                                     for s in range(self.n_seats)]
        self.actions: list[Action] = []
        self.action_events: list[list[Event]] = []
        self.phase = "give"
        self.to_act: int | None = 0
        self.trick: list[dict[str, Any]] = []
        self.totals = [0] * self.n_seats

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    def clone(self) -> State:
        st = State.__new__(State)
        st.__dict__.update(self.__dict__)
        st.hands = [list(h) for h in self.hands]
        st.history = list(self.history)
        st.actions = list(self.actions)
        st.action_events = list(self.action_events)
        st.trick = list(self.trick)
        st.totals = list(self.totals)
        return st

    def legal_actions(self, seat: int) -> LegalActions:
        if seat != self.to_act:
            return LegalActions()
        kind = "give" if self.phase == "give" else "play"
        return LegalActions(tuple(Action(seat, kind, arg=c) for c in self.hands[seat]))

    def action_from_json(self, d: Mapping[str, Any]) -> Action:
        try:
            seat = d["seat"]
            kind = d["kind"]
            arg = d.get("arg")
            if not isinstance(seat, int) or not isinstance(kind, str) or not (arg is None or isinstance(arg, str)):
                raise TypeError
        except (KeyError, TypeError, AttributeError):
            raise IllegalAction("T-2", "malformed action") from None
        if d.get("play") is not None:
            raise IllegalAction("T-2", "no plays in this game")
        return Action(seat, kind, arg=arg)

    def apply(self, action: Action) -> list[Event]:
        if action not in self.legal_actions(action.seat):
            raise IllegalAction("T-3", f"not a legal action: {action.token}")
        seat = action.seat
        card = str(action.arg)
        self.hands[seat].remove(card)
        events: list[Event] = []
        if self.phase == "give":
            self.hands[1].append(card)
            self.hands[1].sort(key=value)
            events.append(Event("give", {"from": 0, "to": 1, "card": card}, (0, 1)))
            self.phase = "play"
            self.to_act = 1
        else:
            self.trick.append({"seat": seat, "card": card})
            events.append(Event("play", {"seat": seat, "card": card}))
            if len(self.trick) == self.n_seats:
                win = max(self.trick, key=lambda p: value(p["card"]))["seat"]
                self.totals[win] += 1
                events.append(Event("round", {"winner": win}))
                self.trick = []
            nxt = (seat + 1) % self.n_seats
            for _ in range(self.n_seats):
                if self.hands[nxt]:
                    break
                nxt = (nxt + 1) % self.n_seats
            if not self.hands[nxt]:
                self.to_act = None
                self.phase = "over"
                events.append(Event("over", {"totals": list(self.totals)}))
            else:
                self.to_act = nxt
        self.actions.append(action)
        self.action_events.append(events)
        self.history.extend(events)
        return events

    def view(self, seat: int) -> dict[str, Any]:
        return {"game": "toy", "seat": seat, "n_seats": self.n_seats, "phase": self.phase, "to_act": self.to_act,
                "hand": list(self.hands[seat]), "counts": [len(h) for h in self.hands],
                "trick": list(self.trick), "totals": list(self.totals),
                "history": [e.to_json() for e in events_for(seat, self.history)]}
