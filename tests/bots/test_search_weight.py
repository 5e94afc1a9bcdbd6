"""Issue 16, the search's worlds weighted by how likely each hidden seat's observed plays are (Gouji): the
weights are a function of the view only, a world the plays make unlikely weighs much less, and the resampling
is deterministic."""

from __future__ import annotations

import math
import random
from typing import Any

from engine.bots import make_bot
from engine.bots.gouji_sample import knowledge
from engine.bots.gouji_search import sample_hands
from engine.bots.gouji_weight import PASS_GOUJI, measure, observations
from engine.bots.weight import LEAD_LOWER, pick_world
from engine.cards import Card, rank_counts

from .conftest import copy_view, new_state
from .test_no_cheat import _swap_hidden_card


def _counts(*hands: str) -> list[list[int]]:
    """Rank counts per seat from space-separated cards (``-`` for an empty hand)."""
    return [rank_counts([Card.parse(c) for c in h.split()]) if h != "-" else [0] * 19 for h in hands]


def _view(history: list[dict[str, Any]], seat: int = 1) -> dict[str, Any]:
    return {"game": "gouji", "seat": seat, "options": {}, "team_hands": {},
            "history": [{"kind": "dealt", "data": {"counts": [36] * 6}}, {"kind": "play_start", "data": {}},
                        *history]}


def _play(seat: int, cards: str, gouji: bool = False, final: bool = False) -> dict[str, Any]:
    cs = cards.split()
    text = "".join(c[0] for c in cs)
    return {"kind": "play", "data": {"seat": seat, "play": text, "gouji": gouji, "final": final, "burn": False,
                                     "cards": cs}}


def test_a_pass_of_the_duitou_gouji_play_weighs_down_the_worlds_with_a_beat() -> None:
    """G-43: seat 3 passed its 对头 seat 0's 够级 ``AAAA``. A world that gives seat 3 ``XX22`` (a beat)
    weighs ``PASS_GOUJI`` of one that gives it nothing above an A — much less (seat 0's lead is weighed too, the
    same in both worlds)."""
    hist = [_play(0, "Ad Ac Ah As", gouji=True), {"kind": "pass", "data": {"seat": 3}}]
    obs = observations(_view(hist))
    assert [o.kind for o in obs.items] == ["lead", "pass"]
    beat = _counts("-", "-", "-", "X X 2d 2c 7d", "-", "-")
    none = _counts("-", "-", "-", "4d 5d 6d 7d 8d", "-", "-")
    d = obs.log_weight(beat) - obs.log_weight(none)
    assert abs(d - math.log(PASS_GOUJI)) < 1e-9 and d < math.log(0.1)
    # the cards seat 3 played after the pass count as held then: a beat it played later was held at the pass
    later = observations(_view([*hist, {"kind": "kou", "data": {"winner": 0}}, _play(3, "X X 2d 2c", gouji=True)]))
    assert later.log_weight(none) - later.log_weight(_counts("-", "-", "-", "4d 5d 6d", "-", "-")) == 0.0
    assert later.log_weight(none) <= math.log(PASS_GOUJI) + 1e-9
    # a pass of an ordinary play, or of a play by someone else than the 对头, says nothing here
    for other in ([_play(0, "5d 5c"), {"kind": "pass", "data": {"seat": 3}}],
                  [_play(2, "Ad Ac Ah As", gouji=True), {"kind": "pass", "data": {"seat": 4}}]):
        assert [o.kind for o in observations(_view(other)).items] == ["lead"]


def test_a_lead_weighs_down_the_worlds_with_lower_groups() -> None:
    """G-40: seat 2 led ``JJ`` (and its hand is not known): a world that leaves it three lower groups weighs
    ``LEAD_LOWER`` cubed of one with none below; the leader's own play, a final play and a teammate's visible
    hand weigh nothing."""
    obs = observations(_view([_play(2, "Jd Jc")]))
    low = _counts("-", "-", "4d 6d 8d Qd", "-", "-", "-")
    high = _counts("-", "-", "Qd Kd Ad 2d", "-", "-", "-")
    assert abs(obs.log_weight(low) - obs.log_weight(high) - 3 * math.log(LEAD_LOWER)) < 1e-9
    assert not observations(_view([_play(1, "Jd Jc")])).items  # the viewer's own lead
    assert not observations(_view([_play(2, "Jd Jc", final=True)])).items
    mate = _view([_play(3, "Jd Jc")], seat=1)
    mate["team_hands"] = {"3": ["4d"]}
    assert not observations(mate).items


