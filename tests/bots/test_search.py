"""The search bot keeps to its time budget and is reproducible when its rollouts are capped."""

from __future__ import annotations

import time

from engine.bots import make_bot

from .conftest import new_state, view_for


def _decision_points(n: int, seed: int = 8) -> list[tuple[dict[str, object], list[object]]]:
    st = new_state("gouji", seed, {"sets_per_game": 1})
    h = make_bot("heuristic", "gouji")
    s = make_bot("search", "gouji")
    out = []
    while not st.is_over and len(out) < n:
        seat = st.to_act
        legal = list(st.legal_actions(seat))
        if st.phase == "play" and len(legal) > 2:
            out.append((view_for(st, seat, s), legal))
        st.apply(h.choose(view_for(st, seat, h), legal).action)
    return out  # type: ignore[return-value]


def test_search_respects_budget() -> None:
    bot = make_bot("search", "gouji", seed=2, budget_ms=200, max_hand=36)
    worst = 0.0
    searched = 0
    for view, legal in _decision_points(8):
        t0 = time.perf_counter()
        d = bot.choose(view, legal)  # type: ignore[arg-type]
        worst = max(worst, (time.perf_counter() - t0) * 1000)
        assert d.action in legal
        stats = getattr(bot, "last_stats", {})
        searched += bool(stats.get("rollouts"))  # it searched (with 8 candidates raced, a loaded machine may
        # finish no whole world of paired rollouts within 200 ms; the decision is then the heuristic's)
        bot.last_stats = {}  # type: ignore[attr-defined]
    assert searched >= 2
    assert worst <= 200 * 1.1 + 10  # budget + 10% (+ slack for a busy test machine)


def test_search_reproducible_with_capped_rollouts() -> None:
    pts = _decision_points(6, seed=9)
    a = make_bot("search", "gouji", seed=4, budget_ms=60_000, rollouts=8, max_hand=36)
    b = make_bot("search", "gouji", seed=4, budget_ms=60_000, rollouts=8, max_hand=36)
    for view, legal in pts:
        assert a.choose(view, legal) == b.choose(view, legal)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------- Baohuang


def _baohuang_points(seed: int, want: int, pred: object = None) -> list[tuple[object, int, dict[str, object], list[object]]]:
    """(state, seat, view, legal) at play-phase decisions of a heuristic table."""
    st = new_state("baohuang", seed)
    h = make_bot("heuristic", "baohuang")
    out = []
    while not st.is_over and len(out) < want:
        seat = st.to_act
        legal = list(st.legal_actions(seat))
        view = view_for(st, seat, h)
        if st.phase == "play" and len(legal) > 1 and (pred is None or pred(st, seat)):  # type: ignore[operator]
            out.append((st.clone(), seat, view, legal))
        st.apply(h.choose(view, legal).action)
    return out  # type: ignore[return-value]


def test_baohuang_sampled_emperor_is_as_strong_as_keeping_the_throne_implies() -> None:
    """B-7: an emperor who kept the throne by choice has a strong hand; the sampled worlds say so too."""
    import random

    from engine.baohuang import Rules
    from engine.bots.baohuang import strength
    from engine.bots.baohuang_search import ACCEPT_STRENGTH, _accepted_freely, _played_cards, sample_hands
    from engine.bots.base import hand_counts

    checked = 0
    for seed in range(40):
        pts = _baohuang_points(seed, 1, lambda st, seat: seat != st.emperor)
        if not pts:
            continue
        st, seat, view, legal = pts[0]
        if not _accepted_freely(view):
            continue
        rules = Rules(dict(view["options"]))  # type: ignore[arg-type]
        rng = random.Random(seed)
        e = int(view["emperor"])  # type: ignore[call-overload]
        since = _played_cards(view)[1].get(e, [])  # what he held when he chose = his hand now + what he played

        tilted, flat = [], []
        for tilt, out in ((True, tilted), (False, flat)):
            for _ in range(20):
                sampled = sample_hands(view, rules, rng, tilt=tilt)
                assert sampled is not None
                out.append(strength(hand_counts(str(c) for c in sampled[e] + since)))
        # every sampled hand keeps the counts and the seat's own cards
        hands = sample_hands(view, rules, rng)
        assert hands is not None
        assert [len(h) for h in hands] == view["counts"]
        assert sorted(map(str, hands[seat])) == sorted(view["hand"])  # type: ignore[arg-type]
        assert sum(t >= ACCEPT_STRENGTH for t in tilted) >= 18
        assert sum(tilted) > sum(flat)
        checked += 1
        if checked >= 3:
            break
    assert checked >= 1


def test_baohuang_guard_never_sampled_among_seats_that_beat_the_emperor() -> None:
    """A hidden guard does not beat his own emperor (B-29): rebels sample the guard among the other seats."""
    import random

    from engine.baohuang import Rules
    from engine.bots.baohuang_search import _beat_emperor, _identity, sample_hands

    def hidden_guard_rebel(st: object, seat: int) -> bool:
        e = st.emperor  # type: ignore[attr-defined]
        return (e is not None and seat not in (e, st.guard) and not st.guard_public  # type: ignore[attr-defined]
                and st.solo is None and len(_beat_emperor(st.view(seat), e)) == 1)  # type: ignore[attr-defined]

    seen = 0
    for seed in range(30):
        for _st, _seat, view, _legal in _baohuang_points(seed, 1, hidden_guard_rebel):
            e = int(view["emperor"])  # type: ignore[call-overload]
            beaters = _beat_emperor(view, e)
            rules = Rules(dict(view["options"]))  # type: ignore[arg-type]
            rng = random.Random(1)
            for _ in range(10):
                hands = sample_hands(view, rules, rng)
                assert hands is not None
                holders = {s for s in range(5) if s != e and any(_identity(c) == view["called"] for c in hands[s])}
                assert holders and not holders & beaters
            seen += 1
        if seen >= 3:
            break
    assert seen >= 1


def test_baohuang_search_respects_budget_and_reproducible() -> None:
    pts = _baohuang_points(5, 40)[::5]
    bot = make_bot("search", "baohuang", seed=3, budget_ms=150)
    worst = 0.0
    for _st, _seat, view, legal in pts:
        t0 = time.perf_counter()
        d = bot.choose(view, legal)  # type: ignore[arg-type]
        worst = max(worst, (time.perf_counter() - t0) * 1000)
        assert d.action in legal
    assert worst <= 150 * 1.1 + 10
    a = make_bot("search", "baohuang", seed=4, budget_ms=60_000, rollouts=12)
    b = make_bot("search", "baohuang", seed=4, budget_ms=60_000, rollouts=12)
    for _st, _seat, view, legal in pts:
        assert a.choose(view, legal) == b.choose(view, legal)  # type: ignore[arg-type]


def test_unchecked_apply_matches_checked_apply() -> None:
    """Rollouts skip the legality check for actions just taken from legal_actions: same resulting game."""
    for game, opts in (("gouji", {"sets_per_game": 1}), ("baohuang", {})):
        a, b = new_state(game, 21, opts), new_state(game, 21, opts)
        h = make_bot("heuristic", game)
        n = 0
        while not a.is_over and n < 3000:
            seat = a.to_act
            act = h.choose(view_for(a, seat, h), list(a.legal_actions(seat))).action
            assert a.apply(act) == b.apply(act, checked=False)
            n += 1
        assert a.is_over and b.is_over
        assert a.view(0) == b.view(0)
