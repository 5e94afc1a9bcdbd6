"""Baohuang (保皇) habit counters for the arena report (issue 16; see engine/bots/habits.py).

- ``rang_legal`` / ``rang_used`` (让牌, B-29).
- ``throne_accepted`` / ``throne_without_triple``: emperorship accepted with no identity held exactly three
  times (B-12, B-14), so the emperor plays alone against four.
- ``guard_mingbao_offers`` / ``guard_mingbao`` (明保, B-16).
- ``rebel_faces_rebel_hidden_guard`` / ``rebel_beats_rebel_hidden_guard``: a rebel with a fellow rebel's play on
  top while the guard is hidden, and how often he beat it (the truth is the arena's, never the bot's).
- ``ming_solo_hands`` / ``ming_solo_emperor_wins``: 明独保 hands, counted for the side playing the rebels, and
  how many the lone emperor won.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.bots.habits import ratio
from engine.cards import NATURAL_RANKS, VALUE_OF
from engine.core import Action

NAMES = ("rang_legal", "rang_used", "throne_accepted", "throne_without_triple", "guard_mingbao_offers",
         "guard_mingbao", "rebel_faces_rebel_hidden_guard", "rebel_beats_rebel_hidden_guard", "ming_solo_hands",
         "ming_solo_emperor_wins")


def callable_triple(hand: list[str]) -> bool:
    """Whether some identity (rank and suit, no 2s, no jokers) is held exactly three times (B-14)."""
    ids = Counter(c[:2] for c in hand if len(c) >= 2 and VALUE_OF[c[0]] in NATURAL_RANKS)
    return any(n == 3 for n in ids.values())


class Tracker:
    def __init__(self) -> None:
        self.counts: dict[str, dict[str, float]] = {}
        self._rebel_side: str | None = None

    def _bump(self, side: str, name: str, n: float = 1.0) -> None:
        c = self.counts.setdefault(side, dict.fromkeys(NAMES, 0.0))
        c[name] = c.get(name, 0.0) + n

    def observe(self, side: str, seat: int, view: dict[str, Any], legal: list[Action], action: Action,
                state: Any) -> None:
        self.counts.setdefault(side, dict.fromkeys(NAMES, 0.0))
        kinds = {a.kind for a in legal}
        ph = str(view.get("phase"))
        if ph in ("abdicate", "call", "pot") and action.kind == "accept":
            self._bump(side, "throne_accepted")
            self._bump(side, "throne_without_triple", not callable_triple(list(view.get("hand") or [])))
        if ph == "mingbao" and "reveal" in kinds:
            self._bump(side, "guard_mingbao_offers")
            self._bump(side, "guard_mingbao", action.kind == "reveal")
        if ph != "play":
            return
        if "rang" in kinds:
            self._bump(side, "rang_legal")
            self._bump(side, "rang_used", action.kind == "rang")
        emp, guard = getattr(state, "emperor", None), getattr(state, "guard", None)
        top_seat = getattr(state, "top_seat", None)
        hidden = view.get("guard") is None and guard is not None and not getattr(state, "guard_public", False)
        if emp is None or top_seat is None or not hidden or seat in (emp, guard) or top_seat in (emp, guard, seat):
            return
        if any(a.play is not None for a in legal):
            self._bump(side, "rebel_faces_rebel_hidden_guard")
            self._bump(side, "rebel_beats_rebel_hidden_guard", action.play is not None)

    def end(self, state: Any, side_of: Callable[[int], str]) -> None:
        emp = getattr(state, "emperor", None)
        if emp is None or getattr(state, "solo", None) != "ming":
            return
        rebels = next((s for s in range(5) if s != emp), None)
        if rebels is None:
            return
        side = side_of(rebels)
        self._bump(side, "ming_solo_hands")
        scores = getattr(state, "last_scores", None) or []
        self._bump(side, "ming_solo_emperor_wins", bool(scores) and float(scores[emp]) > 0)


def rates(c: dict[str, float]) -> dict[str, Any]:
    return {
        "rang_rate": ratio(c.get("rang_used", 0), c.get("rang_legal", 0)),
        "throne_without_triple_rate": ratio(c.get("throne_without_triple", 0), c.get("throne_accepted", 0)),
        "guard_mingbao_rate": ratio(c.get("guard_mingbao", 0), c.get("guard_mingbao_offers", 0)),
        "rebel_beats_rebel_hidden_guard_rate": ratio(c.get("rebel_beats_rebel_hidden_guard", 0),
                                                     c.get("rebel_faces_rebel_hidden_guard", 0)),
        "ming_solo_emperor_win_rate": ratio(c.get("ming_solo_emperor_wins", 0), c.get("ming_solo_hands", 0)),
    }
