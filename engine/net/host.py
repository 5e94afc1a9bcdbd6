"""The authoritative LAN host: runs the engine, validates every intent, sends each seat only its own view.

``Host`` lives on one asyncio loop (every method below runs on it; no locks). ``HostServer`` runs a
``Host`` in a background thread for the desktop app: thread-safe calls in, a callback out.
``python -m engine.net.host`` runs a table headless.

Secrecy: the only game data that leaves the host are ``state.view(seat)`` and the events
``visible_to(seat)``, each sent only to the connection that holds that seat. The deal seed and the seat
tokens stay in memory and in the table log on the host; log lines name connections, seats, sizes and
reasons, never message contents.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import concurrent.futures
import contextlib
import hmac
import itertools
import json
import logging
import os
import secrets
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgspec

from engine import fairness, games, plays
from engine.api import hand_key
from engine.core import Action, Event
from engine.errors import RuleError
from engine.net import discovery as disc
from engine.net import tablelog
from engine.net.bots import NetBot, make_bot
from engine.net.legal import LEGAL_SENT as LEGAL_SENT  # re-exported: tests and tools read it here
from engine.net.protocol import (
    APP,
    MAX_CHAT,
    MAX_CLIENT_FRAME,
    MAX_NAME,
    PHRASES,
    PROTOCOL_VERSION,
    ActionMsg,
    Auto,
    Chat,
    ChatFrom,
    Closing,
    Entropy,
    Hello,
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
    SeatInfo,
    Sync,
    Table,
    TableInfo,
    Update,
    Welcome,
    clean_text,
    decode_client,
    encode,
    read_frame,
)
from engine.net.secrecy import scrub

log = logging.getLogger("qilu.net.host")
T = TypeVar("T")


@dataclass
class SeatSpec:
    """How a seat starts: ``open`` (a LAN player may take it), ``bot`` (with ``level``), ``human`` (reserved
    for a named local player, e.g. the host's own)."""

    kind: str = "open"
    level: str = "heuristic"
    name: str = ""


@dataclass
class HostConfig:
    game: str = field(default_factory=lambda: games.names()[0])
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[SeatSpec] | None = None  # None: every seat open
    bind: str = "0.0.0.0"
    port: int = 0
    host_name: str = field(default_factory=socket.gethostname)
    grace: float = 30.0  # a dropped player's seat waits this long before a bot plays it (托管)
    turn_timer: float = 0.0  # the move timer: a seat to act that lets it run out gets 托管 (0: none)
    fill_level: str = "heuristic"  # bots that fill seats still open at the start
    log_path: str | None = None  # the write-ahead table log (needed to resume after a crash)
    resume: bool = False  # resume the last unfinished match of log_path
    games: int = 1  # consecutive matches at this table (0 = until stopped)
    hands: int = 1  # hands in one match where the spec counts hands (State(..., hands=n))
    seed: int | None = None  # tests only: the deal seed is otherwise secret and random
    bot_delay: float = 0.0  # seconds a bot waits before it acts (GUI pacing)
    between_games: float = 0.0
    results_wait: float = 0.0  # at a hand's results the bots and move timers wait this long for the players (Next)
    autostart: bool = False  # start as soon as no seat is open
    heartbeat: float = 5.0  # the host pings every connection this often
    idle_timeout: float = 20.0  # a connection that sends nothing this long is closed
    frame_timeout: float = 5.0  # a started frame must be complete within this
    handshake_timeout: float = 10.0
    rate: float = 150.0  # messages per second per connection (token bucket): far above any player or bot ...
    burst: float = 250.0  # ... with this burst (a flood of hundreds at once still trips it)
    chat_rate: float = 0.5  # chat messages per second ...
    chat_burst: float = 5.0
    max_conns: int = 32  # every connection (a backstop: seats + max_unseated stay below it)
    max_unseated: int = 24  # connections without a seat; a newcomer past it evicts the oldest of them
    ping_rate: float = 2.0  # heartbeats (ping/pong) per second per connection (a client sends one per 5 s) ...
    ping_burst: float = 10.0  # ... with this burst; more is a flood: closed
    lobby_ping_rate: float = 20.0  # heartbeats per second of all unseated connections together ...
    lobby_ping_burst: float = 40.0
    max_refusals: int = 20  # intents refused in a row before the connection is closed (refused)
    free_rate: float = 0.5  # free actions (报户) per second per connection ...
    free_burst: float = 6.0  # ... with this burst (there are at most 5 others to ask)
    send_buffer: int = 16 * 1024 * 1024  # bytes waiting for a client that does not read: then it is closed
    fsync: bool = False  # also fsync each log line (survives power loss, slower)
    discovery: bool = True
    udp_port: int = disc.UDP_PORT


@dataclass(frozen=True)
class HostEvent:
    """What ``HostServer`` reports to its callback (on the network thread: copy, never block)."""

    kind: str  # "table" | "log" | "state" | "over" | "chat" | "stopped"
    text: str = ""
    table: TableInfo | None = None
    sid: int = 0


class _Seat:
    def __init__(self, n: int, spec: SeatSpec) -> None:
        self.n = n
        self.kind = spec.kind
        self.level = spec.level
        self.name = spec.name or (f"Bot {n + 1}" if spec.kind == "bot" else "")
        self.token: str | None = secrets.token_urlsafe(24) if spec.kind == "human" else None
        self.conn: _Conn | None = None
        self.auto = False
        self.gen = 0  # bumps on every (re)connect: stale grace timers are ignored
        self.grace_handle: asyncio.TimerHandle | None = None

    def info(self) -> SeatInfo:
        return SeatInfo(self.n, self.kind, self.name, self.conn is not None, self.auto,
                        self.level if self.kind == "bot" or self.auto else None)

    def net(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name, "token": self.token}


class _Bucket:
    __slots__ = ("rate", "burst", "tokens", "t")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.t = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        self._fill()
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def wait(self) -> float:
        """Seconds until one token is there (0 when there is one now)."""
        self._fill()
        return 0.0 if self.tokens >= 1.0 else (1.0 - self.tokens) / self.rate

    def _fill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.t) * self.rate)
        self.t = now


