"""The player model behind the searches' weighted worlds, for the climbing games (issue 16).

A search deals its worlds uniformly within what the events make certain. A seat's own choices say more, only not
for certain: a seat that led ``JJ`` probably held no lower group (players lead from the low end), one that split a
group, or spent 2s and jokers alone while it held a natural group, was probably out of choices. Per observed
decision of a hidden seat, a factor P(observed action | that seat's hand then) from a few features of the hand,
never a certainty, so a seat that plays otherwise (a human, another bot) only costs a world weight, not the world.
The hand *then* is the world's hand now plus the cards the seat has played since that decision, so every factor
is a function of the world's current hands and the public history.

Each game reads its own decisions off a view (``engine.bots.<game>_weight.observations``) into an
:class:`Observations`; a game that also weighs passes overrides :meth:`Observations.pass_term`.
:meth:`Observations.log_weight` scores one world (rank counts per seat) in well under a millisecond, and
:func:`pick_world` resamples (sampling importance resampling): of ``k`` fresh worlds it keeps one with probability
proportional to its weight. The measurement half (:func:`position_figures`, :func:`summarize`) scores worlds
against the real hands, weighted against unweighted on the very same worlds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.cards import BIG, SMALL, THREE, TWO
from engine.plays import Play

ACE = TWO - 1

# The lead factors, tuned on seed 1 of one game's measurement (``python -m engine.bots.<game>_weight``) and
# reported there on seeds they were not tuned on; every game that uses them takes them as they are.
LEAD_LOWER = 0.5  # per natural group below the one led (it leads from the low end), at most LEAD_CAP of them
LEAD_CAP = 4
LEAD_SPLIT = 0.25  # led part of a group
LEAD_CONTROL = 0.15  # led 2s / jokers alone while holding a natural group
TEMPER = 1.0  # the exponent on the product of the factors
LOG_LEAD_LOWER, LOG_LEAD_SPLIT, LOG_LEAD_CONTROL = math.log(LEAD_LOWER), math.log(LEAD_SPLIT), math.log(LEAD_CONTROL)


@dataclass(frozen=True, slots=True)
class Observed:
    """One decision of a hidden seat that the model weighs: ``kind`` "lead" (``play``) or "pass" (of ``top``),
    and ``later``: the rank counts it has played since (its hand then = now + later)."""

    seat: int
    kind: str
    top: Play | None
    play: Play | None
    later: tuple[int, ...]


@dataclass
class Observations:
    """The decisions of the hidden ``seats`` since the deal, read off one view. ``low``: the lowest rank a seat
    would lead from."""

    seats: tuple[int, ...]
    items: list[Observed] = field(default_factory=list)
    low: int = THREE
    temper: float = TEMPER

    def log_weight(self, hands: Sequence[Sequence[int]]) -> float:
        """The log of the world's weight: the sum over the observed decisions of log P(decision | the hand the
        world gives that seat then), times ``temper``. ``hands``: rank counts (index = rank value) per seat."""
        total = 0.0
        for o in self.items:
            now = hands[o.seat]
            h = [now[r] + o.later[r] for r in range(19)]
            total += self.pass_term(o, h) if o.play is None else self.lead_term(o.play, h)
        return total * self.temper

    def lead_term(self, p: Play, h: list[int]) -> float:
        """log P(leading ``p`` | hand ``h``): lower natural groups held, a group split, control spent alone."""
        if not p.naturals:
            return LOG_LEAD_CONTROL if any(h[q] for q in range(self.low, ACE + 1)) else 0.0
        r = p.natural_rank
        lower = sum(1 for q in range(self.low, r) if h[q])
        t = LOG_LEAD_LOWER * min(lower, LEAD_CAP)
        if h[r] > p.naturals:
            t += LOG_LEAD_SPLIT
        return t

    def pass_term(self, o: Observed, h: list[int]) -> float:
        """log P(the pass ``o`` | hand ``h``): nothing by default (anyone may always pass)."""
        return 0.0


def pick_world(worlds: Sequence[Sequence[Sequence[int]]], obs: Observations, rng: random.Random) -> int:
    """Sampling importance resampling: the index of one of ``worlds`` (rank counts per seat), drawn with
    probability proportional to its weight."""
    logs = [obs.log_weight(w) for w in worlds]
    top = max(logs)
    ws = [math.exp(x - top) for x in logs]
    return rng.choices(range(len(worlds)), weights=ws)[0]


def normalized(logs: Sequence[float]) -> list[float]:
    """Weights summing to 1 from log-weights."""
    top = max(logs)
    ws = [math.exp(x - top) for x in logs]
    t = sum(ws)
    return [w / t for w in ws]


def ess(weights: Sequence[float]) -> float:
    """The effective sample size of normalized weights (Kish)."""
    return 1.0 / sum(w * w for w in weights) if weights else 0.0


# ---------------------------------------------------------------------------------------------- measurement
def position_figures(truth: Sequence[Sequence[int]], worlds: list[list[list[int]]], obs: Observations,
                     resampled: list[list[list[int]]] | None = None) -> dict[str, tuple[float, float]]:
    """(unweighted, weighted) figures of one position: the mean probability the worlds give to the true
    holder of each hidden A / 2 / joker (``p_big``) and of each hidden card (``p_all``), and the mean
    log-likelihood of the true count of each rank in each hidden hand (``ll``, smoothed by one pseudo-world: it
    also charges the weights for the worlds they leave out, so it favours flat weights on few worlds), and, per
    rank of each hidden hand, the chance that a world drawn by weight holds the true count (``exact``) and its
    squared error (``sq_err``, lower is better). All but ``ll`` are linear in the weights, so sampling noise does
    not bias their comparison. ``resampled``: the second column is these worlds (drawn by weight already),
    weighed evenly, instead of ``worlds`` weighed."""
    m = len(worlds)
    flat = [1.0 / m] * m
    wts = normalized([obs.log_weight(w) for w in worlds])
    if resampled is not None:
        return _columns(truth, obs, worlds, flat, resampled, flat, ess(wts))
    return _columns(truth, obs, worlds, flat, worlds, wts, ess(wts))


def _columns(truth: Sequence[Sequence[int]], obs: Observations, worlds_a: list[list[list[int]]],
             flat: list[float], worlds_b: list[list[list[int]]], wts: list[float],
             eff: float) -> dict[str, tuple[float, float]]:
    m = len(worlds_a)
    seats = [s for s in obs.seats if sum(truth[s])]
    out: dict[str, tuple[float, float]] = {}
    for name, ranks in (("p_big", (ACE, TWO, SMALL, BIG)), ("p_all", tuple(range(THREE, BIG + 1)))):
        pair = []
        for w, worlds in ((flat, worlds_a), (wts, worlds_b)):
            num = den = 0.0
            for r in ranks:
                u = sum(truth[s][r] for s in seats)
                if not u:
                    continue
                for s in seats:
                    if truth[s][r]:
                        num += truth[s][r] * sum(wi * world[s][r] for wi, world in zip(w, worlds)) / u
                den += u
            pair.append(num / den if den else float("nan"))
        out[name] = (pair[0], pair[1])
    pair = []
    alpha = 1.0 / m
    for w, worlds in ((flat, worlds_a), (wts, worlds_b)):
        tot, n = 0.0, 0
        for s in seats:
            for r in range(THREE, BIG + 1):
                u = sum(truth[q][r] for q in seats)
                hit = sum(wi for wi, world in zip(w, worlds) if world[s][r] == truth[s][r])
                tot += math.log((hit + alpha) / (1.0 + alpha * (u + 1)))
                n += 1
        pair.append(tot / n if n else float("nan"))
    out["ll"] = (pair[0], pair[1])
    for name in ("exact", "sq_err"):
        f = _hit if name == "exact" else _sq
        pair = []
        for w, worlds in ((flat, worlds_a), (wts, worlds_b)):
            vals = [sum(wi * f(world[s][r], truth[s][r]) for wi, world in zip(w, worlds))
                    for s in seats for r in range(THREE, BIG + 1)]
            pair.append(sum(vals) / len(vals) if vals else float("nan"))
        out[name] = (pair[0], pair[1])
    out["ess"] = (float(m), eff)
    return out


def _hit(x: int, t: int) -> float:
    return 1.0 if x == t else 0.0


def _sq(x: int, t: int) -> float:
    return float((x - t) ** 2)


def summarize(rows: Sequence[Mapping[str, tuple[float, float]]], head: dict[str, object]) -> dict[str, object]:
    """Per figure over the positions: both columns' means and their paired difference with a 95 % interval."""
    summary = dict(head)
    for key in ("p_big", "p_all", "exact", "sq_err", "ll", "ess"):
        a = [r[key][0] for r in rows if not math.isnan(r[key][0])]
        b = [r[key][1] for r in rows if not math.isnan(r[key][1])]
        d = [y - x for x, y in zip(a, b)]
        mean = sum(d) / len(d)
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / max(1, len(d) - 1))
        half = 1.96 * sd / math.sqrt(len(d))
        summary[key] = {"unweighted": round(sum(a) / len(a), 4), "weighted": round(sum(b) / len(b), 4),
                        "diff": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)],
                        "n": len(d)}
    return summary
