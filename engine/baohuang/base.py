"""The data of a Baohuang match and of the hand in progress, with the small helpers every phase uses.

Secret: ``guard`` (the seat of the guard 侍卫) and ``solo == "an"`` (暗独保) are known only to the guard
and the emperor themselves until a public reveal (``guard_public``); nothing public may be derived from them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import SMALL, SUPER, Card, card_sort_key, rank_counts
from engine.core import Action, Event
from engine.fairness import Ledger
from engine.plays import Play

from .rules import Rules, identity

N = 5


def prev_seat(s: int) -> int:
    """The 上家 (C-8)."""
    return (s - 1) % N


def next_seat(s: int) -> int:
    """The 下家 (C-8)."""
    return (s + 1) % N


class Base:
    """Match data (totals, 托管, the log) and hand data (hands, roles, the round in progress)."""

    game = "baohuang"
    n_seats = N

    def __init__(self, rules: Rules, seed: int, hands: int,
                 entropy: Mapping[int, Sequence[bytes | None]] | None = None) -> None:
        self.rules = rules
        self.seed = seed
        self.hands_total = hands
        self.rng = random.Random(seed)
        self.fair = Ledger(seed, N, {k: list(v) for k, v in (entropy or {}).items()})  # engine.fairness
        self.hand_no = 0
        self.totals = [0] * N
        self.history: list[Event] = []
        self.actions: list[Action] = []
        self.action_events: list[list[Event]] = []
        self.stats: Counter[str] = Counter()
        self.tuoguan = [False] * N  # B-46
        self.tuoguan_count = [0] * N  # B-47
        self.left = [False] * N  # B-49
        self.dissolved = False  # B-48
        self.next_start = 0  # B-5 / B-43
        self.qing_due: list[tuple[int, int]] = []  # B-23: (giver, receiver) at the next hand's start
        self.last_scores: list[int] | None = None
        self.last_places: list[int] = []
        self._out: list[Event] = []
        self._ver = [0] * N  # bumped on every change of a hand (cache key for that seat's legal plays)
        self._cache: list[list[Any] | None] = [None] * N
        self._reset_hand()

    def _reset_hand(self) -> None:
        self.phase = "deal"
        self.to_act: int | None = None
        self.hands: list[list[Card]] = [[] for _ in range(N)]
        self.counts: list[list[int]] = [[0] * 19 for _ in range(N)]
        self.start = self.next_start
        self.queue: list[int] = []  # seats still to be asked (declaration pass or lap)
        self.holder: int | None = None  # holder of X^ during selection, or the pot bidder
        self.origin = 0
        self.passes = 0
        self.forced = False
        self.transit: list[Card] = []  # cards travelling with X^ (B-7) or in the pot (B-11)
        self.emperor: int | None = None
        self.called: str | None = None  # B-14 the called identity, public
        self.solo: str | None = None  # None | "an" (secret) | "ming" | "grab"
        self.guard: int | None = None  # secret until guard_public
        self.guard_public = False
        self.mingbao = False
        self.rebels: list[int] = []
        self.top: Play | None = None
        self.top_seat: int | None = None
        self.lap = 1
        self.rang: list[int] = []
        self.jiefeng: int | None = None
        self.trick: list[dict[str, Any]] = []
        self.finished: list[int] = []
        self.played: list[Card] = []
        self.beaten_by: list[int | None] = [None] * N  # B-23
        self.has_played = [False] * N
        self.emperor_called_played = 0

    # -- helpers ------------------------------------------------------------------------------

    def _ev(self, kind: str, data: dict[str, Any], to: tuple[int, ...] | None = None) -> None:
        self._out.append(Event(kind, data, to))

    def _give(self, seat: int, cards: list[Card]) -> None:
        self._ver[seat] += 1
        self.hands[seat].extend(cards)
        for c in cards:
            self.counts[seat][c.rank] += 1

    def _take(self, seat: int, cards: list[Card]) -> None:
        self._ver[seat] += 1
        hand = self.hands[seat]
        ids = {id(c) for c in cards}
        kept = [c for c in hand if id(c) not in ids]
        if len(kept) + len(cards) == len(hand):  # the very card objects of the hand (the usual case)
            self.hands[seat] = kept
        else:
            for c in cards:
                hand.remove(c)
        counts = self.counts[seat]
        for c in cards:
            counts[c.rank] -= 1

    def _set_hand(self, seat: int, cards: list[Card]) -> None:
        self._ver[seat] += 1
        self.hands[seat] = list(cards)
        self.counts[seat] = rank_counts(cards)

    def _identities(self, seat: int) -> Counter[str]:
        """Callable identities (B-14) in a hand and how many copies it holds."""
        return Counter(identity(c) for c in self.hands[seat] if c.rank != SUPER and self.rules.callable_identity(c))

    def _holder_of(self, pred: Any) -> int | None:
        for s in range(N):
            if any(pred(c) for c in self.hands[s]):
                return s
        return None

    def _active(self, s: int) -> bool:
        return bool(self.hands[s])

    def _order_from(self, s: int) -> list[int]:
        """Seats in turn order starting with ``s``."""
        return [(s + i) % N for i in range(N)]

    def _reveals(self, seat: int) -> Any:
        """Predicate: cards whose play would reveal the guard (B-19) — kept for last when picking."""
        called, emp = self.called, self.emperor

        def rev(c: Card) -> bool:
            if c.rank == SUPER or (c.rank == SMALL and c.mark == "^"):
                return True
            return called is not None and seat != emp and identity(c) == called

        return rev

    @staticmethod
    def _strs(cards: list[Card]) -> list[str]:
        return [str(c) for c in sorted(cards, key=card_sort_key)]
