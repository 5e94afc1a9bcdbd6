"""The worker judges a selection on the real State when no judge State is at hand (a game whose presenter
makes none): the newest request only, the refusal with its rule id, and Enter applies the verdict's action
without parsing or checking it again."""

from __future__ import annotations

from guikit import quick_config, wait_until


def _to_my_play_turn(w, snaps) -> dict:
    for _ in range(60):
        assert wait_until(lambda: snaps and snaps[-1].get("my_turn"), 20)
        snap = snaps[-1]
        if snap["phase"] == "play" and snap.get("play_kinds"):
            return snap
        fixed = snap["fixed"]
        pick = next((a for k in ("decline", "pass", "accept", "wutou") for a in fixed if a["kind"] == k), fixed[0])
        n = len(snaps)
        w.act({"gen": w.gen, "action": pick})
        wait_until(lambda n=n: len(snaps) > n, 10)
    raise AssertionError("no play turn")


def test_worker_judges_and_applies_its_verdict(qtbot, data_dir):
    from desktop.bench import _Counter
    from desktop.worker import GameWorker
    from engine.cards import Card
    w = GameWorker()   # in this thread: its slots are called directly
    snaps: list[dict] = []
    got: list[dict] = []
    w.snapshot.connect(snaps.append)
    w.judged.connect(got.append)
    w.start(quick_config("gouji", seed=3, pace_ms=0, humans=[0], save=False))
    snap = _to_my_play_turn(w, snaps)
    hand = snap["view"]["hand"]
    pair = next([a, b] for a, b in zip(hand, hand[1:]) if Card.parse(a).rank != Card.parse(b).rank)
    base = {"gen": snap["gen"], "n_actions": snap["n_actions"], "kinds": snap["play_kinds"]}
    w.latest_judge = 2
    w.judge({**base, "serial": 1, "cards": pair})          # superseded by serial 2: not answered
    assert got == []
    w.judge({**base, "serial": 2, "cards": pair})
    assert got[-1]["serial"] == 2 and got[-1]["rule"] == "C-10" and got[-1]["kinds"] == []
    assert got[-1]["zh"] and got[-1]["en"] and "_actions" not in got[-1]
    hint = snap["hints"][0]
    w.latest_judge = 3
    w.judge({**base, "serial": 3, "cards": hint["cards"]})
    assert got[-1]["kinds"] and got[-1]["desc_zh"] and got[-1]["desc_en"]
    c = _Counter()
    c.install()
    try:
        c.on = True
        n = len(w.state.actions)
        w.act_cards({**base, "cards": hint["cards"], "kind": got[-1]["kinds"][0], "action": None, "json": None})
        c.on = False
    finally:
        c.uninstall()
    assert len(w.state.actions) == n + 1 and w.state.actions[n].seat == 0
    assert c.n["parses"] == 0 and c.n["checks"] == 0, c.n   # the verdict's action, applied as judged
    w.stop()
