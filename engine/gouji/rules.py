"""The Gouji rules oracle (RULES.md C-16): parse, beats, is_gouji, and the play-level rules of G.10 … G.16."""

from __future__ import annotations

from typing import Any

from engine.cards import ACE, JACK, KING, QUEEN, TEN, TWO
from engine.errors import IllegalPlay
from engine.gouji.options import GoujiOptions
from engine.plays import Play, PlayRules, make_play, parse_play
from engine.plays import beats as _beats

# G-37: minimum normalized count for each rank to be 够级; ranks 3 … 9 never are.
GOUJI_MINIMUM = {TWO: 1, ACE: 2, KING: 2, QUEEN: 3, JACK: 4, TEN: 5}


class Rules:
    """Gouji rules under a set of G.4 options: ``Rules(compare_option=1)`` or ``Rules({"gouji.biesan": True})``.

    Unknown options and values are refused with :class:`engine.errors.OptionError` (a ``ValueError``).
    """

    game = "gouji"

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        self.options = GoujiOptions.make(options, **kwargs)
        o = self.options
        self.gouji_memo: dict[Play, bool] = {}  # is_gouji per play, for the state machine (speed)
        self.play_rules = PlayRules(
            game="gouji",
            mix_jokers=True,
            pure_mixed_as_is=o.pure_mixed_jokers == "as-is",
            twos_as_fillers=True,
            kaopai=o.compare_option == 1,
            relations="full",
            surplus_allowed=o.kaopai_surplus == "allowed",
        )

    def __repr__(self) -> str:
        return f"gouji.Rules({self.options.changed()})"

    def parse(self, text: str | Play) -> Play:
        """The :class:`Play` for a notation (C-6); raises :class:`IllegalPlay` (a ValueError) naming the rule."""
        if isinstance(text, Play):
            return self._own(text)
        return parse_play(self.play_rules, text)

    def _own(self, play: Play) -> Play:
        # A Play made under other options may mean something else (G-33): re-read its cards here.
        return make_play(self.play_rules, play.shape)

    def beats(self, prev: str | Play, cand: str | Play) -> bool:
        """Whether ``cand`` beats ``prev`` (G-35: C-12 under option 0, C-14 under option 1)."""
        return _beats(self.play_rules, self.parse(prev), self.parse(cand))

    def place_points(self, place: int) -> int:
        """G-85 (G-86 doubles them): what finishing ``place`` (1 头科 … 6 大落) scores before the team sum."""
        from engine.gouji.scoring import POINTS
        return POINTS[self.options.scoring][place]

    def is_gouji(self, play: str | Play) -> bool:
        """G-37/G-38: whether a play is a 够级牌."""
        p = self.parse(play)
        if p.has_joker:
            return True
        if p.twos and self.options.two_filler_gouji == "any-two":
            return True
        need = GOUJI_MINIMUM.get(p.rank)
        return need is not None and p.count >= need

    def opens_point(self, play: str | Play) -> bool:
        """G-57/G-58: whether winning a round with this play 开点s (given it is 够级 and not in 四人乱缠)."""
        p = self.parse(play)
        excl = self.options.kaidian_exclusion
        if excl == 0:
            return p.raw_big == 0
        if excl == 1:
            return not p.has_joker and p.n_cards > 1
        return not p.has_joker and p.twos == 0

    def describe(self, play: str | Play, lang: str = "zh") -> str:
        """A short human description of a play, e.g. ``三张Q`` / ``three Qs``."""
        from engine.describe import describe_play
        return describe_play(self.parse(play), lang)


__all__ = ["Rules", "IllegalPlay", "GOUJI_MINIMUM"]
