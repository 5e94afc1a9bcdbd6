"""Finding tables on the LAN: zeroconf (``_qilucards._tcp.local.``) with a UDP-broadcast fallback.

Both are optional and fail quietly: with neither working, players type ``address:port``. Each runs in its
own daemon thread so nothing here ever blocks a caller's event loop.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import queue
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

SERVICE_TYPE = "_qilucards._tcp.local."
UDP_PORT = 47474
ANNOUNCE_EVERY = 2.0
FORGET_AFTER = 8.0
MAX_DATAGRAM = 1024

log = logging.getLogger("qilu.net.discovery")


class Advert(msgspec.Struct, frozen=True):
    """What a host announces (UDP payload = this as JSON; zeroconf TXT properties = the same keys)."""

    app: str
    proto: int
    game: str
    host: str
    port: int
    free: int
    seats: int
    status: str


@dataclass(frozen=True)
class Found:
    """A table seen on the LAN."""

    address: str
    port: int
    game: str
    host: str
    free: int
    seats: int
    status: str
    proto: int
    via: str  # "zeroconf" | "udp"
    seen: float

    @property
    def addr(self) -> str:
        return f"{self.address}:{self.port}"


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other players can reach (loopback only when there is nothing else)."""
    found: list[str] = []
    with contextlib.suppress(OSError):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outgoing interface
            found.append(s.getsockname()[0])
        finally:
            s.close()
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    out: list[str] = []
    for a in found:
        with contextlib.suppress(ValueError):
            ip = ipaddress.ip_address(a)
            if not ip.is_loopback and not ip.is_unspecified and a not in out:
                out.append(a)
    return out or ["127.0.0.1"]


class Advertiser:
    """Announces one table: zeroconf registration plus a UDP broadcast every ``ANNOUNCE_EVERY`` s."""

    def __init__(self, port: int, udp_port: int = UDP_PORT, targets: list[str] | None = None,
                 zeroconf: bool = True) -> None:
        self.port = port
        self.udp_port = udp_port
        self.targets = targets or ["255.255.255.255"]
        self.use_zeroconf = zeroconf
        self._info: dict[str, Any] = {}
        self._cmds: queue.Queue[tuple[str, dict[str, Any]]] = queue.Queue()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def start(self, info: dict[str, Any]) -> None:
        self._info = dict(info)
        t1 = threading.Thread(target=self._udp_loop, name="qilu-udp-announce", daemon=True)
        self._threads.append(t1)
        t1.start()
        if self.use_zeroconf:
            t2 = threading.Thread(target=self._zc_loop, name="qilu-zeroconf", daemon=True)
            self._threads.append(t2)
            t2.start()
            self._cmds.put(("register", dict(info)))

    def update(self, info: dict[str, Any]) -> None:
        if info != self._info:
            self._info = dict(info)
            self._cmds.put(("update", dict(info)))

    def stop(self) -> None:
        self._stop.set()
        self._cmds.put(("stop", {}))

    def _udp_loop(self) -> None:
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        except OSError:
            return
        try:
            while not self._stop.is_set():
                data = msgspec.json.encode(self._info)
                for t in self.targets:
                    with contextlib.suppress(OSError):
                        sock.sendto(data, (t, self.udp_port))
                self._stop.wait(ANNOUNCE_EVERY)
        finally:
            sock.close()

    def _zc_loop(self) -> None:
        zc: Any = None
        info_obj: Any = None
        try:
            from zeroconf import ServiceInfo, Zeroconf

            while True:
                cmd, info = self._cmds.get()
                if cmd == "stop":
                    break
                props = {k: str(v) for k, v in info.items()}
                addrs = [socket.inet_aton(a) for a in lan_addresses()]
                name = f"{_safe(str(info.get('host', 'host')))}-{self.port}.{SERVICE_TYPE}"
                server = f"{_safe(socket.gethostname())}.local."
                new = ServiceInfo(SERVICE_TYPE, name, addresses=addrs, port=self.port, properties=props,
                                  server=server)
                if zc is None:
                    zc = Zeroconf()
                if info_obj is None:
                    zc.register_service(new, allow_name_change=True)
                else:
                    zc.update_service(new)
                info_obj = new
        except Exception as exc:  # noqa: BLE001 - discovery is optional
            log.info("zeroconf unavailable: %s", exc)
        finally:
            if zc is not None:
                with contextlib.suppress(Exception):
                    if info_obj is not None:
                        zc.unregister_service(info_obj)
                    zc.close()


