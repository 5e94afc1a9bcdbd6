"""What a Shandong Mahjong win pays steers the bots (issue 17, M-14, M-19 … M-22): a discard win is passed for a
self-draw only when the wait and the wall make that worth more, a passed win keeps the wait (no other claim),
a ready hand's waits are weighed by what they pay, and the search weighs 胡 against passing on the same
sampled worlds, reproducibly, legally and within its CPU-time budget (a thread-time ratio)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from engine.bots.mahjong import HeuristicBot, _wait_worth, big_shanten, make_mahjong_bot, pass_worth, route, unseen
from engine.bots.mahjong_search import MahjongSearchBot
from engine.core import Action
from engine.mahjong import Rules, State
from engine.tiles import counts_of, parse_tiles, shanten_counts

from .conftest import copy_view


def test_pass_worth_grows_with_outs_and_wall() -> None:
    """M-20: a self-draw pays 3·V. Passing is worth more with more live outs and a longer wall, and a
    short wall (few of the seat's draws left) makes it worth less than the 1 point of a plain discard win."""
    assert pass_worth(2, 80, 40, 2.0, 0.12) < pass_worth(6, 80, 40, 2.0, 0.12)
    assert pass_worth(6, 80, 8, 2.0, 0.12) < pass_worth(6, 80, 40, 2.0, 0.12)
    assert pass_worth(6, 60, 4, 2.0, 0.12) < 1.0 < pass_worth(8, 60, 48, 2.0, 0.12)
    assert pass_worth(0, 60, 48, 2.0, 0.12) == 0.0
    # a big hand's self-draw (V = 4) makes passing worth more than the same wait's plain one
    assert pass_worth(4, 70, 40, 4.0, 0.12) > pass_worth(4, 70, 40, 2.0, 0.12)


def _view(hand: str, claim: dict[str, Any] | None = None, wall: int = 40) -> dict[str, Any]:
    return {"seat": 0, "hand": [str(t) for t in parse_tiles(hand)], "rivers": [[], [], [], []],
            "melds": [[], [], [], []], "shown": {}, "trick": [], "minglou": [False] * 4,
            "options": Rules().options.as_dict(), "wall": wall, "claim": claim, "counts": [13, 13, 13, 13]}


def test_waits_weighed_by_what_they_pay() -> None:
    """The same live count is worth twice as much when the completed hand is 碰碰胡 (M-19, M-20: V doubles):
    111m 222m 333p 55s 88s waits on 5s or 8s, each completing all pungs with a 2-5-8 pair; 123m 456m 789p 55s
    67s waits on 5s or 8s as a plain hand."""
    rule = Rules().win_rule
    live = [4] * 34
    pungs = counts_of(parse_tiles("111m222m333p55s88s"))
    runs = counts_of(parse_tiles("123m456m789p55s67s"))
    assert _wait_worth(rule, runs, [], live, "simple") == 8.0  # two kinds × 4 live × a plain self-draw (1)
    assert _wait_worth(rule, pungs, [], live, "simple") == 16.0  # × 2: a big hand
    live[parse_tiles("8s")[0].idx] = 0  # a wait with no live copy is worth nothing
    assert _wait_worth(rule, runs, [], live, "simple") == 4.0


def test_a_passed_win_keeps_the_wait() -> None:
    """With a long wall and many live outs the heuristic passes a plain discard win (M-14) — and then makes no
    chow or pung on that tile, which would break the wait it passed the win for."""
    hand = "345m234p678p22m67s"  # ready on 5s/8s (pair 2m), eight live outs
    claim = {"tile": "8s", "from": 3, "kind": "discard"}
    view = _view(hand, claim, wall=70)
    legal = [Action(0, "win"), Action(0, "chow", arg="678s"), Action(0, "pass")]
    d = HeuristicBot(0).choose(view, legal)
    assert d.action.kind == "pass", d
    short = _view(hand, claim, wall=9)
    assert HeuristicBot(0).choose(short, legal).action.kind == "win"
    never = HeuristicBot(0, min_outs=0).choose(view, legal)
    assert never.action.kind == "win"
    assert sum(unseen(view)) == 136 - 13


def test_a_discard_win_late_in_the_wall_is_taken() -> None:
    """With 28 tiles left the same eight-out wait would still be passed for a self-draw under the old cut
    (``min_wall`` 8: pass_worth 1.16 > 1), but late in the wall the others are near ready and a passed win
    (M-14 locks discard wins until the own next discard) was measured to give more to them than it brings
    (paired counterfactuals on seeds 11 and 3, engine.bots.mahjong_hcf): under 30 tiles the heuristic takes the
    plain discard win (M-20: the discarder pays V); from 30 it still passes."""
    hand = "345m234p678p22m67s"
    claim = {"tile": "8s", "from": 3, "kind": "discard"}
    legal = [Action(0, "win"), Action(0, "chow", arg="678s"), Action(0, "pass")]
    late = _view(hand, claim, wall=28)
    assert HeuristicBot(0, min_wall=8).choose(late, legal).action.kind == "pass"
    assert HeuristicBot(0).choose(late, legal).action.kind == "win"
    assert HeuristicBot(0).choose(_view(hand, claim, wall=30), legal).action.kind == "pass"


def _claim_win_state(seed0: int) -> tuple[State, int]:
    """A hand played by greedy bots up to a discard some seat may win on (M-6)."""
    for seed in range(seed0, seed0 + 60):
        st = State(Rules(match="hands", match_hands=1), seed=seed)
        bots = [make_mahjong_bot("greedy", seed=seed + s) for s in range(4)]
        while not st.is_over:
            s = st.to_act
            assert s is not None
            legal = list(st.legal_actions(s))
            view = copy_view(st.view(s))
            if view.get("claim") and any(a.kind == "win" for a in legal):
                return st, s
            st.apply(bots[s].choose(view, legal).action)
    raise AssertionError("no discard win offered")


def test_search_win_or_pass_is_reproducible_and_legal() -> None:
    st, seat = _claim_win_state(1)
    view = copy_view(st.view(seat))
    legal = list(st.legal_actions(seat))
    runs = []
    for _ in range(2):
        bot = MahjongSearchBot(5, budget_ms=60_000, rollouts=40)
        d = bot.choose(view, legal)
        assert d.action in legal and d.action.kind in ("win", "pass")
        runs.append((d, bot.last_stats["worlds"]))
    assert runs[0] == runs[1] and runs[0][1] == 20  # two plays per world, the rollout cap


def test_search_win_or_pass_keeps_its_cpu_budget() -> None:
    """The 胡-or-pass search spends about its budget of thread CPU time: a ratio, not a timed assertion."""
    st, seat = _claim_win_state(1)
    view = copy_view(st.view(seat))
    legal = list(st.legal_actions(seat))
    budget = 60.0
    ratios = []
    for k in range(3):
        bot = MahjongSearchBot(k, budget_ms=budget, wall_cap=1000.0)
        c0 = time.thread_time()
        bot.choose(view, legal)
        ratios.append((time.thread_time() - c0) * 1000.0 / budget)
        assert bot.last_stats["worlds"] > 0
    assert max(ratios) < 1.5, ratios
    assert min(ratios) > 0.5, ratios


@pytest.mark.parametrize("seed", [3, 4])
def test_heuristic_and_search_legal_under_random_options(seed: int) -> None:
    rng = random.Random(seed)
    opts = {"honors": rng.choice([True, False]), "allow_chow": rng.choice([True, False]),
            "minglou": rng.choice([True, False]), "scoring": rng.choice(["simple", "fan"]),
            "win_on_discard": rng.choice([True, False]), "rob_kong": rng.choice([True, False]),
            "pass_lock": rng.choice([True, False])}
    st = State(Rules(match="hands", match_hands=2, **opts), seed=seed)
    bots = [MahjongSearchBot(seed, budget_ms=60_000, rollouts=6) if s == 0
            else make_mahjong_bot("heuristic", seed=s) for s in range(4)]
    steps = 0
    while not st.is_over:
        s = st.to_act
        assert s is not None and steps < 4000
        legal = list(st.legal_actions(s))
        d = bots[s].choose(copy_view(st.view(s)), legal)
        assert d.action in legal, (d, legal)
        st.apply(d.action)
        steps += 1
    assert sum(st.totals) == 0


@pytest.mark.parametrize(("hand", "plain", "big"), [
    ("123456789m25mEE", 1, 1),  # one suit and honours: 混一色 is as near as the plain hand
    ("123456m789p25sEE", 1, 5),  # three suits: no double-paying hand near
    ("1133557799m2p5sE", 1, 1),  # five pairs: 七对 (and 清一色 of 万) one step away
])
def test_big_shanten_is_the_distance_to_a_double_paying_hand(hand: str, plain: int, big: int) -> None:
    """M-19/M-20: 清一色, 混一色 and 七对 pay double; the heuristic's route counts such a hand ``bonus`` steps
    nearer than it is, so it keeps to one suit when that costs no more than the bonus."""
    rule = Rules().win_rule
    c = counts_of(parse_tiles(hand))
    assert shanten_counts(rule, c) == plain
    assert big_shanten(rule, c, []) == big
    assert route(rule, c, [], plain, 0.7) == pytest.approx(min(plain, big - 0.7))
    assert route(rule, c, [], plain, 0.0) == plain


def test_break_ready_leaves_a_dead_wait() -> None:
    """M-11a, M-20: ``12m 444m 22p 567p 789p`` + ``6s`` throwing 6s is ready on 3m only — and every 3m is in
    the rivers, so that wait can never win. By default the heuristic takes the ready hand (shanten first); with
    ``break_ready`` it weighs the expected self-draw of each ready and one-step-back discard
    (engine.bots.mahjong_hready) and keeps 6s, one step back with live improving tiles."""
    hand = "12m444m22p567789p6s"
    view = _view(hand, wall=60)
    view["rivers"] = [["3m"], ["3m"], ["3m", "3m"], []]
    legal = [Action(0, "discard", arg=str(t)) for t in sorted(set(parse_tiles(hand)))]
    rule = Rules().win_rule
    assert HeuristicBot(0).choose(copy_view(view), legal).action.arg == "6s"
    pick = HeuristicBot(0, break_ready=True).choose(copy_view(view), legal).action.arg
    after = counts_of(parse_tiles(hand))
    after[parse_tiles(str(pick))[0].idx] -= 1
    assert pick != "6s" and shanten_counts(rule, after, []) == 1
    # with a live 3m the ready hand stays: no step back beats a ready hand with live waits there
    view["rivers"] = [["3m"], [], [], []]
    assert HeuristicBot(0, break_ready=True).choose(copy_view(view), legal).action.arg == "6s"


def test_ready_and_step_values() -> None:
    """The expected self-draw value grows with live outs and with the seat's draws left, and is nothing for a
    dead wait (M-20); one step back is worth less than the ready hand it improves into."""
    from engine.bots.mahjong_hready import ready_value, step_value

    assert ready_value(0, 0.0, 100, 10, 0.12) == 0.0
    assert ready_value(2, 2.0, 100, 10, 0.12) < ready_value(6, 6.0, 100, 10, 0.12)
    assert ready_value(4, 4.0, 100, 3, 0.12) < ready_value(4, 4.0, 100, 12, 0.12)
    rule = Rules().win_rule
    live = [4] * 34
    one_back = counts_of(parse_tiles("123m456m789p55s6s9s"))  # 5s/7s/8s/… make it ready
    ready = counts_of(parse_tiles("123m456m789p55s67s"))  # waits 5s, 8s
    assert 0.0 < step_value(rule, one_back, [], live, "simple", 12, 0.12) < ready_value(
        8, _wait_worth(rule, ready, [], live, "simple"), sum(live), 12, 0.12)


def test_hduel_gives_the_arenas_share() -> None:
    """engine.bots.mahjong_hduel plays the arena's hands (same walls, seats, bot seeds): with no options it
    reports exactly the arena's share of the points and interval, and it passes options to team A."""
    from engine import arena
    from engine.bots.mahjong_hduel import duel

    got = duel(5, range(2), {})
    assert got["share_of_points_a"] == arena.run("mahjong", "heuristic", "greedy", deals=2, seed=5)["share_of_points_a"]
    assert got["hands"] == 4 and len(got["won_a"]) == 2
    assert got["share_of_points_a"] == arena.share_ci(got["won_a"], got["won_all"])
    assert duel(5, range(2), {"break_ready": True})["hands"] == 4


def test_break_ready_refuses_a_claim_into_a_poor_wait() -> None:
    """M-6, M-7, M-11a: ``123456m 234p 6p 345s`` (a chow 345m down) has no 2-5-8 pair. Chowing the 5p makes it
    ready only on a single 2p (the pair, M-11.1) with two copies unseen — and an exposed chow is for good. By
    default the heuristic chows (it lowers the shanten); with ``break_ready`` it passes, staying one step back
    with many live improving tiles, both weighed as the expected self-draw (engine.bots.mahjong_hready)."""
    view = _view("123456m234p6p345s", {"tile": "5p", "from": 0, "kind": "discard"}, wall=54)
    view["seat"] = 1
    view["rivers"] = [["W", "1s", "E", "C", "W", "2p", "8m", "5p"], ["C", "N", "C", "S", "1p", "7s", "7p", "8m"],
                      ["B", "7p", "4m", "7p", "W", "4m", "N"], ["9p", "N", "9p", "S", "1p", "1p", "5p"]]
    chow = {"kind": "chow", "kong": None, "claimed": True}
    view["melds"] = [[{**chow, "tiles": "345m", "from": 3}], [], [], [{**chow, "tiles": "456p", "from": 2}]]
    legal = [Action(1, "chow", arg="345p"), Action(1, "chow", arg="456p"), Action(1, "pass")]
    assert HeuristicBot(0).choose(copy_view(view), legal).action.kind == "chow"
    assert HeuristicBot(0, break_ready=True).choose(copy_view(view), legal).action.kind == "pass"


def _break_ready_hand(seed: int) -> list[Action]:
    st = State(Rules(match="hands", match_hands=1), seed=seed)
    bots = [HeuristicBot(seed * 4 + s, break_ready=True) for s in range(4)]
    played: list[Action] = []
    while not st.is_over:
        s = st.to_act
        assert s is not None and len(played) < 2000
        legal = list(st.legal_actions(s))
        a = bots[s].choose(copy_view(st.view(s)), legal).action
        assert a in legal, (a, legal)
        st.apply(a)
        played.append(a)
    assert sum(st.totals) == 0  # M-18a: every payment is between players
    return played


@pytest.mark.parametrize("seed", [4, 13])
def test_break_ready_hands_are_legal_and_reproducible(seed: int) -> None:
    """Four heuristic seats with ``break_ready`` play a whole hand legally; the same seeds play it the same way."""
    assert _break_ready_hand(seed) == _break_ready_hand(seed)


def test_threat_hazard_takes_the_win_against_a_ready_looking_seat() -> None:
    """M-14, M-20: the eight-out wait of ``345m234p678p22m67s`` passes a plain discard win for a self-draw with 70
    tiles left. With ``threat_hazard`` a seat that looks ready (three exposed melds, M-10) makes the hand likely
    to end sooner, so the heuristic takes the one point; with no such seat it still passes."""
    hand = "345m234p678p22m67s"
    claim = {"tile": "8s", "from": 3, "kind": "discard"}
    legal = [Action(0, "win"), Action(0, "chow", arg="678s"), Action(0, "pass")]
    view = _view(hand, claim, wall=70)
    assert HeuristicBot(0, threat_hazard=0.15).choose(copy_view(view), legal).action.kind == "pass"
    pung = {"kind": "pung", "kong": None, "claimed": True, "from": 1}
    view["melds"][2] = [{**pung, "tiles": t} for t in ("EEE", "999p", "111s")]
    assert HeuristicBot(0).choose(copy_view(view), legal).action.kind == "pass"
    assert HeuristicBot(0, threat_hazard=0.15).choose(copy_view(view), legal).action.kind == "win"


def test_hduel_paired_difference() -> None:
    """mahjong_hduel --paired: a report against itself changes nothing (a zero-width interval); a variant that
    wins more on every wall shows a positive change whose interval excludes 0; different deals are refused."""
    from engine.bots.mahjong_hduel import paired

    base = {"seed": 5, "won_a": [6.0, 2.0, 4.0, 3.0], "won_all": [10.0, 8.0, 8.0, 6.0]}
    assert paired(base, base) == {"deals": 4, "d_share": 0.0, "ci95": [0.0, 0.0]}
    better = {"seed": 5, "won_a": [7.0, 3.0, 5.0, 4.0], "won_all": [10.0, 8.0, 8.0, 6.0]}
    got = paired(base, better)
    assert got["d_share"] == round(19 / 32 - 15 / 32, 4) and 0.0 < got["ci95"][0] <= got["ci95"][1]
    with pytest.raises(ValueError):
        paired(base, {**better, "seed": 7})
