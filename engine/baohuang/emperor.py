"""The deal and choosing the emperor 选皇帝 (RULES.md B-5 … B-18): abdication 让位, call 叫庄, fixed, pot 放底牌,
grabbing 抢独/抢庄, the guard 侍卫 (called triple or marked small joker), 明保, 造反 — in the order of B-17.
"""

from __future__ import annotations

from engine import fairness
from engine.cards import BIG, SMALL, SUPER, TWO, Card, card_sort_key
from engine.core import Action

from .base import Base, N, next_seat, prev_seat
from .rules import Rules, identity


def _ident_key(ident: str) -> tuple[int, int]:
    from engine.cards import SUIT_ORDER, VALUE_OF
    return (VALUE_OF[ident[0]], SUIT_ORDER.get(ident[1:], 0))


def deal_hands(seed: bytes, rules: Rules) -> list[list[Card]]:
    """B-5 as a pure function of a 32-byte seed: the pack of B-3 (``Rules.pack()`` order) shuffled by
    ``engine.fairness.shuffle``, then dealt one card at a time round the table from seat 0 (card ``i`` to seat
    ``i mod 5``). Who starts the hand (B-43) does not change who gets which cards: a fair shuffle makes the
    two equally random, and one fixed cut lets anyone recompute the deal from the seed alone."""
    pack = fairness.shuffle(seed, rules.pack())
    hands: list[list[Card]] = [[] for _ in range(N)]
    for i, c in enumerate(pack):
        hands[i % N].append(c)
    return hands


