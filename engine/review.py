"""复盘, the review of your own hand: the moments where the strong bot would have played differently from you.

For each decision of ``seat`` in a match (a saved log, or a start and its actions), the game's strongest bot
(``GameSpec.bot_factory``: its search level where the game has one, else its heuristic) chooses from the seat's
view at that moment. Where it chose otherwise, both actions are played on in the same sampled worlds and the
difference of the seat's side's results is the estimated swing.

What the review may read is the seat's view then and nothing more. A world is rebuilt with the game's own
``from_view`` from that view; the other seats' hidden cards come from the pool the seat cannot see — the game's
``GameSpec.unseen(view)``: the whole pack minus the seat's hand and all the view shows, so the other hands
together with the hidden set-aside cards (the Shengji bottom a non-banker has not seen, the Mahjong wall and
hidden kongs) — taken in sorted order and dealt by a seeded shuffle in the counts the view shows; the rest is
``from_view``'s set-aside. So how the hidden cards lay in the real deal — which seat held which card, which
card lies in the bottom or the wall — never reaches a moment (tests/contract/test_review.py moves them and
finds the same moments).
Everything is seeded: the same match, seat, seed and ``rollouts`` give the same moments. ``budget`` is a total
in process CPU seconds; when it runs out the remaining decisions are left unreviewed (``Review.complete``).

Command: ``python -m engine.review --log SAVE --seat N [--json] [--budget S] [--rollouts K]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from engine import games, log
from engine.core import Action

PLAYOUT_STEPS = 4000   # a playout longer than this is cut (no hand of any game is near it)
WORLD_TRIES = 4        # seeded redeals of one world before a view counts as one from_view cannot rebuild


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision where the strong bot differs: the action number in the match, the phase, what the seat
    played and what the bot chose (tokens and readable text), the swing (bot minus played, the seat's side's
    result, mean over ``worlds`` sampled worlds), the rule or seed tip it concerns, and the game's ``facts`` of
    the difference (``GameSpec.review_facts``; ``None`` where it has none)."""

    index: int
    phase: str
    played: str
    bot: str
    swing: float
    worlds: int
    rules: tuple[str, ...]
    tip_zh: str
    tip_en: str
    facts: Mapping[str, Any] | None = field(default=None, hash=False)

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["rules"] = list(self.rules)
        return d


@dataclass(frozen=True)
class Review:
    game: str
    seat: int
    decisions: int
    reviewed: int
    complete: bool
    moments: tuple[Moment, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seat": self.seat, "decisions": self.decisions, "reviewed": self.reviewed,
                "complete": self.complete, "moments": [m.to_json() for m in self.moments]}


def _token(a: Action) -> str:
    if a.play is not None:
        return f"{a.kind} {a.play}"
    return a.kind if a.arg is None else f"{a.kind} {a.arg}"


def strong_bot(game: str, seed: int, rollouts: int) -> Any:
    """The game's strongest bot, made deterministic: a fixed number of worlds and no time limit that could cut
    them short (a search bot's own budget is CPU time, which differs from run to run)."""
    spec = games.spec(game)
    assert spec.bot_factory is not None, f"{game} has no bots"
    try:
        return spec.bot_factory("search", seed=seed, rollouts=rollouts, budget_ms=1e9)
    except (ValueError, TypeError):
        return spec.bot_factory("heuristic", seed=seed)


def strong_choice(game: str, view: Mapping[str, Any], legal: Any, seed: int, index: int, rollouts: int) -> Action:
    """What the strong bot plays from ``view`` at action number ``index`` (its seed is derived from both)."""
    bot = strong_bot(game, seed * 100_003 + index, rollouts)
    return Action(*_as_tuple(bot.choose(dict(view), legal).action))


def _as_tuple(a: Action) -> tuple[Any, ...]:
    return (a.seat, a.kind, a.play, a.arg)


def _side(spec: Any, st: Any, seat: int) -> list[int]:
    if spec.teams is not None:
        return list(spec.team_of(seat) or (seat,))
    if spec.side_of is not None:
        mine = spec.side_of(st, seat)
        return [s for s in range(spec.seats) if spec.side_of(st, s) == mine]
    return [seat]


def _playout(spec: Any, w: Any, seat: int, rng: random.Random) -> float:
    """Play the world on to the end of its hand/set with heuristic players; the seat's side's gain."""
    if spec.playout is not None:
        return float(spec.playout(w, seat))
    start = list(w.totals)
    bots = [spec.bot_factory("heuristic", seed=rng.randrange(1 << 30)) for _ in range(spec.seats)]
    for _ in range(PLAYOUT_STEPS):
        if w.is_over or list(w.totals) != start:
            break
        s = w.to_act
        legal = w.legal_actions(s)
        view = w.view(s, with_history=False)
        a = bots[s].choose(view, legal).action
        w.apply(a)
    side = _side(spec, w, seat)
    gain = [t - s0 for t, s0 in zip(w.totals, start)]
    return float(sum(gain[s] for s in side) - sum(gain[s] for s in range(spec.seats) if s not in side))


