"""三五番 (SF-0) over 127.0.0.1, the same LAN as standard 升级: host + four bot clients play a whole variant hand
with a face-down declaration (SF-7), a stick and the three cards passing (粘牌, SF-10) and the 4-card burial
(SF-11), checked by the leak oracle and by the variant's own secrets: until the declared pair turns over (SF-11
reveal) no seat but the declarer (and the sticker) receives it, nor the stick's or the exchange's cards, nor the
bottom (the banker's alone); and a seat that drops is played by a bot (托管) and comes back with its token."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import msgspec
import pytest
from netkit import check_no_leak, drop_and_rejoin, roundtrip, start_host, stop_host
from test_net_legal import check_remote_choices

from engine import games
from engine.log import apply_side_record, state_kwargs
from engine.net.client import Client, run_bot
from engine.net.host import SeatSpec, full_view
from engine.net.protocol import Sync, Update, decode_host

SANWUFAN = {"variant": "sanwufan"}
# With ENTROPY (every seat's contribution to the first deal, 验证洗牌, fixed so that the deal is known) this seed
# deals a hand that heuristic bots of any seed declare, take over (SF-8) and stick (a large seed: the leak
# oracle looks for the seed's digits in every byte a seat receives).
SEED = 731826490511315
ENTROPY = bytes(range(32))
CARD_KEYS = ("pair", "cards", "shown", "taken")   # the card-bearing fields of the hand's private events


def _replay(log_path: str) -> tuple[Any, list[Any]]:
    """The final state and every event of the hand, replayed from the host's table log."""
    state: Any = None
    events: list[Any] = []
    with open(log_path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            rec = json.loads(line)
            if "log" in rec:
                state = games.new_state(rec["game"], int(rec["seed"]), rec.get("options") or {}, **state_kwargs(rec))
                events += state.history
            elif "a" in rec:
                events += state.apply(state.action_from_json(rec["a"]))
            elif "x" in rec:
                apply_side_record(state, rec)
    return state, events


def _received(frames: list[bytes]) -> list[tuple[bytes, Any, list[dict[str, Any]]]]:
    """(bytes, message, the events it carries) for every Sync/Update a seat received, in order."""
    out = []
    for body in frames:
        msg = decode_host(body)
        if isinstance(msg, (Sync, Update)):
            evs = msg.view.get("history", []) if isinstance(msg, Sync) else msg.events
            out.append((body, msg, list(evs)))
    return out


def check_variant_secrets(log_path: str, frames: dict[int, list[bytes]]) -> dict[str, int]:
    state, events = _replay(log_path)
    sw = state.sw
    assert sw is not None and state.sticker is not None and state.given, "no declaration, stick and exchange"
    kinds = {e.kind for e in events}
    assert sw.seat != state.declarations[0]["seat"] or len(state.declarations) > 1
    assert {"declare", "declared_pair", "stick", "stick_cards", "exchange", "exchange_cards", "bottom_taken",
            "reveal", "bottom_shown"} <= kinds
    # every private value of the hand (a declared pair, a stick's cards, the three cards, a bottom), as JSON text
    private = [(set(e.to), msgspec.json.encode(v)) for e in events if e.to is not None
               for k, v in e.data.items() if k in CARD_KEYS and isinstance(v, str) and len(v) >= 4]
    pair = msgspec.json.encode(next(e.data["pair"] for e in events if e.kind == "reveal"))   # "5h5h"
    told = {seat: {msgspec.json.encode(v) for e in events if e.visible_to(seat) for v in e.data.values()}
            for seat in frames}   # what a seat is told by an event of its own (the sticker learns the pair)
    buried = msgspec.json.encode(next(e.data["cards"] for e in events if e.kind == "bottom"))
    knows = {sw.seat, state.sticker}
    stats = {"secret_frames": 0}
    for seat, fr in frames.items():
        got = _received(fr)
        cut = next(i for i, (_, _, evs) in enumerate(got) if any(e["kind"] == "reveal" for e in evs))
        shown = next(i for i, (_, _, evs) in enumerate(got) if any(e["kind"] == "bottom_shown" for e in evs))
        for body, msg, _evs in got[:cut]:
            stats["secret_frames"] += 1
            for to, value in private:
                if seat not in to and value not in told[seat]:
                    assert value not in body, f"seat {seat} received {value!r} (for seats {sorted(to)})"
            if seat not in knows:   # SF-7: the pair lies face down; this seat knows neither it nor the trump
                assert pair not in body, f"seat {seat} received the face-down pair"
            sf = msg.view["sanwufan"]
            if seat not in (sf["declarer"], sf["sticker"]):   # the declaration standing now is not its own
                assert sf["pair"] is None and msg.view["trump"] is None, f"seat {seat} sees a face-down pair"
            if seat != state.banker:
                assert msg.view.get("bottom") is None, f"seat {seat} saw the bottom"
        for body, _msg, _evs in got[:shown]:
            if seat != state.banker:
                assert buried not in body, f"seat {seat} received the buried bottom before it turned up"
    return stats


@pytest.mark.timeout(150)
def test_sanwufan_hand_host_plus_four_clients(tmp_path: Any) -> None:
    async def main() -> tuple[str, dict[int, list[bytes]], list[Client], dict[int, str]]:
        games.spec("shengji")
        log_path = str(tmp_path / "table.jsonl")
        host, task = await start_host(game="shengji", options=SANWUFAN, autostart=True, log_path=log_path, hands=1,
                                      seed=SEED)
        clients: list[Client] = []
        lists: list[list[bytes]] = []
        try:
            runs = []
            for i in range(4):
                fr: list[bytes] = []
                lists.append(fr)
                runs.append(asyncio.ensure_future(run_bot(
                    "127.0.0.1", host.port, name=f"bot{i}", level="heuristic", games_=1, frames=fr,
                    client_out=clients, seed=i, entropy=lambda deal: ENTROPY)))
            done, pending = await asyncio.wait(runs, timeout=120)
            assert not pending, f"hand not finished in 120 s (state {host.sid})"
            for r in done:
                r.result()
            assert host.status == "over" and host.state.is_over
            assert host.state.rules.options.sanwufan
            for c in clients:
                assert c.bot_fallbacks == 0
                assert c.view == roundtrip(full_view(host.state, c.seat))
            assert not [r for r in host.closed_reasons if r[0] not in ("bye", "eof")]
            frames = {c.seat: fr for c, fr in zip(clients, lists) if c.seat is not None}
            tokens = {c.seat: c.token for c in clients if c.seat is not None and c.token}
            return log_path, frames, clients, tokens
        finally:
            await stop_host(host, task)

    log_path, frames, clients, tokens = asyncio.run(main())
    assert sorted(frames) == [0, 1, 2, 3]
    stats = check_no_leak(log_path, frames, tokens)   # seeds, tokens, hands, private events, every view exact
    assert stats["checked_msgs"] > 100 and stats["reveals"] >= 4
    assert check_variant_secrets(log_path, frames)["secret_frames"] > 50
    assert check_remote_choices(log_path, frames, clients) >= 1   # the 4-card burial: C(30, 4) sets (SF-11)


@pytest.mark.timeout(120)
def test_sanwufan_seat_drops_is_played_by_a_bot_and_comes_back(tmp_path: Any) -> None:
    """As for standard 升级: the dropped seat waits out the grace period, a bot plays it (托管) through the deal
    and the declarations, and the token brings it back with a Sync of its own view — every byte of it its own."""

    async def main() -> tuple[str, list[bytes], str]:
        games.spec("shengji")
        log_path = str(tmp_path / "table.jsonl")
        host, task = await start_host(game="shengji", options=SANWUFAN, grace=0.3, bot_delay=0.005, hands=1,
                                      log_path=log_path, seed=SEED,
                                      seats=[SeatSpec()] + [SeatSpec("bot", "heuristic")] * 3, autostart=True)
        frames: list[bytes] = []
        try:
            view, notices, token, still_auto = await drop_and_rejoin(host, on_frame=frames.append,
                                                                     entropy=lambda deal: ENTROPY)
            assert not still_auto and view["seat"] == 0 and view["options"]["variant"] == "sanwufan"
            assert any(n.code == "back" for n in notices)
            draws = [e for e in view["history"] if e["kind"] == "draw"]
            assert draws and all(e["data"]["seat"] == 0 for e in draws)   # only its own cards
            assert len(view["hand"]) == view["counts"][0] > 0
            return log_path, frames, token
        finally:
            await stop_host(host, task)

    log_path, frames, token = asyncio.run(main())
    # every view, event and legal list the seat received before and after 托管 is exactly its own at that state
    stats = check_no_leak(log_path, {0: frames}, {0: token})
    assert stats["checked_msgs"] >= 2
