"""Helpers for the network tests: an in-process host, bot clients, and the leak oracle.

Everything binds 127.0.0.1 only; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import msgspec

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from engine import games  # noqa: E402
from engine.log import apply_side_record, state_kwargs  # noqa: E402
from engine.net.client import record_frames  # noqa: E402
from engine.net.host import LEGAL_SENT, Host, HostConfig, full_view, register_game_module, update_view  # noqa: E402
from engine.net.protocol import PROTOCOL_VERSION, ActionMsg, Sync, Update, decode_host  # noqa: E402
from engine.net.secrecy import scrub  # noqa: E402


@contextlib.contextmanager
def toy_game() -> Iterator[None]:
    """Register the toy game in ``engine.games`` for the duration (never leaks into other test suites)."""
    added = "toy" not in games.GAMES
    if added:
        register_game_module("toy=toygame:4")
    try:
        yield
    finally:
        if added:
            games.GAMES.pop("toy", None)
            games.SEATS.pop("toy", None)


_TOY: dict[int, contextlib.ExitStack] = {}


async def start_host(notify: Any = None, **kw: Any) -> tuple[Host, asyncio.Task[None]]:
    kw.setdefault("bind", "127.0.0.1")
    kw.setdefault("discovery", False)
    stack = contextlib.ExitStack()
    if kw.get("game") == "toy":
        stack.enter_context(toy_game())
    try:
        host = Host(HostConfig(**kw), notify)
    except BaseException:
        stack.close()
        raise
    _TOY[id(host)] = stack
    task = asyncio.ensure_future(host.serve())
    for _ in range(1000):
        if host.server is not None:
            break
        if task.done():
            task.result()
        await asyncio.sleep(0.005)
    assert host.server is not None
    return host, task


async def until(pred: Any, timeout: float, what: str) -> None:
    """Poll ``pred`` every 10 ms for at most ``timeout`` seconds (then fail, naming ``what``)."""
    end = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


async def stop_host(host: Host, task: asyncio.Task[None]) -> None:
    host.stop()
    try:
        await asyncio.wait_for(task, 5)
    finally:
        stack = _TOY.pop(id(host), None)
        if stack is not None:
            stack.close()


async def drop_and_rejoin(host: Host, plays: int = 30, **client_kw: Any) -> tuple[dict[str, Any], list[Any], str, bool]:
    """Seat 0 sits, drops, waits out the grace until a bot plays it (托管) for ``plays`` more states, then comes
    back with its token: (the Sync's view, the notices heard on return, the token, whether 托管 was still on
    once the Sync came). ``client_kw`` goes to both clients (e.g. ``on_frame``); ``entropy`` to the first."""
    from engine.net.client import Client
    from engine.net.protocol import Notice
    entropy = client_kw.pop("entropy", None)
    c = Client("127.0.0.1", host.port, "p", seat=0, reconnect=False, **client_kw,
               **({"entropy": entropy} if entropy is not None else {}))
    runner = asyncio.ensure_future(c.run())
    async with asyncio.timeout(10):
        while c.view is None:
            await asyncio.sleep(0.01)
    token = c.token
    assert token
    c.stop()
    await asyncio.wait_for(runner, 5)
    async with asyncio.timeout(20):
        while not host.seats[0].auto:
            await asyncio.sleep(0.01)
    sid = host.sid
    async with asyncio.timeout(20):
        while host.sid < sid + plays:   # the bot plays seat 0 on: the deal goes on without it
            await asyncio.sleep(0.01)
    notices: list[Notice] = []
    syncs: list[Sync] = []

    def on(cl: Client, m: Any) -> None:
        if isinstance(m, Notice):
            notices.append(m)
        if isinstance(m, Sync):
            syncs.append(m)

    c2 = Client("127.0.0.1", host.port, "p", seat=0, token=token, reconnect=False, on_message=on, **client_kw)
    runner = asyncio.ensure_future(c2.run())
    async with asyncio.timeout(10):
        while not syncs:
            await asyncio.sleep(0.01)
    still_auto = host.seats[0].auto
    c2.stop()
    await asyncio.wait_for(runner, 5)
    return syncs[0].view, notices, token, still_auto


def roundtrip(obj: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(obj))


def subprocess_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([ROOT, HERE, env.get("PYTHONPATH", "")])
    return env


def read_record(path: str) -> list[bytes]:
    """Frames recorded by ``python -m engine.net.client --record``."""
    if not os.path.exists(path):
        return []
    with open(path, "rb") as f:
        return record_frames(f.read())[0]


def _walk_lists(obj: Any, seat: int, game: str, key: str = "") -> Iterator[tuple[str, ...]]:
    """Every list of strings in a decoded message, except the G-70 teammate hands a seat may see."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if key == "team_hands" and game == "gouji":
                from engine.gouji.table import teammates

                if int(k) in teammates(seat):
                    continue
            yield from _walk_lists(v, seat, game, str(k))
    elif isinstance(obj, list):
        if obj and all(isinstance(x, str) for x in obj):
            yield tuple(obj)
        for v in obj:
            yield from _walk_lists(v, seat, game, key)


