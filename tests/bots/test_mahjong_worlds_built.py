"""The Mahjong search's built worlds (issue 17): each hidden hand built by simulated draws
(engine.bots.mahjong_search.build_hand) instead of dealt uniformly. A built world still holds exactly the
tiles the seat cannot see (M-10) — the hidden hands of the counts the view shows, the rest in the wall — it is
made from the view alone, and its hands are nearer to ready than dealt ones, as the real hands are. With
``river_keep`` under 1 a built hand that is ready and waits on its own seat's discard (现物) is mostly drawn
again, as a real player rarely keeps such a wait."""

from __future__ import annotations

import random
import statistics
from collections import Counter

from engine.bots.mahjong import unseen
from engine.bots.mahjong_players import fast_discard
from engine.bots.mahjong_realism import measure
from engine.bots.mahjong_search import MahjongSearchBot, build_hand, own_draws, waits_on
from engine.mahjong import Rules
from engine.tiles import parse_tiles, shanten_counts

from .conftest import copy_view
from .test_mahjong_bots_search import _ready_state


def _hidden_tiles(world: object, seat: int) -> Counter[int]:
    """The tiles of a world that ``seat`` cannot see: the other concealed hands and the live wall."""
    t = world.t  # type: ignore[attr-defined]
    c: Counter[int] = Counter()
    for s in range(4):
        if s != seat:
            c.update({i: n for i, n in enumerate(t.hands[s]) if n})
    c.update(x.idx for x in t.wall[t.front:t.back])
    return c


def test_built_worlds_hold_exactly_the_unseen_tiles() -> None:
    for seed in (21, 22, 23):
        st, seat = _ready_state(seed)
        view = copy_view(st.view(seat))
        live = unseen(view)
        want = Counter({i: n for i, n in enumerate(live) if n})
        for river_keep in (1.0, 0.0):  # a hand drawn again gives its tiles back first
            bot = MahjongSearchBot(seed, build=1.6, river_keep=river_keep)
            for _ in range(10):
                w = bot._sample(view)
                assert w is not None
                assert list(w.t.hands[seat]) == list(st.t.hands[seat])
                for s in range(4):
                    assert sum(w.t.hands[s]) == sum(st.t.hands[s])
                assert _hidden_tiles(w, seat) == want


def test_built_worlds_come_from_the_view_alone() -> None:
    """Scramble the hidden tiles: the view is the same, and so is every built world from the same seed."""
    st, seat = _ready_state(27)
    other = st.clone()
    others = [s for s in range(4) if s != seat]
    rng = random.Random(5)
    for _ in range(40):
        a, b = rng.sample(others, 2)
        other.swap_hidden(a, b)
    assert [list(h) for h in other.t.hands] != [list(h) for h in st.t.hands]
    v1, v2 = copy_view(st.view(seat)), copy_view(other.view(seat))
    assert v1 == v2
    b1, b2 = MahjongSearchBot(3, build=1.6), MahjongSearchBot(3, build=1.6)
    for _ in range(5):
        w1, w2 = b1._sample(v1), b2._sample(v2)
        assert w1 is not None and w2 is not None
        assert [list(h) for h in w1.t.hands] == [list(h) for h in w2.t.hands] and w1.t.wall == w2.t.wall


def test_build_hand_keeps_the_tiles_and_nears_ready() -> None:
    rule = Rules().win_rule
    rng = random.Random(1)
    dealt, built = [], []
    for _ in range(60):
        pool = [i for i in range(34) for _ in range(4)]
        rng.shuffle(pool)
        h = [0] * 34
        for x in pool[:13]:
            h[x] += 1
        del pool[:13]
        before = Counter(pool) + Counter({i: n for i, n in enumerate(h) if n})
        dealt.append(shanten_counts(rule, h, []))
        build_hand(rule, h, [], pool, 12, rng)
        assert sum(h) == 13 and len(pool) == 136 - 13
        assert Counter(pool) + Counter({i: n for i, n in enumerate(h) if n}) == before
        built.append(shanten_counts(rule, h, []))
    assert statistics.mean(built) <= statistics.mean(dealt) - 1.0


def test_own_draws_discount_the_discards_after_a_claim() -> None:
    view = {"rivers": [["1m", "2m", "3m", "E"], [], [], []],
            "melds": [[{"tiles": "555p", "claimed": True, "kong": None}], [], [], []]}
    assert own_draws(view, 0) == 3
    assert own_draws(view, 1) == 0


