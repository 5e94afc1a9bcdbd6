"""What a seat may see (M-10) and the way back: ``view_of`` builds a view field by field from public facts and
the seat's own; ``world_from_view`` rebuilds a full state from a view and sampled hands (determinization).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core import Action
from engine.fairness import Ledger
from engine.tiles import TILES, Meld, Tile, TileBag, meld_of, parse_tiles, shanten_counts, waits_counts

from .paths import PATHS
from .rules import Rules
from .scoring import Kong, win_payments
from .table import N, Round, Table

if TYPE_CHECKING:
    from .state import State


def view_of(st: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (None = a spectator), built field by field from public facts and the seat's
    own: the wall and the other concealed hands never appear; concealed kongs of others are face down."""
    me = seat if seat is not None and 0 <= seat < N else None
    t = st.t
    r = st.round
    asked = r is not None and me is not None and me == st.to_act
    to_act = st.to_act if (r is None or asked) else None
    melds = [[meld_view(m, s == me) for m in t.melds[s]] for s in range(N)]
    last = st.results[-1] if st.results else None
    own_answer = None
    if r is not None and me is not None and me in r.answers:
        own_answer = r.answers[me].to_json()
    state = {
        "phase": st.phase, "mover": st.mover if r is None else None, "ctx": st.ctx if r is None else None,
        "round": ({"kind": r.kind, "tile": str(r.tile), "source": r.source, "last": r.last} if r else None),
        "hand_no": st.hand_no, "dealer": st.dealer, "first_dealer": st.first_dealer, "circle": st.circle,
        "totals": list(st.totals), "wall": t.wall_left, "last_tile": st.last_tile,
        "kongs": [[k.seat, k.kind, k.source] for k in st.kongs], "minglou": list(st.ml),
        "results": len(st.results), "over": st.over,
    }
    return {
        "game": st.game, "seat": me, "n_seats": N, "phase": st.phase, "to_act": to_act,
        "options": st.rules.options.as_dict(),
        "hand": [str(x) for x in t.tiles_of(me)] if me is not None else [],
        "drawn": str(st.drawn) if (me is not None and me == st.mover and r is None and st.drawn) else None,
        "counts": [t.size(s) for s in range(N)],
        "places": st.ranks() if st.over else [None] * N,  # the header's per-seat places (M-18)
        "ranks": st.ranks() if st.over else [],
        "scores": list(last["payments"]) if last else [0] * N,
        "totals": list(st.totals),
        "trick": [{"seat": r.source, "tile": str(r.tile), "kind": r.kind}] if r is not None else [],
        # the match so far (engine.api.ViewHeader), kept per seat as it grows: a view costs no replay of it
        "history": st.visible_history(me),
        "history_policy": "match",
        "hand_no": st.hand_no, "dealer": st.dealer, "first_dealer": st.first_dealer, "circle": st.circle,
        "winds": st.winds(), "wall": t.wall_left,
        "rivers": [[str(x) for x in riv] for riv in t.rivers],
        "melds": melds,
        "minglou": list(st.ml),
        "shown": {str(s): [str(x) for x in t.tiles_of(s)] for s in range(N) if st.ml[s] and s != me},
        "asked": asked, "claim": {"tile": str(r.tile), "from": r.source, "kind": r.kind} if asked and r else None,
        "answer": own_answer,
        "locked": bool(st.locked[me]) if me is not None else False,
        "must_discard": me is not None and r is None and me == st.mover and st.ctx == "claimed",
        "last_result": last,
        "over": st.over,
        "ting": ting(st, me),
        "win_offer": win_offer(st, me),
        "state": state,
    }


