"""The Mahjong rollout simulator (engine.bots.mahjong_sim, issue 17) against the real state machine: from the
same world, with the same rollout players and the same first action, a hand plays to the same end — the
same winners, the same way (self-draw, discard, robbed kong, drawn hand, the horizon) and the same payment
(M-12 … M-22) — on a few hundred rollouts from positions of real games; its shanten is engine.tiles'
(M-11a); a copy is a separate world; a robbed added kong (M-13) ends the hand as the state machine ends it."""

from __future__ import annotations

import random

import pytest

from engine.bots.mahjong import make_mahjong_bot
from engine.bots.mahjong_counts import fast_shanten, shanten_after
from engine.bots.mahjong_search import MahjongSearchBot
from engine.bots.mahjong_sim import Sim
from engine.core import Action
from engine.mahjong import Rules, State
from engine.mahjong.state import Setup
from engine.tiles import TILES, Meld, WinRule, is_win_counts, meld_of, parse_tiles, shanten_counts

from .conftest import copy_view


def _state_rollout(st: State, me: int, first: Action, keep_wait: bool, horizon: int) -> tuple[float, str, tuple[int, ...]]:
    """The search's rollout on the state machine (its reference), with how the hand ended."""
    w = st.clone()
    n = len(w.results)
    rob = w.stats["rob_kong"]
    bot = MahjongSearchBot(0, horizon=horizon)
    score = bot._rollout_state(w, me, first, keep_wait)
    if len(w.results) == n:
        return score, "horizon", ()
    res = w.results[n]
    if res["drawn"]:
        return score, "drawn", ()
    kind = "rob" if w.stats["rob_kong"] > rob else "self" if res["wins"][0]["self_drawn"] else "discard"
    return score, kind, tuple(res["winners"])


def _sim_rollout(st: State, me: int, first: Action, keep_wait: bool, horizon: int) -> tuple[float, str, tuple[int, ...]]:
    sim = Sim.from_state(st)
    x = parse_tiles(str(first.arg))[0].idx if first.kind == "discard" else None
    score = sim.play(me, (first.kind, x), keep_wait, horizon)
    assert sim.end is not None
    spans = ((0, 9), (9, 18), (18, 27), (27, 34))  # the counts the win check's count test reads, kept up
    assert sim.sums == [[sum(h[a:b]) for a, b in spans] for h in sim.hands]
    assert sim.odd == [sum(n & 1 for n in h) for h in sim.hands]
    return score, sim.end[0], sim.end[1]


def _firsts(st: State, s: int) -> list[Action]:
    """The first actions a search would play out here: discards on a move, 胡 or 过 in a round."""
    legal = list(st.legal_actions(s))
    if st.round is None:
        return [a for a in legal if a.kind == "discard"][:2]
    if any(a.kind == "win" for a in legal):
        return [a for a in legal if a.kind in ("win", "pass")]
    return []


@pytest.mark.parametrize("seed", range(8))
def test_simulator_plays_hands_as_the_state_machine(seed: int) -> None:
    """Positions every few moves of heuristic games under varied options; at each, both engines play out
    the first actions (with and without keeping the wait, M-14); every rollout must agree exactly. Seeds 1
    and 4 allow 明楼 (M-15: the heuristic declares it, and a 明楼 seat throws its drawn tiles)."""
    rng = random.Random(seed)
    opts = {"allow_chow": seed % 3 != 0, "scoring": "fan" if seed % 4 == 1 else "simple",
            "multiple_winners": seed == 5, "honors": seed != 6, "pass_lock": seed != 7,
            "kong_payments": seed != 2, "jiang258_for_big_hands": seed != 3, "minglou": seed in (1, 4),
            "rob_kong": seed != 0, "win_on_discard": seed != 6}
    agreed = 0
    ends: set[str] = set()
    for k in range(4):
        st = State(Rules(match="hands", match_hands=1, **opts), seed=100 * seed + k)
        bots = [make_mahjong_bot("heuristic", seed=seed + s) for s in range(4)]
        step = 0
        while not st.is_over:
            s = st.to_act
            assert s is not None and step < 3000
            if rng.random() < 0.2:
                for a in _firsts(st, s):
                    for keep in (False, True):
                        horizon = rng.choice([6, 40])
                        ref = _state_rollout(st, s, a, keep, horizon)
                        assert _sim_rollout(st, s, a, keep, horizon) == ref, (seed, k, step, a, keep)
                        ends.add(ref[1])
                        agreed += 1
            st.apply(bots[s].choose(copy_view(st.view(s)), list(st.legal_actions(s))).action)
            step += 1
    assert agreed >= 30
    assert {"horizon", "discard"} <= ends or {"horizon", "self"} <= ends


