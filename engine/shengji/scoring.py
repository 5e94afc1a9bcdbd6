"""The end of a hand (RULES.md S-19 … S-23): the bottom capture (掀底), the score table (计分), level movement
and the next banker."""

from __future__ import annotations

from dataclasses import dataclass

from engine.shengji.options import ShengjiOptions
from engine.trick.units import Lead

LEVELS = "23456789TJQKA"
ACE = len(LEVELS) - 1


def kitty_multiplier(lead: Lead, mode: str) -> int:
    """S-19: the bottom's multiplier from the largest unit of the last trick's lead."""
    big = lead.largest
    if mode == "compendium":
        if lead.is_throw and big.pairs == 0:
            return 3
        return 2 if big.pairs == 0 else 4 if big.pairs == 1 else 2 * big.pairs + 2
    if mode == "unit_size":
        return 2 * big.size
    if mode == "power":
        return int(2 ** big.size)
    return 2 if big.pairs == 0 else 4


def account_score(points: int) -> int:
    """S-20: the defenders' account score for their total ``points`` (the banker side gets the negative)."""
    if points < 0:
        return -4
    if points == 0:
        return -3
    for bound, score in ((40, -2), (80, -1), (120, 1), (160, 2), (200, 3)):
        if points < bound:
            return score
    return 4


def rise(points: int, table: str) -> tuple[str, int]:
    """S-22: which side rises (``"banker"`` or ``"defenders"``) and by how many levels."""
    if table == "score":
        s = account_score(points)
        return ("defenders", s) if s > 0 else ("banker", -s)
    if points < 0:
        return "banker", 4
    if points == 0:
        return "banker", 3
    if points < 40:
        return "banker", 2
    if points < 80:
        return "banker", 1
    if points < 120:
        return "defenders", 0
    if points < 160:
        return "defenders", 1
    if points < 200:
        return "defenders", 2
    return "defenders", 3


def level_up(level: int, n: int, must_play: tuple[str, ...]) -> int:
    """Rise ``n`` levels one at a time, stopping on a must-play level it would pass, never above A (S-22)."""
    for i in range(n):
        if level >= ACE:
            break
        level += 1
        if i < n - 1 and LEVELS[level] in must_play:
            break
    return level


def level_down(level: int, n: int) -> int:
    return max(0, level - n)


@dataclass(frozen=True, slots=True)
class Settlement:
    """One hand's result. Sides: ``"banker"`` (庄家方) and ``"defenders"`` (闲家).

    ``points`` the defenders' total P (tricks + bottom + penalties); ``bottom_points`` what the bottom added;
    ``defenders_score`` / ``banker_score`` the S-20 account scores times the base score; ``banker_level`` /
    ``defender_level`` the sides' levels after the hand (rank characters), ``*_change`` in levels;
    ``next_banker`` the seat of the next banker (S-7) and ``match_won`` whether the banker side won (S-23)."""

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
    next_banker: int
    match_won: bool
    jack_drop: bool

    def __getitem__(self, name: str) -> object:
        """``s["next_banker"]`` reads like ``s.next_banker`` (results travel as dicts too)."""
        if name not in self.__dataclass_fields__ and name not in ("scores", "levels", "level_changes"):
            raise KeyError(name)
        return getattr(self, name)

    def to_json(self) -> dict[str, object]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}

    @property
    def scores(self) -> dict[str, int]:
        return {"banker": self.banker_score, "defenders": self.defenders_score}

    @property
    def levels(self) -> dict[str, str]:
        return {"banker": self.banker_level, "defenders": self.defender_level}

    @property
    def level_changes(self) -> dict[str, int]:
        return {"banker": self.banker_change, "defenders": self.defender_change}


def settle(o: ShengjiOptions, trick_points: int, banker: int, banker_level: int, defender_level: int,
           bottom_points: int = 0, last_lead: Lead | None = None, defenders_last: bool = False,
           last_by_trumps: bool = True, last_single_level_jack: bool = False) -> Settlement:
    """S-19 … S-23 for one hand (``trick_points`` includes S-18a penalties; levels are indices into 2 … A)."""
    mult = 0
    captured = 0
    if defenders_last and last_lead is not None and (last_by_trumps or not o.kitty_trump_only):
        mult = kitty_multiplier(last_lead, o.kitty_multiplier)
        captured = bottom_points * mult
    p = trick_points + captured
    acc = account_score(p) * o.base_score
    side, n = rise(p, o.level_table)
    bl, dl = banker_level, defender_level
    if side == "banker":
        bl2 = level_up(bl, n, o.must_play)
        dl2 = level_down(dl, n) if o.loser_level_drop else dl
    else:
        dl2 = level_up(dl, n, o.must_play)
        bl2 = level_down(bl, n) if o.loser_level_drop else bl
    kept = p < 80
    jack = bool(o.jack_drop and LEVELS[banker_level] == "J" and defenders_last and last_single_level_jack)
    if jack:
        bl2 = 0
    return Settlement(
        points=p, bottom_points=captured, multiplier=mult, defenders_score=acc, banker_score=-acc,
        banker_level=LEVELS[bl2], defender_level=LEVELS[dl2], banker_change=bl2 - bl, defender_change=dl2 - dl,
        bank_kept=kept, next_banker=(banker + 2) % 4 if kept else (banker + 1) % 4,
        match_won=kept and banker_level == ACE, jack_drop=jack)
