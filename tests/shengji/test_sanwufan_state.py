"""三五番 matches (RULES.md Part SF) through the state: the deal SF-2, declaring and taking over SF-7 … SF-9,
sticking and the exchange SF-10 (SFX-5), the banker SF-11 (SFX-6), nobody declaring SF-12 (SFX-7), what
each seat may see, and the events the table animates."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from engine import fairness, games, log
from engine.core import Action
from engine.shengji import Rules, State
from engine.shengji.sanwufan_state import SanwufanState
from engine.trick.cards import TEXT, full_pack, parse_codes

SEQ = "A23456789TJQK"


def sw_deal(first: int, hands: dict[int, str], bottom: str | None = None, seed: int = 0) -> list[str]:
    """The 108 cards in drawing order (SF-2): seat s draws its listed cards first; 26 each, the 4-card bottom
    last; the rest at random."""
    left = Counter(full_pack())
    want = {s: parse_codes(h) for s, h in hands.items()}
    bot = parse_codes(bottom) if bottom else []
    for c in [c for v in want.values() for c in v] + bot:
        left[c] -= 1
        assert left[c] >= 0, TEXT[c]
    rest = [c for c, k in sorted(left.items()) for _ in range(k) if c < 52 or True]
    random.Random(seed).shuffle(rest)
    # keep the jokers where the scenario put them: no other seat gets one by chance
    jokers = [c for c in rest if c >= 52]
    rest = [c for c in rest if c < 52]
    if not bot:
        bot, rest = rest[:4 - len(jokers)] + jokers, rest[4 - len(jokers):]
    assert len(bot) == 4
    per = {s: list(want.get(s, [])) for s in range(4)}
    for s in range(4):
        while len(per[s]) < 26:
            per[s].append(rest.pop())
    order = [per[(first + j) % 4][j // 4] for j in range(104)]
    return [TEXT[c] for c in order + bot]


def act(st: Any, seat: int, kind: str, arg: str | None = None) -> list[Any]:
    assert st.to_act == seat, f"seat {st.to_act} to act, not {seat} ({st.phase})"
    return st.apply(Action(seat, kind, None, arg))


def pass_to(st: Any, stop: Any) -> None:
    for _ in range(500):
        if stop(st):
            return
        act(st, st.to_act, "pass")
    raise AssertionError("never stopped")


def later_hand(st: Any, bank_team: int, levels: tuple[str, str]) -> None:
    """Make the (first) hand of ``st`` play as a later hand: the bank side and the levels known before it."""
    st.bank_team = bank_team
    st.levels = [SEQ.index(levels[0]), SEQ.index(levels[1])]
    st._set_level()
    from engine.shengji.sanwufan_order import sanwufan_order
    st.order = sanwufan_order(st.level, None, True)


def seen(st: Any, seat: int | None) -> str:
    return json.dumps(st.view(seat), sort_keys=True, ensure_ascii=False)


def test_state_of_the_variant_is_the_sanwufan_state() -> None:
    st = State(Rules(variant="sanwufan"), seed=3, hands=1)
    assert isinstance(st, SanwufanState) and st.game == "shengji"
    assert type(State(Rules(), seed=3, hands=1)) is State
    assert isinstance(games.new_state("shengji", 3, {"preset": "sanwufan"}), SanwufanState)


# -- SF-2 the deal ------------------------------------------------------------------------------------------

def test_sf2_deal_26_each_after_4_set_aside_through_the_verifiable_shuffle() -> None:
    st = State(Rules(variant="sanwufan"), seed=21, hands=1)
    assert [e.kind for e in st.history].count("bottom_set_aside") == 1
    pass_to(st, lambda s: s.deal_pos == 104 and s.phase == "declare")
    assert [sum(h) for h in st.held] == [26] * 4 and len(st.pack[104:]) == 4
    dealt = {e.data["seat"]: e.data["cards"] for e in st.history if e.kind == "deal" and e.data["cards"]}
    commit = next(e.data for e in st.history if e.kind == "shuffle_commit")
    pass_to(st, lambda s: s.phase not in ("deal", "declare", "stick"))
    # play the hand out to see the reveal
    rng = random.Random(1)
    while not st.is_over:
        la = st.legal_actions(st.to_act)
        st.apply(la[rng.randrange(len(la))])
    rev = next(e.data for e in st.history if e.kind == "shuffle_reveal")
    seed = bytes.fromhex(rev["shuffle_seed"])
    want = games.spec("shengji").deal(seed, {"variant": "sanwufan"})
    assert [sorted(want.hands[s]) for s in range(4)] == [sorted(dealt[s]) for s in range(4)]
    assert len(want.rest) == 4
    v = fairness.verify("shengji", {"variant": "sanwufan"}, commit["commit"], rev["shuffle_seed"], rev["nonce"],
                        [dealt[s] for s in range(4)])
    assert v.ok


# -- SFX-5: declaring, taking over, sticking, the exchange -------------------------------------------------

HANDS = {1: "x9s9s", 3: "XX4c4c", 2: "x6d6d7d7d2hKc9c"}


def sfx5(rules: Rules | None = None) -> Any:
    st = State(rules or Rules(variant="sanwufan"), seed=0, hands=1, deal=sw_deal(0, HANDS, seed=4), first_drawer=0)
    later_hand(st, 1, ("T", "4"))
    return st


def test_sfx5_declare_take_over_stick_exchange_and_bank() -> None:
    st = sfx5()
    pass_to(st, lambda s: s.to_act == 1 and s.deal_pos >= 10)
    ev = act(st, 1, "declare", "x9s9s")
    pub = [e for e in ev if e.kind == "declare"][0]
    assert pub.to is None and pub.data == {"seat": 1, "kind": "declare", "jokers": "x", "face_down": 2}
    priv = [e for e in ev if e.kind == "declared_pair"][0]
    assert priv.to == (1,) and priv.data["pair"] == "9s9s" and priv.data["trump"] == "s"
    assert "9s9s" not in seen(st, 0) and "9s9s" in seen(st, 1)
    assert st.view(0)["trump"] is None and st.view(1)["trump"] == "s"
    # SF-8: P1 may not declare again; another one-joker declaration is no take-over
    pass_to(st, lambda s: s.to_act == 2 and s.deal_pos >= 12)
    bad = st.refusal(Action(2, "declare", None, "x6d6d"))
    assert bad is not None and bad.rule == "SF-8"
    pass_to(st, lambda s: s.to_act == 3)
    ev = act(st, 3, "declare", "XX4c4c")
    assert [e.data for e in ev if e.kind == "declare"][0]["kind"] == "takeover"
    assert st.stats["takeover"] == 1
    # nothing takes over a joker pair: nobody is offered a declaration any more
    for _ in range(400):
        if st.phase == "stick":
            break
        assert [a.kind for a in st.legal_actions(st.to_act)] == ["pass"]
        act(st, st.to_act, "pass")
    assert st.phase == "stick" and st.to_act == 0      # asked from the declarer's 下家
    assert [a.kind for a in st.legal_actions(0)] == ["pass"]
    act(st, 0, "pass")
    act(st, 1, "pass")
    assert "x6d6d7d7d" in [a.arg for a in st.legal_actions(2)]
    ev = act(st, 2, "stick", "x6d6d7d7d")
    pub = [e for e in ev if e.kind == "stick"][0]
    assert pub.to is None and pub.data["joker"] == "x" and pub.data["took_joker"] == "X"
    cards = [e for e in ev if e.kind == "stick_cards"][0]
    assert cards.to == (2, 3) and cards.data["taken"] == "4c4cX" and cards.data["pair"] == "4c4c"
    assert st.view(2)["sanwufan"]["pair"] == "4c4c" and st.view(2)["trump"] == "c"
    for s in (0, 1):
        assert "4c4c" not in seen(st, s) and "6d6d7d7d" not in seen(st, s) and st.view(s)["trump"] is None
    assert st.phase == "exchange" and st.to_act == 2
    # SF-10: not the cards just taken, one 2/3/5/L, two clubs
    for bad_give in ("4c4cX", "Kc9cQd", "2hKcX"):
        r = st.refusal(Action(2, "exchange", None, bad_give))
        assert r is not None and r.rule in ("SF-10", "S-2"), bad_give
    ev = act(st, 2, "exchange", "2hKc9c")
    assert [e.data for e in ev if e.kind == "exchange"][0] == {"from": 2, "to": 3, "count": 3}
    ex = [e for e in ev if e.kind == "exchange_cards"][0]
    assert ex.to == (2, 3) and sorted(parse_codes(ex.data["cards"])) == sorted(parse_codes("2hKc9c"))
    for s in (0, 1):
        assert "2hKc9c" not in seen(st, s) and "9c2h" not in seen(st, s)
    # SF-11: P3 (the declarer) is on the banker side {P1, P3}: his partner P1 buries, the pair still face down
    assert st.phase == "bury" and st.banker == 1 and st.to_act == 1
    assert [e.data for e in ev if e.kind == "bank"][0]["banker"] == 1
    assert st.view(1)["trump"] is None
    assert st.trump is None and st.sw.suit == 1  # clubs, still face down
    hand1 = [c for c in st.view(1)["hand"]]
    ev = act(st, 1, "bury", "".join(hand1[:4]))
    rev = [e for e in ev if e.kind == "reveal"][0]
    assert rev.to is None and rev.data == {"seat": 3, "pair": "4c4c", "trump": "c", "jokers": "XX"}
    assert st.phase == "play" and st.to_act == 1 and all(st.view(s)["trump"] == "c" for s in range(4))
    assert st.view(0)["bottom"] is None and st.view(1)["bottom"] is not None


def test_sfx5_any_side_return() -> None:
    st = sfx5(Rules(variant="sanwufan", sw_stick_return="any_side"))
    pass_to(st, lambda s: s.to_act == 3 and s.deal_pos >= 16)
    act(st, 3, "declare", "XX4c4c")
    pass_to(st, lambda s: s.phase == "stick" and s.to_act == 2)
    act(st, 2, "stick", "x6d6d7d7d")
    hand = Counter(parse_codes("".join(st.view(2)["hand"])))
    side = [TEXT[c] for c in hand if c < 52 and c // 13 != 1 and c % 13 not in (0, 1, 3, 8)]
    assert len(side) >= 2
    ok = "".join(sorted(["2h", side[0], side[1]]))
    assert st.refusal(Action(2, "exchange", None, ok)) is None
    r = st.refusal(Action(2, "exchange", None, "2hKc9c"))
    assert r is not None and r.rule == "SF-10"


# -- SFX-6: the banker when a defender declares -------------------------------------------------------------

@pytest.mark.parametrize("declarer,banker", [(3, 0), (2, 0), (0, 2), (1, 2)])
def test_sfx6_banker_is_the_declarers_partner_or_his_xiajia(declarer: int, banker: int) -> None:
    st = State(Rules(variant="sanwufan"), seed=0, hands=1,
               deal=sw_deal(0, {declarer: "XXxx8h8h"}, seed=6), first_drawer=0)
    later_hand(st, 0, ("7", "4"))
    pass_to(st, lambda s: s.to_act == declarer and s.deal_pos >= 24)
    act(st, declarer, "declare", "X8h8h")
    pass_to(st, lambda s: s.phase not in ("deal", "declare", "stick"))
    assert st.phase == "bury" and st.banker == banker and st.level == "23456789TJQKA".index("7")


def test_sf11_first_hand_banker_side_is_the_declarers() -> None:
    st = State(Rules(variant="sanwufan"), seed=0, hands=1, deal=sw_deal(0, {3: "XXxx8h8h"}, seed=6),
               first_drawer=0)
    pass_to(st, lambda s: s.to_act == 3 and s.deal_pos >= 24)
    act(st, 3, "declare", "X8h8h")
    pass_to(st, lambda s: s.phase == "bury")
    assert st.bank_team == 1 and st.banker == 1 and st.view(0)["levels"] == ["A", "A"]


# -- SFX-7, SF-12: nobody declares ----------------------------------------------------------------------

@pytest.mark.parametrize("policy,levels,want", [
    ("defenders_take_bank", ("7", "4"), (1, 1, ["7", "4"], "4")),
    ("defenders_up3", ("7", "4"), (0, 0, ["7", "7"], "7")),
    ("defenders_up3", ("7", "9"), (0, 0, ["7", "T"], "7")),
])
def test_sfx7_nobody_declares(policy: str, levels: tuple[str, str], want: tuple[int, int, list[str], str]) -> None:
    st = State(Rules(variant="sanwufan", sw_no_declaration=policy), seed=0, hands=1,
               deal=sw_deal(0, {}, seed=8), first_drawer=0)
    later_hand(st, 0, levels)
    pass_to(st, lambda s: s.redeals == 1)
    nd = [e.data for e in st.history if e.kind == "no_declaration"][-1]
    assert nd["policy"] == policy
    bank_team, first, lv, level = want
    assert (st.bank_team, st.first_drawer, st.view(None)["levels"], st.view(None)["level"]) == \
        (bank_team, first, lv, level)
    assert st.phase == "deal" and st.totals == [0] * 4


def test_sf12_first_hand_redeals_then_the_fourth_undeclared_deal_flips_the_bottom() -> None:
    st = State(Rules(variant="sanwufan"), seed=5, hands=1)
    first = st.first_drawer
    pass_to(st, lambda s: s.phase not in ("deal", "declare"))
    assert st.stats["redeal"] == 3 and st.stats["flipped_bottom"] == 1
    assert st.phase == "bury" and st.banker == first and st.bank_team == first % 2
    tr = [e.data for e in st.history if e.kind == "trump"][-1]
    flipped = parse_codes("".join(tr["flipped"]))
    plain = [c for c in flipped if c < 52 and c % 13 not in (0, 1, 3, 12)]   # level A: 2, 3, 5, A removed
    suited = [c for c in flipped if c < 52]
    want = "sdch"[0] if not suited else "dchs"[(plain or suited)[0] // 13]
    assert tr["trump"] == want and st.view(0)["trump"] == want


# -- a whole random match: secrecy of the bottom and of face-down cards, log replay -----------------------------

def test_random_matches_keep_secrets_and_replay() -> None:
    for seed in (1, 2):
        st = State(Rules(variant="sanwufan"), seed=seed, hands=2)
        rng = random.Random(seed)
        while not st.is_over:
            if st.sw is not None and not st.revealed:
                hand = st.history[st.hand_start:]
                for s in range(4):
                    v = st.view(s)
                    if not st.knows_pair(s):  # SF-7, SF-10: neither the declared pair nor the exchange
                        assert v["sanwufan"]["pair"] is None and v["trump"] is None
                        assert not any(e.kind in ("stick_cards", "exchange_cards") or
                                       (e.kind == "declared_pair" and e.data["seat"] == st.sw.seat)
                                       for e in hand if e.visible_to(s))
            if st.phase == "play":
                for s in range(4):
                    if s != st.banker:
                        assert st.view(s)["bottom"] is None
            la = st.legal_actions(st.to_act)
            st.apply(la[rng.randrange(len(la))])
        assert any(e.kind == "bottom_shown" for e in st.history)
        again = log.load(log.dump(st))
        assert [again.view(s) for s in range(4)] == [st.view(s) for s in range(4)]


def test_sim_counts_the_variant_paths() -> None:
    from engine import sim
    out = sim.run("shengji", 1, 3, {"variant": "sanwufan"})
    for p in ("declare", "takeover", "stick", "exchange", "shan", "zhen", "yu", "bottom_capture", "level_up"):
        assert p in out["paths"]
    assert out["paths"]["declare"] > 0 and out["paths"]["hands"] > 0
