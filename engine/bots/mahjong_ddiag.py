"""What defence could be worth against greedy at most (issue 17): the heuristic with perfect defence — or
with perfect feeding.

    python -m engine.bots.mahjong_ddiag --seed 211 --deals 200 [--first-deal 0] [--feed 2] > ORACLE.json
    python -m engine.bots.mahjong_hduel --seed 211 --deals 200 > BASE.json
    python -m engine.bots.mahjong_hduel --paired BASE.json ORACLE.json

Plays exactly the hands of ``mahjong_hduel`` (the arena's walls, seats and bot seeds, heuristic against greedy),
except that whenever a heuristic seat's discard would win for another seat, it discards instead its best-ranked
tile that wins for nobody. Which tiles win is read from the true hands: this is a diagnostic that sees the whole
state, no bot. The report is ``mahjong_hduel``'s, plus ``changed`` (discards moved) and ``forced`` (discards with
no safe tile), so ``--paired`` compares it wall by wall with the heuristic as it plays.

Its reading: a deal-in costs its discarder one V (M-20) and ends the hand, which also ends every other seat's
chance of a self-draw (paid by all three). If never dealing in gains little, no defence can gain more.

With ``--feed N`` it measures the opposite: a heuristic seat at least N steps from ready (M-11a) whose hand
holds a tile that wins for another seat discards it (its best-ranked such tile) — a deal-in on purpose costs
one V and stops that seat's self-draw, paid 2V by each of the three (M-20). ``changed`` then counts the
discards moved to feed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from engine import arena
from engine.bots import make_bot
from engine.bots.mahjong import own_melds, rules_of
from engine.bots.mahjong_walls import arena_hand, decisions
from engine.bots.mahjong_walls import sides as sides_of
from engine.core import Action
from engine.tiles import Tile, counts_of, shanten_counts, waits_counts


def winning_tiles(st: Any, seat: int) -> set[int]:
    """The tiles that would win for ``seat`` on a discard now (its true waits, M-11a; none for a seat locked by M-14)."""
    hand = list(st.t.hands[seat])
    if sum(hand) % 3 != 1 or st.locked[seat] or not st.rules.options.win_on_discard:
        return set()
    return set(waits_counts(st.rules.win_rule, hand, st.t.melds[seat]))


def ranked(bot: Any, view: dict[str, Any], legal: list[Action]) -> list[Action]:
    """The bot's discards, best first, as it ranks them."""
    hand = counts_of(Tile(t) for t in view["hand"])
    discards = [a for a in legal if a.kind == "discard"]
    order: list[Action] = bot._ranked_discards(view, rules_of(view).win_rule, hand, own_melds(view), discards)[1]
    return order


def safe_discard(bot: Any, view: dict[str, Any], legal: list[Action], chosen: Action,
                 danger: set[int]) -> Action | None:
    """The bot's best-ranked discard that is not in ``danger``; None when every discard is."""
    return next((a for a in ranked(bot, view, legal) if Tile(str(a.arg)).idx not in danger), None)


def play(seed: int, deal: int, swap: bool, feed: int | None = None) -> dict[str, Any]:
    """One arena play of wall ``deal`` with A's seats defending perfectly (or, with ``feed``, feeding when at
    least that far from ready): its payments, sides and wins, and how many A discards were moved (``changed``)
    or had no safe tile (``forced``)."""
    st = arena_hand(seed, deal)
    sides = sides_of(swap)
    bots = {s: make_bot("heuristic" if sides[s] == "A" else "greedy", "mahjong",
                        seed=arena._bot_seed(seed, deal, s, sides[s])) for s in range(len(sides))}
    changed = forced = 0
    for seat, view, legal in decisions(st, lambda s: False):
        a = bots[seat].choose(view, legal).action
        if sides[seat] == "A" and a.kind == "discard":
            wins = set().union(*(winning_tiles(st, o) for o in range(len(sides)) if o != seat))
            if feed is not None:
                far = shanten_counts(rules_of(view).win_rule, counts_of(Tile(t) for t in view["hand"]),
                                     own_melds(view))
                if far >= feed and Tile(str(a.arg)).idx not in wins:
                    fed = next((x for x in ranked(bots[seat], view, legal) if Tile(str(x.arg)).idx in wins), None)
                    if fed is not None:
                        a, changed = fed, changed + 1
            elif Tile(str(a.arg)).idx in wins:
                safe = safe_discard(bots[seat], view, legal, a, wins)
                if safe is None:
                    forced += 1
                else:
                    a, changed = safe, changed + 1
        st.apply(a)
    res = st.results[-1]
    return {"payments": list(res["payments"]), "sides": sides, "wins": list(res["wins"]), "changed": changed,
            "forced": forced}


def duel(seed: int, deals: range, feed: int | None = None) -> dict[str, Any]:
    won_a: list[float] = []
    won_all: list[float] = []
    changed = forced = 0
    for d in deals:
        a = every = 0.0
        for swap in (False, True):
            h = play(seed, d, swap, feed)
            changed, forced = changed + h["changed"], forced + h["forced"]
            for side, p in zip(h["sides"], h["payments"]):
                every += max(0, p)
                a += max(0, p) if side == "A" else 0
        won_a.append(a)
        won_all.append(every)
    kw = {"perfect_defence": True} if feed is None else {"perfect_feed": feed}
    return {"seed": seed, "deals": len(won_a), "hands": 2 * len(won_a), "kw": kw,
            "won_a": won_a, "won_all": won_all, "share_of_points_a": arena.share_ci(won_a, won_all),
            "changed": changed, "forced": forced}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=211)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--first-deal", type=int, default=0)
    p.add_argument("--feed", type=int, default=None, help="feed instead, at least this many steps from ready")
    a = p.parse_args(argv)
    json.dump(duel(a.seed, range(a.first_deal, a.first_deal + a.deals), a.feed), sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
