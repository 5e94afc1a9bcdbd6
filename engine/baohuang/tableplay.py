"""The play procedure 出牌 (RULES.md B-19 … B-33): leads, beats, 让牌 and the second lap, 扣牌, 底牌 and 接风,
憋 (lowest rank last) with 清, the finishing order and the end of the hand, then scoring (B-34 … B-41, B-48).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.cards import BIG, NATURAL_RANKS, SMALL, SUPER, TWO, Card
from engine.core import Event
from engine.plays import Play, beats, can_make, iter_answers, iter_leads, kao_beats, make_play

from .base import N, next_seat
from .emperor import EmperorPhases
from .rules import identity
from .scoring import HandResult, base_scores, rebellion_succeeded, score_hand

# Answers by (id of the interned previous play — which implies its rules —, the counts that matter); the
# value keeps the play alive so that its id is never reused. Shared by all states.
_ANSWER_MEMO: dict[tuple[int, tuple[int, ...]], tuple[Play, tuple[Play, ...]]] = {}
# The same public event every time (events are immutable): shared objects save time in long matches.
_SEAT_EVENTS = {k: tuple(Event(k, {"seat": s}) for s in range(N)) for k in ("pass", "rang", "jiefeng")}


class TablePlay(EmperorPhases):
    """Phase ``play``: ``top`` is the play on the table (None = the seat to act leads)."""

    def _begin_play(self) -> None:
        e = self.emperor
        assert e is not None
        self.qing_due = []
        self.phase = "play"
        self.top = self.top_seat = None
        self.to_act = e  # B-28
        self._ev("lead_to", {"seat": e})

    # -- legal plays ------------------------------------------------------------------------------

    def _bie_counts(self, seat: int) -> list[int]:
        counts = self.counts[seat]
        if self.rules.options.bie_lowest and counts[self.rules.lowest]:
            counts = list(counts)
            counts[self.rules.lowest] = 0
        return counts

    def _leads(self, seat: int) -> Iterator[Play]:
        """B-20 plays, without the lowest rank under 憋 unless it is the whole hand (B-22)."""
        pr = self.rules.play_rules
        low = self.rules.lowest
        if self.rules.options.bie_lowest and self.counts[seat][low]:
            n = self.counts[seat][low]
            if n == len(self.hands[seat]):
                yield make_play(pr, (low, n, 0, 0, 0, 0))
                return
        yield from iter_leads(pr, self._bie_counts(seat))

    def _answers(self, seat: int) -> Iterator[Play]:
        prev = self.top
        assert prev is not None
        pr = self.rules.play_rules
        if not (pr.kaopai and (prev.big or prev.small) and not prev.supers):
            # Only cards above prev's lowest value can answer; memo by the interned prev and those counts.
            counts = self._bie_counts(seat)
            above = counts[prev.values[0] + 1:19]
            if sum(above) < prev.size:  # C-12: every card must beat a card of prev
                return
            key = (id(prev), tuple(above))
            hit = _ANSWER_MEMO.get(key)
            if hit is None:
                if len(_ANSWER_MEMO) > 200_000:
                    _ANSWER_MEMO.clear()
                hit = _ANSWER_MEMO[key] = (prev, tuple(iter_answers(pr, counts, prev)))
            yield from hit[1]
            return
        # 烤 (C-14): prune by what C-12 and C-14 both need — a joker for each joker of prev, no more rank
        # cards than prev, and a higher rank (none at all when prev has none) — before the full test.
        jokers, pc, rank = prev.big + prev.small, prev.count, prev.rank
        counts = list(self._bie_counts(seat))
        if counts[SMALL] + counts[BIG] + counts[SUPER] < jokers:
            return
        for r in NATURAL_RANKS:  # only higher ranks, and never more rank cards than prev has
            counts[r] = min(counts[r], pc) if r > rank else 0
        counts[TWO] = min(counts[TWO], pc)
        for p in iter_leads(pr, counts):
            if p.big + p.small + p.supers < jokers or p.count > pc or (p.count and p.rank <= rank):
                continue
            if kao_beats(pr, prev, p):
                yield p

    def _play_ok(self, seat: int, p: Play) -> bool:
        counts = self.counts[seat]
        if not can_make(counts, p):
            return False
        low = self.rules.lowest
        if self.rules.options.bie_lowest and p.natural_rank == low:
            return (self.top is None and p.naturals == len(self.hands[seat]) and p.n_cards == p.naturals)
        if self.top is None:
            return True
        return beats(self.rules.play_rules, self.top, p)

    # -- doing it ---------------------------------------------------------------------------------

    def _do_play(self, seat: int, p: Play, cards: list[Card]) -> None:
        o = self.rules.options
        prev, prev_seat = self.top, self.top_seat
        if prev is not None and prev_seat is not None:
            if self.rules.is_kao_beat(prev, p):
                self.stats["kao_beat"] += 1
            self.beaten_by[prev_seat] = seat  # B-23 (the seat's latest play was beaten)
            self.stats["beat"] += 1
        else:
            self.stats["lead"] += 1
        if o.bie_lowest and p.natural_rank == self.rules.lowest:  # B-22 final play of the lowest rank
            giver = self.beaten_by[seat]
            if self.has_played[seat] and giver is not None and giver != seat:
                self.qing_due.append((seat, giver))  # B-23 清
                self.stats["qing"] += 1
        self.beaten_by[seat] = None
        self.has_played[seat] = True
        self._take(seat, cards)
        self.played.extend(cards)
        self.top, self.top_seat = p, seat
        entry = {"seat": seat, "play": p.text, "cards": self._strs(cards)}
        self.trick.append(entry)
        self._ev("play", dict(entry))
        self._check_reveal(seat, cards)
        if not self.hands[seat]:
            self.finished.append(seat)
            self._ev("finish", {"seat": seat, "place": len(self.finished)})
            if self._hand_over():
                self._end_hand()
                return
        self.lap, self.rang, self.jiefeng = 1, [], None
        self.queue = [s for s in self._order_from(next_seat(seat)) if s != seat and self.hands[s]]
        self._advance()

    def _check_reveal(self, seat: int, cards: list[Card]) -> None:
        """B-19: playing the called card, ``x^`` or ``Z`` reveals the guard (or the emperor's solo)."""
        if self.guard_public or self.solo in ("ming", "grab"):
            return
        e = self.emperor
        if seat == e:
            if self.called is not None:  # counted in every hand: the count is public, only 4 reveals
                self.emperor_called_played += sum(1 for c in cards if identity(c) == self.called)
            if self.solo == "an" and (self.emperor_called_played >= 4
                                      or any(c.rank == SMALL and c.mark == "^" for c in cards)):
                self._reveal_guard("card")
            return
        if seat == self.guard and any(c.rank == SUPER or (c.rank == SMALL and c.mark == "^")
                                      or (self.called is not None and identity(c) == self.called)
                                      for c in cards):
            self._reveal_guard("card")

    def _pass(self, seat: int, kind: str) -> None:
        self.queue.pop(0)
        if kind == "rang":
            self.rang.append(seat)
            self.stats["rang"] += 1
        elif kind == "jiefeng":
            self.jiefeng = seat
            self.stats["jiefeng_applied"] += 1
        self._out.append(_SEAT_EVENTS[kind][seat])
        self._advance()

    def _advance(self) -> None:
        """Next seat in the lap; B-30 second lap for the 让 players; else the round ends (扣牌)."""
        while True:
            if self.queue:
                self.to_act = self.queue[0]
                return
            if self.lap == 1 and self.rang:
                assert self.top_seat is not None
                self.lap = 2
                self.queue = [s for s in self._order_from(next_seat(self.top_seat)) if s in self.rang]
                self.rang = []
                self.stats["second_lap"] += 1
                continue
            break
        ts = self.top_seat
        assert ts is not None
        if self.hands[ts]:
            leader = ts
        elif self.jiefeng is not None:  # B-31 接风
            leader = self.jiefeng
            self.stats["jiefeng"] += 1
        else:
            leader = next(s for s in self._order_from(next_seat(ts)) if self.hands[s])
        self._ev("kou", {"winner": ts, "leader": leader})
        self.stats["round"] += 1
        self.top = self.top_seat = None
        self.trick = []
        self.jiefeng = None
        self.to_act = leader

    # -- B-33 end of the hand -----------------------------------------------------------------------

    def _hand_over(self) -> bool:
        o = self.rules.options
        e = self.emperor
        assert e is not None
        active = [s for s in range(N) if self.hands[s]]
        if o.hand_end == "all-but-one":
            return len(active) <= 1
        if self.solo == "grab" or (self.solo == "ming" and o.scoring == "24-12"):
            if any(s != e for s in self.finished):
                return True
        team = {e} if self.guard is None else {e, self.guard}
        return all(not self.hands[s] for s in team) or all(not self.hands[s] for s in range(N) if s not in team)

    def _end_hand(self) -> None:
        o = self.rules.options
        e = self.emperor
        assert e is not None
        last = self.finished[-1] if self.finished else e
        rest = [s for s in self._order_from(next_seat(last)) if s not in self.finished]
        order = self.finished + rest
        places = [0] * N
        for i, s in enumerate(order):
            places[s] = i + 1
        result = HandResult(e, self.guard, self.solo, tuple(places), self.mingbao, len(self.rebels))
        scores = score_hand(result, o.scoring, o.rebellion_reveal)
        if all(self.tuoguan):  # B-48: all in 托管 — the hand is not scored
            scores = [0] * N
            self.stats["hand_unscored"] += 1
        if any(self.tuoguan):  # B-48: the table is dissolved
            self.dissolved = True
            self.stats["table_dissolved"] += 1
        for s in range(N):
            self.totals[s] += scores[s]
        self.last_scores = scores
        self.last_places = places
        self.stats["hands"] += 1
        self.stats["solo_" + (self.solo or "none")] += 1
        if self.rebels and rebellion_succeeded(result, base_scores(result, o.scoring), o.rebellion_reveal):
            self.stats["rebellion_success"] += 1
        self._ev("hand_end", {"hand_no": self.hand_no, "emperor": e, "guard": self.guard, "solo": self.solo,
                              "called": self.called, "places": places, "scores": scores,
                              "totals": list(self.totals)})
        for reveal in self.fair.reveal():  # the hand is over: every deal of it may be checked now
            self._ev("shuffle_reveal", reveal)
        self.hand_no += 1
        self.next_start = e  # B-43
        if self.dissolved or self.hand_no >= self.hands_total:
            self.phase = "over"
            self.to_act = None
            self.queue = []
            self._ev("game_over", {"totals": list(self.totals), "dissolved": self.dissolved})
            return
        due = self.qing_due
        self._reset_hand()
        self.qing_due = due
        self._deal()
