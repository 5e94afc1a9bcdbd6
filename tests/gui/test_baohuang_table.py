"""Baohuang at the table: accept the emperorship, call a triple, then play a legal hand-picked play."""

from __future__ import annotations

from guikit import click_item, play_until_my_turn, quick_config, shot, sweep, wait, wait_frame, wait_until


def throne_seed() -> int:
    """A deal where seat 0 holds the crowned big joker X^ and could call a triple after accepting."""
    from engine import games
    for seed in range(200):
        st = games.new_state("baohuang", seed)
        if st.to_act == 0 and st.phase == "abdicate":
            st.apply(next(a for a in st.legal_actions(0) if a.kind == "accept"))
            if any(a.kind == "call" for a in st.legal_actions(0)):
                return seed
    raise AssertionError("no such deal in 200 seeds")


def test_accept_throne_call_triple_and_play(qa):
    qa.table.start(quick_config("baohuang", seed=throne_seed(), pace_ms=0))
    qa.set_screen("table")
    t = qa.table
    assert wait_until(lambda: t.snap.get("my_turn"), 20)
    assert t.snap["phase"] == "abdicate"
    assert "X^" in t.hand.cards()
    wait_frame(qa.window)
    kinds = [a["kind"] for a in t.actions]
    assert "accept" in kinds and "abdicate" in kinds
    shot(qa, "baohuang_throne_offer")
    click_item(qa, qa.find("act_accept"))
    assert wait_until(lambda: t.snap.get("my_turn") and any(a["kind"] == "call" for a in t.actions), 20)
    calls = [a for a in t.actions if a["kind"] == "call"]
    assert calls, t.actions
    arg = calls[0]["arg"]
    wait_frame(qa.window)
    shot(qa, "baohuang_call_triple")
    click_item(qa, qa.find(calls[0]["objectName"]))
    assert wait_until(lambda: t.snap.get("view", {}).get("called") == arg, 20)
    view = t.snap["view"]
    assert view["emperor"] == 0 and view["role"] == "emperor"
    me = next(s for s in t.seats if s["me"])
    assert any("皇帝" in b["text"] for b in me["badges"])
    # the emperor leads the first round (B-28): sweep a single card, the engine accepts it
    assert play_until_my_turn(qa)
    hand = t.hand
    sweep(qa, 0, 0)
    assert len(hand.selected_cards()) == 1
    assert t.selection["legal"], t.selection
    before = t.accepted_actions
    n = hand.count
    click_item(qa, qa.find("act_play"))
    assert wait_until(lambda: t.accepted_actions > before and hand.count == n - 1, 20)
    wait_frame(qa.window)
    shot(qa, "baohuang_after_lead")


def test_illegal_selection_and_language(qa):
    from guikit import play_until_my_turn
    qa.table.start(quick_config("baohuang", seed=throne_seed(), pace_ms=0))
    qa.set_screen("table")
    t = qa.table
    assert play_until_my_turn(qa)
    hand = t.hand
    ranks = [hand.data(hand.index(i), hand.RankRole) for i in range(hand.count)]
    j = next(i for i, r in enumerate(ranks) if r != ranks[0])
    sweep(qa, 0, j)
    sel = t.selection
    assert not sel["legal"] and sel["rule"] and sel["reason"], sel
    assert not qa.find("act_play").property("enabledState")
    qa.settings.set("language", "en")
    wait_frame(qa.window)
    assert qa.find("setLabel").property("text").startswith("Hand ")
    assert "selected" in t.selection["text"]
    shot(qa, "baohuang_illegal_en")
    qa.settings.set("language", "zh")


def test_abdication_flies_the_crowned_joker(qtbot, data_dir):
    from guikit import make_app
    qa = make_app(animSpeed="fast")
    try:
        t = qa.table
        flights = []
        t.flight.connect(lambda kind, a, b, faces, up: flights.append((a, b, [f["card"] for f in faces], up))
                         if kind == "tribute" else None)
        t.start(quick_config("baohuang", seed=throne_seed(), pace_ms=300))
        qa.set_screen("table")
        assert wait_until(lambda: t.snap.get("my_turn") and t.snap.get("phase") == "abdicate", 20)
        click_item(qa, qa.find("act_abdicate"))
        assert wait_until(lambda: t.tributeActive > 0, 10)
        assert wait_until(lambda: qa.find("flyLayer").property("tributeFrom") >= 0, 10)   # in the air now
        wait(200)
        shot(qa, "baohuang_abdication_in_flight")
        assert wait_until(lambda: t.tributeActive == 0, 20)
        a, b, cards, up = flights[0]
        assert (a, b) == (0, 4) and cards[0] == "X^" and up   # to my 上家, face up: the throne is public
        st = t.wt.worker.state
        ev = next(e for e in st.history if e.kind == "abdicate")
        assert ev.data["seat"] == 0 and ev.data["to"] == 4
    finally:
        qa.shutdown()
