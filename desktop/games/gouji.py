"""够级 Gouji at the table: two teams of three sitting alternately (G-1), 对头 opposite, 开点 and 革命
badges, tributes flying between seats (G-70…G-81), a game of several sets (G-8), 报户 counts (G-69)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from desktop import i18n
from desktop.games import NameOf, Row, Shows
from desktop.games.climbing import ANNOUNCED, ClimbingPresenter, announce
from engine import games

TRIBUTE_ZH = {"men": "闷贡", "burn": "烧贡", "point": "点贡", "fall": "落贡", "chuansanhu": "串三户贡"}


def tribute_kind(kind: str, lang: str, unknown: str) -> str:
    """A tribute's kind in words: 闷贡 … in Chinese (``unknown`` for a kind not listed), the engine's own word
    (men, burn …) in English."""
    return i18n.pick(lang, TRIBUTE_ZH.get(kind, unknown), kind)


class GoujiPresenter(ClimbingPresenter):
    glyph = "够"
    felt = "green"
    # the new-game tile: (Chinese, English) of its two lines
    tile_lines = (("6 人 · 3 对 3 · 4 副牌 216 张", "6 players · 3 v 3 · 4 decks, 216 cards"),
                  ("对门为对头，抢头科、防大落", "Your opposite is your rival 对头"))
    pass_kinds = ("pass", "rang", "jiefeng", "decline")
    can_ask = True
    tribute_steps = True
    match_key = "set_no"
    bar_slots = {"play": ("pass", "rang", "hint", "burn", "play")}   # [过牌][让牌] · [提示] · [烧牌][出牌]

    demo_seed = 11

    def next_label(self, s: Mapping[str, str]) -> str:
        return s["nextSet"]

    def results_title(self, s: Mapping[str, str]) -> str:
        return s["results"]

    def match_label(self, snap: Mapping[str, Any], s: Mapping[str, str], name_of: NameOf | None = None) -> str:
        view = snap.get("view") or {}
        total = (snap.get("options") or {}).get("sets_per_game", 5)
        return s["setNo"].replace("%1", str(view.get("set_no", 1))).replace("%2", str(total))

    def relation(self, d: int, n: int, s: Mapping[str, str]) -> str:
        return {0: "", 1: s["lower"], 2: s["teammate"], 3: s["opposite"], 4: s["teammate"], 5: s["upper"]}[d % 6]

    def badges(self, view: Mapping[str, Any], seat: int, me: int, s: Mapping[str, str], lang: str) -> list[Row]:
        if view.get("revolutionary") == seat:
            return [{"text": i18n.word(lang, "gjRevolutionary"), "color": "blue"}]
        return []

    def seat_extras(self, view: Mapping[str, Any], seat: int, d: int, lang: str) -> Row:
        calls = view.get("calls") or []
        call = calls[seat] if isinstance(calls, list) and seat < len(calls) else None
        label = {"yu": i18n.action_label("yudian", lang), "ming": i18n.action_label("mingdian", lang)}.get(str(call), "")
        kaidian = view.get("kaidian")
        kd = None
        if isinstance(kaidian, list) and seat < len(kaidian) and view.get("phase") == "play":
            kd = bool(kaidian[seat])
        return {"call": label, "kaidian": kd, "opposite": d == 3}

    def play_note(self, d: Mapping[str, Any], lang: str) -> str:
        return i18n.word(lang, "gjPlayNote") if d.get("gouji") else ""

    def trick_badge(self, t: Mapping[str, Any], lang: str) -> str:
        return "够 级" if t.get("gouji") else ""

    def play_sound(self, d: Mapping[str, Any]) -> str:
        return "burn" if d.get("burn") else "play"

    def on_event(self, table: Shows, kind: str, d: Mapping[str, Any], snap: Mapping[str, Any], lang: str) -> None:
        st = i18n.strings(lang)
        me = int(snap["seat"])
        if kind == "burn":
            table.ring("burn")
            table.say(f"{table.name_of(d.get('seat', -1))} · {i18n.action_label('burn', lang)}")
        elif kind == "kou":   # 扣牌: the round is over, the table is swept
            table.fly("sweep", -1, -1, [], False)
            table.clear_last()
        elif kind == "tribute_paid":
            cards = list(d.get("cards") or [])
            n = len(cards) or int(d.get("count", 1))
            k = str(d.get("kind", ""))
            label = i18n.pick(lang, TRIBUTE_ZH.get(k, st["tribute"]), f"{st['tribute']} ({k})")
            table.tribute_flight(d.get("payer"), d.get("receiver"), cards, n, label, me)
        elif kind == "returned":   # a returned card goes back to the payer
            cards = [d["card"]] if d.get("card") else []
            table.tribute_flight(d.get("receiver"), d.get("payer"), cards, len(cards) or int(d.get("count", 1)),
                                 st["returnTribute"], me)
        elif kind in ANNOUNCED:
            announce(table, kind, d, lang)

    def prompt(self, view: Mapping[str, Any], me: int, name_of: Any, lang: str) -> str:
        """进贡: "王磊（大落）向你进贡 2 张：接受 / 拒收"; 还贡: who returns how many to whom (G-75 … G-83)."""
        you = i18n.word(lang, "youLower")

        def who(seat: Any) -> str:
            return you if seat == me else name_of(seat)

        phase = view.get("phase")
        if phase == "tribute":
            it = next((t for t in view.get("tribute") or [] if t.get("status") == "offered"), None)
            if it is None:
                return ""
            payer, recv, n, k = it.get("payer"), it.get("receiver"), int(it.get("actual") or 0), str(it.get("kind"))
            prev = (view.get("set_results") or [{}])[-1].get("places") or []
            place = (prev.get(str(payer), prev.get(payer)) if isinstance(prev, dict)
                     else prev[payer] if isinstance(payer, int) and payer < len(prev) else None)
            tag = i18n.word(lang, "gjPlaceTag", i18n.place_name(int(place) - 1, 6, lang)) if isinstance(place, int) else ""
            head = i18n.word(lang, "gjPays1" if n == 1 else "gjPays", who(payer), tag, who(recv),
                             tribute_kind(k, lang, i18n.word(lang, "tribute")), n)
            return head + (i18n.word(lang, "gjAcceptRefuse") if recv == me
                           else i18n.word(lang, "gjWaitAccept", name_of(recv)))
        ret = view.get("returning")
        if phase == "return" and isinstance(ret, dict):
            payer, recv, left = ret.get("payer"), ret.get("receiver"), int(ret.get("left") or 0)
            if ret.get("offered"):
                return i18n.word(lang, "gjAcceptReturn", who(payer), who(recv))
            return i18n.word(lang, "gjReturning", who(recv), who(payer), left)
        return ""

    def score(self, totals: Sequence[int], me: int, name_of: Any) -> Row:
        """Each player's record already holds his team's total (G-88): show one member's, not the sum of
        three (which showed 3 : −3 for a set scored +1 / −1)."""
        if not totals or me >= len(totals) or not self.teams:
            return super().score(totals, me, name_of)
        other = next((i for t in self.teams if me not in t for i in t if i < len(totals)), None)
        return {"team": True, "mine": totals[me], "theirs": totals[other] if other is not None else 0, "per": []}

    def team_of(self, seat: int) -> int:
        """The index of the seat's team in the registry's ``teams`` (G-1; the order of ``team_scores``)."""
        return next(i for i, t in enumerate(self.teams or ()) if seat in t)

    def result_points(self, res: Mapping[str, Any], seat: int, options: Mapping[str, Any]) -> str:
        """头科 +2 … 大落 −2 (G-85; G-86 doubles them), before the team sum."""
        place = (res.get("places") or {}).get(str(seat))
        if not isinstance(place, int) or not 1 <= place <= self.spec.seats:
            return ""
        pts = games.rules(self.name, options).place_points(place)   # the game's own Rules, by the registry
        return f"{pts:+d}" if pts else "0"

    def results_sum(self, res: Mapping[str, Any], me: int, options: Mapping[str, Any], lang: str) -> str:
        """我方 +2 +0 −1 = +1 · 串三户 ×2 · 只记正分 (G-85 … G-88)."""
        team = self.team_of
        s = i18n.strings(lang)
        teams = res.get("team_scores") or []
        if len(teams) != 2:
            return ""
        parts = []
        for t, label in ((team(me), s["ourSide"]), (1 - team(me), s["theirSide"])):
            pts = [self.result_points(res, s, options) for s in range(6) if team(s) == t]
            line = f"{label} {' '.join(p for p in pts if p)}"
            if res.get("chuansanhu"):
                line += " ×2"
            parts.append(f"{line} = {int(teams[t]):+d}")
        if str(options.get("scoring")) == "4-2-positive":
            parts.append(s["gjPositiveOnly"])
        return "  ·  ".join(parts)

    def sheet(self, results: Sequence[Mapping[str, Any]], me: int, n: int, options: Mapping[str, Any], lang: str,
              name_of: Any) -> Row:
        """计分表 (G-85 … G-88): per set each side's place points (头科 +2 … 大落 −2) and team score, 串三户 ×2
        marked, and the running totals (a member's total is his team's, G-88: one member stands for it)."""
        from desktop import sheet
        team = self.team_of
        s = i18n.strings(lang)
        mine_t = team(me)
        members = {t: [x for x in range(6) if team(x) == t] for t in (0, 1)}
        columns = [sheet.text(s["sheetSet"]), sheet.text(f"{s['ourSide']} · {s['placePts']}", "mine"),
                   sheet.text(s["ourSide"], "mine"), sheet.text(f"{s['theirSide']} · {s['placePts']}", "theirs"),
                   sheet.text(s["theirSide"], "theirs"), sheet.text(s["running"])]
        rows = []
        for i, res in enumerate(results):
            teams = list(res.get("team_scores") or [])
            totals = list(res.get("totals") or [])
            cells = [sheet.text(sheet.set_label(res, i, lang))]
            for t in (mine_t, 1 - mine_t):
                pts = [self.result_points(res, x, options) for x in members[t]]
                cells.append(sheet.text(" ".join(p for p in pts if p) or "–"))
                cells.append(sheet.num(teams[t] if t < len(teams) else None))
            run = [totals[members[t][0]] if len(totals) == 6 else None for t in (mine_t, 1 - mine_t)]
            cells.append(sheet.text(f"{run[0]} : {run[1]}" if None not in run else "–"))
            rows.append({"cells": cells, "mark": f"{s['doubled']} ×2 · {s['gjChuansanhu']}" if res.get("chuansanhu") else ""})
        last = list(results[-1].get("totals") or []) if results else []
        run = [last[members[t][0]] if len(last) == 6 else 0 for t in (mine_t, 1 - mine_t)]
        total = [sheet.text(s["total"], "gold"), sheet.text(""), sheet.num(run[0]), sheet.text(""),
                 sheet.num(run[1]), sheet.text(f"{run[0]} : {run[1]}", "gold")]
        note = s["gjPositiveOnly"] if str(options.get("scoring")) == "4-2-positive" else ""
        return {"columns": columns, "rows": rows, "total": total, "note": note}

    def card_goal(self, view: Mapping[str, Any], me: int) -> int:
        ret = view.get("returning")
        if view.get("phase") == "return" and isinstance(ret, dict) and ret.get("receiver") == me:
            return int(ret.get("left") or 0)
        return 0

    def results_extra(self, res: Mapping[str, Any], lang: str, name_of: Any) -> tuple[list[str], str]:
        tributes = []
        for t in res.get("tribute_next") or []:
            k = t.get("kind", "")
            tributes.append(f"{name_of(t.get('payer', 0))} → {name_of(t.get('receiver', 0))} "
                            f"{tribute_kind(k, lang, k)} ×{t.get('owed', 1)}")
        extra = i18n.word(lang, "gjChuansanhu") if res.get("chuansanhu") else ""
        return tributes, extra


PRESENTER = GoujiPresenter
