"""Remote LAN bots choose among ALL their legal actions, not the first ``LEGAL_SENT`` the host sends.

An 升级 burial (S-10) has millions of card sets; the host sends the banker the first 512 and judges any other
intent with its engine. The bot client rebuilds its seat's whole legal set from its own view
(``engine.net.legal``), so over real TCP on 127.0.0.1 a remote banker buries what its bot wants — a set outside
the first 512 — the host accepts it, and the remote bot chooses exactly what a host bot chooses on the same view
with the same seed."""

from __future__ import annotations

import asyncio
import itertools
import json
import types
from typing import Any

import msgspec
import pytest
from netkit import roundtrip, start_host, stop_host

from engine import games
from engine.log import apply_side_record, state_kwargs
from engine.net.bots import make_bot
from engine.net.client import Client, ClientBot, run_bot
from engine.net.host import LEGAL_SENT, full_view
from engine.net.legal import own_legal
from engine.net.protocol import ActionMsg, Sync, Update, decode_host

# The deal is pinned (host seed, every seat's entropy) so the hand is the same every run: with a random deal the
# bot's own burial sometimes lies within the first 512 sets too.
SEED = 3
ENTROPY = bytes(range(32))


async def remote_hand(tmp_path: Any, options: dict[str, Any], limit: float) -> tuple[str, dict[int, list[bytes]],
                                                                                     list[Client]]:
    """One whole hand with every seat a remote heuristic bot client; (table log, frames per seat, clients)."""
    games.spec("shengji")
    log_path = str(tmp_path / "table.jsonl")
    host, task = await start_host(game="shengji", options=options, autostart=True, log_path=log_path, hands=1,
                                  seed=SEED)
    clients: list[Client] = []
    lists: list[list[bytes]] = []
    try:
        runs = []
        for i in range(4):
            fr: list[bytes] = []
            lists.append(fr)
            runs.append(asyncio.ensure_future(run_bot("127.0.0.1", host.port, name=f"bot{i}", level="heuristic",
                                                      games_=1, frames=fr, client_out=clients, seed=i,
                                                      entropy=lambda deal: ENTROPY)))
        done, pending = await asyncio.wait(runs, timeout=limit)
        assert not pending, f"hand not finished in {limit} s (state {host.sid})"
        for r in done:
            r.result()
        assert host.status == "over" and host.state.is_over   # the whole hand finished
        assert not [r for r in host.closed_reasons if r[0] not in ("bye", "eof")]
        for c in clients:
            assert c.bot_fallbacks == 0
        return log_path, {c.seat: fr for c, fr in zip(clients, lists) if c.seat is not None}, clients
    finally:
        await stop_host(host, task)


def big_decisions(log_path: str) -> list[tuple[int, Any, Any]]:
    """(sid, the state before the action, the action applied) for every decision with more than ``LEGAL_SENT``
    legal actions, replayed from the host's log."""
    out = []
    state: Any = None
    sid = 0
    with open(log_path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            rec = json.loads(line)
            if "log" in rec:
                state = games.new_state(rec["game"], int(rec["seed"]), rec.get("options") or {}, **state_kwargs(rec))
                sid += 1
            elif "a" in rec:
                action = state.action_from_json(rec["a"])
                if len(state.legal_actions(action.seat)) > LEGAL_SENT:
                    out.append((sid, state.clone(), action))
                state.apply(action)
                sid += 1
            elif "x" in rec:
                apply_side_record(state, rec)
    return out


def sent_legal(frames: list[bytes], sid: int) -> list[ActionMsg]:
    for body in frames:
        msg = decode_host(body)
        if isinstance(msg, (Sync, Update)) and msg.sid == sid and msg.legal:
            return list(msg.legal)
    raise AssertionError(f"no legal list at state {sid}")


def check_remote_choices(log_path: str, frames: dict[int, list[bytes]], clients: list[Client]) -> int:
    """Every decision with more than ``LEGAL_SENT`` actions (the bury; a lead with many throws): the remote
    bot's burial lies outside the list the host sent (the host accepted it: it is in the log), and a fresh remote bot chooses what a fresh host bot chooses there (same view, seed)."""
    table = clients[0].table
    big = big_decisions(log_path)
    buries = 0
    for sid, st, action in big:
        seat = action.seat
        offered = list(itertools.islice(st.legal_actions(seat), LEGAL_SENT))
        sent = sent_legal(frames[seat], sid)
        assert sorted(msgspec.json.encode(m) for m in sent) == sorted(
            msgspec.json.encode(ActionMsg.from_action(a)) for a in offered)
        assert len(sent) == LEGAL_SENT
        if action.kind == "bury":   # a bot's burial is its own choice of cards, never the host's first sets
            buries += 1
            assert action not in offered, f"state {sid}: the remote bot buried within the first {LEGAL_SENT}"
        view = full_view(st, seat)
        mine = own_legal("shengji", roundtrip(view))
        assert mine is not None and len(mine) == len(st.legal_actions(seat)) and action in mine
        for level in ("random", "heuristic"):
            remote = ClientBot(level, seed=11).choose(
                types.SimpleNamespace(legal=sent, view=roundtrip(view), seat=seat, table=table))   # type: ignore[arg-type]
            local = make_bot(level, seed=11, game="shengji").choose(view, st.legal_actions(seat))
            assert remote == ActionMsg.from_action(local), f"state {sid}, {level}: remote {remote} host {local}"
    assert buries == 1, f"{buries} burials with more than {LEGAL_SENT} choices in one hand (S-10 / SF-11)"
    return len(big)


@pytest.mark.timeout(150)
def test_remote_banker_buries_outside_the_first_512_and_matches_a_host_bot(tmp_path: Any) -> None:
    log_path, frames, clients = asyncio.run(remote_hand(tmp_path, {}, 120))
    assert check_remote_choices(log_path, frames, clients) >= 1


def test_own_legal_is_the_host_set_at_every_decision() -> None:
    """The set a seat rebuilds from its view is the engine's own, in the same order, at every decision of a
    few random hands of both variants (the made-up other hands change nothing this seat may do)."""
    import random

    spec = games.spec("shengji")
    for options in ({}, {"variant": "sanwufan"}):
        for seed in range(2):
            st = spec.new_state(seed, options, hands=1)
            rng = random.Random(seed)
            while not st.is_over:
                seat = st.to_act
                la = st.legal_actions(seat)
                mine = own_legal("shengji", roundtrip(full_view(st, seat)))
                assert mine is not None and len(mine) == len(la), (options, st.phase)
                k = min(len(la), 600)
                assert list(itertools.islice(mine, k)) == list(itertools.islice(la, k)), (options, st.phase)
                st.apply(la[rng.randrange(len(la))])
