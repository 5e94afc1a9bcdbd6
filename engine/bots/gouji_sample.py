"""What a Gouji seat knows of the hidden hands, read off its own view, and worlds dealt consistently with it.

The search's worlds used to deal every unseen card uniformly. But the set says more (issue 16): the 上班 show
(G-16) puts 3s in a hand; 买三 (G-22) moves a 3 to the buyer and a 2 or joker to the seller; tribute (G-76) moves
the payer's highest X / x / 2 to the receiver, and a payer who gives fewer than he owes — or nothing — holds no
more of them (except tribute received in this phase, G-77); a returned card (G-81) is known to both parties and
a refused one tells the receiver the payer holds none of its rank; a return offered and not yet answered is in the
receiver's hand, that very card (G-81); after a refusal the receiver may return only ranks the payer holds, so his
own legal returns tell him which of his ranks the payer holds and which not; a revolutionary's thrown-in hand
(G-28, G-25) holds no 2 and no joker. Every card that moves does so in an event this module reads, so it keeps, per hidden
seat, a lower bound ``lo`` and an upper bound ``hi`` on each rank and a lower bound ``big`` on the number of
tribute-class cards (2, x, X) held, updated by every move and play since the last deal. Only what the rules
make certain is used: a pass in Gouji is always voluntary (G-42), so it implies nothing.

Suits never matter in play (C-3), so everything is counted by rank. Only events in the seat's own view are read,
so nothing here can reach another seat's hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots.base import events_since_deal
from engine.cards import BIG, SMALL, SUITS, THREE, TWO, VALUE_OF, Card
from engine.core import Action

N = 6
TOTAL = [0, 0, 0] + [16] * 13 + [4, 4, 0]  # copies of each rank in the four decks (G-2)
TRIBUTE_RANKS = (TWO, SMALL, BIG)  # the legal tribute cards (G-76 法定贡牌)
ALL_RANKS = tuple(range(3, 18))
INF = 10_000
OUT = N  # the pseudo-seat of the cards out of play (thrown-in hands)


def _rank(text: str) -> int:
    return VALUE_OF[text[0]]


@dataclass
class Knowledge:
    """Per seat (index ``OUT`` = the cards thrown out of play): rank counts certainly held (``lo``), an upper
    bound on each rank (``hi``, ``INF`` = none) and a lower bound on the 2s and jokers held (``big``)."""

    lo: list[list[int]] = field(default_factory=lambda: [[0] * 19 for _ in range(N + 1)])
    hi: list[list[int]] = field(default_factory=lambda: [[INF] * 19 for _ in range(N + 1)])
    big: list[int] = field(default_factory=lambda: [0] * (N + 1))
    # an upper bound on what each seat received since the deal (for caps that hold "except what he received")
    gained: list[list[int]] = field(default_factory=lambda: [[0] * 19 for _ in range(N)])
    # cards known to the suit (a return offered and not yet answered): play ignores suits (C-3), but accepting
    # the offer takes that very card from the receiver's hand
    exact: dict[int, list[Card]] = field(default_factory=dict)

    def certain(self, seat: int) -> bool:
        return any(self.lo[seat]) or self.big[seat] > 0 or any(h < INF for h in self.hi[seat])

    # -- moves ---------------------------------------------------------------------------------------
    def known_move(self, a: int, b: int, r: int) -> None:
        """A card of rank ``r`` went from ``a`` to ``b`` (both see it, or only its rank is public)."""
        self.lo[a][r] = max(0, self.lo[a][r] - 1)
        self.hi[a][r] = max(0, self.hi[a][r] - 1) if self.hi[a][r] < INF else INF
        if r in TRIBUTE_RANKS:
            self.big[a] = max(0, self.big[a] - 1)
            self.big[b] += 1
        self.lo[b][r] += 1
        if self.hi[b][r] < INF:
            self.hi[b][r] += 1
        self.gained[b][r] += 1

    def hidden_move(self, a: int, b: int, ranks: Sequence[int], k: int, keep: Sequence[int] | None = None) -> None:
        """``k`` cards of unknown ranks among ``ranks`` went from ``a`` to ``b``; ``keep``: cards of ``a`` known
        not to be among them (rank counts)."""
        for r in ranks:
            floor = min(self.lo[a][r], keep[r]) if keep is not None else 0
            self.lo[a][r] = max(floor, self.lo[a][r] - k)
            if self.hi[b][r] < INF:
                self.hi[b][r] += k
            self.gained[b][r] += k
        if set(ranks) <= set(TRIBUTE_RANKS):
            self.big[b] += k
        self.big[a] = max(0, self.big[a] - k)

    def played(self, s: int, ranks: Sequence[int]) -> None:
        for r in ranks:
            self.lo[s][r] = max(0, self.lo[s][r] - 1)
            if self.hi[s][r] < INF:
                self.hi[s][r] = max(0, self.hi[s][r] - 1)
            if r in TRIBUTE_RANKS:
                self.big[s] = max(0, self.big[s] - 1)

    def cap(self, s: int, ranks: Sequence[int], since: Sequence[int] | None = None) -> None:
        """``s`` holds no card of ``ranks`` now, except what he received after ``since`` (a copy of ``gained``),
        whose cards are not known here: their upper bound stands in."""
        for r in ranks:
            extra = self.gained[s][r] - (since[r] if since is not None else self.gained[s][r])
            self.hi[s][r] = min(self.hi[s][r], max(0, extra))

    def throw_out(self, s: int) -> None:
        """``s``'s hand leaves play: what is known of it is known of the thrown-out cards."""
        for r in range(19):
            self.lo[OUT][r] += self.lo[s][r]
            h = self.hi[s][r]
            self.hi[OUT][r] = INF if h >= INF or self.hi[OUT][r] >= INF else self.hi[OUT][r] + h
            self.lo[s][r] = 0
            self.hi[s][r] = INF
        self.big[OUT] += self.big[s]
        self.big[s] = 0


