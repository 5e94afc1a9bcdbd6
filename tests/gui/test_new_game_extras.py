"""The new-game screen's seat diagram, felt and card-back swatches and 辅助 group (issue 13, SPEC.md §7), driven
with real mouse clicks: the diagram follows the game tile clicked (seat count, sides, 对头 lines, bot levels),
a swatch click changes the felt and card back of the table started afterwards, and the 辅助 switches set the
same settings the Settings panel shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from guikit import click_item, make_app, wait_frame, wait_until
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

from engine import games

# Per game: the side of every seat as seen from seat 0 (m: my team, t: the other team, ?: not known at the
# start, r: a rival — every one for himself) and the 对头 pairs (G-1, G-2; B-1; S-3; M-1).
EXPECTED = {
    "gouji": ("teams", "mtmtmt", {(0, 3), (1, 4), (2, 5)}),
    "baohuang": ("sides", "m????", set()),
    "shengji": ("teams", "mtmt", set()),
    "mahjong": ("solo", "mrrr", set()),
}
LETTER = {"mine": "m", "theirs": "t", "unknown": "?"}


def _live(qa, prefix: str) -> list:
    """The items of a Repeater now shown (a replaced delegate may linger until deleted)."""
    return [it for it in qa.find_all(prefix) if it.isVisible() and it.parentItem() is not None]


def _diag_seat(qa, seat: int):
    return next(it for it in _live(qa, "diagSeat_") if it.objectName() == f"diagSeat_{seat}")


def _seat_letters(qa, mode: str) -> str:
    seats = sorted(_live(qa, "diagSeat_"), key=lambda it: int(it.objectName().split("_")[1]))
    out = ""
    for it in seats:
        letter = LETTER[it.property("team")]
        out += "r" if mode == "solo" and letter == "t" else letter
    return out


def _scene_rect(item) -> QRectF:
    return item.mapRectToScene(QRectF(0, 0, item.width(), item.height()))


def _open_new_game(qa) -> None:
    click_item(qa, qa.find("btnNewGame"))
    assert wait_until(lambda: qa.find("newGameScreen") is not None, 5)
    wait_frame(qa.window)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_diagram_follows_the_game_tile_and_the_seat_rows(qtbot, data_dir, tmp_path: Path, lang):
    qa = make_app(language=lang)
    try:
        with qtbot.waitSignal(qa.window.frameSwapped, timeout=5000):
            qa.window.update()
        _open_new_game(qa)
        for game in games.available():
            mode, sides, pairs = EXPECTED[game]
            click_item(qa, qa.find(f"game_{game}"))
            n = games.spec(game).seats
            assert wait_until(lambda n=n: len(_live(qa, "diagSeat_")) == n, 5), game
            wait_frame(qa.window)
            assert qa.app.seatDiagram["mode"] == mode
            assert _seat_letters(qa, mode) == sides, game
            human = [it for it in _live(qa, "diagSeat_") if it.property("human")]
            assert [h.objectName() for h in human] == ["diagSeat_0"]   # your seat, ringed
            shown = _live(qa, "diagLink_")
            assert {(it.property("seatA"), it.property("seatB")) for it in shown} == pairs, game
            assert all(it.property("dashes") >= 5 for it in shown)   # drawn dashed, seat to seat
            # yours (to your 对头) drawn bright, the others faint
            assert sorted(it.property("mine") for it in shown) == sorted(0 in (it.property("seatA"), it.property("seatB"))
                                                                         for it in shown)
            # the seat rows' colours are the diagram's
            assert [r["team"] for r in qa.app.seatRows] == [it.property("team") for it in sorted(
                _live(qa, "diagSeat_"), key=lambda it: int(it.objectName().split("_")[1]))]
            # a level picked in the seat rows shows at once on the diagram
            click_item(qa, qa.find("seg_0", qa.find(f"level_{n - 1}")))   # the rows are rebuilt on each change
            assert wait_until(lambda n=n: _diag_seat(qa, n - 1).property("level") == 0, 5)
            click_item(qa, qa.find("seg_3", qa.find(f"level_{n - 1}")))
            assert wait_until(lambda n=n: _diag_seat(qa, n - 1).property("level") == 3, 5)
            assert _diag_seat(qa, n - 2).property("level") == 2   # the others keep theirs
            # everything fits on the 1600×900 stage and nothing runs into its neighbour
            stage = QRectF(0, 0, 1600, 900)
            for name in ("swatches", "aidsGroup", "seatDiagram", "seedColumn", "btnStart"):
                assert stage.contains(_scene_rect(qa.find(name))), name
            assert _scene_rect(qa.find("seedColumn")).bottom() < _scene_rect(qa.find("btnStart")).top(), game
            sw = qa.find("swatches")
            kids = [_scene_rect(it) for it in sw.childItems()]
            assert all(_scene_rect(sw).contains(k) for k in kids), f"{game}: a swatch row overflows ({lang})"
            assert kids[0].right() < kids[1].left()   # felts and backs side by side, apart
            for size in ((1600, 900), (1200, 675)):
                qa.window.resize(*size)
                wait_frame(qa.window)
                qa.grab(str(tmp_path / f"new_game_{game}_{lang}_{size[0]}.png"))
            qa.window.resize(1600, 900)
    finally:
        qa.shutdown()


def _color(v) -> str:
    return QColor(v).name().lower()


def _hand_cards(qa) -> list:
    """The Card items of the human's hand (each draws its own back when face down)."""
    hand = qa.find("hand")
    if hand is None:
        return []
    out, stack = [], list(hand.childItems())
    while stack:
        it = stack.pop()
        if it.property("backTone") is not None and it.property("back") is not None:
            out.append(it)
        stack.extend(it.childItems())
    return out


