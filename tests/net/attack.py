"""Attacks on a real ``python -m engine.net.host`` process over raw sockets (127.0.0.1 only, bounded loops).

Shared by the hardening tests and by ``python -m engine.net.bench`` style measurements: a host subprocess
with a port file, its resident memory, and raw clients that speak the frames by hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import Any

import msgspec
from netkit import HELLO, ROOT, frame, subprocess_env

from engine.net.protocol import Closing, Seated, Sync, Update, decode_host


@contextlib.contextmanager
def host_process(*args: str, timeout: float = 20.0) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """``python -m engine.net.host --bind 127.0.0.1 ...`` with the given arguments; yields (process, port)."""
    tmp = tempfile.mkdtemp(prefix="qilu-attack-")
    port_file = os.path.join(tmp, "port")
    cmd = [sys.executable, "-m", "engine.net.host", "--bind", "127.0.0.1", "--port", "0", "--no-discovery",
           "--port-file", port_file, *args]
    proc = subprocess.Popen(cmd, env=subprocess_env(), cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + timeout
        while not os.path.exists(port_file):
            if proc.poll() is not None or time.monotonic() > end:
                raise RuntimeError("the host did not start")
            time.sleep(0.02)
        with open(port_file) as f:
            port = int(f.read())
        yield proc, port
    finally:
        proc.kill()
        proc.wait(10)


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def cpu_s(pid: int) -> float:
    """CPU time (user + system) the process has used, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class RawClient:
    """One raw connection: frames by hand, every read bounded in time."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.r, self.w = reader, writer
        self.sid = 0
        self.legal: list[Any] | None = None
        self.closing: Closing | None = None
        self.seat: int | None = None
        self.token: str | None = None

    @classmethod
    async def open(cls, port: int, name: str = "raw", *first: dict[str, Any]) -> RawClient:
        r, w = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 5)
        c = cls(r, w)
        c.send({**HELLO, "name": name}, *first)
        return c

    def send(self, *msgs: dict[str, Any] | bytes) -> None:
        self.w.write(b"".join(m if isinstance(m, bytes) else frame(m) for m in msgs))

    async def recv(self, timeout: float = 5.0) -> Any:
        async with asyncio.timeout(timeout):
            head = await self.r.readexactly(4)
            body = await self.r.readexactly(int.from_bytes(head, "big"))
        msg = decode_host(body)
        if isinstance(msg, Sync | Update):
            self.sid, self.legal = msg.sid, msg.legal
        elif isinstance(msg, Seated):
            self.seat, self.token = msg.seat, msg.token
        elif isinstance(msg, Closing):
            self.closing = msg
        return msg

    async def until(self, pred: Any, timeout: float = 10.0, limit: int = 10_000) -> Any:
        """Read until ``pred(msg)``; at most ``limit`` messages within ``timeout``."""
        end = time.monotonic() + timeout
        for _ in range(limit):
            msg = await self.recv(max(0.01, end - time.monotonic()))
            if pred(msg):
                return msg
        raise AssertionError("message not seen")

    async def my_turn(self, timeout: float = 20.0) -> None:
        await self.until(lambda m: isinstance(m, Sync | Update) and m.legal, timeout)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.w.close()


def intent(sid: int, kind: str = "play", play: str | None = None, arg: str | None = None) -> dict[str, Any]:
    action: dict[str, Any] = {"kind": kind}
    if play is not None:
        action["play"] = play
    if arg is not None:
        action["arg"] = arg
    return {"t": "intent", "sid": sid, "action": action}


def legal_intent(c: RawClient) -> dict[str, Any]:
    assert c.legal
    a = msgspec.to_builtins(c.legal[0])
    return {"t": "intent", "sid": c.sid, "action": a}
