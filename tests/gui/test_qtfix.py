"""desktop/qtfix.py: on Python 3.11, PySide6 6.12 drops references to None/True on every Signal.emit and
event-loop pass; the app makes the singletons immortal before any Qt call, so thousands of emits are safe."""

from __future__ import annotations

import sys

import pytest


def test_singletons_outlive_many_emits(qtbot):
    if sys.version_info >= (3, 12):
        pytest.skip("None/True/False are immortal from Python 3.12 on")
    from PySide6.QtCore import QCoreApplication, QObject, Signal

    import desktop  # noqa: F401  (applies the workaround)

    class Ping(QObject):
        ping = Signal(bool)

    p = Ping()
    got: list[bool] = []
    p.ping.connect(got.append)
    before = sys.getrefcount(True), sys.getrefcount(None)
    assert min(before) > 2**39          # the workaround is in place
    for _ in range(5000):
        p.ping.emit(True)
        QCoreApplication.processEvents()
    after = sys.getrefcount(True), sys.getrefcount(None)
    assert len(got) == 5000 and min(after) > 2**39
    assert before[0] - after[0] < 2**39   # whatever leaks, the count stays far from zero
