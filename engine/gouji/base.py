"""The data of a Gouji game and of the set in progress, with the small helpers every phase uses.

``State`` (engine.gouji.state) is built from the phase modules on top of this: ``setup`` (预点, deal, 上班,
买三, 明点, 革命, 要头), ``tribute_phase`` (进贡, 还贡) and ``tableplay`` (the play, the end of a set). Each
phase module has what its phases offer (``_<phase>_choices``), why a choice is refused (``_<phase>_why_not``)
and what they do (``_do_<phase>``); the offered list is the accepted list."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.api import Refusal
from engine.cards import (
    BIG,
    SMALL,
    TWO,
    Card,
    sort_cards,
)
from engine.core import Action, Event
from engine.errors import IllegalAction
from engine.fairness import Ledger
from engine.gouji.refusals import ZH
from engine.gouji.rules import Rules
from engine.gouji.table import N_SEATS, after
from engine.gouji.tribute import TributeItem
from engine.plays import Play
from engine.refusals import zh_for

DECLINE = "decline"
SETUP_PHASES = frozenset({"yudian", "show", "mingdian", "revolt", "yaotou"})
TRIBUTE_PHASES = frozenset({"tribute", "return"})


def _refusal(rule: str, msg: str, zh: str = "") -> Refusal:
    return Refusal(rule, msg, zh or zh_for(rule, ZH))


def _illegal(rule: str, msg: str, zh: str = "") -> IllegalAction:
    return IllegalAction(rule, msg, zh or zh_for(rule, ZH))


class Base:
    """Game data (totals, the log, the tribute owed) and set data (hands, places, the round in progress)."""

    n_seats = N_SEATS

    def __init__(self, rules: Rules | None = None, seed: int = 0,
                 carry_tribute: list[tuple[int, int]] | None = None,
                 stacked: list[list[list[Card]]] | None = None,
                 entropy: Mapping[int, Sequence[bytes | None]] | None = None) -> None:
        """``carry_tribute``: G-83 one-to-opposite tribute from a previous game's 串三户 (payer, receiver).
        ``stacked``: for scenario tests, the hands of the first deals (each six card lists of any size)
        instead of shuffled ones; later deals are shuffled from the seed as usual.
        ``entropy``: the seats' LAN contributions per deal number (engine.fairness)."""
        self.rules = rules if rules is not None else Rules()
        self.o = self.rules.options
        self.pr = self.rules.play_rules
        self.seed = seed
        self.carry_tribute = list(carry_tribute or [])
        self.rng = random.Random(seed)
        self.fair = Ledger(seed, N_SEATS, {k: list(v) for k, v in (entropy or {}).items()})
        self.history: list[Event] = []
        self.actions: list[Action] = []
        self.action_events: list[list[Event]] = []
        self.stats: Counter[str] = Counter()
        self.totals = [0] * N_SEATS
        self.set_results: list[dict[str, Any]] = []
        self.set_no = 0
        self.start_seat = 0  # G-17: offers go round from seat 0, later from the previous first leader
        self.phase = "deal"
        self.to_act: int | None = None
        self.next_game_tribute: list[tuple[int, int]] = []
        # Tribute owed at the start of the next set (G-75): filled at the end of each set.
        self.pending: list[TributeItem] = [TributeItem("chuansanhu", p, r, 1) for p, r in (carry_tribute or [])]
        self._out: list[Event] = []
        self.queue: list[int] = []
        self._gouji_memo: dict[Play, bool] = {}
        self.stacked = [[sort_cards(h) for h in deal] for deal in (stacked or [])]
        self._plays_cache: tuple[tuple[int, int], list[Action]] = ((-1, -1), [])
        self._seen: dict[int | None, tuple[int, list[dict[str, Any]]]] = {}  # see _history_json
        self._begin_set()
        self._flush_initial()

    def _reset_deal_fields(self) -> None:
        self.hands: list[list[Card]] = [[] for _ in range(N_SEATS)]
        self.counts: list[list[int]] = [[0] * 19 for _ in range(N_SEATS)]
        self.dealt_hands: list[list[Card]] = []
        self.dealt = False
        self.mode = "none"
        self.queue = []
        self.burn_queue: list[int] = []
        self.shows: list[dict[str, Any]] = []
        self.show_best: tuple[int, int] | None = None
        self.first_leader: int | None = None
        self.exempt: set[int] = set()
        self.auto_revolt: set[int] = set()
        self.revolt_choice: dict[int, bool] = {}
        self.revolutionary: int | None = None
        self.yaotou_left = 0
        self.active = [True] * N_SEATS
        self.places: dict[int, int] = {}
        self.finish_order: list[int] = []
        self.free_places = [1, 2, 3, 4, 5, 6]
        self.out_cards: list[Card] = []
        self.trick: list[dict[str, Any]] = []
        self.top: Play | None = None
        self.top_seat: int | None = None
        self.top_gouji = False
        self.top_gousiji = False
        self.top_final = False
        self.leader: int | None = None
        self.passed: set[int] = set()
        self.rang_by: int | None = None
        self.rang_seats: set[int] = set()
        self.burner: int | None = None
        self.burner_wutou = False
        self.burner_leads = 0
        self._next_set = False
        self.burned_payer: int | None = None
        self.burn_successes: list[tuple[int, int]] = []
        self.chaos = False
        self.chaos_pending = False
        self.played = [0] * 19
        self.mute_beaten: list[int | None] = [None] * N_SEATS  # G-78: who beat the last non-3 play
        self.mute_has = [False] * N_SEATS
        self.received: list[list[Card]] = [[] for _ in range(N_SEATS)]
        self.item_idx = 0
        self.returning: tuple[int, int, int] | None = None  # (item index, cards still to return, refusals)
        self.offered_return: Card | None = None
        self.refused_rank = False
        self.asked: set[int] = set()

    def _next_active(self, seat: int) -> int:
        for s in after(seat):
            if self.active[s]:
                return s
        return seat

    @staticmethod
    def _sub_counts(counts: list[int], play: Play) -> None:
        if play.naturals:
            counts[play.natural_rank] -= play.naturals
        counts[TWO] -= play.twos
        counts[SMALL] -= play.raw_small
        counts[BIG] -= play.raw_big

    # ------------------------------------------------------------------ helpers
    def _take(self, seat: int, play: Play) -> list[Card]:
        """Remove the cards of a play from a hand, chosen deterministically (C-3: lowest suits first).

        Hands are kept sorted by (rank, suit d < c < h < s), so the cards of rank r start at the number of
        cards of lower ranks: each needed rank is one slice."""
        hand = self.hands[seat]
        counts = self.counts[seat]
        parts = [(r, n) for r, n in ((play.natural_rank, play.naturals), (TWO, play.twos), (SMALL, play.raw_small),
                                     (BIG, play.raw_big)) if n]
        chosen: list[Card] = []
        for r, n in parts:
            start = sum(counts[:r])
            chosen.extend(hand[start:start + n])
        for r, n in reversed(parts):  # ascending ranks: delete from the back so indices stay valid
            start = sum(counts[:r])
            del hand[start:start + n]
        self._sub_counts(counts, play)
        return chosen

    def _move(self, giver: int, taker: int, cards: list[Card]) -> None:
        for c in cards:
            self.hands[giver].remove(c)
            self.counts[giver][c.rank] -= 1
            self.hands[taker].append(c)
            self.counts[taker][c.rank] += 1
        self.hands[taker] = sort_cards(self.hands[taker])

    def _others(self, *seats: int) -> tuple[int, ...]:
        return tuple(s for s in range(N_SEATS) if s not in seats)

    def _emit(self, ev: Event) -> None:
        self._out.append(ev)
        self.history.append(ev)

    def _flush_initial(self) -> None:
        self.initial_events = self._out
        self._out = []


    # ------------------------------------------------------------------ provided by the phase modules
    def _begin_set(self) -> None:
        raise NotImplementedError

    def _start_tribute(self) -> None:
        raise NotImplementedError

    def _start_play(self) -> None:
        raise NotImplementedError
