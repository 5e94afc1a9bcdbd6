"""Wire protocol of LAN play: framing, message schemas and the limits both ends enforce.

A frame is a 4-byte big-endian unsigned length followed by that many bytes of UTF-8 JSON, one message
per frame. Every message is a msgspec ``Struct`` of a tagged union (tag field ``"t"``); unknown tags,
unknown fields, wrong types and oversized frames are protocol errors that close the connection.
See ``docs/PROTOCOL.md`` for the conversation.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Annotated, Any

import msgspec

PROTOCOL_VERSION = 2  # 2: the host waits at a hand's results (``Next``, ``TableInfo.waiting``)
APP = "qilu-cards"

#: Largest frame a client may send to the host (intents and chat are small).
MAX_CLIENT_FRAME = 16 * 1024
#: Largest frame the host sends (a full view with a long history).
MAX_HOST_FRAME = 8 * 1024 * 1024

HEADER = struct.Struct(">I")

MAX_NAME = 24
MAX_CHAT = 120

#: Quick chat phrases: id -> (中文, English).
PHRASES: dict[str, tuple[str, str]] = {
    "hello": ("大家好！", "Hello everyone!"),
    "hurry": ("快点吧，等得花儿都谢了。", "Hurry up, please."),
    "nice": ("好牌！", "Nice play!"),
    "thanks": ("谢谢！", "Thanks!"),
    "sorry": ("不好意思。", "Sorry."),
    "partner": ("对家加油！", "Come on, partner!"),
    "again": ("再来一局！", "One more game!"),
    "bye": ("我先走了，再见。", "I have to go, bye."),
    "gg": ("打得好！", "Good game!"),
    "oops": ("哎呀，出错了。", "Oops, misplayed."),
}


class ProtocolError(Exception):
    """A peer broke the protocol; ``code`` is a short machine word, ``str()`` the reason."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


# ----------------------------------------------------------------------------------------------- common


class Base(msgspec.Struct, tag_field="t", forbid_unknown_fields=True, omit_defaults=True, frozen=True):
    pass


class ActionMsg(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, frozen=True):
    """An action without its seat (the seat is the connection's): ``engine.core.Action.to_json`` minus seat."""

    kind: str
    play: str | None = None
    arg: str | None = None

    def to_dict(self, seat: int) -> dict[str, Any]:
        d: dict[str, Any] = {"seat": seat, "kind": self.kind}
        if self.play is not None:
            d["play"] = self.play
        if self.arg is not None:
            d["arg"] = self.arg
        return d

    @classmethod
    def from_action(cls, action: Any) -> ActionMsg:
        return cls(action.kind, action.play.text if action.play is not None else None, action.arg)


class Ping(Base, tag="ping", frozen=True):
    n: int = 0


class Pong(Base, tag="pong", frozen=True):
    n: int = 0


# ----------------------------------------------------------------------------------------- client -> host


class Hello(Base, tag="hello", frozen=True):
    proto: int
    app: str = APP
    name: str = ""


HEX32 = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]


class Join(Base, tag="join", frozen=True):
    """Take a free seat in the lobby; ``entropy``: the seat's contribution to the match's first deal (see
    :class:`Entropy`), sent with the join because the last join may start the match."""

    seat: int
    name: str
    entropy: HEX32 | None = None


class Rejoin(Base, tag="rejoin", frozen=True):
    """Reclaim a seat with its secret token (reconnect, or after the host restarted)."""

    seat: int
    token: str


class Leave(Base, tag="leave", frozen=True):
    pass


class Intent(Base, tag="intent", frozen=True):
    """Ask the host to apply an action for the connection's seat; ``sid`` = the state id it was chosen at."""

    sid: int
    action: ActionMsg


class Chat(Base, tag="chat", frozen=True):
    """A quick phrase id (see ``PHRASES``) or a short free text."""

    phrase: str | None = None
    text: str | None = None


class Auto(Base, tag="auto", frozen=True):
    """托管 for the connection's own seat: ``on`` false takes the seat back from the host's bot (after the move
    timer ran out, or after a drop), ``on`` true hands it to the bot, as the local table's 托管 button does."""

    on: bool


class Entropy(Base, tag="entropy", frozen=True):
    """验证洗牌: the seat's random contribution (32 bytes as 64 lowercase hex digits) to deal ``deal`` of the
    match, sent before that deal is made, so the host alone cannot choose the cards (engine.fairness)."""

    deal: Annotated[int, msgspec.Meta(ge=0)]
    value: HEX32


class Next(Base, tag="next", frozen=True):
    """Done with the results of the hand just ended: the host's table, which waits at the results for its
    players (``TableInfo.waiting``), may go on for this seat. Ignored when the host does not wait for it."""


ClientMsg = Hello | Join | Rejoin | Leave | Intent | Chat | Entropy | Auto | Next | Ping | Pong

# ----------------------------------------------------------------------------------------- host -> client


