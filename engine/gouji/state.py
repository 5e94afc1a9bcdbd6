"""The Gouji game state machine: one game (局) of ``sets_per_game`` sets (回合), RULES.md G-8 … G-88.

Phases of a set (G-10): ``yudian`` 预点 → deal → ``show`` 上班 → 买三 (system) → ``tribute`` 进贡 / ``return``
还贡 → ``mingdian`` 明点 → ``revolt`` 革命 → ``yaotou`` 要头/无头 → ``play`` → places, score → next set.
Every decision belongs to exactly one seat (``to_act``); system steps (dealing, 扣牌, 买三, scoring) run
inside :meth:`State.apply`. An illegal action raises :class:`IllegalAction` naming the rule and leaves the
state untouched, because every check happens before the first change.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.api import Refusal
from engine.cards import (
    BIG,
    CHAR_OF,
    NATURAL_RANKS,
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
from engine.core import Action, Event, LegalActions, action
from engine.errors import IllegalAction, RuleError
from engine.gouji.burn import can_play_out
from engine.gouji.refusals import ZH
from engine.gouji.rules import Rules
from engine.gouji.scoring import is_chuansanhu, set_scores
from engine.gouji.table import N_SEATS, after, opp, team, teammates
from engine.gouji.tribute import KIND_ORDER, TributeItem, point_tribute, tribute_cards
from engine.plays import Play, beats, can_make, count_leads, iter_answers, iter_leads, lead_list
from engine.refusals import zh_for

DECLINE = "decline"
SETUP_PHASES = frozenset({"yudian", "show", "mingdian", "revolt", "yaotou"})
TRIBUTE_PHASES = frozenset({"tribute", "return"})

# Rule paths counted in ``State.stats`` (reported by ``python -m engine.sim``, zeros included).
PATHS = ("sets", "deals", "redeal", "yudian", "mingdian", "show", "buy_three", "revolution", "yaotou", "wutou",
         "tribute_men", "tribute_burn", "tribute_point", "tribute_fall", "tribute_chuansanhu", "tribute_refused",
         "returned", "return_refused", "rang", "jiefeng", "burn_tried", "burn_success", "burn_failed",
         "burn_dissolved", "kaidian", "gousiji", "chaos", "chuansanhu")


# The public snapshot is built from these fields only (an allowlist: a new attribute stays private until it
# is added here on purpose). Hands, the thrown-in cards and private choices are filtered per seat below.
SNAPSHOT_FIELDS = (
    "seed", "carry_tribute", "stats", "totals", "set_results", "set_no", "start_seat", "phase", "to_act",
    "next_game_tribute", "pending", "queue", "calls", "kaidian", "items", "hands", "dealt_hands", "dealt", "mode",
    "burn_queue", "shows", "show_best", "first_leader", "exempt", "auto_revolt", "revolt_choice", "revolutionary",
    "yaotou_left", "active", "places", "finish_order", "free_places", "out_cards", "trick", "top", "top_seat",
    "top_gouji", "top_gousiji", "top_final", "leader", "passed", "rang_by", "rang_seats", "burner", "burner_wutou",
    "burner_leads", "_next_set", "burned_payer", "burn_successes", "chaos", "chaos_pending", "played",
    "mute_beaten", "mute_has", "received", "item_idx", "returning", "offered_return", "refused_rank", "asked")


def _refusal(rule: str, msg: str, zh: str = "") -> Refusal:
    return Refusal(rule, msg, zh or zh_for(rule, ZH))


def _illegal(rule: str, msg: str) -> IllegalAction:
    return IllegalAction(rule, msg, zh_for(rule, ZH))


class State:
    """A Gouji game. ``State(Rules(**options), seed)``; see docs/ENGINE_API.md for the contract."""

    n_seats = N_SEATS

    def __init__(self, rules: Rules | None = None, seed: int = 0,
                 carry_tribute: list[tuple[int, int]] | None = None,
                 stacked: list[list[list[Card]]] | None = None) -> None:
        """``carry_tribute``: G-83 one-to-opposite tribute from a previous game's 串三户 (payer, receiver).
        ``stacked``: for scenario tests, the hands of the first deals (each six card lists of any size)
        instead of shuffled ones; later deals are shuffled from the seed as usual."""
        self.rules = rules if rules is not None else Rules()
        self.o = self.rules.options
        self.pr = self.rules.play_rules
        self.seed = seed
        self.carry_tribute = list(carry_tribute or [])
        self.rng = random.Random(seed)
        self.history: list[Event] = []
        self.actions: list[Action] = []
        self.action_events: list[list[Event]] = []
        self.stats: Counter[str] = Counter()
        self.totals = [0] * N_SEATS
        self.set_results: list[dict[str, Any]] = []
        self.set_no = 0
        self.start_seat = 0  # G-17: offers go round from seat 0, later from the previous first leader
        self.phase = "deal"
        self.to_act: int | None = None
        self.next_game_tribute: list[tuple[int, int]] = []
        # Tribute owed at the start of the next set (G-75): filled at the end of each set.
        self.pending: list[TributeItem] = [TributeItem("chuansanhu", p, r, 1) for p, r in (carry_tribute or [])]
        self._out: list[Event] = []
        self.queue: list[int] = []
        self._gouji_memo: dict[Play, bool] = {}
        self.stacked = [[sort_cards(h) for h in deal] for deal in (stacked or [])]
        self._plays_cache: tuple[tuple[int, int], list[Action]] = ((-1, -1), [])
        self._seen: dict[int | None, tuple[int, list[dict[str, Any]]]] = {}  # see _history_json
        self._begin_set()
        self._flush_initial()

    # ------------------------------------------------------------------ public API
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, seat: int) -> LegalActions:
        if seat != self.to_act or self.phase == "over":
            return LegalActions()
        if self.phase == "play" and self.mode in ("lead", "answer", "rang_return", "burn"):
            fixed = self._choices(seat)
            nth = (lambda k: action(seat, "play", lead_list(self.pr, self.counts[seat])[k])) \
                if self.mode == "lead" and not self.o.biesan and self.burner != seat else None
            return LegalActions(fixed, plays=lambda: self._play_actions(seat),
                                check=self._is_legal, count=lambda: self._count_plays(seat), nth=nth)
        return LegalActions(self._choices(seat), check=self._is_legal)

    def apply(self, action: Action, checked: bool = True) -> list[Event]:
        """Apply ``action``; an illegal one raises IllegalAction (with the rule id) and changes nothing.
        ``checked=False`` skips that check — only for actions just taken from ``legal_actions`` (search
        rollouts)."""
        if not isinstance(action, Action):
            raise _illegal("API", f"apply() takes an Action, not {type(action).__name__}")
        if checked:
            self._check(action)
        self._out = []
        self._do(action)
        self._settle()
        out = self._out
        self._out = []
        self.actions.append(action)
        self.action_events.append(out)
        return out

    def view(self, seat: int | None, with_history: bool = False) -> dict[str, Any]:
        """Everything ``seat`` may know (None = a spectator); another seat's hidden cards never appear.

        The common header of :class:`engine.api.ViewHeader` plus Gouji's own keys. ``history`` comes on
        request (``with_history=True``; ``history_policy`` says which): a game is thousands of events, and
        bots, the simulator and the state round trips compare views without them."""
        hands_known = self.dealt
        own = [str(c) for c in self.hands[seat]] if seat is not None and hands_known else []
        reported = self._reported_counts()
        team_hands: dict[str, list[str]] = {}
        if seat is not None and hands_known and self.phase == "play":
            for t in teammates(seat):
                if self.active[t] and (len(self.hands[t]) <= 10 or not self.active[seat]):
                    team_hands[str(t)] = [str(c) for c in self.hands[t]]  # G-70 挑牌
        v: dict[str, Any] = {
            "game": "gouji", "seat": seat, "n_seats": N_SEATS, "phase": self.phase, "to_act": self.to_act,
            "mode": self.mode if self.phase == "play" else None,
            "set_no": self.set_no, "sets_per_game": self.o.sets_per_game, "options": self.o.as_dict(),
            "hand": own, "counts": reported, "team_hands": team_hands,
            "calls": list(self.calls), "kaidian": list(self.kaidian), "wutou": [self._wutou(s) for s in range(N_SEATS)],
            "active": list(self.active), "places": [self.places.get(s) for s in range(N_SEATS)],
            "scores": list(self.set_results[-1]["scores"]) if self.set_results else None,
            "finish_order": list(self.finish_order), "revolutionary": self.revolutionary,
            "yaotou_left": self.yaotou_left, "first_leader": self.first_leader, "shows": list(self.shows),
            "burner": self.burner, "chaos": self.chaos, "leader": self.leader,
            "trick": [dict(t) for t in self.trick], "passed": sorted(self.passed), "rang_by": self.rang_by,
            "played": {CHAR_OF[r]: n for r, n in enumerate(self.played) if n},
            "tribute": [it.to_json() for it in self.items] if self.phase in ("tribute", "return") else [],
            "pending_tribute": [it.to_json() for it in self.pending],
            "returning": self._return_view(),
            "set_results": list(self.set_results), "totals": list(self.totals),
            "state": self.snapshot(seat),
        }
        if with_history:
            v["history"] = self._history_json(seat)
        v["history_policy"] = "on-request"  # the game's policy, the same in every view (LAN updates merge views)
        return v

    def _history_json(self, seat: int | None) -> list[dict[str, Any]]:
        """The events ``seat`` may see, as JSON — kept per seat and extended with the new events only, so a
        view per decision costs no more than the events since the last one."""
        seen = self._seen
        done, out = seen.get(seat, (0, []))
        if done > len(self.history):  # history was rewritten (a test or a tool): start over
            done, out = 0, []
        out.extend(e.to_json() for e in self.history[done:] if e.visible_to(seat))
        seen[seat] = (len(self.history), out)
        return list(out)

    # ------------------------------------------------------------------ snapshots (determinization)
    _CARDS2 = frozenset({"hands", "dealt_hands", "received"})
    _SETS = frozenset({"exempt", "auto_revolt", "passed", "rang_seats", "asked"})

    def snapshot(self, seat: int | None = -1) -> dict[str, Any]:
        """Every field of the state as JSON-able data. ``seat`` ≠ -1 strips what that seat may not know
        (other hands, the thrown-in hands, others' tribute receipts and private choices)."""
        full = seat == -1
        out: dict[str, Any] = {}
        for name in SNAPSHOT_FIELDS:
            if name == "seed" and not full:
                continue  # the seed decides every hand: it never leaves the host
            val = getattr(self, name)
            if name in self._CARDS2:
                out[name] = [[str(c) for c in h] if full or i == seat else None for i, h in enumerate(val)]
            elif name == "out_cards":
                out[name] = [str(c) for c in val] if full else None
            elif name == "offered_return":
                party = self._return_view() is not None and seat in (self.items[self.item_idx].payer,
                                                                     self.items[self.item_idx].receiver)
                out[name] = str(val) if val is not None and (full or party) else None
            elif name == "revolt_choice":
                out[name] = {str(k): v for k, v in val.items() if full or k == seat}
            elif name == "top":
                out[name] = val.text if val is not None else None
            elif name in ("items", "pending"):
                out[name] = [dict(it.__dict__) for it in val]
            elif name in self._SETS:
                out[name] = sorted(val)
            elif name == "places":
                out[name] = {str(k): v for k, v in val.items()}
            elif name == "stats":
                out[name] = dict(val)
            elif isinstance(val, tuple):
                out[name] = list(val)
            elif isinstance(val, list):
                out[name] = [list(x) if isinstance(x, tuple) else x for x in val]
            else:
                out[name] = val
        out["options"] = self.o.as_dict()
        # Hand sizes are public: every card that moves does so in a public event with its count.
        out["sizes"] = [len(h) for h in self.hands] if self.dealt else None
        return out

    @classmethod
    def from_snapshot(cls, snap: Mapping[str, Any], seed: int = 0) -> State:
        """A state from :meth:`snapshot` data (every hand filled in). History starts empty."""
        st = cls.__new__(cls)
        st.rules = Rules(dict(snap["options"]))
        st.o = st.rules.options
        st.pr = st.rules.play_rules
        st.rng = random.Random(seed)
        st.history, st.actions, st.action_events, st._out = [], [], [], []
        st.stacked = []
        st._plays_cache = ((-1, -1), [])
        st._gouji_memo = {}
        st._seen = {}
        st.initial_events = []
        st.seed = seed
        for name, val in snap.items():
            if name in ("options", "sizes"):
                continue
            if name in cls._CARDS2:
                val = [[Card.parse(c) for c in (h or [])] for h in val]
            elif name == "out_cards":
                val = [Card.parse(c) for c in (val or [])]
            elif name == "offered_return":
                val = Card.parse(val) if val is not None else None
            elif name == "revolt_choice":
                val = {int(k): bool(v) for k, v in val.items()}
            elif name == "top":
                val = st.rules.parse(val) if val is not None else None
            elif name in ("items", "pending"):
                val = [TributeItem(**it) for it in val]
            elif name in cls._SETS:
                val = set(val)
            elif name == "places":
                val = {int(k): int(v) for k, v in val.items()}
            elif name == "stats":
                val = Counter(val)
            elif name in ("show_best", "returning"):
                val = tuple(val) if val is not None else None
            elif name in ("burn_successes", "next_game_tribute"):
                val = [tuple(x) for x in val]
            elif isinstance(val, list):
                val = list(val)
            setattr(st, name, val)
        st.counts = [rank_counts(h) for h in st.hands]
        return st

    @classmethod
    def from_view(cls, view: Mapping[str, Any], hands: list[list[Card]], seed: int = 0) -> State:
        """Determinization for search bots: the public state of ``view`` with every hand filled in from
        ``hands`` (the viewer's own hand included). Future deals are drawn from ``seed``."""
        snap = dict(view["state"])
        snap["hands"] = [[str(c) for c in h] for h in hands]
        snap["dealt_hands"] = [list(h) for h in snap["hands"]]
        snap["received"] = [r or [] for r in snap["received"]]
        snap["out_cards"] = []
        return cls.from_snapshot(snap, seed)

    def clone(self) -> State:
        """An independent copy: every mutable field is copied (nested card lists too)."""
        new = copy.copy(self)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        for name, val in self.__dict__.items():
            if isinstance(val, Counter):
                setattr(new, name, Counter(val))
            elif isinstance(val, list):
                setattr(new, name, [list(x) if isinstance(x, list) else copy.copy(x) if isinstance(x, TributeItem)
                                    else x for x in val])
            elif isinstance(val, dict):
                setattr(new, name, dict(val))
            elif isinstance(val, set):
                setattr(new, name, set(val))
        new.stacked = [[list(h) for h in d] for d in self.stacked]
        new._plays_cache = ((-1, -1), [])
        new._seen = {}  # the JSON history cache is rebuilt on demand, never shared
        return new

    def action_from_json(self, d: Mapping[str, Any]) -> Action:
        try:
            seat = int(d["seat"])
            kind = str(d["kind"])
            play = self.rules.parse(str(d["play"])) if d.get("play") is not None else None
            arg = str(d["arg"]) if d.get("arg") is not None else None
        except (KeyError, TypeError, ValueError) as exc:
            raise _illegal("API", f"malformed action {dict(d)!r}: {exc}") from None
        return Action(seat, kind, play, arg)

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` would be refused now (rule id, both languages), or None when ``apply`` takes it."""
        try:
            self._check(action)
        except RuleError as exc:
            return Refusal.of(exc)
        return None

    def action_for_cards(self, seat: int, cards: Sequence[str], kind: str = "play") -> Action | Refusal:
        """The action that plays the selected ``cards`` (card strings such as ``"Th"``), or why not.

        ``kind`` "play" becomes a burn (烧牌) when the burn window is what ``seat`` is offered; "give" (还贡)
        takes one card. Suits never matter in a Gouji play (C-3), so the play is read from the ranks."""
        try:
            chosen = [Card.parse(c) for c in cards]
        except RuleError as exc:
            return _refusal(exc.rule, exc.reason)
        if kind == "give":
            if len(chosen) != 1:
                return _refusal("G-81", "return one card at a time")
            a = Action(seat, "give", None, str(chosen[0]))
        elif kind in ("play", "burn"):
            if not chosen:
                return _refusal("C-6", "select the cards to play")
            if kind == "play" and self.phase == "play" and self.mode == "burn" and seat == self.to_act:
                kind = "burn"
            try:
                play = self.rules.parse("".join(c.char for c in sort_cards(chosen)))
            except RuleError as exc:
                return _refusal(exc.rule, exc.reason)
            a = Action(seat, kind, play)
            why = self.refusal(a)
            if why is None and not self._holds(seat, chosen):
                why = _refusal("C-10", "you do not hold the selected cards", "手里没有这些牌")
            return why if why is not None else a
        else:
            a = Action(seat, kind)
        why = self.refusal(a)
        return why if why is not None else a

    def _holds(self, seat: int, cards: list[Card]) -> bool:
        have = Counter(self.hands[seat])
        need = Counter(cards)
        return all(have[c] >= n for c, n in need.items())

    def returns(self) -> list[float]:
        """The match result per seat: the game totals (G-86, one team's score for each of its seats)."""
        return [float(t) for t in self.totals]

    def play_action(self, seat: int, text: str) -> Action:
        """The action that plays ``text`` (a burn when a burn is what this seat is offered)."""
        kind = "burn" if self.phase == "play" and self.mode == "burn" else "play"
        return Action(seat, kind, self.rules.parse(text))

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

    def _reset_deal_fields(self) -> None:
        self.hands: list[list[Card]] = [[] for _ in range(N_SEATS)]
        self.counts: list[list[int]] = [[0] * 19 for _ in range(N_SEATS)]
        self.dealt_hands: list[list[Card]] = []
        self.dealt = False
        self.mode = "none"
        self.queue = []
        self.burn_queue: list[int] = []
        self.shows: list[dict[str, Any]] = []
        self.show_best: tuple[int, int] | None = None
        self.first_leader: int | None = None
        self.exempt: set[int] = set()
        self.auto_revolt: set[int] = set()
        self.revolt_choice: dict[int, bool] = {}
        self.revolutionary: int | None = None
        self.yaotou_left = 0
        self.active = [True] * N_SEATS
        self.places: dict[int, int] = {}
        self.finish_order: list[int] = []
        self.free_places = [1, 2, 3, 4, 5, 6]
        self.out_cards: list[Card] = []
        self.trick: list[dict[str, Any]] = []
        self.top: Play | None = None
        self.top_seat: int | None = None
        self.top_gouji = False
        self.top_gousiji = False
        self.top_final = False
        self.leader: int | None = None
        self.passed: set[int] = set()
        self.rang_by: int | None = None
        self.rang_seats: set[int] = set()
        self.burner: int | None = None
        self.burner_wutou = False
        self.burner_leads = 0
        self._next_set = False
        self.burned_payer: int | None = None
        self.burn_successes: list[tuple[int, int]] = []
        self.chaos = False
        self.chaos_pending = False
        self.played = [0] * 19
        self.mute_beaten: list[int | None] = [None] * N_SEATS  # G-78: who beat the last non-3 play
        self.mute_has = [False] * N_SEATS
        self.received: list[list[Card]] = [[] for _ in range(N_SEATS)]
        self.item_idx = 0
        self.returning: tuple[int, int, int] | None = None  # (item index, cards still to return, refusals)
        self.offered_return: Card | None = None
        self.refused_rank = False
        self.asked: set[int] = set()

    def _deal(self) -> None:
        """G-12: shuffle the 216 cards and give 36 to each player."""
        if self.stacked:
            self.hands = [list(h) for h in self.stacked.pop(0)]
        else:
            pack = make_pack(4)
            self.rng.shuffle(pack)
            self.hands = [sort_cards(pack[i * 36:(i + 1) * 36]) for i in range(N_SEATS)]
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

    # ------------------------------------------------------------------ tribute (G-75 … G-83)
    def _start_tribute(self) -> None:
        self.items.sort(key=lambda it: (KIND_ORDER.index(it.kind), it.payer))
        for it in self.items:
            it.status, it.actual, it.returned = "pending", 0, 0
        self.received = [[] for _ in range(N_SEATS)]
        self.item_idx = 0
        if self.items and self.o.tribute_enabled:
            self.phase = "tribute"
            self._emit(Event("tribute_start", {"items": [it.to_json() for it in self.items]}))
            self._advance_tribute()
        else:
            self._start_mingdian()

    def _tribute_pool(self, it: TributeItem) -> list[Card]:
        exclude = self.received[it.payer] if it.kind == "fall" else []
        return tribute_cards(self.hands[it.payer], it.owed, exclude)

    def _advance_tribute(self) -> None:
        while self.item_idx < len(self.items):
            it = self.items[self.item_idx]
            cards = self._tribute_pool(it)
            if not cards:
                it.status = "empty"
                self._emit(Event("tribute_empty", {"kind": it.kind, "payer": it.payer, "receiver": it.receiver}))
                self.item_idx += 1
                continue
            it.actual = len(cards)
            it.status = "offered"
            self._emit(Event("tribute_offer", {"kind": it.kind, "payer": it.payer, "receiver": it.receiver,
                                               "count": it.actual}))
            self.to_act = it.receiver
            return
        self._start_returns()

    def _accept_tribute(self, refuse: bool) -> None:
        it = self.items[self.item_idx]
        if refuse:
            it.status, it.actual = "refused", 0
            self.stats["tribute_refused"] += 1
            self._emit(Event("tribute_refused", {"kind": it.kind, "payer": it.payer, "receiver": it.receiver}))
        else:
            cards = self._tribute_pool(it)
            self._move(it.payer, it.receiver, cards)
            self.received[it.receiver].extend(cards)
            it.status = "paid"
            self.stats[f"tribute_{it.kind}"] += 1
            self._emit(Event("tribute_paid", {"kind": it.kind, "payer": it.payer, "receiver": it.receiver,
                                              "cards": [str(c) for c in cards]}, (it.payer, it.receiver)))
            self._emit(Event("tribute_paid", {"kind": it.kind, "payer": it.payer, "receiver": it.receiver,
                                              "count": len(cards)}, self._others(it.payer, it.receiver)))
        self.item_idx += 1
        self._advance_tribute()

    def _start_returns(self) -> None:
        self.phase = "return"
        self.item_idx = 0
        self._advance_returns()

    def _advance_returns(self) -> None:
        while self.item_idx < len(self.items):
            it = self.items[self.item_idx]
            if it.kind == "fall" and it.status == "paid" and it.returned < it.actual:
                self.to_act = it.receiver
                return
            self.item_idx += 1
            self.refused_rank = False
        self._emit(Event("tribute_end", {}))
        self._start_mingdian()

    def _return_view(self) -> dict[str, Any] | None:
        if self.phase != "return" or self.item_idx >= len(self.items):
            return None
        it = self.items[self.item_idx]
        return {"payer": it.payer, "receiver": it.receiver, "left": it.actual - it.returned,
                "offered": self.offered_return is not None, "restricted": self.refused_rank}

    def _returnable(self, it: TributeItem) -> list[Card]:
        cards = [c for c in self.hands[it.receiver] if not (self.o.biesan and c.rank == THREE)]  # G-27
        if self.refused_rank:
            cards = [c for c in cards if self.counts[it.payer][c.rank]]
        return sorted(set(cards), key=lambda c: (c.rank, SUIT_ORDER.get(c.suit, 0)))

    def _may_refuse_return(self, it: TributeItem, card: Card) -> bool:
        if not self.o.return_rank_check or self.counts[it.payer][card.rank]:
            return False
        return any(self.counts[it.payer][c.rank] for c in self.hands[it.receiver]
                   if not (self.o.biesan and c.rank == THREE))

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

    def _related(self, p: int, q: int) -> bool:
        """G-41 answer relation R."""
        return q == opp(p) or self._wutou(p) or self._wutou(q)

    def _next_active(self, seat: int) -> int:
        for s in after(seat):
            if self.active[s]:
                return s
        return seat

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
        g = self._gouji_memo.get(play)
        if g is None:
            g = self._gouji_memo[play] = self.rules.is_gouji(play)
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

    @staticmethod
    def _sub_counts(counts: list[int], play: Play) -> None:
        if play.naturals:
            counts[play.natural_rank] -= play.naturals
        counts[TWO] -= play.twos
        counts[SMALL] -= play.raw_small
        counts[BIG] -= play.raw_big

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
        above = [(q - 1) % N_SEATS, (q - 2) % N_SEATS]
        if any(self.active[s] and s not in self.passed for s in above):
            return False
        between = [(q + 1) % N_SEATS, (q + 2) % N_SEATS]
        return any(self.active[s] for s in between)

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
            self._plays_cache = (key, list(self._gen_play_actions(seat)))
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
        self._play_actions(seat)
        return len(self._plays_cache[1])

    # ------------------------------------------------------------------ checking
    def _is_legal(self, action: Action) -> bool:
        try:
            self._check(action)
        except RuleError:
            return False
        return True

    def _check(self, a: Action) -> None:
        if self.phase == "over":
            raise _illegal("G-9", "the game is over")
        if not isinstance(a.seat, int) or not 0 <= a.seat < N_SEATS:
            raise _illegal("G-1", f"no seat {a.seat!r}")
        if a.kind == "ask":
            self._check_ask(a)
            return
        if a.seat != self.to_act:
            raise _illegal("G-42", f"it is seat {self.to_act}'s turn, not seat {a.seat}'s")
        if (a.play is not None) != (a.kind in ("play", "burn")):
            raise _illegal("C-9", f"action {a.kind!r} {'needs' if a.play is None else 'takes no'} play")
        if a.play is None:
            if a.kind == "give" and a.arg is not None:  # a card may be written 10h or Th: compare the card
                try:
                    a = Action(a.seat, a.kind, None, str(Card.parse(a.arg)))
                except RuleError:
                    pass
            if a in self._choices(a.seat):
                return
            raise self._why_not(a).error()
        if not isinstance(a.play, Play):
            raise _illegal("C-6", "an action's play must be a Play")
        own = self.rules.parse(a.play)
        if own is not a.play:
            a = Action(a.seat, a.kind, own, a.arg)
        if self.phase != "play":
            raise self._why_not(a).error()
        self._check_play(a)

    # ------------------------------------------------------------------ the phases: what each offers, why not, what it does
    def _choices(self, seat: int) -> tuple[Action, ...]:
        """The actions without a play that ``seat`` may take now: what ``legal_actions`` offers and the only
        ones ``_check`` accepts (one list per phase, so offered and accepted cannot drift apart)."""
        ph = self.phase
        if ph in SETUP_PHASES:
            return self._setup_choices(seat)
        if ph in TRIBUTE_PHASES:
            return self._tribute_choices(seat)
        if ph == "play":
            return self._play_choices(seat)
        return ()

    def _why_not(self, a: Action) -> Refusal:
        """Why an action is not among the choices now (the choices alone decide; this only explains)."""
        ph = self.phase
        if ph in SETUP_PHASES:
            return self._setup_why_not(a)
        if ph in TRIBUTE_PHASES:
            return self._tribute_why_not(a)
        if ph == "play":
            return self._play_why_not(a)
        return _refusal("G-10", f"no action in phase {ph}")

    def _do(self, a: Action) -> None:
        if a.kind == "ask":
            target = self._check_ask(a)
            self.asked.add(target)
            self._emit(Event("report", {"asker": a.seat, "seat": target, "count": len(self.hands[target])}))
            return
        ph = self.phase
        if ph in SETUP_PHASES:
            self._do_setup(a)
        elif ph in TRIBUTE_PHASES:
            self._do_tribute(a)
        elif ph == "play":
            self._do_play(a.seat, a.kind, self.rules.parse(a.play) if a.play is not None else None)

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

    # ------------------------------------------------------------------ tribute phases: 进贡, 还贡
    def _tribute_choices(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "tribute":
            return (action(seat, "accept"), action(seat, "refuse"))
        it = self.items[self.item_idx]
        if self.offered_return is not None:
            if self._may_refuse_return(it, self.offered_return):
                return (action(seat, "accept"), action(seat, "refuse"))
            return (action(seat, "accept"),)
        return tuple(action(seat, "give", None, str(c)) for c in self._returnable(it))

    def _tribute_why_not(self, a: Action) -> Refusal:
        if self.phase == "tribute":
            return _refusal("G-82", "the receiver accepts or refuses the tribute")
        return self._why_not_return(a)

    def _do_tribute(self, a: Action) -> None:
        if self.phase == "tribute":
            self._accept_tribute(a.kind == "refuse")
        else:
            self._do_return(a)

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

    def _why_not_return(self, a: Action) -> Refusal:
        it = self.items[self.item_idx]
        if self.offered_return is not None:
            if a.kind == "refuse":
                return _refusal("G-81", "a returned card may be refused only if it is of a rank you do not hold "
                                "and the receiver has a card of a rank you hold")
            return _refusal("G-81", "accept or refuse the returned card")
        if a.kind != "give" or a.arg is None:
            return _refusal("G-81", f"return {it.actual - it.returned} card(s) to seat {it.payer} (give:<card>)")
        try:
            card = Card.parse(a.arg)
        except RuleError as exc:
            return _refusal("G-81", str(exc))
        if card in self.hands[a.seat] and self.o.biesan and card.rank == THREE:
            return _refusal("G-27", "with 憋三 a 3 may not be returned")
        if card in self.hands[a.seat]:
            return _refusal("G-81", "after a refusal return a card of a rank the payer holds")
        return _refusal("G-81", f"you do not hold {card}")

    def _check_play(self, a: Action) -> None:
        """A play or a burn (``a.play`` set) in the play phase: the same predicates the enumeration filters by."""
        seat, kind, play = a.seat, a.kind, a.play
        assert play is not None
        mode = self.mode
        if not can_make(self.counts[seat], play):
            raise _illegal("C-10", f"you do not hold the cards for {play.text}")
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

    # ------------------------------------------------------------------ doing
    def _do_return(self, a: Action) -> None:
        it = self.items[self.item_idx]
        if self.offered_return is not None:
            card = self.offered_return
            self.offered_return = None
            if a.kind == "refuse":
                self.refused_rank = True
                self.stats["return_refused"] += 1
                self._emit(Event("return_refused", {"payer": it.payer, "receiver": it.receiver, "card": str(card)},
                                 (it.payer, it.receiver)))
                self.to_act = it.receiver
                return
            self._give_back(it, card)
            return
        assert a.arg is not None
        card = Card.parse(a.arg)
        if self._may_refuse_return(it, card) and not self.refused_rank:
            self.offered_return = card
            self._emit(Event("return_offer", {"payer": it.payer, "receiver": it.receiver, "card": str(card)},
                             (it.payer, it.receiver)))
            self.to_act = it.payer
            return
        self._give_back(it, card)

    def _give_back(self, it: TributeItem, card: Card) -> None:
        self.refused_rank = False  # the refusal bound only the replacement of the refused card (G-81)
        self._move(it.receiver, it.payer, [card])
        it.returned += 1
        self.stats["returned"] += 1
        self._emit(Event("returned", {"payer": it.payer, "receiver": it.receiver, "card": str(card)},
                         (it.payer, it.receiver)))
        self._emit(Event("returned", {"payer": it.payer, "receiver": it.receiver, "count": 1},
                         self._others(it.payer, it.receiver)))
        self._advance_returns()

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

    def _settle(self) -> None:
        if self._next_set:
            self._next_set = False
            self._begin_set()

    # ------------------------------------------------------------------ helpers
    def _take(self, seat: int, play: Play) -> list[Card]:
        """Remove the cards of a play from a hand, chosen deterministically (C-3: lowest suits first).

        Hands are kept sorted by (rank, suit d < c < h < s), so the cards of rank r start at the number of
        cards of lower ranks: each needed rank is one slice."""
        hand = self.hands[seat]
        counts = self.counts[seat]
        parts = [(r, n) for r, n in ((play.natural_rank, play.naturals), (TWO, play.twos), (SMALL, play.raw_small),
                                     (BIG, play.raw_big)) if n]
        chosen: list[Card] = []
        for r, n in parts:
            start = sum(counts[:r])
            chosen.extend(hand[start:start + n])
        for r, n in reversed(parts):  # ascending ranks: delete from the back so indices stay valid
            start = sum(counts[:r])
            del hand[start:start + n]
        self._sub_counts(counts, play)
        return chosen

    def _move(self, giver: int, taker: int, cards: list[Card]) -> None:
        for c in cards:
            self.hands[giver].remove(c)
            self.counts[giver][c.rank] -= 1
            self.hands[taker].append(c)
            self.counts[taker][c.rank] += 1
        self.hands[taker] = sort_cards(self.hands[taker])

    def _others(self, *seats: int) -> tuple[int, ...]:
        return tuple(s for s in range(N_SEATS) if s not in seats)

    def _reported_counts(self) -> list[int | None]:
        """G-69 报户: counts of 10 or fewer are known when shown (``always``) or asked; never with 憋三."""
        out: list[int | None] = []
        for s in range(N_SEATS):
            n = len(self.hands[s])
            if not self.dealt:
                out.append(None)
            elif not self.active[s]:
                out.append(0 if s in self.places else None)
            elif n <= 10 and not self.o.biesan and (self.o.report_mode == "always" or s in self.asked):
                out.append(n)
            else:
                out.append(None)
        return out

    def ask_count(self, asker: int, target: int) -> list[Event]:
        """G-69: ask a player with 10 or fewer cards for his count — ``Action(asker, "ask", arg=target)``,
        a free action any seat may take during play, outside turn order (it is logged like any other)."""
        return self.apply(Action(asker, "ask", None, str(target)))

    def _check_ask(self, a: Action) -> int:
        if self.phase != "play" or self.o.biesan:
            raise _illegal("G-69", "no 报户 now" + (" (憋三)" if self.o.biesan else ""))
        try:
            target = int(a.arg or "")
        except ValueError:
            raise _illegal("G-69", "ask names the seat asked (arg = seat number)") from None
        if not (0 <= target < N_SEATS) or not self.active[target] or len(self.hands[target]) > 10:
            raise _illegal("G-69", "only a player holding 10 or fewer cards must report")
        return target

    def _emit(self, ev: Event) -> None:
        self._out.append(ev)
        self.history.append(ev)

    def _flush_initial(self) -> None:
        self.initial_events = self._out
        self._out = []

    def all_cards(self) -> list[Card]:
        """Every card the set started with, wherever it is now (for invariant checks)."""
        out = [c for h in self.hands for c in h] + list(self.out_cards)
        out += [Card.parse(c) for t in self.played_cards() for c in t]
        return out

    def played_cards(self) -> list[list[str]]:
        """Cards played so far in this set, from the public play events since the last deal."""
        out: list[list[str]] = []
        for ev in reversed(self.history):
            if ev.kind in ("dealt",):
                break
            if ev.kind == "play":
                out.append(list(ev.data["cards"]))
        return out

    def __repr__(self) -> str:
        return f"<gouji.State set {self.set_no} phase {self.phase} to_act {self.to_act}>"


_ = (NATURAL_RANKS, BIG)  # re-exported names kept for readers of this module
