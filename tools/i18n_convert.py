"""Move the UI's words to Qt's translation system, and keep the translation files in step.

Run from the repository root, after any merge:

    python -m tools.i18n_convert            # convert, update ui/i18n/qilu_zh_CN.ts, build the .qm
    python -m tools.i18n_convert --check    # exit 1 if a run would change anything (CI, tests)
    python -m tools.i18n_convert --set CONTEXT "English text" "中文"   # give one string its translation

What one run does, in order (every step is a no-op on text it already handled, so it is safe to re-run):

1. In ``ui/**/*.qml`` every ``<x>.app.s.<key>`` (and ``app.s["<key>"]``) whose key is in ``desktop/i18n.py``'s
   ``EN`` dict becomes ``qsTr("<EN text>")``; a following ``.replace("%1", a).replace("%2", b)`` becomes
   ``.arg(a).arg(b)``. Strings that other branches still add the old way (a key in ``ZH``/``EN``, bound as
   ``app.s.<key>``) are therefore carried over by the next run. ``app.s[<expression>]`` (the game names from
   the registry) stays: Python fills those.
2. An inline branch on two string literals, ``<..>lang === "zh" ? "中文" : "English"`` or ``<x>.zh ? … : …``,
   becomes ``qsTr("English")``.
3. ``pyside6-lupdate ui desktop`` updates ``ui/i18n/qilu_zh_CN.ts`` (source language English, no line numbers
   so merges stay quiet, obsolete entries dropped). Every message without a finished translation is filled
   from what steps 1-2 learnt, or from the English->Chinese pairs of ``desktop/i18n.py`` when that English
   text has one Chinese meaning; anything still unfinished is listed and the run exits 2.
4. ``pyside6-lrelease`` builds ``ui/i18n/qilu_zh_CN.qm`` (what the app loads).

An English text that means two different things in Chinese gets its dict key as the qsTr disambiguation
(``qsTr("Return", "returnTribute")``) so each keeps its own translation.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ui"
TS = UI / "i18n" / "qilu_zh_CN.ts"
QM = UI / "i18n" / "qilu_zh_CN.qm"
LUPDATE_DIRS = ("ui", "desktop")

Key = tuple[str, str, str]  # (context, English source, disambiguation)

_KEY_REF = re.compile(r"(?<![\w.])(?:[A-Za-z_]\w*\.)*app\.s(?:\.([A-Za-z_]\w*)|\[\s*\"([A-Za-z_]\w*)\"\s*\])")
_STR = r'"(?:[^"\\\n]|\\.)*"'
_BRANCH = re.compile(
    r"(?:\b[A-Za-z_][\w.]*\s*&&\s*)?(?<![\w.])(?:[A-Za-z_]\w*\.)*(?:lang\s*===?\s*\"zh\"|zh)\s*\?\s*"
    rf"({_STR})\s*:\s*({_STR})(?!\s*[-+.\[*/%]|\s*\?)")
_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def _dicts() -> tuple[dict[str, str], dict[str, str]]:
    sys.path.insert(0, str(ROOT))
    from desktop import i18n
    return dict(i18n.ZH), dict(i18n.EN)


def _pairs() -> dict[str, set[str]]:
    """English text -> the Chinese texts it stands for in desktop/i18n.py's tables."""
    sys.path.insert(0, str(ROOT))
    from desktop import i18n
    out: dict[str, set[str]] = defaultdict(set)
    for zh, en in ((i18n.ZH, i18n.EN), (i18n.ACTION_ZH, i18n.ACTION_EN), (i18n.DECLINE_ZH, i18n.DECLINE_EN)):
        for k, e in en.items():
            if k in zh:
                out[e].add(zh[k])
    return out


