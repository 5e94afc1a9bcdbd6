"""The Shengji invariants (test_shengji_properties) under 三五番 (Part SF), random options of SF.1 and the Part S
options SF-0 keeps: 108 cards accounted for (the 4-card bottom too), every action offered is accepted, trick
winners by SF-16 / S-17, scores and levels by SF-17 / SF-18, no other hand in any view, illegal actions change
nothing, the log replays; and the follows enumerated are exactly those the check accepts (SF-15)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_
from test_shengji_properties import _check_illegal, _check_secrecy

from engine import log
from engine.core import Action
from engine.shengji import SPECS, Rules, State
from engine.shengji.options import SF_KEPT
from engine.shengji.sanwufan_order import sanwufan_order
from engine.trick.cards import POINTS, SUITS, TEXT, codes_of, full_pack, notation, parse_codes, points

RANKS = "23456789TJQKA"


@st_.composite
def options(draw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"variant": "sanwufan"}
    for spec in SPECS:
        if spec.name in ("variant", "preset") or not (spec.name in SF_KEPT or spec.name.startswith("sw_")):
            continue
        if not draw(st_.booleans()):
            continue
        if spec.name == "must_play":
            out["must_play"] = draw(st_.sampled_from([[], ["T", "K"], ["5", "T", "K"], ["3", "9"]]))
        elif spec.name == "throw_fail_penalty":
            out[spec.name] = draw(st_.sampled_from([0, 10]))
        elif spec.name == "base_score":
            out[spec.name] = draw(st_.sampled_from([1, 2]))
        else:
            assert spec.choices is not None
            out[spec.name] = draw(st_.sampled_from(spec.choices))
    return out


def _accounted(st: Any) -> Counter[int]:
    c: Counter[int] = Counter()
    for h in st.held:
        c.update(codes_of(h))
    c.update(st.played)
    c.update(x for _, p in st.trick for x in p)
    if st.phase in ("deal", "declare", "stick", "exchange"):
        c.update(st.pack[st.deal_pos:])
    if st.phase in ("play", "over"):
        c.update(st.buried)
    return c


def _views(st: Any) -> list[dict[str, Any]]:
    return [st.view(s) for s in (None, 0, 1, 2, 3)]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=options(), seed=st_.integers(0, 10_000))
def test_random_sanwufan_hands(opts: dict[str, Any], seed: int) -> None:
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
        seat = st.to_act
        assert seat is not None
        la = st.legal_actions(seat)
        assert len(la) > 0
        action = la[rng.randrange(len(la))]
        assert action in la and st.refusal(action) is None
        if steps % 13 == 0:
            _check_secrecy(st, rng)
            if st.phase in ("deal", "declare", "bury", "play"):
                _check_illegal(st, rng)
        letters = (RANKS[st.level], SUITS[st.trump] if st.trump is not None else None)
        ending = st.phase == "play" and len(st.trick) == 3 and sum(st.held[seat]) == len(st.lead.cards
                                                                                       if st.lead else ())
        pre = (st.defender_points, st.banker, st.view(None)["levels"], list(st.buried), st.lead, list(st.trick)) \
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
                assert plays[w].data["seat"] == e.data["winner"], "the trick winner differs from SF-16"
            if e.kind == "hand_start":
                penalties = 0
        if pre is not None:
            dp, banker, levels, buried, lead, trick = pre
            r = st.last_result
            assert r is not None and lead is not None
            trick = trick + [(seat, tuple(sorted(parse_codes(action.arg or ""))))]
            w = rules.trick_winner([notation(p) for _, p in trick], level=letters[0], trump=letters[1])
            wseat, wplay = trick[w]
            defenders_last = (wseat - banker) % 2 == 1
            last_pts = points(c for _, p in trick for c in p)
            s = rules.settle(dp + (last_pts if defenders_last else 0), banker=banker,
                             banker_level=levels[banker % 2], defender_level=levels[1 - banker % 2],
                             bottom="".join(TEXT[c] for c in buried) or 0, last_lead=str(lead.cards),
                             defenders_last=defenders_last, winning_play=notation(wplay), level=letters[0],
                             trump=letters[1])
            assert (r["points"], r["bank_kept"], r["match_won"]) == (s.points, s.bank_kept, s.match_won)
            assert r["levels"][banker % 2] == s.banker_level and r["levels"][1 - banker % 2] == s.defender_level
            assert r["scores"][banker] == s.banker_score
    again = log.load(log.dump(st))
    assert _views(again) == _views(st) and again.stats == st.stats and again.totals == st.totals


@settings(max_examples=40, deadline=None)
@given(seed=st_.integers(0, 100_000), size=st_.integers(2, 7), high=st_.booleans(), level=st_.integers(0, 12),
       trump=st_.sampled_from(["s", "h", "c", "d"]), four=st_.booleans())
def test_sanwufan_enumeration_matches_the_check(seed: int, size: int, high: bool, level: int, trump: str,
                                                four: bool) -> None:
    """Small random hands: the plays enumerated are exactly the card sets ``refusal`` accepts (SF-15)."""
    rng = random.Random(seed)
    pack = full_pack()
    rng.shuffle(pack)
    pool = [c for c in pack if c >= 52 or c // 13 in (2, 3) or c % 13 in (0, 1, 3)]
    hands = ["".join(TEXT[c] for c in pool[i * size:(i + 1) * size]) for i in range(4)]
    rules = Rules(variant="sanwufan", sw_high_single_follow=high, sw_four_jokers_shan=four)
    st = State(rules, seed=0, hands=1)
    st.held = [[0] * 54 for _ in range(4)]
    for s, h in enumerate(hands):
        for c in parse_codes(h):
            st.held[s][c] += 1
    st.banker, st.bank_team, st.level = 0, 0, level
    st.trump = SUITS.index(trump)
    st.order = sanwufan_order(level, st.trump, True)
    st.phase, st.leader, st.to_act_seat, st.pack, st._cache = "play", 0, 0, [], None
    st.revealed = True

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
