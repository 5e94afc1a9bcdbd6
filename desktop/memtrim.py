"""Give freed C-heap memory back to the system between games (glibc ``malloc_trim``; a no-op elsewhere).

A game frees its engine states, bot searches and QML card items, but glibc keeps the freed pages in its
arenas (one per thread: the GUI, the engine worker), so the resident size of a long sitting kept the high-water
mark of every game played. The QML engine's JavaScript heap is the other keeper: its collector runs lazily,
so the bindings, arrays and models of finished games stayed reachable-until-collected and the resident size
climbed for the first few games (160 → 270 MB over ten all-bot games here) — ``attach`` hands the engine to
``trim``, which collects it first. ``python -m desktop.bench --memory 10`` measures it.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

_engine: list[Any] = []   # the app's QQmlEngine, once attached


def attach(engine: Any) -> None:
    """The QML engine whose JavaScript garbage ``trim`` collects (GUI thread); ``None`` lets it go."""
    _engine[:] = [] if engine is None else [engine]


def trim() -> bool:
    """Collect the QML engine's garbage (GUI thread), then return free heap pages to the system; True when the
    C library did so."""
    for engine in _engine:
        try:
            engine.collectGarbage()
        except RuntimeError:   # the engine is already gone (the app is closing)
            pass
    if not sys.platform.startswith("linux"):
        return False
    try:
        return bool(ctypes.CDLL(None).malloc_trim(0))
    except (OSError, AttributeError):   # not glibc (musl has no malloc_trim)
        return False
