"""The Shandong Mahjong search bot and the arena's seat rotation (issue 17): the search chooses legal actions
from the view alone, the same choice when only hidden tiles differ, within its CPU-time budget, reproducibly
from its seed; the arena's every-one-for-himself report has its share of the points."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from engine import arena
from engine.bots import make_bot
from engine.bots.mahjong import make_mahjong_bot
from engine.bots.mahjong_search import MahjongSearchBot
from engine.mahjong import Rules, State

from .conftest import copy_view


def _advance_to_discard(st: State, min_steps: int, seed: int) -> int:
    """Plays heuristic moves until at least ``min_steps`` are made and a seat is to discard (M-8)."""
    bots = [make_mahjong_bot("heuristic", seed=seed + s) for s in range(4)]
    steps = 0
    while True:
        s = st.to_act
        assert s is not None and not st.is_over
        legal = list(st.legal_actions(s))
        if steps >= min_steps and st.round is None and sum(a.kind == "discard" for a in legal) >= 3:
            return s
        st.apply(bots[s].choose(copy_view(st.view(s)), legal).action)
        steps += 1


def _ready_state(seed: int, min_steps: int = 30) -> tuple[State, int]:
    for k in range(20):  # a hand that is still going after min_steps (most are)
        st = State(Rules(match="hands", match_hands=1), seed=seed + k)
        try:
            return st, _advance_to_discard(st, min_steps, seed)
        except AssertionError:
            continue
    raise AssertionError("no hand lasted long enough")


def test_make_bot_search_for_mahjong() -> None:
    bot = make_bot("search", "mahjong", seed=2, budget_ms=50)
    assert isinstance(bot, MahjongSearchBot) and bot.level == "search" and bot.budget_ms == 50


def test_search_is_reproducible_from_its_seed() -> None:
    st, seat = _ready_state(5)
    view = copy_view(st.view(seat))
    legal = list(st.legal_actions(seat))
    runs = []
    for _ in range(2):
        bot = MahjongSearchBot(7, budget_ms=60_000, rollouts=48, search_shanten=9)
        d = bot.choose(view, legal)
        runs.append((d, bot.last_stats["worlds"], bot.last_stats["candidates"]))
    assert runs[0] == runs[1]
    worlds, cands = runs[0][1], runs[0][2]
    assert cands >= 2 and (worlds - 1) * cands < 48 <= worlds * cands  # the rollout cap, not the clock


def test_search_ignores_the_hidden_tiles() -> None:
    """Scramble every hidden tile (the other hands, the wall's order): the view is the same and so is the
    choice; a bot that read the real hands or wall would choose on different rollouts (M-10)."""
    st, seat = _ready_state(9)
    other = st.clone()
    others = [s for s in range(4) if s != seat]
    rng = random.Random(3)
    swaps = 0
    for _ in range(40):
        a, b = rng.sample(others, 2)
        swaps += other.swap_hidden(a, b)
    rest = other.t.wall[other.t.front:other.t.back]
    rng.shuffle(rest)
    other.t.wall = other.t.wall[:other.t.front] + rest + other.t.wall[other.t.back:]
    assert swaps > 0 and [list(h) for h in other.t.hands] != [list(h) for h in st.t.hands]
    v1, v2 = copy_view(st.view(seat)), copy_view(other.view(seat))
    assert v1 == v2
    legal = list(st.legal_actions(seat))
    assert legal == list(other.legal_actions(seat))
    d1 = MahjongSearchBot(4, budget_ms=60_000, rollouts=40, search_shanten=9).choose(v1, legal)
    d2 = MahjongSearchBot(4, budget_ms=60_000, rollouts=40, search_shanten=9).choose(v2, legal)
    assert d1 == d2


def test_search_holds_no_reference_to_the_state() -> None:
    st, seat = _ready_state(13)
    bot = MahjongSearchBot(1, budget_ms=60_000, rollouts=12, search_shanten=9)
    bot.choose(copy_view(st.view(seat)), list(st.legal_actions(seat)))
    private = {id(st), id(st.t), id(st.t.wall)} | {id(h) for h in st.t.hands}
    stack: list[Any] = [vars(bot)]
    seen: set[int] = set()
    while stack:
        o = stack.pop()
        if id(o) in seen or isinstance(o, (str, int, float, bool, type(None))):
            continue
        seen.add(id(o))
        assert id(o) not in private
        if isinstance(o, dict):
            stack.extend(o.values())
        elif isinstance(o, (list, tuple)):
            stack.extend(o)
        elif hasattr(o, "__dict__") and not isinstance(o, type):
            stack.append(vars(o))


def test_budget_is_respected_in_process_time() -> None:
    """The search spends about its budget of CPU time (M-11a decisions at 80 ms): never much more (one
    rollout's overshoot), and it does use it — measured as ratios of process time to the budget."""
    st, seat = _ready_state(17)
    view = copy_view(st.view(seat))
    legal = list(st.legal_actions(seat))
    budget = 80.0
    ratios = []
    for k in range(3):
        bot = MahjongSearchBot(k, budget_ms=budget, wall_cap=1000.0, search_shanten=9)
        c0 = time.process_time()
        bot.choose(view, legal)
        ratios.append((time.process_time() - c0) * 1000.0 / budget)
        assert bot.last_stats["worlds"] > 0
    assert max(ratios) < 1.5, ratios
    assert min(ratios) > 0.5, ratios


@pytest.mark.parametrize("seed", [1, 2])
def test_search_plays_legal_hands_under_random_options(seed: int) -> None:
    rng = random.Random(seed)
    opts = {"honors": rng.choice([True, False]), "allow_chow": rng.choice([True, False]),
            "minglou": rng.choice([True, False]), "scoring": rng.choice(["simple", "fan"]),
            "seven_pairs": rng.choice([True, False]), "rob_kong": rng.choice([True, False])}
    st = State(Rules(match="hands", match_hands=1, **opts), seed=seed)
    bots = [MahjongSearchBot(seed, budget_ms=60_000, rollouts=6, search_shanten=9) if s in (0, 2)
            else make_mahjong_bot("random" if s == 1 else "heuristic", seed=s) for s in range(4)]
    steps = 0
    searched = 0
    while not st.is_over:
        s = st.to_act
        assert s is not None and steps < 3000
        legal = list(st.legal_actions(s))
        d = bots[s].choose(copy_view(st.view(s)), legal)
        assert d.action in legal, (d, legal)
        if s in (0, 2):
            searched += bool(getattr(bots[s], "last_stats", {}).get("worlds"))
        st.apply(d.action)
        steps += 1
    assert sum(st.totals) == 0 and searched > 0


def test_arena_mahjong_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--game", "mahjong", "--team-a", "heuristic", "--team-b", "greedy", "--deals", "2",
                       "--seed", "5", "--sets", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "mahjong" and out["deals"] == 2 and out["plays"] == 4 and out["seating"] == "alternate"
    sh = out["share_of_points_a"]
    assert sh["n"] == 2 and sh["points_all"] == sum(d["won_all"] for d in out["per_deal"])
    if sh["mean"] is not None:
        assert 0.0 <= sh["ci95"][0] <= sh["mean"] <= sh["ci95"][1] <= 1.0
        assert sh["mean"] == round(sh["points_a"] / sh["points_all"], 4)
    for d in out["per_deal"]:
        assert 0 <= d["won_a"] <= d["won_all"]
        assert [p["a_side"] for p in d["plays"]] == ["even", "odd"]
    assert set(out["latency_ms"]) == {"heuristic", "greedy", "heuristic:cpu", "greedy:cpu"}


def test_arena_seats_the_bots_on_alternate_seats() -> None:
    """Each wall twice: A on seats 0 and 2, then on 1 and 3; A's points are its seats' positive totals."""
    a = arena.play_one("mahjong", 3, 0, False, "greedy", "random", {"match_hands": 1}, {})
    b = arena.play_one("mahjong", 3, 0, True, "greedy", "random", {"match_hands": 1}, {})
    assert (a.a_side, b.a_side) == ("even", "odd")
    c = arena.play_one("mahjong", 3, 0, False, "greedy", "random", {"match_hands": 1}, {})
    assert (a.score_a, a.score_b, a.net_a) == (c.score_a, c.score_b, c.net_a)
    for p in (a, b):
        assert p.score_a >= 0 and p.score_b >= 0 and p.net_a is not None and p.diff_a == p.net_a


def test_share_ci() -> None:
    r = arena.share_ci([3.0, 1.0, 2.0, 2.0], [4.0, 4.0, 4.0, 4.0])
    assert r["mean"] == 0.5 and r["ci95"][0] < 0.5 < r["ci95"][1]
    assert arena.share_ci([], [])["mean"] is None


def test_the_diagnostic_plays_every_candidate_out_from_the_true_state() -> None:
    """engine.bots.mahjong_sdiag (issue 17): at each searched decision of team A every candidate is played out
    from a copy of the real hand (a finished hand's payments sum to zero, M-20), the heuristic's choice first,
    and the search's own answer is one of them; the real play follows the heuristic, so the diagnostic's
    hands end as a heuristic-only arena play of the same wall does."""
    from engine.bots import mahjong_sdiag

    play = mahjong_sdiag.diagnose_play(11, 0, False, {"budget_ms": 60_000, "rollouts": 12, "search_shanten": 1},
                                       1, 3, 1)
    assert play["records"] and play["sides"] == ["A", "B", "A", "B"]
    for r in play["records"]:
        assert r["kind"] in ("win_or_pass", "discard sh0", "discard sh1", "discard sh2")
        assert play["sides"][r["seat"]] == "A"
        assert len(r["cands"]) == len(r["true"]) == len(r["sim"]) == len(r["est"]) >= 2
        assert 0 <= r["search"] < len(r["cands"]) and len({tuple(c) for c in r["cands"]}) == len(r["cands"])
        assert all(sum(p) == 0 for p in r["true"])
    ref = arena.play_one("mahjong", 11, 0, False, "heuristic", "heuristic", arena._options("mahjong", 1, {}), {})
    won = [max(0, p) for p in play["payments"]]
    assert (won[0] + won[2], won[1] + won[3]) == (ref.score_a, ref.score_b)


def test_the_diagnostic_override_rule_takes_the_best_lower_bound() -> None:
    from engine.bots.mahjong_sdiag import _est_pick

    est = [(0.0, 0.0), (0.4, 0.1), (0.6, 0.5)]
    assert _est_pick(est, 30, 0.0, 0.0) == 2  # the best mean
    assert _est_pick(est, 30, 1.0, 0.0) == 1  # the best lower bound
    assert _est_pick(est, 30, 2.0, 0.5) == 0  # no evidence: the heuristic's choice
    assert _est_pick(est, 5, 0.0, 0.0) == 0  # too few worlds


def test_the_wall_hidden_oracle_keeps_the_hands_and_reorders_only_the_wall() -> None:
    """``--hide-wall``: each rollout world is the true one (every hand, river and meld) drawing the same live
    tiles in another order; the true world is left as it was, and a whole play still ends with A's points
    within the table's."""
    import random

    from engine.bots.mahjong_sdiag import _on_wall, oracle_play
    from engine.bots.mahjong_sim import Sim

    st = State(Rules(match="hands", match_hands=1), seed=4)
    world = Sim.from_state(st)
    before = list(world.wall)
    other = random.Random(1).sample(world.wall, len(world.wall))
    w = _on_wall(world, other)
    assert w.wall == other != before and sorted(w.wall) == sorted(before) and world.wall == before
    assert w.hands == world.hands and w.melds == world.melds and (w.front, w.back) == (world.front, world.back)
    won_a, won_all = oracle_play(11, 0, False, 1, 3, 0.0, False, hide_wall=2)
    assert 0 <= won_a <= won_all and won_all > 0


def test_no_bot_reaches_the_diagnostic() -> None:
    """The diagnostic reads the real state: no bot module imports it (it is never a seat's player)."""
    import pathlib
    import re

    import engine.bots

    root = pathlib.Path(engine.bots.__file__).parent
    imports = re.compile(r"^\s*(from|import)\s[^\n]*mahjong_sdiag|import_module\([^)]*sdiag", re.M)
    users = [p.name for p in root.glob("*.py") if imports.search(p.read_text(encoding="utf-8"))]
    assert users == []
    assert imports.search("from .mahjong_sdiag import candidates")  # the check sees an import


def _claim_position(seed: int) -> tuple[State, int]:
    """A hand played by heuristic bots up to a seat asked about a discard it can claim (吃/碰/杠, M-6) but not
    win on."""
    for k in range(40):
        st = State(Rules(match="hands", match_hands=1), seed=seed + k)
        bots = [make_mahjong_bot("heuristic", seed=seed + s) for s in range(4)]
        while not st.is_over:
            s = st.to_act
            assert s is not None
            legal = list(st.legal_actions(s))
            kinds = {a.kind for a in legal}
            if st.round is not None and kinds & {"pung", "chow", "kong"} and "win" not in kinds:
                return st, s
            st.apply(bots[s].choose(copy_view(st.view(s)), legal).action)
    raise AssertionError("no claim offered")


def test_claim_search_plays_every_answer_out_in_the_same_worlds() -> None:
    """With ``search_claims`` the seat's answers to a discard (pass and each claim, M-6) are candidates played
    out over the same worlds; the answer is legal and reproducible, and without the option the heuristic's
    answer is returned unsearched."""
    from engine.bots.mahjong_sim import Sim
    from engine.tiles import parse_tiles

    st, seat = _claim_position(11)
    view = copy_view(st.view(seat))
    legal = list(st.legal_actions(seat))
    runs = []
    for _ in range(2):
        bot = MahjongSearchBot(3, budget_ms=60_000, rollouts=40, search_claims=True)
        d = bot.choose(view, legal)
        assert d.action in legal
        runs.append((d.action, bot.last_stats["worlds"], bot.last_stats["cands"]))
    assert runs[0] == runs[1]
    action, worlds, cands = runs[0]
    assert worlds >= 10 and len(cands) >= 2
    assert {k for k, _ in cands} >= {"pass"} and {k for k, _ in cands} & {"pung", "chow", "kong"}
    plain = MahjongSearchBot(3, budget_ms=60_000, rollouts=40)
    assert plain.choose(view, legal).action == make_mahjong_bot("heuristic", seed=3).choose(view, legal).action
    assert plain.last_stats["worlds"] == 0
    # the simulator makes the searched claim: the meld is the seat's, and the seat then discards (M-8)
    claim = next(a for a in legal if a.kind in ("pung", "chow", "kong"))
    sim = Sim.from_state(st.clone())
    before = len(sim.melds[seat])
    sim.play(seat, (claim.kind, None), False, horizon=1, meld=tuple(t.idx for t in parse_tiles(str(claim.arg))))
    won_first = sim.end is not None and sim.end[0] == "discard" and seat not in sim.end[1]  # 胡 beats it (M-7)
    assert won_first or (len(sim.melds[seat]) == before + 1 and sim.melds[seat][before].kind == claim.kind)
    assert not won_first or len(sim.melds[seat]) == before
