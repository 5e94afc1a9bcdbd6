"""Shengji bots: ``random``, ``greedy`` and ``heuristic`` (RULES.md Part S), through ``make_shengji_bot``.

A bot sees ``view(seat)`` and the legal actions only. For Shengji ``legal`` should be the lazy
``state.legal_actions(seat)`` itself (a burial has C(33, 8) ≈ 14 million choices): the bots build a few
candidate card sets by shape from the view and keep those the legal set accepts (``action in legal``, the
same authority ``apply`` uses), so they work on a plain list just as well.

- greedy: lowest cards that win, else the lowest cards; buries low side cards; declares its first chance.
- search: engine.bots.shengji_search (determinized worlds from the view, fast count-array rollouts to the
  hand's end, engine.bots.shengji_rollout, in a CPU-time budget).
- heuristic: counts the cards still out (trumps and points), infers voids from the table (S-16b: a follower
  who plays off-suit has no card of the led suit left), keeps points away from the opponents, gives points
  to a partner who is winning the trick, leads units nobody can beat (and throws them together), leads a
  suit the partner is void in, draws trumps when it holds most of them, declares on a long trump suit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.bots.base import Decision, RandomBot, check_legal
from engine.core import Action
from engine.trick.cards import (
    POINTS,
    SMALL_JOKER,
    SUITS,
    Cards,
    codes_of,
    counts_of,
    full_pack,
    notation,
    parse_codes,
)
from engine.trick.follow import Follows, beatable, system_items
from engine.trick.order import TRUMP, Order, standard_order
from engine.trick.units import Lead, Unit, judge, parse_lead, read, runs

LEVELS_TXT = "23456789TJQKA"
MAX_FOLLOWS = 400


def make_shengji_bot(level: str, seed: int = 0, **kw: Any) -> Any:
    if level == "random":
        from engine.shengji.rules import Rules
        return RandomBot(Rules.game, seed)
    if level in ("greedy", "heuristic"):
        return ShengjiBot(level, seed)
    if level == "search":
        from engine.bots.shengji_search import ShengjiSearchBot
        return ShengjiSearchBot(seed=seed, **kw)
    raise ValueError(f"unknown bot level {level!r}; known: random, greedy, heuristic, search")


class Table:
    """What the bot reads off one view: the order, its hand, the trick, voids and the cards still out."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.seat: int = int(view["seat"])
        self.level = LEVELS_TXT.index(view["level"])
        tr = view.get("trump")
        self.trump = SUITS.index(tr) if tr else None
        opts = view.get("options", {})
        self.sanwufan = opts.get("variant") == "sanwufan"
        if self.sanwufan:  # 三五番 (Part SF): permanent trumps 2, 3, 5 — the trump is None until revealed
            from engine.shengji.sanwufan_order import sanwufan_order
            self.order: Order = sanwufan_order(self.level, self.trump, bool(opts.get("sw_skip_removed_adjacent", True)))
        else:
            self.order = standard_order(self.level, self.trump, bool(opts.get("skip_level_adjacent", True)))
        self.opts = opts
        self.hand = counts_of(parse_codes("".join(view["hand"])))
        self.banker = view.get("banker")
        self.trick = [(int(t["seat"]), parse_codes(t["cards"])) for t in view.get("trick", [])]
        self.lead: Lead | None = parse_lead(_cards(self.trick[0][1]), self.order) if self.trick else None
        special = (view.get("sanwufan") or {}).get("special")
        if special and self.lead is not None:  # SF-14: a 闪 / 震 / 雨 lead
            self.lead = Lead(self.lead.cards, str(special), self.lead.system, self.lead.units)
        self.voids: list[set[int]] = [set() for _ in range(4)]
        seen: list[int] = []
        cur: list[tuple[int, list[int]]] = []
        hist = view.get("history", [])
        # this hand's events only: a LAN client's history runs from the start of the match
        first = max((i for i, e in enumerate(hist) if e["kind"] == "hand_start"), default=0)
        for e in hist[first:]:
            if e["kind"] == "play":
                d = e["data"]
                cards = parse_codes(d["cards"])
                seen.extend(cards)
                cur.append((int(d["seat"]), cards))
                if len(cur) > 1:
                    lead_sys = self.order.system[cur[0][1][0]]
                    if any(self.order.system[c] != lead_sys for c in cards):
                        self.voids[int(d["seat"])].add(lead_sys)
                if len(cur) == 4:
                    cur = []
        out = list(full_pack())
        for c in seen + codes_of(self.hand):
            out.remove(c)
        if view.get("bottom"):
            for c in parse_codes(view["bottom"]):
                if c in out:
                    out.remove(c)
        self.out = counts_of(out)  # cards in the other hands (and the bottom, when not the banker)

    @classmethod
    def from_state(cls, st: Any, seat: int) -> Table:
        """The table as ``seat`` would read it in a fully known (sampled) world — for search rollouts, where
        reading a view each move would cost more than the move."""
        t = cls.__new__(cls)
        t.view = {}
        t.seat = seat
        t.level, t.trump, t.order = st.level, st.trump, st.order
        t.opts = st.rules.options.as_dict()
        t.sanwufan = t.opts.get("variant") == "sanwufan"
        t.hand = tuple(st.held[seat])
        t.banker = st.banker
        t.trick = [(s, list(p)) for s, p in st.trick]
        t.lead = st.lead if st.trick else None
        o = t.order
        t.voids = [{sy for sy in (0, 1, 2, 3, TRUMP) if not any(k and o.system[c] == sy
                                                                 for c, k in enumerate(st.held[x]))}
                   for x in range(4)]
        out = [0] * 54
        for x in range(4):
            if x != seat:
                for c, k in enumerate(st.held[x]):
                    out[c] += k
        if seat != st.banker:
            for c in st.buried:
                out[c] += 1
        t.out = tuple(out)
        return t

    def team(self, seat: int) -> int:
        return seat % 2

    def partner(self) -> int:
        return (self.seat + 2) % 4

    def is_banker_side(self, seat: int) -> bool:
        return self.banker is not None and seat % 2 == self.banker % 2

    def cost(self, c: int) -> int:
        """How dear a card is to give up: trumps above side cards, high above low."""
        return self.order.step[c] + (40 if self.order.system[c] == TRUMP else 0)

    def safe(self, unit: Unit, system: int) -> bool:
        """No card still out beats this unit (S-18 by counting)."""
        return not beatable(unit, self.out, system, self.order)


