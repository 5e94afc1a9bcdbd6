"""The desktop Python's words go through desktop/i18n.py (issue 13): no inline language branch anywhere else, every
key it is asked for exists in both languages, and a real game's snapshots rendered by each game's presenter in
中文 and in English differ only in their words (no English in the Chinese, no Chinese-only text in the English)."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desktop import i18n
from desktop.games import presenter
from engine import games
from engine.sim import random_action

ROOT = Path(__file__).resolve().parent.parent
DESKTOP = ROOT / "desktop"
LANGS = {"zh", "en"}
CJK = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff01-\uff5e]")
WORD = re.compile(r"[A-Za-z]{2,}")
RULE_ID = re.compile(r"\b[A-Z]{1,2}X?-\d+[a-z]?\b")   # G-49, S-18a, SF-10: notation in both languages
NOTATION = {"SHA"}   # SHA256 of the shuffle commitment
# fields of a rendering that are drawn as text (the rest are ids: kinds, colours, tiles, objectNames)
SHOWN = re.compile(r"^\.(match|relation|prompt|said|notes|labels|rules|title|extra|sum)\b|"
                   r"\.(text|label|line|lines|title|how|caption|claimText|patterns|tag|tail|need|defenders|trump|"
                   r"leadKind|labels\.\w+|mine|theirs|wind)(\[\d+\])?$")


# ---------------------------------------------------------------------------------------------- the one place
def language_tests(source: str) -> list[int]:
    """Lines of ``source`` that decide by language: a comparison with "zh"/"en" (``lang == "zh"``, ``!=``,
    ``in``), a comparison with Chinese text (``s.get("ourSide") == "我方"``), ``lang.startswith("zh")``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            consts = [n for n in sides if isinstance(n, ast.Constant)]
            consts += [e for n in node.comparators if isinstance(n, ast.Tuple | ast.List | ast.Set)
                       for e in n.elts if isinstance(e, ast.Constant)]
            words = (all(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops)
                     and any(_words_lookup(n) for n in sides))   # s["ourSide"] == "我方": a language test in disguise
            if any(isinstance(c.value, str) and (c.value in LANGS or (words and CJK.search(c.value)))
                   for c in consts):
                out.append(node.lineno)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in ("startswith", "endswith")
              and any(isinstance(a, ast.Constant) and a.value in LANGS for a in node.args)):
            out.append(node.lineno)
    return sorted(out)


def _words_lookup(n: ast.AST) -> bool:
    """``s.get("key")`` or ``s["key"]``: a look-up of UI words by a string key."""
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "get":
        return bool(n.args) and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str)
    return (isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant)
            and isinstance(n.slice.value, str))


def test_the_scan_finds_each_kind_of_language_branch():
    src = ('a = "你" if lang == "zh" else "You"\nb = x if self.lang() != "en" else y\n'
           'c = s.get("ourSide") == "我方"\nd = lang.startswith("zh")\ne = lang in ("zh", "zh_CN")\n'
           'f = i18n.pick(lang, "你", "You")\ng = kind == "play"\nh = label[0] != "级"\ni = g != "十三幺"\n'
           'j = s["ourSide"] != "我方"\n')
    assert language_tests(src) == [1, 2, 3, 4, 5, 10]


def test_no_language_branch_outside_desktop_i18n():
    found = []
    for p in sorted(DESKTOP.rglob("*.py")):
        if p.name == "i18n.py" and p.parent == DESKTOP:
            continue
        found += [f"{p.relative_to(ROOT)}:{n}" for n in language_tests(p.read_text(encoding="utf-8"))]
    assert not found, ("choose words with desktop.i18n (word/pick/strings), not an inline language test: "
                       + ", ".join(found))


def test_desktop_i18n_tests_the_language_once():
    assert len(language_tests((DESKTOP / "i18n.py").read_text(encoding="utf-8"))) == 1   # is_zh


# ---------------------------------------------------------------------------------------------- the helpers
def test_pick_word_and_lang_of():
    assert i18n.pick("zh", "甲", "A") == "甲" and i18n.pick("en", "甲", "A") == "A"
    assert i18n.word("zh", "botN", 3) == "电脑3" and i18n.word("en", "botN", 3) == "Bot 3"
    # one pass: an argument holding a placeholder is left as it is (the bury hint keeps %1 for QML)
    assert i18n.word("en", "sjBuryHint", "%1", 8) == "Bury: %1/8 chosen"
    assert i18n.word("zh", "sjBuryHint", "%2", 8) == "埋底：已选 %2/8 张"
    assert i18n.lang_of(i18n.strings("zh")) == "zh" and i18n.lang_of(i18n.strings("en")) == "en"


def _word_keys() -> set[str]:
    """Every literal key the desktop code asks ``i18n.word`` for."""
    keys = set()
    for p in DESKTOP.rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "word"
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)):
                keys.add(str(node.args[1].value))
    return keys


def test_every_word_key_is_in_both_languages_with_its_placeholders():
    keys = _word_keys()
    assert len(keys) > 50
    missing = sorted(k for k in keys if k not in i18n.ZH or k not in i18n.EN)
    assert not missing, missing
    for k in keys:
        zh, en = i18n.ZH[k], i18n.EN[k]
        assert not (set(WORD.findall(RULE_ID.sub("", zh))) - NOTATION), (k, zh)
        assert not CJK.search(en) or WORD.search(en), (k, en)   # English may name a term in Chinese once
        if k != "gjPlaceTag":   # （头科）after the payer's name: the English prompt has no place tag
            assert set(re.findall(r"%\d", zh)) == set(re.findall(r"%\d", en)), (k, zh, en)


