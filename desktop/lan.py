"""LAN play in the app: host a table or join one (engine/net, docs/PROTOCOL.md §10).

The host runs ``engine.net.host.HostServer`` (its own asyncio thread) and the app's own player joins it like
everyone else through a ``ClientThread`` on 127.0.0.1. Messages arrive on the network thread and are turned
into the same snapshots the local worker produces (``net_snapshot``), then handed to the GUI thread through
a queued signal; the table bridge cannot tell a LAN table from a local one. Selections are judged by the
engine on the table's worker thread, against a State made from this seat's view; the host stays the only
authority (it refuses what it does not allow, with the rule id).
"""

from __future__ import annotations

import collections
import json
import threading
import time
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Property, QCoreApplication, QObject, Signal, Slot

from desktop import i18n, paths
from desktop.lan_snapshot import net_snapshot
from desktop.worker import match_kwargs

# The host's table status in the player's words (it was shown raw: "lobby"); translated where it is shown.
TABLE_STATUS = {"lobby": QT_TRANSLATE_NOOP("LanBridge", "waiting for players"),
                "playing": QT_TRANSLATE_NOOP("LanBridge", "playing"),
                "over": QT_TRANSLATE_NOOP("LanBridge", "match over")}


# How long a table this app hosts waits at a hand's results for its players (PROTOCOL.md §4): long enough to read
# them and look at the board, short enough that one player gone for tea does not hold the table.
RESULTS_WAIT = 30.0


class NetSession:
    """The app's own LAN connection (host or guest). ``act`` sends an intent for the latest state."""

    def __init__(self, client: Any, seat: int) -> None:
        self.client = client
        self.seat = seat
        self.sid = 0

    def act(self, msg: dict[str, Any]) -> None:
        from engine.net.protocol import ActionMsg
        a = msg["action"]
        self.client.act(ActionMsg(a["kind"], a.get("play"), a.get("arg")))

    def ask(self, target: int) -> None:
        """G-69 报户 over the LAN: the same free action the local worker applies, sent as an intent (the host
        lets it through outside turn order and the engine decides, as locally)."""
        from engine.net.protocol import ActionMsg
        self.client.act(ActionMsg("ask", None, str(target)))

    def set_auto(self, on: bool) -> None:
        """托管 at a LAN table: the host's bot plays the seat; the host switches it and tells every seat."""
        self.client.set_auto(on)

    def next_hand(self) -> None:
        """下一局 at a LAN table: done with the results; the host, waiting at them, may go on for this seat."""
        self.client.next_hand()

    def stop(self) -> None:
        try:
            self.client.leave()
        except Exception:
            pass
        self.client.stop(timeout=2.0)


def seat_names(seats: Any, lang: str) -> list[str]:
    """The names a LAN table shows, the same on every screen of it (each app computes them from the host's
    seat list): a bot gets the real-looking name of its seat, as at a local table (seat k: the k-th bot name,
    never one a player holds), instead of the host's "Bot n"; two players of one name (both left the name
    blank: 海风) are told apart, the later seat as "海风 (2)"."""
    from desktop.appbridge import BOT_NAMES_EN, BOT_NAMES_ZH
    pool = i18n.pick(lang, BOT_NAMES_ZH, BOT_NAMES_EN)
    seats = list(seats or [])
    humans = [str(s.name or "") for s in seats if s.kind == "human"]
    out: list[str] = []
    seen: dict[str, int] = {}
    for s in seats:
        if s.kind == "bot":
            k = int(s.seat)
            name = next((pool[(k - 1 + i) % len(pool)] for i in range(len(pool))
                         if pool[(k - 1 + i) % len(pool)] not in humans + out), f"{pool[0]} {k + 1}")
        elif s.kind == "human":
            base = str(s.name or "")
            seen[base] = seen.get(base, 0) + 1
            name = base if seen[base] == 1 else f"{base} ({seen[base]})"
        else:
            name = ""
        out.append(name)
    return out


