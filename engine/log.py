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

# Events that close a set, a hand or the match (each game emits one of them): a log is fsync-ed there,
# so a crash can cost at most the moves of the set or hand being played, never a finished one.
BOUNDARY_EVENTS = frozenset({"set_end", "hand_end", "game_over"})


def at_boundary(events: Iterable[Event]) -> bool:
    return any(e.kind in BOUNDARY_EVENTS for e in events)


def split_torn(raw: bytes) -> tuple[bytes, bytes]:
    """``(complete, torn)``: every line that ends with its newline, and whatever follows the last newline.

    Logs are appended one whole line per write (the line and its newline together), so a crash or a full
    disk mid-write can only leave the *last* line without its newline — cut short, or padded with the zero
    bytes some file systems leave after a crash. That tail is the torn line: it is dropped and the log
    resumes from every complete line. Damage anywhere else is not a tear and is reported by :func:`load`.
    """
    cut = raw.rfind(b"\n") + 1
    return raw[:cut], raw[cut:]


def header(state: Any) -> dict[str, Any]:
    head = {"log": "qilu-cards", "version": VERSION, "game": state.rules.game,
            "options": state.rules.options.changed(), "seed": state.seed}
    game = state.rules.game
    if game in games.names():  # the game says what else its start needs (a match length, carried tribute)
        head.update(games.spec(game).header_extras(state))
    fair = getattr(state, "fair", None)
    if fair is not None and fair.entropy:  # the LAN seats' contributions to the deals (engine.fairness)
        head["shuffle_entropy"] = fair.entropy_json()  # a key after "game": table logs find headers by it
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


def state_kwargs(head: dict[str, Any]) -> dict[str, Any]:
    """The extra ``State`` arguments a header records (a match length ``hands``; what the game's spec wrote with
    ``header_extras``, typed back by its ``header_kwargs``), typed back."""
    extra: dict[str, Any] = {}
    if "hands" in head:
        extra["hands"] = int(head["hands"])
    game = str(head.get("game"))
    if game in games.names():
        extra.update(games.spec(game).header_kwargs(head))
    if head.get("shuffle_entropy"):
        from engine.fairness import Ledger
        extra["entropy"] = Ledger.entropy_from_json(head["shuffle_entropy"])
    return extra


def entropy_line(deal: int, seat: int, value: bytes) -> str:
    """A LAN seat's contribution to a later deal, as the table log records it (``{"x": …}``)."""
    return json.dumps({"x": {"deal": deal, "seat": seat, "value": value.hex()}}, sort_keys=True)


def apply_side_record(state: Any, rec: dict[str, Any], n: int = 0) -> None:
    """A record that is not an action: a contribution (``x``) goes to the state's shuffle ledger; a table change
    (``m``) concerns the LAN host only."""
    if "x" in rec:
        try:
            x = rec["x"]
            state.fair.contribute(int(x["deal"]), int(x["seat"]), bytes.fromhex(str(x["value"])))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise LogError("log", f"line {n}: bad contribution record ({exc})") from None


def state_from_header(line: str, n: int = 1) -> tuple[dict[str, Any], Any]:
    """Check a header line (line ``n``) and build the game's starting state from it."""
    try:
        head = json.loads(line)
    except json.JSONDecodeError as exc:
        raise LogError("log", f"line {n}: not JSON ({exc.msg})") from None
    if not isinstance(head, dict) or head.get("log") != "qilu-cards":
        raise LogError("log", f"line {n} is not a Qilu Cards log header")
    if head.get("version") != VERSION:
        raise LogError("log", f"log version {head.get('version')!r} is not {VERSION}")
    try:
        state = games.new_state(str(head["game"]), int(head["seed"]), head.get("options") or {},
                                **state_kwargs(head))
    except (KeyError, TypeError, ValueError) as exc:
        raise LogError("log", f"line {n}: bad header ({exc})") from None
    return head, state


def parse_record(line: str, n: int) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise LogError("log", f"line {n}: not JSON ({exc.msg})") from None


def replay_record(state: Any, rec: Any, n: int, number: int | None = None, check_events: bool = True) -> None:
    """Apply one action record (line ``n``; ``number`` = the action number expected, if lines are numbered)
    and check it produces the recorded events. Raises :class:`LogError` naming the line."""
    try:
        if number is not None and isinstance(rec, dict) and "n" in rec and rec["n"] != number:
            raise ValueError(f"action number {rec['n']!r} where {number} was expected "
                             "(a line is missing or out of order)")
        action = state.action_from_json(rec["a"])
        events = state.apply(action)
    except RuleError as exc:
        raise LogError("log", f"line {n}: action refused: {exc}") from None
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise LogError("log", f"line {n}: malformed record ({exc})") from None
    if check_events and "e" in rec and [e.to_json() for e in events] != rec["e"]:
        raise LogError("log", f"line {n}: the recorded events differ from the replay")


def load(text: str, check_events: bool = True) -> Any:
    """Replay a log. Raises :class:`LogError` naming the line at fault."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        raise LogError("log", "empty log")
    _, state = state_from_header(lines[0])
    number = 0
    for n, line in enumerate(lines[1:], start=2):
        rec = parse_record(line, n)
        if isinstance(rec, dict) and "x" in rec:
            apply_side_record(state, rec, n)
            continue
        number += 1
        replay_record(state, rec, n, number=number, check_events=check_events)
    return state
