"""升级 at a LAN table through the app, on 127.0.0.1 only: the host's player sits with a guest and two bots,
answers the deal, and plays a card the host's engine accepts; a card of the wrong suit is refused by the
seat's own judge with S-16 (the host sends at most a few hundred legal actions: selections are judged)."""

from __future__ import annotations

import time

from guikit import click_item, shot, sit_at, wait_frame, wait_until


def test_host_shengji_play_and_refuse(qa):
    from engine.net.client import ClientThread
    lan = qa.lan
    lan.bind, lan.bot_delay, lan.discovery = "127.0.0.1", 0.0, False
    qa.app.selectGame("shengji")
    qa.set_screen("lan")
    wait_frame(qa.window)
    click_item(qa, qa.find("btnHostTable"))
    assert wait_until(lambda: lan.mode == "host" and lan.seat == 0, 10), lan.status
    port = lan.addresses[0].rsplit(":", 1)[1]
    guest = ClientThread(f"127.0.0.1:{port}", "小王")
    guest.start()
    try:
        assert wait_until(lambda: guest.client.table is not None, 10)
        guest.join(1, "小王")
        assert wait_until(lambda: any(s["seat"] == 1 and s["kind"] == "human" for s in lan.seats), 10)
        click_item(qa, qa.find("btnHostStart"))
        assert wait_until(lambda: qa.window.property("page") == "table" and qa.table.net is not None, 20)
        t = qa.table
        assert t.n() == 4 and t.game == "shengji"
        found = None
        acted_sid = -1
        end = time.monotonic() + 180   # bounded; a loaded machine deals and plays slowly
        while time.monotonic() < end and found is None:
            snap = t.snap
            nxt = qa.find("btnNextSet")
            if t.results.get("rows") and nxt is not None and nxt.isVisible():
                click_item(qa, nxt)   # a hand ended before the follow came: on to the next, as a player does
                wait_until(lambda: not t.results.get("rows"), 5)   # (its panel would cover the action bar)
                continue
            if snap.get("my_turn"):
                view = snap["view"]
                if snap.get("phase") == "play" and view.get("trick"):
                    # the seat's judge is made off the GUI thread from its view: give it a moment
                    wait_until(lambda snap=snap: snap.get("judge") is not None or t.snap is not snap, 5)
                if snap.get("phase") == "play" and view.get("trick") and snap.get("judge") is not None:
                    judge = snap["judge"]
                    verdicts = [judge.action_for_cards(0, [c], "play") for c in t.hand.cards()]
                    bad = next((i for i, v in enumerate(verdicts) if getattr(v, "rule", "") == "S-16"), None)
                    good = next((i for i, v in enumerate(verdicts) if not hasattr(v, "rule")), None)
                    if bad is not None and good is not None:
                        found = (bad, good)
                        break
                sid = snap.get("n_actions")
                if snap.get("play_kinds"):
                    t.hint()
                    t.playSelected()
                elif snap.get("fixed"):
                    t.passTurn()
                wait_until(lambda sid=sid: t.snap.get("n_actions") != sid, 10)
            legal = guest.client.legal
            if legal and guest.client.sid != acted_sid:
                acted_sid = guest.client.sid
                pick = next((x for x in legal if x.kind == "pass"), legal[0])
                guest.act(pick)
            wait_until(lambda: False, 0.03)
        assert found is not None, "no follow of a single with a wrong suit came"
        bad, good = found
        t.hand.select_cards([t.hand.cards()[bad]])
        assert wait_until(lambda: not t.selection.get("pending"), 10)
        assert t.selection["rule"] == "S-16" and not t.selection["legal"], t.selection
        t.hand.clearSelection()
        t.hand.select_cards([t.hand.cards()[good]])
        assert wait_until(lambda: t.selection.get("legal"), 10), t.selection
        n = t.hand.count
        # the verdict re-lights 出牌 through a binding: click once the button shows it (a loaded machine may
        # draw the frame late, and a click on a dimmed button does nothing)
        assert wait_until(lambda: qa.find("act_play") is not None and qa.find("act_play").property("enabledState"), 10)
        wait_frame(qa.window)
        click_item(qa, qa.find("act_play"))
        assert wait_until(lambda: t.hand.count == n - 1, 40), (   # the host applied it
            f"not applied: selection {t.selection}, my_turn {t.snap.get('my_turn')}, notices {t.notices[-3:]}")
        wait_frame(qa.window)
        shot(qa, "shengji_lan_table")
    finally:
        guest.stop(timeout=2.0)
        lan.stop()


