"""Build the application: QGuiApplication, the bundled font, the bridges, the QML engine and the window."""

from __future__ import annotations

import os
import re
import sys
from typing import Any

from desktop import paths

# The system libraries Qt loads at start-up that a minimal Linux may lack: (Debian/Ubuntu, Fedora) packages.
# OpenGL's two go together: Qt's GUI module links both libGL and libEGL.
_GL = ("libgl1 libegl1", "mesa-libGL mesa-libEGL")
SYSTEM_LIBRARIES: dict[str, tuple[str, str]] = {
    "libGL.so.1": _GL, "libEGL.so.1": _GL, "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"), "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"), "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
}


def missing_library_message(exc: ImportError) -> str | None:
    """The message for an ImportError that says a system library is missing (``libGL.so.1: cannot open
    shared object file``), naming it and the packages that provide it; ``None`` for any other ImportError."""
    m = re.search(r"(lib[\w.+-]*?\.so(?:\.\d+)*)\b", str(exc))
    if not m or "cannot open shared object" not in str(exc):
        return None
    lib = m.group(1)
    deb, fed = SYSTEM_LIBRARIES.get(lib, ("", ""))
    what = " (OpenGL)" if SYSTEM_LIBRARIES.get(lib) == _GL else ""
    lines = [f"Qilu Cards cannot start: the system library {lib}{what} is missing (Qt needs it)."]
    if deb:
        lines += ["Install it, then start again:", f"  Debian/Ubuntu:  sudo apt install {deb}",
                  f"  Fedora:         sudo dnf install {fed}"]
    else:
        lines += [f"Install the package of your system that provides {lib}, then start again."]
    return "\n".join(lines)


def check_qt() -> int:
    """The start-up check, before anything else touches Qt: load Qt's GUI and Quick modules. When a system
    library they link is missing, print one clear message and return 3 (instead of a traceback); else 0."""
    try:
        import PySide6.QtGui  # noqa: F401
        import PySide6.QtQuick  # noqa: F401
    except ImportError as exc:
        msg = missing_library_message(exc)
        if msg is None:
            raise
        print(msg, file=sys.stderr)
        return 3
    return 0


def prepare_env(offscreen: bool = False) -> None:
    if offscreen:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        os.environ.setdefault("QT_QUICK_BACKEND", "software")
    os.environ.setdefault("QT_QUICK_CONTROLS_STYLE", "Basic")


_RETIRED: list[Any] = []


def sound_available() -> bool:
    """QtMultimedia needs libpulse on Linux (QT_NOTES.md); without it the app stays silent, quietly."""
    if not sys.platform.startswith("linux"):
        return True
    import ctypes.util
    return ctypes.util.find_library("pulse") is not None


class QiluApp:
    """Everything the running app holds; keeps Python references to every object handed to QML."""

    def __init__(self, argv: list[str] | None = None, settings: dict[str, Any] | None = None,
                 persist_settings: bool = True, width: int = 1600, height: int = 900) -> None:
        import PySide6.QtQuick  # noqa: F401  (rootObjects()[0] is a QQuickWindow only after this import)
        from PySide6.QtCore import QUrl
        from PySide6.QtGui import QFontDatabase, QGuiApplication
        from PySide6.QtQml import QQmlApplicationEngine

        from desktop.appbridge import AppBridge, ReplayBridge
        from desktop.settings import Settings
        from desktop.table import TableBridge

        self.qapp = QGuiApplication.instance() or QGuiApplication(argv or sys.argv[:1])
        self.qapp.setApplicationName("QiluCards")
        self.qapp.setOrganizationName("QiluCards")
        icon = paths.assets_dir() / "icons" / "app.png"
        if icon.is_file():
            from PySide6.QtGui import QIcon
            self.qapp.setWindowIcon(QIcon(str(icon)))
        self.font_family = ""
        fid = QFontDatabase.addApplicationFont(str(paths.font_path()))
        if fid >= 0:
            fams = QFontDatabase.applicationFontFamilies(fid)
            if fams:
                self.font_family = fams[0]
                f = self.qapp.font()
                f.setFamily(self.font_family)
                self.qapp.setFont(f)
        self.settings = Settings(overrides=settings, persist=persist_settings)
        self.app = AppBridge(self.settings)
        self.table = TableBridge(self.app)
        self.app.table = self.table
        self.replay = ReplayBridge(self.app)
        self.app.replay = self.replay
        from desktop.lan import LanBridge
        self.lan = LanBridge(self.app)
        self.table.lan = self.lan
        self.engine = QQmlApplicationEngine()
        self.qml_errors: list[str] = []
        self.engine.warnings.connect(lambda ws: self.qml_errors.extend(w.toString() for w in ws))
        self.engine.setInitialProperties({
            "app": self.app, "settings": self.settings, "table": self.table, "hand": self.table.hand,
            "replay": self.replay, "lan": self.lan, "fontFamily": self.font_family or paths.FONT_FAMILY,
            "soundsUrl": QUrl.fromLocalFile(str(paths.sounds_dir())), "soundAvailable": sound_available(),
        })
        self.app.retranslate = self.engine.retranslate   # live language switch (QT_NOTES.md)
        from desktop import memtrim
        memtrim.attach(self.engine)   # between games the table collects the QML heap too
        self.engine.load(QUrl.fromLocalFile(str(paths.main_qml())))
        roots = self.engine.rootObjects()
        self.window: Any = roots[0] if roots else None
        if self.window is not None:
            self.window.resize(width, height)

    # ---------------------------------------------------------------- helpers for tests, demo, bench
    def root_item(self) -> Any:
        return self.window.contentItem() if self.window is not None else None

    def find(self, name: str, root: Any = None) -> Any:
        """Find a visual item by objectName (walks childItems, so Repeater items are found too)."""
        root = root if root is not None else self.root_item()
        if root is None:
            return None
        stack = [root]
        while stack:
            it = stack.pop()
            if it.objectName() == name:
                return it
            stack.extend(reversed(it.childItems()))
        return None

    def find_all(self, prefix: str) -> list[Any]:
        out = []
        stack = [self.root_item()]
        while stack:
            it = stack.pop()
            if it is None:
                continue
            if it.objectName().startswith(prefix):
                out.append(it)
            stack.extend(it.childItems())
        return out

    def set_screen(self, name: str) -> None:
        self.window.setProperty("page", name)

    def set_overlay(self, name: str) -> None:
        self.window.setProperty("overlay", name)

    def grab(self, path: str) -> bool:
        img = self.window.grabWindow()
        return bool(img.save(path))

    def shutdown(self) -> None:
        """Stop the engine thread and the LAN, then delete the QML engine; the bridges stay alive (they are
        kept in ``_RETIRED``) so no late queued signal or binding can reach a deleted object."""
        from PySide6.QtCore import QCoreApplication, QEvent
        self.table.shutdown()
        try:
            self.table.wt.worker.snapshot.disconnect()
        except (RuntimeError, TypeError):
            pass
        if self.window is not None:
            self.window.close()
        self.window = None
        from desktop import memtrim
        memtrim.attach(None)   # the table's next trim must not reach a deleted engine
        self.engine.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        del self.engine
        _RETIRED.append((self.app, self.table, self.replay, self.lan, self.settings))
