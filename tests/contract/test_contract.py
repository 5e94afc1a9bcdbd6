"""The game contract (engine.api): every registered game — and the toy game — passes the same checks.

A new game is done when it passes this suite; it is picked up by registering its GameSpec
(``engine.games.SPEC_MODULES``), nothing here names it. Each game is walked with random legal actions over a
short match (two hands/sets where the match length can be set) from two seeds, and at sampled decisions:

- every view has the common header (engine.api.ViewHeader) and survives a JSON round trip;
- a clone is independent of its original, both ways;
- offered ⇔ accepted: every offered action is accepted by ``apply``; random actions that are not offered
  (another seat's, unknown kinds, random card selections) are refused with a rule id — the same refusal
  ``refusal()`` gives — and leave every seat's view untouched;
- ``action_for_cards`` of random selections from the hand agrees with ``legal_actions``;
- secrecy: swapping a hidden card between two other seats (not my teammates) leaves my view unchanged;
  an attribute the state did not publish never reaches a view;
- exactly one seat acts at a time until the match is over, then none; ``returns()`` are the totals and
  teammates share them;
- the log replays to the identical match (actions and every seat's view).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine import games, log
from engine.api import GameSpec, GameState, Refusal, check_view_header
from engine.core import Action
from engine.errors import RuleError

pytestmark = pytest.mark.contract

GAMES = [*games.names(), "toy"]
SEEDS = (11, 2026)
MAX_STEPS = 4000
SAMPLES = 12  # decisions checked closely per walk


def spec_of(game: str) -> GameSpec:
    return games.spec(game)


def new_match(game: str, seed: int) -> GameState:
    """A short match: two hands/sets where the spec lets the length be set."""
    spec = spec_of(game)
    opts: dict[str, Any] = {}
    kw: dict[str, Any] = {}
    if spec.match_option is not None:
        opts[spec.match_option] = 2
    if spec.match_kwarg is not None:
        kw[spec.match_kwarg] = 2
    return spec.new_state(seed, opts, **kw)


def pick(la: Any, rng: random.Random) -> Action:
    n = len(la)
    assert n > 0
    k = rng.randrange(n)
    if hasattr(la, "__getitem__"):
        a: Action = la[k]
        return a
    return list(la)[k]


def walk(game: str, seed: int) -> Iterator[tuple[int, GameState]]:
    """The states of one random match (the same object, mutated: copy what you keep), step by step."""
    st = new_match(game, seed)
    rng = random.Random(seed)
    steps = 0
    while not st.is_over:
        yield steps, st
        seat = st.to_act
        assert seat is not None
        st.apply(pick(st.legal_actions(seat), rng))
        steps += 1
        assert steps < MAX_STEPS, f"{game}: no end after {MAX_STEPS} actions"
    yield steps, st


def sampled(game: str, seed: int) -> list[GameState]:
    """Clones of the match at ``SAMPLES`` decisions spread over it (the first decisions always among them)."""
    states = [st.clone() for _, st in walk(game, seed)]
    if len(states) <= SAMPLES:
        return states
    rng = random.Random(seed + 1)
    idx = sorted({0, 1, len(states) - 2, *rng.sample(range(len(states) - 1), SAMPLES - 4)})
    return [states[i] for i in idx]


_CACHE: dict[tuple[str, int], list[GameState]] = {}


def samples(game: str, seed: int) -> list[GameState]:
    key = (game, seed)
    if key not in _CACHE:
        _CACHE[key] = sampled(game, seed)
    return [s.clone() for s in _CACHE[key]]


def views(st: GameState) -> list[Any]:
    """Every seat's view with its history, as JSON text (a full picture of what anyone may see)."""
    return [json.dumps(st.view(s, with_history=True), sort_keys=True) for s in range(st.n_seats)]


def enumerated(st: GameState, seat: int) -> set[Action]:
    return set(iter(st.legal_actions(seat)))


def hand_of(st: GameState, seat: int) -> list[str]:
    return [str(c) for c in st.view(seat).get("hand") or []]


# ---------------------------------------------------------------------------------------------- the header


