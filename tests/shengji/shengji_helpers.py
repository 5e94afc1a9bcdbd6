"""Building Shengji tables for scenario tests: fixed deals and tables set up at the first trick."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.core import Action
from engine.shengji import Rules, State
from engine.trick.cards import SUITS, TEXT, full_pack, parse_codes
from engine.trick.order import standard_order

LEVELS = "23456789TJQKA"


def deal(first_drawer: int, hands: dict[int, str], bottom: str | None = None, seed: int = 0) -> list[str]:
    """The 108 cards in drawing order: seat s draws its listed cards first, in the order given; the rest of the
    pack fills up at random; ``bottom`` (in pack order) is the last 8."""
    left = Counter(full_pack())
    want = {s: parse_codes(h) for s, h in hands.items()}
    bot = parse_codes(bottom) if bottom else []
    for c in [c for v in want.values() for c in v] + bot:
        left[c] -= 1
        assert left[c] >= 0, f"too many {TEXT[c]}"
    rest = [c for c, k in sorted(left.items()) for _ in range(k)]
    random.Random(seed).shuffle(rest)
    if not bot:
        bot, rest = rest[:8], rest[8:]
    per = {s: list(want.get(s, [])) for s in range(4)}
    for s in range(4):
        while len(per[s]) < 25:
            per[s].append(rest.pop())
    order = []
    for i in range(100):
        s = (first_drawer + i) % 4
        order.append(per[s][i // 4])
    return [TEXT[c] for c in order + bot]


def act(st: State, seat: int, kind: str, arg: str | None = None) -> list[Any]:
    assert st.to_act == seat, f"seat {st.to_act} to act, not {seat} ({st.phase})"
    return st.apply(Action(seat, kind, None, arg))


def pass_until(st: State, stop: Any) -> None:
    """Everyone passes until ``stop(st)`` or the declarations end."""
    for _ in range(1000):
        if stop(st) or st.phase not in ("deal", "declare"):
            return
        act(st, st.to_act or 0, "pass")
    raise AssertionError("never stopped")


def drawn(st: State) -> int:
    return st.deal_pos


def table(hands: list[str], banker: int = 0, level: str = "2", trump: str | None = "s", leader: int | None = None,
          rules: Rules | None = None, bottom: str = "", levels: tuple[str, str] = ("2", "2")) -> State:
    """A state in the play phase with these hands (any equal sizes), as if dealt, declared and buried."""
    st = State(rules or Rules(), seed=0, hands=1)
    st.held = [[0] * 54 for _ in range(4)]
    for s, h in enumerate(hands):
        for c in parse_codes(h):
            st.held[s][c] += 1
    st.banker = banker
    st.levels = [LEVELS.index(levels[0]), LEVELS.index(levels[1])]
    st.level = LEVELS.index(level)
    st.trump = SUITS.index(trump) if trump else None
    st.order = standard_order(st.level, st.trump, st.rules.options.skip_level_adjacent)
    st.buried = sorted(parse_codes(bottom))
    st.phase = "play"
    st.leader = banker if leader is None else leader
    st.to_act_seat = st.leader
    st.pack = []
    st._cache = None
    return st