def pool(spec: Any, view: Mapping[str, Any]) -> list[str]:
    """The cards/tiles the view's seat cannot see, sorted (no placement survives): the game's ``unseen(view)``,
    a function of the view alone — the other hands and the hidden set-aside cards together (the bottom a
    non-banker has not seen, the live wall), so no world knows which unseen card lies in a hand and which is
    set aside. A game without the hook has no worlds (its swings are 0 over 0 worlds)."""
    if spec.unseen is None:
        raise ValueError(f"{spec.name} has no unseen(view) hook")
    return sorted(spec.unseen(view))


def world_hands(spec: Any, view: Mapping[str, Any], seat: int, unseen: Sequence[str],
                rng: random.Random) -> list[list[str]]:
    """One seeded deal of ``unseen``: the hands the view shows face up as shown, every other seat's hand drawn
    in the count the view shows (with the cards the view shows it still holds, ``GameSpec.pinned``); what is left
    over is for ``from_view``'s set-aside cards (bottom, wall)."""
    known = {int(s): list(h) for s, h in (spec.known_hands(view) if spec.known_hands is not None else {}).items()}
    counts = spec.hand_counts(view) if spec.hand_counts is not None else view["counts"]
    rest = list(unseen)
    # cards the view shows a seat still holds (a declaration's cards, 皇牌): in that hand in every world
    pins: dict[int, list[str]] = {}
    for s, cards in (spec.pinned(view) if spec.pinned is not None else {}).items():
        s = int(s)
        if s == seat or s in known:
            continue
        for c in cards:
            if c in rest and len(pins.get(s, [])) < int(counts[s]):
                rest.remove(c)
                pins.setdefault(s, []).append(c)
    rng.shuffle(rest)
    hands: list[list[str]] = []
    at = 0
    for s in range(spec.seats):
        if s == seat:
            hands.append(list(view["hand"]))
        elif s in known:
            hands.append(known[s])
        else:
            mine = pins.get(s, [])
            n = int(counts[s]) - len(mine)
            if at + n > len(rest):
                raise ValueError(f"the view shows {n} cards for seat {s}, {len(rest) - at} are unseen")
            hands.append(mine + rest[at:at + n])
            at += n
    return hands


def world(spec: Any, view: Mapping[str, Any], seed: int = 0) -> Any:
    """One seeded world consistent with ``view`` from the game's contract alone (``unseen``, ``known_hands``,
    ``hand_counts``, ``pinned``, ``from_view``): what the view's seat may know, the rest made up. ``None`` when
    the game has no such hooks or the view cannot be rebuilt in ``WORLD_TRIES`` deals. The table judges a LAN
    seat's selections on it (``Presenter.judge_state``), the review plays its moments on such worlds."""
    if spec.from_view is None or spec.unseen is None:
        return None
    return _try_world(spec, view, int(view["seat"]), pool(spec, view), random.Random(seed))


def _try_world(spec: Any, view: Mapping[str, Any], seat: int, unseen: Sequence[str], rng: random.Random) -> Any:
    """:func:`_world`, dealt again up to ``WORLD_TRIES`` times; None when no deal could be rebuilt."""
    for _try in range(WORLD_TRIES):
        try:
            return _world(spec, view, seat, unseen, rng)
        except Exception:   # a deal this from_view cannot complete (Mahjong: no kind left for a hidden kong)
            continue
    return None


def _world(spec: Any, view: Mapping[str, Any], seat: int, unseen: Sequence[str], rng: random.Random) -> Any:
    """A world consistent with ``view``: :func:`world_hands`, the rest rebuilt by ``from_view``."""
    return _from_view(spec, view, world_hands(spec, view, seat, unseen, rng), rng.randrange(1 << 30))


def _from_view(spec: Any, view: Mapping[str, Any], hands: list[list[str]], seed: int) -> Any:
    """``spec.from_view`` with the hands as that family takes them (climbing games: Card values)."""
    if spec.family == "climbing":
        from engine.cards import parse_cards
        return spec.from_view(view, [parse_cards(h) for h in hands], seed=seed)
    return spec.from_view(view, hands, seed=seed)


class _OutOfBudget(Exception):
    """The review's CPU budget ran out inside a decision: that decision is left unreviewed, whole."""


def _swing(spec: Any, view: Mapping[str, Any], seat: int, played: Action, bot: Action, worlds: int,
           rng: random.Random, deadline: float = float("inf")) -> tuple[float, int]:
    if spec.from_view is None or spec.unseen is None:
        return 0.0, 0
    total = 0.0
    done = 0
    unseen = pool(spec, view)
    for _ in range(worlds):
        if time.process_time() > deadline:
            raise _OutOfBudget
        w = _try_world(spec, view, seat, unseen, rng)
        if w is None:   # a view this game's from_view cannot rebuild (a phase with nothing to search)
            break
        prng = random.Random(rng.randrange(1 << 30))
        vals = []
        for a in (bot, played):
            x = w.clone()
            try:
                x.apply(a)
            except Exception:
                break
            vals.append(_playout(spec, x, seat, random.Random(prng.random())))
        if len(vals) < 2:
            break
        total += vals[0] - vals[1]
        done += 1
    return (round(total / done, 2) if done else 0.0), done


