"""The arena: reproducible from the seed, duplicate deals, sane statistics."""

from __future__ import annotations

import json

import pytest

from engine import arena


def _strip(r: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in r.items() if k not in ("latency_ms", "elapsed_s")}


@pytest.mark.parametrize("game", ["gouji", "baohuang"])
def test_arena_reproducible_from_seed(game: str) -> None:
    r1 = arena.run(game, "greedy", "random", deals=3, seed=21)
    r2 = arena.run(game, "greedy", "random", deals=3, seed=21)
    assert _strip(r1) == _strip(r2)
    r3 = arena.run(game, "greedy", "random", deals=3, seed=21, workers=2)
    assert _strip(r1) == _strip(r3)
    assert r1["deals"] == 3 and r1["plays"] == 6
    w = r1["win_rate_a"]
    assert isinstance(w, dict)
    assert 0.0 <= w["mean"] <= 1.0 and w["ci95"][0] <= w["mean"] <= w["ci95"][1]
    assert set(r1["latency_ms"]) == {"greedy", "random", "greedy:cpu", "random:cpu"}  # type: ignore[arg-type]


def test_duplicate_deals_swap_the_teams() -> None:
    a = arena.play_one("gouji", 4, 0, False, "greedy", "random", {"sets_per_game": 1}, {})
    b = arena.play_one("gouji", 4, 0, True, "greedy", "random", {"sets_per_game": 1}, {})
    assert a.a_side == "even" and b.a_side == "odd"
    # the same deal with the same bots on the same seats gives the same result
    c = arena.play_one("gouji", 4, 0, False, "greedy", "random", {"sets_per_game": 1}, {})
    assert (a.score_a, a.score_b) == (c.score_a, c.score_b)
    # symmetric bots: swapping sides mirrors the score exactly
    d = arena.play_one("gouji", 4, 0, False, "greedy", "greedy", {"sets_per_game": 1}, {})
    e = arena.play_one("gouji", 4, 0, True, "greedy", "greedy", {"sets_per_game": 1}, {})
    assert d.score_a - d.score_b == -(e.score_a - e.score_b)


def test_greedy_beats_random_small_run() -> None:
    r = arena.run("gouji", "greedy", "random", deals=4, seed=3)
    assert r["win_rate_a"]["mean"] >= 0.75  # type: ignore[index]


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--game", "gouji", "--team-a", "heuristic", "--team-b", "greedy", "--deals", "2",
                       "--seed", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["team_a"] == "heuristic" and out["deals"] == 2
    lat = out["latency_ms"]["heuristic"]
    assert lat["n"] > 0 and lat["median"] <= lat["p99"] <= lat["max"] and lat["max"] > 0  # decisions were timed


def test_mean_ci() -> None:
    r = arena.mean_ci([0.0, 1.0, 1.0, 1.0])
    assert r["mean"] == 0.75 and r["ci95"][0] < 0.75 < r["ci95"][1]
    assert arena.percentile([1.0, 2.0, 3.0, 100.0], 0.5) == 2.0


@pytest.mark.parametrize("game", ["gouji", "baohuang"])
def test_pooled_runs_equal_one_long_run(game: str, tmp_path: object) -> None:
    """Runs split with first_deal and pooled give the figures of one run over all their deals."""
    whole = arena.run(game, "greedy", "random", deals=4, seed=33)
    parts = [arena.run(game, "greedy", "random", deals=2, seed=33, first_deal=f) for f in (0, 2)]
    pooled = arena.pool(parts)
    assert pooled["deals"] == 4 and pooled["pooled_runs"] == 2
    assert pooled["win_rate_a"] == whole["win_rate_a"]
    assert pooled["score_diff_a"] == whole["score_diff_a"]
    if game == "baohuang":
        assert pooled["a_as_emperor"] == whole["a_as_emperor"]
        assert pooled["a_as_rebels"] == whole["a_as_rebels"]
    with pytest.raises(ValueError, match="share deals"):
        arena.pool([parts[0], parts[0]])
    with pytest.raises(ValueError, match="differ in team_b"):
        arena.pool([parts[0], arena.run(game, "greedy", "greedy", deals=1, seed=33, first_deal=2)])
    files = []
    for i, p in enumerate(parts):
        f = tmp_path / f"r{i}.json"  # type: ignore[operator]
        f.write_text(json.dumps(p))
        files.append(str(f))
    assert arena.main(["--pool", *files]) == 0


def test_bot_arguments_reach_one_side_only(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: object) -> None:
    """``--arg-a KEY=VALUE`` goes to side A's bots and nowhere else, is recorded in the report, keeps reports
    made with other arguments from pooling, and a keyword the bot does not take is refused before any deal."""
    made: list[dict[str, object]] = []
    real = arena.make_bot

    def spy(level: str, game: str | None = None, seed: int = 0, **kw: object) -> object:
        made.append(dict(kw))
        return real(level, game, seed=seed, **kw)

    monkeypatch.setattr(arena, "make_bot", spy)
    assert arena.bot_args(["lookahead=1.0", "label=x", "n=null"]) == {"lookahead": 1.0, "label": "x", "n": None}
    args = ["--game", "mahjong", "--team-a", "heuristic", "--team-b", "heuristic", "--deals", "1", "--seed", "5"]
    assert arena.main([*args, "--arg-a", "lookahead=1.0", "--json"]) == 0
    with_args = json.loads(capsys.readouterr().out)
    assert with_args["bot_args"] == {"A": {"lookahead": 1.0}, "B": {}}
    dealt = made[1:]   # the first is the up-front check
    assert dealt and any(m == {"lookahead": 1.0} for m in dealt) and any(m == {} for m in dealt)
    assert arena.main([*args, "--first-deal", "1", "--json"]) == 0
    without = json.loads(capsys.readouterr().out)
    with pytest.raises(ValueError, match="differ in bot_args"):
        arena.pool([with_args, without])
    with pytest.raises(SystemExit) as refused:
        arena.main([*args, "--arg-b", "no_such_option=1"])
    assert refused.value.code == 2 and "--arg-b" in capsys.readouterr().err
