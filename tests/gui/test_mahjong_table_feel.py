"""What the Mahjong table shows beyond the tiles, with real mouse and key events (SPEC §8.2, §8.4): the other
seats' concealed hands as backs along their edges (their count from the view, never a tile; M-10 concealed
kongs face down), a discard flying into its river and a claim flashing at the claimer, the 吃 choices taken
by keys and by mouse, 过 by Esc, and 提示 picking the heuristic bot's discard."""

from __future__ import annotations

import time

from guikit import click_item, my_turns, quick_config, shot, wait, wait_frame, wait_until
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtQuick import QQuickItem
from PySide6.QtTest import QTest

from desktop.games import presenter
from desktop.games.mahjong import split_tiles, tile_name


def dealer_seed(seat: int = 0) -> int:
    from engine import games
    for seed in range(100):
        if games.new_state("mahjong", seed).to_act == seat:
            return seed
    raise AssertionError("no such seed")


def start(qa, seed: int | None = None, **kw):
    cfg = quick_config("mahjong", seed=dealer_seed() if seed is None else seed, pace_ms=0, save=False, **kw)
    qa.table.start(cfg)
    qa.set_screen("table")
    t = qa.table
    assert wait_until(lambda: t.snap.get("my_turn"), 20)
    wait_frame(qa.window)
    return t


def keys(qa, *ks) -> None:
    qa.find("tableScreen").forceActiveFocus()   # as a click on the window gives it (offscreen has no user)
    for k in ks:
        QTest.keyClick(qa.window, k)


def backs(qa, pos: int) -> list:
    return [b for b in qa.find_all(f"mjBack_{pos}_") if b.property("visible")]


def test_the_table_is_a_rounded_ink_blue_table_with_spec_sizes(qa):
    """SPEC §8.2/§8.3: Mahjong's felt is a rounded table (box 28, 62, 1288 × 828 at cx 672, radius 30), not the
    card tables' oval, in ink blue; the dial is 212 square, the hand's tiles 58 wide at step 60 from just right
    of my plate, the river's 34. Read from the real window: an oval would leave the box's corner dark."""
    t = start(qa)
    assert t.pres is not presenter("mahjong")   # a presenter of the table's own (desktop.games.table_presenter)
    board = qa.find("mahjongBoard")
    cx = board.property("cx")
    felt = _scene_rect(qa.find("felt"))
    assert (felt.x(), felt.y(), felt.width(), felt.height()) == (cx - 644, 62, 1288, 828)
    dial = _scene_rect(qa.find("mjDial"))
    assert (dial.width(), dial.height()) == (212, 212) and dial.center().y() == 396
    img = qa.window.grabWindow()
    for x, y in ((felt.left() + 44, felt.top() + 44), (felt.right() - 44, felt.bottom() - 44)):
        c = img.pixelColor(int(x), int(y))
        assert c.blue() > c.green() > c.red() and c.blue() > 60, (x, y, c.name())   # ink blue, not the window
    tiles = [qa.find(f"mjTile_{i}") for i in range(2)]
    assert [x.property("width") for x in tiles] == [58, 58]
    assert _scene_x(tiles[1]) - _scene_x(tiles[0]) == 60
    tile = qa.find("mjTile_0")
    click_item(qa, tile)
    click_item(qa, tile)
    assert wait_until(lambda: qa.find("mjRiver_0_0") is not None, 20)
    assert qa.find("mjRiver_0_0").property("width") == 34
    shot(qa, "mahjong_rounded_table")


def test_with_the_counter_closed_the_table_moves_right_and_still_fits(qa):
    """The 记牌器 switch frees the right column: the whole table (felt, plates, hands, dial) moves right by the
    same amount, the felt stays inside the window, and no plate lies on a seat's hand, the dial or my hand."""
    start(qa)
    board = qa.find("mahjongBoard")
    felt0 = _scene_rect(qa.find("felt"))
    plates0 = [_scene_rect(qa.find(f"seat_{p}")) for p in range(4)]
    click_item(qa, qa.find("btnTracker"))
    assert wait_until(lambda: not qa.find("mjCounter").property("visible"), 5)
    wait_frame(qa.window)
    try:
        felt = _scene_rect(qa.find("felt"))
        shift = felt.x() - felt0.x()
        assert shift > 50 and felt.right() <= qa.window.width() - 8, (felt, qa.window.width())
        plates = [_scene_rect(qa.find(f"seat_{p}")) for p in range(4)]
        assert [p.x() - p0.x() for p, p0 in zip(plates, plates0)] == [shift] * 4
        others = [_scene_rect(qa.find("mjDial"))] + [_scene_rect(qa.find(f"mjEdge_{p}")) for p in (1, 2, 3)]
        others += [_scene_rect(x) for x in qa.find_all("mjTile_") if x.isVisible()]
        for q, plate in enumerate(plates):
            assert felt.contains(plate.center()), q
            assert not any(plate.intersects(o) for o in others), q
        assert board.property("cx") - 672 == shift
        shot(qa, "mahjong_counter_closed")
    finally:
        click_item(qa, qa.find("btnTracker"))
        assert wait_until(lambda: qa.find("mjCounter").property("visible"), 5)


def test_opponents_hands_are_backs_counted_from_the_view(qa):
    t = start(qa)
    tile = qa.find("mjTile_0")
    click_item(qa, tile)
    click_item(qa, tile)                       # a discard by mouse: the others draw and discard on
    assert wait_until(lambda: len(t.snap["view"]["rivers"][0]) == 1, 20)
    assert wait_until(lambda: t.snap.get("my_turn") or t.results.get("rows"), 30)
    wait_frame(qa.window)
    view = t.snap["view"]
    me = t.snap["seat"]
    for pos in (1, 2, 3):
        seat = (me + pos) % 4
        got = backs(qa, pos)
        assert len(got) == view["counts"][seat] > 0, (pos, len(got), view["counts"])
        row = t.board["seats"][pos]
        assert row["backs"] == view["counts"][seat] and "hand" not in row   # a count, never the tiles
    assert backs(qa, 0) == []                  # my own hand is face up, below
    cx = float(qa.find("mahjongBoard").property("cx"))
    top, left, right = qa.find("mjEdge_2"), qa.find("mjEdge_3"), qa.find("mjEdge_1")
    assert top.property("y") < 120                                   # along the top edge, left of its plate
    assert left.property("x") + left.property("width") < cx - 280    # the left column, outside the rivers
    assert right.property("x") > cx + 280                            # the right column
    shot(qa, "mahjong_edges_face_down")


def test_concealed_kong_is_four_backs_to_others_and_its_own_faces_to_me() -> None:
    pres = presenter("mahjong")
    hidden = pres._meld_row({"kind": "kong", "kong": "concealed", "tiles": None, "from": None}, str, "zh")
    assert [f["back"] for f in hidden["tiles"]] == [True] * 4 and all(f["tile"] == "?" for f in hidden["tiles"])
    own = pres._meld_row({"kind": "kong", "kong": "concealed", "tiles": "5555m", "from": None}, str, "zh")
    assert [f["back"] for f in own["tiles"]] == [True, False, False, True] and hidden["label"] == "暗杠"


