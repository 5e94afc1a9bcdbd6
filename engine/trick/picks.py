"""Counting and indexing multisets of cards without listing them (legal plays by shape, never by subsets).

Two identical cards are one choice, so the plays of a hand are multisets: a system holding ``c_i`` copies of
each card leads in ``prod(c_i + 1) - 1`` ways, and ``k`` cards are picked from it in a number of ways a small
table counts. Both are indexed (``nth``) so a uniformly random play costs one count and one decode.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


class Subsets:
    """Every non-empty sub-multiset of ``items`` (code, copies), indexed in mixed radix."""

    __slots__ = ("items", "count")

    def __init__(self, items: Sequence[tuple[int, int]]) -> None:
        self.items = tuple(items)
        n = 1
        for _, cap in self.items:
            n *= cap + 1
        self.count = n - 1

    def nth(self, k: int) -> list[int]:
        if not 0 <= k < self.count:
            raise IndexError(k)
        k += 1
        out: list[int] = []
        for code, cap in self.items:
            k, take = divmod(k, cap + 1)
            out.extend([code] * take)
        return out

    def __iter__(self) -> Iterator[list[int]]:
        return (self.nth(i) for i in range(self.count))


class Picks:
    """Every multiset of exactly ``size`` cards from ``items`` (code, copies), in a fixed order."""

    __slots__ = ("items", "size", "_ways", "count")

    def __init__(self, items: Sequence[tuple[int, int]], size: int) -> None:
        self.items = tuple(items)
        self.size = size
        n = len(self.items)
        # ways[i][j]: multisets of j cards from items[i:]
        ways = [[0] * (size + 1) for _ in range(n + 1)]
        ways[n][0] = 1
        for i in range(n - 1, -1, -1):
            cap = self.items[i][1]
            row, nxt = ways[i], ways[i + 1]
            for j in range(size + 1):
                row[j] = sum(nxt[j - t] for t in range(min(cap, j) + 1))
        self._ways = ways
        self.count = ways[0][size] if size >= 0 else 0

    def nth(self, k: int) -> list[int]:
        if not 0 <= k < self.count:
            raise IndexError(k)
        out: list[int] = []
        j = self.size
        for i, (code, cap) in enumerate(self.items):
            nxt = self._ways[i + 1]
            for t in range(min(cap, j) + 1):
                w = nxt[j - t]
                if k < w:
                    out.extend([code] * t)
                    j -= t
                    break
                k -= w
        return out

    def __iter__(self) -> Iterator[list[int]]:
        return (self.nth(i) for i in range(self.count))
