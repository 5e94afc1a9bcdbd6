"""升级 burial (S-10, SPEC §8.1, mockup shengji_bottom.png): when the banker takes the bottom, the 8 cards that
came from it carry a 底 tag in the hand — exactly those, the cards the engine put there — while the banker
chooses what to bury, selected or not; the tags go when the burial ends. Real key events, both languages."""

from __future__ import annotations

from guikit import shot, wait_frame, wait_until
from PySide6.QtCore import Qt
from PySide6.QtQuick import QQuickItem
from PySide6.QtTest import QTest
from test_shengji_table import _to_bury_as_banker

from desktop.games.shengji import split_cards


def _tagged(qa) -> list[QQuickItem]:
    """The hand's visible 底 rings (Repeater delegates' children: walked, findChild does not see them)."""
    out, todo = [], [qa.window.contentItem()]
    while todo:
        it = todo.pop()
        if it.objectName().startswith("tagged_") and it.isVisible():
            out.append(it)
        todo.extend(it.childItems())
    return out


def _tagged_cards(qa) -> list[str]:
    cards = qa.table.hand.cards()
    return sorted(cards[int(it.objectName().split("_")[1])] for it in _tagged(qa))


def _tag_texts(qa) -> set[str]:
    texts = set()
    for ring in _tagged(qa):
        todo = list(ring.childItems())
        while todo:
            it = todo.pop()
            if it.property("text") is not None:
                texts.add(str(it.property("text")))
            todo.extend(it.childItems())
    return texts


def test_bottom_cards_tagged_in_the_hand_until_the_burial_ends(qa):
    t = qa.table
    for lang, word in (("zh", "底"), ("en", "Btm")):
        qa.settings.set("language", lang)
        _to_bury_as_banker(qa)
        assert wait_until(lambda: t.snap.get("phase") == "bury" and t.snap.get("my_turn"), 20)
        st = t.wt.worker.state   # the engine's own record of the bottom the banker took (the table waits for me)
        bottom = sorted(split_cards(next(e.data["cards"] for e in reversed(st.history) if e.kind == "bottom_taken")))
        assert len(bottom) == 8 and t.hand.count == 33
        assert wait_until(lambda bottom=bottom: _tagged_cards(qa) == bottom, 10), (_tagged_cards(qa), bottom)
        assert sorted(t.hand.tagged_cards()) == bottom
        assert _tag_texts(qa) == {word}
        shot(qa, f"shengji_bottom_tags_{lang}")
        QTest.keyClick(qa.window, Qt.Key.Key_H)   # 自动选择: the eight the bot would bury; the tags stay on
        assert wait_until(lambda: len(t.hand.selected_cards()) == 8 and t.selection.get("legal"), 10), t.selection
        wait_frame(qa.window)
        assert _tagged_cards(qa) == bottom
        shot(qa, f"shengji_bottom_tags_selected_{lang}")
        n = t.snap.get("n_actions")
        QTest.keyClick(qa.window, Qt.Key.Key_Return)   # 埋底
        assert wait_until(lambda n=n: t.snap.get("n_actions") != n and t.snap.get("phase") == "play", 20)
        wait_frame(qa.window)
        assert t.hand.count == 25
        assert _tagged(qa) == [] and t.hand.tagged_cards() == []   # the burial is over: no card says 底


