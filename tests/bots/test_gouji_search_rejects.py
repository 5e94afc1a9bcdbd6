"""The Gouji search rejects a sampled world its own legal actions rule out (issue 16): after a refused tribute a
return must be of a rank the payer holds (G-81), so the returns offered tell the returner ranks the payer holds,
which the sampler does not place. Such a world is sampled again, not played (a return there is illegal: it
crashed a whole game, arena seed 17 deal 3) and not the end of the search (which then decided on few worlds)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from engine.bots.gouji_search import GoujiSearchBot
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


def test_worlds_the_returns_rule_out_are_rejected_and_the_search_goes_on() -> None:
    d = json.loads(DATA.read_text(encoding="utf-8"))
    view = d["view"]
    assert view["phase"] == "return" and view["state"]["stats"]["return_refused"] == 1
    legal = [Action(int(a["seat"]), a["kind"], None, a["arg"]) for a in d["legal"]]
    assert _rejected(view, legal, range(3), r"search (\d+)x\d+(?:, (\d+) rejected)?", rollouts=200) > 0


def test_worlds_where_the_receiver_lacks_the_offered_return_are_rejected() -> None:
    """Offered back a card of a rank he does not hold, the payer of a 落贡 may accept or refuse it (G-81). The
    offer shows him the card, but the sampler does not place it in the receiver's hand: in most worlds the
    receiver does not hold it, and accepting there takes the card from a hand without it — list.remove's
    ValueError, not an IllegalAction, which the search let through (it stalled a whole game, arena seed 17 deal
    22). Such a world is rejected like an illegal one. A rollout cap under an ample budget makes the worlds the
    same on any machine, however loaded."""
    d = json.loads(UNHELD.read_text(encoding="utf-8"))
    view = d["view"]
    assert view["phase"] == "return" and view["state"]["offered_return"] == "9d"
    assert view["seat"] == view["returning"]["payer"] and not any(c[0] == "9" for c in view["hand"])
    legal = [Action(int(a["seat"]), a["kind"], None, a["arg"]) for a in d["legal"]]
    assert sorted(a.kind for a in legal) == ["accept", "refuse"]
    # the search before the fix raised on each of these seeds
    assert _rejected(view, legal, range(4), r"(?:search |/)(\d+)x\d+(?:, [+-][\d.]+)?(?:, (\d+) rejected)?",
                     rollouts=40, budget_ms=10_000.0) > 0
