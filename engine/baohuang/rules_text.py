"""The rules panel for 保皇 Baohuang: RULES.md Part C and Part B, one entry per rule id, checked against
RULES.md."""

from __future__ import annotations

from engine.rules_text import COMMON, Section, rule, section, with_notes

# how 保皇 uses the shared rules of Part C (RULES.md C-1, C-3, C-4, C-15)
NOTES = {
    "C-1": ("特画的超级王写作 Z。", "With 特画 the super joker is written Z (B-24)."),
    "C-3": ("花色只在叫侍卫时用得着。", "Suits matter only for calling the guard (B-14)."),
    "C-4": ("带记号的王就是皇牌（带冠大王）和侍卫牌（小王）。",
            "The marked jokers are the crowned big joker (皇牌) and the guard's small joker (侍卫牌)."),
    "C-15": ("只在特画时有。", "It exists only with 特画 (B-24)."),
}

SECTIONS: tuple[Section, ...] = with_notes(COMMON, NOTES) + (
    section("B.3", "人、身份、牌、发牌", "Players, roles, deck, deal",
            rule("B-1", "人数和身份", "Players and roles",
                 "五个人：皇帝加侍卫一伙，另外三个是起义军（平民、革命党），二打三；皇帝侍卫是一个人就是独保，一打四。",
                 "Five players: the emperor and his guard against three rebels (2 v 3); if the emperor is his "
                 "own guard it is a solo, 1 v 4."),
            rule("B-2", "座位", "Seats",
                 "按出牌顺序坐；没有对头，一伙看身份不看座位。皇帝一开始就亮明，侍卫是暗的。",
                 "Seats in turn order; no 对头 — sides come from roles, not seats. The emperor is public, the "
                 "guard secret unless revealed."),
            rule("B-3", "牌", "Deck",
                 "四副牌 216 张（也可去 3 用 200 张，或去 3、4、5 用 168 张）；四个大王里一个是皇牌，小王里可以有侍卫牌。",
                 "Four decks, 216 cards (or 200 without 3s, 168 without 3-5); one big joker is the crowned "
                 "皇牌, one small joker may be the guard's card."),
            rule("B-4", "大小", "Ranking",
                 "大王 > 小王 > 2 > A > … 最小的点，不论花色；带标记的王跟别的王一样大。",
                 "Big joker > small joker > 2 > A > … lowest rank; suits and marks never count."),
            rule("B-5", "发牌", "Deal",
                 "一张一张轮流发完，第一局从 0 号座位起，以后从上局皇帝起；216 张时第一个人 44 张，其余 43 张。",
                 "Dealt one at a time until none remain, from seat 0, later from the last emperor; with 216 "
                 "cards the first gets 44, the others 43.")),
    section("B.4", "选皇帝", "Choosing the emperor",
            rule("B-6", "皇牌", "The emperor card",
                 "带冠的大王（皇牌）决定谁能当皇帝。",
                 "The crowned big joker (皇牌) decides who may become emperor."),
            rule("B-7", "登基和让位", "Abdicate (default)",
                 "拿到皇牌的人可以登基，也可以让位给上家；经典玩法转一圈回来必须登基（没能力登基或有四张一样的除外）；"
                 "转两圈没人当就重发。",
                 "The holder accepts the throne or abdicates to his 上家; in the classic rules it must be "
                 "accepted when it comes round again (unless he cannot); two rounds without an emperor re-deal."),
            rule("B-8", "叫庄", "Call",
                 "叫庄玩法：有三张或四张一样的可以叫庄，不叫就让庄给上家；都不叫就逼庄，再没人就黄庄重发。",
                 "Calling: with three or four identical cards you call; else pass the 皇牌 on; if all decline, "
                 "the first with exactly three must call; if nobody can, re-deal."),
            rule("B-9", "抢独、抢庄", "Grabbing",
                 "可以抢独的房间里，皇帝先独保；别人也可以抢着独保（离皇帝最近的上家方向优先）；叫庄玩法可以抢庄，一打四。",
                 "Where allowed the emperor may go solo first, or another player grabs it (nearest in the "
                 "上家 direction wins); in calling mode 抢庄 plays 1 v 4."),
            rule("B-10", "固定皇帝", "Fixed",
                 "固定玩法：拿皇牌的就是皇帝，不能让位。",
                 "Fixed mode: the holder of the 皇牌 is emperor; no abdication."),
            rule("B-11", "放底牌", "Pot",
                 "放底牌玩法：轮流决定当不当皇帝，不当的往底里放一张牌，先当的人把底牌拿走。",
                 "Pot mode: in turn each becomes emperor or puts a card in the pot; the first to accept takes "
                 "the pot."),
            rule("B-12", "登基要有能力", "Accepting",
                 "登基后要叫一张自己有三张的牌（有侍卫），或四张都在手（暗独保），或声明明独保。",
                 "Accepting means calling a card you hold three of (a guard), or all four (secret solo), or "
                 "declaring an open solo.")),
    section("B.5", "侍卫、独保、明保、造反", "The guard, solos, 明保, 造反",
            rule("B-13", "侍卫怎么定", "Guard mode",
                 "侍卫怎么定看玩法：叫牌，或者侍卫牌。",
                 "The guard is found by the called card or by the marked small joker, per the options."),
            rule("B-14", "叫侍卫", "Called triple",
                 "皇帝公开叫一张自己正好有三张的牌（点数加花色），谁有第四张谁就是侍卫；2 不能叫；叫四张都在自己手里的是暗独保。",
                 "The emperor calls a card (rank and suit) he holds exactly three of; the holder of the fourth "
                 "is the guard. No 2s; calling one he holds all four of is a secret solo."),
            rule("B-15", "侍卫牌", "Marked small joker",
                 "侍卫牌玩法：拿带剑小王的就是侍卫；皇帝自己拿着就是独保（不说是暗独，说了是明独）。",
                 "With the marked small joker its holder is the guard; if the emperor holds it he is alone "
                 "(secret, or open if he says so)."),
            rule("B-16", "明保和暗保", "Open or hidden guard (明保 / 暗保)",
                 "第一手出牌前侍卫可以亮明身份（明保），分数翻倍；不亮就是暗保。",
                 "Before the first lead the guard may reveal himself (明保, doubling the score); else he stays "
                 "hidden."),
            rule("B-17", "声明的顺序", "Declaration order",
                 "皇帝叫牌或明独 → 抢独 → 侍卫明保 → 起义军从皇帝下家起造反 → 出牌。",
                 "Emperor's call or open solo → grab → guard's 明保 → rebels' 造反 from the emperor's 下家 → "
                 "first lead."),
            rule("B-18", "造反", "造反 (rebellion)",
                 "不是皇帝也不是侍卫的人出牌前可以造反，亮明起义军身份；两人以上造反就亮出侍卫；造反成功分数翻倍。",
                 "A rebel may declare 造反 before the first lead; two or more reveal the guard; a successful "
                 "rebellion doubles the score."),
            rule("B-19", "亮出身份", "Information",
                 "出的牌带花色；别人出了叫的那张牌就露了侍卫身份，但这不算明保，不翻倍。",
                 "Played cards show their suits; a player who plays the called card is revealed as the guard, "
                 "but that is not 明保 and does not double.")),
    section("B.6", "一手牌", "Plays",
            rule("B-20", "能出的牌", "Legal plays",
                 "一手牌：同点数的若干张（套牌），可以挂王，也可以光出王；不能出顺子，不能两个点数，2 不能配别的点（选项允许除外）。",
                 "A play: cards of one rank, with any jokers, or jokers alone; no runs, no two ranks, and 2s do "
                 "not mix with another rank unless the option allows."),
            rule("B-21", "大小王不混算", "No joker mixing",
                 "跟够级不一样，大王小王一起出各算各的。",
                 "Unlike Gouji, big and small jokers in one play keep their own values."),
            rule("B-22", "憋最小的点", "憋 (lowest rank last)",
                 "憋六（憋三）玩法：最小的点只能留到最后一手一起出完，不带别的牌。",
                 "With 憋: the lowest rank may only be your last play, all of it together, nothing else."),
            rule("B-23", "清", "清 tribute",
                 "憋的玩法里，出最小点之前那一手被人管了，下一局要给管你的人进一张最大的。",
                 "With 憋: if your play before your lowest cards was beaten, next hand you give that player your "
                 "highest card."),
            rule("B-24", "老花（特画）", "Super joker (老花 / 特画)",
                 "选了特画：侍卫手里那张叫的牌变成超级王，比大王还大。",
                 "With 特画 the guard's called card becomes a super joker above the big joker.")),
    section("B.7", "比大小", "Comparing plays",
            rule("B-25", "怎么压牌", "Normal rule",
                 "张数相同、每张都更大才压得住；王比任何点数大；挂大王的牌最大；压小王要有一样多的大王。",
                 "Beat with as many cards, each higher; jokers beat any rank; a play with a big joker is the "
                 "highest; small jokers need as many big ones."),
            rule("B-26", "烤牌", "Extra jokers (烤牌)",
                 "烤牌玩法：多挂王可以压，张数可以不一样（两个大王压一个大王等）。",
                 "With 烤牌, extra jokers may beat jokers and counts may differ (XX beats X, …)."),
            rule("B-27", "2 当配牌", "2s as fillers",
                 "选了 2 当配牌：2 跟别的点一起出就算那个点。",
                 "With 2s as fillers, a 2 beside another rank counts as that rank.")),
    section("B.8", "出牌", "Play procedure",
            rule("B-28", "首出", "First lead",
                 "每局皇帝先出，以后每轮上一轮赢的人先出。",
                 "The emperor leads the first round; later rounds are led by the last round's winner."),
            rule("B-29", "跟牌", "Actions",
                 "别人出牌后按顺序：管、过牌，或者（第一圈）让牌。",
                 "After a play the others in turn beat it, pass or, on the first lap, 让."),
            rule("B-30", "一圈和扣牌", "Laps and 扣牌",
                 "过牌只管桌上这一手，有人管了重新一圈；没人管这一轮就完，出牌的人接着出。",
                 "A pass refers only to the play on top; a beat starts a new lap; when nobody beats it the "
                 "round ends and its player leads."),
            rule("B-31", "底牌和接风", "底牌 and 接风",
                 "出完最后一手是底牌；下家可以接风，别人都不要他就出，有人管了接风就不成。",
                 "Your last play is your 底牌; your 下家 may apply for 接风: he leads if the others pass."),
            rule("B-32", "名次", "Finishing order",
                 "头客、二客、三客、二拉、大拉。",
                 "In finishing order: 头客, 二客, 三客, 二拉, 大拉."),
            rule("B-33", "一局结束", "End of the hand",
                 "一伙都出完了这一局就结束（24-12 计分的明独保，别人谁先走完就结束）。",
                 "The hand ends when one side is all out (an open solo under “24-12”, as soon as anyone else "
                 "finishes).")),
    section("B.9", "计分", "Scoring",
            rule("B-34", "二打三的分", "Emperor and guard",
                 "侍卫得 6 −（皇帝名次 + 侍卫名次），皇帝得侍卫的两倍，起义军每人扣侍卫那么多。",
                 "Guard scores 6 − (emperor's place + guard's place), the emperor twice that, each rebel minus "
                 "the guard's amount."),
            rule("B-35", "按组算也一样", "Group form",
                 "头科 6、二科 3、第三 0、二落 −3、大落 −6 分组算，结果跟上面一样。",
                 "Place scores 6/3/0/−3/−6 added by side give the same numbers."),
            rule("B-36", "分数表", "Table",
                 "例：皇帝侍卫是一二名，侍卫 3、皇帝 6、起义军各 −3；四五名反过来。",
                 "E.g. emperor and guard 1st and 2nd: guard 3, emperor 6, each rebel −3; 4th and 5th the "
                 "reverse."),
            rule("B-37", "独保的分（24-12）", "Solo, “24-12”",
                 "明独保：皇帝头客 +24、别人各 −6，否则 −24、各 +6。暗独保：头客 +12、二客 0、三客以后 −12。",
                 "Open solo: emperor first +24, each other −6, else −24/+6. Secret solo: first +12, second 0, "
                 "third or worse −12."),
            rule("B-38", "独保的分（16-4）", "Solo, “16-4”",
                 "皇帝按名次得 16/4/0/−4/−16，起义军每人得四分之一的负数；明独翻倍。",
                 "The emperor scores 16/4/0/−4/−16 by place, each rebel a quarter of the negative; an open solo "
                 "doubles."),
            rule("B-39", "抢庄的分", "Grabbed emperorship (抢庄)",
                 "抢庄：头科 +40、别人各 −10，否则 −40、起义军各 +10。",
                 "抢庄: emperor first +40, each other −10, else −40 and +10 each."),
            rule("B-40", "翻倍", "Multipliers",
                 "明保翻倍，造反成功翻倍，几个翻倍相乘。",
                 "明保 doubles, a successful 造反 doubles; they multiply."),
            rule("B-41", "造反成功", "Successful rebellion",
                 "够人数造反了，而且起义军这边是正分，才算造反成功。",
                 "A rebellion succeeds when enough rebels declared and the rebels' score is positive."),
            rule("B-42", "累计", "Running total",
                 "每人的成绩是各局分数加起来。",
                 "A player's result is the sum of his hand scores.")),
    section("B.10", "局间、托管、处罚", "Between hands, 托管, penalties",
            rule("B-43", "下一局", "Next deal",
                 "下一局从上局皇帝起发牌。",
                 "The next deal starts from the previous emperor."),
            rule("B-44", "清贡", "清 tribute",
                 "见 B-23。",
                 "See B-23."),
            rule("B-45", "局间进贡", "Tribute between hands",
                 "局间进贡规则说不全，默认不开。",
                 "Tribute between hands is underspecified and off by default."),
            rule("B-46", "托管", "托管 (auto-play)",
                 "超时、点托管或退出就托管：声明都不要，首出出最小的单张，跟牌就过。",
                 "A timeout, the 托管 button or leaving starts auto-play: it declines declarations, leads its "
                 "lowest single and passes when following."),
            rule("B-47", "托管三次", "托管 lock",
                 "一局里托管超过三次就不能再取消。",
                 "Put into 托管 more than three times in a game, you can no longer cancel it."),
            rule("B-48", "托管结束", "托管 at the end",
                 "结束时有人托管就散桌；全都托管这一局不计分。",
                 "If anyone is in 托管 when the game ends the table breaks up; if all are, the hand is not "
                 "scored."),
            rule("B-49", "中途退出", "Leaving",
                 "开局后退出或被踢，扣罚分（默认 30 分）。",
                 "Leaving after the start, or being kicked, costs the penalty points (30 by default).")),
)
