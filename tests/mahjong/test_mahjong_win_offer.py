"""胡 on offer (M-11): the view's ``win_offer`` is the win the hand would record, and the table's preview of it
(SPEC §8.2 "胡 · 五万 / 平胡 · 将 5万") says what it is and who pays what (M-19 … M-20)."""

from __future__ import annotations

from mahjong_helpers import act, table

from desktop.games.mahjong import MahjongPresenter

OTHERS = ["234p 567p 888p 99p 6s 7s", "EEE SSS WWW NN C F", "CC FF BBB 1s 2s 3s 4s 99m"]


def test_the_dealers_dealt_hand_offers_its_win_with_no_drawn_tile():
    """M-5: the dealer's first move counts as after a draw, so fourteen winning tiles as dealt are a self-draw,
    with no tile drawn to name."""
    st = table(["123m 456m 789m 123p 55s"] + OTHERS, front="1m 2m 3m 4m", dealer=0)
    offer = st.view(0)["win_offer"]
    assert offer is not None and offer["self_drawn"] and offer["tile"] is None
    assert offer["patterns"] == ["pinghu", "menqing", "zimo"] and offer["value"] == 2
    assert all(st.view(s)["win_offer"] is None for s in (1, 2, 3))   # nobody else is asked anything
    p = MahjongPresenter()
    assert p._win_preview(st.view(0), "zh") == {"title": "自摸", "line": "平胡 · 门清 · 自摸 · 将 五条 · 每家付 2",
                                                "value": 2}
    assert p._win_preview(st.view(0), "en")["title"] == "Self-draw"


def test_a_discard_win_names_its_tile_and_that_the_discarder_pays():
    st = table([OTHERS[1], "234p 567p 888p 99p 5s 6s 7s", "123m 456m 789m 123p 5s", OTHERS[2]],
               front="1m 2m 3m 4m", dealer=1)
    assert st.view(2)["win_offer"] is None   # not asked yet: no win on offer
    act(st, 1, "discard", "5s")              # seat 2 waits on 5s, the 2-5-8 pair (M-11)
    assert st.to_act == 2
    offer = st.view(2)["win_offer"]
    assert offer is not None and not offer["self_drawn"] and (offer["tile"], offer["from"]) == ("5s", 1)
    assert offer["value"] == 1 and "zimo" not in offer["patterns"]
    p = MahjongPresenter()
    assert p._win_preview(st.view(2), "zh") == {"title": "胡 · 五条", "line": "平胡 · 门清 · 将 五条 · 点炮者付 1",
                                                "value": 1}
    en = p._win_preview(st.view(2), "en")   # the players' short tile names, as everywhere at the table
    assert (en["title"], en["line"]) == ("Win · 5 bam", "standard hand · concealed hand · pair 5 bam · discarder pays 1")
    act(st, 2, "win")
    while not st.results:   # the later seats answer (M-7)
        act(st, st.to_act, "pass")   # type: ignore[arg-type]
    assert st.results[-1]["wins"][0] == offer and st.results[-1]["payments"][1] == -1


def test_the_ready_hint_names_the_discard_as_the_log_does():
    """M-11a: one discard from ready, the hint line names that discard — 打九条 / "Discard 9 bam", the log's short
    English name, not the notation — and the tiles it would wait on."""
    st = table(["123m 456m 789m 12p 55s 9s"] + OTHERS, front="1m 2m 3m 4m", dealer=0)
    view = st.view(0)
    p = MahjongPresenter()
    zh, en = p._ting(view, "zh"), p._ting(view, "en")
    assert zh["text"] == "打九条 → 听" and en["text"] == "Discard 9 bam → ready on", (zh, en)
    assert list(zh["after"]) == ["9s"] and [t["tile"] for t in zh["tiles"]] == ["3p"]
