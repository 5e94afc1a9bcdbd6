"""Save, resume and replays: the engine's event log (engine/log.py) in the per-user data folder.

``saves/current.jsonl`` is the match in progress, appended after every action (continuous save);
``saves/current.meta.json`` holds the seats (who is human, bot levels). A damaged save is moved aside to
``saves/damaged-<time>.jsonl`` and reported, never a crash. Each finished set/hand is kept in ``replays/``
as the log up to its end plus the range of actions that belong to it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from desktop import paths


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
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text("\n".join(log.dump_lines(state)) + "\n", encoding="utf-8")
        tmp.replace(self.path)
        meta_path().write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")

    def append(self, action: Any, events: Any) -> None:
        from engine import log
        with self.path.open("a", encoding="utf-8") as f:
            f.write(log.action_line(action, events) + "\n")
            f.flush()

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
    try:
        meta_path().replace(dest.with_suffix(".meta.json"))
    except FileNotFoundError:
        pass
    (dest.with_suffix(".reason.txt")).write_text(reason, encoding="utf-8")
    return dest.name


def peek() -> dict[str, Any] | None:
    """A cheap look at the save (no replay): header and action count, or None when there is none."""
    p = current_path()
    if not p.is_file():
        return None
    try:
        with p.open(encoding="utf-8") as f:
            head = json.loads(f.readline())
            n = sum(1 for ln in f if ln.strip())
        meta = json.loads(meta_path().read_text(encoding="utf-8")) if meta_path().is_file() else {}
        return {"game": head.get("game", "?"), "seed": head.get("seed"), "actions": n, "meta": meta,
                "mtime": p.stat().st_mtime}
    except (OSError, ValueError, AttributeError) as exc:
        return {"error": str(exc)}


def quick_check() -> None:
    """Cheap checks without replaying (the GUI thread may call this): readable, JSON lines, a Qilu header.
    The full check — replaying every action — happens on the engine thread when the match resumes."""
    lines = [ln for ln in current_path().read_text(encoding="utf-8").splitlines() if ln.strip()]
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


def load_current() -> tuple[Any, dict[str, Any]]:
    """Replay the save; raises engine.errors.LogError (or OSError/ValueError) when it is damaged."""
    from engine import log
    text = current_path().read_text(encoding="utf-8")
    state = log.load(text)
    meta: dict[str, Any] = {}
    if meta_path().is_file():
        meta = json.loads(meta_path().read_text(encoding="utf-8"))
    return state, meta


def save_replay(state: Any, meta: dict[str, Any], start: int, end: int, title: str) -> Path:
    from engine import log
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = paths.replays_dir() / f"{stamp}-{state.rules.game}-{len(state.actions)}"
    lines = log.dump_lines(state)[: end + 1]
    base.with_suffix(".jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    info = {"title": title, "game": state.rules.game, "start": start, "end": end, "time": stamp,
            "seats": meta.get("seats")}
    base.with_suffix(".json").write_text(json.dumps(info, ensure_ascii=False), encoding="utf-8")
    return base.with_suffix(".jsonl")


def list_replays() -> list[dict[str, Any]]:
    out = []
    for p in sorted(paths.replays_dir().glob("*.json"), reverse=True):
        try:
            info = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        info["path"] = str(p.with_suffix(".jsonl"))
        out.append(info)
    return out
