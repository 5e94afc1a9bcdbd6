"""Work around reference-count leaks of PySide6 6.12 on Python 3.11.

Measured here (see tests/gui/test_qtfix.py): every ``Signal.emit`` drops one reference to ``True``;
``QCoreApplication.processEvents``, ``QEventLoop.exec`` and ``QTest.qWait`` drop references to ``None``;
``SignalInstance.disconnect`` drops one to ``True``. On Python ≥ 3.12 these singletons are immortal and the
leaks are harmless; on 3.11 the app aborts ("deallocating None/True") after some thousands of calls. The fix
gives ``None``, ``True`` and ``False`` a huge reference count, which is what Python 3.12 does for them.
"""

from __future__ import annotations

import ctypes
import sys

_DONE = False


def make_singletons_immortal() -> None:
    global _DONE
    if _DONE or sys.version_info >= (3, 12) or hasattr(sys, "gettotalrefcount"):
        return
    for obj in (None, True, False):
        ctypes.c_ssize_t.from_address(id(obj)).value += 1 << 40
    _DONE = True