def _tone(item, name: str) -> list[str]:
    """A tone property (a JS array of colours) as #rrggbb strings."""
    v = item.property(name)
    v = v.toVariant() if hasattr(v, "toVariant") else v
    return [_color(c) for c in v]


def test_a_swatch_click_sets_the_tables_felt_and_card_back(qtbot, data_dir):
    qa = make_app(language="zh")
    try:
        with qtbot.waitSignal(qa.window.frameSwapped, timeout=5000):
            qa.window.update()
        assert qa.settings.get("felt") == "auto" and qa.settings.get("cardBack") == "blue"   # today's look
        _open_new_game(qa)
        # "auto" is drawn as one slice a game, each in its game's own felt (升级 wine, 麻将 ink: SPEC §8.3)
        slices = _tone(qa.find("feltAutoSlices"), "tones")
        assert slices == ["#1f6b59", "#1d5e66", "#7a3441", "#22587e"], slices
        click_item(qa, qa.find("game_baohuang"))   # its hand is dealt at once (Gouji first asks for 预点)
        assert qa.app.game == "baohuang"
        click_item(qa, qa.find("felt_wine"))
        click_item(qa, qa.find("back_red"))
        assert qa.settings.get("felt") == "wine" and qa.settings.get("cardBack") == "red"
        assert qa.find("felt_wine").property("on") and not qa.find("felt_auto").property("on")
        assert qa.find("back_red").property("on") and not qa.find("back_blue").property("on")
        wine = _tone(qa.find("felt_wine").childItems()[0], "tone")
        red = _tone(qa.find("back_red"), "tone")
        click_item(qa, qa.find("btnStart"))
        assert wait_until(lambda: qa.find("tableScreen") is not None and bool(qa.table.snap), 20)
        assert wait_until(lambda: bool(_hand_cards(qa)), 20)
        wait_frame(qa.window)
        table = qa.find("tableScreen")
        assert table.property("feltKey") == "wine"
        assert _tone(table, "feltTone") == wine
        card = _hand_cards(qa)[0]
        assert card.property("back") == "red"
        assert _tone(card, "backTone") == red
        # back on "auto" the table takes the game's own felt again (the default look)
        qa.settings.set("felt", "auto")
        assert wait_until(lambda: table.property("feltKey") == qa.table.felt == "teal", 5)   # the game's own
        assert _tone(table, "feltTone") != wine
    finally:
        qa.shutdown()


