"""``python -m desktop --demo mahjong --screenshot-dir DIR``: a Mahjong table where the demo plays seat 0 with
the hint bot's choices, in Chinese and in English, with a screenshot of the deal, a discard, a claim prompt,
a kong, a 听牌 hand, the results (win screen) and the board the hand ended on (看牌桌) of each language; and of the table's motion and keys: the
other seats' hands face down along their edges with their melds, a discard in mid-flight to its river (slow
animation for that one shot), and a 吃 with two runs where → has chosen the second (the real key event).
Runs offscreen and exits."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

SHOTS = ("deal", "discard", "claim", "kong", "ting", "results", "ended", "edges", "flight", "chow")


def _has_kong(board: dict[str, Any]) -> bool:
    return any("杠" in m["label"] or "kong" in m["label"] for s in board.get("seats") or [] for m in s["melds"])


def run(qa: Any, game: str, out: Path, seed: int, lang: str, time_limit: float, shot: Any) -> set[str]:
    """Play until every shot of ``SHOTS`` was taken (or the time is up); returns the shots not reached."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from desktop.harness import quick_config, wait, wait_until
    qa.settings.set("language", lang)
    cfg = quick_config(game, seed=seed, humans=[0], pace_ms=40, save=False, pause_at_results=True, no_timeout=True)
    cfg["levels"] = {i: 2 for i in range(4)}
    t = qa.table
    t.start(cfg)
    qa.set_screen("table")
    need = set(SHOTS)
    start = time.monotonic()
    acted: Any = None
    while need and time.monotonic() - start < time_limit:
        wait(20)
        snap = t.snap
        if not snap:
            continue
        b = t.board
        if "deal" in need and b.get("hand"):
            wait(150)
            shot(f"{lang}_deal")
            need.discard("deal")
        if "discard" in need and any(s["river"] for s in b.get("seats") or []):
            shot(f"{lang}_discard")
            need.discard("discard")
        if "edges" in need and sum(len(s["melds"]) for s in (b.get("seats") or [])[1:]) >= 2:
            shot(f"{lang}_edges")   # face-down hands along the edges, with exposed melds beside them
            need.discard("edges")
        if "kong" in need and _has_kong(b):
            shot(f"{lang}_kong")
            need.discard("kong")
        if "ting" in need and (b.get("ting") or {}).get("text"):
            shot(f"{lang}_ting")
            need.discard("ting")
        if t.results.get("rows"):
            if "results" in need and t.results.get("detail", {}).get("wins"):
                wait(150)
                shot(f"{lang}_results")
                need.discard("results")
                if "ended" in need:   # 看牌桌: the board the hand ended on, the winning hand face up
                    panel = qa.find("resultsPanel")
                    panel.setProperty("peek", True)
                    wait(150)
                    shot(f"{lang}_ended")
                    panel.setProperty("peek", False)
                    need.discard("ended")
            if snap.get("over"):
                cfg["seed"] = int(cfg["seed"]) + 1
                t.start(cfg)
                continue
            t.nextSet()
            continue
        key = (snap.get("gen"), snap.get("n_actions"))
        if snap.get("my_turn") and key != acted:
            acted = key
            claims = [c for c in b.get("claims") or [] if c["kind"] != "pass"]
            if "claim" in need and snap.get("phase") in ("claim", "rob") and claims:
                wait(100)
                shot(f"{lang}_claim")
                need.discard("claim")
            chows = [c for c in claims if c["kind"] == "chow"]
            if "chow" in need and len(chows) >= 2:
                wait(100)
                qa.find("tableScreen").forceActiveFocus()
                QTest.keyClick(qa.window, Qt.Key.Key_Right)   # → chooses the second run, as a player would
                wait(60)
                shot(f"{lang}_chow")
                need.discard("chow")
            sug = snap.get("suggest") or {}
            if "flight" in need and snap.get("phase") == "move" and sug.get("kind") == "discard":
                qa.settings.set("animSpeed", "slow")
                n = len(b["seats"][0]["river"])
                t.submit("discard", str(sug.get("arg")))
                # the flight starts with the snapshot that puts the tile in the river (hidden until it lands)
                def grew(n: int = n) -> bool:
                    return len(t.board["seats"][0]["river"]) > n
                wait_until(grew, 3)
                wait(120)
                shot(f"{lang}_flight")   # the discard on its way from the hand to the river
                need.discard("flight")
                wait(400)
                qa.settings.set("animSpeed", "fast")
                continue
            pick = next((c for c in claims if c["kind"] in ("win", "kong")), None)   # show a kong, a win
            kind, arg = (pick["kind"], pick["arg"]) if pick else (sug.get("kind", "pass"), sug.get("arg") or "")
            wait(30)
            t.submit(kind, arg)
    return need
