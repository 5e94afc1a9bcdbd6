"""LAN figures on loopback (prints JSON; measures, never fails):

``python -m engine.net.bench latency [--games 1] [--game G]`` — a host and one bot-client process per seat play
the game (the first registered unless ``--game``, with its spec's seats); for every
action, the time from the acting client sending its intent to the last of the clients receiving the
update (CLOCK_MONOTONIC is shared by the processes of one machine): p50 / p90 / p99 / max.

``python -m engine.net.bench memory [--games 200]`` — a host process plays that many consecutive matches
(half the seats remote bot clients, half host bots); its resident memory is sampled after each match.

``python -m engine.net.bench flood [--conns 20 --rate 105 --seconds 6]`` — a host and one bot-client process
per seat play the game; states/s (log lines per second) and the host's CPU per state are measured before,
during and after a ping flood from another process (``conns`` connections × ``rate`` pings/s, each in a
frame and a write of its own). ``python -m engine.net.bench flooder PORT CONNS RATE SECONDS`` is that flood.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from engine import games as registry


def _py() -> list[str]:
    return [sys.executable, "-m"]


def _wait_port(path: str, proc: subprocess.Popen[Any], timeout: float = 20) -> int:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if os.path.exists(path):
            return int(open(path).read())
        if proc.poll() is not None:
            raise RuntimeError("host exited")
        time.sleep(0.02)
    raise TimeoutError("host did not start")


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def latency(games: int, level: str, options: list[str], game: str | None = None) -> dict[str, Any]:
    game = game or registry.names()[0]
    seats = registry.spec(game).seats
    tmp = tempfile.mkdtemp(prefix="qilu-bench-")
    port_file = os.path.join(tmp, "port")
    opts = [x for o in options for x in ("--option", o)]
    host = subprocess.Popen(_py() + ["engine.net.host", "--game", game, "--port", "0",
                                     "--bind", "127.0.0.1",
                                     "--no-discovery", "--games", str(games), "--port-file", port_file,
                                     "--log", os.path.join(tmp, "table.jsonl"), *opts],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    procs = [host]
    try:
        port = _wait_port(port_file, host)
        for i in range(seats):
            procs.append(subprocess.Popen(_py() + ["engine.net.client", "--connect", f"127.0.0.1:{port}", "--bot",
                                                   level, "--games", str(games), "--timing",
                                                   os.path.join(tmp, f"t{i}.json")],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        t0 = time.monotonic()
        for p in procs[1:]:
            p.wait(3600)
        wall = time.monotonic() - t0
        host.wait(30)
        recv: list[dict[int, float]] = []
        acted: dict[int, float] = {}
        for i in range(seats):
            with open(os.path.join(tmp, f"t{i}.json")) as f:
                d = json.load(f)
            recv.append({int(k): v for k, v in d["recv"].items()})
            acted.update({int(k): v for k, v in d["acted"].items()})
        lat = []
        for sid, t_act in acted.items():
            arrivals = [r.get(sid + 1) for r in recv]
            if all(a is not None for a in arrivals):
                lat.append(max(a for a in arrivals if a is not None) - t_act)
        lat.sort()
        ms = [x * 1000 for x in lat]

        def pct(p: float) -> float:
            return round(ms[min(len(ms) - 1, int(p * len(ms)))], 2) if ms else 0.0

        return {"figure": f"intent sent -> all {seats} clients updated (loopback, ms)", "actions": len(ms),
                "p50": pct(0.5), "p90": pct(0.9), "p99": pct(0.99), "max": round(max(ms), 2) if ms else 0.0,
                "mean": round(statistics.fmean(ms), 2) if ms else 0.0, "wall_s": round(wall, 1),
                "cpus": os.cpu_count()}
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()


def memory(games: int, level: str, options: list[str], game: str | None = None) -> dict[str, Any]:
    game = game or registry.names()[0]
    seats = registry.spec(game).seats
    tmp = tempfile.mkdtemp(prefix="qilu-bench-")
    port_file = os.path.join(tmp, "port")
    opts = [x for o in options for x in ("--option", o)]
    host = subprocess.Popen(_py() + ["engine.net.host", "--game", game, "--port", "0",
                                     "--bind", "127.0.0.1",
                                     "--no-discovery", "--games", str(games), "--port-file", port_file,
                                     "--bots", str(seats // 2), "--bot-level", level, "--log", os.path.join(tmp, "table.jsonl"),
                                     *opts],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    procs: list[subprocess.Popen[Any]] = [host]
    samples: list[tuple[int, int]] = []
    try:
        port = _wait_port(port_file, host)
        for _ in range(seats - seats // 2):
            procs.append(subprocess.Popen(_py() + ["engine.net.client", "--connect", f"127.0.0.1:{port}", "--bot",
                                                   level, "--games", str(games)],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        t0 = time.monotonic()
        assert host.stdout is not None
        for line in host.stdout:
            if line.startswith("MATCH "):
                n = int(line.split()[1])
                samples.append((n, _rss_kb(host.pid)))
        host.wait(60)
        wall = time.monotonic() - t0
        pick = [s for s in samples if s[0] in (1, 2, 5, 10, 25, 50, 100, 150, 200) or s[0] == games]
        first = next((kb for n, kb in samples if n >= min(10, games)), 0)
        last = samples[-1][1] if samples else 0
        return {"figure": "host RSS (KiB) after match n", "games": len(samples), "rss_kib": dict(pick),
                "growth_after_game_10_kib": last - first, "wall_s": round(wall, 1)}
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()


def _cpu_s(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _count_pongs(r: asyncio.StreamReader, stats: dict[str, int]) -> None:
    from engine.net.protocol import Closing, Pong, decode_host
    for _ in range(10 ** 6):  # bounded; cancelled when the flood ends
        head = await r.readexactly(4)
        msg = decode_host(await r.readexactly(int.from_bytes(head, "big")))
        if isinstance(msg, Pong):
            stats["pongs"] += 1
        elif isinstance(msg, Closing):
            stats[msg.code] = stats.get(msg.code, 0) + 1


async def ping_flood(port: int, conns: int, rate: float, seconds: float, host: str = "127.0.0.1") -> dict[str, int]:
    """``conns`` connections each sending ``rate`` pings/s for ``seconds`` (each ping a frame and a write of
    its own); a closed one comes straight back. Returns counts: pings sent, pongs received, connects, and
    the closing codes seen."""
    from engine.net.protocol import PROTOCOL_VERSION, Hello, Ping, encode
    stats: dict[str, int] = {"sent": 0, "pongs": 0, "connects": 0}
    end = time.monotonic() + seconds
    ping = encode(Ping(1))

    async def one() -> None:
        for _ in range(10 ** 5):  # bounded in count and by ``end``
            if time.monotonic() >= end:
                return
            try:
                r, w = await asyncio.wait_for(asyncio.open_connection(host, port), 5)
            except (OSError, TimeoutError):
                await asyncio.sleep(0.05)
                continue
            stats["connects"] += 1
            w.write(encode(Hello(PROTOCOL_VERSION, name=f"flood{stats['connects']}")))
            rt = asyncio.ensure_future(_count_pongs(r, stats))
            t = time.monotonic()
            try:
                while time.monotonic() < end and not rt.done():
                    t += 0.02
                    n = max(1, round(rate * 0.02))
                    for _ in range(n):
                        w.write(ping)
                    stats["sent"] += n
                    await asyncio.sleep(max(0.0, t - time.monotonic()))
            except (OSError, ConnectionError):
                pass
            finally:
                rt.cancel()
                w.close()

    await asyncio.gather(*[one() for _ in range(conns)], return_exceptions=True)
    return stats


def flood(conns: int, rate: float, seconds: float, options: list[str], game: str | None = None) -> dict[str, Any]:
    game = game or registry.names()[0]
    seats = registry.spec(game).seats
    tmp = tempfile.mkdtemp(prefix="qilu-bench-")
    port_file = os.path.join(tmp, "port")
    log_path = os.path.join(tmp, "table.jsonl")
    opts = [x for o in options for x in ("--option", o)]
    host = subprocess.Popen(_py() + ["engine.net.host", "--game", game, "--port", "0", "--bind", "127.0.0.1",
                                     "--no-discovery", "--games", "0", "--port-file", port_file, "--log", log_path,
                                     *opts], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    procs: list[subprocess.Popen[Any]] = [host]

    def lines() -> int:
        try:
            with open(log_path, "rb") as f:
                return sum(1 for _ in f)
        except OSError:
            return 0

    def window(sec: float) -> dict[str, float]:
        a, c0, t0 = lines(), _cpu_s(host.pid), time.monotonic()
        time.sleep(sec)
        n = max(1, lines() - a)
        return {"states_per_s": round(n / (time.monotonic() - t0), 1),
                "host_cpu_ms_per_state": round((_cpu_s(host.pid) - c0) * 1000 / n, 3)}

    try:
        port = _wait_port(port_file, host)
        for i in range(seats):
            procs.append(subprocess.Popen(_py() + ["engine.net.client", "--connect", f"127.0.0.1:{port}", "--seat",
                                                   str(i), "--name", f"c{i}", "--seed", str(i)],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(3.0)
        before = window(seconds)
        flooder = subprocess.Popen(_py() + ["engine.net.bench", "flooder", str(port), str(conns), str(rate),
                                            str(seconds + 2)], stdout=subprocess.PIPE, text=True)
        procs.append(flooder)
        time.sleep(1.0)
        during = window(seconds)
        out, _ = flooder.communicate(timeout=seconds + 60)
        after = window(seconds)
        return {"figure": f"{game} table of {seats} bot-client processes, before / during / after a ping flood",
                "flood": {"conns": conns, "rate_per_conn": rate, **json.loads(out)},
                "before": before, "during": during, "after": after,
                "ratio_during": round(during["states_per_s"] * 2 / (before["states_per_s"] + after["states_per_s"]),
                                      2), "cpus": os.cpu_count()}
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["flooder"]:
        port, conns, rate, secs = argv[1:5]
        print(json.dumps(asyncio.run(ping_flood(int(port), int(conns), float(rate), float(secs)))), flush=True)
        return 0
    p = argparse.ArgumentParser(prog="python -m engine.net.bench")
    p.add_argument("what", choices=["latency", "memory", "flood"])
    p.add_argument("--games", type=int)
    p.add_argument("--conns", type=int, default=20, help="flood: connections")
    p.add_argument("--rate", type=float, default=105.0, help="flood: pings per second per connection")
    p.add_argument("--seconds", type=float, default=6.0, help="flood: length of each measuring window")
    p.add_argument("--bot", default="heuristic")
    p.add_argument("--option", action="append", default=[])
    p.add_argument("--game", default=registry.names()[0], choices=registry.names())
    args = p.parse_args(argv)
    if args.what == "latency":
        out = latency(args.games or 1, args.bot, args.option, args.game)
    elif args.what == "flood":
        spec = registry.spec(args.game)
        short = [f"{spec.match_option}=1"] if spec.match_option else []
        out = flood(args.conns, args.rate, args.seconds, args.option or short, args.game)
    else:
        spec = registry.spec(args.game)
        short = [f"{spec.match_option}=1"] if spec.match_option else []  # one set per game: many games
        out = memory(args.games or 200, args.bot, args.option or short, args.game)
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
