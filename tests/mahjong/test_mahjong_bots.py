"""Shandong Mahjong bots: legal choices from the view alone, shanten-driven discards (M-11a), the 2-5-8 pair
kept (M-11.1), claims only when they help (M-6), defence against an open 明楼 hand (M-15), the registry."""

from __future__ import annotations

import json

import pytest
from mahjong_helpers import act, pass_round, table

from engine import games
from engine.bots.mahjong import GreedyBot, HeuristicBot, make_mahjong_bot
from engine.mahjong import Rules, State


@pytest.mark.parametrize("level", ["random", "greedy", "heuristic"])
def test_bots_play_a_match_from_views(level: str) -> None:
    st = State(Rules(match="hands", match_hands=2), seed=11)
    bots = [make_mahjong_bot(level, seed=s) for s in range(4)]
    steps = 0
    while not st.is_over and steps < 4000:
        s = st.to_act
        assert s is not None
        view = json.loads(json.dumps(st.view(s)))  # a bot gets plain data, never the state
        d = bots[s].choose(view, list(st.legal_actions(s)))
        st.apply(d.action)
        steps += 1
    assert st.is_over and sum(st.totals) == 0


def test_spec_bot_factory() -> None:
    spec = games.spec("mahjong")
    assert spec.seats == 4 and spec.family == "tiles" and spec.teams is None
    assert spec.bot_factory is not None
    assert spec.bot_factory("heuristic", seed=3).level == "heuristic"
    assert spec.bot_factory("greedy", seed=3).level == "greedy"


def test_greedy_discards_the_isolated_tile() -> None:
    """M-11a: the dealer's 14 tiles 234m 567p 789s EEE 5m + N: discarding N leaves a ready hand."""
    st = table(["234m 567p 789s EEE 5m N",
                "1m 2m 3m 4m 6m 7m 8m 9m 1s 2s 3s 4s W",
                "1m 2m 3m 4m 6m 7m 8m 9m 5p 6p 7p 9s W",
                "1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s"], dealer=0)
    for bot in (GreedyBot(1), HeuristicBot(1)):
        d = bot.choose(st.view(0), list(st.legal_actions(0)))
        assert d.action.kind == "discard" and d.action.arg == "N", d


def test_greedy_ties_at_random_or_by_isolation() -> None:
    """Greedy's discards all leave the lowest shanten (M-11a); among them the default takes any of them (issue
    17: "discards that lower shanten"), ``ties="isolation"`` the most isolated tile (an honour or terminal with
    no partner), the greedy shipped before (docs/MAHJONG_BOTS.md)."""
    from engine.bots.mahjong import isolation
    from engine.tiles import Tile as T
    from engine.tiles import WinRule, counts_of, shanten_counts
    st = table(["2m 5m 8m 3p 6p 9p 1s 4s 7s EE S W N",
                "1m 2m 3m 4m 6m 7m 8m 9m 1s 2s 3s 4s W",
                "1m 2m 3m 4m 6m 7m 8m 9m 5p 6p 7p 9s W",
                "1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s"], dealer=0)
    view, legal = st.view(0), list(st.legal_actions(0))
    hand = counts_of(T(t) for t in view["hand"])
    rule: WinRule = st.rules.win_rule

    def after(t: str) -> int:
        hand[T(t).idx] -= 1
        sh = shanten_counts(rule, hand, [])
        hand[T(t).idx] += 1
        return sh
    lowest = min(after(t) for t in set(view["hand"]))
    best = {t for t in set(view["hand"]) if after(t) == lowest}
    most = max(isolation(hand, T(t).idx) for t in best)
    by_isolation = {make_mahjong_bot("greedy", seed=s, ties="isolation").choose(view, legal).action.arg
                    for s in range(20)}
    at_random = {GreedyBot(s).choose(view, legal).action.arg for s in range(20)}
    assert by_isolation <= {t for t in best if isolation(hand, T(t).idx) == most}, by_isolation
    assert at_random <= best and at_random - by_isolation, (at_random, by_isolation)
    with pytest.raises(ValueError):
        GreedyBot(0, ties="sometimes")


def test_the_heuristic_takes_the_points_from_greedy() -> None:
    """Issue 17: the heuristic takes at least 0.60 of the points against greedy on duplicate walls (the arena's
    figure, both seatings of each wall). The heuristic has no time budget, so these 80 hands play the same on any
    machine (0.70 here); docs/MAHJONG_BOTS.md has the figure over 4,800 hands."""
    from engine.bots.mahjong_hduel import duel
    share = duel(1, range(40), {})["share_of_points_a"]
    assert share["mean"] >= 0.60, share