def test_sanwufan_bottom_of_four_tagged_until_the_burial_ends(qa):
    """三五番 (SF-11): the banker takes the 4-card bottom while the declared pair is still face down; those four
    carry the tag until the burial. Seed 5: a bot declares, seat 0 is the banker (as in test_shengji_sanwufan)."""
    import time

    from guikit import quick_config

    t = qa.table
    qa.settings.set("language", "zh")
    t.start(quick_config("shengji", seed=5, pace_ms=0, hands=1, options={"variant": "sanwufan"}))
    qa.set_screen("table")
    end = time.monotonic() + 90
    while time.monotonic() < end:
        assert wait_until(lambda: t.snap.get("my_turn"), 30)
        if t.snap.get("phase") == "bury":
            break
        n = t.snap.get("n_actions")
        if t.snap.get("phase") == "exchange":   # someone stuck with me as the declarer: give three back
            t.hint()
            t.act("exchange", "")
        else:
            t.passTurn()   # no declaration, no stick (不粘)
        wait_until(lambda n=n: t.snap.get("n_actions") != n, 10)
    assert t.snap.get("phase") == "bury" and t.snap["view"]["banker"] == 0
    st = t.wt.worker.state
    bottom = sorted(split_cards(next(e.data["cards"] for e in reversed(st.history) if e.kind == "bottom_taken")))
    assert len(bottom) == 4
    assert wait_until(lambda: _tagged_cards(qa) == bottom, 10), (_tagged_cards(qa), bottom)
    assert _tag_texts(qa) == {"底"}
    shot(qa, "sanwufan_bottom_tags_zh")
    QTest.keyClick(qa.window, Qt.Key.Key_H)
    assert wait_until(lambda: len(t.hand.selected_cards()) == 4 and t.selection.get("legal"), 10), t.selection
    n = t.snap.get("n_actions")
    QTest.keyClick(qa.window, Qt.Key.Key_Return)
    assert wait_until(lambda n=n: t.snap.get("n_actions") != n and t.snap.get("phase") == "play", 20)
    wait_frame(qa.window)
    assert _tagged(qa) == [] and t.hand.tagged_cards() == []


def test_bottom_tags_come_back_when_a_burial_is_resumed(qtbot, data_dir):
    """Quit mid-burial and 继续: the tags come back from the banker's own history in the resumed view (the
    event that set them went with the table that quit)."""
    from guikit import click_item, make_app
    qa = make_app()
    try:
        _to_bury_as_banker(qa)
        t = qa.table
        assert wait_until(lambda: t.snap.get("phase") == "bury" and t.snap.get("my_turn"), 20)
        st = t.wt.worker.state
        bottom = sorted(split_cards(next(e.data["cards"] for e in reversed(st.history) if e.kind == "bottom_taken")))
        hand = t.hand.cards()
    finally:
        qa.shutdown()
    qa2 = make_app()
    try:
        click_item(qa2, qa2.find("btnContinue"))
        assert wait_until(lambda: qa2.table.snap.get("phase") == "bury" and qa2.table.hand.cards() == hand, 20)
        assert wait_until(lambda: _tagged_cards(qa2) == bottom, 10), (_tagged_cards(qa2), bottom)
        assert _tag_texts(qa2) == {"底"}
        shot(qa2, "shengji_bottom_tags_resumed")
    finally:
        qa2.shutdown()


def test_a_rejoined_banker_gets_his_bottom_tags_from_the_sync(qtbot):
    """LAN: the host's Sync carries the seat's history, so a banker who rejoins mid-burial sees his 底 tags;
    every other seat's Sync tags nothing (the bottom is the banker's alone)."""
    import random

    import msgspec

    from desktop.lan_snapshot import net_snapshot
    from engine import games
    from engine.net.host import full_view
    from engine.net.protocol import Sync

    st = games.new_state("shengji", 4, {}, hands=1)
    rng = random.Random(4)
    while st.phase != "bury":
        la = st.legal_actions(st.to_act)
        st.apply(la[rng.randrange(len(la))])
    banker = st.to_act
    bottom = sorted(split_cards(next(e.data["cards"] for e in reversed(st.history) if e.kind == "bottom_taken")))
    for seat in range(4):
        view = msgspec.json.decode(msgspec.json.encode(full_view(st, seat)))
        snap = net_snapshot(Sync(9, view, None), seat, None)
        assert sorted(snap["restored_tags"]) == (bottom if seat == banker else []), seat