def knowledge(view: Mapping[str, Any], legal: Sequence[Action] | None = None) -> Knowledge:
    """What ``view``'s seat knows of the other hands, from the events of this set in its history (and, given
    ``legal``, from what its own legal returns say of the payer's ranks)."""
    me = int(view["seat"])
    k = Knowledge()
    offer: tuple[int, Card] | None = None  # the return offered and not yet answered: (receiver, card)
    k.hi[OUT] = [0] * 19  # nothing is out of play until a hand is thrown in
    thrown = False
    owed: dict[tuple[str, int, int], int] = {}
    received_since: dict[int, list[int]] = {}  # the tribute-phase start, for the G-77 exception
    tribute_seen = [[0] * 19 for _ in range(N)]  # tribute cards seen going to each seat in this phase
    auto_at: dict[int, list[int]] = {}
    throws_clean = True  # every thrown-out hand so far is known to hold no 2 and no joker
    revolution_check = str((view.get("options") or {}).get("revolution_check", "after-tribute"))
    for ev in events_since_deal(view):
        kind, d = ev["kind"], ev["data"]
        if kind == "show":
            s = int(d["seat"])
            n: dict[int, int] = {}
            for c in d.get("cards") or []:
                n[_rank(c)] = n.get(_rank(c), 0) + 1
            for r, c in n.items():
                k.lo[s][r] = max(k.lo[s][r], c)
        elif kind == "buy_three":
            buyer, seller = int(d["buyer"]), int(d["seller"])
            k.known_move(seller, buyer, _rank(d["three"]) if "three" in d else THREE)
            if "paid" in d:
                k.known_move(buyer, seller, _rank(d["paid"]))
            else:
                k.hidden_move(buyer, seller, TRIBUTE_RANKS, 1)
        elif kind == "auto_revolution":
            auto_at[int(d["seat"])] = list(k.gained[int(d["seat"])])
        elif kind == "tribute_start":
            for it in d.get("items") or []:
                owed[(str(it["kind"]), int(it["payer"]), int(it["receiver"]))] = int(it["owed"])
                received_since.setdefault(int(it["payer"]), list(k.gained[int(it["payer"])]))
        elif kind == "tribute_empty":
            p = int(d["payer"])
            k.cap(p, TRIBUTE_RANKS, received_since.get(p))  # G-76: no legal tribute card to give
        elif kind == "tribute_offer":
            p = int(d["payer"])
            key = (str(d["kind"]), p, int(d["receiver"]))
            if key in owed and int(d["count"]) < owed[key]:
                # He gives every legal card he has (G-76): whether or not it is accepted, he holds that many
                # 2s and jokers and no more (apart from tribute received in this phase).
                k.big[p] = max(k.big[p], int(d["count"]))
                k.cap(p, TRIBUTE_RANKS, received_since.get(p))
                for r in TRIBUTE_RANKS:
                    if k.hi[p][r] < INF:
                        k.hi[p][r] += int(d["count"])
        elif kind == "tribute_paid":
            p, q = int(d["payer"]), int(d["receiver"])
            cards = d.get("cards")
            if cards is not None:
                ranks = [_rank(c) for c in cards]
                for r in ranks:
                    k.known_move(p, q, r)
                    tribute_seen[q][r] += 1
                key = (str(d["kind"]), p, q)
                if ranks and key in owed and p != me:
                    # the payer gives from the highest (G-76): none is left above the lowest he gave
                    low = min(ranks)
                    k.cap(p, [r for r in TRIBUTE_RANKS if r > low], received_since.get(p))
            else:
                # 落贡 never gives tribute received in this phase (G-77): those cards stay where they are
                keep = tribute_seen[p] if d.get("kind") == "fall" else None
                k.hidden_move(p, q, TRIBUTE_RANKS, int(d.get("count", 0)), keep)
        elif kind == "return_offer":
            offer = (int(d["receiver"]), Card.parse(d["card"])) if "card" in d else None
        elif kind == "return_refused":
            offer = None
            if "card" in d and int(d["receiver"]) == me:
                k.cap(int(d["payer"]), [_rank(d["card"])])  # G-81: refused only a rank he does not hold
        elif kind == "returned":
            offer = None
            p, q = int(d["payer"]), int(d["receiver"])
            if "card" in d:
                k.known_move(q, p, _rank(d["card"]))
            else:
                k.hidden_move(q, p, ALL_RANKS, int(d.get("count", 1)))
        elif kind == "revolution":
            s = int(d["seat"])
            if s in auto_at:  # G-25: no 3 (憋三), no 2, no joker when he had to buy
                k.cap(s, (THREE, *TRIBUTE_RANKS), auto_at[s])
            elif revolution_check == "as-dealt":
                k.cap(s, TRIBUTE_RANKS, [0] * 19)  # G-28 as dealt: only what he received since
            else:
                k.cap(s, TRIBUTE_RANKS)  # G-28: his hand has no 2 and no joker now
            k.throw_out(s)
            thrown = True
        elif kind == "burn_failed":
            k.throw_out(int(d["seat"]))
            thrown, throws_clean = True, False
        elif kind == "play":
            k.played(int(d["seat"]), [_rank(c) for c in d.get("cards") or []])
    if not thrown or not throws_clean:
        k.hi[OUT] = [INF] * 19
    if offer is not None and offer[0] != me:
        q, card = offer
        k.lo[q][card.rank] = max(k.lo[q][card.rank], 1)
        k.exact[q] = [card]
    if legal is not None:
        _restricted_returns(view, legal, k)
    k.lo[me] = [0] * 19
    k.hi[me] = [INF] * 19
    k.big[me] = 0
    return k


