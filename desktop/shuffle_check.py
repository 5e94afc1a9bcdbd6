"""验证洗牌 on the results screen: the deals this set/hand revealed, checked from what this seat saw.

The worker (never the GUI thread) runs :func:`verdicts` when a set/hand ends: it recomputes each revealed
deal from the public ``shuffle_reveal`` event with the seat's own history — the commitment shown before the
deal, the seat's own dealt hand — exactly what a player can check by hand (``python -m engine.fairness``).
The table controller turns them into the panel's lines in the UI language with :func:`panel`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from desktop import i18n


def verdicts(game: str, options: Mapping[str, Any], history: Sequence[Mapping[str, Any]],
             events: Sequence[Mapping[str, Any]], first_bound: str | None = None) -> list[dict[str, Any]]:
    """The verdicts (``engine.fairness.Verdict.to_json``) of the deals revealed in ``events``; ``first_bound``:
    what a LAN table bound the match's first host secret to before this seat contributed (TableInfo)."""
    from engine import fairness
    options = {k: v for k, v in options.items() if k != "preset"}  # a view's options name the preset beside its values
    deals = {int(e["data"]["deal"]) for e in events if e.get("kind") == "shuffle_reveal"}
    if not deals:
        return []
    return [v.to_json() for v in fairness.check_history(game, options, history, first_bound) if v.deal in deals]


def panel(found: Sequence[Mapping[str, Any]], lang: str, s: Mapping[str, str]) -> dict[str, Any]:
    """``{"shown", "ok", "title", "lines"}`` for the results screen (hidden when nothing was revealed)."""
    if not found:
        return {"shown": False, "ok": True, "title": s["verifyShuffle"], "lines": []}
    key = i18n.pick(lang, "zh", "en")
    ok = all(bool(v.get("ok")) for v in found)
    lines = [str(v.get(key) or v.get("en") or "") for v in found]
    return {"shown": True, "ok": ok, "title": s["verifyShuffle"] + ("  ✓" if ok else "  ✗"), "lines": lines,
            "how": s["verifyShuffleHow"]}


def commit_line(data: Mapping[str, Any], lang: str) -> str:
    """The message-line text for a ``shuffle_commit`` event, shown as the deal comes in."""
    short = str(data.get("commit", ""))[:16]
    n = int(data.get("deal", 0)) + 1
    return i18n.word(lang, "shuffleCommit", n, short)