def test_built_worlds_are_as_near_ready_as_the_real_hands() -> None:
    """On a few heuristic games (seed 41 calibrated the default draws): uniformly dealt stand-ins are well
    over a step further from ready than the real hands; built ones within half a step."""
    dealt = measure(41, range(0, 4), 0.0, 3)
    built = measure(41, range(0, 4), 1.6, 3)
    assert dealt["gap"]["mean"] > 1.0
    assert abs(built["gap"]["mean"]) < 0.5


def test_the_builder_throws_what_the_rollout_player_throws() -> None:
    """One simulated draw: the drawn tile joins the hand and the rollout players' discard
    (engine.bots.mahjong_players.fast_discard) leaves it for the pool."""
    rule = Rules().win_rule
    h = [0] * 34
    for t in parse_tiles("123m456p789s55s9pE"):
        h[t.idx] += 1
    drawn = parse_tiles("N")[0].idx
    expect = list(h)
    expect[drawn] += 1
    thrown = fast_discard(rule, expect, [])
    expect[thrown] -= 1
    pool = [drawn]
    build_hand(rule, h, [], pool, 1, random.Random(0))
    assert h == expect and pool == [thrown]


def test_waits_on_asks_a_ready_hand_for_its_waits() -> None:
    rule = Rules().win_rule
    h = [0] * 34
    for t in parse_tiles("123m456p789s55s78m"):  # ready on 6m and 9m (M-11a)
        h[t.idx] += 1
    before = list(h)
    six, nine, one = (parse_tiles(x)[0].idx for x in ("6m", "9m", "1m"))
    assert waits_on(rule, h, [], {six}) and waits_on(rule, h, [], {one, nine})
    assert not waits_on(rule, h, [], {one})
    assert h == before
    h[parse_tiles("5s")[0].idx] -= 1
    h[parse_tiles("E")[0].idx] += 1  # one step from ready: no waits at all
    assert not waits_on(rule, h, [], {six, nine})


def test_built_ready_hands_keep_off_their_own_discards() -> None:
    """On heuristic games (seed 41): as built, some ready stand-ins wait on a tile their seat has discarded;
    with ``river_keep`` 0 every such hand is drawn again (a few tries at most), and the hands stay as near
    ready as before."""
    kept = measure(41, range(0, 8), 1.6, 3, river_keep=1.0)
    redrawn = measure(41, range(0, 8), 1.6, 3, river_keep=0.0)
    assert kept["ready_waiting_on_own_discard"]["sampled"]["share"] > 0.05
    assert redrawn["ready_waiting_on_own_discard"]["sampled"]["share"] < 0.02
    assert abs(redrawn["gap"]["mean"]) < 0.5


def test_exposure_reads_kongs_and_waits_of_the_other_seats_only() -> None:
    """``--exposure``'s truth: a kind another seat holds three of (M-9: its exposed kong) or waits on (M-11a);
    the seat's own triplet and its own wait are no danger to it."""
    from engine.bots.mahjong_realism import kong_tiles, win_tiles
    rule = Rules().win_rule
    hands = [[0] * 34 for _ in range(4)]
    for seat, tiles in ((0, "999s 234m"), (1, "555m 234p 567p 678s 5s"), (2, "11p")):
        for t in parse_tiles(tiles):
            hands[seat][t.idx] += 1
    melds: list[list[object]] = [[], [], [], []]
    five_m, five_s, eight_s = (parse_tiles(x)[0].idx for x in ("5m", "5s", "8s"))
    assert kong_tiles(hands, 0) == {five_m}
    assert win_tiles(rule, hands, melds, 0) == {five_s, eight_s}   # seat 1: 5s pairs, 8s reads 567s + 88s
    assert parse_tiles("9s")[0].idx in kong_tiles(hands, 1)        # seat 0's triplet is seat 1's danger


def test_exposure_counts_every_kind_once_per_danger() -> None:
    from engine.bots.mahjong_realism import exposure
    r = exposure(467, range(1), worlds=3)
    kinds = {what: sum(row["kinds"] for row in rows) for what, rows in r.items()}
    assert kinds["kong"] == kinds["win"] > 0
    assert all(0.0 <= row["true"] <= 1.0 for rows in r.values() for row in rows)