def test_simulator_plays_sampled_worlds_as_the_state_machine() -> None:
    """The search's own worlds (sampled from a view, M-10): both engines agree on each, the candidates paired."""
    from .test_mahjong_bots_search import _ready_state

    agreed = 0
    for seed in (31, 32, 33):
        st, seat = _ready_state(seed)
        view = copy_view(st.view(seat))
        bot = MahjongSearchBot(seed, search_shanten=9)
        cands = [a for a in st.legal_actions(seat) if a.kind == "discard"][:3]
        for _ in range(8):
            world = bot._sample(view)
            assert world is not None
            for a in cands:
                assert _sim_rollout(world, seat, a, False, 40) == _state_rollout(world, seat, a, False, 40)
                agreed += 1
    assert agreed == 72


def test_a_robbed_added_kong_ends_the_hand_alike() -> None:
    """M-13: seat 0 draws the fourth 5m onto its exposed pung; seat 2 waits on 5m and robs it; the kong-maker
    pays the robber as a discarder (M-20: 抢杠胡 is a big pattern, V = 2) and the robbed kong pays nothing."""
    st = State(Rules(match="hands", match_hands=1, allow_chow=False), seed=3,
               setup=Setup(hands=["555m1p1p9p9pEESSWN", "2m3m7m8m3p7p3s4s7s8sCFB", "123p456p789s22s46m",
                                  "1m1m9m9m2p5p5p8p1s9s9s6s6sN"], front=["5m"], dealer=3))
    st.t.hands[0][parse_tiles("5m")[0].idx] -= 3  # the pung is already exposed (claimed from seat 2 earlier)
    st.t.melds[0].append(meld_of(parse_tiles("555m"), claimed=True, source=2))
    assert st.to_act == 3 and st.round is None
    firsts = [a for a in st.legal_actions(3) if a.kind == "discard" and a.arg == "N"]
    ref = _state_rollout(st, 0, firsts[0], False, 40)
    assert ref[1] == "rob" and ref[2] == (2,) and ref[0] == -2.0
    assert _sim_rollout(st, 0, firsts[0], False, 40) == ref


def test_a_copy_is_a_separate_world() -> None:
    from .test_mahjong_bots_search import _ready_state

    st, seat = _ready_state(41)
    sim = Sim.from_state(st)
    before = ([list(h) for h in sim.hands], [list(m) for m in sim.melds], sim.front, sim.back)
    a = next(a for a in st.legal_actions(seat) if a.kind == "discard")
    x = parse_tiles(str(a.arg))[0].idx
    r1 = sim.copy().play(seat, ("discard", x), False, 40)
    assert ([list(h) for h in sim.hands], [list(m) for m in sim.melds], sim.front, sim.back) == before
    assert sim.copy().play(seat, ("discard", x), False, 40) == r1  # the same world, the same hand


