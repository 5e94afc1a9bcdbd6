"""报户 (G-69) over the LAN: a free action outside turn order, judged by the engine, bounded per connection;
it never makes the seat to act's intent stale and never stalls the bots."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from attack import RawClient, intent
from netkit import start_host, stop_host

from engine.core import Action
from engine.net.host import SeatSpec
from engine.net.protocol import Refused, Update

pytestmark = pytest.mark.timeout(90)


async def _drive_until(host: Any, players: list[RawClient], pred: Any, limit: int = 3000) -> None:
    """Play our seats' turns (a pass when there is one, else a random legal action) until ``pred(host)``;
    after each intent wait for the host to apply it, so no intent is in flight when ``pred`` holds. Bounded."""
    rng = random.Random(1)
    for _ in range(limit):
        if pred(host):
            return
        if host.state.is_over:
            break
        await asyncio.sleep(0.005)
        for me in players:
            while not me.r.at_eof() and me.r._buffer:  # noqa: SLF001 - drain what has arrived, no waiting
                await me.recv(1)
        me = next((p for p in players if p.seat == host.state.to_act), None)
        if me is None or not me.legal or me.sid != host.sid:
            continue
        kinds = [x.kind for x in me.legal]
        x = me.legal[kinds.index("pass") if "pass" in kinds else rng.randrange(len(me.legal))]
        sid = host.sid
        me.send({"t": "intent", "sid": me.sid, "action": {"kind": x.kind, **({"play": x.play} if x.play else {}),
                                                          **({"arg": x.arg} if x.arg else {})}})
        for _ in range(200):
            if host.sid != sid:
                break
            await asyncio.sleep(0.005)
    raise AssertionError("condition never met")


def test_ask_is_a_free_action_bounded_and_never_stales_the_turn() -> None:
    async def main() -> None:
        host, task = await start_host(game="gouji", options={"sets_per_game": 1}, autostart=True, seed=4,
                                      seats=[SeatSpec()] * 2 + [SeatSpec("bot")] * 4, bot_delay=0.0)
        try:
            a = await RawClient.open(host.port, "a", {"t": "join", "seat": 0, "name": "a"})
            b = await RawClient.open(host.port, "b", {"t": "join", "seat": 1, "name": "b"})
            await a.until(lambda m: m.__class__.__name__ == "Seated")
            await b.until(lambda m: m.__class__.__name__ == "Seated")

            def small(h: Any) -> bool:
                st = h.state
                return (st is not None and st.phase == "play" and st.to_act == 1
                        and any(st.active[s] and len(st.hands[s]) <= 10 and s not in st.asked for s in range(2, 6)))

            await _drive_until(host, [a, b], small)
            st = host.state
            target = next(s for s in range(2, 6) if st.active[s] and len(st.hands[s]) <= 10 and s not in st.asked)
            far = next((s for s in range(2, 6) if st.active[s] and len(st.hands[s]) > 10), None)
            # b is to act and has its legal list at sid0; a asks (out of turn): the engine's report for everyone
            if b.sid != host.sid:  # the table waits for b: its last update is on the way
                await b.until(lambda m: b.sid == host.sid, 5)
            sid0 = host.sid
            clone = st.clone()
            want = clone.apply(Action(0, "ask", None, str(target)))
            a.send(intent(a.sid, "ask", arg=str(target)))
            upd = await b.until(lambda m: isinstance(m, Update) and m.sid == sid0 + 1, 5)
            assert [e["kind"] for e in upd.events] == [e.kind for e in want] == ["report"]
            assert upd.events[0]["data"] == dict(want[0].data) and upd.view["counts"][target] == len(st.hands[target])
            assert host.state.to_act == 1 and upd.legal is not None  # still b's turn, same legal list
            # b answers with the intent it chose before the ask (sid0): accepted, not stale
            pick = next(x for x in upd.legal if x.kind == "pass") if any(x.kind == "pass" for x in upd.legal) \
                else upd.legal[0]
            b.send({"t": "intent", "sid": sid0, "action": {"kind": pick.kind, **({"play": pick.play} if pick.play
                                                                                 else {})}})
            await b.until(lambda m: isinstance(m, Update) and m.sid > sid0 + 1, 5)
            assert host.state.actions[-1].seat == 1 or host.sid > sid0 + 2
            # a seat with more than 10 cards need not report (G-69); asks are bounded per connection
            refused: list[Refused] = []
            if far is not None:
                a.send(intent(a.sid, "ask", arg=str(far)))
                refused.append(await a.until(lambda m: isinstance(m, Refused), 5))
                assert refused[-1].rule == "G-69"
            a.send(*[intent(a.sid, "ask", arg=str(target)) for _ in range(12)])
            codes = []
            for _ in range(200):
                try:
                    m = await a.recv(1.0)
                except TimeoutError:
                    break
                if isinstance(m, Refused):
                    codes.append(m.code)
            assert "rate" in codes, codes
            n_asks = sum(1 for x in host.state.actions if x.kind == "ask")
            assert n_asks <= 1 + host.cfg.free_burst
            a.close()
            b.close()
        finally:
            await stop_host(host, task)

    asyncio.run(main())
