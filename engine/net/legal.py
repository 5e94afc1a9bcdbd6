"""A seat's whole legal set on a LAN client, rebuilt from its own view.

The host sends a seat at most ``LEGAL_SENT`` legal actions: a trick game's set can be far too large to send (an
升级 burial: millions of card sets). A seat's own legal actions depend only on what the seat may see — its
hand and the public state — so the client rebuilds the whole set from its view: the game's ``from_view``
(``engine.api.GameSpec``) on a world with this seat's hand and the other hands made up from the cards it cannot
see (``GameSpec.unseen``; the made-up cards change nothing this seat may do). The host still judges every intent
with its own engine; this set only lets a client's bot choose among all of them, exactly as a host bot does.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine import games
from engine.api import ActionSet

LEGAL_SENT = 512   # legal actions the host sends a seat at most (``engine.net.host.Host._legal``)


def own_legal(game: str, view: Mapping[str, Any]) -> ActionSet | None:
    """The whole legal set of ``view``'s seat (lazy, in the host's order), or ``None`` when the game cannot
    rebuild a state from a view (no ``from_view`` or ``unseen`` hook) or the view is not one to act in."""
    from engine.review import world_hands

    try:
        spec = games.spec(game)
    except (KeyError, ValueError):
        return None
    seat = view.get("seat")
    if spec.from_view is None or spec.unseen is None or seat is None or view.get("to_act") != seat:
        return None
    unseen = sorted(spec.unseen(view))
    hands = world_hands(spec, view, int(seat), unseen, random.Random(0))
    if spec.family == "climbing":
        from engine.cards import parse_cards
        world = spec.from_view(view, [parse_cards(h) for h in hands], seed=0)
    else:
        world = spec.from_view(view, hands, seed=0)
    legal: ActionSet = world.legal_actions(int(seat))
    return legal


def complete(game: str, view: Mapping[str, Any], sent: list[Any]) -> Any:
    """What a client's bot chooses from: ``sent`` (the host's list, as engine actions) when it is the whole set,
    else the set rebuilt by :func:`own_legal` — as long as every action the host sent is in it (a rebuilt set
    that disagrees with the host is not trusted: the bot keeps the host's list). Like the host's own bots, a set
    of at most ``LEGAL_SENT`` is handed over as a list, a larger one stays lazy."""
    if len(sent) < LEGAL_SENT:
        return sent
    full = own_legal(game, view)
    if full is None or len(full) <= len(sent) or not all(a in full for a in sent):
        return sent
    return full
