"""The view's 听牌 aid (M-11a) against its definition: a 13-tile hand's waits are the kinds that complete it; on
one's own move, each discard that leaves a ready hand with its waits. The view works the shanten out first and skips
the waits of a hand that is not near; on heuristic play, where many hands get ready, it gives the same."""

from __future__ import annotations

from typing import Any

import pytest

from engine import games
from engine.bots.mahjong import HeuristicBot
from engine.mahjong import views
from engine.tiles import TILES, waits_counts


def _by_definition(st: Any, me: int) -> dict[str, Any]:
    t, rule = st.t, st.rules.win_rule
    h, melds = t.hands[me], t.melds[me]
    left = views.unseen_for(st, me)
    if sum(h) + 3 * len(melds) == 13:
        return {"waits": [[str(TILES[i]), left[i]] for i in waits_counts(rule, h, melds)]}
    after = {}
    if st.round is None and me == st.mover:
        for i in range(34):
            if h[i]:
                h[i] -= 1
                w = waits_counts(rule, h, melds)
                h[i] += 1
                if w:
                    after[str(TILES[i])] = [[str(TILES[j]), left[j]] for j in w]
    return {"after": after}


@pytest.mark.parametrize("opts", [{}, {"seven_pairs_258": True}, {"jiang258_for_big_hands": False}],
                         ids=["default", "seven_pairs_258", "big_hands_any_pair"])
def test_the_ting_aid_is_its_definition_on_heuristic_play(opts: dict[str, bool]) -> None:
    st = games.new_state("mahjong", 5, opts)
    bots = [HeuristicBot(seed=i) for i in range(4)]
    ready = 0
    while not st.is_over:
        for me in range(4):
            got = views.ting(st, me)
            assert got == _by_definition(st, me), (me, st.t.hands[me])
            ready += bool(got and (got.get("waits") or got.get("after")))
        s = st.to_act
        st.apply(bots[s].choose(st.view(s, with_history=False), st.legal_actions(s)).action)
    assert ready > 50   # the walk reached many ready hands, where the shortcut does not apply


def test_a_discards_ting_counts_what_the_hand_will_see_once_it_is_thrown() -> None:
    """The chip before a discard (打X → 听 …, 剩 N 张) and the waits after it agree, the discarded tile's own copies
    included: the thrown copy was already out of the unseen count (it was in the hand) and stays out (in the
    river). Until this, a hand waiting on the tile it threw showed one copy fewer before the throw, down to −1."""
    checked = own = 0
    for seed in (2, 8, 10):
        st = games.new_state("mahjong", seed, {})
        bots = [HeuristicBot(seed=i) for i in range(4)]
        while not st.is_over:
            s = st.to_act
            view = st.view(s, with_history=False)
            a = bots[s].choose(view, st.legal_actions(s)).action
            before = (view.get("ting") or {}).get("after", {}).get(str(a.arg)) if a.kind == "discard" else None
            st.apply(a)
            if before:
                assert st.view(s, with_history=False)["ting"]["waits"] == before, (seed, a)
                assert all(n >= 0 for _, n in before)
                checked += 1
                own += any(t == str(a.arg) for t, _ in before)
    assert checked > 20 and own >= 3, (checked, own)
