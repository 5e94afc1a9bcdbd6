"""The rules panel's text (issue 13, issue 18): one entry per RULES.md rule id for every game, both languages,
and every rule id a refusal can cite opens an entry.

RULES.md lives outside the repository, so its rule ids (with the section each sits in) are committed in
``tests/rules_ids.txt``; where RULES.md is present (``$QILU_RULES_MD``, or ``../shared/RULES.md`` beside the
checkout) a test checks that list against it. Regenerate the list with ``python tests/test_rules_text.py
--write``."""

from __future__ import annotations

import ast
import os
import re
import sys
from pathlib import Path

import pytest

from engine import games
from engine.rules_text import covers, entry_for, rows, sections

ROOT = Path(__file__).resolve().parent.parent
IDS_FILE = Path(__file__).resolve().parent / "rules_ids.txt"
RULE_ID = re.compile(r"^(C|G|B|S|SF|M)-[0-9]+[a-z]?$")
CJK = re.compile(r"[\u3400-\u9fff]")
OWNER = {"C": ("gouji", "baohuang"), "G": ("gouji",), "B": ("baohuang",), "S": ("shengji",),
         "SF": ("shengji",), "M": ("mahjong",)}


def rules_md() -> Path | None:
    for p in (os.environ.get("QILU_RULES_MD"), ROOT.parent / "shared" / "RULES.md"):
        if p and Path(p).is_file():
            return Path(p)
    return None


def parse_rules_md(text: str) -> list[tuple[str, str]]:
    """(section number, rule id) for every rule of RULES.md before its worked examples, in order: a rule is a
    bullet ``- **G-37 Title.**``; its section is the nearest heading that starts with a number (``## G.12 …``,
    ``### 1.3 …``); the unnumbered sub-headings of SF.3 keep SF.3."""
    out, sec = [], ""
    for line in text.splitlines():
        if line.startswith("# Worked examples"):
            break
        h = re.match(r"^#{2,3} ((?:[A-Z]+|[0-9]+)\.[0-9]+[a-z]?)\s", line)
        if h:
            sec = h.group(1)
            continue
        m = re.match(r"^\s*- \*\*((?:C|G|B|S|SF|M)-[0-9]+[a-z]?)\b", line)
        if m:
            out.append((sec, m.group(1)))
    return out


def committed() -> list[tuple[str, str]]:
    out = []
    for line in IDS_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            sec, rid = line.split()
            out.append((sec, rid))
    return out


def test_the_committed_rule_ids_are_those_of_rules_md():
    path = rules_md()
    if path is None:
        pytest.skip("RULES.md is not beside this checkout: the committed id list stands")
    parsed = parse_rules_md(path.read_text(encoding="utf-8"))
    assert len(parsed) > 200
    assert parsed == committed(), "tests/rules_ids.txt is stale: run python -m tests.test_rules_text --write"


def _entries(game: str) -> list[tuple[str, object]]:
    return [(s.number, e) for s in sections(game) for e in s.entries]


def test_every_rule_id_has_exactly_one_entry_in_its_section():
    for sec, rid in committed():
        for game in OWNER[rid.split("-")[0]]:
            hits = [(n, e) for n, e in _entries(game) if covers(e.id, rid)]   # type: ignore[attr-defined]
            assert len(hits) == 1, (game, rid, hits)
            assert hits[0][0] == sec, f"{game}: {rid} is under {hits[0][0]}, RULES.md has it in {sec}"


def test_every_entry_names_rule_ids_of_rules_md_in_order():
    known = {rid: i for i, (_, rid) in enumerate(committed())}
    for game in games.available():
        ent = _entries(game)
        assert ent, game
        last = -1
        for _, e in ent:
            for rid in e.ids():   # type: ignore[attr-defined]
                assert rid in known, (game, e)
                assert known[rid] > last, f"{game}: {rid} out of RULES.md's order"
                last = known[rid]


def test_both_languages_are_written_for_every_entry_and_section():
    for game in games.available():
        for s in sections(game):
            assert CJK.search(s.title_zh) and re.search("[A-Za-z]", s.title_en), (game, s.number)
            for e in s.entries:
                assert CJK.search(e.title_zh) and CJK.search(e.zh), (game, e.id)
                assert re.search("[A-Za-z]{3}", e.title_en) and re.search("[A-Za-z]{3}", e.en), (game, e.id)
                assert e.zh != e.en and len(e.zh) < 200 and len(e.en) < 320, (game, e.id)
                assert not re.search(r"[a-z]{4,}", e.zh), (game, e.id, "English words in the Chinese summary")


