"""Helpers for the Gouji scenario and property tests: stacked deals, declining the set-up phases, playing."""

from __future__ import annotations

import random
from typing import Any

from engine.cards import parse_cards
from engine.core import Action
from engine.gouji import Rules, State

SETUP_PHASES = ("yudian", "show", "mingdian", "revolt")


def hands(*texts: str) -> list[list[Any]]:
    """Six hands from six card strings (``""`` = an empty hand)."""
    assert len(texts) == 6
    return [parse_cards(t) for t in texts]


def first_leader_seed(leader: int) -> int:
    """A seed whose random first leader (G-18, nobody shows) is ``leader`` for a stacked deal."""
    for s in range(1000):
        if random.Random(s).randrange(6) == leader:
            return s
    raise AssertionError("no seed")


def decline_setup(st: State, calls: dict[int, str] | None = None, revolt: set[int] | None = None,
                  yaotou: bool | None = None, shows: set[int] | None = None) -> None:
    """Decline every optional declaration until the play phase (or a tribute/return decision).

    ``calls``: seat → "yu"/"ming" to call instead; ``revolt``: seats that revolt; ``yaotou``: the choice of
    the revolutionary's 对头 (True 要头, False 无头); ``shows``: seats that show their 3s (上班).
    """
    calls = calls or {}
    revolt = revolt or set()
    shows = shows or set()
    while st.phase in SETUP_PHASES + ("yaotou",):
        seat = st.to_act
        assert seat is not None
        la = st.legal_actions(seat)
        if st.phase == "yudian" and calls.get(seat) == "yu":
            st.apply(Action(seat, "yudian"))
        elif st.phase == "mingdian" and calls.get(seat) == "ming":
            st.apply(Action(seat, "mingdian"))
        elif st.phase == "revolt" and seat in revolt and Action(seat, "revolt") in la:
            st.apply(Action(seat, "revolt"))
        elif st.phase == "show" and seat in shows:
            st.apply(next(a for a in la if a.kind == "show"))
        elif st.phase == "yaotou":
            assert yaotou is not None, "a revolution happened: say yaotou=True/False"
            st.apply(Action(seat, "yaotou" if yaotou else "wutou"))
        else:
            st.apply(Action(seat, "decline"))


def new_game(deal: list[list[Any]], *, later: tuple[list[list[Any]], ...] = (), leader: int | None = None,
             seed: int | None = None, calls: dict[int, str] | None = None, revolt: set[int] | None = None,
             yaotou: bool | None = None, **opts: Any) -> State:
    """A State whose first deal is ``deal`` (then the ``later`` deals), set up to the play phase with ``leader``
    as the (random) first leader. ``opts`` are G.4 options; ``sets_per_game`` defaults to 1 here."""
    if seed is None:
        seed = first_leader_seed(leader) if leader is not None else 0
    opts.setdefault("sets_per_game", 1)
    st = State(Rules(**opts), seed=seed, stacked=[deal, *later])
    decline_setup(st, calls=calls, revolt=revolt, yaotou=yaotou)
    if leader is not None and st.phase == "play" and st.revolutionary is None:
        assert st.first_leader == leader, (st.first_leader, leader)
    return st


def skip_burns(st: State) -> list[int]:
    """Decline the burn window (G-52) if one is open; returns the seats asked, in order.

    The engine asks every eligible seat, able to burn or not (being asked reveals nothing)."""
    asked = []
    while st.phase == "play" and st.mode == "burn":
        s = st.to_act
        assert s is not None
        asked.append(s)
        st.apply(Action(s, "decline"))
    return asked


def burn_offers(st: State) -> list[tuple[int, bool]]:
    """Decline the whole burn window; returns (seat, had a legal kill) for each seat asked."""
    out = []
    while st.phase == "play" and st.mode == "burn":
        s = st.to_act
        assert s is not None
        out.append((s, any(True for _ in st.legal_actions(s).plays())))
        st.apply(Action(s, "decline"))
    return out


