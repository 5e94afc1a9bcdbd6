"""Gouji (够级) policies: ``greedy`` and ``heuristic`` (RULES.md Part G; strategy after seeds/000).

Both work on a :class:`GCtx` — what one seat knows — built from ``view(seat)`` (:func:`ctx_from_view`).
The search bot builds the same context from a determinized state for its rollouts, so the policy code is
shared. A policy returns ``(action, reason)``; the action is always one of the ``legal`` actions given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.bots.base import Decision, check_legal, hand_counts
from engine.cards import BIG, NATURAL_RANKS, SMALL, THREE, TWO, VALUE_OF
from engine.core import Action
from engine.gouji.burn import can_play_out
from engine.gouji.rules import Rules
from engine.gouji.table import GOUJI_KEY
from engine.plays import Play, PlayRules, iter_answers

N = 6
TOTAL = [0, 0, 0] + [16] * 13 + [4, 4, 0]  # cards of each rank in the 216-card pack (G-5)
TOTAL[TWO] = 16


def opp(s: int) -> int:
    return (s + 3) % N


def same_team(a: int, b: int) -> bool:
    return a % 2 == b % 2


@lru_cache(maxsize=64)
def _rules(items: tuple[tuple[str, Any], ...]) -> Rules:
    return Rules(**dict(items))


def rules_from_options(options: dict[str, Any]) -> Rules:
    return _rules(tuple(sorted(options.items())))


@dataclass
class GCtx:
    """What the deciding seat knows (never another seat's hidden cards)."""

    seat: int
    rules: Rules
    phase: str
    mode: str | None
    counts: list[int]
    top: Play | None = None
    top_seat: int | None = None
    top_gouji: bool = False
    top_final: bool = False
    passed: set[int] = field(default_factory=set)
    rang_by: int | None = None
    active: list[bool] = field(default_factory=lambda: [True] * N)
    kaidian: list[bool] = field(default_factory=lambda: [False] * N)
    calls: list[str] = field(default_factory=lambda: ["none"] * N)
    wutou: list[bool] = field(default_factory=lambda: [False] * N)
    burner: int | None = None
    chaos: bool = False
    revolutionary: int | None = None
    played: list[int] = field(default_factory=lambda: [0] * 19)
    known: list[int | None] = field(default_factory=lambda: [None] * N)  # card counts where known
    set_no: int = 1
    sets_per_game: int = 1
    tribute: list[dict[str, Any]] = field(default_factory=list)
    returning: dict[str, Any] | None = None
    team_hands: dict[int, list[int]] = field(default_factory=dict)
    kaidian_record: list[list[bool]] = field(default_factory=list)  # per finished set of this game (G-57)

    @property
    def pr(self) -> PlayRules:
        return self.rules.play_rules

    @property
    def n_cards(self) -> int:
        return sum(self.counts[3:19])

    @property
    def last_set(self) -> bool:
        return self.set_no >= self.sets_per_game

    def unseen(self) -> list[int]:
        """Cards of each rank neither in this hand nor played (they are in other hands, or thrown in)."""
        c, p = self.counts, self.played
        return [max(0, TOTAL[r] - c[r] - p[r]) for r in range(19)]


def ctx_from_view(view: dict[str, Any]) -> GCtx:
    seat = int(view["seat"])
    rules = rules_from_options(view["options"])
    trick = view.get("trick") or []
    top = top_seat = None
    top_gouji = top_final = False
    if trick:
        t = trick[-1]
        top = rules.parse(t["play"])
        top_seat = int(t["seat"])
        top_gouji = bool(t.get(GOUJI_KEY))
        top_final = bool(t.get("final"))
    played = [0] * 19
    for ch, n in (view.get("played") or {}).items():
        played[VALUE_OF[ch]] += int(n)
    return GCtx(
        seat=seat, rules=rules, phase=str(view["phase"]), mode=view.get("mode"),
        counts=hand_counts(view.get("hand") or []), top=top, top_seat=top_seat, top_gouji=top_gouji,
        top_final=top_final, passed=set(view.get("passed") or []), rang_by=view.get("rang_by"),
        active=list(view.get("active") or [True] * N), kaidian=list(view.get("kaidian") or [False] * N),
        calls=list(view.get("calls") or ["none"] * N), wutou=list(view.get("wutou") or [False] * N),
        burner=view.get("burner"), chaos=bool(view.get("chaos")), revolutionary=view.get("revolutionary"),
        played=played, known=list(view.get("counts") or [None] * N), set_no=int(view.get("set_no") or 1),
        sets_per_game=int(view.get("sets_per_game") or 1), tribute=list(view.get("tribute") or []),
        returning=view.get("returning"),
        team_hands={int(k): hand_counts(v) for k, v in (view.get("team_hands") or {}).items()},
        kaidian_record=[list(r.get("kaidian") or [False] * N) for r in view.get("set_results") or []],
    )


# ---------------------------------------------------------------------------------------------- play features
def groups(counts: Sequence[int]) -> list[int]:
    """Natural ranks held (each a group that needs a lead of its own)."""
    return [r for r in NATURAL_RANKS if counts[r]]


def uses_all(play: Play, counts: Sequence[int]) -> bool:
    return play.n_cards == sum(counts[3:19])


def rest_after(counts: Sequence[int], play: Play) -> list[int]:
    rest = list(counts)
    if play.naturals:
        rest[play.natural_rank] -= play.naturals
    rest[TWO] -= play.twos
    rest[SMALL] -= play.raw_small
    rest[BIG] -= play.raw_big
    return rest


def spend_cost(play: Play, counts: Sequence[int]) -> float:
    """How much of the hand's strength a play gives away (low = cheap: low ranks, whole groups)."""
    cost = 0.0
    if play.naturals:
        r = play.natural_rank
        cost += (r - 3) * 0.3
        left = counts[r] - play.naturals
        if left:
            cost += 1.5 + (0.5 if left == 1 else 0.0)
    cost += 3.0 * play.twos + 5.0 * play.raw_small + 7.0 * play.raw_big
    return cost


def unbeatable(ctx: GCtx, play: Play, pool: Sequence[int] | None = None) -> bool:
    """No play formed from the unseen cards (all given to one player, the worst case) beats ``play``."""
    if ctx.rules.options.compare_option == 0 and play.big and not play.supers:
        return True
    u = list(pool) if pool is not None else ctx.unseen()
    if not play.has_joker and play.count:
        # A plain play (rank part only): a beat needs ``size`` cards above its rank — one higher rank
        # topped up with 2s (fillers) and jokers, or 2s and jokers alone.
        k, r = play.count, play.rank
        extra = u[SMALL] + u[BIG] + (u[TWO] if r < TWO else 0)
        if extra >= k:
            return False
        if r >= TWO:
            return True
        return max(u[q] for q in range(r + 1, TWO)) + extra < k if r + 1 < TWO else True
    return next(iter_answers(ctx.pr, u, play), None) is None


def burn_leads_ok(counts: Sequence[int], play: Play, biesan: bool) -> bool:
    """G-53/G-55: a burner's lead carries a joker (or is final) and leaves a hand that can still be played out."""
    if uses_all(play, counts):
        return True
    return play.has_joker and can_play_out(rest_after(counts, play), biesan)


def _plays(legal: Sequence[Action]) -> list[Action]:
    return [a for a in legal if a.play is not None]


def _fixed(legal: Sequence[Action], kind: str) -> Action | None:
    for a in legal:
        if a.kind == kind:
            return a
    return None


def _natural_only(a: Action) -> bool:
    p = a.play
    return p is not None and p.twos == 0 and not p.has_joker


# ---------------------------------------------------------------------------------------------- greedy
def greedy(ctx: GCtx, legal: Sequence[Action]) -> tuple[Action, str]:
    """Lowest play that beats; leads its lowest group; keeps jokers and 2s; the obvious declarations."""
    ph = ctx.phase
    if ph != "play":
        return _declare_simple(ctx, legal)
    plays = _plays(legal)
    n = sum(ctx.counts[3:19])  # uses_all, counted once
    finish = [a for a in plays if a.play is not None and a.play.n_cards == n]
    if ctx.mode == "burn":
        if finish:
            return finish[0], "burn-to-finish G-51"
        return _fixed(legal, "decline") or legal[0], "decline-burn G-52"
    if finish:
        return finish[0], "play-out G-63"
    if ctx.mode == "lead":
        if ctx.burner == ctx.seat:
            ok = [a for a in plays if a.play is not None and burn_leads_ok(ctx.counts, a.play, ctx.rules.options.biesan)]
            if ok:
                return min(ok, key=lambda a: (a.play.raw_big if a.play else 0, spend_cost(a.play, ctx.counts)
                                              if a.play else 0)), "burn-lead G-53"
        whole = [a for a in plays if _natural_only(a) and a.play is not None
                 and a.play.naturals == ctx.counts[a.play.natural_rank]]
        if whole:
            return min(whole, key=lambda a: a.play.natural_rank if a.play else 0), "lead-low G-40"
        return min(plays, key=lambda a: spend_cost(a.play, ctx.counts) if a.play else 0), "lead-cheapest G-40"
    jf = _fixed(legal, "jiefeng")
    nat = [a for a in plays if _natural_only(a)]
    if nat:
        return min(nat, key=lambda a: (a.play.natural_rank if a.play else 0,
                                       spend_cost(a.play, ctx.counts) if a.play else 0)), "lowest-beat G-35"
    if plays and ctx.n_cards <= 10:
        return min(plays, key=lambda a: spend_cost(a.play, ctx.counts) if a.play else 0), "beat-endgame G-35"
    if jf is not None:
        return jf, "jiefeng G-64"
    return _fixed(legal, "pass") or legal[0], "pass G-42"


def _declare_simple(ctx: GCtx, legal: Sequence[Action]) -> tuple[Action, str]:
    kinds = {a.kind: a for a in legal}
    ph = ctx.phase
    if ph == "show" and "show" in kinds:
        return kinds["show"], "show-three G-16"
    if ph == "yaotou" and "yaotou" in kinds:
        return kinds["yaotou"], "yaotou G-32"
    if ph == "tribute" and "accept" in kinds:
        return kinds["accept"], "accept-tribute G-82"
    if ph == "return":
        if "accept" in kinds:
            return kinds["accept"], "accept-return G-81"
        gives = [a for a in legal if a.kind == "give" and a.arg]
        if gives:
            return min(gives, key=lambda a: VALUE_OF[(a.arg or "3")[0]]), "return-low G-81"
    if "decline" in kinds:
        return kinds["decline"], "decline"
    return legal[0], "only"


# ---------------------------------------------------------------------------------------------- heuristic
def hand_strength(counts: Sequence[int]) -> float:
    """A rough measure (higher = stronger): control cards minus the leads the hand needs."""
    k = len(groups(counts))
    return 2.2 * counts[BIG] + 1.6 * counts[SMALL] + 0.8 * counts[TWO] + 0.5 * counts[14] + 0.25 * counts[13] - 0.55 * k


def heuristic(ctx: GCtx, legal: Sequence[Action]) -> tuple[Action, str]:
    if ctx.phase != "play":
        return _declare(ctx, legal)
    plays = _plays(legal)
    n = sum(ctx.counts[3:19])  # uses_all, counted once
    finish = [a for a in plays if a.play is not None and a.play.n_cards == n]
    if ctx.mode == "burn":
        return _burn(ctx, legal, plays, finish)
    if finish:
        return finish[0], "play-out G-63"
    if ctx.mode == "lead":
        return _lead(ctx, plays)
    return _answer(ctx, legal, plays)


def _burn(ctx: GCtx, legal: Sequence[Action], plays: list[Action], finish: list[Action]) -> tuple[Action, str]:
    decline = _fixed(legal, "decline") or legal[0]
    if finish:
        return finish[0], "burn-to-finish G-51"
    best: Action | None = None
    best_key: tuple[float, ...] = ()
    for a in plays:
        p = a.play
        assert p is not None
        rest = rest_after(ctx.counts, p)
        k = len(groups(rest))
        sure = rest[BIG] >= k - 1 if ctx.rules.options.compare_option == 0 else False
        short = k <= 1 or (k <= 2 and rest[BIG] + rest[SMALL] >= 2)
        if not (sure or short):
            continue
        key = (0.0 if sure else 1.0, spend_cost(p, ctx.counts))
        if best is None or key < best_key:
            best, best_key = a, key
    if best is not None:
        return best, "burn-to-finish G-51"
    return decline, "decline-burn G-52"


def _finish_plan(ctx: GCtx, counts: Sequence[int]) -> bool:
    """Every group but the last can be carried out by a big joker (unbeatable under compare option 0)."""
    if ctx.rules.options.compare_option != 0:
        return False
    k = len(groups(counts))
    return k >= 1 and counts[BIG] >= k - 1


def _lead(ctx: GCtx, plays: list[Action]) -> tuple[Action, str]:
    c = ctx.counts
    biesan = ctx.rules.options.biesan
    if ctx.burner == ctx.seat:
        ok = [a for a in plays if a.play is not None and burn_leads_ok(c, a.play, biesan)]
        if ok:
            return min(ok, key=lambda a: _burn_lead_key(c, a.play)), "burn-lead G-53"
    gs = groups(c)
    if biesan:
        gs = [r for r in gs if r != THREE]
    whole: dict[int, Action] = {}
    whole_x: dict[int, Action] = {}
    whole_sx: dict[int, Action] = {}  # a whole group carried by one small joker
    for a in plays:
        p = a.play
        assert p is not None
        if p.naturals and p.naturals == c[p.natural_rank] and p.twos == 0:
            if p.raw_small == 0 and p.raw_big == 0:
                whole[p.natural_rank] = a
            elif p.raw_small == 0 and p.raw_big == 1:
                whole_x[p.natural_rank] = a
            elif p.raw_small == 1 and p.raw_big == 0:
                whole_sx[p.natural_rank] = a
    # Plan: carry every group but the last with one big joker each (a dead card nobody can beat).
    if _finish_plan(ctx, c) and len(gs) >= 2:
        r = min(gs)
        if r in whole_x:
            return whole_x[r], "finish-plan-big-joker G-35"
    # seeds/000 学会用花…一个花出两手小牌: with jokers to spare, a big joker carries the lowest small group out
    # as a lead nobody can beat (G-35, compare option 0), and the lead comes back for the next small group.
    if ctx.rules.options.compare_option == 0 and c[BIG] >= 2 and len(gs) >= 4 and gs and min(gs) <= 8 \
            and min(gs) in whole_x:
        return whole_x[min(gs)], "joker-carries-small G-35"
    # A hand that has lost its place (G-71 二落/大落) keeps no joker: one held to the end of the set is wasted.
    # Each one carries a small group out while the leads still come (学会用花…一个花出两手小牌).
    if behind(ctx) and gs:
        for carried in (whole_x, whole_sx):
            low = [r for r in gs if r in carried]
            if low:
                return carried[min(low)], "joker-carries-small-behind G-71"
    if c[SMALL] >= 1 and c[SMALL] + c[BIG] >= 2 and len(gs) >= 4 and min(gs) <= 8 and min(gs) in whole_sx:
        return whole_sx[min(gs)], "joker-carries-small G-35"
    # Safe leads (nobody can beat them, counted from the cards played): keep them for later unless they 开点.
    if not ctx.kaidian[ctx.seat] and not ctx.last_set and ctx.rules.options.dadian_enabled and not ctx.chaos:
        for r in sorted(whole, reverse=True):
            p = whole[r].play
            assert p is not None
            if ctx.rules.is_gouji(p) and ctx.rules.opens_point(p) and unbeatable(ctx, p) and len(gs) > 1:
                return whole[r], "kaidian G-57"
    # Lead the lowest group, except that a weak single/pair right before the end goes as a gouji push.
    cands = [r for r in gs if r in whole]
    if cands:
        # A lower group that is safe is better kept: lead the lowest one that is not safe.
        if len(cands) > 1:
            pool = ctx.unseen()  # the same for every group: counted once
            unsafe = [r for r in cands if not unbeatable(ctx, whole[r].play, pool)]  # type: ignore[arg-type]
        else:
            unsafe = cands
        r = min(unsafe) if unsafe else min(cands)
        return whole[r], "lead-low G-40"
    # Only 2s and jokers (or 3s under 憋三) left — cheapest legal lead, prefer the one that will stand.
    best = min(plays, key=lambda a: _lead_fallback_key(ctx, a.play))
    return best, "lead-control G-40"


def behind(ctx: GCtx) -> bool:
    """The seat's place is being lost (G-71): others have gone out, and the hand needs more leads than its
    control cards (2s and jokers) can ever win back."""
    out = sum(1 for s in range(N) if not ctx.active[s])
    c = ctx.counts
    control = c[TWO] + c[SMALL] + c[BIG]
    return out >= 2 and c[SMALL] + c[BIG] >= 1 and len(groups(c)) >= control + 2


def _burn_lead_key(c: Sequence[int], p: Play | None) -> tuple[float, ...]:
    assert p is not None
    return (0.0 if p.raw_big else 1.0, -float(p.naturals), p.n_cards - p.naturals, float(p.natural_rank))


def _lead_fallback_key(ctx: GCtx, p: Play | None) -> tuple[float, ...]:
    assert p is not None
    rest = rest_after(ctx.counts, p)
    return (0.0 if can_play_out(rest, False) or rest[BIG] else 1.0, spend_cost(p, ctx.counts))


def _answer(ctx: GCtx, legal: Sequence[Action], plays: list[Action]) -> tuple[Action, str]:
    seat = ctx.seat
    ts = ctx.top_seat
    pass_a = _fixed(legal, "pass") or legal[0]
    rang = _fixed(legal, "rang")
    jf = _fixed(legal, "jiefeng")
    if ts is None:
        return pass_a, "pass G-42"
    mate = same_team(ts, seat)
    n_me = ctx.n_cards
    if not plays:
        if jf is not None:
            return jf, "jiefeng G-64"
        return pass_a, "no-beat G-42"
    best = min(plays, key=lambda a: spend_cost(a.play, ctx.counts) if a.play else 0.0)
    assert best.play is not None
    cost = spend_cost(best.play, ctx.counts)
    rest = rest_after(ctx.counts, best.play)
    if _finish_plan(ctx, rest) and cost < 9:
        return best, "beat-to-finish G-35"
    if jf is not None and mate:
        return jf, "jiefeng G-64"
    if mate:
        # Never over-beat a teammate (seeds/000: "联邦的牌，8、9以上的，没有特殊情况，不许打").
        return pass_a, "let-teammate G-42"
    known = ctx.known[ts] if 0 <= ts < N else None
    urgent = (known is not None and known <= 6) or n_me <= 10  # an opponent about to go out, or our endgame
    if ctx.top_gouji and ts == opp(seat):
        # seeds/000 出牌: 对头的级牌…能打就打 — answer the 对头's 够级 play (G-43: only we may) whenever a beat
        # does not ruin the hand; the cheapest one that keeps a group whole and spends no joker bare.
        fair = [a for a in plays if a.play is not None and not _ruinous(ctx.counts, a.play)]
        if fair:
            pick = min(fair, key=lambda a: _answer_key(ctx.counts, a.play))
            return pick, "answer-duitou-gouji G-43"
        return pass_a, "save-strength G-42"
    lost = behind(ctx)
    if lost and not ctx.top_gouji:
        # The place is being lost (G-71): a joker kept is wasted, so one wins the lead for the groups — carried
        # with the group it beats if the hand has one, alone if it must.
        spend = [a for a in plays if a.play is not None and a.play.has_joker and not _breaks_group(ctx.counts, a.play)
                 and a.play.raw_big + a.play.raw_small == 1
                 and (not _bare_joker(a.play) or (a.play.raw_big and ctx.counts[SMALL] + ctx.counts[BIG] == 1))]
        if spend:
            pick = min(spend, key=lambda a: (_bare_joker(a.play) if a.play else True,
                                             -(a.play.raw_big if a.play else 0), spend_cost(a.play, ctx.counts)
                                             if a.play else 0.0))
            return pick, "spend-joker-behind G-71"
    if not ctx.top_gouji and not urgent:
        # An ordinary beat never splits a group (seeds/000 出牌: 66 out of 66666 on 55 wastes a lead) and never
        # spends a joker alone (学会用花: a joker carries small cards, it is not a card of its own).
        plays = [a for a in plays if a.play is not None and not _breaks_group(ctx.counts, a.play)
                 and not _bare_joker(a.play)]
        if not plays:
            if rang is not None and ctx.active[(seat + 2) % N]:
                return rang, "rang G-46"  # let the two behind try first; we may still answer (G-47)
            return (jf, "jiefeng G-64") if jf is not None else (pass_a, "keep-groups G-42")
        best = min(plays, key=lambda a: spend_cost(a.play, ctx.counts) if a.play else 0.0)
        assert best.play is not None
        cost = spend_cost(best.play, ctx.counts)
    threshold = 3.5
    if ctx.top_gouji:
        threshold = 7.5  # cover the 对头's 够级 play (seeds/000 #4)
    if n_me <= 12:
        threshold += 3.0
    if known is not None and known <= 6:
        threshold += 4.0  # an opponent about to go out: stop him
    if ctx.top_final:
        threshold -= 1.0
    if jf is not None and cost > 1.0:
        return jf, "jiefeng G-64"
    if cost <= threshold:
        if rang is not None and cost > 1.5 and ctx.active[(seat + 2) % N]:
            return rang, "rang G-46"  # seeds/000 #5: 有牌打的时候要多考虑让
        return best, "cover-opp G-43" if ctx.top_gouji else "lowest-beat G-35"
    return pass_a, "save-strength G-42"


def _breaks_group(counts: Sequence[int], p: Play) -> bool:
    """The play takes part of a natural group and leaves the rest (a split group needs two leads)."""
    return bool(p.naturals) and counts[p.natural_rank] > p.naturals


def _bare_joker(p: Play) -> bool:
    """A play of jokers alone (a lone X or x, or several): no small cards ride with it."""
    return p.has_joker and not p.naturals and not p.twos


def _ruinous(counts: Sequence[int], p: Play) -> bool:
    """A beat that spends every control card (2s and jokers) while ``RUIN_GROUPS`` or more groups still need
    leads: the hand could then never win a lead back. Anything less is worth it against the 对头's 够级 play,
    which otherwise wins him the lead and 开点 (G-57)."""
    rest = rest_after(counts, p)
    control = rest[TWO] + rest[SMALL] + rest[BIG]
    spent = p.twos + p.raw_small + p.raw_big
    return bool(spent) and control == 0 and len(groups(rest)) >= RUIN_GROUPS


RUIN_GROUPS = 9  # with seven or eight groups left the 对头's 够级 is still answered (it was left in 12 % of cases)


def _answer_key(counts: Sequence[int], p: Play | None) -> tuple[float, ...]:
    assert p is not None
    return (1.0 if _breaks_group(counts, p) else 0.0, 1.0 if _bare_joker(p) else 0.0, spend_cost(p, counts))


def _declare(ctx: GCtx, legal: Sequence[Action]) -> tuple[Action, str]:
    kinds = {a.kind: a for a in legal}
    ph = ctx.phase
    c = ctx.counts
    if ph == "yudian":
        # A call only matters if tribute follows this set; then it is a bet that the 对头 will not 开点.
        if "yudian" in kinds and not ctx.last_set and ctx.rules.options.tribute_enabled \
                and yudian_gain(ctx) > 0:
            return kinds["yudian"], "yudian G-13"
        return kinds.get("decline", legal[0]), "no-yudian G-13"
    if ph == "mingdian":
        if "mingdian" in kinds and not ctx.last_set and ctx.rules.options.tribute_enabled and hand_strength(c) >= 6.0:
            return kinds["mingdian"], "mingdian G-14"
        return kinds.get("decline", legal[0]), "no-mingdian G-14"
    if ph == "revolt":
        # seeds/000: 只有你能革命的时候…一定不革命, unless the hand is a burden to the team.
        if "revolt" in kinds and hand_strength(c) < -6.5:
            return kinds["revolt"], "revolt-weak-hand G-28"
        return kinds.get("decline", legal[0]), "no-revolt G-29"
    if ph == "yaotou":
        return kinds.get("yaotou", legal[0]), "yaotou G-32"
    if ph == "show":
        return kinds.get("show", legal[0]), "show-three G-16"
    if ph == "tribute":
        item = next((it for it in ctx.tribute if it.get("status") == "offered"), None)
        if item is not None and same_team(int(item["payer"]), ctx.seat) and "refuse" in kinds \
                and item.get("kind") != "fall":
            return kinds["refuse"], "refuse-teammate-tribute G-82"
        return kinds.get("accept", legal[0]), "accept-tribute G-82"
    if ph == "return":
        ret = ctx.returning or {}
        if "accept" in kinds:  # we are the payer, offered a card of a rank we do not hold
            giver = ret.get("receiver")
            if "refuse" in kinds and giver is not None and not same_team(int(giver), ctx.seat):
                return kinds["refuse"], "refuse-return G-81"
            return kinds["accept"], "accept-return G-81"
        gives = [a for a in legal if a.kind == "give" and a.arg]
        if gives:
            payer = ret.get("payer")
            mate = payer is not None and same_team(int(payer), ctx.seat)
            return min(gives, key=lambda a: _return_key(c, a.arg or "3", mate)), \
                ("return-high-single G-81" if mate else "return-low G-81")
    return kinds.get("decline", legal[0]), "decline"


def yudian_gain(ctx: GCtx) -> float:
    """Expected cards gained by 预点 (G-13, G-80; seeds/000 点贡 table), before the deal (no hand yet: G-10).

    Against not calling, 预点 wins 3 cards when the 对头 does not 开点 (he pays 4, not 1) and loses 7 when he
    开点s and we do not (we pay 8, not 1). The chances come from this game's record of 开点 (G-57), each seat
    starting from even odds (where the call just fails to pay): a seat calls once the record shows its 对头
    seldom 开点s (seeds/000: 两个人互不开点叫预点的人比不叫预点的沾很大光), not at tables where nearly everyone
    开点s — there the seed's 每把都预点 only pays the 8-card penalty."""
    me, him = ctx.seat, opp(ctx.seat)
    n = len(ctx.kaidian_record)
    p = (1 + sum(bool(r[me]) for r in ctx.kaidian_record)) / (2 + n)
    q = (1 + sum(bool(r[him]) for r in ctx.kaidian_record)) / (2 + n)
    return 3.0 * (1.0 - q) - 7.0 * q * (1.0 - p)


def _return_key(c: Sequence[int], card: str, mate: bool) -> tuple[float, ...]:
    r = VALUE_OF[card[0]]
    if r >= TWO:
        return (9.0, float(r))
    single = 0.0 if c[r] == 1 else 1.0
    if mate:  # seeds/000 吃联邦落贡: 还牌尽量找大的单牌给联邦
        return (single, -float(r))
    # To an opponent: a low card, even out of a low pair, before any high single (a returned Q is a lead he
    # wins with, G-81); among the low cards a single first, since it would need a lead of its own.
    return (0.0 if r <= LOW_RETURN else 1.0, single, float(r))


LOW_RETURN = VALUE_OF["T"]  # the highest rank returned to an opponent while a lower card is held


# ---------------------------------------------------------------------------------------------- bots
class GoujiPolicyBot:
    """A Gouji bot driven by one of the policies above."""

    wants_history = False

    def __init__(self, level: str, seed: int = 0) -> None:
        self.level = level
        self.policy = greedy if level == "greedy" else heuristic

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Decision:
        check_legal(legal)
        if len(legal) == 1:
            return Decision(legal[0], "only-legal")
        ctx = ctx_from_view(view)
        action, reason = self.policy(ctx, legal)
        return Decision(action, reason)


def make_gouji_bot(level: str, seed: int = 0, **kw: Any) -> Any:
    """A Gouji bot of ``level`` (engine.bots.LEVELS); the ``baseline-*`` levels are the frozen copies."""
    if level == "random":
        from engine.bots.base import RandomBot
        return RandomBot(Rules.game, seed)
    if level == "search":
        from engine.bots.gouji_search import GoujiSearchBot
        return GoujiSearchBot(seed=seed, **kw)
    if level == "baseline-search":
        from engine.bots.gouji_search_baseline import GoujiSearchBot as FrozenSearch
        return FrozenSearch(seed=seed, **kw)
    if level == "baseline-heuristic":
        from engine.bots.gouji_baseline import GoujiPolicyBot as FrozenPolicy
        return FrozenPolicy("heuristic", seed)
    return GoujiPolicyBot(level, seed)