class _Conn:
    _ids = 0

    def __init__(self, host: Host, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        _Conn._ids += 1
        self.id = _Conn._ids
        self.host = host
        self.reader = reader
        self.writer = writer
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self.seat: int | None = None
        self.name = ""
        self.closed = False
        self.ready = False  # handshake done: the connection gets broadcasts
        self.bucket = _Bucket(host.cfg.rate, host.cfg.burst)
        self.chat_bucket = _Bucket(host.cfg.chat_rate, host.cfg.chat_burst)
        self.free_bucket = _Bucket(host.cfg.free_rate, host.cfg.free_burst)
        self.ping_bucket = _Bucket(host.cfg.ping_rate, host.cfg.ping_burst)
        self.refusals = 0  # intents refused in a row

    def label(self) -> str:
        s = f" seat {self.seat}" if self.seat is not None else ""
        return f"conn#{self.id} {self.peer}{s}"

    def send(self, msg: msgspec.Struct) -> None:
        self.send_raw(encode(msg))

    def send_raw(self, frame: bytes) -> None:
        """Hand the frame to the socket now (asyncio buffers what the kernel does not take yet)."""
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing():
            return
        if transport.get_write_buffer_size() + len(frame) > self.host.cfg.send_buffer:
            self.host.close_conn(self, "slow", "too slow: the client does not read its messages", notify=False)
            return
        self.writer.write(frame)


class Host:
    """The table. Create it, ``await serve()``; every other method runs on the same loop."""

    def __init__(self, cfg: HostConfig, notify: Callable[[HostEvent], None] | None = None) -> None:
        self.cfg = cfg
        self.notify = notify or (lambda ev: None)
        self.n_seats = games.seats(cfg.game) or int(cfg.options.get("seats", 0)) or 0
        if not self.n_seats:
            raise ValueError(f"unknown game {cfg.game!r}")
        specs = list(cfg.seats or [])
        specs += [SeatSpec() for _ in range(self.n_seats - len(specs))]
        if len(specs) != self.n_seats:
            raise ValueError(f"{cfg.game} has {self.n_seats} seats, got {len(specs)} seat specs")
        games.rules(cfg.game, cfg.options)  # raises OptionError on bad options, before anyone joins
        self.seats = [_Seat(i, s) for i, s in enumerate(specs)]
        self.bots: dict[int, NetBot] = {}
        self.lobby_entropy: dict[int, bytes] = {}  # seat -> its contribution to the next match's first deal
        self.conns: set[_Conn] = set()
        self.status = "lobby"
        self.state: Any = None
        self.sid = 0
        self.match = 0
        self.tlog = tablelog.TableLog(cfg.log_path, cfg.fsync) if cfg.log_path else None
        self.next_seed = self._draw_seed()  # drawn before anyone joins: its first deal's secret is bound now
        self.server: asyncio.AbstractServer | None = None
        self.port = 0
        self.done = asyncio.Event() if _has_loop() else None
        self._bot_task: asyncio.Task[None] | None = None
        self._executor = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="qilu-bot")
        self._tasks: set[asyncio.Task[Any]] = set()
        self._advertiser: disc.Advertiser | None = None
        self.closed_reasons: list[tuple[str, str]] = []  # (code, reason) of closed connections, for tests
        self.timings: collections.deque[float] = collections.deque(maxlen=1000)  # intent -> updates written (s)
        self.lobby_pings = _Bucket(cfg.lobby_ping_rate, cfg.lobby_ping_burst)
        self.evicted = 0  # unseated connections closed to make room (tests, figures)
        self._turn_sid = 0  # the state id after the last action that was not a free action
        self._legal_keys: dict[tuple[str, str | None, str | None], Action] = {}
        self._legal_for: tuple[int, int] = (-1, -1)  # (sid, seat) of _legal_keys
        self._hand_sizes: tuple[int, dict[int, int]] = (-1, {})
        self._turn_key: tuple[int, int] | None = None  # (turn sid, seat) the move timer runs for
        self._turn_deadline = 0.0  # time.monotonic() when it runs out
        self._turn_handle: asyncio.TimerHandle | None = None
        self._waiting: set[int] = set()  # seats whose players are still at the last hand's results
        self._wait_deadline = 0.0
        self._wait_handle: asyncio.TimerHandle | None = None
        self._hand_key: int | None = None  # the hand the table is at (engine.api.hand_key), to see one end
        if cfg.resume and cfg.log_path:
            self._resume()

    # ------------------------------------------------------------------------------------------ life

    def _resume(self) -> None:
        assert self.cfg.log_path is not None
        r = tablelog.resume(self.cfg.log_path, self._log)  # a torn last line or a damaged log is reported
        if r is None:
            return
        if r.state.is_over:
            self.sid = r.sid  # nothing to resume: a new lobby, state ids go on increasing
            return
        net = r.net
        self.cfg.game = r.state.rules.game
        self.cfg.options = dict(r.state.rules.options.changed())
        self.cfg.hands = int(getattr(r.state, "hands_total", self.cfg.hands))  # 0: Shengji to A (S-23)
        if r.state.n_seats != self.n_seats:
            raise ValueError(f"the log is for {r.state.n_seats} seats, the table has {self.n_seats}")
        for s, d in zip(self.seats, net.get("seats", [])):
            s.kind, s.level, s.name, s.token = d["kind"], d["level"], d["name"], d.get("token")
        self.state = r.state
        self._hand_key = self._public_hand()
        self.sid = self._turn_sid = r.sid
        self.match = r.matches
        self.status = "over" if r.state.is_over else "playing"
        self.cfg.turn_timer = float(net.get("turn_timer", self.cfg.turn_timer))  # the table keeps its timer
        for s in self.seats:
            if s.kind == "bot":
                self.bots[s.n] = make_bot(s.level, game=self.cfg.game)
        self._log(f"resumed match {self.match} from {self.cfg.log_path} at state {self.sid} "
                  f"({len(r.state.actions)} actions)")

    async def serve(self) -> None:
        """Open the port, then run until ``stop()``."""
        self.done = asyncio.Event()
        self.server = await asyncio.start_server(self._accept, self.cfg.bind, self.cfg.port, limit=MAX_CLIENT_FRAME * 2)
        self.port = self.server.sockets[0].getsockname()[1]
        self._log(f"listening on {self.cfg.bind}:{self.port} ({self.cfg.game})")
        self._spawn(self._heartbeat())
        if self.cfg.discovery:
            self._advertiser = disc.Advertiser(self.port, self.cfg.udp_port)
            self._advertiser.start(self._advert())
        if self.status == "playing":
            for s in self.seats:
                if s.kind == "human":
                    self._start_grace(s)
            self._arm_turn()  # a resumed turn gets the whole timer: the old host's clock is gone
            self._schedule()
        elif self.status == "over":
            self._match_over()
        self._table_changed()
        await self.done.wait()

    def stop(self) -> None:
        if self._turn_handle is not None:
            self._turn_handle.cancel()
        if self._wait_handle is not None:
            self._wait_handle.cancel()
        for c in list(self.conns):
            self.close_conn(c, "stopping", "the host closed the table")
        if self.server is not None:
            self.server.close()
        if self._advertiser is not None:
            self._advertiser.stop()
            self._advertiser = None
        for t in list(self._tasks):
            t.cancel()
        if self.tlog is not None:
            self.tlog.close()
        self._executor.shutdown(wait=False, cancel_futures=True)
        if self.done is not None:
            self.done.set()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        t: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(t)
        t.add_done_callback(self._tasks.discard)
        return t

    def _log(self, text: str) -> None:
        log.info(text)
        self.notify(HostEvent("log", text))

    # -------------------------------------------------------------------------------------- table info

    def table_info(self) -> TableInfo:
        left = self.turn_left()
        wait_left = round(max(0.0, self._wait_deadline - time.monotonic()), 2) if self._waiting else None
        return TableInfo(self.cfg.game, dict(self._options()), self.cfg.host_name, self.status,
                         [s.info() for s in self.seats], self.cfg.grace, self.match, self.cfg.games,
                         fairness.bound_secret(self.next_seed, 0), self.cfg.turn_timer,
                         self._turn_key[1] if left is not None and self._turn_key else None, left,
                         self.cfg.results_wait, sorted(self._waiting), wait_left)

    def _draw_seed(self) -> int:
        """The next match's seed: secret and random (tests: ``cfg.seed`` plus the match number)."""
        return self.cfg.seed + self.match if self.cfg.seed is not None else secrets.randbits(62)

    def _options(self) -> dict[str, Any]:
        if self.state is not None:
            return dict(self.state.rules.options.changed())
        return dict(self.cfg.options)

    def _advert(self) -> dict[str, Any]:
        info = self.table_info()
        return {"app": APP, "proto": PROTOCOL_VERSION, "game": info.game, "host": info.host, "port": self.port,
                "free": len(info.free_seats()), "seats": self.n_seats, "status": info.status}

    def _table_changed(self) -> None:
        ended = self._prune_waiting()  # (a drop, 托管: a seat nobody plays by hand is not waited for)
        self._arm_turn()  # (托管 on or off, a drop, a return: whose clock runs may have changed)
        info = self.table_info()
        frame = encode(Table(info))
        for c in list(self.conns):
            if c.ready:
                c.send_raw(frame)
        if self._advertiser is not None:
            self._advertiser.update(self._advert())
        self.notify(HostEvent("table", table=info, sid=self.sid))
        if ended:
            self._schedule_again()  # the bots go on (on the next turn of the loop: a caller may be mid-change)

    # --------------------------------------------------------------------------------------- host API

    def reserve_seat(self, seat: int, name: str) -> str:
        """Make ``seat`` a human seat for a local player (the host's own); returns its token."""
        s = self.seats[seat]
        if self.status != "lobby":
            raise ValueError("the game has started")
        if s.kind == "human" and s.conn is not None:
            raise ValueError("seat taken")
        s.kind, s.name, s.token = "human", clean_text(name, MAX_NAME) or f"Player {seat + 1}", secrets.token_urlsafe(24)
        self._table_changed()
        return s.token

    def set_seat(self, seat: int, kind: str, level: str | None = None) -> None:
        """In the lobby: make a seat ``open`` or a ``bot`` (of ``level``). A seated player is told and closed."""
        if self.status != "lobby":
            raise ValueError("the game has started")
        if kind not in ("open", "bot"):
            raise ValueError("kind must be open or bot")
        s = self.seats[seat]
        if s.conn is not None:
            self.close_conn(s.conn, "seat", "the host gave your seat away")
        s.kind, s.token, s.auto = kind, None, False
        s.level = level or s.level
        s.name = f"Bot {seat + 1}" if kind == "bot" else ""
        self._table_changed()

    def start_game(self) -> None:
        """Fill the seats still open with bots and deal. From the lobby or after a match is over."""
        if self.status == "playing":
            raise ValueError("a match is being played")
        for s in self.seats:
            if s.kind == "open":
                s.kind, s.level, s.name = "bot", self.cfg.fill_level, f"Bot {s.n + 1}"
        for s in self.seats:
            if s.kind == "bot":
                self.bots[s.n] = make_bot(s.level, game=self.cfg.game)
            elif s.conn is not None:
                s.auto = False  # a new match, as a new local game: a player at the table plays his seat again
        seed = self.next_seed  # 验证洗牌: its first deal's host secret was bound in every TableInfo so far
        kwargs: dict[str, Any] = {}
        match_kwarg = _match_kwarg(self.cfg.game)
        if match_kwarg is not None:
            kwargs[match_kwarg] = self.cfg.hands  # the spec's match length keyword
        if self.state is not None and self.cfg.game in games.names():  # what the finished match hands on
            kwargs.update(games.spec(self.cfg.game).carry_over(self.state))
        if self.lobby_entropy and self.cfg.game in games.names() and games.spec(self.cfg.game).deal is not None:
            kwargs["entropy"] = {0: [self.lobby_entropy.get(s.n) for s in self.seats]}  # engine.fairness
        self.lobby_entropy = {}
        self._end_wait()
        self.state = games.new_state(self.cfg.game, seed, self.cfg.options, **kwargs)
        self._hand_key = self._public_hand()
        self.match += 1
        self.next_seed = self._draw_seed()
        self.sid += 1
        self._turn_sid = self.sid
        self.status = "playing"
        if self.tlog is not None:
            self.tlog.start_match(self.state, self._net_meta())
        self._log(f"match {self.match} started")
        self._arm_turn()
        for s in self.seats:
            if s.conn is not None:
                self._send_sync(s.conn)
        self._table_changed()
        self._schedule()

    def _net_meta(self) -> dict[str, Any]:
        return {"match": self.match, "seats": [s.net() for s in self.seats], "grace": self.cfg.grace,
                "games": self.cfg.games, "turn_timer": self.cfg.turn_timer}

    # ------------------------------------------------------------------------------------- connections

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = _Conn(self, reader, writer)
        self.conns.add(conn)
        with contextlib.suppress(Exception):
            sock = writer.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._make_room(conn)
        if len(self.conns) > self.cfg.max_conns:
            self.close_conn(conn, "busy", "too many connections to this table")
            return
        self._log(f"{conn.label()}: connected")
        cfg = self.cfg
        try:
            body = await read_frame(reader, MAX_CLIENT_FRAME, cfg.handshake_timeout, cfg.frame_timeout)
            hello = decode_client(body)
            if not isinstance(hello, Hello):
                raise ProtocolError("handshake", "the first message must be hello")
            if hello.app != APP:
                raise ProtocolError("handshake", f"this is a {APP} table, not {clean_text(hello.app, 32)!r}")
            if hello.proto != PROTOCOL_VERSION:
                raise ProtocolError("version", f"protocol version {hello.proto} is not supported: this host speaks "
                                               f"version {PROTOCOL_VERSION}; use the same Qilu Cards version")
            conn.send(Welcome(PROTOCOL_VERSION, self.table_info()))
            conn.ready = True
            self._hello_name(conn, hello.name)
            while not conn.closed:
                body = await read_frame(reader, MAX_CLIENT_FRAME, cfg.idle_timeout, cfg.frame_timeout)
                if not conn.bucket.take():
                    raise ProtocolError("flood", f"too many messages (limit {cfg.rate:g}/s)")
                msg = decode_client(body)
                if isinstance(msg, Ping | Pong):
                    await self._pace(conn)
                self._dispatch(conn, msg)
        except ProtocolError as exc:
            self.close_conn(conn, exc.code, exc.reason)
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            self.close_conn(conn, "eof", "connection lost", notify=False)
        except asyncio.CancelledError:  # the loop is shutting down: end this handler quietly
            self.close_conn(conn, "stopping", "the host closed the table", notify=False)
        except Exception as exc:  # noqa: BLE001 - a bug must cost one connection, never the table
            log.exception("internal error")
            self.close_conn(conn, "internal", f"internal error ({type(exc).__name__})")

    def _make_room(self, newcomer: _Conn) -> None:
        """Unseated connections are capped: past ``max_unseated`` the oldest of them is closed (``busy``) so
        that a newcomer — perhaps a seat's player coming back with the token — always gets in. Seated
        connections are never evicted; lurkers can only evict each other."""
        unseated = sorted((c for c in self.conns if c.seat is None and c is not newcomer), key=lambda c: c.id)
        excess = max(len(unseated) + 1 - self.cfg.max_unseated, len(self.conns) - self.cfg.max_conns)
        for old in unseated[:max(0, excess)]:
            self.evicted += 1
            self.close_conn(old, "busy", "the table is full: the oldest connection without a seat made room "
                                         "(a seat's player always gets back in with the token)")

    async def _pace(self, conn: _Conn) -> None:
        """Heartbeats (ping/pong) are limited per connection — past ``ping_burst`` at ``ping_rate`` it is a
        ``flood`` and closed (a client needs one every few seconds) — and for all unseated connections
        together: past ``lobby_ping_rate`` their reading pauses, so a crowd of pingers waits in its own
        sockets and costs the table nothing. Seated players never wait for the lobby's heartbeats."""
        if not conn.ping_bucket.take():
            cfg = self.cfg
            raise ProtocolError("flood", f"too many pings (limit {cfg.ping_rate:g}/s, burst {cfg.ping_burst:g})")
        if conn.seat is not None or _peer_done(conn.reader):
            return  # (a peer that has sent its last bytes is read out at once: its own limit ends it soon)
        for _ in range(1000):  # bounded; each round waits until a token is due
            wait = self.lobby_pings.wait()
            if wait <= 0.0 or conn.closed:
                break
            # Not reading is enough: the stream's own flow control stops the socket once its buffer holds
            # 2 × limit (64 KiB), so what the flooder sends then waits in the kernel, and on its side.
            await asyncio.sleep(wait)
        self.lobby_pings.take()

    def _hello_name(self, conn: _Conn, name: str) -> None:
        """Lobby chat carries the name given at hello; one equal to a seat's player's name is refused (the
        connection stays, unnamed: it chats again once it holds a seat)."""
        name = clean_text(name, MAX_NAME)
        taken = self._seat_named(name)
        if taken is not None:
            conn.send(Refused(f"the name {name!r} belongs to seat {taken + 1}'s player: choose another name "
                              "(a seat's own player comes back with the token)", "name"))
            name = ""
        conn.name = name

    def _seat_named(self, name: str) -> int | None:
        key = name.casefold()
        for s in self.seats:
            if key and s.kind != "open" and s.name.casefold() == key:
                return s.n
        return None

    def close_conn(self, conn: _Conn, code: str, reason: str, notify: bool = True) -> None:
        """Close one connection (telling it why when ``notify``); the table carries on."""
        if conn.closed:
            return
        if notify:
            with contextlib.suppress(Exception):
                conn.send(Closing(reason, code))
        conn.closed = True
        with contextlib.suppress(Exception):
            if code == "slow":
                conn.writer.transport.abort()  # it does not read: drop what is buffered
            else:
                conn.writer.close()  # flushes what is buffered (the reason), then closes
        self.conns.discard(conn)
        self.closed_reasons.append((code, reason))
        del self.closed_reasons[:-200]
        self._log(f"{conn.label()}: closed ({code}): {reason}")
        with contextlib.suppress(Exception):
            conn.reader.feed_eof()
        self._detach(conn)

    def _detach(self, conn: _Conn) -> None:
        if conn.seat is None:
            return
        s = self.seats[conn.seat]
        conn.seat = None
        if s.conn is not conn:
            return
        s.conn = None
        if self.status == "lobby":
            s.kind, s.token, s.name = "open", None, ""
        else:
            self._broadcast(Notice("dropped", f"{s.name} dropped", s.n))
            self._start_grace(s)
        self._table_changed()

    def _start_grace(self, s: _Seat) -> None:
        if s.grace_handle is not None:
            s.grace_handle.cancel()
        if s.auto:
            return
        gen = s.gen
        loop = asyncio.get_running_loop()
        s.grace_handle = loop.call_later(max(0.0, self.cfg.grace), self._grace_over, s, gen)

    def _grace_over(self, s: _Seat, gen: int) -> None:
        s.grace_handle = None
        if s.gen != gen or s.conn is not None or s.kind != "human" or self.status == "lobby" or s.auto:
            return  # (already 托管: the move timer ran out first)
        s.auto = True
        if s.n not in self.bots:
            self.bots[s.n] = make_bot(self.cfg.fill_level, game=self.cfg.game)
        self._broadcast(Notice("auto", f"{s.name}: a bot plays this seat (托管) until the player returns", s.n))
        self._log(f"seat {s.n}: grace over, 托管")
        self._table_changed()
        self._schedule()

    def _broadcast(self, msg: msgspec.Struct) -> None:
        frame = encode(msg)
        for c in list(self.conns):
            if c.ready:
                c.send_raw(frame)

    # ---------------------------------------------------------------------------------------- messages

    def _dispatch(self, conn: _Conn, msg: Any) -> None:
        if isinstance(msg, Intent):
            self._intent(conn, msg)
        elif isinstance(msg, Ping):
            conn.send(Pong(msg.n))
        elif isinstance(msg, Pong):
            pass
        elif isinstance(msg, Join):
            self._join(conn, msg)
        elif isinstance(msg, Rejoin):
            self._rejoin(conn, msg)
        elif isinstance(msg, Chat):
            self._chat(conn, msg)
        elif isinstance(msg, Entropy):
            self._entropy(conn, msg)
        elif isinstance(msg, Auto):
            self._auto(conn, msg)
        elif isinstance(msg, Next):
            self._leave_results(conn.seat)
        elif isinstance(msg, Leave):
            if conn.seat is not None and self.status != "lobby":
                s = self.seats[conn.seat]
                s.gen += 1
                s.auto = True
                if s.n not in self.bots:
                    self.bots[s.n] = make_bot(self.cfg.fill_level, game=self.cfg.game)
                self._broadcast(Notice("auto", f"{s.name} left: a bot plays this seat (托管)", s.n))
            self.close_conn(conn, "bye", "you left the table")
            self._schedule_if_playing()
        elif isinstance(msg, Hello):
            raise ProtocolError("handshake", "hello sent twice")
        else:  # pragma: no cover - the decoder only yields the union's types
            raise ProtocolError("unknown", "unknown message")

    def _join(self, conn: _Conn, msg: Join) -> None:
        if conn.seat is not None:
            conn.send(Refused("you already hold a seat", "seated"))
            return
        if self.status != "lobby":
            conn.send(Refused("the game has started: only a seat's own player may rejoin it (with its token)",
                              "started"))
            return
        if not 0 <= msg.seat < self.n_seats or self.seats[msg.seat].kind != "open":
            conn.send(Refused(f"seat {msg.seat} is not free", "taken"))
            return
        name = clean_text(msg.name, MAX_NAME)
        if not name:
            conn.send(Refused("a name is required", "name"))
            return
        s = self.seats[msg.seat]
        s.kind, s.name, s.token, s.conn, s.auto = "human", name, secrets.token_urlsafe(24), conn, False
        s.gen += 1
        conn.seat = s.n
        if msg.entropy is not None:
            self.lobby_entropy[s.n] = bytes.fromhex(msg.entropy)  # 验证洗牌: for the first deal
        assert s.token is not None
        conn.send(Seated(s.n, s.token))
        self._log(f"{conn.label()}: joined as {name!r}")
        self._table_changed()
        if self.cfg.autostart and not any(x.kind == "open" for x in self.seats):
            self.start_game()

    def _rejoin(self, conn: _Conn, msg: Rejoin) -> None:
        ok = 0 <= msg.seat < self.n_seats
        s = self.seats[msg.seat] if ok else None
        if s is None or s.kind != "human" or s.token is None or not hmac.compare_digest(
                s.token.encode(), msg.token.encode("utf-8", "replace")):
            raise ProtocolError("token", "seat token refused: it is not this table's token for that seat")
        if conn.seat is not None and conn.seat != s.n:
            raise ProtocolError("seated", "this connection holds another seat")
        old = s.conn
        if old is not None and old is not conn:
            self.close_conn(old, "replaced", "your seat was reclaimed by a newer connection")
        s.conn = conn
        s.gen += 1
        conn.seat = s.n
        if s.grace_handle is not None:
            s.grace_handle.cancel()
            s.grace_handle = None
        was_auto = s.auto
        s.auto = False
        conn.send(Seated(s.n, msg.token))
        self._log(f"{conn.label()}: rejoined")
        self._arm_turn()  # back from 托管 on his own turn: his clock starts again
        if self.state is not None:
            self._send_sync(conn)
        if was_auto:
            self._broadcast(Notice("back", f"{s.name} is back", s.n))
        self._table_changed()

    def _chat(self, conn: _Conn, msg: Chat) -> None:
        if not conn.chat_bucket.take():
            conn.send(Refused("chat too fast", "chat"))
            return
        phrase = text = None
        if msg.phrase is not None:
            if msg.phrase not in PHRASES:
                conn.send(Refused("unknown chat phrase", "chat"))
                return
            phrase = msg.phrase
        elif msg.text is not None:
            text = clean_text(msg.text, MAX_CHAT)
        if not phrase and not text:
            conn.send(Refused("empty chat message", "chat"))
            return
        if conn.seat is not None:
            name = self.seats[conn.seat].name
        else:  # the lobby: only under the name given at hello, and never a seat's player's name
            name = conn.name
            if not name or self._seat_named(name) is not None:
                conn.send(Refused("chat in the lobby needs your own name (given at hello, not a seated "
                                  "player's)", "name"))
                return
        self._broadcast(ChatFrom(conn.seat, name, phrase, text))
        self.notify(HostEvent("chat", f"{name}: {text or phrase}"))

    def _auto(self, conn: _Conn, msg: Auto) -> None:
        """托管 switched by the seat's own player: off takes the seat back from the bot (his move timer starts
        again if it is his turn), on hands it to the bot. Shares the free-action budget (one switch costs a
        broadcast to every seat)."""
        seat = conn.seat
        if seat is None:
            conn.send(Refused("take a seat first", "not_seated"))
            return
        if self.status != "playing":
            conn.send(Refused("no game is being played", "not_playing", sid=self.sid))
            return
        s = self.seats[seat]
        if s.auto == msg.on:
            return  # already so (a second click that crossed the table's answer)
        if not conn.free_bucket.take():
            conn.send(Refused("switching 托管 too often", "rate", sid=self.sid))
            return
        s.auto = msg.on
        if msg.on:
            if s.n not in self.bots:
                self.bots[s.n] = make_bot(self.cfg.fill_level, game=self.cfg.game)
            self._broadcast(Notice("auto", f"{s.name}: a bot plays this seat (托管) at the player's request", s.n))
        else:
            self._broadcast(Notice("back", f"{s.name} is back", s.n))
        self._log(f"seat {s.n}: 托管 {'on' if msg.on else 'off'} by its player")
        self._table_changed()
        self._schedule()

    def _entropy(self, conn: _Conn, msg: Entropy) -> None:
        """验证洗牌: a seat's contribution to the next deal (engine.fairness). Only the next deal's is taken,
        once per seat, so a client can neither grow the host's memory nor change a deal already made."""
        seat = conn.seat
        if seat is None:
            conn.send(Refused("take a seat first", "not_seated"))
            return
        value = bytes.fromhex(msg.value)  # the schema admits exactly 64 hex digits
        playing = self.status == "playing" and self.state is not None and not self.state.is_over
        fair = getattr(self.state, "fair", None) if playing else None
        if fair is None:
            self.lobby_entropy[seat] = value
            return
        if msg.deal != fair.dealt:
            conn.send(Refused(f"deal {msg.deal} is not the next deal ({fair.dealt})", "entropy", sid=self.sid))
            return
        try:
            fair.contribute(msg.deal, seat, value)
        except ValueError as exc:
            conn.send(Refused(str(exc), "entropy", sid=self.sid))
            return
        if self.tlog is not None:
            self.tlog.entropy(msg.deal, seat, value)  # before the deal it changes: the replay deals the same

    def _intent(self, conn: _Conn, msg: Intent) -> None:
        t0 = time.perf_counter()
        seat = conn.seat
        if seat is None:
            self._refuse(conn, Refused("take a seat first", "not_seated", sid=self.sid))
            return
        if self.status != "playing" or self.state is None:
            self._refuse(conn, Refused("no game is being played", "not_playing", sid=self.sid))
            return
        self._leave_results(seat)  # a move is done with the results too (a client that never sends Next)
        if self.state.to_act != seat or msg.action.kind in _free_kinds(self.state):  # free on one's own turn too
            self._free_intent(conn, seat, msg)
            return
        if not self._turn_sid <= msg.sid <= self.sid:  # free actions (报户) since the turn began do not stale it
            self._refuse(conn, Refused(f"stale: you saw state {msg.sid}, the table is at state {self.sid}", "stale",
                                       sid=self.sid))
            return
        action = self._legal_keys.get(_key(msg.action)) if self._legal_for == (self.sid, seat) else None
        if action is None:  # not written as the host listed it: read it, bounded, without interning anything
            refused, action = self._read_intent(seat, msg.action)
            if refused is not None:
                self._refuse(conn, refused)
                return
        assert action is not None
        conn.refusals = 0
        self._apply(action)
        self.timings.append(time.perf_counter() - t0)

    def _read_intent(self, seat: int, am: ActionMsg) -> tuple[Refused | None, Action | None]:
        """Untrusted action text -> (a refusal, or the legal action it names). The text is capped at what the
        seat's hand could spell before it is parsed, and parsed in ``plays.transient()``: an illegal intent
        leaves no trace in any intern table."""
        st = self.state
        cap = text_cap(self._hand_size(seat))
        if len(am.kind) > 32 or len(am.play or "") > cap or len(am.arg or "") > cap:
            return Refused(f"more cards than your hand holds ({self._hand_size(seat)})", "illegal", sid=self.sid,
                           rule="C-6"), None
        with plays.transient():
            try:
                action = st.action_from_json(am.to_dict(seat))
                legal = action.seat == seat and action in st.legal_actions(seat)
                why = None if legal else _refusal_of(st, action)
            except RuleError as exc:
                return Refused(clean_text(exc.reason, 200), "illegal", sid=self.sid, rule=exc.rule), None
        if not legal:
            return Refused(why[1] if why else "not a legal action now", "illegal", sid=self.sid,
                           rule=why[0] if why else None), None
        return None, action

    def _free_intent(self, conn: _Conn, seat: int, msg: Intent) -> None:
        """An intent outside turn order: only an action kind the game's state declares free (``free_kinds``),
        judged by ``state.apply`` itself — the one authority."""
        am = msg.action
        if am.kind not in _free_kinds(self.state):
            self._refuse(conn, Refused("it is not your turn", "turn", sid=self.sid))
            return
        if not conn.free_bucket.take():
            self._refuse(conn, Refused("asking too often", "rate", sid=self.sid))
            return
        if am.play is not None or len(am.arg or "") > 8:
            self._refuse(conn, Refused("a free action carries no play and names at most a seat", "illegal",
                                       sid=self.sid))
            return
        try:
            action = self.state.action_from_json(am.to_dict(seat))
            self._apply(action)
        except RuleError as exc:
            self._refuse(conn, Refused(clean_text(exc.reason, 200), "illegal", sid=self.sid, rule=exc.rule))
            return
        conn.refusals = 0

    def _refuse(self, conn: _Conn, refused: Refused) -> None:
        """Refuse one intent; after ``max_refusals`` in a row the connection is closed (a seated player keeps
        the seat and comes back with the token: a fresh sync ends whatever desync caused them)."""
        conn.send(refused)
        conn.refusals += 1
        if conn.refusals >= self.cfg.max_refusals:
            self.close_conn(conn, "refused", f"{conn.refusals} intents refused in a row; reconnect to resync")

    def _hand_size(self, seat: int) -> int:
        if self._hand_sizes[0] != self.sid:
            self._hand_sizes = (self.sid, {})
        sizes = self._hand_sizes[1]
        n = sizes.get(seat)
        if n is None:
            hand = self.state.view(seat).get("hand")
            n = sizes[seat] = len(hand) if isinstance(hand, list | tuple) else 0
        return n

    # ------------------------------------------------------------------------------------------- game

    def _legal(self, seat: int) -> list[ActionMsg]:
        """The seat's legal actions as sent, at most ``LEGAL_SENT`` of them (a trick game's set can be far too
        large to send — 升级: C(33, 8) burials; any other action the seat sends is judged here all the same);
        kept by their wire form so an intent is first matched here."""
        actions = list(itertools.islice(self.state.legal_actions(seat), LEGAL_SENT))
        msgs = [ActionMsg.from_action(a) for a in actions]
        self._legal_keys = {_key(m): a for m, a in zip(msgs, actions)}
        self._legal_for = (self.sid, seat)
        return msgs

    def _send_sync(self, conn: _Conn) -> None:
        seat = conn.seat
        if seat is None or self.state is None:
            return
        legal = self._legal(seat) if self.state.to_act == seat else None
        conn.send(Sync(self.sid, full_view(self.state, seat), legal, self.turn_left()))

    # ------------------------------------------------------------------------------------- move timer

    def _arm_turn(self) -> None:
        """Run the move timer for the seat to act when it is a player's own (not a bot's, not under 托管), from
        the start of its turn: a free action (报户) does not restart it; a new turn, or the seat taken back
        from 托管, does."""
        st = self.state
        seat = st.to_act if self.status == "playing" and st is not None and not st.is_over else None
        key = None
        if seat is not None and self.cfg.turn_timer > 0:
            s = self.seats[seat]
            if s.kind == "human" and not s.auto and seat not in self._waiting:
                key = (self._turn_sid, seat)
        if key == self._turn_key:
            return
        if self._turn_handle is not None:
            self._turn_handle.cancel()
            self._turn_handle = None
        self._turn_key = key
        if key is not None:
            self._turn_deadline = time.monotonic() + self.cfg.turn_timer
            self._turn_handle = asyncio.get_running_loop().call_later(self.cfg.turn_timer, self._turn_over, key)

    def turn_left(self) -> float | None:
        """Seconds left on the move timer of the seat to act, None when no countdown runs (sent as a duration:
        the host's clock never leaves it)."""
        if self._turn_key is None:
            return None
        return round(max(0.0, self._turn_deadline - time.monotonic()), 2)

    def _turn_over(self, key: tuple[int, int]) -> None:
        """The move timer ran out: as at the local table (README, "Playing") the one thing it does, in every
        phase, is switch on 托管 for that seat and say so to every seat; its player takes it back (``auto``)."""
        self._turn_handle = None
        if key != self._turn_key:
            return
        self._turn_key = None
        s = self.seats[key[1]]
        st = self.state
        if self.status != "playing" or st is None or st.to_act != s.n or s.kind != "human" or s.auto:
            return
        s.auto = True
        if s.n not in self.bots:
            self.bots[s.n] = make_bot(self.cfg.fill_level, game=self.cfg.game)
        self._broadcast(Notice("timeout", f"{s.name}: time is up; a bot plays this seat (托管) until the player "
                                          "takes it back", s.n))
        self._log(f"seat {s.n}: move timer ran out ({self.cfg.turn_timer:g} s), 托管")
        self._table_changed()
        self._schedule()

    def _apply(self, action: Action) -> None:
        """Apply a validated action: log it first, then tell each seat what it may see."""
        free = action.seat != self.state.to_act or action.kind in _free_kinds(self.state)
        events: list[Event] = self.state.apply(action)
        if self.tlog is not None:
            self.tlog.append(action, events)  # write-ahead: before any byte is sent
        self.sid += 1
        if not free:
            self._turn_sid = self.sid
        if self._begin_wait():
            self._table_changed()  # who the table waits for, before the results it waits at: a client keeps
            # the ended hand under them only when it is waited for
        self._arm_turn()
        left = self.turn_left()
        jevents = [(e, scrub(e.to_json())) for e in events]
        to_act = self.state.to_act
        for s in self.seats:
            conn = s.conn
            if conn is None:
                continue
            try:
                view = update_view(self.state, s.n)
                mine = [j for e, j in jevents if e.visible_to(s.n)]
                conn.send(Update(self.sid, mine, view, self._legal(s.n) if to_act == s.n else None, left))
            except Exception as exc:  # noqa: BLE001 - a view bug costs that connection (it resyncs), not the table
                log.exception("update for seat %s failed", s.n)
                self.close_conn(conn, "internal", f"internal error ({type(exc).__name__}); reconnect to resync")
        self.notify(HostEvent("state", sid=self.sid))
        self._schedule()

    # ------------------------------------------------------------------------------ waiting at results

    def _begin_wait(self) -> bool:
        """After an action that ended a hand (not the match): wait at its results for every seat a player plays
        by hand and is connected to, at most ``results_wait`` seconds. The next deal is already made and sent;
        only the bots and the move timers wait, so a player reading the results is never put on 托管."""
        st = self.state
        if self.cfg.results_wait <= 0:
            return False
        before, self._hand_key = self._hand_key, self._public_hand()
        if st.is_over or before is None or self._hand_key == before:
            return False
        players = {s.n for s in self.seats if self._by_hand(s)}
        if not players:
            return False
        self._end_wait()
        self._waiting = players
        self._wait_deadline = time.monotonic() + self.cfg.results_wait
        self._wait_handle = asyncio.get_running_loop().call_later(self.cfg.results_wait, self._wait_over)
        self._log(f"hand over: waiting up to {self.cfg.results_wait:g} s for seats {sorted(players)} at the results")
        return True

    @staticmethod
    def _by_hand(s: _Seat) -> bool:
        """A seat its player plays by hand now: connected and not under 托管 (the ones a wait is for)."""
        return s.kind == "human" and s.conn is not None and not s.auto

    def _public_hand(self) -> int | None:
        """The hand the table is at (engine.api.hand_key of the public view); only a table that waits asks."""
        if self.cfg.results_wait <= 0 or self.state is None:
            return None
        try:
            view = self.state.view(None, with_history=False)
        except TypeError:   # (a game whose view has no history to leave out)
            view = self.state.view(None)
        return hand_key(view)

    def _leave_results(self, seat: int | None) -> None:
        """``seat``'s player is done with the results (``Next``, or a move): once per seat and hand, so a
        repeated ``Next`` costs the host nothing."""
        if seat is None or seat not in self._waiting:
            return
        self._waiting.discard(seat)
        if not self._waiting:
            self._end_wait()
            self._schedule_again()
        self._table_changed()

    def _wait_over(self) -> None:
        self._wait_handle = None
        if self._waiting:
            self._log(f"results wait over: going on without seats {sorted(self._waiting)}")
            self._waiting.clear()
            self._table_changed()
            self._schedule_again()

    def _prune_waiting(self) -> bool:
        """Drop from the wait the seats nobody plays by hand now; True when that ended it."""
        if not self._waiting:
            return False
        self._waiting = {n for n in self._waiting if self._by_hand(self.seats[n])}
        if self._waiting:
            return False
        self._end_wait()
        return True

    def _end_wait(self) -> None:
        self._waiting.clear()
        if self._wait_handle is not None:
            self._wait_handle.cancel()
            self._wait_handle = None

    def _schedule_if_playing(self) -> None:
        if self.status == "playing":
            self._schedule()

    def _schedule(self) -> None:
        st = self.state
        if st is None or self.status != "playing":
            return
        if st.is_over or st.to_act is None:
            self._match_over()
            return
        s = self.seats[st.to_act]
        if self._waiting:
            return  # the players are at the results (_begin_wait)
        if s.kind == "bot" or (s.kind == "human" and s.auto):
            if self._bot_task is None or self._bot_task.done():
                self._bot_task = self._spawn(self._bot_move(s.n, self._turn_sid))

    async def _bot_move(self, seat: int, sid: int) -> None:
        if self.cfg.bot_delay > 0:
            await asyncio.sleep(self.cfg.bot_delay)
        else:
            await asyncio.sleep(0)
        st = self.state
        if self._turn_sid != sid or st is None or st.to_act != seat:  # (a free action does not end a turn)
            self._schedule_again()
            return
        view = full_view(st, seat)
        la = st.legal_actions(seat)
        legal = la if len(la) > LEGAL_SENT else list(la)   # a huge set stays lazy (the bots take either)
        bot = self.bots.get(seat) or make_bot(self.cfg.fill_level, game=self.cfg.game)
        self.bots[seat] = bot
        loop = asyncio.get_running_loop()
        try:
            action = await loop.run_in_executor(self._executor, bot.choose, view, legal)
        except Exception as exc:  # noqa: BLE001 - a broken bot must not stop the table
            self._log(f"seat {seat}: bot failed ({type(exc).__name__}); playing its first legal action")
            action = legal[0]
        s = self.seats[seat]
        if asyncio.current_task() is self._bot_task:
            self._bot_task = None  # so that _apply's _schedule may start the next bot move
        if self._turn_sid == sid and self.state is st and st.to_act == seat and (s.kind == "bot" or s.auto):
            try:
                self._apply(action)
                return
            except RuleError as exc:
                self._log(f"seat {seat}: bot action refused ({exc.rule}); playing its first legal action")
            try:
                self._apply(legal[0])
            except Exception:  # noqa: BLE001 - an engine bug: logged; the table waits rather than crash
                log.exception("seat %s: no bot action could be applied", seat)
            return
        self._schedule_again()

    def _schedule_again(self) -> None:
        asyncio.get_running_loop().call_soon(self._schedule)

    def _match_over(self) -> None:
        if self.status != "playing" and self.status != "over":
            return
        was = self.status
        self.status = "over"
        if was == "playing":
            self._log(f"match {self.match} over: totals {list(self.state.totals)}")
            self.notify(HostEvent("over", sid=self.sid))
        self._table_changed()
        if self.cfg.games == 0 or self.match < self.cfg.games:
            loop = asyncio.get_running_loop()
            loop.call_later(self.cfg.between_games, self._next_match, self.match)

    def _next_match(self, match: int) -> None:
        if self.status == "over" and self.match == match:
            self.start_game()

    async def _heartbeat(self) -> None:
        n = 0
        while True:
            await asyncio.sleep(self.cfg.heartbeat)
            n += 1
            frame = encode(Ping(n))
            for c in list(self.conns):
                if c.ready:
                    c.send_raw(frame)


