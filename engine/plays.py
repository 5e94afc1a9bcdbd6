"""The climbing-family core (RULES.md Part C): plays, comparison, enumeration (C-6 … C-16).

A :class:`Play` is what a set of cards *means* (一手牌): its canonical notation (C-6) and its
normalized form (C-10). :class:`PlayRules` carries the game options that change meaning or comparison;
each game builds one from its own options. Plays are enumerated by *shape* (rank × count × 2s as fillers
× jokers), never by card subsets, and are interned so that enumeration allocates almost nothing.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import BIG, CHAR_OF, NATURAL_RANKS, SMALL, SUPER, TWO, VALUE_OF
from engine.errors import IllegalPlay

# Shape = (rank of the natural cards or 0, naturals, twos, small jokers, big jokers, super jokers)
Shape = tuple[int, int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class PlayRules:
    """Options of the shared engine; each climbing game sets them from its own options (its rules module)."""

    game: str = ""  # the game's name (for messages); nothing switches on it
    mix_jokers: bool = True  # C-10.3: with big and small jokers together all count as small
    pure_mixed_as_is: bool = False  # G-33 pure_mixed_jokers = "as-is"
    twos_as_fillers: bool = True  # C-10.1 / B-27
    kaopai: bool = False  # C-14 instead of C-12 (a game's 烤牌 option)
    relations: str = "full"  # C-14 relation set: "full" | "big-only"
    surplus_allowed: bool = True  # C-14 kaopai_surplus = "allowed"
    ranks: frozenset[int] = field(default_factory=lambda: frozenset(NATURAL_RANKS))
    allow_super: bool = False  # C-15 / B-24
    super_rule: str = "C-15"  # the rule that refuses Z where the game has none (its own id)


@dataclass(frozen=True, slots=True)
class Play:
    """A legal play: canonical notation (C-6) and normalized meaning (C-10, C-11).

    ``rank``/``count``: the normalized rank part (``rank`` 0 and ``count`` 0 for a pure joker play);
    ``big``/``small``/``supers``: the normalized joker part; ``natural_rank``/``naturals``/``twos``/
    ``raw_big``/``raw_small``: the cards as written.
    """

    text: str
    rank: int
    count: int
    big: int
    small: int
    supers: int
    natural_rank: int
    naturals: int
    twos: int
    raw_big: int
    raw_small: int
    values: tuple[int, ...]
    hval: int = field(default=0, compare=False, repr=False)

    def __hash__(self) -> int:
        return self.hval

    @property
    def size(self) -> int:
        return len(self.values)

    @property
    def n_cards(self) -> int:
        return self.naturals + self.twos + self.raw_big + self.raw_small + self.supers

    @property
    def has_joker(self) -> bool:
        """Contains a joker card (any of X, x, Z) as written."""
        return self.raw_big + self.raw_small + self.supers > 0

    @property
    def filler_twos(self) -> int:
        """2s used as fillers (贴钱) rather than as 2s."""
        return self.twos if self.naturals else 0

    @property
    def shape(self) -> Shape:
        return (self.natural_rank, self.naturals, self.twos, self.raw_small, self.raw_big, self.supers)

    @property
    def normalized(self) -> str:
        """The meaning after C-10 normalization in notation, e.g. ``TTTT22`` → ``TTTTTT`` (C-7)."""
        return "Z" * self.supers + "X" * self.big + "x" * self.small + CHAR_OF.get(self.rank, "") * self.count

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Play({self.text!r})"


_TABLES: dict[PlayRules, dict[Shape, Play]] = {}
_BY_ID: dict[int, tuple[PlayRules, dict[Shape, Play]]] = {}  # holds the rules, so an id is never reused

#: Most shapes interned per rules. Real hands meet a few thousand; past the cap new shapes are still built
#: (and compare equal) but not kept, so no input can grow the table without limit.
MAX_INTERNED = 50_000
#: Most entries of each memo keyed by hand counts (blocks, runs); cleared when full.
MAX_MEMO = 20_000
#: Longest play text read (4 decks are 216 cards; ``10`` and ``^`` marks may double a card's characters).
MAX_PLAY_TEXT = 512
_local = threading.local()  # per thread: a host reading an intent never stops a bot thread from interning


@contextlib.contextmanager
def transient() -> Iterator[None]:
    """Within this block (on this thread) no new shape is interned: for reading untrusted text (a LAN
    intent), whose plays are checked against the legal list and then dropped. Plays made here still compare
    equal to interned ones."""
    _local.depth = getattr(_local, "depth", 0) + 1
    try:
        yield
    finally:
        _local.depth -= 1


def _table(rules: PlayRules) -> dict[Shape, Play]:
    hit = _BY_ID.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    t = _TABLES.get(rules)
    if t is None:
        t = _TABLES[rules] = {}
    if len(_BY_ID) > 256:  # equal rules made again and again (e.g. per search world): stay bounded
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, t)
    return t


def make_play(rules: PlayRules, shape: Shape) -> Play:
    """The interned Play for a shape, validated (C-10.1); raises :class:`IllegalPlay`."""
    table = _table(rules)
    p = table.get(shape)
    if p is None:
        p = _build(rules, shape)
        if len(table) < MAX_INTERNED and not getattr(_local, "depth", 0):
            table[shape] = p
    return p


def _build(rules: PlayRules, shape: Shape) -> Play:
    r, k, t, s, b, z = shape
    if min(shape[1:]) < 0 or k + t + s + b + z == 0:
        raise IllegalPlay("C-10", "a play needs at least one card")
    if k and r not in NATURAL_RANKS:
        raise IllegalPlay("C-1", f"bad natural rank {r}")
    if k and r not in rules.ranks:
        raise IllegalPlay("B-3", f"the pack in use has no {CHAR_OF[r]}")
    if z and not rules.allow_super:
        raise IllegalPlay(rules.super_rule, "no super joker Z in this game")
    if k and t and not rules.twos_as_fillers:
        raise IllegalPlay("B-20", "2s may not be mixed with another rank (twos_as_fillers is off)")
    if k:
        rank, count = r, k + t
    elif t:
        rank, count = TWO, t
    else:
        rank, count = 0, 0
    nb, ns = b, s
    if rules.mix_jokers and b and s and not (rules.pure_mixed_as_is and k == 0 and t == 0):
        nb, ns = 0, b + s
    text = "Z" * z + "X" * b + "x" * s + (CHAR_OF[r] * k if k else "") + "2" * t
    values = (rank,) * count + (SMALL,) * ns + (BIG,) * nb + (SUPER,) * z
    return Play(text, rank, count, nb, ns, z, r if k else 0, k, t, b, s, values, hash((text, values)))


def parse_play(rules: PlayRules, text: str) -> Play:
    """Parse a play in any card order (C-6); ``10`` is accepted for ``T``; ``^`` marks are ignored."""
    if not isinstance(text, str):
        raise IllegalPlay("C-6", f"a play is written as text, not {type(text).__name__}")
    if len(text) > MAX_PLAY_TEXT:  # longer than any pack: refuse before reading it character by character
        raise IllegalPlay("C-6", f"a play of {len(text)} characters is longer than any pack")
    src = text.strip().replace("10", "T").replace("^", "")
    if not src:
        raise IllegalPlay("C-6", "empty play (a pass is written '-', not a play)")
    if src == "-":
        raise IllegalPlay("C-9", "'-' is a pass, not a play")
    naturals: dict[int, int] = {}
    t = s = b = z = 0
    for ch in src:
        v = VALUE_OF.get(ch)
        if v is None:
            raise IllegalPlay("C-6", f"{ch!r} is not a rank character (3-9 T J Q K A 2 x X Z) in {text!r}")
        if v == TWO:
            t += 1
        elif v == SMALL:
            s += 1
        elif v == BIG:
            b += 1
        elif v == SUPER:
            z += 1
        else:
            naturals[v] = naturals.get(v, 0) + 1
    if len(naturals) > 1:
        ranks = "".join(CHAR_OF[v] for v in sorted(naturals))
        raise IllegalPlay("C-10", f"{text!r} mixes ranks {ranks}: a play has one rank (plus 2s/jokers where allowed)")
    (r, k), = naturals.items() if naturals else ((0, 0),)
    return make_play(rules, (r, k, t, s, b, z))


def _dominates(cand: tuple[int, ...], prev: tuple[int, ...]) -> bool:
    """C-12: equal length and every value strictly higher (both ascending)."""
    if len(cand) != len(prev):
        return False
    for c, p in zip(cand, prev):
        if c <= p:
            return False
    return True


def normal_beats(prev: Play, cand: Play) -> bool:
    """C-12."""
    return _dominates(cand.values, prev.values)


def kao_beats(rules: PlayRules, prev: Play, cand: Play) -> bool:
    """C-14 (烤 beat) with the relation set and surplus rule of ``rules``."""
    if _dominates(cand.values, prev.values):
        return True
    big_p, small_p = prev.big, prev.small
    if big_p + small_p == 0 or prev.supers:
        return False
    rank_part = (cand.rank,) * cand.count
    prev_rank = (prev.rank,) * prev.count
    zs = (SUPER,) * cand.supers
    full = rules.relations == "full"
    b_all, s_all = cand.big, cand.small
    drops = [(db, ds) for db in range(b_all + 1) for ds in range(s_all + 1)] if rules.surplus_allowed else [(0, 0)]
    for db, ds in drops:
        b, s = b_all - db, s_all - ds
        if (db or ds) and _dominates(rank_part + (SMALL,) * s + (BIG,) * b + zs, prev.values):
            return True
        for a in range(big_p + 1) if full else (big_p,):
            for c in range(small_p + 1) if full else (small_p,):
                need_b = 2 * a + c
                need_s = 3 * (big_p - a) + 2 * (small_p - c)
                if need_b > b or need_s > s:
                    continue
                rest = rank_part + (SMALL,) * (s - need_s) + (BIG,) * (b - need_b) + zs
                if _dominates(rest, prev_rank):
                    return True
    return False


def beats(rules: PlayRules, prev: Play, cand: Play) -> bool:
    """C-12 or C-14 as the options select (C-16)."""
    if rules.kaopai:
        return kao_beats(rules, prev, cand)
    return _dominates(cand.values, prev.values)


# --------------------------------------------------------------------------------------------
# Enumeration by shape
# --------------------------------------------------------------------------------------------

def hand_shape_counts(counts: Sequence[int]) -> tuple[list[int], int, int, int, int]:
    """From rank counts (index = value) to (naturals per rank, twos, small, big, super)."""
    return list(counts[3:15]), counts[TWO], counts[SMALL], counts[BIG], counts[SUPER]


_BLOCKS: dict[PlayRules, dict[tuple[int, int, int, int, int, int], tuple[Play, ...]]] = {}


def _block(rules: PlayRules, r: int, k: int, tm: int, sm: int, bm: int, zm: int) -> tuple[Play, ...]:
    """All plays with ``k`` naturals of rank ``r`` (or none) and up to tm 2s, sm x, bm X, zm Z — cached."""
    blocks = _BLOCKS.get(rules)
    if blocks is None or len(blocks) > MAX_MEMO:
        blocks = _BLOCKS[rules] = {}
    key = (r, k, tm, sm, bm, zm)
    blk = blocks.get(key)
    if blk is None:
        ts = range(tm + 1) if (rules.twos_as_fillers or not k) else range(1)
        blk = tuple(make_play(rules, (r, k, t, s, b, z))
                    for t in ts for s in range(sm + 1) for b in range(bm + 1) for z in range(zm + 1)
                    if k or t or s or b or z)
        blocks[key] = blk
    return blk


def lead_list(rules: PlayRules, counts: Sequence[int]) -> list[Play]:
    """Every distinct play (by shape) that can be made from a hand with these rank counts."""
    tm, sm, bm = counts[TWO], counts[SMALL], counts[BIG]
    zm = counts[SUPER] if rules.allow_super else 0
    runs = _RUNS.get(rules)
    if runs is None or len(runs) > MAX_MEMO:
        runs = _RUNS[rules] = {}
    out: list[Play] = []
    for r in NATURAL_RANKS:
        c = counts[r]
        if c:
            key = (r, c, tm, sm, bm, zm)
            run = runs.get(key)
            if run is None:
                run = runs[key] = tuple(p for k in range(1, c + 1) for p in _block(rules, r, k, tm, sm, bm, zm))
            out.extend(run)
    out.extend(_block(rules, 0, 0, tm, sm, bm, zm))
    return out


_RUNS: dict[PlayRules, dict[tuple[int, int, int, int, int, int], tuple[Play, ...]]] = {}


def nth_lead(rules: PlayRules, counts: Sequence[int], k: int) -> Play:
    """``lead_list(rules, counts)[k]`` without building the whole list (a random lead needs one)."""
    if k < 0:
        return lead_list(rules, counts)[k]
    tm, sm, bm = counts[TWO], counts[SMALL], counts[BIG]
    zm = counts[SUPER] if rules.allow_super else 0
    runs = _RUNS.get(rules)
    if runs is None or len(runs) > MAX_MEMO:
        runs = _RUNS[rules] = {}
    for r in NATURAL_RANKS:
        c = counts[r]
        if c:
            key = (r, c, tm, sm, bm, zm)
            run = runs.get(key)
            if run is None:
                run = runs[key] = tuple(p for n in range(1, c + 1) for p in _block(rules, r, n, tm, sm, bm, zm))
            if k < len(run):
                return run[k]
            k -= len(run)
    return _block(rules, 0, 0, tm, sm, bm, zm)[k]


def iter_leads(rules: PlayRules, counts: Sequence[int]) -> Iterator[Play]:
    """Every distinct play (by shape) that can be made from a hand with these rank counts."""
    return iter(lead_list(rules, counts))


def count_leads(rules: PlayRules, counts: Sequence[int]) -> int:
    """``len(list(iter_leads(...)))`` computed arithmetically."""
    t, s, b = counts[TWO], counts[SMALL], counts[BIG]
    z = counts[SUPER] if rules.allow_super else 0
    jokers = (s + 1) * (b + 1) * (z + 1)
    naturals = sum(counts[r] for r in NATURAL_RANKS)
    with_fill = (t + 1) if rules.twos_as_fillers else 1
    return naturals * with_fill * jokers + (t + 1) * jokers - 1


# Memos per rules, found by the rules object's identity first (hashing and comparing a PlayRules by value
# costs more than the lookup it guards); equal rules made again share one memo.
_MEMOS: dict[PlayRules, dict[str, dict[Any, Any]]] = {}
_MEMOS_BY_ID: dict[int, tuple[PlayRules, dict[str, dict[Any, Any]]]] = {}  # holds the rules: no id reused


def _memos(rules: PlayRules) -> dict[str, dict[Any, Any]]:
    hit = _MEMOS_BY_ID.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    m = _MEMOS.get(rules)
    if m is None:
        m = _MEMOS[rules] = {"answers": {}, "shapes": {}}
    if len(_MEMOS_BY_ID) > 256:  # equal rules made again and again (e.g. per search world): stay bounded
        _MEMOS_BY_ID.clear()
    _MEMOS_BY_ID[id(rules)] = (rules, m)
    return m


def answer_list(rules: PlayRules, counts: Sequence[int], prev: Play) -> tuple[Play, ...]:
    """Every distinct play from the hand that beats ``prev`` (C-12 / C-14), memoized on the cards that
    can matter (only cards higher than prev's lowest card can be part of an answer)."""
    low = 3 if rules.kaopai and (prev.big or prev.small) else prev.values[0] + 1
    key = (prev, tuple(counts[low:19]))
    memo = _memos(rules)["answers"]
    hit: tuple[Play, ...] | None = memo.get(key)
    if hit is None:
        if len(memo) > 10_000:  # bounded: a long-running host stays flat
            memo.clear()
        hit = memo[key] = tuple(_iter_answers(rules, counts, prev))
    return hit


def iter_answers(rules: PlayRules, counts: Sequence[int], prev: Play) -> Iterator[Play]:
    """Every distinct play from the hand that beats ``prev`` (C-12 / C-14)."""
    return iter(answer_list(rules, counts, prev))


def _iter_answers(rules: PlayRules, counts: Sequence[int], prev: Play) -> list[Play]:
    """The answers in enumeration order, as a list (built in one call: a generator resumed per answer costs
    more in the search's rollouts, which mostly miss the memo)."""
    out: list[Play] = []
    add = out.append
    if rules.kaopai and (prev.big or prev.small) and not prev.supers:
        need = prev.big + prev.small  # every previous joker needs at least one joker of its own
        if counts[SMALL] + counts[BIG] + counts[SUPER] < need:
            return out
        for p in lead_list(rules, counts):
            if p.big + p.small + p.supers >= need and kao_beats(rules, prev, p):
                add(p)
        return out
    n = prev.size
    pv = prev.values
    t_max, s_max, b_max = counts[TWO], counts[SMALL], counts[BIG]
    z_max = counts[SUPER] if rules.allow_super else 0
    lowest = pv[0]
    # Every card of an answer must be higher than prev's lowest card: count those first.
    higher = s_max + b_max + z_max + (t_max if lowest < TWO else 0)
    if higher < n:
        for r in range(lowest + 1, 15):
            higher += counts[r]
        if higher < n:
            return out
    if prev.big and z_max == 0:
        return out  # C-13.3: nothing is higher than an unmixed big joker without a super joker
    # The plays that beat prev depend on the hand only through which are makeable: the beating shapes for the
    # hand's 2s and jokers (capped at prev's size), in enumeration order, are listed once per prev, and a hand
    # keeps those whose rank it holds often enough (the order is the nested loops' below, rank by rank).
    key = (prev, min(t_max, n), min(s_max, n), min(b_max, n), min(z_max, n))
    memo = _memos(rules)["shapes"]
    if len(memo) > MAX_MEMO:
        memo.clear()
    lst: tuple[tuple[int, int, Play], ...] | None = memo.get(key)
    if lst is None:
        lst = _beating_shapes(rules, prev, *key[1:])
        if not getattr(_local, "depth", 0):  # nothing read from untrusted text is kept (see transient)
            memo[key] = lst
    for r, k, p in lst:
        if counts[r] >= k:
            add(p)
    return out


def _beating_shapes(rules: PlayRules, prev: Play, t_max: int, s_max: int, b_max: int,
                    z_max: int) -> tuple[tuple[int, int, Play], ...]:
    """(rank, naturals, play) of every shape with at most these 2s and jokers that beats ``prev`` (C-12), in
    the order answers are listed: 2s and jokers alone, then rank by rank, naturals ascending."""
    n = prev.size
    pv = prev.values
    fill = rules.twos_as_fillers
    lowest = pv[0]
    out: list[tuple[int, int, Play]] = []
    zs = range(z_max + 1)
    for s in range(min(s_max, n) + 1):
        for b in range(min(b_max, n - s) + 1):
            for z in zs:
                t = n - s - b - z
                if t < 0:
                    break
                if t > t_max or (t and lowest >= TWO):
                    continue
                p = make_play(rules, (0, 0, t, s, b, z))
                if _dominates(p.values, pv):
                    out.append((0, 0, p))
    for r in NATURAL_RANKS:
        if r <= lowest:
            continue
        for k in range(1, n + 1):
            rest = n - k
            if rest > t_max + s_max + b_max + z_max:
                continue
            for s in range(min(s_max, rest) + 1):
                rest_s = rest - s
                for b in range(min(b_max, rest_s) + 1):
                    for z in zs:
                        t = rest_s - b - z
                        if t < 0:
                            break
                        if t > t_max or (t and not fill):
                            continue
                        p = make_play(rules, (r, k, t, s, b, z))
                        if _dominates(p.values, pv):
                            out.append((r, k, p))
    return tuple(out)


def can_make(counts: Sequence[int], play: Play) -> bool:
    """Whether the hand holds the cards of ``play``."""
    if play.naturals and counts[play.natural_rank] < play.naturals:
        return False
    return (counts[TWO] >= play.twos and counts[SMALL] >= play.raw_small and counts[BIG] >= play.raw_big
            and counts[SUPER] >= play.supers)
