"""The game contract: what every layer above a game's own package may ask of it.

A game is a :class:`GameSpec` registered once (``engine.games.register``) plus a state class that satisfies
:class:`GameState`. Everything else — the desktop, the LAN host and client, the arena, the simulator, the
benchmark, the log — reaches a game only through these two, so a new game is "fill in the contract and pass
``tests/contract``", never a special case elsewhere.

Actions stay :class:`engine.core.Action` ``(seat, kind, play, arg)``: climbing games put a
:class:`engine.plays.Play` in ``play``; trick and tile games put the canonical notation of the cards or tiles
in ``arg`` (``"3h3h5h5h"``, ``"5m"``, ``"345m"``), so every action is hashable, JSON-able and travels the
LAN protocol unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypedDict, runtime_checkable

from engine.core import Action, Event
from engine.errors import IllegalAction

Family = Literal["climbing", "trick", "tiles"]


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not accepted: the RULES.md rule id and the reason in both UI languages."""

    rule: str
    en: str
    zh: str = ""

    def __post_init__(self) -> None:
        if not self.zh:   # every refusal has Chinese words: the rule's own when the raise site gave none
            from engine.refusals import zh_any
            object.__setattr__(self, "zh", zh_any(self.rule))

    def message(self, lang: str = "en") -> str:
        return (self.zh or self.en) if lang.startswith("zh") else self.en

    def error(self) -> IllegalAction:
        """The exception ``apply`` raises for this refusal (``.rule`` and ``.refusal`` set)."""
        return IllegalAction(self.rule, self.en, self.zh)

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "en": self.en, "zh": self.zh}

    @classmethod
    def of(cls, err: BaseException) -> Refusal:
        """The refusal an engine error carries (a plain ``RuleError`` becomes one with its English text)."""
        ref = getattr(err, "refusal", None)
        if isinstance(ref, Refusal):
            return ref
        return cls(str(getattr(err, "rule", "?")), str(getattr(err, "reason", err)), str(getattr(err, "zh", "")))


class ViewHeader(TypedDict, total=False):
    """The keys every game's ``view(seat)`` carries; a game adds its own keys beside them.

    ``hand`` is the seat's own hidden cards/tiles as notation strings; ``counts`` per seat (``None`` where
    the rules hide a count); ``places`` per seat, the 1-based finishing place of this hand/set or ``None``
    (a seat still playing; a game without places gives all ``None``); ``scores`` per seat, the last finished
    hand's/set's score (``None`` before the first one ends); ``totals`` per seat, the match so far;
    ``trick`` what lies on the table now (a list of ``{"seat", ...}`` entries, last = newest); ``history``
    the public and own-seat events of the match so far (the stream a LAN client of that seat receives).
    ``history_policy`` is the game's policy for a plain ``view(seat)`` (the same in every view of the game):
    ``"match"`` (it carries ``history``) or ``"on-request"`` (it does not; ``view(seat, with_history=True)``
    does — every game takes that keyword, and ``with_history=False`` leaves the history out).
    """

    game: str
    seat: int | None
    n_seats: int
    phase: str
    to_act: int | None
    hand: list[str]
    counts: list[int | None]
    places: list[int | None]
    scores: list[int] | None
    totals: list[int]
    trick: list[dict[str, Any]]
    history: list[dict[str, Any]]
    history_policy: str


VIEW_HEADER_KEYS = frozenset(ViewHeader.__annotations__)
# Present in every view; ``history`` only where ``history_policy`` is "match".
VIEW_REQUIRED_KEYS = VIEW_HEADER_KEYS - {"history"}


class ActionSet(Protocol):
    """What ``legal_actions`` returns: iterable, sized, with membership (``engine.core.LegalActions``)."""

    def __iter__(self) -> Iterator[Action]: ...
    def __contains__(self, action: object) -> bool: ...
    def __len__(self) -> int: ...


