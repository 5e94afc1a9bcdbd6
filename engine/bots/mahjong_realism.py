"""How near to ready the Mahjong search's sampled hands are, against the true hands (issue 17).

    python -m engine.bots.mahjong_realism --seed 41 --deals 40 [--build 1.6] [--river-keep Q] [--worlds 5] [--json]
    python -m engine.bots.mahjong_realism --exposure --seed 467 --deals 15 --worlds 20

Plays heuristic games (the arena's walls, ``python -m engine.arena --game mahjong --sets 1``; the heuristic at
every seat) and, at each discard of seat 0 (M-5), compares every other seat's true concealed hand with the
hands the search's sampler (:meth:`engine.bots.mahjong_search.MahjongSearchBot._sample`, ``build`` draws per
own draw) gives that seat in ``--worlds`` worlds: the shanten (M-11a) of each, grouped by how many discards the
seat has made (in threes) and its exposed melds, and over all positions the mean gap (sampled minus true)
with a 95 % interval over positions. A gap above zero means the worlds' opponents are slower than the real
ones. It also counts, among the ready hands (true and sampled), how many wait on a tile the seat has itself
discarded (现物): a real player rarely keeps a wait on what he let go, so a gap there means the worlds put
opponents' waits where the rivers say they are not. This reads the true hands: it is a measurement, no bot is
built from it.

With ``--exposure`` it asks whether the worlds can tell a dangerous discard: at each of seat 0's discards, for
every kind in its hand, the share of worlds in which another seat holds three of it (its exposed kong, M-9, paid
3 by the discarder, M-22) or waits on it (a deal-in, M-20), grouped by tenths of that share, beside how often the
true hands did.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import Any

from engine import arena
from engine.bots import make_bot
from engine.bots.mahjong_search import MahjongSearchBot, waits_on
from engine.bots.mahjong_walls import arena_hand, decisions
from engine.tiles import Tile, shanten_counts, waits_counts


def _count(row: list[int], rule: Any, hand: list[int], melds: Any, river: set[int]) -> None:
    """One ready hand into ``row`` ([waiting on its own discard, ready hands]), judged as the sampler judges
    it (:func:`engine.bots.mahjong_search.waits_on`)."""
    row[0] += waits_on(rule, hand, melds, river)
    row[1] += 1


def seat0_discards(seed: int, deals: range) -> Iterator[tuple[Any, dict[str, Any]]]:
    """Heuristic games on the arena's walls: the state and seat 0's view at each of its discards (M-5), before
    the heuristic plays it."""
    for d in deals:
        st = arena_hand(seed, d)
        bots = {s: make_bot("heuristic", "mahjong", seed=arena._bot_seed(seed, d, s, "A")) for s in range(4)}
        for seat, view, legal in decisions(st):
            if seat == 0 and view.get("claim") is None and any(a.kind == "discard" for a in legal):
                yield st, view
            st.apply(bots[seat].choose(view, legal).action)


def measure(seed: int, deals: range, build: float, worlds: int, river_keep: float | None = None) -> dict[str, Any]:
    """Per group (discards // 3 capped at 4, melds): the true and the sampled shanten; and the per-position
    gaps (mean sampled minus true, over the other seats of one position)."""
    true_by: dict[tuple[int, int], list[int]] = defaultdict(list)
    samp_by: dict[tuple[int, int], list[int]] = defaultdict(list)
    gaps: list[float] = []
    river_waits = {"true": [0, 0], "sampled": [0, 0]}  # ready hands waiting on their own discard, ready hands
    sampler = MahjongSearchBot(seed=seed, build=build, river_keep=river_keep)
    for st, view in seat0_discards(seed, deals):
        rule = st.rules.win_rule
        others = [o for o in (1, 2, 3) if sum(st.t.hands[o]) % 3 == 1]
        true = {o: shanten_counts(rule, st.t.hands[o], st.t.melds[o]) for o in others}
        samp: dict[int, list[int]] = {o: [] for o in others}
        river = {o: {Tile(t).idx for t in view["rivers"][o]} for o in others}
        for o in others:
            if true[o] == 0:
                _count(river_waits["true"], rule, st.t.hands[o], st.t.melds[o], river[o])
        for _ in range(worlds):
            w = sampler._sample(view)
            if w is None:
                continue
            for o in others:
                sh = shanten_counts(rule, w.t.hands[o], w.t.melds[o])
                samp[o].append(sh)
                if sh == 0:
                    _count(river_waits["sampled"], rule, w.t.hands[o], w.t.melds[o], river[o])
        diffs = []
        for o in others:
            key = (min(len(view["rivers"][o]) // 3, 4), len(view["melds"][o]))
            true_by[key].append(true[o])
            samp_by[key].extend(samp[o])
            if samp[o]:
                diffs.append(statistics.mean(samp[o]) - true[o])
        if diffs:
            gaps.append(statistics.mean(diffs))
    groups = []
    for key in sorted(true_by):
        t, s = true_by[key], samp_by[key]
        groups.append({"discards_3": key[0], "melds": key[1], "n": len(t), "true": round(statistics.mean(t), 2),
                       "sampled": round(statistics.mean(s), 2) if s else None})
    m = statistics.mean(gaps) if gaps else 0.0
    half = 1.96 * statistics.stdev(gaps) / math.sqrt(len(gaps)) if len(gaps) > 1 else 0.0
    return {"seed": seed, "deals": len(deals), "build": build, "river_keep": sampler.river_keep,
            "positions": len(gaps),
            "gap": {"mean": round(m, 3), "ci95": [round(m - half, 3), round(m + half, 3)]}, "groups": groups,
            "ready_waiting_on_own_discard": {k: {"hands": n, "share": round(x / n, 3) if n else None}
                                             for k, (x, n) in river_waits.items()}}


def exposure(seed: int, deals: range, worlds: int) -> dict[str, list[dict[str, Any]]]:
    """Per danger (``kong``, ``win``) and tenth of the worlds' share: the kinds of seat 0's hand at its discards so
    estimated, and how many of them the true hands made that danger."""
    rows: dict[str, dict[int, list[int]]] = {"kong": defaultdict(lambda: [0, 0]), "win": defaultdict(lambda: [0, 0])}
    sampler = MahjongSearchBot(seed=seed)
    for st, view in seat0_discards(seed, deals):
        rule = st.rules.win_rule
        mine = {Tile(t).idx for t in view["hand"]}
        est = {"kong": Counter[int](), "win": Counter[int]()}
        got = 0
        for _ in range(worlds):
            w = sampler._sample(view)
            if w is None:
                continue
            got += 1
            est["kong"].update(kong_tiles(w.t.hands, 0) & mine)
            est["win"].update(win_tiles(rule, w.t.hands, w.t.melds, 0) & mine)
        true = {"kong": kong_tiles(st.t.hands, 0), "win": win_tiles(rule, st.t.hands, st.t.melds, 0)}
        for what, row in rows.items():
            for i in mine:
                cell = row[min(9, int(10 * est[what][i] / got))] if got else None
                if cell is not None:
                    cell[0] += 1
                    cell[1] += i in true[what]
    return {what: [{"worlds_share": f"{k / 10:.1f}+", "kinds": n, "true": round(t / n, 3)}
                   for k, (n, t) in sorted(row.items())] for what, row in rows.items()}


def held_by_others(hands: Any, seat: int, n: int) -> set[int]:
    """The kinds some seat other than ``seat`` holds ``n`` or more of, concealed."""
    return {i for o, h in enumerate(hands) if o != seat for i, c in enumerate(h) if c >= n}


def kong_tiles(hands: Any, seat: int) -> set[int]:
    """The kinds another seat could make an exposed kong of on ``seat``'s discard (M-9)."""
    return held_by_others(hands, seat, 3)


def win_tiles(rule: Any, hands: Any, melds: Any, seat: int) -> set[int]:
    """The kinds that complete the hand of some seat other than ``seat`` (M-11a)."""
    return {i for o, h in enumerate(hands) if o != seat and sum(h) % 3 == 1 for i in waits_counts(rule, h, melds[o])}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bots.mahjong_realism", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--first-deal", type=int, default=0)
    ap.add_argument("--build", type=float, default=None, help="draws per own draw (default: the search's)")
    ap.add_argument("--worlds", type=int, default=5)
    ap.add_argument("--river-keep", type=float, default=None,
                    help="the chance a built ready hand waiting on its own discard is kept (default: the search's)")
    ap.add_argument("--exposure", action="store_true",
                    help="how well the worlds tell which of seat 0's tiles another seat can kong or win on")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if a.exposure:
        json.dump(exposure(a.seed, range(a.first_deal, a.first_deal + a.deals), a.worlds), sys.stdout, indent=1)
        print()
        return 0
    build = MahjongSearchBot().build if a.build is None else a.build
    r = measure(a.seed, range(a.first_deal, a.first_deal + a.deals), build, a.worlds, a.river_keep)
    if a.json:
        json.dump(r, sys.stdout, indent=1)
        print()
        return 0
    print(f"build {build}: sampled minus true shanten {r['gap']['mean']:+.3f} {r['gap']['ci95']} "
          f"over {r['positions']} positions")
    for k, v in r["ready_waiting_on_own_discard"].items():
        print(f"  ready hands waiting on their own discard ({k}): {v['share']} of {v['hands']}")
    for g in r["groups"]:
        print(f"  discards {3 * g['discards_3']:>2}+ melds {g['melds']}: n {g['n']:>4}  true {g['true']:.2f}"
              f"  sampled {g['sampled']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