def test_discard_flies_into_the_river_and_lands(qa):
    qa.settings.set("animSpeed", "slow")
    t = start(qa)
    layer = qa.find("mjFlyLayer")
    before = int(layer.property("flights"))
    picked = t.board["hand"][0]["tile"]
    tile = qa.find("mjTile_0")
    click_item(qa, tile)
    click_item(qa, tile)
    assert wait_until(lambda: qa.find("mjFlyer") is not None, 5), "no tile in flight"
    assert int(layer.property("flights")) > before   # (the bots discard on at once too)
    assert wait_until(lambda: len(t.board["seats"][0]["river"]) == 1, 10)
    wait_frame(qa.window)
    slot = qa.find("mjRiver_0_0")
    assert slot is not None and not slot.property("visible"), "the river slot shows before the tile lands"
    shot(qa, "mahjong_discard_mid_flight")
    def landed() -> bool:   # (the river's delegates are made anew with each snapshot: find it again)
        s = qa.find("mjRiver_0_0")
        return s is not None and bool(s.property("visible"))
    assert wait_until(landed, 5), "the tile never landed"
    assert t.board["seats"][0]["river"][0]["tile"] == picked


def test_a_claim_flashes_at_the_claimer(qa):
    qa.settings.set("animSpeed", "fast")
    t = start(qa)
    layer = qa.find("mjFlyLayer")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and int(layer.property("flashes")) == 0:
        if not wait_until(lambda: t.snap.get("my_turn") or t.results.get("rows") or int(layer.property("flashes")),
                          30):
            break
        if int(layer.property("flashes")):
            break
        if t.results.get("rows"):
            t.nextSet()
            wait(50)
            continue
        sug = t.snap.get("suggest") or {}
        t.submit(sug.get("kind", "pass"), sug.get("arg") or "")
        wait(5)
    assert int(layer.property("flashes")) > 0, "no claim, kong or win flashed in the time"
    assert layer.property("lastFlash") in ("吃", "碰", "杠", "胡")


def _play_to_chow(qa, t, deadline: float, want: int) -> list:
    """Play the hint's choices (过 by Esc when only a pung/kong is offered) until 吃 with ``want``+ runs."""
    for _ in my_turns(t, deadline - time.monotonic(), f"吃 with {want}+ runs offered to me"):
        b = t.board
        chows = [c for c in b.get("claims") or [] if c["kind"] == "chow"]
        if t.snap["phase"] == "claim" and len(chows) >= want and not any(c["kind"] == "win" for c in b["claims"]):
            wait_frame(qa.window)
            return chows
        if t.snap["phase"] == "claim":
            n = t.snap["n_actions"]
            keys(qa, Qt.Key.Key_Escape)        # 过 by Esc
            assert wait_until(lambda n=n: t.snap.get("n_actions", 0) > n or not t.snap.get("my_turn"), 10), \
                "Esc did not pass"
            continue
        sug = t.snap.get("suggest") or {}
        t.submit(sug.get("kind", "discard"), sug.get("arg") or "")
        wait(5)
    raise AssertionError("unreachable: my_turns fails when the time is up")


def _check_log_tag(qa, text: str) -> QQuickItem:
    """One tag on the log (the newest line's, or beside the title), reading ``text``; the newest line, on top,
    is never cut short by it."""
    tags = [x for x in qa.find_all("mjLogTag") if x.property("visible")]
    assert [x.property("text") for x in tags] == [text], [x.property("text") for x in tags]
    n = qa.find("mjLog").property("n")
    line = qa.find(f"mjLogText_{n - 1}")
    assert line.property("implicitWidth") <= line.width() + 0.5, (line.property("text"), line.width())
    a = line.mapRectToScene(QRectF(0, 0, line.property("implicitWidth"), line.height()))
    assert not a.intersects(tags[0].mapRectToScene(QRectF(0, 0, tags[0].width(), tags[0].height())))
    return tags[0]


def test_chow_runs_chosen_by_arrow_and_enter_and_by_mouse(qa):
    t = start(qa)
    board = qa.find("mahjongBoard")
    deadline = time.monotonic() + 150
    chows = _play_to_chow(qa, t, deadline, 2)
    pop = qa.find("mjChowPop")
    assert pop.property("visible") and qa.find("claim_chow").property("visible")
    assert board.property("chowSel") == 0 and qa.find(chows[0]["objectName"]).property("selected")
    claimed = t.board["claimTile"]["tile"]
    own = {x for c in chows for x in split_tiles(c["arg"]) if x != claimed}
    under = {t.board["hand"][int(u.objectName().rsplit("_", 1)[1])]["tile"]
             for u in qa.find_all("mjClaimUse_") if u.property("visible")
             and int(u.objectName().rsplit("_", 1)[1]) < len(t.board["hand"])}
    assert own <= under, (own, under)   # the tiles a run would take are underlined in the hand
    keys(qa, Qt.Key.Key_Right)                 # → the second run ...
    assert board.property("chowSel") == 1 and qa.find(chows[1]["objectName"]).property("selected")
    shot(qa, "mahjong_chow_choice_keys")
    n = t.snap["n_actions"]
    keys(qa, Qt.Key.Key_Return)                # ... ↵ takes it
    assert wait_until(lambda: t.snap.get("n_actions", 0) > n, 10), "↵ did not take the run"
    answer = t.snap["view"].get("answer") or {}
    assert not answer or (answer["kind"], answer["arg"]) == ("chow", chows[1]["arg"]), answer
    mine = [a for a in t.snap.get("events", []) if a.get("kind") == "answer"]
    assert all(a["data"]["arg"] == chows[1]["arg"] for a in mine)
    # the chow stands: the log's newest line is it, tagged 你的回合; in English the line is too long to keep its
    # words beside the tag, so the tag moves up beside the title and the line reads whole
    assert wait_until(lambda: t.snap["view"].get("must_discard"), 10), "the chow did not stand on this seed"
    _check_log_tag(qa, "你的回合")
    qa.settings.set("language", "en")
    try:
        assert wait_until(lambda: t.log_model.rows()[-1]["text"].startswith("chows"), 10)
        wait_frame(qa.window)
        tag = _check_log_tag(qa, "your turn")
        assert tag.parentItem() is qa.find("mjLog"), "a long line keeps the tag in its row"
        shot(qa, "mahjong_log_tag_by_title_en")
    finally:
        qa.settings.set("language", "zh")
    # the next 吃 offer: a click on the last run takes that one
    chows = _play_to_chow(qa, t, deadline, 1)
    last = qa.find(chows[-1]["objectName"])
    n = t.snap["n_actions"]
    click_item(qa, last)
    assert wait_until(lambda: t.snap.get("n_actions", 0) > n, 10), "the click did not take the run"
    answer = t.snap["view"].get("answer") or {}
    assert not answer or answer["arg"] == chows[-1]["arg"], answer


