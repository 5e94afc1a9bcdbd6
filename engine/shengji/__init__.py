"""升级 Shengji / 拖拉机 (4 players, partners opposite): rules oracle, options and the match state (RULES.md Part S)."""

from engine.errors import IllegalAction, IllegalPlay, OptionError
from engine.shengji.options import PRESETS, SPECS, ShengjiOptions
from engine.shengji.rules import Rules
from engine.shengji.state import PATHS, State

__all__ = ["Rules", "State", "PATHS", "ShengjiOptions", "SPECS", "PRESETS", "IllegalPlay", "IllegalAction", "OptionError"]
