"""The 计分表's rows, built by each game's presenter from the results events the table keeps: for every registered
game the first finished hand (or set) is numbered 1 and every seat's score of it is filled in — the engines number
their hands from 0 or from 1, and name a hand's scores ``scores`` or otherwise (Mahjong's ``payments``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from desktop.games import presenter
from engine import games


def _first_results(name: str, seed: int, want: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """The results of the first ``want`` hands of a random game, as the table keeps them."""
    spec = games.spec(name)
    st = spec.new_state(seed, options, **({spec.match_kwarg: want + 1} if spec.match_kwarg else {}))
    rng = random.Random(seed)
    pres = presenter(name)
    out: list[dict[str, Any]] = []
    while len(out) < want and not st.is_over:
        events = st.apply(rng.choice(st.legal_actions(st.to_act)))
        res = pres.result_data([e.to_json() for e in events])
        if res:
            out.append(res)
    return out


VARIANTS = [(name, {}) for name in games.names()] + [("shengji", {"variant": "sanwufan"})]


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=[f"{n}-{o.get('variant', '')}" for n, o in VARIANTS])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_sheet_numbers_the_first_hand_1_and_fills_every_seats_score(name: str, options: dict[str, Any],
                                                                       lang: str) -> None:
    results = _first_results(name, 3, 2, options)
    assert len(results) == 2, name
    pres = presenter(name)
    n = games.spec(name).new_state(3, options).n_seats
    sheet = pres.sheet(results, 0, n, {}, lang, lambda s: f"P{s}")
    assert len(sheet["rows"]) == 2
    for k, row in enumerate(sheet["rows"], 1):
        label = row["cells"][0]["text"]
        assert label.replace("第", "").replace("局", "").replace("回合", "").split()[-1] == str(k), (name, label)
        seat_cells = row["cells"][-n:]
        assert all(c["text"] != "–" for c in seat_cells), (name, row)
    totals = [c["text"] for c in sheet["total"][-n:]]
    assert all(t != "–" for t in totals), (name, totals)
