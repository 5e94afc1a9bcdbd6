"""The 计分表 panel, opened from the top bar with a real click: per set each side's place points and team score
and the running totals (Gouji, G-85 … G-88, 串三户 ×2 marked); per hand the emperor, the guard, the side score
and every seat's share (Baohuang, B.9); per hand the banker, the points and both sides' levels (Shengji, S-19,
S-22); per hand the dealer, the winner and how, every seat's payment (Mahjong,
M-17, M-20 … M-22)."""

from __future__ import annotations

from guikit import click_item, make_app, quick_config, shot, wait_frame, wait_until


def _texts(item) -> list[str]:
    out = []
    for c in item.childItems():
        if c.property("text") is not None and c.metaObject().className().startswith("QQuickText"):
            out.append(str(c.property("text")))
        out += _texts(c)
    return out


def _play_sets(qa, n_sets: int, timeout: float = 240) -> list[dict]:
    """托管 (a real click on the button) through ``n_sets`` results; returns each results panel's rows."""
    t = qa.table
    click_item(qa, qa.find("btnAuto"))
    assert wait_until(lambda: t.autoPlay, 5)
    seen = []
    for k in range(n_sets):
        assert wait_until(lambda: bool(t.results), timeout), "the set never ended"
        seen.append(dict(t.results))
        wait_frame(qa.window)
        if t.results.get("over"):
            break
        if k == n_sets - 1:  # 托管 off before the next set starts: with no pace a bot-played set can end at once
            click_item(qa, qa.find("autoPill"))
            assert wait_until(lambda: not t.autoPlay, 10)
        click_item(qa, qa.find("btnNextSet"))
        assert wait_until(lambda: not t.results, 5)
    if t.autoPlay:
        click_item(qa, qa.find("autoPill"))
        assert wait_until(lambda: not t.autoPlay, 10)
    return seen


def _open_sheet_after(qa, game: str, seed: int, sets: int = 2, **cfg) -> list[dict]:
    """A real game of ``sets`` sets/hands played by 托管, then the 计分表 opened with a real click; the results
    the table kept for it."""
    t = qa.table
    t.start(quick_config(game, seed=seed, pace_ms=0, pause_at_results=True, **cfg))
    qa.set_screen("table")
    assert wait_until(lambda: bool(t.snap), 20)
    wait_frame(qa.window)
    _play_sets(qa, sets)
    click_item(qa, qa.find("btnSheet"))
    wait_frame(qa.window)
    res = t._sheet_res
    assert len(res) == sets
    return res


def test_gouji_sheet_has_team_scores_place_points_and_running_totals(qtbot, data_dir):
    qa = make_app()
    try:
        t = qa.table
        t.start(quick_config("gouji", seed=7, pace_ms=0, pause_at_results=True))
        qa.set_screen("table")
        assert wait_until(lambda: bool(t.snap), 20)
        wait_frame(qa.window)
        seen = _play_sets(qa, 2)
        wait_frame(qa.window)
        click_item(qa, qa.find("btnSheet"))
        wait_frame(qa.window)
        panel = qa.find("scoreSheet")
        assert panel is not None and panel.property("visible")
        res = t._sheet_res
        assert len(res) == len(seen) >= 1
        me_team, other = 0, 1   # seat 0 is team A (G-1)
        for i, r in enumerate(res):
            row = qa.find(f"sheetRow_{i}")
            cells = _texts(row)
            ts = r["team_scores"]
            assert cells[0] == f"第{r['set_no']}回合", cells
            assert cells[2] == (f"{ts[me_team]:+d}" if ts[me_team] else "0"), (cells, ts)
            assert cells[4] == (f"{ts[other]:+d}" if ts[other] else "0"), (cells, ts)
            pts = [int(p) for p in cells[1].split()]   # each member's place points (G-85)
            assert len(pts) == 3
            factor = 2 if r["chuansanhu"] else 1
            if r["chuansanhu"]:
                assert any("串三户" in x for x in cells), cells
            else:
                assert not any("串三户" in x for x in cells), cells
            assert sum(pts) * factor == ts[me_team] or str(t.snap["options"].get("scoring")) == "4-2-positive"
            assert cells[5] == f"{r['totals'][0]} : {r['totals'][1]}", cells
        total = _texts(qa.find("sheetTotal"))
        run = sum(r["team_scores"][me_team] for r in res)
        assert total[2] == (f"{run:+d}" if run else "0"), (total, run)
        shot(qa, "score_sheet_gouji_zh")
        qa.app.settings.set("language", "en")
        wait_frame(qa.window)
        assert _texts(qa.find("sheetRow_0"))[0].startswith("Set "), "the sheet kept the old language"
        shot(qa, "score_sheet_gouji_en")
        click_item(qa, qa.find("btnSheetClose"))
        assert wait_until(lambda: qa.find("scoreSheet") is None, 5)
    finally:
        qa.shutdown()


