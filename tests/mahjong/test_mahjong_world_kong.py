"""A world rebuilt from a seat's view (engine.mahjong.views.world_from_view, for 复盘 and search) when another
seat has a concealed kong nobody has seen (M-10): late in a hand the dealt hidden hands may hold a copy of every
kind the pool still has whole, and the kong's kind then comes from copies moved back out of those hands. Before
this, such a view could not be rebuilt and its review moment was played out in no world at all."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine import games, review
from engine.bots.mahjong import HeuristicBot


def _with_hidden_kong() -> tuple[Any, int, int]:
    """Heuristic play until a seat's move while another seat holds a concealed kong (its state, the mover, the
    kong's owner)."""
    for seed in range(1, 200):
        st = games.new_state("mahjong", seed, {})
        bots = [HeuristicBot(seed=i) for i in range(4)]
        while not st.is_over and st.hand_no == 1:
            me = st.to_act
            owners = [s for s in range(4) if s != me and any(m.is_concealed_kong for m in st.t.melds[s])]
            if st.round is None and owners and not any(st.ml):
                return st, me, owners[0]
            st.apply(bots[me].choose(st.view(me, with_history=False), st.legal_actions(me)).action)
    raise AssertionError("no concealed kong in 200 heuristic hands")


def _spread(view: dict[str, Any], unseen: list[str]) -> list[list[str]]:
    """The other hands dealt so that each kind left unseen puts a copy in them first: no kind stays whole in the
    pool, the case the kong's kind used to be drawn from in vain."""
    by_kind: dict[str, list[str]] = {}
    for t in sorted(unseen, key=lambda t: -unseen.count(t)):   # the kinds still whole first
        by_kind.setdefault(t, []).append(t)
    order: list[str] = []
    while any(by_kind.values()):
        for k in list(by_kind):
            if by_kind[k]:
                order.append(by_kind[k].pop())
    hands, at = [], 0
    for s, n in enumerate(view["counts"]):
        if s == view["seat"]:
            hands.append(list(view["hand"]))
        else:
            hands.append(order[at:at + n])
            at += n
    return hands


def test_a_hidden_kong_is_rebuilt_when_the_dealt_hands_hold_a_copy_of_every_kind() -> None:
    st, me, owner = _with_hidden_kong()
    spec = games.spec("mahjong")
    view = st.view(me, with_history=True)
    unseen = review.pool(spec, view)
    hands = _spread(view, unseen)
    dealt = Counter(t for s, h in enumerate(hands) if s != me for t in h)
    assert all(Counter(unseen)[k] - dealt[k] < 4 for k in set(unseen)), "the deal left a kind whole"
    w = spec.from_view(view, hands, seed=5)
    again = w.view(me, with_history=True)
    for key in ("hand", "rivers", "melds", "counts"):
        assert again[key] == view[key], key
    assert again["state"]["wall"] == view["state"]["wall"]
    kong = next(m for m in w.t.melds[owner] if m.is_concealed_kong)
    assert len(set(kong.tiles)) == 1 and len(kong.tiles) == 4
    assert w.t.accounted() == 136
    every = Counter(w.t.wall[w.t.front:w.t.back])
    for s in range(4):
        every.update(w.t.tiles_of(s))
        every.update(t for m in w.t.melds[s] for t in m.tiles)
        every.update(w.t.rivers[s])
    assert set(every.values()) == {4}, every   # four copies of each kind, no fifth
    assert spec.from_view(view, hands, seed=5).t.melds[owner] == w.t.melds[owner]   # seeded
