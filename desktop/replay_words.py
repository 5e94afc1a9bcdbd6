"""A replay's line for each step, in the player's words: "王磊 · 三张9", "陈静 · 不要", "海风 · 叫牌 ♣9"; and the
walk through a replay file's hand that the viewer and the review both take."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from desktop import i18n
from desktop.faces import arg_label, card_label, is_card


def step_line(pres: Any, rules: Any, action: Any, names: list[str], lang: str, phase: str) -> str:
    """Who did what at one step (the action just applied; ``phase`` the phase it was taken in)."""
    if action is None:
        return ""
    seat = int(action.seat)
    who = names[seat] if 0 <= seat < len(names) and names[seat] else f"S{seat}"
    try:
        own = pres.step_words(str(action.kind), None if action.arg is None else str(action.arg), lang)
        if own is not None:
            what = own
        elif action.play is not None:
            what = pres.describe(str(getattr(action.play, "text", action.play)), rules, lang)
        elif action.kind in ("play", "discard", "lead", "follow") and isinstance(action.arg, str):
            what = pres.describe(action.arg, rules, lang) or action.arg
        else:
            what = pres.action_label(action.kind, action.arg, lang) or i18n.action_label(action.kind, lang, phase)
            if action.arg is not None and not pres.action_label(action.kind, action.arg, lang):
                arg = str(action.arg)
                what += " " + (card_label(arg) if is_card(arg) else arg_label(arg))
    except Exception:   # a step the words cannot name still shows what was logged
        what = str(action)
    return f"{who} · {what}"


def token_words(pres: Any, rules: Any, token: str, lang: str, phase: str = "") -> str:
    """An action as the review logs it (``"play Ks"``, ``"pass"``, ``"declare x9s9s"``) in the player's words."""
    kind, _, rest = token.partition(" ")
    try:
        own = pres.step_words(kind, rest or None, lang)
        if own is not None:
            return str(own)
        if rest and kind in ("play", "discard", "lead", "follow"):
            return pres.describe(rest, rules, lang) or rest
        what = pres.action_label(kind, rest or None, lang) or i18n.action_label(kind, lang, phase)
        if rest and not pres.action_label(kind, rest, lang):
            what += " " + " ".join(card_label(x) if is_card(x) else arg_label(x) for x in rest.split())
        return what
    except Exception:   # a token the words cannot name still shows what was logged
        return token


class Walk:
    """A replay file's set/hand: the state at its start, the game's presenter, the players' names; iterating
    applies its actions one by one, giving (actions applied, the action, the phase it was taken in, whether the
    viewer folds it into the step before: ``Presenter.replay_quiet``)."""

    def __init__(self, path: str) -> None:
        from desktop.games import presenter
        from engine import log
        p = Path(path)
        info = json.loads(p.with_suffix(".json").read_text(encoding="utf-8"))
        lines = [ln for ln in p.read_text(encoding="utf-8").splitlines() if ln.strip()]
        start, end = int(info["start"]), int(info["end"])
        self.info = info
        self.state = log.load("\n".join(lines[: start + 1]) + "\n")
        self.pres = presenter(self.state.rules.game)
        self.names = [str(x) for x in info.get("names") or info.get("seats") or []]
        self._lines = lines[start + 1: end + 1]

    def __iter__(self) -> Iterator[tuple[int, Any, str, bool]]:
        st = self.state
        for at, ln in enumerate(self._lines, 1):
            a = st.action_from_json(json.loads(ln)["a"])
            phase = str(st.phase)
            quiet = bool(self.pres.replay_quiet(st, a))
            st.apply(a)
            yield at, a, phase, quiet


def shown_steps(path: str) -> list[int]:
    """For each action of a replay file's hand, the viewer's step that shows the board before it."""
    out, n = [], 0
    for _at, _a, _phase, quiet in Walk(path):
        out.append(n)
        n += 0 if quiet else 1
    return out
