"""Hypothesis invariants over random Shandong Mahjong matches under random M.1 options: every tile accounted
for (M-2, M-4), exactly one seat to act, offered actions apply and illegal ones change nothing, claims
resolved in M-7 priority, payments zero-sum (M-18a), no concealed tile of another seat in any view (M-10),
log replay identical."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as hs

from engine import log
from engine.core import Action
from engine.errors import IllegalAction
from engine.mahjong import Rules, State
from engine.mahjong.options import SPECS
from engine.tiles import TILES

OPTION_STRATEGY = hs.fixed_dictionaries({
    s.name: (hs.integers(1, 2) if s.choices is None else hs.sampled_from(s.choices)) for s in SPECS
})


def _policy(st: State, rng: random.Random) -> Action:
    la = list(st.legal_actions(st.to_act))  # type: ignore[arg-type]
    wins = [a for a in la if a.kind == "win"]
    if wins and rng.random() < 0.85:
        return wins[0]
    claims = [a for a in la if a.kind in ("pung", "kong", "chow", "minglou")]
    if claims and rng.random() < 0.5:
        return rng.choice(claims)
    return rng.choice(la)


def _bogus(st: State, rng: random.Random) -> Action:
    kind = rng.choice(["discard", "win", "pung", "chow", "kong", "pass", "minglou", "play"])
    arg = None if kind in ("win", "pass") else str(rng.choice(TILES)) * rng.choice([1, 1, 3])
    return Action(rng.randrange(4), kind, arg=arg)


def _swap_view_unchanged(st: State, rng: random.Random) -> None:
    """Swap one concealed tile between two other seats: the viewer's view must not change."""
    for me in range(4):
        others = [s for s in range(4) if s != me and not st.ml[s]]
        if len(others) < 2:
            continue
        a, b = rng.sample(others, 2)
        ta, tb = st.t.tiles_of(a), st.t.tiles_of(b)
        pairs = [(x, y) for x in set(ta) for y in set(tb) if x != y]
        if not pairs:
            continue
        x, y = rng.choice(sorted(pairs))
        twin = st.clone()
        twin.t.hands[a][x.idx] -= 1
        twin.t.hands[a][y.idx] += 1
        twin.t.hands[b][y.idx] -= 1
        twin.t.hands[b][x.idx] += 1
        assert twin.view(me) == st.view(me)


def _check_resolution(before: dict[str, Any], events: list[Any], multiple: bool) -> None:
    """M-7: 胡 (first in turn order, or all with multiple_winners) > 杠 = 碰 > 吃."""
    answers = before["answers"]
    order = before["order"]
    wins = [s for s in order if answers[s].kind == "win"]
    end = [e for e in events if e.kind == "hand_end"]
    melds = [e for e in events if e.kind == "meld"]
    if wins:
        assert end and end[0].data["winners"] == (wins if multiple else wins[:1])
        return
    take = [s for s in order if answers[s].kind in ("pung", "kong")] or [
        s for s in order if answers[s].kind == "chow"]
    if take:
        assert melds and melds[0].data["seat"] == take[0] and melds[0].data["kind"] == answers[take[0]].kind
    else:
        assert not melds


def _play(st: State, rng: random.Random, checks: bool, choose: Callable[[State], Action] | None = None) -> None:
    n_tiles = len(st.rules.tiles())
    steps = 0
    while not st.is_over:
        steps += 1
        assert steps < 5000
        seat = st.to_act
        assert seat is not None
        assert all(not st.legal_actions(s) for s in range(4) if s != seat)
        pending = 1 if st.round is not None and st.round.kind == "rob" else 0
        assert st.t.accounted() + pending == n_tiles
        if checks and steps % 7 == 0:
            bad = _bogus(st, rng)
            if bad not in st.legal_actions(bad.seat):
                before = (json.dumps(st.view(None), sort_keys=True), len(st.actions), st.t.copy().__dict__)
                try:
                    st.apply(bad)
                except IllegalAction as exc:
                    assert exc.rule.startswith("M-")
                else:
                    raise AssertionError(f"{bad} was accepted")
                assert (json.dumps(st.view(None), sort_keys=True), len(st.actions), st.t.__dict__) == before
        if checks and steps % 11 == 0:
            _swap_view_unchanged(st, rng)
            for s in range(4):
                json.dumps(st.view(s))
        a = choose(st) if choose is not None else _policy(st, rng)
        resolving = None
        if st.round is not None and st.round.at == len(st.round.order) - 1:
            resolving = {"answers": {**st.round.answers, a.seat: a}, "order": st.round.order}
        events = st.apply(a)
        if resolving is not None:
            _check_resolution(resolving, events, st.rules.options.multiple_winners)
        for e in events:
            if e.kind == "hand_end":
                assert sum(e.data["payments"]) == 0
                # the win screen's lines add up to the hand's payments (M-20 … M-22)
                parts = [w["pays"] for w in e.data["wins"]] + [k["pays"] for k in e.data["kongs"]]
                total = [sum(col) for col in zip(*parts, strict=True)] if parts else [0] * 4
                assert total == e.data["payments"], (parts, e.data["payments"])
            if e.to is not None:
                assert len(e.to) == 1
            elif e.kind in ("tiles", "drew", "answer", "kong_tiles"):
                raise AssertionError(f"a private event went public: {e}")
    assert sum(st.totals) == 0


