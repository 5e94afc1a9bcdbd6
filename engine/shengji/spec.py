"""升级 Shengji in the game registry (engine.games): 4 seats, partners opposite, a trick-taking game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import games
from engine.api import Deal, GameSpec
from engine.shengji.dealing import deal_codes
from engine.shengji.options import PRESET_TITLES, PRESETS, SPECS
from engine.shengji.rules import Rules
from engine.shengji.state import State
from engine.shengji.tutor import PHASES as _TUTOR_PHASES
from engine.shengji.tutor import tutor_line as _tutor_line
from engine.shengji.unseen import pinned as _pinned
from engine.shengji.unseen import unseen as _unseen
from engine.trick.cards import TEXT


def _rules(options: Mapping[str, Any]) -> Rules:
    return Rules(options)


def _bots(level: str, seed: int = 0, **kw: Any) -> Any:
    from engine.bots.shengji import make_shengji_bot
    return make_shengji_bot(level, seed=seed, **kw)


def _header(st: Any) -> Mapping[str, Any]:
    """The match length (``State(..., hands=n)``) when one is set: a log replays to the same end."""
    n = int(getattr(st, "hands_total", 0))
    return {"hands": n} if n else {}


def _deal(seed: bytes, options: Mapping[str, Any]) -> Deal:
    """The deal a 32-byte seed makes (engine.shengji.dealing, S-8); the state deals through the same function.
    Only the variant changes the cut: 三五番 sets the first 4 cards aside as the bottom (SF-2)."""
    if Rules(options).options.sanwufan:
        from engine.shengji.sanwufan_state import deal_codes as sw_deal  # SF-2: 26 each, the 4-card bottom first
        hands, bottom = sw_deal(seed)
        return Deal(tuple(tuple(TEXT[c] for c in h) for h in hands), tuple(TEXT[c] for c in bottom))
    hands, bottom = deal_codes(seed)
    return Deal(tuple(tuple(TEXT[c] for c in h) for h in hands), tuple(TEXT[c] for c in bottom))


SPEC = games.register(GameSpec(
    order=3,
    name="shengji", seats=4, family="trick", title_en="Shengji", title_zh="升级", module="engine.shengji",
    state_factory=State, rules_factory=_rules, option_specs=lambda: SPECS, presets=lambda: PRESETS, preset_titles=lambda: PRESET_TITLES,
    match_kwarg="hands", match_default=0, teams=((0, 2), (1, 3)), bot_factory=_bots,
    from_view=State.from_view, header_extras=_header, deal=_deal, option_rule="S.1",
    tutor=_tutor_line, tutor_phases=_TUTOR_PHASES, unseen=_unseen, pinned=_pinned,
))