def test_hint_picks_the_heuristic_discard_and_enter_discards_it(qa):
    from engine import games
    from engine.net.secrecy import scrub
    t = start(qa)
    full = games.new_state("mahjong", dealer_seed())
    bot = games.spec("mahjong").bot_factory("heuristic", seed=0)
    want = bot.choose(scrub(full.view(0)), list(full.legal_actions(0))).action
    assert want.kind == "discard"
    assert qa.find("mahjongBoard").property("picked") == ""
    keys(qa, Qt.Key.Key_H)                     # 提示: the heuristic bot's discard is picked (lifted)
    assert wait_until(lambda: qa.find("mahjongBoard").property("picked") == want.arg, 5), \
        qa.find("mahjongBoard").property("picked")
    keys(qa, Qt.Key.Key_Return)
    assert wait_until(lambda: t.board["seats"][0]["river"][:1] == [] or
                      t.board["seats"][0]["river"][0]["tile"] == want.arg, 10)
    assert wait_until(lambda: len(t.snap["view"]["rivers"][0]) == 1, 10)
    assert t.snap["view"]["rivers"][0] == [want.arg]


def test_h_takes_the_win_when_one_is_offered(qa):
    """H is 胡 whenever 胡 is offered (on a discard or self-drawn), 提示 otherwise (SPEC §6 keys, M-11)."""
    t = start(qa)
    for _ in my_turns(t, 150, "胡 offered to me"):
        if any(c["kind"] == "win" for c in t.board.get("claims") or []):
            wait_frame(qa.window)
            assert qa.find("claim_win").property("visible")
            # what the win is and pays, shown before it is taken (SPEC §8.2 "胡 · 五万 / 平胡 · 将 5万")
            box, title, line = qa.find("mjWinPreview"), qa.find("mjWinTitle"), qa.find("mjWinLine")
            assert box.property("visible") and title.property("text").startswith(("胡 · ", "自摸 · "))
            shown = line.property("text")
            shot(qa, "mahjong_win_preview")
            n = t.snap["n_actions"]
            keys(qa, Qt.Key.Key_H)
            assert wait_until(lambda n=n: t.snap.get("n_actions", 0) > n, 10), "H did not answer"
            assert wait_until(lambda: t.results.get("rows"), 20), "no hand end after 胡"
            wins = t.results["detail"]["wins"]
            mine = [w for w in wins if w["name"] == t.name_of(t.my_seat())]
            assert mine, wins
            assert shown.startswith(mine[0]["patterns"]) and shown.endswith(f"付 {mine[0]['value']}"), \
                (shown, mine[0])
            return
        sug = t.snap.get("suggest") or {}
        t.submit(sug.get("kind", "pass"), sug.get("arg") or "")
        wait(5)


ZH_NUM = "一二三四五六七八九"
ZH_SUIT = {"m": "万", "p": "饼", "s": "条"}
ZH_HONOUR = {"E": "东", "S": "南", "W": "西", "N": "北", "C": "中", "F": "发", "B": "白"}
EN_SUIT = {"m": "crak", "p": "dot", "s": "bam"}
EN_HONOUR = {"E": "East", "S": "South", "W": "West", "N": "North", "C": "Red", "F": "Green", "B": "White"}


def _zh(tiles: str) -> str:
    ts = split_tiles(tiles)
    if len(set(ts)) == 1:
        ts = ts[:1]
    if ts[0][0].isdigit():
        return "".join(ZH_NUM[int(t[0]) - 1] for t in ts) + ZH_SUIT[ts[0][1]]
    return ZH_HONOUR[ts[0]]


def _en(tiles: str) -> str:
    ts = split_tiles(tiles)
    if len(set(ts)) == 1:
        ts = ts[:1]
    if ts[0][0].isdigit():
        return "-".join(t[0] for t in ts) + " " + EN_SUIT[ts[0][1]]
    return EN_HONOUR[ts[0]]


def _expected_log(history: list, me: int, lang: str) -> list[tuple[str, str]]:
    """The round log as a player reads it, from the engine's own record of what this seat saw since its deal:
    every draw from the wall (摸牌, no tile named), discard, claim (吃/碰/明杠), concealed or added kong and 明楼,
    in order (SPEC §8.2 牌局记录; a kong's replacement draw is its line's 补牌, an added kong's a 补牌 line of its
    own)."""
    start = max(i for i, e in enumerate(history) if e["kind"] == "deal")
    zh = lang == "zh"
    name = _zh if zh else _en
    out = []
    added = None   # the seat of an added kong until its replacement (M-13: it may be robbed first)
    for e in history[start:]:
        d = e["data"]
        k = e["kind"]
        if k == "draw" and d["from"] == "front":
            out.append((d["seat"], "摸牌" if zh else "draws"))
        elif k == "draw" and d["seat"] == added:
            out.append((d["seat"], "补牌" if zh else "draws a replacement"))
        elif k == "discard":
            out.append((d["seat"], ("打出 " if zh else "discards ") + name(d["tile"])))
        elif k == "meld":
            verb = {"chow": ("吃 ", "chows "), "pung": ("碰 ", "pungs "), "kong": ("明杠 ", "kongs ")}[d["kind"]]
            out.append((d["seat"], verb[0 if zh else 1] + name(d["tiles"])
                        + (" · 补牌" if zh and d["kind"] == "kong" else "")))   # M-9: a kong draws its replacement
        elif k == "kong" and d["kind"] == "concealed":
            out.append((d["seat"], "暗杠 · 补牌" if zh else "concealed kong"))
        elif k == "kong":
            out.append((d["seat"], f"加杠 {name(d['tiles'])}" if zh else f"added kong {name(d['tiles'])}"))
        elif k == "minglou":
            out.append((d["seat"], "明楼" if zh else "declares ready"))
        if k in ("meld", "kong"):
            added = d["seat"] if k == "kong" and d["kind"] == "added" else None
    return out


