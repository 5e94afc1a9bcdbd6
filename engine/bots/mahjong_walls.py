"""The arena's Mahjong hands, walked decision by decision, for the diagnostics of issue 17.

``python -m engine.arena --game mahjong --sets 1`` plays every wall twice, team A on seats 0 and 2 and then on 1
and 3. The diagnostics (:mod:`engine.bots.mahjong_tally`, ``mahjong_hcf``, ``mahjong_sdiag``,
``mahjong_realism``) replay exactly those hands and do something of their own at each decision. What they share
is here: the hand (:func:`arena_hand`), the seats' sides (:func:`sides`) and the walk (:func:`decisions`), which
hands out each decision as the arena hands it to a bot (a JSON copy of the seat's view and the legal list).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from engine import arena
from engine.core import Action


def arena_hand(seed: int, deal: int) -> Any:
    """The state of one arena play of wall ``deal`` of ``seed``: one hand (``--sets 1``), the default options."""
    return arena._new_state("mahjong", arena.deal_seed(seed, deal), arena._options("mahjong", 1, {}))


def sides(swap: bool) -> list[str]:
    """Each seat's side in the first (``swap`` False: A on seats 0 and 2) or second play of a wall."""
    return ["A" if (s % 2 == 0) != swap else "B" for s in range(4)]


def decisions(st: Any, history: Callable[[int], bool] = lambda seat: True
              ) -> Iterator[tuple[int, dict[str, Any], list[Action]]]:
    """(seat, a JSON copy of its view, its legal actions) for each decision of ``st`` until the hand is over;
    the caller applies one action to ``st`` before asking for the next. ``history(seat)``: whether that
    seat's view carries the history (a bot's ``wants_history``)."""
    while not st.is_over:
        seat = st.to_act
        if seat is None:
            return
        view = json.loads(json.dumps(st.view(seat, with_history=history(seat))))
        yield seat, view, list(st.legal_actions(seat))
