"""Gouji rule options (RULES.md G.4), with their defaults and one-line help."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from engine.options import OptionSpec, label_values, resolve

SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("sets_per_game", 5, None, "G-8", "Sets (回合) in one game.", "一局打几个回合。",
               "Sets per game", "每局回合数"),
    OptionSpec("compare_option", 0, (0, 1), "G-35",
               "0: only plays of equal length compare; 1: 烤 — XX beats X, xx beats x, xxx beats X.",
               "0：只有张数相同才比大小；1：两大花打一大花、两小花打一小花、三小花打一大花。",
               "Comparison", "比牌方式"),
    OptionSpec("kaopai_surplus", "allowed", ("allowed", "exact"), "C-14",
               "With option 1: extra jokers beyond what 烤 needs are allowed (or every joker must count).",
               "比牌方式1时：多挂的花是否允许。", "Surplus jokers", "多余的花"),
    OptionSpec("pure_mixed_jokers", "as-small", ("as-small", "as-is"), "G-33",
               "A play of big and small jokers only: all count as small, or keep their own values.",
               "只有大小花的牌：都当小花，或按原样。", "Pure mixed jokers", "纯大小花"),
    OptionSpec("scoring", "2-1", ("2-1", "4-2-positive"), "G-85",
               "2/1/0/0/-1/-2 zero-sum, or 4/2/0/0/-2/-4 recording only positive team totals.",
               "2/1/0/0/-1/-2 零和，或 4/2/0/0/-2/-4 只记正分。", "Scoring", "计分"),
    OptionSpec("tribute_enabled", True, (True, False), "G-75", "Tribute (进贡) between sets.",
               "回合之间进贡。", "Tribute", "进贡"),
    OptionSpec("kaidian_exclusion", 0, (0, 1, 2), "G-58",
               "Which winning plays do not 开点: 0 big-joker plays; 1 any joker or single card; 2 any joker or 2.",
               "哪些牌不开点：0 带大花；1 带花或单张；2 带花或带钱。", "开点 exclusion", "开点规则"),
    OptionSpec("biesan", False, (True, False), "G-20", "憋三: 3s only as the final play; 买三 and 闷贡.",
               "憋三：3 只能作底牌；买三、闷贡。", "Hold the 3s (憋三)", "憋三"),
    OptionSpec("yudian_enabled", True, (True, False), "G-13", "预点 may be called before the deal.",
               "开牌前可以预点。", "Pre-call (预点)", "预点"),
    OptionSpec("mingdian_enabled", True, (True, False), "G-14", "明点 may be called before the first lead.",
               "首发前可以明点。", "Open call (明点)", "明点"),
    OptionSpec("dadian_enabled", True, (True, False), "G-57", "Track 开点 and pay 点贡 (打点).",
               "打点：记开点、进点贡。", "Track 开点 (打点)", "打点"),
    OptionSpec("report_mode", "on-request", ("on-request", "always"), "G-69",
               "报户: a count of 10 or fewer is told when asked, or always shown.",
               "报户：剩10张以内，被问时回答，或一直显示。", "Report count (报户)", "报户"),
    OptionSpec("two_filler_gouji", "as-rank", ("as-rank", "any-two"), "G-38",
               "A filler 2 counts as the play's rank for 够级, or any play with a 2 is 够级.",
               "贴钱按同点计够级，或带钱即够级。", "2s and 够级", "钱与够级"),
    OptionSpec("revolution_check", "after-tribute", ("after-tribute", "as-dealt"), "G-28",
               "革命 is judged on the hand after tribute, or on the 36 cards dealt.",
               "革命按进贡后的牌判断，或按摸到的36张判断。", "革命 check", "革命判断"),
    OptionSpec("chuansanhu_tribute", "none", ("none", "one-to-opposite"), "G-83",
               "After 串三户: no tribute, or each loser gives 1 card to his 对头.",
               "串三户后：不进贡，或输方每人给对头进一张。", "串三户 tribute", "串三户进贡"),
    OptionSpec("burn_tribute_payer", "gouji-player", ("gouji-player", "burner-opposite"), "G-79",
               "Who pays 烧贡: the player whose 够级 play was burned, or the burner's 对头.",
               "谁进烧贡：被烧的人，或烧牌者的对头。", "烧贡 payer", "烧贡进贡方"),
    OptionSpec("burn_enforcement", "penalize", ("penalize", "restrict"), "G-55",
               "While burning: a lead without a joker fails the burn, or is not offered at all.",
               "烧牌中：不挂花发牌算烧失败，或不允许这样发牌。", "Burn enforcement", "烧牌约束"),
    OptionSpec("kaidian_on_final_play", False, (True, False), "G-60",
               "A final play (底牌) that wins its round also 开点s.", "底牌赢得一轮也算开点。",
               "开点 on final play", "底牌开点"),
    OptionSpec("return_rank_check", True, (True, False), "G-81",
               "The payer may refuse a returned card of a rank he does not hold.",
               "进贡者可拒收自己没有的点数的还贡牌。", "还贡 rank check", "还贡点数检查"),
)

# The values in words (issue 13): (value, 中文, English) for every choice that is not a plain switch.
VALUE_LABELS: dict[str, tuple[tuple[Any, str, str], ...]] = {
    "compare_option": ((0, "同张数比", "Equal length only"), (1, "烤牌", "Jokers may outnumber")),
    "kaopai_surplus": (("allowed", "允许多挂", "Allowed"), ("exact", "必须正好", "Exact")),
    "pure_mixed_jokers": (("as-small", "都当小花", "All as small"), ("as-is", "按原样", "As they are")),
    "scoring": (("2-1", "2/1 零和", "2/1 zero-sum"), ("4-2-positive", "4/2 只记正分", "4/2, positive only")),
    "kaidian_exclusion": ((0, "带大花", "Big-joker plays"), (1, "带花或单张", "Jokers or singles"),
                          (2, "带花或带钱", "Jokers or 2s")),
    "report_mode": (("on-request", "被问时报", "When asked"), ("always", "一直显示", "Always shown")),
    "two_filler_gouji": (("as-rank", "按同点计", "As its rank"), ("any-two", "带钱即够级", "Any 2 counts")),
    "revolution_check": (("after-tribute", "进贡后", "After tribute"), ("as-dealt", "按发牌", "As dealt")),
    "chuansanhu_tribute": (("none", "不进贡", "None"), ("one-to-opposite", "给对头一张", "One card to the opposite")),
    "burn_tribute_payer": (("gouji-player", "被烧的人", "The burned player"),
                           ("burner-opposite", "烧牌者的对头", "The burner's opposite")),
    "burn_enforcement": (("penalize", "算烧失败", "Fail the burn"), ("restrict", "不许这样出", "Not offered")),
}
SPECS = label_values(SPECS, VALUE_LABELS)


@dataclass(frozen=True, slots=True)
class GoujiOptions:
    """Every G.4 option by its id (without the ``gouji.`` prefix), defaults as RULES.md says."""

    sets_per_game: int = 5
    compare_option: int = 0
    kaopai_surplus: str = "allowed"
    pure_mixed_jokers: str = "as-small"
    scoring: str = "2-1"
    tribute_enabled: bool = True
    kaidian_exclusion: int = 0
    biesan: bool = False
    yudian_enabled: bool = True
    mingdian_enabled: bool = True
    dadian_enabled: bool = True
    report_mode: str = "on-request"
    two_filler_gouji: str = "as-rank"
    revolution_check: str = "after-tribute"
    chuansanhu_tribute: str = "none"
    burn_tribute_payer: str = "gouji-player"
    burn_enforcement: str = "penalize"
    kaidian_on_final_play: bool = False
    return_rank_check: bool = True

    @classmethod
    def make(cls, options: Any = None, **kwargs: Any) -> GoujiOptions:
        given: dict[str, Any] = {}
        if isinstance(options, GoujiOptions):
            given.update(options.as_dict())
        elif options is not None:
            given.update(dict(options))
        given.update(kwargs)
        return cls(**resolve("gouji", SPECS, given, "G.4"))

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        base = GoujiOptions()
        return {k: v for k, v in self.as_dict().items() if getattr(base, k) != v}


# Presets (RULES.md G.4 names the styles): option values on top of the defaults, with (Chinese, English) titles.
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "traditional": {"scoring": "4-2-positive", "tribute_enabled": False},
    "three-sets": {"sets_per_game": 3},
    "biesan": {"biesan": True},
}
PRESET_TITLES: dict[str, tuple[str, str]] = {
    "standard": ("标准（S002 在线规则）", "Standard (S002 online rules)"),
    "traditional": ("传统积分制（S001）", "Traditional scoring (S001)"),
    "three-sets": ("三回合制", "Three sets"),
    "biesan": ("憋三打法", "憋三 (3s last)"),
}