def test_the_three_summaries_issue_13_found_wrong_say_what_rules_md_says():
    zh = {r["rule"]: r["text"] for r in rows("gouji", "zh")}
    en = {r["rule"]: r["text"] for r in rows("gouji", "en")}
    # G-37: the threshold table — any joker, 2s from one, A/K from two, Q three, J four, 10 five, 3-9 never
    for w in ("带王", "2 一张起", "A、K 两张起", "Q 三张起", "J 四张起", "10 五张起", "3 到 9"):
        assert w in zh["G-37"], w
    for w in ("any play with a joker", "A or K from two", "Q from three", "J from four", "10 from five",
              "3 to 9 never"):
        assert w in en["G-37"], w
    # G-40/G-42: a pass locks you out of the round except against your 对头's play
    assert "对头的牌" in zh["G-42"] and "除非" in zh["G-42"] and "G-42" in zh["G-40"]
    assert "except to answer your 对头's play" in en["G-42"] and "G-42" in en["G-40"]
    # G-49: whenever a 够级 play is on the table before 四人乱缠 — not only when the 对头's play was beaten
    assert "四人乱缠以前" in zh["G-49"] and "只要桌上是够级牌" in zh["G-49"] and "被管" not in zh["G-49"]
    assert "whenever a 够级 play is on the table" in en["G-49"]


def _refusal_ids() -> dict[str, set[str]]:
    """Rule id → the engine packages that can cite it in a refusal: every constant rule id at a raise site
    (the scan of tests/test_i18n_refusals.py) and every id of a refusal wording table (ids passed on through
    a variable are looked up there)."""
    from engine.refusals import COMMON_ZH
    refusers = {"IllegalAction", "IllegalPlay", "RuleError", "Refusal", "_illegal", "_no", "refuse", "_refusal"}
    out: dict[str, set[str]] = {}
    for p in sorted((ROOT / "engine").rglob("*.py")):
        pkg = p.relative_to(ROOT / "engine").parts[0]
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            a = node.args[0]
            if name in refusers and isinstance(a, ast.Constant) and isinstance(a.value, str):
                out.setdefault(a.value, set()).add(pkg)
    for rid in COMMON_ZH:
        out.setdefault(rid, set()).add("refusals.py")
    import importlib
    for game in games.available():
        mod = games.spec(game).module
        table = getattr(importlib.import_module(mod + ".refusals"), "ZH", {})
        for rid in set(table) - set(COMMON_ZH):   # a game's table repeats Part C's words
            out.setdefault(rid, set()).add(mod.split(".")[-1])
    return {rid: pkgs for rid, pkgs in out.items() if RULE_ID.match(rid)}


def test_every_rule_id_a_refusal_can_cite_opens_an_entry():
    cited = _refusal_ids()
    assert len(cited) > 60 and {"G-49", "G-42", "B-20", "S-16", "SF-7", "M-11", "C-10"} <= set(cited)
    missing = []
    for rid, pkgs in sorted(cited.items()):
        owners = [g for g in games.available() if entry_for(sections(g), rid) is not None]
        if not owners:
            missing.append(rid)
        for pkg in pkgs & set(games.available()):   # raised inside a game: that game's panel has it
            if entry_for(sections(pkg), rid) is None:
                missing.append(f"{pkg}:{rid}")
    assert not missing, missing


def test_an_exact_entry_wins_over_a_range_and_ranges_cover_their_inside():
    assert covers("G-75 … G-77", "G-76") and not covers("G-75 … G-77", "G-78")
    assert covers("S-9a", "S-9a") and not covers("S-9", "S-9a") and not covers("G-7", "G-70")
    e = entry_for(sections("gouji"), "G-50")
    assert e is not None and e.id == "G-50"


if __name__ == "__main__" and "--write" in sys.argv:
    src = rules_md()
    if src is None:
        sys.exit("RULES.md not found (set QILU_RULES_MD)")
    lines = [f"{sec} {rid}" for sec, rid in parse_rules_md(src.read_text(encoding="utf-8"))]
    IDS_FILE.write_text("# RULES.md rule ids with their sections (python -m tests.test_rules_text --write)\n"
                        + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} ids written to {IDS_FILE}")


def test_the_shared_part_c_text_names_no_game_and_each_game_adds_its_own_use():
    """Part C's entries (engine/rules_text.py) say only what the climbing games share; how one game uses a rule
    is that game's note, in its own package, and shows only in its own panel."""
    from engine.rules_text import COMMON, with_notes
    shared = " ".join(f"{e.zh} {e.en}" for s in COMMON for e in s.entries)
    assert not re.search(r"gouji|baohuang|shengji|够级|保皇|升级", shared, re.I)
    text = {g: {r["rule"]: r["text"] for r in rows(g, "en")} for g in ("gouji", "baohuang")}
    assert "上班" in text["gouji"]["C-3"] and "上班" not in text["baohuang"]["C-3"]
    assert "guard" in text["baohuang"]["C-3"] and "guard" not in text["gouji"]["C-3"]
    assert "written Z" in text["baohuang"]["C-1"] and "Z" not in text["gouji"]["C-1"]
    with pytest.raises(KeyError, match="C-99"):
        with_notes(COMMON, {"C-99": ("", "")})
