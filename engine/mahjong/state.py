"""The Shandong Mahjong match as a state machine (RULES.md M-3 … M-18, on the contract of engine/api.py).

Phases: ``move`` (the player to move holds 3k+2 tiles: ``win`` 自摸, ``kong`` 暗杠/加杠, ``discard`` 打牌 or
``minglou`` 明楼 with a discard), ``claim`` (after a discard every other seat is asked in turn order,
M-7: ``win`` 胡, ``kong`` 明杠, ``pung`` 碰, ``chow`` 吃 with the run in ``arg``, or ``pass`` 过), ``rob``
(after an added kong every other seat is asked ``win`` 抢杠胡 or ``pass``, M-13) and ``over``. Every answer
of a round is sealed until all have answered; a seat's view names the seat being asked only to that seat.
Deals, scoring, dealer rotation and the next hand happen inside ``apply``.

Actions carry tiles in ``arg`` as M-2 notation: ``discard:5m``, ``chow:345m``, ``pung:555m``,
``kong:5555m``, ``minglou:5m``; ``win`` and ``pass`` carry none.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.api import Refusal
from engine.core import EMPTY, Action, Event, LegalActions
from engine.errors import IllegalAction, RuleError
from engine.fairness import Ledger
from engine.tiles import (
    TILES,
    Meld,
    Tile,
    TileBag,
    decompose_counts,
    is_win_counts,
    meld_of,
    notation,
    parse_tiles,
    shanten_counts,
    waits_counts,
)

from .deal import deal_table, deal_tiles
from .match import circle_done, match_ends, next_dealer
from .paths import PATHS, PATTERN_PATHS
from .refusals import why
from .rules import Rules
from .scoring import HandValue, Kong, WinContext, add, best_value, kong_payments, win_payments
from .table import N, Round, Table
from .views import view_of, world_from_view

WINDS = ("E", "S", "W", "N")


@dataclass(frozen=True)
class Setup:
    """A fixed first hand for tests and demos: the four concealed hands (the dealer's 14), the wall's front
    in draw order, its back in replacement order, the dealer. Unlisted tiles fill the middle, shuffled."""

    hands: Sequence[str | Sequence[str]]
    front: str | Sequence[str] = ()
    back: str | Sequence[str] = ()
    dealer: int = 0


class State:
    """One Shandong Mahjong match. ``setup`` (tests and demos) fixes the first hand instead of shuffling."""

    game = "mahjong"
    n_seats = N

    def __init__(self, rules: Rules | None = None, seed: int = 0, setup: Setup | None = None,
                 entropy: Mapping[int, Sequence[bytes | None]] | None = None) -> None:
        self.rules = rules if rules is not None else Rules()
        self.seed = seed
        # engine.fairness: every shuffled hand is dealt from a committed seed; ``entropy`` = LAN contributions
        self.fair = Ledger(seed, N, {k: list(v) for k, v in (entropy or {}).items()})
        self.rng = random.Random(seed)
        self.history: list[Event] = []
        self.actions: list[Action] = []
        self.action_events: list[list[Event]] = []
        self.stats: Counter[str] = Counter({k: 0 for k in PATHS})
        self._out: list[Event] = []
        self.totals = [0] * N
        self.hand_no = 0
        self.circle = 0   # circles (圈) completed: 0 is the East circle 东风圈, the one a "one_circle" match plays
        self.first_dealer = setup.dealer if setup is not None else self.rng.randrange(N)  # M-3
        self.dealer = self.first_dealer
        self.results: list[dict[str, Any]] = []
        self.over = False
        self._ver = 0
        self._cache: tuple[int, int, tuple[Action, ...]] | None = None
        self._start_hand(setup)
        self.history.extend(self._out)
        self._out = []

    # -- the hand -----------------------------------------------------------------------------------------

    def _start_hand(self, setup: Setup | None = None) -> None:
        """M-4: shuffle (a committed seed, engine.fairness), deal 4-4-4-1 and one more to the dealer (the cut
        of :mod:`engine.mahjong.deal`). A fixed ``setup`` is dealt as written, with no commitment."""
        self.hand_no += 1
        self.hand_start = len(self.history) + len(self._out)  # where this hand's events begin
        d = self.dealer
        shuffle = None
        if setup is None:
            shuffle = self.fair.next_deal()
            dealt, wall = deal_tiles(shuffle.seed, self.rules)
            self.t = deal_table(dealt, wall, d)
        else:
            self.t = self._fixed_table(setup)
            dealt = [self.t.tiles_of(s) for s in range(N)]
        self.mover = d
        self.ctx = "first"  # M-5: the dealer's first move counts as after a draw
        self.drawn: Tile | None = None
        self.last_tile = False
        self.round: Round | None = None
        self.kongs: list[Kong] = []
        self.locked = [False] * N
        self.ml = [False] * N
        self._ev("hand_start", {"hand_no": self.hand_no, "dealer": d, "circle": self.circle,
                                "wall": self.t.wall_left, "winds": self.winds()})
        if shuffle is not None:
            self._ev("shuffle_commit", self.fair.commit_event(shuffle))
        for s in range(N):  # the tiles the cut gave (the dealer's 13 before his 14th): what a verifier checks
            self._ev("deal", {"seat": s, "hand": [str(x) for x in dealt[s]]}, (s,))
        for s in range(N):
            self._ev("tiles", {"seat": s, "tiles": [str(x) for x in self.t.tiles_of(s)]}, (s,))

    def _fixed_table(self, setup: Setup) -> Table:
        honours = self.rules.options.honors
        hands = [parse_tiles(h, honours) for h in setup.hands]
        front = parse_tiles(setup.front, honours)
        back = parse_tiles(setup.back, honours)
        pool = Counter(self.rules.tiles())
        pool.subtract(Counter(t for part in (*hands, front, back) for t in part))
        if any(v < 0 for v in pool.values()):
            raise ValueError("the setup uses a tile more often than the set has it")
        middle = list(pool.elements())
        self.rng.shuffle(middle)
        t = Table(front + middle + back[::-1])
        for s, h in enumerate(hands):
            for x in h:
                t.hands[s][x.idx] += 1
        if t.size(setup.dealer) != 14 or any(t.size(s) != 13 for s in range(N) if s != setup.dealer):
            raise ValueError("the dealer holds 14 tiles and the others 13 (M-4)")
        return t

    def winds(self) -> list[str]:
        """M-1: the dealer is East, then South, West, North in turn order (display only)."""
        return [WINDS[(s - self.dealer) % N] for s in range(N)]

    # -- queries -------------------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        if self.over:
            return None
        if self.round is not None:
            return self.round.order[self.round.at]
        return self.mover

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        if self.round is not None:
            return "claim" if self.round.kind == "discard" else "rob"
        return "move"

    @property
    def is_over(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        return [float(x) for x in self.totals]

    def legal_actions(self, seat: int) -> LegalActions:
        if self.over or seat != self.to_act:
            return EMPTY
        # every Mahjong action is a fixed choice (tiles in ``arg``, no Play): the contract's ``fixed`` part
        return LegalActions(fixed=self._legal(seat), check=self._is_legal)

    def _legal(self, seat: int) -> tuple[Action, ...]:
        """The one list of legal actions (``legal_actions``, ``refusal`` and ``apply`` all read it)."""
        c = self._cache
        if c is not None and c[0] == self._ver and c[1] == seat:
            return c[2]
        acts: tuple[Action, ...] = ()
        if not self.over and seat == self.to_act:
            acts = tuple(self._round_actions(seat) if self.round is not None else self._move_actions(seat))
        self._cache = (self._ver, seat, acts)
        return acts

    def _is_legal(self, a: Action) -> bool:
        return a.play is None and a in self._legal(a.seat)

    def _move_actions(self, m: int) -> list[Action]:
        t = self.t
        h = t.hands[m]
        out: list[Action] = []
        free = self.ctx != "claimed"  # M-8: after 碰/吃 only a discard
        if free and is_win_counts(self.rules.win_rule, h, t.melds[m]):
            out.append(Action(m, "win"))
        if free and t.wall_left > 0 and not self.ml[m]:  # M-9
            for i in range(34):
                if h[i] == 4:
                    out.append(Action(m, "kong", arg=notation([TILES[i]] * 4)))
            for meld in t.melds[m]:
                if meld.kind == "pung" and h[meld.first.idx]:
                    out.append(Action(m, "kong", arg=notation([meld.first] * 4)))
        if self.ml[m] and self.drawn is not None:
            out.append(Action(m, "discard", arg=str(self.drawn)))  # M-15: the tile just drawn
            return out
        kinds = [i for i in range(34) if h[i]]
        out.extend(Action(m, "discard", arg=str(TILES[i])) for i in kinds)
        if self.rules.options.minglou and not self.ml[m] and shanten_counts(self.rules.win_rule, h, t.melds[m]) <= 0:
            for i in kinds:  # only a hand at most one exchange from ready can leave a ready hand (M-15)
                h[i] -= 1
                ready = bool(waits_counts(self.rules.win_rule, h, t.melds[m]))
                h[i] += 1
                if ready:
                    out.append(Action(m, "minglou", arg=str(TILES[i])))
        return out

    def _can_win_on(self, s: int, tile: Tile) -> bool:
        """M-6 / M-13 / M-14: a discard or robbed tile completes the hand, discard wins allowed, not locked."""
        if not self.rules.options.win_on_discard or self.locked[s]:
            return False
        h = self.t.hands[s]
        h[tile.idx] += 1
        ok = is_win_counts(self.rules.win_rule, h, self.t.melds[s])
        h[tile.idx] -= 1
        return ok

    def win_value(self, w: int, hand: list[int], r: Round | None) -> HandValue:
        """M-19 … M-21: what seat ``w``'s win with the complete ``hand`` (counts, the won tile in it) is worth:
        on round ``r``'s tile (a discard, or a robbed kong) or, with no round, self-drawn."""
        ctx = WinContext(self_drawn=r is None, replacement=r is None and self.ctx == "replacement",
                         last_tile=r is None and self.last_tile and self.drawn is not None,
                         robbed=r is not None and r.kind == "rob", minglou=self.ml[w])
        melds = self.t.melds[w]
        return best_value(decompose_counts(self.rules.win_rule, hand, melds), melds, ctx, self.rules.options.scoring)

    def _round_actions(self, s: int) -> list[Action]:
        r = self.round
        assert r is not None
        out: list[Action] = []
        tile = r.tile
        if self._can_win_on(s, tile):
            out.append(Action(s, "win"))
        if r.kind == "discard" and not r.last and not self.ml[s]:
            n = self.t.hands[s][tile.idx]
            if n >= 3 and self.t.wall_left > 0:
                out.append(Action(s, "kong", arg=notation([tile] * 4)))
            if n >= 2:
                out.append(Action(s, "pung", arg=notation([tile] * 3)))
            if self.rules.options.allow_chow and s == (r.source + 1) % N and not tile.is_honour:
                out.extend(Action(s, "chow", arg=run) for run in self._chows(s, tile))
        out.append(Action(s, "pass"))
        return out

    def _chows(self, s: int, tile: Tile) -> list[str]:
        h = self.t.hands[s]
        i, r = tile.idx, tile.rank
        runs = []
        for lo in (r - 2, r - 1, r):
            if lo < 1 or lo + 2 > 9:
                continue
            others = [i + k - (r - lo) for k in range(3) if lo + k != r]
            if all(h[j] for j in others):
                runs.append(notation(TILES[i - (r - lo) + k] for k in range(3)))
        return runs

    # -- refusals --------------------------------------------------------------------------------------------

    def refusal(self, action: Action) -> Refusal | None:
        if self._is_legal(action):
            return None
        return self._why(action)

    def _why(self, a: Action) -> Refusal:
        return why(self, a)

    def view(self, seat: int | None, with_history: bool = True) -> dict[str, Any]:
        """What ``seat`` may know (None = a spectator): see :func:`engine.mahjong.views.view_of`. History policy
        "match": the match's events the seat may see are in every view unless ``with_history=False``."""
        v = view_of(self, seat)
        if not with_history:
            del v["history"]
        return v

    @classmethod
    def from_view(cls, view: Mapping[str, Any], hands: Sequence[Sequence[str]], seed: int = 0) -> State:
        """Determinization for search bots: see :func:`engine.mahjong.views.world_from_view`."""
        return world_from_view(cls, view, hands, seed)

    def action_for_cards(self, seat: int, cards: Sequence[str], kind: str = "discard") -> Action | Refusal:
        """The action for tiles picked in a user interface: ``discard`` (one tile; ``play`` means the same),
        ``chow`` (the two own tiles or the whole run), ``pung``, ``kong``, ``minglou``, ``win``, ``pass``."""
        kind = "discard" if kind == "play" else kind
        try:
            tiles = parse_tiles(list(cards), self.rules.options.honors)
        except RuleError as exc:
            return Refusal(exc.rule, exc.reason, "牌的写法不对")
        arg: str | None = None
        if kind in ("discard", "minglou"):
            if len(tiles) != 1:
                return Refusal("M-5", "pick exactly one tile to discard", "请选一张牌")
            arg = str(tiles[0])
        elif kind in ("chow", "pung", "kong"):
            legal = [a for a in self._legal(seat) if a.kind == kind]
            own = Counter(tiles)
            for a in legal:
                full = Counter(parse_tiles(a.arg or ""))
                if own == full or (self.round is not None and own + Counter([self.round.tile]) == full):
                    return a
                if kind == "kong" and own and set(own) == set(full):
                    return a
            arg = notation(tiles) if tiles else None
        a = Action(seat, kind, arg=arg)
        ref = self.refusal(a)
        return a if ref is None else ref

    # -- apply -----------------------------------------------------------------------------------------------

    def apply(self, action: Action, checked: bool = True) -> list[Event]:
        """Apply ``action``; an illegal one raises IllegalAction (rule id, en+zh) and changes nothing."""
        if checked and not self._is_legal(action):
            raise self._why(action).error()
        self._out = []
        self._ver += 1
        s, k = action.seat, action.kind
        if self.round is not None:
            self._answer(action)
        elif k == "win":
            self._win([s], None)
        elif k == "kong":
            self._declare_kong(s, Tile(parse_tiles(action.arg or "")[0]))
        else:
            self._discard(s, Tile(str(action.arg)), declare=k == "minglou")
        events = self._out
        self._out = []
        self.actions.append(action)
        self.action_events.append(events)
        self.history.extend(events)
        return list(events)

    def _ev(self, kind: str, data: Mapping[str, Any], to: tuple[int, ...] | None = None) -> None:
        self._out.append(Event(kind, dict(data), to))

    def _draw(self, seat: int, from_back: bool = False) -> None:
        tile = self.t.draw(seat, from_back)
        self.drawn = tile
        self.last_tile = self.t.wall_left == 0
        self.mover = seat
        self.ctx = "replacement" if from_back else "draw"
        pub: dict[str, Any] = {"seat": seat, "from": "back" if from_back else "front", "wall": self.t.wall_left}
        if self.ml[seat]:
            pub["tile"] = str(tile)  # M-15: his hand is face up
        self._ev("draw", pub)
        self._ev("drew", {"seat": seat, "tile": str(tile)}, (seat,))

    def _discard(self, s: int, tile: Tile, declare: bool) -> None:
        t = self.t
        t.hands[s][tile.idx] -= 1
        t.rivers[s].append(tile)
        self.locked[s] = False  # M-14: the lock ends with his own discard
        self.drawn = None
        self._ev("discard", {"seat": s, "tile": str(tile)})
        if declare:
            self.ml[s] = True
            self.stats["minglou"] += 1
            self._ev("minglou", {"seat": s, "tiles": [str(x) for x in t.tiles_of(s)]})
        self._open_round("discard", tile, s)

    def _open_round(self, kind: str, tile: Tile, source: int) -> None:
        order = tuple((source + k) % N for k in range(1, N))
        self.round = Round(kind, tile, source, order, {}, 0, kind == "discard" and self.t.wall_left == 0)
        self._ev("round", {"kind": kind, "tile": str(tile), "seat": source})

    def _declare_kong(self, s: int, tile: Tile) -> None:
        t = self.t
        h = t.hands[s]
        if h[tile.idx] == 4:  # 暗杠
            h[tile.idx] = 0
            t.melds[s].append(meld_of([tile] * 4, claimed=False, kong="concealed"))
            self.kongs.append(Kong(s, "concealed"))
            self.stats["kong_concealed"] += 1
            self._ev("kong", {"seat": s, "kind": "concealed", "tiles": None})
            self._ev("kong_tiles", {"seat": s, "tiles": notation([tile] * 4)}, (s,))
            self._draw(s, from_back=True)
            return
        h[tile.idx] -= 1  # 加杠: the fourth tile goes onto his pung, where it may be robbed (M-13)
        self.drawn = None
        self._ev("kong", {"seat": s, "kind": "added", "tiles": notation([tile] * 4)})
        o = self.rules.options
        if o.rob_kong and o.win_on_discard:
            self._open_round("rob", tile, s)
        else:
            self._complete_added(s, tile)

    def _complete_added(self, s: int, tile: Tile) -> None:
        melds = self.t.melds[s]
        i = next(j for j, m in enumerate(melds) if m.kind == "pung" and m.first == tile)
        old = melds[i]
        melds[i] = Meld("kong", TileBag([tile] * 4), True, "added", old.source)
        self.kongs.append(Kong(s, "added"))
        self.stats["kong_added"] += 1
        self._draw(s, from_back=True)

    def _answer(self, a: Action) -> None:
        r = self.round
        assert r is not None
        s = a.seat
        if a.kind != "win" and self.rules.options.pass_lock and self._can_win_on(s, r.tile):
            self.locked[s] = True  # M-14: offered 胡 and did not take it
            self.stats["pass_lock"] += 1
        r.answers[s] = a
        self._ev("answer", {"seat": s, "kind": a.kind, "arg": a.arg}, (s,))  # sealed: only he sees it
        r.at += 1
        if r.at < len(r.order):
            return
        self.round = None
        self._resolve(r)

    def _resolve(self, r: Round) -> None:
        """M-7: 胡 > 杠 = 碰 > 吃; among several 胡 the first in turn order after the source wins."""
        ans = [r.answers[s] for s in r.order]
        wins = [a.seat for a in ans if a.kind == "win"]
        if wins:
            winners = wins if self.rules.options.multiple_winners else wins[:1]
            self._ev("claims", {"tile": str(r.tile), "seat": r.source, "win": winners})
            self._win(winners, r)
            return
        if r.kind == "rob":
            self._ev("claims", {"tile": str(r.tile), "seat": r.source, "win": []})
            self._complete_added(r.source, r.tile)
            return
        take = next((a for a in ans if a.kind in ("pung", "kong")), None) or next(
            (a for a in ans if a.kind == "chow"), None)
        if take is None:
            self._ev("claims", {"tile": str(r.tile), "seat": r.source, "win": []})
            if self.t.wall_left == 0:
                self._drawn_hand()
            else:
                self._draw((r.source + 1) % N)
            return
        s, t = take.seat, self.t
        t.rivers[r.source].pop()  # M-8: the claimed tile leaves the river
        tiles = parse_tiles(take.arg or "")
        used = Counter(tiles)
        used[r.tile] -= 1
        for x, n in used.items():
            t.hands[s][x.idx] -= n
        t.melds[s].append(meld_of(tiles, claimed=True, kong="exposed" if take.kind == "kong" else None,
                                  source=r.source))
        self.drawn = None
        self._ev("claims", {"tile": str(r.tile), "seat": r.source, "win": []})
        self._ev("meld", {"seat": s, "kind": take.kind, "tiles": notation(tiles), "from": r.source})
        if take.kind == "kong":
            self.kongs.append(Kong(s, "exposed", r.source))
            self.stats["kong_exposed"] += 1
            self._draw(s, from_back=True)
        else:
            self.stats[take.kind] += 1
            self.mover = s
            self.ctx = "claimed"

    # -- the end of a hand --------------------------------------------------------------------------------------

    def _win(self, winners: list[int], r: Round | None) -> None:
        """M-12 / M-13 / M-6 wins, then M-20 … M-22 payments, M-17 and M-18."""
        o = self.rules.options
        pay = [0] * N
        wins: list[dict[str, Any]] = []
        payer = None if r is None else r.source
        for w in winners:
            h = list(self.t.hands[w])
            if r is not None:
                h[r.tile.idx] += 1
            value = self.win_value(w, h, r)
            each = win_payments(w, value.value, payer)
            pay = add(pay, each)
            self._count_win(value, r)
            wins.append(self._win_record(w, h, value, r, each))
        if len(winners) > 1:
            self.stats["multiple_winners"] += 1
        kongs: list[dict[str, Any]] = []
        if o.kong_payments:
            for k in self.kongs:   # each kong's own payment, a line of the win screen
                each = kong_payments([k])
                pay = add(pay, each)
                kongs.append({"seat": k.seat, "kind": k.kind, "from": k.source, "pays": each})
        self._finish(pay, winners, wins, kongs)

    def _count_win(self, value: HandValue, r: Round | None) -> None:
        self.stats["win_self" if r is None else "win_discard"] += 1
        if r is not None and r.kind == "rob":
            self.stats["rob_kong"] += 1
        if r is None and self.ctx == "first":
            self.stats["tianhu"] += 1
        for p in value.patterns:
            if p in PATTERN_PATHS:
                self.stats[p] += 1

    def _win_record(self, w: int, h: list[int], value: HandValue, r: Round | None,
                    pays: list[int]) -> dict[str, Any]:
        return {"seat": w, "tiles": [str(TILES[i]) for i in range(34) for _ in range(h[i])],
                "tile": str(r.tile) if r is not None else (str(self.drawn) if self.drawn else None),
                "from": r.source if r is not None else None, "self_drawn": r is None,
                "patterns": list(value.patterns), "fan": value.fan, "value": value.value,
                "reading": value.reading.text(), "pays": pays}

    def _drawn_hand(self) -> None:
        """M-16: the wall is empty and the last discard was not won on: nobody pays, all hands shown."""
        self.stats["draw_game"] += 1
        self._finish([0] * N, [], [])

    def _finish(self, pay: list[int], winners: list[int], wins: list[dict[str, Any]],
                kongs: list[dict[str, Any]] | None = None) -> None:
        for s in range(N):
            self.totals[s] += pay[s]
        self.stats["hands"] += 1
        shown = [[str(x) for x in self.t.tiles_of(s)] for s in range(N)] if not winners else []
        # a drawn hand's shown hands say which were ready and on what (M-11a; M-16 pays nothing for it)
        ready = [[str(TILES[i]) for i in waits_counts(self.rules.win_rule, self.t.hands[s], self.t.melds[s])]
                 for s in range(N)] if not winners else []
        result = {"hand_no": self.hand_no, "dealer": self.dealer, "winners": winners, "wins": wins,
                  "payments": pay, "kongs": kongs or [], "totals": list(self.totals), "drawn": not winners,
                  "melds": [[m.text() for m in ms] for ms in self.t.melds],  # M-10: concealed kongs revealed
                  "hands": shown, "waits": ready}
        self.results.append(result)
        self._ev("hand_end", result)
        for reveal in self.fair.reveal():  # the hand is over: its deal may be checked now (engine.fairness)
            self._ev("shuffle_reveal", reveal)
        nxt = next_dealer(self.rules.options.dealer_rotation, self.dealer, winners)
        self.stats["dealer_kept" if nxt == self.dealer else "dealer_passed"] += 1
        ended = match_ends(self.rules.options, self.hand_no, self.dealer, nxt, self.first_dealer)
        if circle_done(self.rules.options, self.dealer, nxt, self.first_dealer):
            self.circle += 1
        self.dealer = nxt
        self.round = None
        if ended:
            self.over = True
            self._ev("match_end", {"totals": list(self.totals), "places": self.places(), "ranks": self.ranks()})
        else:
            self._start_hand()

    def places(self) -> list[int]:
        """Seats by running total, highest first (ties keep seat order; see ``ranks``)."""
        return sorted(range(N), key=lambda s: (-self.totals[s], s))

    def ranks(self) -> list[int]:
        """M-18: each seat's place, 1 = best; equal totals share the place."""
        return [1 + sum(1 for o in range(N) if self.totals[o] > self.totals[s]) for s in range(N)]

    # -- views ---------------------------------------------------------------------------------------------------

    # -- data in and out --------------------------------------------------------------------------------------

    def action_from_json(self, d: Mapping[str, Any]) -> Action:
        try:
            seat = int(d["seat"])
            kind = str(d["kind"])
            arg = d.get("arg")
            if arg is not None:
                if not isinstance(arg, str) or len(arg) > 24:
                    raise ValueError("a tile argument is M-2 notation of at most four tiles")
                tiles = parse_tiles(arg, self.rules.options.honors)
                if not 1 <= len(tiles) <= 4:
                    raise ValueError("a tile argument names one to four tiles")
                arg = notation(tiles)
        except RuleError as exc:
            raise IllegalAction(exc.rule, exc.reason) from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise IllegalAction("M-5", f"not an action: {d!r} ({exc})") from None
        return Action(seat, kind, None, arg)

    def visible_history(self, seat: int | None) -> list[dict[str, Any]]:
        """The events of the match so far that ``seat`` may see, as JSON. Each seat's list is extended as the
        match grows (never changed in place, so clones share it), so a view does not replay the match."""
        cache: dict[int | None, tuple[int, list[dict[str, Any]]]] = self.__dict__.setdefault("_hist", {})
        n, done = cache.get(seat, (0, []))
        if n > len(self.history):
            n, done = 0, []
        if n < len(self.history):
            done = done + [e.to_json() for e in self.history[n:] if e.visible_to(seat)]
            cache[seat] = (len(self.history), done)
        return list(done)

    def swap_hidden(self, a: int, b: int) -> bool:
        """Exchange one concealed tile of different kind between seats ``a`` and ``b`` (the contract suite's
        secrecy probe: no third seat's view may change). False when none can be exchanged or a hand is shown."""
        if self.ml[a] or self.ml[b]:
            return False  # M-15: a 明楼 hand is face up, so a swap would rightly show
        ha, hb = self.t.hands[a], self.t.hands[b]
        for i in range(34):
            for j in range(34):
                if i != j and ha[i] and hb[j]:
                    ha[i], ha[j], hb[j], hb[i] = ha[i] - 1, ha[j] + 1, hb[j] - 1, hb[i] + 1
                    self._ver += 1
                    return True
        return False

    def clone(self) -> State:
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.history = list(self.history)
        new.actions = list(self.actions)
        new.action_events = list(self.action_events)
        new.stats = Counter(self.stats)
        new._out = []
        new.totals = list(self.totals)
        new.results = list(self.results)
        new.t = self.t.copy()
        new.fair = self.fair.copy()
        new.round = self.round.copy() if self.round is not None else None
        new.kongs = list(self.kongs)
        new.locked = list(self.locked)
        new.ml = list(self.ml)
        new._cache = None
        new.__dict__["_hist"] = dict(self.__dict__.get("_hist", {}))
        return new



__all__ = ["PATHS", "Setup", "State"]
