"""The rules panel's text as data: one entry per RULES.md rule id, grouped by RULES.md's own section headings.

Each game keeps its entries beside its rules (``engine/<game>/rules_text.py``, a module-level ``SECTIONS``);
this module holds the value types, the reader (:func:`sections`, by GameSpec name) and the entries of RULES.md
Part C (the comparison engine the climbing games share), which those games put first. No Qt here: the
desktop reads this and the QML panel only draws it.

An entry's id is one rule id (``"G-37"``) or, where RULES.md itself treats a run of rules as one topic, a range
written ``"G-75 … G-77"``; :func:`covers` says whether an entry covers a rule id a refusal cites.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

_ID = re.compile(r"^([A-Z]+)-([0-9]+)([a-z]?)$")


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One rule: its id, its title and a short summary, in Chinese (as a Shandong player says it) and English."""

    id: str
    title_zh: str
    title_en: str
    zh: str
    en: str

    def ids(self) -> tuple[str, ...]:
        """The rule ids the entry names (the two ends of a range)."""
        return tuple(p.strip() for p in self.id.split("…"))


@dataclass(frozen=True, slots=True)
class Section:
    """A RULES.md section heading (``"G.12"``) with its entries in RULES.md's order."""

    number: str
    title_zh: str
    title_en: str
    entries: tuple[RuleEntry, ...]


def rule(rid: str, title_zh: str, title_en: str, zh: str, en: str) -> RuleEntry:
    return RuleEntry(rid, title_zh, title_en, zh, en)


def section(number: str, title_zh: str, title_en: str, *entries: RuleEntry) -> Section:
    return Section(number, title_zh, title_en, tuple(entries))


def _key(rid: str) -> tuple[str, int, str] | None:
    m = _ID.match(rid)
    return (m.group(1), int(m.group(2)), m.group(3)) if m else None


def covers(entry_id: str, rid: str) -> bool:
    """Whether an entry id (``"G-37"`` or ``"G-75 … G-77"``) covers the rule id ``rid`` (``"G-76"``)."""
    ends = [p.strip() for p in entry_id.split("…")]
    if rid in ends:
        return True
    k, a, b = _key(rid), _key(ends[0]), _key(ends[-1])
    if len(ends) != 2 or k is None or a is None or b is None or not (a[0] == b[0] == k[0]):
        return False
    return a[1:] <= k[1:] <= b[1:]


def entry_for(secs: tuple[Section, ...], rid: str) -> RuleEntry | None:
    """The entry covering ``rid`` (an exact id before a range), or None."""
    every = [e for s in secs for e in s.entries]
    return next((e for e in every if rid in e.ids() and "…" not in e.id), None) or \
        next((e for e in every if covers(e.id, rid)), None)


def sections(game: str) -> tuple[Section, ...]:
    """The sections of the registered game ``game`` (its package's ``rules_text.SECTIONS``); () if it has
    none or the game is unknown."""
    from engine import games
    try:
        package = games.spec(game).module
    except (KeyError, ValueError):
        return ()
    try:
        mod = importlib.import_module(package + ".rules_text")
    except ImportError:
        return ()
    return tuple(getattr(mod, "SECTIONS", ()))


def rows(game: str, lang: str) -> list[dict[str, str]]:
    """The panel's rows in the UI language, in RULES.md's order: each entry with its section heading
    (``"G.12 够级牌"``) so the panel can group them."""
    zh = lang.startswith("zh")
    out = []
    for s in sections(game):
        heading = f"{s.number} {s.title_zh if zh else s.title_en}"
        for e in s.entries:
            out.append({"rule": e.id, "section": heading, "title": e.title_zh if zh else e.title_en,
                        "text": e.zh if zh else e.en})
    return out


def with_notes(sections_: tuple[Section, ...], notes: dict[str, tuple[str, str]]) -> tuple[Section, ...]:
    """``sections_`` with a game's own sentence (``notes[rule id]``: Chinese, English) after an entry's shared text:
    how the game uses a shared rule belongs to that game's package, not to the shared text."""
    unknown = set(notes) - {e.id for s in sections_ for e in s.entries}
    if unknown:
        raise KeyError(f"notes for rule ids with no entry: {sorted(unknown)}")

    def one(e: RuleEntry) -> RuleEntry:
        if e.id not in notes:
            return e
        zh, en = notes[e.id]
        return RuleEntry(e.id, e.title_zh, e.title_en, e.zh + zh, f"{e.en} {en}")

    return tuple(Section(s.number, s.title_zh, s.title_en, tuple(one(e) for e in s.entries)) for s in sections_)