class EmperorPhases(Base):
    """Phases ``abdicate`` · ``call`` · ``pot`` · ``declare`` · ``grab`` · ``mingbao`` · ``rebellion``."""

    # -- B-5 deal -------------------------------------------------------------------------------

    def _deal(self, preset: list[list[Card]] | None = None) -> None:
        if preset is None:  # 验证洗牌: the hash of this deal's seed is public before the cards are
            shuffle = self.fair.next_deal()
            self._ev("shuffle_commit", self.fair.commit_event(shuffle))
            hands = deal_hands(shuffle.seed, self.rules)
        else:
            hands = [list(h) for h in preset]
        self.played = []
        self.transit = []
        for s in range(N):
            self._set_hand(s, hands[s])
            self._ev("deal", {"seat": s, "hand": self._strs(hands[s])}, to=(s,))
        self._ev("dealt", {"hand_no": self.hand_no, "start": self.start,
                           "counts": [len(h) for h in hands]})
        self._qing_tribute()
        self._begin_selection()

    def _qing_tribute(self) -> None:
        """B-23 / B-44: a smothered (清) player gives his single highest card to the one who beat him."""
        for giver, receiver in self.qing_due:
            hand = self.hands[giver]
            if not hand:
                continue
            top = max(c.rank for c in hand)
            card = min((c for c in hand if c.rank == top), key=lambda c: (c.mark != "", card_sort_key(c)))
            self._take(giver, [card])
            self._give(receiver, [card])
            self.stats["qing_tribute"] += 1
            self._ev("qing", {"from": giver, "to": receiver})
            self._ev("qing_card", {"from": giver, "to": receiver, "card": str(card)}, to=(giver, receiver))

    def _redeal(self, why: str) -> None:
        self.stats["redeal"] += 1
        self._ev("redeal", {"reason": why})
        self._reset_hand()
        self._deal()

    # -- B-6 … B-11 choosing the emperor --------------------------------------------------------------

    def _begin_selection(self) -> None:
        mode = self.rules.options.emperor_selection
        if mode == "pot":
            self.phase, self.origin, self.holder = "pot", self.start, self.start
            self.to_act = self.start
            return
        holder = self._holder_of(lambda c: c.rank == BIG and c.mark == "^")
        assert holder is not None
        self.origin = self.holder = holder
        self.passes = 0
        if mode == "fixed":  # B-10
            self._crown(holder)
            return
        self.phase = "abdicate" if mode == "abdicate" else "call"
        self.to_act = holder

    def _exactly_three(self, seat: int) -> list[str]:
        return sorted((i for i, n in self._identities(seat).items() if n == 3), key=_ident_key)

    def _callable(self, seat: int) -> list[str]:
        """B-14: identities held three or four times."""
        return sorted((i for i, n in self._identities(seat).items() if n >= 3), key=_ident_key)

    def _lone_accept(self, seat: int) -> bool:
        """B-12, B-14: asked at the throne (让位) in the called-triple mode with no callable identity held exactly
        three times, accepting means playing alone, 独保 1 against 4 (four copies are 暗独保, none only 明独保)."""
        return (self.phase == "abdicate" and self.to_act == seat and self.rules.options.guard_mode == "called-triple"
                and not self._exactly_three(seat))

    def _forced_accept(self) -> bool:
        """B-7.4: back at the original holder after one round (经典 = called triple) he must accept, unless he
        cannot ascend (no callable identity held exactly three times) or holds four identical cards."""
        if self.rules.options.guard_mode != "called-triple" or self.passes != N or self.holder != self.origin:
            return False
        seat = self.origin
        four = any(n >= 4 for c, n in _suited_counts(self.hands[seat]).items())
        return bool(self._exactly_three(seat)) and not four

    def _selection_actions(self, seat: int) -> list[Action]:
        o = self.rules.options
        ph = self.phase
        if ph == "abdicate":
            acts = [Action(seat, "accept")]
            if not self._forced_accept():
                acts.append(Action(seat, "abdicate"))
            return acts
        if ph == "call":
            ids = self._exactly_three(seat) if self.forced else self._callable(seat)
            acts = [Action(seat, "call", arg=i) for i in ids]
            if not self.forced:
                if o.guard_mode == "called-triple":
                    acts.append(Action(seat, "solo"))
                acts.append(Action(seat, "abdicate"))
            return acts
        if ph == "pot":
            acts = [Action(seat, "accept")] if self._callable(seat) else []
            return acts + [Action(seat, "decline")]
        if ph == "declare":
            if o.guard_mode == "called-triple":
                return [Action(seat, "call", arg=i) for i in self._callable(seat)] + [Action(seat, "solo")]
            has_mark = any(c.rank == SMALL and c.mark == "^" for c in self.hands[seat])
            return ([Action(seat, "solo")] if has_mark else []) + [Action(seat, "decline")]
        if ph == "grab":
            return [Action(seat, "grab"), Action(seat, "decline")]
        if ph == "mingbao":
            return ([Action(seat, "reveal")] if seat == self.guard else []) + [Action(seat, "decline")]
        if ph == "rebellion":
            return ([Action(seat, "rebel")] if seat != self.guard else []) + [Action(seat, "decline")]
        return []

    def _apply_selection(self, a: Action) -> None:
        ph, k, seat = self.phase, a.kind, a.seat
        if ph in ("abdicate", "call") and k == "abdicate":
            self._abdicate(seat)
        elif ph == "abdicate" and k == "accept":
            self._ev("accept", {"seat": seat, "received": len(self.transit)})
            self._receive_transit(seat)
            self._crown(seat)
        elif ph == "call" and k in ("call", "solo"):
            if self.forced:
                self.stats["bi_zhuang"] += 1
            self._ev("accept", {"seat": seat, "received": 0})
            self._crown(seat, declared=a)
        elif ph == "pot":
            self._pot(seat, k == "accept")
        elif ph == "declare":
            self._declare(a)
        elif ph == "grab":
            self._grab(seat, k == "grab")
        elif ph == "mingbao":
            self._mingbao(seat, k == "reveal")
        elif ph == "rebellion":
            self._rebellion(seat, k == "rebel")

    # B-7 / B-8 — hand X^ to the 上家 (让位 / 让庄)
    def _abdicate(self, seat: int) -> None:
        o = self.rules.options
        paid: list[Card] = []
        if o.emperor_selection == "abdicate" and o.abdication_payment == "two" and self.passes > 0:
            hand = self.hands[seat]
            twos = [c for c in hand if c.rank == TWO]
            pool = twos or [c for c in hand if not c.is_joker]
            if pool:
                top = max(c.rank for c in pool)
                paid = [min((c for c in pool if c.rank == top), key=card_sort_key)]
                self._take(seat, paid)
                self.transit.extend(paid)
                self.stats["two_paid" if twos else "card_paid"] += 1
        to = prev_seat(seat)
        xk = next(c for c in self.hands[seat] if c.rank == BIG and c.mark == "^")
        self._take(seat, [xk])
        self._give(to, [xk])
        self.passes += 1
        self.stats["abdication"] += 1
        self._ev("abdicate", {"seat": seat, "to": to, "paid": len(paid)})
        if paid:
            self._ev("paid", {"seat": seat, "cards": self._strs(paid)}, to=(seat,))
        if o.emperor_selection == "abdicate":
            if self.passes >= 2 * N:  # B-7.5
                self._redeal("abdicated twice round")
                return
            self.holder = self.to_act = to
            return
        # call mode (B-8)
        if self.passes < N:
            self.holder = self.to_act = to
            return
        for s in [(self.origin - i) % N for i in range(N)]:  # B-8.3 逼庄, same direction from the origin
            if self._exactly_three(s):
                holder = self.holder = to
                if s != holder:
                    self._take(holder, [xk])
                    self._give(s, [xk])
                self.forced = True
                self.holder = self.to_act = s
                self._ev("bi_zhuang", {"seat": s})
                return
        self.stats["huang_zhuang"] += 1
        self._redeal("黄庄")  # B-8.4

    def _receive_transit(self, seat: int) -> None:
        if self.transit:
            cards = self.transit
            self.transit = []
            self._give(seat, cards)
            self._ev("received", {"seat": seat, "cards": self._strs(cards)}, to=(seat,))

    # B-11 放底牌
    def _pot(self, seat: int, accept: bool) -> None:
        if accept:
            self._ev("accept", {"seat": seat, "received": len(self.transit)})
            self._receive_transit(seat)
            self._crown(seat)
            return
        hand = self.hands[seat]
        order = (BIG, SMALL, TWO) if seat == self.origin else (TWO, SMALL, BIG)
        put: list[Card] = []
        for rank in order:
            pool = [c for c in hand if c.rank == rank]
            if pool:
                put = [min(pool, key=lambda c: (c.mark != "", card_sort_key(c)))]
                break
        if put:
            self._take(seat, put)
            self.transit.extend(put)
            self.stats["pot_card"] += 1
        self._ev("pot", {"seat": seat, "put": len(put)})
        if put:
            self._ev("paid", {"seat": seat, "cards": self._strs(put)}, to=(seat,))
        nxt = next_seat(seat)
        if nxt == self.origin:
            self._redeal("nobody took the pot")
            return
        self.holder = self.to_act = nxt

    # -- B-12 … B-15 the emperor and his guard -------------------------------------------------------

    def _crown(self, seat: int, declared: Action | None = None) -> None:
        self.emperor = seat
        self.holder = None
        self.forced = False
        self.stats["emperor_" + self.rules.options.emperor_selection] += 1
        self._ev("emperor", {"seat": seat})
        if declared is not None and self.rules.options.guard_mode == "called-triple":
            self._declare(declared)
            return
        self.phase = "declare"
        self.to_act = seat

    def _declare(self, a: Action) -> None:
        seat = a.seat
        if a.kind == "call":
            assert a.arg is not None
            self.called = a.arg
            self.stats["call"] += 1
            self._ev("call", {"seat": seat, "card": a.arg})
        elif a.kind == "solo":
            self.solo = "ming"
            self._ev("solo", {"seat": seat})
        else:
            self._ev("declare", {"seat": seat, "what": "none"})
        if self.rules.options.guard_mode == "called-triple" and self.called is not None and self.solo is None:
            if self._identities(seat)[self.called] >= 4:
                self.solo = "an"  # B-14 暗独保: only he knows
        if self.rules.options.grab_solo and self.solo != "ming":
            self.phase = "grab"
            e = seat
            if self.rules.options.emperor_selection == "call":  # B-9 抢庄: turn order from the X^ holder
                self.queue = [(e + i) % N for i in range(1, N)]
            else:  # B-9 抢独: nearest in the 上家 direction first
                self.queue = [(e - i) % N for i in range(1, N)]
            self.to_act = self.queue[0]
            return
        self._find_guard()

    def _grab(self, seat: int, grab: bool) -> None:
        self.queue.pop(0)
        if grab:
            assert self.emperor is not None
            old = self.emperor
            self.stats["grab"] += 1
            if self.rules.options.emperor_selection == "call":  # 抢庄: take X^, no guard, B-39
                xk = next(c for c in self.hands[old] if c.rank == BIG and c.mark == "^")
                self._take(old, [xk])
                self._give(seat, [xk])
                self.solo = "grab"
            else:  # 抢独: 明独保, no cards move (B-9)
                self.solo = "ming"
            self.emperor = seat
            self.called = None
            self._ev("grab", {"seat": seat, "from": old})
            self.queue = []
            self._find_guard()
            return
        self._ev("declare", {"seat": seat, "what": "none"})
        if self.queue:
            self.to_act = self.queue[0]
        else:
            self._find_guard()

    def _find_guard(self) -> None:
        o = self.rules.options
        e = self.emperor
        assert e is not None
        if self.solo in ("ming", "grab"):
            self.stats["ming_dubao" if self.solo == "ming" else "qiang_zhuang"] += 1
            self._begin_rebellion()
            return
        if o.guard_mode == "marked-small-joker":
            g = self._holder_of(lambda c: c.rank == SMALL and c.mark == "^")
            if g == e:
                self.solo = "an"  # B-15 自卫, not declared
        elif self.solo is None:
            called = self.called
            g = next(s for s in range(N) if s != e and any(identity(c) == called for c in self.hands[s]))
            if o.guard_card_super:  # B-24 老花 / 特画
                card = next(c for c in self.hands[g] if identity(c) == called)
                z = Card(SUPER, "", str(card))
                self._take(g, [card])
                self._give(g, [z])
                self._ev("super", {"seat": g, "card": str(z)}, to=(g,))
        if self.solo == "an":
            self.guard = None
            self.stats["an_dubao"] += 1
            self._ev("solo_secret", {"seat": e}, to=(e,))
        else:
            assert g is not None
            self.guard = g
            self._ev("guard", {"seat": g}, to=(g,))
        self.phase = "mingbao"  # B-16, asked of every non-emperor so that the asking order leaks nothing
        self.queue = [(e + i) % N for i in range(1, N)]
        self.to_act = self.queue[0]

    def _mingbao(self, seat: int, reveal: bool) -> None:
        self.queue.pop(0)
        if reveal:
            self.mingbao = self.guard_public = True
            self.stats["mingbao"] += 1
            self._ev("mingbao", {"seat": seat})
        else:
            self._ev("declare", {"seat": seat, "what": "none"})
        if self.queue:
            self.to_act = self.queue[0]
        else:
            self._begin_rebellion()

    def _begin_rebellion(self) -> None:
        e = self.emperor
        assert e is not None
        if not self.rules.options.rebellion:
            self._begin_play()
            return
        self.phase = "rebellion"  # B-18, again asked of every non-emperor
        self.queue = [(e + i) % N for i in range(1, N)]
        self.to_act = self.queue[0]

    def _rebellion(self, seat: int, rebel: bool) -> None:
        self.queue.pop(0)
        if rebel:
            self.rebels.append(seat)
            self.stats["rebellion"] += 1
            self._ev("rebel", {"seat": seat})
        else:
            self._ev("declare", {"seat": seat, "what": "none"})
        if self.queue:
            self.to_act = self.queue[0]
            return
        need = self.rules.options.rebellion_reveal
        if need != "none" and len(self.rebels) >= int(need) and self.solo in (None, "an"):
            self._reveal_guard("rebellion")
        self._begin_play()

    def _reveal_guard(self, how: str) -> None:
        if self.guard_public or self.solo in ("ming", "grab"):
            return
        self.guard_public = True
        self.stats["guard_revealed_" + how] += 1
        if self.solo == "an":
            self._ev("guard_revealed", {"seat": self.emperor, "solo": True, "by": how})
        else:
            self._ev("guard_revealed", {"seat": self.guard, "solo": False, "by": how})

    def _begin_play(self) -> None:
        raise NotImplementedError


def _suited_counts(cards: list[Card]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        if not c.is_joker:
            k = identity(c)
            out[k] = out.get(k, 0) + 1
    return out
