"""Why an action is refused (engine.api.Refusal): the RULES.md rule id and the reason in English and Chinese.

Only called for actions that are not in the legal list — the list itself (``State._legal``) is the one
authority; this module only finds the words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.api import Refusal
from engine.core import Action

from .table import N

if TYPE_CHECKING:
    from .state import State

KINDS = frozenset({"discard", "minglou", "kong", "win", "chow", "pung", "pass"})

# Chinese reasons by rule id for refusals raised where only the rule is known (a tile's notation, a hand's
# check): ``engine.refusals.zh_any`` finds them for :class:`engine.api.Refusal`.
ZH: dict[str, str] = {
    "M-1": "没有这个座位",
    "M-2": "不是合法的牌张",
    "M-5": "不是一个麻将操作",
    "M-9": "只有杠可以暗着宣布",
    "M-11": "这手牌不能胡",
    "M-11a": "手牌张数不对",
    "M-20": "点炮方不对",
}


def why(st: State, a: Action) -> Refusal:
    """The rule and the words for an action that is not legal now (``State.refusal``)."""
    if st.over:
        return Refusal("M-18", "the match is over", "比赛已结束")
    if a.kind not in KINDS or a.play is not None:
        return Refusal("M-5", f"{a.kind!r} is not a mahjong action", f"没有“{a.kind}”这种操作")
    if a.seat != st.to_act:
        if st.round is not None:
            return Refusal("M-7", f"seat {a.seat} is not being asked now", f"现在不是{a.seat}号位表态")
        return Refusal("M-5", f"it is seat {st.mover}'s move, not seat {a.seat}'s", f"现在轮到{st.mover}号位")
    s = a.seat
    if st.round is not None:
        r = st.round
        if a.kind in ("discard", "minglou"):
            return Refusal("M-7", "answer the claim first: win, kong, pung, chow or pass", "请先表态：胡、杠、碰、吃或过")
        if a.kind == "win":
            if not st.rules.options.win_on_discard:
                return Refusal("M-6", "this table wins by self-draw only", "本桌只能自摸")
            if st.locked[s]:
                return Refusal("M-14", "you passed a win and have not discarded since", "过胡后未出牌，不能胡别人的牌")
            return Refusal("M-11", f"{r.tile} does not complete your hand", f"{r.tile.zh()}不能胡")
        if r.kind == "rob":
            return Refusal("M-13", "an added kong can only be robbed (胡) or passed", "加杠只能抢杠胡或过")
        if r.last:
            return Refusal("M-6", "the discard after the wall emptied can only be won on", "海底牌只能胡")
        if st.ml[s]:
            return Refusal("M-15", "after 明楼 no pung, chow or kong", "明楼后不能吃碰杠")
        if a.kind == "chow":
            if not st.rules.options.allow_chow:
                return Refusal("M-6", "this table plays without chow", "本桌不能吃")
            if s != (r.source + 1) % N:
                return Refusal("M-6", "only the player after the discarder may chow", "只有下家可以吃")
            return Refusal("M-6", f"{a.arg} is not a run you can make with {r.tile}", f"不能用{r.tile.zh()}吃{a.arg}")
        if a.kind == "kong" and st.t.wall_left == 0:
            return Refusal("M-9", "no kong once the wall is empty", "牌墙已空，不能杠")
        return Refusal("M-6", f"you cannot {a.kind} {r.tile} ({a.arg})", f"不能{a.kind} {r.tile.zh()}")
    if a.kind in ("pung", "chow", "pass"):
        return Refusal("M-5", f"{a.kind} answers a discard; now you move (win, kong or discard)", "现在请出牌")
    if st.ctx == "claimed" and a.kind in ("win", "kong"):
        return Refusal("M-8", "after a pung or chow you discard at once", "吃碰后必须立即出牌")
    if a.kind == "win":
        return Refusal("M-11", "your hand is not a winning hand", "还没有和牌")
    if st.ml[s] and a.kind in ("discard", "kong"):
        return Refusal("M-15", "after 明楼 you discard the tile you drew", "明楼后只能打摸到的牌")
    if a.kind == "kong":
        if st.t.wall_left == 0:
            return Refusal("M-9", "no kong once the wall is empty", "牌墙已空，不能杠")
        return Refusal("M-9", f"you hold no kong of {a.arg or '(no tiles named)'}", f"没有{a.arg or ''}可杠")
    if a.kind == "minglou":
        if not st.rules.options.minglou:
            return Refusal("M-15", "this table plays without 明楼", "本桌不能明楼")
        return Refusal("M-15", "明楼 needs a ready hand after the discard", "明楼必须打出后听牌")
    if a.arg is None:
        return Refusal("M-5", "name the tile to discard", "请指定要打的牌")
    return Refusal("M-5", f"you do not hold {a.arg}", f"手里没有{a.arg}")
