"""The LAN judge (``Presenter.judge_state``): one world of the game's contract (``engine.review.world``) built from
the seat's view alone. On it the seat holds its own hand, and every action the real state offers the seat is
accepted there too, in every game that makes one (the other hands are made up, never read)."""

from __future__ import annotations

import itertools
import random

import pytest

from desktop.games import presenter
from engine import games


@pytest.mark.parametrize("game", ["gouji", "baohuang", "shengji"])
def test_the_judge_world_holds_the_seats_hand_and_accepts_what_the_real_state_offers(game):
    st = games.new_state(game, 7, {})
    rng = random.Random(7)
    checked = 0
    for step in range(600):
        if st.is_over or checked >= 6:
            break
        seat = st.to_act
        legal = st.legal_actions(seat)
        offered = list(itertools.islice(iter(legal), 40))
        if step % 25 == 0:
            view = st.view(seat)
            judge = presenter(game).judge_state(view)
            if not view["hand"]:   # before the deal (Gouji's 预点): nothing in hand to select, no judge
                assert judge is None
                continue
            assert judge is not None, (game, view["phase"])
            assert sorted(judge.view(seat)["hand"]) == sorted(view["hand"])
            refused = [(a, judge.refusal(a)) for a in offered if judge.refusal(a) is not None]
            assert not refused, (game, view["phase"], refused[:3])
            checked += 1
        st.apply(rng.choice(offered))
    assert checked >= 3
