"""Event logs as JSON lines: a header (game, options, seed) then one line per action with its events.

A game is fully reproducible from (options, seed, actions); loading replays the actions and checks that
each produces the recorded events, so a damaged or edited log is reported, never half-loaded.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from engine import games
from engine.core import Event
from engine.errors import LogError, RuleError

VERSION = 1


def header(state: Any) -> dict[str, Any]:
    head = {"log": "qilu-cards", "version": VERSION, "game": state.rules.game,
            "options": state.rules.options.changed(), "seed": state.seed}
    hands = getattr(state, "hands_total", 1)
    if hands != 1:  # Baohuang: a match of several hands (State(..., hands=n))
        head["hands"] = hands
    carry = getattr(state, "carry_tribute", None)
    if carry:  # Gouji: G-83 tribute carried in from the previous game's 串三户
        head["carry_tribute"] = [list(x) for x in carry]
    return head


def dump_lines(state: Any) -> list[str]:
    lines = [json.dumps(header(state), ensure_ascii=False, sort_keys=True)]
    lines.extend(action_line(a, evs, n) for n, (a, evs) in enumerate(zip(state.actions, state.action_events), 1))
    return lines


def action_line(action: Any, events: Iterable[Event], n: int | None = None) -> str:
    """One action with its events; ``n`` (1, 2, …) numbers the line so a missing line is noticed."""
    rec: dict[str, Any] = {"a": action.to_json(), "e": [e.to_json() for e in events]}
    if n is not None:
        rec["n"] = n
    return json.dumps(rec, ensure_ascii=False, sort_keys=True)


def dump(state: Any) -> str:
    return "\n".join(dump_lines(state)) + "\n"


def load(text: str, check_events: bool = True) -> Any:
    """Replay a log. Raises :class:`LogError` naming the line at fault."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        raise LogError("log", "empty log")
    try:
        head = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise LogError("log", f"line 1: not JSON ({exc.msg})") from None
    if not isinstance(head, dict) or head.get("log") != "qilu-cards":
        raise LogError("log", "line 1 is not a Qilu Cards log header")
    if head.get("version") != VERSION:
        raise LogError("log", f"log version {head.get('version')!r} is not {VERSION}")
    try:
        extra: dict[str, Any] = {"hands": int(head["hands"])} if "hands" in head else {}
        if "carry_tribute" in head:
            extra["carry_tribute"] = [(int(p), int(r)) for p, r in head["carry_tribute"]]
        state = games.new_state(str(head["game"]), int(head["seed"]), head.get("options") or {}, **extra)
    except (KeyError, TypeError, ValueError) as exc:
        raise LogError("log", f"line 1: bad header ({exc})") from None
    for n, line in enumerate(lines[1:], start=2):
        try:
            rec = json.loads(line)
            if isinstance(rec, dict) and "n" in rec and rec["n"] != n - 1:
                raise ValueError(f"action number {rec['n']!r} where {n - 1} was expected "
                                 "(a line is missing or out of order)")
            action = state.action_from_json(rec["a"])
            events = state.apply(action)
        except json.JSONDecodeError as exc:
            raise LogError("log", f"line {n}: not JSON ({exc.msg})") from None
        except RuleError as exc:
            raise LogError("log", f"line {n}: action refused: {exc}") from None
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise LogError("log", f"line {n}: malformed record ({exc})") from None
        if check_events and "e" in rec:
            got = [e.to_json() for e in events]
            if got != rec["e"]:
                raise LogError("log", f"line {n}: the recorded events differ from the replay")
    return state
