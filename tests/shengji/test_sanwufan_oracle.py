"""三五番 (RULES.md Part SF) through the oracle: options SF.1 / SF-0, the card order SF-3 … SF-5 (SFX-1 … SFX-3),
tractors SF-13 (SFX-2, SFX-4), declarations SF-7 / SF-8, sticks SF-10, special plays SF-14 (SFX-8 … SFX-10),
following SF-15 (SFX-10, SFX-11), the bottom SF-17 (SFX-12) and levels SF-18 (SFX-13)."""

from __future__ import annotations

import pytest

from engine import games
from engine.errors import IllegalPlay, OptionError
from engine.shengji import Rules
from engine.shengji.options import SPECS

SW = Rules(variant="sanwufan")


# -- SF.1, SF-0 options -------------------------------------------------------------------------------------

def test_sf1_options_have_the_ids_and_defaults_of_rules_md() -> None:
    want = {"sw_level_order": "A_to_K", "sw_stick_return": "declared_suit", "sw_no_declaration": "defenders_take_bank",
            "sw_special_plays": True, "sw_four_jokers_shan": False, "sw_high_single_follow": True,
            "sw_skip_removed_adjacent": True}
    got = {s.name: s.default for s in SPECS if s.name.startswith("sw_")}
    assert got == want
    assert {k: v for k, v in SW.options.as_dict().items() if k.startswith("sw_")} == want


@pytest.mark.parametrize("bad", [{"no_trump": True}, {"pair_over_pair": "never"}, {"reinforce": True},
                                 {"first_banker": "first_declarer"}, {"no_declaration": "redeal"},
                                 {"skip_level_adjacent": False}, {"jack_drop": True}])
def test_sf0_options_not_used_are_refused_with_the_variant(bad: dict[str, object]) -> None:
    with pytest.raises(OptionError) as e:
        Rules(variant="sanwufan", **bad)
    assert e.value.rule == "SF-0"


def test_sf0_kept_options_and_presets() -> None:
    r = Rules(variant="sanwufan", must_play=["5", "T", "K"], throw_fail_penalty=10, kitty_multiplier="power")
    assert r.options.must_play == ("5", "T", "K") and r.options.follow_type_required  # SF-15: always true
    assert Rules(preset="sanwufan").options == SW.options
    side = Rules(preset="sanwufan_any_side").options
    assert (side.variant, side.sw_stick_return, side.sw_no_declaration) == ("sanwufan", "any_side", "defenders_up3")
    # S.1a: under 三五番 a Part S preset sets only the options SF-0 keeps
    b = Rules(preset="bisai", variant="sanwufan").options
    assert b.must_play == ("5", "T", "K") and b.throw_fail_penalty == 10 and not b.no_trump
    with pytest.raises(OptionError) as e:
        Rules(preset="sanwufan", variant="standard")
    assert e.value.rule == "SF-0"
    spec = games.spec("shengji")
    assert Rules(spec.presets()["sanwufan"]).options == SW.options and "sanwufan" in spec.preset_titles()
    # a new-game screen resolves a preset through its options: the variant's whole set comes back
    shown = Rules({"preset": spec.presets()["sanwufan_any_side"]["preset"]}).options.as_dict()
    assert Rules(shown).options == side
    for o in (SW.options, side, b):
        assert Rules(o.changed()).options == o


# -- SF-3 … SF-5 order -----------------------------------------------------------------------------------

def _chain(r: Rules, cards: str, level: str, trump: str | None) -> list[int]:
    cs = cards.split()
    return [r.compare(a, b, level, trump) for a, b in zip(cs, cs[1:])]


def test_sfx1_order_at_level_ten_hearts() -> None:
    line = "X x Th Ts Tc Td 5h 5s 5c 5d 3h 3s 3c 3d 2h 2s 2c 2d Ah Kh Qh Jh 9h 8h 7h 6h 4h"
    got = _chain(SW, line, "T", "h")
    # SFX-1: '>' everywhere except the equal 副r of one rank
    assert got == [1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1]


def test_sf3_permanent_trump_beats_the_temporary_trump_suit_and_side_cards() -> None:
    o = SW.order("T", "h")
    assert o.is_trump(SW.parse("2d", "T", "h").cards.codes[0])
    assert SW.compare("2d", "Ah", "T", "h") == 1      # a permanent trump over the trump suit's A (SF-4)
    assert SW.compare("4h", "As", "T", "h") == 1      # the lowest trump over a side A (SF-3)
    assert SW.compare("As", "Kc", "T", "h") == 0      # two side suits never beat each other


