"""The host's move timer (issue 13): a seat to act that lets it run out gets 托管 (the host's bot plays it), every
seat is told, the game goes on, and the seat's own player takes it back. Real TCP on 127.0.0.1, bounded waits.

The timer travels as a duration (``turn_timer``, ``turn_left`` seconds), never as a time of the host's clock,
and carries no hidden data: the leak oracle reads every byte the silent seat received.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from typing import Any

import msgspec
import pytest
import toygame  # (tests/net is on the path, as netkit needs it)
from attack import RawClient, host_process
from netkit import HELLO, check_no_leak, frame, read_until, start_host, stop_host, toy_game, until

from engine.core import Action, Event
from engine.net.client import Client
from engine.net.host import SeatSpec
from engine.net.protocol import Notice, Refused, Sync, Table, Update, Welcome

pytestmark = pytest.mark.timeout(120)


def test_a_silent_seat_gets_tuoguan_after_the_host_timer_and_the_game_goes_on() -> None:
    """``python -m engine.net.host --turn-timer 1``: Gouji, 5 host bots and one client that never acts. Its
    first turn runs out after the host's 1 s, the host switches the seat to 托管 and says so, the host's bot
    plays it to the end of the match; the bytes the seat received hide nothing they did not hide before."""
    tmp = tempfile.mkdtemp(prefix="qilu-timer-")
    log_path = os.path.join(tmp, "table.jsonl")
    got: list[tuple[float, Any]] = []
    frames: list[bytes] = []

    def on_message(c: Client, m: Any) -> None:
        got.append((time.monotonic(), m))

    async def main(port: int) -> Client:
        c = Client("127.0.0.1", port, "沉默", seat=0, reconnect=False, on_message=on_message,
                   on_frame=frames.append)
        runner = asyncio.ensure_future(c.run())
        try:
            await until(lambda: any(isinstance(m, Table) and m.table.status == "over" for _, m in got), 90,
                       "the end of the match")
        finally:
            c.stop()
            await asyncio.wait_for(runner, 10)
        return c

    with host_process("--game", "gouji", "--bots", "5", "--option", "sets_per_game=1", "--turn-timer", "1",
                      "--grace", "60", "--log", log_path) as (_proc, port):
        client = asyncio.run(main(port))

    welcome = next(m for _, m in got if isinstance(m, Welcome))
    assert welcome.table.turn_timer == 1.0
    turn_at, first_turn = next((t, m) for t, m in got if isinstance(m, Sync | Update) and m.legal)
    assert first_turn.view["to_act"] == 0 and first_turn.turn_left is not None and 0 < first_turn.turn_left <= 1
    notices = [(t, m) for t, m in got if isinstance(m, Notice) and m.code == "timeout"]
    assert len(notices) == 1 and notices[0][1].seat == 0, notices   # 托管 stays on: one timeout in the match
    waited = notices[0][0] - turn_at
    assert waited >= 0.8, f"托管 after {waited:.2f} s: the host did not wait its 1 s timer"
    after = [m for t, m in got if t >= notices[0][0]]
    table = next(m.table for m in after if isinstance(m, Table))
    assert table.seats[0].auto and table.turn_seat != 0
    # the game goes on: the host's bot plays seat 0 (its hand shrinks) until the match is over
    held = [len(m.view["hand"]) for m in after if isinstance(m, Update) and "hand" in m.view]
    top = held.index(max(held))   # dealt (seat 0's first turn may come before the deal) ...
    assert max(held) > 0 and min(held[top:]) < max(held), held   # ... then played down by the host's bot
    assert any(isinstance(m, Table) and m.table.status == "over" for m in after)
    # every figure is a duration within the table's timer, and only for a seat whose clock runs
    for _, m in got:
        if isinstance(m, Sync | Update) and m.turn_left is not None:
            assert 0 <= m.turn_left <= 1.0
    assert client.token is not None
    stats = check_no_leak(log_path, {0: frames}, {0: client.token})
    assert stats["checked_msgs"] > 10


def test_taken_back_the_timer_runs_again_and_an_answer_in_time_keeps_the_seat() -> None:
    """Toy game, host timer 1 s. The silent seat goes to 托管; its player takes it back (``auto`` off): every
    seat hears he is back, his next turn has the host's clock again, an answer within it is applied and keeps
    the seat his; silent again, the timer switches 托管 on again."""
    async def main() -> None:
        host, task = await start_host(game="toy", options={"seats": 4, "cards": 8}, turn_timer=1.0,
                                      bot_delay=0.01, grace=60, autostart=True,
                                      seats=[SeatSpec(), SeatSpec("bot", "random"), SeatSpec("bot", "random"),
                                             SeatSpec("bot", "random")])
        got: list[Any] = []
        c = Client("127.0.0.1", host.port, "p", seat=0, reconnect=False, on_message=lambda cl, m: got.append(m))
        runner = asyncio.ensure_future(c.run())
        try:
            await until(lambda: any(isinstance(m, Notice) and m.code == "timeout" and m.seat == 0 for m in got), 10,
                       "托管 after the timer, told")
            assert host.seats[0].auto
            c.set_auto(False)
            await until(lambda: any(isinstance(m, Notice) and m.code == "back" for m in got), 10, "back")
            assert not host.seats[0].auto
            # his next turn: the host's clock runs for him, and an answer in time is his move
            await until(lambda: bool(c.legal) and _mine(c.turn_clock()), 10, "his clock again")
            clock = c.turn_clock()
            assert clock is not None and 0 < clock[1] <= 1.0
            sid = host.sid
            c.act(c.legal[0])
            await until(lambda: host.sid > sid, 10, "his move applied")
            assert not host.seats[0].auto
            timeouts = sum(isinstance(m, Notice) and m.code == "timeout" for m in got)
            await until(lambda: host.seats[0].auto or host.state.is_over, 20, "托管 again or the end")
            if host.seats[0].auto:
                await until(lambda: sum(isinstance(m, Notice) and m.code == "timeout" for m in got) > timeouts, 5,
                           "the second timeout notice")
        finally:
            c.stop()
            await asyncio.wait_for(runner, 5)
            await stop_host(host, task)

    with toy_game():
        asyncio.run(main())


def _mine(clock: tuple[int, float] | None) -> bool:
    return clock is not None and clock[0] == 0


def test_the_player_may_ask_for_tuoguan_and_only_a_seated_player_in_a_match() -> None:
    """``{"t":"auto","on":true}`` hands the seat to the host's bot (told to everyone, as at the local table's
    托管 button); without a seat it is refused (``not_seated``), in the lobby too (``not_playing``)."""
    async def main() -> None:
        host, task = await start_host(game="toy", options={"seats": 4, "cards": 12}, turn_timer=30,
                                      bot_delay=0.05, grace=60)
        try:
            lurker = await RawClient.open(host.port, "lurker")
            lurker.send({"t": "auto", "on": True})
            m = await lurker.until(lambda m: isinstance(m, Refused), 5)
            assert m.code == "not_seated"
            p = await RawClient.open(host.port, "p", {"t": "join", "seat": 0, "name": "p"})
            await p.until(lambda m: m.__class__.__name__ == "Seated", 5)
            p.send({"t": "auto", "on": True})
            m = await p.until(lambda m: isinstance(m, Refused), 5)
            assert m.code == "not_playing"
            host.start_game()
            await p.my_turn(10)
            assert host._turn_key == (host._turn_sid, 0)   # the seat to act is a player's: his clock runs
            p.send({"t": "auto", "on": True})
            note = await p.until(lambda m: isinstance(m, Notice), 5)
            assert note.code == "auto" and note.seat == 0
            await until(lambda: host.state.to_act != 0 or host.state.is_over, 10, "the bot's move for seat 0")
            assert host.seats[0].auto
            p.send({"t": "auto", "on": False})
            note = await p.until(lambda m: isinstance(m, Notice), 5)
            assert note.code == "back" and not host.seats[0].auto
            lurker.close()
            p.close()
        finally:
            await stop_host(host, task)

    with toy_game():
        asyncio.run(main())


def test_without_a_timer_nothing_counts_down_and_the_wire_is_as_before() -> None:
    """The CLI's default (0): no clock in the table info, no ``turn_left`` on the wire, the table waits."""
    async def main() -> None:
        host, task = await start_host(game="toy", options={"seats": 4, "cards": 4}, autostart=True,
                                      seats=[SeatSpec()] + [SeatSpec("bot", "random")] * 3)
        try:
            r, w = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", host.port), 5)
            w.write(frame(HELLO) + frame({"t": "join", "seat": 0, "name": "p"}))
            msgs = await read_until(r, Sync, 10)
            welcome = next(m for m in msgs if isinstance(m, Welcome))
            assert welcome.table.turn_timer == 0 and welcome.table.turn_left is None
            sync = msgs[-1]
            assert sync.legal and sync.turn_left is None
            assert b"turn_left" not in msgspec.json.encode(sync)
            sid = host.sid
            await asyncio.sleep(0.5)
            assert host.sid == sid and not host.seats[0].auto   # nobody hurries him
            w.close()
        finally:
            await stop_host(host, task)

    with toy_game():
        asyncio.run(main())


