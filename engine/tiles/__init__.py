"""Mahjong tiles: the :class:`Tile` value type and M-2 notation, melds, the win check, waits and shanten."""

from .meld import Meld, meld_of, parse_meld
from .shanten import shanten_counts
from .tile import HONOURS, N_KINDS, SUITS, TILES, Tile, TileBag, counts_of, full_set, notation, parse_tiles, tile_of
from .win import Reading, WinRule, decompose_counts, is_win_counts, meld_counts, waits_counts

__all__ = ["HONOURS", "N_KINDS", "SUITS", "TILES", "Meld", "Reading", "Tile", "TileBag", "WinRule", "counts_of",
           "decompose_counts", "full_set", "is_win_counts", "meld_counts", "meld_of", "notation", "parse_meld",
           "parse_tiles", "shanten_counts", "tile_of", "waits_counts"]
