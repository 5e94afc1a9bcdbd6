"""山东麻将 Shandong Mahjong (RULES.md Part M): 推倒胡 with the 2-5-8 pair (二五八将).

``from engine.mahjong import Rules``: the rules oracle (M-2, M-11, M-11a, M-19 … M-22).
"""

from .options import SPECS, MahjongOptions
from .rules import Rules

__all__ = ["SPECS", "MahjongOptions", "Rules"]
