"""复盘 (engine.review): the review reads only the seat's view — a world with the other seats' hidden cards
scrambled consistently with that view (the game's own ``from_view``) gives the same moment, as the bots are
checked in tests/bots — a match where the seat played exactly the strong bot's choices has no moments, a
deliberately different move is found, the same seed gives the same review, and the command prints it."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import games, log, review
from engine.core import Action

GAMES = [m.split(".")[1] for m in games.SPEC_MODULES]
FAST = {"rollouts": 2, "worlds": 2}


def _new(game: str, seed: int) -> Any:
    spec = games.spec(game)
    kw: dict[str, Any] = {spec.match_kwarg: 1} if spec.match_kwarg else {}
    opts: dict[str, Any] = {spec.match_option: 1} if spec.match_option else {}
    return spec.new_state(seed, opts, **kw)


def _match(game: str, seed: int, off_at: int | None = None, cap: int = 400) -> tuple[Any, list[Action], int | None]:
    """A match in which seat 0 plays the review's strong choice at each of its decisions — except its
    ``off_at``-th, where it plays another legal action (returned: that action's number); others heuristic."""
    spec = games.spec(game)
    st = _new(game, seed)
    start = st.clone()
    others = [spec.bot_factory("heuristic", seed=s) for s in range(spec.seats)]
    acts: list[Action] = []
    mine = 0
    off: int | None = None
    while not st.is_over and len(acts) < cap:
        s = st.to_act
        legal = st.legal_actions(s)
        if s == 0 and len(legal) > 1:
            a = review.strong_choice(game, st.view(0, with_history=True), legal, 0, len(acts), FAST["rollouts"])
            if mine == off_at:
                a = next(x for x in (legal[0], legal[1], legal[len(legal) - 1]) if x != a)
                off = len(acts)
            mine += 1
        else:
            a = others[s].choose(st.view(s, with_history=True), legal).action
        st.apply(a)
        acts.append(a)
    return start, acts, off


@pytest.mark.parametrize("game", GAMES)
def test_playing_the_bots_choices_gives_no_moments_and_one_other_move_is_found(game: str) -> None:
    start, acts, _ = _match(game, 11)
    r = review.review(game, (start.clone(), acts), 0, budget=1e6, **FAST)
    assert r.complete and r.reviewed == r.decisions > 0
    assert r.moments == ()
    start, acts, off = _match(game, 11, off_at=2)
    assert off is not None
    r = review.review(game, (start.clone(), acts), 0, budget=1e6, **FAST)
    found = [m for m in r.moments if m.index == off]
    assert found and found[0].played != found[0].bot, r.moments
    assert found[0].rules and found[0].tip_zh and found[0].tip_en


def _scrambled(game: str, st: Any, seat: int, rng: random.Random) -> Any:
    """The same moment for ``seat``: its view unchanged, the other seats' hidden cards dealt anew."""
    spec = games.spec(game)
    view = st.view(seat, with_history=True)
    pool = [c for s in range(spec.seats) if s != seat for c in st.view(s, with_history=False)["hand"]]
    rng.shuffle(pool)
    hands, at = [], 0
    for s in range(spec.seats):
        n = len(st.view(s, with_history=False)["hand"])
        hands.append(list(view["hand"]) if s == seat else pool[at:at + n])
        at += 0 if s == seat else n
    other = review._from_view(spec, view, hands, rng.randrange(1 << 30))
    assert other.view(seat, with_history=True)["hand"] == view["hand"]
    return other


@pytest.mark.parametrize("game", GAMES)
def test_the_review_never_reads_the_hidden_cards(game: str) -> None:
    start, acts, off = _match(game, 5, off_at=1)
    assert off is not None
    st = start.clone()
    for a in acts[:off]:
        st.apply(a)
    rng = random.Random(3)
    base = review.review_decision(game, st, acts[off], off, 0, **FAST)
    assert base is not None and base.worlds == FAST["worlds"], base   # the swing was played out
    differs = 0
    for _ in range(3):
        other = _scrambled(game, st, 0, rng)
        differs += any(other.view(s, with_history=False)["hand"] != st.view(s, with_history=False)["hand"]
                       for s in range(1, games.spec(game).seats))
        assert review.review_decision(game, other, acts[off], off, 0, **FAST) == base
    assert differs, "the scramble changed nothing"


def test_the_same_seed_gives_the_same_review_and_the_command_prints_it(tmp_path, capsys) -> None:
    game = "shengji"
    start, acts, _ = _match(game, 11, off_at=1)
    a = review.review(game, (start.clone(), acts), 0, budget=1e6, **FAST)
    b = review.review(game, (start.clone(), acts), 0, budget=1e6, **FAST)
    assert a == b and a.moments
    st = start.clone()
    for x in acts:
        st.apply(x)
    path = tmp_path / "match.jsonl"
    path.write_text(log.dump(st), encoding="utf-8")
    assert review.main(["--log", str(path), "--seat", "0", "--json", "--rollouts", "2", "--worlds", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == game and [m["index"] for m in out["moments"]] == [m.index for m in a.moments]
    # a budget of nothing reviews nothing, and says so
    r = review.review(None, str(path), 0, budget=0.0, **FAST)
    assert not r.complete and r.moments == () and r.reviewed <= 1


# -- the bottom and the wall: which unseen card is set aside is hidden too ----------------------------------------

def _reach(game: str, seed: int, ready: Any, cap: int = 400) -> Any:
    """Heuristic play from ``seed`` until ``ready(state)`` holds (a moment to review)."""
    spec = games.spec(game)
    st = _new(game, seed)
    bots = [spec.bot_factory("heuristic", seed=s) for s in range(spec.seats)]
    for _ in range(cap):
        if ready(st):
            return st
        s = st.to_act
        st.apply(bots[s].choose(st.view(s, with_history=True), st.legal_actions(s)).action)
    raise AssertionError(f"{game}: no such moment in {cap} actions")


def _shengji_after_burial(st: Any) -> bool:
    """S-10: the bottom is buried and a non-banker (who never saw it) has a choice."""
    return (st.phase == "play" and st.trick_no >= 2 and st.to_act != st.banker
            and len(st.legal_actions(st.to_act)) > 1)


def _mahjong_mid_hand(st: Any) -> bool:
    """A discard with the live wall still long, and nobody's hand face up (M-15) or kong concealed."""
    return (st.round is None and st.t.wall_left > 40 and len(st.actions) >= 12 and not any(st.ml)
            and len(st.legal_actions(st.to_act)) > 1)


def _hidden_truth(game: str, st: Any, seat: int) -> list[str]:
    """What ``seat`` cannot see, read off the TRUE state: the other hands and the hidden set-aside cards."""
    spec = games.spec(game)
    out = [c for s in range(spec.seats) if s != seat for c in st.view(s, with_history=False)["hand"]]
    if game == "shengji":
        from engine.trick.cards import TEXT
        if seat != st.banker:
            out += [TEXT[c] for c in st.buried]   # S-10: the bottom a non-banker has not seen
    else:
        out += [str(x) for x in st.t.wall[st.t.front:st.t.back]]   # the live wall
    return out


def _swapped(game: str, st: Any, seat: int) -> Any:
    """A second true state with ``seat``'s view identical: one card of another seat's hand swapped with a
    different card of the hidden bottom (Shengji) / the live wall (Mahjong)."""
    other = st.clone()
    holder = next(s for s in range(games.spec(game).seats) if s != seat)
    if game == "shengji":
        held = other.held[holder]
        b = next(i for i, c in enumerate(other.buried) if not held[c])
        c = next(c for c in range(len(held)) if held[c] and c != other.buried[b])
        held[c] -= 1
        held[other.buried[b]] += 1
        other.buried[b] = c
        other.buried.sort()
        other.bottom = list(other.buried)
    else:
        t = other.t
        t.wall = list(t.wall)   # a clone shares the wall (never written in play): this test writes it
        hand = t.hands[holder]
        i = next(i for i in range(t.front, t.back) if not hand[t.wall[i].idx])
        x = next(x for x in range(len(hand)) if hand[x])
        from engine.tiles import TILES
        hand[x] -= 1
        hand[t.wall[i].idx] += 1
        t.wall[i] = TILES[x]
    other._cache = None
    assert other.view(seat, with_history=True) == st.view(seat, with_history=True)
    assert sorted(_hidden_truth(game, other, seat)) == sorted(_hidden_truth(game, st, seat))
    assert other.view(holder, with_history=False)["hand"] != st.view(holder, with_history=False)["hand"]
    return other


HIDDEN_SET_ASIDE = {"shengji": (_shengji_after_burial, 7), "mahjong": (_mahjong_mid_hand, 7)}


def test_every_game_says_what_a_view_leaves_unseen() -> None:
    """Without ``GameSpec.unseen`` a game's review has no worlds: every registered game has the hook."""
    assert all(games.spec(g).unseen is not None for g in GAMES)


@pytest.mark.parametrize("game", sorted(HIDDEN_SET_ASIDE))
def test_the_pool_is_every_card_the_view_leaves_unseen(game: str) -> None:
    """The review's pool is the game's ``unseen(view)``: the other hands AND the hidden bottom/wall, as a
    multiset equal to what the true state hides from the seat (not just the other hands)."""
    ready, seed = HIDDEN_SET_ASIDE[game]
    st = _reach(game, seed, ready)
    spec = games.spec(game)
    for seat in range(spec.seats):
        view = st.view(seat, with_history=True)
        pool = review.pool(spec, view)
        assert pool == sorted(_hidden_truth(game, st, seat)), seat
        hands = [c for s in range(spec.seats) if s != seat for c in st.view(s, with_history=False)["hand"]]
        assert len(pool) > len(hands) or (game == "shengji" and seat == st.banker)


@pytest.mark.parametrize("game", sorted(HIDDEN_SET_ASIDE))
def test_the_review_does_not_know_which_unseen_cards_are_set_aside(game: str) -> None:
    """Two true states that give the seat the same view but swap a card between another hand and the hidden
    bottom (Shengji, a non-banker after the burial) / the live wall (Mahjong) give the same pool, the same
    worlds and the same moment."""
    ready, seed = HIDDEN_SET_ASIDE[game]
    st = _reach(game, seed, ready)
    seat = st.to_act
    view = st.view(seat, with_history=True)
    index = len(st.actions)
    choice = review.strong_choice(game, view, st.legal_actions(seat), 0, index, FAST["rollouts"])
    played = next(a for a in st.legal_actions(seat) if a != choice)
    other = _swapped(game, st, seat)
    spec = games.spec(game)
    assert review.pool(spec, other.view(seat, with_history=True)) == review.pool(spec, view)
    deal = [review.world_hands(spec, x.view(seat, with_history=True), seat,
                               review.pool(spec, x.view(seat, with_history=True)), random.Random(9)) for x in (st, other)]
    assert deal[0] == deal[1]
    base = review.review_decision(game, st, played, index, 0, **FAST)
    assert base is not None and base.worlds == FAST["worlds"], base
    assert review.review_decision(game, other, played, index, 0, **FAST) == base


@pytest.mark.parametrize("game,options", [("baohuang", {}), ("shengji", {}), ("shengji", {"variant": "sanwufan"})])
def test_worlds_keep_the_cards_a_seat_is_seen_to_hold(game: str, options: dict[str, Any]) -> None:
    """What the view shows another seat still holds (a declaration's cards S-9 / SF-7 and a stick's jokers SF-10;
    皇牌 and the called card with the emperor B-6, B-12) is in that seat's hand in every world, and the pin
    is true of the real hands."""
    spec = games.spec(game)
    kw: dict[str, Any] = {spec.match_kwarg: 1} if spec.match_kwarg else {}
    pinned_any = 0
    for seed in range(1, 7):
        st = spec.new_state(seed, dict(options), **kw)
        bots = [spec.bot_factory("heuristic", seed=s) for s in range(spec.seats)]
        for _ in range(60 if game == "baohuang" else 140):
            if st.is_over:
                break
            s = st.to_act
            st.apply(bots[s].choose(st.view(s, with_history=True), st.legal_actions(s)).action)
        if st.is_over:
            continue
        for seat in range(spec.seats):
            view = st.view(seat, with_history=True)
            pins = spec.pinned(view)
            for other, cards in pins.items():
                assert other != seat
                true = list(st.view(other, with_history=False)["hand"])
                for c in cards:
                    assert c in true, (game, seed, seat, other, c)
                    true.remove(c)
                pinned_any += len(cards)
            hands = review.world_hands(spec, view, seat, review.pool(spec, view), random.Random(seed))
            for other, cards in pins.items():
                got = list(hands[other])
                for c in cards:
                    assert c in got, (game, seed, other, c, got)
                    got.remove(c)
    assert pinned_any > 0, "no moment had a card shown and still held"


def test_a_budget_spent_inside_a_decision_leaves_that_decision_unreviewed_whole() -> None:
    """The budget is checked between a moment's worlds too (a Mahjong moment's worlds cost seconds), and a
    moment cut there is dropped rather than reported over fewer worlds: the same seed keeps the same moments."""
    game = "mahjong"
    start, acts, off = _match(game, 5, off_at=1)
    assert off is not None
    st = start.clone()
    for a in acts[:off]:
        st.apply(a)
    whole = review.review_decision(game, st, acts[off], off, 0, **FAST)
    assert whole is not None and whole.worlds == FAST["worlds"]
    # two discards: the moment carries what each leaves (engine.mahjong.review_facts), for the panel to word
    assert whole.played.startswith("discard") and whole.bot.startswith("discard"), whole
    assert whole.facts is not None and whole.facts["played"]["tile"] == whole.played.split()[1], whole.facts
    with pytest.raises(review._OutOfBudget):
        review.review_decision(game, st, acts[off], off, 0, deadline=0.0, **FAST)
    r = review.review(game, (start.clone(), acts), 0, budget=1e6, **FAST)
    assert r.complete and any(m == whole for m in r.moments)