def test_fast_shanten_is_engine_shanten() -> None:
    """M-11a: the simulator's shanten (the same per-group tables, combined pairwise and remembered) equals
    engine.tiles' on random hands of every size with melds, under each win rule."""
    rng = random.Random(7)
    rules = [WinRule(), WinRule(big_hands_258=False), WinRule(seven_pairs_258=True),
             WinRule(honours=False, thirteen_orphans=False), WinRule(seven_pairs=False, thirteen_orphans=False)]
    checked = 0
    for _ in range(3000):
        rule = rng.choice(rules)
        kinds = 34 if rule.honours else 27
        used = [0] * 34
        melds = []
        for _ in range(rng.choice([0, 0, 0, 1, 2, 3])):
            i = rng.randrange(kinds)
            if i < 27 and i % 9 <= 6 and rng.random() < 0.5:
                melds.append(meld_of([TILES[i], TILES[i + 1], TILES[i + 2]]))
                for j in (i, i + 1, i + 2):
                    used[j] += 1
            else:
                melds.append(meld_of([TILES[i]] * 3))
                used[i] += 3
        if any(u > 4 for u in used):
            continue
        pool = [i for i in range(kinds) for _ in range(4 - used[i])]
        rng.shuffle(pool)
        c = [0] * 34
        for i in pool[:3 * (4 - len(melds)) + rng.choice([1, 2])]:
            c[i] += 1
        assert fast_shanten(rule, c, melds) == shanten_counts(rule, c, melds), (rule, c, melds)
        checked += 1
    assert checked > 2500


def _random_hand(rng: random.Random, rule: WinRule, extra: int) -> tuple[list[int], list[Meld]]:
    kinds = 34 if rule.honours else 27
    used = [0] * 34
    melds: list[Meld] = []
    for _ in range(rng.choice([0, 0, 0, 1, 2, 3])):
        i = rng.randrange(kinds)
        if i < 27 and i % 9 <= 6 and rng.random() < 0.5:
            if any(used[j] >= 4 for j in (i, i + 1, i + 2)):
                continue
            melds.append(meld_of([TILES[i], TILES[i + 1], TILES[i + 2]]))
            for j in (i, i + 1, i + 2):
                used[j] += 1
        elif used[i] == 0:
            melds.append(meld_of([TILES[i]] * 3))
            used[i] += 3
    pool = [i for i in range(kinds) for _ in range(4 - used[i])]
    rng.shuffle(pool)
    c = [0] * 34
    for i in pool[:3 * (4 - len(melds)) + extra]:
        c[i] += 1
    return c, melds


_RULES = [WinRule(), WinRule(big_hands_258=False), WinRule(seven_pairs_258=True),
          WinRule(honours=False, thirteen_orphans=False), WinRule(seven_pairs=False, thirteen_orphans=False)]


def test_shanten_after_a_discard_is_engine_shanten() -> None:
    """M-11a: the shanten a rollout player weighs for each of its candidate discards (the untouched groups'
    tables kept) equals engine.tiles' shanten of the hand less that tile, and the hand is left as it was."""
    rng = random.Random(8)
    for _ in range(2000):
        rule = rng.choice(_RULES)
        c, melds = _random_hand(rng, rule, 2)
        cands = [i for i in range(34) if c[i]]
        rng.shuffle(cands)
        before = list(c)
        got = shanten_after(rule, c, melds, cands[:3])
        assert c == before
        want = []
        for i in cands[:3]:
            c[i] -= 1
            want.append(shanten_counts(rule, c, melds))
            c[i] += 1
        assert got == want, (rule, c, melds, cands[:3])


def test_the_win_precheck_never_refuses_a_win() -> None:
    """M-11: the simulator's count test in front of its win check (group counts and odd kinds kept as the
    hand changes) answers as engine.tiles' win check, on random hands and on hands one tile from a
    standard win (every tile tried), under each win rule."""
    rng = random.Random(9)
    tables = [Rules(), Rules(jiang258_for_big_hands=False), Rules(seven_pairs_258=True), Rules(honors=False),
              Rules(seven_pairs=False, thirteen_orphans=False)]
    wins = 0
    for k in range(1500):
        rules = rng.choice(tables)
        rule = rules.win_rule
        if k % 2:
            c, melds = _random_hand(rng, rule, 1)
        else:
            c, melds = [0] * 34, []
            for _ in range(4):
                i = rng.randrange(27)
                if i % 9 <= 6 and rng.random() < 0.6:
                    for j in (i, i + 1, i + 2):
                        c[j] += 1
                else:
                    c[i] += 3
            c[rng.choice([1, 4, 7, 10, 13, 16, 19, 22, 25])] += 2
            if max(c) > 4:
                continue
            c[rng.choice([i for i in range(34) if c[i]])] -= 1
        sim = Sim(rules, [list(c), [0] * 34, [0] * 34, [0] * 34], [list(melds), [], [], []], [], [], [False] * 4,
                  [False] * 4, 1, 1, None, False)
        for x in range(34 if rule.honours else 27):
            c[x] += 1
            want = is_win_counts(rule, c, melds)
            c[x] -= 1
            assert sim._wins_on(0, x) == want, (rule, c, melds, x)
            wins += want
    assert wins > 300


