"""User settings, saved with QSettings (an INI file in the per-user data folder), bound live in QML."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Property, QObject, QSettings, Signal, Slot

from desktop import paths

# name: (default, type)
DEFAULTS: dict[str, tuple[Any, type]] = {
    "language": ("zh", str),
    "animSpeed": ("normal", str),  # off | fast | normal | slow
    "sound": (True, bool),
    "cardSize": ("medium", str),  # small | medium | large
    "handSort": ("asc", str),  # asc | desc
    "turnTimer": (30, int),  # seconds, 0 = unlimited
    "grace": (5, int),  # seconds after a timeout before 托管
    "showTracker": (True, bool),
    "playerName": ("", str),  # blank: 海风 / You
    "tutor": (False, bool),  # 新手讲解: the tutor's line at each decision, the first-game walkthrough
    "tutorSeen": ("", str),  # games whose walkthrough was closed once (comma-separated)
    "felt": ("auto", str),  # the table's felt: auto (each game's own colour) | green | teal | wine
    "cardBack": ("blue", str),  # blue (the lattice back) | red | green
}

SPEED_FACTOR = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
CARD_SCALE = {"small": 0.8, "medium": 1.0, "large": 1.2}


def _coerce(value: Any, typ: type) -> Any:
    if typ is bool:
        if isinstance(value, str):
            return value.lower() in ("true", "1", "yes", "on")
        return bool(value)
    try:
        return typ(value)
    except (TypeError, ValueError):
        return None


class Settings(QObject):
    changed = Signal()

    def __init__(self, parent: QObject | None = None, overrides: dict[str, Any] | None = None,
                 persist: bool = True) -> None:
        super().__init__(parent)
        self._persist = persist
        self._qs = QSettings(str(paths.data_dir() / "settings.ini"), QSettings.Format.IniFormat) if persist else None
        self._v: dict[str, Any] = {}
        for name, (default, typ) in DEFAULTS.items():
            val = self._qs.value(name, default) if self._qs is not None else default
            val = _coerce(val, typ)
            self._v[name] = default if val is None else val
        for k, v in (overrides or {}).items():
            if k in DEFAULTS:
                self._v[k] = _coerce(v, DEFAULTS[k][1])

    def get(self, name: str) -> Any:
        return self._v[name]

    @Slot(str, "QVariant")
    def set(self, name: str, value: Any) -> None:
        if name not in DEFAULTS:
            return
        v = _coerce(value, DEFAULTS[name][1])
        if v is None or v == self._v[name]:
            return
        self._v[name] = v
        if self._qs is not None:
            self._qs.setValue(name, v)
            self._qs.sync()
        self.changed.emit()

    def speed_factor(self) -> float:
        return self._speed()

    def _language(self) -> str:
        return str(self._v["language"])

    def _anim(self) -> str:
        return str(self._v["animSpeed"])

    def _speed(self) -> float:
        return SPEED_FACTOR.get(self._v["animSpeed"], 1.0)

    def _sound(self) -> bool:
        return bool(self._v["sound"])

    def _card(self) -> str:
        return str(self._v["cardSize"])

    def _scale(self) -> float:
        return CARD_SCALE.get(self._v["cardSize"], 1.0)

    def _sort(self) -> str:
        return str(self._v["handSort"])

    def _timer(self) -> int:
        return int(self._v["turnTimer"])

    def _grace(self) -> int:
        return int(self._v["grace"])

    def _tracker(self) -> bool:
        return bool(self._v["showTracker"])

    def _pname(self) -> str:
        return str(self._v["playerName"])

    def _tutor(self) -> bool:
        return bool(self._v["tutor"])

    def _felt(self) -> str:
        return str(self._v["felt"])

    def _back(self) -> str:
        return str(self._v["cardBack"])

    language = Property(str, _language, notify=changed)
    animSpeed = Property(str, _anim, notify=changed)
    speed = Property(float, _speed, notify=changed)  # 0 = animations off
    sound = Property(bool, _sound, notify=changed)
    cardSize = Property(str, _card, notify=changed)
    cardScale = Property(float, _scale, notify=changed)
    handSort = Property(str, _sort, notify=changed)
    turnTimer = Property(int, _timer, notify=changed)
    grace = Property(int, _grace, notify=changed)
    showTracker = Property(bool, _tracker, notify=changed)
    playerName = Property(str, _pname, notify=changed)
    tutor = Property(bool, _tutor, notify=changed)
    felt = Property(str, _felt, notify=changed)
    cardBack = Property(str, _back, notify=changed)
