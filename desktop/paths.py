"""Where the app finds its QML, assets and per-user data — from a source checkout or a frozen build."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_DIR_NAME = "QiluCards"
FONT_FILE = "NotoSansHans-Regular.otf"
FONT_FAMILY = "Noto Sans S Chinese"


def root() -> Path:
    """The folder holding ``ui/`` and ``assets/``: ``sys._MEIPASS`` when frozen, else the repo root."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def ui_dir() -> Path:
    return root() / "ui"


def assets_dir() -> Path:
    return root() / "assets"


def main_qml() -> Path:
    return ui_dir() / "Main.qml"


def font_path() -> Path:
    return assets_dir() / "fonts" / FONT_FILE


def sounds_dir() -> Path:
    return assets_dir() / "sounds"


def data_dir() -> Path:
    """Per-user data folder (saves, replays). ``QILU_DATA_DIR`` overrides it (tests, portable installs).
    Folders the app creates here are user-only on POSIX (0700): saves and logs hold seeds and tokens."""
    override = os.environ.get("QILU_DATA_DIR")
    if override:
        p = Path(override)
    else:
        from platformdirs import user_data_dir
        p = Path(user_data_dir(APP_DIR_NAME, appauthor=False))
    p.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not override and os.name == "posix" and p.stat().st_mode & 0o077:
        # our own folder, made 0755 by an older version: it holds the LAN host's memo and token files too
        p.chmod(0o700)
    return p


def saves_dir() -> Path:
    p = data_dir() / "saves"
    p.mkdir(mode=0o700, parents=True, exist_ok=True)
    return p


def replays_dir() -> Path:
    p = data_dir() / "replays"
    p.mkdir(mode=0o700, parents=True, exist_ok=True)
    return p


def missing_assets() -> list[str]:
    """Files the app needs that are not where they should be (for ``--smoke-test``)."""
    need = [main_qml(), ui_dir() / "qmldir", font_path(), assets_dir() / "fonts" / "LICENSE-NotoSansHans.txt"]
    need += [sounds_dir() / f"{n}.wav" for n in ("play", "pass", "burn", "tribute", "finish")]
    return [str(p) for p in need if not p.is_file()]
