"""Issue 16: the habits players notice, each on a constructed position — the frozen baseline shows the habit,
the heuristic no longer does — and the arena's habit counters.

Positions are built as the bots see them (a :class:`GCtx` / :class:`BCtx` and the legal actions of the rules),
so each test names the rule and the seeds/000 tip it follows."""

from __future__ import annotations

from typing import Any

from engine import arena
from engine.bots import baohuang as bh
from engine.bots import baohuang_baseline as bh0
from engine.bots import gouji as g
from engine.bots import gouji_baseline as g0
from engine.bots.base import hand_counts
from engine.core import Action
from engine.gouji.rules import Rules
from engine.plays import iter_answers

RULES = Rules({})
RULES_B = bh.Rules({})


def _answer_position(hand: list[str], top: str, top_seat: int, gouji: bool, seat: int = 0,
                     **kw: Any) -> tuple[Any, Any, list[Action]]:
    """(new ctx, baseline ctx, legal) for ``seat`` answering ``top`` (G-35, G-42/G-43)."""
    counts = hand_counts(hand)
    p = RULES.parse(top)
    legal = [Action(seat, "pass")] + [Action(seat, "play", b) for b in iter_answers(RULES.play_rules, counts, p)]
    common = dict(seat=seat, rules=RULES, phase="play", mode="answer", counts=counts, top=p, top_seat=top_seat,
                  top_gouji=gouji, **kw)
    return g.GCtx(**common), g0.GCtx(**common), legal  # type: ignore[arg-type]


def test_answers_the_duitou_gouji_play_g43() -> None:
    """seeds/000 出牌: 对头的级牌…能打就打. Four big jokers facing the 对头's ``AAA`` (G-43: only we may answer)."""
    hand = ["X", "X", "X", "X", "3c", "3d", "5c", "5d", "7c", "7d", "9c", "9d", "Jc", "Jd"]
    new, old, legal = _answer_position(hand, "AAA", 3, True)
    assert len(legal) > 1
    before, _ = g0.heuristic(old, legal)
    after, why = g.heuristic(new, legal)
    assert before.kind == "pass"  # the habit: the 够级 play stands and the 对头 wins the lead and 开点s (G-57)
    assert after.kind == "play" and after.play is not None and "G-43" in why
    rest = g.rest_after(new.counts, after.play)
    assert rest[g.BIG] >= 1  # not ruinous: a joker is kept to win a lead back


def test_an_ordinary_beat_keeps_groups_whole_g35() -> None:
    """seeds/000 出牌: ``66`` out of ``66666`` on an opponent's ``55`` splits a group into two leads."""
    hand = ["6c", "6d", "6h", "6s", "6c", "8c", "8d", "8h", "Kc", "Kd", "3c", "3d", "4c", "4d", "4h", "4s"]
    new, old, legal = _answer_position(hand, "55", 1, False)
    before, _ = g0.heuristic(old, legal)
    after, _ = g.heuristic(new, legal)
    assert before.play is not None and before.play.natural_rank == 6 and before.play.naturals == 2
    assert after.play is not None and not g._breaks_group(new.counts, after.play)
    assert str(after.play) == "KK"


def test_no_bare_joker_on_an_ordinary_single() -> None:
    """seeds/000 学会用花: a joker carries small cards; spent alone on a plain ``K`` it is a lead thrown away."""
    hand = ["x", "3c", "3d", "5c", "5d", "7c", "7d", "9c", "9d", "Jc", "Qd"]
    new, old, legal = _answer_position(hand, "K", 1, False)
    before, _ = g0.heuristic(old, legal)
    after, _ = g.heuristic(new, legal)
    assert before.play is not None and g._bare_joker(before.play)
    assert after.play is None or not g._bare_joker(after.play)


