"""``State.clone`` (the search copies a world per candidate) copies exactly what main's clone copied — the
same fields, equal values, the same objects shared or copied — after its speed-up (issue 16)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from engine import sim
from engine.gouji.state import State
from engine.gouji.tribute import TributeItem


def _reference_clone(self: State) -> State:
    """State.clone as main had it (5652e83)."""
    new = copy.copy(self)
    new.rng = random.Random()
    new.rng.setstate(self.rng.getstate())
    for name, val in self.__dict__.items():
        if isinstance(val, Counter):
            setattr(new, name, Counter(val))
        elif isinstance(val, list):
            setattr(new, name, [list(x) if isinstance(x, list) else copy.copy(x) if isinstance(x, TributeItem)
                                else x for x in val])
        elif isinstance(val, dict):
            setattr(new, name, dict(val))
        elif isinstance(val, set):
            setattr(new, name, set(val))
    new.stacked = [[list(h) for h in d] for d in self.stacked]
    new.fair = self.fair.copy()
    new._plays_cache = ((-1, -1), [])
    new._seen = {}
    return new


def _shape(orig: State, cl: State) -> dict[str, Any]:
    """Per field: its value, whether the copy shares the original's object, and per list item the same."""
    out: dict[str, Any] = {}
    for name, val in cl.__dict__.items():
        if name in ("rng", "fair"):
            out[name] = (val.getstate() if name == "rng" else None, val is orig.__dict__[name])
            continue
        o = orig.__dict__[name]
        items = [x is y for x, y in zip(val, o)] if isinstance(val, list) else None
        out[name] = (type(val), val == o, val is o, items)
    return out


def test_clone_copies_what_main_copied() -> None:
    for seed, opts in ((1, {}), (2, {"biesan": True}), (3, {"compare_option": 1})):
        st = sim.games.new_state("gouji", seed, {**opts, "sets_per_game": 3})
        rng = random.Random(seed)
        step = 0
        while not st.is_over:
            if step % 37 == 0:
                a, b = st.clone(), _reference_clone(st)
                assert _shape(st, a) == _shape(st, b)
                assert a.snapshot() == b.snapshot() == st.snapshot()
                # independent: the copy plays on, the original does not move
                before = st.snapshot()
                a.apply(sim.random_action(a, random.Random(step)))
                assert st.snapshot() == before
            st.apply(sim.random_action(st, rng))
            step += 1
