"""Card faces for QML: a card string (``"Th"``, ``"X^"``) or a suitless play text (``"TTT2"``) → face rows."""

from __future__ import annotations

from typing import Any

from desktop.models import card_info

BACK = {"card": "?", "rank": 0, "suit": "", "mark": "", "label": ""}
CHAR_LABEL = {"3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "T": "10", "J": "J",
              "Q": "Q", "K": "K", "A": "A", "2": "2", "x": "小王", "X": "大王", "Z": "特"}
RANK_CHARS = "3456789TJQKA2xXZ"


def cards_of_text(text: str) -> list[dict[str, Any]]:
    """Face info for a play text without suits (another seat's play as the engine reports it)."""
    out = []
    for ch in text:
        if ch in CHAR_LABEL:
            rank = RANK_CHARS.index(ch) + 3
            out.append({"card": ch, "rank": rank, "suit": "", "mark": "", "label": CHAR_LABEL[ch]})
    return out


def card_faces(cards: Any) -> list[dict[str, Any]]:
    """Cards given as a list of card strings, or a play text."""
    if isinstance(cards, str):
        parts = cards.split()
        if len(parts) > 1 or (parts and any(s in parts[0] for s in "dchs")):
            cards = parts
        else:
            return cards_of_text(cards.replace("^", ""))
    out = []
    for t in cards or []:
        try:
            out.append(card_info(str(t)))
        except Exception:
            out.extend(cards_of_text(str(t)))
    return out


def is_card(arg: Any) -> bool:
    if not isinstance(arg, str) or not arg:
        return False
    from engine.cards import Card
    try:
        Card.parse(arg)
        return True
    except Exception:
        return False


def card_label(ident: str) -> str:
    from engine.cards import SUIT_SYMBOL
    try:
        info = card_info(ident)
    except Exception:
        return ident
    return f"{info['label']}{SUIT_SYMBOL.get(info['suit'], '')}"


def arg_label(arg: str) -> str:
    from engine.cards import SUIT_SYMBOL
    return str(SUIT_SYMBOL.get(arg, arg))