def test_heuristic_keeps_the_lone_258_pair() -> None:
    """M-11.1: with 55m the only 2-5-8 pair, the heuristic does not break it."""
    st = table(["55m 123p 456p 789s 13s E",
                "1m 2m 3m 4m 6m 7m 8m 9m 1s 2s 3s 4s W",
                "1m 2m 3m 4m 6m 7m 8m 9m 5p 6p 7p 9s E",
                "1p 2p 3p 4p 5p 6p 7p 8p 9p 7s 2s 8s 4s"], dealer=0)
    d = HeuristicBot(2).choose(st.view(0), list(st.legal_actions(0)))
    assert d.action.arg not in ("5m",), d


def test_claims_only_when_they_help() -> None:
    """M-6: pung 5m when it lowers shanten; pass a chow that does not."""
    st = table(["234m 567p 789s EEE 5m",
                "5m 1m 9m 1p 3p 9p 1s 3s S W N C F B",
                "34m 6m 8m 2p 4p 8p 2s 4s 6s 8s S W",
                "55m 7m 9m 1p 6p 9p 1s 5s 7s 9s N C"], dealer=1)
    act(st, 1, "discard", "5m")
    for bot in (GreedyBot(0), HeuristicBot(0)):
        d = bot.choose(st.view(2), list(st.legal_actions(2)))
        assert d.action.kind in ("chow", "pass")
    act(st, 2, "pass")
    d = HeuristicBot(0).choose(st.view(3), list(st.legal_actions(3)))
    assert d.action.kind in ("pung", "pass")
    act(st, 3, "pass")
    d = GreedyBot(0).choose(st.view(0), list(st.legal_actions(0)))
    assert d.action.kind == "win"


def test_heuristic_defends_against_minglou() -> None:
    """M-15: against an open ready hand waiting on 2m/5m, the heuristic (far from ready) avoids 2m and 5m."""
    st = table(["1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s",
                "5m 12p 45p 78p 13s 57s 99s",
                "34m 567p 789s EEE 55s N",
                "1m 2m 3m 4m 6m 7m 8m 9m 1s 2s 3s 4s W"], front="F", dealer=2, minglou=True)
    act(st, 2, "minglou", "N")
    pass_round(st)
    assert st.to_act == 3
    act(st, 3, "discard", "W")
    pass_round(st)
    assert st.to_act == 0
    act(st, 0, "discard", str(st.drawn))
    pass_round(st)
    assert st.to_act == 1
    view, legal = st.view(1), list(st.legal_actions(1))
    assert view["shown"]["2"] and "2" not in st.view(2)["shown"]
    d = HeuristicBot(5).choose(view, legal)
    assert d.action.arg not in ("2m", "5m"), d
    blind = dict(view, shown={}, minglou=[False] * 4)  # the same hand with nobody open plays its lone 2m
    assert HeuristicBot(5).choose(blind, legal).action.arg == "2m"


def test_heuristic_lets_a_small_discard_win_pass_early() -> None:
    """M-20 / M-14: a one-point discard win with seven live outs on a long wall is passed for a self-draw
    (paid by all three, doubled); the greedy bot takes it; with the wall short the heuristic takes it too."""
    hands = ["234m 567p EEE 55m 67s",
             "5s 1m 9m 1p 3p 9p 1s 3s S W N C F B",
             "34m 6m 8m 2p 4p 8p 2s 4s 6s 8s S W",
             "7m 9m 1p 6p 9p 1s 5s 7s 9s N C 2m 3m"]
    st = table(hands, dealer=1)
    act(st, 1, "discard", "5s")
    act(st, 2, "pass")
    act(st, 3, "pass")
    view, legal = st.view(0), list(st.legal_actions(0))
    assert [a.kind for a in legal] == ["win", "pass"]
    assert HeuristicBot(1).choose(view, legal).action.kind == "pass"
    assert GreedyBot(1).choose(view, legal).action.kind == "win"
    assert HeuristicBot(1).choose(dict(view, wall=10), legal).action.kind == "win"
    assert HeuristicBot(1, min_outs=0).choose(view, legal).action.kind == "win"
