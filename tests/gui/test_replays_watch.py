"""Replays worth watching: 回放 on the table opens the set just finished, titled with the game, the set/hand and
the date, the players' names instead of S0…S4, a line in words for each step, and it plays by itself (▶, at a
chosen speed) until paused."""

from __future__ import annotations

from guikit import click_item, make_app, quick_config, shot, wait, wait_frame, wait_until


def _replay_of_the_first_hand(qa, game: str, seed: int, names: list[str], seen_at_switch: list | None = None,
                              **cfg):
    """托管 (a real click) to the first hand's results, 下一局, then the table's 回放: the replay, loaded.
    ``seen_at_switch`` gets the message on show and whether it was still up 600 ms after the switch."""
    t = qa.table
    t.start(quick_config(game, seed=seed, pace_ms=0, pause_at_results=True, names=names, seats=names, **cfg))
    qa.set_screen("table")
    assert wait_until(lambda: bool(t.snap), 20)
    wait_frame(qa.window)
    assert not qa.find("btnReplayThis").property("visible")   # nothing finished yet
    click_item(qa, qa.find("btnAuto"))
    assert wait_until(lambda: bool(t.results), 120)
    wait_frame(qa.window)
    click_item(qa, qa.find("autoPill"))
    click_item(qa, qa.find("btnNextSet"))
    wait_frame(qa.window)
    text = qa.find("toastText").property("text") if qa.find("toast").property("visible") else ""
    click_item(qa, qa.find("btnReplayThis"))
    assert wait_until(lambda: qa.window.property("page") == "replays", 5)
    if seen_at_switch is not None:
        wait(600)   # the toast fades in 200 ms; a message stays 3.5 s
        seen_at_switch.append((text, bool(qa.find("toast").property("visible"))))
    rp = qa.replay
    assert wait_until(lambda: rp.count > 10, 30), rp.error
    wait_frame(qa.window)
    return rp


def test_replay_from_the_table_titled_named_and_auto_played(qtbot, data_dir):
    qa = make_app()
    try:
        names = ["海风", "王磊", "陈静", "刘强", "赵敏"]
        rp = _replay_of_the_first_hand(qa, "baohuang", 3, names, hands=6)
        title = qa.find("replayTitle_0").property("text")
        assert title.startswith("保皇 · 第1局  ·  "), title
        entry = qa.app.replays[0]
        assert entry["names"] == names and entry["set"] == 1
        click_item(qa, qa.find("btnReplayPlay"))
        assert wait_until(lambda: rp.index >= 3, 10), "auto-play did not step"
        line = qa.find("replayLine").property("text")   # each step in words: who, what
        who, _, what = line.partition(" · ")
        assert who in names and what and "call:" not in what and "Action" not in what, line
        plays = [s["line"] for s in rp._steps if "张" in s.get("line", "")]   # e.g. "王磊 · 两张9"
        assert plays, [s.get("line") for s in rp._steps[:20]]
        shot(qa, "replay_autoplay_zh")
        click_item(qa, qa.find("btnReplayPlay"))   # pause
        wait(100)
        i = rp.index
        wait(2000)
        assert rp.index == i, "auto-play kept going after pause"
        qa.app.settings.set("language", "en")
        wait_frame(qa.window)
        assert qa.find("replayTitle_0").property("text").startswith("Baohuang · Hand 1  ·  ")
        shot(qa, "replay_autoplay_en")
    finally:
        qa.shutdown()


def test_a_mahjong_replay_shows_tiles_melds_and_rivers_in_words(qtbot, data_dir):
    """Mahjong's 回放 draws its own board (desktop.games.mahjong replay_capture, ReplayBoard.qml): every hand in
    tiles with the drawn tile set apart, the melds, the rivers; each step in words (打出 五万, 碰 九饼), a 过 that
    passed no win folded away; the hand numbered as the table numbers it (第1局: the engine counts from 1)."""
    qa = make_app()
    try:
        names = ["海风", "王磊", "陈静", "刘强"]
        seen: list[tuple[str, bool]] = []
        rp = _replay_of_the_first_hand(qa, "mahjong", 3, names, seen_at_switch=seen)
        # a table message (the next deal's shuffle commitment, a bot's claim) was up as 回放 was clicked: it
        # stays with the table
        assert seen and seen[0][0] and not seen[0][1], seen
        title = qa.find("replayTitle_0").property("text")
        assert title.startswith("山东麻将 · 第1局  ·  "), title
        lines = [s["line"] for s in rp._steps[1:]]
        assert all(line.partition(" · ")[0] in names for line in lines), lines[:10]
        words = [line.partition(" · ")[2] for line in lines]
        assert any(w.startswith("打出 ") for w in words), words[:10]
        assert not [w for w in words if any(ch.isdigit() for ch in w)], "a tile in notation, not in words"
        assert words.count("过") < len(words) // 4, "the claim rounds' passes were not folded"
        # a review's moment opens the replay at an action count; a folded 过 shows the step before it
        ats = [int(s["at"]) for s in rp._steps]
        folded = next(a for a in range(1, ats[-1]) if a not in ats)
        rp.seek(folded)
        assert ats[rp.index] == max(a for a in ats if a <= folded), (folded, ats[:20])
        rp.seek(0)
        assert rp.index == 0
        for _ in range(12):
            click_item(qa, qa.find("btnStepFwd"))
        wait_frame(qa.window)
        board = rp.current["board"]
        for seat in board["seats"]:   # 13 concealed tiles, or 14 with the drawn one, melds counted as 3
            held = len(seat["hand"]) + (1 if seat["drawn"] else 0) + 3 * len(seat["melds"])
            assert held in (13, 14), (seat["seat"], held)
        assert sum(len(s["river"]) for s in board["seats"]) > 0
        assert len(qa.find_all("replayRiver")) == 4 and len(qa.find_all("replaySeat_")) == 4   # drawn, not cards
        shot(qa, "replay_mahjong_zh")
        qa.app.settings.set("language", "en")
        wait_frame(qa.window)
        assert qa.find("replayTitle_0").property("text").startswith("Shandong Mahjong · Hand 1  ·  ")
        line = qa.find("replayLine").property("text")   # the step's words in the language of now
        assert line.partition(" · ")[2] in ("passes", "wins") or " " in line.partition(" · ")[2], line
        assert not any("\u4e00" <= ch <= "\u9fff" for ch in line.partition(" · ")[2]), line
        shot(qa, "replay_mahjong_en")
    finally:
        qa.shutdown()
