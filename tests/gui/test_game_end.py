"""The end of a game: the results of the last hand offer 再来一局 (same seats, rules and length, a new seed), and
Home names a saved match by its set/hand and score (not by its move count)."""

from __future__ import annotations

from guikit import click_item, make_app, quick_config, shot, wait_frame, wait_until


def test_game_over_offers_play_again_with_the_same_seats_and_rules(qtbot, data_dir):
    qa = make_app()
    try:
        t = qa.table
        names = ["海风", "王磊", "陈静", "刘强", "赵敏"]
        cfg = quick_config("baohuang", seed=3, pace_ms=0, hands=1, names=names, seats=names)
        t.start(cfg)
        qa.set_screen("table")
        assert wait_until(lambda: bool(t.snap), 20)
        wait_frame(qa.window)
        first = t.wt.worker.state
        click_item(qa, qa.find("btnAuto"))
        assert wait_until(lambda: bool(t.results) and t.results.get("over"), 120), "the match never ended"
        wait_frame(qa.window)
        again = qa.find("btnPlayAgain")
        assert again is not None and again.property("visible")
        assert not qa.find("btnNextSet").property("visible")
        shot(qa, "play_again_zh")
        qa.app.settings.set("language", "en")
        wait_frame(qa.window)
        shot(qa, "play_again_en")
        click_item(qa, again)
        # A new match, not a count of its moves: with a random seed the bots may make many moves before the
        # human's first turn (pace 0), so the new match is recognised by its state and its zero totals.
        assert wait_until(lambda: t.wt.worker.state is not first and bool(t.snap)
                          and t.snap.get("my_turn"), 30), "再来一局 started no new match"
        assert not any(t.snap.get("totals") or []), t.snap.get("totals")
        st = t.wt.worker.state
        assert st.seed != first.seed
        assert st.rules.options.as_dict() == first.rules.options.as_dict()
        assert t.seat_names == names and t.wt.worker.humans == {0}
        assert t.wt.worker.meta.get("hands") == 1
        assert not t.results and not t.over
    finally:
        qa.shutdown()


def test_home_shows_the_set_and_score_of_a_saved_match(qtbot, data_dir):
    qa = make_app()
    try:
        t = qa.table
        t.start(quick_config("baohuang", seed=3, pace_ms=0, hands=6, pause_at_results=True))
        qa.set_screen("table")
        assert wait_until(lambda: bool(t.snap), 20)
        t.setAuto(True)
        assert wait_until(lambda: bool(t.results), 120), "the hand never ended"
        totals = list(t.snap.get("totals"))
    finally:
        qa.shutdown()
    qa = make_app()   # a new start of the app: the save is all it has
    try:
        qa.app.refresh_home()
        qa.set_screen("home")
        wait_frame(qa.window)
        text = qa.find("saveText").property("text")
        assert "步" not in text and "第2 / 6局" in text, text
        assert f"海风 {totals[0]:+d}" in text, (text, totals)
        shot(qa, "home_save_zh")
        qa.app.settings.set("language", "en")
        wait_frame(qa.window)
        text = qa.find("saveText").property("text")
        assert "moves" not in text and "2 / 6" in text, text
        shot(qa, "home_save_en")
    finally:
        qa.shutdown()