def test_baohuang_sheet_has_side_score_and_each_share(qtbot, data_dir):
    qa = make_app(language="en")
    try:
        t = qa.table
        res = _open_sheet_after(qa, "baohuang", 3, hands=6)
        for i, r in enumerate(res):
            cells = _texts(qa.find(f"sheetRow_{i}"))
            e, g, sc = r["emperor"], r["guard"], r["scores"]
            assert cells[1] == t.name_of(e)
            side = sc[e] + (sc[g] if g is not None and g != e else 0)
            assert cells[3] == (f"{side:+d}" if side else "0"), (cells, r)
            shares = cells[4:9]
            assert shares == [f"{x:+d}" if x else "0" for x in sc], (shares, sc)
            assert sum(sc) == 0   # zero-sum (B-34)
        total = _texts(qa.find("sheetTotal"))[4:9]
        assert total == [f"{x:+d}" if x else "0" for x in res[-1]["totals"]]
        shot(qa, "score_sheet_baohuang_en")
        qa.app.settings.set("language", "zh")
        wait_frame(qa.window)
        shot(qa, "score_sheet_baohuang_zh")
    finally:
        qa.shutdown()


def _totals_then_english(qa, res: list[dict], first_seat: int, game: str) -> None:
    """The total row carries the last result's running totals from column ``first_seat`` on; the sheet is shot,
    then shot again in English, its rows reworded (第1局 → Hand 1)."""
    n = len(res[-1]["totals"])
    total = _texts(qa.find("sheetTotal"))[first_seat:first_seat + n]
    assert total == [f"{x:+d}" if x else "0" for x in res[-1]["totals"]]
    shot(qa, f"score_sheet_{game}_zh")
    qa.app.settings.set("language", "en")
    wait_frame(qa.window)
    assert _texts(qa.find("sheetRow_0"))[0] == "Hand 1", "the sheet kept the old language"
    shot(qa, f"score_sheet_{game}_en")


def test_mahjong_sheet_names_each_hands_dealer_winner_and_payments(qtbot, data_dir):
    """Mahjong's 计分表 (a real game, two hands): 第1局 first (the engine numbers hands from 1), the dealer (M-17),
    the winner and how he won as the row's mark (or 荒庄, M-16), every seat's payment (M-20 … M-22)."""
    qa = make_app()
    try:
        t = qa.table
        res = _open_sheet_after(qa, "mahjong", 8)
        for i, r in enumerate(res):
            cells = _texts(qa.find(f"sheetRow_{i}"))
            assert cells[0] == f"第{i + 1}局" and cells[1] == t.name_of(r["dealer"]), cells
            winners = "、".join(t.name_of(w["seat"]) for w in r["wins"]) or "–"
            assert cells[2] == winners, (cells, r["wins"])
            assert cells[3:7] == [f"{x:+d}" if x else "0" for x in r["payments"]], (cells, r["payments"])
            how = "荒庄" if r["drawn"] else "自摸" if r["wins"][0]["self_drawn"] else "点炮"
            assert any(how in x for x in cells[7:]), cells
        _totals_then_english(qa, res, 3, "mahjong")
    finally:
        qa.shutdown()


def test_shengji_sheet_names_each_hands_banker_points_and_levels(qtbot, data_dir):
    """Shengji's 计分表 (a real game, two hands): 第1局 first, the banker, the defenders' points (S-19), both sides'
    levels after the hand with mine first (S-22), every seat's score and the running totals."""
    from desktop.games.shengji import level_word
    qa = make_app()
    try:
        t = qa.table
        res = _open_sheet_after(qa, "shengji", 4)
        us = t.my_seat() % 2
        for i, r in enumerate(res):
            cells = _texts(qa.find(f"sheetRow_{i}"))
            assert cells[:3] == [f"第{i + 1}局", t.name_of(r["banker"]), str(r["points"])], cells
            lv = [level_word(x) for x in r["levels"]]
            assert cells[3] == f"{lv[us]} : {lv[1 - us]}", (cells, lv)
            assert cells[4:8] == [f"{x:+d}" if x else "0" for x in r["scores"]], (cells, r["scores"])
            assert cells[8] == ("保庄" if r["bank_kept"] else "下台"), cells
        _totals_then_english(qa, res, 4, "shengji")
    finally:
        qa.shutdown()


def test_gouji_sheet_marks_chuansanhu_doubling():
    """A 串三户 set (G-87) from the engine: its row carries the ×2 mark, the plain one does not."""
    from desktop.games import presenter
    pres = presenter("gouji")
    base = {"set_no": 1, "places": {"0": 1, "2": 2, "4": 3, "1": 4, "3": 5, "5": 6}, "team_scores": [6, -6],
            "scores": [6, -6] * 3, "totals": [6, -6] * 3}
    plain = {**base, "chuansanhu": False, "set_no": 2}
    doubled = {**base, "chuansanhu": True}
    v = pres.sheet([plain, doubled], 0, 6, {"scoring": "2-1"}, "zh", str)
    assert v["rows"][0]["mark"] == "" and "串三户" in v["rows"][1]["mark"]
    en = pres.sheet([plain, doubled], 0, 6, {"scoring": "2-1"}, "en", str)["rows"][1]["mark"]
    assert en.startswith("doubled ×2") and "clean sweep" in en   # the English sheet explains the term
    assert [c["text"] for c in v["rows"][1]["cells"][1:3]] == ["+2 +1 0", "+6"]