def _tip(game: str, view: Mapping[str, Any]) -> tuple[tuple[str, ...], str, str]:
    spec = games.spec(game)
    line = spec.tutor(view) if spec.tutor is not None else None
    if line is None:
        return (), "", ""
    return tuple(line.rules), line.zh, line.en


def _start(source: Any) -> tuple[Any, list[Action]]:
    """``source``: a log's text, a path to a log, or ``(state, actions)`` — a fresh state and the actions."""
    if isinstance(source, tuple):
        st0, given = source
        return st0, list(given)
    text = str(source)
    if "\n" not in text and not text.lstrip().startswith("{"):
        with open(text, encoding="utf-8") as fh:
            text = fh.read()
    lines = [ln for ln in text.splitlines() if ln.strip()]
    _, st = log.state_from_header(lines[0])
    acts: list[Action] = []
    shadow = st.clone()
    for n, line in enumerate(lines[1:], start=2):
        rec = log.parse_record(line, n)
        if isinstance(rec, dict) and "x" in rec:
            continue   # side records (LAN entropy) are applied on the real state below
        a = shadow.action_from_json(rec["a"])
        shadow.apply(a)
        acts.append(a)
    return st, acts


def review_decision(game: str, st: Any, played: Action, index: int, seed: int = 0, rollouts: int = 8,
                    worlds: int = 8, deadline: float = float("inf")) -> Moment | None:
    """The moment at action number ``index`` (``st`` just before it, ``played`` the seat's action), or
    ``None`` when the strong bot chooses the same. Reads only ``played.seat``'s view of ``st`` (and its
    legal actions): the pool of the cards it cannot see is the game's ``unseen(view)`` (:func:`pool`).
    Past ``deadline`` (process CPU seconds) between two worlds it raises ``_OutOfBudget``, so a moment is
    always played out in all its worlds and the same seed gives the same moment."""
    spec = games.spec(game)
    seat = played.seat
    legal = st.legal_actions(seat)
    view = st.view(seat, with_history=True)
    choice = strong_choice(game, view, legal, seed, index, rollouts)
    if choice == played:
        return None
    rng = random.Random(seed * 7_919 + index)
    sw, n = _swing(spec, view, seat, played, choice, worlds, rng, deadline)
    rules, zh, en = _tip(game, view)
    facts = spec.review_facts(view, played, choice) if spec.review_facts is not None else None
    return Moment(index, str(view.get("phase")), _token(played), _token(choice), sw, n, rules, zh, en,
                  dict(facts) if facts is not None else None)


def review(game: str | None, source: Any, seat: int, budget: float = 30.0, seed: int = 0,
           rollouts: int = 8, worlds: int = 8, first: int = 0) -> Review:
    """The moments of ``seat`` in the match ``source`` (see :func:`_start`), within ``budget`` CPU seconds,
    from action number ``first`` on (a set/hand's review skips the sets before it)."""
    st, acts = _start(source)
    game = game or st.rules.game
    cpu0 = time.process_time()
    moments: list[Moment] = []
    decisions = reviewed = 0
    complete = True
    for i, a in enumerate(acts):
        if i >= first and a.seat == seat and st.to_act == seat and len(st.legal_actions(seat)) > 1:
            decisions += 1
            complete = complete and time.process_time() - cpu0 <= budget
            if complete:
                try:
                    m = review_decision(game, st, a, i, seed, rollouts, worlds, deadline=cpu0 + budget)
                except _OutOfBudget:   # checked between worlds: a Mahjong decision's worlds cost seconds
                    complete = False
                else:
                    reviewed += 1
                    if m is not None:
                        moments.append(m)
        st.apply(a)
    return Review(game, seat, decisions, reviewed, complete, tuple(moments))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.review", description=__doc__.split("\n")[0])
    p.add_argument("--log", required=True, help="a saved match (a Qilu Cards log)")
    p.add_argument("--seat", type=int, required=True)
    p.add_argument("--budget", type=float, default=60.0, help="total CPU seconds (default 60)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rollouts", type=int, default=8, help="worlds per bot decision (default 8)")
    p.add_argument("--worlds", type=int, default=8, help="worlds per swing estimate (default 8)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    r = review(None, args.log, args.seat, args.budget, args.seed, args.rollouts, args.worlds)
    if args.json:
        json.dump(r.to_json(), sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    print(f"{r.game}, seat {r.seat}: {len(r.moments)} moments in {r.reviewed}/{r.decisions} decisions"
          + ("" if r.complete else " (budget spent)"))
    for m in r.moments:
        print(f"  #{m.index} {m.phase}: played {m.played}; bot {m.bot}; swing {m.swing:+.1f} over {m.worlds} "
              f"worlds ({', '.join(m.rules)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
