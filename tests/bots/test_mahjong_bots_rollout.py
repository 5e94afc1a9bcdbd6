"""The Shandong Mahjong search's rollout players (issue 17): on real states of real games they choose a legal
action, take what the heuristic takes (a win, a kong, a pung or chow only when it lowers the shanten, M-6,
M-11a, weighed by the few least connected discards it would then make), discard no worse in shanten than the least connected tile, leave the world's counts as they were,
and choose the same again on the same state. The discard search stays off unless asked."""

from __future__ import annotations

import time

import pytest

from engine.bots import mahjong_search
from engine.bots.mahjong import make_mahjong_bot, ranking_rule
from engine.bots.mahjong_search import MahjongSearchBot, _fast_pick, _keep_value
from engine.bots.mahjong_splayer import state_discard
from engine.core import Action
from engine.mahjong import Rules, State
from engine.mahjong.state import Setup
from engine.tiles import Tile, meld_of, parse_tiles, shanten_counts

from .conftest import copy_view


def _after_claim(st: State, s: int, a: Action) -> int:
    """The lowest shanten the seat reaches by claiming ``a`` and then discarding (M-8)."""
    assert st.round is not None
    rule = st.rules.win_rule
    h = list(st.t.hands[s])
    tiles = parse_tiles(str(a.arg))
    rest = list(tiles)
    rest.remove(st.round.tile)
    for t in rest:
        h[t.idx] -= 1
    melds = [*st.t.melds[s], meld_of(tiles, kong=None)]
    best = 99
    for i in range(34):
        if h[i]:
            h[i] -= 1
            best = min(best, shanten_counts(rule, h, melds))
            h[i] += 1
    return best


def _check_pick(st: State, s: int) -> tuple[Action, bool]:
    acts = st._legal(s)
    w = st.clone()
    before = ([list(h) for h in w.t.hands], [list(m) for m in w.t.melds])
    pick = _fast_pick(w, s, acts)
    assert pick in acts, (pick, acts)
    assert ([list(h) for h in w.t.hands], [list(m) for m in w.t.melds]) == before  # counts restored
    assert _fast_pick(st.clone(), s, acts) == pick  # the same state, the same choice
    kinds = {a.kind for a in acts}
    rule = st.rules.win_rule
    h = st.t.hands[s]
    melds = st.t.melds[s]
    claimed = False
    if "win" in kinds:
        assert pick.kind == "win"  # M-11, M-12: a rollout player never passes a win
    elif "kong" in kinds:
        assert pick.kind == "kong"  # M-9, M-22: paid at once
    elif st.round is not None:
        cur = shanten_counts(ranking_rule(rule, list(h), melds), h, melds)  # on the heuristic's way (七对 dearer)
        offered = [a for a in acts if a.kind in ("pung", "chow")]
        if pick.kind in ("pung", "chow"):
            claimed = True
            assert _after_claim(st, s, pick) < cur  # a claim it takes brings the hand nearer (M-11a)
        else:
            assert pick.kind == "pass"
        if all(_after_claim(st, s, a) >= cur for a in offered):
            assert pick.kind == "pass"  # a claim that brings nothing is never taken
    else:
        assert pick.kind == "discard"
        i = Tile(str(pick.arg)).idx
        # the old least-connected player (table=False) never discards worse in shanten than the least
        # connected tile; the heuristic's discard (the default) may, for a double-paying way or a fold
        old = _fast_pick(st.clone(), s, acts, table=False)
        j = Tile(str(old.arg)).idx
        least = min((i for i in range(34) if h[i]), key=lambda j: _keep_value(h, j))
        g = list(h)
        g[j] -= 1
        mine = shanten_counts(rule, g, melds)
        g[j] += 1
        g[least] -= 1
        assert mine <= shanten_counts(rule, g, melds)
        assert i == state_discard(st, s) and h[i] > 0
    return pick, claimed


@pytest.mark.parametrize("seed", [3, 4, 11])
def test_rollout_players_claim_and_discard_like_the_heuristic(seed: int) -> None:
    """Real games of heuristic bots; at every decision the rollout player's choice is checked on that state."""
    st = State(Rules(match="hands", match_hands=2, allow_chow=seed % 2 == 1), seed=seed)
    bots = [make_mahjong_bot("heuristic", seed=seed + s) for s in range(4)]
    kinds: set[str] = set()
    claims = 0
    steps = 0
    same = discards = 0
    while not st.is_over:
        s = st.to_act
        assert s is not None and steps < 3000
        pick, claimed = _check_pick(st, s)
        kinds.add(pick.kind)
        claims += claimed
        a = bots[s].choose(copy_view(st.view(s)), list(st.legal_actions(s))).action
        if pick.kind == "discard" and a.kind in ("discard", "minglou"):
            discards += 1
            same += a.arg == pick.arg
        st.apply(a)
        steps += 1
    assert {"discard", "pass"} <= kinds
    assert claims > 0  # the old rollout players never claimed
    # the heuristic's discard on counts (engine.bots.mahjong_splayer): the same tile but for the heuristic's
    # random tie-breaks and what a view shows that counts leave out (python -m engine.bots.mahjong_sagree
    # measures it over many games: 0.90; the old players 0.62)
    assert same >= 0.75 * discards, (same, discards)