@pytest.mark.parametrize("game", GAMES)
def test_spec_is_complete(game: str) -> None:
    spec = spec_of(game)
    assert spec.name == game and spec.seats >= 2 and spec.family in ("climbing", "trick", "tiles")
    assert spec.title_en and spec.title_zh
    st = spec.new_state(1)
    assert isinstance(st, GameState)
    assert st.n_seats == spec.seats
    for t in spec.teams or ():
        assert all(0 <= s < spec.seats for s in t)
    if spec.teams:
        assert sorted(s for t in spec.teams for s in t) == list(range(spec.seats))
    for name, opts in spec.presets().items():
        spec.rules_factory(opts)  # every preset is a valid set of options
        assert name in spec.preset_titles(), f"preset {name} has no title"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_views_have_the_header_and_round_trip_json(game: str, seed: int) -> None:
    for st in samples(game, seed):
        for seat in [*range(st.n_seats), None]:
            v = st.view(seat)
            assert check_view_header(v) == [], f"{game} view({seat}) lacks header keys"
            assert v["game"] == game and v["seat"] == seat and v["n_seats"] == st.n_seats
            assert v["phase"] == st.phase
            if st.phase in spec_of(game).sealed_phases and seat != st.to_act:
                assert v["to_act"] is None, f"{game} view({seat}) names the seat asked in a sealed round"
            else:
                assert v["to_act"] == st.to_act
            assert len(v["counts"]) == len(v["places"]) == len(v["totals"]) == st.n_seats
            assert v["history_policy"] in ("match", "on-request")
            assert "history" in st.view(seat, with_history=True)
            assert json.loads(json.dumps(v)) == v
            if seat is not None and isinstance(v["counts"][seat], int):
                assert v["counts"][seat] == len(v["hand"])


# ---------------------------------------------------------------------------------------------- clones


@pytest.mark.parametrize("game", GAMES)
def test_clone_is_independent_both_ways(game: str) -> None:
    rng = random.Random(5)
    for st in samples(game, SEEDS[0]):
        if st.is_over:
            continue
        before = views(st)
        twin = st.clone()
        assert views(twin) == before
        twin.apply(pick(twin.legal_actions(twin.to_act), rng))  # type: ignore[arg-type]
        assert views(st) == before, "applying to the clone changed the original"
        after = views(twin)
        st.apply(pick(st.legal_actions(st.to_act), rng))  # type: ignore[arg-type]
        assert views(twin) == after, "applying to the original changed the clone"


# ---------------------------------------------------------------------------------------------- offered ⇔ accepted


def vocabulary(states: list[GameState], rng: random.Random) -> list[Action]:
    """Actions offered somewhere in the match (up to 30 per sampled decision): realistic things to send."""
    out: list[Action] = []
    for st in states:
        if st.to_act is not None:
            offered = sorted(enumerated(st, st.to_act), key=str)
            out.extend(rng.sample(offered, min(30, len(offered))))
    return out


def not_offered(st: GameState, seat: int, offered: set[Action], vocab: list[Action],
                rng: random.Random) -> list[Action]:
    """Actions a seat might send that are not among the offered ones: other seats' turns, unknown kinds,
    what was offered at other moments of the match, and random card selections."""
    out: list[Action] = []
    for a in list(offered)[:5]:
        for other in range(st.n_seats):
            if other != seat:
                out.append(Action(other, a.kind, a.play, a.arg))  # another seat's turn
    out.append(Action(seat, "no-such-kind"))
    out.append(Action(seat, "pass", None, "x"))
    out.extend(Action(seat, a.kind, a.play, a.arg) for a in vocab)
    kinds = sorted({a.kind for a in offered})
    hand = hand_of(st, seat)
    for _ in range(12):
        if not hand:
            break
        cards = rng.sample(hand, rng.randint(1, min(4, len(hand))))
        for kind in kinds[:3]:
            got = st.action_for_cards(seat, cards, kind)
            if isinstance(got, Action):
                out.append(got)
    return [a for a in dict.fromkeys(out) if a not in offered and Action(a.seat, a.kind, a.play) not in offered]


