"""The 计分表 (score sheet) of a match: one row per finished set/hand, running totals, marks such as 串三户 ×2.

A presenter builds it (``Presenter.sheet``) from the results events the table has seen; this module holds the
plain sheet (every seat's score per set, then the totals) and the cell helpers the games' sheets share. A cell
is ``{"text", "tone"}`` with tone "" | "pos" | "neg" | "mine" | "theirs" | "gold"; the panel is ui/ScoreSheet.qml.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from desktop import i18n

Row = dict[str, Any]


def num(v: Any, tone: bool = True) -> Row:
    """A signed score cell ("+2", "-1", "0"), green/red when ``tone``."""
    if not isinstance(v, int):
        return {"text": "–", "tone": ""}
    return {"text": f"{v:+d}" if v else "0", "tone": ("pos" if v > 0 else "neg" if v < 0 else "") if tone else ""}


def text(t: str, tone: str = "") -> Row:
    return {"text": t, "tone": tone}


def nums(values: Sequence[Any] | None, n: int) -> list[Row]:
    """One signed score cell per seat (``–`` for a seat the values do not reach)."""
    vals = list(values or [])
    return [num(vals[k] if k < len(vals) else None) for k in range(n)]


def seat_columns(n: int, me: int, name_of: Callable[[int], str]) -> list[Row]:
    """The seats' column heads, mine marked."""
    return [text(name_of(i), "mine" if i == me else "") for i in range(n)]


def total_row(results: Sequence[Mapping[str, Any]], n: int, lang: str, blanks: int = 0) -> list[Row]:
    """累计: the last result's running totals per seat, after ``blanks`` empty cells (the game's own columns)."""
    last = results[-1].get("totals") if results else None
    return [text(i18n.strings(lang)["total"], "gold")] + [text("")] * blanks + nums(last, n)


def set_label(res: Mapping[str, Any], i: int, lang: str, hand_base: int = 0) -> str:
    """第N回合 / Set N from the result's own number (``set_no`` counts from 1, ``hand_no`` from ``hand_base``:
    the game's own, ``Presenter.hand_base``)."""
    s = i18n.strings(lang)
    if isinstance(res.get("set_no"), int):
        return s["setShort"].replace("%1", str(res["set_no"]))
    if isinstance(res.get("hand_no"), int):
        return s["handNo"].replace("%1", str(int(res["hand_no"]) + 1 - hand_base))
    return s["handNo"].replace("%1", str(i + 1))


def plain(results: Sequence[Mapping[str, Any]], me: int, n: int, lang: str,
          name_of: Callable[[int], str], scores_of: Callable[[Mapping[str, Any]], Any] | None = None,
          hand_base: int = 0) -> Row:
    """Every seat's score per set/hand and the running totals (a game without a sheet of its own); ``scores_of``
    reads a result whose scores are not under ``scores`` (``Presenter.results_scores``)."""
    columns = [text(i18n.strings(lang)["sheetSet"])] + seat_columns(n, me, name_of)
    rows = []
    for i, res in enumerate(results):
        scores = (scores_of(res) if scores_of else None) or res.get("scores")
        rows.append({"cells": [text(set_label(res, i, lang, hand_base))] + nums(scores, n), "mark": ""})
    return {"columns": columns, "rows": rows, "total": total_row(results, n, lang), "note": ""}