def unseen_for(st: State, me: int) -> list[int]:
    """Copies of each kind ``me`` cannot see: the wall and the other concealed hands (and concealed kongs)."""
    left = [4] * 34
    t = st.t
    for i, n in enumerate(t.hands[me]):
        left[i] -= n
    for s in range(N):
        for x in t.rivers[s]:
            left[x.idx] -= 1
        for m in t.melds[s]:
            if s == me or not m.is_concealed_kong:
                for x in m.tiles:
                    left[x.idx] -= 1
        if st.ml[s] and s != me:
            for i, n in enumerate(t.hands[s]):
                left[i] -= n
    if st.round is not None and st.round.kind == "rob":
        left[st.round.tile.idx] -= 1
    return left


def ting(st: State, me: int | None) -> dict[str, Any] | None:
    """听牌 for the display (M-11a): a ready 13-tile hand's ``waits`` as ``[tile, copies unseen]``; on one's own
    move, ``after``: for each discard that leaves a ready hand, its waits. ``None`` for a spectator."""
    if me is None or st.over:
        return None
    t = st.t
    rule = st.rules.win_rule
    h = t.hands[me]
    melds = t.melds[me]
    left = unseen_for(st, me)
    size = sum(h) + 3 * len(melds)
    # the shanten first (one pass): a hand not ready has no waits, and a 14-tile hand more than one step from
    # complete has no discard that leaves it ready — most views, and the waits cost 34 win checks a discard
    near = shanten_counts(rule, h, melds) <= 0
    if size == 13:
        return {"waits": [[str(TILES[i]), left[i]] for i in waits_counts(rule, h, melds)] if near else []}
    after: dict[str, list[list[Any]]] = {}
    if size == 14 and near and st.round is None and me == st.mover:
        for i in range(34):
            if h[i]:
                h[i] -= 1
                w = waits_counts(rule, h, melds)
                h[i] += 1
                if w:
                    after[str(TILES[i])] = [[str(TILES[j]), left[j]] for j in w]
    return {"after": after}

def win_offer(st: State, me: int | None) -> dict[str, Any] | None:
    """胡 on offer to ``me`` (M-11): the win as the hand's record would hold it — the reading, the patterns and V
    (M-19 … M-21) — so the table shows what it pays before it is taken (a discard win against waiting for a
    self-draw: M-14, M-20). Only the seat's own tiles and the public tile on offer."""
    if me is None or st.over or st.to_act != me or not any(a.kind == "win" for a in st._legal(me)):
        return None
    r = st.round
    h = list(st.t.hands[me])
    if r is not None:
        h[r.tile.idx] += 1
    value = st.win_value(me, h, r)
    return st._win_record(me, h, value, r, win_payments(me, value.value, None if r is None else r.source))


def meld_view(m: Meld, own: bool) -> dict[str, Any]:
    hidden = m.is_concealed_kong and not own
    return {"kind": m.kind, "kong": m.kong, "tiles": None if hidden else str(m.tiles), "claimed": m.claimed,
            "from": m.source}


def _kong_kind(st: State, rules: Any, pool: Counter[Tile], t: Table, movable: list[int]) -> Tile:
    """The kind of a concealed kong nobody has seen (M-10): one whose four copies are all still in ``pool``;
    else one whose missing copies the dealt hands of ``movable`` seats (hands this view does not see) hold —
    those copies go back to the pool for other pool tiles, since which unseen tile sits in which unseen hand
    is the world's own guess. Late in a hand the dealt hands often hold a copy of every kind left whole."""
    kinds = [x for x in rules.tiles()[::4] if pool[x] >= 4]
    if kinds:
        return Tile(st.rng.choice(kinds))
    x = Tile(st.rng.choice([k for k in rules.tiles()[::4]
                            if pool[k] + sum(t.hands[s][k.idx] for s in movable) >= 4]))
    for s in movable:
        while pool[x] < 4 and t.hands[s][x.idx]:
            y = st.rng.choice(sorted(y for y in pool.elements() if y != x))
            t.hands[s][x.idx] -= 1
            t.hands[s][y.idx] += 1
            pool[x] += 1
            pool[y] -= 1
    return x


