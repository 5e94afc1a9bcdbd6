"""够级 Gouji: the words its presenter builds in Python (``i18n.word(lang, key, …)``,
``i18n.strings(lang)[key]``), in both languages, ``%1``, ``%2`` … filled by ``i18n.word``. desktop/i18n.py takes
each registered game's table into its own (``game_words``): a game's words live with the game."""

from __future__ import annotations

ZH: dict[str, str] = {
    "gjRevolutionary": "革命",
    "gjPlayNote": " · 够级",
    "gjPlaceTag": "（%1）",
    "gjPays": "%1%2向%3%4 %5 张",
    "gjPays1": "%1%2向%3%4 %5 张",
    "gjAcceptRefuse": "：接受 / 拒收",
    "gjWaitAccept": "：等%1接受或拒收",
    "gjAcceptReturn": "%1：接受 / 拒收%2还的牌",
    "gjReturning": "%1还贡给%2：还差 %3 张",
    "gjPositiveOnly": "只记正分",
    "gjChuansanhu": "串三户",
}

EN: dict[str, str] = {
    "gjRevolutionary": "Revolution",
    "gjPlayNote": " · gouji",
    "gjPlaceTag": "",
    "gjPays": "%1%2 pays %3 %5 cards (%4)",
    "gjPays1": "%1%2 pays %3 %5 card (%4)",
    "gjAcceptRefuse": ": accept / refuse",
    "gjWaitAccept": ": %1 accepts or refuses",
    "gjAcceptReturn": "%1: accept / refuse the card %2 returns",
    "gjReturning": "%1 returns tribute to %2: %3 to go",
    "gjPositiveOnly": "only positive sums count",
    "gjChuansanhu": "串三户 (clean sweep)",
}
