"""Seat places for any seat count (a 4-seat table of the tests' toy game, registered here only), and the row
models the table hands to QML (row-level change signals, checked with pytest-qt's model tester)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from guikit import shot, wait_frame, wait_until


@pytest.fixture
def toy_spec():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
    import toygame

    from engine import games
    from engine.api import GameSpec
    spec = GameSpec(name="toy", seats=4, family="trick", title_en="Toy", title_zh="玩具", module="toygame",
                    state_factory=toygame.State, rules_factory=lambda o: toygame.Rules(dict(o)),
                    option_specs=lambda: ())
    games.register(spec)
    yield spec
    for d in (games._SPECS, games.GAMES, games.SEATS):
        d.pop("toy", None)
    from desktop import games as presenters
    presenters._CACHE.pop("toy", None)
    sys.path.remove(str(Path(__file__).resolve().parents[1] / "net"))


class _Session:
    def __init__(self) -> None:
        self.sent: list[dict] = []

    def act(self, msg: dict) -> None:
        self.sent.append(msg)


def _snap(n: int) -> dict:
    view = {"game": "toy", "seat": 0, "n_seats": n, "phase": "play", "to_act": 1, "hand": ["3h", "9s", "Kd"],
            "counts": [3] * n, "places": [None] * n, "scores": None, "totals": [0] * n,
            "trick": [{"seat": 3, "play": "9h", "cards": ["9h"]}]}
    return {"gen": 0, "seat": 0, "n_seats": n, "game": "toy", "view": view, "events": [], "action": None,
            "to_act": 1, "phase": "play", "over": False, "totals": [0] * n, "my_turn": False, "auto": False,
            "first": True, "set_over": False, "options": {}, "n_actions": 1, "paused": False, "net": True}


def test_four_seat_table(qa, toy_spec):
    t = qa.table
    t.start_net(_Session(), ["海风", "王磊", "陈静", "刘强"], _snap(4))
    qa.set_screen("table")
    wait_frame(qa.window)
    plates = [qa.find(f"seat_{p}") for p in range(4)]
    assert all(p is not None for p in plates) and qa.find("seat_4") is None
    centre = [(p.x() + p.width() / 2, p.y() + p.height() / 2) for p in plates]
    me, right, top, left = centre
    assert me[1] > right[1] > top[1] and abs(right[1] - left[1]) < 1     # me at the bottom, the top seat above
    assert left[0] < me[0] < right[0] and abs(me[0] - top[0]) < 1         # the next seat to my right (G-40 order)
    assert len({(round(x), round(y)) for x, y in centre}) == 4
    assert [r["pos"] for r in t.seat_model.rows()] == [0, 1, 2, 3]
    assert t.topPlay["seat"] == 3 and t.gameTitle == "玩具"
    shot(qa, "toy_four_seats_zh")
    qa.settings.set("language", "en")
    wait_until(lambda: t.gameTitle == "Toy", 5)
    shot(qa, "toy_four_seats_en")
    qa.settings.set("language", "zh")


def test_layout_for_every_count():
    from desktop.layout import PLATE_H, PLATE_W, places
    for n in range(2, 9):
        ps = places(n)
        assert len(ps) == n and ps[0][:2] == (-126, 596)   # my plate never moves
        boxes = [(x, y, x + PLATE_W, y + PLATE_H) for x, y, _, _ in ps]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (n, a, b)   # no overlap


def test_row_models_change_row_by_row(qtmodeltester, qtbot):
    from desktop.rows import RowsModel
    m = RowsModel()
    seen: list[tuple[str, int, int]] = []
    m.dataChanged.connect(lambda a, b, roles=None: seen.append(("changed", a.row(), b.row())))
    m.rowsInserted.connect(lambda p, a, b: seen.append(("inserted", a, b)))
    m.rowsRemoved.connect(lambda p, a, b: seen.append(("removed", a, b)))
    m.modelReset.connect(lambda: seen.append(("reset", -1, -1)))
    rows = [{"seat": i, "count": 10} for i in range(6)]
    m.set_rows(rows)
    assert seen == [("inserted", 0, 5)]
    qtmodeltester.check(m)
    seen.clear()
    rows[2] = {"seat": 2, "count": 9}
    m.set_rows(rows)
    assert seen == [("changed", 2, 2)]           # one seat changed: one row signal, nothing re-sent
    seen.clear()
    m.set_rows(rows)
    assert seen == []
    m.set_rows(rows[1:])                          # a scrolling log drops its oldest line
    assert seen == [("removed", 0, 0)] and m.rows() == rows[1:]
    seen.clear()
    m.set_rows(rows[1:] + [{"seat": 9}])
    assert seen == [("inserted", 5, 5)]
    qtmodeltester.check(m)
    assert m.data(m.index(0), RowsModel.RowRole) == rows[1]