def test_return_to_an_opponent_is_a_low_card_g81() -> None:
    """G-81 还贡: the lowest single can be a Q — a lead handed to the payer; a 4 out of ``44`` is not."""
    hand = ["4c", "4d", "Qh", "Ks", "7c", "7d", "7h"]
    legal = [Action(0, "give", None, c) for c in hand]
    common = dict(seat=0, rules=RULES, phase="return", mode=None, counts=hand_counts(hand),
                  returning={"payer": 1, "receiver": 0})
    before, _ = g0.heuristic(g0.GCtx(**common), legal)  # type: ignore[arg-type]
    after, _ = g.heuristic(g.GCtx(**common), legal)  # type: ignore[arg-type]
    assert before.arg == "Qh"
    assert after.arg is not None and after.arg[0] == "4"


def test_yudian_from_the_kaidian_record_g13() -> None:
    """G-13/G-80: 预点 is a bet that the 对头 will not 开点; made before the deal (no hand, G-10), it is judged
    from this game's record: at a table where the 对头 always 开点s the call only pays the 8-card penalty."""
    legal = [Action(0, "yudian"), Action(0, "decline")]
    common = dict(seat=0, rules=RULES, phase="yudian", mode=None, counts=[0] * 19, set_no=3, sets_per_game=5)
    always = [[True] * 6, [True] * 6]
    never = [[True, True, True, False, True, True]] * 2  # the 对头 (seat 3) never 开点'd
    assert g0.heuristic(g0.GCtx(**common), legal)[0].kind == "yudian"  # type: ignore[arg-type]
    assert g.heuristic(g.GCtx(**common, kaidian_record=always), legal)[0].kind == "decline"  # type: ignore[arg-type]
    assert g.heuristic(g.GCtx(**common, kaidian_record=never), legal)[0].kind == "yudian"  # type: ignore[arg-type]
    assert g.yudian_gain(g.GCtx(**common, kaidian_record=never)) > 0 > g.yudian_gain(  # type: ignore[arg-type]
        g.GCtx(**common, kaidian_record=always))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------- Baohuang
def _bctx(mod: Any, hand: list[str], phase: str, **kw: Any) -> Any:
    pr = bh._infer_rules({"options": {}}, [])
    base = dict(seat=0, phase=phase, counts=hand_counts(hand), pr=pr, role=kw.pop("role", None),
                emperor=kw.pop("emperor", None), guard=kw.pop("guard", None), solo=kw.pop("solo", None),
                seat_counts=[20] * 5,
                total=bh._pack_totals(pr))
    if mod is bh:
        base["hand"] = hand
    base.update(kw)
    return mod.BCtx(**base)


def test_no_throne_without_a_callable_triple_b12() -> None:
    """B-12/B-14: with no identity held three times there is no guard to call: one against four."""
    hand = ["X^", "X", "X", "x", "x", "2c", "2d", "2h", "2s", "Ac", "Ad", "Kc", "Kd", "Qc", "Jc"]
    assert not bh.callable_triple(hand) and bh.strength(hand_counts(hand)) >= bh.ACCEPT_STRENGTH
    legal = [Action(0, "abdicate"), Action(0, "accept")]
    before, _ = bh0.heuristic(_bctx(bh0, hand, "abdicate"), legal)
    after, why = bh.heuristic(_bctx(bh, hand, "abdicate"), legal)
    assert before.kind == "accept" and after.kind == "abdicate" and "B-12" in why
    triple = hand + ["9c", "9c", "9c"]
    assert bh.callable_triple(triple)
    assert bh.heuristic(_bctx(bh, triple, "abdicate"), legal)[0].kind == "accept"


def test_a_good_guard_reveals_himself_b16() -> None:
    """B-16 明保: a guard with a better-than-usual hand doubles a hand his side is favoured in."""
    hand = ["X", "x", "2c", "2d", "2h", "Ac", "Ad", "Ah", "Kc", "Kd", "9c", "9d", "9h", "5c", "5d"]
    s = bh.strength(hand_counts(hand))
    assert bh.MINGBAO_STRENGTH <= s < 9.0
    legal = [Action(0, "reveal"), Action(0, "decline")]
    assert bh0.heuristic(_bctx(bh0, hand, "mingbao"), legal)[0].kind == "decline"
    assert bh.heuristic(_bctx(bh, hand, "mingbao"), legal)[0].kind == "reveal"


