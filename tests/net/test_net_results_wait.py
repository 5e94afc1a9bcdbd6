"""The host waits at a hand's results for its players (``HostConfig.results_wait``, ``--results-wait``; PROTOCOL.md
§4 "Between hands"). The next deal is made and sent with the results, but no bot moves and no move timer runs
until every player at the table has sent ``Next`` (or made a move), has dropped or is under 托管 — or until the
wait runs out. Real TCP on 127.0.0.1, bounded waits, Shandong Mahjong (its hands are short)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from netkit import HELLO, frame, raw, read_all, start_host, stop_host, until

from engine.net.client import Client, ClientBot
from engine.net.host import Host, SeatSpec
from engine.net.protocol import Table, Update

pytestmark = pytest.mark.timeout(120)


class Player:
    """A seated client that plays its turns with the greedy bot and keeps every message with its time."""

    def __init__(self, host: Host, seat: int) -> None:
        self.got: list[tuple[float, Any]] = []
        self.playing = True
        self.bot = ClientBot("greedy", seed=seat)
        self.c = Client("127.0.0.1", host.port, f"p{seat}", seat=seat, reconnect=False, on_message=self._on)
        self.runner = asyncio.ensure_future(self.c.run())

    def _on(self, c: Client, m: Any) -> None:
        self.got.append((time.monotonic(), m))
        if isinstance(m, Update) and any(e.get("kind") == "hand_end" for e in m.events):
            self.playing = False   # at the results: the player reads them
        if self.playing and getattr(m, "legal", None):
            choice = self.bot.choose(c)
            if choice is not None:
                c.act(choice)

    def hand_end_at(self) -> float | None:
        return next((t for t, m in self.got if isinstance(m, Update)
                     and any(e.get("kind") == "hand_end" for e in m.events)), None)

    def tables(self) -> list[Any]:
        """The table messages from the one the host sends just before the first hand's results on (it says whom
        the table waits for before the results arrive)."""
        i = next(i for i, (_, m) in enumerate(self.got) if isinstance(m, Update)
                 and any(e.get("kind") == "hand_end" for e in m.events))
        if i > 0 and isinstance(self.got[i - 1][1], Table):
            i -= 1
        return [m.table for _, m in self.got[i:] if isinstance(m, Table)]

    async def stop(self) -> None:
        self.c.stop()
        await asyncio.wait_for(self.runner, 5)


def test_the_host_waits_at_the_results_until_every_player_goes_on() -> None:
    """Four players, a 1 s move timer, a 60 s wait: at the first hand's end the table shows who it waits for and
    stands still (no move, no clock, nobody put on 托管) until the last of the four sends ``Next``; a repeated
    ``Next`` costs the host nothing."""
    async def main() -> None:
        host, task = await start_host(game="mahjong", seed=5, seats=[SeatSpec()] * 4, results_wait=60.0,
                                      turn_timer=1.0, autostart=True)
        players = [Player(host, s) for s in range(4)]
        try:
            await until(lambda: players[0].hand_end_at() is not None, 60, "the first hand's end")
            ended = players[0].hand_end_at()
            assert ended is not None
            await until(lambda: host._waiting == {0, 1, 2, 3}, 5, "the wait")
            info = host.table_info()
            assert info.results_wait == 60.0 and info.waiting == [0, 1, 2, 3]
            assert info.wait_left is not None and 0 < info.wait_left <= 60
            await until(lambda: any(t.waiting == [0, 1, 2, 3] for t in players[2].tables()), 5,
                        "the seats told who is waited for")
            sid = host.sid
            await asyncio.sleep(1.6)   # longer than the move timer: it does not run at the results
            assert host.sid == sid and host.turn_left() is None
            assert not any(s.auto for s in host.seats), "a player at the results was put on 托管"
            to_act = host.state.to_act
            order = [s for s in range(4) if s != to_act] + [to_act]   # the seat to act goes on last
            for _ in range(50):   # one seat's Next, repeated: one change of the table, told once
                players[order[0]].c.next_hand()
            for s in order[1:3]:
                players[s].c.next_hand()
            await until(lambda: host._waiting == {to_act}, 5, "three seats on")
            told = players[to_act].tables()
            assert [t.waiting for t in told][-4:] == [[0, 1, 2, 3], *(
                [x for x in [0, 1, 2, 3] if x not in order[:k]] for k in (1, 2, 3))], [t.waiting for t in told]
            assert host.sid == sid and host.turn_left() is None   # still nobody moves: the seat to act reads on
            players[to_act].playing = True
            players[to_act].c.next_hand()
            await until(lambda: not host._waiting, 5, "the last seat on")
            await until(lambda: host.turn_left() is not None, 5, "the move timer of the seat to act")
            assert host.table_info().waiting == [] and host.table_info().wait_left is None
            for p in players:
                p.playing = True
                if p.c.legal:
                    p._on(p.c, Update(p.c.sid, [], {}, p.c.legal))
            await until(lambda: host.sid > sid + 4, 30, "the next hand played on")
        finally:
            for p in players:
                await p.stop()
            await stop_host(host, task)

    asyncio.run(main())


def test_the_wait_runs_out_and_bots_and_clocks_go_on() -> None:
    """One player among three bots who stops at the results and never goes on: nothing moves for the 1 s wait,
    then the table goes on without him (his own 2 s move timer puts him on 托管 if his turn comes)."""
    async def main() -> None:
        host, task = await start_host(game="mahjong", seed=11, seats=[SeatSpec()] + [SeatSpec("bot", "greedy")] * 3,
                                      results_wait=1.0, turn_timer=2.0, autostart=True)
        p = Player(host, 0)
        moves: dict[int, float] = {}   # state id -> when the host made it
        host.notify = lambda ev: moves.setdefault(ev.sid, time.monotonic()) if ev.kind == "state" else None
        try:
            await until(lambda: p.hand_end_at() is not None, 60, "the first hand's end")
            ended = p.hand_end_at()
            end_sid = next(m.sid for t, m in p.got if t == ended and isinstance(m, Update))
            await until(lambda: any(t.waiting == [] for t in p.tables()), 10, "the wait to run out")
            waits = [t.waiting for t in p.tables()]
            assert waits[0] == [0] and waits[-1] == [], waits
            await until(lambda: max(moves) >= end_sid + 3, 30, "the table going on")
            gap = moves[end_sid + 1] - moves[end_sid]
            assert gap >= 0.9, f"a move {gap:.2f} s after the hand's end, inside the 1 s wait"
        finally:
            await p.stop()
            await stop_host(host, task)

    asyncio.run(main())


def test_next_outside_a_wait_is_ignored() -> None:
    """``Next`` from a connection without a seat, or at a table that is not waiting, changes nothing and is not
    answered: a hostile client cannot make the host broadcast."""
    async def main() -> None:
        host, task = await start_host(game="mahjong", seed=1, seats=[SeatSpec()] * 4, results_wait=30.0)
        try:
            r, w = await raw(host.port)
            w.write(frame(HELLO))
            first = await read_all(r, timeout=0.5)
            assert [type(m).__name__ for m in first] == ["Welcome"], first
            for _ in range(200):
                w.write(frame({"t": "next"}))
            await w.drain()
            got = await read_all(r, timeout=0.5)
            assert got == [] and not host._waiting and len(host.conns) == 1, got
            w.close()
        finally:
            await stop_host(host, task)

    asyncio.run(main())


def test_a_player_who_drops_or_hands_his_seat_to_the_bot_is_not_waited_for() -> None:
    """Three players and a bot: at the results one switches on 托管 and one drops; the table then waits only for
    the third, and goes on as soon as he sends ``Next``."""
    async def main() -> None:
        host, task = await start_host(game="mahjong", seed=7, seats=[SeatSpec()] * 3 + [SeatSpec("bot", "greedy")],
                                      results_wait=60.0, grace=1.0, autostart=True)
        players = [Player(host, s) for s in range(3)]
        try:
            await until(lambda: all(p.hand_end_at() is not None for p in players), 60, "the first hand's end")
            await until(lambda: host._waiting == {0, 1, 2}, 5, "the wait")
            players[0].c.set_auto(True)
            await until(lambda: host._waiting == {1, 2}, 5, "托管 leaving the wait")
            await players[1].stop()
            await until(lambda: host._waiting == {2}, 5, "a drop leaving the wait")
            assert host.table_info().waiting == [2]
            sid = host.sid
            players[2].c.next_hand()
            await until(lambda: not host._waiting, 5, "the last player going on")
            players[2].playing = True
            if players[2].c.legal:
                players[2]._on(players[2].c, Update(players[2].c.sid, [], {}, players[2].c.legal))
            await until(lambda: host.sid > sid + 2, 30, "the table going on (bots play seats 0 and 3, and 1 once its grace is over)")
        finally:
            for p in (players[0], players[2]):
                await p.stop()
            await stop_host(host, task)

    asyncio.run(main())
