"""The Shandong Mahjong oracle against RULES.md Part M: every MX win/score example (MX-1 … MX-13, MX-17,
MX-18, MX-23, MX-24 at oracle level), notation (M-2), waits and shanten (M-11a), options (M.1)."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.errors import IllegalPlay, OptionError
from engine.mahjong import Rules
from engine.mahjong.scoring import Kong
from engine.tiles import TILES

R = Rules()

WIN_CASES = [
    # (MX id, options, hand, melds, expected)
    ("MX-1", {}, "234m 567p 789s EEE 55m", (), True),
    ("MX-2", {}, "234m 567p 789s EEE 44m", (), False),
    ("MX-3", {}, "234m 567p 789s 555s EE", (), False),
    ("MX-4", {}, "55567m 123p 456p 789p", (), True),
    ("MX-4", {}, "44456m 123p 456p 789p", (), False),
    ("MX-5", {}, "22234m 456p 789s EEE", (), True),
    ("MX-5", {}, "22233m 456p 789s EEE", (), False),
    ("MX-6", {}, "11223344556677m", (), True),
    ("MX-6", {"seven_pairs": False}, "11223344556677m", (), False),
    ("MX-6", {"seven_pairs": False, "jiang258_for_big_hands": False}, "11223344556677m", (), True),
    ("MX-7", {}, "22m 33m 44m 66p 77p 99s 99s", (), True),
    ("MX-7", {"seven_pairs_258": True}, "22m 33m 44m 66p 77p 99s 99s", (), True),
    ("MX-8", {}, "11m 33m 44m 66p 77p 99s EE", (), True),
    ("MX-8", {"seven_pairs_258": True}, "11m 33m 44m 66p 77p 99s EE", (), False),
    ("MX-9", {}, "222m 333m 555p 888s 99s", (), False),
    ("MX-9", {"jiang258_for_big_hands": False}, "222m 333m 555p 888s 99s", (), True),
    ("MX-9", {}, "123m 456m 789m 111m 44m", (), False),
    ("MX-9", {"jiang258_for_big_hands": False}, "123m 456m 789m 111m 44m", (), True),
    ("MX-10", {}, "19m 19p 19s ESWNCFB 1m", (), True),
    ("MX-10", {"thirteen_orphans": False}, "19m 19p 19s ESWNCFB 1m", (), False),
    ("MX-11", {}, "223344m 223344p 55s", (), True),
    ("MX-17", {}, "234m 567p 999p 55m 678s", (), True),
    ("MX-17", {}, "234m 567p 999p 55m 789s", (), True),
    ("MX-23", {}, "34m 567p 789s EEE 55s 2m", (), True),
]


@pytest.mark.parametrize("mx,opts,hand,melds,expected", WIN_CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(WIN_CASES)])
def test_mx_win_verdicts(mx: str, opts: dict[str, object], hand: str, melds: tuple[str, ...], expected: bool) -> None:
    r = Rules(**opts)
    assert r.is_win(hand, melds) is expected
    assert bool(r.decompose(hand, melds)) is expected


def test_mx4_only_reading_uses_55m() -> None:
    """MX-4 / M-11.1: 55567m + three melds wins only as 55m + 567m."""
    rs = R.decompose("55567m 123p 456p 789p")
    assert len(rs) == 1 and rs[0].pair == "5m"
    assert {str(m) for m in rs[0].melds} == {"567m", "123p", "456p", "789p"}


def test_mx3_honour_pair_never_qualifies() -> None:
    """MX-3: the only split has the pair EE (M-11.1: an honour pair never qualifies)."""
    assert Rules(jiang258_for_big_hands=False).is_win("234m 567p 789s 555s EE") is False


def test_mx6_readings_seven_pairs_and_flush() -> None:
    """MX-6: 七对 (also 清一色), V = 2 under "simple"; the standard splits have the pair 1m, 4m or 7m."""
    rs = R.decompose("11223344556677m")
    assert [r.kind for r in rs] == ["seven_pairs"]
    v = R.value("11223344556677m")
    assert v.value == 2 and "qidui" in v.patterns and "qingyise" in v.patterns
    loose = Rules(jiang258_for_big_hands=False).decompose("11223344556677m")
    assert {r.pair for r in loose if r.kind == "standard"} == {"1m", "4m", "7m"}


def test_mx7_four_of_a_kind_counts_as_two_pairs() -> None:
    """MX-7 / M-11.2: four 9s are two pairs; no standard split."""
    rs = R.decompose("22m 33m 44m 66p 77p 99s 99s")
    assert [r.kind for r in rs] == ["seven_pairs"]
    assert list(rs[0].pairs).count("9s") == 2


def test_seven_pairs_needs_concealed_hand() -> None:
    """M-11.2: 七对 is concealed, no kong declared."""
    assert R.is_win("22m 33m 44m 66p 77p 99s 99s") is True
    assert R.is_win("33m 44m 66p 77p 99s 5s", melds=["[2222m]"]) is False
    assert R.is_win("234m 567p 789s 55m", melds=["[EEEE]"]) is True


def test_mx10_thirteen_orphans_value() -> None:
    v = R.value("19m 19p 19s ESWNCFB 1m")
    assert v.value == 2 and "shisanyao" in v.patterns


def test_mx10_thirteen_orphans_needs_honours_option() -> None:
    with pytest.raises(IllegalPlay) as e:
        Rules(honors=False).is_win("19m 19p 19s ESWNCFB 1m")
    assert e.value.rule == "M-2"


def test_mx11_best_reading_simple_and_fan() -> None:
    """MX-11 / M-19b: standard 平胡+门清 V = 1, 七对 V = 2 → 2; under "fan" 七对 2 fan → 4."""
    assert R.value("223344m 223344p 55s", win_tile="5s").value == 2
    assert {r.kind for r in R.decompose("223344m 223344p 55s")} == {"standard", "seven_pairs"}
    assert Rules(scoring="fan").value("223344m 223344p 55s", win_tile="5s").value == 4


CHICKEN = "234m 567p 789s 345s 55m"  # 平胡 only (if melds are claimed); concealed it is also 门清


def test_mx12_chicken_hand_payments() -> None:
    """MX-12: a chicken hand won on P2's discard: P2 pays 1; by self-draw each pays 2 (+6)."""
    melds = ["234m"]
    hand = "567p 789s 345s 55m"
    assert R.score(hand, melds, winner=0, discarder=2) == [1, 0, -1, 0]
    assert R.score(hand, melds, self_drawn=True, winner=0) == [6, -2, -2, -2]


