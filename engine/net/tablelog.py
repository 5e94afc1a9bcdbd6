"""The host's write-ahead table log: every action and its events are written (and flushed to the OS)
before any byte about them is sent, so a host that crashes or is killed resumes with nothing lost.

One JSON-lines file per table. Each match starts with a header line — the ``engine.log`` header
(``log``, ``version``, ``game``, ``options``, ``seed``) plus ``net`` (seats with their names, kinds,
bot levels and secret tokens, the match number, the table settings) — followed by one
``engine.log.action_line`` per applied action. The file holds the deal seed and the seat tokens: it
stays on the host and is never sent to anybody.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import IO, Any

from engine import log as elog
from engine.errors import LogError


class TableLog:
    def __init__(self, path: str, fsync: bool = False) -> None:
        self.path = path
        self.fsync = fsync
        self._f: IO[str] | None = None

    def _file(self) -> IO[str]:
        if self._f is None:
            d = os.path.dirname(os.path.abspath(self.path))
            os.makedirs(d, exist_ok=True)
            self._f = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - kept open for appends
        return self._f

    def _write(self, line: str) -> None:
        f = self._file()
        f.write(line + "\n")
        f.flush()
        if self.fsync:
            os.fsync(f.fileno())

    def start_match(self, state: Any, net: dict[str, Any]) -> None:
        head = elog.header(state)
        head["net"] = net
        self._write(json.dumps(head, ensure_ascii=False, sort_keys=True))

    def append(self, action: Any, events: Any) -> None:
        self._write(elog.action_line(action, events))

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


def load(path: str) -> Resumed | None:
    """Replay the last match of a table log. ``None`` when the file is missing or holds no match.

    A last line cut short by a crash (no newline) was never sent to anybody and is dropped (and cut from
    the file, so appends continue cleanly). Raises ``LogError`` for a damaged log.
    """
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        return None
    if raw and not raw.endswith(b"\n"):
        cut = raw.rfind(b"\n") + 1
        raw = raw[:cut]
        with open(path, "r+b") as f:
            f.truncate(cut)
    text = raw.decode("utf-8")
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
        elog.replay_record(state, rec, n)
    return Resumed(state, net, sid, matches)


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
