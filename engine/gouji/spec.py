"""够级 Gouji as the registry knows it (engine.api.GameSpec): six seats in two fixed teams (G-1), a game of
``sets_per_game`` sets (G-8), options G.4 with the presets G.4 names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import games
from engine.api import Deal, GameSpec, GameState
from engine.gouji.options import PRESET_TITLES, PRESETS, SPECS
from engine.gouji.rules import Rules
from engine.gouji.state import State
from engine.gouji.tutor import PHASES as _TUTOR_PHASES
from engine.gouji.tutor import tutor_line as _tutor_line
from engine.gouji.unseen import hand_counts, known_hands, unseen

NAME = "gouji"


def make_bot(level: str, seed: int = 0, **kw: Any) -> Any:
    """A Gouji bot of ``level`` (engine.bots.LEVELS) with ``choose(view, legal) -> Decision``."""
    from engine.bots.gouji import make_gouji_bot
    return make_gouji_bot(level, seed=seed, **kw)


def header_extras(state: GameState) -> Mapping[str, Any]:
    """G-83: tribute carried in from the previous game's 串三户 is part of how this game starts."""
    carry = getattr(state, "carry_tribute", None)
    return {"carry_tribute": [list(x) for x in carry]} if carry else {}


def header_kwargs(head: Mapping[str, Any]) -> Mapping[str, Any]:
    """G-83: the carried tribute a header records, as ``State(carry_tribute=...)`` takes it."""
    carry = head.get("carry_tribute")
    return {"carry_tribute": [(int(p), int(r)) for p, r in carry]} if carry else {}


def carry_over(state: Any) -> Mapping[str, Any]:
    """G-83: a 串三户 at a game's end carries its tribute into the next game at the table."""
    carry = getattr(state, "next_game_tribute", None)
    return {"carry_tribute": [tuple(x) for x in carry]} if carry else {}


def playout(state: Any, seat: int) -> float:
    """The rest of the current set with the heuristic for every seat: ``seat``'s team score minus the other's."""
    from engine.bots.gouji_search import _policy
    sets = len(state.set_results)
    while not state.is_over and len(state.set_results) == sets:
        state.apply(_policy(state, state.to_act), checked=False)
    ts = state.set_results[-1]["team_scores"]
    return float(ts[seat % 2] - ts[1 - seat % 2])


def side_scores(state: Any) -> list[tuple[float, float]]:
    """Per set, the two teams' scores (team A = even seats first, G-1)."""
    return [(float(r["team_scores"][0]), float(r["team_scores"][1])) for r in state.set_results]


def deal(seed: bytes, options: Mapping[str, Any]) -> Deal:
    """The deal a 32-byte seed makes (engine.fairness); the state deals through the same function."""
    from engine.gouji.setup import deal_hands
    return Deal(tuple(tuple(str(c) for c in h) for h in deal_hands(seed)))


SPEC = games.register(GameSpec(
    order=1,
    name=NAME, seats=6, family="climbing", title_en="Gouji", title_zh="够级", module="engine.gouji",
    state_factory=State, rules_factory=lambda opts: Rules(dict(opts)), option_specs=lambda: SPECS,
    presets=lambda: PRESETS, preset_titles=lambda: PRESET_TITLES,
    match_unit="sets", match_counter="sets", match_option="sets_per_game", match_default=5,
    option_rule="G.4", teams=((0, 2, 4), (1, 3, 5)), bot_factory=make_bot, from_view=State.from_view,
    header_extras=header_extras, header_kwargs=header_kwargs, carry_over=carry_over,
    side_names=("even", "odd"), side_scores=side_scores,
    playout=playout, deal=deal, tutor=_tutor_line, tutor_phases=_TUTOR_PHASES,
    unseen=unseen, known_hands=known_hands, hand_counts=hand_counts,
))
