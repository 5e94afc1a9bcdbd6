"""保皇 Baohuang: the words its presenter builds in Python (``i18n.word(lang, key, …)``,
``i18n.strings(lang)[key]``), in both languages, ``%1``, ``%2`` … filled by ``i18n.word``. desktop/i18n.py takes
each registered game's table into its own (``game_words``): a game's words live with the game."""

from __future__ import annotations

ZH: dict[str, str] = {
    "bhCommoner": "平民",
    "bhAbdicates": "让位",
    "bhQingTribute": "清贡",
    "bhNoTriple": "没有可叫的三张：接受就要独保（1 对 4）",
    "bhSoloMing": "明独保",
    "bhSoloAn": "暗独保",
    "bhSoloGrab": "抢独",
}

EN: dict[str, str] = {
    "bhCommoner": "Rebel",
    "bhAbdicates": "abdicates",
    "bhQingTribute": "清 tribute",
    "bhNoTriple": "No callable triple: accepting means playing alone, 1 against 4",
    "bhSoloMing": "open solo",
    "bhSoloAn": "secret solo",
    "bhSoloGrab": "grab solo",
}
