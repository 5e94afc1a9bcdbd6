"""新手讲解: every game with a tutor has a line for each of its phases (the play phase by its mode), in both
UI languages, citing the game's own rule ids; at every decision of random matches the seat to act gets one."""

from __future__ import annotations

import importlib
import random
import re
from typing import Any

import pytest

from engine import games, tutor

TUTORED = [g for g in games.names() if games.spec(g).tutor is not None]
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_gouji_and_baohuang_have_a_tutor() -> None:
    assert {"gouji", "baohuang"} <= set(TUTORED)


@pytest.mark.parametrize("game", TUTORED)
def test_every_phase_has_a_line_in_both_languages_citing_rule_ids(game: str) -> None:
    spec = games.spec(game)
    lines = importlib.import_module(spec.module + ".tutor").LINES
    assert set(spec.tutor_phases) == set(lines), "a phase without a line, or a line for no phase"
    prefix = spec.option_rule.split(".")[0]  # G, B …: the game's part of RULES.md
    for phase, line in lines.items():
        assert line.rules and all(re.fullmatch(rf"{prefix}-\d+", r) for r in line.rules), (phase, line.rules)
        assert CJK.search(line.zh), phase
        assert re.search(r"[A-Za-z]{3}", line.en), phase
        for lang in ("zh", "en"):
            text = line.text(lang)
            assert all(r in text for r in line.rules)


@pytest.mark.parametrize("game", TUTORED)
def test_every_decision_of_a_match_gets_a_line(game: str) -> None:
    spec = games.spec(game)
    seen: set[str] = set()
    for seed in range(4):
        opts: dict[str, Any] = {spec.match_option: 2} if spec.match_option else {}
        kw: dict[str, Any] = {spec.match_kwarg: 2} if spec.match_kwarg else {}
        st = spec.new_state(seed, opts, **kw)
        rng = random.Random(seed)
        steps = 0
        while True:
            seat = st.to_act if st.to_act is not None else 0
            view = st.view(seat, with_history=False)
            for lang in ("zh", "en"):
                text = tutor.line(game, view, lang)
                assert text, f"{game}: no tutor line at phase {view['phase']!r} (mode {view.get('mode')!r})"
            seen.add(str(view["phase"]))
            if st.is_over:
                break
            la = st.legal_actions(seat)  # lazy: a Shengji bury offers millions
            st.apply(la[rng.randrange(len(la))])
            steps += 1
            assert steps < 6000
    assert "over" in seen and seen - {"deal", "over"}, seen  # the end, and play (Mahjong's is "move")


def test_every_registered_game_has_a_tutor() -> None:
    shipped = {m.split(".")[1] for m in games.SPEC_MODULES}  # the games the app ships (tests may add toys)
    assert shipped <= set(games.names()) and shipped <= set(TUTORED)


@pytest.mark.parametrize("game", TUTORED)
def test_the_lines_a_random_game_reaches_are_the_listed_phases(game: str) -> None:
    """Every decision of a random match (every seat's view, not only the seat to act) finds its line among the
    game's listed phases, and the match reaches the play and the end."""
    spec = games.spec(game)
    lines = importlib.import_module(spec.module + ".tutor").LINES
    key_of = {id(v): k for k, v in lines.items()}
    reached: set[str] = set()
    for seed in range(10, 13):
        kw: dict[str, Any] = {spec.match_kwarg: 1} if spec.match_kwarg else {}
        opts: dict[str, Any] = {spec.match_option: 1} if spec.match_option else {}
        st = spec.new_state(seed, opts, **kw)
        rng = random.Random(seed)
        for _ in range(6000):
            for seat in range(spec.seats):
                found = spec.tutor(st.view(seat, with_history=False)) if spec.tutor else None
                assert found is not None and id(found) in key_of, (game, st.phase)
                reached.add(key_of[id(found)])
            if st.is_over:
                break
            seat = st.to_act
            assert seat is not None
            la = st.legal_actions(seat)  # lazy: a Shengji bury offers millions
            st.apply(la[rng.randrange(len(la))])
        assert st.is_over
    assert reached <= set(spec.tutor_phases)
    assert "over" in reached and len(reached) >= 3, reached


TOPICS = {"gouji": ("预点", "明点", "够级", "烧牌", "开点", "进贡"), "baohuang": ("皇帝", "侍卫"),
          "shengji": ("亮主", "跟牌"), "mahjong": ("吃碰杠", "二五八")}


@pytest.mark.parametrize("game", sorted(TOPICS))
def test_the_first_game_walkthrough_explains_the_games_own_words(game: str) -> None:
    cards = tutor.walkthrough(game)
    prefix = games.spec(game).option_rule.split(".")[0]
    assert len(cards) >= 2
    for c in cards:
        assert c.rules and all(re.fullmatch(rf"{prefix}-\d+", r) for r in c.rules), c.rules
        assert "：" in c.zh and ": " in c.en, c   # "title：body", the card's heading and its text
        assert CJK.search(c.zh) and re.search(r"[A-Za-z]{3}", c.en)
    titles = " ".join(c.zh.split("：", 1)[0] for c in cards)
    assert all(t in titles for t in TOPICS[game]), titles
