"""The cards a Baohuang seat saw go into another hand this hand, read off its own view (issue 16).

The search's worlds already put ``X^`` with the emperor, three copies of the called card with him and the fourth
with a known guard (B-14). A seat also knows where its own cards went: what it attached to ``X^`` when it
abdicated (B-7.2) or put in the pot (B-11) belongs to whoever accepted, and the card it gave as 清 tribute (B-23)
is with the player it went to — until that player plays them. Passes say nothing certain: a player may always
pass (B-29). Only events in the seat's own view are read, so nothing here reaches another seat's hidden cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.bots.base import events_since_deal
from engine.cards import Card


def known_cards(view: Mapping[str, Any]) -> dict[int, list[Card]]:
    """Seat → the cards this seat saw go to it in this hand and that it has not played since."""
    me = int(view["seat"])
    transit: list[Card] = []  # what this seat attached to X^ or put in the pot, not yet accepted
    known: dict[int, list[Card]] = {}
    for ev in events_since_deal(view):
        kind, d = ev["kind"], ev["data"]
        if kind == "paid" and int(d["seat"]) == me:
            transit.extend(Card.parse(c) for c in d.get("cards") or [])
        elif kind == "accept":
            s = int(d["seat"])
            if s != me and transit:
                known.setdefault(s, []).extend(transit)
            transit = []
        elif kind == "qing_card" and int(d["from"]) == me and int(d["to"]) != me:
            known.setdefault(int(d["to"]), []).append(Card.parse(d["card"]))
        elif kind == "play":
            hand = known.get(int(d["seat"]))
            if hand:
                for c in d.get("cards") or []:
                    card = Card.parse(c)
                    if card in hand:
                        hand.remove(card)
    return {s: cs for s, cs in known.items() if cs}
