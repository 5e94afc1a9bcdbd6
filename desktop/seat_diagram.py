"""The new-game screen's seat diagram (SPEC.md §7): where each seat sits, its side, its bot level and the
对头 pairs, for whichever game is selected.

Everything comes from the game's spec and presenter, so QML draws it without knowing a rule or a game:
the places are the table's own (``desktop.layout``, the human at the bottom, the next seat to the right);
the sides are the spec's fixed ``teams``; with no fixed teams a game whose sides form during play has a
``side_of`` (the seats are shown as not known yet), and a game with neither has every seat for himself;
the 对头 pairs (opposite, the seat a player plays against) are the presenter's ``seat_extras`` ``opposite``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from desktop import layout

Row = dict[str, Any]


def mode(spec: Any) -> str:
    """``"teams"`` (fixed partnerships), ``"sides"`` (sides form during play) or ``"solo"`` (each for himself)."""
    if spec.teams:
        return "teams"
    return "sides" if spec.side_of is not None else "solo"


def _unit_places(n: int) -> list[tuple[float, float]]:
    """Each position's plate centre on the table, scaled into -1..1 both ways (y down)."""
    cs = [(px + layout.PLATE_W / 2, py + layout.PLATE_H / 2 - layout.CY) for px, py, _, _ in layout.places(n)]
    mx = max((abs(x) for x, _ in cs), default=1.0) or 1.0
    my = max((abs(y) for _, y in cs), default=1.0) or 1.0
    return [(round(x / mx, 4), round(y / my, 4)) for x, y in cs]


def opposite_pairs(pres: Any, n: int, lang: str) -> list[tuple[int, int]]:
    """The seat pairs that are each other's 对头 (the presenter's word for the seat ``d`` places on)."""
    out = []
    for a in range(n):
        for b in range(a + 1, n):
            if pres.seat_extras({}, b, (b - a) % n, lang).get("opposite"):
                out.append((a, b))
    return out


def diagram(spec: Any, pres: Any, names: Sequence[str], levels: Sequence[int], s: dict[str, str],
            lang: str) -> Row:
    """The diagram of the selected game, seat 0 the human (the new-game form's seat rows)."""
    n = spec.seats
    how = mode(spec)
    seats = []
    for seat, (x, y) in enumerate(_unit_places(n)):
        if seat == 0:
            team = "mine"
        elif how == "teams":
            team = pres.side({}, seat, 0)
        else:   # sides not known at the start, or every other seat a rival
            team = "unknown" if how == "sides" else "theirs"
        level = int(levels[seat]) if seat and seat < len(levels) else -1
        seats.append({"seat": seat, "x": x, "y": y, "team": team, "human": seat == 0,
                      "name": names[seat] if seat < len(names) else "", "level": level,
                      "levelName": s.get(f"lvl{level}", "") if level >= 0 else s["human"]})
    links = [{"a": a, "b": b, "mine": 0 in (a, b)} for a, b in opposite_pairs(pres, n, lang)]
    legend: list[Row] = []
    if how == "teams":
        sizes = sorted((len(t) for t in spec.teams), reverse=True)
        legend.append({"text": s["diagMine"], "team": "mine"})
        legend.append({"text": s["diagTheirs"], "team": "theirs"})
        if len(sizes) == 2:
            legend.append({"text": s["diagVs"].replace("%1", str(sizes[0])).replace("%2", str(sizes[1])), "team": ""})
    else:
        legend.append({"text": s["diagSides"] if how == "sides" else s["diagSolo"], "team": ""})
    if links:
        legend.append({"text": s["diagOpposite"], "team": "", "dash": True})
    legend.append({"text": s["diagTurn"], "team": ""})
    return {"mode": how, "n": n, "seats": seats, "links": links, "legend": legend, "felt": pres.felt}
