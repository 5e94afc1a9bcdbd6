"""A LAN client: joins a table, keeps its seat's view in sync, sends intents, reconnects with its token.

``Client`` runs on an asyncio loop; ``ClientThread`` runs one in a daemon thread for the desktop app
(thread-safe calls in, ``on_message`` callback out). ``python -m engine.net.client`` is a headless bot.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import random
import secrets
import socket
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, BinaryIO

import msgspec

from engine import games
from engine.core import Action
from engine.net.bots import NetBot, make_bot
from engine.net.legal import complete
from engine.net.protocol import (
    MAX_HOST_FRAME,
    PROTOCOL_VERSION,
    ActionMsg,
    Auto,
    Chat,
    ChatFrom,
    Closing,
    Entropy,
    Hello,
    HostMsg,
    Intent,
    Join,
    Leave,
    Next,
    Notice,
    Ping,
    Pong,
    ProtocolError,
    Refused,
    Rejoin,
    Seated,
    Sync,
    Table,
    TableInfo,
    Update,
    Welcome,
    decode_host,
    encode,
    read_frame,
)

log = logging.getLogger("qilu.net.client")

#: Closing codes after which reconnecting is pointless. (``busy`` is not one: the table was full of
#: connections without a seat; the client retries it with backoff for its whole ``reconnect_for`` window.)
FINAL_CODES = frozenset({"version", "handshake", "token", "replaced", "bye", "stopping", "seat"})
#: Backoff between ``busy`` retries: first delay, factor, longest delay (seconds); each delay is jittered.
BUSY_BACKOFF = (0.05, 2.0, 2.0)


def parse_addr(text: str, default_port: int = 0) -> tuple[str, int]:
    """``host:port`` (or ``[v6]:port``) -> (host, port)."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest.lstrip(":")
    else:
        host, _, port = text.rpartition(":") if ":" in text else (text, "", "")
    return host or "127.0.0.1", int(port) if port else default_port


