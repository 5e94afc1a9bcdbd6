"""Baohuang (保皇) policies: ``greedy`` and ``heuristic`` (RULES.md Part B), and the bot factory.

The heuristic knows its side from the view (emperor public; the guard known to himself, and to everyone once
revealed — by 明保, by playing the called card, or by a forced reveal), counts jokers and 2s from the played
cards, never beats a known teammate, covers the enemy side, and decides emperorship, the called triple, 明保,
造反 and 独保 by hand strength.

Where its gain over the frozen ``baseline-heuristic`` lies, by side (``python -m engine.arena --game baohuang
--team-a heuristic --team-b baseline-heuristic --deals 500 --seed 91 --json``, the report's ``a_as_emperor`` and
``a_as_rebels``): the baseline against itself wins 0.712 of the hands as the emperor's side (0.288 as rebels);
the heuristic won 0.725 as the emperor's side and 0.399 as rebels — the rebels' rules had moved, the emperor's
side had not. Tried for the emperor's side on seed 91 (500 deals, the emperor's side's share paired against the
default, 95 %): the emperor treating seats that played over him as rebels +0.006 ± 0.025; the emperor and guard
feeding each other near the end as rebels do −0.027 ± 0.019; ``ACCEPT_STRENGTH`` 6, 8, 9, 10 −0.007, −0.008,
−0.034, −0.049; their beat threshold on a rebel's play 3, 7, 10 (not 5) −0.188, −0.022, −0.042, on a play of
unknown side 2, 6 (not 3.5) −0.028, −0.004; a hidden guard avoiding the plays that reveal him −0.030, −0.026
(above 4 or 8 cards); 明保 never −0.011 ± 0.010, always +0.013 ± 0.036; beating harder once the mate has
finished −0.005. Kept: the guard sheds a cheap whole group over his emperor's play (``shed-under-emperor``,
:func:`_answer_core`): spend cost at most 1.5 +0.021, 3 +0.048, 5 +0.055, 8 +0.008; the guard's half is all of it
(the emperor's alone +0.001). With 3 (``RAISE_COST``), validated on 2,000 fresh hands (seed 137, 1,000 deals,
planned before it ran): +0.028 [+0.019, +0.036] of all hands, the emperor's side +0.055 [+0.038, +0.072]; the
heuristic then took 0.585 of the hands against ``baseline-heuristic`` there (0.557 before).

Then two more, both kept (seed 91, 500 deals, paired against the code before them): a rebel lays a cheap whole
group over a fellow rebel's play — known, or inferred while the guard is hidden — while the emperor has yet to
answer it (顶牌, ``raise-bar``, as already against a lone emperor; :func:`_raises_bar`): +0.026 ± 0.017 of all
hands, all of it the rebels' (over inferred mates only: spend cost at most 2 −0.001, 3 +0.021, 5 −0.005 — the
gain is whole groups 10 … K, and 2s and broken groups lose it); and with only whole groups left and at most one
beatable, the unbeatable ones are led first (``cash-first``, :func:`_cash_first`): +0.004 ± 0.004. Together
+0.036 there; validated on 2,000 fresh hands (seed 163, 1,000 deals, planned before it ran): +0.032 [+0.020,
+0.044] of all hands (rebels +0.060, the emperor's side +0.005), the heuristic taking 0.600 of the hands against
``baseline-heuristic`` (0.567 before). The rebels' beats of a fellow rebel while the guard is hidden rose from 17 %
to 38 % of their chances there — the 顶牌 before the emperor answers; once he has let the play pass (the round
already the rebels'), the arena's ``rebel_tops_won_rebel_hidden_guard`` counts the beats that waste it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.baohuang.rules import Rules
from engine.bots.base import Bot, Decision, RandomBot, check_legal, hand_counts
from engine.cards import BIG, NATURAL_RANKS, SMALL, SUPER, TWO, VALUE_OF
from engine.core import Action
from engine.plays import Play, PlayRules, iter_answers

N = 5


@lru_cache(maxsize=64)
def _rules(items: tuple[tuple[str, Any], ...]) -> Any:
    from engine.baohuang import Rules
    return Rules(dict(items))


@dataclass
class BCtx:
    seat: int
    phase: str
    counts: list[int]
    pr: PlayRules
    role: str | None
    emperor: int | None
    guard: int | None
    solo: str | None
    seat_counts: list[int]
    top: Play | None = None
    top_seat: int | None = None
    played: list[int] = field(default_factory=lambda: [0] * 19)
    total: list[int] = field(default_factory=lambda: [0] * 19)
    finished: list[int] = field(default_factory=list)
    called: str | None = None
    hand: list[str] = field(default_factory=list)
    over_emperor: set[int] = field(default_factory=set)  # seats that have played over the emperor this hand

    @property
    def n_cards(self) -> int:
        return sum(self.counts[3:19])

    def unseen(self) -> list[int]:
        return [max(0, self.total[r] - self.counts[r] - self.played[r]) for r in range(19)]

    @property
    def lone_emperor(self) -> bool:
        """A rebel facing an emperor known to play alone (明独保 / 抢独, or a revealed 暗独保, B-14/B-18)."""
        return self.role == "rebel" and self.emperor is not None and self.solo in ("ming", "grab", "an")

    def active(self, s: int) -> bool:
        return s not in self.finished and self.seat_counts[s] > 0

    def order_after(self, s: int) -> list[int]:
        """The active seats after ``s`` in turn order (B-29), ``s`` excluded."""
        return [t for t in ((s + k) % N for k in range(1, N)) if self.active(t)]

    def runner(self) -> int | None:
        """The fellow rebel nearest to going out (fewest cards; on a tie, the one who plays sooner after me)."""
        mates = [t for t in self.order_after(self.seat) if t != self.emperor]
        return min(mates, key=lambda t: self.seat_counts[t]) if mates else None

    def presser(self) -> int | None:
        """The rebel who plays right after the emperor (his 下家): he answers every play the emperor makes."""
        if self.emperor is None:
            return None
        after = [t for t in self.order_after(self.emperor)]
        return after[0] if after else None

    def inferred_mate(self, s: int) -> bool:
        """A fellow rebel by inference only (he played over the emperor while the guard is hidden)."""
        return self.role == "rebel" and self.guard is None and s in self.over_emperor and s != self.emperor

    def side(self, s: int) -> int | None:
        """+1 = my side, -1 = the other side, None = unknown (to me)."""
        if s == self.seat:
            return 1
        e, g, me = self.emperor, self.guard, self.seat
        if e is None:
            return None
        mine_emp = me == e or me == g
        if self.solo in ("ming", "grab") or (self.solo == "an" and me == e):
            return 1 if (s == e) == mine_emp else -1
        if s == e:
            return 1 if mine_emp else -1
        if g is not None:
            their_emp = s == g
            return 1 if their_emp == mine_emp else -1
        if me == e:
            return None  # the emperor does not know his guard until revealed
        if self.role == "rebel" and s in self.over_emperor:
            # A hidden guard does not play over his own emperor (B-29): whoever did is, as far as a rebel can
            # tell, a fellow rebel — do not top him (the guard is inferred, never seen).
            return 1
        return None  # a rebel does not know which of the others is the guard


def _pack_totals(pr: PlayRules) -> list[int]:
    t = [0] * 19
    for r in NATURAL_RANKS:
        if r in pr.ranks:
            t[r] = 16
    t[TWO] = 16
    t[SMALL] = 4
    t[BIG] = 4
    return t


def _infer_rules(view: dict[str, Any], legal: Sequence[Action]) -> PlayRules:
    """The play rules of the table. The Baohuang view does not carry the options (yet): infer the deck from
    the dealt counts, 2s as fillers and the super joker from the legal plays and the cards seen."""
    opts = view.get("options")
    if opts is not None:
        pr: PlayRules = _rules(tuple(sorted(opts.items()))).play_rules
        return pr
    total = 216
    for ev in view.get("history") or []:
        if ev["kind"] == "dealt":
            total = sum(ev["data"].get("counts") or [216])
    ranks = frozenset(r for r in NATURAL_RANKS if r >= {216: 3, 200: 4, 168: 6}.get(total, 3))
    fillers = any(a.play is not None and a.play.naturals and a.play.twos for a in legal)
    sup = any(a.play is not None and a.play.supers for a in legal) or any(
        c.startswith("Z") for c in view.get("hand") or [])
    return PlayRules(game=Rules.game, mix_jokers=False, twos_as_fillers=fillers, kaopai=False, ranks=ranks,
                     allow_super=sup, super_rule="B-24")


def ctx_from_view(view: dict[str, Any], legal: Sequence[Action] = ()) -> BCtx:
    seat = int(view["seat"])
    pr = _infer_rules(view, legal)
    from engine.errors import RuleError
    from engine.plays import parse_play
    try:
        top = parse_play(pr, view["top"]) if view.get("top") else None
    except RuleError:
        loose = PlayRules(game=Rules.game, mix_jokers=False, twos_as_fillers=True, ranks=pr.ranks, allow_super=True,
                          super_rule="B-24")
        top = parse_play(loose, view["top"])
    trick = view.get("trick") or []
    top_seat = int(trick[-1]["seat"]) if trick and top is not None else None
    played = [0] * 19
    for ev in view.get("history") or []:
        if ev["kind"] == "play":
            for c in ev["data"].get("cards") or []:
                played[VALUE_OF[c[0]]] += 1
        elif ev["kind"] == "dealt":
            played = [0] * 19
    emp = view.get("emperor")
    return BCtx(seat=seat, phase=str(view["phase"]), counts=hand_counts(view.get("hand") or []), pr=pr,
                role=view.get("role"), emperor=emp, guard=view.get("guard"), solo=view.get("solo"),
                seat_counts=list(view.get("counts") or [0] * N), top=top, top_seat=top_seat, played=played,
                total=_pack_totals(pr), finished=list(view.get("finished") or []), called=view.get("called"),
                hand=list(view.get("hand") or []),
                over_emperor=over_emperor(view, int(emp)) if emp is not None else set())


def over_emperor(view: dict[str, Any], e: int) -> set[int]:
    """Seats that played over the emperor's play in this hand (from the public history)."""
    out: set[int] = set()
    last: int | None = None
    for ev in view.get("history") or []:
        k = ev["kind"]
        if k == "play":
            s = int(ev["data"]["seat"])
            if last == e and s != e:
                out.add(s)
            last = s
        elif k in ("kou", "lead_to", "dealt"):
            last = None
            if k == "dealt":
                out = set()
    return out


