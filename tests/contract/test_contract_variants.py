"""The game contract over a game's rule variants: a variant that changes the phases and what is hidden (Shengji
三五番, RULES.md Part SF: face-down declared pairs, the stick's private exchange, a 4-card bottom) walks the same
checks as its game — secrecy by swapping hidden cards, offered ⇔ accepted, from_view, log replay.

Each variant runs as its game registered once more under another name whose rules add the variant's options;
the states it makes are the game's own (their logs name the game), so nothing else changes."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
import test_contract as tc

from engine import games

pytestmark = pytest.mark.contract

VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "shengji~sanwufan": ("shengji", {"variant": "sanwufan"}),
    "shengji~sanwufan_any_side": ("shengji", {"preset": "sanwufan_any_side", "sw_four_jokers_shan": True}),
}


def _variant_spec(name: str) -> Any:
    game, extra = VARIANTS[name]
    base = games.spec(game)

    def rules(options: Any) -> Any:
        return base.rules_factory({**dict(options), **extra})

    return dataclasses.replace(base, name=name, rules_factory=rules)


@pytest.fixture(scope="module", autouse=True)
def variants_registered() -> Iterator[None]:
    added = []
    for name, (game, _) in VARIANTS.items():
        if game in games.names() and name not in games.names():
            games.register(_variant_spec(name))
            added.append(name)
    try:
        yield
    finally:
        for name in added:
            games.unregister(name)


CHECKS = [
    tc.test_swapping_two_other_seats_hidden_cards_leaves_my_view,
    tc.test_an_unpublished_attribute_never_reaches_a_view,
    tc.test_offered_actions_are_accepted_and_others_refused_untouched,
    tc.test_every_decision_offers_exactly_the_choices_it_accepts,
    tc.test_action_for_cards_agrees_with_legal_actions,
    tc.test_exactly_one_seat_acts_until_over_and_returns_are_the_totals,
    tc.test_log_replays_to_the_identical_match,
    tc.test_from_view_rebuilds_what_the_seat_sees,
    tc.test_clone_is_independent_both_ways,
]


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("check", CHECKS, ids=lambda f: f.__name__[5:])
def test_variant_keeps_the_contract(variant: str, check: Any) -> None:
    import inspect
    params = inspect.signature(check).parameters
    if "seed" in params:
        for seed in tc.SEEDS:
            check(variant, seed)
    else:
        check(variant)


def test_a_variant_state_is_the_game_state_and_its_views_have_the_header() -> None:
    import json

    from engine.api import check_view_header
    for name, (game, _) in VARIANTS.items():
        for st in tc.samples(name, tc.SEEDS[0]):
            assert st.game == game and st.rules.options.variant == "sanwufan"
            for seat in [*range(st.n_seats), None]:
                v = st.view(seat)
                assert check_view_header(v) == [] and v["seat"] == seat
                assert json.loads(json.dumps(v)) == v


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_variant_deals_verify_for_every_seat(variant: str) -> None:
    """The verifiable shuffle (engine.fairness) under a variant: every deal of a match (redeals too) recomputes
    from its revealed seed through ``spec.deal(seed, options)``, from the full log and from each seat's own."""
    from engine import fairness
    game = VARIANTS[variant][0]
    st = games.spec(variant).new_state(5, {}, hands=2)
    import random
    rng = random.Random(5)
    while not st.is_over:
        la = st.legal_actions(st.to_act)  # type: ignore[arg-type]
        st.apply(la[rng.randrange(len(la))])
    opts = st.rules.options.changed()
    verdicts = fairness.check_history(game, opts, [e.to_json() for e in st.history])
    assert verdicts and all(v.ok for v in verdicts), [v.en for v in verdicts if not v.ok]
    for seat in range(st.n_seats):
        vs = fairness.check_history(game, opts, st.view(seat, with_history=True)["history"])
        assert len(vs) == len(verdicts) and all(v.ok for v in vs)
