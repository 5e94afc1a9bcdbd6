"""三五番 (RULES.md Part SF) at the table, driven with real mouse and key events: the variant, its presets and
its own options on the new-game screen; the declaration face down (the joker up, the pair down, SF-7), the
stick prompt with its legal stick clicked (SF-10), the three cards picked by 自动选择 (H) and given back with
the 回牌 button, flying between sticker and declarer as the Gouji tribute flies, the pair turned up after the
burial (SF-11); a 闪 led from the hand and named in the round log (SF-14)."""

from __future__ import annotations

import time

from guikit import card_point, click_item, mouse, quick_config, shot, wait, wait_frame, wait_until
from PySide6.QtCore import QPointF, Qt
from PySide6.QtQuick import QQuickItem
from PySide6.QtTest import QTest

from desktop.games.shengji import split_cards

SW = {"variant": "sanwufan"}


def _items(root: QQuickItem, name: str | None = None) -> list[QQuickItem]:
    out, todo = [], [root]
    while todo:
        it = todo.pop()
        if name is None or it.objectName() == name:
            out.append(it)
        todo.extend(it.childItems())
    return out


def _box_cards(box: QQuickItem) -> list[tuple[str, bool]]:
    row = _items(box, "declCards")[0]
    cards = sorted((c for c in row.childItems() if c.property("faceUp") is not None), key=lambda c: c.x())
    return [(c.property("card"), bool(c.property("faceUp"))) for c in cards]


def _scene_rect(it: QQuickItem) -> tuple[float, float, float, float]:
    p = it.mapToScene(QPointF(0, 0))
    q = it.mapToScene(QPointF(it.width(), it.height()))
    return p.x(), p.y(), q.x(), q.y()


def caption_overlaps(qa) -> list[str]:
    """The items the shown caption card intersects, among the seat plates, the declaration box and the stick
    boxes, at the window's size now and with the side column (记牌器) both open and shut (it moves the felt)."""
    hits: list[str] = []
    for tracker in (True, False):
        qa.settings.set("showTracker", tracker)
        wait_frame(qa.window)
        cap = qa.find("tributeCaption")
        assert cap is not None and cap.property("visible")
        cx0, cy0, cx1, cy1 = _scene_rect(cap)
        others = [it for n in ("declarationCard", "stickBox") for it in _items(qa.root_item(), n)]
        others += [it for it in _items(qa.root_item()) if it.objectName().startswith("seat_")]
        for it in others:
            if not it.isVisible() or it.width() <= 0:
                continue
            x0, y0, x1, y1 = _scene_rect(it)
            if x0 < cx1 and cx0 < x1 and y0 < cy1 and cy0 < y1:
                hits.append(f"{it.objectName()} (tracker {'on' if tracker else 'off'})")
    return hits


def assert_caption_clear(qa, name: str) -> None:
    """The caption overlaps no plate or declaration box at 1600×900 nor at the minimum 1200×675 (the stage
    scales); a screenshot of each size."""
    was = qa.settings.get("showTracker")
    try:
        for w, h in ((1600, 900), (1200, 675)):
            qa.window.resize(w, h)
            assert wait_until(lambda w=w: qa.window.width() == w, 5)
            hits = caption_overlaps(qa)
            assert not hits, (w, h, hits)
            shot(qa, f"{name}_{w}")
    finally:
        qa.window.resize(1600, 900)
        qa.settings.set("showTracker", was)
        wait_frame(qa.window)


def _start(qa, seed: int, lang: str = "zh") -> None:
    qa.settings.set("language", lang)
    qa.table.start(quick_config("shengji", seed=seed, pace_ms=0, hands=1, options=dict(SW)))
    qa.set_screen("table")