def world_from_view(cls: type[State], view: Mapping[str, Any], hands: Sequence[Sequence[str]], seed: int = 0) -> State:
    """Determinization for search bots: the public state of ``view`` with the concealed hands taken from
    ``hands`` (one list per seat, the viewer's own included) and the wall drawn from the unseen rest with
    ``seed``. Other seats' concealed kongs take kinds of which four copies are unseen. In a claim round the
    answers of the seats asked before the viewer are unknown and taken as passes; history starts empty."""
    pub = view["state"]
    rules = Rules(dict(view["options"]))
    st = cls.__new__(cls)
    st.rules, st.seed, st.rng = rules, seed, random.Random(seed)
    st.fair = Ledger(seed, N)  # the determinized world's later hands deal from its own seed
    st.history, st.actions, st.action_events, st._out = [], [], [], []
    st.hand_start = 0
    st.stats = Counter({k: 0 for k in PATHS})
    st.totals = list(pub["totals"])
    st.hand_no, st.dealer, st.first_dealer = int(pub["hand_no"]), int(pub["dealer"]), int(pub["first_dealer"])
    st.circle = int(pub.get("circle", 0))
    st.results = [dict(view["last_result"])] if view.get("last_result") else []
    st.over = bool(pub["over"])
    st._ver, st._cache = 0, None
    honours = rules.options.honors
    pool = Counter(rules.tiles())
    t = Table([])
    for s in range(N):
        for x in parse_tiles(list(hands[s]), honours):
            t.hands[s][x.idx] += 1
            pool[x] -= 1
        t.rivers[s] = parse_tiles(list(view["rivers"][s]), honours)
        pool.subtract(Counter(t.rivers[s]))
    hidden: list[tuple[int, int]] = []
    for s in range(N):
        for j, mv in enumerate(view["melds"][s]):
            if mv["tiles"] is None:
                hidden.append((s, j))
                t.melds[s].append(Meld("kong", TileBag(), False, "concealed", None))
                continue
            m = meld_of(parse_tiles(mv["tiles"], honours), claimed=bool(mv["claimed"]),
                        kong="added" if mv["kong"] == "added" else None, source=mv["from"])
            t.melds[s].append(m)
            pool.subtract(Counter(m.tiles))
    rnd = pub["round"]
    if rnd is not None and rnd["kind"] == "rob":
        pool[Tile(rnd["tile"])] -= 1
    shown = {int(k) for k in (view.get("shown") or {})}   # 明楼 hands (M-15) are seen: never moved
    unseen_hands = [s for s in range(N) if s != view["seat"] and s not in shown]
    for s, j in hidden:
        x = _kong_kind(st, rules, pool, t, unseen_hands)
        pool[x] -= 4
        t.melds[s][j] = meld_of([x] * 4, claimed=False, kong="concealed")
    rest = list(pool.elements())
    st.rng.shuffle(rest)
    if len(rest) != int(pub["wall"]):
        raise ValueError(f"the hands leave {len(rest)} unseen tiles, the wall has {pub['wall']}")
    t.wall, t.front, t.back = rest, 0, len(rest)
    st.t = t
    st.kongs = [Kong(int(a), str(b), c) for a, b, c in pub["kongs"]]
    st.locked = [False] * N
    me = view["seat"]
    if me is not None:
        st.locked[me] = bool(view["locked"])
    st.ml = [bool(x) for x in pub["minglou"]]
    st.last_tile = bool(pub["last_tile"])
    st.drawn = Tile(view["drawn"]) if view.get("drawn") else None
    if rnd is None:
        st.round = None
        st.mover = int(pub["mover"]) if pub["mover"] is not None else 0
        st.ctx = str(pub["ctx"])
    else:
        src = int(rnd["source"])
        order = tuple((src + k) % N for k in range(1, N))
        at = order.index(me) if me in order else 0
        answers = {s: Action(s, "pass") for s in order[:at]}
        st.round = Round(str(rnd["kind"]), Tile(rnd["tile"]), src, order, answers, at, bool(rnd["last"]))
        st.mover, st.ctx = src, "draw"
    return st
