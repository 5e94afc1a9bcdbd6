"""Between games the table collects the QML engine's JavaScript garbage before handing freed pages back
(desktop/memtrim.py): without it the JS heap of finished games stayed resident (issue 13's memory figure)."""

from __future__ import annotations

from desktop import memtrim


def test_trim_collects_the_attached_engines_javascript_garbage(qapp) -> None:
    from PySide6.QtQml import QQmlEngine

    class Engine(QQmlEngine):   # a real engine that also notes each collection asked of it
        def __init__(self) -> None:
            super().__init__()
            self.collected = 0

        def collectGarbage(self) -> None:   # noqa: N802 (Qt's name)
            self.collected += 1
            super().collectGarbage()

    engine = Engine()
    memtrim.attach(engine)
    try:
        memtrim.trim()
        assert engine.collected == 1, "trim() did not collect the QML engine's garbage"
    finally:
        memtrim.attach(None)
    memtrim.trim()
    assert engine.collected == 1   # detached: the engine is no longer touched


def test_trim_survives_an_engine_already_deleted(qapp) -> None:
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtQml import QQmlEngine
    engine = QQmlEngine()
    memtrim.attach(engine)
    try:
        engine.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        memtrim.trim()
    finally:
        memtrim.attach(None)
