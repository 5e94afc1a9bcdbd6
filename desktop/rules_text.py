"""Readable rule summaries (RULES.md, with rule ids) for the Rules screen, in both UI languages."""

from __future__ import annotations

GOUJI_ZH = [
    ("G-1 / G-2", "6 人，隔座为一队（0/2/4 对 1/3/5）。正对面的人是你的对头，是你最直接的对手。"),
    ("G-5", "4 副牌共 216 张，每人 36 张。大小：大王 > 小王 > 2 > A > K … > 3，花色不分大小。"),
    ("G-33", "一手牌 = 同点数的若干张，可贴 2（钱，当作同点数）和挂王；不能出顺子。"),
    ("G-35", "跟牌须张数相同、每张都更大（比较方式 1 时可以烤：两大王打一大王等）。"),
    ("G-37 / G-43", "够级牌：带王、1 张以上 2、2 张以上 A 或 K、3 张以上 Q、4 张以上 J、5 张以上 10。除烧牌外，够级牌只有出牌人的对头可以管；对头不要，这一轮就归出牌人。"),
    ("G-40 / G-42", "每轮由上一轮的赢家先出，逆时针顺牌；过牌后本轮不能再出，除非桌上是你对头的牌。让牌：把管牌的机会让给后面两家。"),
    ("G-49 … G-51", "烧牌：桌上有够级牌时（四人乱缠前），不是出牌人也不是他对头、本轮没过牌也没让牌的人可以抢先烧：先管住它，再一人连续出完手牌，除最后一手外每手都挂王。"),
    ("G-57", "开点：用够级牌赢得一轮；没开点的人要进点贡。预点/明点是对对头不会开点的押注。"),
    ("G-71", "名次：头科、二科、三科、四科、二落、大落。一方全部走完时本回合结束。"),
    ("G-75", "进贡：下一回合大落给头科进 2 张最大的牌，二落给二科进 1 张；收贡者还贡。"),
    ("G-85", "计分：2/1/0/0/−1/−2（或 4/2/0/0/−2/−4）；打满回合数后按累计分结算。"),
]
GOUJI_EN = [
    ("G-1 / G-2", "Six players; every other seat is a team (0/2/4 v 1/3/5). The player opposite you is your 对头, "
                  "your direct rival."),
    ("G-5", "Four decks, 216 cards, 36 each. Order: big joker > small joker > 2 > A > K … > 3; suits never count."),
    ("G-33", "A play is cards of one rank, optionally with 2s as fillers (they count as that rank) and jokers. "
             "No runs."),
    ("G-35", "To beat a play, use as many cards, each higher (option 1 allows 烤: two big jokers beat one, …)."),
    ("G-37 / G-43", "够级 plays: any joker or 2, two+ A or K, three+ Q, four+ J, five+ 10. Apart from a burn, "
                    "only the player's 对头 may answer one; if the 对头 passes, the round goes to the player."),
    ("G-40 / G-42", "The winner of a round leads the next; play goes counter-clockwise. After a pass you are out "
                    "of the round, except to answer your 对头's play. 让牌 yields to the two behind."),
    ("G-49 … G-51", "烧牌 (burn): while a 够级 play is on the table (before 四人乱缠), anyone but its player and his "
                    "对头 who has not passed or 让'd this round may burn first: beat it, then play out his whole "
                    "hand alone, every lead but the last with a joker."),
    ("G-57", "开点: win a round with a 够级 play. Who never 开点s pays 点贡. 预点/明点 bet that your 对头 will not."),
    ("G-71", "Places: 头科, 二科, 三科, 四科, 二落, 大落. The set ends when one team is all out."),
    ("G-75", "Tribute next set: last (大落) gives 头科 his 2 best cards, 二落 gives 二科 one; the receiver returns."),
    ("G-85", "Scores 2/1/0/0/−1/−2 (or 4/2/0/0/−2/−4); the game total decides after the last set."),
]
BAOHUANG_ZH = [
    ("B-1", "5 人：皇帝 + 侍卫 对 3 名起义军（平民/革命党）。皇帝公开，侍卫身份保密。"),
    ("B-3 / B-5", "4 副牌 216 张（或去 3、去 3/4/5），轮流发完。带冠大王（皇牌）决定谁能当皇帝。"),
    ("B-7", "持皇牌者可以登基或让位给上家；经典玩法转一圈回来必须登基。"),
    ("B-14", "登基后叫一张自己有三张的牌（点数+花色），持第四张的人就是侍卫；叫自己四张都有则暗独保。"),
    ("B-16 / B-18", "侍卫可以明保（分数翻倍）；其他人可以造反（两人以上造反则亮出侍卫）。"),
    ("B-20", "一手牌：同点数若干张，可挂王；不能出顺子，2 不能配其他点数（除非选项允许）。"),
    ("B-25", "跟牌须张数相同且每张更大；挂大王的牌最大。"),
    ("B-28 / B-30", "皇帝先出；过牌只针对当前最大的牌，没人管则收牌再出。"),
    ("B-33", "一方全部出完，本局结束。"),
    ("B-34", "计分：侍卫得 6 −（皇帝名次 + 侍卫名次），皇帝得两倍，起义军每人付侍卫的分。明保、造反成功翻倍。"),
]
BAOHUANG_EN = [
    ("B-1", "Five players: the emperor and his guard against three rebels. The emperor is public, the guard secret."),
    ("B-3 / B-5", "Four decks (or without 3s, or 3-5), dealt out. The crowned big joker (皇牌) decides who may be "
                  "emperor."),
    ("B-7", "Its holder accepts the throne or abdicates to the player before him; in the classic rules it must be "
            "accepted when it comes round again."),
    ("B-14", "The emperor calls a card (rank + suit) he holds three copies of; the holder of the fourth is the "
             "guard. Calling one he holds all four of is a secret solo."),
    ("B-16 / B-18", "The guard may reveal himself (明保, doubles the score); others may declare 造反 (two or more "
                    "reveal the guard)."),
    ("B-20", "A play is cards of one rank plus any jokers; no runs; 2s do not mix with other ranks unless the "
             "option allows."),
    ("B-25", "Beat with as many cards, each higher; a play with a big joker is the highest."),
    ("B-28 / B-30", "The emperor leads first; a pass refers only to the top play; when nobody beats it the round "
                    "is won."),
    ("B-33", "The hand ends when one side is all out."),
    ("B-34", "Guard scores 6 − (emperor's place + guard's place), the emperor twice that, each rebel pays the "
             "guard's amount. 明保 and a successful 造反 double it."),
]


def summary(game: str, lang: str) -> list[tuple[str, str]]:
    """The summary the game's presenter shows (``desktop.games``)."""
    from desktop.games import presenter
    return presenter(game).rules_summary(lang)