def _play_phase_state(seed: int) -> Any:
    st = new_state("gouji", seed, {"sets_per_game": 2})
    bots = [make_bot("heuristic", "gouji", seed=s) for s in range(6)]
    steps = 0
    while not st.is_over and (st.phase != "play" or steps < 150):
        seat = st.to_act
        st.apply(bots[seat].choose(copy_view(st.view(seat)), list(st.legal_actions(seat))).action)
        steps += 1
    return st


def test_weights_are_a_function_of_the_view_only() -> None:
    """Scrambling the hidden hands (two hidden seats exchange a card) leaves the view, the observations and so
    every world's weight unchanged; equal views give equal weights and equal resampled worlds."""
    checked = 0
    for seed in range(4):
        st = _play_phase_state(40 + seed)
        seat = st.to_act
        others = [s for s in range(6) if s != seat and st.active[s] and s % 2 != seat % 2]
        if len(others) < 2:
            continue
        st2 = _swap_hidden_card(st, others[0], others[1])
        if st2 is None:
            continue
        v1 = copy_view(st.view(seat, with_history=True))
        v2 = copy_view(st2.view(seat, with_history=True))
        assert v1 == v2
        o1, o2 = observations(v1), observations(v2)
        assert o1.items == o2.items and o1.items
        rng = random.Random(seed)
        know = knowledge(v1)
        worlds = []
        for _ in range(12):
            hands = sample_hands(v1, rng, know)
            assert hands is not None
            worlds.append([rank_counts(h) for h in hands])
        assert [o1.log_weight(w) for w in worlds] == [o2.log_weight(w) for w in worlds]
        assert pick_world(worlds, o1, random.Random(7)) == pick_world(worlds, o2, random.Random(7))
        # the real hands are never ruled out: every factor is a probability above zero
        assert o1.log_weight([rank_counts(h) for h in st.hands]) > -math.inf
        checked += 1
    assert checked >= 2


def test_weighted_search_is_deterministic_and_blind_to_the_hidden_hands() -> None:
    """With its rollouts capped, the resampling search decides the same on equal views (scrambled hidden hands)
    and on a repeat with the same seed."""
    checked = 0
    for seed in range(3):
        st = _play_phase_state(60 + seed)
        seat = st.to_act
        others = [s for s in range(6) if s != seat and st.active[s] and s % 2 != seat % 2]
        st2 = _swap_hidden_card(st, others[0], others[1]) if len(others) >= 2 else None
        if st2 is None:
            continue
        legal = list(st.legal_actions(seat))
        decisions = []
        for s in (st, st, st2):
            bot = make_bot("search", "gouji", seed=5, budget_ms=60_000, rollouts=18, max_hand=36, weigh=6)
            d = bot.choose(copy_view(s.view(seat, with_history=True)), legal)
            decisions.append((d.action, d.reason, bot.last_stats.get("worlds")))  # type: ignore[attr-defined]
        assert decisions[0] == decisions[1] == decisions[2]
        checked += 1
    assert checked >= 1


def test_the_prediction_measurement_runs() -> None:
    """``python -m engine.bots.gouji_weight``: figures for both the unweighted and the weighted worlds, the
    linear ones within their ranges, the weighted worlds' effective number at most the worlds drawn."""
    r = measure(positions=3, seed=4, worlds=8)
    assert r["positions"] == 3
    for key in ("p_big", "p_all", "exact"):
        assert 0.0 <= r[key]["unweighted"] <= 1.0 and 0.0 <= r[key]["weighted"] <= 1.0
    assert r["sq_err"]["weighted"] >= 0.0
    assert 1.0 <= r["ess"]["weighted"] <= 8.0 + 1e-9
    s = measure(positions=2, seed=4, worlds=6, resample=3)  # the search's resampled worlds against dealt ones
    assert s["resample"] == 3 and 0.0 <= s["p_all"]["weighted"] <= 1.0


def test_the_strength_check_names_the_weighted_search_for_its_run_only() -> None:
    """``python -m engine.bots.gouji_weight_arena``: inside the run the arena makes ``search-weighted`` as the
    search with ``weigh``; outside it the name is unknown again; the search resamples by default (``WEIGH``)."""
    import pytest

    import engine.arena as arena
    from engine.bots.gouji_weight_arena import LEVEL, weighted_level

    with weighted_level(3):
        assert arena.make_bot(LEVEL, "gouji", seed=1).weigh == 3  # type: ignore[attr-defined]
        assert arena.make_bot("search", "gouji", seed=1, weigh=0).weigh == 0  # type: ignore[attr-defined]
    from engine.bots.gouji_search import WEIGH
    assert make_bot("search", "gouji").weigh == WEIGH > 1  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        arena.make_bot(LEVEL, "gouji")