def test_shanten_stays_right_when_its_caches_fill(monkeypatch: pytest.MonkeyPatch) -> None:
    """The caches are bounded and forgotten when full — only between two counts, so a count never loses its
    tables halfway: with tiny bounds (cleared every few counts) the answers are still engine.tiles'."""
    from engine.bots import mahjong_counts

    monkeypatch.setattr(mahjong_counts, "_MEMO_CAP", 12)
    rng = random.Random(10)
    for _ in range(400):
        rule = rng.choice(_RULES)
        c, melds = _random_hand(rng, rule, 2)
        cands = [i for i in range(34) if c[i]][:3]
        want = []
        for i in cands:
            c[i] -= 1
            want.append(shanten_counts(rule, c, melds))
            c[i] += 1
        assert shanten_after(rule, c, melds, cands) == want
        assert fast_shanten(rule, c, melds) == shanten_counts(rule, c, melds)
    mahjong_counts._clear_tables()  # leave no table built under the tiny bound behind


def test_with_table_passes_a_rollout_seat_passes_a_discard_win_as_the_heuristic_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``TABLE_PASSES`` (off): a rollout seat offered a plain discard win (V 1, M-20) on a wide wait passes it
    for a self-draw while the wall is long, as HeuristicBot._take_win does, and is locked (M-14); under the
    heuristic's ``min_wall`` it takes it. Seat 1 waits on 1s/4s/7s (23456s, the 2-5-8 pair 55p)."""
    from engine.bots import mahjong_sim
    from engine.bots.mahjong import HeuristicBot

    setup = Setup(hands=["1m1m1m9m9m9mEEESSSW1p", "234m567m23456s55p", "2m3m7m8m3p7p3s8s8s9sCFB",
                         "1m9m2p2p5p8p8p1s9s6s6sNN"], dealer=0)
    st = State(Rules(match="hands", match_hands=1, allow_chow=False), seed=5, setup=setup)
    x = parse_tiles("4s")[0].idx
    sim = Sim.from_state(st)
    sim.hands[0][x] += 1   # the dealer throws a 4s (not dealt to him: only the count matters here)
    sim.hands[0][parse_tiles("1p")[0].idx] -= 1
    sim._sub(0, x)
    sim._to_river(0, x)
    assert sim._wins_on(1, x) and sim.wall_left >= HeuristicBot().min_wall
    assert sim._passes_win(1, x, False)
    monkeypatch.setattr(mahjong_sim, "TABLE_PASSES", True)
    late = sim.copy()
    assert sim._round("discard", x, 0, {}, 0) is None and sim.locked[1]   # passed, locked, play goes on
    late.front = late.back - (HeuristicBot().min_wall - 1)
    assert not late._passes_win(1, x, False)
    assert late._round("discard", x, 0, {}, 0) == -1.0 and late.end == ("discard", (1,))   # seat 0 pays seat 1
    monkeypatch.setattr(mahjong_sim, "TABLE_PASSES", False)
    off = Sim.from_state(st)
    off.hands[0][x] += 1
    off.hands[0][parse_tiles("1p")[0].idx] -= 1
    off._sub(0, x)
    off._to_river(0, x)
    assert off._round("discard", x, 0, {}, 1) == 1.0 and not off.locked[1]   # the default takes every win