def test_a_resumed_table_keeps_its_timer() -> None:
    """The timer is a table setting kept in the table log's header: the host reopened from its log (as the app
    does, with no timer of its own) runs the same timer, from the whole length for the turn it resumes."""
    tmp = tempfile.mkdtemp(prefix="qilu-timer-")
    log_path = os.path.join(tmp, "table.jsonl")

    async def main() -> None:
        host, task = await start_host(game="toy", options={"seats": 4, "cards": 4}, turn_timer=7.5,
                                      log_path=log_path, seats=[SeatSpec("human", name="p")] + [SeatSpec()] * 3)
        host.start_game()
        await stop_host(host, task)
        again, task = await start_host(game="toy", options={}, log_path=log_path, resume=True)
        try:
            assert again.cfg.turn_timer == 7.5 and again.status == "playing"
            info = again.table_info()
            assert info.turn_timer == 7.5 and info.turn_seat == 0
            assert info.turn_left is not None and 6.5 < info.turn_left <= 7.5
        finally:
            await stop_host(again, task)

    with toy_game():
        asyncio.run(main())


def test_a_new_match_gives_a_present_player_his_seat_back() -> None:
    """托管 from the timer lasts the match: at the next match at the same table the player who is still connected
    plays his seat again (as a new local game starts without 托管), and the timer runs for him again."""
    async def main() -> None:
        host, task = await start_host(game="toy", options={"seats": 4, "cards": 3}, turn_timer=0.3, games=2,
                                      between_games=0.05, bot_delay=0.005, grace=60, autostart=True,
                                      seats=[SeatSpec()] + [SeatSpec("bot", "random")] * 3)
        got: list[Any] = []
        c = Client("127.0.0.1", host.port, "p", seat=0, reconnect=False, on_message=lambda cl, m: got.append(m))
        runner = asyncio.ensure_future(c.run())
        try:
            def second_match() -> int | None:
                return next((i for i, m in enumerate(got) if isinstance(m, Table) and m.table.match == 2
                             and m.table.status == "playing"), None)
            await until(lambda: second_match() is not None, 20, "the second match")
            start = second_match()
            assert start is not None and not got[start].table.seats[0].auto, "托管 carried into the new match"
            await until(lambda: any(isinstance(m, Notice) and m.code == "timeout" for m in got[start:]), 20,
                       "the timer's 托管 in the second match")
            assert any(isinstance(m, Notice) and m.code == "timeout" for m in got[:start])   # and in the first
        finally:
            c.stop()
            await asyncio.wait_for(runner, 5)
            await stop_host(host, task)

    with toy_game():
        asyncio.run(main())


