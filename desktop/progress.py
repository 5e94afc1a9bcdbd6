"""Home's line for a saved match: which set/hand it is at and the score, in both languages.

The worker writes it into the save's meta file at the start and after every set/hand (``store.SaveWriter.
progress``), so Home shows "第2回合 / 共5 · 我方 1 : -1 对方" without replaying the log (it showed "313 步").
"""

from __future__ import annotations

from typing import Any

from desktop import i18n


def score_text(score: dict[str, Any], s: dict[str, str]) -> str:
    """The top bar's score chip (``Presenter.top_score``) as one line."""
    if score.get("team") is True:
        return f"{s['ourSide']} {score.get('mine', 0)} : {score.get('theirs', 0)} {s['theirSide']}"
    per = score.get("per") or []
    return " ".join(f"{p['name']} {int(p['total']):+d}" for p in per)


def lines(pres: Any, view: dict[str, Any], totals: list[int], me: int, names: list[str],
          options: dict[str, Any]) -> dict[str, str]:
    """{"zh": ..., "en": ...}: the set/hand label and the score of ``view`` (this seat's view)."""
    out = {}
    for lang in ("zh", "en"):
        s = i18n.strings(lang)

        def name_of(seat: int, lang: str = lang) -> str:
            if 0 <= seat < len(names) and names[seat]:
                return str(names[seat])
            return i18n.word(lang, "you") if seat == me else i18n.word(lang, "botN", seat)

        label = pres.match_label({"view": view, "options": options}, s, name_of)
        score = score_text(pres.top_score(view, totals, me, name_of, lang), s)
        out[lang] = " · ".join(x for x in (label, score) if x)
    return out
