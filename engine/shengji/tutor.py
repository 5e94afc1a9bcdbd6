"""新手讲解 for 升级 Shengji: one line per phase (the play phase told apart by lead and follow), citing RULES.md
Part S. ``PHASES`` lists every phase the state machine enters; tests/contract/test_tutor.py checks each has a
line in both languages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.tutor import TutorLine

L = TutorLine

LINES: dict[str, TutorLine] = {
    "deal": L(("S-8", "S-9"), "摸牌：每摸一张，可以亮出打的点数的牌定主（亮主），也可以不亮；更强的亮可以反主。",
              "Dealing: after each card you draw you may show cards of the level rank to name the trump (亮主), "
              "or pass; a stronger show overrides (反)."),
    "declare": L(("S-9", "S-10"), "亮主：摸完牌后轮流最后一次亮主或反主，连续四家不亮就定主；没人亮就翻底定主。",
                 "Declare: after the deal each player in turn may declare or override once more; four passes in "
                 "a row fix the trump; if nobody declares, the bottom is turned up."),
    "bury": L(("S-10",), "扣底：庄家拿起 8 张底牌，再任选 8 张扣回去；首轮出牌后不能再换。底牌里的分最后归抠底的一方。",
              "Bury: the banker takes the 8 bottom cards and puts back any 8 face down; after the first lead "
              "the bottom is fixed."),
    "lead": L(("S-14", "S-15", "S-18"), "首发：出一个单元（单张、对子、拖拉机），或者甩牌——同一系列里别人都管不上的"
              "几个单元一起出。", "Lead: play one unit (a single, a pair, a tractor), or throw several units of "
              "one suit-system that nobody can beat."),
    "follow": L(("S-16", "S-17"), "跟牌：出同样张数；有领出的花色（或主牌）必须先出它；没有了可以毙（将吃）或垫牌。"
                "大的一家赢这一墩。", "Follow: play as many cards as were led; you must follow the led suit-system "
                "while you hold it; when out of it, trump (ruff) or discard. The highest play wins the trick."),
    "over": L(("S-20", "S-22", "S-23"), "本场结束：闲家得分决定升级，庄家打过 A 就赢得比赛。",
              "The match is over: the defenders' points decided each hand's level change; keeping the bank "
              "at A wins the match."),
}

#: Every phase a Shengji state enters, the play phase as ``lead`` or ``follow``.
PHASES = ("deal", "declare", "bury", "lead", "follow", "over")


def tutor_line(view: Mapping[str, Any]) -> TutorLine | None:
    phase = str(view.get("phase") or "")
    if phase == "play":
        return LINES["follow" if view.get("trick") else "lead"]
    return LINES.get(phase)

#: The first-game walkthrough (a few short cards, shown once, re-openable): each card is "title：body".
WALKTHROUGH: tuple[TutorLine, ...] = (
    L(("S-9", "S-11"), "亮主：摸牌时亮出打的点数的牌，它的花色就成为主牌；对子比单张强，可以反主。主牌包括大小王、点数牌和主花色。",
      "Declaring: while drawing, show a card of the level rank and its suit becomes trump; a pair beats a "
      "single and overrides. Trumps are the jokers, the level cards and the trump suit."),
    L(("S-16", "S-17"), "跟牌：有领出的那一系必须跟；没有可以用主牌毙，或者垫别的牌。一墩由最大的一手赢。",
      "Following: follow the led suit-system while you can; when out of it, trump it or discard. The highest "
      "play wins the trick."),
    L(("S-3", "S-19", "S-22"), "得分：5、10、K 是分牌；闲家拿到 80 分以上就上台，庄家守住就升级。",
      "Points: 5s, 10s and Ks carry points; the defenders take the bank with 80 or more, otherwise the "
      "banker's side goes up a level."),
)
