"""The cards a seat cannot see, read off its view alone (for 复盘, engine.review): the whole pack (two decks,
S-2) minus the seat's hand, the cards played this hand (finished tricks and the trick on the table) and the
bottom when the view shows it (the banker after burying, S-10). What is left is the other hands plus every card
nobody holds — the bottom a non-banker cannot see, the undealt pack while dealing — the same complement
``State.from_view`` (and 三五番 ``SanwufanState.from_view``) fills its set-aside cards from."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.trick.cards import TEXT, full_pack, parse_codes


def unseen(view: Mapping[str, Any]) -> list[str]:
    """The cards ``view``'s seat cannot see, in pack order (a multiset: each copy once per copy unseen)."""
    pub = view["state"]
    seen = parse_codes("".join(view["hand"])) + parse_codes(pub["played"])
    for _, cards in pub["trick"]:
        seen += parse_codes(cards)
    if view.get("bottom"):
        seen += parse_codes(view["bottom"])
    left = Counter(full_pack())
    left.subtract(Counter(seen))
    if any(k < 0 for k in left.values()):
        raise ValueError("the view shows more copies of a card than the pack has")
    return [TEXT[c] for c, k in sorted(left.items()) for _ in range(k)]


def pinned(view: Mapping[str, Any]) -> dict[int, list[str]]:
    """Cards the view shows another seat still holds without showing its whole hand: the cards of a Part S
    declaration (shown face up, S-9), or under 三五番 the declaration's jokers (SF-7) — after a stick, the
    sticker holds his shown joker and the declarer's big joker he took (SF-10) — less what each has played
    since. Needs the view's history (who played what); without it nothing is pinned."""
    me = int(view["seat"])
    pub = view["state"]
    hist = view.get("history")
    if hist is None:
        return {}
    held: dict[int, list[int]] = {}
    if pub.get("decl_jokers") is not None:   # 三五番
        d = pub.get("decl_seat")
        jokers = sorted(parse_codes(pub["decl_jokers"]))
        sticker = pub.get("sticker")
        if d is not None:
            held[int(d)] = list(jokers)
            if sticker is not None and jokers:
                took = held[int(d)].pop()   # the biggest of the declaration's jokers (SF-10)
                mine = parse_codes(pub.get("sticker_joker") or "")
                held[int(sticker)] = [took, *mine]
    else:
        for dec in view.get("declarations") or []:
            cards = parse_codes(str(dec.get("cards", "")))
            have = held.setdefault(int(dec["seat"]), [])
            for c in set(cards):
                while have.count(c) < cards.count(c):
                    have.append(c)
    first = max((i for i, e in enumerate(hist) if e["kind"] == "hand_start"), default=0)
    for e in hist[first:]:
        if e["kind"] == "play" and int(e["data"]["seat"]) in held:
            have = held[int(e["data"]["seat"])]
            for c in parse_codes(e["data"]["cards"]):
                if c in have:
                    have.remove(c)
    return {s: [TEXT[c] for c in cs] for s, cs in held.items() if s != me and cs}