@pytest.mark.parametrize("game", GAMES)
def test_offered_actions_are_accepted_and_others_refused_untouched(game: str) -> None:
    rng = random.Random(7)
    checked_refusals = 0
    states = samples(game, SEEDS[1])
    vocab = vocabulary(states, rng)
    for st in states:
        if st.is_over:
            continue
        seat = st.to_act
        assert seat is not None
        offered = enumerated(st, seat)
        assert offered, f"{game}: the seat to act has nothing to do"
        for a in rng.sample(sorted(offered, key=str), min(25, len(offered))):
            assert a in st.legal_actions(seat)
            assert st.refusal(a) is None, f"{a} offered but refused: {st.refusal(a)}"
            st.clone().apply(a)  # accepted: raises otherwise
        before = views(st)
        n_actions = len(st.actions)
        for a in not_offered(st, seat, offered, vocab, rng):
            if a.seat == seat and a.kind == "play" and Action(a.seat, a.kind, a.play) in st.legal_actions(seat):
                continue  # names the very cards of an offered play (Baohuang arg): not a different action
            why = st.refusal(a)
            with pytest.raises(RuleError) as info:
                st.apply(a)  # not offered, so it must be refused — on the real state, which must not change
            assert info.value.rule, f"{a} refused without a rule id"
            assert why is not None and why.rule == info.value.rule, (a, why, info.value.rule)
            ref = Refusal.of(info.value)
            assert ref.rule == why.rule and ref.en
            assert len(st.actions) == n_actions, f"refused {a} changed the state"
            checked_refusals += 1
        assert views(st) == before, "a refused action changed a view"
    assert checked_refusals > 0


def offered_fixed(st: GameState, seat: int) -> set[Action]:
    """The offered actions without a play (all offered ones where the set has no separate fixed part)."""
    la = st.legal_actions(seat)
    fixed = getattr(la, "fixed", None)
    return set(fixed) if fixed is not None else {a for a in la if a.play is None}


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_offers_exactly_the_choices_it_accepts(game: str) -> None:
    """At every decision of a match: each choice (an action without a play) seen anywhere in the match is
    offered now exactly when it is accepted now (``refusal`` is None — the check ``apply`` makes)."""
    states = [st.clone() for _, st in walk(game, SEEDS[0])]
    choices = {(a.kind, a.arg) for st in states if st.to_act is not None for a in offered_fixed(st, st.to_act)}
    assert choices
    for st in states:
        if st.to_act is None:
            continue
        seat = st.to_act
        fixed = offered_fixed(st, seat)
        for kind, arg in choices:
            a = Action(seat, kind, None, arg)
            assert (a in fixed) == (st.refusal(a) is None), (a, st.phase, st.refusal(a))


@pytest.mark.parametrize("game", GAMES)
def test_action_for_cards_agrees_with_legal_actions(game: str) -> None:
    rng = random.Random(9)
    agreed = 0
    for seed in SEEDS:
        for st in samples(game, seed):
            if st.is_over:
                continue
            seat = st.to_act
            assert seat is not None
            offered = enumerated(st, seat)
            hand = hand_of(st, seat)
            if not hand:
                continue
            kinds = sorted({a.kind for a in offered} | {"play"})
            for _ in range(15):
                cards = rng.sample(hand, rng.randint(1, min(5, len(hand))))
                for kind in kinds:
                    got = st.action_for_cards(seat, cards, kind)
                    if isinstance(got, Refusal):
                        assert got.rule and got.en
                        continue
                    assert got in st.legal_actions(seat), f"{got} from {cards} is not legal"
                    assert got in offered or Action(got.seat, got.kind, got.play) in offered, \
                        f"{got} from {cards} was not offered"
                    agreed += 1
            # every offered action that the seat's own cards make is found again from those cards
            for a in offered:
                cards = [a.arg] if a.arg in hand and a.play is None else None
                if cards:
                    got = st.action_for_cards(seat, cards, a.kind)
                    assert got == a, (a, got)
    assert agreed > 0


# ---------------------------------------------------------------------------------------------- secrecy


def others_hidden(spec: GameSpec, me: int) -> list[int]:
    mates = set(spec.team_of(me) or (me,))
    return [s for s in range(spec.seats) if s not in mates]