def _restricted_returns(view: Mapping[str, Any], legal: Sequence[Action], k: Knowledge) -> None:
    """After a refused return the receiver may return only a rank the payer holds (G-81; with 憋三 never a 3,
    G-27): of the ranks in his hand, those he is offered the payer holds, the others he does not."""
    ret = view.get("returning") or {}
    me = int(view["seat"])
    if view.get("phase") != "return" or not ret.get("restricted") or int(ret.get("receiver", -1)) != me:
        return
    payer = int(ret["payer"])
    offered = {Card.parse(str(a.arg)).rank for a in legal if a.kind == "give" and a.arg is not None}
    biesan = bool((view.get("options") or {}).get("biesan"))
    for r in {Card.parse(c).rank for c in view.get("hand") or []}:
        if r in offered:
            k.lo[payer][r] = max(k.lo[payer][r], 1)
        elif not (biesan and r == THREE):  # with 憋三 a 3 is withheld whatever the payer holds (G-27)
            k.cap(payer, [r])


def _cards_of(rank_list: Sequence[int]) -> list[Card]:
    return [Card(r) if r >= SMALL else Card(r, SUITS[i % 4]) for i, r in enumerate(rank_list)]


def deal_hidden(pool: list[int], need: Sequence[int], know: Knowledge | None,
                rng: random.Random) -> list[list[int]] | None:
    """Rank counts for every seat of ``need`` (index ``OUT`` = the cards out of play, ``sum(need) ==
    sum(pool)``) drawn from ``pool`` (rank counts) at random within ``know``'s bounds; None when they cannot all
    hold. Known cards are placed first, then the 2s and jokers a seat must hold, then the ranks some seat is
    capped on (each copy to a seat that may still take it, weighted by the cards it still needs), then the rest
    uniformly."""
    seats = range(len(need))
    pool = list(pool)
    left = list(need)
    out = [[0] * 19 for _ in seats]
    if know is not None:
        for s in seats:
            if left[s] <= 0:
                continue
            for r in range(19):
                n = min(know.lo[s][r], know.hi[s][r])
                if n:
                    if pool[r] < n or left[s] < n:
                        return None
                    pool[r] -= n
                    left[s] -= n
                    out[s][r] += n
        for s in seats:
            missing = know.big[s] - sum(out[s][r] for r in TRIBUTE_RANKS)
            while missing > 0 and left[s] > 0:
                opts = [r for r in TRIBUTE_RANKS if pool[r] and out[s][r] < know.hi[s][r]]
                if not opts:
                    return None
                r = rng.choices(opts, weights=[pool[x] for x in opts])[0]
                pool[r] -= 1
                left[s] -= 1
                out[s][r] += 1
                missing -= 1
        for r in range(19):
            if not pool[r] or all(know.hi[s][r] >= INF for s in seats):
                continue
            for _ in range(pool[r]):
                ok = [s for s in seats if left[s] > 0 and out[s][r] < know.hi[s][r]]
                if not ok:
                    return None
                s = rng.choices(ok, weights=[left[x] for x in ok])[0]
                left[s] -= 1
                out[s][r] += 1
            pool[r] = 0
    rest = [r for r in range(19) for _ in range(pool[r])]
    if len(rest) != sum(left):
        return None
    rng.shuffle(rest)
    i = 0
    for s in seats:
        for r in rest[i:i + left[s]]:
            out[s][r] += 1
        i += left[s]
    return out


