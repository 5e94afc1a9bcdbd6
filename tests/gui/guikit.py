"""Helpers for the GUI tests: build the app, take screenshots, drive the hand with mouse events."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QGuiApplication, QMouseEvent

from desktop.harness import quick_config, wait, wait_frame, wait_until

SHOTS = Path(__file__).parent / "screenshots"
__all__ = ["quick_config", "wait", "wait_frame", "wait_until", "make_app", "shot", "mouse", "sweep", "click_item",
           "card_point", "play_until_my_turn", "my_turns", "sit_at", "open_lobby"]


def make_app(**settings):
    from desktop.app import QiluApp
    base = {"sound": False, "animSpeed": "off", "turnTimer": 0, "language": "zh"}
    base.update(settings)
    return QiluApp(settings=base, persist_settings=False)


def shot(app, name: str) -> Path:
    from desktop.harness import wait_frame
    SHOTS.mkdir(exist_ok=True)
    wait_frame(app.window)
    p = SHOTS / f"{name}.png"
    assert app.grab(str(p)), p
    return p


def mouse(window: Any, kind: str, pos: QPointF, pressed: bool) -> None:
    """Send one mouse event: moves carry button=NoButton and buttons=LeftButton while pressed (QT_NOTES)."""
    t = {"press": QEvent.Type.MouseButtonPress, "move": QEvent.Type.MouseMove,
         "release": QEvent.Type.MouseButtonRelease}[kind]
    button = Qt.MouseButton.NoButton if kind == "move" else Qt.MouseButton.LeftButton
    buttons = Qt.MouseButton.LeftButton if pressed else Qt.MouseButton.NoButton
    ev = QMouseEvent(t, pos, pos, window.mapToGlobal(pos), button, buttons, Qt.KeyboardModifier.NoModifier)
    QGuiApplication.sendEvent(window, ev)


def card_point(app: Any, i: int) -> QPointF:
    """A point on card ``i`` of the hand that no later card covers (its left strip), in window coordinates."""
    hand = app.find("hand")
    card = app.find(f"card_{i}")
    step = float(hand.property("step"))
    return hand.mapToScene(QPointF(card.x() + min(step, card.width()) / 2, card.y() + card.height() * 0.3))


def sweep(app: Any, i: int, j: int) -> None:
    """Press on card i, move to card j in ~5 px steps, release."""
    w = app.window
    a, b = card_point(app, i), card_point(app, j)
    mouse(w, "press", a, True)
    n = max(1, int(abs(b.x() - a.x()) / 5))
    for k in range(1, n + 1):
        p = QPointF(a.x() + (b.x() - a.x()) * k / n, a.y() + (b.y() - a.y()) * k / n)
        mouse(w, "move", p, True)
    mouse(w, "release", b, False)
    wait(10)


def click_item(app: Any, item: Any) -> None:
    c = item.mapToScene(QPointF(item.width() / 2, item.height() / 2))
    mouse(app.window, "press", c, True)
    mouse(app.window, "release", c, False)
    wait(10)


def play_until_my_turn(app: Any, want_play: bool = True, timeout_s: float = 60) -> bool:
    """Answer the declarations with 'decline'-like choices until it is the human's turn to play cards."""
    import time
    end = time.monotonic() + timeout_s
    t = app.table
    while time.monotonic() < end:
        if not wait_until(lambda: t.snap.get("my_turn") or t.snap.get("over"), 30):
            return False
        snap = t.snap
        if snap.get("over"):
            return False
        if snap.get("play_kinds") and (not want_play or snap.get("hints")) and snap.get("phase") == "play":
            return True
        fixed = snap.get("fixed") or []
        pick = next((a for k in ("decline", "pass", "accept", "wutou") for a in fixed if a["kind"] == k), None)
        if pick is None and fixed:
            pick = fixed[0]
        n = snap.get("n_actions")
        if pick is None:
            t.hint()
            t.playSelected()
        elif pick.get("arg") and pick["kind"] == "give":
            t.hand.select_cards([pick["arg"]])
            t.act("give", "")
        else:
            t.act(pick["kind"], pick.get("arg", ""))
        wait_until(lambda n=n: t.snap.get("n_actions") != n, 30)
    return False


def my_turns(t: Any, seconds: float, what: str) -> Iterator[None]:
    """Each of my turns at the table ``t`` for up to ``seconds``, a hand's results passed to the next hand as they
    come; the test returns from the loop once it has seen ``what``, else the loop fails naming it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert wait_until(lambda: t.snap.get("my_turn") or t.results.get("rows"), 30)
        if t.results.get("rows"):
            t.nextSet()
            wait(50)
            continue
        yield
    raise AssertionError(f"{what}: not within {seconds:.0f} s")


def sit_at(app: Any, port: int, seat: int, name: str = "海风") -> Any:
    """The app joins the LAN table hosted on 127.0.0.1:``port`` at ``seat`` and shows it: its table bridge."""
    lan, t = app.lan, app.table
    lan._connect(f"127.0.0.1:{port}", name, seat=seat)
    assert wait_until(lambda: t.net is not None and bool(t.snap), 20), lan.status
    app.set_screen("table")
    return t


def open_lobby(guest_app: Any, host_app: Any, seats: int) -> None:
    """``guest_app`` connects to the table ``host_app`` hosts on 127.0.0.1 and sees its ``seats`` in the lobby."""
    port = host_app.lan.addresses[0].rsplit(":", 1)[1]
    guest_app.set_screen("lan")
    wait_frame(guest_app.window)
    guest_app.lan.connectTo(f"127.0.0.1:{port}")
    assert wait_until(lambda: len(guest_app.lan.seats) == seats, 10), guest_app.lan.status
    wait_frame(guest_app.window)
