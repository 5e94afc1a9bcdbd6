"""Actions, events and the lazy legal-action view shared by every game (OpenSpiel-style ``State`` API).

Every player, human or bot, local or remote, drives a game through the same calls:
``state.to_act``, ``state.legal_actions(seat)``, ``state.apply(action) -> list[Event]``, ``state.view(seat)``
and ``state.clone()``. Events are the only thing that leaves the engine; each carries its audience.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.errors import IllegalAction
from engine.plays import Play

# Action kinds that carry a play.
PLAY_KINDS = frozenset({"play", "burn"})


@dataclass(frozen=True, slots=True)
class Action:
    """One decision by one seat. ``kind`` names it in the game's words:

    play · pass · rang (让牌) · jiefeng (接风) · burn (烧牌, ``play`` = the kill) · yudian / mingdian (叫点) ·
    show (上班, ``arg`` = suit) · revolt (革命) · yaotou / wutou · accept / refuse (tribute) ·
    give (还贡, ``arg`` = a card) · decline (an optional declaration not taken) · and each game's own kinds.
    """

    seat: int
    kind: str
    play: Play | None = None
    arg: str | None = None

    @property
    def token(self) -> str:
        """C-9 token: ``<play>``, ``-``, ``rang``, ``jiefeng``, ``burn:<play>``; other kinds ``kind[:arg]``."""
        if self.kind == "play" and self.play is not None:
            return self.play.text
        if self.kind == "pass":
            return "-"
        if self.kind == "burn" and self.play is not None:
            return f"burn:{self.play.text}"
        return f"{self.kind}:{self.arg}" if self.arg is not None else self.kind

    def __str__(self) -> str:
        return f"S{self.seat} {self.token}"

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"seat": self.seat, "kind": self.kind}
        if self.play is not None:
            d["play"] = self.play.text
        if self.arg is not None:
            d["arg"] = self.arg
        return d


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``to`` = the seats that may see it; ``None`` = everyone (public)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """``seat`` None = a spectator, who sees public events only."""
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "data": dict(self.data)}
        if self.to is not None:
            d["to"] = list(self.to)
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Event:
        to = d.get("to")
        return cls(str(d["kind"]), dict(d.get("data", {})), tuple(int(x) for x in to) if to is not None else None)


_ACTIONS: dict[tuple[int, str, Play | None, str | None], Action] = {}


def action(seat: int, kind: str, play: Play | None = None, arg: str | None = None) -> Action:
    """An interned :class:`Action` (cheap to hand out by the hundred during enumeration)."""
    key = (seat, kind, play, arg)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) > 20_000:  # bounded, so a long-running host stays flat
            _ACTIONS.clear()
        a = _ACTIONS[key] = Action(seat, kind, play, arg)
    return a


def events_for(seat: int | None, events: Iterable[Event]) -> list[Event]:
    return [e for e in events if e.visible_to(seat)]


class LegalActions:
    """A lazy view of one seat's legal actions: iterate, ``in``, ``len`` — without building them all.

    ``fixed`` are the non-play actions; ``plays`` makes an iterator over the play actions on demand;
    ``check`` decides membership for any action (the single authority, shared with ``apply``);
    ``count`` (optional) counts the plays without building them; ``nth`` (optional) builds only the
    k-th play action (a uniformly random choice needs no more than ``len`` and one ``[k]``).
    """

    __slots__ = ("fixed", "_plays", "_check", "_count", "_nth")

    def __init__(self, fixed: tuple[Action, ...] = (), plays: Callable[[], Iterator[Action]] | None = None,
                 check: Callable[[Action], bool] | None = None, count: Callable[[], int] | None = None,
                 nth: Callable[[int], Action] | None = None) -> None:
        self.fixed = fixed
        self._plays = plays
        self._check = check
        self._count = count
        self._nth = nth

    def __getitem__(self, k: int) -> Action:
        """The k-th action in iteration order (0 ≤ k < len)."""
        if k < 0:
            raise IndexError(k)
        if k < len(self.fixed):
            return self.fixed[k]
        k -= len(self.fixed)
        if self._nth is not None:
            return self._nth(k)
        for i, a in enumerate(self.plays()):
            if i == k:
                return a
        raise IndexError(k)

    def __iter__(self) -> Iterator[Action]:
        yield from self.fixed
        if self._plays is not None:
            yield from self._plays()

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        if self._check is not None:
            return self._check(action)
        return any(a == action for a in self)

    def __len__(self) -> int:
        if self._plays is None:
            return len(self.fixed)
        if self._count is not None:
            return len(self.fixed) + self._count()
        return len(self.fixed) + sum(1 for _ in self._plays())

    def __bool__(self) -> bool:
        if self.fixed:
            return True
        return self._plays is not None and next(iter(self._plays()), None) is not None

    def plays(self) -> Iterator[Action]:
        return self._plays() if self._plays is not None else iter(())

    def kinds(self) -> set[str]:
        """The kinds on offer (``play`` when at least one play exists)."""
        out = {a.kind for a in self.fixed}
        if self._plays is not None:
            for a in self._plays():
                out.add(a.kind)
        return out

    def __repr__(self) -> str:
        return f"LegalActions({[a.token for a in self.fixed]} + plays)"


EMPTY = LegalActions()


def refuse(rule: str, message: str) -> IllegalAction:
    return IllegalAction(rule, message)
