"""Baohuang rule options (RULES.md B.2) and presets (B.1), with their defaults and one-line help.

Three options have a default that depends on another option (B.2): ``abdication_payment`` ("none" with the
called-triple guard, "two" with the marked small joker), ``call_jokers`` (true with preset ``s001``) and
``rebellion`` (true with the marked small joker). Their value set stays the plain one; when such an option is
neither given explicitly nor set by the preset, :meth:`BaohuangOptions.make` computes it from ``guard_mode`` /
``preset``, and ``Rules.options`` shows the resolved value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from engine.options import OptionSpec, label_values, resolve

PRESETS: dict[str, dict[str, Any]] = {
    # B.1 — each preset sets several options; explicit options override it. The dependent options
    # (abdication payment, call_jokers, 造反) follow from guard_mode / preset exactly as the B.1 table says.
    "s003-classic": {"deck": "216", "emperor_selection": "abdicate", "guard_mode": "called-triple",
                     "scoring": "24-12"},
    "s003-simple": {"deck": "216", "emperor_selection": "abdicate", "guard_mode": "marked-small-joker",
                    "rebellion_reveal": 2},
    "s001": {"deck": "216", "emperor_selection": "call", "guard_mode": "called-triple",
             "scoring": "16-4", "grab_solo": True, "hand_end": "all-but-one"},
    "s002-dongya": {"deck": "168-no345", "emperor_selection": "fixed", "guard_mode": "marked-small-joker",
                    "rebellion_reveal": "none"},
    "s000": {"deck": "216", "emperor_selection": "pot", "guard_mode": "called-triple", "twos_as_fillers": True,
             "kaopai": True, "kaopai_relations": "big-only", "bie_lowest": True, "tribute_between_hands": False},
}

SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("preset", "s003-classic", tuple(PRESETS), "B.1",
               "A preset sets several options at once (explicit options override it).",
               "预设：一次设定多个选项（单独设定的选项优先）。", "Preset", "预设玩法"),
    OptionSpec("deck", "216", ("216", "200-no3", "168-no345"), "B-3",
               "216 = four full decks; 200 = without 3s; 168 = without 3, 4, 5.",
               "216张四副牌；200张去掉3；168张去掉3、4、5。", "Deck", "牌数"),
    OptionSpec("emperor_selection", "abdicate", ("abdicate", "call", "fixed", "pot"), "B-7",
               "How the emperor is chosen: abdication (让位), call (叫庄), fixed holder of X^, or pot (放底牌).",
               "选皇帝：让位、叫庄、皇牌持有者固定、放底牌。", "Emperor selection", "选皇帝"),
    OptionSpec("abdication_payment", "none", ("none", "two"), "B-7",
               "A player passing on the emperor card attaches a 2 (two) or nothing (none). "
               "Default: none with the called triple, two with the marked small joker.",
               "让位时是否贴2。默认：叫牌保皇不贴，侍卫牌保皇贴2。", "Abdication payment", "让位贴2"),
    OptionSpec("guard_mode", "called-triple", ("called-triple", "marked-small-joker"), "B-13",
               "The guard holds the fourth card of the emperor's called triple, or the marked small joker.",
               "侍卫：持有皇帝所叫牌的第四张者，或持有侍卫牌（小王）者。", "Guard", "侍卫"),
    OptionSpec("call_jokers", False, (False, True), "B-14",
               "Jokers may be called to find the guard (default true only with preset s001).",
               "大小王可作叫庄牌（默认仅s001预设为是）。", "Call jokers", "可叫王"),
    OptionSpec("call_twos", False, (False, True), "B-14", "A 2 may be called to find the guard.",
               "2可作为确定侍卫的牌。", "Call 2s", "可叫2"),
    OptionSpec("guard_card_super", False, (False, True), "B-24",
               "The guard's copy of the called card becomes a super joker Z (老花/特画), above the big joker.",
               "侍卫手中的第四张叫牌变为特画（老花），比大王还大。", "Super guard card", "特画"),
    OptionSpec("grab_solo", False, (False, True), "B-9",
               "Players may grab the emperorship as a solo (抢独 / 抢庄).", "可以抢独（抢庄）。",
               "Grab solo", "抢独"),
    OptionSpec("rebellion", False, (False, True), "B-18",
               "Rebels may declare 造反 before the first lead (default true with the marked small joker).",
               "首发前平民可以造反（默认侍卫牌保皇时开启）。", "Rebellion", "造反"),
    OptionSpec("rebellion_reveal", 2, (2, 1, 3, 4, "none"), "B-18",
               "This many 造反 declarations force the guard to be revealed; none = never.",
               "几人造反即强制亮明侍卫身份；或不亮。", "Rebellion reveal", "造反亮保"),
    OptionSpec("twos_as_fillers", False, (False, True), "B-27",
               "A 2 may be added to another rank and counts as that rank.", "2可以配牌，当作同点的牌。",
               "2s as fillers", "2配牌"),
    OptionSpec("kaopai", False, (False, True), "B-26",
               "烤牌: more jokers may beat a joker play (XX>X, xx>x, xxx>X, X>x).",
               "烤牌：可以加挂更多的王来压王挂牌。", "Jokers beat fewer (烤牌)", "烤牌"),
    OptionSpec("kaopai_relations", "full", ("full", "big-only"), "B-26",
               "烤 relations: full (X>x, XX>X, xx>x, xxx>X) or big-only (X>x, XX>X).",
               "烤牌关系：全部，或只用大王。", "烤 relations", "烤牌关系"),
    OptionSpec("kaopai_surplus", "allowed", ("allowed", "exact"), "C-14",
               "With 烤牌: extra jokers beyond what is needed are allowed (or every joker must count).",
               "烤牌时多挂的王是否允许。", "Surplus jokers", "多余的王"),
    OptionSpec("bie_lowest", False, (False, True), "B-22",
               "憋: the lowest rank may only be played as the final play, all together (with 清 tribute).",
               "憋6/憋3：最小的点数只能最后一手一次出完（被清要进贡）。", "憋 lowest rank", "憋最小牌"),
    OptionSpec("allow_rang", True, (True, False), "B-29", "让牌 on the first lap gives a second chance.",
               "第一圈可以让牌。", "Yield (让牌)", "让牌"),
    OptionSpec("scoring", "24-12", ("24-12", "16-4"), "B-34",
               "Scoring: [S003] formulas (solo ±24/±12) or [S001] group scoring (solo 16/4/0/-4/-16).",
               "计分：联众公式（独保24/12），或分组计分（独保16/4/0/-4/-16）。", "Scoring", "计分"),
    OptionSpec("hand_end", "side-finished", ("side-finished", "all-but-one"), "B-33",
               "The hand ends when one side has finished, or when only one player is left.",
               "一方出完即结束，或只剩一人时结束。", "End of hand", "结束条件"),
    OptionSpec("tribute_between_hands", False, (False, True), "B-45",
               "Tribute between hands (underspecified in the seeds; accepted but has no effect).",
               "局间进贡（原文未详，设定无效）。", "Tribute between hands", "局间进贡"),
    OptionSpec("leave_penalty", 30, None, "B-49", "Points lost by a player who leaves a started game.",
               "中途离开扣分。", "Leave penalty", "逃跑扣分", minimum=0),
    OptionSpec("autoplay_lock", 3, None, "B-47",
               "After more than this many 托管, a player can no longer cancel auto-play.",
               "托管超过此次数不能取消托管。", "托管 lock", "托管次数", minimum=0),
)

# The values in words (issue 13): (value, 中文, English) for every choice that is not a plain switch.
VALUE_LABELS: dict[str, tuple[tuple[Any, str, str], ...]] = {
    "preset": (("s003-classic", "联众经典", "Lianzhong classic"), ("s003-simple", "联众简明", "Lianzhong simple"),
               ("s001", "叫庄玩法", "Call the throne"), ("s002-dongya", "东亚保皇", "Dongya"),
               ("s000", "QQ 放底牌", "QQ pot bidding")),
    "deck": (("216", "四副 216 张", "216 cards"), ("200-no3", "去 3 · 200 张", "200, no 3s"),
             ("168-no345", "去 3、4、5 · 168 张", "168, no 3-5")),
    "emperor_selection": (("abdicate", "让位", "Abdication"), ("call", "叫庄", "Call"),
                          ("fixed", "固定", "Fixed holder"), ("pot", "放底牌", "Pot bidding")),
    "abdication_payment": (("none", "不贴", "Nothing"), ("two", "贴 2", "A 2")),
    "guard_mode": (("called-triple", "叫牌保皇", "Called card"), ("marked-small-joker", "侍卫牌（小王）", "Marked small joker")),
    "rebellion_reveal": ((2, "2 人", "2 rebels"), (1, "1 人", "1 rebel"), (3, "3 人", "3 rebels"),
                         (4, "4 人", "4 rebels"), ("none", "不亮", "Never")),
    "kaopai_relations": (("full", "全部", "Full"), ("big-only", "只用大王", "Big jokers only")),
    "kaopai_surplus": (("allowed", "允许多挂", "Allowed"), ("exact", "必须正好", "Exact")),
    "scoring": (("24-12", "联众公式", "Lianzhong formula"), ("16-4", "分组计分", "Group scoring")),
    "hand_end": (("side-finished", "一方出完", "One side out"), ("all-but-one", "只剩一人", "All but one out")),
}
SPECS = label_values(SPECS, VALUE_LABELS)

SPEC_BY_NAME = {s.name: s for s in SPECS}
DEPENDENT = ("abdication_payment", "call_jokers", "rebellion")


def _dependent_default(name: str, values: Mapping[str, Any]) -> Any:
    if name == "abdication_payment":
        return "two" if values["guard_mode"] == "marked-small-joker" else "none"
    if name == "call_jokers":
        return values["preset"] == "s001"
    return values["guard_mode"] == "marked-small-joker"  # rebellion


@dataclass(frozen=True, slots=True)
class BaohuangOptions:
    """Every B.2 option by its id (without the ``baohuang.`` prefix), resolved (preset, then explicit)."""

    preset: str = "s003-classic"
    deck: str = "216"
    emperor_selection: str = "abdicate"
    abdication_payment: str = "none"
    guard_mode: str = "called-triple"
    call_jokers: bool = False
    call_twos: bool = False
    guard_card_super: bool = False
    grab_solo: bool = False
    rebellion: bool = False
    rebellion_reveal: int | str = 2
    twos_as_fillers: bool = False
    kaopai: bool = False
    kaopai_relations: str = "full"
    kaopai_surplus: str = "allowed"
    bie_lowest: bool = False
    allow_rang: bool = True
    scoring: str = "24-12"
    hand_end: str = "side-finished"
    tribute_between_hands: bool = False
    leave_penalty: int = 30
    autoplay_lock: int = 3

    @classmethod
    def make(cls, options: Any = None, **kwargs: Any) -> BaohuangOptions:
        given: dict[str, Any] = {}
        if isinstance(options, BaohuangOptions):
            given.update(options.as_dict())
        elif options is not None:
            given.update(dict(options))
        given.update(kwargs)
        explicit = resolve("baohuang", SPECS, given, "B.2")  # validates; fills defaults
        named = {(k[len("baohuang."):] if k.startswith("baohuang.") else k) for k in given}
        preset = explicit["preset"]
        values = {s.name: s.default for s in SPECS}
        values["preset"] = preset
        values.update(PRESETS[preset])
        for name in named:
            values[name] = explicit[name]
        for name in DEPENDENT:
            if name not in named:
                values[name] = _dependent_default(name, values)
        return cls(**values)

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def changed(self) -> dict[str, Any]:
        """The options that differ from the defaults — enough that ``make(changed())`` gives these options."""
        base = BaohuangOptions()
        mine = self.as_dict()
        out = {k: v for k, v in mine.items() if getattr(base, k) != v}
        for _ in range(len(mine)):
            rebuilt = BaohuangOptions.make(out).as_dict()
            missing = [k for k in mine if rebuilt[k] != mine[k]]
            if not missing:
                break
            for k in missing:
                out[k] = mine[k]
        return out


# RULES.md B.1 preset titles (Chinese, English); each preset is the value of the ``preset`` option.
PRESET_TITLES: dict[str, tuple[str, str]] = {
    "s003-classic": ("联众经典", "Lianzhong classic"), "s003-simple": ("联众简明 · 固定保", "Lianzhong simple"),
    "s001": ("叫庄玩法", "Call the throne"), "s002-dongya": ("东亚保皇", "Dongya"), "s000": ("QQ 放底牌", "QQ pot bidding"),
}