def test_a_rebel_does_not_top_a_rebel_while_the_guard_is_hidden_b29() -> None:
    """B-29: a hidden guard never plays over his own emperor, so a seat that did is (inferred) a fellow rebel; once
    the emperor has let his play pass, the round is the rebels' and a beat would waste it. (Before the emperor
    answers, a cheap whole group may raise the bar instead: the 顶牌 test below.)"""
    hand = ["Kc", "Kd", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Ac", "3d", "4d", "5d"]
    pr = bh._infer_rules({"options": {}}, [])
    from engine.plays import parse_play
    top = parse_play(pr, "QQ")
    legal = [Action(0, "pass")] + [Action(0, "play", b) for b in iter_answers(pr, hand_counts(hand), top)]
    kw = dict(role="rebel", emperor=3, top=top, top_seat=2)  # seat 3, the emperor, has let seat 2's QQ pass
    before, _ = bh0.heuristic(_bctx(bh0, hand, "play", **kw), legal)
    after, _ = bh.heuristic(_bctx(bh, hand, "play", over_emperor={2}, **kw), legal)
    assert before.play is not None and str(before.play) == "KK"
    assert after.kind == "pass"
    # without the inference (seat 2 never played over the emperor) he still covers
    assert bh.heuristic(_bctx(bh, hand, "play", **kw), legal)[0].play is not None


def test_the_guard_sheds_a_cheap_whole_group_over_his_emperor_b25() -> None:
    """B-25/B-36: the guard lays a cheap whole group over his emperor's low play (his cards go, the emperor may
    beat it back); a costly beat he still saves, and none while the emperor is near out."""
    hand = ["9c", "9d", "2c", "2d", "X", "5c", "6c", "7d", "8h", "Jc", "Qd", "Kh", "Ac", "3d", "4d"]
    pr = bh._infer_rules({"options": {}}, [])
    from engine.plays import parse_play
    top = parse_play(pr, "66")
    legal = [Action(2, "pass")] + [Action(2, "play", b) for b in iter_answers(pr, hand_counts(hand), top)]
    kw = dict(seat=2, role="guard", emperor=1, guard=2, top=top, top_seat=1)
    before, _ = bh0.heuristic(_bctx(bh0, hand, "play", **kw), legal)
    after, why = bh.heuristic(_bctx(bh, hand, "play", **kw), legal)
    assert before.kind == "pass"  # the habit: the guard never sheds under his emperor
    assert after.play is not None and str(after.play) == "99" and why == "shed-under-emperor B-25"
    near = dict(kw, seat_counts=[20, 5, 20, 20, 20])
    assert bh.heuristic(_bctx(bh, hand, "play", **near), legal)[0].kind == "pass"
    high = parse_play(pr, "QQ")  # only 2s or a joker beat it: too dear to spend on the own side
    legal_high = [Action(2, "pass")] + [Action(2, "play", b) for b in iter_answers(pr, hand_counts(hand), high)]
    assert bh.heuristic(_bctx(bh, hand, "play", **dict(kw, top=high)), legal_high)[0].kind == "pass"


def test_a_rebel_raises_the_bar_over_a_fellow_rebel_before_the_emperor_b25() -> None:
    """B-25/B-29 (顶牌): with the emperor still to answer, a rebel lays a cheap whole group over a fellow rebel's
    low play, known (the guard public) or inferred (he played over the emperor); not after the emperor has let
    it pass, not over a rebel about to go out, and not with a 2 or a joker."""
    hand = ["Jc", "Jd", "2c", "2d", "X", "5c", "6c", "8h", "Qd", "Kh", "Ac", "3d", "4d"]
    pr = bh._infer_rules({"options": {}}, [])
    from engine.plays import parse_play

    def legal_on(top: Any) -> list[Action]:
        return [Action(0, "pass")] + [Action(0, "play", b) for b in iter_answers(pr, hand_counts(hand), top)]

    top = parse_play(pr, "77")
    known = dict(role="rebel", emperor=2, guard=1, top=top, top_seat=3)  # order after me: 1, 2 (emperor), 3, 4
    before, _ = bh0.heuristic(_bctx(bh0, hand, "play", **known), legal_on(top))
    after, why = bh.heuristic(_bctx(bh, hand, "play", **known), legal_on(top))
    assert before.kind == "pass"  # the frozen heuristic lets a fellow rebel's play stand
    assert after.play is not None and str(after.play) == "JJ" and why == "raise-bar B-25"
    inferred = dict(known, guard=None, over_emperor={3})
    assert str(bh.heuristic(_bctx(bh, hand, "play", **inferred), legal_on(top))[0].play) == "JJ"
    after_emperor = dict(known, emperor=4, guard=1)  # the emperor sits after seat 3: he has not yet answered,
    assert bh.heuristic(_bctx(bh, hand, "play", **after_emperor), legal_on(top))[0].kind == "pass"  # but later
    near_out = dict(known, seat_counts=[20, 20, 20, 4, 20])
    assert bh.heuristic(_bctx(bh, hand, "play", **near_out), legal_on(top))[0].kind == "pass"
    high = parse_play(pr, "KK")  # only 2s or a joker beat it: too dear
    assert bh.heuristic(_bctx(bh, hand, "play", **dict(known, top=high)), legal_on(high))[0].kind == "pass"


def test_the_unbeatable_groups_are_led_first_near_the_end_b28() -> None:
    """B-28/B-31: with only whole groups left and one of them beatable, lead the unbeatable one: it wins the
    round and the lead comes back for the last group. With two beatable groups the usual lead stands."""
    hand = ["4c", "4d", "9c", "9d"]
    pr = bh._infer_rules({"options": {}}, [])
    from engine.plays import parse_play
    total = bh._pack_totals(pr)
    c = hand_counts(hand)

    def played_leaving(*ranks: int) -> list[int]:  # every card out but mine and those ranks
        return [0 if r in ranks else max(0, total[r] - c[r]) for r in range(19)]

    legal = [Action(0, "play", parse_play(pr, t)) for t in ("4", "44", "9", "99")]
    for role, emperor in (("rebel", 2), ("emperor", 0)):
        kw = dict(role=role, emperor=emperor, seat_counts=[4, 20, 20, 20, 20], played=played_leaving(5))
        a, why = bh.heuristic(_bctx(bh, hand, "play", **kw), legal)
        assert str(a.play) == "99" and why == "cash-first B-28", (role, a, why)  # 55 beats 44, nothing beats 99
        both = dict(kw, played=played_leaving(5, 10))  # TT beats 99 too: lead low as usual
        a, why = bh.heuristic(_bctx(bh, hand, "play", **both), legal)
        assert str(a.play) == "44" and why != "cash-first B-28", (role, a, why)


def test_over_emperor_read_from_the_public_history() -> None:
    hist = [{"kind": "dealt", "data": {}}, {"kind": "play", "data": {"seat": 1, "cards": ["5c"]}},
            {"kind": "play", "data": {"seat": 2, "cards": ["9c"]}}, {"kind": "play", "data": {"seat": 3, "cards": ["Kc"]}}]
    assert bh.over_emperor({"history": hist}, 1) == {2}


# ---------------------------------------------------------------------------------------------- the arena
def test_arena_reports_habits_per_team() -> None:
    r = arena.run("gouji", "heuristic", "baseline-heuristic", deals=1, seed=5, sets=2)
    h = r["habits"]
    assert set(h) == {"A", "B"} and h["A"]["level"] == "heuristic" and h["B"]["level"] == "baseline-heuristic"
    for side in h.values():
        assert side["duitou_gouji_unanswered"] <= side["duitou_gouji_faced"]
        assert side["bare_joker_plays"] <= side["joker_plays"] and side["joker_plays"] > 0
        # 3 seats a side, up to 2 sets in each of the 2 plays of the deal (a game may end before its last set)
        assert side["yudian_offers"] > 0 and side["seat_sets"] % 3 == 0 and 2 * 3 <= side["seat_sets"] <= 2 * 3 * 2
    b = arena.run("baohuang", "heuristic", "baseline-heuristic", deals=2, seed=5)
    for side in b["habits"].values():
        assert side["rang_used"] <= side["rang_legal"] and side["rang_legal"] > 0
        assert side["rebel_tops_won_rebel_hidden_guard"] <= side["rebel_faces_won_rebel_hidden_guard"] \
            <= side["rebel_faces_rebel_hidden_guard"]
    pooled = arena.pool([b, arena.run("baohuang", "heuristic", "baseline-heuristic", deals=1, seed=5, first_deal=2)])
    assert pooled["habits"]["A"]["rang_legal"] >= b["habits"]["A"]["rang_legal"]


def test_tuoguan_decides_yudian_from_the_record() -> None:
    """托管 (the desktop's helper, level 2) makes the 预点 decision the heuristic makes: from this game's 开点
    record (G-13, G-57), not every set regardless."""
    from desktop.bots import make_bot as desk_bot
    from engine import games
    from tests.bots.conftest import copy_view
    helper = desk_bot(2, seed=1, game="gouji")
    st = games.spec("gouji").new_state(12, {"sets_per_game": 4})
    seen: list[tuple[bool, bool]] = []
    while not st.is_over and len(seen) < 12:
        seat = st.to_act
        view = copy_view(st.view(seat))
        legal = list(st.legal_actions(seat))
        d = helper.choose(view, legal)
        if view["phase"] == "yudian" and any(a.kind == "yudian" for a in legal) and view["set_no"] >= 2:
            seen.append((d.action.kind == "yudian", g.yudian_gain(g.ctx_from_view(view)) > 0))
        st.apply(d.action)
    assert seen and all(called == pays for called, pays in seen)


def test_a_big_joker_carries_a_small_group_out() -> None:
    """seeds/000 学会用花…一个花出两手小牌: with two big jokers and many groups, lead the lowest small group with a
    big joker (nobody can beat it under compare option 0, G-35) instead of the bare group."""
    from engine.plays import make_play
    hand = ["X", "X", "3c", "3d", "5c", "5d", "7c", "7d", "9c", "9d", "Jc", "Jd"]
    counts = hand_counts(hand)
    pr = RULES.play_rules
    legal = [Action(0, "play", make_play(pr, (r, 2, 0, 0, x, 0))) for r in (3, 5, 7, 9, 11) for x in (0, 1)]
    common = dict(seat=0, rules=RULES, phase="play", mode="lead", counts=counts)
    before, _ = g0.heuristic(g0.GCtx(**common), legal)  # type: ignore[arg-type]
    after, why = g.heuristic(g.GCtx(**common), legal)  # type: ignore[arg-type]
    assert before.play is not None and before.play.raw_big == 0
    assert after.play is not None and after.play.raw_big == 1 and after.play.natural_rank == 3
    assert "G-35" in why


def test_rebels_take_leads_from_a_lone_emperor_b14() -> None:
    """B-14 明独保: four rebels against one; the seat that can beat the emperor does (issue 16: two rebels with
    ``AAAAA22xx`` and ``22222XX`` passed all hand)."""
    from engine.plays import parse_play
    hand = ["2c", "2d", "2h", "2s", "X", "X", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc"]
    pr = bh._infer_rules({"options": {}}, [])
    top = parse_play(pr, "AAA")
    legal = [Action(0, "pass")] + [Action(0, "play", b) for b in iter_answers(pr, hand_counts(hand), top)]
    kw = dict(role="rebel", emperor=1, top=top, top_seat=1, solo="ming")
    old = _bctx(bh0, hand, "play", **kw)
    new = _bctx(bh, hand, "play", **kw)
    assert bh0.heuristic(old, legal)[0].kind == "pass"
    after, _ = bh.heuristic(new, legal)
    assert after.play is not None and after.play.twos == 3 and not after.play.has_joker


# ---------------------------------------------------------------------------------------------- the rebels
def _lone_answer(hand: list[str], top: str, top_seat: int, emperor: int, seat_counts: list[int],
                 rang: bool = True) -> tuple[Any, Any, list[Action]]:
    """(new ctx, baseline ctx, legal) for rebel seat 0 facing ``top`` in a 明独保 hand (B-14, B-29)."""
    from engine.plays import parse_play
    pr = bh._infer_rules({"options": {}}, [])
    p = parse_play(pr, top)
    legal = [Action(0, "pass")] + ([Action(0, "rang")] if rang else []) + [
        Action(0, "play", b) for b in iter_answers(pr, hand_counts(hand), p)]
    kw = dict(role="rebel", emperor=emperor, top=p, top_seat=top_seat, solo="ming", seat_counts=seat_counts)
    return _bctx(bh, hand, "play", **kw), _bctx(bh0, hand, "play", **kw), legal


def test_rebels_feed_the_rebel_nearest_to_going_out_b33() -> None:
    """B-33: against a 明独保 emperor the hand ends when any rebel goes out. With a fellow rebel down to two
    cards, the leader gives him a play he can follow (a low single or pair), not his own lowest triple."""
    from engine.plays import lead_list
    hand = ["3c", "3d", "3h", "5c", "8c", "8d", "Tc", "Td", "Th", "Kc", "Kd", "Ks", "Ac", "Ad"]
    pr = bh._infer_rules({"options": {}}, [])
    legal = [Action(0, "play", p) for p in lead_list(pr, hand_counts(hand))]
    kw = dict(role="rebel", emperor=1, solo="ming", seat_counts=[14, 20, 2, 25, 25])
    before, _ = bh0.heuristic(_bctx(bh0, hand, "play", **kw), legal)
    after, why = bh.heuristic(_bctx(bh, hand, "play", **kw), legal)
    assert before.play is not None and before.play.n_cards > 2  # the habit: 333, which he cannot follow
    assert after.play is not None and after.play.n_cards <= 2 and not after.play.has_joker and "B-33" in why
    # no fellow rebel near the end: the shortest whole group, lowest first (the single 5)
    far = dict(kw, seat_counts=[14, 20, 18, 25, 25])
    lead, why = bh.heuristic(_bctx(bh, hand, "play", **far), legal)
    assert lead.play is not None and str(lead.play) == "5" and why == "lead-short B-28"


def test_rebels_lead_short_against_a_lone_emperor_b28() -> None:
    """B-28/B-33: against a 明独保 emperor the rebels lead their shortest whole group: four hands can follow a
    single, while a long group lets the lone emperor shed many cards at once. The baseline leads its lowest
    group, whatever its length."""
    from engine.plays import lead_list
    hand = ["3c", "3d", "3h", "3s", "6c", "9c", "9d", "Jc", "Jd", "Jh", "Kc"]
    pr = bh._infer_rules({"options": {}}, [])
    legal = [Action(0, "play", p) for p in lead_list(pr, hand_counts(hand))]
    kw = dict(role="rebel", emperor=2, solo="ming", seat_counts=[11, 25, 30, 25, 25])
    before, _ = bh0.heuristic(_bctx(bh0, hand, "play", **kw), legal)
    after, _ = bh.heuristic(_bctx(bh, hand, "play", **kw), legal)
    assert before.play is not None and str(before.play) == "3333"
    assert after.play is not None and str(after.play) == "6"
    # the same with a guard in play (B-14): the rebels' lead is short too
    guarded = dict(kw, solo=None)
    assert str(bh.heuristic(_bctx(bh, hand, "play", **guarded), legal)[0].play) == "6"
    # the emperor holds one card: a single is his way out, the shortest lead is then a pair
    one = dict(kw, seat_counts=[11, 25, 1, 25, 25])
    lead = bh.heuristic(_bctx(bh, hand, "play", **one), legal)[0]
    assert lead.play is not None and lead.play.n_cards == 2


def test_rang_lets_the_nearest_rebel_take_the_emperors_play_b30() -> None:
    """B-29/B-30 让牌: the emperor (seat 3) played; seat 2, down to two cards, plays after me and before the
    emperor's turn comes back — let him take the lead; the second lap still lets me beat it if he cannot."""
    hand = ["3c", "4c", "5c", "6c", "8c", "8d", "9c", "Tc", "Jc", "Qc", "Kc", "Ac"]
    new, old, legal = _lone_answer(hand, "77", 3, 3, [12, 20, 2, 15, 25])
    before, _ = bh0.heuristic(old, legal)
    after, why = bh.heuristic(new, legal)
    assert before.play is not None and str(before.play) == "88"
    assert after.kind == "rang" and "B-30" in why
    # seat 2 is not near going out: no 让牌 on his account
    new_far, _, _ = _lone_answer(hand, "77", 3, 3, [12, 20, 18, 15, 25])
    assert bh.heuristic(new_far, legal)[1] != "rang-to-rebel B-30"


def test_the_rebel_behind_the_emperor_presses_him_b29() -> None:
    """B-29: seat 0 plays right after the lone emperor (seat 4). The baseline keeps its jokers on ``AAA`` with
    a big hand; the emperor's 下家 takes the lead from him (a play with ``X`` stands, B-25)."""
    hand = ["X", "X", "x", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "3d", "4d"]
    new, old, legal = _lone_answer(hand, "AAA", 4, 4, [15, 20, 20, 25, 15], rang=False)
    before, _ = bh0.heuristic(old, legal)
    after, why = bh.heuristic(new, legal)
    assert before.kind == "pass"
    assert after.play is not None and after.play.raw_big >= 1 and "B-29" in why


def test_no_rebel_beats_a_fellow_rebel_who_won_the_round_b33() -> None:
    """B-29/B-33: seat 3 (one card left) played ``88``; the emperor (seat 4) passed it; the round is the
    rebels'. Beating it reopens the round to the emperor and takes the lead from the rebel about to go out."""
    hand = ["X", "9c", "9d", "Kc", "Kd"]
    new, old, legal = _lone_answer(hand, "88", 3, 4, [5, 20, 20, 1, 15], rang=False)
    before, _ = bh0.heuristic(old, legal)
    after, why = bh.heuristic(new, legal)
    assert before.play is not None  # the habit: beat-to-finish over a fellow rebel
    assert after.kind == "pass" and "B-33" in why
    # with the emperor still to answer (seat 1, between me and seat 3), a cheap whole group raises his bar
    hand2 = ["9c", "9d", "3c", "4c", "5c", "6c", "7c", "Jc", "Qc", "Kc"]
    new2, _, legal2 = _lone_answer(hand2, "88", 3, 1, [10, 20, 20, 15, 15], rang=False)
    raised, why2 = bh.heuristic(new2, legal2)
    assert raised.play is not None and str(raised.play) == "99" and "B-25" in why2


def test_arena_counts_the_rebels_feeding() -> None:
    """The feed counter (issue 16) counts only rebels' leads against a lone emperor, beside a rebel near out."""
    from engine.bots import baohuang_habits as bhh
    t = bhh.Tracker()
    from engine import games
    st = games.spec("baohuang").new_state(3, {})
    st.emperor, st.solo, st.top_seat = 1, "ming", None
    from engine.cards import parse_cards
    st.hands[2] = parse_cards("9c 9d")
    lead3 = Action(0, "play", RULES_B.parse("33"))
    t.observe("A", 0, {"phase": "play"}, [lead3], lead3, st)
    lead_k = Action(0, "play", RULES_B.parse("KK"))
    t.observe("A", 0, {"phase": "play"}, [lead_k], lead_k, st)
    c = t.counts["A"]
    assert c["rebel_feed_chances"] == 2 and c["rebel_feeds"] == 1  # 99 beats 33, not KK
    assert bhh.rates(c)["rebel_feed_rate"] == 0.5


# ---------------------------------------------------------------------------------------------- Gouji jokers
def test_a_hand_losing_its_place_spends_its_joker_g71() -> None:
    """G-71 二落/大落: two seats are out and the hand needs six leads with one joker: a joker kept to the end of
    the set is wasted. On an opponent's ``TT`` it carries the single J (``XJ``) instead of passing."""
    hand = ["4c", "4d", "5c", "5d", "5h", "6c", "6d", "6h", "7c", "7d", "7h", "8c", "8d", "Jc", "X"]
    active = [True, True, False, True, False, True]
    known: list[int | None] = [15, 15, 0, 15, 0, 15]
    new, old, legal = _answer_position(hand, "TT", 1, False, active=active, known=known)
    before, _ = g0.heuristic(old, legal)
    after, why = g.heuristic(new, legal)
    assert before.kind == "pass"
    assert after.play is not None and str(after.play) == "XJ" and "G-71" in why
    # with nobody out yet the joker is kept
    fresh, _, _ = _answer_position(hand, "TT", 1, False, known=[15] * 6)
    assert g.heuristic(fresh, legal)[0].kind == "pass"


def test_a_small_joker_carries_a_small_pair_out() -> None:
    """seeds/000 学会用花…一个花出两手小牌: with two jokers and many groups the lead is ``x33`` (one joker and a
    small pair go together), not the bare ``33`` that leaves the joker for a lone play later."""
    from engine.plays import lead_list
    hand = ["x", "X", "3c", "3d", "5c", "5d", "7c", "7d", "9c", "9d", "Jc", "Jd"]
    counts = hand_counts(hand)
    legal = [Action(0, "play", p) for p in lead_list(RULES.play_rules, counts)]
    common = dict(seat=0, rules=RULES, phase="play", mode="lead", counts=counts)
    before, _ = g0.heuristic(g0.GCtx(**common), legal)  # type: ignore[arg-type]
    after, why = g.heuristic(g.GCtx(**common), legal)  # type: ignore[arg-type]
    assert before.play is not None and not before.play.has_joker
    assert after.play is not None and str(after.play) == "x33" and "G-35" in why


def test_the_duitou_gouji_play_is_answered_with_eight_groups_left_g43() -> None:
    """seeds/000 对头的级牌…能打就打: the 对头's ``AAA`` with ``222`` as the only beat and eight pairs behind it.
    The baseline lets it stand (the 2s are its last control cards); the 对头 would win the lead and 开点."""
    hand = ["2c", "2d", "2h"] + [r + s for r in "3456789T" for s in "cd"]
    new, old, legal = _answer_position(hand, "AAA", 3, True)
    before, _ = g0.heuristic(old, legal)
    after, why = g.heuristic(new, legal)
    assert before.kind == "pass"
    assert after.play is not None and str(after.play) == "222" and "G-43" in why
    # nine groups behind it: the hand could never win a lead back, so the 2s are kept
    new9, _, legal9 = _answer_position(hand + ["Jc", "Jd"], "AAA", 3, True)
    assert g.heuristic(new9, legal9)[0].kind == "pass"
