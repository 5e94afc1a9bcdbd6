"""复盘 on the results screen: the button reviews the hand just finished off the GUI thread (the window keeps
drawing frames meanwhile), the panel lists the moments in the UI language, and a moment opens the replay."""

from __future__ import annotations

import re

import pytest
from guikit import click_item, make_app, quick_config, shot, wait_frame, wait_until


def _finish_hand(qa, game: str, seed: int, player: str | None = None) -> None:
    """Play one hand to its results, the human's seat on 托管 — by ``player`` (a bot level) where given: a
    player who plays otherwise than the strong bot, for the review to find moments in."""
    qa.table.start(quick_config(game, seed=seed, pace_ms=0, pause_at_results=True))
    qa.set_screen("table")
    assert wait_until(lambda: bool(qa.table.snap), 20)
    if player is not None:   # before 托管 starts: the worker reads its helper only for a seat on 托管
        from engine import games
        qa.table.wt.worker.helper = games.spec(game).bot_factory(player, seed=seed)
    qa.table.setAuto(True)
    assert wait_until(lambda: bool(qa.table.results.get("rows")), 120, 20)
    qa.table.setAuto(False)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_review_button_lists_the_moments_and_jumps_to_the_replay(qtbot, data_dir, lang):
    qa = make_app(language=lang)
    try:
        _finish_hand(qa, "shengji", 4)
        wait_frame(qa.window)
        click_item(qa, qa.find("btnReview"))
        model = qa.table.reviewModel
        assert model.property("open")
        frames = []
        qa.window.frameSwapped.connect(lambda: frames.append(1))
        assert wait_until(lambda: not model.property("running"), 240, 50)
        wait_frame(qa.window)
        assert frames, "the window drew no frame while the review ran"
        summary = model.property("summary")
        assert summary and ("复盘" not in summary or lang == "zh"), summary
        assert ("处" in summary) if lang == "zh" else ("decisions" in summary), summary
        rows = model.property("moments")
        assert all(r["played"] != r["bot"] and r["tip"] for r in rows)
        # a moment is listed only where the bot's choice did better in the sampled worlds
        assert all(r["swing"].split()[1].startswith("+") for r in rows), rows
        # the moves in words of the UI language, never the log's tokens ("play Ks")
        assert not any(re.search(r"\b(play|pass|discard)\b", r["played"] + r["bot"]) for r in rows if lang == "zh"), rows
        shot(qa, f"review_panel_{lang}")
        if rows:
            click_item(qa, qa.find("reviewJump0"))
            assert wait_until(lambda: not qa.replay.property("loading") and qa.replay.property("count") > 0, 60)
            assert wait_until(lambda: qa.replay.property("index") == max(0, min(rows[0]["step"],
                              qa.replay.property("count") - 1)), 10)
        else:
            click_item(qa, qa.find("btnCloseReview"))
        assert not model.property("open")
    finally:
        qa.shutdown()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_mahjong_moment_says_what_each_discard_leaves(qtbot, data_dir, lang, monkeypatch):
    """A Mahjong moment between two discards shows what each leaves (shanten and 有效牌, or the waits) in place
    of the phase's line; the panel wraps it."""
    from desktop import review
    monkeypatch.setattr(review, "BUDGET_S", 8.0)   # a few moments are enough here
    qa = make_app(language=lang)
    try:
        _finish_hand(qa, "mahjong", 3, player="greedy")
        wait_frame(qa.window)
        click_item(qa, qa.find("btnReview"))
        model = qa.table.reviewModel
        assert wait_until(lambda: not model.property("running"), 240, 50)
        rows = model.property("moments")
        whys = [r for r in rows if "M-11a" in r["tip"]]
        assert whys, rows
        word = "有效牌" if lang == "zh" else "from ready"
        assert all(word in r["tip"] or ("听" if lang == "zh" else "ready on") in r["tip"] for r in whys), whys
        shot(qa, f"review_panel_mahjong_{lang}")
    finally:
        qa.shutdown()
