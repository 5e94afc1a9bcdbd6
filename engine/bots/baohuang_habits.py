"""Baohuang (保皇) habit counters for the arena report (issue 16; see engine/bots/habits.py).

- ``rang_legal`` / ``rang_used`` (让牌, B-29).
- ``throne_accepted`` / ``throne_without_triple``: emperorship accepted with no identity held exactly three
  times (B-12, B-14), so the emperor plays alone against four.
- ``guard_mingbao_offers`` / ``guard_mingbao`` (明保, B-16).
- ``rebel_faces_rebel_hidden_guard`` / ``rebel_beats_rebel_hidden_guard``: a rebel with a fellow rebel's play on
  top while the guard is hidden, and how often he beat it (the truth is the arena's, never the bot's);
  ``rebel_faces_won_rebel_hidden_guard`` / ``rebel_tops_won_rebel_hidden_guard``: the same once the emperor has
  let that play pass (the round is the rebels' already, so a beat takes it from a fellow rebel for nothing —
  where a beat before the emperor answers may raise the bar he must clear, 顶牌).
- ``rebel_feed_chances`` / ``rebel_feeds``: against a lone emperor (明独保 / 抢独, B-33: the hand ends when any
  rebel goes out) a rebel leads while a fellow rebel holds at most ``FEED_NEAR`` cards and fewer than he does,
  and how often that nearest rebel holds a beat of the lead (he can follow it; the truth is the arena's).
- ``rebel_faces_won_rebel_lone`` / ``rebel_tops_won_rebel_lone``: against a lone emperor, a rebel with a
  fellow rebel's play on top that the emperor has already let pass (the round is the rebels'), holding a beat
  that does not finish him, and how often he beat it anyway.
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
from engine.plays import iter_answers

NAMES = ("rang_legal", "rang_used", "throne_accepted", "throne_without_triple", "guard_mingbao_offers",
         "guard_mingbao", "rebel_faces_rebel_hidden_guard", "rebel_beats_rebel_hidden_guard", "ming_solo_hands",
         "ming_solo_emperor_wins", "rebel_feed_chances", "rebel_feeds", "rebel_faces_won_rebel_lone",
         "rebel_tops_won_rebel_lone", "rebel_faces_won_rebel_hidden_guard", "rebel_tops_won_rebel_hidden_guard")
FEED_NEAR = 6  # a rebel this close to going out is the one to feed


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
        if emp is not None and seat != emp and getattr(state, "solo", None) in ("ming", "grab"):
            self._lone(side, seat, emp, legal, action, state)
        hidden = view.get("guard") is None and guard is not None and not getattr(state, "guard_public", False)
        if emp is None or top_seat is None or not hidden or seat in (emp, guard) or top_seat in (emp, guard, seat):
            return
        if any(a.play is not None for a in legal):
            self._bump(side, "rebel_faces_rebel_hidden_guard")
            self._bump(side, "rebel_beats_rebel_hidden_guard", action.play is not None)
            if state.hands[emp] and not _emperor_to_act(seat, top_seat, emp):
                self._bump(side, "rebel_faces_won_rebel_hidden_guard")
                self._bump(side, "rebel_tops_won_rebel_hidden_guard", action.play is not None)

    def _lone(self, side: str, seat: int, emp: int, legal: list[Action], action: Action, state: Any) -> None:
        """The rebels' coordination against a lone emperor: feeding the rebel nearest to going out, and not
        taking a round a fellow rebel has already won."""
        hands = state.hands
        pr = state.rules.play_rules
        top_seat = state.top_seat
        if top_seat is None:
            if action.play is None:
                return
            mates = [s for s in range(5) if s not in (seat, emp) and hands[s]]
            near = min(mates, key=lambda s: len(hands[s]), default=None)
            if near is None or len(hands[near]) > FEED_NEAR or len(hands[near]) >= len(hands[seat]):
                return
            self._bump(side, "rebel_feed_chances")
            counts = [0] * 19
            for card in hands[near]:
                counts[card.rank] += 1
            self._bump(side, "rebel_feeds", next(iter_answers(pr, counts, action.play), None) is not None)
            return
        if top_seat == emp or not hands[emp] or _emperor_to_act(seat, top_seat, emp):
            return
        n = len(hands[seat])
        beats = [a for a in legal if a.play is not None and a.play.n_cards < n]
        if beats:
            self._bump(side, "rebel_faces_won_rebel_lone")
            self._bump(side, "rebel_tops_won_rebel_lone", action.play is not None and action.play.n_cards < n)

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


def _emperor_to_act(seat: int, top_seat: int, emp: int) -> bool:
    """Whether the emperor still answers ``top_seat``'s play after ``seat`` in this lap (B-29)."""
    order = [(seat + k) % 5 for k in range(1, 5)]
    return order.index(emp) < order.index(top_seat)


def rates(c: dict[str, float]) -> dict[str, Any]:
    return {
        "rang_rate": ratio(c.get("rang_used", 0), c.get("rang_legal", 0)),
        "throne_without_triple_rate": ratio(c.get("throne_without_triple", 0), c.get("throne_accepted", 0)),
        "guard_mingbao_rate": ratio(c.get("guard_mingbao", 0), c.get("guard_mingbao_offers", 0)),
        "rebel_beats_rebel_hidden_guard_rate": ratio(c.get("rebel_beats_rebel_hidden_guard", 0),
                                                     c.get("rebel_faces_rebel_hidden_guard", 0)),
        "rebel_tops_won_rebel_hidden_guard_rate": ratio(c.get("rebel_tops_won_rebel_hidden_guard", 0),
                                                        c.get("rebel_faces_won_rebel_hidden_guard", 0)),
        "rebel_feed_rate": ratio(c.get("rebel_feeds", 0), c.get("rebel_feed_chances", 0)),
        "rebel_tops_won_rebel_lone_rate": ratio(c.get("rebel_tops_won_rebel_lone", 0),
                                                c.get("rebel_faces_won_rebel_lone", 0)),
        "ming_solo_emperor_win_rate": ratio(c.get("ming_solo_emperor_wins", 0), c.get("ming_solo_hands", 0)),
    }