@settings(max_examples=12, deadline=None)
@given(seed=hs.integers(0, 10_000), options=OPTION_STRATEGY)
def test_random_matches_keep_the_invariants(seed: int, options: dict[str, Any]) -> None:
    st = State(Rules(**options), seed=seed)
    _play(st, random.Random(seed), checks=True)
    replay = log.load(log.dump(st))
    assert [e.to_json() for e in replay.history] == [e.to_json() for e in st.history]
    assert replay.totals == st.totals and replay.stats == st.stats


@settings(max_examples=8, deadline=None)
@given(seed=hs.integers(0, 10_000), options=OPTION_STRATEGY)
def test_bot_matches_keep_the_invariants(seed: int, options: dict[str, Any]) -> None:
    """The same invariants where hands are won (greedy bots win most hands): scoring, kongs, robbing."""
    from engine.bots.mahjong import GreedyBot
    st = State(Rules(**options), seed=seed)
    bots = [GreedyBot(seed + s) for s in range(4)]

    def choose(state: State) -> Action:
        s = state.to_act
        assert s is not None
        return bots[s].choose(state.view(s), list(state.legal_actions(s))).action

    _play(st, random.Random(seed), checks=True, choose=choose)
    replay = log.load(log.dump(st))
    assert [e.to_json() for e in replay.history] == [e.to_json() for e in st.history]


def test_no_other_concealed_tile_in_history() -> None:
    """M-10: each seat's history holds its own deal and draws only."""
    st = State(Rules(match="hands", match_hands=1), seed=3)
    _play(st, random.Random(3), checks=False)
    for me in range(4):
        for e in st.view(me)["history"]:
            if e["kind"] in ("tiles", "drew", "answer", "kong_tiles"):
                assert e["data"]["seat"] == me


def test_clone_is_independent() -> None:
    st = State(Rules(), seed=4)
    twin = st.clone()
    rng = random.Random(1)
    for _ in range(40):
        twin.apply(_policy(twin, rng))
    assert st.actions == [] and st.t.wall_left == 83 and st.view(0)["hand"] == State(Rules(), seed=4).view(0)["hand"]


def test_from_view_rebuilds_a_consistent_world() -> None:
    """Determinization: the viewer's public facts and own hand, other hands sampled, the wall the rest."""
    st = State(Rules(), seed=9)
    rng = random.Random(9)
    for _ in range(120):
        st.apply(_policy(st, rng))
    me = st.to_act
    assert me is not None
    v = json.loads(json.dumps(st.view(me)))
    hands = [st.t.tiles_of(s) for s in range(4)]
    world = State.from_view(v, hands, seed=1)
    assert world.to_act == me and world.t.wall_left == st.t.wall_left
    assert world.view(me)["hand"] == v["hand"] and world.view(me)["rivers"] == v["rivers"]
    assert set(world.legal_actions(me)) == set(st.legal_actions(me))
    for _ in range(200):
        if world.is_over:
            break
        world.apply(_policy(world, rng))


@settings(max_examples=10, deadline=None)
@given(seed=hs.integers(0, 10_000), options=OPTION_STRATEGY)
def test_the_win_on_offer_is_the_win_the_hand_records(seed: int, options: dict[str, Any]) -> None:
    """A view's ``win_offer`` (what the table shows before 胡 is taken) is offered exactly when 胡 is legal and is,
    field for field, the win the hand's record holds once it is taken (M-11, M-19 … M-21)."""
    rng = random.Random(seed)
    st = State(Rules(options), seed=seed)
    checked = 0
    while not st.is_over and checked < 12:
        s = st.to_act
        assert s is not None
        la = list(st.legal_actions(s))
        offer = st.view(s)["win_offer"]
        win = next((a for a in la if a.kind == "win"), None)
        assert (offer is not None) == (win is not None)
        if win is not None:
            taken = st.clone()
            taken.apply(win)
            done = len(st.results)
            while len(taken.results) == done:   # the later seats of the round pass (M-7)
                o = taken.to_act
                assert o is not None
                taken.apply(next(a for a in taken.legal_actions(o) if a.kind == "pass"))
            rec = [w for w in taken.results[-1]["wins"] if w["seat"] == s]
            if rec:   # (an earlier seat's 胡 on the same discard takes it, M-7, unless several may win)
                assert rec[0] == offer
                checked += 1
        rest = [a for a in la if a.kind != "win"]
        st.apply(rng.choice(rest) if rest and rng.random() < 0.7 else _policy(st, rng))
