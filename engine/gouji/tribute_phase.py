"""The tribute phases of a Gouji set (RULES.md G-75 … G-83): 进贡 tribute offered and accepted or refused,
还贡 the return of 落贡 cards with the payer's right to refuse a card (G-81)."""

from __future__ import annotations

from typing import Any

from engine.api import Refusal
from engine.cards import (
    SUIT_ORDER,
    THREE,
    Card,
)
from engine.core import Action, Event, action
from engine.errors import RuleError
from engine.gouji.base import _refusal
from engine.gouji.setup import SetupPhases
from engine.gouji.table import N_SEATS
from engine.gouji.tribute import KIND_ORDER, TributeItem, tribute_cards


class TributePhases(SetupPhases):
    """进贡 and 还贡 (the card arithmetic is in engine.gouji.tribute)."""

    # ------------------------------------------------------------------ tribute (G-75 … G-83)
    def _start_tribute(self) -> None:
        self.items.sort(key=lambda it: (KIND_ORDER.index(it.kind), it.payer))
        for it in self.items:
            it.status, it.actual, it.returned = "pending", 0, 0
        self.received = [[] for _ in range(N_SEATS)]
        self.item_idx = 0
        if self.items and self.o.tribute_enabled:
            self.phase = "tribute"
            self._emit(Event("tribute_start", {"items": [it.to_json() for it in self.items]}))
            self._advance_tribute()
        else:
            self._start_mingdian()

    def _tribute_pool(self, it: TributeItem) -> list[Card]:
        exclude = self.received[it.payer] if it.kind == "fall" else []
        return tribute_cards(self.hands[it.payer], it.owed, exclude)

    def _advance_tribute(self) -> None:
        while self.item_idx < len(self.items):
            it = self.items[self.item_idx]
            cards = self._tribute_pool(it)
            if not cards:
                it.status = "empty"
                self._emit(Event("tribute_empty", {"kind": it.kind, "payer": it.payer, "receiver": it.receiver}))
                self.item_idx += 1
                continue
            it.actual = len(cards)
            it.status = "offered"
            self._emit(Event("tribute_offer", {"kind": it.kind, "payer": it.payer, "receiver": it.receiver,
                                               "count": it.actual}))
            self.to_act = it.receiver
            return
        self._start_returns()

    def _accept_tribute(self, refuse: bool) -> None:
        it = self.items[self.item_idx]
        if refuse:
            it.status, it.actual = "refused", 0
            self.stats["tribute_refused"] += 1
            self._emit(Event("tribute_refused", {"kind": it.kind, "payer": it.payer, "receiver": it.receiver}))
        else:
            cards = self._tribute_pool(it)
            self._move(it.payer, it.receiver, cards)
            self.received[it.receiver].extend(cards)
            it.status = "paid"
            self.stats[f"tribute_{it.kind}"] += 1
            self._emit(Event("tribute_paid", {"kind": it.kind, "payer": it.payer, "receiver": it.receiver,
                                              "cards": [str(c) for c in cards]}, (it.payer, it.receiver)))
            self._emit(Event("tribute_paid", {"kind": it.kind, "payer": it.payer, "receiver": it.receiver,
                                              "count": len(cards)}, self._others(it.payer, it.receiver)))
        self.item_idx += 1
        self._advance_tribute()

    def _start_returns(self) -> None:
        self.phase = "return"
        self.item_idx = 0
        self._advance_returns()

    def _advance_returns(self) -> None:
        while self.item_idx < len(self.items):
            it = self.items[self.item_idx]
            if it.kind == "fall" and it.status == "paid" and it.returned < it.actual:
                self.to_act = it.receiver
                return
            self.item_idx += 1
            self.refused_rank = False
        self._emit(Event("tribute_end", {}))
        self._start_mingdian()

    def _return_view(self) -> dict[str, Any] | None:
        if self.phase != "return" or self.item_idx >= len(self.items):
            return None
        it = self.items[self.item_idx]
        return {"payer": it.payer, "receiver": it.receiver, "left": it.actual - it.returned,
                "offered": self.offered_return is not None, "restricted": self.refused_rank}

    def _returnable(self, it: TributeItem) -> list[Card]:
        cards = [c for c in self.hands[it.receiver] if not (self.o.biesan and c.rank == THREE)]  # G-27
        if self.refused_rank:
            cards = [c for c in cards if self.counts[it.payer][c.rank]]
        return sorted(set(cards), key=lambda c: (c.rank, SUIT_ORDER.get(c.suit, 0)))

    def _may_refuse_return(self, it: TributeItem, card: Card) -> bool:
        if not self.o.return_rank_check or self.counts[it.payer][card.rank]:
            return False
        return any(self.counts[it.payer][c.rank] for c in self.hands[it.receiver]
                   if not (self.o.biesan and c.rank == THREE))

    # ------------------------------------------------------------------ tribute phases: 进贡, 还贡
    def _tribute_choices(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "tribute":
            return (action(seat, "accept"), action(seat, "refuse"))
        it = self.items[self.item_idx]
        if self.offered_return is not None:
            if self._may_refuse_return(it, self.offered_return):
                return (action(seat, "accept"), action(seat, "refuse"))
            return (action(seat, "accept"),)
        return tuple(action(seat, "give", None, str(c)) for c in self._returnable(it))

    def _tribute_why_not(self, a: Action) -> Refusal:
        if self.phase == "tribute":
            return _refusal("G-82", "the receiver accepts or refuses the tribute")
        return self._why_not_return(a)

    def _do_tribute(self, a: Action) -> None:
        if self.phase == "tribute":
            self._accept_tribute(a.kind == "refuse")
        else:
            self._do_return(a)

    def _why_not_return(self, a: Action) -> Refusal:
        it = self.items[self.item_idx]
        if self.offered_return is not None:
            if a.kind == "refuse":
                return _refusal("G-81", "a returned card may be refused only if it is of a rank you do not hold "
                                "and the receiver has a card of a rank you hold")
            return _refusal("G-81", "accept or refuse the returned card")
        if a.kind != "give" or a.arg is None:
            return _refusal("G-81", f"return {it.actual - it.returned} card(s) to seat {it.payer} (give:<card>)")
        try:
            card = Card.parse(a.arg)
        except RuleError as exc:
            return _refusal("G-81", str(exc))
        if card in self.hands[a.seat] and self.o.biesan and card.rank == THREE:
            return _refusal("G-27", "with 憋三 a 3 may not be returned")
        if card in self.hands[a.seat]:
            return _refusal("G-81", "after a refusal return a card of a rank the payer holds")
        return _refusal("G-81", f"you do not hold {card}")

    # ------------------------------------------------------------------ doing
    def _do_return(self, a: Action) -> None:
        it = self.items[self.item_idx]
        if self.offered_return is not None:
            card = self.offered_return
            self.offered_return = None
            if a.kind == "refuse":
                self.refused_rank = True
                self.stats["return_refused"] += 1
                self._emit(Event("return_refused", {"payer": it.payer, "receiver": it.receiver, "card": str(card)},
                                 (it.payer, it.receiver)))
                self.to_act = it.receiver
                return
            self._give_back(it, card)
            return
        assert a.arg is not None
        card = Card.parse(a.arg)
        if self._may_refuse_return(it, card) and not self.refused_rank:
            self.offered_return = card
            self._emit(Event("return_offer", {"payer": it.payer, "receiver": it.receiver, "card": str(card)},
                             (it.payer, it.receiver)))
            self.to_act = it.payer
            return
        self._give_back(it, card)

    def _give_back(self, it: TributeItem, card: Card) -> None:
        self.refused_rank = False  # the refusal bound only the replacement of the refused card (G-81)
        self._move(it.receiver, it.payer, [card])
        it.returned += 1
        self.stats["returned"] += 1
        self._emit(Event("returned", {"payer": it.payer, "receiver": it.receiver, "card": str(card)},
                         (it.payer, it.receiver)))
        self._emit(Event("returned", {"payer": it.payer, "receiver": it.receiver, "count": 1},
                         self._others(it.payer, it.receiver)))
        self._advance_returns()
