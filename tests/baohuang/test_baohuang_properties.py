"""Property-based invariants (hypothesis) for Baohuang, under every preset and random option mixes:
all cards accounted for after every action; exactly one seat to act; every offered action applies; hand
scores zero-sum (B-34 … B-39, BS-11); no view shows another seat's hidden cards; replaying the log gives the
same state; and no rebel's view or events reveal the guard before a public reveal (B-2, B-16, B-18, B-19).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import log
from engine.baohuang import SPECS, Rules, State
from engine.baohuang.options import PRESETS
from engine.cards import SUPER, Card
from engine.core import Action, Event
from engine.errors import IllegalAction

SECRET_KINDS = {"guard", "solo_secret", "super"}
REVEAL_KINDS = {"guard_revealed", "mingbao", "hand_end"}

option_mix = st.fixed_dictionaries(
    {"preset": st.sampled_from(sorted(PRESETS))},
    optional={s.name: st.sampled_from(s.choices) for s in SPECS if s.choices is not None and s.name != "preset"},
)


def physical(c: Card) -> str:
    return c.mark if c.rank == SUPER else str(c)


def check_cards(state: State) -> None:
    have = Counter(physical(c) for h in state.hands for c in h)
    have.update(physical(c) for c in state.played)
    have.update(physical(c) for c in state.transit)
    assert have == Counter(str(c) for c in state.rules.pack()), "cards not accounted for"


def check_events(events: list[Event]) -> None:
    for e in events:
        json.dumps(e.to_json())
        if e.to is None:
            assert "hand" not in e.data, e
            assert "cards" not in e.data or e.kind == "play", e  # played cards are public (B-19)
            assert e.kind not in SECRET_KINDS, e


def rebels_of(state: State) -> list[int]:
    return [s for s in range(5) if s != state.emperor and s != state.guard]


def check_secrecy(state: State, events: list[Event], full: bool) -> None:
    """Before a public reveal, nothing a rebel sees depends on who the guard is."""
    for e in events:
        if e.kind in SECRET_KINDS:
            assert e.to is not None and set(e.to) <= {state.emperor, state.guard}, e
    if not full or state.emperor is None or state.guard_public or state.phase == "over":
        return
    for s in rebels_of(state):
        v = state.view(s)
        assert v["guard"] is None and v["solo"] in (None, "ming", "grab"), v
        assert v["role"] in (None, "rebel")
        kinds = [e["kind"] for e in v["history"]]
        this_hand = kinds[len(kinds) - 1 - kinds[::-1].index("dealt"):]  # earlier hands are over
        assert not SECRET_KINDS & set(this_hand)


def check_views(state: State) -> None:
    for s in range(5):
        v = state.view(s)
        text = json.dumps(v)
        assert v["hand"] == [str(c) for c in sorted(state.hands[s], key=lambda c: (c.rank, "dchs".find(c.suit),
                                                                                  c.mark != ""))]
        for e in v["history"]:
            to = e.get("to")
            assert to is None or s in to  # only public and own events
            if to is None:
                assert "hand" not in e["data"]
        assert "deal" not in [e["kind"] for e in v["history"] if e.get("to") and e["to"] != [s]]
        assert text.count('"hand"') == 1 + sum(1 for e in v["history"] if "hand" in e["data"])
    spectator = state.view(None)
    assert spectator["hand"] == [] and all(e.get("to") is None for e in spectator["history"])


def run(options: dict[str, Any], seed: int, hands: int, rng_seed: int, deep_every: int = 60) -> State:
    state = State(Rules(options), seed=seed, hands=hands)
    rng = random.Random(rng_seed)
    check_events(state.history)
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < 6000, "the match does not end"
        seat = state.to_act
        assert seat is not None
        for o in range(5):
            if o != seat:
                assert not state.legal_actions(o)
        la = state.legal_actions(seat)
        offered = list(la)
        assert offered and len(offered) == len(la)
        deep = steps % deep_every == 0 or state.phase != "play"
        if deep:
            for a in offered[:4] + rng.sample(offered, min(3, len(offered))):
                assert a in la
                clone = state.clone()
                clone.apply(a)  # every offered action applies
                check_cards(clone)
            check_views(state)
        r = rng.random()
        if r < 0.004:  # host actions at any time (B-46 … B-49); refusals must leave the state untouched
            kind = rng.choice(["tuoguan", "untuoguan", "leave"])
            before = (list(state.tuoguan), list(state.totals), len(state.actions))
            try:
                events = state.apply(Action(rng.randrange(5), kind))
            except IllegalAction:
                assert (list(state.tuoguan), list(state.totals), len(state.actions)) == before
                continue
        elif r < 0.01:
            events = state.apply(state.auto_action(seat))
        else:
            events = state.apply(rng.choice(offered))
        check_events(events)
        check_secrecy(state, events, full=deep)
        check_cards(state)
    for e in state.history:
        if e.kind == "hand_end":
            assert sum(e.data["scores"]) == 0  # B-34 … B-39 zero-sum
    assert sum(state.totals) == -state.rules.options.leave_penalty * sum(state.left)  # B-49 outside B.9
    return state


def check_replay(state: State) -> None:
    text = log.dump(state)
    again = log.load(text)
    assert again.totals == state.totals and again.phase == state.phase
    for s in (None, 0, 1, 2, 3, 4):
        assert again.view(s) == state.view(s)


SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 10_000))
@SETTINGS
def test_presets(preset: str, seed: int) -> None:
    state = run({"preset": preset}, seed, hands=1, rng_seed=seed)
    check_replay(state)


@given(options=option_mix, seed=st.integers(0, 10_000), hands=st.integers(1, 2))
@settings(max_examples=14, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_option_mixes(options: dict[str, Any], seed: int, hands: int) -> None:
    state = run(options, seed, hands=hands, rng_seed=seed + 1)
    if hands == 2:
        check_replay(state)


def test_replay_refuses_a_damaged_log() -> None:
    import pytest

    from engine.errors import LogError
    state = run({"preset": "s003-simple"}, 3, hands=1, rng_seed=3)
    lines = log.dump(state).splitlines()
    rec = json.loads(lines[5])
    rec["a"]["seat"] = (rec["a"]["seat"] + 1) % 5
    lines[5] = json.dumps(rec)
    with pytest.raises(LogError):
        log.load("\n".join(lines))


@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 10_000), cut=st.integers(10, 300))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_from_view_with_the_true_hands_continues_identically(preset: str, seed: int, cut: int) -> None:
    state = State(Rules(preset=preset), seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if state.is_over:
            return
        state.apply(rng.choice(list(state.legal_actions(state.to_act))))  # type: ignore[arg-type]
    viewer = state.to_act
    assert viewer is not None
    world = State.from_view(state.view(viewer), [list(h) for h in state.hands], seed=seed)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_act
        assert world.to_act == seat and seat is not None
        offered = list(state.legal_actions(seat))
        assert offered == list(world.legal_actions(seat))
        a = rng.choice(offered)
        state.apply(a)
        world.apply(a)
        for s in range(5):
            va, vb = state.view(s), world.view(s)
            va.pop("history"), vb.pop("history")
            assert va == vb


@given(options=st.fixed_dictionaries({"kaopai": st.booleans(), "twos_as_fillers": st.booleans(),
                                      "kaopai_relations": st.sampled_from(["full", "big-only"]),
                                      "kaopai_surplus": st.sampled_from(["allowed", "exact"]),
                                      "bie_lowest": st.booleans(), "guard_card_super": st.booleans()}),
       seed=st.integers(0, 100_000), size=st.integers(1, 44))
@settings(max_examples=150, deadline=None)
def test_offered_answers_are_exactly_the_beating_plays(options: dict[str, Any], seed: int, size: int) -> None:
    """The pruned/memoized answer enumeration equals 'every lead of the hand that beats the top' (B-25, B-26)."""
    from engine.cards import Card, rank_counts
    from engine.plays import beats, iter_leads
    rules = Rules(options, emperor_selection="pot")  # no X^ needed in this stacked deal
    rng = random.Random(seed)
    pack = rules.pack()
    rng.shuffle(pack)
    hand = pack[:size]
    if rules.play_rules.allow_super and rng.random() < 0.3:
        hand[0] = Card(SUPER, "", str(hand[0]))
    state = State(rules, seed=0, deal=[hand, pack[44:50], pack[50:56], pack[56:62], pack[62:70]])
    prev_pool = list(iter_leads(rules.play_rules, rank_counts(pack[100:144])))
    prev = rng.choice(prev_pool)
    state.top, state.top_seat = prev, 1
    got = set(p.text for p in state._answers(0))
    counts = state._bie_counts(0)
    want = {p.text for p in iter_leads(rules.play_rules, counts) if beats(rules.play_rules, prev, p)}
    assert got == want