def swap_one_card(st: Any, a: int, b: int) -> bool:
    """Exchange one card of different identity between two hands (keeping any per-hand caches true); a state
    that keeps its hands otherwise (Mahjong's tile counts) does the exchange itself with ``swap_hidden``."""
    swap = getattr(st, "swap_hidden", None)
    if swap is not None:
        return bool(swap(a, b))
    ha, hb = st.hands[a], st.hands[b]
    for i, ca in enumerate(ha):
        for j, cb in enumerate(hb):
            if str(ca) != str(cb):
                ha[i], hb[j] = cb, ca
                if hasattr(st, "counts") and isinstance(st.counts, list) and st.counts \
                        and isinstance(st.counts[0], list):
                    from engine.cards import rank_counts, sort_cards
                    st.hands[a][:] = sort_cards(ha)
                    st.hands[b][:] = sort_cards(hb)
                    st.counts[a] = rank_counts(st.hands[a])
                    st.counts[b] = rank_counts(st.hands[b])
                if hasattr(st, "_ver"):
                    st._ver[a] += 1
                    st._ver[b] += 1
                return True
    return False


@pytest.mark.parametrize("game", GAMES)
def test_swapping_two_other_seats_hidden_cards_leaves_my_view(game: str) -> None:
    spec = spec_of(game)
    swapped = 0
    for st in samples(game, SEEDS[0]):
        if not hasattr(st, "hands") and not hasattr(st, "swap_hidden"):
            pytest.skip(f"{game} keeps no hands list to swap")
        for me in range(st.n_seats):
            hidden = others_hidden(spec, me)
            if len(hidden) < 2:
                continue
            rng = random.Random(me)
            a, b = rng.sample(hidden, 2)
            twin = st.clone()
            mine = json.dumps(twin.view(me, with_history=True), sort_keys=True)
            if not swap_one_card(twin, a, b):
                continue
            assert json.dumps(twin.view(me, with_history=True), sort_keys=True) == mine, \
                f"{game}: seat {me}'s view changed when seats {a} and {b} swapped a hidden card"
            swapped += 1
    assert swapped > 0


@pytest.mark.parametrize("game", GAMES)
def test_an_unpublished_attribute_never_reaches_a_view(game: str) -> None:
    for st in samples(game, SEEDS[0])[:4]:
        st.secret_probe_attribute = "qilu-secret-probe"  # type: ignore[attr-defined]
        for seat in [*range(st.n_seats), None]:
            assert "qilu-secret-probe" not in json.dumps(st.view(seat, with_history=True))


# ---------------------------------------------------------------------------------------------- turns, returns, log


@pytest.mark.parametrize("game", GAMES)
def test_exactly_one_seat_acts_until_over_and_returns_are_the_totals(game: str) -> None:
    spec = spec_of(game)
    for seed in SEEDS:
        for _, st in walk(game, seed):
            if st.is_over:
                assert st.to_act is None
                assert all(len(st.legal_actions(s)) == 0 for s in range(st.n_seats))
            else:
                assert st.to_act is not None and 0 <= st.to_act < st.n_seats
                assert [s for s in range(st.n_seats) if len(st.legal_actions(s))] == [st.to_act]
        r = st.returns()
        assert r == [float(t) for t in st.totals] and all(isinstance(x, float) for x in r)
        for team in spec.teams or ():
            assert len({r[s] for s in team}) == 1, f"{game}: teammates' returns differ"


@pytest.mark.parametrize("game", GAMES)
def test_log_replays_to_the_identical_match(game: str) -> None:
    for seed in SEEDS:
        st = [s for _, s in walk(game, seed)][-1]
        again = log.load(log.dump(st))
        assert again.actions == st.actions
        assert views(again) == views(st)
        assert again.returns() == st.returns()


@pytest.mark.parametrize("game", GAMES)
def test_from_view_rebuilds_what_the_seat_sees(game: str) -> None:
    """Search bots and the desktop's judge state are built by ``spec.from_view(view, hands, seed)``: with the
    true hands filled in, the seat to act is offered the same actions and sees the same view."""
    spec = spec_of(game)
    if spec.from_view is None:
        pytest.skip(f"{game} has no from_view")
    for seed in SEEDS:
        for st in samples(game, seed):
            if st.is_over or not hasattr(st, "hands"):
                continue
            seat = st.to_act
            assert seat is not None
            v = json.loads(json.dumps(st.view(seat)))
            world = spec.from_view(v, [list(h) for h in st.hands], 99)  # type: ignore[attr-defined]
            assert enumerated(world, seat) == enumerated(st, seat)
            assert world.view(seat, with_history=False) == st.view(seat, with_history=False)
