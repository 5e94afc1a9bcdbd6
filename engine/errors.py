"""Errors raised by the engine. Every error names the rule (RULES.md id) that refused the input."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.api import Refusal


class RuleError(ValueError):
    """Bad input refused by a rule. ``rule`` is the RULES.md id, e.g. ``"C-10"`` or ``"G-43"``."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.reason = message


class IllegalPlay(RuleError):
    """A text or card set that is not a legal play under the game's options (C-16)."""


class IllegalAction(RuleError):
    """An action refused by the state machine; the state is left untouched.

    ``zh`` is the reason in Chinese (empty: the UI shows the English one); ``refusal`` the same as an
    :class:`engine.api.Refusal` value (rule id and both languages), the one refusal type of the contract.
    """

    def __init__(self, rule: str, message: str, zh: str = "") -> None:
        super().__init__(rule, message)
        self.zh = zh

    @property
    def refusal(self) -> Refusal:
        from engine.api import Refusal
        return Refusal(self.rule, self.reason, self.zh)


class OptionError(RuleError):
    """An unknown rule option or a value the option does not take (G.4, B.2)."""


class LogError(RuleError):
    """A damaged or inconsistent event log."""
