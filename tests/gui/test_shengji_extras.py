"""升级 table, the SPEC §8.1 pieces beyond the basic table, driven with real mouse and key events: the
declaration card in front of the declarer (S-9a), the bury tray with its counter, 自动选择 and the points
buried (S-10), the defenders and the points they still need (S-21), the bottom turned up at the hand's end with
its point cards tagged and its multiplier (S-19), and the option values of the new-game screen in words."""

from __future__ import annotations

import time

from guikit import click_item, play_until_my_turn, quick_config, shot, wait, wait_frame, wait_until
from PySide6.QtCore import Qt
from PySide6.QtQuick import QQuickItem
from PySide6.QtTest import QTest
from test_shengji_table import _to_bury_as_banker

from desktop.games.shengji import cards_word, points_of, split_cards


def _items(root: QQuickItem, name: str) -> list[QQuickItem]:
    """Every item under ``root`` named ``name`` (Repeater children are not found by findChild)."""
    out, todo = [], [root]
    while todo:
        it = todo.pop()
        if it.objectName() == name:
            out.append(it)
        todo.extend(it.childItems())
    return out


def _start(qa, seed: int, lang: str = "zh") -> None:
    qa.settings.set("language", lang)
    qa.table.start(quick_config("shengji", seed=seed, pace_ms=0, hands=1))
    qa.set_screen("table")


def _declare_by_button(qa, seeds=range(1, 13)) -> str:
    """Click the first 亮主 button offered during the deal; the cards seat 0 showed."""
    t = qa.table
    for seed in seeds:
        _start(qa, seed, qa.settings.get("language"))
        end = time.monotonic() + 40
        while time.monotonic() < end:
            if not wait_until(lambda: t.snap.get("my_turn") or t.snap.get("phase", "deal") not in ("deal", "declare"),
                              30):
                break
            snap = t.snap
            if snap.get("phase") not in ("deal", "declare"):
                break
            wait_frame(qa.window)   # then read and click with no event in between (the bots act at once)
            n = t.snap.get("n_actions")
            declare = next((a for a in t.actions if a["kind"] == "declare"), None)
            button = qa.find(declare["objectName"] if declare else "act_pass")
            if button is None:
                continue   # my turn passed meanwhile
            click_item(qa, button)
            wait_until(lambda n=n: t.snap.get("n_actions") != n, 20)
            mine = [d for d in (t.snap.get("view") or {}).get("declarations") or [] if d["seat"] == 0]
            if declare is not None and mine:
                return str(mine[-1]["cards"])
    raise AssertionError("seat 0 never held a level card to declare")


def test_declaration_card_in_front_of_the_declarer(qa):
    t = qa.table
    for lang, words, level_word in (("zh", ("亮主", "反主", "加固"), "打"),
                                    ("en", ("declares", "overrides", "reinforces"), "level")):
        qa.settings.set("language", lang)
        for _ in range(3):   # the deal may end right after my declaration (everyone passes): deal again
            _declare_by_button(qa)
            wait_frame(qa.window)
            if t.snap["view"]["phase"] in ("deal", "declare"):
                break
        # read the view and the items in one go: no event is processed in between
        view = t.snap["view"]
        decl = view["declaration"]
        assert view["phase"] in ("deal", "declare"), view["phase"]
        card = qa.find("declarationCard")
        assert card is not None and card.property("visible")
        info = t.gameInfo["decl"]
        assert [c["card"] for c in info["faces"]] == split_cards(decl["cards"])   # face up, the declared cards
        assert qa.find("declarationTag").property("text") in words
        line = t.gameInfo["decl"]["line"]
        assert t.name_of(decl["seat"]) in line and cards_word(decl["cards"]) in line and level_word in line
        # in front of the declarer's plate (SPEC §8.1): nearer to it than to any other plate
        pos = (decl["seat"] - t.snap["seat"]) % 4
        c = qa.window.contentItem().mapFromItem(card, card.width() / 2, card.height() / 2)
        cx = qa.find("tableScreen").property("cx")
        plates = {p: (cx + r["px"] + 126, r["py"] + 36) for p, r in enumerate(t.places)}
        near = min(plates, key=lambda p: (plates[p][0] - c.x()) ** 2 + (plates[p][1] - c.y()) ** 2)
        assert near == pos, (pos, plates, c)
        shot(qa, f"shengji_declaration_card_{lang}")
    qa.settings.set("language", "zh")