def _free_kinds(state: Any) -> frozenset[str]:
    """The action kinds a seat may send outside its turn: what the game's state declares (``free_kinds``,
    engine.api.GameState); the engine still decides whether one is allowed then."""
    return frozenset(getattr(state, "free_kinds", ()))


def _peer_done(reader: asyncio.StreamReader) -> bool:
    """Whether the peer has closed its side (EOF received; what it sent may still be buffered)."""
    return bool(getattr(reader, "_eof", False))


def _key(m: ActionMsg) -> tuple[str, str | None, str | None]:
    return (m.kind, m.play, m.arg)


def text_cap(hand_size: int) -> int:
    """Longest play/arg text read for a seat holding ``hand_size`` cards or tiles: up to 3 characters per card
    (``10h``, ``X^``) plus a little room; anything longer cannot be from that hand."""
    return 3 * max(hand_size, 1) + 8


def _refusal_of(state: Any, action: Action) -> tuple[str, str] | None:
    """(rule, reason) when the game says why an action is not legal (``GameState.refusal``), else None."""
    fn = getattr(state, "refusal", None)
    if fn is None:
        return None
    try:
        ref = fn(action)
    except Exception:  # noqa: BLE001 - an explanation is optional; the refusal itself stands
        return None
    if ref is None:
        return None
    return str(getattr(ref, "rule", "")), clean_text(str(getattr(ref, "en", ref)), 200)


