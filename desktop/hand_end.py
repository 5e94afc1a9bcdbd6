"""The hand just ended stays on the felt while its results show.

An engine deals the next set or hand in the same ``apply`` that ends this one, so the snapshot that brings the
results already holds the next deal. A local table pauses at the results (``GameWorker.pause_at_results``), a
LAN host waits at them for its players (docs/PROTOCOL.md §4); while it does, the felt keeps the hand the results
are about — the board as it stood before the last move (``ended_view``, which the worker adds), that move
landing on it — and the next deal (its view, its shuffle commitment, its cards flying in) waits for 下一局.
These pure functions cut the snapshot in two; ``TableBridge`` holds the second half.
"""

from __future__ import annotations

from typing import Any

from desktop.games import Presenter

# what belongs to the new hand's turn and so never to the ended felt
_TURN_KEYS = ("fixed", "play_kinds", "hints", "suggest", "judge", "judge_view", "first", "played_init",
              "restored_tags", "ended_view")


def split_at_deal(events: list[dict[str, Any]], pres: Presenter
                  ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
    """(the ended hand's events, the next deal's) — cut at the first of the presenter's ``deal_events`` after
    the last of its ``result_events`` (the shuffle's reveal of the ended deal stays with it); None when the
    events hold no result."""
    last = max((i for i, e in enumerate(events) if e.get("kind") in pres.result_events), default=None)
    if last is None:
        return None
    cut = next((i for i in range(last + 1, len(events)) if events[i].get("kind") in pres.deal_events),
               len(events))
    return events[:cut], events[cut:]


def hold(prev: dict[str, Any], snap: dict[str, Any], pres: Presenter
         ) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """(the snapshot to show now, the one to show at 下一局) for a results snapshot ``snap`` that arrives on a
    table showing ``prev``; None when there is nothing to hold (the match is over, the table does not pause,
    or ``prev`` is not a board of the same game)."""
    if (not snap.get("set_over") or snap.get("over") or not snap.get("paused") or not prev
            or prev.get("gen") != snap.get("gen") or prev.get("set_over")):
        return None
    split = split_at_deal(list(snap.get("events") or []), pres)
    if split is None:
        return None
    ended_events, deal_events = split
    # only the board is the ended hand's; who plays for whom (托管), the totals and the shuffle's verdicts are
    # the news
    ended = {k: v for k, v in snap.items() if k not in _TURN_KEYS}
    # the board as the worker last sent it before the hand ended (``ended_view``): the table may have skipped
    # snapshots when the bots outran it, so the last one it showed can be older
    view, news = dict(snap.get("ended_view") or prev.get("view") or {}), snap.get("view") or {}
    view.update({k: news[k] for k in ("totals", "scores") if k in news})   # the match so far, this hand counted
    ended.update(view=view, phase=view.get("phase", prev.get("phase")), events=ended_events, my_turn=False,
                 to_act=None)
    # the last move lands on the board it was made on: the worker names it; a LAN snapshot names no action, so
    # there it is the hand's last play among the events
    act = snap.get("action") or {}
    plays = [e.get("data") or {} for e in ended_events if e.get("kind") == "play"]
    if act:
        plays = [p for p in plays if act.get("kind") == "play" and p.get("seat") == act.get("seat")]
    if plays:
        seat = plays[-1].get("seat")
        _land(view, plays[-1], pres.faces(plays[-1].get("cards") or plays[-1].get("play") or ""),
              seat == snap.get("seat"))
    result = pres.result_data(ended_events) or {}
    _place(view, result)
    if isinstance(snap.get("seat"), int):
        pres.show_at_end(view, result, snap["seat"])
    later = {k: v for k, v in snap.items() if k != "ended_view"}
    later.update(events=deal_events, set_over=False, action=None)
    return ended, later


def _land(view: dict[str, Any], play: dict[str, Any], cards: list[dict[str, Any]], mine: bool) -> None:
    """A play onto ``view`` (a copy): on the table's trick, off its seat's count and, when it is mine, out of my
    hand — so the hand, the counts and the card counter all read the hand as it ended."""
    seat = play.get("seat")
    view["trick"] = list(view.get("trick") or []) + [dict(play)]
    counts = list(view.get("counts") or [])
    if isinstance(seat, int) and seat < len(counts) and isinstance(counts[seat], int):
        counts[seat] = max(0, counts[seat] - len(cards))
        view["counts"] = counts
    if mine:
        hand = list(view.get("hand") or [])
        for f in cards:
            if f.get("card") in hand:
                hand.remove(f["card"])
        view["hand"] = hand


def _place(view: dict[str, Any], result: dict[str, Any]) -> None:
    """The hand's finishing places, from its result, on ``view`` (a copy) for the plates (a dict by seat in
    some games' results, a list in others')."""
    places = result.get("places")
    if isinstance(places, dict):
        places = [places.get(str(i), places.get(i)) for i in range(len(view.get("places") or []))]
    if isinstance(places, list) and "places" in view:
        view["places"] = places


def carry(shown: dict[str, Any], held: dict[str, Any], snap: dict[str, Any]
          ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A snapshot that arrives while the next deal is held (托管 switched at the results): it becomes the held
    one, its events after the held ones; the felt keeps the ended hand and takes only who plays for whom."""
    later = {**snap, "events": list(held.get("events") or []) + list(snap.get("events") or []), "set_over": False}
    return {**shown, "auto": snap.get("auto"), "events": [], "action": None, "set_over": False}, later