def test_the_aids_switches_are_the_settings_panels(qtbot, data_dir):
    qa = make_app(language="en", showTracker=True, tutor=False, turnTimer=30)
    try:
        with qtbot.waitSignal(qa.window.frameSwapped, timeout=5000):
            qa.window.update()
        _open_new_game(qa)
        timer = qa.find("aidTimer")
        assert timer.property("current") == 1   # 30 s
        click_item(qa, qa.find("seg_2", timer))   # 60 s
        click_item(qa, qa.find("aidTracker"))     # 记牌器 off
        click_item(qa, qa.find("aidTutor"))       # 新手讲解 on
        assert qa.settings.get("turnTimer") == 60
        assert qa.settings.get("showTracker") is False
        assert qa.settings.get("tutor") is True
        assert timer.property("current") == 2
        assert not qa.find("aidTracker").property("checked") and qa.find("aidTutor").property("checked")
        click_item(qa, qa.find("btnNewGameSettings"))
        assert wait_until(lambda: qa.find("settingsPanel") is not None, 5)
        wait_frame(qa.window)
        assert qa.find("setTimer").property("current") == 2
        assert qa.find("setTracker").property("checked") is False
        assert qa.find("setTutor").property("checked") is True
        # and the other way: the panel's switch shows on the new-game screen
        click_item(qa, qa.find("setTracker"))
        assert qa.settings.get("showTracker") is True
        click_item(qa, qa.find("seg_3", qa.find("setTimer")))   # unlimited
        click_item(qa, qa.find("btnCloseSettings"))
        assert wait_until(lambda: qa.find("settingsPanel") is None, 5)
        wait_frame(qa.window)
        assert qa.find("aidTracker").property("checked") is True
        assert qa.find("aidTimer").property("current") == 3 and qa.settings.get("turnTimer") == 0
        # the table's 记牌器 follows the same key
        click_item(qa, qa.find("btnStart"))
        assert wait_until(lambda: qa.find("tableScreen") is not None and bool(qa.table.snap), 20)
        wait_frame(qa.window)
        assert qa.find("tableScreen").property("trackerOpen") is True
        qa.settings.set("showTracker", False)
        assert wait_until(lambda: qa.find("tableScreen").property("trackerOpen") is False, 5)
    finally:
        qa.shutdown()


def test_the_diagram_points_are_the_tables_places():
    """The diagram places each seat where the table's plates sit (desktop/layout.py), the human at the bottom
    and the next seat on the right."""
    from desktop import layout
    from desktop.games import presenter
    from desktop.seat_diagram import diagram
    s = {"diagMine": "m", "diagTheirs": "t", "diagVs": "%1v%2", "diagOpposite": "o", "diagSides": "s",
         "diagSolo": "x", "diagTurn": "ccw", "human": "h", "lvl0": "0", "lvl1": "1", "lvl2": "2", "lvl3": "3"}
    for game in games.available():
        spec = games.spec(game)
        d = diagram(spec, presenter(game), ["a"] * spec.seats, [2] * spec.seats, s, "en")
        places = layout.places(spec.seats)
        assert d["seats"][0]["y"] > 0.9 and abs(d["seats"][0]["x"]) < 1e-6
        assert d["seats"][1]["x"] > 0.5   # 下家 on the right
        for seat, (px, py, _, _) in zip(d["seats"], places, strict=True):
            cx, cy = px + layout.PLATE_W / 2, py + layout.PLATE_H / 2 - layout.CY
            assert (seat["x"] > 0) == (cx > 0) and (seat["y"] > 0) == (cy > 0)
        assert [x["level"] for x in d["seats"]] == [-1] + [2] * (spec.seats - 1)

