"""复盘 on the results screen: the button reviews the hand just finished off the GUI thread (the window keeps
drawing frames meanwhile), the panel lists the moments in the UI language, and a moment opens the replay."""

from __future__ import annotations

import re

import pytest
from guikit import click_item, make_app, quick_config, shot, wait_frame, wait_until


def _finish_hand(qa, game: str, seed: int) -> None:
    qa.table.start(quick_config(game, seed=seed, pace_ms=0, pause_at_results=True))
    qa.set_screen("table")
    assert wait_until(lambda: bool(qa.table.snap), 20)
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
