"""The play phase of a Gouji set (RULES.md G-40 … G-74): leads and answers, 让牌, 接风, 烧牌, 够级 and
开点, 四人乱缠, finishing places, the end of the set and its scoring (G-84 … G-88)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.api import Refusal
from engine.cards import (
    BIG,
    SMALL,
    THREE,
    TWO,
)
from engine.core import Action, Event, action
from engine.gouji.base import DECLINE, _illegal, _refusal
from engine.gouji.burn import can_play_out
from engine.gouji.scoring import is_chuansanhu, set_scores
from engine.gouji.table import N_SEATS, after, opp, team, teammates
from engine.gouji.tribute import TributeItem, point_tribute
from engine.gouji.tribute_phase import TributePhases
from engine.plays import Play, answer_list, beats, can_make, count_leads, iter_answers, iter_leads


class TablePlay(TributePhases):
    """Phase ``play``: ``mode`` is lead, answer, burn (the 烧牌 window) or rang_return."""

    def _start_play(self) -> None:
        self.phase = "play"
        assert self.first_leader is not None
        leader = self.first_leader
        if not self.active[leader]:
            leader = self._next_active(leader)  # G-19: a revolutionary's 下家 leads
        self.start_seat = self.first_leader
        self._emit(Event("play_start", {"leader": leader}))
        self._new_round(leader)

    # ------------------------------------------------------------------ play (G-40 … G-68)
    def _wutou(self, p: int) -> bool:
        """G-61 无头."""
        if self.phase != "play" or p == self.revolutionary:
            return False
        o = opp(p)  # a finished player keeps his 无头 status for the answers to his final play (G-62)
        if o == self.revolutionary:
            return self.yaotou_left == 0
        return not self.active[o]

    def _wutou_all(self) -> list[bool]:
        """``[self._wutou(s) for s in seats]`` in one pass (the search's rollouts ask for it every decision)."""
        if self.phase != "play":
            return [False] * N_SEATS
        r, active = self.revolutionary, self.active
        out: list[bool] = []
        for p in range(N_SEATS):
            o = (p + 3) % N_SEATS  # opp(p), G-2
            out.append(p != r and (self.yaotou_left == 0 if o == r else not active[o]))
        return out

    def _related(self, p: int, q: int) -> bool:
        """G-41 answer relation R."""
        return q == opp(p) or self._wutou(p) or self._wutou(q)

    def _new_round(self, leader: int) -> None:
        if self.chaos_pending and not self.chaos:
            self.chaos = True  # G-67
            self.stats["chaos"] += 1
            self._emit(Event("chaos", {}))
            if self.burner is not None:
                self._end_burn("dissolved")
        self.leader = leader
        self.trick = []
        self.top = None
        self.top_seat = None
        self.top_gouji = self.top_gousiji = self.top_final = False
        self.passed = set()
        self.rang_by = None
        self.rang_seats = set()
        self.mode = "lead"
        self.to_act = leader

    def _is_gouji(self, play: Play) -> bool:
        memo = self.rules.gouji_memo  # shared by every copy of this state (the search's worlds)
        g = memo.get(play)
        if g is None:
            if len(memo) > 50_000:  # bounded: a long-running host stays flat
                memo.clear()
            g = memo[play] = self.rules.is_gouji(play)
        return g

    def _biesan_restricted(self, seat: int) -> bool:
        return self.o.biesan and seat not in self.exempt

    def _lead_ok(self, seat: int, play: Play) -> Refusal | None:
        """Why a lead is not allowed, or None."""
        n_left = len(self.hands[seat]) - play.n_cards
        if self._biesan_restricted(seat) and play.natural_rank == THREE and (n_left or play.twos or play.has_joker):
            return _refusal("G-21", "3s may only be played as the final play, all of them and nothing else (憋三)")
        if self.burner == seat and self.o.burn_enforcement == "restrict" and n_left:
            if not play.has_joker:
                return _refusal("G-55", "while burning every lead but the last must carry a joker")
            rest = list(self.counts[seat])
            self._sub_counts(rest, play)
            if not can_play_out(rest, self._biesan_restricted(seat)):
                return _refusal("G-55", "after this lead the burn could not be completed with joker leads")
        return None

    def _answer_ok(self, seat: int, play: Play) -> Refusal | None:
        if self._biesan_restricted(seat) and play.natural_rank == THREE:
            return _refusal("G-20", "3s may only be played as the final play (憋三)")
        return None

    def _burn_ok(self, seat: int, play: Play) -> bool:
        if self._biesan_restricted(seat) and play.natural_rank == THREE:
            return False
        rest = list(self.counts[seat])
        self._sub_counts(rest, play)
        return can_play_out(rest, self._biesan_restricted(seat))

    def _iter_kills(self, seat: int) -> Iterator[Play]:
        assert self.top is not None
        for p in iter_answers(self.pr, self.counts[seat], self.top):
            if self._burn_ok(seat, p):
                yield p

    def _may_rang(self, q: int) -> bool:
        """G-46: (a) no 四人乱缠, (b) a non-够级 play of the 对头 on top, (c) both 上两家 — the active seats
        between the 对头 and q — have *passed* on it (an application for 接风 is not a pass, G-64), and
        (d) someone active sits between q and his 对头 after q."""
        if self.chaos or self.top_gouji or self.top_seat != opp(q) or self.rang_by is not None:
            return False
        active, passed = self.active, self.passed
        a1, a2 = (q - 1) % N_SEATS, (q - 2) % N_SEATS
        if (active[a1] and a1 not in passed) or (active[a2] and a2 not in passed):
            return False
        return bool(active[(q + 1) % N_SEATS] or active[(q + 2) % N_SEATS])

    def _may_jiefeng(self, q: int) -> bool:
        """G-64: the finished player's 下家 may apply instead of beating the final play."""
        if not self.top_final or self.top_seat is None:
            return False
        # On a 够级 final play only a seat that may answer it (G-65: "the 下家 decides about 接风" when the
        # finished player is 无头) can apply instead of answering.
        if self.top_gouji and not self.chaos and not self._related(self.top_seat, q):
            return False
        return q == self._next_active(self.top_seat)

    def _play_actions(self, seat: int) -> Iterator[Action]:
        if self.mode == "lead" and not self.o.biesan and self.burner != seat:
            return self._gen_play_actions(seat)  # every lead is legal: stay lazy
        key = (len(self.actions), seat)
        if self._plays_cache[0] != key:
            if self.mode in ("answer", "rang_return") and not self.o.biesan and self.top is not None:
                plays = [action(seat, "play", p) for p in answer_list(self.pr, self.counts[seat], self.top)]
            else:
                plays = list(self._gen_play_actions(seat))
            self._plays_cache = (key, plays)
        return iter(self._plays_cache[1])

    def _gen_play_actions(self, seat: int) -> Iterator[Action]:
        if self.mode == "burn":
            for p in self._iter_kills(seat):
                yield action(seat, "burn", p)
        elif self.mode == "lead":
            free = not self.o.biesan and self.burner != seat
            for p in iter_leads(self.pr, self.counts[seat]):
                if free or self._lead_ok(seat, p) is None:
                    yield action(seat, "play", p)
        else:
            assert self.top is not None
            free = not self.o.biesan
            for p in iter_answers(self.pr, self.counts[seat], self.top):
                if free or self._answer_ok(seat, p) is None:
                    yield action(seat, "play", p)

    def _count_plays(self, seat: int) -> int:
        if self.mode == "lead" and not self.o.biesan and self.burner != seat:
            return count_leads(self.pr, self.counts[seat])
        if self.mode in ("answer", "rang_return") and not self.o.biesan and self.top is not None:
            return len(answer_list(self.pr, self.counts[seat], self.top))
        self._play_actions(seat)
        return len(self._plays_cache[1])

    # ------------------------------------------------------------------ the play phase's choices
    def _play_choices(self, seat: int) -> tuple[Action, ...]:
        if self.mode == "burn":
            return (action(seat, DECLINE),)
        if self.mode == "answer":
            out = [action(seat, "pass")]
            if self._may_rang(seat):
                out.append(action(seat, "rang"))
            if self._may_jiefeng(seat):
                out.append(action(seat, "jiefeng"))
            return tuple(out)
        if self.mode == "rang_return":
            return (action(seat, "pass"),)
        return ()

    def _play_why_not(self, a: Action) -> Refusal:
        mode = self.mode
        if mode == "lead":
            return _refusal("G-40", "you have the lead: lead a play")
        if mode == "burn":
            return _refusal("G-52", "burn (烧牌) with a killing play, or decline")
        if mode in ("answer", "rang_return"):
            if a.kind == "rang":
                return _refusal("G-46", "让牌 only on a non-够级 play of your 对头 that your 上两家 passed")
            if a.kind == "jiefeng":
                return _refusal("G-64", "接风 only by the 下家 of a player who just finished")
            kinds = {c.kind for c in self._play_choices(a.seat)}
            return _refusal("G-42", f"play, {' or '.join(k for k in ('pass', 'rang', 'jiefeng') if k in kinds)}")
        return _refusal("G-10", "no action now")

    def _check_play(self, a: Action) -> None:
        """A play or a burn (``a.play`` set) in the play phase: the same predicates the enumeration filters by."""
        seat, kind, play = a.seat, a.kind, a.play
        assert play is not None
        mode = self.mode
        if not can_make(self.counts[seat], play):
            raise _illegal("C-10", f"you do not hold the cards for {play.text}", "手里没有这些牌")
        if mode == "lead":
            if kind != "play":
                raise _illegal("G-40", "you have the lead: lead a play")
            why = self._lead_ok(seat, play)
            if why is not None:
                raise why.error()
            return
        if mode == "burn":
            if kind != "burn":
                raise _illegal("G-52", "burn (烧牌) with a killing play, or decline")
            assert self.top is not None
            if not beats(self.pr, self.top, play):
                raise _illegal("G-51", f"{play.text} does not beat {self.top.text}")
            if not self._burn_ok(seat, play):
                raise _illegal("G-51", "after this kill the rest of the hand cannot be led out with a joker in "
                               "every lead but the last")
            return
        if mode in ("answer", "rang_return"):
            if kind == "burn":
                raise _illegal("G-49", "a burn is offered only in the burn window of a 够级 play")
            assert self.top is not None
            if not beats(self.pr, self.top, play):
                raise _illegal("G-35", f"{play.text} does not beat {self.top.text}")
            why = self._answer_ok(seat, play)
            if why is not None:
                raise why.error()
            return
        raise _illegal("G-10", "no action now")

    def _do_play(self, seat: int, kind: str, play: Play | None) -> None:
        mode = self.mode
        if mode == "burn":
            if kind == DECLINE:
                self.burn_queue.pop(0)
                self._advance_burn()
                return
            assert play is not None and self.top_seat is not None
            self.stats["burn_tried"] += 1
            if self.burner is not None:
                self._end_burn("dissolved")  # G-54: burned by someone else
            killed = self.top_seat
            self.burned_payer = killed if self.o.burn_tribute_payer == "gouji-player" else opp(seat)
            self.burner = seat
            self.burner_wutou = self._wutou(seat)
            self.burner_leads = 0
            self._emit(Event("burn", {"seat": seat, "killed": killed}))
            self._put(seat, play, via_burn=True)
            return
        if mode == "lead":
            assert play is not None
            if self.burner == seat and not play.has_joker and len(self.hands[seat]) > play.n_cards:
                self._burn_failed(seat, play)
                return
            if self.burner == seat:
                self.burner_leads += 1
            self._put(seat, play)
            if self.burner == seat and self.burner_wutou and self.phase == "play" and not self._next_set:
                self._end_burn("done")  # G-56: a 无头 burner's obligation ends after one lead
            return
        # answer / rang_return
        if kind == "pass":
            self.passed.add(seat)
            self._emit(Event("pass", {"seat": seat}))
            if mode == "rang_return":
                self.rang_by = None
                self._end_round()
                return
            self.queue.pop(0)
            self._advance_lap()
        elif kind == "rang":
            self.rang_by = seat
            self.rang_seats.add(seat)
            self.stats["rang"] += 1
            self._emit(Event("rang", {"seat": seat}))
            self.queue.pop(0)
            self._advance_lap()
        elif kind == "jiefeng":
            self.stats["jiefeng"] += 1
            self._emit(Event("jiefeng", {"seat": seat}))
            self.queue.pop(0)
            self._advance_lap()
        else:
            assert play is not None
            if self.rang_by is not None and self.rang_by != seat:
                self.passed.add(self.rang_by)  # G-47: the 让 counts as a pass
            self.rang_by = None
            self._put(seat, play)

    def _put(self, seat: int, play: Play, via_burn: bool = False) -> None:
        """A play goes on top: G-42/G-43 (answer rights), G-52 (burn window), G-63 (final play)."""
        prev_seat = self.top_seat
        if prev_seat is not None and prev_seat != seat:
            if (self.top is not None and self.top.natural_rank != THREE and self.mute_has[prev_seat]
                    and self.mute_beaten[prev_seat] is None):
                self.mute_beaten[prev_seat] = seat  # G-78: the last non-3 play was beaten
            if self.burner == prev_seat and self.burner != seat:
                self._end_burn("dissolved")  # G-54 解烧
        cards = self._take(seat, play)
        self.played[play.natural_rank] += play.naturals
        self.played[TWO] += play.twos
        self.played[SMALL] += play.raw_small
        self.played[BIG] += play.raw_big
        if play.natural_rank != THREE:
            self.mute_has[seat] = True
            self.mute_beaten[seat] = None
        gouji = (via_burn or self._is_gouji(play)) and not self.chaos
        final = not self.hands[seat]
        gousiji = False
        if gouji and not via_burn:
            # G-65: the 对头 answering a 头科/二科 final 够级 play makes a 够死级
            if self.top_final and self.top_gouji and prev_seat is not None and seat == opp(prev_seat) \
                    and self.places.get(prev_seat) in (1, 2):
                gousiji = True
            r = self.revolutionary
            if r is not None and seat == opp(r) and self.yaotou_left > 0:  # G-32 要头
                self.yaotou_left -= 1
                gousiji = True
        if gousiji:
            self.stats["gousiji"] += 1
        self.top, self.top_seat = play, seat
        self.top_gouji, self.top_gousiji, self.top_final = gouji, gousiji, final
        entry = {"seat": seat, "play": play.text, "gouji": gouji, "gousiji": gousiji, "burn": via_burn,
                 "final": final}
        self.trick.append(entry)
        self._emit(Event("play", dict(entry, cards=[str(c) for c in cards])))
        if final:
            if self.burner == seat:
                self._end_burn("success")
            self._finish(seat)
            if self._set_over():
                return
        self._open_lap()

    def _open_lap(self) -> None:
        assert self.top_seat is not None
        t = self.top_seat
        order = [s for s in after(t) if self.active[s]]
        self.burn_queue = []
        if self.top_gouji and not self.chaos:
            mates = [s for s in order if team(s) == team(t)]
            rest = [s for s in order if team(s) != team(t)]
            self.burn_queue = [s for s in mates + rest
                               if s != opp(t) and s not in self.passed and s not in self.rang_seats]
        if self.chaos:
            self.queue = order
        elif self.top_gouji:
            if self.top_gousiji:
                self.queue = []
            elif self.top_final and self.places.get(t) in (1, 2) and self.active[opp(t)]:
                self.queue = [opp(t)]  # G-65
            else:
                self.queue = [q for q in order if self._related(t, q)]
        else:
            self.queue = [q for q in order if not (q in self.passed and not self._related(t, q))]
        self._advance_burn()

    def _advance_burn(self) -> None:
        while self.burn_queue:
            q = self.burn_queue[0]
            # Every eligible seat is asked, able to burn or not, so that being asked reveals nothing.
            if self.active[q]:
                self.mode = "burn"
                self.to_act = q
                return
            self.burn_queue.pop(0)
        self.mode = "answer"
        self._advance_lap()

    def _advance_lap(self) -> None:
        assert self.top_seat is not None
        t = self.top_seat
        while self.queue:
            q = self.queue[0]
            if not self.active[q] or q == self.rang_by:
                self.queue.pop(0)
                continue
            if not self.chaos and not self.top_gouji and q in self.passed and not self._related(t, q):
                self.queue.pop(0)
                continue
            self.mode = "answer"
            self.to_act = q
            return
        if self.rang_by is not None and self.active[self.rang_by]:
            self.mode = "rang_return"
            self.to_act = self.rang_by
            return
        self._end_round()

    def _end_round(self) -> None:
        """G-44: the round ends; 扣牌 by the winner's 对头; 开点 (G-57); the next lead (G-64)."""
        assert self.top_seat is not None and self.top is not None
        w = self.top_seat
        kou_by = opp(w) if self.active[opp(w)] else None
        self._emit(Event("kou", {"winner": w, "by": kou_by}))
        if (self.o.dadian_enabled and self.top_gouji and not self.chaos and not self.kaidian[w]
                and self.rules.opens_point(self.top) and (self.active[w] or self.o.kaidian_on_final_play)
                and w != self.revolutionary):
            self.kaidian[w] = True
            self.stats["kaidian"] += 1
            self._emit(Event("kaidian", {"seat": w}))
        nxt = w if self.active[w] else self._next_active(w)
        self._new_round(nxt)

    def _burn_failed(self, seat: int, play: Play) -> None:
        """G-54 烧失败: the hand leaves play and takes the lowest free place."""
        self.stats["burn_failed"] += 1
        self._emit(Event("burn_failed", {"seat": seat, "play": play.text}))
        self.burner = None
        self.out_cards.extend(self.hands[seat])
        self.hands[seat] = []
        self.counts[seat] = [0] * 19
        self.active[seat] = False
        place = self.free_places.pop()
        self.places[seat] = place
        self._emit(Event("place", {"seat": seat, "place": place, "failed_burn": True}))
        self._note_active_count()
        if self._set_over():
            return
        self._new_round(self._next_active(seat))

    def _end_burn(self, how: str) -> None:
        b = self.burner
        if b is None:
            return
        self.burner = None
        if how == "success":
            self.stats["burn_success"] += 1
            payer = self.burned_payer if self.burned_payer is not None else opp(b)
            self.burn_successes.append((payer, b))
        elif how == "dissolved":
            self.stats["burn_dissolved"] += 1
        self._emit(Event("burn_end", {"seat": b, "result": how}))

    def _finish(self, seat: int) -> None:
        self.active[seat] = False
        place = self.free_places.pop(0)
        self.places[seat] = place
        self.finish_order.append(seat)
        self._emit(Event("place", {"seat": seat, "place": place}))
        r = self.revolutionary
        if r is not None and r not in self.places and 3 in self.free_places \
                and sorted(self.places.get(m, 0) for m in teammates(r)) == [1, 2]:
            # G-31.1: his teammates took 头科 and 二科 → he is 三科 (and the other team 串三户)
            self.free_places.remove(3)
            self.free_places = sorted(self.free_places + [4])
            self.places[r] = 3
        self._note_active_count()

    def _note_active_count(self) -> None:
        if sum(self.active) <= 4:
            self.chaos_pending = True

    def _set_over(self) -> bool:
        """G-11: the set ends when every player still holding cards is in one team."""
        holders = [s for s in range(N_SEATS) if self.active[s]]
        if len({team(s) for s in holders}) > 1:
            return False
        self._end_set(holders)
        return True

    # ------------------------------------------------------------------ set end, scoring, next set
    def _end_set(self, holders: list[int]) -> None:
        r = self.revolutionary
        if r is not None and r not in self.places:
            self.places[r] = 4
            if 4 in self.free_places:
                self.free_places.remove(4)
        # G-73: the one holding more cards is the lower place; ties: the lower seat index is lower.
        worst_first = sorted(holders, key=lambda s: (-len(self.hands[s]), s))
        for s in worst_first:
            self.places[s] = self.free_places.pop()
        cs = is_chuansanhu(self.places, r)
        team_scores, per_seat = set_scores(self.places, self.o.scoring, cs is not None)
        for s in range(N_SEATS):
            self.totals[s] += per_seat[s]
        if cs is not None:
            self.stats["chuansanhu"] += 1
        self.stats["sets"] += 1
        last = self.set_no >= self.o.sets_per_game or cs is not None
        pending = [] if last else self._next_tributes()
        if cs is not None and self.o.chuansanhu_tribute == "one-to-opposite":
            self.next_game_tribute = [(s, opp(s)) for s in range(N_SEATS) if team(s) != cs]
        result = {"set_no": self.set_no, "places": {str(s): p for s, p in sorted(self.places.items())},
                  "team_scores": team_scores, "scores": per_seat, "chuansanhu": cs is not None,
                  "revolutionary": r, "kaidian": list(self.kaidian), "calls": list(self.calls),
                  "tribute_next": [it.to_json() for it in pending], "totals": list(self.totals)}
        self.set_results.append(result)
        self._emit(Event("set_end", result))
        for reveal in self.fair.reveal():  # the set is over: every deal of it may be checked now
            self._emit(Event("shuffle_reveal", reveal))
        self.pending = pending
        if last:
            self.phase = "over"
            self.to_act = None
            self.mode = "none"
            self._emit(Event("game_over", {"totals": list(self.totals), "sets": self.set_no}))
            return
        self.start_seat = self.first_leader if self.first_leader is not None else 0
        self._next_set = True

    def _next_tributes(self) -> list[TributeItem]:
        if not self.o.tribute_enabled:
            return []
        items: list[TributeItem] = []
        if self.o.biesan:  # G-78 闷贡
            for s in range(N_SEATS):
                stuck = self.hands[s] and all(c.rank == THREE for c in self.hands[s])
                finished_on_threes = s in self.finish_order and self.mute_has[s] and s not in self.exempt
                if (stuck or finished_on_threes) and self.mute_beaten[s] is not None and self.mute_beaten[s] != s:
                    items.append(TributeItem("men", s, self.mute_beaten[s] or 0, 1))
        for payer, burner in self.burn_successes:  # G-79 烧贡
            items.append(TributeItem("burn", payer, burner, 1))
        if self.o.dadian_enabled:  # G-80 点贡
            for a in range(3):
                b = opp(a)
                b_pays_a, a_pays_b = point_tribute(self.kaidian[a], self.kaidian[b], self.calls[a], self.calls[b])
                if b_pays_a:
                    items.append(TributeItem("point", b, a, b_pays_a))
                if a_pays_b:
                    items.append(TributeItem("point", a, b, a_pays_b))
        by_place = {p: s for s, p in self.places.items()}
        if 6 in by_place and 1 in by_place:  # G-81 落贡
            items.append(TributeItem("fall", by_place[6], by_place[1], 2))
        if 5 in by_place and 2 in by_place:
            items.append(TributeItem("fall", by_place[5], by_place[2], 1))
        return items
