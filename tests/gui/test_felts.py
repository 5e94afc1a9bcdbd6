"""Each game's felt in its own colour (SPEC.md §2, §8.3): 够级 green, 保皇 teal, 升级 a wine radial in a wine rim,
山东麻将 ink blue in an ink rim; a felt the player picks on the new-game screen (外观) wins over the game's own.
Read from the real window's pixels."""

from __future__ import annotations

import math

import pytest
from guikit import quick_config, shot, wait_frame, wait_until
from PySide6.QtCore import QRectF


def _felt_colours(qa, game: str):
    """(felt, rim) pixel colours of the table of ``game``: inside the felt where no seat, card or panel lies, and
    in its rim's band on its lower right."""
    t = qa.table
    t.start(quick_config(game, seed=5, pace_ms=0, save=False))
    qa.set_screen("table")
    assert wait_until(lambda: bool(t.snap), 20)
    wait_frame(qa.window)
    item = qa.find("felt")
    r = item.mapRectToScene(QRectF(0, 0, item.width(), item.height()))
    img = qa.window.grabWindow()
    cx, cy, a, b = r.center().x(), r.center().y(), r.width() / 2, r.height() / 2
    if item.property("own") is None:
        # the card tables' oval (a stadium: half-circle ends of radius b): inside, its upper right; the rim band
        # where its right end runs at y = cy + 0.52 b
        inside = img.pixelColor(int(cx + 0.5 * a), int(cy - 0.4 * b))
        rim = img.pixelColor(int(cx + (a - b) + b * math.sqrt(1 - 0.52 ** 2) - 7), int(cy + 0.52 * b))
    else:   # a board's rounded table: inside its top left corner; half way across its straight right rim
        inside = img.pixelColor(int(r.left() + 44), int(r.top() + 44))
        rim = img.pixelColor(int(r.right() - 8), int(cy + 0.52 * b))
    return inside, rim


def _rgb(c) -> tuple[int, int, int]:
    return c.red(), c.green(), c.blue()


@pytest.mark.parametrize("game", ["gouji", "baohuang", "shengji", "mahjong"])
def test_each_game_lays_its_own_felt(qa, game):
    inside, rim = _felt_colours(qa, game)
    (r, g, b), (rr, rg, rb) = _rgb(inside), _rgb(rim)
    if game == "gouji":       # #1F6B59 → #134236 in a #23403A → #0A1815 rim
        assert g > b > r and g - r > 40, inside.name()
        assert rg > rb >= rr, rim.name()
    elif game == "baohuang":  # #1D5E66 → #123C44: teal, blue a little over green
        assert b > g > r and g - r > 40, inside.name()
    elif game == "shengji":   # #7A3441 → #4A1C27 in a #3D2328 → #150A0C rim
        assert r > b > g and r - g > 30, inside.name()
        assert rr > rb >= rg and rr < 70, rim.name()
    else:                     # #22587E → #143650 in a #1E3445 → #09141C rim
        assert b > g > r and b - r > 50, inside.name()
        assert rb > rg > rr, rim.name()
    shot(qa, f"felt_{game}")


def test_a_felt_the_player_picks_wins_over_the_games_own(qa):
    qa.settings.set("felt", "teal")
    inside, rim = _felt_colours(qa, "shengji")
    r, g, b = _rgb(inside)
    assert b > g > r, inside.name()    # teal, not the wine of 升级's own felt
    rr, rg, rb = _rgb(rim)
    assert rg > rr and rb > rr, rim.name()   # the swatch's rim goes with it (the default rim, not wine's)
