"""The Shandong Mahjong rules oracle (RULES.md M-2, M-11, M-11a, M-19 … M-22) with stable names.

``Rules(**options)`` takes the M.1 ids without the ``mahjong.`` prefix (or a mapping, prefix allowed);
unknown ids or values raise :class:`engine.errors.OptionError`. Hands are M-2 notation (``"234m55p789s EEE"``)
or iterables of tiles; melds are meld texts (``"555m"``, ``"EEEE"``, ``"[EEEE]"`` for a concealed kong) or
:class:`engine.tiles.Meld` values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.errors import IllegalPlay
from engine.tiles import (
    TILES,
    Meld,
    Reading,
    Tile,
    TileBag,
    WinRule,
    counts_of,
    decompose_counts,
    full_set,
    is_win_counts,
    meld_counts,
    parse_meld,
    parse_tiles,
    shanten_counts,
    waits_counts,
)

from .options import MahjongOptions
from .scoring import HandValue, Kong, WinContext, add, best_value, kong_payments, win_payments

HandLike = str | Iterable[str]
MeldsLike = str | Meld | Iterable[str | Meld | Iterable[str]]


class Rules:
    """Shandong Mahjong under a set of M.1 options: ``Rules()``, ``Rules(allow_chow=False)``,
    ``Rules({"mahjong.honors": False})``."""

    game = "mahjong"
    n_seats = 4

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        self.options = MahjongOptions.make(options, **kwargs)
        o = self.options
        self.win_rule = WinRule(pair_258=True, big_hands_258=o.jiang258_for_big_hands, seven_pairs=o.seven_pairs,
                                seven_pairs_258=o.seven_pairs_258, thirteen_orphans=o.thirteen_orphans,
                                honours=o.honors)

    def __repr__(self) -> str:
        return f"mahjong.Rules({self.options.changed()})"

    # -- tiles ------------------------------------------------------------------------------------------

    def tiles(self) -> list[Tile]:
        """The full set in play: 136 tiles, or 108 without honours (M-2)."""
        return full_set(self.options.honors)

    def parse(self, tiles: HandLike) -> TileBag:
        """The multiset written (M-2); IllegalPlay on bad notation, an honour without ``honors``, or a fifth copy."""
        bag = TileBag(parse_tiles(tiles, self.options.honors))
        _check_copies(counts_of(bag), str(bag))
        return bag

    def parse_melds(self, melds: MeldsLike) -> tuple[Meld, ...]:
        if isinstance(melds, str):
            melds = melds.split()  # "555m EEEE [2222p]": melds apart by spaces
        elif isinstance(melds, Meld):
            melds = [melds]
        return tuple(parse_meld(m if isinstance(m, (str, Meld)) else "".join(map(str, m)), self.options.honors)
                     for m in melds)

    def _hand(self, hand: HandLike, melds: MeldsLike) -> tuple[list[int], tuple[Meld, ...]]:
        bag = self.parse(hand)
        ms = self.parse_melds(melds)
        c = counts_of(bag)
        held = meld_counts(ms)
        _check_copies([a + b for a, b in zip(c, held, strict=True)], f"{bag} with melds {' '.join(map(str, ms))}")
        return c, ms

    def _sized(self, hand: HandLike, melds: MeldsLike, sizes: Sequence[int]) -> tuple[list[int], tuple[Meld, ...]]:
        c, ms = self._hand(hand, melds)
        total = sum(c) + 3 * len(ms)
        if total not in sizes or len(ms) > 4:
            want = " or ".join(map(str, sizes))
            raise IllegalPlay("M-11a", f"a hand here has {want} tiles (a kong counts as three), not {total}")
        return c, ms

    # -- the win check ----------------------------------------------------------------------------------

    def is_win(self, hand: HandLike, melds: MeldsLike = (), win_tile: str | None = None,
               self_drawn: bool = False) -> bool:
        """M-11: whether the concealed ``hand`` (winning tile included) with ``melds`` is a winning hand.
        With ``win_tile`` given and not ``self_drawn``, a win on a discard needs ``win_on_discard`` (M-6)."""
        c, ms = self._sized(hand, melds, (14,))
        if win_tile is not None:
            t = Tile(str(win_tile))
            if not c[t.idx]:
                raise IllegalPlay("M-11", f"the winning tile {t} is not in the hand")
            if not self_drawn and not self.options.win_on_discard:
                return False
        return is_win_counts(self.win_rule, c, ms)

    def decompose(self, hand: HandLike, melds: MeldsLike = ()) -> list[Reading]:
        """Every winning reading of a 14-tile hand (pair + melds, 七对, 十三幺); empty when it is no win."""
        c, ms = self._sized(hand, melds, (14,))
        return decompose_counts(self.win_rule, c, ms)

    def waits(self, hand: HandLike, melds: MeldsLike = ()) -> TileBag:
        """M-11a: the tiles that complete a 13-tile hand (none of which the player holds all four), each once,
        in tile order; empty when the hand is not ready."""
        c, ms = self._sized(hand, melds, (13,))
        return TileBag(TILES[i] for i in waits_counts(self.win_rule, c, ms))

    def is_ready(self, hand: HandLike, melds: MeldsLike = ()) -> bool:
        return bool(self.waits(hand, melds))

    def shanten(self, hand: HandLike, melds: MeldsLike = ()) -> int:
        """M-11a: exchanges to ready (0 = ready, −1 = complete) for a hand of 13 or 14 tiles."""
        c, ms = self._sized(hand, melds, (13, 14))
        return shanten_counts(self.win_rule, c, ms)

    # -- scoring ----------------------------------------------------------------------------------------

    def value(self, hand: HandLike, melds: MeldsLike = (), win_tile: str | None = None, self_drawn: bool = False,
              *, replacement: bool = False, last_tile: bool = False, robbed: bool = False,
              minglou: bool = False) -> HandValue:
        """M-19 … M-21: the patterns and value V of a winning hand under its best reading (M-19b)."""
        c, ms = self._sized(hand, melds, (14,))
        readings = decompose_counts(self.win_rule, c, ms)
        if not readings:
            raise IllegalPlay("M-11", "this hand is not a winning hand")
        ctx = WinContext(self_drawn=self_drawn, replacement=replacement, last_tile=last_tile, robbed=robbed,
                         minglou=minglou)
        return best_value(readings, ms, ctx, self.options.scoring)

    def score(self, hand: HandLike, melds: MeldsLike = (), win_tile: str | None = None, self_drawn: bool = False,
              *, winner: int = 0, discarder: int | None = None, replacement: bool = False,
              last_tile: bool = False, robbed: bool = False, minglou: bool = False,
              kongs: Iterable[Kong | tuple[Any, ...]] | None = None, dealer: int | None = None) -> list[int]:
        """M-20 … M-22: each seat's payment (seats 0 … 3, zero-sum) for a hand won by ``winner``.

        A win on a discard (or a robbed kong) names the ``discarder`` (the kong-maker); a self-draw does not.
        ``kongs`` lists every kong of every player as :class:`Kong` or ``(seat, "exposed"|"added"|"concealed",
        source)``; when omitted, the winner's own kongs among ``melds`` are used (an exposed one needs its
        ``source`` seat). ``dealer`` changes nothing: the dealer pays and receives like anyone (M-20)."""
        if not 0 <= winner < 4:
            raise IllegalPlay("M-1", f"no seat {winner}")
        if self_drawn == (discarder is not None):
            raise IllegalPlay("M-20", "a discard win names its discarder; a self-drawn win has none")
        if discarder is not None and (not 0 <= discarder < 4 or discarder == winner):
            raise IllegalPlay("M-20", f"seat {discarder} cannot be the discarder of seat {winner}'s win")
        v = self.value(hand, melds, win_tile, self_drawn, replacement=replacement, last_tile=last_tile,
                       robbed=robbed, minglou=minglou)
        pay = win_payments(winner, v.value, discarder)
        if self.options.kong_payments:
            if kongs is None:
                ks = [Kong(winner, m.kong or "exposed", m.source) for m in self.parse_melds(melds) if m.kind == "kong"]
            else:
                ks = [k if isinstance(k, Kong) else Kong(int(k[0]), str(k[1]), *(int(x) for x in k[2:3]))
                      for k in kongs]
            pay = add(pay, kong_payments(ks))
        return pay


def _check_copies(c: Sequence[int], what: str) -> None:
    for i, n in enumerate(c):
        if n > 4:
            raise IllegalPlay("M-2", f"{what}: {n} copies of {TILES[i]} (there are four of each tile)")


__all__ = ["Rules", "IllegalPlay"]