# ---------------------------------------------------------------------------------------------- Baohuang
def test_baohuang_a_lead_weighs_down_the_worlds_with_lower_groups() -> None:
    """B-28: seat 2 led ``99`` after its ``44`` was played out: a world that leaves it lower groups (then: its
    hand now plus what it played since) weighs less; the viewer's own leads weigh nothing."""
    from engine.bots.baohuang_weight import observations as bh_observations

    def ev(kind: str, **data: Any) -> dict[str, Any]:
        return {"kind": kind, "data": data}

    hist = [ev("dealt", counts=[44, 43, 43, 43, 43]), ev("lead_to", seat=2),
            ev("play", seat=2, play="99", cards=["9c", "9h"]), ev("play", seat=3, play="JJ", cards=["Jc", "Jh"]),
            ev("kou", winner=3), ev("play", seat=3, play="55", cards=["5c", "5h"]),
            ev("play", seat=1, play="66", cards=["6c", "6h"])]
    obs = bh_observations({"game": "baohuang", "seat": 1, "options": {}, "history": hist})
    assert [(o.seat, o.kind) for o in obs.items] == [(2, "lead"), (3, "lead")]
    low = _counts("-", "-", "4d 7d Kd", "Qd", "-")
    high = _counts("-", "-", "Kd Ad 2d", "Qd", "-")
    # seat 2 held 4 and 7 below its 99; seat 3 held JJ above its 55 then — no lower group either way
    assert abs(obs.log_weight(low) - obs.log_weight(high) - 2 * math.log(LEAD_LOWER)) < 1e-9


def test_baohuang_weighted_search_is_deterministic_and_blind_to_the_hidden_hands() -> None:
    """A rebel's resampling search: equal views (two other seats' hidden cards exchanged) and a repeat with the
    same seed decide alike; its weights depend on the view only."""
    from engine.bots.baohuang_weight import observations as bh_observations

    from .test_search import _baohuang_points

    checked = 0
    for seed in range(6):
        for st, seat, view, legal in _baohuang_points(seed, 40):
            if view.get("role") != "rebel" or not bh_observations(view).items:
                continue
            others = [s for s in range(5) if s != seat]
            st2 = _swap_hidden_card(st, others[0], others[1])
            if st2 is None:
                continue
            v2 = copy_view(st2.view(seat))
            assert v2 == view
            decisions = []
            for v in (view, view, v2):
                bot = make_bot("search", "baohuang", seed=4, budget_ms=60_000, rollouts=20, weigh=5)
                d = bot.choose(copy_view(v), legal)  # type: ignore[arg-type]
                decisions.append((d.action, d.reason, bot.last_stats.get("worlds")))  # type: ignore[attr-defined]
            assert decisions[0] == decisions[1] == decisions[2]
            assert decisions[0][2]  # it searched
            checked += 1
            break
        if checked >= 2:
            break
    assert checked >= 1


def test_baohuang_prediction_measurement_runs() -> None:
    """``python -m engine.bots.baohuang_weight``: both columns within their ranges."""
    from engine.bots.baohuang_weight import measure as bh_measure

    r = bh_measure(positions=2, seed=3, worlds=6, resample_k=3)
    assert r["positions"] == 2 and 0.0 <= r["p_all"]["weighted"] <= 1.0 and 0.0 <= r["exact"]["unweighted"] <= 1.0


def test_baohuang_worlds_are_the_same_from_the_shared_unseen_cards() -> None:
    """The unseen cards computed once per decision (``unseen_cards``) give the very worlds computed from the
    view each time — the same seed, the same hands — and are not changed by dealing."""
    from engine.baohuang import Rules
    from engine.bots.baohuang_search import sample_hands as bh_sample
    from engine.bots.baohuang_search import unseen_cards

    from .test_search import _baohuang_points

    n = 0
    for _st, _seat, view, _legal in _baohuang_points(3, 12):
        rules = Rules(dict(view["options"]))  # type: ignore[arg-type]
        u = unseen_cards(view, rules)  # type: ignore[arg-type]
        assert u is not None
        before = (list(u[0]), list(u[1]))
        a, b = random.Random(n), random.Random(n)
        for _ in range(3):
            assert bh_sample(view, rules, a) == bh_sample(view, rules, b, unseen=u)  # type: ignore[arg-type]
        assert (u[0], u[1]) == before
        n += 1
    assert n >= 5