def test_bury_tray_mirrors_the_selection_and_auto_pick(qa):
    t = qa.table
    _to_bury_as_banker(qa)
    wait_frame(qa.window)
    tray = qa.find("buryTray")
    assert tray.property("visible")
    assert qa.find("act_hint").property("text").startswith("自动选择")
    QTest.keyClick(qa.window, Qt.Key.Key_H)   # 自动选择: eight cards the bot would bury
    assert wait_until(lambda: len(t.hand.selected_cards()) == 8, 10)
    assert wait_until(lambda: t.selection.get("legal"), 10), t.selection
    wait_frame(qa.window)
    chosen = t.hand.selected_cards()
    shown = [c for c in _items(tray, "") if c.property("card") is not None and c.property("w") == 54
             and c.property("visible")]
    assert sorted(c.property("card") for c in shown) == sorted(chosen)
    assert qa.find("buryPoints").property("text") == f"埋分 {points_of(chosen)}"
    assert "8/8" in qa.find("buryCounter").property("text")
    shot(qa, "shengji_bury_tray")
    QTest.keyClick(qa.window, Qt.Key.Key_Escape)   # a cleared selection empties the tray
    assert wait_until(lambda: not t.hand.selected_cards(), 5)
    wait_frame(qa.window)
    assert not [c for c in _items(tray, "") if c.property("w") == 54 and c.property("visible")]
    assert qa.find("buryPoints").property("text") == "埋分 0"
    QTest.keyClick(qa.window, Qt.Key.Key_H)
    assert wait_until(lambda: t.selection.get("legal"), 10)
    QTest.keyClick(qa.window, Qt.Key.Key_Return)
    assert wait_until(lambda: t.snap.get("view", {}).get("phase") == "play", 20)
    wait_frame(qa.window)
    assert not qa.find("buryTray").property("visible")


def _play_out_hand(qa, timeout_s: float = 240) -> None:
    t = qa.table
    end = time.monotonic() + timeout_s
    while time.monotonic() < end and not t.results.get("rows"):
        if not play_until_my_turn(qa, timeout_s=10):
            continue
        n = t.snap.get("n_actions")
        QTest.keyClick(qa.window, Qt.Key.Key_H)
        wait_until(lambda: t.selection.get("legal"), 10)
        QTest.keyClick(qa.window, Qt.Key.Key_Return)
        wait_until(lambda n=n: t.snap.get("n_actions") != n or t.results.get("rows"), 20)
    assert t.results.get("rows"), "the hand did not end"


def test_defenders_points_and_the_bottom_at_the_hand_end(qa):
    t = qa.table
    _start(qa, 2)
    assert play_until_my_turn(qa)
    wait_frame(qa.window)
    view = t.snap["view"]
    d = 1 - view["banker"] % 2
    names = qa.find("defenderNames").property("text")
    assert t.name_of(d) in names and t.name_of(d + 2) in names
    assert f"还差 {80 - view['defender_points']} 分" in names
    _play_out_hand(qa)
    wait(100)
    wait_frame(qa.window)
    detail = t.results["detail"]
    shown = [f["card"] for f in detail["bottom"]]
    assert len(shown) == 8
    ev = next(e["data"] for e in t.snap["events"] if e["kind"] == "bottom_shown")
    assert shown == split_cards(ev["cards"])   # the bottom the engine turned up, as every seat sees it
    root = qa.find("bottomDetail")
    assert root is not None and root.property("visible")
    tags = sorted(x.property("text") for x in _items(root, "cardTag") for x in x.childItems())
    want = sorted(f"{points_of(c)} 分" for c in shown if points_of(c))
    assert tags == want
    res = next(e["data"] for e in t.snap["events"] if e["kind"] == "hand_over")
    line = qa.find("bottomLine").property("text")
    assert f"底分 {res['bottom_points']}" in line
    assert (f"×{res['multiplier']}" in line) == bool(res["multiplier"])
    shot(qa, "shengji_bottom_at_end")


def test_new_game_option_values_in_words(qa):
    for lang, word, raw in (("zh", "最后亮主者", "final_declarer"), ("en", "Last declarer", "final_declarer")):
        qa.settings.set("language", lang)
        qa.set_screen("newgame")
        wait_frame(qa.window)
        click_item(qa, qa.find("game_shengji"))
        wait_frame(qa.window)
        assert "first_banker" in {r["name"] for r in qa.app.optionRows}   # the Shengji rows are shown
        row = qa.find("opt_first_banker")
        assert row is not None
        cells = [c for c in _items(row, "seg_0") + _items(row, "seg_1")]
        texts = [x.property("text") for c in cells for x in _items(c, "") if x.property("text") is not None
                 and isinstance(x.property("text"), str) and x.property("text")]
        assert word in texts and raw not in texts, texts
        click_item(qa, cells[1] if cells[0].objectName() == "seg_0" else cells[0])   # 最先亮主者
        wait(20)
        assert qa.app.game_options().get("first_banker") == "first_declarer"
        assert all("_" not in c for r in qa.app.optionRows for c in r["choices"]), qa.app.optionRows
        shot(qa, f"shengji_new_game_words_{lang}")
        qa.app.setOption("first_banker", 0)
    qa.settings.set("language", "zh")
