"""A replay file's hand walked as the viewer and the review walk it (desktop.replay_words): Mahjong's 过 that passed
no win is folded into the step before, and a review moment is numbered as the replay numbers that step."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from desktop import review, store
from desktop.replay_words import Walk, shown_steps
from engine import games


@pytest.fixture
def mahjong_replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The second hand of a random Mahjong match, kept as the table keeps a replay."""
    monkeypatch.setenv("QILU_DATA_DIR", str(tmp_path))
    st = games.new_state("mahjong", 11, {})
    rng = random.Random(11)
    ends: list[int] = []
    while len(ends) < 2:
        events = st.apply(rng.choice(st.legal_actions(st.to_act)))
        if any(e.kind == "hand_end" for e in events):
            ends.append(len(st.actions))
    return str(store.save_replay(st, {"seats": ["a", "b", "c", "d"]}, ends[0], ends[1], "mahjong #2"))


def test_a_pass_that_passed_no_win_is_folded_into_the_step_before(mahjong_replay: str) -> None:
    walk = Walk(mahjong_replay)
    steps = list(walk)
    quiet = [a for _at, a, _phase, q in steps if q]
    assert quiet and all(a.kind == "pass" for a in quiet)
    shown = shown_steps(mahjong_replay)
    assert len(shown) == len(steps) and shown[0] == 0
    # the step number grows by one after each action that is not folded, and stays after a folded one
    for k in range(1, len(steps)):
        assert shown[k] == shown[k - 1] + (0 if steps[k - 1][3] else 1)


def test_a_review_moment_is_numbered_as_the_replay_shows_it(mahjong_replay: str) -> None:
    shown = shown_steps(mahjong_replay)
    k = next(i for i in range(1, len(shown)) if shown[i] < i)   # a moment after some folded passes
    start = 7   # the hand's first action in the match log
    result = {"start": start, "shown": shown, "moments": [
        {"index": start + k, "played": "discard 1m", "bot": "discard 9m", "swing": 1.0, "worlds": 6,
         "tip_zh": "", "tip_en": "", "rules": []}]}
    row = review.rows(result, "zh")[0]
    assert row["step"] == k and row["head"] == f"第 {shown[k] + 1} 步", row
