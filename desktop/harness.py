"""Helpers shared by the smoke test, the demo, the benchmark and the GUI tests: drive the app offscreen."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def wait(ms: int) -> None:
    """Run the event loop for ``ms`` milliseconds. Not ``QTest.qWait``: under PySide6 it keeps the GIL while it
    waits, so every Python thread — the table's worker, a review, a LAN host or client — ran about ten times slower
    meanwhile (a thread counting in a loop: 2.2 million in 2 s beside ``qWait(50)`` calls, 30 million beside this
    or ``app.exec()``). A nested ``QEventLoop`` lets it go, as the app's own loop does; posted deletions are sent
    as qWait sends them."""
    from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QTimer
    loop = QEventLoop()
    QTimer.singleShot(max(0, ms), loop.quit)
    loop.exec()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def wait_until(cond: Callable[[], Any], timeout_s: float = 20.0, step_ms: int = 20) -> bool:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if cond():
            return True
        wait(step_ms)
    return bool(cond())


def wait_frame(window: Any, timeout_s: float = 5.0) -> bool:
    """Wait for the next frameSwapped of a QQuickWindow (asks for an update so one comes)."""
    got = []
    conn = window.frameSwapped.connect(lambda: got.append(1))
    window.update()
    ok = wait_until(lambda: bool(got), timeout_s, 5)
    window.frameSwapped.disconnect(conn) if conn else None
    return ok


def quick_config(game: str | None = None, seed: int = 7, humans: list[int] | None = None,
                 **extra: Any) -> dict[str, Any]:
    """A table of ``game`` (the first registered game by default) with level-1 bots and fixed names."""
    from engine import games
    game = game or games.names()[0]
    n = games.spec(game).seats
    names = (["海风", "王磊", "陈静", "刘强", "赵敏", "孙浩"] + [f"电脑{i}" for i in range(6, n)])[:n]
    cfg = {"game": game, "seed": seed, "options": {}, "humans": [0] if humans is None else humans,
           "levels": {i: 1 for i in range(n)}, "names": names, "seats": names}
    cfg.update(extra)
    return cfg