def callable_triple(hand: Sequence[str]) -> bool:
    """Whether some identity (rank and suit, no 2s, no jokers) is held exactly three times (B-14): the emperor
    can then call it and get a guard."""
    ids: dict[str, int] = {}
    for c in hand:
        if len(c) >= 2 and VALUE_OF[c[0]] in NATURAL_RANKS:
            ids[c[:2]] = ids.get(c[:2], 0) + 1
    return any(n == 3 for n in ids.values())


ACCEPT_STRENGTH = 7.0  # the hand strength at which a careful player keeps the throne (B-7)
MINGBAO_STRENGTH = 5.0  # about the strongest 40% of dealt hands (measured over 200 of them)
SOLO_STRENGTH = 17.0  # … and at which he plays alone against four (明独保, B-14)


def strength(c: Sequence[int]) -> float:
    """Hand strength: control cards against the number of groups that need a lead."""
    k = sum(1 for r in NATURAL_RANKS if c[r])
    return (3.0 * c[BIG] + 2.0 * c[SMALL] + 3.5 * c[SUPER] + 0.9 * c[TWO] + 0.45 * c[14] + 0.2 * c[13]
            - 0.6 * k + 0.08 * sum(c[r] for r in NATURAL_RANKS if c[r] >= 4))


def spend_cost(p: Play, c: Sequence[int]) -> float:
    cost = 0.0
    if p.naturals:
        r = p.natural_rank
        cost += (r - 3) * 0.3
        left = c[r] - p.naturals
        if left:
            cost += 1.5 + (0.5 if left == 1 else 0.0)
    elif p.twos:
        cost += 0.0
    cost += 2.5 * p.twos + 5.0 * p.raw_small + 7.0 * p.raw_big + 8.0 * p.supers
    return cost