def test_sfx2_side_suit_order_and_tractors() -> None:
    assert _chain(SW, "As Ks Qs Js 9s 8s 7s 6s 4s", "T", "h") == [1] * 8
    assert SW.parse("5s", "T", "h").system == 4      # a 5s is a trump (副5), never a spade
    for t in ("6s6s4s4s", "9s9sJsJs"):
        assert SW.parse(t, "T", "h").kind == "tractor"
        assert Rules(variant="sanwufan", sw_skip_removed_adjacent=False).parse(t, "T", "h").kind == "throw"


def test_sfx3_levels_two_three_and_ace() -> None:
    assert _chain(SW, "X x 2s 2h 5s 5h 3s 3h As", "2", "s") == [1] * 8
    assert _chain(SW, "X x 3s 3h 5s 5h 2s 2h As", "3", "s") == [1] * 8
    ace = "X x As Ah 5s 5h 3s 3h 2s 2h Ks Qs Js Ts 9s 8s 7s 6s 4s"
    assert _chain(SW, ace, "A", "s") == [1] * 18
    assert SW.compare("Ah", "Ac", "A", "s") == 0 and SW.compare("Kh", "Qh", "A", "s") == 1


def test_order_before_the_reveal_knows_no_trump_suit() -> None:
    o = SW.order("T", None)
    assert not o.is_trump(SW.parse("Ah", "T", None).cards.codes[0])
    assert SW.compare("Th", "Ts", "T", None) == 0 and SW.compare("Th", "5h", "T", None) == 1


@pytest.mark.parametrize("cards", ["AhAh2s2s", "2s2s2h2h", "2h2h3c3c", "5h5hTsTs", "ThThxx", "AhAh2s2s2h2h3c3c"])
def test_sfx4_trump_ladder_tractors(cards: str) -> None:
    assert SW.parse(cards, "T", "h").kind == "tractor"


def test_sfx4_two_fu_pairs_are_no_tractor() -> None:
    assert SW.parse("2s2s2c2c", "T", "h").kind == "throw"
    assert len(SW.parse("AhAh2s2s2h2h3c3c", "T", "h").units) == 1


# -- SF-7, SF-8 declarations; SF-10 sticks ------------------------------------------------------------------

def test_sf7_sf8_declaration_beats() -> None:
    assert SW.declaration_beats(None, "x9s9s") and SW.declaration_beats(None, "XX4c4c")  # SF-8: a first one too
    assert SW.declaration_beats("x9s9s", "XX4c4c")     # a joker pair takes over one joker
    assert SW.declaration_beats("X9s9s", "xx4c4c")
    assert not SW.declaration_beats("x9s9s", "X4c4c")  # one joker never over one joker: the first stands
    assert not SW.declaration_beats("XX4c4c", "xx9s9s")  # nothing over a joker pair
    with pytest.raises(IllegalPlay) as e:
        SW.declaration_beats(None, "x9s8s")
    assert e.value.rule == "SF-7"


def test_sf10_stick_shows() -> None:
    assert SW.stick_shows("x6d6d7d7d2h", "T") == ["x6d6d7d7d"]   # SFX-5
    assert SW.stick_shows("x6d6d7d7d", "T") == []              # no 2, 3, 5 or level card
    assert SW.stick_shows("x4d4d6d6d2h", "T") == ["x4d4d6d6d"]  # 4-6 adjacent (5 removed)
    assert Rules(variant="sanwufan", sw_skip_removed_adjacent=False).stick_shows("x4d4d6d6d2h", "T") == []
    assert SW.stick_shows("x2d2d3d3d5h", "T") == []            # permanent ranks are never a stick's pairs


# -- SF-14 special plays --------------------------------------------------------------------------------------

