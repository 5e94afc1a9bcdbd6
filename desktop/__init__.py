"""齐鲁牌局 · Qilu Cards — the Qt Quick desktop shell (PySide6) on top of ``engine``."""

__version__ = "0.1.0"

from desktop.qtfix import make_singletons_immortal as _fix

_fix()
