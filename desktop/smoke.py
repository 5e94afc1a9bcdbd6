"""``python -m desktop --smoke-test``: load the QML offscreen, render the home screen and one table frame,
check the bundled font and assets were found; print ``SMOKE OK`` and exit 0, or the reason and exit 1."""

from __future__ import annotations

import os
import sys
import tempfile


def run_smoke() -> int:
    os.environ.setdefault("QILU_DATA_DIR", tempfile.mkdtemp(prefix="qilu-smoke-"))
    from desktop import paths
    missing = paths.missing_assets()
    if missing:
        print("SMOKE FAIL: missing " + ", ".join(missing))
        return 1
    from engine import games
    if not games.names():   # the registry finds the games' spec modules by listing engine/ (also frozen)
        print("SMOKE FAIL: no game registered (engine/<game>/spec.py not found)")
        return 1
    from desktop.app import QiluApp
    from desktop.harness import quick_config, wait_frame, wait_until
    qa = QiluApp(settings={"sound": False, "animSpeed": "off"}, persist_settings=False)
    try:
        if qa.window is None:
            print("SMOKE FAIL: QML did not load: " + "; ".join(qa.qml_errors[:5]))
            return 1
        if not qa.font_family:
            print(f"SMOKE FAIL: font not loaded from {paths.font_path()}")
            return 1
        if not wait_frame(qa.window):
            print("SMOKE FAIL: no frame of the home screen")
            return 1
        if qa.find("homeScreen") is None:
            print("SMOKE FAIL: home screen not found")
            return 1
        img = qa.window.grabWindow()
        if img.isNull():
            print("SMOKE FAIL: home screen grab is empty")
            return 1
        qa.table.start(quick_config(None, seed=1, save=False, pause_at_results=False, pace_ms=0, humans=[0]))
        if not wait_until(lambda: bool(qa.table.snap), 20):
            print("SMOKE FAIL: the engine did not answer: " + "; ".join(m for _, m in qa.table.notices))
            return 1
        qa.set_screen("table")
        if not wait_frame(qa.window) or qa.find("tableScreen") is None:
            print("SMOKE FAIL: no table frame")
            return 1
        if qa.qml_errors:
            print("SMOKE FAIL: QML warnings: " + "; ".join(qa.qml_errors[:5]))
            return 1
        print(f"SMOKE OK (font {qa.font_family!r}, ui {paths.ui_dir()}, games {' '.join(games.names())})")
        return 0
    finally:
        qa.shutdown()


if __name__ == "__main__":
    sys.exit(run_smoke())
