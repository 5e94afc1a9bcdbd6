"""Bots in 三五番 (Part SF): random, greedy and heuristic act in every phase of the variant — declaring (SF-7,
SF-8), sticking and the exchange (SF-10), burying 4 (SF-11), following (SF-15) — with legal actions from the
view alone, and the same seed gives the same match."""

from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.shengji import Rules, State


def _play(level: str, seed: int, **opts: object) -> tuple[list[object], dict[str, int], set[str]]:
    st = State(Rules(variant="sanwufan", **opts), seed=seed, hands=2)
    bots = [make_bot(level, "shengji", seed=seed * 4 + s) for s in range(4)]
    kinds: set[str] = set()
    while not st.is_over:
        seat = st.to_act
        assert seat is not None
        la = st.legal_actions(seat)
        d = bots[seat].choose(st.view(seat), la)
        assert d.action in la and st.refusal(d.action) is None
        assert level == "random" or not d.reason.startswith("fallback"), (st.phase, d.reason)
        kinds.add(f"{st.phase}:{d.action.kind}")
        st.apply(d.action)
    return list(st.actions), dict(st.stats), kinds


@pytest.mark.parametrize("level", ["random", "greedy", "heuristic"])
def test_bots_play_the_variant_legally_and_reproducibly(level: str) -> None:
    seen: set[str] = set()
    for seed in (1, 2, 3):
        a, stats, kinds = _play(level, seed)
        assert _play(level, seed)[0] == a
        seen |= kinds
    assert {"deal:declare", "stick:pass", "bury:bury", "play:play"} <= seen


def test_greedy_sticks_and_exchanges_when_it_can() -> None:
    kinds: set[str] = set()
    for seed in range(1, 9):
        kinds |= _play("greedy", seed, sw_four_jokers_shan=True)[2]
        if "exchange:exchange" in kinds:
            break
    assert {"stick:stick", "exchange:exchange"} <= kinds
