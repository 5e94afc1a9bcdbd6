"""够级 Gouji (6 players): rules oracle, options and the game state machine (RULES.md Part G)."""

from engine.errors import IllegalAction, IllegalPlay, OptionError
from engine.gouji.options import SPECS, GoujiOptions
from engine.gouji.rules import Rules
from engine.gouji.state import State

__all__ = ["Rules", "State", "GoujiOptions", "SPECS", "IllegalPlay", "IllegalAction", "OptionError"]
