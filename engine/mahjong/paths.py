"""The rule paths a match counts in ``state.stats`` (``python -m engine.sim --game mahjong`` prints them)."""

from __future__ import annotations

PATTERN_PATHS = ("pinghu", "pengpenghu", "qingyise", "hunyise", "qidui", "shisanyao", "gangshangkaihua",
                 "qiangganghu", "haidilaoyue", "menqing")
PATHS = ("hands", "chow", "pung", "kong_exposed", "kong_concealed", "kong_added", "rob_kong", "win_discard",
         "win_self", *PATTERN_PATHS, "tianhu", "multiple_winners", "pass_lock", "minglou", "draw_game",
         "dealer_kept", "dealer_passed")