def _match_kwarg(game: str) -> str | None:
    """The state keyword that sets the match length (a game outside the registry, the tests' toy: none)."""
    try:
        return games.spec(game).match_kwarg
    except ValueError:
        return None


def full_view(state: Any, seat: int) -> dict[str, Any]:
    """``state.view(seat)`` with its ``history`` (the seat's visible events so far)."""
    try:
        view: dict[str, Any] = state.view(seat, with_history=True)
    except TypeError:
        view = state.view(seat)
    if "history" not in view:
        view["history"] = [e.to_json() for e in state.history if e.visible_to(seat)]
    scrubbed: dict[str, Any] = scrub(view)
    return scrubbed


def update_view(state: Any, seat: int) -> dict[str, Any]:
    """``state.view(seat)`` without ``history`` (an ``Update`` carries the new events instead)."""
    view = dict(state.view(seat))
    view.pop("history", None)
    scrubbed: dict[str, Any] = scrub(view)
    return scrubbed


def _has_loop() -> bool:
    try:
        asyncio.get_running_loop()
        return True
    except RuntimeError:
        return False


# ------------------------------------------------------------------------------------------- thread API


class HostServer:
    """A ``Host`` on its own asyncio loop in a daemon thread — the desktop app's way to host a table.

    Every public method is thread-safe and returns quickly. ``on_event(HostEvent)`` is called on the
    network thread: keep it short (e.g. emit a Qt signal with the immutable ``HostEvent``).
    """

    def __init__(self, config: HostConfig, on_event: Callable[[HostEvent], None] | None = None) -> None:
        self.config = config
        self.on_event = on_event
        self.loop: asyncio.AbstractEventLoop | None = None
        self.host: Host | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None

    def start(self, timeout: float = 10.0) -> int:
        """Open the table; returns the TCP port. Raises what went wrong (bad options, port in use)."""
        self._thread = threading.Thread(target=self._run, name="qilu-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the host did not start")
        if self._error is not None:
            raise self._error
        assert self.host is not None
        return self.host.port

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        asyncio.set_event_loop(loop)

        async def main() -> None:
            try:
                self.host = Host(self.config, self._notify)
                task = asyncio.ensure_future(self.host.serve())
                while self.host.server is None and not task.done():
                    await asyncio.sleep(0.005)
                if task.done():
                    task.result()
            except BaseException as exc:  # noqa: BLE001 - handed to start()
                self._error = exc
                self._ready.set()
                return
            self._ready.set()
            await task

        try:
            loop.run_until_complete(main())
        finally:
            with contextlib.suppress(Exception):
                loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()
            if self.on_event is not None:
                with contextlib.suppress(Exception):
                    self.on_event(HostEvent("stopped"))

    def _notify(self, ev: HostEvent) -> None:
        if self.on_event is not None:
            try:
                self.on_event(ev)
            except Exception:  # noqa: BLE001
                log.exception("on_event callback failed")

    def call(self, fn: Callable[[Host], T], timeout: float = 10.0) -> T:
        """Run ``fn(host)`` on the network thread and return its result (raises its exception)."""
        loop, host = self.loop, self.host
        if loop is None or host is None:
            raise RuntimeError("host not started")

        async def run() -> T:
            return fn(host)

        return asyncio.run_coroutine_threadsafe(run(), loop).result(timeout)

    @property
    def port(self) -> int:
        return self.host.port if self.host is not None else 0

    def addresses(self) -> list[str]:
        """The LAN addresses players can type, ``ip:port``."""
        return [f"{a}:{self.port}" for a in disc.lan_addresses()]

    def table(self) -> TableInfo:
        return self.call(lambda h: h.table_info())

    def reserve_seat(self, seat: int, name: str) -> str:
        return self.call(lambda h: h.reserve_seat(seat, name))

    def set_seat(self, seat: int, kind: str, level: str | None = None) -> None:
        self.call(lambda h: h.set_seat(seat, kind, level))

    def start_game(self) -> None:
        self.call(lambda h: h.start_game())

    def stop(self, timeout: float = 5.0) -> None:
        if self.loop is not None and self.host is not None and self.loop.is_running():
            with contextlib.suppress(Exception):
                self.call(lambda h: h.stop(), timeout)
        if self._thread is not None:
            self._thread.join(timeout)


