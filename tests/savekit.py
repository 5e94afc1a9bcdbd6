"""Shared by the file tests: a real two-set Gouji match written through the desktop's save writer, and the
headless host run as a subprocess (127.0.0.1 only)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TORN_BYTES = 40  # what a crash mid-write leaves: the last line cut short


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join([str(ROOT), e.get("PYTHONPATH", "")])
    return e


def two_set_gouji(seed: int = 11, into_second_set: int = 120) -> tuple[Any, list[Any]]:
    """A Gouji match of two sets played by random legal moves until ``into_second_set`` actions after the
    first set ended. Returns the starting state (fresh, same seed) and the actions played."""
    from engine import games
    st = games.new_state("gouji", seed, {"sets_per_game": 2})
    rng = random.Random(seed)
    actions: list[Any] = []
    left: int | None = None
    while not st.is_over and left != 0:
        a = rng.choice(list(st.legal_actions(st.to_act)))
        evs = st.apply(a)
        actions.append(a)
        if left is not None:
            left -= 1
        elif any(e.kind == "set_end" for e in evs):
            left = into_second_set
    assert left == 0, "the match ended before the second set was under way"
    return games.new_state("gouji", seed, {"sets_per_game": 2}), actions


def write_save(seed: int = 11) -> tuple[Path, int]:
    """Write the two-set match through ``desktop.store.SaveWriter`` (as the engine thread does) into the
    current ``QILU_DATA_DIR``; returns the save's path and its number of action lines."""
    from desktop import store
    st, actions = two_set_gouji(seed)
    w = store.SaveWriter()
    w.begin(st, {"game": "gouji", "humans": [0], "levels": {}, "seats": None, "seed": st.seed})
    for a in actions:
        w.append(a, st.apply(a))
    return w.path, len(actions)


def tear(path: Path, n: int = TORN_BYTES) -> bytes:
    """Cut the last ``n`` bytes off a file, as a crash mid-write leaves it; returns what is left."""
    raw = path.read_bytes()
    assert len(raw) > n and raw.endswith(b"\n")
    path.write_bytes(raw[:-n])
    return raw[:-n]


def host_cmd(log: Path, *extra: str) -> list[str]:
    """An all-bot Gouji table of two sets on 127.0.0.1 that plays one match and exits. The deal seed is pinned
    (the hidden test flag): with a random one a 串三户 (G-83) may end the game after its first set."""
    return [sys.executable, "-m", "engine.net.host", "--game", "gouji", "--bots", "6", "--bind", "127.0.0.1",
            "--port", "0", "--no-discovery", "--games", "1", "--option", "sets_per_game=2", "--log", str(log),
            "--seed", "1", *extra]


def run_host(log: Path, *extra: str, umask: int = 0o022) -> subprocess.CompletedProcess[str]:
    return subprocess.run(host_cmd(log, *extra), env=env(), cwd=ROOT, capture_output=True, text=True,
                          timeout=120, umask=umask)