def _rest(c: Sequence[int], p: Play) -> list[int]:
    r = list(c)
    if p.naturals:
        r[p.natural_rank] -= p.naturals
    r[TWO] -= p.twos
    r[SMALL] -= p.raw_small
    r[BIG] -= p.raw_big
    r[SUPER] -= p.supers
    return r


def _unbeatable(ctx: BCtx, p: Play, u: Sequence[int] | None = None) -> bool:
    """No play of the unseen cards (all in one hand, the worst case) beats ``p``."""
    if u is None:
        u = ctx.unseen()
    if not p.has_joker and p.count and not ctx.pr.allow_super:
        k, r = p.count, p.rank
        jokers = u[SMALL] + u[BIG]
        if r < TWO and u[TWO] + jokers >= k:
            return False
        fill = u[TWO] if ctx.pr.twos_as_fillers else 0
        return all(u[q] + jokers + fill < k for q in range(r + 1, TWO))
    return next(iter_answers(ctx.pr, u, p), None) is None


def _fixed(legal: Sequence[Action], kind: str) -> Action | None:
    return next((a for a in legal if a.kind == kind), None)


def _finish(ctx: BCtx, plays: list[Action]) -> Action | None:
    n = ctx.n_cards
    return next((a for a in plays if a.play is not None and a.play.n_cards == n), None)