def act(st: State, seat: int, kind: str, play: str | None = None, arg: str | None = None) -> list[Any]:
    """Apply one action, asserting first that it is ``seat``'s turn and that legal_actions offers it.

    An open burn window is declined first unless the action is a burn or a decline."""
    if kind not in ("burn", "decline"):
        skip_burns(st)
    assert st.to_act == seat, f"to_act is {st.to_act} (mode {getattr(st, 'mode', None)}), expected {seat}"
    a = Action(seat, kind, st.rules.parse(play) if play is not None else None, arg)
    la = st.legal_actions(seat)
    assert a in la, f"{a} not offered: {la!r}"
    if a.play is None:
        assert a in list(la.fixed)
    return st.apply(a)


def play(st: State, seat: int, text: str) -> list[Any]:
    return act(st, seat, "play", text)


def burn(st: State, seat: int, text: str) -> list[Any]:
    return act(st, seat, "burn", text)


def pass_(st: State, seat: int) -> list[Any]:
    return act(st, seat, "pass")


def decline(st: State, seat: int) -> list[Any]:
    return act(st, seat, "decline")


def pass_until(st: State, seat: int) -> list[int]:
    """Everyone passes / declines until it is ``seat``'s turn in the play phase; returns who passed."""
    who = []
    for _ in range(60):
        if st.to_act == seat:
            return who
        assert st.phase == "play"
        s = st.to_act
        assert s is not None
        who.append(s)
        st.apply(Action(s, "decline" if st.mode == "burn" else "pass"))
    raise AssertionError("never reached")


def turn_order(st: State, passes: int) -> list[int]:
    """Let the next ``passes`` seats pass (burn windows are declined, not counted); returns the seats."""
    seen = []
    for _ in range(passes):
        skip_burns(st)
        s = st.to_act
        assert s is not None
        seen.append(s)
        st.apply(Action(s, "decline" if st.mode == "burn" else "pass"))
    return seen


def events(st: State, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in st.history if e.kind == kind]


def hand(st: State, seat: int) -> str:
    return " ".join(st.view(seat)["hand"])


def accept_all_tributes(st: State, refuse: set[tuple[str, int, int]] = frozenset()) -> None:  # type: ignore[assignment]
    """Receivers accept (or refuse (kind, payer, receiver)) every tribute; 还贡 returns the lowest card."""
    while st.phase in ("tribute", "return"):
        seat = st.to_act
        assert seat is not None
        if st.phase == "tribute":
            it = st.items[st.item_idx]
            kind = "refuse" if (it.kind, it.payer, it.receiver) in refuse else "accept"
            st.apply(Action(seat, kind))
        else:
            la = list(st.legal_actions(seat))
            st.apply(la[0])


def go(st: State, seat: int, kind: str, play: str | None = None, arg: str | None = None) -> list[Any]:
    """Every other seat passes (answer) or declines (burn window) until ``seat`` acts; then ``seat`` acts."""
    for _ in range(60):
        if st.to_act == seat:
            break
        assert st.phase == "play" and st.mode in ("answer", "burn", "rang_return"), (st.to_act, st.mode, seat)
        s = st.to_act
        assert s is not None
        st.apply(Action(s, "decline" if st.mode == "burn" else "pass"))
    return act(st, seat, kind, play, arg)


def go_play(st: State, seat: int, text: str) -> list[Any]:
    return go(st, seat, "play", text)


def finish_round(st: State) -> int:
    """Everyone passes / declines until someone must lead; returns the leader."""
    for _ in range(60):
        if st.phase != "play" or st.mode == "lead":
            return st.to_act  # type: ignore[return-value]
        s = st.to_act
        assert s is not None
        st.apply(Action(s, "decline" if st.mode == "burn" else "pass"))
    raise AssertionError("round never ended")
