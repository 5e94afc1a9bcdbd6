"""Each table shows the game through a presenter of its own (``desktop.games.table_presenter``): the Mahjong
presenter remembers the newest discard from the events it showed (SPEC §8.2's 最新 mark), so two tables in one
process, as a LAN host's app and a guest's in the tests, must not mark each other's discards."""

from __future__ import annotations

from typing import Any

from mahjong_helpers import act, pass_round, table

from desktop.games import presenter, table_presenter


class Board:
    """The table side of ``Shows``, keeping what the presenter asked of it."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, Any]] = []

    def name_of(self, seat: int) -> str:
        return f"P{seat}"

    def pos_of(self, seat: int) -> int:
        return seat

    def fly(self, kind: str, src: int, dst: int, faces: list[Any], face_up: bool) -> None:
        self.asked.append(("fly", kind))

    def tribute_flight(self, *args: Any, **kw: Any) -> None:
        self.asked.append(("tribute", args))

    def say(self, text: str) -> None:
        self.asked.append(("say", text))

    def tag_cards(self, cards: list[str]) -> None:
        self.asked.append(("tag", cards))

    def ring(self, sound: str) -> None:
        self.asked.append(("ring", sound))

    def clear_last(self) -> None:
        self.asked.append(("clear", None))

    def log(self, seat: int, entry: Any) -> None:
        self.asked.append(("log", entry))


def newest(board: dict[str, Any]) -> list[tuple[int, int]]:
    return [(s["pos"], i) for s in board["seats"] for i, t in enumerate(s["river"]) if t.get("newest")]


def test_two_tables_do_not_share_the_newest_discard():
    a, b = table_presenter("mahjong"), table_presenter("mahjong")
    assert a is not b and presenter("mahjong") not in (a, b)
    st = table(["123m 456m 789m 123p 5s 9s", "234p 567p 888p 99p 6s 7s", "EEE SSS WWW NN C F",
                "CC FF BBB 1s 2s 3s 4s 99m"], front="1m 2m 3m 4m 5m 6m", dealer=0)
    act(st, 0, "discard", "9s")
    pass_round(st)                       # nobody claims it (M-7): it lies in seat 0's river, the newest discard
    view = st.view(0)
    assert [t for t in view["rivers"][0]] == ["9s"], view["rivers"]
    shown = Board()
    a.on_event(shown, "discard", {"kind": "discard", "seat": 0, "tile": "9s"}, {}, "zh")   # only table a shows it
    assert ("fly", "tile") in shown.asked
    assert newest(a.board_view(view, {"seat": 0}, "zh", str)) == [(0, 0)]
    assert newest(b.board_view(view, {"seat": 0}, "zh", str)) == []
    assert newest(presenter("mahjong").board_view(view, {"seat": 0}, "zh", str)) == []


def test_the_top_bar_names_the_circle_the_hand_and_its_dealer():
    """The mockup's top bar, 东风圈 · 第3局 · 庄 刘强: the circle's wind (M-18: a circle ends when the deal passes
    back to the first dealer, so a "one_circle" match is all 东风圈), the hand, the dealer by name."""
    from desktop import i18n
    from engine.mahjong import Rules, State

    pres = presenter("mahjong")
    st = State(Rules(match="hands", match_hands=8, dealer_rotation="always_next"), seed=4)
    zh, en = i18n.strings("zh"), i18n.strings("en")
    name = Board().name_of
    assert pres.match_label({"view": st.view(0)}, zh, name) == f"东风圈 · 第1局 · 庄 P{st.dealer}"
    assert pres.match_label({"view": st.view(0)}, en, name) == f"East round · Hand 1 · Dealer P{st.dealer}"
    first = st.dealer
    while st.hand_no < 5:                # four hands later the deal is back with the first dealer: 南风圈
        la = st.legal_actions(st.to_act)
        wins = [a for a in la if a.kind == "win"]
        st.apply(wins[0] if wins else la[0])
    assert st.dealer == first
    assert pres.match_label({"view": st.view(2)}, zh, name) == f"南风圈 · 第5局 · 庄 P{first}"
    assert pres.match_label({"view": st.view(2)}, en) == "South round · Hand 5"
    assert pres.match_label({"view": {"hand_no": 13, "circle": 3}}, zh) == "北风圈 · 第13局"


def test_every_log_line_words_its_entry_in_both_languages():
    """牌局记录's words for each kind of line: a kong of any kind draws its replacement (M-9), and the Chinese
    line says so (补牌), as the mockup's 暗杠 · 补牌 — an added kong on a line of its own, since it may be robbed
    first (M-13); a run is named digit by digit, a pung or kong by its tile."""
    pres = presenter("mahjong")
    lines = [({"kind": "draw"}, "摸牌", "draws"),
             ({"kind": "discard", "tile": "5m"}, "打出 五万", "discards 5 crak"),
             ({"kind": "chow", "tiles": "5m 6m 7m"}, "吃 五六七万", "chows 5-6-7 crak"),
             ({"kind": "pung", "tiles": "3p 3p 3p"}, "碰 三饼", "pungs 3 dot"),
             ({"kind": "kong", "tiles": "E E E E"}, "明杠 东 · 补牌", "kongs East"),
             ({"kind": "added", "tiles": "9s 9s 9s 9s"}, "加杠 九条", "added kong 9 bam"),
             ({"kind": "replacement"}, "补牌", "draws a replacement"),   # the added kong was not robbed (M-13)
             ({"kind": "concealed"}, "暗杠 · 补牌", "concealed kong")]
    for entry, zh, en in lines:
        assert (pres.log_text(entry, "zh"), pres.log_text(entry, "en")) == (zh, en), entry


ROB_DEAL = (["5m 1p 2p 3p 4p 6p 7p 8p 9p 1s 2s 3s 4s 9s", "5m 5m 1m 1m 9m 9m E E S S W W N",
             "C C F F B B 2s 2s 8s 8s 6m 7m 8m", "3m 4m 6p 6p 6p 7s 8s 9s 2p 2p 2p 5s 5s"], "9p 9p 9p 5m")


def _to_added_kong(st: Any, shown: Board | None = None) -> None:
    """Seat 1 pungs seat 0's 5m, then draws the fourth 5m and adds it to the pung (M-9): seat 3, waiting on it
    (34m), may rob it (M-13). With ``shown``, every event seat 0 sees goes through a presenter's on_event."""
    pm = table_presenter("mahjong")

    def do(seat: int, kind: str, arg: str | None = None) -> None:
        for e in act(st, seat, kind, arg):
            if shown is not None and e.visible_to(0):
                j = e.to_json()
                pm.on_event(shown, j["kind"], j["data"], {}, "zh")

    def answer_all() -> None:
        while st.round is not None:
            do(st.to_act, "pass")

    do(0, "discard", "5m")
    do(1, "pung", "555m")
    answer_all()
    do(1, "discard", "N")
    answer_all()
    for _ in range(3):                   # seats 2, 3 and 0 throw what they draw; seat 3's M-14 lock ends
        do(st.to_act, "discard", str(st.drawn))
        answer_all()
    do(1, "kong", "5555m")
    do(2, "pass")                        # every other seat is asked in turn, able or not (M-13)
    if shown is not None:
        answer_all()                     # nobody robs it: seat 1 draws its replacement


