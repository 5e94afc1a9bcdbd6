"""The answer enumeration listed from per-prev shape lists (speed, issue 16) gives exactly main's answers, in
the same order, for every play rules of both climbing games (C-12 … C-16): a legal-move list that changed
order would change every random-bot and bot game."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from engine.cards import BIG, NATURAL_RANKS, SMALL, SUPER, TWO, rank_counts
from engine.plays import (
    Play,
    PlayRules,
    _dominates,
    _iter_answers,
    iter_leads,
    kao_beats,
    lead_list,
    make_play,
    transient,
)


def _reference(rules: PlayRules, counts: Sequence[int], prev: Play) -> Iterator[Play]:
    """engine.plays._iter_answers as main had it (5652e83), the nested loops over the hand."""
    if rules.kaopai and (prev.big or prev.small) and not prev.supers:
        need = prev.big + prev.small
        if counts[SMALL] + counts[BIG] + counts[SUPER] < need:
            return
        for p in lead_list(rules, counts):
            if p.big + p.small + p.supers >= need and kao_beats(rules, prev, p):
                yield p
        return
    n = prev.size
    pv = prev.values
    t_max, s_max, b_max = counts[TWO], counts[SMALL], counts[BIG]
    z_max = counts[SUPER] if rules.allow_super else 0
    fill = rules.twos_as_fillers
    lowest = pv[0]
    higher = s_max + b_max + z_max + (t_max if lowest < TWO else 0)
    if higher < n:
        for r in range(lowest + 1, 15):
            higher += counts[r]
        if higher < n:
            return
    if prev.big and z_max == 0:
        return
    zs = range(z_max + 1)
    for s in range(min(s_max, n) + 1):
        for b in range(min(b_max, n - s) + 1):
            for z in zs:
                t = n - s - b - z
                if t < 0:
                    break
                if t > t_max or (t and lowest >= TWO):
                    continue
                p = make_play(rules, (0, 0, t, s, b, z))
                if _dominates(p.values, pv):
                    yield p
    for r in NATURAL_RANKS:
        c = counts[r]
        if not c or r <= lowest:
            continue
        for k in range(1, min(c, n) + 1):
            rest = n - k
            if rest > t_max + s_max + b_max + z_max:
                continue
            for s in range(min(s_max, rest) + 1):
                rest_s = rest - s
                for b in range(min(b_max, rest_s) + 1):
                    for z in zs:
                        t = rest_s - b - z
                        if t < 0:
                            break
                        if t > t_max or (t and not fill):
                            continue
                        p = make_play(rules, (r, k, t, s, b, z))
                        if _dominates(p.values, pv):
                            yield p


def _rules() -> list[PlayRules]:
    from engine.baohuang.rules import Rules as BRules
    from engine.gouji.rules import Rules as GRules
    out = [GRules().play_rules, GRules(compare_option=1).play_rules,
           GRules(compare_option=1, kaopai_surplus="exact", pure_mixed_jokers="as-is").play_rules,
           BRules().play_rules]
    for opts in ({"twos_as_fillers": False}, {"kaopai": True}, {"kaopai": True, "kaopai_relations": "big-only"},
                 {"guard_card_super": True, "guard_mode": "called-triple"}, {"deck": "no-3-4-5"}):
        try:
            out.append(BRules(**opts).play_rules)
        except ValueError:
            continue  # an option this version does not have
    return out


@pytest.mark.parametrize("k", range(len(_rules())))
def test_answers_equal_main_in_order(k: int) -> None:
    rules = _rules()[k]
    from engine.cards import make_pack
    pack = make_pack(4)
    if rules.allow_super:
        from engine.cards import Card
        pack = pack + [Card(SUPER)] * 2
    rng = random.Random(k)
    for _ in range(300):
        rng.shuffle(pack)
        size = rng.choice((6, 12, 20, 36, 43))
        hand = rank_counts(pack[:size])
        other = rank_counts(pack[size:size + rng.choice((4, 12, 36))])
        leads = [p for p in iter_leads(rules, other) if all(r in rules.ranks for r in [p.natural_rank] if r)]
        for prev in rng.sample(leads, min(8, len(leads))):
            assert _iter_answers(rules, hand, prev) == list(_reference(rules, hand, prev)), (prev, hand)


def test_transient_plays_are_not_kept() -> None:
    """Answers computed while reading untrusted text (plays.transient) leave no shape list behind."""
    from engine import plays
    from engine.gouji.rules import Rules
    rules = Rules(compare_option=0, kaopai_surplus="exact").play_rules  # a rules object of its own
    plays._MEMOS.pop(rules, None)
    plays._MEMOS_BY_ID.clear()
    prev = make_play(rules, (5, 2, 0, 0, 0, 0))
    with transient():
        _iter_answers(rules, [0] * 3 + [2] * 13 + [1, 1, 0], prev)  # 2 of every rank 3 … 2, x, X
    assert not plays._memos(rules)["shapes"]


@pytest.mark.parametrize("k", range(len(_rules())))
def test_nth_lead_is_the_lead_list_item(k: int) -> None:
    """plays.nth_lead (a random lead without the whole list) is lead_list's k-th play, past its end an error."""
    from engine.cards import make_pack
    from engine.plays import nth_lead
    rules = _rules()[k]
    pack = make_pack(4)
    rng = random.Random(100 + k)
    for _ in range(60):
        rng.shuffle(pack)
        hand = rank_counts(pack[:rng.choice((1, 5, 20, 36))])
        try:
            leads = lead_list(rules, hand)
        except ValueError:
            continue  # a rank this pack has not (Baohuang's short decks)
        assert [nth_lead(rules, hand, i) for i in range(len(leads))] == leads
        with pytest.raises(IndexError):
            nth_lead(rules, hand, len(leads))