def _cards(codes: Sequence[int]) -> Cards:
    return Cards(codes)


class ShengjiBot:
    """The greedy and heuristic levels (see the module text)."""

    wants_history = True

    def __init__(self, level: str, seed: int = 0, max_follows: int = MAX_FOLLOWS) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self.max_follows = max_follows

    def choose(self, view: dict[str, Any], legal: Any) -> Decision:
        check_legal(legal)
        phase = view.get("phase")
        if phase in ("deal", "declare"):
            if view.get("options", {}).get("variant") == "sanwufan":
                return self._sw_declare(view, legal)
            return self._declare(view, legal)
        t = Table(view)
        if phase == "stick":
            return self._sw_stick(t, legal)
        if phase == "exchange":
            gives = sorted((a for a in legal if a.kind == "exchange"),
                           key=lambda a: sum(t.cost(c) for c in parse_codes(a.arg or "")))
            return Decision(gives[0], "exchange-cheapest SF-10")
        if phase == "bury":
            return self._pick(legal, [Action(t.seat, "bury", arg=notation(self._bury(t)))], "bury-low S-10")
        if not t.trick:
            cands, why = self._leads(t)
        else:
            cands, why = self._follow(t)
        acts = [Action(t.seat, "play", arg=notation(c)) for c in cands]
        return self._pick(legal, acts, why)

    def ranked_plays(self, t: Table) -> tuple[list[list[int]], str]:
        """The card sets this bot would play now, best first (some may be illegal: check them)."""
        return self._leads(t) if not t.trick else self._follow(t)

    def _pick(self, legal: Any, acts: list[Action], why: str) -> Decision:
        for a in acts:
            if a in legal:
                return Decision(a, why)
        return Decision(legal[self.rng.randrange(len(legal))], "fallback")

    # -- declarations (S-9) ------------------------------------------------------------------------

    def _declare(self, view: dict[str, Any], legal: Any) -> Decision:
        decls = [a for a in legal if a.kind == "declare"]
        passes = [a for a in legal if a.kind == "pass"]
        if not decls:
            return Decision(passes[0] if passes else legal[0], "pass S-9a")
        if self.level == "greedy":
            return Decision(decls[0], "declare-first S-9")
        hand = parse_codes("".join(view["hand"]))
        level = LEVELS_TXT.index(view["level"])
        mine = view.get("declaration") and view["declaration"]["seat"] == view["seat"]
        partner_holds = view.get("declaration") and view["declaration"]["seat"] == (view["seat"] + 2) % 4
        dealt = len(hand)

        def strength(a: Action) -> float:
            codes = parse_codes(a.arg or "")
            if codes[0] >= SMALL_JOKER:
                return 3.0 + sum(1 for c in hand if c >= SMALL_JOKER or c % 13 == level) / 4
            suit = codes[0] // 13
            n = sum(1 for c in hand if c >= SMALL_JOKER or c % 13 == level or c // 13 == suit)
            return n / max(1, dealt)

        best = max(decls, key=strength)
        need = 0.3 if not view.get("declaration") else 0.42
        if mine and passes:
            return Decision(best if strength(best) > 0.5 else passes[0], "reinforce S-9")
        if partner_holds and passes:
            return Decision(passes[0], "partner-holds S-9")
        if strength(best) >= need or (view["phase"] == "declare" and not view.get("declaration")) or not passes:
            return Decision(best, "declare-long-suit S-9")
        return Decision(passes[0], "wait S-9a")

    # -- 三五番 declaring and sticking (SF-7 … SF-10): simple rules; the bots' strength lives elsewhere ------

    def _sw_declare(self, view: dict[str, Any], legal: Any) -> Decision:
        decls = [a for a in legal if a.kind == "declare"]
        passes = [a for a in legal if a.kind == "pass"]
        if not decls:
            return Decision(passes[0] if passes else legal[0], "pass SF-9")
        if self.level == "greedy":
            return Decision(decls[0], "declare-first SF-7")
        hand = parse_codes("".join(view["hand"]))
        standing = view.get("declaration")
        if standing is not None and standing["seat"] == (view["seat"] + 2) % 4 and passes:
            return Decision(passes[0], "partner-holds SF-8")

        def suit_len(a: Action) -> int:
            pair = next(c for c in parse_codes(a.arg or "") if c < SMALL_JOKER)
            return sum(1 for c in hand if c < SMALL_JOKER and c // 13 == pair // 13)

        best = max(decls, key=suit_len)
        final = view["phase"] == "declare" and standing is None
        if suit_len(best) >= (7 if standing is None else 8) or final or not passes:
            return Decision(best, "declare-long-suit SF-7")
        return Decision(passes[0], "wait SF-9")

    def _sw_stick(self, t: Table, legal: Any) -> Decision:
        sticks = [a for a in legal if a.kind == "stick"]
        passes = [a for a in legal if a.kind == "pass"]
        sw = t.view.get("sanwufan") or {}
        partner_declared = sw.get("declarer") == (t.seat + 2) % 4
        if sticks and (self.level == "greedy" or not partner_declared):
            return Decision(sticks[0], "stick SF-10")  # the declarer's joker and trump pair are worth more
        return Decision(passes[0] if passes else legal[0], "no-stick SF-10")

    # -- the bottom (S-10) --------------------------------------------------------------------------

    def _bury(self, t: Table) -> list[int]:
        o = t.order
        n = 4 if t.sanwufan else 8  # SF-11: a 4-card bottom
        cards = codes_of(t.hand)
        side = [c for c in cards if o.system[c] != TRUMP]
        if self.level == "greedy":
            pool = sorted(side, key=lambda c: (POINTS[c] > 0, o.step[c]))
            if len(pool) < n:
                pool += sorted((c for c in cards if c not in pool), key=t.cost)
            return pool[:n]
        # heuristic: empty the shortest side suits first (voids let us ruff), keep aces, pairs and points
        counts = {s: sum(1 for c in side if o.system[c] == s) for s in range(4)}
        pair_set = {c for c in side if t.hand[c] >= 2}

        def keep(c: int) -> tuple[int, int, int, int]:
            top = o.step[c] == o.step[o.members[o.system[c]][-1]]  # the suit's highest card
            return (int(top) + int(c in pair_set), int(POINTS[c] > 0), counts[o.system[c]], o.step[c])

        pool = sorted(side, key=keep)
        if len(pool) < n:
            pool += sorted((c for c in cards if c not in pool), key=t.cost)
        return pool[:n]

    # -- leading (S-15, S-18) -------------------------------------------------------------------------

    def _units(self, t: Table, system: int) -> list[Unit]:
        items = system_items(t.hand, system, t.order)
        codes = [c for c, k in items for _ in range(k)]
        if not codes:
            return []
        pairs = [c for c, k in items if k >= 2]
        out: list[Unit] = []
        for k in range(len(pairs), 1, -1):
            for run in runs(pairs, k, t.order):
                out.append(read([c for c in run for _ in range(2)], t.order)[0])
            if out:
                break
        out += [Unit(1, t.order.step[c], (c, c)) for c in pairs]
        out += [Unit(0, t.order.step[c], (c,)) for c, _ in items]
        return out

    def _leads(self, t: Table) -> tuple[list[list[int]], str]:
        o = t.order
        systems = [s for s in (0, 1, 2, 3, TRUMP) if any(t.hand[c] and o.system[c] == s for c in range(54))]
        if self.level == "greedy":
            cands: list[list[int]] = []
            for s in systems:
                for u in self._units(t, s):
                    if u.pairs and t.safe(u, s):
                        cands.append(list(u.codes))
            side = [c for c in codes_of(t.hand) if o.system[c] != TRUMP]
            low = sorted(side or codes_of(t.hand), key=lambda c: (POINTS[c] > 0, t.cost(c)))
            return cands + [[low[0]]], "lead-low S-15"
        opp = [(t.seat + 1) % 4, (t.seat + 3) % 4]
        cands = []
        # 1. everything safe in one side suit at once (a throw that cannot fail by counting), else safe units
        for s in systems:
            if s == TRUMP:
                continue
            units = self._units(t, s)
            safe = self._disjoint([u for u in units if t.safe(u, s)])
            if len(safe) >= 2 and not any(s in t.voids[x] for x in opp):
                cands.append([c for u in safe for c in u.codes])
            for u in sorted(safe, key=lambda u: (-u.size, -sum(POINTS[c] for c in u.codes))):
                if not any(s in t.voids[x] for x in opp):
                    cands.append(list(u.codes))
        # 2. the partner ruffs a suit the opponents still follow
        p = t.partner()
        for s in systems:
            if s != TRUMP and s in t.voids[p] and not any(s in t.voids[x] for x in opp):
                lowest = min((c for c in codes_of(t.hand) if o.system[c] == s), key=o.step.__getitem__)
                cands.append([lowest])
        # 3. draw trumps when we hold most of them
        my_tr = sum(k for c, k in enumerate(t.hand) if o.system[c] == TRUMP)
        out_tr = sum(k for c, k in enumerate(t.out) if o.system[c] == TRUMP)
        if my_tr and my_tr >= out_tr:
            units = self._units(t, TRUMP)
            safe = [u for u in units if t.safe(u, TRUMP)]
            if safe:
                cands.append(list(max(safe, key=lambda u: (u.size, u.top)).codes))
            cands.append([max((c for c in codes_of(t.hand) if o.system[c] == TRUMP), key=o.step.__getitem__)])
        # 4. a low card of the longest side suit, no points
        side = [c for c in codes_of(t.hand) if o.system[c] != TRUMP]
        if side:
            length = {s: sum(1 for c in side if o.system[c] == s) for s in range(4)}
            low = sorted(side, key=lambda c: (POINTS[c] > 0, t.hand[c] >= 2, -length[o.system[c]], o.step[c]))
            cands.append([low[0]])
        trumps = sorted((c for c in codes_of(t.hand) if o.system[c] == TRUMP), key=lambda c: (POINTS[c] > 0, o.step[c]))
        if trumps:
            cands.append([trumps[0]])
        return cands, "lead S-15"

    @staticmethod
    def _disjoint(units: list[Unit]) -> list[Unit]:
        used: dict[int, int] = {}
        out = []
        for u in sorted(units, key=lambda u: -u.size):
            need: dict[int, int] = {}
            for c in u.codes:
                need[c] = need.get(c, 0) + 1
            if all(used.get(c, 0) + k <= 2 for c, k in need.items()):
                for c, k in need.items():
                    used[c] = used.get(c, 0) + k
                out.append(u)
        return out

    # -- following (S-16, S-17) ---------------------------------------------------------------------

    def _follow(self, t: Table) -> tuple[list[list[int]], str]:
        assert t.lead is not None
        o = t.order
        lead = t.lead
        mode = str(t.opts.get("throw_overruff", "largest_component"))
        space: Any = Follows(t.hand, lead, o, bool(t.opts.get("follow_type_required", False)),
                             t.opts.get("tractor_protection", "none") != "none")
        if t.sanwufan:  # SF-15: the variant's follow rules (special leads, highest singles)
            from engine.shengji.sanwufan_follow import SwFollows
            from engine.shengji.specials import detect
            sp = detect(list(lead.cards.codes), o, bool(t.opts.get("sw_four_jokers_shan", False))) \
                if lead.kind in ("shan", "zhen", "yu") else None
            space = SwFollows(t.hand, lead, sp, o, t.opts.get("tractor_protection", "none") != "none",
                              bool(t.opts.get("sw_high_single_follow", True)),
                              bool(t.opts.get("sw_four_jokers_shan", False)))
        if space.count <= self.max_follows:
            cands = list(space)
        else:
            cands = [space.nth(self.rng.randrange(space.count)) for _ in range(self.max_follows // 2)]
            cands += self._constructed(t, space)
        plays = [list(p) for _, p in t.trick]
        cur = judge(plays, lead, o, mode).winner
        cur_seat = t.trick[cur][0]
        partner_winning = cur_seat % 2 == t.seat % 2
        last = len(t.trick) == 3
        table_pts = sum(POINTS[c] for p in plays for c in p)

        def score(c: list[int]) -> float:
            j = judge(plays + [c], lead, o, mode)
            wins = j.winner == len(plays)
            pts = sum(POINTS[x] for x in c)
            dear = sum(t.cost(x) for x in c)
            if self.level == "greedy":
                return (1000 if wins and (table_pts or last) else 0) - dear - (5 * pts if not wins else 0)
            if wins:
                # winning: cheapest win; add points when nobody can come after us
                hold = 1.0 if last else self._holds(t, c, lead)
                return 500 * hold + (table_pts + pts) * (4 * hold - 2) - dear
            if partner_winning:
                hold = 1.0 if last else self._holds(t, plays[cur], lead)
                return pts * (6 * hold - 3) - dear * 0.5
            return -dear - 8 * pts

        ranked = sorted(cands, key=score, reverse=True)
        best = ranked[0]
        return ranked, ("follow-win S-17" if judge(plays + [best], lead, o, mode).winner == len(plays)
                        else "follow S-16")

    def _holds(self, t: Table, play: list[int], lead: Lead) -> float:
        """A guess that ``play`` stays the winner against the players still to come (counting the cards out)."""
        o = t.order
        sysp = o.system[play[0]]
        if any(o.system[c] != sysp for c in play):
            return 0.0
        top = max(o.step[c] for c in play)
        unit = Unit(lead.largest.pairs, top, tuple(play))
        behind = [(t.seat + i) % 4 for i in range(1, 4 - len(t.trick))]
        opp_behind = [x for x in behind if x % 2 != t.seat % 2]
        if not opp_behind:
            return 1.0
        if sysp != TRUMP and any(sysp in t.voids[x] for x in opp_behind):
            return 0.3
        return 0.9 if not beatable(unit, t.out, sysp, o) else 0.4

    def _constructed(self, t: Table, space: Follows) -> list[list[int]]:
        """A few follows built by shape: the lowest cards, the point cards, a ruff with low trumps."""
        o = t.order
        assert t.lead is not None
        n = len(t.lead.cards)
        mine = [c for c in codes_of(t.hand) if o.system[c] == t.lead.system]
        rest = [c for c in codes_of(t.hand) if o.system[c] != t.lead.system]
        fixed = mine if len(mine) < n else []
        pool = mine if len(mine) >= n else rest
        need = n - len(fixed)
        low = sorted(pool, key=lambda c: (POINTS[c] > 0, t.cost(c)))[:need]
        pts = sorted(pool, key=lambda c: (-POINTS[c], t.cost(c)))[:need]
        out = [fixed + low, fixed + pts]
        if not mine:
            tr = sorted((c for c in codes_of(t.hand) if o.system[c] == TRUMP), key=o.step.__getitem__)
            if len(tr) >= n:
                out.append(tr[:n])
                out.append(tr[-n:])
        return out


__all__ = ["make_shengji_bot", "ShengjiBot", "Table"]
