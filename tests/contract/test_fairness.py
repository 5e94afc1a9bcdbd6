"""验证洗牌, the verifiable shuffle (engine.fairness), for every registered game: each deal is committed before
its cards, revealed after the set/hand, recomputed by ``verify``; tampering with the seed, the nonce, a hand or a
contribution is caught; the seed of a deal not yet revealed is in no seat's view; the CLI checks a saved log."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

from engine import fairness, games, log
from engine.api import GameState

GAMES = games.names()  # the registered games (the toy game has no cards to deal)


def play_match(game: str, seed: int, **kw: Any) -> GameState:
    spec = games.spec(game)
    opts: dict[str, Any] = {spec.match_option: 2} if spec.match_option else {}
    if spec.match_kwarg:
        kw.setdefault(spec.match_kwarg, 2)
    st = spec.new_state(seed, opts, **kw)
    rng = random.Random(seed)
    steps = 0
    while not st.is_over:
        la = st.legal_actions(st.to_act)  # type: ignore[arg-type]  # lazy: a bury offers millions (S-10)
        st.apply(la[rng.randrange(len(la))])
        steps += 1
        assert steps < 6000
    return st


def events(st: GameState, kind: str) -> list[dict[str, Any]]:
    return [e.to_json()["data"] for e in st.history if e.kind == kind]


@pytest.fixture(scope="module", params=GAMES)
def match(request: pytest.FixtureRequest) -> tuple[str, GameState]:
    return request.param, play_match(request.param, 5)


def test_every_game_has_a_documented_deal() -> None:
    for game in GAMES:
        assert games.spec(game).deal is not None, f"{game}: add GameSpec.deal (engine.fairness, ENGINE_API.md)"


def test_the_deal_is_a_pure_function_of_the_seed() -> None:
    for game in GAMES:
        deal = games.spec(game).deal
        assert deal is not None
        a, b = bytes(range(32)), bytes(range(1, 33))
        assert deal(a, {}) == deal(a, {})
        assert deal(a, {}) != deal(b, {})
        n = sum(len(h) for h in deal(a, {}).hands) + len(deal(a, {}).rest)
        # the same pack, only in another order: what the seats hold and what stays aside (底牌, the wall) together
        def pack(d: Any) -> list[str]:
            return sorted(c for h in (*d.hands, d.rest) for c in h)
        assert pack(deal(a, {})) == pack(deal(b, {}))
        assert n > 0


def test_shuffle_is_the_documented_fisher_yates() -> None:
    """A second, literal reading of the module docstring's byte layout, for 10 items."""
    import hashlib
    seed = b"\x07" * 32
    stream = b"".join(hashlib.sha256(seed + i.to_bytes(8, "big")).digest() for i in range(4))
    words = [int.from_bytes(stream[i:i + 8], "big") for i in range(0, len(stream), 8)]
    items = list(range(10))
    for i in range(9, 0, -1):
        w = words.pop(0)
        assert w < 2**64 - 2**64 % (i + 1)  # no rejection for these words
        j = w % (i + 1)
        items[i], items[j] = items[j], items[i]
    assert fairness.shuffle(seed, range(10)) == items
    assert fairness.commitment(seed, b"\x01" * 16) == hashlib.sha256(seed + b"\x01" * 16).hexdigest()


def test_each_deal_is_committed_before_its_cards_and_revealed_after(match: tuple[str, GameState]) -> None:
    game, st = match
    kinds = [e.kind for e in st.history]
    commits, reveals = events(st, "shuffle_commit"), events(st, "shuffle_reveal")
    assert len(commits) >= 2 and [c["deal"] for c in commits] == list(range(len(commits)))
    assert [r["deal"] for r in reveals] == [c["deal"] for c in commits]
    for c in commits:
        i = next(i for i, e in enumerate(st.history) if e.kind == "shuffle_commit" and e.data["deal"] == c["deal"])
        assert kinds[i + 1] == "deal" and st.history[i].to is None  # public, right before the cards
    for e in st.history:
        if e.kind == "shuffle_reveal":
            assert e.to is None


