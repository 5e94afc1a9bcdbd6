"""验证洗牌 at a LAN table, on 127.0.0.1 only: the app joins a real host as one Baohuang seat (four bots), plays
the hand through the table controller, and the results panel shows ✓ for the deal, checked on the network
thread from what this seat received (its contribution mixed in, its own hand, the public reveal)."""

from __future__ import annotations

import time

from guikit import shot, sit_at, wait_frame, wait_until


def test_lan_results_show_the_shuffle_verified(qa):
    from engine.net.host import HostConfig, HostServer, SeatSpec
    server = HostServer(HostConfig(game="baohuang", seats=[SeatSpec("bot", "heuristic")] * 4 + [SeatSpec()],
                                   bind="127.0.0.1", discovery=False, autostart=True))
    port = server.start()
    lan, t = qa.lan, qa.table
    try:
        sit_at(qa, port, 4)
        end = time.monotonic() + 120
        done_sid = -1
        while time.monotonic() < end and not t.results.get("rows"):
            snap = t.snap
            if snap.get("my_turn") and snap.get("n_actions") != done_sid:
                done_sid = snap.get("n_actions")
                fixed = snap.get("fixed") or []
                pick = next((x for k in ("decline", "pass") for x in fixed if x["kind"] == k), None)
                if pick is not None:
                    t.act(pick["kind"], pick.get("arg", ""))
                elif snap.get("hints"):
                    t.hint()
                    t.playSelected()
                elif fixed:
                    t.act(fixed[0]["kind"], fixed[0].get("arg", ""))
            wait_until(lambda: False, 0.02)
        sh = t.results.get("shuffle") or {}
        assert sh.get("shown") and sh.get("ok") and sh["lines"], (t.results, lan.status)
        state = server.call(lambda h: h.state)
        reveal = next(e.data for e in state.history if e.kind == "shuffle_reveal")
        assert reveal["entropy"][4] is not None and all(c is None for c in reveal["entropy"][:4])
        wait_frame(qa.window)
        assert qa.find("shufflePanel").property("visible")
        shot(qa, "lan_shuffle_verified")
    finally:
        lan.stop()
        server.stop()