def test_mx13_flush_payments() -> None:
    """MX-13: 清一色 on a discard: 2 from the discarder; by self-draw 4 from each."""
    hand = "123m 456m 789m 234m 55m"
    assert R.score(hand, winner=1, discarder=0) == [-2, 2, 0, 0]
    assert R.score(hand, self_drawn=True, winner=1) == [-4, 12, -4, -4]


def test_mx16_kong_payments() -> None:
    """MX-16: P0 exposed kong (from P3) + concealed kong; P1 self-draws a chicken hand."""
    pay = R.score("567p 789s 345s 55m", ["234m"], self_drawn=True, winner=1,
                  kongs=[(0, "exposed", 3), (0, "concealed")])
    assert pay == [7, 4, -4, -7] and sum(pay) == 0
    assert Rules(kong_payments=False).score("567p 789s 345s 55m", ["234m"], self_drawn=True, winner=1,
                                            kongs=[(0, "exposed", 3)]) == [-2, 6, -2, -2]
    added = R.score("567p 789s 345s 55m", ["234m"], self_drawn=True, winner=1, kongs=[Kong(2, "added")])
    assert added == [-3, 5, 1, -3]


def test_mx17_rob_kong_value() -> None:
    """MX-17: 抢杠胡 V = 2 paid by the kong-maker alone."""
    assert R.waits("234m 567p 999p 55m 78s") == ("6s", "9s")
    assert R.score("234m 567p 999p 55m 678s", win_tile="6s", winner=0, discarder=2, robbed=True) == [2, 0, -2, 0]


