"""At a LAN table the client holds only its seat's view: its selections are judged by the engine on a State
the worker makes from that view (no socket needed to show it: a host's Sync for seat 0 is built here from a
real State), and what it sends is the action the judge made."""

from __future__ import annotations

from guikit import shot, wait_frame, wait_until


def _my_play_turn(seed: int):
    from engine import games
    st = games.new_state("gouji", seed)
    for _ in range(400):
        if st.to_act == 0 and st.phase == "play" and any(True for _ in st.legal_actions(0).plays()):
            return st
        la = st.legal_actions(st.to_act)
        pick = next((a for a in la.fixed if a.kind in ("decline", "pass", "accept", "wutou")), None)
        st.apply(pick if pick is not None else next(iter(la)))
    raise AssertionError("seat 0 never got a play turn")


class _Session:
    def __init__(self) -> None:
        self.sent: list[dict] = []

    def act(self, msg: dict) -> None:
        self.sent.append(msg)


def test_lan_selection_judged_from_the_seat_view(qa):
    from desktop.lan import net_snapshot
    from engine.cards import Card
    from engine.net.protocol import ActionMsg, Sync
    st = _my_play_turn(2)  # a deal (engine.fairness shuffle) where seat 0 leads its first trick
    legal = [ActionMsg(a.kind, a.play.text if a.play is not None else None, a.arg) for a in st.legal_actions(0)]
    msg = Sync(sid=len(st.actions), view=st.view(0, with_history=True), legal=legal)
    t = qa.table
    session = _Session()
    t.start_net(session, ["海风", "王磊", "陈静", "刘强", "赵敏", "孙浩"], net_snapshot(msg, 0, None))
    qa.set_screen("table")
    assert "judge_view" in t.snap and "history" not in t.snap["view"]
    assert wait_until(lambda: t.snap.get("judge") is not None, 10)   # made on the worker thread
    assert t.snap["judge"] is not st
    hand = t.hand.cards()
    pair = next([a, b] for a, b in zip(hand, hand[1:]) if Card.parse(a).rank != Card.parse(b).rank)
    t.hand.select_cards(pair)
    assert not t.selection["legal"] and t.selection["rule"] == "C-10", t.selection
    wait_frame(qa.window)
    shot(qa, "lan_judged_illegal")
    # a legal single the judge accepts; Enter sends the judge's action, which the real State accepts too
    single = hand[:1]
    t.hand.select_cards(single)
    assert t.selection["legal"], t.selection
    t.playSelected()
    assert len(session.sent) == 1
    sent = session.sent[0]["action"]
    a = st.action_from_json(sent)
    assert a in st.legal_actions(0) and a.play.n_cards == 1
