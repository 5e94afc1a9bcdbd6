"""复盘 in the app: reviews the set/hand just finished (its replay file, engine.review) on a worker thread and
offers the moments to QML in the UI language; a moment opens the replay at that point.

The review runs in a plain ``threading.Thread``; its result reaches the GUI thread through a queued signal as
plain data (QT_NOTES). The GUI thread never waits for it."""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot

from desktop import i18n

BUDGET_S = 20.0     # CPU seconds per review: a long set has ~60 decisions of the human
ROLLOUTS = 6
WORLDS = 6


def _newest_replay(game: str) -> dict[str, Any] | None:
    from desktop import store
    return next((r for r in store.list_replays() if r.get("game") == game), None)


def run(path: str, seat: int, start: int, budget: float | None = None) -> dict[str, Any]:
    """The review of ``seat`` in the replay at ``path`` from action ``start`` on, as plain data (``budget``:
    CPU seconds, ``BUDGET_S`` when not given)."""
    from desktop.replay_words import shown_steps
    from engine import review
    r = review.review(None, path, seat, budget=BUDGET_S if budget is None else budget, rollouts=ROLLOUTS,
                      worlds=WORLDS, first=start)
    # the replay's own step numbers (it folds a Mahjong 过 into the step before), so a moment's number is the one
    # the replay shows when it opens there
    return {**r.to_json(), "path": path, "start": start, "shown": shown_steps(path)}


def gains(moment: dict[str, Any]) -> bool:
    """A moment worth showing: the sampled worlds say the bot's choice does better (a positive swing), or the
    game has no worlds to say so (a swing of 0 over 0). Where the bot differs but your play did as well or
    better in the same worlds, listing it as a lesson would teach the wrong move."""
    return float(moment["swing"]) > 0 or not moment["worlds"]


def summary(result: dict[str, Any], lang: str) -> str:
    """The panel's line: the moments shown of the decisions reviewed, the differing ones where your play held
    up, and whether the budget cut the review short."""
    s = i18n.strings(lang)
    moments = result["moments"]
    shown = sum(1 for m in moments if gains(m))
    text = s["reviewSummary"].replace("%1", str(shown)).replace("%2", str(result["reviewed"]))
    if shown < len(moments):
        text += " · " + s["reviewHeld"].replace("%1", str(len(moments) - shown))
    return text if result["complete"] else text + " · " + s["reviewPartial"]


def rows(result: dict[str, Any], lang: str, pres: Any = None, rules: Any = None) -> list[dict[str, Any]]:
    """One row per moment worth showing (:func:`gains`): what you played, what the bot chose (in words, when
    the game's presenter is given), the swing, the tip in the UI language."""
    from desktop.replay_words import token_words
    s = i18n.strings(lang)

    def words(token: str, phase: str) -> str:
        return token if pres is None else token_words(pres, rules, token, lang, phase)
    out = []
    shown = list(result.get("shown") or [])
    for m in result.get("moments", []):
        if not gains(m):
            continue
        why = pres.review_why(m["facts"], lang) if pres is not None and m.get("facts") else None
        tip = why or i18n.pick(lang, m["tip_zh"], m["tip_en"])
        step = m["index"] - int(result.get("start", 0))   # the hand's actions before the moment
        number = (shown[step] if 0 <= step < len(shown) else step) + 1   # as the replay numbers the move
        out.append({"index": m["index"], "step": step,
                    "head": s["reviewMoment"].replace("%1", str(number)),
                    "played": s["reviewPlayed"].replace("%1", words(m["played"], m.get("phase", ""))),
                    "bot": s["reviewBot"].replace("%1", words(m["bot"], m.get("phase", ""))),
                    "swing": (s["reviewSwing"].replace("%1", f"{m['swing']:+.1f}").replace("%2", str(m["worlds"]))
                              if m["worlds"] else s["reviewNoWorlds"]),
                    "tip": tip if why or not m["rules"] else f"{tip} ({', '.join(m['rules'])})"})
    return out


class ReviewModel(QObject):
    changed = Signal()
    _done = Signal(object)

    def __init__(self, table: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.table = table
        self._open = False
        self._running = False
        self._result: dict[str, Any] = {}
        self._error = ""
        self._gen = 0
        self._done.connect(self._on_done)

    @Slot()
    def start(self) -> None:
        """Review the newest replay of this table's game for the human's seat (off the GUI thread)."""
        self._open = True
        self._result = {}
        self._error = ""
        rep = _newest_replay(self.table._g_game())
        if rep is None:
            self._error = i18n.strings(self.table.lang())["reviewNone"]
            self.changed.emit()
            return
        self._gen += 1
        self._running = True
        self.changed.emit()
        gen, seat = self._gen, self.table.my_seat()
        args = (str(rep["path"]), seat, int(rep.get("start", 0)))

        def work() -> None:
            try:
                self._done.emit({"gen": gen, "result": run(*args)})
            except Exception as exc:   # a damaged replay: say so on the panel, never crash the table
                self._done.emit({"gen": gen, "error": f"{type(exc).__name__}: {exc}"})

        threading.Thread(target=work, daemon=True).start()

    def _on_done(self, d: dict[str, Any]) -> None:
        if d["gen"] != self._gen:
            return
        self._running = False
        self._result = d.get("result") or {}
        self._error = d.get("error", "")
        self.changed.emit()

    @Slot()
    def close(self) -> None:
        self._open = False
        self._gen += 1
        self._running = False
        self.changed.emit()

    @Slot(int)
    def jump(self, step: int) -> None:
        """Open the reviewed replay at ``step`` (the moment's position in the set/hand)."""
        replay = getattr(self.table.app, "replay", None)
        path = self._result.get("path")
        if replay is None or not path:
            return

        def when_loaded() -> None:
            if not replay._g_loading():
                replay.changed.disconnect(when_loaded)
                replay.seek(step)

        replay.changed.connect(when_loaded)
        replay.open(path)

    def _g_open(self) -> bool:
        return self._open

    def _g_running(self) -> bool:
        return self._running

    def _g_rows(self) -> list[dict[str, Any]]:
        if not self._result:
            return []
        try:
            rules = self.table._rules()
        except Exception:   # no table rules at hand: the tokens are still shown
            rules = None
        return rows(self._result, self.table.lang(), self.table.pres, rules)

    def _g_summary(self) -> str:
        if self._error:
            return self._error
        if self._running:
            return i18n.strings(self.table.lang())["reviewRunning"]
        return summary(self._result, self.table.lang()) if self._result else ""

    open = Property(bool, _g_open, notify=changed)
    running = Property(bool, _g_running, notify=changed)
    moments = Property(list, _g_rows, notify=changed)
    summary = Property(str, _g_summary, notify=changed)
