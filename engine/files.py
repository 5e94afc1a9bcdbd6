"""Files that hold secrets (a deal seed before its reveal, seat tokens): created readable by their owner only.

On POSIX every such file is opened with ``os.open(..., 0o600)`` and then ``fchmod``-ed to 0600, so neither the
umask nor an older, wider mode of an existing file leaves it readable by other local users. On Windows the
per-user data folder already keeps other users out, and the POSIX mode bits mean nothing there.
"""

from __future__ import annotations

import os
from typing import IO, Any

PRIVATE_MODE = 0o600
PRIVATE_DIR_MODE = 0o700
POSIX = os.name == "posix"

_FLAGS = {"w": os.O_WRONLY | os.O_CREAT | os.O_TRUNC, "a": os.O_WRONLY | os.O_CREAT | os.O_APPEND,
          "x": os.O_WRONLY | os.O_CREAT | os.O_EXCL, "r+": os.O_RDWR}


def open_private(path: str | os.PathLike[str], mode: str = "w", encoding: str | None = "utf-8") -> IO[Any]:
    """``open(path, mode)`` for a file only its owner may read. ``mode`` is ``w``, ``a``, ``x`` or ``r+``,
    with ``b`` for bytes (``encoding`` is then ignored)."""
    binary = "b" in mode
    base = mode.replace("b", "")
    if base not in _FLAGS:
        raise ValueError(f"open_private: unsupported mode {mode!r}")
    flags = _FLAGS[base] | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags, PRIVATE_MODE)
    try:
        if POSIX:
            os.fchmod(fd, PRIVATE_MODE)  # an existing file keeps its old mode through os.open: narrow it
        if binary:
            return os.fdopen(fd, mode)
        return os.fdopen(fd, mode, encoding=encoding)
    except BaseException:
        os.close(fd)
        raise


def write_private(path: str | os.PathLike[str], text: str, fsync: bool = False) -> None:
    """Replace ``path`` with ``text`` atomically (a temporary file beside it, then a rename), user-only."""
    tmp = os.fspath(path) + ".tmp"
    with open_private(tmp, "w") as f:
        f.write(text)
        f.flush()
        if fsync:
            os.fsync(f.fileno())
    os.replace(tmp, path)


def make_private_dir(path: str | os.PathLike[str]) -> None:
    """Create a folder (and its parents) for private files; a new folder is user-only (0700) on POSIX.
    An existing folder keeps its mode: it may be one the user chose (``QILU_DATA_DIR``)."""
    os.makedirs(path, mode=PRIVATE_DIR_MODE, exist_ok=True)


def make_private(path: str | os.PathLike[str]) -> None:
    """Narrow an existing file to 0600 (POSIX); a missing file is no error."""
    if POSIX:
        try:
            os.chmod(path, PRIVATE_MODE)
        except FileNotFoundError:
            pass