# RULES.md Part C: the notation and the comparison engine the climbing games share. The text says only what is
# common to them; each game adds how it uses a rule (with_notes, in its own rules_text).
COMMON = (
    section("1.1", "牌", "Cards",
            rule("C-1", "点数的写法", "Rank characters",
                 "点数写作 3 4 5 6 7 8 9 T J Q K A 2，小王 x，大王 X。",
                 "Ranks are written 3 4 5 6 7 8 9 T J Q K A 2, small joker x, big joker X."),
            rule("C-2", "大小顺序", "Natural order",
                 "大王 > 小王 > 2 > A > K > … > 3。",
                 "Big joker > small joker > 2 > A > K > … > 3."),
            rule("C-3", "花色", "Suits",
                 "花色不分大小：点数相同就一样大。",
                 "Suits never change a play's value."),
            rule("C-4", "带记号的王", "Marked jokers",
                 "带记号的王出牌时跟别的同种王一样大。",
                 "A marked joker is exactly as strong as any other joker of its kind in a play."),
            rule("C-5", "几副牌", "Decks",
                 "用四副牌：每张牌四张，四个大王四个小王。",
                 "Four decks: four of every card, four of each joker.")),
    section("1.2", "一手牌", "Plays",
            rule("C-6", "出牌的写法", "Play notation",
                 "一手牌只看点数不看花色；不出叫过牌。",
                 "A play is written by its ranks only, suits left out; a pass is “-”."),
            rule("C-7", "折算", "Normalized form",
                 "贴上的 2 按同点数算：TTTT22 就是六张 10。",
                 "Filler 2s count as the play's rank: TTTT22 means six 10s."),
            rule("C-8", "座位和顺序", "Seats and turn order",
                 "座位按出牌顺序编号，下一个出牌的是下家，前一个是上家。逆时针还是顺时针只是显示。",
                 "Seats are numbered in turn order: the next seat is the 下家, the one before the 上家. "
                 "Clockwise or counter-clockwise is only how it is drawn."),
            rule("C-9", "动作", "Actions",
                 "能做的动作：出牌、过牌、让牌、接风、烧牌、扣牌。",
                 "The actions: a play, pass, 让牌, 接风, a burn and 扣牌.")),
    section("1.3", "比大小", "The shared comparison engine",
            rule("C-10", "一手牌的组成", "One rank per play",
                 "一手牌除了 2 和王只能有一个点数；2 可以贴进去当同点数的牌，王可以挂上。",
                 "Apart from 2s and jokers a play has one rank; 2s may be added as that rank, jokers hung on."),
            rule("C-11", "点值", "Card values",
                 "比牌时把一手牌换成一串点值：2 是 15，小王 16，大王 17，超级王 18。",
                 "For comparing, a play becomes a list of values: 2 = 15, small joker 16, big joker 17, super "
                 "joker 18."),
            rule("C-12", "正常压牌", "Normal beat",
                 "张数相同，而且每一张都比上一手对应的那张大，才压得住。",
                 "A play beats the last one when it has as many cards and each card beats one of the last "
                 "play's cards."),
            rule("C-13", "压牌的推论", "What follows from it",
                 "同点数压不住；挂大王的牌压不住；压小王要有同样多的大王；不挂王的牌压不住同样张数的挂王牌。",
                 "Equal rank never beats; a play with a big joker cannot be beaten; beating small jokers needs "
                 "as many big ones; a plain play never beats a joker play of the same count."),
            rule("C-14", "烤牌", "烤 beat",
                 "烤牌：两个大王压一个大王，一个大王压一个小王，两个小王压一个小王，三个小王压一个大王；张数可以不一样，"
                 "剩下的牌照常比。",
                 "烤 (option): XX beats X, X beats x, xx beats x, xxx beats X, so counts may differ; the "
                 "other cards compare as usual."),
            rule("C-15", "超级王", "Super joker",
                 "超级王（特画）比大王还大，谁也压不住。",
                 "The super joker (特画) beats any joker one for one and can never be beaten."),
            rule("C-16", "合法与压牌的判定", "Legal shapes and beating",
                 "不成形的牌不能出（不合法）；压不压得住由上面几条决定。轮到谁、谁能管由各个游戏自己规定。",
                 "A shape that is no play is refused; whether one play beats another follows the rules above. "
                 "Whose turn it is and who may answer are rules of each game.")),
)