# ---------------------------------------------------------------------------------------------- greedy
def greedy(ctx: BCtx, legal: Sequence[Action]) -> tuple[Action, str]:
    if ctx.phase != "play":
        return _declare_simple(ctx, legal)
    plays = [a for a in legal if a.play is not None]
    fin = _finish(ctx, plays)
    if fin is not None:
        return fin, "play-out B-31"
    c = ctx.counts
    if ctx.top is None:
        whole = [a for a in plays if a.play is not None and a.play.naturals == c[a.play.natural_rank]
                 and a.play.naturals and not a.play.twos and not a.play.has_joker]
        if whole:
            return min(whole, key=lambda a: a.play.natural_rank if a.play else 0), "lead-low B-28"
        return min(plays, key=lambda a: spend_cost(a.play, c) if a.play else 0.0), "lead-cheapest B-28"
    nat = [a for a in plays if a.play is not None and not a.play.has_joker and (a.play.naturals or ctx.n_cards <= 8)]
    nat = [a for a in nat if a.play is not None and a.play.twos == 0] or (nat if ctx.n_cards <= 8 else [])
    if nat:
        return min(nat, key=lambda a: spend_cost(a.play, c) if a.play else 0.0), "lowest-beat B-25"
    if plays and ctx.n_cards <= 8:
        return min(plays, key=lambda a: spend_cost(a.play, c) if a.play else 0.0), "beat-endgame B-25"
    jf = _fixed(legal, "jiefeng")
    if jf is not None:
        return jf, "jiefeng B-31"
    return _fixed(legal, "pass") or legal[0], "pass B-29"


def _declare_simple(ctx: BCtx, legal: Sequence[Action]) -> tuple[Action, str]:
    kinds = {a.kind: a for a in legal}
    if ctx.phase in ("abdicate", "call") and "abdicate" in kinds:
        if strength(ctx.counts) >= 6.0 and ("accept" in kinds or any(a.kind == "call" for a in legal)):
            if "accept" in kinds:
                return kinds["accept"], "accept-strong B-7"
        else:
            return kinds["abdicate"], "abdicate B-7"
    calls = [a for a in legal if a.kind == "call"]
    if calls:
        return calls[0], "call-first B-14"
    for k in ("accept", "decline", "abdicate"):
        if k in kinds:
            return kinds[k], k
    return legal[0], "only"


# ---------------------------------------------------------------------------------------------- heuristic
def heuristic(ctx: BCtx, legal: Sequence[Action]) -> tuple[Action, str]:
    if ctx.phase != "play":
        return _declare(ctx, legal)
    plays = [a for a in legal if a.play is not None]
    fin = _finish(ctx, plays)
    if fin is not None:
        return fin, "play-out B-31"
    if ctx.top is None:
        if ctx.lone_emperor:
            return _lead_lone(ctx, plays)
        if ctx.role == "rebel":
            short = _lead_short(ctx, plays)
            if short is not None:
                return short
        return _lead(ctx, plays)
    if ctx.lone_emperor:
        lone = _answer_lone(ctx, legal, plays)
        if lone is not None:
            return lone
    return _answer(ctx, legal, plays)


