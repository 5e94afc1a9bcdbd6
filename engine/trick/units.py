"""Combinations (牌型, RULES.md S-14 … S-14b), the one reading of a play (S-18b), matching and winning a trick
(S-17, S-17a).

A play inside one system is read into units — singles, pairs (对) and tractors (拖拉机, k ≥ 2 pairs on
consecutive steps). A later play *matches* the lead when it splits into units of the same kinds and lengths;
the split most favourable to its player is used.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from engine.errors import IllegalPlay
from engine.trick.cards import Cards, notation
from engine.trick.order import TRUMP, Order


@dataclass(frozen=True, slots=True)
class Unit:
    """One single, pair or tractor: ``pairs`` = 0 for a single, 1 for a pair, k for a tractor of k pairs;
    ``top`` the step of its highest card (S-17a compares units by it); ``codes`` its cards, low to high."""

    pairs: int
    top: int
    codes: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "single" if self.pairs == 0 else "pair" if self.pairs == 1 else "tractor"

    @property
    def size(self) -> int:
        return max(1, 2 * self.pairs)

    def __str__(self) -> str:
        return notation(self.codes)


@dataclass(frozen=True, slots=True)
class Lead:
    """A lead read under one order (S-15, S-18b): its ``kind`` (single / pair / tractor / throw), its system
    (0 … 3 a side suit, 4 the trumps) and its units, largest first."""

    cards: Cards
    kind: str
    system: int
    units: tuple[Unit, ...]

    @property
    def tractors(self) -> tuple[int, ...]:
        """The lengths (in pairs) of its tractors, longest first."""
        return tuple(u.pairs for u in self.units if u.pairs >= 2)

    @property
    def n_pairs(self) -> int:
        """Its pairs that are not in a tractor."""
        return sum(1 for u in self.units if u.pairs == 1)

    @property
    def n_singles(self) -> int:
        return sum(1 for u in self.units if u.pairs == 0)

    @property
    def largest(self) -> Unit:
        return self.units[0]

    @property
    def is_throw(self) -> bool:
        return self.kind == "throw"

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return str(self.cards)


def system_of(codes: Sequence[int], order: Order) -> int | None:
    """The one system all ``codes`` belong to, or None when they mix systems."""
    if not codes:
        return None
    s = order.system[codes[0]]
    for c in codes:
        if order.system[c] != s:
            return None
    return s


def _pairs_singles(codes: Sequence[int]) -> tuple[list[int], list[int]]:
    counts: dict[int, int] = {}
    for c in codes:
        counts[c] = counts.get(c, 0) + 1
    pairs = [c for c, n in sorted(counts.items()) for _ in range(n // 2)]
    singles = [c for c, n in sorted(counts.items()) if n % 2]
    return pairs, singles


def _by_step(pairs: Sequence[int], order: Order) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for c in pairs:
        out.setdefault(order.step[c], []).append(c)
    return out


def runs(pairs: Sequence[int], k: int, order: Order) -> Iterator[tuple[int, ...]]:
    """Every choice of ``k`` pairs on consecutive steps (one pair code per step, low to high)."""
    by = _by_step(pairs, order)
    for lo in sorted(by):
        if all(lo + i in by for i in range(k)):
            yield from _choose_run(by, lo, k)


def _choose_run(by: dict[int, list[int]], lo: int, k: int) -> Iterator[tuple[int, ...]]:
    if k == 0:
        yield ()
        return
    for c in dict.fromkeys(by[lo]):
        for rest in _choose_run(by, lo + 1, k - 1):
            yield (c, *rest)


def has_run(pairs: Sequence[int], k: int, order: Order, above: int | None = None) -> bool:
    """Whether ``pairs`` hold ``k`` consecutive pairs (whose top step is above ``above``, if given)."""
    steps = {order.step[c] for c in pairs}
    for lo in steps:
        if all(lo + i in steps for i in range(k)) and (above is None or lo + k - 1 > above):
            return True
    return False


def _unit(pair_codes: Sequence[int], order: Order) -> Unit:
    codes = tuple(sorted((c for c in pair_codes for _ in range(2)), key=order.key))
    return Unit(len(pair_codes), order.step[codes[-1]], codes)


def single(code: int, order: Order) -> Unit:
    return Unit(0, order.step[code], (code,))


def _partitions(pairs: list[int], order: Order) -> Iterator[list[tuple[int, ...]]]:
    """Every partition of ``pairs`` (sorted low to high) into chains of consecutive steps."""
    if not pairs:
        yield []
        return
    first, rest = pairs[0], pairs[1:]
    for chain, left in _chains_from(first, rest, order):
        for more in _partitions(left, order):
            yield [chain, *more]


def _chains_from(first: int, rest: list[int], order: Order) -> Iterator[tuple[tuple[int, ...], list[int]]]:
    yield (first,), rest
    want = order.step[first] + 1
    for c in dict.fromkeys(x for x in rest if order.step[x] == want):
        left = list(rest)
        left.remove(c)
        for chain, left2 in _chains_from(c, left, order):
            yield (first, *chain), left2


def read(codes: Sequence[int], order: Order) -> tuple[Unit, ...]:
    """S-18b: the units of a play inside one system, largest first (one reading only)."""
    pairs, singles = _pairs_singles(codes)
    pairs.sort(key=order.key)
    best: tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]] | None = None
    best_units: list[Unit] = []
    for part in _partitions(pairs, order):
        units = [_unit(ch, order) for ch in part]
        units.sort(key=lambda u: (u.size, u.top), reverse=True)
        sizes = tuple(u.size for u in units)
        tops = tuple(u.top for u in units)
        suits = tuple(tuple(sorted((c // 13 if c < 52 else 4 for c in u.codes), reverse=True)) for u in units)
        key = (sizes, tops, suits)
        if best is None or key > best:
            best, best_units = key, units
    tail = sorted((single(c, order) for c in singles), key=lambda u: (u.top, u.codes), reverse=True)
    return (*best_units, *tail)


def parse_lead(cards: Cards, order: Order) -> Lead:
    """S-14, S-15, S-18b: the lead ``cards`` make; IllegalPlay for cards that are no lead."""
    codes = cards.codes
    if not codes:
        raise IllegalPlay("S-15", "a lead needs at least one card")
    system = system_of(codes, order)
    if system is None:
        raise IllegalPlay("S-15", f"{cards} mixes suit-systems: a lead is cards of one suit or all trumps")
    units = read(codes, order)
    kind = units[0].kind if len(units) == 1 else "throw"
    return Lead(cards, kind, system, units)


# -- matching and winning (S-17, S-17a) ------------------------------------------------------------------


def splits(codes: Sequence[int], lead: Lead, order: Order) -> Iterator[tuple[Unit, ...]]:
    """Every split of ``codes`` into units matching ``lead``'s units one to one (S-17)."""
    if len(codes) != len(lead.cards):
        return
    pairs, _ = _pairs_singles(codes)
    pairs.sort(key=order.key)
    for chosen in _split_pairs(pairs, list(lead.tractors), lead.n_pairs, order):
        used: list[int] = []
        for u in chosen:
            used.extend(u.codes)
        left = list(codes)
        for c in used:
            left.remove(c)
        singles = tuple(sorted((single(c, order) for c in left), key=lambda u: u.top, reverse=True))
        yield (*chosen, *singles)


