"""新手讲解 for 够级 Gouji: one line per phase (the play phase told apart by its mode: lead, answer, burn, 让牌),
citing RULES.md. ``PHASES`` lists every phase the state machine enters; tests/contract/test_tutor.py checks each
has a line in both languages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.tutor import TutorLine

L = TutorLine

LINES: dict[str, TutorLine] = {
    "deal": L(("G-12",), "正在发牌：216 张牌每人 36 张。", "Dealing: 216 cards, 36 to each player."),
    "yudian": L(("G-13", "G-15"), "预点：发牌前可以押你的对头开不了点；预点后不能再明点。选择预点或不预点。",
                "预点 (pre-call): before the deal you may bet that your 对头 will not 开点; after it you cannot "
                "明点. Call or decline."),
    "show": L(("G-16", "G-17", "G-18"), "上班：亮出两张以上同花色的 3（憋三时为 4），亮得最多的人首先出牌；"
              "同样多时先亮者优先；没人亮就随机定首发。", "上班 (show): show two or more 3s of one suit (4s with 憋三); "
              "the longest show leads first, an equal one keeps the earlier; if nobody shows, the first leader "
              "is drawn at random."),
    "tribute": L(("G-75", "G-76", "G-77"), "进贡：上回合的落科按名次给对应的头科、二科进最大的牌，由引擎自动选出。",
                 "Tribute: last set's losers give their highest cards to the winners they owe, by place; the "
                 "engine picks the cards."),
    "return": L(("G-81", "G-27"), "还贡：收到贡牌的人还给进贡者同样张数的牌，任选（憋三时不能还 3）。",
                "Return: who received tribute gives back as many cards of his choice (no 3 with 憋三)."),
    "mingdian": L(("G-14", "G-15"), "明点：进贡之后、首发之前，没预点的人可以明点，押对头开不了点。",
                  "明点 (open call): after the tribute and before the first lead, a player who did not 预点 may "
                  "bet that his 对头 will not 开点."),
    "revolt": L(("G-28", "G-29", "G-30"), "革命：手里没有大王、小王和 2 的人可以革命（扔掉手牌不参加本回合），"
                "也可以不革命；两人以上革命则重新发牌。", "革命 (revolt): a hand with no big joker, no small joker "
                "and no 2 may be thrown in (you sit out this set) or kept; two or more revolts void the deal."),
    "yaotou": L(("G-32",), "要头/无头：革命者的对头可以要头（前三次够级牌别人只能烧）或者放弃成为无头。",
                "要头 / 无头: the revolutionary's 对头 keeps the head (his first three 够级 plays can only be "
                "burnt) or waives it and is 无头."),
    "lead": L(("G-40", "G-33"), "首发：出任意一手牌——同点数的若干张，可贴 2、挂王，不能出顺子。",
              "Lead: play any one play — cards of one rank, with 2s as fillers or jokers; no runs."),
    "answer": L(("G-35", "G-41", "G-42", "G-43", "G-46"), "跟牌：张数相同、每张都更大才能管；够级牌只有对头、"
                "上下家按规则能管。也可以过牌（本轮不能再出）或让牌。", "Answer: beat with as many cards, each "
                "higher; a 够级 play may be answered only by the seats the rules allow. Or pass (out of the "
                "round) or 让牌 (yield to the two behind)."),
    "burn": L(("G-49", "G-50", "G-52"), "烧牌：对头的够级牌被管住了，你可以挂王烧牌，连续出牌直到烧完；或者放弃。",
              "烧牌 (burn): your 对头's 够级 play was beaten; you may burn with jokers and keep playing, or let "
              "it go."),
    "rang_return": L(("G-47",), "让牌回到你：后面两家都没管，现在你必须管上或者过牌。",
                     "Your 让牌 came back: the two behind you did not beat it; now beat it or pass."),
    "over": L(("G-71", "G-85", "G-88"), "本局结束：按名次头科到大落计分，累计各回合的得分。",
              "The game is over: places from 头科 to 大落 scored, the sets' scores summed."),
}

#: Every phase a Gouji state enters, the play phase by its ``mode`` (lead, answer, the burn window, 让牌's return).
PHASES = ("deal", "yudian", "show", "tribute", "return", "mingdian", "revolt", "yaotou", "lead", "answer", "burn",
          "rang_return", "over")


def tutor_line(view: Mapping[str, Any]) -> TutorLine | None:
    phase = str(view.get("phase") or "")
    if phase == "play":
        return LINES.get(str(view.get("mode") or ""))
    return LINES.get(phase)

#: The first-game walkthrough (a few short cards, shown once, re-openable): each card is "title：body".
WALKTHROUGH: tuple[TutorLine, ...] = (
    L(("G-13", "G-14"), "预点 / 明点：押你的对头（正对面）这回合开不了点。预点在发牌前，明点在进贡后、首发前；押中得分，押错输分。",
      "预点 / 明点: bet that your 对头 (the seat opposite) will not 开点 this set. 预点 comes before the deal, 明点 "
      "after the tribute and before the first lead; a right call wins points, a wrong one loses them."),
    L(("G-35", "G-37"), "够级：张数够多的大牌是够级牌——5 张 10、4 张 J、3 张 Q、2 张 K 或 A、1 张 2，带王的都算；3 到 9 永远不够级。只有对头和上下家按规则能管。",
      "够级: a play with enough cards for its rank is a 够级 play — five 10s, four Js, three Qs, two Ks or As, "
      "one 2, or any play with a joker; 3s to 9s never are. Only your 对头 and the seats the rules allow may "
      "answer it."),
    L(("G-49", "G-52"), "烧牌：对头的够级牌被别人管住时，你可以挂王把它烧回来，接着一直出牌直到出完；烧失败就退出本回合。",
      "烧牌 (burn): when someone beats your 对头's 够级 play, you may burn it back with jokers and keep playing "
      "to the end of your hand; a failed burn takes you out of the set."),
    L(("G-57",), "开点：用一手够级牌赢下一轮（拿到下一次发牌权）就算开点；整回合都没做到的人是未开点。",
      "开点: winning a round (taking the next lead) with a 够级 play opens your points; a player who never does "
      "so in the set stays 未开点."),
    L(("G-75", "G-76", "G-81"), "进贡：下一回合开始时，大落、二落给头科、二科进贡最大的牌，收贡的人再还同样张数的牌。",
      "Tribute: at the next set the last places give their highest cards to the first places; who receives "
      "gives back as many cards of his choice."),
)
