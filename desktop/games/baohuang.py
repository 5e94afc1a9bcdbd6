"""保皇 Baohuang at the table: sides that form during the hand (B-14) — the emperor's crown shown to all,
the guard only to himself until revealed, rebels once known —, abdication and 清贡 flights, a match of
several hands with running totals (B-42), the pack of the chosen deck (B-3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from desktop import i18n
from desktop.games import NameOf, Row, Shows
from desktop.games.climbing import ANNOUNCED, ClimbingPresenter, announce


def side_known(view: Mapping[str, Any], seat: int, me: int) -> str | None:
    """'emperor' / 'rebel' / None (unknown to ``me``) for a seat, from public facts and my own role."""
    emperor = view.get("emperor")
    guard = view.get("guard")
    if seat == me:
        role = view.get("role")
        return "emperor" if role in ("emperor", "guard") else "rebel" if role == "rebel" else None
    if emperor is not None and seat == emperor:
        return "emperor"
    if guard is not None and seat == guard:
        return "emperor"
    if seat in (view.get("rebels") or []):
        return "rebel"
    if view.get("guard_public") and guard is not None and emperor is not None:
        return "rebel"
    if view.get("role") == "emperor" and view.get("solo"):
        return "rebel"
    return None


# the card a seat shows beside its plate (the table's ``shownCard``): the emperor's 皇牌, big joker X^ (B-6)
_THRONE_CARD = {"card": "X^", "rank": 17, "suit": "", "mark": "^", "label": "大王"}


class BaohuangPresenter(ClimbingPresenter):
    glyph = "保"
    felt = "teal"
    # the new-game tile: (Chinese, English) of its two lines
    tile_lines = (("5 人 · 皇帝 + 侍卫 对 3 人", "5 players · emperor + guard v 3"),
                  ("皇帝亮出带冠大王，侍卫身份保密", "The emperor shows his crowned joker"))
    pass_kinds = ("pass", "decline")

    def match_label(self, snap: Mapping[str, Any], s: Mapping[str, str], name_of: NameOf | None = None) -> str:
        view = snap.get("view") or {}
        hand_no = view.get("hand_no")
        no = hand_no + 1 if isinstance(hand_no, int) else 1
        if isinstance(view.get("hands"), int) and view["hands"] > 0:
            no = min(no, view["hands"])
            return s["handNo"].replace("%1", f"{no} / {view['hands']}")
        return s["handNo"].replace("%1", str(no))

    def side(self, view: Mapping[str, Any], seat: int, me: int) -> str:
        if seat == me:
            return "mine"
        mine, theirs = side_known(view, me, me), side_known(view, seat, me)
        if theirs is None or mine is None:
            return "unknown"
        return "mine" if theirs == mine else "theirs"

    def same_side(self, view: Mapping[str, Any], a: int, b: int) -> bool:
        sa, sb = side_known(view, a, b), side_known(view, b, b)
        return a == b or (sa is not None and sa == sb)

    def badges(self, view: Mapping[str, Any], seat: int, me: int, s: Mapping[str, str], lang: str) -> list[Row]:
        out: list[Row] = []
        if view.get("emperor") == seat:
            out.append({"text": "♛ " + s["emperor"], "color": "gold"})
        elif view.get("guard") == seat and (view.get("guard_public") or seat == me):
            only = "" if view.get("guard_public") else " · " + i18n.word(lang, "onlyYou")
            out.append({"text": s["guard"] + only, "color": "gold"})
        if seat in (view.get("rebels") or []):
            out.append({"text": "⚒ " + s["rebel"], "color": "blue"})
        elif seat == me and view.get("role") == "rebel":
            out.append({"text": i18n.word(lang, "bhCommoner") + " · " + i18n.word(lang, "onlyYou"), "color": "grey"})
        elif view.get("emperor") is not None and seat != me and side_known(view, seat, me) is None:
            out.append({"text": "? " + s["unknownId"], "color": "grey"})
        return out

    def seat_extras(self, view: Mapping[str, Any], seat: int, d: int, lang: str) -> Row:
        # the revealed 皇帝牌 lies beside the emperor (SPEC §5)
        shown = _THRONE_CARD if view.get("emperor") == seat else None
        return {"call": "", "kaidian": None, "opposite": False, "shownCard": shown}

    def on_event(self, table: Shows, kind: str, d: Mapping[str, Any], snap: Mapping[str, Any], lang: str) -> None:
        me = int(snap["seat"])
        if kind == "abdicate":   # B-10: the 皇牌 (and any 2s paid) go to the 上家, the crowned joker face up
            faces = ["X^"] + ["?"] * int(d.get("paid", 0))
            table.tribute_flight(d.get("seat"), d.get("to"), faces, len(faces), i18n.word(lang, "bhAbdicates"),
                                 me, public=("X^",))
        elif kind == "qing_card":
            table.tribute_flight(d.get("from"), d.get("to"), [d["card"]] if d.get("card") else [], 1,
                                 i18n.word(lang, "bhQingTribute"), me)
        elif kind in ANNOUNCED:
            announce(table, kind, d, lang)

    def prompt(self, view: Mapping[str, Any], me: int, name_of: Any, lang: str) -> str:
        """Before 接受 at the throne: with no callable identity held exactly three times, accepting means
        playing alone, 独保 1 against 4 (B-12, B-14: four copies are 暗独保, none leaves only 明独保)."""
        return i18n.word(lang, "bhNoTriple") if view.get("lone_accept") else ""   # the engine's reading of the hand

    def sheet(self, results: Sequence[Mapping[str, Any]], me: int, n: int, options: Mapping[str, Any], lang: str,
              name_of: Any) -> Row:
        """计分表 (B.9): per hand the emperor and his guard (or 独保), the emperor side's score (B-34 … B-40) and
        each seat's share of it; the running totals (B-42)."""
        from desktop import sheet
        s = i18n.strings(lang)
        solo_words = {"ming": s["bhSoloMing"], "an": s["bhSoloAn"], "grab": s["bhSoloGrab"]}
        columns = ([sheet.text(s["sheetHand"]), sheet.text(s["emperor"]), sheet.text(s["guard"]),
                    sheet.text(s["sideScore"])] + sheet.seat_columns(n, me, name_of))
        rows = []
        for i, res in enumerate(results):
            e, g, solo = res.get("emperor"), res.get("guard"), res.get("solo")
            scores = list(res.get("scores") or [])
            side = None
            if isinstance(e, int) and e < len(scores):
                side = scores[e] + (scores[g] if isinstance(g, int) and g != e and g < len(scores) else 0)
            guard = (solo_words.get(str(solo), s["soloShort"]) if solo or not isinstance(g, int) or g == e
                     else name_of(g))
            cells = [sheet.text(sheet.set_label(res, i, lang)),
                     sheet.text(name_of(e) if isinstance(e, int) else "–", "gold"), sheet.text(guard),
                     sheet.num(side)]
            rows.append({"cells": cells + sheet.nums(scores, n), "mark": ""})   # a solo: named in the guard's column
        return {"columns": columns, "rows": rows, "total": sheet.total_row(results, n, lang, 3), "note": ""}

    def pack(self, options: Mapping[str, Any]) -> dict[int, int]:
        out = super().pack(options)
        deck = str(options.get("deck", "216"))
        drop = {3} if deck.startswith("200") else {3, 4, 5} if deck.startswith("168") else set()
        return {r: n for r, n in out.items() if r not in drop}


PRESENTER = BaohuangPresenter
