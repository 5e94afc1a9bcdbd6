"""A LAN table's snapshot: the host's ``Sync``/``Update`` for this seat turned into the snapshot the local
worker makes (``desktop.worker``), so the table controller cannot tell a LAN table from a local one."""

from __future__ import annotations

from typing import Any


def _rules(game: str, options: dict[str, Any]) -> Any:
    from engine import games
    try:
        return games.rules(game, options)
    except Exception:   # a view's options may carry the preset name beside the values it stands for
        return games.rules(game, {k: v for k, v in options.items() if k != "preset"})


def net_snapshot(msg: Any, seat: int, table: Any, full_view: dict[str, Any] | None = None) -> dict[str, Any]:
    """A worker-style snapshot from a Sync/Update message (plain data only). Selections are judged on the
    table's worker against a State made from ``judge_view`` (this seat's own view); the host decides.

    ``full_view``: the client's whole view at this message (history included, ``ClientThread.view()``), which
    the hints are computed on exactly as the local worker computes them (``worker.table_hints``)."""
    from desktop.games import presenter
    from desktop.worker import hint_rows, table_hints
    from engine.core import Action
    from engine.net.legal import complete
    full = dict(msg.view)
    view = {k: v for k, v in full.items() if k != "history"}
    game = str(view.get("game") or (table.game if table else ""))
    options = dict(view.get("options") or (table.options if table else {}) or {})
    legal = list(msg.legal or [])
    events = [dict(e) for e in getattr(msg, "events", [])]
    my_turn = bool(legal)
    pres = presenter(game)
    set_over = any(e.get("kind") in pres.result_events for e in events)
    n = int(view.get("n_seats") or (len(table.seats) if table else 0) or len(view.get("counts") or []))
    snap: dict[str, Any] = {
        "gen": 0, "seat": seat, "n_seats": n, "game": game, "view": view, "events": events, "action": None,
        "to_act": view.get("to_act"), "phase": view.get("phase", ""), "over": view.get("phase") == "over",
        "totals": list(view.get("totals") or [0] * n), "my_turn": my_turn, "auto": False,
        "first": msg.__class__.__name__ == "Sync", "set_over": set_over, "options": options,
        "n_actions": int(msg.sid), "paused": False, "net": True,
    }
    if snap["first"]:   # a (re)joined seat: what its own history tags in the hand (升级: the bottom, 底)
        snap["restored_tags"] = pres.restored_tags(full_view if full_view is not None else full, seat)
    if my_turn:
        rules = _rules(game, options)
        actions = []   # the host's legal list as engine actions, in the host's order (the hint bot sees the same)
        sel = set(pres.selection_kinds)   # kinds made by selecting cards (a trick game's plays and burials)
        for a in legal:
            try:
                if a.kind in sel and a.arg is not None:
                    actions.append(Action(seat, a.kind, None, a.arg))
                else:
                    actions.append(Action(seat, a.kind, rules.parse(a.play) if a.play else None, a.arg))
            except Exception:
                pass
        plays = [a for a in actions if a.play is not None or a.kind in sel]
        snap["fixed"] = [{"seat": seat, "kind": a.kind, **({"arg": a.arg} if a.arg is not None else {})}
                         for a in legal if not a.play and a.kind not in sel]
        snap["play_kinds"] = sorted({a.kind for a in legal if a.play or a.kind in sel})
        try:
            seen = dict(full_view if full_view is not None else full)
            # the host sends at most LEGAL_SENT actions: the hint bot chooses among the whole set, rebuilt from
            # this seat's view (engine.net.legal), as the local worker's does (an 升级 burial: millions)
            hints, suggest = table_hints(pres, game, seen, complete(game, seen, actions), plays)
        except Exception:   # a hint is advice: without it the player plays on
            hints, suggest = pres.hint_order(plays), None
        if suggest is not None:
            snap["suggest"] = suggest
        snap["hints"] = hint_rows(pres, list(view.get("hand") or []), hints)
        snap["judge_view"] = {k: v for k, v in full.items() if k != "history"}
    return snap
