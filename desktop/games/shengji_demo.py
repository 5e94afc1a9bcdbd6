"""``python -m desktop --demo shengji --screenshot-dir DIR``: seat 0 is played through the table's own
controls (the 亮主 button when it holds a level card, the hint and Enter for the bury and the plays), the others
by bots, with a screenshot of the deal, a declaration, the bottom exchange (seat 0 as banker), a trick, a
throw (甩牌) and the results."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def run(qa: Any, shot: Callable[[str], None], cfg: dict[str, Any], time_limit: float) -> set[str]:
    """Play until every screenshot is taken or ``time_limit`` passes; the names still missing."""
    from desktop.harness import wait
    t = qa.table
    cfg = dict(cfg, humans=[0], hands=8)
    t.start(cfg)
    qa.set_screen("table")
    need = ["deal", "declaration", "bottom_exchange", "trick", "throw", "results"]
    start = time.monotonic()
    hands_seen = 0
    while need and time.monotonic() - start < time_limit:
        wait(15)
        snap = t.snap
        if not snap:
            continue
        view = snap.get("view") or {}
        phase = snap.get("phase")
        events = [e.get("kind") for e in snap.get("events", [])]
        if "deal" in need and phase == "deal" and len(view.get("hand") or []) >= 12:
            shot("deal")
            need.remove("deal")
        if t._results.get("rows"):
            if "results" in need:
                wait(150)
                shot("results")
                need.remove("results")
            hands_seen += 1
            if snap.get("over"):
                cfg["seed"] = int(cfg["seed"]) + 1
                t.start(cfg)
                continue
            t.nextSet()
            continue
        lead = view.get("lead") or {}
        if "throw" in need and phase == "play" and (lead.get("kind") == "throw" or "throw_failed" in events):
            wait(120)
            shot("throw")
            need.remove("throw")
        if "trick" in need and phase == "play" and len(view.get("trick") or []) >= 3:
            wait(120)
            shot("trick")
            need.remove("trick")
        if not snap.get("my_turn"):
            continue
        acts = {a["kind"]: a for a in t._actions}
        if phase in ("deal", "declare"):
            if "declare" in acts and ("declaration" in need or phase == "declare"):
                wait(60)
                if "declaration" in need:
                    shot("declaration")
                    need.remove("declaration")
                t.act("declare", acts["declare"]["arg"])
            else:
                t.passTurn()
        elif phase == "bury":
            t.hint()
            wait(200)
            if "bottom_exchange" in need:
                shot("bottom_exchange")
                need.remove("bottom_exchange")
            t.playSelected()
        else:
            t.hint()
            wait(30)
            t.playSelected()
    return set(need)
