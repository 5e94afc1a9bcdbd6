"""山东麻将 Shandong Mahjong (RULES.md Part M): 推倒胡 with the 2-5-8 pair (二五八将).

``from engine.mahjong import Rules, State``: the rules oracle (M-2, M-11, M-11a, M-19 … M-22) and the match
state machine (M-3 … M-18).
"""

from .options import SPECS, MahjongOptions
from .rules import Rules
from .state import PATHS, Setup, State

__all__ = ["PATHS", "SPECS", "MahjongOptions", "Rules", "Setup", "State"]
