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
# 三五番 (variant=sanwufan): its distinctive screens (docs/ENGINE_API.md, RULES.md Part SF)
SW_SHOTS = ("face_down", "takeover", "stick_prompt", "exchange", "revealed", "special", "results")
SPECIAL = ("shan", "zhen", "yu")


def run(qa: Any, game: str, out: Path, seed: int, lang: str, time_limit: float, shot: Any,
        options: dict[str, Any] | None = None) -> set[str]:
    """Play until every shot of ``SHOTS`` was taken (or the time is up); returns the shots not reached."""
    from desktop.harness import quick_config, wait
    qa.settings.set("language", lang)
    t = qa.table
    cfg = quick_config(game, seed=seed, humans=[0], pace_ms=10, save=False, pause_at_results=True,
                       no_timeout=True, hands=8, options=dict(options or {}))
    cfg["levels"] = {i: 2 for i in range(4)}
    if (options or {}).get("variant") == "sanwufan" or str((options or {}).get("preset", "")).startswith("sanwufan"):
        return _run_sanwufan(qa, t, cfg, lang, time_limit, shot)
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


def _shan_in(hand: list[str], level: str) -> list[str] | None:
    """Four cards of one permanent rank (the level, 2, 3, 5), one of each suit: a 闪 (SF-14)."""
    for r in dict.fromkeys([level, "2", "3", "5"]):
        pick = [r + s for s in "shcd" if r + s in hand]
        if len(pick) == 4:
            return pick
    return None


def _run_sanwufan(qa: Any, t: Any, cfg: dict[str, Any], lang: str, time_limit: float, shot: Any) -> set[str]:
    """三五番: seat 0 declares while no face-down declaration was shown (and whenever it can take over), else
    leaves the declaring to the bots so that it is asked to stick; it sticks when it can, gives back the three
    cards 自动选择 picks, and plays by hint. A screen per SW_SHOTS."""
    from desktop.harness import wait, wait_until
    cfg = dict(cfg, pace_ms=15)
    t.start(cfg)
    qa.set_screen("table")
    need = set(SW_SHOTS)
    start = time.monotonic()
    acted: Any = None
    while need and time.monotonic() - start < time_limit:
        wait(15)
        snap = t.snap
        if not snap:
            continue
        view = snap.get("view") or {}
        sw = view.get("sanwufan") or {}
        phase = snap.get("phase")
        events = snap.get("events", [])
        kinds = {e.get("kind") for e in events}

        def take(name: str, delay: int = 120) -> None:
            if name in need:
                wait(delay)
                shot(f"{lang}_sw_{name}")
                need.discard(name)

        if isinstance(sw.get("declarer"), int) and sw.get("face_down") and not sw.get("revealed"):
            take("face_down", 200)
        if any(e.get("kind") == "declare" and (e.get("data") or {}).get("kind") == "takeover" for e in events):
            take("takeover", 200)
        if kinds & {"exchange", "exchange_cards"}:
            take("exchange", 90)   # mid-flight: the three cards on their dotted path
        if sw.get("revealed") and phase == "play" and not view.get("trick_no"):
            take("revealed", 200)
        if any(e.get("kind") == "play" and (e.get("data") or {}).get("kind") in SPECIAL for e in events):
            take("special", 200)
        if t.results.get("rows"):
            res = next((e.get("data") or {} for e in events if e.get("kind") == "hand_over"), {})
            if res.get("multiplier") or time.monotonic() - start > time_limit * 0.8:
                take("results", 150)
            if snap.get("over"):
                cfg["seed"] = int(cfg["seed"]) + 1
                t.start(cfg)
                continue
            t.nextSet()
            continue
        key = (snap.get("gen"), snap.get("n_actions"))
        if not snap.get("my_turn") or key == acted:
            continue
        acted = key
        acts = {a["kind"]: a for a in t.actions if not a.get("absent")}
        if phase in ("deal", "declare"):
            decl = acts.get("declare")
            if decl and ("face_down" in need or decl["arg"].count("X") + decl["arg"].count("x") >= 2):
                t.act("declare", decl["arg"])
            else:
                t.passTurn()
        elif phase == "stick":
            if "stick" in acts:
                take("stick_prompt", 150)
                t.act("stick", acts["stick"]["arg"])
            else:
                t.passTurn()
        elif phase == "play" and not view.get("trick") and _shan_in(view.get("hand") or [], str(view.get("level"))):
            t.hand.select_cards(_shan_in(view["hand"], str(view["level"])) or [])   # lead the 闪 (SF-14)
            wait(150)
            t.playSelected()
        else:   # the exchange, the burial, a play: 自动选择 / the hint, then the primary button
            wait_until(lambda: t._tribute_active == 0, 5)   # the bar waits for the flight it follows
            t.hint()
            wait(150 if phase in ("exchange", "bury") else 30)
            if phase == "exchange":
                t.act("exchange", "")   # the 回牌 button: a card choice, as 还贡
            else:
                t.playSelected()
    return need
