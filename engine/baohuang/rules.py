"""The Baohuang rules oracle (RULES.md C-16, B.6, B.7): parse, beats, and the card facts of B.3.

Baohuang uses the shared climbing core of :mod:`engine.plays` with its own settings: jokers never mix
(B-21), 2s as fillers only with ``twos_as_fillers`` (B-27), 烤牌 with its relation set (B-26), the ranks of
the pack in use (B-3) and the super joker ``Z`` with ``guard_card_super`` (B-24).
"""

from __future__ import annotations

from typing import Any

from engine.cards import BIG, NATURAL_RANKS, SMALL, TWO, Card, make_pack
from engine.errors import IllegalPlay
from engine.plays import Play, PlayRules, normal_beats, parse_play
from engine.plays import beats as _beats

from .options import BaohuangOptions

WITHOUT = {"216": (), "200-no3": (3,), "168-no345": (3, 4, 5)}


class Rules:
    """Baohuang rules under a set of B.2 options: ``Rules(preset="s000")``, ``Rules(kaopai=True)`` or
    ``Rules({"baohuang.twos_as_fillers": True})``. Unknown options and values raise
    :class:`engine.errors.OptionError` (a ``ValueError``).
    """

    game = "baohuang"
    n_seats = 5

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        self.options = BaohuangOptions.make(options, **kwargs)
        o = self.options
        without = WITHOUT[o.deck]
        self.ranks = frozenset(r for r in NATURAL_RANKS if r not in without)
        self.lowest = min(self.ranks)  # B-22: 3, 4 or 6
        self.play_rules = PlayRules(
            game="baohuang",
            mix_jokers=False,  # B-21
            twos_as_fillers=o.twos_as_fillers,  # B-27
            kaopai=o.kaopai,  # B-26
            relations=o.kaopai_relations,
            surplus_allowed=o.kaopai_surplus == "allowed",
            ranks=self.ranks,
            allow_super=o.guard_card_super and o.guard_mode == "called-triple",  # B-24
            super_rule="B-24",
        )

    def __repr__(self) -> str:
        return f"baohuang.Rules({self.options.changed()})"

    def pack(self) -> list[Card]:
        """B-3: the pack in use; ``X^`` always marked, ``x^`` only with the marked-small-joker guard."""
        pack = make_pack(4, WITHOUT[self.options.deck], marks=True)
        if self.options.guard_mode != "marked-small-joker":
            pack = [Card(SMALL) if c.rank == SMALL else c for c in pack]
        return pack

    def parse(self, text: str | Play) -> Play:
        """The :class:`Play` for a notation (C-6, B-20); raises :class:`IllegalPlay` naming the rule."""
        if isinstance(text, Play):
            text = text.text
        return parse_play(self.play_rules, text)

    def beats(self, prev: str | Play, cand: str | Play) -> bool:
        """Whether ``cand`` beats ``prev``: C-12 (B-25) or C-14 with 烤牌 (B-26)."""
        return _beats(self.play_rules, self.parse(prev), self.parse(cand))

    def is_kao_beat(self, prev: Play, cand: Play) -> bool:
        """A beat that needs 烤牌 (it is not a normal C-12 beat)."""
        return self.options.kaopai and not normal_beats(prev, cand) and _beats(self.play_rules, prev, cand)

    def callable_identity(self, card: Card) -> bool:
        """B-14: a suited card (not a 2 unless ``call_twos``) or, with ``call_jokers``, a joker kind."""
        if card.rank in (SMALL, BIG):
            return self.options.call_jokers
        if card.rank == TWO:
            return self.options.call_twos
        return card.rank in self.ranks

    def describe(self, play: str | Play, lang: str = "zh") -> str:
        from engine.describe import describe_play
        return describe_play(self.parse(play), lang)


def identity(card: Card) -> str:
    """The called identity of a card: ``9c`` for suited cards, ``X`` / ``x`` for jokers (marks ignored)."""
    return card.char if card.is_joker else card.char + card.suit


__all__ = ["Rules", "IllegalPlay", "identity"]
