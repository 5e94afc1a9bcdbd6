"""Presenters: what a game looks like at the table, one module per game, found through the game registry.

The table controller (``desktop.table``) knows no game. For the game of a snapshot it asks
:func:`presenter` (keyed by the ``engine.games`` spec name), which loads ``desktop.games.<name>`` and takes
its ``PRESENTER``; a registered game without a module of its own (a game under construction, the tests' toy
game) gets the plain :class:`Presenter`: every seat for itself, the events the controller shows anyway.

A presenter is pure: it turns view dicts and events into rows, labels and flights and never holds the
engine State (the worker owns it). Presenter methods run on the GUI thread, except ``describe``,
``hint_cards`` and ``judge_state``, which the worker calls on its own thread.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from desktop import i18n, layout

Row = dict[str, Any]
NameOf = Callable[[int], str]   # a seat's name as the table shows it


class Shows(Protocol):
    """What a presenter may ask of the table controller while it turns an event into something shown."""

    def name_of(self, seat: int) -> str: ...
    def pos_of(self, seat: int) -> int: ...
    def fly(self, kind: str, src: int, dst: int, faces: list[Row], face_up: bool) -> None: ...
    def tribute_flight(self, src: Any, dst: Any, cards: list[str], n: int, label: str, me: int,
                       public: tuple[str, ...] = ()) -> None: ...
    def say(self, text: str) -> None: ...
    def tag_cards(self, cards: list[str]) -> None: ...   # the cards this set the hand tags (``hand_tag``)
    def ring(self, sound: str) -> None: ...
    def clear_last(self) -> None: ...
    def log(self, seat: int, entry: Row) -> None: ...   # a round-log line, worded by ``log_text`` when shown


def _plain(v: Any) -> Any:
    """An option value as JSON carries it (a tuple read back from a view or a save is a list)."""
    return list(v) if isinstance(v, tuple) else v


class Presenter:
    """The plain presenter: a game whose every seat plays for itself (the default for a new game)."""

    name = ""
    title_zh = ""
    title_en = ""
    glyph = "牌"          # the one character on the top bar's badge
    felt = "green"        # a Theme.feltTones key: "green" | "teal" | "wine" | "ink"
    tile_lines: tuple[tuple[str, str], tuple[str, str]] = (("", ""), ("", ""))  # new-game tile: (zh, en) × 2
    pass_kinds: tuple[str, ...] = ("pass",)
    can_ask = False       # 报户: a seat may be asked for its count
    tribute_steps = False  # the tribute card shows the steps tribute › return › play
    match_key = "hand_no"
    result_events: tuple[str, ...] = ("hand_end", "set_end")
    # the events that open the next set or hand: its start, the shuffle commitment, the cards dealt (the table
    # holds them back while the results of the one before show, desktop/hand_end.py)
    deal_events: tuple[str, ...] = ("set_start", "hand_start", "shuffle_commit", "deal", "dealt")
    keeps_hand_order = False   # show the hand in the view's order (a trick game's suits and trumps)
    clears_on_lead = False     # a trick game: a lead starts a new trick, the seats' last plays go
    button_kinds: tuple[str, ...] = ()       # fixed actions naming cards that are buttons, not a card choice
    auto_answer_kinds: tuple[str, ...] = ("decline",)   # the only offer answered for the human at once
    choice_kinds: tuple[str, ...] = ()   # kinds whose offered args (several cards each) are chosen in the hand
    auto_pick_phases: tuple[str, ...] = ()   # phases whose hint button picks the cards (自动选择), e.g. a burial
    selection_kinds: tuple[str, ...] = ()   # kinds whose action names cards chosen in the hand (LAN legal lists)
    lazy_legal = False         # bots get the lazy legal set (too large to list) instead of a list
    panel = ""                 # a QML panel of the game's own (under ui/), fed by ``info``
    results_heading = "tributesNext"   # the i18n key over the results' extra lines
    demo_module = ""           # ``run(qa, shot, cfg, time_limit)`` of the game's own demo (desktop.demo)
    board = ""            # a QML board of the game's own under ui/ (drawn instead of the card hand and trick)
    results_detail = ""   # a QML item under ui/ the results panel shows (e.g. a winning hand)
    replay_board = ""   # a QML item under ui/ the replay viewer draws each step with (``replay_capture``); "": cards
    log_shown = 5         # the round log's newest lines on show
    # The action bar's fixed slots per phase: a kind listed here keeps its button (dimmed when not legal) so
    # no button moves when the legal actions change. A phase not listed shows just the legal actions.
    bar_slots: Mapping[str, tuple[str, ...]] = {}

    def __init__(self, spec: Any = None) -> None:
        if spec is not None:
            self.name = spec.name
            self.title_zh = spec.title_zh
            self.title_en = spec.title_en
            self.spec = spec
            self.teams = spec.teams
        else:
            self.spec = None
            self.teams = None

    # ---------------------------------------------------------------- titles
    def title(self, lang: str) -> str:
        return i18n.pick(lang, self.title_zh, self.title_en)

    def rules_title(self, options: Mapping[str, Any], lang: str) -> str:
        """The top bar's rules beside the game's name (SPEC §1: brand + preset): the title of the preset whose
        every option value the table plays, else 自定规则; a game without presets says nothing here."""
        presets = self._preset_options()
        if not presets:
            return ""
        have = {k: _plain(v) for k, v in options.items() if k != "preset"}
        for title, full in presets:
            if all(have.get(k, v) == v for k, v in full.items()):
                return str(i18n.pick(lang, *title))
        return i18n.word(lang, "customRules")

    def _preset_options(self) -> list[tuple[tuple[str, str], dict[str, Any]]]:
        """((zh, en) title, every option value) of each preset, worked out once: the top bar asks at each change."""
        cached = self.__dict__.get("_presets_full")
        if cached is None:
            cached = []
            if self.spec is not None:
                from engine import games
                titles = self.spec.preset_titles()
                for name, values in self.spec.presets().items():
                    try:
                        full = games.rules(self.name, dict(values)).options.as_dict()
                    except Exception:
                        continue
                    cached.append((titles.get(name, (name, name)),
                                   {k: _plain(v) for k, v in full.items() if k != "preset"}))
            self._presets_full = cached
        return cached

    def tile_words(self, lang: str) -> tuple[str, str]:
        """The new-game tile's two lines under the name, in ``lang``."""
        return (i18n.pick(lang, *self.tile_lines[0]), i18n.pick(lang, *self.tile_lines[1]))

    def lan_hint(self, options: Mapping[str, Any], lang: str) -> str:
        """The LAN lobby's rules line: each option that differs from its default, by its label (a game's
        presenter may say more)."""
        specs = self.spec.option_specs() if self.spec is not None else ()
        s = i18n.strings(lang)
        out = []
        for sp in specs:
            if sp.name in options and options[sp.name] != sp.default:
                v = options[sp.name]
                word = (s["on"] if v else s["off"]) if isinstance(v, bool) else str(v)
                out.append(s["lanOpt"].replace("%1", i18n.pick(lang, sp.label_zh, sp.label_en)).replace("%2", word))
        return " · ".join(out)

    def option_word(self, name: str, value: Any, lang: str) -> str | None:
        """A rule option's value in words for the new-game screen (None: the value as written)."""
        return None

    def option_shown(self, name: str, current: Mapping[str, Any]) -> bool:
        """Whether the new-game screen offers option ``name`` under the ``current`` choices (e.g. a variant's
        own options only with that variant); a hidden option keeps its default."""
        return True

    def result_data(self, events: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
        """The data of the event that ends a hand or set (one of ``result_events``) that the results show."""
        return next((dict(e.get("data", {})) for e in events if e.get("kind") in self.result_events), None)

    def show_at_end(self, view: dict[str, Any], result: Mapping[str, Any], me: int) -> None:
        """What the end of a hand lays open on its ended board (``view``, a copy, desktop/hand_end.py) for seat
        ``me``, from the hand's ``result`` — e.g. a winning hand put face up. Nothing by default."""

    demo_seed = 5   # ``python -m desktop --demo``: a deal that shows the game's flights and results
    hand_base = 0   # the number the engine gives its first hand (``hand_no``): the 计分表 and the replays say 第1局

    def next_label(self, s: Mapping[str, str]) -> str:
        return s["nextHand"]

    def results_title(self, s: Mapping[str, str]) -> str:
        return s["resultsHand"]

    def match_label(self, snap: Mapping[str, Any], s: Mapping[str, str], name_of: NameOf | None = None) -> str:
        view = snap.get("view") or {}
        no = view.get(self.match_key)
        n = no + 1 if isinstance(no, int) else 1
        return s["handNo"].replace("%1", str(n))

    # ---------------------------------------------------------------- seats
    def relation(self, d: int, n: int, s: Mapping[str, str]) -> str:
        """The seat's relation to me, ``d`` seats after me (下家 next, 上家 before)."""
        return s["lower"] if d == 1 else s["upper"] if d == n - 1 else ""

    def side(self, view: Mapping[str, Any], seat: int, me: int) -> str:
        """"mine" / "theirs" / "unknown" for the seat's team colour."""
        if seat == me:
            return "mine"
        if self.teams:
            return "mine" if any(seat in t and me in t for t in self.teams) else "theirs"
        return "theirs"

    def same_side(self, view: Mapping[str, Any], a: int, b: int) -> bool:
        return a == b or (self.side(view, a, b) == "mine")

    def badges(self, view: Mapping[str, Any], seat: int, me: int, s: Mapping[str, str], lang: str) -> list[Row]:
        return []

    def seat_extras(self, view: Mapping[str, Any], seat: int, d: int, lang: str) -> Row:
        """Game keys of a seat row: ``call`` (a chip), ``kaidian`` (bool or None), ``opposite`` (对头 tab)."""
        return {"call": "", "kaidian": None, "opposite": False}

    def plate_places(self, n: int) -> list[tuple[float, float, float, float]]:
        """Each position's plate corner and last-play spot (``desktop.layout``): the card tables' places, unless
        a game with its own board lays its seats out another way."""
        return layout.places(n)

    def place_name(self, place: int, n: int, lang: str) -> str:
        return i18n.place_name(place, n, lang)

    def score(self, totals: Sequence[int], me: int, name_of: Any) -> Row:
        if self.teams and totals:
            mine = sum(totals[i] for t in self.teams if me in t for i in t if i < len(totals))
            theirs = sum(totals[i] for t in self.teams if me not in t for i in t if i < len(totals))
            return {"team": True, "mine": mine, "theirs": theirs, "per": []}
        return {"team": False, "per": [{"name": name_of(i), "total": t} for i, t in enumerate(totals)]}

    # ---------------------------------------------------------------- cards and plays
    def faces(self, cards: Any) -> list[Row]:
        """Card faces for a list of card strings (a game with its own notation overrides this)."""
        from desktop.faces import card_faces
        return card_faces(cards)

    def describe(self, text: str, rules: Any, lang: str) -> str:
        return text

    def is_card_arg(self, arg: Any) -> bool:
        """Whether an offered action's ``arg`` is one card of the hand (chosen by selecting it, e.g. 还贡)."""
        from desktop.faces import is_card
        return is_card(arg)

    def choice_ok(self, cards: Sequence[str], args: Sequence[str]) -> bool:
        """Whether the selected ``cards`` may still be (part of) one offered card choice (还贡: each one of them)."""
        return all(c in args for c in cards)

    def choice_args(self, cards: Sequence[str], args: Sequence[str]) -> list[str]:
        """The offered ``arg``s the selected cards make, one action each in order (还贡 of two: two actions)."""
        return [c for c in cards if c in args]

    def board_view(self, view: Mapping[str, Any], snap: Mapping[str, Any], lang: str, name_of: Any) -> Row:
        """What the game's own ``board`` draws (empty without one)."""
        return {}

    def results_scores(self, res: Mapping[str, Any]) -> list[int] | None:
        """Each seat's score of a finished hand/set when the result names it otherwise than ``scores``."""
        return None

    def results_detail_rows(self, res: Mapping[str, Any], lang: str, name_of: Any) -> Row:
        """What ``results_detail`` shows."""
        return {}

    def filler(self, text: str, rules: Any, lang: str) -> str:
        return ""

    def filler_play(self, play: Any, lang: str) -> str:
        """A note on how a parsed play reads (e.g. "2 当 9"): the worker sends it with a verdict."""
        return ""

    def hint_cards(self, hand: Sequence[str], action: Any) -> list[str] | None:
        """The cards of ``hand`` that make ``action`` (what a hint selects)."""
        arg = getattr(action, "arg", None)
        if isinstance(arg, str) and arg:
            return arg.split()
        return None

    def describe_play(self, play: Any, lang: str) -> str:
        return str(getattr(play, "text", play) or "")

    def play_note(self, d: Mapping[str, Any], lang: str) -> str:
        """Words after a play in the round log (e.g. 够级)."""
        return ""

    def log_text(self, entry: Mapping[str, Any], lang: str) -> str:
        """The words of a round-log line a presenter logged (``Shows.log``), in ``lang``: the line keeps the
        facts, so a language switch rewords it."""
        return str(entry.get("text", ""))

    def log_lit(self, view: Mapping[str, Any], entries: Sequence[Mapping[str, Any] | None]) -> int | None:
        """The index among the round log's shown ``entries`` (what ``Shows.log`` logged, None for the table's own
        lines) of a line lit beside the newest, e.g. the discard still marked on the board; None for none."""
        return None

    def trick_badge(self, t: Mapping[str, Any], lang: str) -> str:
        """A chip over the top play (e.g. 够 级)."""
        return ""

    def play_sound(self, d: Mapping[str, Any]) -> str:
        return "play"

    def hint_order(self, plays: list[Any], limit: int = 12) -> list[Any]:
        return plays[:limit]

    def tracker(self, view: Mapping[str, Any], played: Mapping[int, int], options: Mapping[str, Any]) -> list[Row]:
        return []

    def top_score(self, view: Mapping[str, Any], totals: Sequence[int], me: int, name_of: Any, lang: str) -> Row:
        """The score chip in the top bar (by default the totals, see ``score``)."""
        return self.score(totals, me, name_of)

    def replay_capture(self, st: Any) -> dict[str, Any] | None:
        """A replay step's board for ``replay_board``, every hand shown (the match is over for the viewer);
        None: the hands as cards and the trick on the table (desktop.appbridge.ReplayBridge)."""
        return None

    def replay_quiet(self, st: Any, action: Any) -> bool:
        """Whether ``action``, about to be applied to ``st``, changes nothing a replay should stop at."""
        return False

    def step_words(self, kind: str, arg: str | None, lang: str) -> str | None:
        """A step of a replay or a review in the game's own words (打出 五万); None: the common words."""
        return None

    def review_why(self, facts: Mapping[str, Any], lang: str) -> str | None:
        """A 复盘 moment's ``facts`` (``GameSpec.review_facts``) in words; None: the phase's rule line."""
        return None

    def action_label(self, kind: str, arg: str | None, lang: str) -> str | None:
        """A button's words for an offered action (None: the common words of ``desktop.i18n``)."""
        return None

    def hint_pool(self, legal: Any) -> list[Any]:
        """The plays a hint is chosen among (all of them unless the game's set is too large to list)."""
        return list(legal.plays())

    def pace(self, phase: str) -> float:
        """The bots' pace in this phase, as a factor of the table's pace."""
        return 1.0

    def trick_top(self, view: Mapping[str, Any]) -> int | None:
        """The seat whose play is marked best (None: the newest play on the table, as in climbing games)."""
        return None

    def hand_marks(self, view: Mapping[str, Any]) -> set[str]:
        """Cards of the hand grouped (and marked) as trumps in a trick game."""
        return set()

    def hand_tag(self, view: Mapping[str, Any], me: int, lang: str) -> str:
        """The tag the cards given to ``Shows.tag_cards`` carry in the hand now ("": none shown)."""
        return ""

    def restored_tags(self, view: Mapping[str, Any], me: int) -> list[str]:
        """The cards to tag when a table is picked up mid-hand (a resumed save, a LAN reconnect), from the
        seat's own history in ``view``: the events that tagged them were seen by the table that went away."""
        return []

    def info(self, snap: Mapping[str, Any], lang: str, name_of: Any) -> Row:
        """What the game's own ``panel`` shows."""
        return {}

    def judge_state(self, view: Mapping[str, Any]) -> Any:
        """A State consistent with ``view`` (other hands made up) that judges this seat's selections when the
        real one is on another machine (LAN): one world of the game's contract (``engine.review.world``);
        ``None`` when the game cannot make one."""
        if self.spec is None:
            return None
        from engine.review import world
        return world(self.spec, view)

    # ---------------------------------------------------------------- events
    def on_event(self, table: Shows, kind: str, d: Mapping[str, Any], snap: Mapping[str, Any], lang: str) -> None:
        """Show an event the controller does not show itself (plays, passes, deals and places it does)."""

    def prompt(self, view: Mapping[str, Any], me: int, name_of: Any, lang: str) -> str:
        """The caption of the decision at hand, read from the view (never from an earlier event): e.g. who
        offers whom what tribute. "" when nothing is being decided that needs one."""
        return ""

    def card_goal(self, view: Mapping[str, Any], me: int) -> int:
        """How many cards the seat's card-choice action (e.g. 还贡) needs in all; 0 when it is not counted."""
        return 0

    def auto_pick(self, args: Sequence[str], suggest: str, goal: int) -> list[str]:
        """自动选择 for a card choice: the bot's suggestion, then the first offered cards, ``goal`` in all."""
        picks = [suggest] if suggest in args else []
        picks += [c for c in args if c not in picks][: max(0, goal - len(picks))]
        return picks[: max(1, goal)]

    def result_points(self, res: Mapping[str, Any], seat: int, options: Mapping[str, Any]) -> str:
        """What the seat's place earned on its own this set ("+2"), shown beside the side's score; ""."""
        return ""

    def results_sum(self, res: Mapping[str, Any], me: int, options: Mapping[str, Any], lang: str) -> str:
        """How the side scores of this set add up, in words; "" when there is nothing to add."""
        return ""

    def results_extra(self, res: Mapping[str, Any], lang: str, name_of: Any) -> tuple[list[str], str]:
        """(tributes owed next, an extra chip) for the results panel."""
        return [], ""

    def sheet(self, results: Sequence[Mapping[str, Any]], me: int, n: int, options: Mapping[str, Any], lang: str,
              name_of: Any) -> Row:
        """The 计分表 of the match so far, from its results events (``desktop.sheet``)."""
        from desktop import sheet
        return sheet.plain(results, me, n, lang, name_of, self.results_scores, self.hand_base)


_CACHE: dict[str, Presenter] = {}


def presenter(name: str) -> Presenter:
    """The presenter of game ``name`` (``desktop.games.<name>.PRESENTER``, else the plain one)."""
    if name in _CACHE:
        return _CACHE[name]
    from engine import games
    spec = None
    try:
        spec = games.spec(name)
    except ValueError:
        spec = None
    pres: Presenter
    try:
        mod = importlib.import_module(f"desktop.games.{name}") if name.isidentifier() else None
    except ModuleNotFoundError as e:
        if e.name != f"desktop.games.{name}":
            raise
        mod = None
    if mod is not None:
        pres = mod.PRESENTER(spec)
    else:
        pres = Presenter(spec)
        pres.name = name
    _CACHE[name] = pres
    return pres


def table_presenter(name: str) -> Presenter:
    """A presenter of one table's own. The shared one (``presenter``) is copied: a presenter may remember what
    the events it showed left on the board (Mahjong's newest discard and last claim round), and two tables in one
    process (a LAN host's app and a guest's, in the tests) must not read each other's."""
    return copy.copy(presenter(name))
