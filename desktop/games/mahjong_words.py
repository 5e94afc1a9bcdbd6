"""山东麻将 Mahjong: the words its presenter builds in Python (``i18n.word(lang, key, …)``,
``i18n.strings(lang)[key]``), in both languages, ``%1``, ``%2`` … filled by ``i18n.word``. desktop/i18n.py takes
each registered game's table into its own (``game_words``): a game's words live with the game."""

from __future__ import annotations

ZH: dict[str, str] = {
    "mjChowPick": "吃 · 选一组顺子（1/2/3 或 ←/→ 加回车）",
    "mjWinRule": "推倒胡 · 二五八将",
    "mjNoHonours": "不带字牌（108 张）",
    "mjDefaults": "其余按默认规则",
    "mjDealer": "庄",
    "mjDiscards": "%1 打出 %2",
    "mjReadyLeft": "听 · 剩 %1 张",
    "mjDiscardReady": "打%1 → 听",
    "mjLeft": "剩 %1 张",
    "mjDrawn": "荒庄",
    "mjSelfDrawn": "自摸",
    "mjOnDiscard": "点炮",
    "mjWins": "%1 胡 · %2",
    "mjFromDiscard": "点炮 · %1",
    "mjDrawnTitle": "荒庄 · 无人胡牌",
}

EN: dict[str, str] = {
    "mjChowPick": "Chow · pick a run (1/2/3, or ←/→ and Enter)",
    "mjWinRule": "Any complete hand · pair of 2, 5 or 8",
    "mjNoHonours": "no honour tiles (108)",
    "mjDefaults": "other rules as default",
    "mjDealer": "dealer",
    "mjDiscards": "%1 discards %2",
    "mjReadyLeft": "Ready · %1 left",
    "mjDiscardReady": "Discard %1 → ready on",
    "mjLeft": "%1 left",
    "mjDrawn": "Drawn hand",
    "mjSelfDrawn": "self-drawn",
    "mjOnDiscard": "on a discard",
    "mjWins": "%1 wins · %2",
    "mjFromDiscard": "on %1's discard",
    "mjDrawnTitle": "Drawn hand · no winner",
}
