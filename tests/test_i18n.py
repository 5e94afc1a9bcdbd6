"""The translation files (issue 13): every visible string of the QML and the desktop Python is in
ui/i18n/qilu_zh_CN.ts with a finished Chinese translation, and the committed .qm is what lrelease builds."""

from __future__ import annotations

import shutil
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tools import i18n_convert as conv

pytestmark = pytest.mark.skipif(shutil.which("pyside6-lupdate") is None, reason="Qt's lupdate is not installed")


def _messages(ts: Path) -> dict[tuple[str, str, str], ET.Element]:
    out = {}
    for c in ET.parse(ts).getroot().iter("context"):
        for m in c.iter("message"):
            out[(c.findtext("name") or "", m.findtext("source") or "", m.findtext("comment") or "")] = m
    return out


def test_every_source_string_has_a_finished_chinese_translation():
    msgs = _messages(conv.TS)
    assert len(msgs) > 100
    bad = [k for k, m in msgs.items()
           if (t := m.find("translation")) is None or t.get("type") or not (t.text or "").strip()]
    assert not bad, f"untranslated: {bad[:10]}"
    # a placeholder the English has must survive in the Chinese (qsTr("%1 s").arg(15))
    for k, m in msgs.items():
        for n in range(1, 4):
            assert (f"%{n}" in k[1]) == (f"%{n}" in (m.findtext("translation") or "")), k


def test_every_qstr_and_translate_source_is_in_the_ts():
    with tempfile.TemporaryDirectory() as d:
        fresh = Path(d) / "fresh.ts"
        conv.lupdate(fresh)       # the sources as they are now, no translations
        now = set(_messages(fresh))
    committed = set(_messages(conv.TS))
    assert now, "lupdate found no strings"
    assert now - committed == set(), "strings without a translation entry: run python -m tools.i18n_convert"
    assert committed - now == set(), "stale entries: run python -m tools.i18n_convert"


def test_the_committed_qm_is_built_from_the_committed_ts():
    with tempfile.TemporaryDirectory() as d:
        qm = Path(d) / "x.qm"
        conv.lrelease(conv.TS, qm)
        assert qm.read_bytes() == conv.QM.read_bytes()


def test_no_qml_left_to_convert():
    assert conv.run(write=False)[0] == []


def test_the_converter_turns_a_new_dict_string_into_qstr(tmp_path):
    """What a merged branch adds the old way (a key in ZH/EN bound as app.s.<key>) is converted, args kept."""
    learnt: dict[tuple[str, str, str], str] = {}
    src = 'Text { text: root.app.s.selectedOf.replace("%1", n).replace("%2", m) + root.app.s.hint }\n' \
          'Text { text: app.lang === "zh" ? "桌面" : "Table" }\nText { text: root.app.s[g] }\n'
    out = conv.convert_qml(src, "X", learnt, {})
    assert 'qsTr("%1/%2 selected").arg(n).arg(m) + qsTr("Hint")' in out
    assert 'text: qsTr("Table")' in out and "root.app.s[g]" in out
    assert learnt[("X", "%1/%2 selected", "")] == "已选 %1/%2 张" and learnt[("X", "Table", "")] == "桌面"
    assert conv.convert_qml(out, "X", {}, learnt) == out   # a second run changes nothing