def test_an_added_kong_logs_its_replacement_only_once_nobody_robbed_it():
    """M-13: while an added kong may still be robbed, its log line says 加杠 only; its 补牌 comes as a line of
    its own when the replacement is drawn (a robbed kong draws none)."""
    st = table(ROB_DEAL[0], front=ROB_DEAL[1], dealer=0)
    shown = Board()
    _to_added_kong(st, shown)
    logged = [e["kind"] for k, e in shown.asked if k == "log"]
    assert logged[-2:] == ["added", "replacement"], logged
    assert logged.count("replacement") == 1 and st.to_act == 1 and st.drawn is not None


def test_the_claim_prompt_says_whether_the_tile_was_discarded_or_added_to_a_kong():
    """M-7 / M-13: the prompt names what the seat did with the tile on offer — 打出 for a discard, 加杠 for the
    fourth tile of an added kong that seat 3 may rob (the tile never lay in a river)."""
    st = table(ROB_DEAL[0], front=ROB_DEAL[1], dealer=0)
    act(st, 0, "discard", "5m")
    pm = presenter("mahjong")

    def prompt(seat: int, lang: str) -> str:
        snap = {"seat": seat, "my_turn": True, "fixed": [{"kind": a.kind, "arg": a.arg} for a in
                                                         st.legal_actions(seat)]}
        return str(pm.board_view(st.view(seat), snap, lang, lambda s: f"P{s}")["claimText"])

    assert st.to_act == 1 and prompt(1, "zh") == "P0 打出 五万" and prompt(1, "en") == "P0 discards 5 crak"
    st = table(ROB_DEAL[0], front=ROB_DEAL[1], dealer=0)
    _to_added_kong(st)
    assert st.to_act == 3 and st.view(3)["claim"]["kind"] == "rob"
    assert prompt(3, "zh") == "P1 加杠 五万" and prompt(3, "en") == "P1 adds 5 crak to a pung"