@dataclass
class Table:
    """What every world of one decision shares: the hands this seat sees (its own, its teammates' shown ones;
    None = hidden), the unseen cards (rank counts) and how many of them each seat (and ``OUT``) holds."""

    hands: list[list[Card] | None]
    pool: list[int]
    need: list[int]


def table(view: Mapping[str, Any], counts: Sequence[int]) -> Table | None:
    """The shared part of the worlds of ``view`` (``counts``: the public hand sizes); None when the counts do
    not add up."""
    seat = int(view["seat"])
    own = [Card.parse(c) for c in view.get("hand") or []]
    pool = list(TOTAL)
    for c in own:
        pool[c.rank] -= 1
    for ch, n in (view.get("played") or {}).items():
        pool[VALUE_OF[ch]] -= int(n)
    hands: list[list[Card] | None] = [None] * N
    hands[seat] = own
    need = list(counts) + [0]
    need[seat] = 0
    for key, cards in (view.get("team_hands") or {}).items():
        s = int(key)
        if s == seat:
            continue
        tc = [Card.parse(c) for c in cards]
        for c in tc:
            pool[c.rank] -= 1
        hands[s] = tc
        need[s] = 0
    if min(pool) < 0:
        return None
    need[OUT] = sum(pool) - sum(need)
    if need[OUT] < 0:
        return None
    return Table(hands, pool, need)


def deal_counts(t: Table, know: Knowledge | None, rng: random.Random) -> list[list[int]] | None:
    """One world as rank counts per seat (and ``OUT``) of the hidden cards: within ``know``'s bounds, or by the
    counts alone when what is known does not fit."""
    dealt = deal_hidden(t.pool, t.need, know, rng) if know is not None else None
    if dealt is None:
        dealt = deal_hidden(t.pool, t.need, None, rng)
    return dealt


def world_hands(t: Table, dealt: Sequence[Sequence[int]], know: Knowledge | None = None) -> list[list[Card]]:
    """The hands of a world, the hidden ones made of cards from their rank counts (suits never matter, C-3),
    with the cards ``know`` has to the suit in place of one of their rank."""
    hands = [h if h is not None else _cards_of([r for r in range(19) for _ in range(dealt[s][r])])
             for s, h in enumerate(t.hands)]
    for s, cards in (know.exact.items() if know is not None else ()):
        if t.hands[s] is not None:
            continue
        for c in cards:
            i = next((j for j, x in enumerate(hands[s]) if x.rank == c.rank), None)
            if i is not None:
                hands[s][i] = c
    return hands


def sample_hands(view: Mapping[str, Any], counts: Sequence[int], rng: random.Random,
                 know: Knowledge | None = None) -> list[list[Card]] | None:
    """One determinization: every hand filled in, consistent with what this seat has seen (``know``, from
    :func:`knowledge`; None = only the card counts). ``counts`` are the public hand sizes."""
    t = table(view, counts)
    if t is None:
        return None
    dealt = deal_counts(t, know, rng)
    return world_hands(t, dealt, know) if dealt is not None else None