class SeatInfo(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    seat: int
    kind: str  # "open" | "human" | "bot"
    name: str
    connected: bool = False
    auto: bool = False  # 托管: a bot plays this human seat until its player returns
    level: str | None = None


class TableInfo(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    game: str
    options: dict[str, Any]
    host: str
    status: str  # "lobby" | "playing" | "over"
    seats: list[SeatInfo]
    grace: float
    match: int = 0
    games: int = 1
    first_deal_bound: str | None = None  # 验证洗牌: SHA256 of the next match's first host secret (engine.fairness)
    turn_timer: float = 0.0  # the table's move timer in seconds (0: none): a seat that lets it run out gets 托管
    turn_seat: int | None = None  # the seat whose move timer runs now (None: no countdown runs) ...
    turn_left: float | None = None  # ... and its seconds left when this was sent (never a wall-clock time)
    results_wait: float = 0.0  # how long the host waits at a hand's results for its players (0: it goes on)
    waiting: list[int] = msgspec.field(default_factory=list)  # the seats it waits for now (``Next``) ...
    wait_left: float | None = None  # ... and the seconds it still waits, when this was sent

    def free_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "open"]


class Welcome(Base, tag="welcome", frozen=True):
    proto: int
    table: TableInfo


class Table(Base, tag="table", frozen=True):
    """The lobby / seat list changed (someone arrived, left, dropped, 托管 on or off), or the wait at a hand's
    results began or shrank (``TableInfo.waiting``; sent before the ``update`` that brings those results)."""

    table: TableInfo


class Seated(Base, tag="seated", frozen=True):
    """You hold ``seat``; keep ``token`` secret: it is the only way back to this seat."""

    seat: int
    token: str


class Sync(Base, tag="sync", frozen=True):
    """Your seat's full view (``engine`` ``State.view(seat)``, history included) at state ``sid``.

    ``legal`` = your legal actions when you are to act, else ``None``; ``turn_left`` = seconds left on the move
    timer of the seat to act (``view["to_act"]``) when this was sent, ``None`` when no countdown runs."""

    sid: int
    view: dict[str, Any]
    legal: list[ActionMsg] | None = None
    turn_left: float | None = None


class Update(Base, tag="update", frozen=True):
    """One action was applied: the events your seat may see, then your view *without* ``history``
    (append ``events`` to your history), your legal actions when you are to act, and the move timer's
    seconds left for the seat to act (as in :class:`Sync`)."""

    sid: int
    events: list[dict[str, Any]]
    view: dict[str, Any]
    legal: list[ActionMsg] | None = None
    turn_left: float | None = None


class Refused(Base, tag="refused", frozen=True):
    """Your intent (or join/chat) was refused; the connection stays open."""

    reason: str
    code: str = "illegal"
    sid: int | None = None
    rule: str | None = None


class Closing(Base, tag="closing", frozen=True):
    """The host (or client) closes this connection; ``reason`` says why."""

    reason: str
    code: str = "closing"


class ChatFrom(Base, tag="chat_from", frozen=True):
    seat: int | None
    name: str
    phrase: str | None = None
    text: str | None = None


class Notice(Base, tag="notice", frozen=True):
    """Something for the table's message line: ``code`` (``dropped``, ``auto``, ``timeout``, ``back``) and text."""

    code: str
    text: str
    seat: int | None = None


HostMsg = Welcome | Table | Seated | Sync | Update | Refused | Closing | ChatFrom | Notice | Ping | Pong

_ENCODER = msgspec.json.Encoder()
_CLIENT_DECODER = msgspec.json.Decoder(ClientMsg)
_HOST_DECODER = msgspec.json.Decoder(HostMsg)


def encode(msg: msgspec.Struct) -> bytes:
    """The message as one frame (header + JSON)."""
    body = _ENCODER.encode(msg)
    return HEADER.pack(len(body)) + body


def decode_client(body: bytes) -> ClientMsg:
    try:
        return _CLIENT_DECODER.decode(body)
    except msgspec.ValidationError as exc:
        raise ProtocolError("schema", f"invalid message: {_short(str(exc))}") from None
    except msgspec.DecodeError:
        raise ProtocolError("malformed", "frame is not valid JSON") from None


def decode_host(body: bytes) -> HostMsg:
    try:
        return _HOST_DECODER.decode(body)
    except msgspec.ValidationError as exc:
        raise ProtocolError("schema", f"invalid message: {_short(str(exc))}") from None
    except msgspec.DecodeError:
        raise ProtocolError("malformed", "frame is not valid JSON") from None


def _short(text: str, n: int = 120) -> str:
    """Validation messages name a path and a type, never echo data; cut them anyway."""
    return text if len(text) <= n else text[: n - 1] + "…"


async def read_frame(reader: asyncio.StreamReader, cap: int, idle_timeout: float, frame_timeout: float) -> bytes:
    """Read one frame body.

    Waits up to ``idle_timeout`` for the first byte, then the rest of the frame must arrive within
    ``frame_timeout`` (a peer that trickles a partial frame is too slow). Raises ``ProtocolError``
    (``idle``, ``slow``, ``oversized``, ``empty``) or ``asyncio.IncompleteReadError`` at EOF.
    """
    try:
        async with asyncio.timeout(idle_timeout):
            first = await reader.readexactly(1)
    except TimeoutError:
        raise ProtocolError("idle", f"nothing received for {idle_timeout:g} s (heartbeat missed)") from None
    try:
        async with asyncio.timeout(frame_timeout):
            head = first + await reader.readexactly(3)
            (size,) = HEADER.unpack(head)
            if size == 0:
                raise ProtocolError("empty", "empty frame")
            if size > cap:
                raise ProtocolError("oversized", f"frame of {size} bytes exceeds the {cap}-byte limit")
            return await reader.readexactly(size)
    except TimeoutError:
        raise ProtocolError("slow", f"partial frame not completed within {frame_timeout:g} s") from None


def clean_text(text: str, limit: int) -> str:
    """Strip control characters and cut to ``limit`` characters."""
    out = "".join(ch for ch in text if ch.isprintable())
    return out.strip()[:limit]
