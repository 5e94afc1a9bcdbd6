"""The scripted demo hand reaches each moment through legal actions (M-9 kong, M-6 chow, M-11a 听牌, M-22)."""

from __future__ import annotations

from engine.mahjong.demo import demo_moments


def test_demo_moments() -> None:
    moments = dict(demo_moments())
    assert list(moments) == ["deal", "kong", "claim", "ting", "win"]
    assert moments["deal"].view(0)["counts"][0] == 14
    assert moments["kong"].view(1)["melds"][0][0]["tiles"] is None  # face down to the others (M-10)
    claim = moments["claim"].view(0)
    assert claim["claim"] == {"tile": "5p", "from": 3, "kind": "discard"}
    assert {a.arg for a in moments["claim"].legal_actions(0) if a.kind == "chow"} == {"345p", "456p", "567p"}
    assert moments["ting"].view(0)["ting"]["waits"] == [["6s", 4], ["9s", 4]]
    win = moments["win"].view(0)["last_result"]
    assert win["winners"] == [0] and win["payments"] == [7, -3, -2, -2]
