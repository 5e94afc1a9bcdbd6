"""Shandong Mahjong on the registry (engine.games): its GameSpec, registered once on import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import games
from engine.api import Deal, GameSpec, GameState

from .options import SPECS
from .review_facts import review_facts as _review_facts
from .rules import Rules
from .tutor import PHASES as _TUTOR_PHASES
from .tutor import tutor_line as _tutor_line
from .unseen import shown as _shown
from .unseen import unseen as _unseen


def _state(rules: Rules, seed: int = 0, **kwargs: Any) -> GameState:
    from .state import State
    return State(rules, seed=seed, **kwargs)


def _rules(options: Mapping[str, Any]) -> Rules:
    return Rules(dict(options))


def _bots(level: str, seed: int = 0, **kw: Any) -> Any:
    from engine.bots.mahjong import make_mahjong_bot
    return make_mahjong_bot(level, seed=seed, **kw)


def _from_view(view: Mapping[str, Any], hands: Any, seed: int = 0) -> GameState:
    from .state import State
    return State.from_view(view, hands, seed)


def _extras(st: GameState) -> Mapping[str, Any]:
    return {"dealer": getattr(st, "dealer", None), "hand_no": getattr(st, "hand_no", None)}


def _deal(seed: bytes, options: Mapping[str, Any]) -> Deal:
    """What a 32-byte seed deals: engine.mahjong.deal, the function the state deals through. ``hands`` are the
    seats' 13 tiles (the dealer's 14th is the wall's first tile); ``rest`` is the wall, front first."""
    from .deal import deal_tiles
    hands, wall = deal_tiles(seed, Rules(dict(options)))
    return Deal(tuple(tuple(str(x) for x in h) for h in hands), tuple(str(x) for x in wall))


SPEC = games.register(GameSpec(
    order=4,
    name="mahjong", seats=4, family="tiles", title_en="Shandong Mahjong", title_zh="山东麻将",
    module="engine.mahjong", state_factory=_state, rules_factory=_rules, option_specs=lambda: SPECS,
    match_unit="hand", match_option="match_hands", match_default=16, option_rule="M.1", teams=None,
    sealed_phases=("claim", "rob"), bot_factory=_bots, from_view=_from_view, header_extras=_extras,
    deal=_deal, tutor=_tutor_line, tutor_phases=_TUTOR_PHASES, unseen=_unseen, known_hands=_shown,
    review_facts=_review_facts,
))