# ---------------------------------------------------------------------------------------------- presenters
class Felt:
    """What a presenter may ask of the table while it shows an event (desktop.games.Shows), written down."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.logged: list[dict[str, Any]] = []

    def name_of(self, seat: int) -> str:
        return f"P{seat}"

    def pos_of(self, seat: int) -> int:
        return seat

    def fly(self, kind: str, src: int, dst: int, faces: list[Any], face_up: bool) -> None:
        self.said += [str(f.get("caption", "")) for f in faces]

    def tribute_flight(self, src: Any, dst: Any, cards: list[str], n: int, label: str, me: int,
                       public: tuple[str, ...] = ()) -> None:
        self.said.append(label)

    def say(self, text: str) -> None:
        self.said.append(text)

    def tag_cards(self, cards: list[str]) -> None:
        pass

    def ring(self, sound: str) -> None:
        pass

    def clear_last(self) -> None:
        pass

    def log(self, seat: int, entry: dict[str, Any]) -> None:
        self.logged.append(dict(entry))


def name_of(seat: int) -> str:
    return f"P{seat}"   # a name the same in both languages and no English word


def render(pres: Any, st: Any, me: int, events: list[dict[str, Any]], results: list[dict[str, Any]],
           lang: str) -> dict[str, Any]:
    """Everything the table asks the presenter for on this snapshot, in ``lang``."""
    view = st.view(me)
    n = st.n_seats
    options = dict(st.rules.options.as_dict())
    snap = {"seat": me, "view": view, "options": options, "events": events, "my_turn": st.to_act == me,
            "to_act": st.to_act, "fixed": [], "suggest": {}}
    s = i18n.strings(lang)
    felt = Felt()
    for e in events:
        pres.on_event(felt, e["kind"], e.get("data", {}), snap, lang)
    out: dict[str, Any] = {
        "match": pres.match_label(snap, s), "relation": [pres.relation(d, n, s) for d in range(1, n)],
        "badges": [pres.badges(view, k, me, s, lang) for k in range(n)], "prompt": pres.prompt(view, me, name_of, lang),
        "top": pres.top_score(view, [0] * n, me, name_of, lang), "info": pres.info(snap, lang, name_of),
        "board": pres.board_view(view, snap, lang, name_of), "said": felt.said,
        "log": [pres.log_text(e, lang) for e in felt.logged],   # the round log's lines (Shows.log)
        "notes": [pres.play_note(e.get("data", {}), lang) for e in events],
        "labels": [pres.action_label(k, None, lang) for k in ("pass", "bury", "exchange")],
        "title": pres.title(lang),   # the rules panel's words: tests/test_rules_text.py
    }
    res = pres.result_data(events)
    if res:
        out.update(extra=pres.results_extra(res, lang, name_of), sum=pres.results_sum(res, me, options, lang),
                   detail=pres.results_detail_rows(res, lang, name_of),
                   sheet=pres.sheet(results, me, n, options, lang, name_of))
    return out


def leaves(a: Any, b: Any, path: str = "") -> Iterator[tuple[str, Any, Any]]:
    """Walk two renderings side by side: (path, zh leaf, en leaf); the shapes must be the same."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and a.keys() == b.keys(), path
        for k in a:
            yield from leaves(a[k], b[k], f"{path}.{k}")
    elif isinstance(a, list | tuple):
        assert isinstance(b, list | tuple) and len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            yield from leaves(x, y, f"{path}[{i}]")
    else:
        yield path, a, b


@pytest.mark.parametrize("game", games.available())
def test_a_snapshot_in_both_languages_differs_only_in_its_words(game):
    pres = presenter(game)
    st = games.new_state(game, 3, {})   # seed 3: Gouji's second set has 进贡, 还贡 and a card to accept
    rng = random.Random(3)
    results: list[dict[str, Any]] = []
    differing = 0
    for step in range(4000):   # two sets or hands: the second opens with 进贡 / 还贡 in Gouji
        if st.is_over or len(results) >= 2:
            break
        evs = st.apply(random_action(st, rng))
        res_step = any(e.kind in pres.result_events for e in evs)
        playing = st.view(0).get("phase") in ("play", "move", "claim")
        if step % 9 and not res_step and playing:
            continue
        for me in range(st.n_seats) if not playing else (0, st.n_seats - 1):
            events = [e.to_json() for e in evs if e.visible_to(me)]
            if me == 0 and (res := pres.result_data(events)):
                results.append(res)
            zh = render(pres, st, me, events, results, "zh")
            en = render(pres, st, me, events, results, "en")
            for path, z, e in leaves(zh, en):
                if z == e:
                    if isinstance(z, str) and SHOWN.search(path):   # the same words in both: no English ones
                        assert not (set(WORD.findall(RULE_ID.sub("", z))) - NOTATION), f"{path}: {z!r}"
                    continue
                assert isinstance(z, str) and isinstance(e, str), (path, z, e)   # only words differ
                differing += 1
                assert not (set(WORD.findall(RULE_ID.sub("", z))) - NOTATION), f"English in zh at {path}: {z!r}"
                assert not CJK.search(e) or WORD.search(e), f"Chinese-only in en at {path}: {e!r}"
    assert results, "the game reached no result: the results were not checked"
    assert differing > 50   # the two languages really were rendered


def test_the_written_down_felt_answers_everything_a_presenter_may_ask() -> None:
    """The stub above stands for the table (desktop.games.Shows): a method added there must be added here."""
    from desktop.games import Shows
    wanted = {n for n in vars(Shows) if not n.startswith("_")}
    assert wanted and wanted <= set(dir(Felt)), sorted(wanted - set(dir(Felt)))