def _seat_rows(table: Any, lang: str) -> list[dict[str, Any]]:
    out = []
    names = seat_names(table.seats if table else [], lang)
    for s, shown in zip(table.seats if table else [], names, strict=True):
        key = {"open": "lanOpen", "bot": "lanBot", "human": "lanPlayer"}.get(s.kind)
        kind = i18n.word(lang, key) if key else s.kind
        out.append({"seat": s.seat, "kind": s.kind, "kindText": kind, "name": shown, "connected": s.connected,
                    "auto": s.auto, "level": s.level or ""})
    return out


CHAT_LINES = 30     # the chat panel keeps this many received lines
CHAT_MAX = 120      # free text is cut to this (the host cuts it too, PROTOCOL.md §5)


def host_log_path() -> str:
    return str(paths.data_dir() / "lan-host.jsonl")


def _host_memo_path() -> Any:
    """Beside the table log: the port and the host's own seat/token, so a crashed host can reopen its table."""
    return paths.data_dir() / "lan-host.json"


def hosted_timer(settings: Any) -> float:
    """The move timer of a table this app hosts: the host player's own settings, as at his local table (the
    guests' settings do nothing there; PROTOCOL.md §8)."""
    from desktop.table import move_timer
    return float(move_timer(settings))


def host_config(cfg: dict[str, Any], seats: list[Any], **kw: Any) -> Any:
    """The HostConfig of a table hosted from the new-game settings ``cfg``: the match is as long as a local
    one (``worker.match_kwargs``, from the game's spec), the seats and options as chosen."""
    from engine.net.host import HostConfig
    hands = int(next(iter(match_kwargs(cfg).values()), 1))
    return HostConfig(game=cfg["game"], options=cfg["options"], seats=seats, fill_level="heuristic", hands=hands,
                      **kw)


