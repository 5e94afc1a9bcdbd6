"""新手讲解 for 保皇 Baohuang: one line per phase (the play phase told apart by lead and answer), citing
RULES.md. ``PHASES`` lists every phase the state machine enters; tests/contract/test_tutor.py checks each has a
line in both languages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.tutor import TutorLine

L = TutorLine

LINES: dict[str, TutorLine] = {
    "deal": L(("B-3", "B-5"), "正在发牌：每人一份，拿到带标记大王的人就是皇帝的候选人。",
              "Dealing: the player with the marked big joker is in line for the throne."),
    "abdicate": L(("B-6", "B-7"), "让位：你拿着皇帝牌，可以登基当皇帝，也可以让给下家。",
                  "Abdicate: you hold the emperor card; take the throne or pass it to the next player."),
    "call": L(("B-8", "B-12"), "叫庄：可以接受当皇帝（要叫一张你有三张或四张的牌找侍卫，或明独保），也可以不叫。",
              "Call: accept the throne (name a card you hold three or four of to find your guard, or go solo "
              "openly) or decline."),
    "pot": L(("B-11",), "放底牌：轮流决定是否拿底牌当皇帝。", "Pot: in turn, take the bottom cards and the "
             "throne, or pass."),
    "declare": L(("B-12", "B-14", "B-15"), "皇帝声明：叫出侍卫的牌（你有三张，第四张在侍卫手里），或者独保。",
                 "The emperor declares: name the guard's card (you hold three, the guard the fourth) or play "
                 "alone."),
    "grab": L(("B-9", "B-17"), "抢独：皇帝声明后，你可以抢独（一个人对付其他四家），或者放弃。",
              "Grab: after the emperor's declaration you may grab a solo (one against four) or let it be."),
    "mingbao": L(("B-16",), "明保：你是侍卫，可以亮明身份（得分加倍），也可以暗保不说。",
                 "明保: you are the guard; reveal yourself (the hand's scores double) or stay hidden (暗保)."),
    "rebellion": L(("B-18",), "造反：首发前，你可以宣布造反（赌皇帝一方输），或者不造反。",
                   "造反 (rebellion): before the first lead you may rebel (a bet that the emperor's side loses) "
                   "or not."),
    "lead": L(("B-20", "B-28"), "首发：出任意一手牌——同点数的若干张，可贴 2，王不能混出。",
              "Lead: play any one play — cards of one rank, with 2s as fillers; jokers are not mixed."),
    "answer": L(("B-25", "B-29", "B-30"), "跟牌：张数相同、每张更大才能管；也可以过牌，第一圈还可以让牌。",
                "Answer: beat with as many cards, each higher; or pass; on the first lap you may also 让牌."),
    "over": L(("B-36", "B-42"), "本场结束：按名次和身份计分，累计各局得分。",
              "The match is over: places and roles scored, the hands' scores summed."),
}

#: Every phase a Baohuang state enters, the play phase as ``lead`` or ``answer``.
PHASES = ("deal", "abdicate", "call", "pot", "declare", "grab", "mingbao", "rebellion", "lead", "answer", "over")


def tutor_line(view: Mapping[str, Any]) -> TutorLine | None:
    phase = str(view.get("phase") or "")
    if phase == "play":
        return LINES["answer" if view.get("trick") else "lead"]
    return LINES.get(phase)

#: The first-game walkthrough (a few short cards, shown once, re-openable): each card is "title：body".
WALKTHROUGH: tuple[TutorLine, ...] = (
    L(("B-1", "B-6", "B-7"), "皇帝：拿到带标记大王的人可以登基当皇帝，一个人（或加上侍卫）对付其他人；也可以让位。",
      "The throne: who holds the marked big joker may take the throne and play against the others (with his "
      "guard), or abdicate."),
    L(("B-12", "B-14", "B-16"), "侍卫：皇帝叫一张他有三张的牌，拿着第四张的人就是侍卫，身份保密（暗保），也可以明保。",
      "The guard: the emperor names a card he holds three of; who holds the fourth is his guard, secretly "
      "(暗保) unless he reveals himself (明保)."),
    L(("B-20", "B-25"), "出牌：同点数的若干张为一手，张数相同、每张更大才能管；先出完的名次高。",
      "Playing: a play is cards of one rank; beat it with as many cards, each higher; who goes out first "
      "places best."),
)