def test_the_game_log_lists_the_hands_discards_and_claims_in_both_languages(qa):
    """牌局记录 (SPEC §8.2): the newest twelve draws, discards, claims and kongs of the hand, each under its seat's
    name, checked line by line against the engine's own history, newest at the top as in the mockup, tagged
    你的回合 while the move is mine; a language switch rewords every line."""
    t = start(qa, seed=dealer_seed(1))
    me = t.my_seat()
    lines = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert wait_until(lambda: t.snap.get("my_turn") or t.results.get("rows"), 30)
        if t.results.get("rows"):
            break
        hist = t.wt.worker.state.view(me)["history"]   # the table waits for me: the state is still
        lines = _expected_log(hist, me, "zh")
        last = next((e for e in reversed(hist) if e["kind"] in ("discard", "meld")), None)
        if (len(lines) >= 14 and any("碰" in x or "吃" in x or "杠" in x for _, x in lines)
                and last is not None and last["kind"] == "discard"):   # its 最新 mark is checked below
            break
        sug = t.snap.get("suggest") or {}
        t.submit(sug.get("kind", "pass"), sug.get("arg") or "")
        wait(5)
    assert len(lines) >= 12, lines
    wait_frame(qa.window)
    rows = t.log_model.rows()
    assert [(r["name"], r["text"]) for r in rows] == [(t.name_of(s), x) for s, x in lines[-12:]]
    assert [r["mine"] for r in rows] == [s == me for s, _ in lines[-12:]]
    panel = qa.find("mjLog")
    assert panel.property("visible")
    assert qa.find("mjLogText_11").property("text") == rows[-1]["text"]
    ys = [qa.find(f"mjLogText_{i}").mapToScene(QPointF(0, 0)).y() for i in range(12)]
    assert all(abs(a - b - 22) < 0.5 for a, b in zip(ys, ys[1:])), ys    # newest on top, one line under another
    assert ys[11] < panel.mapToScene(QPointF(0, 60)).y(), ys
    assert any(r["text"] == "摸牌" for r in rows), rows   # a draw's line names no tile, mine neither
    tags = [x for x in qa.find_all("mjLogTag") if x.property("visible")]
    assert [x.property("text") for x in tags] == ["你的回合"], [x.property("text") for x in tags]
    assert tags[0].parentItem() is qa.find("mjLogText_11").parentItem()
    top = qa.find("mjLogText_11")
    assert top.mapToScene(QPointF(top.width(), 0)).x() <= tags[0].mapToScene(QPointF(0, 0)).x(), "text under tag"
    # the newest discard stays marked while I move (SPEC §8.2), its 最新 tag on a free spot beside it
    last = next(e["data"] for e in reversed(hist) if e["kind"] in ("discard", "meld"))
    assert "tile" in last, "the hand's last discard was claimed: pick a seed where it was not"
    pos = (last["seat"] - me) % 4
    marked = [(p, i) for p, sd in enumerate(t.board["seats"]) for i, x in enumerate(sd["river"]) if x["newest"]]
    assert marked == [(pos, len(t.board["seats"][pos]["river"]) - 1)], marked
    tag = qa.find("mjNewestTag")
    assert tag.property("visible") and tag.property("text") == "最新"
    # its log line is lit under the top line, as in the mockup: the last discard line, and no other
    lit = [i for i, r in enumerate(rows) if r["lit"]]
    assert lit == [max(i for i, (_, x) in enumerate(lines[-12:]) if x.startswith("打出"))], (lit, rows)
    tint = [i for i in range(12) if qa.find(f"mjLogText_{i}").parentItem().property("color").alpha() > 0]
    assert tint == sorted({lit[0], 11}), tint
    box = tag.mapRectToScene(QRectF(0, 0, tag.width(), tag.height()))
    for tile in qa.find_all("mjRiver_"):
        if tile.property("visible"):
            assert not box.intersects(tile.mapRectToScene(QRectF(0, 0, tile.width(), tile.height()))), \
                tile.objectName()
    shot(qa, "mahjong_game_log_zh")
    qa.settings.set("language", "en")
    try:
        want = [(t.name_of(s), x) for s, x in _expected_log(hist, me, "en")[-12:]]
        assert wait_until(lambda: [(r["name"], r["text"]) for r in t.log_model.rows()] == want, 10), \
            t.log_model.rows()
        wait_frame(qa.window)
        assert qa.find("mjLogText_0").property("text") == want[0][1]
        assert wait_until(lambda: [x.property("text") for x in qa.find_all("mjLogTag") if x.property("visible")]
                          == ["your turn"], 10)
        shot(qa, "mahjong_game_log_en")
    finally:
        qa.settings.set("language", "zh")


def _to_results(t) -> None:
    """Play the hand by the hint until its results show."""
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline and not t.results.get("rows"):
        assert wait_until(lambda: t.snap.get("my_turn") or t.results.get("rows"), 30)
        if not t.results.get("rows"):
            sug = t.snap.get("suggest") or {}
            t.submit(sug.get("kind", "pass"), sug.get("arg") or "")
            wait(5)
    assert t.results.get("rows"), "the first hand did not end in the time"


def _to_second_hand(qa, t) -> None:
    """Play the first hand by the hint, close its results, and wait for my first move of the second."""
    _to_results(t)
    t.nextSet()
    assert wait_until(lambda: t.snap.get("my_turn") and t.snap["view"].get("hand_no") == 2, 30)
    wait_frame(qa.window)


def test_the_game_log_of_a_new_hand_starts_at_its_deal(qa):
    """The next hand's log starts at its deal: its first discards are there, nothing of the last hand is."""
    t = start(qa, seed=dealer_seed(1))
    me = t.my_seat()
    _to_second_hand(qa, t)
    lines = _expected_log(t.wt.worker.state.view(me)["history"], me, "zh")
    assert lines, "nobody moved before me: pick a seed where I am not the next dealer"
    assert [(r["name"], r["text"]) for r in t.log_model.rows()] == [(t.name_of(s), x) for s, x in lines[-12:]]


def test_a_claim_on_offer_dims_all_but_the_discarder_his_discard_and_my_hand(qa):
    """SPEC §8.2 claim bar: while I am asked about a discard (M-7), the other seats' plates, rivers and hands
    step back to half; the discarder's plate, his discard and my own hand stay as they are."""
    t = start(qa)
    deadline = time.monotonic() + 120
    chows = _play_to_chow(qa, t, deadline, 1)
    assert chows
    src = t.snap["view"]["claim"]["from"]
    me = t.my_seat()
    plates = {p.property("seat")["seat"]: p for p in qa.find_all("seat_")
              if p.property("visible") and isinstance(p.property("seat"), dict)}
    assert set(plates) == {0, 1, 2, 3}, plates
    for seat, plate in plates.items():
        assert (plate.property("opacity") < 0.6) == (seat not in (me, src)), (seat, plate.property("opacity"))
    pos = (src - me) % 4
    river = t.board["seats"][pos]["river"]
    newest = qa.find(f"mjRiver_{pos}_{len(river) - 1}")
    assert newest.property("opacity") == 1.0 and river[-1]["newest"]
    older = [x for x in qa.find_all("mjRiver_") if x.property("visible") and x is not newest]
    assert older and all(x.property("opacity") < 0.6 for x in older)
    assert all(qa.find(f"mjEdge_{p}").property("opacity") < 0.6 for p in (1, 2, 3))
    assert qa.find("mjTile_0").property("opacity") == 1.0
    # the 吃 popover holds its whole line and leaves the bar's buttons free
    pop, label = qa.find("mjChowPop"), qa.find("mjChowLabel")
    assert label.x() + label.property("implicitWidth") <= pop.width() - 12
    box = pop.mapRectToScene(QRectF(0, 0, pop.width(), pop.height()))
    for b in ("claim_chow", "claim_pass"):
        btn = qa.find(b)
        assert btn.property("visible"), b
        assert not box.intersects(btn.mapRectToScene(QRectF(0, 0, btn.width(), btn.height()))), b
    assert not qa.find("mjClaimClock").property("visible")   # no move timer at this table: nothing counts down
    # the log's newest line is the discard on offer, tagged 等待表态 as the mockup's 牌局记录
    rows = t.log_model.rows()
    assert rows[-1]["seat"] == src and rows[-1]["text"].startswith("打出"), rows[-1]
    tags = [x for x in qa.find_all("mjLogTag") if x.property("visible")]
    assert [x.property("text") for x in tags] == ["等待表态"], [x.property("text") for x in tags]
    shot(qa, "mahjong_claim_dimmed")
    keys(qa, Qt.Key.Key_Escape)   # 过: the table comes back
    assert wait_until(lambda: not t.board.get("claimTile"), 10)
    wait_frame(qa.window)
    assert all(p.property("opacity") == 1.0 for p in plates.values())