def test_mx18_kong_replacement_win() -> None:
    """MX-18: 杠上开花 self-draw V = 4, plus the concealed kong 2 from each: P3 +18."""
    pay = R.score("234m 567p 345s 55m", ["[EEEE]"], self_drawn=True, winner=3, replacement=True)
    assert pay == [-6, -6, -6, 18]


def test_mx20_last_tile() -> None:
    """MX-20: 海底捞月, a self-draw with a big pattern: 4 from each."""
    assert R.score("567p 789s 345s 55m", ["123p"], self_drawn=True, winner=1, last_tile=True) == [-4, 12, -4, -4]


def test_mx23_minglou_doubles() -> None:
    """MX-23: 明楼 chicken hand on P3's discard: 2 from P3; by self-draw 4 from each."""
    r = Rules(minglou=True)
    hand = "34m 2m 567p 789s 55s"
    assert r.score(hand, ["EEE"], winner=2, discarder=3, minglou=True) == [0, 0, 2, -2]
    assert r.score(hand, ["EEE"], self_drawn=True, winner=2, minglou=True) == [-4, -4, 12, -4]


def test_mx24_fan_scoring() -> None:
    """MX-24: 清一色 2 + 碰碰胡 1 + 门清 1 + self-draw 1 = 5 fan → 32 (the cap); "simple" 4."""
    hand = "222m 444m 666m 999m 55m"
    fan = Rules(scoring="fan").value(hand, self_drawn=True)
    assert fan.fan == 5 and fan.value == 32
    assert R.value(hand, self_drawn=True).value == 4
    chicken = "234m 567p 789s 345s 55m"
    assert Rules(scoring="fan").value(chicken, win_tile="5m").value == 2
    assert R.value(chicken, win_tile="5m").value == 1


# -- notation (M-2) ----------------------------------------------------------------------------------------

def test_parse_is_a_sorted_multiset() -> None:
    bag = R.parse("234m55p789s EEE")
    assert len(bag) == 11 and str(bag) == "234m55p789sEEE"
    assert R.parse("EEE 789s 55p 432m") == bag
    assert bag.count("E") == 3 and "5p" in bag


@pytest.mark.parametrize("text", ["5x", "m", "55", "0m", "5m E5", "Z", "5m5m5m5m5m", "EEEEE"])
def test_parse_refuses_bad_notation(text: str) -> None:
    with pytest.raises(IllegalPlay) as e:
        R.parse(text)
    assert e.value.rule == "M-2"


def test_fifth_copy_across_hand_and_melds() -> None:
    with pytest.raises(IllegalPlay) as e:
        R.is_win("5m 234m 567p 789s 11s", ["5555m"])
    assert e.value.rule == "M-2"


def test_wrong_size_refused() -> None:
    for call in (lambda: R.shanten("234m"), lambda: R.is_win("234m 567p"), lambda: R.waits("234m 567p 789s EEE 55m")):
        with pytest.raises(IllegalPlay) as e:
            call()
        assert e.value.rule == "M-11a"


def test_options() -> None:
    assert Rules({"mahjong.allow_chow": False}).options.allow_chow is False
    with pytest.raises(OptionError):
        Rules(no_such_option=True)
    with pytest.raises(OptionError):
        Rules(scoring="big")
    with pytest.raises(OptionError):
        Rules(preset="shandong")  # Part M names no presets
    with pytest.raises(OptionError):
        Rules(match_hands=0)


# -- waits and shanten (M-11a) -----------------------------------------------------------------------------

def test_waits_examples() -> None:
    assert R.waits("34m 567p 789s EEE 55s") == ("2m", "5m")  # MX-23
    assert R.waits("234m 567p 789s EEE 4m") == ()  # only a 4m pair: never 2-5-8
    # 九莲宝灯 waits on all nine elsewhere; here only where the pair becomes 22m, 55m or 88m
    assert R.waits("1112345678999m") == ("2m", "5m", "8m")
    # a fifth copy does not exist: all four 5m are held, so 5m is no wait
    assert R.waits("5555m 123p 456p 789p") == ()


