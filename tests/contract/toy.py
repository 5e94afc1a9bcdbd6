"""The LAN tests' toy game (tests/net/toygame.py) with the rest of the game contract, for the contract suite.

The toy game predates the contract; this subclass adds what engine.api.GameState asks beyond it (refusal,
action_for_cards, returns, the common view header) without touching the module the network tests use.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
NET = os.path.join(os.path.dirname(HERE), "net")
if NET not in sys.path:
    sys.path.insert(0, NET)

import toygame  # noqa: E402

from engine.api import GameSpec, Refusal  # noqa: E402
from engine.core import Action, Event, events_for  # noqa: E402

NAME = "toy"


class ToyState(toygame.State):
    def refusal(self, action: Action) -> Refusal | None:
        if isinstance(action.seat, int) and action in self.legal_actions(action.seat):
            return None
        return Refusal("T-3", f"not a legal action: {action.token}", "不能这样出")

    def apply(self, action: Action, checked: bool = True) -> list[Event]:
        return super().apply(action)

    def action_for_cards(self, seat: int, cards: Sequence[str], kind: str = "play") -> Action | Refusal:
        if len(cards) != 1:
            return Refusal("T-3", "one card at a time", "一次一张")
        a = Action(seat, "give" if self.phase == "give" and kind == "play" else kind, arg=cards[0])
        why = self.refusal(a)
        return why if why is not None else a

    def returns(self) -> list[float]:
        return [float(t) for t in self.totals]

    def clone(self) -> ToyState:
        st = super().clone()
        st.__class__ = ToyState
        return st  # type: ignore[return-value]

    def view(self, seat: int | None, with_history: bool = True) -> dict[str, Any]:
        if seat is None:
            v: dict[str, Any] = {"game": NAME, "seat": None, "n_seats": self.n_seats, "phase": self.phase,
                                 "to_act": self.to_act, "hand": [], "counts": [len(h) for h in self.hands],
                                 "trick": list(self.trick), "totals": list(self.totals),
                                 "history": [e.to_json() for e in events_for(None, self.history)]}
        else:
            v = super().view(seat)
        v.update(places=[None] * self.n_seats, scores=None, history_policy="match")
        if not with_history:
            v.pop("history", None)
        return v


SPEC = GameSpec(name=NAME, seats=4, family="trick", title_en="Toy", title_zh="玩具", module=__name__,
                state_factory=ToyState, rules_factory=lambda opts: toygame.Rules(dict(opts)),
                option_specs=lambda: (), match_unit="games", match_counter="games", option_rule="T-1")
