"""Named rule options (RULES.md G.4, B.2): specs with values, defaults and one-line help in both languages.

Each game declares its options as a tuple of :class:`OptionSpec`; :func:`resolve` validates a mapping of
option ids (with or without the ``game.`` prefix) against them and fills in the defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.errors import OptionError


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option: id (without the game prefix), default, allowed values, rule id, help."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None  # None: an integer >= minimum
    rule: str
    help_en: str
    help_zh: str
    label_en: str = ""
    label_zh: str = ""
    minimum: int = 1
    # (value, 中文, English) for each choice shown in words; attached by :func:`label_values`
    value_labels: tuple[tuple[Any, str, str], ...] = ()

    def value_label(self, value: Any, lang: str) -> str:
        """A value in the UI language's words: its label, on/off (开/关) for a switch, else the number or list."""
        for v, zh, en in self.value_labels:
            if type(v) is type(value) and v == value:
                return zh if lang == "zh" else en
        if isinstance(value, bool):
            return ("开" if value else "关") if lang == "zh" else ("on" if value else "off")
        if isinstance(value, (list, tuple)):
            return ",".join(str(x) for x in value) or "–"
        return str(value)

    def check(self, game: str, value: Any) -> Any:
        if self.choices is None:
            if isinstance(value, bool) or not isinstance(value, int) or value < self.minimum:
                raise OptionError(self.rule, f"{game}.{self.name} takes a whole number >= {self.minimum}, not {value!r}")
            return value
        for c in self.choices:
            if type(c) is type(value) and c == value:
                return c
        shown = " | ".join(_show(c) for c in self.choices)
        raise OptionError(self.rule, f"{game}.{self.name} takes {shown}, not {_show(value)}")

    def parse_text(self, game: str, text: str) -> Any:
        """Convert a command-line value (``key=value``) to the option's type, then check it."""
        t = text.strip()
        if self.choices is None or all(isinstance(c, int) and not isinstance(c, bool) for c in self.choices):
            try:
                return self.check(game, int(t))
            except ValueError:
                raise OptionError(self.rule, f"{game}.{self.name} takes a whole number, not {text!r}") from None
        if all(isinstance(c, bool) for c in self.choices):
            low = t.lower()
            if low in ("true", "1", "yes", "on"):
                return True
            if low in ("false", "0", "no", "off"):
                return False
            raise OptionError(self.rule, f"{game}.{self.name} takes true | false, not {text!r}")
        for c in self.choices:
            if isinstance(c, int) and not isinstance(c, bool) and t.lstrip("-").isdigit():
                if int(t) == c:
                    return c
            elif str(c) == t:
                return c
        return self.check(game, t)


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    return repr(v)


def label_values(specs: tuple[OptionSpec, ...],
                 labels: Mapping[str, tuple[tuple[Any, str, str], ...]]) -> tuple[OptionSpec, ...]:
    """``specs`` with each option's value labels attached; a label for an unknown option or value is a bug."""
    by_name = {s.name: s for s in specs}
    for name, rows in labels.items():
        spec = by_name[name]
        for v, _zh, _en in rows:
            if spec.choices is not None and not any(type(c) is type(v) and c == v for c in spec.choices):
                raise ValueError(f"{name}: {v!r} is not one of its values")
    return tuple(replace(s, value_labels=tuple(labels[s.name])) if s.name in labels else s for s in specs)


def unknown_option_rule(game: str) -> str:
    """The rule id that lists a game's options (its ``GameSpec.option_rule``, e.g. RULES.md G.4)."""
    from engine import games  # the registry imports the games, which import this module
    try:
        return games.spec(game).option_rule
    except ValueError:
        return "C-0"


def resolve(game: str, specs: tuple[OptionSpec, ...], given: Mapping[str, Any], rule: str | None = None) -> dict[str, Any]:
    """Validate ``given`` (ids with or without ``game.``) and return every option with defaults filled in.
    ``rule``: the id an unknown option is refused with (default: the game's spec says)."""
    by_name = {s.name: s for s in specs}
    out = {s.name: s.default for s in specs}
    for key, value in given.items():
        name = key[len(game) + 1:] if key.startswith(game + ".") else key
        spec = by_name.get(name)
        if spec is None:
            known = ", ".join(sorted(by_name))
            raise OptionError(rule or unknown_option_rule(game), f"unknown {game} option {key!r}; known: {known}")
        out[name] = spec.check(game, value)
    return out


def parse_assignments(game: str, specs: tuple[OptionSpec, ...], items: list[str],
                      rule: str | None = None) -> dict[str, Any]:
    """``["compare_option=1", "<game>.biesan=true"]`` → typed dict (command-line ``--option``)."""
    by_name = {s.name: s for s in specs}
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise OptionError(rule or unknown_option_rule(game), f"an option is written key=value, not {item!r}")
        key, value = item.split("=", 1)
        key = key.strip()
        name = key[len(game) + 1:] if key.startswith(game + ".") else key
        spec = by_name.get(name)
        if spec is None:
            raise OptionError(rule or unknown_option_rule(game), f"unknown {game} option {key!r}")
        out[name] = spec.parse_text(game, value)
    return out
