"""A replay's line for each step, in the player's words: "王磊 · 三张9", "陈静 · 不要", "海风 · 叫牌 ♣9"."""

from __future__ import annotations

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
