"""A torn last line (a crash mid-write) never loses a saved game: the desktop save and the host's table log
resume from every complete line and say the last move was lost; damage in the middle is still refused and
set aside, reported. Saves are fsync-ed where a set ends."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from savekit import TORN_BYTES, run_host, tear, two_set_gouji, write_save

from engine import log
from engine.errors import LogError
from engine.net import tablelog


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    d = tmp_path / "QiluCards"
    monkeypatch.setenv("QILU_DATA_DIR", str(d))
    return d


def records(text: str) -> list[dict[str, Any]]:
    """The action records of a log, without the line numbers (a rewritten save numbers its lines)."""
    out = []
    for ln in text.splitlines()[1:]:
        rec = json.loads(ln)
        out.append({"a": rec["a"], "e": rec["e"]})
    return out


def test_split_torn_keeps_every_complete_line() -> None:
    assert log.split_torn(b'{"a":1}\n{"a":2}\n') == (b'{"a":1}\n{"a":2}\n', b"")
    assert log.split_torn(b'{"a":1}\n{"a":2') == (b'{"a":1}\n', b'{"a":2')
    assert log.split_torn(b'{"a":1}\n\x00\x00\x00') == (b'{"a":1}\n', b"\x00\x00\x00")  # zero-filled tail
    assert log.split_torn(b'{"log"') == (b"", b'{"log"')


# ---------------------------------------------------------------- the desktop save


def test_torn_save_resumes_with_every_complete_move(data_dir: Path) -> None:
    from desktop import store
    path, n = write_save()
    full = path.read_text(encoding="utf-8")
    left = tear(path)
    complete = left[: left.rfind(b"\n") + 1].decode()
    assert len(complete.splitlines()) == n  # the header and n - 1 actions: exactly the last move is torn
    info = store.peek()
    assert info is not None and "error" not in info
    assert info["actions"] == n - 1 and info["torn"] == len(left) - len(complete.encode())
    assert store.quick_check() == info["torn"]
    state, meta = store.load_current()
    assert meta["game"] == "gouji" and len(state.actions) == n - 1
    assert state.set_no == 2  # the first set (finished) and the second (under way) are both there
    # the very state the full match had one move earlier
    start, actions = two_set_gouji()
    for a in actions[:-1]:
        start.apply(a)
    assert state.view(0) == start.view(0) and state.to_act == start.to_act
    assert records(log.dump(state)) == records(full)[:-1]


def test_middle_damage_is_still_refused(data_dir: Path) -> None:
    from desktop import store
    path, n = write_save()
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[n // 2] = lines[n // 2][:30] + "\n"  # a line cut short in the middle: not a tear, damage
    path.write_text("".join(lines), encoding="utf-8")
    tear(path)
    with pytest.raises(ValueError, match=f"line {n // 2 + 1}"):
        store.quick_check()
    with pytest.raises(LogError):
        store.load_current()
    name = store.set_aside("test: damaged in the middle")
    assert name and not path.exists() and (path.parent / name).is_file()


def test_save_is_fsynced_where_a_set_ends(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop import store
    synced: list[int] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.fstat(fd).st_size)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    st, actions = two_set_gouji()
    w = store.SaveWriter()
    w.begin(st, {"game": "gouji"})
    assert len(synced) == 2  # the save and its seats file, each written whole
    ends = 0
    for a in actions:
        evs = st.apply(a)
        before = len(synced)
        w.append(a, evs)
        ends += log.at_boundary(evs)
        assert len(synced) - before == (1 if log.at_boundary(evs) else 0)
        if log.at_boundary(evs):
            assert synced[-1] == w.path.stat().st_size  # the whole set is on disk
    assert ends == 1  # the first set ended; the second is under way


# ---------------------------------------------------------------- the host's table log


@pytest.fixture(scope="module")
def finished_log(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The table log of a real two-set all-bot match played by ``python -m engine.net.host``."""
    p = tmp_path_factory.mktemp("table") / "table.jsonl"
    r = run_host(p)
    assert r.returncode == 0 and "MATCH 1 OVER" in r.stdout, r.stderr
    raw = p.read_bytes()
    assert raw.count(b'"set_end"') == 2
    return raw


def test_torn_table_log_resumes_and_says_so(tmp_path: Path, finished_log: bytes) -> None:
    p = tmp_path / "table.jsonl"
    p.write_bytes(finished_log[:-TORN_BYTES])
    complete = finished_log[: finished_log[:-TORN_BYTES].rfind(b"\n") + 1]
    r = tablelog.load(str(p))
    assert r is not None and not r.state.is_over and r.torn == len(finished_log) - TORN_BYTES - len(complete)
    assert len(r.state.actions) == complete.count(b'{"a"') and r.state.set_no == 2
    assert p.read_bytes() == complete  # cut back to the complete lines, so appends continue cleanly
    p.write_bytes(finished_log[:-TORN_BYTES])
    res = run_host(p, "--resume")
    assert res.returncode == 0 and "MATCH 1 OVER" in res.stdout, res.stderr
    assert "torn" in res.stderr and "resuming from the line before" in res.stderr
    after = p.read_bytes()
    assert after.startswith(complete) and after.count(b'"game_over"') == 1  # resumed, not restarted


def test_damaged_table_log_is_set_aside_on_resume(tmp_path: Path, finished_log: bytes) -> None:
    p = tmp_path / "table.jsonl"
    lines = finished_log[:-TORN_BYTES].split(b"\n")
    lines[len(lines) // 2] = b'{"a": {"kind": "forged"}, "e": []}'
    damaged = b"\n".join(lines)
    p.write_bytes(damaged)
    with pytest.raises(LogError):
        tablelog.load(str(p))
    res = run_host(p, "--resume")
    assert res.returncode == 0 and "MATCH 1 OVER" in res.stdout, res.stderr  # a new table played its match
    assert "damaged" in res.stderr and "set aside" in res.stderr
    aside = [q for q in tmp_path.iterdir() if q.name.startswith("table.damaged-") and q.suffix == ".jsonl"]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(damaged[: damaged.rfind(b"\n")])
    reason = aside[0].with_suffix(".reason.txt")
    assert "line" in reason.read_text()
    new = p.read_bytes()
    assert new.count(b'{"game"') == 1 and new.count(b'"game_over"') == 1
