"""Issue 11 §3 (the client's part): the token file of ``python -m engine.net.client --token-file`` is
user-only (0600) — it is the only key to the seat."""

from __future__ import annotations

import asyncio
import os
import stat
import sys
from pathlib import Path

import pytest
from netkit import start_host, stop_host

from engine.net.client import Client, run_bot, write_private

pytestmark = [pytest.mark.timeout(30),
              pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes (Windows: the per-user folder)")]


def test_token_file_is_user_only(tmp_path: Path) -> None:
    path = tmp_path / "seat.json"

    async def main() -> None:
        host, task = await start_host(game="toy", options={"seats": 4, "cards": 5}, autostart=False)
        out: list[Client] = []
        bot = asyncio.ensure_future(run_bot("127.0.0.1", host.port, name="b", token_file=str(path), client_out=out))
        try:
            for _ in range(250):
                await asyncio.sleep(0.02)
                if path.exists():
                    break
        finally:
            if out:
                out[0].stop()
            bot.cancel()
            await asyncio.gather(bot, return_exceptions=True)
            await stop_host(host, task)

    old = os.umask(0o022)  # the usual umask, under which a plain open() makes 0644
    try:
        asyncio.run(main())
    finally:
        os.umask(old)
    assert path.exists()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "token" in path.read_text()


def test_write_private_replaces_a_readable_file(tmp_path: Path) -> None:
    p = tmp_path / "memo.json"
    p.write_text("old")
    p.chmod(0o644)
    (tmp_path / "memo.json.tmp").write_text("left over")
    write_private(str(p), '{"token": "x"}')
    assert stat.S_IMODE(p.stat().st_mode) == 0o600 and p.read_text() == '{"token": "x"}'