def test_verify_recomputes_every_deal_and_each_seat_can_check_its_own(match: tuple[str, GameState]) -> None:
    game, st = match
    full = [e.to_json() for e in st.history]
    verdicts = fairness.check_history(game, st.rules.options.changed(), full)
    assert verdicts and all(v.ok for v in verdicts), [v.en for v in verdicts if not v.ok]
    for seat in range(st.n_seats):  # a player holds its own hand and the public events only
        mine = st.view(seat, with_history=True)["history"]
        vs = fairness.check_history(game, st.rules.options.changed(), mine)
        assert len(vs) == len(verdicts) and all(v.ok for v in vs)


def _first_reveal(st: GameState) -> tuple[dict[str, Any], list[list[str] | None]]:
    r = events(st, "shuffle_reveal")[0]
    hands: list[list[str] | None] = [None] * st.n_seats
    seen = False
    for e in st.history:
        if e.kind == "shuffle_commit":
            if seen:
                break
            seen = True
        elif e.kind == "deal":
            hands[int(e.data["seat"])] = list(e.data.get("cards") or e.data.get("hand") or [])
    return r, hands


def _flip(hexs: str) -> str:
    return ("0" if hexs[0] != "0" else "1") + hexs[1:]


def test_tampering_is_caught(match: tuple[str, GameState]) -> None:
    game, st = match
    opts = st.rules.options.changed()
    r, hands = _first_reveal(st)
    assert all(h for h in hands)
    args = dict(deal=0, secret=r["host_secret"], entropy=r["entropy"])
    assert fairness.verify(game, opts, r["commit"], r["shuffle_seed"], r["nonce"], hands, **args).ok
    bad_seed = fairness.verify(game, opts, r["commit"], _flip(r["shuffle_seed"]), r["nonce"], hands, **args)
    bad_nonce = fairness.verify(game, opts, r["commit"], r["shuffle_seed"], _flip(r["nonce"]), hands, **args)
    assert not bad_seed.ok and not bad_nonce.ok and "commitment" in bad_seed.en and "承诺" in bad_nonce.zh
    swapped = [list(h) for h in hands if h]
    a, b = next((i, j) for i in range(len(swapped)) for j in range(len(swapped))
                if set(swapped[i]) - set(swapped[j]))
    card = next(c for c in swapped[a] if c not in swapped[b])
    swapped[a].remove(card)
    swapped[b].append(card)
    bad_hand = fairness.verify(game, opts, r["commit"], r["shuffle_seed"], r["nonce"], swapped, **args)
    assert not bad_hand.ok and "hand" in bad_hand.en
    # a seed that matches a commitment the host made up afterwards still fails the contributions check
    other = bytes(32)
    forged = fairness.commitment(other, bytes.fromhex(r["nonce"]))
    assert not fairness.verify(game, opts, forged, other, r["nonce"], [None] * st.n_seats, **args).ok


def test_a_tampered_reveal_in_the_stream_is_caught(match: tuple[str, GameState]) -> None:
    game, st = match
    full = [e.to_json() for e in st.history]
    k = next(i for i, e in enumerate(full) if e["kind"] == "shuffle_reveal")
    full[k] = json.loads(json.dumps(full[k]))
    full[k]["data"]["shuffle_seed"] = _flip(full[k]["data"]["shuffle_seed"])
    verdicts = fairness.check_history(game, st.rules.options.changed(), full)
    assert not verdicts[0].ok and all(v.ok for v in verdicts[1:])


def test_contributions_change_the_deal_and_are_checked() -> None:
    for game in GAMES:
        spec = games.spec(game)
        guest: list[bytes | None] = [None] * spec.seats
        guest[1] = b"\x42" * 32
        plain, st = play_match(game, 9), play_match(game, 9, entropy={0: guest})
        assert _first_reveal(plain)[1] != _first_reveal(st)[1]
        assert events(plain, "shuffle_commit")[0]["commit"] != events(st, "shuffle_commit")[0]["commit"]
        r = events(st, "shuffle_reveal")[0]
        assert r["entropy"][1] == "42" * 32
        _, hands = _first_reveal(st)
        lied = list(r["entropy"])
        lied[1] = "43" * 32  # the host claims another contribution than the one it used
        assert not fairness.verify(game, {}, r["commit"], r["shuffle_seed"], r["nonce"], hands,
                                   secret=r["host_secret"], entropy=lied).ok