# ----------------------------------------------------------------------------------------------- CLI


def _parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def register_game_module(spec: str) -> str:
    """``NAME=MODULE[:SEATS]``: register an extra game module (tests use a toy game)."""
    name, _, mod = spec.partition("=")
    mod, _, seats = mod.partition(":")
    games.GAMES[name] = mod
    if seats:
        games.SEATS[name] = int(seats)
    return name


def _hands(args: argparse.Namespace) -> int:
    """``--hands``, else the length a table started in the app gets (so Shengji plays to A, S-23)."""
    if args.hands is not None:
        return int(args.hands)
    return games.table_match(args.game) if args.game in games.names() else 1


def build_config(args: argparse.Namespace) -> HostConfig:
    options = {}
    for item in args.option or []:
        k, _, v = item.partition("=")
        options[k.removeprefix(args.game + ".")] = _parse_value(v)
    n = games.seats(args.game) or 0
    specs = [SeatSpec() for _ in range(n)]
    bot_seats: set[int] = set()
    if args.bots:
        bot_seats |= set(range(n - args.bots, n))
    if args.bot_seats:
        bot_seats |= {int(x) for x in args.bot_seats.split(",") if x.strip()}
    for i in bot_seats:
        specs[i] = SeatSpec("bot", args.bot_level)
    return HostConfig(game=args.game, options=options, seats=specs, bind=args.bind, port=args.port,
                      host_name=args.name or socket.gethostname(), grace=args.grace, turn_timer=args.turn_timer,
                      fill_level=args.bot_level,
                      log_path=args.log, resume=args.resume, games=args.games,
                      hands=_hands(args), seed=args.seed,
                      bot_delay=args.bot_delay, autostart=not args.no_autostart, discovery=not args.no_discovery,
                      heartbeat=args.heartbeat, idle_timeout=args.idle_timeout, fsync=args.fsync,
                      results_wait=args.results_wait)


