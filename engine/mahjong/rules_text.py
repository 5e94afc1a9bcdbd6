"""The rules panel for 山东麻将 Shandong Mahjong: RULES.md Part M, one entry per rule id, checked against
RULES.md."""

from __future__ import annotations

from engine.rules_text import Section, rule, section

SECTIONS: tuple[Section, ...] = (
    section("M.2", "座位、牌、发牌", "Table, tiles, deal",
            rule("M-1", "人和座位", "Players and seats",
                 "四个人，逆时针轮流；庄家是东，往下是南、西、北。",
                 "Four players, counter-clockwise; the dealer is East, then South, West, North."),
            rule("M-2", "牌", "Tiles",
                 "万、饼、条各 1 到 9，每张四张，共 108 张；带字牌（东南西北中发白）共 136 张。顺子、刻子、杠。",
                 "Characters, dots and bamboos 1-9, four of each (108); with honours (winds and dragons) 136. "
                 "Runs, triplets and kongs."),
            rule("M-3", "第一个庄", "First dealer",
                 "第一把随机选一个人坐庄。",
                 "The first dealer is chosen at random."),
            rule("M-4", "牌墙和发牌", "Wall and deal",
                 "从牌墙前头摸，杠牌从后头补；庄家 14 张，别人 13 张；摸完就是牌墙空了。",
                 "Tiles are drawn from the front of the wall, kong replacements from the back; the dealer "
                 "holds 14, the others 13.")),
    section("M.3", "打牌", "Play",
            rule("M-5", "轮到你", "A move",
                 "轮到你可以自摸胡、暗杠或加杠（补一张再来），或者打出一张；没人要，下家摸牌。",
                 "On your move: declare a self-drawn win, a concealed or added kong (then draw a replacement), "
                 "or discard; if nobody claims, the next seat draws."),
            rule("M-6", "要别人的牌", "Claims on a discard",
                 "别人打的牌可以胡、杠（手里有三张）、碰（有两张）；只有下家能吃（选了能吃）。牌墙空了只能胡。",
                 "A discard may be claimed to win, kong (you hold three) or pung (two); only the next seat may "
                 "chow, if allowed. After the wall is empty only a win."),
            rule("M-7", "谁先要", "Claim procedure and priority",
                 "打出的牌按顺序问每一家，答复问完才公开：胡 > 杠 = 碰 > 吃；几家胡，离放炮的近的先。",
                 "A discard is offered to each seat in turn, answers sealed until all have answered: win > "
                 "kong = pung > chow; of several wins the nearest after the discarder."),
            rule("M-8", "碰吃以后", "After a claim",
                 "碰或吃了要亮出来马上打一张，不能杠也不能胡；明杠要补一张。",
                 "After a pung or chow, expose it and discard at once, no kong and no win; after an exposed kong, "
                 "draw a replacement."),
            rule("M-9", "杠", "Kongs",
                 "暗杠是手里四张；加杠是往自己碰的上加第四张（能被抢杠）；明杠是杠别人打的。每杠从牌墙后头补一张；牌墙空了不能杠。",
                 "Concealed kong: four in hand; added kong: the fourth onto your pung (it can be robbed); "
                 "exposed kong: on a discard. Each draws from the back; none once the wall is empty."),
            rule("M-10", "谁能看见什么", "Information",
                 "打出的牌、亮的牌、每家张数、牌墙剩几张都公开；暗杠扣着，胡了才亮。",
                 "Discards, exposed melds and tile counts are public; a concealed kong stays face down until "
                 "the hand ends.")),
    section("M.4", "胡牌", "Winning",
            rule("M-11", "胡牌", "Winning hand (和牌)",
                 "推倒胡：四组（顺子或刻子）加一对将就能胡，怎么胡都行，将必须是二、五、八（万、饼、条）；七对、十三幺也算胡"
                 "（默认开）。",
                 "推倒胡: any four sets (runs or triplets) and a pair win, the pair a 2, 5 or 8 of a suit; seven "
                 "pairs and thirteen orphans also win (options, on by default)."),
            rule("M-11a", "听牌", "Ready hands, waits, shanten",
                 "差一张就胡叫听牌，能胡的那几张就是听的牌；向听数是还差几步。",
                 "A hand one tile from winning is ready (听牌); its waits are the tiles that complete it; "
                 "shanten counts the exchanges still needed."),
            rule("M-12", "自摸", "Self-draw (自摸)",
                 "自己摸到（包括杠上补的牌）胡了就是自摸。",
                 "Winning on your own draw, a kong replacement included, is a self-draw."),
            rule("M-13", "抢杠胡", "Robbing a kong",
                 "别人加杠的那张正好是你要胡的，可以抢杠胡，算他放炮。",
                 "If another player's added kong tile completes your hand you may rob it; he pays as the "
                 "discarder."),
            rule("M-14", "过胡不胡", "Pass lock",
                 "能胡别人的牌没胡，自己打出一张之前不能再胡别人的牌，自摸可以。",
                 "Pass a win on a discard and you may not win on a discard until you discard again; a "
                 "self-draw is still allowed."),
            rule("M-15", "明楼", "Open ready hand (明楼)",
                 "选了明楼：听牌时可以明楼，亮出手牌，以后摸什么打什么，胡了分数翻倍。",
                 "With 明楼: a ready player may show his hand; from then on he wins or discards what he draws, "
                 "and his win doubles."),
            rule("M-16", "荒庄", "Draw game",
                 "牌墙摸完没人胡就是荒庄，谁也不给钱（杠钱也不算）。",
                 "When the wall runs out with no win the hand is drawn: nobody pays, kongs included."),
            rule("M-16a", "一把结束", "End of a hand",
                 "有人胡了或荒庄，这一把就结束，然后算钱。",
                 "A hand ends at a win or a draw; then the payments are made.")),
    section("M.5", "坐庄和整场", "Dealer and match",
            rule("M-17", "下一把谁坐庄", "Next dealer",
                 "庄家胡了或荒庄，庄家接着坐；闲家胡了，庄家的下家坐庄。",
                 "The dealer deals again if he wins or the hand is drawn; otherwise the next seat deals."),
            rule("M-18", "整场结束", "Match end",
                 "默认打一圈：庄转回第一个庄家就结束；分最高的赢。",
                 "By default the match ends when the deal would return to the first dealer; the highest total "
                 "wins."),
            rule("M-18a", "累计分", "Running totals",
                 "每人从 0 分开始，钱都在四家之间转，加起来总是 0。",
                 "Everyone starts at 0; all payments are between players, so the totals add up to 0.")),
    section("M.6", "算分", "Scoring",
            rule("M-19", "牌型", "Patterns",
                 "平胡、碰碰胡、清一色、混一色、七对、十三幺、杠上开花、抢杠胡、海底捞月、门清。",
                 "Plain win, all pungs, one suit, one suit with honours, seven pairs, thirteen orphans, win on a kong "
                 "replacement, robbing a kong, last tile, fully concealed."),
            rule("M-19b", "按大的算", "Several readings",
                 "一手牌有几种看法，按分最高的算。",
                 "A hand that reads several ways scores its best reading."),
            rule("M-20", "简单算法", "“simple” scoring",
                 "有大牌型算 2，否则算 1；自摸翻倍；点炮的一家给，自摸三家都给。",
                 "A big pattern scores 2, else 1; a self-draw doubles; the discarder pays, or all three on a "
                 "self-draw."),
            rule("M-21", "番数算法", "“fan” scoring",
                 "按番算：每个牌型几番，分数是 2 的番数次方，最多 32。",
                 "By fan: each pattern adds fan and the value is 2 to the fan, at most 32."),
            rule("M-22", "杠钱", "Kong payments",
                 "有人胡了才算杠钱：明杠放杠的给 3，加杠每家给 1，暗杠每家给 2；被抢的杠不算。",
                 "Only in a hand with a winner: an exposed kong's discarder pays 3, an added kong 1 from each, "
                 "a concealed kong 2 from each; a robbed kong nothing."),
            rule("M-23", "一炮多响", "Several winners",
                 "选了一炮多响：放炮的分别给每个胡的人。",
                 "With several winners allowed, the discarder pays each one.")),
)
