"""三五番 declaring (亮主 / 定主, SF-7), taking over (抢主, SF-8) and sticking (粘牌, SF-10).

A declaration is one joker and a pair of identical suited cards (the pair face down; its suit is the trump
suit); a take-over is two identical jokers and a pair, by anyone but the standing declarer, over a one-joker
declaration; nothing takes over a joker-pair declaration. A stick shows one joker and two consecutive pairs
of one suit's plain sequence (never 2, 3, 5 or L), by a player who also holds a 2, 3, 5 or level-rank card;
the sticker takes the declaration's joker and pair and gives the declarer three cards: one 2/3/5/L card and
two of the declared suit (``sw_stick_return = "declared_suit"``) or two side cards (``"any_side"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.shengji.sanwufan_order import is_high, sanwufan_order
from engine.trick.cards import BIG_JOKER, SMALL_JOKER, SUITS, TEXT, parse_codes
from engine.trick.picks import Picks

ONE_JOKER, JOKER_PAIR = 1, 2


@dataclass(frozen=True, slots=True)
class SwDeclaration:
    """A standing declaration: who, ``strength`` (1 one joker, 2 a joker pair), its jokers and its pair."""

    seat: int
    strength: int
    jokers: tuple[int, ...]
    pair: int

    @property
    def suit(self) -> int:
        return self.pair // 13

    @property
    def cards(self) -> str:
        return "".join(TEXT[c] for c in (*self.jokers, self.pair, self.pair))

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "strength": self.strength, "jokers": "".join(TEXT[c] for c in self.jokers),
                "pair": TEXT[self.pair] * 2}

    @classmethod
    def from_json(cls, d: dict[str, object]) -> SwDeclaration:
        return cls(int(str(d["seat"])), int(str(d["strength"])), tuple(parse_codes(str(d["jokers"]))),
                   parse_codes(str(d["pair"]))[0])


def read_showing(codes: Sequence[int]) -> tuple[int, tuple[int, ...], int] | None:
    """(strength, jokers, pair code) of a showing of SF-7 / SF-8 form, or None."""
    jokers = tuple(sorted(c for c in codes if c >= SMALL_JOKER))
    rest = sorted(c for c in codes if c < SMALL_JOKER)
    if len(rest) != 2 or rest[0] != rest[1]:
        return None
    if len(jokers) == 1:
        return ONE_JOKER, jokers, rest[0]
    if len(jokers) == 2 and jokers[0] == jokers[1]:
        return JOKER_PAIR, jokers, rest[0]
    return None


def beats(prev: SwDeclaration | None, strength: int) -> bool:
    """SF-7, SF-8: the first declaration stands; a joker pair takes over one joker; nothing over a joker pair."""
    return prev is None or (prev.strength == ONE_JOKER and strength == JOKER_PAIR)


def declarations(hand: Sequence[int], seat: int, standing: SwDeclaration | None) -> list[str]:
    """Every declaration / take-over ``hand`` (54 counts) may make now, as notation."""
    if standing is not None and (standing.seat == seat or standing.strength == JOKER_PAIR):
        return []
    pairs = [c for c in range(SMALL_JOKER) if hand[c] >= 2]
    out: list[str] = []
    for j in (SMALL_JOKER, BIG_JOKER):
        if standing is None and hand[j] >= 1:
            out.extend(TEXT[j] + TEXT[p] * 2 for p in pairs)
        if hand[j] >= 2:
            out.extend(TEXT[j] * 2 + TEXT[p] * 2 for p in pairs)
    return out


def stick_shows(hand: Sequence[int], level: int, skip_adjacent: bool) -> list[str]:
    """SF-10: the sticks ``hand`` can show — a joker and two consecutive plain pairs of one suit — when it
    also holds a 2, 3, 5 or level-rank card (else none)."""
    if not any(hand[c] for c in range(SMALL_JOKER) if is_high(c, level)):
        return []
    o = sanwufan_order(level, None, skip_adjacent)
    out: list[str] = []
    for suit in range(4):
        pairs = [c for c in o.members[suit] if hand[c] >= 2]
        for a in pairs:
            for b in pairs:
                if o.step[b] == o.step[a] + 1:
                    for j in (SMALL_JOKER, BIG_JOKER):
                        if hand[j]:
                            out.append(TEXT[j] + TEXT[a] * 2 + TEXT[b] * 2)
    return out


def _returnable(code: int, level: int, trump: int, mode: str) -> bool:
    if code >= SMALL_JOKER:
        return False
    if mode == "declared_suit":
        return code // 13 == trump
    return code // 13 != trump and not is_high(code, level)  # any_side: a side card


def exchange_refusal(give: Sequence[int], avail: Sequence[int], level: int, trump: int,
                     mode: str) -> tuple[str, str, str] | None:
    """Why the sticker may not give ``give`` (3 codes) out of ``avail`` (54 counts: his hand without the
    three cards just taken), SF-10; None when he may."""
    if len(give) != 3:
        return ("SF-10", "give exactly 3 cards", "必须回3张牌")
    need: dict[int, int] = {}
    for c in give:
        need[c] = need.get(c, 0) + 1
    if any(avail[c] < k for c, k in need.items()):
        return ("SF-10", "those cards are not in your hand (the three just taken cannot go back)",
                "手中没有这些牌（刚拿到的三张不能回）")
    for i, h in enumerate(give):
        if h >= SMALL_JOKER or not is_high(h, level):
            continue
        rest = [c for j, c in enumerate(give) if j != i]
        held = sum(avail[c] for c in range(SMALL_JOKER) if _returnable(c, level, trump, mode))
        if _returnable(h, level, trump, mode):
            held -= 1
        if sum(1 for c in rest if _returnable(c, level, trump, mode)) >= min(2, held):
            return None
    what = f"of the declared suit ({SUITS[trump]})" if mode == "declared_suit" else "side cards"
    zh = "叫主花色" if mode == "declared_suit" else "副牌"
    return ("SF-10", f"give one 2, 3, 5 or level-rank card (not a joker) and two {what}",
            f"回一张2、3、5或级牌（不能是王）和两张{zh}")


def exchanges(avail: Sequence[int], level: int, trump: int, mode: str) -> list[str]:
    """Every legal three-card return (notation) out of ``avail``."""
    items = [(c, k) for c, k in enumerate(avail) if k]
    out = []
    for p in Picks(items, 3):
        if exchange_refusal(p, avail, level, trump, mode) is None:
            out.append("".join(TEXT[c] for c in sorted(p)))
    return out
