"""The host's write-ahead table log: every action and its events are written (and flushed to the OS)
before any byte about them is sent, so a host that crashes or is killed resumes with nothing lost.

One JSON-lines file per table. Each match starts with a header line — the ``engine.log`` header
(``log``, ``version``, ``game``, ``options``, ``seed``) plus ``net`` (seats with their names, kinds,
bot levels and secret tokens, the match number, the table settings) — followed by one
``engine.log.action_line`` per applied action. The file holds the deal seed and the seat tokens: it
stays on the host, is never sent to anybody, and is created readable by its owner only (engine/files.py).

Each line is appended whole and flushed; the file is fsync-ed at every match start and set/hand end (and
after every line with ``fsync=True``), so a crash can only tear the last line. On resume a torn last line is
dropped, reported, and play resumes from every complete line; damage anywhere else sets the log aside
(``<log>.damaged-<time>``, with a ``.reason.txt``), reported, and the table opens a new lobby.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from engine import files
from engine import log as elog
from engine.errors import LogError


class TableLog:
    def __init__(self, path: str, fsync: bool = False) -> None:
        self.path = path
        self.fsync = fsync
        self._f: IO[str] | None = None

    def _file(self) -> IO[str]:
        if self._f is None:
            files.make_private_dir(os.path.dirname(os.path.abspath(self.path)))
            self._f = files.open_private(self.path, "a")  # kept open for appends
        return self._f

    def _write(self, line: str, sync: bool = False) -> None:
        f = self._file()
        f.write(line + "\n")  # one write per line: a crash can only tear the last one
        f.flush()
        if self.fsync or sync:
            os.fsync(f.fileno())

    def start_match(self, state: Any, net: dict[str, Any]) -> None:
        head = elog.header(state)
        head["net"] = net
        self._write(json.dumps(head, ensure_ascii=False, sort_keys=True), sync=True)

    def append(self, action: Any, events: Any) -> None:
        events = list(events)
        self._write(elog.action_line(action, events), sync=elog.at_boundary(events))

    def entropy(self, deal: int, seat: int, value: bytes) -> None:
        """A seat's contribution to a later deal (``{"x": …}``): the replay deals the same cards."""
        self._write(elog.entropy_line(deal, seat, value))

    def meta(self, net: dict[str, Any]) -> None:
        """A table change during a match (seat names, kinds): ``{"m": net}``."""
        self._write(json.dumps({"m": net}, ensure_ascii=False, sort_keys=True))

    def close(self) -> None:
        if self._f is not None:
            self._f.close()
            self._f = None


@dataclass
class Resumed:
    state: Any
    net: dict[str, Any]
    sid: int
    matches: int
    torn: int = 0  # bytes of a torn last line that were dropped (0: the log ended cleanly)


def load(path: str) -> Resumed | None:
    """Replay the last match of a table log. ``None`` when the file is missing or holds no match.

    A last line cut short by a crash (no newline) was never sent to anybody and is dropped (and cut from
    the file, so appends continue cleanly; ``Resumed.torn`` says how many bytes). Raises ``LogError`` for a
    damaged log.
    """
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        return None
    files.make_private(path)  # a log written before logs were private
    raw, tail = elog.split_torn(raw)
    if tail:
        with open(path, "r+b") as f:
            f.truncate(len(raw))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LogError("log", f"byte {exc.start}: not UTF-8") from None
    lines = text.splitlines()
    sid = 0
    matches = 0
    last = -1
    for i, line in enumerate(lines):
        if line.startswith('{"a"'):
            sid += 1
        elif line.startswith('{"game"'):
            sid += 1
            matches += 1
            last = i
    if last < 0:
        return None
    head, state = elog.state_from_header(lines[last], last + 1)
    net: dict[str, Any] = dict(head.get("net") or {})
    for n, line in enumerate(lines[last + 1:], start=last + 2):
        if not line.strip():
            continue
        rec = elog.parse_record(line, n)
        if isinstance(rec, dict) and "m" in rec:
            net.update(rec["m"])
            continue
        if isinstance(rec, dict) and "x" in rec:  # a seat's contribution to a later deal (engine.fairness)
            elog.apply_side_record(state, rec, n)
            continue
        elog.replay_record(state, rec, n)
    return Resumed(state, net, sid, matches, len(tail))


def set_aside(path: str, reason: str) -> str:
    """Move a damaged table log out of the way (with a note of why); returns the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    root, ext = os.path.splitext(path)
    dest = f"{root}.damaged-{stamp}{ext or '.jsonl'}"
    os.replace(path, dest)
    with files.open_private(os.path.splitext(dest)[0] + ".reason.txt", "w") as f:
        f.write(reason + "\n")
    return dest


def resume(path: str, report: Callable[[str], None]) -> Resumed | None:
    """``load`` for a host starting with ``--resume``: a torn last line is reported and play goes on from
    the line before; a damaged log is set aside and reported, and ``None`` returned (a new lobby)."""
    try:
        r = load(path)
    except LogError as exc:
        dest = set_aside(path, str(exc))
        report(f"the table log {path} is damaged ({exc.reason}); it was set aside as {dest} "
               "and a new table opens")
        return None
    if r is not None and r.torn:
        report(f"the last line of the table log {path} was torn ({r.torn} bytes, a move never sent to "
               "anybody); resuming from the line before it")
    return r


def unfinished(path: str) -> dict[str, Any] | None:
    """``{game, match, actions, seats}`` when the log's last match is not over (offer "resume the LAN
    table?"), else ``None``. Never raises for a missing or damaged log (it returns ``None``)."""
    try:
        r = load(path)
    except (LogError, OSError, ValueError):
        return None
    if r is None or r.state.is_over:
        return None
    seats = [{"kind": d.get("kind"), "name": d.get("name")} for d in r.net.get("seats", [])]
    return {"game": r.state.rules.game, "match": r.matches, "actions": len(r.state.actions), "seats": seats}
