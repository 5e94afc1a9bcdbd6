"""Shengji rule options (RULES.md S.1) and presets (S.1a), with their defaults and one-line help."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from engine.errors import OptionError
from engine.options import OptionSpec, label_values, resolve

GAME = "shengji"
MUST_PLAY_LEVELS = "3456789TJQK"


class LevelListSpec(OptionSpec):
    """An option whose value is a list of level ranks (``must_play``): ``["T", "K"]`` or ``T,K`` on a command line."""

    def check(self, game: str, value: Any) -> Any:
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise OptionError(self.rule, f"{game}.{self.name} takes a list of levels among 3 … K, not {value!r}")
        for v in value:
            if not isinstance(v, str) or len(v) != 1 or v not in MUST_PLAY_LEVELS:
                raise OptionError(self.rule, f"{game}.{self.name}: {v!r} is not a level among 3 … K")
        return tuple(sorted(set(value), key=MUST_PLAY_LEVELS.index))

    def parse_text(self, game: str, text: str) -> Any:
        t = text.strip()
        if t.startswith("["):
            try:
                return self.check(game, json.loads(t))
            except json.JSONDecodeError:
                raise OptionError(self.rule, f"{game}.{self.name}: not a list: {text!r}") from None
        return self.check(game, [p.strip() for p in t.split(",") if p.strip()])


SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("variant", "standard", ("standard", "sanwufan"), "S.1",
               "The rule set: standard 升级 (Part S), or 三五番 / 山东升级 (Part SF: permanent trumps 2, 3, 5).",
               "玩法：标准升级，或三五番（山东升级：2、3、5为常主）。", "Variant", "玩法"),
    OptionSpec("preset", "s002", ("s002", "tongxing", "bisai"), "S.1a",
               "A group of options: s002 the seed's rules; tongxing the common rules; bisai tournament rules.",
               "规则组合：原始规则（S002）、通行规则或比赛规则。", "Preset", "规则组合"),
    OptionSpec("follow_type_required", False, (False, True), "S-16a",
               "Followers must answer pairs with pairs and tractors with tractors (else only the suit counts).",
               "跟牌必须对跟对、拖拉机跟拖拉机（否则只要求同花色）。", "Follow the type", "跟牌型"),
    OptionSpec("tractor_protection", "none", ("none", "tractor_only_by_tractor"), "S-16a",
               "With type following: a pair lead may break a follower's tractor, or only a tractor lead may.",
               "跟牌型时：对子可以逼出拖拉机里的对子，或只有拖拉机才能逼出。", "Tractor protection", "拖拉机保护"),
    OptionSpec("skip_level_adjacent", True, (True, False), "S-14b",
               "The ranks on both sides of the level rank are consecutive for tractors (3355 at level 4).",
               "级牌两侧的点数可以连成拖拉机（打4时3355）。", "Tractors across the level", "隔级连对"),
    OptionSpec("no_trump", False, (False, True), "S-11a",
               "A pair of identical jokers declares or overrides to no-trump (无主).",
               "一对王可以亮主或反主为无主。", "No-trump by jokers", "王对无主"),
    OptionSpec("pair_over_pair", "any", ("any", "never", "higher_suit"), "S-9",
               "A pair of level cards overrides a pair: of any new suit, never, or only of a higher suit.",
               "对子反对子：任何未亮过对子的花色、不可以、或只能用更大的花色。", "Pair over pair", "对反对"),
    OptionSpec("reinforce", False, (False, True), "S-9",
               "加固: the declarer of a single may show the second identical card.",
               "加固：亮单张的人可以再亮出同样的第二张。", "Reinforce", "加固"),
    OptionSpec("first_banker", "final_declarer", ("final_declarer", "first_declarer"), "S-6",
               "First hand: the banker is the declarer who stands at the end, or the first to declare.",
               "第一局：最后亮主的人坐庄，或最先亮主的人坐庄。", "First banker", "首局庄家"),
    OptionSpec("no_declaration_first", "redeal", ("redeal", "no_trump", "flip_bottom"), "S-9b",
               "First hand, nobody declared: deal again, play no-trump, or turn up the bottom for the trump.",
               "第一局无人亮主：重新发牌、打无主、或翻底定主。", "No declaration (first hand)", "首局无人亮主"),
    OptionSpec("no_declaration", "flip_bottom", ("redeal", "no_trump", "flip_bottom"), "S-9b",
               "Later hands, nobody declared: deal again, play no-trump, or turn up the bottom for the trump.",
               "之后无人亮主：重新发牌、打无主、或翻底定主。", "No declaration", "无人亮主"),
    OptionSpec("throw_check", "all_others", ("all_others", "opponents"), "S-18",
               "A throw stands if none of the three others (or of the two opponents) can beat a part of it.",
               "甩牌时其他三家（或两个对手）都不能管住任何一部分才算成功。", "Throw check", "甩牌检查"),
    OptionSpec("throw_overruff", "largest_component", ("largest_component", "all_components", "no_ruff"), "S-17a",
               "Over a throw: the deciding unit compares, every unit must be higher, or a throw cannot be ruffed.",
               "甩牌比大小：比最大的牌型、每部分都要大、或甩牌不能被将。", "Beating a throw", "甩牌比较"),
    OptionSpec("throw_fail_penalty", 0, None, "S-18a",
               "Points per failed throw (a defender's failed throw costs the defenders, a banker's gives them).",
               "甩牌失败罚分（闲家失败扣闲家分，庄家失败加闲家分）。", "Failed-throw penalty", "甩牌失败罚分",
               minimum=0),
    OptionSpec("show_throw_blocker", False, (False, True), "S-18a",
               "After a failed throw, also tell the table who could beat it.",
               "甩牌失败后告诉大家谁管得住。", "Show throw blocker", "显示拦截者"),
    OptionSpec("kitty_multiplier", "seed", ("seed", "unit_size", "power", "compendium"), "S-19",
               "Bottom multiplier by the last lead's largest unit: seed ×2/×4; 2×cards; 2^cards; compendium.",
               "抠底倍数按最后一轮首家最大牌型：原规则×2/×4；2×张数；2的张数次方；汇编规则。",
               "Bottom multiplier", "抠底倍数"),
    OptionSpec("kitty_trump_only", False, (False, True), "S-19",
               "The bottom counts only when the last trick is won with trumps.", "只有用主牌赢最后一轮才抠底。",
               "Bottom by trumps only", "只许主牌抠底"),
    OptionSpec("level_table", "standard", ("standard", "score"), "S-22",
               "Levels move by the usual table (taking the bank at 80 without rising), or by the score table.",
               "升级按通行表（80分上台不升级），或按计分表。", "Level table", "升级表"),
    OptionSpec("loser_level_drop", True, (True, False), "S-22", "The other side falls as many levels (never below 2).",
               "另一方减同样的级数，最低到2。", "Loser drops", "输方降级"),
    LevelListSpec("must_play", ("T", "K"), None, "S-22",
                  "Levels a rising side may not pass (A must always be won as banker).",
                  "升级时不能跳过的级（A必须坐庄打过）。", "Must-play levels", "必打级"),
    OptionSpec("jack_drop", False, (False, True), "S-22a",
               "钩到底: at level J, a last trick won by a single level J sends the banker side back to 2.",
               "钩到底：打J时闲家用单张J抠底，庄家降回2。", "Jack drop", "钩到底"),
    OptionSpec("base_score", 1, None, "S-20", "The hand's base score that multiplies the score table.",
               "每局基础分（乘以计分表）。", "Base score", "基础分"),
    # Part SF (三五番) only: refused with SF-0 under the standard variant (SF.1)
    OptionSpec("sw_level_order", "A_to_K", ("A_to_K", "2_to_A"), "SF-18",
               "三五番 levels: A, 2, 3 … K (both sides start at A), or 2 … A as in standard 升级.",
               "三五番升级顺序：A、2、3……K（双方从A打起），或2……A。", "Level order", "升级顺序"),
    OptionSpec("sw_stick_return", "declared_suit", ("declared_suit", "any_side"), "SF-10",
               "粘牌: the sticker returns one high trump and two cards of the declared suit, or two side cards.",
               "粘牌：回一张常主加两张叫主花色的牌，或两张副牌。", "Stick return", "粘牌回牌"),
    OptionSpec("sw_no_declaration", "defenders_take_bank", ("defenders_take_bank", "defenders_up3"), "SF-12",
               "Nobody declares in a later hand: the defenders take the bank, or rise 3 levels.",
               "之后的局无人定主：闲家上台，或闲家直接升三级。", "No declaration", "无人定主"),
    OptionSpec("sw_special_plays", True, (True, False), "SF-14",
               "闪, 震 and 雨 (four suits of one permanent rank; five consecutive ranks of one suit) are plays.",
               "闪、震、雨（同点常主四门齐全；同花五张以上连续）是牌型。", "Special plays", "特殊牌型"),
    OptionSpec("sw_four_jokers_shan", False, (False, True), "SF-14",
               "The four jokers XXxx are a 闪, above every other 闪.", "四个王算闪，大于其他闪。",
               "Four jokers are 闪", "四王算闪"),
    OptionSpec("sw_high_single_follow", True, (True, False), "SF-15",
               "Following a pair or tractor, the cards added must be your highest of that suit.",
               "跟对子或拖拉机时，补的单张必须是该门最大的牌。", "Highest singles", "跟最大单张"),
    OptionSpec("sw_skip_removed_adjacent", True, (True, False), "SF-13",
               "Ranks on both sides of a removed rank (2, 3, 5, the level) join a tractor (4466).",
               "被抽走的点数（2、3、5、级牌）两侧可以连对（4466）。", "Tractors across gaps", "隔张连对"),
)

# the Part S options SF-0 keeps under 三五番; the others must stay at their default there
SF_KEPT = frozenset({"variant", "preset", "tractor_protection", "throw_check", "throw_overruff",
                     "throw_fail_penalty", "show_throw_blocker", "kitty_multiplier", "kitty_trump_only",
                     "level_table", "loser_level_drop", "must_play", "base_score"})

# The values in words (issue 13): (value, 中文, English) for every choice that is not a plain switch.
_DECLARATION = (("redeal", "重新发牌", "Redeal"), ("no_trump", "打无主", "No trump"),
                ("flip_bottom", "翻底定主", "Flip the kitty"))
VALUE_LABELS: dict[str, tuple[tuple[Any, str, str], ...]] = {
    "variant": (("standard", "标准升级", "Standard"), ("sanwufan", "三五番", "Sanwufan")),
    "preset": (("s002", "原始规则", "Seed rules"), ("tongxing", "通行规则", "Common rules"),
               ("bisai", "比赛规则", "Tournament rules")),
    "tractor_protection": (("none", "对子可逼出", "Pairs may draw it"),
                           ("tractor_only_by_tractor", "只有拖拉机逼出", "Only a tractor draws it")),
    "pair_over_pair": (("any", "任何花色", "Any suit"), ("never", "不可以", "Never"), ("higher_suit", "更大花色", "Higher suit")),
    "first_banker": (("final_declarer", "最后亮主者", "Last declarer"), ("first_declarer", "最先亮主者", "First declarer")),
    "no_declaration_first": _DECLARATION,
    "no_declaration": _DECLARATION,
    "throw_check": (("all_others", "其他三家", "All three others"), ("opponents", "两个对手", "The two opponents")),
    "throw_overruff": (("largest_component", "比最大牌型", "Largest part"), ("all_components", "每部分都大", "Every part"),
                       ("no_ruff", "不能被将", "No ruff")),
    "kitty_multiplier": (("seed", "×2 / ×4", "×2 / ×4"), ("unit_size", "2 × 张数", "2 × cards"),
                         ("power", "2 的张数次方", "2 to the cards"), ("compendium", "汇编规则", "Compendium")),
    "level_table": (("standard", "通行表", "Usual table"), ("score", "计分表", "Score table")),
    # Part SF (三五番)
    "sw_level_order": (("A_to_K", "A 到 K", "A to K"), ("2_to_A", "2 到 A", "2 to A")),
    "sw_stick_return": (("declared_suit", "回叫主花色", "Declared suit"),
                        ("any_side", "回副牌", "Side cards")),
    "sw_no_declaration": (("defenders_take_bank", "闲家上台", "Defenders take the bank"),
                          ("defenders_up3", "闲家升三级", "Defenders up 3")),
}
SPECS = label_values(SPECS, VALUE_LABELS)

PRESETS: dict[str, dict[str, Any]] = {
    "s002": {},
    "tongxing": {"follow_type_required": True, "no_trump": True, "pair_over_pair": "never", "reinforce": True},
    "bisai": {"follow_type_required": True, "no_trump": True, "pair_over_pair": "higher_suit", "reinforce": True,
              "must_play": ("5", "T", "K"), "throw_fail_penalty": 10},
    # 三五番: named by ``preset`` (make expands VARIANT_PRESETS), so a new-game screen that resolves a preset
    # through ``make({"preset": …})`` gets the variant's whole option set
    "sanwufan": {"preset": "sanwufan"},
    "sanwufan_any_side": {"preset": "sanwufan_any_side"},
}

# the 三五番 presets: option values that select the variant (``preset="sanwufan"`` is also accepted by
# ``make`` and expands to them; they are not values of the Part S ``preset`` option, which groups Part S rules)
VARIANT_PRESETS: dict[str, dict[str, Any]] = {
    "sanwufan": {"variant": "sanwufan"},
    "sanwufan_any_side": {"variant": "sanwufan", "sw_stick_return": "any_side", "sw_no_declaration": "defenders_up3"},
}

# preset → (Chinese, English) title, for the new-game screen (S.1a)
PRESET_TITLES: dict[str, tuple[str, str]] = {
    "s002": ("原始规则", "Seed rules"),
    "tongxing": ("通行规则", "Common rules"),
    "bisai": ("比赛规则", "Tournament rules"),
    "sanwufan": ("三五番", "Sanwufan (Shandong)"),
    "sanwufan_any_side": ("三五番（回副牌）", "Sanwufan, side-card return"),
}


@dataclass(frozen=True, slots=True)
class ShengjiOptions:
    """Every S.1 option by its id (without the ``shengji.`` prefix), defaults as RULES.md says."""

    variant: str = "standard"
    preset: str = "s002"
    follow_type_required: bool = False
    tractor_protection: str = "none"
    skip_level_adjacent: bool = True
    no_trump: bool = False
    pair_over_pair: str = "any"
    reinforce: bool = False
    first_banker: str = "final_declarer"
    no_declaration_first: str = "redeal"
    no_declaration: str = "flip_bottom"
    throw_check: str = "all_others"
    throw_overruff: str = "largest_component"
    throw_fail_penalty: int = 0
    show_throw_blocker: bool = False
    kitty_multiplier: str = "seed"
    kitty_trump_only: bool = False
    level_table: str = "standard"
    loser_level_drop: bool = True
    must_play: tuple[str, ...] = ("T", "K")
    jack_drop: bool = False
    base_score: int = 1
    sw_level_order: str = "A_to_K"
    sw_stick_return: str = "declared_suit"
    sw_no_declaration: str = "defenders_take_bank"
    sw_special_plays: bool = True
    sw_four_jokers_shan: bool = False
    sw_high_single_follow: bool = True
    sw_skip_removed_adjacent: bool = True

    @property
    def sanwufan(self) -> bool:
        return self.variant == "sanwufan"

    @classmethod
    def make(cls, options: Mapping[str, Any] | ShengjiOptions | None = None, **kwargs: Any) -> ShengjiOptions:
        given: dict[str, Any] = {}
        if isinstance(options, ShengjiOptions):
            given.update(options.as_dict())
        elif options is not None:
            given.update(dict(options))
        given.update(kwargs)
        given = {(k[len(GAME) + 1:] if k.startswith(GAME + ".") else k): v for k, v in given.items()}
        for k in given:
            if k not in _NAMES:
                raise OptionError("S.1", f"unknown shengji option {k!r}; known: {', '.join(sorted(_NAMES))}")
        vp = given.get("preset")
        if isinstance(vp, str) and vp in VARIANT_PRESETS:
            if given.get("variant", "sanwufan") != "sanwufan":
                raise OptionError("SF-0", f"the preset {vp!r} is the 三五番 variant; it cannot be played as "
                                          "variant = \"standard\"")
            given = {**VARIANT_PRESETS[vp], **{k: v for k, v in given.items() if k != "preset"}}
        preset = resolve(GAME, SPECS, {"preset": given.get("preset", "s002")})["preset"]
        variant = resolve(GAME, SPECS, {"variant": given.get("variant", "standard")})["variant"]
        base = PRESETS[preset]
        if variant == "sanwufan":  # S.1a: under 三五番 a preset sets only the options SF-0 keeps
            base = {k: v for k, v in base.items() if k in SF_KEPT}
        merged = {**base, **given}
        if variant == "sanwufan":
            merged["follow_type_required"] = True  # SF-15: type following is always on under 三五番
        else:  # the sw_* options mean nothing to standard 升级 (as tractor_protection without type following)
            merged = {k: v for k, v in merged.items() if not k.startswith("sw_")}
        out = cls(**resolve(GAME, SPECS, merged))
        _check_variant(out, given)
        return out

    def as_dict(self) -> dict[str, Any]:
        """Every option by id; the ``sw_*`` options only under 三五番, so a standard match's options (its
        views, logs and LAN headers) stay exactly what they were before the variant existed."""
        return {f.name: (list(v) if isinstance(v := getattr(self, f.name), tuple) else v) for f in fields(self)
                if self.sanwufan or not f.name.startswith("sw_")}

    def changed(self) -> dict[str, Any]:
        """The preset (when not the default) and the options that differ from what it sets, so that
        ``make(changed())`` gives these options back."""
        own = "standard"
        base = ShengjiOptions.make({"preset": self.preset, "variant": self.variant}).as_dict()
        out = {k: v for k, v in self.as_dict().items() if base[k] != v}
        if self.preset != "s002":
            out["preset"] = self.preset
        if self.variant != own:
            out["variant"] = self.variant
        return out


_NAMES = frozenset(s.name for s in SPECS)
_DEFAULTS = {s.name: s.default for s in SPECS}


def _check_variant(o: ShengjiOptions, given: Mapping[str, Any]) -> None:
    """SF-0: the Part S options the variant does not use may only be left at their default under it."""
    for f in fields(o):
        name, val = f.name, getattr(o, f.name)
        default = _DEFAULTS[name]
        if isinstance(default, (list, tuple)):
            default = tuple(default)
        if val == default:
            continue
        if o.sanwufan and name not in SF_KEPT | {"follow_type_required"} and not name.startswith("sw_") \
                and name in given:
            raise OptionError("SF-0", f"shengji.{name} is not used by 三五番 (RULES.md SF-0); leave it at "
                                      f"{default!r}")