def _where(frames: list[bytes], h: tuple[str, ...]) -> str:
    def find(obj: Any, path: str) -> str | None:
        if isinstance(obj, dict):
            for k, v in obj.items():
                r = find(v, f"{path}.{k}")
                if r:
                    return r
        elif isinstance(obj, list):
            if tuple(obj) == h and "team_hands" not in path:
                return path
            for i, v in enumerate(obj):
                r = find(v, f"{path}[{i}]")
                if r:
                    return r
        return None

    for body in frames:
        r = find(msgspec.json.decode(body), "")
        if r:
            return r
    return "?"


def check_no_leak(log_path: str, frames: dict[int, list[bytes]], tokens: dict[int, str]) -> dict[str, int]:
    """The leak oracle. Replays the host's table log (which holds the seeds and every hand) and checks every
    frame each seat's client received:

    * no deal seed and no other seat's token appears anywhere in the bytes;
    * the data of every event that seat may not see (another seat's deal, a tribute it is not party to,
      a private choice) appears nowhere in its bytes;
    * no other seat's hand (4+ cards, at any moment of the match) appears as a card list anywhere in its
      messages (the G-70 teammate hands excepted), unless it equals a hand the seat itself held;
    * every view/event/legal list it received equals exactly what the engine gives that seat at that state;
    * 验证洗牌: no deal's seed, nonce or host secret appears in a seat's bytes before the frame that carries
      that deal's public ``shuffle_reveal`` (and never for a deal not revealed yet).
    """
    with open(log_path, encoding="utf-8") as f:
        lines = [ln for ln in f.read().splitlines() if ln.strip()]
    blobs = {s: b"\n".join(fr) for s, fr in frames.items()}
    by_sid: dict[int, dict[int, list[Any]]] = {s: defaultdict(list) for s in frames}
    for s, fr in frames.items():
        for body in fr:
            msg = decode_host(body)
            if isinstance(msg, (Sync, Update)):
                by_sid[s][msg.sid].append(msg)
    seeds: list[int] = []
    deal_secrets: dict[tuple[int, int], list[bytes]] = {}  # (match, deal) -> seed, nonce, host secret (hex)
    hands: dict[int, set[tuple[str, ...]]] = defaultdict(set)
    private: list[tuple[tuple[int, ...], bytes]] = []
    visible_data: dict[int, set[bytes]] = defaultdict(set)
    shown: dict[int, set[tuple[str, ...]]] = defaultdict(set)  # card lists in events the seat may see
    stats = {"frames": sum(len(f) for f in frames.values()), "checked_msgs": 0, "bytes": sum(map(len, blobs.values()))}
    state: Any = None
    game = ""
    sid = 0

    def snapshot(events: list[Any] | None) -> None:
        for o in range(state.n_seats):
            h = tuple(state.view(o).get("hand") or ())
            if len(h) >= 4:
                hands[o].add(h)
        for s in frames:
            for msg in by_sid[s].get(sid, ()):
                stats["checked_msgs"] += 1
                if isinstance(msg, Sync):
                    assert msg.view == roundtrip(full_view(state, s)), f"seat {s} sync view differs at {sid}"
                else:
                    assert msg.view == roundtrip(update_view(state, s)), f"seat {s} update view differs at {sid}"
                    assert events is not None
                    assert msg.events == roundtrip([scrub(e.to_json()) for e in events if e.visible_to(s)])
                assert msg.view.get("seat") == s
                received = msg.view.get("history", []) if isinstance(msg, Sync) else msg.events
                for ev in received:  # every event a seat receives is public or addressed to it
                    assert ev.get("to") is None or s in ev["to"], f"seat {s} got an event for {ev.get('to')}"
                if game == "baohuang":
                    guard = getattr(state, "guard", None)
                    if guard is not None and guard != s and not getattr(state, "guard_public", False):
                        # 暗保: nobody but the guard learns who the guard is
                        stats["hidden_guard_msgs"] = stats.get("hidden_guard_msgs", 0) + 1
                        assert msg.view.get("guard") is None and msg.view.get("role") != "guard"
                        assert str(guard) not in json.dumps(msg.view.get("guard")), "guard identity leaked"
                if state.to_act == s and not state.is_over:
                    offered = itertools.islice(state.legal_actions(s), LEGAL_SENT)   # the host sends at most these
                    want = sorted(msgspec.json.encode(ActionMsg.from_action(a)) for a in offered)
                    assert msg.legal is not None
                    assert sorted(msgspec.json.encode(m) for m in msg.legal) == want
                else:
                    assert msg.legal is None

    def note_events(events: list[Any]) -> None:
        for e in events:
            data = msgspec.json.encode(e.data)
            if e.to is None:
                for s in frames:
                    visible_data[s].add(data)
                    shown[s].update(_walk_lists(e.data, s, ""))
            else:
                for s in e.to:
                    visible_data[s].add(data)
                    shown[s].update(_walk_lists(e.data, s, ""))
                private.append((e.to, data))

    for line in lines:
        rec = json.loads(line)
        if "log" in rec:
            game = rec["game"]
            seeds.append(int(rec["seed"]))
            state = games.new_state(game, int(rec["seed"]), rec.get("options") or {}, **state_kwargs(rec))
            sid += 1
            note_events(list(state.history))
            snapshot(None)
        elif "a" in rec:
            events = state.apply(state.action_from_json(rec["a"]))
            sid += 1
            note_events(events)
            snapshot(events)
        elif "x" in rec:  # a seat's contribution to a later deal
            apply_side_record(state, rec)
        fair = getattr(state, "fair", None)
        for k in range(fair.dealt if fair is not None else 0):
            sh = fair.shuffle_for(k)
            deal_secrets[(len(seeds), k)] = [sh.seed.hex().encode(), sh.nonce.hex().encode(), sh.secret.hex().encode()]
    own: dict[int, set[tuple[str, ...]]] = hands
    every_secret = {v for values in deal_secrets.values() for v in values}
    for s, fr in frames.items():
        revealed: set[bytes] = set()  # the shuffle secrets this seat has received in a shuffle_reveal so far
        for body in fr:
            msg = msgspec.json.decode(body)
            evs = msg.get("events") or (msg.get("view") or {}).get("history") or []
            now = {str(e["data"][k]).encode() for e in evs if e.get("kind") == "shuffle_reveal"
                   for k in ("shuffle_seed", "nonce", "host_secret")}
            for v in every_secret - revealed - now:
                assert v not in body, f"seat {s} received a deal's shuffle secret before its reveal"
            revealed |= now
            stats["reveals"] = stats.get("reveals", 0) + len(now) // 3
    for s, blob in blobs.items():
        for seed in seeds:
            assert str(seed).encode() not in blob, f"seat {s} received a deal seed"
        for o, tok in tokens.items():
            if o != s:
                assert tok.encode() not in blob, f"seat {s} received seat {o}'s token"
        for to, data in private:
            if s not in to and data not in visible_data[s] and len(data) > 12:
                assert data not in blob, f"seat {s} received a private event of seats {to}"
        seen: set[tuple[str, ...]] = set()
        for body in frames[s]:
            seen.update(_walk_lists(msgspec.json.decode(body), s, game))
        for o, hs in hands.items():
            if o == s:
                continue
            for h in hs:
                if h in seen and h not in own[s] and h not in shown[s]:
                    raise AssertionError(f"seat {s} received seat {o}'s hand: {_where(frames[s], h)}")
    return stats