# --------------------------------------------------------------------- rebels against a lone emperor
FEED_MAX = 6  # a fellow rebel with this many cards or fewer is fed: every lead is a card he might follow
PRESS_COST = 20.0  # the emperor's 下家 spends up to two big jokers' worth to take a lead from him
RAISE_COST = 3.0  # a whole middle group (no 2, no joker) laid over a fellow rebel before the emperor answers


def _pure(p: Play) -> bool:
    return bool(p.naturals) and not p.twos and not p.has_joker and not p.supers


def _spares_emperor(ctx: BCtx, p: Play) -> bool:
    """A lead the lone emperor cannot go out on: he finishes only with a play of all his cards (B-31), so a
    lead of exactly his count is his exit unless nothing unseen beats it."""
    e = ctx.emperor
    if e is None or not ctx.active(e):
        return True
    return p.n_cards != ctx.seat_counts[e] or _unbeatable(ctx, p)


def _lead_lone(ctx: BCtx, plays: list[Action]) -> tuple[Action, str]:
    """Lead as a rebel against a lone emperor. Under 24-12 the hand ends when any rebel goes out (B-33), so a
    rebel who holds more cards than a fellow rebel near the end feeds him: a low whole group of exactly his
    count (the play he may go out on) or the lowest single. Never a lead of the emperor's count he could go
    out on."""
    c = ctx.counts
    safe = [a for a in plays if a.play is not None and _spares_emperor(ctx, a.play)] or plays
    r = ctx.runner()
    if r is not None and ctx.seat_counts[r] < ctx.n_cards and ctx.seat_counts[r] <= FEED_MAX:
        k = ctx.seat_counts[r]
        feeds = [a for a in safe if a.play is not None and _pure(a.play) and a.play.n_cards <= k]
        if feeds:
            def key(a: Action) -> tuple[int, int, float]:
                p = a.play
                assert p is not None
                whole_k = p.n_cards == k and p.naturals == c[p.natural_rank] and p.natural_rank <= 10
                return (0 if whole_k else 1 if p.n_cards == 1 else 2, p.natural_rank, spend_cost(p, c))
            return min(feeds, key=key), "feed-rebel B-33"
    short = _lead_short(ctx, safe)
    if short is not None:
        return short
    action, why = _lead(ctx, safe)
    return action, why


def _cash_first(ctx: BCtx, plays: list[Action]) -> tuple[Action, str] | None:
    """Near the end, with only whole groups left and at most one of them beatable: lead the unbeatable ones
    first. Each wins its round, so the lead comes back and the last group goes out on a lead of its own; led
    first, the beatable group could be topped and the lead lost (B-28, B-31)."""
    c = ctx.counts
    whole = {a.play.natural_rank: a for a in plays if a.play is not None and _pure(a.play)
             and a.play.naturals == c[a.play.natural_rank]}
    if len(whole) < 2 or len(whole) != len(_groups(c)):
        return None
    u = ctx.unseen()
    safe = sorted(r for r, a in whole.items() if a.play is not None and _unbeatable(ctx, a.play, u))
    if safe and len(whole) - len(safe) <= 1:
        return whole[safe[0]], "cash-first B-28"
    return None


def _lead_short(ctx: BCtx, plays: list[Action]) -> tuple[Action, str] | None:
    """A rebel's lead: the shortest whole group, lowest first. A single or a pair is what the rebels' hands can
    follow, so the emperor's side must spend a high card on it and a rebel behind tops that; a long group is
    the emperor's chance to shed many cards with one play the rebels seldom match. (The emperor's side leads
    the other way, lowest group first: measured, short leads cost it a third of its wins.)"""
    cash = _cash_first(ctx, plays)
    if cash is not None:
        return cash
    c = ctx.counts
    whole = [a for a in plays if a.play is not None and _pure(a.play) and a.play.naturals == c[a.play.natural_rank]]
    if not whole:
        return None
    return min(whole, key=lambda a: (a.play.n_cards, a.play.natural_rank) if a.play else (0, 0)), "lead-short B-28"


def _before_emperor(ctx: BCtx, ts: int) -> bool:
    """Whether the emperor is still to act on ``ts``'s play in this lap (he sits after me, before ``ts``)."""
    e = ctx.emperor
    order = [(ctx.seat + k) % N for k in range(1, N)]
    return e is not None and ctx.active(e) and order.index(e) < order.index(ts)


