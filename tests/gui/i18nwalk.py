"""Walk the visible QML items' ``text`` and find words of the wrong language (issue 13)."""

from __future__ import annotations

import re
from typing import Any

CJK = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff01-\uff5e]")
WORD = re.compile(r"[A-Za-z]{2,}")
RULE_ID = re.compile(r"\b[A-Z]{1,2}X?-\d+[a-z]?\b")  # a RULES.md id (G-49, SF-13) is notation in both languages
# words that are names or notation in both languages: the app's names, a hash, a command, ranks and jokers
ALLOWED_WORDS = {"Qilu", "Cards", "SHA", "python", "engine", "fairness", "verify", "log", "SAVE", "LAN", "Gouji",
                 "Baohuang", "QQ", "AI"}


def visible_texts(root: Any) -> list[tuple[str, str]]:
    """(objectName or type, text) of every item that is drawn (visible, not transparent) with a text."""
    out = []
    stack = [root]
    while stack:
        it = stack.pop()
        if it is None or not it.isVisible() or it.opacity() <= 0.01:
            continue
        t = it.property("text")
        if isinstance(t, str) and t.strip() and it.metaObject().className().startswith(("QQuickText", "QQuickTextEdit")):
            out.append((it.objectName() or it.metaObject().className(), t))
        stack.extend(it.childItems())
    return out


def english_in_zh(texts: list[tuple[str, str]]) -> list[str]:
    return [t for _, t in texts if any(w not in ALLOWED_WORDS for w in WORD.findall(RULE_ID.sub("", t)))]


def chinese_only_in_en(texts: list[tuple[str, str]]) -> list[str]:
    """Texts of the English UI with Chinese and no English word: a string left untranslated. (English text may
    name a game's term in Chinese once, 'Burn 烧', the way the rules do.)"""
    return [t for _, t in texts if CJK.search(t) and not WORD.search(t)]
