"""The set-up phases of a Gouji set (RULES.md G-10 … G-32): 预点 yudian, the deal, 上班 show, 买三, 明点
mingdian, 革命 revolt and 要头/无头 yaotou."""

from __future__ import annotations

import copy

from engine import fairness
from engine.api import Refusal
from engine.cards import (
    BIG,
    CHAR_OF,
    SMALL,
    SUIT_ORDER,
    SUITS,
    THREE,
    TWO,
    Card,
    make_pack,
    rank_counts,
    sort_cards,
)
from engine.core import Action, Event, action
from engine.gouji.base import DECLINE, Base, _refusal
from engine.gouji.table import N_SEATS, after, opp, teammates


def deal_hands(seed: bytes) -> list[list[Card]]:
    """G-12 as a pure function of a 32-byte seed: the four packs (``make_pack(4)`` order) shuffled by
    ``engine.fairness.shuffle``, then 36 cards to each seat in turn of the pack's thirds (seat 0 the first 36)."""
    pack = fairness.shuffle(seed, make_pack(4))
    return [sort_cards(pack[i * 36:(i + 1) * 36]) for i in range(N_SEATS)]


class SetupPhases(Base):
    """预点 → deal → 上班 → 买三 → (tribute) → 明点 → 革命 → 要头; and the next set."""

    # ------------------------------------------------------------------ set set-up
    def _begin_set(self) -> None:
        self.set_no += 1
        self.calls = ["none"] * N_SEATS
        self.kaidian = [False] * N_SEATS
        self.items = [copy.copy(it) for it in self.pending]
        self.pending = []
        self._reset_deal_fields()
        self._emit(Event("set_start", {"set_no": self.set_no, "sets_per_game": self.o.sets_per_game}))
        if self.o.yudian_enabled and self.o.dadian_enabled:
            self.phase = "yudian"
            self.queue = [(self.start_seat + i) % N_SEATS for i in range(N_SEATS)]
            self.to_act = self.queue[0]
        else:
            self._deal()

    def _deal(self) -> None:
        """G-12: shuffle the 216 cards and give 36 to each player."""
        if self.stacked:
            self.hands = [list(h) for h in self.stacked.pop(0)]
        else:  # 验证洗牌: the hash of this deal's seed is public before the cards are
            shuffle = self.fair.next_deal()
            self._emit(Event("shuffle_commit", self.fair.commit_event(shuffle)))
            self.hands = deal_hands(shuffle.seed)
        self.counts = [rank_counts(h) for h in self.hands]
        self.dealt_hands = [list(h) for h in self.hands]
        self.dealt = True
        for s in range(N_SEATS):
            self._emit(Event("deal", {"seat": s, "cards": [str(c) for c in self.hands[s]]}, (s,)))
        self._emit(Event("dealt", {"counts": [len(h) for h in self.hands]}))
        self.stats["deals"] += 1
        self._start_show()

    # ------------------------------------------------------------------ 上班 (G-16 … G-19)
    def _show_rank(self) -> int:
        return 4 if self.o.biesan else THREE

    def _show_value(self, seat: int) -> tuple[int, str]:
        r = self._show_rank()
        best = (0, "")
        for suit in SUITS:
            n = sum(1 for c in self.hands[seat] if c.rank == r and c.suit == suit)
            if n > best[0]:
                best = (n, suit)
        return best

    def _start_show(self) -> None:
        self.phase = "show"
        self.queue = [(self.start_seat + i) % N_SEATS for i in range(N_SEATS)]
        self._advance_show()

    def _show_suits(self, seat: int) -> list[str]:
        """G-16: the suits ``seat`` may show — the suit(s) holding most of his 3s (4s with 憋三), when that is
        two or more and more than the best show so far; empty when he may not show."""
        n, _ = self._show_value(seat)
        if n < 2 or (self.show_best is not None and n <= self.show_best[1]):
            return []
        r = self._show_rank()
        return [s for s in SUITS if sum(1 for c in self.hands[seat] if c.rank == r and c.suit == s) == n]

    def _advance_show(self) -> None:
        if self.queue:  # every seat is asked in turn, so being asked reveals nothing about a hand
            self.to_act = self.queue[0]
            return
        if self.show_best is not None:
            self.first_leader = self.show_best[0]
        else:
            self.first_leader = self.rng.randrange(N_SEATS)  # G-18
            self._emit(Event("first_leader_drawn", {"seat": self.first_leader}))
        self._emit(Event("first_leader", {"seat": self.first_leader}))
        if self.o.biesan:
            self._buy_threes()
        self._start_tribute()

    # ------------------------------------------------------------------ 买三 (G-22 … G-26)
    def _buy_threes(self) -> None:
        assert self.first_leader is not None
        for buyer in [(self.first_leader + i) % N_SEATS for i in range(N_SEATS)]:
            if self.counts[buyer][THREE]:
                continue
            pay = next((c for c in sorted(self.hands[buyer], key=lambda c: (c.rank, SUIT_ORDER.get(c.suit, 0)))
                        if c.rank in (TWO, SMALL, BIG)), None)
            if pay is None:
                self.auto_revolt.add(buyer)  # G-25
                self._emit(Event("auto_revolution", {"seat": buyer}))
                continue
            o = opp(buyer)
            groups = [[o], [s for s in after(buyer) if s in teammates(o)], [s for s in after(buyer) if s in teammates(buyer)]]
            seller = next((s for g in groups for s in g if self.counts[s][THREE] >= 2), None)
            if seller is None:
                self.exempt.add(buyer)  # G-26
                self._emit(Event("cannot_buy_three", {"seat": buyer}))
                continue
            three = min((c for c in self.hands[seller] if c.rank == THREE), key=lambda c: SUIT_ORDER[c.suit])
            self._move(buyer, seller, [pay])
            self._move(seller, buyer, [three])
            self.stats["buy_three"] += 1
            self._emit(Event("buy_three", {"buyer": buyer, "seller": seller, "paid": str(pay), "three": str(three)},
                             (buyer, seller)))
            self._emit(Event("buy_three", {"buyer": buyer, "seller": seller},
                             tuple(s for s in range(N_SEATS) if s not in (buyer, seller))))

    # ------------------------------------------------------------------ 明点, 革命, 要头
    def _start_mingdian(self) -> None:
        if self.o.mingdian_enabled and self.o.dadian_enabled:
            self.phase = "mingdian"
            assert self.first_leader is not None
            self.queue = [(self.first_leader + i) % N_SEATS for i in range(N_SEATS)]
            self.queue = [s for s in self.queue if self.calls[s] == "none"]
            if self.queue:
                self.to_act = self.queue[0]
                return
        self._start_revolt()

    def _revolt_eligible(self, seat: int) -> bool:
        hand = self.dealt_hands[seat] if self.o.revolution_check == "as-dealt" else self.hands[seat]
        return not any(c.rank in (TWO, SMALL, BIG) for c in hand) and seat not in self.auto_revolt

    def _start_revolt(self) -> None:
        self.phase = "revolt"
        self.revolt_choice = {}
        # Everyone is asked (G-30: choices collected before any is revealed), eligible or not.
        self.queue = [s for s in range(N_SEATS) if s not in self.auto_revolt]
        if self.queue:
            self.to_act = self.queue[0]
        else:
            self._resolve_revolt()

    def _resolve_revolt(self) -> None:
        rebels = sorted(self.auto_revolt | {s for s, v in self.revolt_choice.items() if v})
        if len(rebels) >= 2:  # G-30: the set is void and re-dealt
            self.stats["redeal"] += 1
            self._emit(Event("redeal", {"revolutionaries": rebels}))
            keep_calls = ["yu" if c == "yu" else "none" for c in self.calls]
            items = self.items
            self._reset_deal_fields()
            self.calls = keep_calls
            self.kaidian = [False] * N_SEATS
            self.items = items
            self._deal()
            return
        if rebels:
            r = rebels[0]
            self.revolutionary = r
            self.stats["revolution"] += 1
            self.out_cards.extend(self.hands[r])
            self.hands[r] = []
            self.counts[r] = [0] * 19
            self.active[r] = False
            self.free_places.remove(4)  # G-31: the revolutionary is 四科 (or 三科, see _settle_places)
            self.kaidian[opp(r)] = True  # G-31.2 自动认点
            self._emit(Event("revolution", {"seat": r}))
            self.phase = "yaotou"
            self.to_act = opp(r)
            return
        self._start_play()

    # ------------------------------------------------------------------ set-up phases: 预点, 上班, 明点, 革命, 要头
    _SETUP_RULE = {"yudian": "G-13", "mingdian": "G-14", "revolt": "G-28", "yaotou": "G-32", "show": "G-16"}

    def _setup_choices(self, seat: int) -> tuple[Action, ...]:
        ph = self.phase
        if ph == "yudian":
            return (action(seat, "yudian"), action(seat, DECLINE))
        if ph == "show":
            return tuple(action(seat, "show", None, s) for s in self._show_suits(seat)) + (action(seat, DECLINE),)
        if ph == "mingdian":
            return (action(seat, "mingdian"), action(seat, DECLINE))
        if ph == "revolt":
            return ((action(seat, "revolt"),) if self._revolt_eligible(seat) else ()) + (action(seat, DECLINE),)
        return (action(seat, "yaotou"), action(seat, "wutou"))

    def _setup_why_not(self, a: Action) -> Refusal:
        ph, seat = self.phase, a.seat
        if ph == "show" and a.kind == "show":
            if not self._show_suits(seat):
                return _refusal("G-16", f"showing needs two or more {CHAR_OF[self._show_rank()]}s of one suit, "
                                "more than the best show so far")
            return _refusal("G-16", f"show the suit with the most {CHAR_OF[self._show_rank()]}s")
        if ph == "revolt" and a.kind == "revolt":
            return _refusal("G-28", "革命 needs a hand with no big joker, no small joker and no 2")
        kinds = sorted({c.kind for c in self._setup_choices(seat)})
        return _refusal(self._SETUP_RULE[ph], f"now seat {seat} may only {' or '.join(kinds)}, not {a.kind!r}")

    def _do_setup(self, a: Action) -> None:
        seat, kind, ph = a.seat, a.kind, self.phase
        if ph == "yudian":
            if kind == "yudian":
                self.calls[seat] = "yu"
                self.stats["yudian"] += 1
                self._emit(Event("call", {"seat": seat, "call": "yu"}))
            self.queue.pop(0)
            if self.queue:
                self.to_act = self.queue[0]
            else:
                self._deal()
        elif ph == "show":
            if kind == "show":
                n, _ = self._show_value(seat)
                self.show_best = (seat, n)
                shown = [str(c) for c in self.hands[seat] if c.rank == self._show_rank() and c.suit == a.arg]
                self.shows.append({"seat": seat, "cards": shown})
                self.stats["show"] += 1
                self._emit(Event("show", {"seat": seat, "cards": shown}))
            self.queue.pop(0)
            self._advance_show()
        elif ph == "mingdian":
            if kind == "mingdian":
                self.calls[seat] = "ming"
                self.stats["mingdian"] += 1
                self._emit(Event("call", {"seat": seat, "call": "ming"}))
            self.queue.pop(0)
            if self.queue:
                self.to_act = self.queue[0]
            else:
                self._start_revolt()
        elif ph == "revolt":
            self.revolt_choice[seat] = kind == "revolt"
            self._emit(Event("revolt_choice", {"seat": seat, "revolt": kind == "revolt"}, (seat,)))
            self.queue.pop(0)
            if self.queue:
                self.to_act = self.queue[0]
            else:
                self._resolve_revolt()
        elif ph == "yaotou":
            self.yaotou_left = 3 if kind == "yaotou" else 0
            self.stats[kind] += 1
            self._emit(Event(kind, {"seat": seat}))
            self._start_play()

    def _settle(self) -> None:
        if self._next_set:
            self._next_set = False
            self._begin_set()