def test_no_view_carries_a_seed_or_nonce_before_its_reveal() -> None:
    for game in GAMES:
        spec = games.spec(game)
        opts: dict[str, Any] = {spec.match_option: 2} if spec.match_option else {}
        kw: dict[str, Any] = {spec.match_kwarg: 2} if spec.match_kwarg else {}
        st = spec.new_state(3, opts, **kw)
        rng = random.Random(3)
        checked = 0
        while not st.is_over:
            secret = []
            for k in st.fair.unrevealed:  # type: ignore[attr-defined]
                sh = st.fair.shuffle_for(k)  # type: ignore[attr-defined]
                secret += [sh.seed.hex(), sh.nonce.hex(), sh.secret.hex()]
            nxt = st.fair.shuffle_for(st.fair.dealt)  # type: ignore[attr-defined]
            secret += [nxt.seed.hex(), nxt.nonce.hex(), nxt.secret.hex()]
            if rng.random() < 0.1 or not checked:
                for seat in [*range(st.n_seats), None]:
                    text = json.dumps(st.view(seat, with_history=True))
                    assert not any(s in text for s in secret), f"{game}: a deal secret in seat {seat}'s view"
                checked += 1
            la = st.legal_actions(st.to_act)  # type: ignore[arg-type]  # lazy: a bury offers millions (S-10)
            st.apply(la[rng.randrange(len(la))])
        assert checked > 3


def test_cli_verifies_a_saved_log_and_reports_a_tampered_one(tmp_path: Any) -> None:
    game = GAMES[0]
    st = play_match(game, 21)
    good = tmp_path / "good.jsonl"
    good.write_text(log.dump(st), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "engine.fairness", "verify", "--log", str(good)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("✓") == len(events(st, "shuffle_reveal")) >= 2
    seed_hex = events(st, "shuffle_reveal")[1]["shuffle_seed"]
    forged = tmp_path / "forged.jsonl"
    forged.write_text(log.dump(st).replace(seed_hex, _flip(seed_hex)), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "engine.fairness", "verify", "--log", str(forged), "--lang", "zh"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and run.stdout.splitlines()[0].startswith("第 1 副牌：✓")
    assert run.stdout.splitlines()[1].startswith("✗ 第 2 副牌") and "承诺" in run.stdout


def test_the_next_deals_host_secret_is_bound_before_anyone_contributes(match: tuple[str, GameState]) -> None:
    """A host that swaps its secret for deal 2 after seeing the contributions (and makes the seed, commitment
    and cards agree with the new one) is caught by the hash published with deal 1."""
    game, st = match
    full = json.loads(json.dumps([e.to_json() for e in st.history]))
    commits = [e for e in full if e["kind"] == "shuffle_commit"]
    assert all("next_host_commit" in c["data"] for c in commits)
    k = next(i for i, e in enumerate(full) if e["kind"] == "shuffle_reveal" and e["data"]["deal"] == 1)
    rev = full[k]["data"]
    forged = bytes(32)
    seed = fairness.mix(forged, [bytes.fromhex(c) if c else None for c in rev["entropy"]])
    rev["host_secret"], rev["shuffle_seed"] = forged.hex(), seed.hex()
    rev["commit"] = commits[1]["data"]["commit"] = fairness.commitment(seed, bytes.fromhex(rev["nonce"]))
    verdicts = fairness.check_history(game, st.rules.options.changed(), full)
    bad = next(v for v in verdicts if v.deal == 1)
    assert not bad.ok and "bound" in bad.en and "之前公布" in bad.zh


def test_the_shuffle_is_uniform_over_small_packs() -> None:
    """All 24 orders of 4 items from 24 000 seeds: each near 1000 (chi-square with 23 degrees of freedom
    stays under 60 with probability above 0.9999 for a uniform shuffle)."""
    from collections import Counter
    n = 24000
    counts = Counter(tuple(fairness.shuffle(i.to_bytes(32, "big"), "abcd")) for i in range(n))
    assert len(counts) == 24
    chi2 = sum((c - n / 24) ** 2 / (n / 24) for c in counts.values())
    assert chi2 < 60, chi2
