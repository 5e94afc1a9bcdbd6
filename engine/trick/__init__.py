"""The trick core (trick-taking games: 升级 Shengji): card order under a level rank and a trump suit,
combinations single / pair / tractor / throw, follow-suit obligations, throw checks and the trick winner."""

from engine.trick.cards import Cards, counts_of, notation, parse_codes, points
from engine.trick.follow import Follows, commit_paths, follow_refusal, throw_blockers
from engine.trick.order import TRUMP, Order, standard_order
from engine.trick.picks import Picks, Subsets
from engine.trick.units import Lead, TrickJudgement, Unit, judge, parse_lead, read, splits

__all__ = ["Cards", "counts_of", "notation", "parse_codes", "points", "Follows", "commit_paths", "follow_refusal",
           "throw_blockers", "TRUMP", "Order", "standard_order", "Picks", "Subsets", "Lead", "TrickJudgement",
           "Unit", "judge", "parse_lead", "read", "splits"]
