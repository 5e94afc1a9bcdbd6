"""Baohuang at the table: accept the emperorship, call a triple, then play a legal hand-picked play."""

from __future__ import annotations

from guikit import click_item, play_until_my_turn, quick_config, shot, sweep, wait_frame, wait_until


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