class Client:
    """One connection to a host, with reconnection. Callbacks run on the client's loop."""

    def __init__(self, host: str, port: int, name: str = "", *, seat: int | None = None, token: str | None = None,
                 auto_seat: bool = False, on_message: Callable[[Client, HostMsg], None] | None = None,
                 reconnect: bool = True, reconnect_for: float = 120.0, idle_timeout: float = 20.0,
                 frame_timeout: float = 10.0, heartbeat: float = 5.0, proto: int = PROTOCOL_VERSION,
                 on_frame: Callable[[bytes], None] | None = None,
                 entropy: Callable[[int], bytes] | None = None) -> None:
        """``entropy(deal)``: the 32 bytes this seat contributes to a deal (default: fresh random bytes)."""
        self.host, self.port, self.name = host, port, name
        self.entropy = entropy or (lambda deal: secrets.token_bytes(32))
        self.first_deal_bound: str | None = None  # 验证洗牌: SHA256 of this match's first host secret
        self._pending_bound: str | None = None
        self.want_seat = seat
        self.seat: int | None = seat if token else None
        self.token = token
        self.auto_seat = auto_seat
        self.on_message = on_message
        self.on_frame = on_frame
        self.reconnect = reconnect
        self.reconnect_for = reconnect_for
        self.idle_timeout = idle_timeout
        self.frame_timeout = frame_timeout
        self.heartbeat = heartbeat
        self.proto = proto
        self.table: TableInfo | None = None
        self.sid = 0
        self.view: dict[str, Any] | None = None
        self.legal: list[ActionMsg] | None = None
        self.closing: Closing | None = None
        self.connected = asyncio.Event()
        self.stopped = False
        self.connects = 0
        self.busy_retries = 0  # sessions that ended with ``busy`` and were retried
        self.bot_fallbacks = 0  # set by run_bot: bot decisions that fell back to random
        self._writer: asyncio.StreamWriter | None = None
        self._last_sent = 0.0
        self.turn_timer = 0.0  # the host's move timer (TableInfo.turn_timer), 0: none
        # (seat whose move timer runs, when it runs out on this machine's monotonic clock), by the host's latest
        # figure; one attribute so that another thread reads both halves of the same figure
        self._turn: tuple[int, float] | None = None

    # ------------------------------------------------------------------------------------------ sending

    def send(self, msg: msgspec.Struct) -> None:
        w = self._writer
        if w is None or w.is_closing():
            return
        w.write(encode(msg))
        self._last_sent = time.monotonic()

    def act(self, action: ActionMsg) -> None:
        """Send an intent for the state we saw."""
        self.send(Intent(self.sid, action))

    def _join_msg(self, seat: int, name: str) -> Join:
        self._note_bound()
        return Join(seat, name, self.entropy(0).hex())  # 验证洗牌: for the match's first deal

    def _contribute(self, deal: int) -> None:
        if deal == 0:
            self._note_bound()
        self.send(Entropy(deal, self.entropy(deal).hex()))

    def _note_bound(self) -> None:
        """The next match's first host secret as bound before we contribute to it (TableInfo); it becomes
        ``first_deal_bound`` when that match's first deal is committed."""
        self._pending_bound = self.table.first_deal_bound if self.table is not None else None

    def _first_commit(self, events: list[dict[str, Any]]) -> None:
        if any(e.get("kind") == "shuffle_commit" and e.get("data", {}).get("deal") == 0 for e in events):
            self.first_deal_bound, self._pending_bound = self._pending_bound, None

    def join(self, seat: int, name: str | None = None) -> None:
        self.want_seat = seat
        self.send(self._join_msg(seat, name or self.name))

    def chat(self, phrase: str | None = None, text: str | None = None) -> None:
        self.send(Chat(phrase, text))

    def set_auto(self, on: bool) -> None:
        """托管 for this seat on or off (off takes the seat back from the host's bot)."""
        self.send(Auto(on))

    def next_hand(self) -> None:
        """Done with the last hand's results: the host, waiting at them for this seat, may go on."""
        self.send(Next())

    def waited_for(self) -> bool:
        """Whether the host waits at the last hand's results for this seat (``next_hand`` ends that)."""
        t = self.table
        return t is not None and self.seat is not None and self.seat in t.waiting

    def turn_clock(self) -> tuple[int, float] | None:
        """(the seat whose move timer runs, its seconds left now), counted down from the host's latest figure;
        None when no countdown runs."""
        turn = self._turn
        if turn is None:
            return None
        return turn[0], max(0.0, turn[1] - time.monotonic())

    def _clock(self, seat: Any, left: float | None) -> None:
        """The host sent the move timer's seconds left for ``seat`` (a duration: our clock counts it down)."""
        if left is None or not isinstance(seat, int):
            self._turn = None
        else:
            self._turn = (seat, time.monotonic() + max(0.0, float(left)))

    def leave(self) -> None:
        self.send(Leave())
        self.stopped = True

    def stop(self) -> None:
        self.stopped = True
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()

    # ----------------------------------------------------------------------------------------- running

    async def run(self) -> None:
        """Connect and stay connected (reconnecting with the token) until stopped or refused for good."""
        lost_at: float | None = None
        delay = 0.05
        busy_delay = BUSY_BACKOFF[0]
        while not self.stopped:
            try:
                reader, writer = await asyncio.open_connection(self.host, self.port, limit=2 ** 16)
            except OSError as exc:
                log.info("connect to %s:%s failed: %s", self.host, self.port, exc)
                if not self.reconnect or self.token is None and self.connects > 0:
                    raise
                if lost_at is None:
                    lost_at = time.monotonic()
                if time.monotonic() - lost_at > self.reconnect_for:
                    raise
                await asyncio.sleep(delay)
                delay = min(1.0, delay * 2)
                continue
            delay = 0.05
            self.connects += 1
            await self._session(reader, writer)
            busy = self.closing is not None and self.closing.code == "busy"
            if self.closing is not None and self.closing.code in FINAL_CODES:
                break
            if not self.reconnect or (self.token is None and not busy):
                break
            if not busy:
                lost_at, busy_delay = None, BUSY_BACKOFF[0]  # that session got in: a fresh window
            if lost_at is None:
                lost_at = time.monotonic()
            if time.monotonic() - lost_at > self.reconnect_for:
                log.info("giving up after %.0f s", self.reconnect_for)
                break
            if busy:
                self.busy_retries += 1
                log.info("table busy; retrying in %.2f s", busy_delay)
                await asyncio.sleep(busy_delay * random.uniform(0.5, 1.0))
                busy_delay = min(BUSY_BACKOFF[2], busy_delay * BUSY_BACKOFF[1])
            else:
                log.info("connection lost; reconnecting to seat %s", self.seat)

    async def _session(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writer = writer
        with contextlib.suppress(Exception):
            writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.closing = None
        if self.token is not None and self.seat is not None:
            # Coming back to a seat: the rejoin follows the hello at once (no round trip in which a crowd of
            # lurkers could push us out), and the seat already has its name.
            self.send(Hello(self.proto, name=""))
            self.send(Rejoin(self.seat, self.token))
        else:
            self.send(Hello(self.proto, name=self.name))
        pinger = asyncio.ensure_future(self._ping_loop())
        try:
            while not self.stopped:
                body = await read_frame(reader, MAX_HOST_FRAME, self.idle_timeout, self.frame_timeout)
                if self.on_frame is not None:
                    self.on_frame(body)
                msg = decode_host(body)
                self._handle(msg)
                if self.on_message is not None:
                    self.on_message(self, msg)
                if isinstance(msg, Closing):
                    break
        except ProtocolError as exc:
            log.info("closing: %s", exc.reason)
            with contextlib.suppress(Exception):
                self.send(Closing(exc.reason, exc.code))
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        finally:
            pinger.cancel()
            self.connected.clear()
            self._writer = None
            with contextlib.suppress(Exception):
                writer.close()

    async def _ping_loop(self) -> None:
        n = 0
        while True:
            await asyncio.sleep(self.heartbeat)
            if time.monotonic() - self._last_sent >= self.heartbeat * 0.9:
                n += 1
                self.send(Ping(n))

    def _handle(self, msg: HostMsg) -> None:
        if isinstance(msg, Update):
            self.sid = msg.sid
            hist = self.view.get("history", []) if self.view is not None else []
            view = dict(msg.view)
            view["history"] = list(hist) + list(msg.events)
            self.view = view
            self.legal = msg.legal
            self._clock(view.get("to_act"), msg.turn_left)
            self._first_commit(list(msg.events))
            for ev in msg.events:  # 验证洗牌: contribute to the next deal as soon as this one is committed
                if ev.get("kind") == "shuffle_commit":
                    self._contribute(int(ev["data"]["deal"]) + 1)
                elif ev.get("kind") == "game_over":
                    self._contribute(0)  # the first deal of the next match
        elif isinstance(msg, Sync):
            self.sid = msg.sid
            self.view = msg.view
            self.legal = msg.legal
            self._clock(msg.view.get("to_act"), msg.turn_left)
            if self._pending_bound is not None:
                self._first_commit(list(msg.view.get("history") or []))
        elif isinstance(msg, Ping):
            self.send(Pong(msg.n))
        elif isinstance(msg, Welcome):
            self.table = msg.table
            self._table_clock(msg.table)
            self.connected.set()
            if self.token is not None and self.seat is not None:
                pass  # the rejoin went with the hello
            elif self.want_seat is not None:
                self.send(self._join_msg(self.want_seat, self.name or f"Player {self.want_seat + 1}"))
            elif self.auto_seat:
                free = msg.table.free_seats()
                if free:
                    self.send(self._join_msg(free[0], self.name or f"Player {free[0] + 1}"))
        elif isinstance(msg, Table):
            self.table = msg.table
            self._table_clock(msg.table)
        elif isinstance(msg, Seated):
            self.seat, self.token = msg.seat, msg.token
        elif isinstance(msg, Refused):
            if msg.code == "taken" and self.auto_seat and self.table is not None and self.token is None:
                free = [s for s in self.table.free_seats() if s != self.want_seat]
                if free:
                    self.want_seat = free[0]
                    self.send(self._join_msg(free[0], self.name or f"Player {free[0] + 1}"))
        elif isinstance(msg, Closing):
            self.closing = msg


    def _table_clock(self, table: TableInfo) -> None:
        self.turn_timer = table.turn_timer
        self._clock(table.turn_seat, table.turn_left)


def write_private(path: str, text: str) -> None:
    """Write ``text`` to ``path`` atomically, readable by this user only (0600): a seat token is a secret.
    (On Windows the mode bits are ignored; the per-user folder keeps it private.)"""
    tmp = path + ".tmp"
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp)  # a leftover of another user's mode must not be reused
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


