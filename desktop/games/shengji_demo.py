"""``python -m desktop --demo shengji --screenshot-dir DIR [--option k=v ...]``: seat 0 is played through the
table's own controls (the 亮主 button when it holds a level card, 自动选择 and Enter for the bury, the hint and
Enter for the plays), the others by bots, in Chinese and in English, with a screenshot of the deal, a
declaration, the bottom exchange (seat 0 as banker, the bury tray filled), a trick, a throw (甩牌) and the
results with the bottom turned up. Runs offscreen and exits."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

SHOTS = ("deal", "declaration", "bottom_exchange", "trick", "throw", "results")


def run(qa: Any, game: str, out: Path, seed: int, lang: str, time_limit: float, shot: Any,
        options: dict[str, Any] | None = None) -> set[str]:
    """Play until every shot of ``SHOTS`` was taken (or the time is up); returns the shots not reached."""
    from desktop.harness import quick_config, wait
    qa.settings.set("language", lang)
    t = qa.table
    cfg = quick_config(game, seed=seed, humans=[0], pace_ms=30, save=False, pause_at_results=True,
                       no_timeout=True, hands=8, options=dict(options or {}))
    cfg["levels"] = {i: 2 for i in range(4)}
    t.start(cfg)
    qa.set_screen("table")
    need = set(SHOTS)
    start = time.monotonic()
    acted: Any = None
    while need and time.monotonic() - start < time_limit:
        wait(15)
        snap = t.snap
        if not snap:
            continue
        view = snap.get("view") or {}
        phase = snap.get("phase")
        events = [e.get("kind") for e in snap.get("events", [])]
        if "deal" in need and phase == "deal" and len(view.get("hand") or []) >= 12:
            shot(f"{lang}_deal")
            need.discard("deal")
        if t.results.get("rows"):
            if "results" in need and (t.results.get("detail") or {}).get("bottom"):
                wait(150)
                shot(f"{lang}_results")
                need.discard("results")
            if snap.get("over"):
                cfg["seed"] = int(cfg["seed"]) + 1
                t.start(cfg)
                continue
            t.nextSet()
            continue
        lead = view.get("lead") or {}
        if "throw" in need and phase == "play" and (lead.get("kind") == "throw" or "throw_failed" in events):
            wait(120)
            shot(f"{lang}_throw")
            need.discard("throw")
        if "trick" in need and phase == "play" and len(view.get("trick") or []) >= 3:
            wait(120)
            shot(f"{lang}_trick")
            need.discard("trick")
        key = (snap.get("gen"), snap.get("n_actions"))
        if not snap.get("my_turn") or key == acted:
            continue
        acted = key
        acts = {a["kind"]: a for a in t.actions}
        if phase in ("deal", "declare"):
            if "declare" in acts and ("declaration" in need or phase == "declare"):
                t.act("declare", acts["declare"]["arg"])
                if "declaration" in need:
                    wait(250)
                    shot(f"{lang}_declaration")
                    need.discard("declaration")
            else:
                t.passTurn()
        elif phase == "bury":
            t.hint()   # 自动选择: the eight the bot would bury
            wait(250)
            if "bottom_exchange" in need:
                shot(f"{lang}_bottom_exchange")
                need.discard("bottom_exchange")
            t.playSelected()
        else:
            t.hint()
            wait(30)
            t.playSelected()
    return need
