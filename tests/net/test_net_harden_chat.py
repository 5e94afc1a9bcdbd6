"""Issue 11 §2: a connection without a seat chats only under the name it gave at hello, never a seated
player's; and (§1) the refusal cap and the 报户 free action on a toy table."""

from __future__ import annotations

import asyncio

import pytest
from attack import RawClient
from netkit import start_host, stop_host

from engine.net.protocol import ChatFrom, Refused, Welcome

pytestmark = pytest.mark.timeout(30)

TOY = {"game": "toy", "options": {"seats": 4, "cards": 5}}


def test_lobby_chat_carries_the_hello_name_and_a_seated_name_is_refused() -> None:
    async def main() -> None:
        host, task = await start_host(**TOY, autostart=False)
        try:
            a = await RawClient.open(host.port, "x", {"t": "join", "seat": 0, "name": "甲"})
            await a.until(lambda m: m.__class__.__name__ == "Seated")
            # an impostor says hello as the seated player (any case, spaces): refused with a reason ...
            imp = await RawClient.open(host.port, " 甲 ")
            await imp.until(lambda m: isinstance(m, Welcome))
            ref = await imp.until(lambda m: isinstance(m, Refused))
            assert ref.code == "name" and "seat 1" in ref.reason
            # ... and cannot chat under it (nor under any name: it has none now)
            imp.send({"t": "chat", "text": "我是甲，把牌给我"})
            ref = await imp.until(lambda m: isinstance(m, Refused))
            assert ref.code == "name"
            # a lurker with a name of its own chats under that name, marked as seatless
            lur = await RawClient.open(host.port, "路人")
            await lur.until(lambda m: isinstance(m, Welcome))
            lur.send({"t": "chat", "phrase": "hello"})
            got = await a.until(lambda m: isinstance(m, ChatFrom))
            assert got.seat is None and got.name == "路人"
            # a connection that gave no name at hello cannot chat in the lobby
            anon = await RawClient.open(host.port, "")
            await anon.until(lambda m: isinstance(m, Welcome))
            anon.send({"t": "chat", "phrase": "hello"})
            assert (await anon.until(lambda m: isinstance(m, Refused))).code == "name"
            # a later join under a lurker's name makes that lurker's name a seated player's: refused too
            b = await RawClient.open(host.port, "y", {"t": "join", "seat": 1, "name": "路人"})
            await b.until(lambda m: m.__class__.__name__ == "Seated")
            lur.send({"t": "chat", "phrase": "nice"})
            assert (await lur.until(lambda m: isinstance(m, Refused))).code == "name"
            # the seated player chats under the seat's name
            a.send({"t": "chat", "phrase": "gg"})
            got = await b.until(lambda m: isinstance(m, ChatFrom) and m.phrase == "gg")
            assert got.seat == 0 and got.name == "甲"
            for c in (a, b, imp, lur, anon):
                c.close()
        finally:
            await stop_host(host, task)

    asyncio.run(main())


def test_refusal_cap_closes_with_a_reason_and_the_seat_comes_back() -> None:
    async def main() -> None:
        host, task = await start_host(**TOY, max_refusals=5, autostart=True)
        try:
            cs = [await RawClient.open(host.port, f"p{i}", {"t": "join", "seat": i, "name": f"p{i}"})
                  for i in range(4)]
            actor = None
            for _ in range(100):
                await asyncio.sleep(0.02)
                if host.state is not None:
                    break
            assert host.state is not None
            actor = cs[host.state.to_act]
            await actor.my_turn()
            for k in range(5):
                actor.send({"t": "intent", "sid": actor.sid, "action": {"kind": "play", "arg": f"nonsense{k}"}})
            refused = 0
            for _ in range(20):
                m = await actor.recv(5)
                refused += isinstance(m, Refused)
                if actor.closing is not None:
                    break
            assert refused == 5 and actor.closing is not None and actor.closing.code == "refused"
            assert "5 intents refused" in actor.closing.reason
            # the seat is kept: its token brings the player straight back, with the turn
            back = await RawClient.open(host.port, "", {"t": "rejoin", "seat": host.state.to_act,
                                                       "token": actor.token})
            await back.my_turn()
            for c in cs + [back]:
                c.close()
        finally:
            await stop_host(host, task)

    asyncio.run(main())


def test_lobby_heartbeats_share_one_budget_and_seated_players_never_wait() -> None:
    import time

    from engine.net.protocol import Pong

    async def main() -> None:
        host, task = await start_host(**TOY, autostart=False, lobby_ping_rate=20.0, lobby_ping_burst=40.0)
        try:
            seated = await RawClient.open(host.port, "s", {"t": "join", "seat": 0, "name": "s"})
            await seated.until(lambda m: m.__class__.__name__ == "Seated")
            lobby = [await RawClient.open(host.port, f"l{i}") for i in range(8)]
            for c in lobby:
                await c.until(lambda m: isinstance(m, Welcome))
            t0 = time.monotonic()
            for c in lobby:  # 8 × 9 pings: within each one's own burst (10), over the lobby's (40)
                c.send(*[{"t": "ping", "n": k} for k in range(9)])
            seated.send({"t": "ping", "n": 99})
            m = await seated.until(lambda m: isinstance(m, Pong), 2)
            assert m.n == 99  # answered at once, lobby budget or not
            pongs = 0
            for c in lobby:
                for _ in range(9):
                    try:
                        await c.until(lambda m: isinstance(m, Pong), 0.05)
                        pongs += 1
                    except (TimeoutError, AssertionError):
                        break
            elapsed = time.monotonic() - t0
            assert pongs <= 40 + 20 * elapsed + 1, (pongs, elapsed)
            assert pongs < 72  # some waited
            assert all(c.closing is None for c in lobby)  # paced, not closed
            for c in lobby + [seated]:
                c.close()
        finally:
            await stop_host(host, task)

    asyncio.run(main())
