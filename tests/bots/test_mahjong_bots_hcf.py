"""The paired counterfactual tally of a Mahjong heuristic variant (issue 17): the actual line is the arena's
play of that wall, an unchanged variant changes nothing, and each changed decision is played out to a
zero-sum end (M-18a) from the same state."""

from __future__ import annotations

from engine import arena
from engine.bots.mahjong_hcf import counterfactuals, summarize


def test_the_actual_line_is_the_arena_play_and_no_variant_changes_nothing() -> None:
    recs, pay, sides = counterfactuals(11, 0, False, {}, {})
    res = arena.play_one("mahjong", 11, 0, False, "heuristic", "greedy", arena._options("mahjong", 1, {}), {})
    assert recs == []
    assert sum(max(0, p) for p, s in zip(pay, sides) if s == "A") == res.score_a
    assert summarize([(recs, pay, sides)])["by"] == {}


def test_a_variant_that_takes_a_late_discard_win_is_played_out() -> None:
    """On this wall an A seat passes a discard win with 16 tiles left (M-14, the old cut took it only under 8);
    the variant that takes it under 30 ends the hand there: a paid 胡 (M-20), zero-sum."""
    recs, pay, sides = counterfactuals(11, 18, True, {"min_wall": 8}, {"min_wall": 30})
    assert recs, "the variant changed no decision"
    first = recs[0]
    assert first["kind"] == "win_or_pass" and first["variant_action"][0] == "win"
    assert first["actual_action"][0] == "pass" and 8 <= first["wall"] < 30
    assert sum(first["variant"]) == 0 and first["variant"][first["seat"]] > 0
    out = summarize([(recs, pay, sides)])
    assert out["by"]["all"]["decisions"] == len(recs)