def _split_pairs(pairs: list[int], tractors: list[int], n_pairs: int, order: Order) -> Iterator[list[Unit]]:
    if tractors:
        k = tractors[0]
        for run in dict.fromkeys(runs(pairs, k, order)):
            left = list(pairs)
            for c in run:
                left.remove(c)
            for rest in _split_pairs(left, tractors[1:], n_pairs, order):
                yield [_unit(run, order), *rest]
        return
    if n_pairs:
        for combo in dict.fromkeys(combinations(pairs, n_pairs)):
            yield [_unit((c,), order) for c in combo]
        return
    yield []


def deciding(units: Sequence[Unit], lead: Lead) -> int:
    """S-17a ``largest_component``: the step of the unit that decides — the longest tractor, else the
    highest pair, else the highest single (by the lead's largest kind)."""
    want = lead.largest.pairs
    if want >= 2:
        return max(u.top for u in units if u.pairs == want)
    if want == 1:
        return max(u.top for u in units if u.pairs == 1)
    return max(u.top for u in units)


def _groups(units: Sequence[Unit]) -> dict[int, list[int]]:
    g: dict[int, list[int]] = {}
    for u in units:
        g.setdefault(u.pairs, []).append(u.top)
    for v in g.values():
        v.sort(reverse=True)
    return g


def beats_units(cand: Sequence[Unit], best: Sequence[Unit], lead: Lead, mode: str) -> bool:
    """Whether a matching split ``cand`` beats the current winner's split ``best`` (S-17a)."""
    if mode == "all_components":
        a, b = _groups(cand), _groups(best)
        return all(len(a.get(k, ())) == len(v) and all(x > y for x, y in zip(a[k], v)) for k, v in b.items())
    return deciding(cand, lead) > deciding(best, lead)


def _strength(units: Sequence[Unit], lead: Lead) -> tuple[int, tuple[tuple[int, list[int]], ...]]:
    # The most favourable split (S-17): the highest deciding unit, then the highest units kind by kind.
    return deciding(units, lead), tuple(sorted(_groups(units).items(), reverse=True))


@dataclass(frozen=True, slots=True)
class TrickJudgement:
    """Who wins a trick so far: ``winner`` (index into the plays), and each play's role:
    ``lead`` · ``follow`` (matching, of the led system) · ``ruff`` (将, matching trumps on a side lead) ·
    ``discard`` (垫牌); ``beat[i]`` whether play i took the lead of the trick when it was played."""

    winner: int
    roles: tuple[str, ...]
    beat: tuple[bool, ...]
    ruffed: bool


def judge(plays: Sequence[Sequence[int]], lead: Lead, order: Order, mode: str = "largest_component") -> TrickJudgement:
    """S-17, S-17a: the winner of ``plays`` (the lead first, in the order played)."""
    best: tuple[Unit, ...] = lead.units
    winner, ruffed = 0, False
    roles = ["lead"]
    beat = [False]
    for i, p in enumerate(plays[1:], start=1):
        sysp = system_of(p, order)
        role, took = "discard", False
        if sysp == lead.system:
            ss = list(splits(p, lead, order))
            if ss:
                role = "follow"
                if not ruffed:
                    better = [s for s in ss if beats_units(s, best, lead, mode)]
                    if better:
                        best, winner, took = max(better, key=lambda s: _strength(s, lead)), i, True
        elif sysp == TRUMP and not (lead.is_throw and mode == "no_ruff"):
            ss = list(splits(p, lead, order))
            if ss:
                role = "ruff"
                better = ss if not ruffed else [s for s in ss if beats_units(s, best, lead, mode)]
                if better:
                    best, winner, took = max(better, key=lambda s: _strength(s, lead)), i, True
                    ruffed = True
        roles.append(role)
        beat.append(took)
    return TrickJudgement(winner, tuple(roles), tuple(beat), ruffed)
