"""复盘's panel (desktop.review) lists a moment only where the sampled worlds say the strong bot's choice does
better; where the bot differs but the player's move did as well or better in the same worlds, the summary counts
it apart rather than teaching it as a mistake."""

from __future__ import annotations

from typing import Any

import pytest

from desktop import review
from desktop.games import presenter


def _moment(index: int, swing: float, worlds: int) -> dict[str, Any]:
    return {"index": index, "phase": "play", "played": f"discard {index}m", "bot": "discard 9p", "swing": swing,
            "worlds": worlds, "rules": ["M-11"], "tip_zh": "提示", "tip_en": "tip"}


RESULT = {"start": 0, "reviewed": 12, "complete": True, "moments": [
    _moment(1, +1.5, 6),    # the bot's choice did better: shown
    _moment(3, -0.8, 6),    # the player's did better: counted apart
    _moment(5, 0.0, 6),     # even in every world: counted apart
    _moment(7, 0.0, 0),     # a game with no worlds to say: shown, as before
]}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_only_the_moments_where_the_bot_does_better_are_listed(lang: str) -> None:
    rows = review.rows(RESULT, lang)
    assert [r["index"] for r in rows] == [1, 7]
    assert "+1.5" in rows[0]["swing"]
    assert rows[1]["swing"] == ("这一步没有推演" if lang == "zh" else "not played out")   # no "+0.0 over 0 worlds"


def test_the_summary_counts_the_moments_where_the_players_move_held_up() -> None:
    assert review.summary(RESULT, "zh") == "12 次决定里有 2 处高手会打得更好 · 另有 2 处高手打法不同，但推演里你的不差"
    assert review.summary(RESULT, "en") == ("The strong bot does better at 2 of 12 decisions · "
                                            "at 2 more it differs, but your play held up")
    # nothing held up, nothing said of it; a cut review says so
    cut = {**RESULT, "complete": False, "moments": RESULT["moments"][:1]}
    assert review.summary(cut, "en") == ("The strong bot does better at 1 of 12 decisions · "
                                         "budget spent, partly reviewed")


def test_a_moment_with_the_games_facts_shows_them_in_words_in_place_of_the_phase_line() -> None:
    facts = {"kind": "discard",
             "bot": {"tile": "C", "shanten": 1, "tiles": [["3s", 4]], "live": 4},
             "played": {"tile": "5p", "shanten": 2, "tiles": [["3s", 4], ["6s", 2]], "live": 6}}
    result = {**RESULT, "moments": [{**_moment(1, +1.5, 6), "facts": facts}, _moment(2, +0.5, 6)]}
    rows = review.rows(result, "zh", presenter("mahjong"))
    assert rows[0]["tip"] == "高手打中：一向听，有效牌 1 种 4 张；你打五饼：二向听，有效牌 2 种 6 张 (M-11a)"
    assert rows[1]["tip"] == "提示 (M-11)"   # no facts: the phase's line with its rule ids