class LanBridge(QObject):
    """Host / join / lobby for QML."""

    changed = Signal()
    statusChanged = Signal()   # the status line (also on every ``changed``; alone on a language switch)
    chatChanged = Signal()
    resumeChanged = Signal()
    _msg = Signal(object)       # from the network thread
    _found = Signal(object)
    _hostev = Signal(object)
    _unfinished = Signal(object)    # from the log-reading thread

    def __init__(self, app: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.app = app
        self.host: Any = None
        self.client: Any = None
        self.browser: Any = None
        self._mode = ""
        # what the status line says: raw text (an error as raised), or a word of desktop/i18n.py and its
        # arguments, put in words when shown, so a live language switch changes it too
        self._status: str | tuple[str, tuple[Any, ...]] = ""
        self._lang_seen = self.lang()
        app.settings.changed.connect(self._on_settings)
        self.changed.connect(self.statusChanged)
        self._table: Any = None
        self._wait_until = 0   # epoch ms the host's wait at the results runs out (``results_until``)
        self._seat = -1
        self._found_list: list[dict[str, Any]] = []
        self._addresses: list[str] = []
        self._name = ""
        self.bind = "0.0.0.0"       # tests: 127.0.0.1
        self.bot_delay = 0.4        # seconds a host bot waits (pacing for people)
        self.results_wait = RESULTS_WAIT   # seconds a table hosted here waits at a hand's results
        self.discovery = True
        self._chat: collections.deque[dict[str, Any]] = collections.deque(maxlen=CHAT_LINES)
        self._resume: dict[str, Any] | None = None
        self._gen = 0
        self._hgen = 0
        self._addr = ""
        self._tokens: dict[str, tuple[int, str]] = {}   # addr -> (seat, token) held this session: come back
        self._drop_until: dict[int, float] = {}   # seat -> when its grace ends (epoch s): shown as 掉线 · n 秒
        self._net_snap: dict[str, Any] | None = None   # the last snapshot as the host's message gave it
        self._msg.connect(self._on_msg)
        self._unfinished.connect(self._on_unfinished)
        self._found.connect(self._on_found)
        self._hostev.connect(self._on_hostev)

    # ---------------------------------------------------------------- host
    @Slot(result=bool)
    def hostTable(self) -> bool:
        from engine.net.host import HostServer, SeatSpec
        self.stop()
        cfg = self.app.new_game_config()
        from engine import games
        n = games.spec(cfg["game"]).seats
        name = self._lan_name()
        seats = [SeatSpec("human", name=name)] + [SeatSpec("open") for _ in range(n - 1)]
        try:
            self.host = HostServer(host_config(cfg, seats, bot_delay=self.bot_delay, bind=self.bind,
                                               discovery=self.discovery, log_path=host_log_path(),
                                               turn_timer=hosted_timer(self.app.settings),
                                               results_wait=self.results_wait),
                                   on_event=self._host_events())
            port = self.host.start()
            token = self.host.reserve_seat(0, name)
        except Exception as exc:
            self._status = f"{type(exc).__name__}: {exc}"
            self.host = None
            self.changed.emit()
            return False
        self._write_memo(port, 0, name, token)
        self._opened(port, name, token)
        self._status = ("lanWaiting", ())
        self.changed.emit()
        return True

    def _opened(self, port: int, name: str, token: str) -> None:
        self._addresses = list(self.host.addresses()) or [f"127.0.0.1:{port}"]
        self._mode = "host"
        self._seat = 0
        self._name = name
        self._table = self.host.table()
        self._chat.clear()
        self.chatChanged.emit()
        self._set_resume(None)
        self._connect(f"127.0.0.1:{port}", name, seat=0, token=token)

    def _write_memo(self, port: int, seat: int, name: str, token: str) -> None:
        from engine.net.client import write_private
        try:
            p = _host_memo_path()
            p.parent.mkdir(parents=True, exist_ok=True)
            # user-only (0600): it holds the host's own seat token
            write_private(str(p), json.dumps({"port": port, "seat": seat, "name": name, "token": token},
                                             ensure_ascii=False))
        except OSError:
            pass

    # ---------------------------------------------------------------- resume a hosted table (PROTOCOL.md §8)
    @Slot()
    def checkResume(self) -> None:
        """Ask (off the GUI thread: it replays the log) whether the last hosted match was cut short."""
        if self._mode:
            return
        path = host_log_path()

        def look() -> None:
            from engine.net import tablelog
            try:
                info = tablelog.unfinished(path)
            except Exception:
                info = None
            self._unfinished.emit(info)

        threading.Thread(target=look, name="qilu-lan-resume", daemon=True).start()

    def _on_unfinished(self, info: Any) -> None:
        self._set_resume(info if (info and not self._mode) else None)

    def _set_resume(self, info: dict[str, Any] | None) -> None:
        if info != self._resume:
            self._resume = info
            self.resumeChanged.emit()

    @Slot(result=bool)
    def resumeTable(self) -> bool:
        """Reopen the unfinished hosted match from its log on the same port; clients come back with their tokens."""
        from engine.net.host import HostConfig, HostServer, SeatSpec
        info = self._resume
        if not info:
            return False
        self.stop()
        try:
            memo = json.loads(_host_memo_path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            memo = {}
        seat = int(memo.get("seat", 0))
        name = str(memo.get("name") or (info["seats"][seat].get("name") if info.get("seats") else "") or "")
        token = memo.get("token")
        from engine import games
        n = len(info.get("seats") or []) or games.spec(str(info.get("game"))).seats
        last_exc: Exception | None = None
        for port in ([int(memo["port"])] if memo.get("port") else []) + [0]:
            try:
                self.host = HostServer(HostConfig(game=str(info.get("game")),
                                                  seats=[SeatSpec("open") for _ in range(n)],
                                                  fill_level="heuristic", bot_delay=self.bot_delay, bind=self.bind,
                                                  port=port, discovery=self.discovery, log_path=host_log_path(),
                                                  resume=True, results_wait=self.results_wait),
                                       on_event=self._host_events())
                port = self.host.start()
                break
            except Exception as exc:    # the old port may be taken now: then any port (say the new address)
                last_exc = exc
                if self.host is not None:
                    try:
                        self.host.stop(timeout=2.0)
                    except Exception:
                        pass
                self.host = None
        if self.host is None:
            self._status = f"{type(last_exc).__name__}: {last_exc}"
            self.changed.emit()
            return False
        if not token:   # no memo: the token is in the host's own log
            try:
                from engine.net import tablelog
                r = tablelog.load(host_log_path())
                token = r.net["seats"][seat].get("token") if r is not None else None
            except Exception:
                token = None
        self._write_memo(port, seat, name, str(token or ""))
        self._opened(port, name, str(token or ""))
        self._seat = seat
        self._status = ("lanRestored", ())
        self.changed.emit()
        return True

    # ---------------------------------------------------------------- chat (PROTOCOL.md §5)
    @Slot(str)
    def sendPhrase(self, phrase: str) -> None:
        if self.client is not None and phrase:
            self.client.chat(phrase=phrase)

    @Slot(str)
    def sendText(self, text: str) -> None:
        text = " ".join(str(text).split())[:CHAT_MAX]
        if self.client is not None and text:
            self.client.chat(text=text)

    def _chat_text(self, line: dict[str, Any]) -> str:
        from engine.net.protocol import PHRASES
        if line.get("phrase"):
            zh, en = PHRASES.get(line["phrase"], (line["phrase"], line["phrase"]))
            return i18n.pick(self.lang(), zh, en)
        return str(line.get("text") or "")

    @Slot()
    def startHosted(self) -> None:
        if self.host is not None:
            try:
                self.host.start_game()
            except Exception as exc:
                self._status = str(exc)
                self.changed.emit()

    @Slot(int, str)
    def setSeat(self, seat: int, kind: str) -> None:
        if self.host is not None:
            try:
                self.host.set_seat(seat, kind, "heuristic" if kind == "bot" else None)
            except Exception as exc:
                self._status = str(exc)
                self.changed.emit()

    # ---------------------------------------------------------------- join
    @Slot()
    def browse(self) -> None:
        if self.browser is not None:
            return
        try:
            from engine.net.discovery import Browser
            self.browser = Browser(on_change=lambda tables: self._found.emit(list(tables)))
            self.browser.start()
        except Exception as exc:
            self._status = str(exc)
            self.changed.emit()

    @Slot(str)
    def connectTo(self, addr: str) -> None:
        self.stop_client()
        self._mode = "join"
        self._name = self._lan_name()
        self._chat.clear()
        self.chatChanged.emit()
        self._set_resume(None)
        addr = addr.strip()
        self._addr = addr
        back = self._tokens.get(addr)   # a seat we held at this address (the host restarted): rejoin it
        try:
            self._connect(addr, self._name, *(back or (None, None)))
            self._status = ("lanConnecting", (addr,))
        except Exception as exc:
            self._status = f"{type(exc).__name__}: {exc}"
        self.changed.emit()

    @Slot(int)
    def takeSeat(self, seat: int) -> None:
        if self.client is not None:
            self.client.join(seat, self._name)

    def _connect(self, addr: str, name: str, seat: int | None = None, token: str | None = None) -> None:
        from engine.net.client import ClientThread
        self._gen += 1
        gen = self._gen     # messages of an earlier connection that arrive late are dropped
        client: Any = None

        def relay(m: Any) -> None:  # network thread: snapshots (and their hints) are built here, off the GUI
            from engine.net.protocol import Sync, Update
            snap = None
            if isinstance(m, Sync | Update) and client is not None:
                try:
                    seat = int(m.view.get("seat"))
                    snap = net_snapshot(m, seat, client.client.table, full_view=client.view())
                except Exception:
                    snap = None
            self._msg.emit((gen, m, snap, self._shuffle_verdicts(m)))

        client = self.client = ClientThread(addr, name, seat=seat, token=token, on_message=relay,
                                            on_closed=lambda why: self._msg.emit((gen, ("closed", why), None, [])))
        self.client.start()

    def _shuffle_verdicts(self, msg: Any) -> list[dict[str, Any]]:
        """On the network thread: 验证洗牌 — a hand's reveal is checked here against this seat's history."""
        shuffle: list[dict[str, Any]] = []
        events = getattr(msg, "events", None)
        client = self.client
        if events and client is not None and any(e.get("kind") == "shuffle_reveal" for e in events):
            from desktop.shuffle_check import verdicts
            view = client.view() or {}
            shuffle = verdicts(str(view.get("game") or ""), dict(view.get("options") or {}),
                               list(view.get("history") or []), events, client.client.first_deal_bound)
        return shuffle

    # ---------------------------------------------------------------- messages (GUI thread)
    def _on_msg(self, item: Any) -> None:
        from engine.net.protocol import ChatFrom, Closing, Notice, Refused, Seated, Sync, Table, Update, Welcome
        gen, msg, ready, shuffle = item
        if gen != self._gen or self.client is None:
            return
        table = self.app.table
        if isinstance(msg, ChatFrom):
            self._chat.append({"seat": msg.seat, "name": msg.name, "phrase": msg.phrase, "text": msg.text})
            self.chatChanged.emit()
            return
        if isinstance(msg, tuple) and msg and msg[0] == "closed":
            self._status = ("lanDisconnected", (msg[1],))
        elif isinstance(msg, Welcome | Table):
            self._table = msg.table
            left = msg.table.wait_left
            self._wait_until = int((time.time() + left) * 1000) if left is not None else 0
            self._track_drops(msg.table)
            if table.net is not None:
                table.seat_names = seat_names(msg.table.seats, self.lang())
                if not self.waits_for_me():
                    table.results_gave_way()   # the host's wait at the results ran out (or never was)
                if self._net_snap is not None and bool(table.snap.get("auto")) != self._my_auto():
                    # 托管 of this seat switched (the move timer ran out, or it was taken back): the last state
                    # again, nothing new in it, with the turn given to the bot or back to the player
                    again = self._with_auto(self._net_snap)
                    table.net_snapshot({**again, "events": [], "action": None, "first": False,
                                        "set_over": False, "shuffle": []})
                table.refresh()
        elif isinstance(msg, Seated):
            self._seat = msg.seat
            if self._mode == "join" and self._addr:
                self._tokens[self._addr] = (msg.seat, msg.token)
            self._status = ("lanSeated", ())
        elif isinstance(msg, Sync | Update):
            if self._seat < 0:
                return
            names = seat_names(self._table.seats, self.lang()) if self._table else []
            snap = ready if ready is not None and ready.get("seat") == self._seat else net_snapshot(
                msg, self._seat, self._table)
            if shuffle:
                snap["shuffle"] = shuffle
            self._net_snap = snap
            snap = self._with_auto(snap)
            if isinstance(msg, Sync) or table.net is None:
                table.start_net(NetSession(self.client, self._seat), names, snap)
                self.app.startTable.emit()
            else:
                table.net_snapshot(snap)
        elif isinstance(msg, Refused):
            if msg.code == "chat":
                self._status = ("lanChatFast", ()) if "fast" in msg.reason else msg.reason
            table.message.emit(f"[{msg.rule or msg.code}] {msg.reason}")
        elif isinstance(msg, Notice):
            table.message.emit(self._notice_text(msg))
        elif isinstance(msg, Closing):
            self._status = f"{msg.code}: {msg.reason}"
        self.changed.emit()

    def _lan_name(self) -> str:
        """The name this player sits under at a LAN table: his own, else a name (海风 / Hai Feng) — the local
        table's English default "You" would read as the others' own seat on their screens."""
        own = str(self.app.settings.get("playerName") or "").strip()[:12]
        return own or i18n.word(self.lang(), "lanNameDefault")

    def waits_for_me(self) -> bool:
        """Whether the host waits at the last hand's results for this seat (PROTOCOL.md §4): only then does the
        table keep the ended hand under them until 下一局; the host tells it before the results arrive."""
        info = self._table
        return info is not None and info.results_wait > 0 and self._seat in info.waiting

    def results_until(self) -> int:
        """When the host's wait at the results for this seat runs out, in epoch ms (0: it does not wait for it):
        counted from the seconds left the host last sent, as the seat plates count the move timer."""
        return self._wait_until if self.waits_for_me() else 0

    def waiting_for(self) -> list[int]:
        """The other seats the host still waits for at the results."""
        info = self._table
        return [s for s in (info.waiting if info is not None else []) if s != self._seat]

    def _my_auto(self) -> bool:
        info = self._table
        return any(s.seat == self._seat and s.auto for s in (info.seats if info else []))

    def _with_auto(self, snap: dict[str, Any]) -> dict[str, Any]:
        """Under 托管 (the host's bot plays this seat) the turn is not the player's, as at a local table."""
        auto = self._my_auto()
        return {**snap, "auto": auto, "my_turn": bool(snap.get("my_turn")) and not auto}

    def turn_timer(self) -> int:
        """The host's move timer in whole seconds (0: none) — the table's, never this app's own setting."""
        import math
        info = self._table
        return int(math.ceil(float(getattr(info, "turn_timer", 0) or 0))) if info is not None else 0

    def _notice_text(self, msg: Any) -> str:
        """A host notice about a seat (dropped / 托管 / back) in the UI language; any other as the host wrote it."""
        if str(msg.code) == "timeout" and isinstance(getattr(msg, "seat", None), int) and self._table is not None:
            return self._timeout_text(int(msg.seat))
        words = {"dropped": "lanNoticeDropped", "auto": "lanNoticeAuto", "back": "lanNoticeBack"}.get(str(msg.code))
        seat = getattr(msg, "seat", None)
        if words is None or not isinstance(seat, int) or self._table is None:
            return str(msg.text)
        names = seat_names(self._table.seats, self.lang())
        name = names[seat] if 0 <= seat < len(names) else str(seat)
        return i18n.word(self.lang(), words, name)

    def _timeout_text(self, seat: int) -> str:
        """The move timer ran out: the player himself reads what the local table says; the others, whose."""
        from desktop.table import s_or
        if seat == self._seat:
            return s_or(self.lang(), "timeoutAuto")
        names = seat_names(self._table.seats if self._table else [], self.lang())
        return s_or(self.lang(), "timeoutAutoSeat").replace("%1", names[seat] if 0 <= seat < len(names) else "")

    def _track_drops(self, info: Any) -> None:
        """A player's seat that lost its connection waits ``grace`` seconds before a bot plays it (托管,
        PROTOCOL.md §8): note when each drop's grace ends, counted from when this app heard of it."""
        now = time.time()
        for s in info.seats:
            if s.kind == "human" and not s.connected and not s.auto:
                self._drop_until.setdefault(s.seat, now + float(info.grace))
            else:
                self._drop_until.pop(s.seat, None)

    def seat_status(self, seat: int) -> dict[str, Any]:
        """For the seat plate: ``dropped`` (掉线) and ``dropUntil`` (epoch ms its grace ends; 0 under 托管)."""
        info = self._table
        out = self._turn_status(seat)
        s = next((x for x in (info.seats if info else []) if x.seat == seat), None)
        if s is None or s.kind != "human" or s.connected:
            return {"dropped": False, "dropUntil": 0, **out}
        return {"dropped": True, "dropUntil": 0 if s.auto else int(self._drop_until.get(seat, 0) * 1000), **out}

    def _turn_status(self, seat: int) -> dict[str, Any]:
        """For the seat plate: the host's move timer — ``turnUntil`` (epoch ms it runs out, from the seconds left
        the host last said; 0 when this seat's clock does not run) and ``turnTotal`` (its length, s)."""
        client = self.client
        total, clock = client.turn_clock() if client is not None else (0.0, None)
        if clock is None or clock[0] != seat or total <= 0:
            return {"turnUntil": 0, "turnTotal": 0}
        return {"turnUntil": int((time.time() + clock[1]) * 1000), "turnTotal": float(total)}

    def _on_found(self, tables: list[Any]) -> None:
        self._found_list = [{"addr": f.addr, "game": f.game, "host": f.host, "free": f.free, "seats": f.seats,
                             "status": f.status} for f in tables]
        self.changed.emit()

    def _host_events(self) -> Any:
        self._hgen += 1
        gen = self._hgen    # events of a host already stopped that arrive late are dropped
        return lambda ev: self._hostev.emit((gen, ev))

    def _on_hostev(self, item: Any) -> None:
        gen, ev = item
        if gen != self._hgen or self.host is None:
            return
        if ev.table is not None:
            self._table = ev.table
            self.changed.emit()

    # ---------------------------------------------------------------- teardown
    def stop_client(self) -> None:
        if self.client is not None:
            try:
                self.client.stop(timeout=2.0)
            except Exception:
                pass
            self.client = None
        self._seat = -1

    @Slot()
    def stop(self) -> None:
        self.stop_client()
        if self.host is not None:
            try:
                self.host.stop(timeout=3.0)
            except Exception:
                pass
            self.host = None
        self._mode = ""
        self._table = None
        self._drop_until = {}
        self._net_snap = None
        self._status = ""
        self.changed.emit()
        self.chatChanged.emit()

    def shutdown(self) -> None:
        self.stop()
        if self.browser is not None:
            try:
                self.browser.stop()
            except Exception:
                pass
            self.browser = None

    def lang(self) -> str:
        return str(self.app.settings.get("language"))

    # ---------------------------------------------------------------- properties
    def _g_mode(self) -> str:
        return self._mode

    def _g_status(self) -> str:
        if isinstance(self._status, tuple):
            key, args = self._status
            return i18n.word(self.lang(), key, *args)
        return self._status

    def _on_settings(self) -> None:
        if self.lang() != self._lang_seen:   # the status line reads in the new language (the seats as they are)
            self._lang_seen = self.lang()
            self.statusChanged.emit()

    def _g_addresses(self) -> list[str]:
        return self._addresses

    def _g_seats(self) -> list[dict[str, Any]]:
        return _seat_rows(self._table, self.lang())

    def _g_found(self) -> list[dict[str, Any]]:
        return self._found_list

    def _g_seat(self) -> int:
        return self._seat

    def _g_game(self) -> str:
        g = self._table.game if self._table else ""
        return i18n.strings(self.lang()).get(g, g)

    def _g_hint(self) -> str:
        """What a guest reads before he sits: the table's rules in words, from the options it was opened with
        (the game's presenter words them; TableInfo carries the options)."""
        if self._table is None:
            return ""
        from desktop.games import presenter
        return presenter(self._table.game).lan_hint(dict(self._table.options), self.lang())

    def _g_tstatus(self) -> str:
        if not self._table:
            return ""
        return QCoreApplication.translate("LanBridge", TABLE_STATUS.get(self._table.status, self._table.status))

    def _g_chat_on(self) -> bool:
        return self.client is not None and bool(self._mode)

    def _g_chat(self) -> list[dict[str, Any]]:
        return [{"seat": -1 if c["seat"] is None else c["seat"], "name": c["name"], "text": self._chat_text(c),
                 "mine": c["seat"] is not None and c["seat"] == self._seat} for c in self._chat]

    def _g_phrases(self) -> list[dict[str, str]]:
        from engine.net.protocol import PHRASES
        return [{"id": k, "text": i18n.pick(self.lang(), v[0], v[1])} for k, v in PHRASES.items()]

    def _g_resume(self) -> dict[str, Any]:
        return dict(self._resume) if self._resume else {}

    mode = Property(str, _g_mode, notify=changed)
    chatOn = Property(bool, _g_chat_on, notify=changed)
    chatLines = Property("QVariantList", _g_chat, notify=chatChanged)
    phrases = Property("QVariantList", _g_phrases, notify=changed)
    resumeInfo = Property("QVariantMap", _g_resume, notify=resumeChanged)
    status = Property(str, _g_status, notify=statusChanged)
    addresses = Property("QVariantList", _g_addresses, notify=changed)
    seats = Property("QVariantList", _g_seats, notify=changed)
    found = Property("QVariantList", _g_found, notify=changed)
    seat = Property(int, _g_seat, notify=changed)
    gameName = Property(str, _g_game, notify=changed)
    tableStatus = Property(str, _g_tstatus, notify=changed)
    tableHint = Property(str, _g_hint, notify=changed)