def _raises_bar(ctx: BCtx, ts: int, cost: float) -> bool:
    """Whether a rebel lays his cheapest beat (``cost``) over a fellow rebel's play (顶牌): while the emperor has
    yet to answer, a cheap whole group sheds my cards and raises the bar the emperor must clear (the round is
    still ours if he cannot). Not over a rebel about to go out: his lead, if the emperor cannot beat him, is his
    way out."""
    near_out = ctx.seat_counts[ts] <= FEED_MAX and ctx.seat_counts[ts] < ctx.n_cards
    return cost <= RAISE_COST and _before_emperor(ctx, ts) and not near_out


def _answer_lone(ctx: BCtx, legal: Sequence[Action], plays: list[Action]) -> tuple[Action, str] | None:
    """Answer as a rebel against a lone emperor (None: the general answer applies)."""
    ts = ctx.top_seat
    if ts is None:
        return None
    pass_a = _fixed(legal, "pass") or legal[0]
    if ts != ctx.emperor:
        # A fellow rebel's play is on top. Once the emperor has let it pass, the round is ours: never take it
        # from him (B-29/B-33).
        best = min(plays, key=lambda a: spend_cost(a.play, ctx.counts) if a.play else 0.0) if plays else None
        if best is not None and best.play is not None and _raises_bar(ctx, ts, spend_cost(best.play, ctx.counts)):
            return best, "raise-bar B-25"
        return pass_a, "let-rebel-win B-33"
    if not plays:
        return None
    best = min(plays, key=lambda a: spend_cost(a.play, ctx.counts) if a.play else 0.0)
    assert best.play is not None
    r = ctx.runner()
    me_runs = r is None or ctx.n_cards <= ctx.seat_counts[r]
    if ctx.seat == ctx.presser() or me_runs:
        if spend_cost(best.play, ctx.counts) <= PRESS_COST:
            return best, "press-emperor B-29"
        return None
    rang = _fixed(legal, "rang")
    if rang is not None and r is not None and ctx.seat_counts[r] <= FEED_MAX:
        lap = ctx.order_after(ctx.seat)
        if ctx.emperor in lap and lap.index(r) < lap.index(ctx.emperor):
            # 让牌 (B-29/B-30): the fellow rebel nearer to going out plays before the emperor does — let him
            # take this lead; if he cannot, the second lap comes back to me.
            return rang, "rang-to-rebel B-30"
    return None


def _groups(c: Sequence[int]) -> list[int]:
    return [r for r in NATURAL_RANKS if c[r]]


def _lead(ctx: BCtx, plays: list[Action]) -> tuple[Action, str]:
    cash = _cash_first(ctx, plays)
    if cash is not None:
        return cash
    c = ctx.counts
    gs = _groups(c)
    whole: dict[int, Action] = {}
    withx: dict[int, Action] = {}
    for a in plays:
        p = a.play
        assert p is not None
        if p.naturals and p.naturals == c[p.natural_rank] and not p.twos and not p.raw_small and not p.supers:
            if p.raw_big == 0:
                whole[p.natural_rank] = a
            elif p.raw_big == 1:
                withx[p.natural_rank] = a
    # Finish plan: big jokers carry all groups but the last (a play with X cannot be beaten, B-25).
    if not ctx.pr.kaopai and gs and c[BIG] >= len(gs) - 1 + (1 if c[TWO] or c[SMALL] else 0) and len(gs) >= 2:
        r = min(gs)
        if r in withx:
            return withx[r], "finish-plan-big-joker B-25"
    cands = sorted(r for r in gs if r in whole)
    if cands:
        u = ctx.unseen()
        unsafe = [r for r in cands if not _unbeatable(ctx, whole[r].play, u)] if len(cands) > 1 else cands  # type: ignore[arg-type]
        r = unsafe[0] if unsafe else cands[0]
        return whole[r], "lead-low B-28"
    return min(plays, key=lambda a: spend_cost(a.play, c) if a.play else 0.0), "lead-control B-28"


