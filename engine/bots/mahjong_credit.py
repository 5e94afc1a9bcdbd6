"""A fitted value for a Mahjong rollout cut short (issue 17): what a seat's hand is worth at the search's horizon.

    python -m engine.bots.mahjong_credit --seeds 201 203 --deals 200 --out credit.json

A rollout that stops after ``horizon`` discards (engine.bots.mahjong_sim) needs a value for where it stopped.
Played to the end, one world's outcome swings by about ±2.9 points (the spread of a seat's payment), most of it
from draws after the choice searched; a short horizon with a fair value for the position removes that part of
the noise. The value here is a least-squares fit, on heuristic self-play (every seat the heuristic, the arena's
walls), of a seat's final payment (M-20 … M-22) on what the simulator knows at a cut: the seat's own kong payments
so far (M-22) and, by a bucket of the tiles left in the wall, its own shanten and how many other seats are at
each shanten (M-11a). The rows are taken after every third discard of a hand, when every hand is 3k+1.

:data:`FITTED` is the model of the stop that tried it, rounded to four places (heuristic self-play on the first
walls of seeds 201 and 203, about 200 of each, 41,313 rows: a seat's payment has a variance of 8.39 and 7.34 is
left). The command above fits on whole walls 0 … 199 of each seed, so its model is close to it, not the same. The fit itself is not a bot and reads the whole state
of its own self-play; the search reads only the model.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from typing import Any

BUCKETS: tuple[tuple[int, int], ...] = ((60, 999), (40, 60), (20, 40), (0, 20))  # tiles left in the wall
CAP = 5  # shanten 0 … 3, and 4 for anything further

Row = tuple[int, int, tuple[int, ...], int, int]  # wall, own shanten, the others' shanten, own kong payments, payment


def _bucket(wall: int) -> int:
    return next(i for i, (lo, hi) in enumerate(BUCKETS) if lo <= wall < hi)


def features(wall: int, own: int, others: Sequence[int], kong: float) -> dict[int, float]:
    """The non-zero features of one position (index → value)."""
    base = 1 + _bucket(wall) * 2 * CAP
    x: dict[int, float] = {0: float(kong), base + min(own, CAP - 1): 1.0}
    for o in others:
        k = base + CAP + min(o, CAP - 1)
        x[k] = x.get(k, 0.0) + 1.0
    return x


def value(coef: Sequence[float], wall: int, own: int, others: Sequence[int], kong: float) -> float:
    """The fitted payment of a seat at shanten ``own`` with the others at ``others`` and ``kong`` from its kongs."""
    return sum(coef[k] * v for k, v in features(wall, own, others, kong).items())


def fit(rows: Sequence[Row], ridge: float = 1e-3) -> list[float]:
    """Least squares with a small ridge (the one-hot blocks of a bucket are collinear with its constant)."""
    n = 1 + len(BUCKETS) * 2 * CAP
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for wall, own, others, kong, pay in rows:
        x = features(wall, own, others, kong)
        for i, vi in x.items():
            b[i] += vi * pay
            for j, vj in x.items():
                a[i][j] += vi * vj
    for i in range(n):
        a[i][i] += ridge * max(1.0, float(len(rows)))
    return _solve(a, b)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (``a`` symmetric positive definite after the ridge)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def collect(seed: int, deals: range, every: int = 3) -> Iterator[Row]:
    """Rows of heuristic self-play on the arena's walls of ``seed`` (one hand a wall)."""
    from engine import arena
    from engine.bots import make_bot
    from engine.bots.mahjong_walls import arena_hand, decisions
    from engine.mahjong.scoring import kong_payments
    from engine.tiles import shanten_counts

    for d in deals:
        st = arena_hand(seed, d)
        bots = {s: make_bot("heuristic", "mahjong", seed=arena._bot_seed(seed, d, s, "A")) for s in range(4)}
        snaps = []
        k = 0
        for seat, view, legal in decisions(st, lambda s: False):
            a = bots[seat].choose(view, legal).action
            st.apply(a)
            if a.kind != "discard":
                continue
            k += 1
            if k % every or any(sum(h) % 3 != 1 for h in st.t.hands):
                continue
            rule = st.rules.win_rule
            sh = [shanten_counts(rule, st.t.hands[s], st.t.melds[s]) for s in range(4)]
            snaps.append((st.t.wall_left, sh, kong_payments(st.kongs)))
        pay = st.results[-1]["payments"]
        for wall, sh, kp in snaps:
            for s in range(4):
                yield wall, sh[s], tuple(sorted(sh[o] for o in range(4) if o != s)), kp[s], pay[s]


# The model of the stop that tried it (see the docstring): BUCKETS × (own shanten, others' counts), kong first.
FITTED: dict[str, Any] = {
    "buckets": [list(b) for b in BUCKETS], "C": CAP,
    "coef": [0.833, 1.3036, 0.3431, -0.1275, -0.5908, -0.9285, -0.4346, -0.1144, 0.0425, 0.1969, 0.3095,
             1.0687, 0.0692, -0.4183, -0.6437, -0.076, -0.3565, -0.0227, 0.1395, 0.2143, 0.0251,
             0.4636, -0.469, -0.5084, 0.0502, 0.4636, -0.1545, 0.1563, 0.1695, -0.0167, -0.1545,
             -0.5218, -1.0648, -0.3907, 1.9773, 0.0, 0.1739, 0.3549, 0.1302, -0.6591, 0.0],
}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, nargs="+", default=[201, 203])
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--out", default=None, help="write the model here (JSON) as well as to stdout")
    a = p.parse_args(argv)
    rows = [r for s in a.seeds for r in collect(s, range(a.deals))]
    coef = fit(rows)
    pays = [r[4] for r in rows]
    mean = sum(pays) / len(pays)
    left = sum((r[4] - value(coef, r[0], r[1], r[2], r[3])) ** 2 for r in rows) / len(rows)
    model = {"buckets": [list(b) for b in BUCKETS], "C": CAP, "coef": [round(c, 4) for c in coef],
             "rows": len(rows), "variance": round(sum((x - mean) ** 2 for x in pays) / len(pays), 3),
             "residual": round(left, 3)}
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            json.dump(model, f)
    json.dump(model, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
