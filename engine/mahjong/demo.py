"""A scripted hand for demos and screenshots: seat 0 deals, declares a concealed kong, chows, is ready
(听牌) and wins on a discard. :func:`demo_moments` returns the state at each moment worth showing — the
deal, the kong, a claim offered to seat 0, the ready hand, the win — all reached through legal actions.
"""

from __future__ import annotations

from engine.core import Action

from .rules import Rules
from .state import Setup, State

DEMO_SETUP = Setup(
    hands=["1111m 234p 67p 55s 78s N",
           "2m 3m 4m 6m 7m 8m 9m 1s 2s 3s 4s S S",
           "2m 3m 4m 6m 7m 8m 9m 1s 2s 3s 4s F F",
           "5m 5m 6m 7m 8m 9p 9p 9p 1s 2s B B B"],
    front="E W 5p 6s", back="C", dealer=0)

# (seat, kind, arg) in order; None marks a moment to keep, named by the string
SCRIPT: tuple[tuple[int, str, str | None] | str, ...] = (
    "deal",
    (0, "kong", "1111m"), "kong",
    (0, "discard", "C"), (1, "pass", None), (2, "pass", None), (3, "pass", None),
    (1, "discard", "E"), (2, "pass", None), (3, "pass", None), (0, "pass", None),
    (2, "discard", "W"), (3, "pass", None), (0, "pass", None), (1, "pass", None),
    (3, "discard", "5p"), "claim",
    (0, "chow", "567p"), (1, "pass", None), (2, "pass", None),
    (0, "discard", "N"), "ting",
    (1, "pass", None), (2, "pass", None), (3, "pass", None),
    (1, "discard", "6s"), (2, "pass", None), (3, "pass", None), (0, "win", None), "win",
)


def demo_moments(seed: int = 1) -> list[tuple[str, State]]:
    """The scripted hand's moments as (name, state) pairs; every step is checked by ``apply``."""
    st = State(Rules(), seed=seed, setup=DEMO_SETUP)
    out: list[tuple[str, State]] = []
    for step in SCRIPT:
        if isinstance(step, str):
            out.append((step, st.clone()))
        else:
            seat, kind, arg = step
            st.apply(Action(seat, kind, arg=arg))
    return out
