"""保皇 Baohuang as the registry knows it (engine.api.GameSpec): five seats whose sides form during the hand
(emperor and guard against the rebels, B-14), a match of ``hands`` hands (B-42), options B.2, presets B.1."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import games
from engine.api import Deal, GameSpec, GameState
from engine.baohuang.options import PRESET_TITLES, PRESETS, SPECS
from engine.baohuang.rules import Rules
from engine.baohuang.state import State
from engine.baohuang.tutor import PHASES as _TUTOR_PHASES
from engine.baohuang.tutor import tutor_line as _tutor_line
from engine.baohuang.unseen import pinned, unseen

NAME = "baohuang"


def make_bot(level: str, seed: int = 0, **kw: Any) -> Any:
    """A Baohuang bot of ``level`` (engine.bots.LEVELS) with ``choose(view, legal) -> Decision``."""
    from engine.bots.baohuang import make_baohuang_bot
    return make_baohuang_bot(level, seed=seed, **kw)


def header_extras(state: GameState) -> Mapping[str, Any]:
    """The match length (``State(..., hands=n)``) when it is not the default single hand."""
    hands = int(getattr(state, "hands_total", 1))
    return {"hands": hands} if hands != 1 else {}


def side_of(state: Any, seat: int) -> int:
    """0 = the emperor side (emperor and guard; every seat before the roles are fixed), 1 = the rebels."""
    emp = getattr(state, "emperor", None)
    if emp is None:
        return 0
    return 0 if seat in (emp, getattr(state, "guard", None)) else 1


def playout(state: Any, seat: int) -> float:
    """The rest of the hand with the heuristic for every seat: ``seat``'s score in it."""
    import math

    from engine.bots.baohuang_search import rollout
    rollout(state, seat, math.inf)
    return float((state.last_scores or state.totals)[seat])


def side_scores(state: Any) -> list[tuple[float, float]]:
    """The last hand's scores (the match totals before one ends) summed per side."""
    scores = list(state.last_scores) if state.last_scores else list(state.totals)
    sides = [side_of(state, s) for s in range(len(scores))]
    return [(float(sum(x for x, d in zip(scores, sides) if d == 0)),
             float(sum(x for x, d in zip(scores, sides) if d == 1)))]


def deal(seed: bytes, options: Mapping[str, Any]) -> Deal:
    """The deal a 32-byte seed makes (engine.fairness); the state deals through the same function."""
    from engine.baohuang.emperor import deal_hands
    return Deal(tuple(tuple(str(c) for c in h) for h in deal_hands(seed, Rules(dict(options)))))


SPEC = games.register(GameSpec(
    order=2,
    name=NAME, seats=5, family="climbing", title_en="Baohuang", title_zh="保皇", module="engine.baohuang",
    state_factory=State, rules_factory=lambda opts: Rules(dict(opts)), option_specs=lambda: SPECS,
    presets=lambda: {name: {"preset": name} for name in PRESETS}, preset_titles=lambda: PRESET_TITLES,
    match_unit="hands", match_counter="hands", match_kwarg="hands", match_default=1, option_rule="B.2",
    table_match=6,  # a table plays six hands: B-42 keeps the running total, six is the app's choice
    teams=None, bot_factory=make_bot, from_view=State.from_view, header_extras=header_extras,
    side_names=("emperor", "rebels"), side_of=side_of, side_scores=side_scores,
    playout=playout, deal=deal, tutor=_tutor_line, tutor_phases=_TUTOR_PHASES, unseen=unseen, pinned=pinned,
))
