"""Speed work may not change one play (issue 16): fixed seeds replay to the very same games.

Each case plays one whole game with the state machine (random bots through ``engine.sim``, or a bot level for
every seat) and compares a digest of every action and the returns with the digest main's code gave before the
speed work (commit 5652e83, computed with ``python -m tests.gouji.test_gouji_replay_digest``, which prints the
table below). The rollout cases play the search's rollout (heuristic policy on the state machine,
``engine.bots.gouji_search.rollout``) from fixed positions and digest its actions and its value. A digest that
changes means the rules or a bot's choices changed: find out why, never update the table to make it pass.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from engine import sim
from engine.core import Action

# Rule options that take the play down different paths (G.4): 憋三 with 买三 and 闷贡, 烤 comparison, the
# burn restriction, no 打点, every 2 as 够级, the as-dealt 革命 check.
OPTIONS: dict[str, dict[str, Any]] = {
    "default": {},
    "biesan": {"biesan": True},
    "kao": {"compare_option": 1, "kaopai_surplus": "exact", "pure_mixed_jokers": "as-is"},
    "restrict": {"burn_enforcement": "restrict", "report_mode": "always", "kaidian_on_final_play": True},
    "nodadian": {"dadian_enabled": False, "two_filler_gouji": "any-two", "revolution_check": "as-dealt",
                 "kaidian_exclusion": 1, "burn_tribute_payer": "burner-opposite"},
}

# (policy, option set, seed, sets per game)
CASES = [(p, o, s, 3) for p in ("random", "heuristic", "greedy", "baseline-heuristic") for o in OPTIONS
         for s in (1, 2, 3)]
ROLLOUT_CASES = [(o, s) for o in OPTIONS for s in range(3, 9)]


def _line(a: Action) -> str:
    return f"{a.seat} {a.kind} {a.play.text if a.play is not None else '-'} {a.arg if a.arg is not None else '-'}"


def game_digest(policy: str, opt: str, seed: int, sets: int) -> str:
    st, _ = sim.play_game("gouji", seed, {**OPTIONS[opt], "sets_per_game": sets}, policy)
    h = hashlib.sha256()
    for a in st.actions:
        h.update(_line(a).encode() + b"\n")
    h.update(repr(st.returns()).encode())
    return h.hexdigest()[:16]


def rollout_digest(opt: str, seed: int) -> str:
    """Random play into a set's play phase, then the search's rollout from there (every seat's action logged)."""
    import random
    import time

    from engine.bots.gouji_search import rollout
    st = sim.games.new_state("gouji", seed, {**OPTIONS[opt], "sets_per_game": 2})
    rng = random.Random(seed)
    target = 20 + seed * 7  # some plays into the play phase of the first set
    n = 0
    while not st.is_over and not (st.phase == "play" and n >= target):
        if st.phase == "play":
            n += 1
        st.apply(sim.random_action(st, rng))
    start = len(st.actions)
    value = rollout(st, seed % 2, deadline=time.perf_counter() + 1e6)
    h = hashlib.sha256()
    for a in st.actions[start:]:
        h.update(_line(a).encode() + b"\n")
    h.update(repr(value).encode())
    return h.hexdigest()[:16]


# Computed with main's code (5652e83) before the speed work.
EXPECTED_GAMES: dict[tuple[str, str, int, int], str] = {
    ('random', 'default', 1, 3): '7cc876099096de11',
    ('random', 'default', 2, 3): 'ebafe69e18af0404',
    ('random', 'default', 3, 3): 'a36fa2caa6a2616a',
    ('random', 'biesan', 1, 3): '5c21539f37d096ad',
    ('random', 'biesan', 2, 3): 'b5db2f30427d2739',
    ('random', 'biesan', 3, 3): '2e6fa2cf9c0a4a68',
    ('random', 'kao', 1, 3): '7cc876099096de11',
    ('random', 'kao', 2, 3): 'aeb12ee8ef5125cd',
    ('random', 'kao', 3, 3): 'a36fa2caa6a2616a',
    ('random', 'restrict', 1, 3): '7cc876099096de11',
    ('random', 'restrict', 2, 3): 'ebafe69e18af0404',
    ('random', 'restrict', 3, 3): 'a36fa2caa6a2616a',
    ('random', 'nodadian', 1, 3): '609d709ad13ac194',
    ('random', 'nodadian', 2, 3): '9c5f5832c03ade08',
    ('random', 'nodadian', 3, 3): '0864b6b4c711ed31',
    ('heuristic', 'default', 1, 3): '4d1a4a4ab557cd56',
    ('heuristic', 'default', 2, 3): '3eb09f85683abff4',
    ('heuristic', 'default', 3, 3): '67b3328722390c1c',
    ('heuristic', 'biesan', 1, 3): 'ea25854cbbde596f',
    ('heuristic', 'biesan', 2, 3): '4e18b0b81c171dc8',
    ('heuristic', 'biesan', 3, 3): 'a6fa84a71685954e',
    ('heuristic', 'kao', 1, 3): '51e677108fa73fe9',
    ('heuristic', 'kao', 2, 3): '93da784d53af0a42',
    ('heuristic', 'kao', 3, 3): '61e661c027dc47a0',
    ('heuristic', 'restrict', 1, 3): 'ad1ff099f87ffd30',
    ('heuristic', 'restrict', 2, 3): '4705b7f81894c561',
    ('heuristic', 'restrict', 3, 3): '68f62eb02a72458a',
    ('heuristic', 'nodadian', 1, 3): 'e5576d6b2b972cd9',
    ('heuristic', 'nodadian', 2, 3): '80bff7205de9d989',
    ('heuristic', 'nodadian', 3, 3): '6c251796e1afed0c',
    ('greedy', 'default', 1, 3): 'b6815d63f8d1d926',
    ('greedy', 'default', 2, 3): '5386572894153e6a',
    ('greedy', 'default', 3, 3): 'b08267f7b899e433',
    ('greedy', 'biesan', 1, 3): 'e36ff654458b4ad7',
    ('greedy', 'biesan', 2, 3): '0b3b19b15fbdd8f4',
    ('greedy', 'biesan', 3, 3): '4af1013ce83db43b',
    ('greedy', 'kao', 1, 3): 'b6815d63f8d1d926',
    ('greedy', 'kao', 2, 3): 'bf7ecd7a996b549e',
    ('greedy', 'kao', 3, 3): 'b08267f7b899e433',
    ('greedy', 'restrict', 1, 3): 'b6815d63f8d1d926',
    ('greedy', 'restrict', 2, 3): '5386572894153e6a',
    ('greedy', 'restrict', 3, 3): 'b08267f7b899e433',
    ('greedy', 'nodadian', 1, 3): '6317306f8c7180e1',
    ('greedy', 'nodadian', 2, 3): 'dec3bc5f7114226a',
    ('greedy', 'nodadian', 3, 3): 'a55616d63066afae',
    ('baseline-heuristic', 'default', 1, 3): '6a819e45ceef554c',
    ('baseline-heuristic', 'default', 2, 3): '7c598c3aeb283f88',
    ('baseline-heuristic', 'default', 3, 3): 'f8cf4dcbd76d5a7c',
    ('baseline-heuristic', 'biesan', 1, 3): 'c321b8fa7ca4b94a',
    ('baseline-heuristic', 'biesan', 2, 3): '1a16f10b671785f9',
    ('baseline-heuristic', 'biesan', 3, 3): '014d040e08602382',
    ('baseline-heuristic', 'kao', 1, 3): '0be287d80fa7d4e7',
    ('baseline-heuristic', 'kao', 2, 3): '168c913d46b67ede',
    ('baseline-heuristic', 'kao', 3, 3): 'ae4d3ca9985a5bcc',
    ('baseline-heuristic', 'restrict', 1, 3): '984dff26900e2497',
    ('baseline-heuristic', 'restrict', 2, 3): '7cde721e5a8f24a7',
    ('baseline-heuristic', 'restrict', 3, 3): '0476640ae6127a7c',
    ('baseline-heuristic', 'nodadian', 1, 3): 'f26a84e6ee6586e4',
    ('baseline-heuristic', 'nodadian', 2, 3): 'c1ab3803a56ffad9',
    ('baseline-heuristic', 'nodadian', 3, 3): 'f5b22ae1f14e3c65',
}
EXPECTED_ROLLOUTS: dict[tuple[str, int], str] = {
    ('default', 3): '951d22c6f65c9454',
    ('default', 4): 'cf23e2296f39c66d',
    ('default', 5): '2c5e6074c1cb3e31',
    ('default', 6): '3ba939f8e7c93c12',
    ('default', 7): 'c28062db89cb6e66',
    ('default', 8): 'accfbbf8da071bfd',
    ('biesan', 3): '39d4d00da5e040ba',
    ('biesan', 4): '2191694c486f6c08',
    ('biesan', 5): '4fa1e350ae3b03dc',
    ('biesan', 6): '5baa0b21d15deec9',
    ('biesan', 7): '00aea6772861a65e',
    ('biesan', 8): 'ce5170e6893b1263',
    ('kao', 3): 'd84c88176a17c6be',
    ('kao', 4): '4b03e0da4da516a6',
    ('kao', 5): '9788cafaba390460',
    ('kao', 6): 'e6d931e65b78b348',
    ('kao', 7): 'e5ca4d07f0c6fc31',
    ('kao', 8): 'f227ca572adba58f',
    ('restrict', 3): '951d22c6f65c9454',
    ('restrict', 4): 'cf23e2296f39c66d',
    ('restrict', 5): '2c5e6074c1cb3e31',
    ('restrict', 6): '3ba939f8e7c93c12',
    ('restrict', 7): 'c28062db89cb6e66',
    ('restrict', 8): 'accfbbf8da071bfd',
    ('nodadian', 3): '8b623cbff4c2b028',
    ('nodadian', 4): 'c72aa3c430d00a89',
    ('nodadian', 5): '32262140d86de0d5',
    ('nodadian', 6): 'c660a77fc88d26ce',
    ('nodadian', 7): '8bfedecfe09b0952',
    ('nodadian', 8): '4e696e98dbd9eeb8',
}


@pytest.mark.parametrize("policy,opt,seed,sets", CASES)
def test_same_seed_same_game(policy: str, opt: str, seed: int, sets: int) -> None:
    assert game_digest(policy, opt, seed, sets) == EXPECTED_GAMES[(policy, opt, seed, sets)]


@pytest.mark.parametrize("opt,seed", ROLLOUT_CASES)
def test_same_rollout(opt: str, seed: int) -> None:
    assert rollout_digest(opt, seed) == EXPECTED_ROLLOUTS[(opt, seed)]


@pytest.mark.parametrize("opt", list(OPTIONS))
def test_wutou_all_is_wutou_of_each_seat(opt: str) -> None:
    """The one-pass 无头 list the rollouts use (G-61) agrees with ``_wutou`` seat by seat at every step."""
    import random
    for seed in range(6):
        st = sim.games.new_state("gouji", seed, {**OPTIONS[opt], "sets_per_game": 2})
        rng = random.Random(seed)
        while not st.is_over:
            assert st._wutou_all() == [st._wutou(s) for s in range(st.n_seats)]
            st.apply(sim.random_action(st, rng))


if __name__ == "__main__":  # prints the tables above, from this tree's code
    print("EXPECTED_GAMES = {")
    for c in CASES:
        print(f"    {c!r}: {game_digest(*c)!r},")
    print("}\nEXPECTED_ROLLOUTS = {")
    for r in ROLLOUT_CASES:
        print(f"    {r!r}: {rollout_digest(*r)!r},")
    print("}")
