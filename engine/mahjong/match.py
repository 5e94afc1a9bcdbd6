"""The match around the hands (RULES.md M-17, M-18): who deals next and when the match ends."""

from __future__ import annotations

from collections.abc import Sequence

from .options import MahjongOptions

N = 4


def next_dealer(rotation: str, dealer: int, winners: Sequence[int]) -> int:
    """M-17. ``winners`` in turn order after the discarder (empty for a drawn hand)."""
    if rotation == "always_next":
        return (dealer + 1) % N
    if not winners:
        return dealer  # a drawn hand: the dealer deals again
    if rotation == "winner_deals":
        return winners[0]
    return dealer if dealer in winners else (dealer + 1) % N  # "qq"


def passes_back(dealer: int, nxt: int, first_dealer: int) -> bool:
    """The deal passes back to the first dealer's seat from another seat: a circle (圈) is complete (M-18)."""
    return nxt == first_dealer and dealer != first_dealer


def circle_done(options: MahjongOptions, dealer: int, nxt: int, first_dealer: int) -> bool:
    """A circle (圈) is complete after this hand (M-18); under ``"winner_deals"`` the deal has no circle."""
    return options.dealer_rotation != "winner_deals" and passes_back(dealer, nxt, first_dealer)


def match_ends(options: MahjongOptions, hands_played: int, dealer: int, nxt: int, first_dealer: int) -> bool:
    """M-18: after ``match_hands`` hands at the latest; ``"one_circle"`` ends when the deal would pass back to
    the first dealer's seat from another seat (after 4 hands under ``"winner_deals"``, which has no circle)."""
    if hands_played >= options.match_hands:
        return True
    if options.match == "hands":
        return False
    if options.dealer_rotation == "winner_deals":
        return hands_played >= 4
    return passes_back(dealer, nxt, first_dealer)
