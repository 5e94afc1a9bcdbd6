"""Switching the language live re-renders what Python built for the table (issue 13): the round log's lines
come back in the new language (it keeps what happened, not the words of the moment), and a round trip
zh → en → zh gives the same Chinese lines again. The language is switched with a real click on the settings'
language control."""

from __future__ import annotations

from guikit import play_until_my_turn, quick_config, wait, wait_frame, wait_until
from i18nwalk import CJK, chinese_only_in_en, english_in_zh, visible_texts
from test_i18n_gui import NAMES, STAMPS, _switch

CARD_ART = {"JOKER"}   # drawn on the joker faces of the hand in both languages


def _check(qa, lang: str, where: str, shots) -> None:
    """No visible text of the other language on the whole table, the round log included (screenshot kept)."""
    wait_frame(qa.window)
    wait(30)
    qa.grab(str(shots / f"{where}_{lang}.png"))
    texts = [(n, t) for n, t in visible_texts(qa.root_item()) if t not in STAMPS | CARD_ART and len(t.strip()) > 1]
    for name in NAMES:
        texts = [(n, t.replace(name, "")) for n, t in texts]
    texts = [(n, t) for n, t in texts if len(t.strip(" ·→×0123456789")) > 1]
    assert len(texts) > 5, f"{where}: nothing to check"
    bad = english_in_zh(texts) if lang == "zh" else chinese_only_in_en(texts)
    assert not bad, f"{where} ({lang}): {bad}"


def _log(qa) -> list[str]:
    return [str(r["name"]) + " " + str(r["text"]) for r in qa.table.log_model.rows()]


def test_the_round_log_follows_a_live_language_switch(qa, tmp_path):
    t = qa.table
    t.start(quick_config("gouji", seed=5, pace_ms=0))
    qa.set_screen("table")
    assert wait_until(lambda: bool(t.snap), 20)
    for _ in range(6):   # a few of the human's own plays among the bots' (bounded: six turns)
        assert play_until_my_turn(qa)
        if sum(1 for r in t.log_model.rows() if CJK.search(str(r["text"]))) >= 3:
            break
        n = t.snap.get("n_actions")
        t.hint()
        t.playSelected()
        wait_until(lambda n=n: t.snap.get("n_actions") != n, 30)
    zh = _log(qa)
    assert sum(1 for line in zh if CJK.search(line)) >= 3, zh
    assert not english_in_zh([("log", line) for line in zh]), zh
    _check(qa, "zh", "log", tmp_path)

    _switch(qa, "en")
    wait_frame(qa.window)
    en = _log(qa)
    assert len(en) == len(zh) and en != zh
    words = [("log", str(r["text"])) for r in t.log_model.rows()]   # a player's name is his in either language
    assert not chinese_only_in_en(words), en
    _check(qa, "en", "log", tmp_path)

    _switch(qa, "zh")
    wait_frame(qa.window)
    assert _log(qa) == zh
    _check(qa, "zh", "log_again", tmp_path)
