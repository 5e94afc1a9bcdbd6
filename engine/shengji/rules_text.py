"""The rules panel for 升级 Shengji: RULES.md Part S and Part SF (三五番), one entry per rule id, checked
against RULES.md."""

from __future__ import annotations

from engine.rules_text import Section, rule, section

SECTIONS: tuple[Section, ...] = (
    section("S.2", "人、牌、分、级", "Players, teams, cards, points, levels",
            rule("S-1", "人数和对家", "Players and teams",
                 "四个人，对面坐的是对家，一伙共同得分；逆时针出牌。",
                 "Four players; partners sit opposite and score together; play goes counter-clockwise."),
            rule("S-2", "牌", "Cards",
                 "两副牌带王，共 108 张。",
                 "Two decks with jokers, 108 cards."),
            rule("S-3", "分牌", "Point cards",
                 "5 是 5 分，10 和 K 是 10 分，一共 200 分。",
                 "Each 5 scores 5, each 10 and K 10; 200 in all."),
            rule("S-4", "打几", "Levels",
                 "两家都从 2 打起，依次升到 A；这一把打庄家一方的级。10 和 K（默认）是必打的，不能跳过。",
                 "Both sides start at 2 and rise to A; a hand is played at the banker side's level. 10 and K "
                 "(by default) must be played, never skipped."),
            rule("S-4a", "一把牌的流程", "Phases of a hand",
                 "摸牌亮主 → 定主（第一把定庄）→ 庄家扣底 → 打 25 轮 → 抠底算分 → 升级换庄 → 打到头结束。",
                 "Deal with declarations → trump fixed (and the first banker) → the banker buries the bottom → "
                 "25 tricks → bottom and points → levels and the next banker → match end.")),
    section("S.3", "庄家", "Banker (庄家)",
            rule("S-5", "庄家", "Banker",
                 "第一个出牌的是庄家，他和对家是庄家一方，另外两家是闲家（抓分的）。",
                 "The banker leads the first trick; he and his partner are the banker side, the other two the "
                 "defenders, who score."),
            rule("S-6", "第一把的庄", "First hand",
                 "第一把谁亮的主最后站住谁坐庄；没人亮主又照打时，第一个摸牌的坐庄。",
                 "In the first hand the player whose declaration stands is banker; if nobody declared, the "
                 "first drawer."),
            rule("S-7", "以后的庄", "Later hands",
                 "闲家不到 80 分，庄家的对家接着坐庄；到了 80 分，庄家的下家（另一伙）坐庄。",
                 "Defenders under 80: the banker's partner is the next banker; 80 or more: the banker's 下家 "
                 "(the other side).")),
    section("S.4", "摸牌、亮主、底牌", "Deal, trump declaration, bottom",
            rule("S-8", "摸牌", "Deal",
                 "四家轮流一张一张摸牌，每人 25 张，剩 8 张是底牌。",
                 "Players draw one card at a time in turn, 25 each; the last 8 are the bottom."),
            rule("S-9", "亮主和反主", "Declarations",
                 "亮一张级牌定这一门为主；别人可以用一对级牌反，对子也能反还没亮过对子的花色（默认）；选项里还有对小王、对大王反成无主；"
                 "单张反不了单张。",
                 "Show a level card to name its suit as trump; another player may override with a pair of level "
                 "cards, and by default a pair overrides a pair of a suit not yet paired; options add joker pairs "
                 "for no-trump; a single never overrides a single."),
            rule("S-9a", "亮主的顺序", "Declaration procedure",
                 "每摸一张可以亮一次；摸完后再按顺序问一圈，连着四家不亮就定主。",
                 "After each draw the drawer may declare; after the deal a final round goes round until four "
                 "players in a row pass."),
            rule("S-9b", "没人亮主", "Nobody declares",
                 "没人亮主：第一把重新发牌，以后翻底定主（或无主），按选项；连着重发三次就翻底。",
                 "If nobody declares: redeal, play no-trump or flip the bottom, as the options say; after three "
                 "redeals the bottom is flipped."),
            rule("S-10", "扣底", "Bottom (底牌)",
                 "庄家拿起 8 张底牌，再扣回任意 8 张；第一轮出牌后就不能换了。",
                 "The banker takes the 8 bottom cards and buries any 8; after the first lead it cannot change.")),
    section("S.5", "主牌和大小", "Trumps and card order",
            rule("S-11", "主牌", "Trumps",
                 "大王、小王、所有级牌和主花色都是主；主花色的级牌是正主，别的花色的级牌是副主；其余是副牌。",
                 "Trumps: both jokers, every level card and the trump suit; the trump-suit level card is 正主, "
                 "the others 副主; the rest are side suits."),
            rule("S-11a", "无主", "No-trump",
                 "无主时只有大王、小王和四门级牌是主，四门级牌一样大。",
                 "In no-trump only the jokers and the four level cards are trumps; the level cards are equal."),
            rule("S-12", "主牌大小", "Order inside the trumps",
                 "大王 > 小王 > 正主 > 副主 > 主花色 A > K > … > 2（去掉级牌）；副主一样大，先出的大。",
                 "Big joker > small joker > 正主 > 副主 > trump A > K > … > 2 (level rank left out); 副主 are "
                 "equal and the first played wins."),
            rule("S-13", "副牌大小", "Order inside a side suit",
                 "副牌 A > K > … > 2（去掉级牌）；副牌压不了主，别的花色也抓不了先出的花色。",
                 "A side suit runs A > K > … > 2 without the level rank; it never beats a trump, and another "
                 "side suit never wins the trick.")),
    section("S.6", "牌型", "Combinations (牌型)",
            rule("S-14", "单张、对子、拖拉机", "Single, pair, tractor",
                 "对子是两张一模一样的牌；拖拉机是同一门里相连的两对以上（跳过级牌也算连）。",
                 "A pair is two identical cards; a tractor is two or more consecutive pairs of one suit or of "
                 "the trumps (the level rank is skipped)."),
            rule("S-14a", "无主的拖拉机", "Tractors in no-trump",
                 "无主时两对级牌不算拖拉机；一对小王能跟任何一对级牌连，对大王连对小王。",
                 "In no-trump two level pairs are no tractor; a small-joker pair links with any level pair, "
                 "and XX with xx."),
            rule("S-14b", "隔着级牌相连", "Adjacency across the level rank",
                 "默认级牌两边的点算相连（打 4 时 33 55 是拖拉机）。",
                 "By default the ranks either side of the level rank are consecutive (at level 4, 3355 is a "
                 "tractor).")),
    section("S.7", "出牌", "Playing tricks",
            rule("S-15", "首出", "Leading",
                 "庄家先出，以后每轮赢的人先出；出一个牌型或甩牌，都得是同一门。",
                 "The banker leads first, then each trick's winner; a lead is one unit or a throw, always of "
                 "one suit or of the trumps."),
            rule("S-16", "跟牌", "Following",
                 "出几张跟几张；有这一门必须跟这一门，不够就全跟上再垫别的；没有这一门可以毙（主牌）也可以垫牌，不强迫毙。",
                 "Play as many cards as were led; follow the led suit while you can, all of it if short; when "
                 "void you may ruff with trumps or discard — ruffing is never forced."),
            rule("S-16a", "跟牌型", "Follow obligation",
                 "选了跟牌型：出拖拉机要先跟拖拉机，出对要先跟对，没有才跟单张。",
                 "With the follow-type option: answer a tractor with a tractor and a pair with a pair while you "
                 "can, else singles."),
            rule("S-16b", "看出来的", "Public inference",
                 "跟牌型时没跟对，就说明他这门没有对子。",
                 "With the follow-type option, a follower who does not answer a pair with a pair has none."),
            rule("S-17", "谁赢这一轮", "Winning a trick",
                 "牌型一样、同一门更大的赢；没这一门的用主牌毙，毙牌比副牌大，后毙的更大才赢；一样大先出的赢。",
                 "The highest matching play of the led suit wins; a void player's matching trumps ruff, and a "
                 "later ruff must be higher; equal plays: the first wins."),
            rule("S-17a", "怎么比", "Comparing",
                 "单张比牌，对子比牌，拖拉机比最大的那对；甩牌默认比最大的那部分。",
                 "A single or pair by its card, a tractor by its top pair; a throw by its largest part by "
                 "default."),
            rule("S-18", "甩牌", "Throwing (甩牌)",
                 "一门里几样牌可以一起甩出去，前提是另外三家（包括对家）手里都没有更大的同样牌型。",
                 "Several units of one suit may be thrown at once, if none of the other three (partner "
                 "included) holds a higher unit of the same kind."),
            rule("S-18a", "甩牌失败", "Failed throw",
                 "甩不成就亮出来，收回去只出最小的那部分；选了罚分还要罚分。",
                 "A failed throw is shown and taken back; only its smallest beatable part is played; with the "
                 "penalty option it also costs points."),
            rule("S-18b", "牌怎么拆", "Reading a play",
                 "一手牌按拖拉机优先、再对子、再单张的办法拆开。",
                 "A play is read with the longest tractors first, then pairs, then singles.")),
    section("S.8", "计分、升级、抠底", "Scoring, levels, bottom bonus",
            rule("S-19", "闲家的分", "Defenders' points",
                 "闲家抓到的分牌算分；最后一轮闲家赢了就抠底，底分翻倍（单张 ×2，对子或拖拉机 ×4）加进去。",
                 "The defenders score the point cards they win; if they win the last trick the bottom's points "
                 "are added, doubled (×2 single, ×4 pair or tractor)."),
            rule("S-20", "计分表", "Hand score table",
                 "闲家 0 分 −3，5–35 −2，40–75 −1，80–115 +1，120–155 +2，160–195 +3，200 +4；庄家一方相反。",
                 "Defenders: 0 → −3, 5–35 → −2, 40–75 → −1, 80–115 → +1, 120–155 → +2, 160–195 → +3, 200 → "
                 "+4; the banker side the negative."),
            rule("S-21", "80 分上台", "80 points",
                 "闲家够 80 分就上台（下庄）。",
                 "Defenders with 80 take the bank."),
            rule("S-22", "升级", "Level changes",
                 "闲家 0 分庄家升 3 级，5–35 升 2 级，40–75 升 1 级；闲家 120 起升 1 级，160 起 2 级，200 升 3 级；"
                 "逢 10、K 不能跳。",
                 "Banker side rises 3/2/1 levels for defenders' 0/5–35/40–75; defenders rise 1/2/3 for "
                 "120/160/200; a rising side stops on 10 and K."),
            rule("S-22a", "钩到底", "Jack drop (钩到底)",
                 "选了钩到底：打 J 时闲家用单张 J 赢最后一轮，庄家一方打回 2。",
                 "With 钩到底: at level J, if the defenders win the last trick with a single J, the banker side "
                 "drops to 2."),
            rule("S-23", "打到 A", "Match end",
                 "庄家打 A 守住（闲家不到 80 分）就赢了整场。",
                 "A side that is banker at A and keeps the bank wins the match.")),
    section("SF.2", "三五番：适用范围", "三五番: scope",
            rule("SF-0", "哪些照升级打", "What Part S rules apply",
                 "三五番除了下面改的地方都照升级的规矩打；跟牌必须跟牌型。",
                 "三五番 plays by Part S except where these rules replace it; following by type is always on.")),
    section("SF.3", "三五番的规矩", "三五番 rules",
            rule("SF-1", "人和牌", "Players, cards",
                 "四个人两副牌，对面两人一伙。",
                 "Four players, two decks; partners sit opposite."),
            rule("SF-2", "摸牌", "Deal",
                 "先留出 4 张底牌，每人摸 26 张。",
                 "Four cards are set aside as the bottom; each player draws 26."),
            rule("SF-3", "主牌", "Trumps",
                 "大小王、级牌、所有的 2、3、5 是常主，再加定的那一门（临时主）；其余三门是副牌。",
                 "Trumps: the jokers, the level cards, every 2, 3 and 5, and the declared suit; the other three "
                 "suits are side cards."),
            rule("SF-4", "主牌大小", "Order inside the trumps",
                 "大王 > 小王 > 主级 > 副级 > 主5 > 副5 > 主3 > 副3 > 主2 > 副2 > 主花色 A > K > … > 4。",
                 "Big > small joker > trump L > other L > trump 5 > other 5 > trump 3 > other 3 > trump 2 > "
                 "other 2 > trump A > K > … > 4."),
            rule("SF-5", "副牌大小", "Order inside a side suit",
                 "副牌 A > K > Q > J > 10 > 9 > 8 > 7 > 6 > 4（去掉级牌）。",
                 "A side suit runs A > K > Q > J > 10 > 9 > 8 > 7 > 6 > 4, without the level rank."),
            rule("SF-6", "分", "Points",
                 "5、10、K 是分，共 200 分，闲家 80 分上台。",
                 "5s, 10s and Ks score, 200 in all; the defenders take the bank at 80."),
            rule("SF-7", "定主", "Declaring",
                 "定主要一张王带一对同花色的牌：王亮着，对子扣着；对子的花色就是主；先定的算。",
                 "Declare with one joker and a pair of one suit, the joker face up and the pair face down; the "
                 "pair's suit is trump; the first declaration stands."),
            rule("SF-8", "抢主", "Taking over",
                 "别人（对家也行）拿一对一样的王带一对可以抢主；带对王的定主抢不了。",
                 "Another player (partner included) may take over with two identical jokers and a pair; a "
                 "declaration with a joker pair cannot be taken over."),
            rule("SF-9", "定主的顺序", "Procedure",
                 "摸牌时每摸一张可以定一次，摸完再按顺序问一圈，然后粘牌、扣底。",
                 "Declare right after your own draw or in the final round; then sticking, then the bottom."),
            rule("SF-10", "粘牌", "Sticking (粘牌)",
                 "有人定了主，别人可以拿一张王带连对粘牌：把定主的王和对子拿走，还一张常主和两张牌；主和定主的人不变。",
                 "Once a declaration stands, another player may stick with a joker and two consecutive pairs: "
                 "he takes the declaration's joker and pair and gives back a 2/3/5/level card and two cards; "
                 "trump and declarer stay."),
            rule("SF-11", "庄家和扣底", "Banker and bottom",
                 "定主的是庄家一方就由他对门扣底，是闲家就由他下家扣底；扣底时还不知道主，扣完才翻开对子。",
                 "The declarer's partner buries the bottom if the declarer is on the banker side, else the "
                 "declarer's 下家; the trump is turned up after the bury."),
            rule("SF-12", "没人定主", "Nobody declares",
                 "第一把重发；以后闲家上台或闲家升三级（按选项）再重发；连着重发三次就翻底定主照打。",
                 "First hand: redeal; later: the defenders take the bank or rise 3 levels (option), then "
                 "redeal; after three redeals the bottom names the trump."),
            rule("SF-13", "牌型", "Units",
                 "单张、对子、拖拉机跟升级一样，按三五番的大小相连。",
                 "Singles, pairs and tractors as in Part S, with the 三五番 order."),
            rule("SF-14", "闪、震、雨", "Special plays",
                 "特殊牌型（默认有）：闪是四种花色各一张的同点常主（2、3、5 或级牌）；震是闪再多一到四张；雨是同花色五张以上相连（到 A）。",
                 "Special plays (on by default): 闪 is one card of each suit of a 2, 3, 5 or the level rank; 震 adds one "
                 "to four more; 雨 is five or more consecutive ranks of one suit up to A."),
            rule("SF-15", "跟牌", "Following",
                 "必须跟牌型；出对或拖拉机时补的单张要跟最大的（默认）；出闪震雨要跟同样牌型，没有就跟最大的。",
                 "Follow by type; with a pair or tractor led, the filler cards are your highest (default); answer 闪, 震 "
                 "or 雨 with the same type, else your highest."),
            rule("SF-16", "谁赢这一轮", "Winning a trick",
                 "跟升级一样比，闪震雨只跟同样的比。",
                 "As in Part S; a special play only meets one of its own type."),
            rule("SF-17", "抠底", "Scoring",
                 "底牌 4 张；最后一轮闲家用闪或震赢底分 ×4，用雨 ×5，其余照升级。",
                 "The bottom is 4 cards; won by a 闪 or 震 lead ×4, by a 雨 ×5, else as Part S."),
            rule("SF-18", "级和结束", "Levels and match end",
                 "默认从 A 打起，A、2、3 … K；打到最后一级坐庄守住就赢。",
                 "By default levels run A, 2, 3 … K from A; a side that keeps the bank at the last level wins.")),
)
