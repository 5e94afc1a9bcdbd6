"""Chinese reasons for Shengji refusals by rule id (RULES.md Part S), for :class:`engine.api.Refusal`.

The state gives its own words where it knows the situation; these cover refusals raised where only the rule
is known (a card's notation, a lead's shape), found through ``engine.refusals.zh_any``.
"""

from __future__ import annotations

from engine.refusals import COMMON_ZH

ZH: dict[str, str] = {
    **COMMON_ZH,
    "S-2": "不是合法的牌",
    "S-4a": "不是一个动作",
    "S-15": "首引要出同一门花色（或全是主牌）",
    "S-16": "跟牌张数要和首引相同",
    # Part SF (三五番)
    "SF-0": "三五番不用这条规则选项",
    "SF-7": "亮主要一张王加一对同花色的牌",
    "SF-8": "抢主要一对王加一对同花色的牌，且不能抢一对王的亮主",
    "SF-9": "现在不能亮主",
    "SF-10": "粘牌要一张王加同花色的连对，并回三张牌",
    "SF-11": "扣底要扣四张",
    "SF-12": "没有人亮主",
    "SF-13": "不是合法的单张、对子或拖拉机",
    "SF-14": "不是合法的闪、震或雨",
    "SF-15": "跟牌要按三五番的规则",
    "SF-18": "级数不对",
}
