"""继续上一局 with a save whose last line a crash tore: the home screen and a toast say the last move was lost
(中文 and English), the match resumes from every complete move; damage in the middle is still set aside."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest
from guikit import make_app, wait_until

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/savekit.py
from savekit import tear, write_save  # noqa: E402

from desktop import i18n  # noqa: E402


def moves(path: Path) -> list[dict]:
    return [{"a": r["a"], "e": r["e"]} for r in map(json.loads, path.read_text().splitlines()[1:])]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_torn_last_line_resumes_and_tells_the_player(qtbot, data_dir, lang):
    save, n = write_save()
    played = moves(save)
    tear(save)
    s = i18n.strings(lang)
    qa = make_app(language=lang)
    try:
        assert qa.app.hasSave
        assert s["saveTornShort"] in qa.app.saveText and s["saveDamaged"] not in qa.app.saveText
        assert (f"{n - 1} 步" if lang == "zh" else f"{n - 1} moves") in qa.app.saveText
        with qtbot.waitSignal(qa.app.toast, timeout=2000) as told:
            assert qa.app.continueGame()
        assert told.args == [s["saveTorn"]]
        assert qa.window.property("toastText") == s["saveTorn"]
        assert wait_until(lambda: qa.table.snap.get("n_actions", 0) >= n - 1, 30)
        assert qa.table.active and not list(save.parent.glob("damaged-*"))
        # the engine thread rewrote the save from the replayed state: every complete move is in it
        assert wait_until(lambda: len(moves(save)) >= n - 1, 10)
        assert moves(save)[: n - 1] == played[: n - 1]
        if os.name == "posix":  # the rewritten save holds the seed: user-only (tests/test_files_private.py)
            assert stat.S_IMODE(save.stat().st_mode) == 0o600
    finally:
        qa.shutdown()


def test_damage_in_the_middle_is_set_aside(qtbot, data_dir):
    save, n = write_save()
    lines = save.read_text().splitlines(keepends=True)
    lines[n // 2] = '{"a": {"kind": "forged"}, "e": []}\n'
    save.write_text("".join(lines))
    tear(save)
    qa = make_app()
    try:
        assert qa.app.hasSave
        assert qa.app.continueGame()  # the lines read as JSON; the replay refuses the forged one
        assert wait_until(lambda: not qa.app.hasSave, 20)
        assert "损坏" in qa.app.saveText and not qa.table.active
        assert list(save.parent.glob("damaged-*.jsonl")) and not save.exists()
    finally:
        qa.shutdown()
