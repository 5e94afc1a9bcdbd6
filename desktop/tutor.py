"""新手讲解 at the table: the tutor's line for the human's decision and the game's first-game walkthrough,
in the UI language, from the engine's bilingual text (engine.tutor). Cheap lookups on the snapshot's own
view (no engine state), so they run on the GUI thread."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from desktop import i18n
from engine import tutor


def enabled(settings: Any) -> bool:
    return bool(settings.get("tutor"))


def line_for(settings: Any, snap: Mapping[str, Any], lang: str) -> str:
    """The line shown while it is the human's decision and the tutor is on; ``""`` otherwise."""
    if not enabled(settings) or not snap or not snap.get("my_turn"):
        return ""
    view = snap.get("view") or {}
    try:
        return tutor.line(str(snap.get("game", "")), view, lang) or ""
    except KeyError:   # a game the registry does not know (an old save): no line rather than a crash
        return ""


def cards_for(game: str, lang: str) -> list[dict[str, str]]:
    """The walkthrough cards as ``{"title", "text", "rules"}`` (``title：body`` split at its first colon)."""
    out: list[dict[str, str]] = []
    try:
        cards = tutor.walkthrough(game) if game else ()
    except KeyError:
        return out
    for c in cards:
        body = i18n.pick(lang, c.zh, c.en)
        sep = "：" if "：" in body else ": "
        title, _, text = body.partition(sep)
        text = text.strip()
        text = text[:1].upper() + text[1:]   # the body starts a sentence of its own on the card
        out.append({"title": title.strip(), "text": text, "rules": ", ".join(c.rules)})
    return out


def seen(settings: Any) -> set[str]:
    return {g for g in str(settings.get("tutorSeen") or "").split(",") if g}


def due(settings: Any, game: str) -> bool:
    """Whether the walkthrough opens by itself: the tutor is on and this game's cards were never closed."""
    return enabled(settings) and bool(game) and game not in seen(settings) and bool(cards_for(game, "en"))


def mark_seen(settings: Any, game: str) -> None:
    if game and game not in seen(settings):
        settings.set("tutorSeen", ",".join(sorted(seen(settings) | {game})))
