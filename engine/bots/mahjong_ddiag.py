"""What defence could be worth against greedy at most (issue 17): the heuristic with perfect defence — or
with perfect feeding, or never feeding another seat's kong or pung.

    python -m engine.bots.mahjong_ddiag --seed 211 --deals 200 [--first-deal 0] [--feed 2] [--shun 3] > ORACLE.json
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

With ``--shun N`` a heuristic seat never discards a tile another seat holds N or more of (its best-ranked tile
that no other seat holds so, when there is one): with 3, the exposed kong of M-9, which its discarder pays 3
(M-22), three times a deal-in, and which gives the kong-maker a replacement draw; with 2, a pung too (M-7).
``changed`` counts the discards moved and ``forced`` those with no such tile. With both, a seat feeds when it can and
else shuns. In every mode ``kong_fed`` counts the A discards of a tile another seat held three of and nobody won on.
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
from engine.bots.mahjong_realism import held_by_others
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


def safe_discard(bot: Any, view: dict[str, Any], legal: list[Action], danger: set[int]) -> Action | None:
    """The bot's best-ranked discard that is not in ``danger``; None when every discard is."""
    return next((a for a in ranked(bot, view, legal) if Tile(str(a.arg)).idx not in danger), None)


def _wins(st: Any, seat: int) -> set[int]:
    """Every tile that would win for a seat other than ``seat`` on its discard now."""
    return set().union(*(winning_tiles(st, o) for o in range(len(st.t.hands)) if o != seat))


def _defended(bot: Any, view: dict[str, Any], legal: list[Action], a: Action,
              danger: set[int]) -> tuple[Action, int, int]:
    """``a``, or the bot's best-ranked discard outside ``danger`` when ``a`` is in it: (discard, moved, forced)."""
    if Tile(str(a.arg)).idx not in danger:
        return a, 0, 0
    safe = safe_discard(bot, view, legal, danger)
    return (a, 0, 1) if safe is None else (safe, 1, 0)


def _fed(bot: Any, view: dict[str, Any], legal: list[Action], a: Action, wins: set[int],
         feed: int) -> tuple[Action, int, int]:
    """At least ``feed`` steps from ready, the bot's best-ranked discard that wins for another seat."""
    far = shanten_counts(rules_of(view).win_rule, counts_of(Tile(t) for t in view["hand"]), own_melds(view))
    if far < feed or Tile(str(a.arg)).idx in wins:
        return a, 0, 0
    fed = next((x for x in ranked(bot, view, legal) if Tile(str(x.arg)).idx in wins), None)
    return (a, 0, 0) if fed is None else (fed, 1, 0)


def held(st: Any, seat: int, n: int) -> set[int]:
    """The kinds some seat other than ``seat`` holds ``n`` or more of, read from the true hands."""
    return held_by_others(st.t.hands, seat, n)


def play(seed: int, deal: int, swap: bool, feed: int | None = None, shun: int | None = None) -> dict[str, Any]:
    """One arena play of wall ``deal`` with A's seats defending perfectly (or, with ``feed``, feeding when at
    least that far from ready; with ``shun``, keeping the tiles another seat holds that many of): its payments,
    sides and wins, and how many A discards were moved (``changed``) or had no safe tile (``forced``)."""
    st = arena_hand(seed, deal)
    sides = sides_of(swap)
    bots = {s: make_bot("heuristic" if sides[s] == "A" else "greedy", "mahjong",
                        seed=arena._bot_seed(seed, deal, s, sides[s])) for s in range(len(sides))}
    changed = forced = kong_fed = 0
    for seat, view, legal in decisions(st, lambda s: False):
        a = bots[seat].choose(view, legal).action
        if sides[seat] == "A" and a.kind == "discard":
            moved = stuck = 0
            if feed is not None:
                a, moved, stuck = _fed(bots[seat], view, legal, a, _wins(st, seat), feed)
            if shun is not None and not moved:   # a tile fed ends the hand: no kong to keep it from
                a, moved, stuck = _defended(bots[seat], view, legal, a, held(st, seat, shun))
            elif feed is None and shun is None:
                a, moved, stuck = _defended(bots[seat], view, legal, a, _wins(st, seat))
            changed, forced = changed + moved, forced + stuck
            i = Tile(str(a.arg)).idx
            kong_fed += i in held(st, seat, 3) and i not in _wins(st, seat)   # a 胡 outranks the kong (M-7)
        st.apply(a)
    res = st.results[-1]
    return {"payments": list(res["payments"]), "sides": sides, "wins": list(res["wins"]), "changed": changed,
            "forced": forced, "kong_fed": kong_fed}


def duel(seed: int, deals: range, feed: int | None = None, shun: int | None = None) -> dict[str, Any]:
    won_a: list[float] = []
    won_all: list[float] = []
    changed = forced = kong_fed = 0
    for d in deals:
        a = every = 0.0
        for swap in (False, True):
            h = play(seed, d, swap, feed, shun)
            changed, forced, kong_fed = changed + h["changed"], forced + h["forced"], kong_fed + h["kong_fed"]
            for side, p in zip(h["sides"], h["payments"]):
                every += max(0, p)
                a += max(0, p) if side == "A" else 0
        won_a.append(a)
        won_all.append(every)
    kw: dict[str, Any] = {"perfect_defence": True} if feed is None and shun is None else {}
    kw.update({"perfect_feed": feed} if feed is not None else {})
    kw.update({"perfect_shun": shun} if shun is not None else {})
    return {"seed": seed, "deals": len(won_a), "hands": 2 * len(won_a), "kw": kw,
            "won_a": won_a, "won_all": won_all, "share_of_points_a": arena.share_ci(won_a, won_all),
            "changed": changed, "forced": forced, "kong_fed": kong_fed}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=211)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--first-deal", type=int, default=0)
    p.add_argument("--feed", type=int, default=None, help="feed instead, at least this many steps from ready")
    p.add_argument("--shun", type=int, default=None,
                   help="keep instead the tiles another seat holds this many of (3: its kong, 2: its pung)")
    a = p.parse_args(argv)
    json.dump(duel(a.seed, range(a.first_deal, a.first_deal + a.deals), a.feed, a.shun), sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
