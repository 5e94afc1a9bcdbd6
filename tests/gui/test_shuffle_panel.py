"""验证洗牌 on the results screen: after a hand the panel shows ✓ for the deal this seat can check (the
commitment, its own hand, the public reveal), in both languages; a tampered reveal shows the mismatch."""

from __future__ import annotations

import pytest
from guikit import make_app, quick_config, shot, wait_frame, wait_until

from engine import fairness


def _finish_hand(qa, game: str, seed: int, messages: list | None = None) -> dict:
    if messages is not None:
        qa.table.message.connect(messages.append)
    qa.table.start(quick_config(game, seed=seed, pace_ms=0, pause_at_results=True))
    qa.set_screen("table")
    assert wait_until(lambda: bool(qa.table.snap), 20)
    qa.table.setAuto(True)
    assert wait_until(lambda: bool(qa.table.results.get("rows")), 120, 20)
    qa.table.setAuto(False)
    return qa.table.results


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_results_show_the_shuffle_verified(qtbot, data_dir, lang):
    qa = make_app(language=lang)
    try:
        messages: list[str] = []
        res = _finish_hand(qa, "baohuang", 3, messages)
        sh = res["shuffle"]
        assert sh["shown"] and sh["ok"] and sh["lines"], sh
        # the commitment was on the message line as the deal came in, and the verdict names the same one
        shown = [m for m in messages if "SHA256" in m]
        assert shown and ("洗牌承诺" if lang == "zh" else "commitment") in shown[0]
        assert shown[0].split("SHA256 ")[1][:12] in sh["lines"][0]
        assert ("验证洗牌" if lang == "zh" else "Verify shuffle") in sh["title"] and "✓" in sh["title"]
        assert all("✓" in line for line in sh["lines"])
        wait_frame(qa.window)
        panel = qa.find("shufflePanel")
        assert panel is not None and panel.property("visible")
        assert "✓" in qa.find("shuffleTitle").property("text")
        shot(qa, f"shuffle_verified_{lang}")
    finally:
        qa.shutdown()


def test_the_panel_shows_a_mismatch():
    """The controller's panel text for a verdict that failed (a tampered seed in a seat's stream)."""
    from desktop import i18n, shuffle_check
    from engine import games
    st = games.spec("baohuang").new_state(4)
    while not st.is_over and not any(e.kind == "shuffle_reveal" for e in st.history):
        st.apply(next(iter(st.legal_actions(st.to_act))))
    hist = st.view(0, with_history=True)["history"]
    rev = next(e for e in hist if e["kind"] == "shuffle_reveal")
    rev["data"]["nonce"] = ("1" if rev["data"]["nonce"][0] != "1" else "2") + rev["data"]["nonce"][1:]
    found = shuffle_check.verdicts("baohuang", {}, hist, [rev])
    for lang in ("zh", "en"):
        p = shuffle_check.panel(found, lang, i18n.strings(lang))
        assert p["shown"] and not p["ok"] and "✗" in p["title"]
        assert ("承诺" if lang == "zh" else "commitment") in p["lines"][0]
    assert not fairness.check_history("baohuang", {}, hist)[0].ok


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("game", ["gouji", "baohuang", "shengji", "mahjong"])
def test_the_commitment_line_leaves_every_seat_plate_uncovered(qtbot, data_dir, game, lang):
    """The commitment comes as a message at each deal (issue 18) and the message line sits at the table's top left:
    in both languages it stays clear of every seat's plate, so no name or count is hidden while it shows."""
    from PySide6.QtCore import QRectF
    qa = make_app(language=lang)
    try:
        messages: list[str] = []
        qa.table.message.connect(messages.append)
        qa.table.start(quick_config(game, seed=5, pace_ms=0))
        qa.set_screen("table")
        qa.table.setAuto(True)   # Gouji deals after 预点 (G-10, G-13): the bot answers for the seat
        assert wait_until(lambda: any("SHA256" in m for m in messages), 30)
        qa.table.setAuto(False)
        line = next(m for m in messages if "SHA256" in m)
        qa.table.message.emit(line)   # shown again, now that later messages have had their turn
        assert wait_until(lambda: qa.find("toastText").property("text") == line
                          and bool(qa.find("toast").property("visible")), 5)
        wait_frame(qa.window)
        toast = qa.find("toast")
        box = toast.mapRectToScene(QRectF(0, 0, toast.width(), toast.height()))
        plates = qa.find_all("seat_")
        assert len(plates) == qa.table.snap["n_seats"], plates
        for p in plates:
            r = p.mapRectToScene(QRectF(0, 0, p.width(), p.height()))
            assert not box.intersects(r), (lang, p.objectName(), box, r)
        if game == "mahjong":   # nor the top seat's standing hand and melds along its edge (SPEC §8.2)
            edge = qa.find("mjEdge_2")
            r = edge.mapRectToScene(QRectF(0, 0, edge.width(), edge.height()))
            assert r.width() > 0 and not box.intersects(r), (lang, box, r)
        shot(qa, f"commitment_{game}_{lang}")
    finally:
        qa.shutdown()