# ------------------------------------------------------------------------------------------- bot policy


class ClientBot:
    """Plays a seat from its view and legal actions (``engine.bots`` when present, else random legal)."""

    def __init__(self, level: str = "heuristic", seed: int | None = None) -> None:
        self.level = level
        self.seed = seed
        self.bots: dict[str, NetBot] = {}
        self.fallbacks = 0  # decisions that fell back to a random legal action (a bot error)
        self.rng = random.Random(seed)
        self._rules: Any = None
        self._game: tuple[str, str] | None = None

    def _to_action(self, seat: int, m: ActionMsg, table: TableInfo | None) -> Action:
        play = None
        if m.play is not None:
            if table is None:
                raise ValueError("no table")
            key = (table.game, json.dumps(table.options, sort_keys=True))
            if self._game != key:
                self._rules = games.rules(table.game, table.options)
                self._game = key
            play = self._rules.parse(m.play)
        return Action(seat, m.kind, play, m.arg)

    def choose(self, client: Client) -> ActionMsg | None:
        legal, view, seat = client.legal, client.view, client.seat
        if not legal or view is None or seat is None:
            return None
        try:
            game = str(view.get("game", ""))
            # the host sends at most LEGAL_SENT actions: a larger set is rebuilt from this seat's view
            actions = complete(game, view, [self._to_action(seat, m, client.table) for m in legal])
            bot = self.bots.get(game)
            if bot is None:
                bot = self.bots[game] = make_bot(self.level, self.seed, game)
            chosen = bot.choose(view, actions)
            return ActionMsg.from_action(chosen)
        except Exception:  # noqa: BLE001 - fall back to a random legal action
            log.exception("bot failed; playing a random legal action")
            self.fallbacks += 1
            return self.rng.choice(legal)