def _answer(ctx: BCtx, legal: Sequence[Action], plays: list[Action]) -> tuple[Action, str]:
    action, why = _answer_core(ctx, legal, plays)
    rang = _fixed(legal, "rang")
    ts = ctx.top_seat
    nxt = _next_active(ctx)
    if rang is not None and ts is not None and ctx.side(ts) == -1 and nxt is not None and ctx.side(nxt) == 1 \
            and action.play is not None and spend_cost(action.play, ctx.counts) > 1.5 \
            and not why.startswith(("beat-to-finish", "play-out")):
        # 让牌 (B-29): on an enemy's play with a mate next, let him cover it first; the second lap still lets us
        # beat it if nobody did. Never when an enemy sits next: he would shed cards on the lower play.
        return rang, "rang B-29"
    return action, why


def _next_active(ctx: BCtx) -> int | None:
    for k in range(1, N):
        s = (ctx.seat + k) % N
        if s not in ctx.finished and ctx.seat_counts[s] > 0:
            return s
    return None


def _answer_core(ctx: BCtx, legal: Sequence[Action], plays: list[Action]) -> tuple[Action, str]:
    pass_a = _fixed(legal, "pass") or legal[0]
    jf = _fixed(legal, "jiefeng")
    ts = ctx.top_seat
    rel = ctx.side(ts) if ts is not None else None
    if not plays:
        return (jf, "jiefeng B-31") if jf is not None else (pass_a, "no-beat B-29")
    c = ctx.counts
    best = min(plays, key=lambda a: spend_cost(a.play, c) if a.play else 0.0)
    assert best.play is not None
    cost = spend_cost(best.play, c)
    rest = _rest(c, best.play)
    gs = _groups(rest)
    if not ctx.pr.kaopai and rest[BIG] >= len(gs) - 1 and cost < 9 and len(gs) <= 3:
        return best, "beat-to-finish B-25"
    if rel == 1:
        if ts is not None and ctx.role == "guard" and ts == ctx.emperor and ctx.seat_counts[ts] > FEED_MAX \
                and cost <= RAISE_COST:
            # A cheap whole group over his emperor's play sheds the guard's cards at no cost to the side: the
            # emperor may beat it back and still leads with a strong hand. Passing every time left the guard
            # behind all three rebels once the emperor was out (a drawn hand, B-36 {1, 5}) in 12 % of the
            # emperor side's hands. Not while the emperor is near out: his lead may be his way out.
            return best, "shed-under-emperor B-25"
        if ts is not None and ctx.role == "rebel" and (ctx.inferred_mate(ts) or ctx.guard is not None) \
                and _raises_bar(ctx, ts, cost):
            return best, "raise-bar B-25"
        if ts is not None and ctx.inferred_mate(ts) and cost <= 1.5:
            return best, "shed-under-rebel B-25"  # a cheap whole low group costs a fellow rebel nothing
        if jf is not None:
            return jf, "jiefeng B-31"
        return pass_a, "let-teammate B-29"
    # Letting rebels spend up to 7 on an enemy's play gained +0.021 and +0.014 of the hands
    # against baseline-heuristic on the seeds it was tried on (91, 93; 800 hands each), but −0.003 [−0.012,
    # +0.006] on 2,000 fresh hands (seed 97); raising 3.5 to 5 on a play of unknown side gained +0.010 and +0.019
    # on those two seeds but made rebels beat rebels while the guard is hidden a third more often (17 % → 23 %).
    # Both stay as they were.
    threshold = 3.5 if rel is None else 5.0
    if ctx.n_cards <= 12:
        threshold += 3.0
    if ts is not None and ctx.seat_counts[ts] <= 6 and rel == -1:
        threshold += 5.0  # an enemy about to go out
    if rel == -1 and ts == ctx.emperor and ctx.solo in ("ming", "grab"):
        # A lone emperor (明独保) wins unless the four of us take leads from him: whoever can beat him does, and
        # the lead passes to our side (B-14; the seeds' rebels who "passed all hand" with 22222XX lost it).
        threshold += 12.0
    if rel is None and ctx.role == "rebel" and ts is not None and ctx.seat_counts[ts] <= 4:
        threshold -= 2.0  # perhaps a fellow rebel going out
    if jf is not None and cost > 1.0:
        return jf, "jiefeng B-31"
    if cost <= threshold:
        return best, "cover-enemy B-25" if rel == -1 else "lowest-beat B-25"
    return pass_a, "save-strength B-29"


