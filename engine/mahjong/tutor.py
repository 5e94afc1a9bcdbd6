"""新手讲解 for 山东麻将 Shandong Mahjong: one line per phase (the move told apart by whether the player drew or
claimed), citing RULES.md Part M. ``PHASES`` lists every phase the state machine enters; tests/contract/test_tutor.py
checks each has a line in both languages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.tutor import TutorLine

L = TutorLine

LINES: dict[str, TutorLine] = {
    "move": L(("M-5", "M-9", "M-11", "M-12"), "摸牌后：打出一张牌；也可以暗杠、加杠，或者手牌成和时自摸胡牌"
              "（将对必须是二五八）。", "Your move: discard a tile; or declare a concealed or added kong; or, if "
              "your hand wins, declare 自摸 (the pair must be a 2, 5 or 8)."),
    "discard": L(("M-8",), "碰或吃之后：亮出这组牌，马上打出一张，这时不能杠也不能胡。",
                 "After a 碰 or 吃: the meld is shown; discard one tile at once — no kong, no win now."),
    "claim": L(("M-6", "M-7", "M-11"), "有人打牌：你可以胡、杠、碰（下家还可以吃）或者过；胡 > 杠 = 碰 > 吃，"
               "大家同时暗里回答。", "A discard: you may claim it to win, kong, pung (the next player may also "
               "chow) or pass; win > kong = pung > chow, answers are sealed."),
    "rob": L(("M-13", "M-14"), "抢杠：有人加杠，这张牌能让你和牌时可以抢杠胡，也可以放过。",
             "Rob the kong: a player added a kong with a tile that completes your hand; win on it or let it go."),
    "over": L(("M-16", "M-18"), "本场结束：和牌者收分，流局不算分，累计各把的得分排名次。",
              "The match is over: winners were paid, drawn hands paid nothing; the totals give the places."),
}

#: Every phase a Mahjong state enters, the move told apart as ``move`` (after a draw) or ``discard`` (after a
#: 碰/吃, M-8).
PHASES = ("move", "discard", "claim", "rob", "over")


def tutor_line(view: Mapping[str, Any]) -> TutorLine | None:
    phase = str(view.get("phase") or "")
    if phase == "move":
        return LINES["discard" if view.get("must_discard") else "move"]
    return LINES.get(phase)

#: The first-game walkthrough (a few short cards, shown once, re-openable): each card is "title：body".
WALKTHROUGH: tuple[TutorLine, ...] = (
    L(("M-5", "M-12"), "摸打：轮到你时摸一张、打一张；摸到成和的牌可以自摸。",
      "Draw and discard: on your move you draw a tile and discard one; a drawn tile that completes your "
      "hand wins by self-draw."),
    L(("M-6", "M-7", "M-8"), "吃碰杠：别人打出的牌可以胡、杠、碰，下家还能吃；优先级 胡 > 杠 = 碰 > 吃。碰或吃后马上打一张。",
      "Claiming: you may claim another player's discard to win, kong or pung; the next player may also chow. "
      "Win > kong = pung > chow; after a pung or chow you discard at once."),
    L(("M-11",), "二五八将：和牌是四组（顺子或刻子）加一对将，将必须是万、饼、条的 2、5 或 8。",
      "The 2-5-8 pair: a winning hand is four sets (runs or triplets) and a pair, and the pair must be a "
      "2, 5 or 8 of a suit."),
)
