"""Save, resume and replays: the engine's event log (engine/log.py) in the per-user data folder.

``saves/current.jsonl`` is the match in progress, appended after every action (continuous save);
``saves/current.meta.json`` holds the seats (who is human, bot levels). A damaged save is moved aside to
``saves/damaged-<time>.jsonl`` and reported, never a crash. Each finished set/hand is kept in ``replays/``
as the log up to its end plus the range of actions that belong to it.

Every file here holds a deal seed, so it is created user-only (engine/files.py). A save is appended one whole
line per action and flushed, and fsync-ed when a set/hand ends, so a crash can only tear its last line: such a
torn line is dropped on resume (the player is told that move was lost) and play goes on from every complete
line. Damage anywhere else still sets the save aside.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from desktop import paths
from engine import files


def current_path() -> Path:
    return paths.saves_dir() / "current.jsonl"


def meta_path() -> Path:
    return paths.saves_dir() / "current.meta.json"


class SaveWriter:
    """Appends one log line per action; rewrites the whole file on begin."""

    def __init__(self) -> None:
        self.path = current_path()

    def begin(self, state: Any, meta: dict[str, Any]) -> None:
        from engine import log
        files.write_private(self.path, "\n".join(log.dump_lines(state)) + "\n", fsync=True)
        files.write_private(meta_path(), json.dumps(meta, ensure_ascii=False), fsync=True)

    def append(self, action: Any, events: Any) -> None:
        from engine import log
        events = list(events)
        with files.open_private(self.path, "a") as f:
            f.write(log.action_line(action, events) + "\n")  # one write per line: a crash tears only the last
            f.flush()
            if log.at_boundary(events):
                os.fsync(f.fileno())

    def progress(self, meta: dict[str, Any], lines: dict[str, str]) -> None:
        """Keep Home's line for this save (the set and the score, ``desktop.progress``) in the meta file."""
        files.write_private(meta_path(), json.dumps({**meta, "progress": lines}, ensure_ascii=False))

    def finish(self) -> None:
        for p in (self.path, meta_path()):
            try:
                p.unlink()
            except FileNotFoundError:
                pass


def set_aside(reason: str) -> str:
    """Move a damaged save out of the way; returns the new file name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    dest = paths.saves_dir() / f"damaged-{stamp}.jsonl"
    try:
        current_path().replace(dest)
    except FileNotFoundError:
        return ""
    files.make_private(dest)  # a save written before saves were private
    try:
        meta_path().replace(dest.with_suffix(".meta.json"))
    except FileNotFoundError:
        pass
    files.write_private(dest.with_suffix(".reason.txt"), reason)
    return dest.name


def _read_current() -> tuple[str, int]:
    """The save's complete lines as text, and how many bytes of a torn last line follow them."""
    raw = current_path().read_bytes()
    from engine import log
    good, torn = log.split_torn(raw)
    return good.decode("utf-8"), len(torn)


def peek() -> dict[str, Any] | None:
    """A cheap look at the save (no replay): header and action count, or None when there is none.
    ``torn`` is the size of a torn last line that resuming will drop (0 when the save ended cleanly)."""
    p = current_path()
    if not p.is_file():
        return None
    try:
        for f in (p, meta_path()):
            files.make_private(f)  # a save written before saves were private
        text, torn = _read_current()
        lines = text.splitlines()
        if not lines:
            raise ValueError("no complete line in the save")
        head = json.loads(lines[0])
        n = sum(1 for ln in lines[1:] if ln.strip())
        meta = json.loads(meta_path().read_text(encoding="utf-8")) if meta_path().is_file() else {}
        return {"game": head.get("game", "?"), "seed": head.get("seed"), "actions": n, "meta": meta,
                "mtime": p.stat().st_mtime, "torn": torn}
    except (OSError, ValueError, AttributeError) as exc:
        return {"error": str(exc)}


def quick_check() -> int:
    """Cheap checks without replaying (the GUI thread may call this): readable, JSON lines, a Qilu header.
    Returns the size of a torn last line (dropped on resume), 0 when there is none. The full check —
    replaying every action — happens on the engine thread when the match resumes."""
    text, torn = _read_current()
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        raise ValueError("empty save")
    head = json.loads(lines[0])
    if not isinstance(head, dict) or head.get("log") != "qilu-cards":
        raise ValueError("not a Qilu Cards log")
    for n, ln in enumerate(lines[1:], start=2):
        try:
            rec = json.loads(ln)
        except ValueError:
            raise ValueError(f"line {n} is not JSON") from None
        if not isinstance(rec, dict) or "a" not in rec:
            raise ValueError(f"line {n} is not an action record")
    return torn


def load_current() -> tuple[Any, dict[str, Any]]:
    """Replay every complete line of the save (a torn last line is dropped); raises engine.errors.LogError
    (or OSError/ValueError) when it is damaged."""
    from engine import log
    text, _ = _read_current()
    state = log.load(text)
    meta: dict[str, Any] = {}
    if meta_path().is_file():
        meta = json.loads(meta_path().read_text(encoding="utf-8"))
    return state, meta


def save_replay(state: Any, meta: dict[str, Any], start: int, end: int, title: str,
                extra: dict[str, Any] | None = None) -> Path:
    """Keep one finished set/hand; ``extra`` (the set number, its unit, the players' names) titles it."""
    from engine import log
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = paths.replays_dir() / f"{stamp}-{state.rules.game}-{len(state.actions)}"
    lines = log.dump_lines(state)[: end + 1]
    files.write_private(base.with_suffix(".jsonl"), "\n".join(lines) + "\n")
    info = {"title": title, "game": state.rules.game, "start": start, "end": end, "time": stamp,
            "seats": meta.get("seats"), **(extra or {})}
    files.write_private(base.with_suffix(".json"), json.dumps(info, ensure_ascii=False))
    return base.with_suffix(".jsonl")


def list_replays() -> list[dict[str, Any]]:
    out = []
    for p in sorted(paths.replays_dir().glob("*.json"), reverse=True):
        try:
            info = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        info["path"] = str(p.with_suffix(".jsonl"))
        t = str(info.get("time") or "")   # 20261201-124101 → 12-01 12:41
        info["when"] = f"{t[4:6]}-{t[6:8]} {t[9:11]}:{t[11:13]}" if len(t) >= 13 else t
        out.append(info)
    return out
