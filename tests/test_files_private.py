"""Files that hold a seed or a seat token are user-only (0600) on POSIX, whatever the umask, and an older
file with a wider mode is narrowed: the host's table log, the desktop's saves, seats file and replays."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from savekit import run_host, two_set_gouji, write_save

from engine import files

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX modes; on Windows the per-user folder is enough")


def mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The most permissive umask: a file created without an explicit mode would be 0666."""
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    d = tmp_path / "QiluCards"
    monkeypatch.setenv("QILU_DATA_DIR", str(d))
    return d


def test_open_private_modes(tmp_path: Path, open_umask: None) -> None:
    for m in ("w", "a", "x", "wb", "ab"):
        p = tmp_path / f"f-{m}"
        with files.open_private(p, m) as f:
            f.write(b"x" if "b" in m else "x")
        assert mode(p) == 0o600, m
    old = tmp_path / "old"
    old.write_text("seed")
    os.chmod(old, 0o644)
    with files.open_private(old, "a") as f:
        f.write("more")
    assert mode(old) == 0o600 and old.read_text() == "seedmore"
    files.write_private(tmp_path / "w.json", "{}")
    assert mode(tmp_path / "w.json") == 0o600 and not (tmp_path / "w.json.tmp").exists()
    with pytest.raises(ValueError):
        files.open_private(tmp_path / "r", "r")


def test_host_table_log_is_user_only(tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"
    r = run_host(log, umask=0)  # the real host, started with umask 0
    assert r.returncode == 0 and "MATCH 1 OVER" in r.stdout, r.stderr
    assert b'"token"' in log.read_bytes() and b'"seed"' in log.read_bytes()  # the secrets it must guard
    assert mode(log) == 0o600
    # a log written by an older version (0644) is narrowed when the host resumes from it
    os.chmod(log, 0o644)
    raw = log.read_bytes()
    log.write_bytes(raw[: raw.rfind(b"\n", 0, len(raw) - 1) + 1])  # the last move undone: unfinished
    r = run_host(log, "--resume", umask=0)
    assert r.returncode == 0 and "MATCH 1 OVER" in r.stdout, r.stderr
    assert mode(log) == 0o600


def test_desktop_saves_and_replays_are_user_only(data_dir: Path, open_umask: None) -> None:
    from desktop import paths, store
    save, _ = write_save()
    assert mode(save) == 0o600 and mode(store.meta_path()) == 0o600
    assert mode(paths.saves_dir()) == 0o700 and mode(paths.replays_dir()) == 0o700
    st, actions = two_set_gouji()
    for a in actions:
        st.apply(a)
    rp = store.save_replay(st, {}, 0, len(st.actions), "test")
    assert mode(rp) == 0o600 and mode(rp.with_suffix(".json")) == 0o600
    # a save from an older version (0644) is narrowed when the home screen looks at it
    os.chmod(save, 0o644)
    os.chmod(store.meta_path(), 0o644)
    assert store.peek() is not None
    assert mode(save) == 0o600 and mode(store.meta_path()) == 0o600
    # a damaged save set aside keeps its secrets private, and so does the note of why
    os.chmod(save, 0o644)
    name = store.set_aside("test")
    aside = paths.saves_dir() / name
    assert mode(aside) == 0o600 and mode(aside.with_suffix(".reason.txt")) == 0o600
    assert mode(aside.with_suffix(".meta.json")) == 0o600


def test_the_default_data_folder_is_user_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without QILU_DATA_DIR the per-user folder is the app's own: created 0700, and narrowed to 0700 when an
    older version left it 0755 (the LAN host's memo and token files live in it, beside the saves)."""
    from desktop import paths
    monkeypatch.delenv("QILU_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("HOME", str(tmp_path))  # macOS: ~/Library/Application Support
    d = paths.data_dir()
    assert str(d).startswith(str(tmp_path)) and d.name == paths.APP_DIR_NAME
    assert mode(d) == 0o700
    d.chmod(0o755)
    assert paths.data_dir() == d and mode(d) == 0o700
    # a folder the user chose keeps the mode the user gave it
    chosen = tmp_path / "portable"
    chosen.mkdir(mode=0o755)
    chosen.chmod(0o755)
    monkeypatch.setenv("QILU_DATA_DIR", str(chosen))
    assert paths.data_dir() == chosen and mode(chosen) == 0o755
