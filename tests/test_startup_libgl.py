"""On a Linux without OpenGL, ``python -m desktop`` and the frozen app's entry script print one clear message
naming the missing library and the packages to install, and exit non-zero instead of a traceback.

The machine running the tests has libGL, so the child process makes Qt's GUI module fail to load exactly as
the dynamic loader does without it (the same ImportError text); everything else is the real start-up code.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from savekit import ROOT, env

WITHOUT = """
import importlib.abc, runpy, sys
class NoSystemLibrary(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "PySide6.QtGui":
            raise ImportError("{lib}: cannot open shared object file: No such file or directory")
        return None
sys.meta_path.insert(0, NoSystemLibrary())
sys.argv = [{argv0!r}]
{run}
"""


def start(lib: str, how: str) -> subprocess.CompletedProcess[str]:
    if how == "module":  # python -m desktop
        code = WITHOUT.format(lib=lib, argv0="desktop", run="runpy.run_module('desktop', run_name='__main__')")
    else:  # the frozen app runs packaging/entry.py
        entry = str(ROOT / "packaging" / "entry.py")
        code = WITHOUT.format(lib=lib, argv0=entry, run=f"runpy.run_path({entry!r}, run_name='__main__')")
    e = env()
    e.pop("QT_QPA_PLATFORM", None)  # as a user starts it: the check comes before any window
    return subprocess.run([sys.executable, "-c", code], env=e, cwd=ROOT, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("how", ["module", "frozen-entry"])
def test_missing_libgl_prints_what_to_install(how: str) -> None:
    r = start("libGL.so.1", how)
    assert r.returncode == 3, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr and r.stdout == ""
    assert "libGL.so.1" in r.stderr and "OpenGL" in r.stderr
    assert "sudo apt install libgl1 libegl1" in r.stderr
    assert "sudo dnf install mesa-libGL mesa-libEGL" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 4  # one message, no noise


def test_missing_other_library_is_named() -> None:
    r = start("libxkbcommon.so.0", "module")
    assert r.returncode == 3 and "Traceback" not in r.stderr
    assert "libxkbcommon.so.0" in r.stderr and "libxkbcommon0" in r.stderr
    r = start("libunheard.so.7", "module")
    assert r.returncode == 3 and "libunheard.so.7" in r.stderr and "Traceback" not in r.stderr


def test_other_import_errors_are_not_hidden() -> None:
    from desktop.app import missing_library_message
    assert missing_library_message(ImportError("No module named 'PySide6.QtGui'")) is None
    msg = missing_library_message(ImportError("libEGL.so.1: cannot open shared object file: No such file"))
    assert msg is not None and "libEGL.so.1" in msg and "libgl1 libegl1" in msg
