"""Trump declarations (定主 / 亮主 / 反 / 加固, RULES.md S-9): which showings are legal over the standing one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.shengji.options import ShengjiOptions
from engine.trick.cards import BIG_JOKER, SMALL_JOKER, SUITS, TEXT

SINGLE, PAIR, SMALL_PAIR, BIG_PAIR = 1, 2, 3, 4


@dataclass(frozen=True, slots=True)
class Declaration:
    """A showing that stands: who, how strong (1 single, 2 pair, 3 ``xx``, 4 ``XX``), the suit it names
    (None = 无主), whether it is a reinforced pair (加固), and the cards shown."""

    seat: int
    strength: int
    suit: int | None
    reinforced: bool
    cards: str

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "strength": self.strength, "suit": SUITS[self.suit] if self.suit is not None
                else None, "reinforced": self.reinforced, "cards": self.cards}


def showings(hand: Sequence[int], level: int, no_trump: bool) -> list[tuple[int, int | None, str]]:
    """Every showing ``hand`` can make: (strength, suit, cards)."""
    out: list[tuple[int, int | None, str]] = []
    for suit in range(4):
        code = suit * 13 + level
        if hand[code] >= 1:
            out.append((SINGLE, suit, TEXT[code]))
        if hand[code] >= 2:
            out.append((PAIR, suit, TEXT[code] * 2))
    if no_trump:
        if hand[SMALL_JOKER] >= 2:
            out.append((SMALL_PAIR, None, "xx"))
        if hand[BIG_JOKER] >= 2:
            out.append((BIG_PAIR, None, "XX"))
    return out


def refusal(o: ShengjiOptions, seat: int, strength: int, suit: int | None, standing: Declaration | None,
            pair_suits: frozenset[int]) -> tuple[str, str, str] | None:
    """Why this showing may not be made now (S-9); None when it may."""
    if standing is None:
        return None
    if standing.seat == seat:
        if (o.reinforce and standing.strength == SINGLE and strength == PAIR and suit == standing.suit):
            return None
        return ("S-9", "you cannot override your own declaration", "不能反自己的主")
    if standing.reinforced and strength < SMALL_PAIR:
        return ("S-9", "a reinforced declaration yields only to a pair of jokers", "加固的主只能被一对王反")
    if strength == PAIR and standing.strength == PAIR:
        mode = o.pair_over_pair
        if mode == "never":
            return ("S-9", "a pair does not override a pair", "对子不能反对子")
        if mode == "higher_suit":
            if standing.suit is None or suit is None or suit <= standing.suit:
                return ("S-9", "a pair overrides only a pair of a lower suit (♠ > ♥ > ♣ > ♦)",
                        "只能用更大花色的对子反（黑桃>红桃>梅花>方块）")
            return None
        if suit in pair_suits:
            return ("S-9", "that suit was already declared with a pair", "该花色已经用对子亮过")
        return None
    if strength <= standing.strength:
        return ("S-9", "an override must be stronger than the standing declaration", "反主必须比现在的主大")
    return None
