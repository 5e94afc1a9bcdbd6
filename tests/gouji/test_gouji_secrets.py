"""Hidden information in views: the deal seed never leaves the state (it decides every hand)."""

import json
import random

import pytest

from engine import games
from engine.sim import random_action


@pytest.mark.parametrize("game", ["gouji", "baohuang"])
def test_seed_is_in_no_view(game: str) -> None:
    seed = 987654321
    st = games.new_state(game, seed, {})
    rng = random.Random(3)
    for _ in range(250):
        if st.is_over:
            break
        for seat in [None, *range(st.n_seats)]:
            text = json.dumps(st.view(seat))
            assert str(seed) not in text, (game, seat)
        st.apply(random_action(st, rng))