def parser() -> argparse.ArgumentParser:
    """The headless host's command line."""
    p = argparse.ArgumentParser(prog="python -m engine.net.host", description="Host a Qilu Cards LAN table headless.")
    p.add_argument("--game", default=games.names()[0])
    p.add_argument("--port", type=int, default=0, help="TCP port (0 = any free port)")
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on (127.0.0.1 for local tests)")
    p.add_argument("--bots", type=int, default=0, help="the last N seats are bots")
    p.add_argument("--bot-seats", default="", help="comma-separated seat numbers that are bots")
    p.add_argument("--bot-level", default="heuristic")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a rule option (value as JSON)")
    p.add_argument("--grace", type=float, default=30.0, help="seconds a dropped seat waits before 托管")
    p.add_argument("--turn-timer", type=float, default=0.0,
                   help="seconds a player has for each move before a bot plays his seat (托管); 0 = no timer")
    p.add_argument("--results-wait", type=float, default=30.0,
                   help="seconds the table waits at a hand's results for its players to go on (Next); 0 = no wait")
    p.add_argument("--log", help="the table log (write-ahead; needed to resume)")
    p.add_argument("--resume", action="store_true", help="resume the unfinished match in --log")
    p.add_argument("--games", type=int, default=1, help="consecutive matches (0 = forever)")
    p.add_argument("--hands", type=int, default=None,
                   help="hands in one match, for a game whose match counts hands (its spec's match_kwarg; 0: to the "
                        "game's own end, e.g. Shengji to A); default: as a table started in the app")
    p.add_argument("--seed", type=int, help=argparse.SUPPRESS)
    p.add_argument("--bot-delay", type=float, default=0.0)
    p.add_argument("--no-autostart", action="store_true", help="do not start when every seat is taken")
    p.add_argument("--fill-after", type=float, help="after this many seconds fill open seats with bots and start")
    p.add_argument("--no-discovery", action="store_true")
    p.add_argument("--name", help="the host name shown in lobbies")
    p.add_argument("--heartbeat", type=float, default=5.0)
    p.add_argument("--idle-timeout", type=float, default=20.0)
    p.add_argument("--fsync", action="store_true")
    p.add_argument("--port-file", help="write the port here once listening")
    p.add_argument("--stay", action="store_true", help="keep running after the last match")
    p.add_argument("--game-module", action="append", default=[], help=argparse.SUPPRESS)
    p.add_argument("-v", "--verbose", action="store_true")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    for spec in args.game_module:
        register_game_module(spec)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s host %(message)s")
    cfg = build_config(args)
    return asyncio.run(_amain(cfg, args))