def test_new_game_offers_the_variant_its_presets_and_options(qa):
    qa.set_screen("newgame")
    wait_frame(qa.window)
    click_item(qa, qa.find("game_shengji"))
    wait_frame(qa.window)
    names = {r["name"] for r in qa.app.optionRows}
    assert "no_trump" in names and not any(n.startswith("sw_") for n in names)   # the standard game
    row = qa.find("opt_variant")
    cell = _items(row, "seg_1")[0]
    assert any(x.property("text") == "三五番" for x in _items(cell))
    click_item(qa, cell)
    wait(30)
    wait_frame(qa.window)
    rows = {r["name"]: r for r in qa.app.optionRows}
    assert {"sw_level_order", "sw_stick_return", "sw_special_plays"} <= set(rows)
    assert "no_trump" not in rows and "pair_over_pair" not in rows   # SF-0: not used by the variant
    assert rows["sw_level_order"]["choices"][:2] == ["A 到 K", "2 到 A"]
    from engine import games
    opts = qa.app.game_options()
    assert opts["variant"] == "sanwufan" and not (set(opts) & {"no_trump", "pair_over_pair", "reinforce"})
    assert games.rules("shengji", opts).options.sanwufan   # the screen's choice is a valid 三五番 rule set
    shot(qa, "sanwufan_new_game_zh")
    names = list(qa.app.presetNames)
    side = next(i for i, n in enumerate(names) if n.startswith("三五番（回副牌）"))   # the title, maybe its code after it
    assert any(n.startswith("三五番") for n in names[:side])
    click_item(qa, qa.find(f"preset_{side}"))
    wait(30)
    opts = qa.app.game_options()
    assert opts.get("sw_stick_return") == "any_side" and opts.get("sw_no_declaration") == "defenders_up3", opts
    games.rules("shengji", opts)   # the screen's choice is a valid rule set


def test_face_down_declaration_stick_exchange_and_reveal(qa):
    """Seed 5: 陈静 declares 小王 + a pair face down; seat 0 is asked to stick and can (SF-10)."""
    t = qa.table
    flights: list[tuple] = []
    t.flight.connect(lambda kind, src, dst, faces, up: flights.append((kind, src, dst, [f["card"] for f in faces], up)))
    _start(qa, 5)
    # 1. the declaration as the table sees it: the joker face up, two cards face down (SF-7)
    assert wait_until(lambda: (t.snap.get("view") or {}).get("sanwufan", {}).get("declarer") is not None, 60)
    wait_frame(qa.window)
    sw = t.snap["view"]["sanwufan"]
    box = qa.find("declarationCard")
    assert box.property("visible")
    cards = _box_cards(box)
    assert cards[0] == (sw["jokers_shown"], True) and [up for _, up in cards[1:]] == [False, False], cards
    assert qa.find("declarationTag").property("text") == "定主"
    shot(qa, "sanwufan_face_down_zh")
    # 2. pass every declaration chance, until asked to stick: the prompt names the declarer, the button the stick
    end = time.monotonic() + 90
    while time.monotonic() < end:
        assert wait_until(lambda: t.snap.get("my_turn"), 30)
        wait_frame(qa.window)
        if t.snap.get("phase") == "stick":
            break
        n = t.snap.get("n_actions")
        click_item(qa, qa.find("act_pass"))
        wait_until(lambda n=n: t.snap.get("n_actions") != n, 10)
    assert t.snap.get("phase") == "stick"
    declarer = t.snap["view"]["sanwufan"]["declarer"]
    caption = qa.find("tributeCaption")
    assert caption.property("visible") and t.name_of(declarer) in t.tributeCaption and "粘牌" in t.tributeCaption
    stick = next(a for a in t.actions if a["kind"] == "stick")
    button = qa.find(stick["objectName"])
    assert "粘牌" in button.property("text")
    assert qa.find("act_pass").property("text") == "不粘"
    shot(qa, "sanwufan_stick_prompt_zh")
    assert_caption_clear(qa, "sanwufan_stick_prompt_zh")   # nothing under the caption, at either size
    qa.settings.set("language", "en")   # the English caption in the same place
    assert wait_until(lambda: "Stick" in t.tributeCaption, 5), t.tributeCaption
    assert_caption_clear(qa, "sanwufan_stick_prompt_en")
    qa.settings.set("language", "zh")
    assert wait_until(lambda: "粘牌" in t.tributeCaption, 5)
    wait_frame(qa.window)
    click_item(qa, qa.find(stick["objectName"]))   # the language switch made the bar anew
    # 3. the declarer's joker and pair fly to me face up (I am one of the two), then I give back three
    assert wait_until(lambda: t.snap.get("phase") == "exchange" and t.snap.get("my_turn"), 20)
    taken = [f for f in flights if f[0] == "tribute" and f[2] == 0]
    assert taken and taken[-1][1] == (declarer - 0) % 4 and taken[-1][4], flights
    assert sorted(taken[-1][3]) == sorted(split_cards(
        next(e for e in t.snap["events"] if e["kind"] == "stick_cards")["data"]["taken"]))
    wait_until(lambda: t._tribute_active == 0, 10)
    wait_frame(qa.window)
    assert "回给 " + t.name_of(declarer) in t.tributeCaption and "常主" in t.tributeCaption
    assert_caption_clear(qa, "sanwufan_exchange_prompt_zh")
    give = qa.find("act_exchange")
    assert give is not None and "回牌" in give.property("text")
    QTest.keyClick(qa.window, Qt.Key.Key_H)   # 自动选择: the three the bot would give
    assert wait_until(lambda: len(t.hand.selected_cards()) == 3 and t.selection.get("legal"), 10), t.selection
    chosen = sorted(t.hand.selected_cards())
    assert "3/3" in t.selection["text"]
    n = t.snap.get("n_actions")
    click_item(qa, give)
    assert wait_until(lambda n=n: t.snap.get("n_actions") != n, 10)
    out = [f for f in flights if f[0] == "tribute" and f[1] == 0]
    assert out and out[-1][2] == (declarer - 0) % 4 and sorted(out[-1][3]) == chosen and out[-1][4], flights
    shot(qa, "sanwufan_exchange_zh")
    # 4. after the burial the declared pair turns face up (SF-11)
    end = time.monotonic() + 60
    while time.monotonic() < end and not (t.snap.get("view") or {}).get("sanwufan", {}).get("revealed"):
        if t.snap.get("my_turn") and t.snap.get("phase") == "bury":
            QTest.keyClick(qa.window, Qt.Key.Key_H)
            wait_until(lambda: t.selection.get("legal"), 10)
            QTest.keyClick(qa.window, Qt.Key.Key_Return)
        wait(30)
    sw = t.snap["view"]["sanwufan"]
    assert sw["revealed"]
    assert not t.snap["view"].get("trick_no")   # seat 0 is the banker here (SF-11): it leads, the table waits
    wait_frame(qa.window)
    cards = _box_cards(qa.find("declarationCard"))
    assert all(up for _, up in cards) and [c for c, _ in cards[1:]] == split_cards(sw["pair"]), cards
    assert qa.find("declarationTag").property("text") == "翻开"
    shot(qa, "sanwufan_revealed_zh")


