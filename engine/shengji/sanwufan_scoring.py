"""三五番 scoring and levels (RULES.md SF-17, SF-18): the 4-card bottom with the special multipliers (闪 / 震
×4, 雨 ×5), the level sequence of ``sw_level_order`` (A, 2 … K by default) and the match end at its last level."""

from __future__ import annotations

from dataclasses import dataclass

from engine.shengji.options import ShengjiOptions
from engine.shengji.scoring import account_score, kitty_multiplier, rise
from engine.shengji.specials import SHAN, YU, ZHEN
from engine.trick.cards import RANKS
from engine.trick.units import Lead

SEQUENCES = {"A_to_K": "A23456789TJQK", "2_to_A": "23456789TJQKA"}


def sequence(o: ShengjiOptions) -> str:
    return SEQUENCES[o.sw_level_order]


def rank_at(o: ShengjiOptions, pos: int) -> int:
    """The level rank (a rank index) of level position ``pos``."""
    return RANKS.index(sequence(o)[pos])


def multiplier(lead: Lead, special: str | None, mode: str) -> int:
    """SF-17: 闪 / 震 ×4, 雨 ×5, any other lead by ``kitty_multiplier``."""
    if special in (SHAN, ZHEN):
        return 4
    if special == YU:
        return 5
    return kitty_multiplier(lead, mode)


def level_up(o: ShengjiOptions, pos: int, n: int) -> int:
    """SF-18 (S-22): one level at a time, stopping on a must-play level it would pass, never past the last."""
    seq = sequence(o)
    for i in range(n):
        if pos >= len(seq) - 1:
            break
        pos += 1
        if i < n - 1 and seq[pos] in o.must_play:
            break
    return pos


def level_down(pos: int, n: int) -> int:
    return max(0, pos - n)


@dataclass(frozen=True, slots=True)
class SwSettlement:
    """One hand's result (levels as level characters, changes in levels)."""

    points: int
    bottom_points: int
    multiplier: int
    defenders_score: int
    banker_score: int
    banker_level: str
    defender_level: str
    banker_change: int
    defender_change: int
    bank_kept: bool
    match_won: bool
    banker_pos: int
    defender_pos: int

    def __getitem__(self, name: str) -> object:
        return getattr(self, name)


def settle(o: ShengjiOptions, trick_points: int, banker_pos: int, defender_pos: int, bottom_points: int,
           last_lead: Lead | None, special: str | None, defenders_last: bool, by_trumps: bool) -> SwSettlement:
    """SF-17, SF-18 with S-19 … S-22 (positions index the level sequence)."""
    mult = captured = 0
    if defenders_last and last_lead is not None and (by_trumps or not o.kitty_trump_only):
        mult = multiplier(last_lead, special, o.kitty_multiplier)
        captured = bottom_points * mult
    p = trick_points + captured
    acc = account_score(p) * o.base_score
    side, n = rise(p, o.level_table)
    bl, dl = banker_pos, defender_pos
    if side == "banker":
        bl2, dl2 = level_up(o, bl, n), (level_down(dl, n) if o.loser_level_drop else dl)
    else:
        dl2, bl2 = level_up(o, dl, n), (level_down(bl, n) if o.loser_level_drop else bl)
    kept = p < 80
    seq = sequence(o)
    return SwSettlement(p, captured, mult, acc, -acc, seq[bl2], seq[dl2], bl2 - bl, dl2 - dl, kept,
                        kept and banker_pos == len(seq) - 1, bl2, dl2)
