"""Tribute arithmetic and card choice (G-75 … G-83)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.cards import BIG, SMALL, SUIT_ORDER, TWO, Card

CLAIM = {"none": 1, "ming": 2, "yu": 4}  # G-80 f(call)
PENALTY = {"none": 1, "ming": 4, "yu": 8}  # G-80 g(call)
KIND_ORDER = ("men", "burn", "point", "fall", "chuansanhu")  # G-77 闷贡, 烧贡, 点贡, 落贡 (+ G-83)
KIND_ZH = {"men": "闷贡", "burn": "烧贡", "point": "点贡", "fall": "落贡", "chuansanhu": "串三户贡"}


@dataclass
class TributeItem:
    """One tribute owed: ``payer`` gives up to ``owed`` legal cards to ``receiver``."""

    kind: str
    payer: int
    receiver: int
    owed: int
    status: str = "pending"  # pending → offered → paid | refused | empty
    actual: int = 0
    returned: int = 0

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "payer": self.payer, "receiver": self.receiver, "owed": self.owed,
                "status": self.status, "actual": self.actual}


def point_tribute(a_open: bool, b_open: bool, call_a: str, call_b: str) -> tuple[int, int]:
    """G-80 for the pair (A, B): (cards B pays A, cards A pays B). Both 开点 → nothing."""
    if a_open and b_open:
        return 0, 0
    b_pays_a = (CLAIM[call_a] if not b_open else 0) + (PENALTY[call_b] if a_open else 0)
    a_pays_b = (CLAIM[call_b] if not a_open else 0) + (PENALTY[call_a] if b_open else 0)
    return b_pays_a, a_pays_b


def is_tribute_card(c: Card) -> bool:
    """G-76 法定贡牌: X, x and 2."""
    return c.rank in (BIG, SMALL, TWO)


def tribute_cards(hand: Iterable[Card], n: int, exclude: Iterable[Card] = ()) -> list[Card]:
    """G-76: the highest legal tribute cards: all X, then x, then 2s in suit order s, h, c, d."""
    pool = [c for c in hand if is_tribute_card(c)]
    for c in exclude:
        if c in pool:
            pool.remove(c)
    pool.sort(key=lambda c: (c.rank, SUIT_ORDER.get(c.suit, 0)), reverse=True)
    return pool[:n]