async def _amain(cfg: HostConfig, args: argparse.Namespace) -> int:
    host_holder: list[Host] = []

    def notify(ev: HostEvent) -> None:
        if ev.kind == "log":
            print(f"[host] {ev.text}", file=sys.stderr, flush=True)
        elif ev.kind == "over" and host_holder:
            h = host_holder[0]
            print(f"MATCH {h.match} OVER totals={list(h.state.totals)}", flush=True)
            if not args.stay and cfg.games and h.match >= cfg.games:
                asyncio.get_running_loop().call_later(0.5, h.stop)

    host = Host(cfg, notify)
    host_holder.append(host)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, host.stop)
    task = asyncio.ensure_future(host.serve())
    while host.server is None and not task.done():
        await asyncio.sleep(0.005)
    if task.done():
        task.result()
        return 1
    print(f"LISTENING {cfg.bind}:{host.port}", flush=True)
    for a in disc.lan_addresses():
        print(f"ADDRESS {a}:{host.port}", flush=True)
    if args.port_file:
        tmp = args.port_file + ".tmp"
        with open(tmp, "w") as f:
            f.write(str(host.port))
        os.replace(tmp, args.port_file)
    if args.fill_after is not None and host.status == "lobby":
        def fill() -> None:
            if host.status == "lobby":
                host.start_game()
        loop.call_later(args.fill_after, fill)
    if host.status == "lobby" and cfg.autostart and not any(s.kind == "open" for s in host.seats):
        host.start_game()
    await task
    await asyncio.sleep(0.2)  # let the closing frames go out
    return 0


if __name__ == "__main__":
    sys.exit(main())