# ---------------------------------------------------------------------------------------- thread API


class ClientThread:
    """A ``Client`` on its own asyncio loop in a daemon thread — the desktop app's LAN client.

    ``on_message(msg)`` is called on the network thread with each decoded, immutable host message
    (``Welcome``, ``Table``, ``Seated``, ``Sync``, ``Update``, ``Refused``, ``ChatFrom``, ``Notice``,
    ``Closing``); after ``Sync``/``Update`` the ``view()`` snapshot is current. Calls are thread-safe.
    """

    def __init__(self, addr: str, name: str = "", *, seat: int | None = None, token: str | None = None,
                 on_message: Callable[[HostMsg], None] | None = None, on_closed: Callable[[str], None] | None = None,
                 reconnect_for: float = 120.0) -> None:
        host, port = parse_addr(addr)
        self._cb = on_message
        self._on_closed = on_closed
        self.client = Client(host, port, name, seat=seat, token=token, on_message=self._relay,
                             reconnect_for=reconnect_for)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._view: dict[str, Any] | None = None
        self.error: str | None = None

    def _relay(self, client: Client, msg: HostMsg) -> None:
        if isinstance(msg, (Sync, Update)):
            with self._lock:
                self._view = client.view
        if self._cb is not None:
            try:
                self._cb(msg)
            except Exception:  # noqa: BLE001
                log.exception("on_message callback failed")

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="qilu-client", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            loop.run_until_complete(self.client.run())
        except Exception as exc:  # noqa: BLE001 - reported through on_closed
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            loop.close()
            reason = self.client.closing.reason if self.client.closing else (self.error or "disconnected")
            if self._on_closed is not None:
                with contextlib.suppress(Exception):
                    self._on_closed(reason)

    def _call(self, fn: Callable[[], None]) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(fn)

    def join(self, seat: int, name: str) -> None:
        self._call(lambda: self.client.join(seat, name))

    def act(self, action: ActionMsg | dict[str, Any]) -> None:
        m = action if isinstance(action, ActionMsg) else ActionMsg(action["kind"], action.get("play"), action.get("arg"))
        self._call(lambda: self.client.act(m))

    def chat(self, phrase: str | None = None, text: str | None = None) -> None:
        self._call(lambda: self.client.chat(phrase, text))

    def leave(self) -> None:
        self._call(self.client.leave)

    def set_auto(self, on: bool) -> None:
        self._call(lambda: self.client.set_auto(on))

    def next_hand(self) -> None:
        self._call(self.client.next_hand)

    def turn_clock(self) -> tuple[float, tuple[int, float] | None]:
        """The host's move timer: (its length in seconds, 0 for none; (the seat whose clock runs, its seconds
        left now) or None), as the latest message from the host said."""
        c = self.client
        return c.turn_timer, c.turn_clock()

    def stop(self, timeout: float = 5.0) -> None:
        self._call(self.client.stop)
        if self._thread is not None:
            self._thread.join(timeout)

    def view(self) -> dict[str, Any] | None:
        with self._lock:
            return self._view

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def token(self) -> str | None:
        return self.client.token