def test_guest_sanwufan_face_down_declaration_and_stick_prompt(qa, monkeypatch):
    """三五番 (SF-0) at a LAN table, the app a guest of a real host with three bots: its table shows another
    seat's declaration face down — the joker up, the pair as two backs (SF-7) — and, asked to stick, the 粘牌
    prompt naming the declarer with its 不粘 button (SF-10); the guest passes and the host plays on.

    The deal is fixed: the host's test seed and the guest's contribution (验证洗牌) — in which a bot declares,
    nobody before the guest sticks and the guest holds a stick (heuristic bots of any seed)."""
    import types

    from test_shengji_sanwufan import _box_cards, assert_caption_clear

    import engine.net.client as net_client
    from engine.net.host import HostConfig, HostServer, SeatSpec
    monkeypatch.setattr(net_client, "secrets", types.SimpleNamespace(token_bytes=lambda n: bytes(range(n))))
    server = HostServer(HostConfig(game="shengji", options={"variant": "sanwufan"}, hands=1, seed=731826490511317,
                                   seats=[SeatSpec("bot", "heuristic")] * 3 + [SeatSpec()],
                                   bind="127.0.0.1", discovery=False, autostart=True))
    port = server.start()
    lan, t = qa.lan, qa.table
    try:
        qa.settings.set("language", "zh")
        sit_at(qa, port, 3)
        face_down = prompt = False
        end = time.monotonic() + 150
        done_sid = -1
        while time.monotonic() < end and not prompt:
            snap = t.snap
            sw = (snap.get("view") or {}).get("sanwufan") or {}
            if not face_down and sw.get("declarer") not in (None, 3) and sw.get("face_down"):
                wait_frame(qa.window)
                box = qa.find("declarationCard")
                cards = _box_cards(box)
                if box.property("visible") and cards and cards[0][1]:
                    assert cards[0][0] == (t.snap["view"]["sanwufan"]["jokers_shown"] or "")[:len(cards[0][0])]
                    assert [up for _, up in cards[1:]] == [False, False], cards
                    assert t.snap["view"]["sanwufan"]["pair"] is None and t.snap["view"]["trump"] is None
                    face_down = True
                    shot(qa, "sanwufan_lan_face_down_zh")
            if snap.get("my_turn") and snap.get("n_actions") != done_sid:
                phase = snap.get("phase")
                if phase == "stick":
                    wait_frame(qa.window)
                    declarer = snap["view"]["sanwufan"]["declarer"]
                    caption = qa.find("tributeCaption")
                    assert caption.property("visible") and "粘牌" in t.tributeCaption
                    assert t.name_of(declarer) in t.tributeCaption, t.tributeCaption
                    assert wait_until(lambda: qa.find("act_pass") is not None
                                      and qa.find("act_pass").property("enabledState"), 10)
                    assert qa.find("act_pass").property("text") == "不粘"
                    shot(qa, "sanwufan_lan_stick_prompt_zh")
                    assert_caption_clear(qa, "sanwufan_lan_stick_prompt_zh")   # clear of plates and boxes
                    n = snap.get("n_actions")
                    click_item(qa, qa.find("act_pass"))
                    assert wait_until(lambda n=n: t.snap.get("n_actions") != n, 20)   # the host took the pass
                    prompt = True
                    break
                done_sid = snap.get("n_actions")
                fixed = snap.get("fixed") or []
                pick = next((x for x in fixed if x["kind"] == "pass"), None)
                if pick is not None:
                    t.act("pass", "")
                elif snap.get("hints"):
                    t.hint()
                    t.playSelected()
                elif fixed:
                    t.act(fixed[0]["kind"], fixed[0].get("arg", ""))
            wait_until(lambda: False, 0.02)
        assert face_down, "no other seat's face-down declaration was shown"
        assert prompt, "the guest was never asked to stick"
    finally:
        lan.stop()
        server.stop()


def test_lan_bury_hint_is_the_local_tables_hint():
    """The host sends a banker the first ``LEGAL_SENT`` of millions of burials (S-10); the LAN snapshot's hint
    (自动选择) is still the one the local table gives on the same view — the hint bot chooses among the whole set
    rebuilt from the seat's view (engine.net.legal), not among those sent."""
    import itertools
    import random

    import msgspec

    from desktop.games import presenter
    from desktop.lan_snapshot import net_snapshot
    from desktop.worker import hint_rows, table_hints
    from engine import games
    from engine.net.host import LEGAL_SENT, full_view
    from engine.net.protocol import ActionMsg, Sync

    pres = presenter("shengji")
    for seed in (3, 4):
        st = games.new_state("shengji", seed, {}, hands=1)
        rng = random.Random(seed)
        while st.phase != "bury":
            la = st.legal_actions(st.to_act)
            st.apply(la[rng.randrange(len(la))])
        seat = st.to_act
        la = st.legal_actions(seat)
        view = full_view(st, seat)
        sent = [ActionMsg.from_action(a) for a in itertools.islice(la, LEGAL_SENT)]
        msg = Sync(7, msgspec.json.decode(msgspec.json.encode(view)), sent)
        snap = net_snapshot(msg, seat, None, full_view=msg.view)
        local, _ = table_hints(pres, "shengji", view, la, pres.hint_pool(la))
        want = hint_rows(pres, list(view["hand"]), local)[0]
        assert snap["hints"][0]["arg"] == want["arg"] and snap["hints"][0]["kind"] == "bury"
        assert sorted(snap["hints"][0]["cards"]) == sorted(want["cards"])
        assert snap["hints"][0]["arg"] not in {m.arg for m in sent}   # the bot's own burial, not one sent
