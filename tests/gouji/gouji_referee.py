"""An independent referee: re-checks a finished game's public event stream against RULES.md turn rules.

It is deliberately weaker than the engine (it never guesses 无头 beyond "the 对头 is out of play"), so that
any complaint is a real disagreement with the rules: C-12/C-14 beats (G-35), 够级 flags (G-37, G-52, G-68),
answer rights on 够级 plays (G-43, G-65), pass lock-out (G-42), 开点 (G-57 … G-59), finished players never act.
"""

from __future__ import annotations

from typing import Any

from engine.gouji.table import opp


def referee(st: Any) -> list[str]:
    rules = st.rules
    o = rules.options
    problems: list[str] = []
    active = [True] * 6
    chaos = False
    trick: list[dict[str, Any]] = []
    passed: set[int] = set()
    set_no = 0
    round_over = False

    def out_of_play(s: int) -> bool:
        return not active[s]

    def related(p: int, q: int) -> bool:
        # R(p, q) is at least: q = opp(p); anything involving a seat whose 对头 is out of play may be 无头
        return q == opp(p) or out_of_play(opp(p)) or out_of_play(opp(q))

    def new_round() -> None:
        trick.clear()
        passed.clear()

    for ev in st.history:
        k, d = ev.kind, ev.data
        if k in ("set_start", "redeal"):
            set_no += 1 if k == "set_start" else 0
            active = [True] * 6
            chaos = False
            new_round()
        elif k == "revolution":
            active[d["seat"]] = False
        elif k == "play_start":
            new_round()
        elif k == "kou":
            round_over = True  # the trick is kept for the 开点 check that follows
        elif k == "chaos":
            chaos = True
            new_round()
            round_over = False
        elif k == "burn_failed":
            new_round()
        elif k == "place":
            active[d["seat"]] = False
        elif k == "pass":
            if round_over:
                new_round()
                round_over = False
            passed.add(d["seat"])
        elif k == "play":
            if round_over:
                new_round()
                round_over = False
            seat, play = d["seat"], rules.parse(d["play"])
            where = f"set {set_no} S{seat} {play.text}"
            if not active[seat]:
                problems.append(f"{where}: played while out of play")
            if trick:
                top = trick[-1]
                if not rules.beats(top["play"], play):
                    problems.append(f"{where}: does not beat {top['play']}")
                if not chaos and not d["burn"]:
                    if top["gousiji"]:
                        problems.append(f"{where}: answered a 够死级 without burning (G-65/G-32)")
                    elif top["gouji"] and not related(top["seat"], seat):
                        problems.append(f"{where}: answered S{top['seat']}'s 够级 play without the right (G-43)")
                    elif not top["gouji"] and seat in passed and not related(top["seat"], seat):
                        problems.append(f"{where}: played after passing in this round (G-42)")
            expect_gouji = (d["burn"] or rules.is_gouji(play)) and not chaos
            if d["gouji"] != expect_gouji:
                problems.append(f"{where}: 够级 flag {d['gouji']} (expected {expect_gouji})")
            if d["gousiji"] and (chaos or d["burn"] or not d["gouji"]):
                problems.append(f"{where}: 够死级 flag on a play that cannot be one")
            trick.append({"seat": seat, "play": play.text, "gouji": d["gouji"], "gousiji": d["gousiji"],
                          "final": d["final"]})
        elif k == "kaidian":
            w = d["seat"]
            last = trick[-1] if trick else None
            if last is None or last["seat"] != w:
                problems.append(f"set {set_no}: S{w} 开点 without winning the round")
            elif not last["gouji"] or chaos or not rules.opens_point(last["play"]):
                problems.append(f"set {set_no}: S{w} 开点 with {last['play']} (G-57/G-58)")
            elif last["final"] and not o.kaidian_on_final_play:
                problems.append(f"set {set_no}: S{w} 开点 with a final play (G-60)")
            elif not o.dadian_enabled:
                problems.append(f"set {set_no}: 开点 without 打点")
    return problems
