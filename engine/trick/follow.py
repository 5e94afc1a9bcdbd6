"""Following a lead (RULES.md S-16, S-16a) and checking a throw (S-18, S-18a).

One procedure decides both whether a follow is legal and which follows exist: :func:`commit_paths` walks the
choices of S-16a (tractors, then pairs, then filling up); a follow is legal iff some walk commits cards that
all lie in it, and the legal follows are the walks' commitments filled up in every way.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from engine.trick.cards import SUIT_EN, SUIT_ZH, SUITS, Counts
from engine.trick.order import TRUMP, Order
from engine.trick.picks import Picks
from engine.trick.units import Lead, Unit, has_run, runs

Refusal3 = tuple[str, str, str]  # rule id, English, Chinese


def system_name(system: int) -> tuple[str, str]:
    if system == TRUMP:
        return "trumps", "主牌"
    s = SUITS[system]
    return SUIT_EN[s], SUIT_ZH[s]


def system_items(hand: Counts, system: int, order: Order) -> list[tuple[int, int]]:
    """The (code, copies) of ``hand`` in ``system``, low to high."""
    return [(c, hand[c]) for c in order.members[system] if hand[c]]


def _pairs(h: dict[int, int], order: Order) -> list[int]:
    return sorted((c for c, n in h.items() for _ in range(n // 2)), key=order.key)


def _fits(codes: Sequence[int], within: dict[int, int] | None) -> bool:
    return within is None or all(within.get(c, 0) >= 2 for c in codes)


def _take(h: dict[int, int], codes: Sequence[int]) -> dict[int, int]:
    out = dict(h)
    for c in codes:
        out[c] -= 2
    return out


def commit_paths(h: dict[int, int], tractors: Sequence[int], n_pairs: int, order: Order, protect: bool,
                 within: dict[int, int] | None = None) -> Iterator[list[int]]:
    """S-16a steps 1–2: every set of pair codes a follower holding ``h`` (his cards of the led system, more
    than the lead) may be made to commit; with ``within``, only commitments inside those cards."""
    yield from _walk(h, list(tractors), n_pairs, order, protect, within, [])


def _walk(h: dict[int, int], tractors: list[int], n_pairs: int, order: Order, protect: bool,
          within: dict[int, int] | None, done: list[int]) -> Iterator[list[int]]:
    if tractors:
        k, rest = tractors[0], tractors[1:]
        pairs = _pairs(h, order)
        if has_run(pairs, k, order):
            options: list[tuple[int, ...]] = list(dict.fromkeys(runs(pairs, k, order)))
        else:
            options = list(dict.fromkeys(combinations(pairs, min(k, len(pairs)))))
        for opt in options:
            if _fits(opt, within):
                yield from _walk(_take(h, opt), rest, n_pairs, order, protect,
                                 _take(within, opt) if within is not None else None, done + list(opt))
        return
    if n_pairs:
        pairs = _pairs(h, order)
        if protect:  # tractor_only_by_tractor: pairs inside a tractor of the uncommitted cards are not "left"
            steps = {order.step[c] for c in pairs}
            pairs = [c for c in pairs if order.step[c] - 1 not in steps and order.step[c] + 1 not in steps]
        for opt in dict.fromkeys(combinations(pairs, min(n_pairs, len(pairs)))):
            if _fits(opt, within):
                yield done + list(opt)
        return
    yield done


def follow_refusal(hand: Counts, lead: Lead, cand: Sequence[int], order: Order, type_required: bool,
                   protect: bool) -> Refusal3 | None:
    """Why ``cand`` (cards of ``hand``) is no legal follow to ``lead`` (S-16, S-16a); None when it is."""
    n = len(lead.cards)
    if len(cand) != n:
        return ("S-16", f"play exactly {n} cards, as many as were led", f"必须出{n}张牌，与首家出牌张数相同")
    cc: dict[int, int] = {}
    for c in cand:
        cc[c] = cc.get(c, 0) + 1
    if any(hand[c] < k for c, k in cc.items()):
        return ("S-16", "those cards are not in your hand", "手中没有这些牌")
    sysn = lead.system
    h = {c: k for c, k in system_items(hand, sysn, order)}
    size = sum(h.values())
    in_sys = sum(k for c, k in cc.items() if order.system[c] == sysn)
    en, zh = system_name(sysn)
    if in_sys < min(size, n):
        if size >= n:
            return ("S-16", f"you hold {en}: you must play {en}", f"有{zh}必须出{zh}")
        return ("S-16", f"you must play all your {en} first", f"必须先出完手中的{zh}")
    if not type_required or size <= n:
        return None
    if any(True for _ in commit_paths(h, lead.tractors, lead.n_pairs, order, protect, cc)):
        return None
    if lead.tractors:
        return ("S-16a", f"you must answer the tractor with your {en} pairs", f"有{zh}对子或拖拉机必须跟出")
    return ("S-16a", f"you hold a pair of {en}: you must play it", f"有{zh}对子必须出对子")


class Follows:
    """The legal follows of one hand to one lead, counted and indexed without listing them where the rules
    put no restriction; the S-16a case is listed once (it is small: one system, one walk per choice)."""

    __slots__ = ("fixed", "picks", "_listed")

    def __init__(self, hand: Counts, lead: Lead, order: Order, type_required: bool, protect: bool) -> None:
        n = len(lead.cards)
        mine = system_items(hand, lead.system, order)
        size = sum(k for _, k in mine)
        self._listed: list[tuple[int, ...]] | None = None
        if size == 0:
            self.fixed: list[int] = []
            self.picks = Picks([(c, k) for c, k in enumerate(hand) if k], n)
        elif size <= n:
            self.fixed = [c for c, k in mine for _ in range(k)]
            self.picks = Picks([(c, k) for c, k in enumerate(hand) if k and order.system[c] != lead.system],
                               n - size)
        else:
            self.fixed = []
            self.picks = Picks(mine, n)
            # S-16a binds only when the lead has pairs and the follower holds one: else any n cards of H
            if type_required and (lead.tractors or lead.n_pairs) and any(k >= 2 for _, k in mine):
                h = dict(mine)
                out: set[tuple[int, ...]] = set()
                for committed in commit_paths(h, lead.tractors, lead.n_pairs, order, protect):
                    left = dict(h)
                    for c in committed:
                        left[c] -= 2
                    doubled = [c for c in committed for _ in range(2)]
                    for fill in Picks([(c, k) for c, k in mine if left[c]], n - len(doubled)):
                        out.add(tuple(sorted(doubled + fill)))
                self._listed = sorted(out)

    @property
    def count(self) -> int:
        return len(self._listed) if self._listed is not None else self.picks.count

    def nth(self, k: int) -> list[int]:
        if self._listed is not None:
            return list(self._listed[k])
        return self.fixed + self.picks.nth(k)

    def __iter__(self) -> Iterator[list[int]]:
        return (self.nth(i) for i in range(self.count))


# -- throws (S-18, S-18a) ----------------------------------------------------------------------------


def beatable(unit: Unit, hand: Counts, system: int, order: Order) -> bool:
    """Whether ``hand`` holds, in ``system``, something higher than ``unit`` of its kind (S-18 a–c)."""
    if unit.pairs == 0:
        return any(k and order.system[c] == system and order.step[c] > unit.top for c, k in enumerate(hand))
    pairs = [c for c, k in enumerate(hand) if k >= 2 and order.system[c] == system]
    if unit.pairs == 1:
        return any(order.step[c] > unit.top for c in pairs)
    return has_run(pairs, unit.pairs, order, above=unit.top)


def throw_blockers(lead: Lead, hands: Sequence[Counts], order: Order) -> tuple[Unit, int] | None:
    """S-18, S-18a: None when the throw stands against ``hands`` (in turn order); else the forced unit — the
    smallest beatable kind, its lowest unit, the lower suit between equals — and the index of the first hand
    that beats it."""
    if not lead.is_throw:
        return None
    beaten: list[tuple[Unit, int]] = []
    for u in lead.units:
        for i, h in enumerate(hands):
            if beatable(u, h, lead.system, order):
                beaten.append((u, i))
                break
    if not beaten:
        return None
    return min(beaten, key=lambda ub: (ub[0].pairs, ub[0].top, [c // 13 for c in ub[0].codes]))
