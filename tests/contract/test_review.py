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