def test_a_claim_counts_down_in_a_ring_right_of_the_bar(qa):
    """SPEC §8.2 claim bar: with the move timer on, a 44 px ring right of the bar counts down the seconds left to
    answer the discard (M-7) — the same figure as my plate's timer — and goes with the claim."""
    qa.settings.set("turnTimer", 30)
    t = start(qa)
    assert t.turnSecs >= 30
    ring, bar = qa.find("mjClaimClock"), qa.find("mjBar")
    assert not ring.property("visible")   # my own turn to discard: the timer is on my plate only
    assert _play_to_chow(qa, t, time.monotonic() + 120, 1)
    assert wait_until(lambda: ring.property("visible"), 5)
    wait_frame(qa.window)
    box = ring.mapRectToScene(QRectF(0, 0, ring.width(), ring.height()))
    bar_box = bar.mapRectToScene(QRectF(0, 0, bar.width(), bar.height()))
    assert (box.width(), box.height()) == (44, 44)
    assert 8 <= box.left() - bar_box.right() <= 24, (box, bar_box)
    assert abs(box.center().y() - bar_box.center().y()) <= 2, (box, bar_box)
    secs = qa.find("mjClaimSecs")
    plate = qa.find("seat_0")
    first = int(secs.property("text"))
    assert 0 < first <= t.turnSecs
    assert wait_until(lambda: int(secs.property("text")) < first, 5), "the ring does not count down"
    wait_frame(qa.window)
    assert wait_until(lambda: secs.property("text") == str(plate.property("shownSecs")), 2), \
        (secs.property("text"), plate.property("shownSecs"))   # the figure my plate shows
    for item in qa.find_all("mjRiver_") + qa.find_all("mjTile_") + [qa.find("mjClaimTag")]:
        if item.property("visible"):
            assert not box.intersects(item.mapRectToScene(QRectF(0, 0, item.width(), item.height()))), \
                item.objectName()
    shot(qa, "mahjong_claim_clock")
    keys(qa, Qt.Key.Key_Escape)   # 过: the ring goes with the claim
    assert wait_until(lambda: not ring.property("visible"), 10)

def test_each_plate_shows_its_seats_running_total(qa):
    """SPEC §8.2: the running total on every seat plate, mint above 0 and coral below (M-18a: they add up to 0)."""
    t = start(qa, seed=8)   # 王磊 deals first (dealer_seed(1) would do, but its first hand pays nobody)
    _to_second_hand(qa, t)
    totals = t.snap["view"]["totals"]
    assert any(totals), "nobody scored in the first hand: pick another seed"
    shown = {}
    for p in qa.find_all("seat_"):
        row = p.property("seat")
        if p.property("visible") and isinstance(row, dict):
            label = next(x for x in p.findChildren(QQuickItem) if x.objectName() == "plateTotal")
            assert label.property("visible")
            shown[row["seat"]] = label.property("text")
    want = {s: f"{v:+d}" if v else "0" for s, v in enumerate(totals)}   # as the top bar writes them
    assert shown == want and sum(totals) == 0
    _check_hand_counts(qa, t)
    shot(qa, "mahjong_plate_totals")


def _check_hand_counts(qa, t) -> list[int]:
    """SPEC §8.2: each other seat's plate reads 手牌 N (M-10: his concealed tiles, as the view counts them) under
    his total, never the card tables' pill with its amber 剩N (a Gouji warning, G-69). The counts seen."""
    counts = t.snap["view"]["counts"]
    seen = []
    for p in qa.find_all("seat_"):
        row = p.property("seat")
        if not (p.property("visible") and isinstance(row, dict)) or row["me"]:
            continue
        kids = {x.objectName(): x for x in p.findChildren(QQuickItem) if x.objectName()}
        assert kids["plateCount"].property("visible"), row["seat"]
        assert kids["plateCount"].property("text") == f"手牌 {counts[row['seat']]}", kids["plateCount"].property("text")
        assert not kids["countPill"].property("visible"), row["seat"]
        total, count = (kids[k].mapRectToScene(QRectF(0, 0, kids[k].width(), kids[k].height()))
                        for k in ("plateTotal", "plateCount"))
        assert total.bottom() <= count.top(), (total, count)   # the total over the count
        seen.append(counts[row["seat"]])
    assert len(seen) == 3, seen
    return seen


def _scene_x(item, x: float = 0.0) -> float:
    return float(item.mapToScene(QPointF(x, 0)).x())


def _hand_span(qa) -> tuple[float, float]:
    """The scene x of my hand row's left edge and of its right edge (the drawn tile and the melds included)."""
    tiles = [x for x in qa.find_all("mjTile_") if x.property("visible")]
    left = min(_scene_x(x) for x in tiles)
    right = max(_scene_x(x, x.property("width")) for x in tiles)
    melds = qa.find("mjMyMelds")
    if melds.property("width") > 0:
        right = max(right, _scene_x(melds, melds.property("width")))
    return left, right


def test_my_hand_lies_along_the_bottom_edge_beside_my_plate(qa):
    """SPEC §8.2 / the mockup: the own hand (the drawn tile apart, the melds beside it) runs along the table's
    bottom edge from just right of my plate (bottom left), never on it, and ends inside the felt's rim, whether
    it holds 14 tiles, 13 or fewer with melds."""
    t = start(qa)
    board = qa.find("mahjongBoard")
    plate = qa.find("seat_0")
    plate_right = _scene_x(plate, plate.property("width"))
    felt_right = _scene_x(board, board.property("cx") + 644 - 16)   # the felt's box (SPEC §8.2) less its rim
    seen = drawn_seen = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and seen < 4:
        assert wait_until(lambda: t.snap.get("my_turn") or t.results.get("rows"), 30)
        if t.results.get("rows"):
            break
        wait_frame(qa.window)
        left, right = _hand_span(qa)
        assert plate_right + 8 <= left <= plate_right + 60 and right <= felt_right, \
            (plate_right, left, right, felt_right, len(t.board.get("hand") or []))
        # the drawn tile, set apart, says so (摸牌), and no other tile does
        labels = [x for x in qa.find_all("mjDrawnLabel") if x.property("visible")]
        if t.board.get("drawn"):
            assert [x.property("text") for x in labels] == ["摸牌"], labels
            drawn = qa.find(f"mjTile_{len(t.board['hand'])}")
            assert abs(_scene_x(labels[0], labels[0].property("width") / 2)
                       - _scene_x(drawn, drawn.property("width") / 2)) < 1
            drawn_seen += 1
        else:
            assert labels == []
        seen += 1
        sug = t.snap.get("suggest") or {}
        n = t.snap["n_actions"]
        t.submit(sug.get("kind", "pass"), sug.get("arg") or "")
        assert wait_until(lambda n=n: t.snap.get("n_actions", 0) > n, 10)
    assert seen >= 2 and drawn_seen >= 1, "too few of my moves to look at"
    shot(qa, "mahjong_hand_beside_plate")