# ------------------------------------------------------------- a toy game with a free action (like Gouji's 报户)

class Rules(toygame.Rules):
    game = "toyask"


class State(toygame.State):
    """The toy game plus ``ask``: any seat may ask at any time (a free action, as 报户 is, G-69)."""

    free_kinds = frozenset({"ask"})

    def action_from_json(self, d: Any) -> Action:
        if isinstance(d, dict) and d.get("kind") == "ask":
            return Action(int(d["seat"]), "ask", arg=str(d.get("arg")))
        return super().action_from_json(d)

    def apply(self, action: Action) -> list[Event]:
        if action.kind != "ask":
            return super().apply(action)
        events = [Event("ask", {"seat": action.seat, "of": str(action.arg)})]
        self.actions.append(action)
        self.action_events.append(events)
        self.history.extend(events)
        return events


def test_a_free_action_does_not_restart_the_clock() -> None:
    """报户-like free actions are not turns: the clock of the seat to act goes on from the start of its turn."""
    from engine import games
    from engine.net.protocol import ActionMsg
    games.GAMES["toyask"], games.SEATS["toyask"] = __name__, 4

    async def main() -> None:
        host, task = await start_host(game="toyask", options={"seats": 4, "cards": 4}, turn_timer=1.0, grace=60,
                                      autostart=True, seats=[SeatSpec()] + [SeatSpec("bot", "random")] * 3)
        got: list[Any] = []
        c = Client("127.0.0.1", host.port, "p", seat=0, reconnect=False, on_message=lambda cl, m: got.append(m))
        runner = asyncio.ensure_future(c.run())
        try:
            await until(lambda: bool(c.legal), 10, "his turn")
            first = next(m for m in got if isinstance(m, Sync))
            assert first.turn_left is not None and first.turn_left > 0.6
            await asyncio.sleep(0.4)
            n = len(got)
            c.act(ActionMsg("ask", None, "2"))
            await until(lambda: any(isinstance(m, Update) for m in got[n:]), 5, "the ask applied")
            upd = next(m for m in got[n:] if isinstance(m, Update))
            assert upd.events and upd.events[0]["kind"] == "ask" and upd.view["to_act"] == 0
            assert upd.turn_left is not None and upd.turn_left < first.turn_left - 0.3, (first.turn_left, upd)
            await until(lambda: host.seats[0].auto, 5, "托管 at the end of the same clock")
        finally:
            c.stop()
            await asyncio.wait_for(runner, 5)
            await stop_host(host, task)

    try:
        asyncio.run(main())
    finally:
        games.GAMES.pop("toyask", None)
        games.SEATS.pop("toyask", None)