def _js(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def _balanced(text: str, i: int) -> int:
    """Index just past the ``)`` closing the ``(`` at ``text[i]`` (string literals skipped), or -1."""
    depth, j, quote = 0, i, ""
    while j < len(text):
        c = text[j]
        if quote:
            if c == "\\":
                j += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return -1


def _args(text: str, i: int, en: str) -> tuple[str, int]:
    """Turn ``.replace("%1", a).replace("%2", b)`` at ``text[i:]`` into ``.arg(a).arg(b)`` while the
    placeholders come in order and exist in ``en``; returns (new text, end index)."""
    out, n = "", 1
    while True:
        m = re.compile(r"\.replace\(\s*\"%(\d)\"\s*,").match(text, i)
        if not m or int(m.group(1)) != n or f"%{n}" not in en:
            return out, i
        end = _balanced(text, i + len(".replace"))
        if end < 0:
            return out, i
        out += ".arg(" + text[m.end():end - 1].strip() + ")"
        n, i = n + 1, end


def convert_qml(text: str, ctx: str, learnt: dict[Key, str], known: dict[Key, str]) -> str:
    zh, en = _dicts()
    pairs = _pairs()
    out, pos = [], 0
    for m in _KEY_REF.finditer(text):
        key = m.group(1) or m.group(2)
        if key not in en or key not in zh or m.start() < pos:
            continue
        e, z = en[key], zh[key]
        dis = key if len(pairs.get(e, ())) > 1 or known.get((ctx, e, ""), z) != z else ""
        learnt[(ctx, e, dis)] = z
        call = f"qsTr({_js(e)}, {_js(dis)})" if dis else f"qsTr({_js(e)})"
        tail, end = _args(text, m.end(), e)
        out.append(text[pos:m.start()] + call + tail)
        pos = end
    text = "".join(out) + text[pos:]

    def branch(m: re.Match[str]) -> str:
        z, e = json.loads(m.group(1)), json.loads(m.group(2))
        if not _CJK.search(z) or _CJK.search(e):
            return m.group(0)
        dis = "" if known.get((ctx, e, ""), z) == z and learnt.get((ctx, e, ""), z) == z else z
        learnt[(ctx, e, dis)] = z
        return f"qsTr({_js(e)}, {_js(dis)})" if dis else f"qsTr({_js(e)})"
    return _BRANCH.sub(branch, text)


def read_ts(path: Path) -> dict[Key, str]:
    """Finished translations of a .ts file."""
    if not path.is_file():
        return {}
    out: dict[Key, str] = {}
    for c in ET.parse(path).getroot().iter("context"):
        name = c.findtext("name") or ""
        for m in c.iter("message"):
            t = m.find("translation")
            if t is not None and t.get("type") not in ("unfinished", "obsolete", "vanished") and t.text:
                out[(name, m.findtext("source") or "", m.findtext("comment") or "")] = t.text
    return out


def lupdate(ts: Path) -> None:
    tool = shutil.which("pyside6-lupdate") or "pyside6-lupdate"
    # lupdate does not look into .py files when it scans a folder: name every file
    files = sorted(str(p.relative_to(ROOT)) for d in LUPDATE_DIRS for ext in ("qml", "py")
                   for p in (ROOT / d).rglob(f"*.{ext}") if "__pycache__" not in p.parts)
    subprocess.run([tool, *files, "-locations", "none", "-no-obsolete",
                    "-source-language", "en", "-target-language", "zh_CN", "-silent", "-ts", str(ts)],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def lrelease(ts: Path, qm: Path) -> None:
    tool = shutil.which("pyside6-lrelease") or "pyside6-lrelease"
    subprocess.run([tool, "-silent", str(ts), "-qm", str(qm)], check=True, stdout=subprocess.DEVNULL)


def fill(ts: Path, learnt: dict[Key, str]) -> list[Key]:
    """Give every unfinished message its Chinese; returns those left without one."""
    pairs = _pairs()
    tree = ET.parse(ts)
    missing = []
    for c in tree.getroot().iter("context"):
        name = c.findtext("name") or ""
        for m in c.iter("message"):
            t = m.find("translation")
            if t is None or (t.get("type") != "unfinished" and t.text):
                continue
            k = (name, m.findtext("source") or "", m.findtext("comment") or "")
            z = learnt.get(k)
            if z is None and len(pairs.get(k[1], ())) == 1:
                z = next(iter(pairs[k[1]]))
            if z is None:
                missing.append(k)
                continue
            t.text = z
            t.attrib.pop("type", None)
    _write(tree, ts)
    return missing


def _write(tree: ET.ElementTree, ts: Path) -> None:
    ET.indent(tree, "    ")
    body = ET.tostring(tree.getroot(), encoding="unicode")
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8")


def set_translation(ts: Path, ctx: str, en: str, zh: str, dis: str = "") -> bool:
    tree = ET.parse(ts)
    for c in tree.getroot().iter("context"):
        if c.findtext("name") != ctx:
            continue
        for m in c.iter("message"):
            if m.findtext("source") == en and (m.findtext("comment") or "") == dis:
                t = m.find("translation")
                assert t is not None
                t.text = zh
                t.attrib.pop("type", None)
                _write(tree, ts)
                return True
    return False


def run(root: Path = ROOT, write: bool = True) -> tuple[list[Path], list[Key]]:
    """Convert the QML under ``root/ui`` and refresh the .ts/.qm; returns (changed QML files, untranslated)."""
    known = read_ts(TS)
    learnt: dict[Key, str] = {}
    changed = []
    for p in sorted((root / "ui").rglob("*.qml")):
        old = p.read_text(encoding="utf-8")
        new = convert_qml(old, p.stem, learnt, known)
        if new != old:
            changed.append(p)
            if write:
                p.write_text(new, encoding="utf-8")
    if not write:
        return changed, []
    TS.parent.mkdir(parents=True, exist_ok=True)
    lupdate(TS)
    missing = fill(TS, {**known, **learnt})
    lrelease(TS, QM)
    return changed, missing


def check() -> list[str]:
    """What a run would change: QML still to convert, a .ts out of step with the sources, a stale .qm."""
    problems = [f"{p.relative_to(ROOT)}: app.s.<key> or an inline language branch left"
                for p in run(write=False)[0]]
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d) / TS.name
        shutil.copy(TS, tmp)
        lupdate(tmp)
        fill(tmp, read_ts(TS))
        if read_ts(tmp) != read_ts(TS) or _messages(tmp) != _messages(TS):
            problems.append(f"{TS.relative_to(ROOT)} is out of step with the sources")
        qm = Path(d) / QM.name
        lrelease(TS, qm)
        if not QM.is_file() or qm.read_bytes() != QM.read_bytes():
            problems.append(f"{QM.relative_to(ROOT)} is not what lrelease builds from the .ts")
    return problems


def _messages(ts: Path) -> set[Key]:
    out = set()
    for c in ET.parse(ts).getroot().iter("context"):
        for m in c.iter("message"):
            out.add((c.findtext("name") or "", m.findtext("source") or "", m.findtext("comment") or ""))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="report what a run would change; exit 1 if anything")
    ap.add_argument("--set", nargs=3, metavar=("CONTEXT", "EN", "ZH"), help="set one translation in the .ts")
    ap.add_argument("--dis", default="", help="the disambiguation of the --set message")
    a = ap.parse_args(argv)
    if a.check:
        problems = check()
        for p in problems:
            print(p)
        return 1 if problems else 0
    if a.set:
        ok = set_translation(TS, *a.set, dis=a.dis)
        if not ok:
            print(f"no message {a.set[1]!r} in context {a.set[0]!r} (run the converter first)")
            return 1
        lrelease(TS, QM)
        return 0
    changed, missing = run()
    for p in changed:
        print(f"converted {p.relative_to(ROOT)}")
    for ctx, en, dis in missing:
        print(f"no Chinese yet: [{ctx}] {en!r}" + (f" ({dis})" if dis else "")
              + f"  ->  python -m tools.i18n_convert --set {ctx} {_js(en)} 中文")
    return 2 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
