"""Invariants over random Shengji hands under random options (hypothesis): 108 cards accounted for, 200 points,
every follow legal, trick winners by S-17, scores and levels by S-19 … S-22, no other hand in any view, the
log replays identically, and an illegal action leaves the state untouched."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from engine import log
from engine.core import Action
from engine.errors import IllegalAction
from engine.shengji import SPECS, Rules, State
from engine.trick.cards import POINTS, SUITS, TEXT, codes_of, full_pack, notation, parse_codes, points

LEVELS = "23456789TJQKA"


@st_.composite
def options(draw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in SPECS:
        if spec.name == "variant" or not draw(st_.booleans()):
            continue
        if spec.name == "must_play":
            out["must_play"] = draw(st_.sampled_from([[], ["T", "K"], ["5", "T", "K"], ["3", "9"]]))
        elif spec.name == "throw_fail_penalty":
            out[spec.name] = draw(st_.sampled_from([0, 10, 5]))
        elif spec.name == "base_score":
            out[spec.name] = draw(st_.sampled_from([1, 2, 3]))
        else:
            assert spec.choices is not None
            out[spec.name] = draw(st_.sampled_from(spec.choices))
    return out


def _accounted(st: State) -> Counter[int]:
    c: Counter[int] = Counter()
    for h in st.held:
        c.update(codes_of(h))
    c.update(st.played)
    c.update(x for _, p in st.trick for x in p)
    if st.phase in ("deal", "declare"):
        c.update(st.pack[st.deal_pos:])
    if st.phase in ("play", "over"):
        c.update(st.buried)
    return c


def _views(st: State) -> list[dict[str, Any]]:
    return [st.view(s) for s in (None, 0, 1, 2, 3)]


def _check_secrecy(st: State, rng: random.Random) -> None:
    viewer = rng.randrange(4)
    others = [s for s in range(4) if s != viewer and sum(st.held[s])]
    if len(others) < 2:
        return
    a, b = rng.sample(others, 2)
    ca, cb = rng.choice(codes_of(st.held[a])), rng.choice(codes_of(st.held[b]))
    if ca == cb:
        return
    before = st.view(viewer)
    for s, out, into in ((a, ca, cb), (b, cb, ca)):
        st.held[s][out] -= 1
        st.held[s][into] += 1
    st._cache = None
    after = st.view(viewer)
    for s, out, into in ((a, ca, cb), (b, cb, ca)):
        st.held[s][out] += 1
        st.held[s][into] -= 1
    st._cache = None
    assert before == after, "a view changed when two other seats' hidden cards were swapped"


def _check_illegal(st: State, rng: random.Random) -> None:
    seat = st.to_act
    assert seat is not None
    hand = codes_of(st.held[seat])
    tries = [Action((seat + 1) % 4, "pass"), Action(seat, "play", None, "3h3h3h")]
    if hand:
        k = rng.randrange(1, min(len(hand), 9) + 1)
        tries.append(Action(seat, "play" if st.phase != "bury" else "bury", None, notation(rng.sample(hand, k))))
    for a in tries:
        if st.refusal(a) is None:
            continue
        before = (_views(st), len(st.actions), Counter(st.stats))
        try:
            st.apply(a)
        except IllegalAction as e:
            assert e.rule
        else:
            raise AssertionError(f"{a} was applied although refused")
        assert (_views(st), len(st.actions), Counter(st.stats)) == before


def _letters(st: State) -> tuple[str, str | None]:
    return LEVELS[st.level], SUITS[st.trump] if st.trump is not None else None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=options(), seed=st_.integers(0, 10_000))
def test_random_hands(opts: dict[str, Any], seed: int) -> None:
    rules = Rules(**opts)
    st = State(rules, seed=seed, hands=2)
    rng = random.Random(seed)
    assert sum(POINTS[c] for c in full_pack()) == 200
    penalties = 0
    steps = 0
    while not st.is_over:
        steps += 1
        assert _accounted(st) == Counter(full_pack())
        if st.phase == "play" and st.banker is not None:
            dt = 1 - st.banker % 2
            assert st.defender_points - penalties == points(st.captured[dt])
            assert points(st.captured[0] + st.captured[1]) == points(st.played)
        seat = st.to_act
        assert seat is not None
        la = st.legal_actions(seat)
        n = len(la)
        assert n > 0
        action = la[rng.randrange(n)]
        assert action in la and st.refusal(action) is None
        if steps % 17 == 0:
            _check_secrecy(st, rng)
            _check_illegal(st, rng)
        letters = _letters(st)
        ending = st.phase == "play" and len(st.trick) == 3 and sum(st.held[seat]) == len(st.lead.cards
                                                                                       if st.lead else ())
        pre = (st.defender_points, st.banker, list(st.levels), list(st.buried), st.lead, list(st.trick)) \
            if ending else None
        events = st.apply(action)
        base = len(st.history) - len(events)
        for i, e in enumerate(events):
            if e.kind == "throw_failed":
                pen = e.data.get("penalty", 0)
                penalties += -pen if (e.data["seat"] - (st.banker or 0)) % 2 else pen
            if e.kind == "trick":
                plays = [x for x in st.history[:base + i] if x.kind == "play"][-4:]
                w = rules.trick_winner([x.data["cards"] for x in plays], level=letters[0], trump=letters[1])
                assert plays[w].data["seat"] == e.data["winner"], "the trick winner differs from S-17"
            if e.kind == "hand_start":
                penalties = 0
        if pre is not None:
            dp, banker, levels, buried, lead, trick = pre
            level, trump = letters
            r = st.last_result
            assert r is not None and lead is not None
            trick = trick + [(seat, tuple(sorted(parse_codes(action.arg or ""))))]
            w = rules.trick_winner([notation(p) for _, p in trick], level=level, trump=trump)
            wseat, wplay = trick[w]
            last_pts = points(c for _, p in trick for c in p)
            defenders_last = (wseat - banker) % 2 == 1
            s = rules.settle(dp + (last_pts if defenders_last else 0), banker=banker,
                             banker_level=LEVELS[levels[banker % 2]], defender_level=LEVELS[levels[1 - banker % 2]],
                             bottom="".join(TEXT[c] for c in buried) or 0, last_lead=str(lead.cards),
                             defenders_last=defenders_last, winning_play=notation(wplay), level=level, trump=trump)
            assert (r["points"], r["next_banker"], r["bank_kept"]) == (s.points, s.next_banker, s.bank_kept)
            assert r["levels"][banker % 2] == s.banker_level and r["levels"][1 - banker % 2] == s.defender_level
            assert r["scores"][banker] == s.banker_score and r["scores"][(banker + 1) % 4] == s.defenders_score
    text = log.dump(st)
    again = log.load(text)
    assert _views(again) == _views(st) and again.stats == st.stats and again.totals == st.totals


@settings(max_examples=40, deadline=None)
@given(seed=st_.integers(0, 100_000), size=st_.integers(2, 7), typed=st_.booleans(), protect=st_.booleans(),
       level=st_.integers(0, 12), trump=st_.sampled_from(["s", "h", "c", "d", None]))
def test_enumeration_matches_the_check(seed: int, size: int, typed: bool, protect: bool, level: int,
                                       trump: str | None) -> None:
    """Small random hands: the plays enumerated by shape are exactly the card sets ``refusal`` accepts, for
    the lead and for every follower (S-15, S-16, S-16a) — one legal-move authority."""
    import itertools

    from shengji_helpers import table
    rng = random.Random(seed)
    pack = full_pack()
    rng.shuffle(pack)
    # few suits so that pairs, tractors and voids are common
    pool = [c for c in pack if c >= 52 or c // 13 in (2, 3)]
    hands = ["".join(TEXT[c] for c in pool[i * size:(i + 1) * size]) for i in range(4)]
    rules = Rules(follow_type_required=typed,
                  tractor_protection="tractor_only_by_tractor" if protect else "none")
    st = table(hands, banker=0, level=LEVELS[level], trump=trump, rules=rules)

    def brute(seat: int, n: int | None) -> set[str]:
        hand = codes_of(st.held[seat])
        out: set[str] = set()
        for k in ([n] if n else range(1, len(hand) + 1)):
            for combo in set(itertools.combinations(sorted(hand), k)):
                a = Action(seat, "play", None, notation(combo))
                if st.refusal(a) is None:
                    out.add(a.arg or "")
        return out

    la = st.legal_actions(0)
    got = [a.arg for a in la]
    assert len(got) == len(set(got)) == len(la) and set(got) == brute(0, None)
    st.apply(la[rng.randrange(len(la))])
    n = len(st.lead.cards) if st.lead else 0
    for seat in (1, 2, 3):
        la = st.legal_actions(seat)
        got = [a.arg for a in la]
        assert len(got) == len(set(got)) == len(la) and set(got) == brute(seat, n)
        st.apply(la[rng.randrange(len(la))])
