"""Where each seat sits around the felt, for any number of seats (the human at the bottom, the next seat
to the right, counter-clockwise as the turn goes, SPEC.md §1).

Positions are relative to the felt's centre x (the QML adds it: the centre moves when the side column
opens) and absolute in y. Each place is the seat plate's top-left corner (a 252×72 plate) and the centre of
its last-play stack. Five and six seats keep the places the mockups fix; any other count is spread on an
ellipse with the same bottom and top seats.
"""

from __future__ import annotations

import math

PLATE_W, PLATE_H = 252, 72
CY = 372                         # the felt's centre y

# (plate x - cx, plate y, last-play x - cx, last-play y), by position (0 = me).
FIXED: dict[int, list[tuple[float, float, float, float]]] = {
    6: [(-126, 596, 0, 545), (350, 470, 228, 506), (350, 200, 228, 236), (-126, 62, 0, 190), (-602, 200, -228, 236),
        (-602, 470, -228, 506)],
    5: [(-126, 596, 0, 545), (386, 420, 290, 456), (204, 96, 330, 220), (-456, 96, -330, 220),
        (-638, 420, -290, 456)],
}
PLATE_R = (512.0, 260.0, 274.0)   # plate centres: x radius, y radius below and above the centre
LAST_R = (300.0, 173.0, 182.0)    # last-play stacks: the same


def _on_ellipse(a: float, r: tuple[float, float, float]) -> tuple[float, float]:
    c = math.cos(a)
    return r[0] * math.sin(a), CY + (r[1] if c >= 0 else r[2]) * c


def places(n: int) -> list[tuple[float, float, float, float]]:
    """The place of every position 0..n-1 (see the module docstring)."""
    if n in FIXED:
        return list(FIXED[n])
    out = []
    for k in range(max(1, n)):
        a = 2 * math.pi * k / max(1, n)
        px, py = _on_ellipse(a, PLATE_R)
        lx, ly = _on_ellipse(a, LAST_R)
        out.append((float(round(px - PLATE_W / 2)), float(round(py - PLATE_H / 2)), float(round(lx)),
                    float(round(ly))))
    return out