def test_a_hands_results_show_no_place_column(qa):
    """A Mahjong hand has a winner, not an order of places (M-16a, M-20): its results name no places, so the
    Place column the card games fill is not shown empty; the score and running total are."""
    t = start(qa)
    _to_results(t)
    wait_frame(qa.window)
    assert all(r["place"] == "" for r in t.results["rows"]), t.results["rows"]
    assert not qa.find("resultsPlaceHead").property("visible")
    shot(qa, "mahjong_results_no_place")


def _my_badges(qa, t) -> list[str]:
    """The badge chips shown on my own plate (a Repeater's chips are the plate's items, not its QObject children)."""
    me = t.my_seat()
    plate = next(p for p in qa.find_all("seat_") if p.property("visible") and isinstance(p.property("seat"), dict)
                 and p.property("seat")["seat"] == me)
    out = []
    for chip in qa.find_all("plateBadge"):
        up = chip.parentItem()
        while up is not None and up is not plate:
            up = up.parentItem()
        if up is plate and chip.property("visible"):
            out.append(chip.property("text"))
    return out


def test_my_plate_says_ready_while_my_hand_is_ready(qa):
    """The mockup's 听牌 on my own plate and 你的听张 under the tile counter: shown exactly while my 13-tile hand
    waits on something (M-11a), in either language; played by the hint until the hand is ready."""
    t = start(qa, seed=dealer_seed(0))
    for _ in my_turns(t, 120, "my hand ready"):
        wait_frame(qa.window)
        ready = bool((t.snap["view"].get("ting") or {}).get("waits"))
        assert ("听牌" in _my_badges(qa, t)) == ready, (_my_badges(qa, t), t.snap["view"].get("ting"))
        # the counter marks the waits, with its key (你的听张) shown exactly then
        assert qa.find("mjWaitKey").property("visible") == ready
        if ready:
            shot(qa, "mahjong_plate_ready_zh")
            qa.settings.set("language", "en")
            try:
                assert wait_until(lambda: "Ready" in _my_badges(qa, t), 10), _my_badges(qa, t)
                shot(qa, "mahjong_plate_ready_en")
            finally:
                qa.settings.set("language", "zh")
            return
        sug = t.snap.get("suggest") or {}
        n = t.snap["n_actions"]
        t.submit(sug.get("kind", "pass"), sug.get("arg") or "")
        assert wait_until(lambda n=n: t.snap.get("n_actions", 0) > n, 20)


def test_whom_the_table_waits_for_sits_beside_the_ready_pill(qa):
    """While my ready hand (M-11a) waits on the others, the 听 pill and the line naming whom the table waits for
    share the bar side by side: the table's own centred status line steps aside for the board's."""
    cfg = quick_config("mahjong", seed=dealer_seed(0), pace_ms=150, save=False)
    t = qa.table
    t.start(cfg)
    qa.set_screen("table")
    for _ in my_turns(t, 180, "a ready hand waiting on the others"):
        sug = t.snap.get("suggest") or {}
        n = t.snap["n_actions"]
        t.submit(sug.get("kind", "pass"), sug.get("arg") or "")
        assert wait_until(lambda n=n: t.snap.get("n_actions", 0) > n, 20)
        if t.snap.get("my_turn") or not (t.board.get("ting") or {}).get("text"):
            continue
        wait_frame(qa.window)
        status, ting = qa.find("mjStatus"), qa.find("mjTing")
        if not (status.property("visible") and ting.property("visible")):
            continue   # the turn came back to me meanwhile
        assert status.property("text") == t.status and t.status.startswith("等待")
        assert not qa.find("barStatus").property("visible")
        a, b = QRectF(status.mapToScene(QPointF(0, 0)), status.size()), QRectF(ting.mapToScene(QPointF(0, 0)), ting.size())
        assert a.right() <= b.left(), (a, b)   # side by side, the line first
        assert abs(a.center().y() - b.center().y()) < 2
        shot(qa, "mahjong_ready_waiting_status")
        return


def _named(root, name: str) -> list:
    out, stack = [], [root]
    while stack:
        it = stack.pop()
        if it.objectName() == name and it.isVisible():
            out.append(it)
        stack.extend(it.childItems())
    return out


_HUES = {"#1f5fa8": (31, 95, 168), "#1e7a4c": (30, 122, 76), "#c62828": (198, 40, 40)}


def _hue_pixels(img, rect: QRectF, rgb: tuple[int, int, int]) -> int:
    n = 0
    for y in range(int(rect.top()), int(rect.bottom())):
        for x in range(int(rect.left()), int(rect.right())):
            c = img.pixelColor(x, y)
            n += abs(c.red() - rgb[0]) < 40 and abs(c.green() - rgb[1]) < 40 and abs(c.blue() - rgb[2]) < 40
    return n


def test_tiles_draw_dots_and_sticks_and_the_counter_its_digits(qa):
    """SPEC §8.2: 饼 are ringed circles and 条 jointed sticks in the classic patterns (red at the centre of
    5/7/9 条), 万 the red numeral over 万; the counter's cells are the rank digit in the suit's colour. Checked
    on the real table in both languages: the pips' count and colours, and those colours in the drawn pixels."""
    t = start(qa)
    for lang in ("zh", "en"):
        qa.settings.set("language", lang)
        wait_frame(qa.window)
        img = qa.window.grabWindow()
        seen: set[str] = set()
        for i, f in enumerate(t.board["hand"]):
            item = qa.find(f"mjTile_{i}")
            tile = f["tile"]
            rect = item.mapRectToScene(QRectF(0, 0, item.width(), item.height()))
            pips = _named(item, "mjPip")
            if tile[-1] in "ps":
                seen.add(tile[-1])
                assert len(pips) == int(tile[0]), (tile, len(pips))
                hues = {p.property("c").name() for p in pips}
                if tile[-1] == "s" and tile[0] in "579":
                    assert "#c62828" in hues, (tile, hues)
                for h in hues:
                    assert _hue_pixels(img, rect, _HUES[h]) > 8, (tile, h, lang)
            else:
                assert pips == [], tile
                if tile[-1] == "m":
                    assert _hue_pixels(img, rect, _HUES["#c62828"]) > 8, (tile, lang)   # the red numeral
                    assert _hue_pixels(img, rect, _HUES["#1f5fa8"]) == 0, tile
        digits = [d.property("text") for d in _named(qa.find("mjCounter"), "mjTileDigit")]
        assert sorted(digits) == sorted([str(n) for n in range(1, 10)] * 3), digits
        key = {"zh": "万 饼 条 按 1–9", "en": "Rows: crak, dot, bam · 1–9"}[lang]   # the rows' key, as the mockup's
        assert qa.find("mjCounterKey").property("text") == key
        what = qa.find("mjCounterWhat")   # what the figures count, under the title as in the mockup, read whole
        assert what.property("text") == {"zh": "未见张数 · 不含你的手牌与明牌",
                                         "en": "Copies you have not seen"}[lang]
        assert not what.property("truncated"), what.property("text")
        shot(qa, f"mahjong_tile_faces_{lang}")
    assert seen, "a hand with neither 饼 nor 条"


