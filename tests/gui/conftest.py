"""GUI tests run offscreen (QT_NOTES.md): the platform must be set before any QGuiApplication exists."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ["QT_QUICK_BACKEND"] = "software"
os.environ.setdefault("QILU_DATA_DIR", tempfile.mkdtemp(prefix="qilu-gui-tests-"))

import pytest  # noqa: E402

import desktop  # noqa: E402,F401  (applies the PySide 6.12 refcount workaround first)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    d = tmp_path / "QiluCards"
    d.mkdir()
    monkeypatch.setenv("QILU_DATA_DIR", str(d))
    return d


@pytest.fixture
def qa(qtbot, data_dir):
    from guikit import make_app
    app = make_app()
    assert app.window is not None, app.qml_errors
    with qtbot.waitSignal(app.window.frameSwapped, timeout=5000):
        app.window.update()
    yield app
    app.shutdown()
