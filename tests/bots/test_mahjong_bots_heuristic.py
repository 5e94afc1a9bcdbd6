"""The Shandong Mahjong heuristic's defence and claims (issue 17): 现物 and 筋 against a seat that looks
ready (M-6, M-11: the 2-5-8 pair), a ready hand claiming only for more live waits (M-11a)."""

from __future__ import annotations

from typing import Any

from engine.bots.mahjong import HeuristicBot, _claim_hand, _danger, readiness, threats, unseen
from engine.core import Action
from engine.mahjong.rules import Rules
from engine.tiles import Tile, counts_of, parse_tiles


def _view(rivers: list[list[str]], melds: list[int] | None = None, hand: str = "123456789m1234p",
          minglou: list[bool] | None = None) -> dict[str, Any]:
    meld = {"kind": "pung", "kong": None, "tiles": "EEE", "claimed": True, "from": 0}
    return {"seat": 0, "hand": [str(t) for t in parse_tiles(hand)], "rivers": rivers,
            "melds": [[meld] * n for n in (melds or [0, 0, 0, 0])], "shown": {}, "trick": [],
            "minglou": minglou or [False] * 4, "options": Rules().options.as_dict(), "wall": 40}


def _d(view: dict[str, Any], seat: int, tile: str) -> float:
    return _danger(view, seat, Tile(tile).idx, unseen(view))


def test_genbutsu_is_safest_then_suji() -> None:
    """Against seat 1: its own discard 6m (现物) is safest; 3p with 6p discarded (筋 of 45p/12p… one side,
    rank 3: only 6p reaches it) is safer than the plain 3s; a middle tile with both 筋 out is safer too."""
    v = _view([[], ["6m", "6p", "2s", "8s"], [], []])
    assert _d(v, 1, "6m") < _d(v, 1, "3p") < _d(v, 1, "3s")
    assert _d(v, 1, "5s") < _d(v, 1, "5p")  # 2s and 8s out: no two-sided wait reaches 5s
    assert _d(v, 1, "9s") < _d(v, 1, "5p")  # a terminal is no 2-5-8 single wait


def test_honours_need_two_unseen_copies() -> None:
    """An honour wins only as a triplet wait (its pair never counts, M-11.1): with three copies seen it
    is almost safe."""
    v = _view([["W", "W"], [], ["N"], []], hand="123456789m123pW")
    assert _d(v, 1, "W") < 0.1 < _d(v, 1, "N")


def test_readiness_and_threats() -> None:
    fresh = _view([[], [], [], []])
    assert threats(fresh) == [] and readiness(fresh, 1) < 0.2
    v = _view([[], ["1m"] * 3, ["1m"] * 14, []], melds=[0, 3, 2, 0], minglou=[False, False, False, True])
    assert readiness(v, 1) == 0.8 and readiness(v, 3) == 1.0 and readiness(v, 2) >= 0.5
    assert threats(v) == [1, 2, 3]


def test_ready_hand_pungs_only_for_more_live_waits() -> None:
    """22233678m 55p 789s waits on 3m alone; punging 2m keeps it ready with more live waits (M-11a), so the
    heuristic claims; without the option (or the hand one step away) it does not."""
    rule = Rules().win_rule
    hand_text = "22233678m55p789s"
    view = dict(_view([[], [], [], []], hand=hand_text), claim={"tile": "2m", "from": 3, "kind": "discard"})
    hand = counts_of(parse_tiles(hand_text))
    a = Action(0, "pung", arg="2m2m2m")
    after = _claim_hand(view, list(hand), [], a)
    assert HeuristicBot(0)._keep_gain(view, rule, list(hand), [], after, 0) is not None
    assert HeuristicBot(0)._claim_gain(view, rule, list(hand), [], a, 0) is not None
    assert HeuristicBot(0, claim_keeps=False)._claim_gain(view, rule, list(hand), [], a, 0) is None
    assert HeuristicBot(0, keep_margin=50)._keep_gain(view, rule, list(hand), [], after, 0) is None
