"""What the climbing games (够级, 保皇) share at the table: plays described in words, 2s as fillers, the
记牌器 card counter by rank, hints from the cheapest legal plays."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from desktop import i18n
from desktop.faces import RANK_CHARS
from desktop.games import Presenter, Row
from desktop.models import RANK_LABEL, card_info

TRACK_ORDER = [17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]


def play_cards_from_hand(hand: Sequence[str], play: Any) -> list[str] | None:
    """Pick concrete cards of the hand that make ``play`` (naturals, 2s, small, big, super)."""
    from engine.cards import Card
    need: dict[int, int] = {}
    if play.naturals:
        need[play.natural_rank] = play.naturals
    for rank, n in ((15, play.twos), (16, play.raw_small), (17, play.raw_big), (18, play.supers)):
        if n:
            need[rank] = need.get(rank, 0) + n
    out = []
    for t in hand:
        r = Card.parse(t).rank
        if need.get(r, 0) > 0:
            out.append(t)
            need[r] -= 1
    return out if not any(need.values()) else None


class ClimbingPresenter(Presenter):
    """A climbing game: a play beats the last one; the card counter counts ranks of a multi-deck pack."""

    bar_slots: Mapping[str, tuple[str, ...]] = {"play": ("pass", "hint", "play")}

    def describe(self, text: str, rules: Any, lang: str) -> str:
        if not text:
            return ""
        try:
            from engine.describe import describe_play
            return describe_play(rules.parse(text), lang).replace("T", "10")
        except Exception:
            return text

    def describe_play(self, play: Any, lang: str) -> str:
        """The words for a parsed play (the worker describes the human's selection without parsing again)."""
        from engine.describe import describe_play
        return describe_play(play, lang).replace("T", "10")

    def filler(self, text: str, rules: Any, lang: str) -> str:
        try:
            p = rules.parse(text)
        except Exception:
            return ""
        return self.filler_play(p, lang)

    def filler_play(self, p: Any, lang: str) -> str:
        if p.naturals and p.twos:
            return i18n.word(lang, "twoAs", RANK_LABEL[p.natural_rank])
        return ""

    def hint_cards(self, hand: Sequence[str], action: Any) -> list[str] | None:
        arg = getattr(action, "arg", None)
        if isinstance(arg, str) and arg and len(arg.split()) == getattr(action.play, "n_cards", -1):
            return arg.split()
        if getattr(action, "play", None) is None:
            return None
        return play_cards_from_hand(hand, action.play)

    def hint_order(self, plays: list[Any], limit: int = 12) -> list[Any]:
        """Good plays first: no 2s/jokers, low rank, then by size; one per distinct shape."""
        def cost(a: Any) -> tuple[int, int, int, int]:
            p = a.play
            specials = p.twos + p.raw_small + p.raw_big + p.supers
            return (1 if a.kind == "burn" else 0, specials, p.rank or 99, -p.n_cards)
        seen: set[str] = set()
        out = []
        for a in sorted((a for a in plays if a.play is not None), key=cost):
            key = a.kind + a.play.text
            if key in seen:
                continue
            seen.add(key)
            out.append(a)
            if len(out) >= limit:
                break
        return out

    def pack(self, options: Mapping[str, Any]) -> dict[int, int]:
        """Cards of each rank in the pack (four decks: 16 of a rank, 4 of each joker)."""
        out = dict.fromkeys(range(3, 16), 16)
        out[16] = 4
        out[17] = 4
        return out

    def tracker(self, view: Mapping[str, Any], played: Mapping[int, int], options: Mapping[str, Any]) -> list[Row]:
        total = self.pack(options)
        mine: dict[int, int] = {}
        for t in view.get("hand") or []:
            r = card_info(t)["rank"]
            mine[r] = mine.get(r, 0) + 1
        seen = dict(played)
        if isinstance(view.get("played"), dict):
            seen = {RANK_CHARS.index(ch) + 3: int(k) for ch, k in view["played"].items() if ch in RANK_CHARS}
        rows = []
        for r in TRACK_ORDER:
            tot = total.get(r, 0)
            if not tot:
                continue
            left = max(0, tot - seen.get(r, 0) - mine.get(r, 0))
            rows.append({"rank": r, "label": RANK_LABEL[r], "left": left, "total": tot, "hot": r >= 14,
                         "joker": r >= 16})
        return rows


ANNOUNCED = ("call", "mingbao", "rebel", "guard_revealed", "emperor", "solo", "revolution", "first_leader")


def announce(table: Any, kind: str, d: Mapping[str, Any], lang: str) -> None:
    """A declaration everybody hears: a one-line message "who · what"."""
    from desktop.faces import card_label
    st = i18n.strings(lang)
    seat = d.get("seat")
    who = table.name_of(seat) if isinstance(seat, int) else ""
    what = {"call": d.get("call") or d.get("card") or "", "guard_revealed": st["guard"],
            "emperor": st["emperor"]}.get(kind, "")
    if kind == "call" and what in ("yu", "ming"):
        what = i18n.action_label("yudian" if what == "yu" else "mingdian", lang)
    elif kind == "call" and what:
        what = i18n.word(lang, "callsCard", card_label(str(what)))
    elif kind == "first_leader":
        what = i18n.word(lang, "leadsFirst")
    else:
        what = what or i18n.action_label(kind, lang)
    if kind != "call" or d.get("card"):
        table.say(f"{who} · {what}")