# ------------------------------------------------------------------------------------------ raw sockets


async def raw(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 5)


def frame(obj: Any) -> bytes:
    body = obj if isinstance(obj, bytes) else msgspec.json.encode(obj)
    return len(body).to_bytes(4, "big") + body


HELLO = {"t": "hello", "proto": PROTOCOL_VERSION, "app": "qilu-cards", "name": "raw"}


async def read_all(reader: asyncio.StreamReader, timeout: float = 5.0) -> list[Any]:
    """Every message until the host closes the connection (bounded by ``timeout``)."""
    out: list[Any] = []
    try:
        async with asyncio.timeout(timeout):
            while True:
                head = await reader.readexactly(4)
                body = await reader.readexactly(int.from_bytes(head, "big"))
                out.append(decode_host(body))
    except (asyncio.IncompleteReadError, ConnectionError, TimeoutError):
        pass
    return out


async def read_until(reader: asyncio.StreamReader, kind: type, timeout: float = 5.0) -> list[Any]:
    out: list[Any] = []
    async with asyncio.timeout(timeout):
        while True:
            head = await reader.readexactly(4)
            body = await reader.readexactly(int.from_bytes(head, "big"))
            msg = decode_host(body)
            out.append(msg)
            if isinstance(msg, kind):
                return out
