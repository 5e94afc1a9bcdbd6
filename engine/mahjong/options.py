"""Shandong Mahjong rule options (RULES.md M.1), with their defaults and one-line help in both languages.

Part M names no presets, so there is none: every option is set by its id (``honors``, ``allow_chow`` …,
with or without the ``mahjong.`` prefix).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from engine.errors import OptionError
from engine.options import OptionSpec, label_values, resolve

B = (True, False)
SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("honors", True, B, "M-2", "Winds and dragons: 136 tiles (off: the 108 suit tiles).",
               "带风牌和箭牌，共136张（关：只用108张序数牌）。", "Honour tiles", "字牌"),
    OptionSpec("allow_chow", True, B, "M-6", "吃: the player after the discarder may chow a suit tile.",
               "下家可以吃牌。", "Chow", "吃牌"),
    OptionSpec("seven_pairs", True, B, "M-11", "七对 (seven pairs, concealed) is a winning hand.",
               "七对（门清七个对子）可以胡。", "Seven pairs", "七对"),
    OptionSpec("seven_pairs_258", False, B, "M-11", "七对 needs at least one pair of 2, 5 or 8.",
               "七对中至少有一对是二五八。", "Seven pairs need 2-5-8", "七对要二五八"),
    OptionSpec("thirteen_orphans", True, B, "M-11", "十三幺 is a winning hand (only with honour tiles).",
               "十三幺可以胡（需带字牌）。", "Thirteen orphans", "十三幺"),
    OptionSpec("jiang258_for_big_hands", True, B, "M-11",
               "The 2-5-8 pair also in 碰碰胡, 清一色 and 混一色 (off: those win with any pair).",
               "碰碰胡、清一色、混一色也要二五八将（关：这些大胡任意将）。", "2-5-8 pair in big hands", "大胡二五八将"),
    OptionSpec("win_on_discard", True, B, "M-6", "Win on another player's discard (点炮); off: self-draw only.",
               "可以点炮胡；关：只能自摸。", "Win on a discard", "点炮胡"),
    OptionSpec("multiple_winners", False, B, "M-7",
               "一炮多响: every player who claims 胡 on one discard wins (off: the first in turn order).",
               "一炮多响（关：按顺序第一个胡）。", "Several winners", "一炮多响"),
    OptionSpec("rob_kong", True, B, "M-13", "抢杠胡: win on the tile of another player's added kong.",
               "可以抢杠胡（加杠的牌）。", "Rob a kong", "抢杠胡"),
    OptionSpec("pass_lock", True, B, "M-14",
               "A player who passes a discard win may not win on a discard until he has discarded again.",
               "过胡不胡：放弃点炮胡后，自己再出牌之前不能胡别人的牌。", "Pass lock", "过胡锁定"),
    OptionSpec("dealer_rotation", "qq", ("qq", "winner_deals", "always_next"), "M-17",
               "QQ: the dealer keeps the deal when he wins or the hand is drawn; or the winner deals; or always the next.",
               "QQ：庄家胡或荒庄连庄，否则下家坐庄；或谁胡谁坐庄；或轮流坐庄。",
               "Next dealer", "坐庄"),
    OptionSpec("scoring", "simple", ("simple", "fan"), "M-20",
               "Simple: 1, or 2 with a big pattern, doubled by self-draw; or by fan: 2 to the power of the fan, at most 32.",
               "简单计分：平胡1、大胡2，自摸翻倍；或按番：番数2的幂，最多32。", "Scoring", "计分"),
    OptionSpec("kong_payments", True, B, "M-22", "Kongs are paid when the hand has a winner (3 / 1 / 2).",
               "有人胡牌时结算杠分（明杠3、加杠1、暗杠2）。", "Kong payments", "杠分"),
    OptionSpec("match", "one_circle", ("one_circle", "hands"), "M-18",
               "One circle: until the deal has gone round once (at most the hands below); or a fixed number of hands.",
               "打一圈，或打固定把数（局数上限）。", "Match length", "比赛长度"),
    OptionSpec("match_hands", 16, None, "M-18", "The cap of one circle, or the fixed number of hands.",
               "一圈的上限，或固定把数。", "Hands", "把数"),
    OptionSpec("minglou", False, B, "M-15", "明楼: a ready player may show his hand for a doubled win.",
               "明楼：听牌后亮牌，胡牌翻倍。", "Show a ready hand (明楼)", "明楼"),
)

# The values in words (issue 13): (value, 中文, English) for every choice that is not a plain switch.
VALUE_LABELS: dict[str, tuple[tuple[Any, str, str], ...]] = {
    "dealer_rotation": (("qq", "胡或荒庄连庄", "Dealer keeps on a win or draw"), ("winner_deals", "谁胡谁坐庄", "Winner deals"),
                        ("always_next", "轮流坐庄", "Always the next")),
    "scoring": (("simple", "简单计分", "Simple"), ("fan", "按番", "By fan")),
    "match": (("one_circle", "打一圈", "One circle"), ("hands", "固定把数", "Fixed hands")),
}
SPECS = label_values(SPECS, VALUE_LABELS)
SPEC_BY_NAME = {s.name: s for s in SPECS}


@dataclass(frozen=True, slots=True)
class MahjongOptions:
    """Every M.1 option by its id (without the ``mahjong.`` prefix), defaults as RULES.md says."""

    honors: bool = True
    allow_chow: bool = True
    seven_pairs: bool = True
    seven_pairs_258: bool = False
    thirteen_orphans: bool = True
    jiang258_for_big_hands: bool = True
    win_on_discard: bool = True
    multiple_winners: bool = False
    rob_kong: bool = True
    pass_lock: bool = True
    dealer_rotation: str = "qq"
    scoring: str = "simple"
    kong_payments: bool = True
    match: str = "one_circle"
    match_hands: int = 16
    minglou: bool = False

    @classmethod
    def make(cls, options: Any = None, **kwargs: Any) -> MahjongOptions:
        given: dict[str, Any] = {}
        if isinstance(options, MahjongOptions):
            given.update(options.as_dict())
        elif options is not None:
            if not isinstance(options, Mapping):
                raise OptionError("M.1", f"options are a mapping of M.1 ids, not {options!r}")
            given.update(dict(options))
        given.update(kwargs)
        for key in given:
            name = key[len("mahjong."):] if key.startswith("mahjong.") else key
            if name not in SPEC_BY_NAME:
                raise OptionError("M.1", f"unknown mahjong option {key!r}; known: {', '.join(sorted(SPEC_BY_NAME))}")
        return cls(**resolve("mahjong", SPECS, given))

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        base = MahjongOptions()
        return {k: v for k, v in self.as_dict().items() if getattr(base, k) != v}
