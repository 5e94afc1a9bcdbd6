"""Issue 16: the Gouji search may not bring back the habits the heuristic lost.

An alternative that shows a habit the heuristic's choice does not — passing the 对头's 够级 play the heuristic
answers (G-43), splitting a group for an ordinary beat (G-35), a joker spent bare (seeds/000 学会用花) — pays
the habit price (``gouji_search.HABIT_PRICE``): it must beat the heuristic's choice by that much more (by
default the price is infinite: such alternatives are no candidates). The
habits are read from one place, ``engine.bots.gouji_habits.habit_cases``, which the arena's counters use too.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from engine.bots import gouji_search as gs
from engine.bots import make_bot
from engine.bots.base import hand_counts
from engine.bots.gouji import GCtx, ctx_from_view, heuristic
from engine.bots.gouji_habits import BARE_JOKER, DUITOU_UNANSWERED, GROUP_BROKEN, habit_cases, habits_shown
from engine.core import Action
from engine.gouji.rules import Rules
from engine.plays import iter_answers

from .conftest import new_state, view_for

RULES = Rules({})


def _answer(hand: list[str], top: str, top_seat: int, gouji: bool, seat: int = 0) -> tuple[GCtx, list[Action]]:
    """``seat`` answering ``top`` played by ``top_seat`` (G-35, G-42/G-43), as the bots see it."""
    counts = hand_counts(hand)
    p = RULES.parse(top)
    legal = [Action(seat, "pass")] + [Action(seat, "play", b) for b in iter_answers(RULES.play_rules, counts, p)]
    ctx = GCtx(seat=seat, rules=RULES, phase="play", mode="answer", counts=counts, top=p, top_seat=top_seat,
               top_gouji=gouji)
    return ctx, legal


def _priced(ctx: GCtx, legal: list[Action], price: float | None = 1.0) -> dict[str, float]:
    best, _ = heuristic(ctx, legal)
    cands = gs.candidates(ctx, legal, best, 8)
    bot = gs.GoujiSearchBot(habit_price=price)
    prices = bot._prices(ctx, legal, cands)
    assert prices[0] == 0.0  # the heuristic's own choice is never docked
    return {str(a.play) if a.play is not None else a.kind: c for a, c in zip(cands, prices)}


def test_passing_the_duitou_gouji_play_the_heuristic_answers_is_priced_g43() -> None:
    """Four big jokers facing the 对头's ``AAA``: the heuristic answers; a pass or 让牌 would let it stand."""
    hand = ["X", "X", "X", "X", "3c", "3d", "5c", "5d", "7c", "7d", "9c", "9d", "Jc", "Jd"]
    ctx, legal = _answer(hand, "AAA", 3, True)
    assert habit_cases(ctx, legal, Action(0, "pass")) == {DUITOU_UNANSWERED: True}
    prices = _priced(ctx, legal)
    assert prices == {"XXX": 0.0, "pass": 1.0}  # the heuristic's beat, and the pass that lets it stand
    assert all(c == 0.0 for c in _priced(ctx, legal, None).values())  # no price: the search before the guard


def test_a_beat_that_splits_a_group_is_priced_g35() -> None:
    """``66`` out of ``66666`` on an opponent's ``55`` (seeds/000 出牌); the heuristic's ``KK`` keeps groups."""
    hand = ["6c", "6d", "6h", "6s", "6c", "8c", "8d", "8h", "Kc", "Kd", "3c", "3d", "4c", "4d", "4h", "4s"]
    ctx, legal = _answer(hand, "55", 1, False)
    prices = _priced(ctx, legal)
    assert prices.get("66") == 1.0 or prices.get("88") == 1.0
    for text, c in prices.items():
        a = next(x for x in legal if (str(x.play) if x.play is not None else x.kind) == text)
        assert (c > 0) == (GROUP_BROKEN in habits_shown(ctx, legal, a))


def test_a_bare_joker_is_priced_when_the_heuristic_keeps_it() -> None:
    """seeds/000 学会用花: a lone ``x`` on a plain ``K`` is a lead thrown away; the heuristic keeps it."""
    hand = ["x", "3c", "3d", "5c", "5d", "7c", "7d", "9c", "9d", "Jc", "Qd"]
    ctx, legal = _answer(hand, "K", 1, False)
    prices = _priced(ctx, legal)
    assert prices.get("x") == 1.0
    assert habit_cases(ctx, legal, next(a for a in legal if str(a.play) == "x")) == {BARE_JOKER: True,
                                                                                   GROUP_BROKEN: False}


def test_no_price_for_a_habit_the_heuristic_shows_itself() -> None:
    """When the heuristic's own choice splits a group (its endgame beat), an alternative that splits one too
    pays nothing: the price is for habits the search would bring in."""
    hand = ["6c", "6d", "6h", "7c", "7d", "7h"]  # 6 cards: our endgame (G-35 beat-to-finish / urgent)
    ctx, legal = _answer(hand, "5", 1, False)
    best, _ = heuristic(ctx, legal)
    assert best.play is not None and GROUP_BROKEN in habits_shown(ctx, legal, best)
    prices = _priced(ctx, legal)
    for text, c in prices.items():
        a = next(x for x in legal if (str(x.play) if x.play is not None else x.kind) == text)
        new = habits_shown(ctx, legal, a) - habits_shown(ctx, legal, best)
        assert (c > 0) == bool(new)


def _position(habit: str) -> tuple[dict[str, Any], list[Action], Action, Action]:
    """A real play-phase decision of a heuristic table (seed 1) where one of the search's candidates shows
    ``habit`` and the heuristic's choice does not: (view, legal, heuristic's choice, that candidate)."""
    st = new_state("gouji", 1, {"sets_per_game": 1})
    h = make_bot("heuristic", "gouji")
    s = make_bot("search", "gouji")
    while not st.is_over:
        seat = st.to_act
        legal = list(st.legal_actions(seat))
        if st.phase == "play" and len(legal) > 1:
            view = view_for(st, seat, s)
            ctx = ctx_from_view(view)
            best, _ = heuristic(ctx, legal)
            base = habits_shown(ctx, legal, best)
            for a in gs.candidates(ctx, legal, best, 8)[1:]:
                if habit in habits_shown(ctx, legal, a) - base and not (a.play and gs.uses_all(a.play, ctx.counts)):
                    return view, legal, best, a
        st.apply(h.choose(view_for(st, seat, h), legal).action)
    raise AssertionError(f"no position with {habit}")


@pytest.mark.parametrize("habit", [DUITOU_UNANSWERED, GROUP_BROKEN, BARE_JOKER])
def test_a_habit_override_needs_the_larger_margin(habit: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rollouts are stubbed to value the habit candidate ``gain`` set points above every other: without the
    price the search takes it at +1.5, with the price (1.0, margin 0.5) only at +2.5, and never when such
    candidates are barred (``math.inf``)."""
    view, legal, best, target = _position(habit)
    gain = [0.0]

    def fake(st: Any, team: int, deadline: float, **kw: Any) -> float:
        return gain[0] if target in st.actions[-3:] else 0.0

    monkeypatch.setattr(gs, "rollout", fake)

    def choose(price: float | None) -> Action:
        bot = gs.GoujiSearchBot(seed=5, budget_ms=60_000, rollouts=240, max_hand=None, habit_price=price)
        return bot.choose(view, legal).action

    gain[0] = 1.5
    assert choose(None) == target
    assert choose(1.0) == best
    gain[0] = 2.5
    assert choose(1.0) == target
    assert choose(math.inf) == best
