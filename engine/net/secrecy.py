"""The host's last line of defence: what never leaves the host, whatever a game's ``view`` contains.

The engine's ``view(seat)`` is the contract for what a seat may know; on top of it the host strips
every key that names host-only secrets at any depth (the deal seed, a random generator's state) before
a view or event is encoded for a client. ``scrub`` returns the data unchanged (same objects) when there
is nothing to strip.
"""

from __future__ import annotations

from typing import Any

#: Keys that are removed at any depth of a view or an event sent to a client.
SECRET_KEYS = frozenset({"seed", "rng", "rng_state", "token", "tokens", "deal_seed"})


def scrub(obj: Any) -> Any:
    if isinstance(obj, dict):
        out: dict[Any, Any] | None = None
        for k, v in obj.items():
            if k in SECRET_KEYS:
                if out is None:
                    out = {kk: vv for kk, vv in obj.items()}
                del out[k]
                continue
            nv = scrub(v)
            if nv is not v:
                if out is None:
                    out = {kk: vv for kk, vv in obj.items()}
                out[k] = nv
        return obj if out is None else out
    if isinstance(obj, list):
        new: list[Any] | None = None
        for i, v in enumerate(obj):
            nv = scrub(v)
            if nv is not v:
                if new is None:
                    new = list(obj)
                new[i] = nv
        return obj if new is None else new
    return obj