def _declare(ctx: BCtx, legal: Sequence[Action]) -> tuple[Action, str]:
    kinds = {a.kind: a for a in legal}
    s = strength(ctx.counts)
    ph = ctx.phase
    calls = [a for a in legal if a.kind == "call"]
    if ph in ("abdicate", "call"):
        if "abdicate" in kinds and s < ACCEPT_STRENGTH:
            return kinds["abdicate"], "abdicate-weak B-7"
        if "abdicate" in kinds and not callable_triple(ctx.hand) and s < SOLO_STRENGTH:
            # B-12: with no identity held three times there is no guard to call — the throne would be one
            # against four; only a hand fit for 明独保 takes it so.
            return kinds["abdicate"], "abdicate-no-triple B-12"
        if "accept" in kinds:
            return kinds["accept"], "accept-strong B-7"
        if calls:
            return _best_call(ctx, calls), "call-triple B-14"
        return legal[0], "only"
    if ph == "pot":
        if "accept" in kinds and s >= ACCEPT_STRENGTH and (callable_triple(ctx.hand) or s >= SOLO_STRENGTH):
            return kinds["accept"], "accept-strong B-11"
        return kinds.get("decline", legal[0]), "decline B-11"
    if ph == "declare":
        if "solo" in kinds and s >= SOLO_STRENGTH:
            return kinds["solo"], "ming-solo-strong B-14"
        if calls:
            return _best_call(ctx, calls), "call-triple B-14"
        return kinds.get("decline", legal[0]), "decline"
    if ph == "grab":
        if "grab" in kinds and s >= 18.0:
            return kinds["grab"], "grab-strong B-9"
        return kinds.get("decline", legal[0]), "decline B-9"
    if ph == "mingbao":
        if "reveal" in kinds and s >= MINGBAO_STRENGTH:
            # A guard with a better-than-usual hand doubles a hand his side is favoured in (B-40), and openly:
            # the emperor then never tops him (B-16).
            return kinds["reveal"], "mingbao-strong B-16"
        return kinds.get("decline", legal[0]), "anbao B-16"
    if ph == "rebellion":
        if "rebel" in kinds and s >= 8.0:
            return kinds["rebel"], "rebel-strong B-18"
        return kinds.get("decline", legal[0]), "no-rebel B-18"
    return kinds.get("decline", legal[0]), "decline"


def _best_call(ctx: BCtx, calls: list[Action]) -> Action:
    """Call the highest identity: the guard then holds a strong card, and our own triple stays playable."""
    def key(a: Action) -> tuple[int, int]:
        arg = a.arg or "3"
        r = VALUE_OF.get(arg[0], 0)
        return (ctx.counts[r] if r < len(ctx.counts) else 0, r)
    # Prefer identities whose rank we do not hold in bulk (exactly three copies held → they stay a group).
    return max(calls, key=lambda a: (VALUE_OF.get((a.arg or "3")[0], 0), -key(a)[0]))


class BaohuangPolicyBot:
    wants_history = True

    def __init__(self, level: str, seed: int = 0) -> None:
        self.level = level
        self.policy = greedy if level == "greedy" else heuristic

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Decision:
        check_legal(legal)
        if len(legal) == 1:
            return Decision(legal[0], "only-legal")
        ctx = ctx_from_view(view, legal)
        action, reason = self.policy(ctx, legal)
        return Decision(action, reason)


def make_baohuang_bot(level: str, seed: int = 0, **kw: Any) -> Bot:
    if level == "random":
        return RandomBot(Rules.game, seed)
    if level == "search":
        from engine.bots.baohuang_search import BaohuangSearchBot
        return BaohuangSearchBot(seed=seed, **kw)
    if level == "baseline-search":
        from engine.bots.baohuang_search_baseline import BaohuangSearchBot as FrozenSearch
        frozen_search: Bot = FrozenSearch(seed=seed, **kw)
        return frozen_search
    if level == "baseline-heuristic":
        from engine.bots.baohuang_baseline import BaohuangPolicyBot as FrozenPolicy
        frozen: Bot = FrozenPolicy("heuristic", seed)
        return frozen
    return BaohuangPolicyBot(level, seed)
