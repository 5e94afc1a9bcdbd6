"""Gouji (够级) habit counters for the arena report (issue 16; see engine/bots/habits.py).

Each counts what a player at the table notices, from the deciding seat's own view and its chosen action:

- ``duitou_gouji_faced`` / ``duitou_gouji_unanswered``: the 对头's 够级 play on top with a legal beat in hand
  (G-43), and how often the seat let it stand (seeds/000: 对头的级牌…能打就打).
- ``ordinary_beats`` / ``groups_broken_for_ordinary_beat``: beats of a non-够级 play, and those that split a
  group (``66`` out of ``66666`` on ``55``).
- ``joker_plays`` / ``bare_joker_plays``: plays with a joker, and those of jokers alone (seeds/000 学会用花).
- ``finisher_holding_joker``: seats that ended a set 二落/大落 (places 5, 6, G-71) still holding a joker.
- ``kaidian_leads``: leads of a 够级 play by a seat not yet 开点 (G-57); ``kaidian_sets``: seat-sets that ended 开点.
- ``tribute_offers`` / ``tribute_refused`` (G-82); ``returns`` and ``return_rank_sum`` (the rank value of each
  card returned to an opponent, 3 … 15, G-81) give ``return_tribute_rank``; ``returns_high``: a Q or higher.
- ``yudian_offers`` / ``yudian_calls`` (G-13), ``mingdian_offers`` / ``mingdian_calls`` (G-14).
- ``rang_legal`` / ``rang_used`` (G-46).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.bots.gouji import GCtx, _bare_joker, _breaks_group, ctx_from_view, opp
from engine.bots.habits import ratio
from engine.cards import BIG, SMALL, VALUE_OF
from engine.core import Action

NAMES = ("duitou_gouji_faced", "duitou_gouji_unanswered", "ordinary_beats", "groups_broken_for_ordinary_beat",
         "joker_plays", "bare_joker_plays", "finisher_holding_joker", "low_finishers", "kaidian_leads",
         "kaidian_sets", "seat_sets", "tribute_offers", "tribute_refused", "returns", "return_rank_sum",
         "returns_high", "yudian_offers", "yudian_calls", "mingdian_offers", "mingdian_calls", "rang_legal",
         "rang_used")


# The three habits of a play-phase decision (issue 16), each counted over the cases where it can show:
DUITOU_UNANSWERED = "duitou_gouji_unanswered"  # of the 对头's 够级 plays faced with a legal beat in hand (G-43)
GROUP_BROKEN = "group_broken_for_ordinary_beat"  # of the beats of a non-够级 play (G-35)
BARE_JOKER = "bare_joker_play"  # of the plays with a joker (seeds/000 学会用花)


def habit_cases(ctx: GCtx, legal: Sequence[Action], action: Action) -> dict[str, bool]:
    """The habits ``action`` could show in this play-phase position, each with whether it does: the one place
    the arena's counters and the search's guard read them from. ``legal`` tells whether a beat was in hand."""
    out: dict[str, bool] = {}
    if ctx.phase != "play":
        return out
    p = action.play if action.kind == "play" else None
    if p is not None and p.has_joker:
        out[BARE_JOKER] = _bare_joker(p)
    if ctx.mode in ("lead", "burn") or ctx.top is None or ctx.top_seat is None:
        return out
    if ctx.top_gouji and ctx.top_seat == opp(ctx.seat) \
            and any(a.play is not None and a.kind == "play" for a in legal):
        out[DUITOU_UNANSWERED] = action.play is None  # a pass or a 让牌 lets it stand
    if not ctx.top_gouji and p is not None:
        out[GROUP_BROKEN] = _breaks_group(ctx.counts, p)
    return out


def habits_shown(ctx: GCtx, legal: Sequence[Action], action: Action) -> frozenset[str]:
    """The habits ``action`` shows (:func:`habit_cases` that hold)."""
    return frozenset(k for k, v in habit_cases(ctx, legal, action).items() if v)


# habit -> (the counter of its cases, the counter of those where it showed)
CASE_NAMES = {
    BARE_JOKER: ("joker_plays", "bare_joker_plays"),
    DUITOU_UNANSWERED: ("duitou_gouji_faced", "duitou_gouji_unanswered"),
    GROUP_BROKEN: ("ordinary_beats", "groups_broken_for_ordinary_beat"),
}


class Tracker:
    def __init__(self) -> None:
        self.counts: dict[str, dict[str, float]] = {}
        self._jokers: dict[tuple[int, int], int] = {}  # (set_no, seat) -> jokers held at its last decision
        self._kaidian: dict[tuple[int, int], bool] = {}
        self._side: dict[tuple[int, int], str] = {}

    def _bump(self, side: str, name: str, n: float = 1.0) -> None:
        c = self.counts.setdefault(side, dict.fromkeys(NAMES, 0.0))
        c[name] = c.get(name, 0.0) + n

    def observe(self, side: str, seat: int, view: dict[str, Any], legal: list[Action], action: Action,
                state: Any) -> None:
        self.counts.setdefault(side, dict.fromkeys(NAMES, 0.0))
        kinds = {a.kind for a in legal}
        ph = str(view.get("phase"))
        set_no = int(view.get("set_no") or 1)
        self._side[(set_no, seat)] = side   # any decision of the set counts the seat in it (not only a play)
        if ph == "yudian" and "yudian" in kinds:
            self._bump(side, "yudian_offers")
            self._bump(side, "yudian_calls", action.kind == "yudian")
        elif ph == "mingdian" and "mingdian" in kinds:
            self._bump(side, "mingdian_offers")
            self._bump(side, "mingdian_calls", action.kind == "mingdian")
        elif ph == "tribute" and "refuse" in kinds:
            self._bump(side, "tribute_offers")
            self._bump(side, "tribute_refused", action.kind == "refuse")
        elif ph == "return" and action.kind == "give" and action.arg \
                and (view.get("returning") or {}).get("payer") is not None \
                and int(view["returning"]["payer"]) % 2 != seat % 2:
            r = VALUE_OF[action.arg[0]]
            self._bump(side, "returns")
            self._bump(side, "return_rank_sum", r)
            self._bump(side, "returns_high", r >= VALUE_OF["Q"])
        if ph != "play":
            return
        ctx = ctx_from_view(view)
        key = (set_no, seat)
        spent = action.play.raw_small + action.play.raw_big if action.play is not None else 0
        self._jokers[key] = ctx.counts[SMALL] + ctx.counts[BIG] - spent  # held after this decision
        self._kaidian[key] = bool(ctx.kaidian[seat])
        if "rang" in kinds:
            self._bump(side, "rang_legal")
            self._bump(side, "rang_used", action.kind == "rang")
        p = action.play
        if p is not None and action.kind == "play" and ctx.mode == "lead" and not ctx.kaidian[seat] \
                and not ctx.chaos and ctx.rules.is_gouji(p):
            self._bump(side, "kaidian_leads")
        cases = habit_cases(ctx, legal, action)
        for case, (faced, shown) in CASE_NAMES.items():
            if case in cases:
                self._bump(side, faced)
                self._bump(side, shown, cases[case])

    def end(self, state: Any, side_of: Callable[[int], str]) -> None:
        for res in getattr(state, "set_results", []):
            set_no = int(res.get("set_no") or 0)
            for s_txt, place in (res.get("places") or {}).items():
                s = int(s_txt)
                side = self._side.get((set_no, s))
                if side is None:
                    continue
                self._bump(side, "seat_sets")
                self._bump(side, "kaidian_sets", bool((res.get("kaidian") or [False] * 6)[s]))
                if int(place) >= 5:
                    self._bump(side, "low_finishers")
                    self._bump(side, "finisher_holding_joker", self._jokers.get((set_no, s), 0) > 0)


def rates(c: dict[str, float]) -> dict[str, Any]:
    return {
        "duitou_gouji_unanswered_rate": ratio(c.get("duitou_gouji_unanswered", 0), c.get("duitou_gouji_faced", 0)),
        "groups_broken_rate": ratio(c.get("groups_broken_for_ordinary_beat", 0), c.get("ordinary_beats", 0)),
        "bare_joker_rate": ratio(c.get("bare_joker_plays", 0), c.get("joker_plays", 0)),
        "finisher_holding_joker_rate": ratio(c.get("finisher_holding_joker", 0), c.get("low_finishers", 0)),
        "kaidian_rate": ratio(c.get("kaidian_sets", 0), c.get("seat_sets", 0)),
        "tribute_refused_rate": ratio(c.get("tribute_refused", 0), c.get("tribute_offers", 0)),
        "return_tribute_rank": ratio(c.get("return_rank_sum", 0), c.get("returns", 0)),
        "yudian_rate": ratio(c.get("yudian_calls", 0), c.get("yudian_offers", 0)),
        "mingdian_rate": ratio(c.get("mingdian_calls", 0), c.get("mingdian_offers", 0)),
        "rang_rate": ratio(c.get("rang_used", 0), c.get("rang_legal", 0)),
    }