def test_the_win_screen_gives_each_kong_its_own_line_so_the_payments_add_up():
    """M-22: MX-18's concealed kong is paid 2 by each other seat beside the 杠上开花 win (M-20, 4 from each); the
    win screen says so in a line of its own, else the winner's +18 would not add up. A kong on a discard names
    the discarder, who pays 3."""
    st = table(["1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s",
                "5m 6m 7m 8m 9m 1s 2s 3s 4s 6s 7s 8s S",
                "5m 6m 7m 8m 9m 1s 2s 3s 6s 7s 8s 9s S",
                "1111m 234p 567p 789s 5s"], back="5s", dealer=3)
    act(st, 3, "kong", "1111m")
    end = next(e for e in act(st, 3, "win") if e.kind == "hand_end").data
    pm = presenter("mahjong")
    name = {0: "王磊", 1: "陈静", 2: "刘强", 3: "海风"}.__getitem__
    zh, en = (pm.results_detail_rows(end, lang, name) for lang in ("zh", "en"))
    assert zh["kongs"] == ["海风 暗杠 +6 · 每家付 2"] and en["kongs"] == ["海风 concealed kong +6 · each pays 2"]
    assert [p["pay"] for p in zh["payments"]] == [-6, -6, -6, 18]
    assert [w["paid"] for w in zh["wins"]] == ["每家付 4"] and [w["paid"] for w in en["wins"]] == ["each pays 4"]
    exposed = dict(end, kongs=[{"seat": 1, "kind": "exposed", "from": 3, "pays": [0, 3, 0, -3]},
                               {"seat": 2, "kind": "added", "from": None, "pays": [-1, -1, 3, -1]}])
    assert pm.results_detail_rows(exposed, "zh", name)["kongs"] == ["陈静 明杠 +3 · 海风 付 3",
                                                                     "刘强 加杠 +3 · 每家付 1"]
    assert pm.results_detail_rows(exposed, "en", name)["kongs"] == ["陈静 exposed kong +3 · 海风 pays 3",
                                                                     "刘强 added kong +3 · each pays 1"]
    assert pm.results_detail_rows(dict(end, kongs=[]), "zh", name)["kongs"] == []


def test_the_score_sheet_names_each_hands_dealer_winner_and_how_it_was_won():
    """计分表: 第1局 (the engine numbers hands from 1), the dealer (M-17), the winner, and how — a robbed kong names
    the kong-maker (M-13), a self-draw says 自摸 (M-12) — and every seat's payment (M-20 … M-22)."""
    st = table(ROB_DEAL[0], front=ROB_DEAL[1], dealer=0)
    _to_added_kong(st)
    evs = act(st, 3, "win")
    while st.round is not None and not st.results:
        evs = act(st, st.to_act, "pass")
    robbed = next(e for e in evs if e.kind == "hand_end").data
    st = table(["1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s", "5m 6m 7m 8m 9m 1s 2s 3s 4s 6s 7s 8s S",
                "5m 6m 7m 8m 9m 1s 2s 3s 6s 7s 8s 9s S", "1111m 234p 567p 789s 5s"], back="5s", dealer=3)
    act(st, 3, "kong", "1111m")
    self_drawn = next(e for e in act(st, 3, "win") if e.kind == "hand_end").data
    self_drawn = dict(self_drawn, hand_no=2)   # the second hand of the match
    name = {0: "王磊", 1: "陈静", 2: "刘强", 3: "海风"}.__getitem__
    pm = presenter("mahjong")
    zh = pm.sheet([robbed, self_drawn], 0, 4, {}, "zh", name)
    cells = [[c["text"] for c in row["cells"]] for row in zh["rows"]]
    assert [c["text"] for c in zh["columns"]] == ["局", "庄家", "胡牌", "王磊", "陈静", "刘强", "海风"]
    assert cells[0] == ["第1局", "王磊", "海风", "0", "-2", "0", "+2"], cells
    assert cells[1] == ["第2局", "海风", "海风", "-6", "-6", "-6", "+18"], cells
    assert [row["mark"] for row in zh["rows"]] == ["抢陈静的杠", "自摸"]
    en = pm.sheet([robbed, self_drawn], 0, 4, {}, "en", name)
    assert [row["mark"] for row in en["rows"]] == ["robs 陈静's kong", "self-drawn"]
    assert [c["text"] for c in en["columns"][:3]] == ["Hand", "Dealer", "Winner"]
    assert pm.results_detail_rows(robbed, "zh", name)["wins"][0]["how"] == "抢陈静的杠"