@runtime_checkable
class GameState(Protocol):
    """One match of one game (OpenSpiel-style). Exactly one seat acts at a time until the match is over.

    ``apply`` raises ``IllegalAction`` (carrying a :class:`Refusal`) and leaves the state untouched when the
    action is not in ``legal_actions``; system steps (deals, scoring, the next hand) happen inside ``apply``.
    A state may declare ``free_kinds``, the action kinds a seat may send outside its turn (e.g. 报户); a
    LAN host passes those to ``apply``, which alone decides whether one is allowed then.
    """

    n_seats: int
    seed: int
    rules: Any
    history: list[Event]
    actions: list[Action]

    @property
    def to_act(self) -> int | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def totals(self) -> list[int]: ...

    def legal_actions(self, seat: int) -> ActionSet: ...
    def apply(self, action: Action, checked: bool = True) -> list[Event]: ...
    def refusal(self, action: Action) -> Refusal | None: ...
    def view(self, seat: int | None, with_history: bool = ...) -> dict[str, Any]: ...
    def clone(self) -> GameState: ...
    def action_from_json(self, d: Mapping[str, Any]) -> Action: ...
    def action_for_cards(self, seat: int, cards: Sequence[str], kind: str = "play") -> Action | Refusal: ...
    def returns(self) -> list[float]: ...


