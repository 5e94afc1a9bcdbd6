"""新手讲解, the tutor's line: at each decision a short sentence saying what is legal now and why, citing the
RULES.md rule ids, in the UI language. Each game keeps its lines beside its rules (``engine/<game>/tutor.py``)
and names them in ``GameSpec.tutor``; this module only holds the value type and the lookup."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class TutorLine:
    """One decision explained: the rule ids it rests on and the sentence in both UI languages."""

    rules: tuple[str, ...]
    zh: str
    en: str

    def text(self, lang: str = "en") -> str:
        body = self.zh if lang.startswith("zh") else self.en
        return f"{body} ({', '.join(self.rules)})"


def line(game: str, view: Mapping[str, Any], lang: str = "en") -> str | None:
    """The tutor's sentence for the seat whose ``view`` this is, or ``None`` (no tutor for the game)."""
    from engine import games
    tutor = games.spec(game).tutor
    found = tutor(view) if tutor is not None else None
    return found.text(lang) if found is not None else None


def walkthrough(game: str) -> tuple[TutorLine, ...]:
    """The game's first-game walkthrough cards (``WALKTHROUGH`` beside its tutor lines), or ``()``."""
    import importlib

    from engine import games
    spec = games.spec(game)
    if spec.tutor is None:
        return ()
    try:
        mod = importlib.import_module(spec.module + ".tutor")
    except ImportError:
        return ()
    cards = getattr(mod, "WALKTHROUGH", ())
    return tuple(c for c in cards if isinstance(c, TutorLine))
