"""The new-game tile's words come from each game's own presenter (nothing game-named in the shared word
tables): every registered game has both lines in both languages."""

from __future__ import annotations

import re

import pytest

from desktop import i18n
from desktop.games import presenter
from engine import games

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("name", games.names())
def test_every_game_names_its_tile_in_both_languages(name: str) -> None:
    zh = presenter(name).tile_words("zh")
    en = presenter(name).tile_words("en")
    assert all(zh) and all(en), (name, zh, en)
    assert CJK.search(zh[0]) and not CJK.search(en[0]), (zh, en)
    assert zh != en


def test_the_shared_word_tables_name_no_game_tile() -> None:
    for table in (i18n.ZH, i18n.EN):
        assert not [k for k in table if any(k.startswith(g) and k.endswith(("Desc", "Desc2")) for g in games.names())]
