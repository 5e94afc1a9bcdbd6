"""保皇 Baohuang as the registry knows it (engine.api.GameSpec): five seats whose sides form during the hand
(emperor and guard against the rebels, B-14), a match of ``hands`` hands (B-42), options B.2, presets B.1."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import games
from engine.api import GameSpec, GameState
from engine.baohuang.options import PRESET_TITLES, PRESETS, SPECS
from engine.baohuang.rules import Rules
from engine.baohuang.state import State

NAME = "baohuang"


def make_bot(level: str, seed: int = 0, **kw: Any) -> Any:
    """A Baohuang bot of ``level`` (engine.bots.LEVELS) with ``choose(view, legal) -> Decision``."""
    from engine.bots.baohuang import make_baohuang_bot
    return make_baohuang_bot(level, seed=seed, **kw)


def header_extras(state: GameState) -> Mapping[str, Any]:
    """The match length (``State(..., hands=n)``) when it is not the default single hand."""
    hands = int(getattr(state, "hands_total", 1))
    return {"hands": hands} if hands != 1 else {}


SPEC = games.register(GameSpec(
    name=NAME, seats=5, family="climbing", title_en="Baohuang", title_zh="保皇", module="engine.baohuang",
    state_factory=State, rules_factory=lambda opts: Rules(dict(opts)), option_specs=lambda: SPECS,
    presets=lambda: {name: {"preset": name} for name in PRESETS}, preset_titles=lambda: PRESET_TITLES,
    match_unit="hands", match_counter="hands", match_kwarg="hands", match_default=1, option_rule="B.2",
    teams=None, bot_factory=make_bot, from_view=State.from_view, header_extras=header_extras,
))
