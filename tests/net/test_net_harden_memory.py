"""Issue 11 §1: untrusted intent text never grows the host's memory, and a refusal flood closes the connection.

The attack of the issue against a real ``python -m engine.net.host`` process: at his own turn a seated raw
client sends 1 500 intents, each a new 16 KB play text (``3…2…x…``), all illegal. Before the fix each was
parsed into a Play and interned for good (≈ 130 KB each: +400 MB for 3 000).
"""

from __future__ import annotations

import asyncio

import pytest
from attack import RawClient, host_process, intent, legal_intent, rss_kb

from engine.net.host import HostConfig
from engine.net.protocol import MAX_CLIENT_FRAME, Closing, Refused, Update
from engine.plays import MAX_INTERNED, PlayRules, make_play, transient

pytestmark = pytest.mark.timeout(240)

N_INTENTS = 1500
CAP = HostConfig().max_refusals


def long_play(i: int) -> str:
    n = MAX_CLIENT_FRAME - 200
    x = i % 50
    return "3" * (n // 2 - i) + "2" * (n // 2 + i - x) + "x" * x


def test_refused_intent_flood_keeps_memory_flat_and_closes_after_the_cap() -> None:
    async def attack(pid: int, port: int) -> tuple[int, int, list[Closing], int]:
        c = await RawClient.open(port, "attacker", {"t": "join", "seat": 0, "name": "attacker"})
        await c.my_turn()
        token = c.token
        assert token is not None
        rss0 = rss_kb(pid)
        sent = refused = 0
        closings: list[Closing] = []
        for _ in range(N_INTENTS):  # bounded: every round either sends or ends
            if sent >= N_INTENTS:
                break
            batch = min(CAP, N_INTENTS - sent)
            c.send(*[intent(c.sid, play=long_play(sent + k)) for k in range(batch)])
            sent += batch
            got = 0
            while got < batch and c.closing is None:
                m = await c.recv(30)
                if isinstance(m, Refused):
                    assert m.code == "illegal" and m.rule, m
                    got += 1
            refused += got
            if c.closing is None and got == batch and batch == CAP:
                await c.until(lambda m: isinstance(m, Closing), 10)
            if c.closing is not None:
                closings.append(c.closing)
                c.close()
                c = await RawClient.open(port, "attacker", {"t": "rejoin", "seat": 0, "token": token})
                await c.my_turn()
        rss1 = rss_kb(pid)
        # the table keeps playing: the attacker's seat makes a legal move and the state goes on
        before = c.sid
        c.send(legal_intent(c))
        upd = await c.until(lambda m: isinstance(m, Update), 20)
        assert upd.sid > before
        c.close()
        return rss0, rss1, closings, refused

    with host_process("--game", "gouji", "--bots", "5", "--option", "sets_per_game=1", "--seed", "7",
                      "--grace", "60") as (proc, port):
        rss0, rss1, closings, refused = asyncio.run(attack(proc.pid, port))
        assert proc.poll() is None, "the host must carry on"
    growth_mb = (rss1 - rss0) / 1024
    print(f"RSS {rss0 / 1024:.1f} MB -> {rss1 / 1024:.1f} MB (+{growth_mb:.1f} MB) after {refused} refused intents")
    assert refused == N_INTENTS
    assert growth_mb < 40, f"host RSS grew by {growth_mb:.1f} MB"
    assert closings and all(cl.code == "refused" and str(CAP) in cl.reason for cl in closings)
    assert len(closings) == N_INTENTS // CAP


def test_a_play_longer_than_the_hand_is_refused_before_parsing() -> None:
    async def attack(port: int) -> Refused:
        c = await RawClient.open(port, "p", {"t": "join", "seat": 0, "name": "p"})
        await c.my_turn()
        c.send(intent(c.sid, play="3" * 200))
        m = await c.until(lambda m: isinstance(m, Refused), 10)
        c.close()
        return m

    with host_process("--game", "gouji", "--bots", "5", "--option", "sets_per_game=1", "--seed", "3") as (_, port):
        m = asyncio.run(attack(port))
    assert m.code == "illegal" and m.rule == "C-6" and "hand" in m.reason


def test_intern_tables_are_bounded_and_transient_reads_leave_no_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import plays

    monkeypatch.setattr(plays, "MAX_INTERNED", 300)
    rules = PlayRules(game="test-bounded")
    make_play(rules, (3, 1, 0, 0, 0, 0))
    table = plays._TABLES[rules]
    with transient():
        for k in range(2, 500):
            make_play(rules, (3, k, 0, 0, 0, 0))
    assert len(table) == 1, "a transient read interned a shape"
    for k in range(2, 1000):
        make_play(rules, (3, k, 0, 0, 0, 0))
    assert len(table) == 300
    p = make_play(rules, (3, 999, 0, 0, 0, 0))  # past the cap: still a correct, equal play
    assert p == make_play(rules, (3, 999, 0, 0, 0, 0)) and p.count == 999
    assert plays.MAX_INTERNED < MAX_INTERNED
    plays._TABLES.pop(rules, None)
    plays._BY_ID.clear()


def test_parse_refuses_text_longer_than_any_pack() -> None:
    from engine.errors import IllegalPlay
    from engine.plays import MAX_PLAY_TEXT, parse_play

    with pytest.raises(IllegalPlay) as e:
        parse_play(PlayRules(), "3" * (MAX_PLAY_TEXT + 1))
    assert e.value.rule == "C-6"


def test_transient_is_per_thread() -> None:
    import threading

    from engine import plays

    rules = PlayRules(game="test-thread")
    seen: list[int] = []

    def other() -> None:  # another thread (a bot) interns as usual while this one reads untrusted text
        make_play(rules, (4, 2, 0, 0, 0, 0))
        seen.append(len(plays._TABLES[rules]))

    with transient():
        make_play(rules, (4, 1, 0, 0, 0, 0))
        t = threading.Thread(target=other)
        t.start()
        t.join(10)
    assert seen == [1] and (4, 1, 0, 0, 0, 0) not in plays._TABLES[rules]
    plays._TABLES.pop(rules, None)
    plays._BY_ID.clear()