def _drawn_rects(item) -> list[QRectF]:
    """What an item draws, on the screen: the bounds of each visible leaf under it (a tile, a back, a label), not
    the box around them all (a meld's box keeps room for a label it may not show)."""
    kids = [c for c in item.childItems() if c.isVisible() and c.width() > 0 and c.height() > 0]
    if not kids:
        return [_scene_rect(item)]
    return [r for c in kids for r in _drawn_rects(c)]


def _scene_rect(item) -> QRectF:
    """An item's bounds on the screen, turned as its river is (a multiple of 90°)."""
    w, h = item.property("width"), item.property("height")
    ps = [item.mapToScene(QPointF(x, y)) for x, y in ((0, 0), (w, 0), (0, h), (w, h))]
    xs, ys = [p.x() for p in ps], [p.y() for p in ps]
    return QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def test_a_long_hands_rivers_stay_clear_of_the_plates_and_each_other(qa):
    """A drawn hand (M-16, seed 29: 20, 21, 23 and 20 discards) fills every river past two rows of six: the third
    row takes the rest, so no river tile lies on a seat plate, on the dial or on another river; the results show
    every hand with the ready ones' waits, and 看牌桌 folds them away to show that board, every hand face up; a
    click brings them back."""
    t = qa.table
    t.start(quick_config("mahjong", seed=29, pace_ms=0, pause_at_results=True, save=False))
    qa.set_screen("table")
    assert wait_until(lambda: bool(t.snap), 20)
    wait_frame(qa.window)
    click_item(qa, qa.find("btnAuto"))
    assert wait_until(lambda: bool(t.results.get("rows")), 240), "the hand never ended"
    click_item(qa, qa.find("autoPill"))
    assert wait_until(lambda: not t.autoPlay, 10)
    wait_frame(qa.window)
    lengths = [len(s["river"]) for s in t.board["seats"]]
    assert min(lengths) >= 19, lengths   # every river has a third row longer than six
    tiles = {p: [qa.find(f"mjRiver_{p}_{i}") for i in range(n)] for p, n in enumerate(lengths)}
    rects = {p: [_scene_rect(x) for x in xs] for p, xs in tiles.items()}
    plates = [_scene_rect(qa.find(f"seat_{p}")) for p in range(4)]
    dial = _scene_rect(qa.find("mjDial"))
    # every hand lies face up at the end, along its edge (the other seats' hands and melds), and my own row
    hands = [(f"mjEdge_{p}", _scene_rect(qa.find(f"mjEdge_{p}"))) for p in (1, 2, 3)]
    hands += [(x.objectName(), _scene_rect(x)) for name in ("mjTile_", "mjMyMelds")
              for x in qa.find_all(name) if x.isVisible() and x.property("width") > 0]
    assert all(h.width() > 30 and h.height() > 30 for _, h in hands[:3]), hands[:3]
    assert len(hands) >= 3 + 4, len(hands)
    drawn = {f"mjEdge_{p}": _drawn_rects(qa.find(f"mjEdge_{p}")) for p in (1, 2, 3)}
    drawn.update({name: [h] for name, h in hands[3:]})
    # the tutor's line where it sits, as tall as it can grow (the guide button, 8 px, seven lines of 13 px text and
    # the box): were the tutor on, it would lie on no river, hand or plate
    bar = qa.find("tutorBar")
    bottom = bar.property("y") + bar.property("height")
    tutor = bar.parentItem().mapRectToScene(QRectF(bar.property("x"), bottom - 200, bar.property("width"), 200))
    for p, rs in rects.items():
        for i, r in enumerate(rs):
            assert not r.intersects(dial), (p, i)
            assert not r.intersects(tutor), f"river {p} tile {i} lies under the tutor's line"
            for q, plate in enumerate(plates):
                assert not r.intersects(plate), f"river {p} tile {i} lies on seat {q}'s plate"
            for name, xs in drawn.items():
                assert not any(r.intersects(x) for x in xs), f"river {p} tile {i} lies on {name}"
            for q, other in rects.items():
                if q != p:
                    assert not any(r.intersects(o) for o in other), f"river {p} tile {i} lies on river {q}"
    assert not any(tutor.intersects(h) for _, h in hands) and not any(tutor.intersects(p) for p in plates)
    # a seat down to 10 tiles or fewer (his melds laid down) reads 手牌 N like any other: no amber 剩N here
    assert min(_check_hand_counts(qa, t)) <= 10
    # the ▸ at the newest discard (王磊's last, in his river's third row) lies on no hand either
    pointers = [_scene_rect(x) for x in qa.find_all("mjNewestPointer") if x.property("visible")]
    assert len(pointers) == 1, pointers
    for name, h in hands:
        assert not pointers[0].intersects(h), f"the newest discard's pointer lies on {name}"
    # no seat's hand lies on a plate, and a side seat with one or two melds shows them at SPEC's 34 (its column has
    # room for them at that size)
    for name, h in hands[:3]:
        assert not any(h.intersects(p) for p in plates), name
    for p in (1, 3):
        melds = t.board["seats"][p]["melds"]
        sizes = {x.property("w") for x in qa.find_all(f"mjMeldTile_{p}") if x.isVisible()}
        assert len(melds) > 2 or sizes <= {34}, (p, len(melds), sizes)
    assert any(0 < len(t.board["seats"][p]["melds"]) <= 2 for p in (1, 3))   # the walls show a side seat's melds
    # the third row runs on in a line: tile 18 sits beside tile 17, not under it
    third = [r.center() for r in rects[0][12:]]
    assert len({round(c.y()) for c in third}) == 1 and third[-1].x() > third[0].x() + 34 * (len(third) - 2)
    assert qa.find("resultsBox").property("visible")
    # the drawn hand's results show every hand (M-16), and the waits of each ready one as the oracle finds them
    from engine.mahjong import Rules
    shown = t.results["detail"]["shown"]
    rows = [r for r in qa.find_all("drawnHand") if r.property("visible")]
    assert len(shown) == 4 and len(rows) == 4
    ready = 0
    for item in rows:
        row = item.property("modelData")
        hand = "".join(x["tile"] for x in row["tiles"])
        melds = ["".join(x["tile"] for x in m) for m in row["melds"]]
        want = sorted(str(w) for w in Rules().waits(hand, melds))
        assert sorted(x["tile"] for x in row["waits"]) == want, (row["name"], hand, melds)
        waits_item = next(x for x in qa.find_all("drawnWaits") if x.parentItem() is item)
        assert waits_item.property("visible") == bool(want)
        ready += bool(want)
    assert sorted(r.property("modelData")["name"] for r in rows) == sorted(r["name"] for r in shown)
    assert sum(len(r["tiles"]) for r in shown) > 13, "the other seats' hands are not shown"
    shot(qa, "mahjong_drawn_hand_results")
    qa.settings.set("language", "en")
    try:
        assert wait_until(lambda: t.results["detail"]["shown"][0]["ready"] == "Ready", 10)
        wait_frame(qa.window)
        shot(qa, "mahjong_drawn_hand_results_en")
    finally:
        qa.settings.set("language", "zh")
    click_item(qa, qa.find("btnPeekTable"))
    assert wait_until(lambda: not qa.find("resultsBox").property("visible"), 10)
    wait_frame(qa.window)
    # the ended board lies open (M-16): every other hand face up, no backs, and nobody is waited for
    board = t.board
    for p in range(1, 4):
        assert board["seats"][p]["backs"] == 0 and len(board["seats"][p]["shown"]) == board["seats"][p]["count"]
    assert t.status == "" and not qa.find("mjStatus").property("visible")
    assert not qa.find("mjTing").property("visible")   # the hand is over: nobody is ready any more
    # nor is anything on offer, or any phase under way: the last discard's claim round ended with the hand
    assert not qa.find("mjClaimTag").property("visible") and t.phaseLabel == ""
    assert not [x for x in qa.find_all("mjLogTag") if x.property("visible")]
    # the top seat's meld labels ride up onto his melds, clear of his river's third row (a long hand)
    labels = [_scene_rect(x) for x in qa.find_all("mjMeldLabel_2") if x.isVisible()]
    assert t.board["seats"][2]["melds"] and len(t.board["seats"][2]["river"]) > 12
    assert labels and not any(x.intersects(r) for x in labels for rs in rects.values() for r in rs), labels
    shot(qa, "mahjong_long_rivers_peek")
    click_item(qa, qa.find("mahjongBoard"))   # a click anywhere brings the results back
    assert wait_until(lambda: qa.find("resultsBox").property("visible"), 10)
    assert t.results.get("rows"), "the results went away"


