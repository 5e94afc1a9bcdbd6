"""Mahjong's verifiable deal (engine.fairness, 验证洗牌; RULES.md M-4): the documented cut of a 32-byte seed,
the state dealing every hand through it, and each hand's deal committed before and revealed after it."""

from __future__ import annotations

import random
from collections import Counter

from engine import fairness
from engine.mahjong.deal import deal_tiles
from engine.mahjong.rules import Rules
from engine.mahjong.spec import SPEC
from engine.mahjong.state import Setup, State


def test_the_cut_gives_thirteen_each_and_keeps_the_pack() -> None:
    seed = bytes(range(32))
    hands, wall = deal_tiles(seed, Rules())
    pack = fairness.shuffle(seed, Rules().tiles())
    assert [len(h) for h in hands] == [13] * 4 and wall == pack[52:]
    assert hands[1][:4] == pack[4:8] and hands[0][4:8] == pack[16:20] and hands[3][12] == pack[51]  # M-4 blocks
    assert Counter(t for h in hands for t in h) + Counter(wall) == Counter(Rules().tiles())
    assert sum(map(len, deal_tiles(seed, Rules(honors=False))[0])) + len(deal_tiles(seed, Rules(honors=False))[1]) == 108


def test_every_hand_is_the_committed_deal_and_the_dealer_takes_the_walls_first_tile() -> None:
    st = State(Rules(match="hands", match_hands=3), seed=4)
    rng = random.Random(4)
    while not st.is_over:
        la = list(st.legal_actions(st.to_act))  # type: ignore[arg-type]
        st.apply(la[rng.randrange(len(la))])
    full = [e.to_json() for e in st.history]
    commits = [e for e in full if e["kind"] == "shuffle_commit"]
    reveals = [e for e in full if e["kind"] == "shuffle_reveal"]
    assert len(commits) == len(reveals) == st.hand_no == 3
    for r in reveals:
        i = next(i for i, e in enumerate(full) if e["kind"] == "shuffle_reveal" and e["data"] == r["data"])
        assert full[i - 1]["kind"] == "hand_end"  # revealed only once the hand is over
    verdicts = fairness.check_history("mahjong", {}, full)
    assert len(verdicts) == 3 and all(v.ok for v in verdicts), [v.en for v in verdicts]
    # the first hand: the dealer's 14 are his 13 dealt tiles and the wall's first tile
    seed = bytes.fromhex(reveals[0]["data"]["shuffle_seed"])
    want = SPEC.deal(seed, {})  # type: ignore[misc]
    first = next(e for e in full if e["kind"] == "tiles" and e["data"]["seat"] == st.first_dealer)
    assert sorted(first["data"]["tiles"]) == sorted([*want.hands[st.first_dealer], want.rest[0]])


def test_a_fixed_setup_is_not_committed_and_a_contribution_changes_the_deal() -> None:
    hands = ["1111m 234p 67p 55s 78s N", "2m 3m 4m 6m 7m 8m 9m 1s 2s 3s 4s S S",
             "2m 3m 4m 6m 7m 8m 9m 1s 2s 3s 4s F F", "5m 5m 6m 7m 8m 9p 9p 9p 1s 2s B B B"]
    fixed = State(Rules(), seed=1, setup=Setup(hands=hands))
    assert not any(e.kind == "shuffle_commit" for e in fixed.history) and fixed.fair.dealt == 0
    plain = State(Rules(), seed=1)
    mixed = State(Rules(), seed=1, entropy={0: [None, b"\x42" * 32, None, None]})
    assert plain.t.hands != mixed.t.hands
    twin = plain.clone()
    twin.fair.contribute(1, 2, b"\x01" * 32)
    assert plain.fair.entropy == {}  # the clone's ledger is its own