def _safe(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in text)[:40] or "host"


class Browser:
    """Collects the tables announced on the LAN; ``on_change(list[Found])`` runs on a discovery thread."""

    def __init__(self, on_change: Callable[[list[Found]], None] | None = None, udp_port: int = UDP_PORT,
                 bind: str = "", zeroconf: bool = True) -> None:
        self.on_change = on_change
        self.udp_port = udp_port
        self.bind = bind
        self.use_zeroconf = zeroconf
        self._found: dict[tuple[str, int], Found] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._zc: Any = None
        self._browser: Any = None

    def tables(self) -> list[Found]:
        now = time.monotonic()
        with self._lock:
            return sorted((f for f in self._found.values() if f.via == "zeroconf" or now - f.seen < FORGET_AFTER),
                          key=lambda f: (f.host, f.port))

    def start(self) -> None:
        threading.Thread(target=self._udp_loop, name="qilu-udp-browse", daemon=True).start()
        if self.use_zeroconf:
            threading.Thread(target=self._zc_start, name="qilu-zc-browse", daemon=True).start()

    def stop(self) -> None:
        self._stop.set()
        with contextlib.suppress(Exception):
            if self._zc is not None:
                self._zc.close()

    def _add(self, f: Found) -> None:
        with self._lock:
            old = self._found.get((f.address, f.port))
            self._found[(f.address, f.port)] = f
        if self.on_change is not None and (old is None or (old.free, old.status) != (f.free, f.status)):
            with contextlib.suppress(Exception):
                self.on_change(self.tables())

    def _remove(self, key: tuple[str, int]) -> None:
        with self._lock:
            gone = self._found.pop(key, None)
        if gone is not None and self.on_change is not None:
            with contextlib.suppress(Exception):
                self.on_change(self.tables())

    def _udp_loop(self) -> None:
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            with contextlib.suppress(AttributeError, OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind((self.bind, self.udp_port))
            sock.settimeout(0.5)
        except OSError as exc:
            log.info("UDP discovery unavailable: %s", exc)
            return
        try:
            while not self._stop.is_set():
                try:
                    data, (addr, _) = sock.recvfrom(MAX_DATAGRAM + 1)
                except TimeoutError:
                    continue
                except OSError:
                    break
                if len(data) > MAX_DATAGRAM:
                    continue
                try:
                    ad = msgspec.json.decode(data, type=Advert)
                except msgspec.MsgspecError:
                    continue
                if ad.app != "qilu-cards" or not 0 < ad.port < 65536:
                    continue
                self._add(Found(addr, ad.port, ad.game, ad.host[:40], ad.free, ad.seats, ad.status, ad.proto, "udp",
                                time.monotonic()))
        finally:
            sock.close()

    def _zc_start(self) -> None:
        try:
            from zeroconf import ServiceBrowser, ServiceStateChange, Zeroconf

            self._zc = Zeroconf()

            def handler(zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
                if state_change is ServiceStateChange.Removed:
                    with self._lock:
                        keys = [k for k, f in self._found.items() if f.via == "zeroconf" and f.host in name]
                    for k in keys:
                        self._remove(k)
                    return
                info = zeroconf.get_service_info(service_type, name, timeout=1500)
                if info is None:
                    return
                props = {(k.decode() if isinstance(k, bytes) else str(k)):
                         (v.decode() if isinstance(v, bytes) else str(v)) for k, v in info.properties.items()}
                addrs = info.parsed_addresses()
                if not addrs:
                    return
                with contextlib.suppress(ValueError, KeyError):
                    self._add(Found(addrs[0], int(info.port), props["game"], props.get("host", "?")[:40],
                                    int(props.get("free", 0)), int(props.get("seats", 0)),
                                    props.get("status", "?"), int(props.get("proto", 0)), "zeroconf",
                                    time.monotonic()))

            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[handler])
        except Exception as exc:  # noqa: BLE001 - discovery is optional
            log.info("zeroconf browsing unavailable: %s", exc)
