"""The rules panel's rows for a game, keyed by its GameSpec name: the engine's reviewed text
(``engine/<game>/rules_text.py``, one entry per RULES.md rule id) in the UI language. No game is named here."""

from __future__ import annotations

from engine import rules_text


def rows(game: str, lang: str) -> list[dict[str, str]]:
    """``{"rule", "section", "title", "text"}`` per entry, in RULES.md's order (ui/RulesPanel.qml)."""
    return rules_text.rows(game, lang)

