"""One human action costs one view, one parse of the play and one round trip to the engine thread (counted
with the benchmark's counters on the engine classes); a bot error surfaces instead of being papered over."""

from __future__ import annotations

from guikit import play_until_my_turn, quick_config, wait_frame, wait_until


def test_one_view_one_parse_per_human_action(qa):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from desktop.bench import _Counter
    t = qa.table
    t.start(quick_config("gouji", seed=3, pace_ms=0))
    qa.set_screen("table")
    assert play_until_my_turn(qa)
    t._pace.emit(3000)   # from now the bots wait: only the human's action is counted
    t.hint()
    chosen = t.hand.selected_cards()
    assert chosen and t.selection["legal"]
    t.hand.clearSelection()
    c = _Counter()
    c.install()
    try:
        hops = []
        t.wt.worker.snapshot.connect(lambda s: hops.append("snapshot") if c.on else None)
        t._act_cards.connect(lambda m: hops.append("act") if c.on else None)
        t._judge.connect(lambda m: hops.append("judge") if c.on else None)
        n = t.hand.count
        c.on = True
        qa.find("tableScreen").forceActiveFocus()
        t.hand.select_cards(chosen)          # judged: here by the hint's verdict, made on the worker
        QTest.keyClick(qa.window, Qt.Key.Key_Return)
        assert wait_until(lambda: t.hand.count == n - len(chosen) and t.snap.get("to_act") != 0, 10)
        wait_frame(qa.window)
        c.on = False
    finally:
        c.uninstall()
    assert c.n["views"] == 1, c.n          # the human's seat, for the snapshot
    assert c.n["parses"] == 1, c.n         # action_for_cards on the worker; the words came with the verdict
    assert c.n["checks"] == 1, c.n         # ... which checks it once; apply() takes the action it made
    assert c.n["clones"] == 0, c.n
    assert sorted(hops) == ["act", "snapshot"], hops


def test_manual_selection_is_judged_by_the_engine_with_rule_ids(qa):
    t = qa.table
    t.start(quick_config("gouji", seed=3, pace_ms=0))
    qa.set_screen("table")
    assert play_until_my_turn(qa)
    judge = t.snap.get("judge")
    assert judge is not None and judge is not t.wt.worker.state   # a State made from my view, not the real one
    real = t.wt.worker.state
    # the hidden hands in the judge are made up (a teammate's hand the view shows may match)
    assert any(sorted(map(str, judge.hands[s])) != sorted(map(str, real.hands[s])) for s in range(1, real.n_seats))
    assert sorted(map(str, judge.hands[0])) == sorted(map(str, real.hands[0]))
    hand = t.hand.cards()
    from engine.cards import Card
    pair = next(([a, b] for a, b in zip(hand, hand[1:]) if Card.parse(a).rank != Card.parse(b).rank), None)
    assert pair is not None
    t.hand.select_cards(pair)
    assert t.selection["rule"] == "C-10" and not t.selection["legal"]


def test_a_bot_error_surfaces(qtbot, data_dir, monkeypatch):
    from guikit import make_app

    import desktop.worker as worker

    class Broken:
        def choose(self, view, legal):
            raise RuntimeError("the bot broke")

    real = worker.bots.make_bot
    monkeypatch.setattr(worker.bots, "make_bot", lambda level, seed=0, game=None:
                        Broken() if seed % 10 == 1 else real(level, seed=seed, game=game))
    qa = make_app()
    try:
        t = qa.table
        t.start(quick_config("gouji", seed=3, pace_ms=0, humans=[]))
        assert wait_until(lambda: any("the bot broke" in m for _, m in t.notices), 30), t.notices
        st = t.wt.worker.state
        n = len(st.actions)
        assert st.to_act == 1
        wait_until(lambda: False, 0.3)
        assert len(st.actions) == n and st.to_act == 1   # nobody played a guessed move for the broken seat
    finally:
        qa.shutdown()
