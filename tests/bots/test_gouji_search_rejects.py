"""Worlds the seat's own view and legal actions rule out (issue 16), from two positions that crashed whole games.

After a refused return the receiver may return only ranks the payer holds (G-81), so his legal returns tell him
which of his ranks the payer holds (arena seed 17 deal 3); a return offered and not yet answered is that very
card in the receiver's hand (seed 17 deal 22). The sampler places both (:mod:`engine.bots.gouji_sample`), so no
world is wasted. Without that knowledge (``use_seen=False``: the counts alone) such a world is sampled again, not
played, and not the end of the search (which had then decided on few worlds)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from engine.bots.gouji_sample import knowledge
from engine.bots.gouji_search import GoujiSearchBot, sample_hands
from engine.cards import Card
from engine.core import Action

DATA = Path(__file__).parent / "data" / "gouji_return_after_refusal.json"
UNHELD = Path(__file__).parent / "data" / "gouji_return_unheld_card.json"


def _rejected(view: dict[str, Any], legal: list[Action], seeds: range, reason: str, **kw: Any) -> int:
    """The worlds the search rejected over ``seeds``, each decision legal and played on past its rejected worlds
    (``reason``: the decision's reason, groups worlds searched and worlds rejected)."""
    rejected = 0
    for seed in seeds:
        dec = GoujiSearchBot(seed=seed, **kw).choose(view, legal)
        assert dec.action in legal, dec
        m = re.search(reason, dec.reason)
        assert m is not None, dec.reason
        assert int(m.group(1)) >= 5, dec.reason   # it played on past the worlds it rejected
        rejected += int(m.group(2) or 0)
    return rejected


def _load(path: Path) -> tuple[dict[str, Any], list[Action]]:
    d = json.loads(path.read_text(encoding="utf-8"))
    return d["view"], [Action(int(a["seat"]), a["kind"], None, a["arg"]) for a in d["legal"]]


# the worlds searched (a kept choice: "search 16x8"; a departure: "8/16x8, +1.84") and those rejected
OFFER_REASON = r"(?:search |/)(\d+)x\d+(?:, [+-][\d.]+)?(?:, (\d+) rejected)?"


def test_after_a_refusal_the_legal_returns_say_which_ranks_the_payer_holds() -> None:
    view, legal = _load(DATA)
    assert view["phase"] == "return" and view["state"]["stats"]["return_refused"] == 1
    ret = view["returning"]
    assert ret["restricted"] and ret["receiver"] == view["seat"]
    payer = int(ret["payer"])
    given = {Card.parse(str(a.arg)).rank for a in legal}
    withheld = {Card.parse(c).rank for c in view["hand"]} - given
    assert given and withheld
    know = knowledge(view, legal)
    assert all(know.lo[payer][r] >= 1 for r in given)
    assert all(know.hi[payer][r] == 0 for r in withheld)
    for seed in range(20):
        hands = sample_hands(view, random.Random(seed), know)
        assert hands is not None
        held = {c.rank for c in hands[payer]}
        assert given <= held and not (withheld & held)
    # it is the legal list that tells: the view alone does not bar the withheld ranks
    assert any(knowledge(view).hi[payer][r] > 0 for r in withheld)


def test_worlds_the_returns_rule_out_are_none_and_without_that_knowledge_rejected() -> None:
    """A rollout cap under an ample budget, as below: with the default budget a slow or loaded machine searched
    as few as two worlds here (the count of worlds depended on the machine)."""
    view, legal = _load(DATA)
    assert _rejected(view, legal, range(3), OFFER_REASON, rollouts=48, budget_ms=10_000.0) == 0
    assert _rejected(view, legal, range(3), OFFER_REASON, rollouts=48, budget_ms=10_000.0, use_seen=False) > 0


def test_an_offered_return_is_in_the_receivers_hand_in_every_world() -> None:
    """Offered back a card of a rank he does not hold, the payer of a 落贡 may accept or refuse it (G-81). The
    offer shows him the card; accepting takes that very card from the receiver's hand. Worlds without it made
    accepting raise list.remove's ValueError, not an IllegalAction, which the search let through (it stalled a
    whole game, arena seed 17 deal 22). A rollout cap under an ample budget makes the worlds the same on any
    machine, however loaded."""
    view, legal = _load(UNHELD)
    assert view["phase"] == "return" and view["state"]["offered_return"] == "9d"
    assert view["seat"] == view["returning"]["payer"] and not any(c[0] == "9" for c in view["hand"])
    assert sorted(a.kind for a in legal) == ["accept", "refuse"]
    receiver = int(view["returning"]["receiver"])
    know = knowledge(view, legal)
    assert know.exact == {receiver: [Card.parse("9d")]}
    for seed in range(20):
        hands = sample_hands(view, random.Random(seed), know)
        assert hands is not None and Card.parse("9d") in hands[receiver]
    assert _rejected(view, legal, range(4), OFFER_REASON, rollouts=40, budget_ms=10_000.0) == 0
    # the search before e48e531 raised on each of these seeds; with the counts alone it rejects such worlds
    assert _rejected(view, legal, range(4), OFFER_REASON, rollouts=40, budget_ms=10_000.0, use_seen=False) > 0