def test_sfx8_shan() -> None:
    assert SW.parse("2h2c2s2d", "7", "s").kind == "shan"
    assert SW.trick_winner(["2h2c2s2d", "5h5c5s5d", "AsKsQsJs", "7h7c7s7d"], "7", "s") == 3
    assert SW.trick_winner(["2h2c2s2d", "5h5c5s5d", "AsKsQsJs", "9h9c9s9d"], "7", "s") == 1
    assert SW.parse("XXxx", "7", "s").kind == "tractor"       # four jokers without the option: a tractor
    fj = Rules(variant="sanwufan", sw_four_jokers_shan=True)
    assert fj.parse("XXxx", "7", "s").kind == "shan"          # the option names it a 闪 (SFX-8) ...
    assert fj.trick_winner(["7h7c7s7d", "XXxx"], "7", "s") == 1  # ... above every other 闪
    assert SW.parse("XXxx7s7s", "7", "s").kind == "tractor"   # a play that is one tractor stays a tractor
    off = Rules(variant="sanwufan", sw_special_plays=False)
    assert off.parse("2h2c2s2d", "7", "s").kind == "throw"


def test_sfx8_following_a_shan() -> None:
    lead = "2h2c2s2d"
    hand1 = "5h5c5s5d" + "AsKs"
    assert SW.may_follow(hand1, lead, "5h5c5s5d", "7", "s")
    bad = SW.follow_refusal(hand1, lead, "5h5cAsKs", "7", "s")
    assert bad is not None and bad.rule == "SF-15"
    hand2 = "XAsKsQs9s4h"  # no 闪: his four highest trumps
    assert SW.may_follow(hand2, lead, "XAsKsQs", "7", "s")
    assert not SW.may_follow(hand2, lead, "AsKsQs9s", "7", "s")


def test_sfx9_zhen() -> None:
    assert SW.parse("5h5c5s5d5d", "7", "s").kind == "zhen"
    assert SW.trick_winner(["5h5c5s5d5d", "7h7c7s7d7s"], "7", "s") == 1
    hand = "7h7c7c7s7d7d" + "KhQh"
    assert SW.may_follow(hand, "5h5c5s5d5d", "7h7c7s7d7d", "7", "s")
    assert not SW.may_follow(hand, "5h5c5s5d5d", "7h7c7c7dKh", "7", "s")


def test_sfx10_yu() -> None:
    assert SW.parse("6c7c8c9cTc", "J", "h").kind == "yu"
    assert SW.special("6c7c8c9c9cTc", "J", "h").shape == (5, (1,))   # type: ignore[union-attr]
    assert SW.parse("9cTcQcKcAc", "J", "h").kind != "yu"   # J is the level rank
    assert SW.parse("4c6c7c8c9c", "J", "h").kind != "yu"   # a 4 is never in a 雨
    assert SW.throw_check("6c7c8c9cTc", ["AcKc", "", ""], "J", "h") is None   # no throw check (SF-14)
    # P1 has no 雨: his five highest clubs; P2 ruffs with a trump 雨 of the same shape and wins
    assert SW.may_follow("AcKcQcQc8c4c", "6c7c8c9cTc", "AcKcQcQc8c", "J", "h")
    assert not SW.may_follow("AcKcQcQc8c4c", "6c7c8c9cTc", "AcKcQc8c4c", "J", "h")
    assert SW.trick_winner(["6c7c8c9cTc", "AcKcQcQc8c", "6h7h8h9hTh", "2s3s4s6s7s"], "J", "h") == 2
    assert SW.kitty_multiplier("6c7c8c9cTc", "J", "h") == 5


def test_sfx11_highest_singles() -> None:
    assert SW.may_follow("As9s6s4s", "QsQs", "As9s", "T", "h")
    bad = SW.follow_refusal("As9s6s4s", "QsQs", "6s4s", "T", "h")
    assert bad is not None and bad.rule == "SF-15"
    off = Rules(variant="sanwufan", sw_high_single_follow=False)
    assert off.may_follow("As9s6s4s", "QsQs", "6s4s", "T", "h")
    assert SW.may_follow("KsKsQs8s6s", "9s9sJsJs", "KsKsQs8s", "T", "h")
    assert not SW.may_follow("KsKsQs8s6s", "9s9sJsJs", "KsKsQs6s", "T", "h")


# -- SF-17 bottom, SF-18 levels ---------------------------------------------------------------------------

@pytest.mark.parametrize("lead,want", [("Kc", 30), ("KcKc", 60), ("2h2c2s2d", 60), ("5h5c5s5d5d", 60),
                                       ("6c7c8c9cTc", 75)])
def test_sfx12_bottom_multipliers(lead: str, want: int) -> None:
    bottom = "5dKc9s4h"
    s = SW.settle(0, banker=0, levels=("A", "A"), bottom=bottom, last_lead=lead, defenders_last=True,
                  level="J", trump="h")
    banker_last = SW.settle(0, levels=("A", "A"), bottom=bottom, last_lead=lead, defenders_last=False,
                            level="J", trump="h")
    assert banker_last.bottom_points == 0
    assert s.bottom_points == want