@dataclass(frozen=True, slots=True)
class Deal:
    """What one shuffle deals: each seat's hand and what is left over (a bottom 底牌, a wall), as notation."""

    hands: tuple[tuple[str, ...], ...]
    rest: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameSpec:
    """A game as the registry knows it. Factories take the game's own option dict (ids without prefix).

    ``teams``: the fixed partnership layout (tuples of seats), or ``None`` when sides form during play
    or every seat plays for itself. ``match_kwarg``: the state keyword that sets the
    match length (e.g. ``hands``), with ``match_default``; when the length is a rule option instead
    (e.g. ``sets_per_game``) ``match_option`` names it. ``match_unit`` names what ``sim`` counts (plural,
    e.g. ``"sets"``), ``match_counter`` the ``State.stats`` key that counts them.
    ``option_rule``: the rule id an unknown option is refused with (RULES.md G.4, B.2 …).
    ``sealed_phases``: phases in which a seat's view names the seat to act only to that seat (every other
    view says ``to_act: None``), where the rules keep who is being asked secret (Mahjong claims, M-7).
    ``presets``: preset name → option values; ``preset_titles``: preset name → (Chinese, English) title.
    ``bot_factory(level, seed=0, **kw)`` makes a bot with ``choose(view, legal) -> Decision``;
    ``from_view(view, hands, seed)`` a full state for search; ``header_extras(state)`` the per-game keys
    a log/LAN header records so that ``new_state(seed, options, **extras)`` rebuilds the same start.
    Duplicate play (``engine.arena``) needs two sides: ``side_names``; ``side_of(state, seat)`` the side (0 or 1)
    of a seat now (default: its team in ``teams``); ``side_scores(state)`` per finished hand/set the two sides'
    scores (default: the ``totals`` of each team, one entry). ``playout(state, seat)`` plays ``state`` (mutated)
    to the end of its hand/set with the heuristic bot for every seat and returns the result of ``seat``'s side
    (``engine.bots.probe`` compares choices in the true world with it).
    ``deal(seed, options)``: the game's deal as a pure function of a 32-byte seed (``engine.fairness``: the
    documented shuffle of the game's pack, then the cut into hands); the state deals through it, so
    ``engine.fairness.verify`` recomputes any revealed deal. ``None``: the game's deals are not verifiable yet.
    ``order``: the game's place in every list of games (the new-game screen; the first is every command's
    default game); the seeds name them 够级, 保皇, 升级, 麻将 in that order.
    ``tutor(view)``: 新手讲解, the ``engine.tutor.TutorLine`` for the decision a seat's view shows (rule ids,
    both languages); ``tutor_phases`` the keys its lines are told apart by (every phase, the play by its mode).
    ``unseen(view)``: the cards/tiles the view's seat cannot see, computed from the view alone — the whole pack
    minus the seat's hand and everything the view shows played, exposed or known — so the other hands AND the
    hidden set-aside cards (a bottom the seat has not seen, a wall); ``known_hands(view)`` the other seats' hands
    the view shows face up (seat → cards); ``hand_counts(view)`` how many each seat holds (default: the view's
    ``counts``). ``engine.review`` deals its worlds from these; ``None``: no hook.
    ``review_facts(view, played, bot)``: where the strong bot chose ``bot`` over the seat's ``played`` (复盘),
    what the game can say of the difference from the view alone, as plain data its presenter words (e.g. what
    each of two discards leaves); ``None`` (the hook or its answer): the phase's line.
    """

    name: str
    seats: int
    family: Family
    title_en: str
    title_zh: str
    module: str
    state_factory: Callable[..., GameState]
    rules_factory: Callable[[Mapping[str, Any]], Any]
    option_specs: Callable[[], Sequence[Any]]
    presets: Callable[[], Mapping[str, Mapping[str, Any]]] = field(default=lambda: {})
    preset_titles: Callable[[], Mapping[str, tuple[str, str]]] = field(default=lambda: {})
    match_unit: str = "hands"
    match_counter: str = "hands"
    match_kwarg: str | None = None
    match_option: str | None = None
    match_default: int = 1
    # the match length of a table a player starts (local or hosted), where match_kwarg sets it; None: match_default
    table_match: int | None = None
    option_rule: str = "C-0"
    sealed_phases: tuple[str, ...] = ()
    teams: tuple[tuple[int, ...], ...] | None = None
    bot_factory: Callable[..., Any] | None = None
    from_view: Callable[..., GameState] | None = None
    header_extras: Callable[[GameState], Mapping[str, Any]] = field(default=lambda st: {})
    # the State keywords its header_extras wrote, typed back from a log header
    header_kwargs: Callable[[Mapping[str, Any]], Mapping[str, Any]] = field(default=lambda head: {})
    # the State keywords a finished match hands to the next one at the same table (e.g. a tribute owed into the next match)
    carry_over: Callable[[GameState], Mapping[str, Any]] = field(default=lambda st: {})
    side_names: tuple[str, str] = ("first", "second")
    side_of: Callable[[Any, int], int] | None = None
    side_scores: Callable[[Any], list[tuple[float, float]]] | None = None
    playout: Callable[[Any, int], float] | None = None
    deal: Callable[[bytes, Mapping[str, Any]], Deal] | None = None
    tutor: Callable[[Mapping[str, Any]], Any] | None = None
    tutor_phases: tuple[str, ...] = ()
    unseen: Callable[[Mapping[str, Any]], list[str]] | None = None
    known_hands: Callable[[Mapping[str, Any]], Mapping[int, Sequence[str]]] | None = None
    hand_counts: Callable[[Mapping[str, Any]], Sequence[int]] | None = None
    pinned: Callable[[Mapping[str, Any]], Mapping[int, Sequence[str]]] | None = None
    review_facts: Callable[[Mapping[str, Any], Any, Any], Mapping[str, Any] | None] | None = None
    order: int = 100

    def new_state(self, seed: int, options: Mapping[str, Any] | None = None, **kwargs: Any) -> GameState:
        return self.state_factory(self.rules_factory(dict(options or {})), seed=seed, **kwargs)

    def team_of(self, seat: int) -> tuple[int, ...] | None:
        for t in self.teams or ():
            if seat in t:
                return t
        return None

    @property
    def two_sided(self) -> bool:
        """Whether duplicate play between two sides is defined for this game (``engine.arena``)."""
        return self.side_of is not None or (self.teams is not None and len(self.teams) == 2)

    def side(self, state: Any, seat: int) -> int:
        if self.side_of is not None:
            return self.side_of(state, seat)
        if self.teams is None or len(self.teams) != 2:
            raise ValueError(f"{self.name} has no two sides")
        return 0 if seat in self.teams[0] else 1

    def scores_by_side(self, state: Any) -> list[tuple[float, float]]:
        if self.side_scores is not None:
            return self.side_scores(state)
        t = list(state.totals)
        return [(float(sum(t[s] for s in range(self.seats) if self.side(state, s) == 0)),
                 float(sum(t[s] for s in range(self.seats) if self.side(state, s) == 1)))]


def hand_key(view: Mapping[str, Any]) -> int | None:
    """Which set or hand of the match a view shows (``set_no``, ``hand_no``; a game without either: None) —
    it changes in the one ``apply`` that ends a hand and deals the next, so a table can tell a hand's end."""
    for k in ("set_no", "hand_no", "hand"):
        v = view.get(k)
        if isinstance(v, int):
            return v
    return None


def check_view_header(view: Mapping[str, Any], names: Iterable[str] = VIEW_REQUIRED_KEYS) -> list[str]:
    """The header keys a view lacks (empty when it satisfies the contract; ``history`` is checked when the
    view's ``history_policy`` promises it)."""
    missing = {k for k in names if k not in view}
    if view.get("history_policy", "match") == "match" and "history" not in view:
        missing.add("history")
    return sorted(missing)