def test_rollout_player_discards_a_lone_honour() -> None:
    """The dealer's lone 北 N has no partner (M-11a: it is in no block): it goes first."""
    st = State(Rules(match="hands", match_hands=1), seed=1,
               setup=Setup(hands=["123m456m789p55s67sN", "1m2m3m4m5m6m7m8m9m1p2p3p4p",
                                  "1s2s3s4s5s6s7s8s9s1p2p3p4p", "5p6p7p8p9p5p6p7p8p9pEEE"]))
    assert st.to_act == 0 and st.round is None
    assert _fast_pick(st.clone(), 0, st._legal(0)) == Action(0, "discard", arg="N")


def test_discard_search_is_off_unless_asked() -> None:
    assert mahjong_search.DISCARD_SEARCH_SHANTEN is None
    assert MahjongSearchBot(1).search_shanten is None
    assert MahjongSearchBot(1, search_shanten=1).search_shanten == 1
    assert MahjongSearchBot(1, search_shanten=None).search_shanten is None


def test_the_override_rule_and_the_win_search_come_from_the_module_unless_given(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """engine.bots.mahjong_sarena sets them for one arena run (issue 17)."""
    monkeypatch.setattr(mahjong_search, "OVERRIDE_Z", 0.0)
    monkeypatch.setattr(mahjong_search, "OVERRIDE_MARGIN", 0.0)
    monkeypatch.setattr(mahjong_search, "SEARCH_WINS", False)
    bot = MahjongSearchBot(1)
    assert (bot.z, bot.margin, bot.search_wins) == (0.0, 0.0, False)
    bot = MahjongSearchBot(1, z=1.5, margin=0.2, search_wins=True)
    assert (bot.z, bot.margin, bot.search_wins) == (1.5, 0.2, True)


def test_search_with_the_new_rollouts_keeps_its_budget_in_thread_time() -> None:
    """The rollouts run on the count-array simulator (engine.bots.mahjong_sim) with shanten-counting players:
    the search stops at its budget of the deciding thread's CPU time, and uses it (the ratio to the budget,
    never a timed assertion)."""
    from .test_mahjong_bots_search import _ready_state

    st, seat = _ready_state(21)
    view = copy_view(st.view(seat))
    legal = list(st.legal_actions(seat))
    budget = 150.0  # a world (three rollouts) costs a few ms to tens of ms: the overshoot is about one world
    ratios = []
    for k in range(3):
        bot = MahjongSearchBot(k, budget_ms=budget, wall_cap=1000.0, search_shanten=9)
        c0 = time.thread_time()
        bot.choose(view, legal)
        ratios.append((time.thread_time() - c0) * 1000.0 / budget)
        assert bot.last_stats["worlds"] > 0 and bot.last_stats["candidates"] >= 2
    assert 0.5 < min(ratios) and max(ratios) < 1.6, ratios


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_table_player_counts_as_the_heuristic(seed: int) -> None:
    """engine.bots.mahjong_splayer works the heuristic's numbers out incrementally: the improving kinds of
    each discard (engine.bots.mahjong._acceptance's 有效牌, M-11a) and the shanten to a double-paying hand
    (big_shanten: 清一色/混一色, 七对, M-19) must be the heuristic's own, on random hands with and without
    melds, 七对 and 十三幺 on and off, with and without honours."""
    import random

    from engine.bots.mahjong import big_shanten
    from engine.bots.mahjong_counts import shanten_after
    from engine.bots.mahjong_splayer import _improving, big_after, improving_all
    from engine.tiles import TILES, WinRule

    rng = random.Random(seed)
    checked = 0
    for trial in range(300):
        rule = WinRule(seven_pairs=trial % 3 != 0, thirteen_orphans=trial % 2 == 0, honours=trial % 5 != 0)
        pool = [i for i in range(34 if rule.honours else 27) for _ in range(4)]
        rng.shuffle(pool)
        melds = [meld_of([TILES[pool[k]]] * 3, kong=None) for k in range(trial % 3)]
        h = [0] * 34
        for x in pool[len(melds):len(melds) + 14 - 3 * len(melds)]:
            h[x] += 1
        before = list(h)
        kinds = [i for i in range(34) if h[i]]
        cands = list(zip(kinds, shanten_after(rule, h, melds, kinds)))
        fast = improving_all(rule, h, melds, cands)
        bigs = big_after(rule, h, melds, kinds)
        assert h == before
        for (i, sh), got in zip(cands, fast):
            h[i] -= 1
            assert got == _improving(rule, h, melds, sh)
            assert bigs[i] == big_shanten(rule, h, melds)
            h[i] += 1
            checked += 1
    assert checked > 2000


def test_table_player_folds_against_an_open_ready_hand() -> None:
    """Defence on counts (engine.bots.mahjong._danger): far from ready, against a 明楼 seat (M-15, ready for
    sure) whose waits it sees, the table player throws a tile that seat cannot win on."""
    from engine.bots.mahjong_splayer import table_discard, waits_of
    from engine.tiles import WinRule, counts_of

    rule = WinRule()
    mine = counts_of(parse_tiles("2468m 2468p 1s 4s 7s N 9m 9p"))  # four steps from ready
    open_hand = counts_of(parse_tiles("234m456p789s2s3s55m"))  # waits 1s 4s
    waits = waits_of(rule, open_hand, [])
    assert waits == {Tile("1s").idx, Tile("4s").idx}
    assert table_discard(rule, mine, [], [0] * 34, [], 40) == Tile("1s").idx  # the edge tile, nobody ready
    pick = table_discard(rule, mine, [], [0] * 34, [(1.0, [0] * 34, waits)], 40)
    assert pick not in waits and mine[pick] > 0
