"""Baohuang's words for what a seat can do: before 接受 at the throne with no callable triple the caption says
that accepting means 独保 1 against 4 (B-12, B-14), and it is true — after a real click on 接受 the engine offers
that seat nothing but playing alone; the guard's decline at 明保 reads 暗保 (a seat with nothing to choose — a
rebel at 明保, a guard at 造反 — is not asked: the table answers its only 'decline')."""

from __future__ import annotations

from guikit import click_item, make_app, quick_config, shot, wait_frame, wait_until


def test_throne_without_a_triple_warns_before_accept(qtbot, data_dir):
    qa = make_app()
    try:
        t = qa.table
        t.start(quick_config("baohuang", seed=3, pace_ms=0))   # seat 0 holds X^ and no identity three times
        qa.set_screen("table")
        assert wait_until(lambda: t.snap.get("my_turn"), 20)
        assert t.snap["phase"] == "abdicate"
        wait_frame(qa.window)
        cap = qa.find("tributeCaptionText")
        assert "独保" in cap.property("text") and "1 对 4" in cap.property("text"), cap.property("text")
        assert qa.find("tributeCaption").property("visible")
        shot(qa, "baohuang_throne_warning_zh")
        qa.app.settings.set("language", "en")
        wait_frame(qa.window)
        assert "1 against 4" in qa.find("tributeCaptionText").property("text")
        shot(qa, "baohuang_throne_warning_en")
        n = t.snap["n_actions"]
        click_item(qa, qa.find("act_accept"))
        assert wait_until(lambda: t.snap.get("n_actions") != n, 10)
        assert wait_until(lambda: t.snap.get("my_turn"), 10)
        st = t.wt.worker.state
        assert st.emperor == 0
        kinds = {a.kind for a in st.legal_actions(0)}
        fours = {a.arg for a in st.legal_actions(0) if a.kind == "call"}
        # what the caption said: no guard can be called with a triple — alone (明独保, or 暗独保 by a four)
        assert kinds <= {"solo", "call"} and all(
            sum(1 for c in st.hands[0] if str(c).rstrip("^") == f) == 4 for f in fours), (kinds, fours)
        assert qa.find("tributeCaptionText").property("text") == "" or not qa.find("tributeCaption").property(
            "visible") or "独保" not in qa.find("tributeCaptionText").property("text")
    finally:
        qa.shutdown()


def test_the_guards_decline_at_mingbao_reads_anbao():
    """B-16: a guard who does not reveal himself is 暗保; the button says that, not "不明保"."""
    from desktop import i18n
    assert i18n.action_label("decline", "zh", "mingbao") == "暗保（不亮明）"
    assert i18n.action_label("decline", "en", "mingbao") == "Stay hidden"