def test_shanten_examples() -> None:
    assert R.shanten("234m 567p 789s EEE 55m") == -1
    assert R.shanten("234m 567p 789s EEE 5m") == 0
    assert R.shanten("234m 567p 789s EEE 44m") == 0
    assert R.shanten("19m 19p 19s ESWNCF 1m") == 0  # 十三幺 ready
    assert R.shanten("1m 4m 7m 1p 4p 7p 1s 4s 7s E S W N") == 6  # 十三幺 target: 13 kinds missing 6 … -1


def _brute_shanten(r: Rules, hand: list[str], depth: int) -> int:
    """Shanten by exchange search (≤ depth), for 13-tile hands; depth + 1 means 'more'."""
    from engine.tiles import counts_of
    c = counts_of(hand)
    kinds = [t for t in TILES if r.options.honors or not t.is_honour]
    frontier = {tuple(c)}
    for k in range(depth + 1):
        for h in frontier:
            if any(r.is_win(_bag(h, t)) for t in kinds if h[t.idx] < 4):
                return k
        nxt = set()
        for h in frontier:
            for d in range(34):
                if h[d]:
                    for t in kinds:
                        if t.idx != d and h[t.idx] < 4:
                            g = list(h)
                            g[d] -= 1
                            g[t.idx] += 1
                            nxt.add(tuple(g))
        frontier = nxt
    return depth + 1


def _bag(h: tuple[int, ...], extra: str) -> list[str]:
    out = [TILES[i] for i in range(34) for _ in range(h[i])]
    return [*out, extra]


def test_shanten_matches_exchange_search() -> None:
    """M-11a by definition on random hands near ready (brute force to depth 1)."""
    rng = random.Random(7)
    tiles = R.tiles()
    won = list(R.parse("234m 567p 789s EEE 55m"))
    checked = 0
    for _ in range(400):
        hand = list(won)
        rng.shuffle(hand)
        hand = hand[:13 - rng.randrange(3)]
        while len(hand) < 13:
            t = rng.choice(tiles)
            if hand.count(t) < 4:
                hand.append(t)
        s = R.shanten(hand)
        if s > 1:
            continue
        assert _brute_shanten(R, hand, 1) == s, hand
        checked += 1
        if checked >= 6:
            break
    assert checked >= 3


def test_shanten_waits_consistent() -> None:
    """A 13-tile hand has shanten 0 exactly when it has waits; a 14-tile hand is −1 exactly when it wins."""
    rng = random.Random(3)
    tiles = R.tiles()
    seen_ready = 0
    for _ in range(300):
        rng.shuffle(tiles)
        hand = sorted(tiles[:13])
        s = R.shanten(hand)
        assert s >= 0
        assert (s == 0) == bool(R.waits(hand))
        seen_ready += s == 0
        for w in R.waits(hand):
            assert R.is_win([*hand, w]) and R.shanten([*hand, w]) == -1
    # near-ready hands from a won hand minus one tile
    won = R.parse("234m 567p 789s EEE 55m")
    for i in range(len(won)):
        rest = list(won[:i]) + list(won[i + 1:])
        assert R.shanten(rest) == 0 and won[i] in R.waits(rest)
    assert all(R.shanten(list(p) + ["1p"]) >= -1 for p in itertools.islice(itertools.combinations(won, 13), 3))


def test_bags_compare_as_multisets() -> None:
    """A TileBag equals any collection with the same tiles: order-free, as a mapping of counts, or as text."""
    w = R.waits("34m 567p 789s EEE 55s")
    assert w == ("2m", "5m") == w and w == ["5m", "2m"] and w == {"2m", "5m"} and w == "25m"
    assert w != ("2m",) and not R.waits("234m 567p 789s EEE 4m")
    b = R.parse("55m E")
    assert b == {"5m": 2, "E": 1} and b == ["E", "5m", "5m"] and b == "E55m" and b != "5mE"


def test_melds_in_several_spellings() -> None:
    assert R.is_win("234m 567p 55m", "789s EEE") and R.is_win("234m 567p 55m", ["789s", "EEE"])
    assert R.is_win("234m 567p 55m", [["7s", "8s", "9s"], "EEE"])
    with pytest.raises(IllegalPlay):
        R.is_win("234m 567p 55m", ["7899s", "EEE"])