def test_a_kong_i_may_rob_is_offered_as_an_added_kong_in_both_languages(qa):
    """M-13: 王磊 adds the fourth tile to his pung and it completes my hand. The prompt says he added it (加杠),
    not that he discarded it, and offers 胡 and 过; his tile is in no river, so nothing there is marked as the
    claim. Seed 1263 with 高手 bots: my seat plays as the same bot would (desktop.bots, seed × 10), and in the
    second hand the rob comes (found by playing the seeds headless)."""
    from desktop.bots import make_bot
    t = start(qa, seed=1263, levels={i: 2 for i in range(4)})
    me = t.my_seat()
    bot = make_bot(2, seed=1263 * 10 + me, game="mahjong")
    st = t.wt.worker.state
    for _ in my_turns(t, 240, "a kong I may rob"):
        legal = list(st.legal_actions(me))
        if st.round is not None and st.round.kind == "rob":
            break
        a = bot.choose(st.view(me), legal).action
        n = t.snap["n_actions"]
        t.submit(a.kind, a.arg or "")
        assert wait_until(lambda n=n: t.snap.get("n_actions", 0) > n, 20)
    wait_frame(qa.window)
    claim = t.snap["view"]["claim"]
    assert claim["kind"] == "rob" and {c["kind"] for c in t.board["claims"]} == {"win", "pass"}
    text = qa.find("mjClaimText")
    who, tile = t.name_of(claim["from"]), t.board["claimTile"]["tile"]
    assert qa.find("mjClaimTag").property("visible") and qa.find("claim_win") is not None
    assert text.property("text") == f"{who} 加杠 {tile_name(tile, 'zh')}", text.property("text")
    # what the win pays, and who: the kong-maker, as a discarder (M-13, M-20)
    line, box, log = qa.find("mjWinLine"), qa.find("mjWinPreview"), qa.find("mjLog")
    value = t.snap["view"]["win_offer"]["value"]
    assert "抢杠胡" in line.property("text") and line.property("text").endswith(f"加杠者付 {value}")

    def clear_of_the_log() -> None:   # the preview and the prompt stay left of the right column
        edge = log.mapToScene(QPointF(0, 0)).x()
        for item in (box, qa.find("mjClaimTag")):
            assert item.mapToScene(QPointF(item.width(), 0)).x() < edge, (item.objectName(), edge)

    clear_of_the_log()
    shot(qa, "mahjong_rob_prompt_zh")
    qa.settings.set("language", "en")
    try:
        assert wait_until(lambda: text.property("text").endswith(" to a pung"), 10), text.property("text")
        assert wait_until(lambda: line.property("text").endswith(f"kong-maker pays {value}"), 10)
        wait_frame(qa.window)
        clear_of_the_log()
        shot(qa, "mahjong_rob_prompt_en")
    finally:
        qa.settings.set("language", "zh")


def _hint_line(qa, t, what: str, wanted) -> tuple[dict, str]:
    """Play the suggested moves until ``wanted(board)`` holds on my turn, then press H: the hint and its line."""
    for _ in my_turns(t, 90, what):
        if not wanted(t.board):
            sug = t.snap.get("suggest") or {}
            t.submit(sug.get("kind", "pass"), sug.get("arg") or "")
            wait(5)
            continue
        keys(qa, Qt.Key.Key_H)
        wait_frame(qa.window)
        toast = qa.find("toastText")
        assert wait_until(lambda toast=toast: toast.property("text").startswith("提示 · "), 5), toast.property("text")
        return t.board["hint"], toast.property("text")
    raise AssertionError(what)


def test_h_lifts_the_hinted_discard_and_says_what_it_leaves(qa):
    """提示 on one's own move lifts the tile the strong hint would throw and says, in a line whose rule id opens
    the rules, what throwing it leaves: the shanten and the 有效牌, or the waits (M-11a) — the review's words."""
    t = start(qa)
    hint, text = _hint_line(qa, t, "a discard hinted", lambda b: (b.get("hint") or {}).get("kind") == "discard")
    assert text.startswith("提示 · 打" + tile_name(hint["arg"], "zh")), (text, hint)
    assert text.endswith("(M-11a)") and ("有效牌" in text or "：听 " in text), text
    assert qa.find("mahjongBoard").property("picked") == hint["arg"]
    shot(qa, "mahjong_hint_why")


def test_h_on_a_discard_i_may_claim_says_what_the_hinted_answer_leaves(qa):
    """提示 on a discard I may claim names the answer with what it leaves: 提示 · 碰九饼后打北：… or 提示 · 过：…
    (M-6 … M-8, M-11a)."""
    t = start(qa)
    hint, text = _hint_line(qa, t, "a claim hinted", lambda b: bool(
        b.get("claims") and b.get("claimTile") and (b.get("hint") or {}).get("kind") in ("chow", "pung", "pass")))
    assert text.startswith({"chow": "提示 · 吃", "pung": "提示 · 碰", "pass": "提示 · 过："}[hint["kind"]]), (text, hint)
    assert text.endswith("(M-11a)"), text
