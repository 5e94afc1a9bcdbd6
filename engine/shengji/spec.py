"""升级 Shengji in the game registry (engine.games): 4 seats, partners opposite, a trick-taking game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import games
from engine.api import GameSpec
from engine.shengji.options import PRESETS, SPECS
from engine.shengji.rules import Rules
from engine.shengji.scoring import LEVELS
from engine.shengji.state import State
from engine.trick.cards import SUITS


def _rules(options: Mapping[str, Any]) -> Rules:
    return Rules(options)


def _bots(level: str, seed: int = 0, **kw: Any) -> Any:
    from engine.bots.shengji import make_shengji_bot
    return make_shengji_bot(level, seed=seed, **kw)


def _header(st: Any) -> Mapping[str, Any]:
    trump = SUITS[st.trump] if st.trump is not None else None
    return {"level": LEVELS[st.level], "trump": trump, "banker": st.banker}


SPEC = games.register(GameSpec(
    name="shengji", seats=4, family="trick", title_en="Shengji", title_zh="升级", module="engine.shengji",
    state_factory=State, rules_factory=_rules, option_specs=lambda: SPECS, presets=lambda: PRESETS,
    match_unit="hand", match_kwarg="hands", match_default=0, teams=((0, 2), (1, 3)), bot_factory=_bots,
    from_view=State.from_view, header_extras=_header,
))
