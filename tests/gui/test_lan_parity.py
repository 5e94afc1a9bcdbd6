"""Issue 11 §5: a LAN table is the local table — the same match length, 报户 (G-69) and the same hints.

127.0.0.1 only; every wait bounded.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from guikit import wait_until

pytestmark = pytest.mark.timeout(120)


def _local_snapshot(st: Any, seat: int) -> dict[str, Any]:
    """The snapshot the local worker sends the GUI for ``seat`` at ``st`` (its real ``_emit``)."""
    from desktop import bots
    from desktop.games import presenter
    from desktop.worker import GameWorker
    w = GameWorker()
    w.state, w.seat, w.humans, w.auto = st, seat, {seat}, set()
    w.helper = bots.make_bot(2, seed=st.seed, game=st.rules.game)
    w.pres = presenter(st.rules.game)
    got: list[dict[str, Any]] = []
    w.snapshot.connect(got.append)
    w._emit(None, [], st.view(seat))
    assert got
    return got[-1]


def _lan_snapshot(st: Any, seat: int, sid: int) -> dict[str, Any]:
    """The snapshot the LAN client builds from the host's Sync for ``seat`` at ``st`` (what goes on the wire)."""
    import msgspec

    from desktop.lan import net_snapshot
    from engine.net.host import full_view
    from engine.net.protocol import ActionMsg, SeatInfo, Sync, TableInfo
    legal = [ActionMsg.from_action(a) for a in st.legal_actions(seat)]
    msg = msgspec.json.decode(msgspec.json.encode(Sync(sid, full_view(st, seat), legal)), type=Sync)
    table = TableInfo(st.rules.game, {}, "h", "playing",
                      [SeatInfo(i, "human", f"p{i}") for i in range(st.n_seats)], 30.0)
    return net_snapshot(msg, seat, table)  # a Sync view is the full view (history included)


@pytest.mark.parametrize("game", ["gouji", "baohuang"])
def test_lan_hints_equal_local_hints(game: str) -> None:
    from engine import games
    st = games.new_state(game, 20261201, {})
    rng = random.Random(3)
    compared = differ = 0
    for sid in range(1, 400):  # bounded: a few hundred decisions of one match
        if st.is_over or compared >= 40:
            break
        seat = st.to_act
        legal = list(st.legal_actions(seat))
        if any(a.play is not None for a in legal):
            local = _local_snapshot(st, seat)
            lan = _lan_snapshot(st, seat, sid)
            compared += 1
            differ += local.get("hints") != lan.get("hints") or local.get("suggest") != lan.get("suggest")
        st.apply(rng.choice(legal))
    assert compared >= 10
    assert differ == 0, f"{differ} of {compared} LAN hint lists differ from the local ones"


def test_lan_baohuang_match_is_as_long_as_a_local_one(qa: Any) -> None:
    from desktop.worker import GameWorker
    from engine import games
    lan = qa.lan
    lan.bind, lan.bot_delay, lan.discovery = "127.0.0.1", 0.0, False
    lan.app.selectGame("baohuang")
    cfg = lan.app.new_game_config()
    try:
        assert lan.hostTable(), lan.status
        lan.host.start_game()
        hosted = lan.host.call(lambda h: h.state.hands_total)
        # the local table: the worker's own start
        w = GameWorker()
        w.start({**cfg, "save": False})
        assert w.state is not None and w.state.rules.game == "baohuang"
        assert hosted == w.state.hands_total == 6
        assert games.new_state("baohuang", 1, {}).hands_total == 1  # (the engine's own default is one hand)
    finally:
        lan.stop()


def test_a_table_plays_each_game_its_spec_match_length() -> None:
    from desktop.lan import host_config
    from desktop.worker import match_kwargs
    from engine import games
    for name in games.names():
        spec = games.spec(name)
        if spec.match_kwarg is None:
            assert match_kwargs({"game": name}) == {}
    assert match_kwargs({"game": "baohuang"}) == {"hands": 6}
    assert match_kwargs({"game": "baohuang", "hands": 2}) == {"hands": 2}
    # a Shengji table plays until a side wins as banker at A (S-23), locally and hosted, not six hands
    assert match_kwargs({"game": "shengji"}) == {"hands": 0}
    assert host_config({"game": "shengji", "options": {}}, []).hands == 0
    assert games.new_state("shengji", 1, {}, **match_kwargs({"game": "shengji"})).hands_total == 0


def test_ask_count_over_the_lan_as_locally(qa: Any) -> None:
    """报户 through the app's table bridge at a hosted Gouji table: the host applies the same free action the
    local worker applies (``Action(seat, "ask", arg=target)``), outside turn order, and every seat sees it."""
    from engine.core import Action
    lan, t = qa.lan, qa.table
    lan.bind, lan.bot_delay, lan.discovery = "127.0.0.1", 0.01, False
    lan.app.selectGame("gouji")
    try:
        assert lan.hostTable(), lan.status
        lan.host.start_game()
        assert wait_until(lambda: t.net is not None and bool(t.snap), 20)
        asked = None
        end = time.monotonic() + 60
        while time.monotonic() < end and asked is None:
            snap = t.snap
            if snap.get("my_turn"):  # our own turns: pass (or the first fixed action) to keep the table going
                fixed = snap.get("fixed") or []
                pick = next((x for k in ("pass", "decline", "accept", "wutou") for x in fixed if x["kind"] == k),
                            fixed[0] if fixed else None)
                if pick is not None and pick.get("arg") and pick["kind"] == "give":
                    t.hand.select_cards([pick["arg"]])
                    t.act("give", "")
                elif pick is not None:
                    t.act(pick["kind"], pick.get("arg", ""))
                elif snap.get("hints"):
                    t.hint()
                    t.act("play", "")
            info = lan.host.call(lambda h: (h.state.phase, [len(x) for x in h.state.hands], list(h.state.active),
                                            set(h.state.asked), h.state.to_act))
            phase, sizes, active, done, to_act = info
            if phase == "play":
                for s in range(1, 6):
                    if active[s] and sizes[s] <= 10 and s not in done and to_act != 0:
                        t.askCount(s)   # out of our turn, as locally
                        asked = s
                        break
            wait_until(lambda: False, 0.02)
        assert asked is not None, "no seat got down to 10 cards"
        assert wait_until(lambda: lan.host.call(lambda h: any(
            a.kind == "ask" for a in h.state.actions)), 10), "the host never applied the ask"
        act = lan.host.call(lambda h: next(a for a in h.state.actions if a.kind == "ask"))
        assert act == Action(0, "ask", None, str(asked))  # the worker's very action
        report = lan.host.call(lambda h: next(e for e in h.state.history if e.kind == "report"))
        assert report.to is None and report.data["asker"] == 0 and report.data["seat"] == asked
        # our own view shows the count the engine reported (a public count now)
        assert wait_until(lambda: (t.snap.get("view") or {}).get("counts", [None] * 6)[asked] is not None, 10)
        assert not lan.host.call(lambda h: [r for r in h.closed_reasons if r[0] not in ("eof", "bye")])
    finally:
        lan.stop()
