"""Every value of every option of every registered game is shown in words in both languages (issue 13)."""

from __future__ import annotations

import re

from engine import games

CJK = re.compile(r"[\u3400-\u9fff]")


def _valued_specs():
    for g in games.names():
        for spec in games.option_specs(g):
            if spec.choices is not None and not all(isinstance(c, bool) for c in spec.choices):
                yield g, spec


def test_every_option_value_has_a_chinese_and_an_english_label():
    seen = 0
    for g, spec in _valued_specs():
        for c in spec.choices:
            labels = [(zh, en) for v, zh, en in spec.value_labels if type(v) is type(c) and v == c]
            assert len(labels) == 1, f"{g}.{spec.name}={c!r}: {len(labels)} labels"
            zh, en = labels[0]
            assert zh.strip() and en.strip(), f"{g}.{spec.name}={c!r}"
            assert spec.value_label(c, "zh") == zh and spec.value_label(c, "en") == en
            # the Chinese label is words or numbers, never the raw English id (allowed, 4-2-positive, s003-classic)
            assert CJK.search(zh) or not re.search(r"[A-Za-z]{2,}", zh), f"{g}.{spec.name}={c!r}: {zh!r}"
            assert not CJK.search(en), f"{g}.{spec.name}={c!r}: {en!r}"
            seen += 1
    assert seen > 50


def test_switches_and_numbers_read_in_each_language():
    spec = next(s for s in games.option_specs(games.names()[0]) if s.choices == (True, False))
    assert (spec.value_label(True, "zh"), spec.value_label(False, "en")) == ("开", "off")
