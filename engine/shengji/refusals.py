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
}
