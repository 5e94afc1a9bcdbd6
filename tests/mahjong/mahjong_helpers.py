"""Helpers for the Shandong Mahjong tests: fixed deals, and driving a hand by its real legal actions."""

from __future__ import annotations

from typing import Any

from engine.core import Action
from engine.mahjong import Rules, Setup, State


def table(hands: list[str], front: str = "", back: str = "", dealer: int = 0, seed: int = 1,
          **options: Any) -> State:
    return State(Rules(**options), seed=seed, setup=Setup(hands=hands, front=front, back=back, dealer=dealer))


def act(st: State, seat: int, kind: str, arg: str | None = None) -> list[Any]:
    a = Action(seat, kind, arg=arg)
    assert a in st.legal_actions(seat), (a, list(st.legal_actions(seat)))
    return st.apply(a)


def kinds(st: State, seat: int) -> list[str]:
    return [f"{a.kind}:{a.arg}" if a.arg else a.kind for a in st.legal_actions(seat)]


def pass_round(st: State) -> None:
    """Every seat still to answer the current round passes."""
    while st.round is not None:
        act(st, st.to_act, "pass")  # type: ignore[arg-type]


def draw_discard(st: State) -> str:
    """The seat to move discards the tile it just drew (or any tile), then everyone passes."""
    seat = st.to_act
    assert seat is not None and st.round is None
    tile = str(st.drawn) if st.drawn is not None else next(a.arg for a in st.legal_actions(seat)
                                                            if a.kind == "discard")
    act(st, seat, "discard", tile)
    pass_round(st)
    return tile