# ----------------------------------------------------------------------------------------------- CLI


def record_frames(data: bytes) -> tuple[list[bytes], int]:
    """The whole frames of a ``--record`` file and where the last one ends (a torn frame after it is dropped)."""
    out: list[bytes] = []
    i = 0
    while i + 4 <= len(data):
        n = int.from_bytes(data[i:i + 4], "big")
        if i + 4 + n > len(data):
            break
        out.append(data[i + 4:i + 4 + n])
        i += 4 + n
    return out, i


def open_record(path: str) -> BinaryIO:
    """Open a frame record for appending, first cutting off a frame torn when the last writer was killed mid-write.

    Without the cut, the next frame's length would be read as the torn frame's body."""
    f = open(path, "ab")  # noqa: SIM115 - the caller closes it
    if f.tell():
        with open(path, "rb") as r:
            _, end = record_frames(r.read())
        f.truncate(end)
    return f


async def run_bot(host: str, port: int, *, name: str = "", level: str = "heuristic", seat: int | None = None,
                  token: str | None = None, token_file: str | None = None, games_: int = 0,
                  record: str | None = None, timing: str | None = None, think: float = 0.0,
                  seed: int | None = None, reconnect_for: float = 60.0, frames: list[bytes] | None = None,
                  client_out: list[Client] | None = None,
                  entropy: Callable[[int], bytes] | None = None) -> Client:
    """A bot client: takes a seat, plays whenever it is to act, exits after the last match."""
    if token_file and os.path.exists(token_file) and token is None:
        with open(token_file) as f:
            saved = json.load(f)
        seat, token = int(saved["seat"]), str(saved["token"])
    bot = ClientBot(level, seed)
    rec = open_record(record) if record else None
    times: dict[int, float] = {}
    acted: dict[int, float] = {}
    done = asyncio.Event()
    pending: list[asyncio.Task[None]] = []

    def on_frame(body: bytes) -> None:
        if frames is not None:
            frames.append(body)
        if rec is not None:
            rec.write(len(body).to_bytes(4, "big") + body)
            rec.flush()

    async def decide(c: Client, sid: int) -> None:
        if think > 0:
            await asyncio.sleep(think)
        if c.sid != sid:
            return
        choice = bot.choose(c)
        if choice is not None and c.sid == sid:
            if timing:
                acted[sid] = time.monotonic()
            c.act(choice)

    def on_message(c: Client, msg: HostMsg) -> None:
        if isinstance(msg, Seated) and token_file:
            write_private(token_file, json.dumps({"seat": msg.seat, "token": msg.token}))
        if isinstance(msg, (Update, Sync)):
            if timing:
                times[msg.sid] = time.monotonic()
            if msg.legal:
                pending.append(asyncio.ensure_future(decide(c, msg.sid)))
                del pending[:-4]
        if isinstance(msg, Refused) and msg.code == "illegal" and c.legal:
            pending.append(asyncio.ensure_future(decide(c, c.sid)))
        if isinstance(msg, Table) and c.waited_for():
            c.next_hand()  # a bot reads no results
        if isinstance(msg, Table) and msg.table.status == "over" and games_ and msg.table.match >= games_:
            done.set()
        if isinstance(msg, Notice):
            log.info("notice: %s", msg.text)
        if isinstance(msg, ChatFrom):
            log.info("chat from %s", msg.name)

    client = Client(host, port, name, seat=seat, token=token, auto_seat=seat is None, on_message=on_message,
                    on_frame=on_frame, reconnect_for=reconnect_for, entropy=entropy)
    if client_out is not None:
        client_out.append(client)
    runner = asyncio.ensure_future(client.run())
    waiter = asyncio.ensure_future(done.wait())
    try:
        await asyncio.wait({runner, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if waiter.done():
            client.leave()
            await asyncio.sleep(0.05)
            client.stop()
        if runner.done() and runner.exception() is not None:
            raise runner.exception()  # type: ignore[misc]
    finally:
        client.bot_fallbacks = bot.fallbacks
        runner.cancel()
        waiter.cancel()
        if rec is not None:
            rec.close()
        if timing:
            with open(timing, "w") as f:
                json.dump({"seat": client.seat, "recv": times, "acted": acted}, f)
    return client


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.net.client", description="Join a Qilu Cards LAN table as a bot.")
    p.add_argument("--connect", required=True, metavar="HOST:PORT")
    p.add_argument("--bot", default="heuristic", help="bot level")
    p.add_argument("--name", default="")
    p.add_argument("--seat", type=int, help="the seat to take (default: the first free one)")
    p.add_argument("--token", help="rejoin --seat with this token")
    p.add_argument("--token-file", help="remember seat and token here; rejoin with them when the file exists")
    p.add_argument("--games", type=int, default=0, help="leave after this many matches (0: when the host closes)")
    p.add_argument("--think", type=float, default=0.0, help="seconds to wait before each action")
    p.add_argument("--record", help=argparse.SUPPRESS)  # tests: every frame received, length-prefixed
    p.add_argument("--timing", help=argparse.SUPPRESS)  # tests: receive times per state id
    p.add_argument("--seed", type=int)
    p.add_argument("--reconnect-for", type=float, default=60.0)
    p.add_argument("--game-module", action="append", default=[], help=argparse.SUPPRESS)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    from engine.net.host import register_game_module

    for spec in args.game_module:
        register_game_module(spec)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s client %(message)s")
    host, port = parse_addr(args.connect)
    try:
        client = asyncio.run(run_bot(host, port, name=args.name or f"bot-{os.getpid()}", level=args.bot,
                                     seat=args.seat, token=args.token, token_file=args.token_file,
                                     games_=args.games, record=args.record, timing=args.timing, think=args.think,
                                     seed=args.seed, reconnect_for=args.reconnect_for))
    except (OSError, ProtocolError) as exc:
        print(f"cannot connect: {exc}", file=sys.stderr)
        return 2
    if client.closing is not None and client.closing.code not in ("bye", "stopping"):
        print(f"closed by host: {client.closing.reason}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