def test_sfx13_levels_a_to_k() -> None:
    s = SW.settle(0, levels=("A", "A"), level="A")
    assert (s.banker_level, s.banker_change) == ("4", 3)
    assert SW.settle(0, levels=("8", "2"), level="8").banker_level == "T"     # stops on T
    s = SW.settle(170, levels=("8", "Q"), level="8")
    assert s.defender_level == "K"                                            # never above the last level
    assert SW.settle(30, levels=("K", "2"), level="K").match_won              # banker at K keeps the bank
    assert not SW.settle(90, levels=("K", "2"), level="K").match_won
    assert SW.settle(0, levels=("9", "2"), level="9").defender_level == "A"   # a side at 2 falling 3 → A
    two = Rules(variant="sanwufan", sw_level_order="2_to_A")
    assert two.settle(0, levels=("K", "2"), level="K").banker_level == "A"
    assert two.settle(30, levels=("A", "2"), level="A").match_won


# -- ids the tests above cover under their example names, and the rest ---------------------------------------

def test_sf1_players_teams_and_two_decks() -> None:
    """SF-1: four seats, partners opposite, 108 cards (the variant is the same registered game)."""
    from engine.trick.cards import full_pack
    spec = games.spec("shengji")
    st = spec.new_state(2, {"variant": "sanwufan"}, hands=1)
    assert spec.teams == ((0, 2), (1, 3)) and st.n_seats == 4 and len(full_pack()) == 108


def test_sf6_points_and_the_80_line() -> None:
    """SF-6: 5 / 10 / K count 5, 10, 10 (200 in all); the defenders take the bank at 80."""
    from engine.trick.cards import full_pack, points
    assert points(full_pack()) == 200
    assert SW.settle(75, levels=("A", "A"), level="A").bank_kept
    assert not SW.settle(80, levels=("A", "A"), level="A").bank_kept


def test_sf4_sf13_the_ladder_above_the_plain_trumps_is_adjacent() -> None:
    """SF-4, SF-13: trump A, 副2, 主2, 副3, 主3, 副5, 主5, 副L, 主L, x, X — every step adjacent."""
    ladder = ["Ah", "2s", "2h", "3s", "3h", "5s", "5h", "Ts", "Th", "x", "X"]
    for a, b in zip(ladder, ladder[1:]):
        assert SW.parse(a * 2 + b * 2, "T", "h").kind == "tractor", (a, b)


def test_sfx9_zhen_ids() -> None:
    """SFX-9 (SF-14 震): five-card 震 beats a lower five-card 震; a follower must play one he holds."""
    assert SW.trick_winner(["5h5c5s5d5d", "3h3c3s3d3d", "7h7c7s7d7s"], "7", "s") == 2
    assert SW.parse("5h5c5s5d5d5c", "7", "s").kind == "zhen"
    # a 震 matches only a 震 of the same size
    assert SW.trick_winner(["5h5c5s5d5d", "7h7c7s7dKs"], "7", "s") == 0


def test_sf16_a_special_play_is_one_unit() -> None:
    """SF-16: a special play wins as one unit; a non-matching play of the led system is a discard."""
    assert SW.trick_winner(["6c7c8c9cTc", "AcKcQcJc9c"], "2", "h") == 0   # not a 雨 (A K Q J 9 skips T)
    assert SW.trick_winner(["6c7c8c9cTc", "7c8c9cTcJc"], "2", "h") == 1   # a higher five-rank 雨


def test_sf9_final_round_ends_after_four_passes() -> None:
    """SF-9: after the last card the seats are asked in turn from the one after the last drawer; four passes
    in a row end the round."""
    from engine.shengji import State
    st = State(Rules(variant="sanwufan"), seed=4, hands=1, first_drawer=1)
    from engine.core import Action
    while st.phase == "deal":
        st.apply(Action(st.to_act, "pass"))
    assert st.phase == "declare" and st.to_act == 1        # the last (104th) card went to seat 0
    for _ in range(3):
        st.apply(Action(st.to_act, "pass"))
    assert st.phase == "declare"
    st.apply(Action(st.to_act, "pass"))
    assert st.phase != "declare" or st.redeals == 1
