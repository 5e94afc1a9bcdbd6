"""Give freed C-heap memory back to the system between games (glibc ``malloc_trim``; a no-op elsewhere).

A game frees its engine states, bot searches and QML card items, but glibc keeps the freed pages in its
arenas (one per thread: the GUI, the engine worker), so the resident size of a long sitting kept the high-water
mark of every game played. ``python -m desktop.bench --memory 10`` measures it.
"""

from __future__ import annotations

import ctypes
import sys


def trim() -> bool:
    """Return free heap pages to the system; True when the C library did so."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        return bool(ctypes.CDLL(None).malloc_trim(0))
    except (OSError, AttributeError):   # not glibc (musl has no malloc_trim)
        return False