def _shan_in(hand: list[str], level: str) -> list[str] | None:
    """Four cards of one permanent rank (L, 2, 3, 5), one of each suit: a 闪 (SF-14)."""
    for r in dict.fromkeys([level, "2", "3", "5"]):
        pick = [next((c for c in hand if c == r + s), None) for s in "shcd"]
        if all(pick):
            return [str(c) for c in pick]
    return None


def test_a_shan_is_named_in_the_round_log(qa):
    t = qa.table
    for seed in (6, 8, 3, 11, 9):
        _start(qa, seed)
        end = time.monotonic() + 120
        while time.monotonic() < end and not t.results.get("rows"):
            if not wait_until(lambda: t.snap.get("my_turn") or t.results.get("rows"), 30):
                break
            snap = t.snap
            view = snap.get("view") or {}
            phase = snap.get("phase")
            n = snap.get("n_actions")
            if phase in ("deal", "declare", "stick"):
                t.passTurn()
            elif phase == "exchange":
                t.hint()
                t.act("exchange", "")
            elif phase == "play" and not view.get("trick") and _shan_in(view["hand"], view["level"]):
                wait_frame(qa.window)
                want = _shan_in(view["hand"], view["level"])
                QTest.keyClick(qa.window, Qt.Key.Key_Escape)
                hand = list(t.hand.cards()) if hasattr(t.hand, "cards") else view["hand"]
                for c in want:   # click each card of the 闪 in the hand (real mouse events)
                    i = hand.index(c)
                    hand[i] = ""
                    p = card_point(qa, i)
                    mouse(qa.window, "press", p, True)
                    mouse(qa.window, "release", p, False)
                    wait(10)
                assert sorted(t.hand.selected_cards()) == sorted(want)
                assert wait_until(lambda: t.selection.get("legal"), 10), t.selection
                QTest.keyClick(qa.window, Qt.Key.Key_Return)
                assert wait_until(lambda n=n: t.snap.get("n_actions") != n, 10)
                wait_frame(qa.window)
                assert any(r["seat"] == 0 and "闪" in r["text"] for r in t.log_model.rows()), t.log_model.rows()
                shot(qa, "sanwufan_shan_zh")
                return
            else:
                QTest.keyClick(qa.window, Qt.Key.Key_H)
                wait_until(lambda: t.selection.get("legal"), 10)
                QTest.keyClick(qa.window, Qt.Key.Key_Return)
            wait_until(lambda n=n: t.snap.get("n_actions") != n or t.results.get("rows"), 10)
    raise AssertionError("seat 0 never led with a 闪 in hand in these deals")
