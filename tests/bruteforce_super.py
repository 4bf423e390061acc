"""SuperGhost and SuperDuperGhost written straight from docs/rules.md, to check the fast solver.

It shares no code with cardgen: sets of strings, recursion and nothing clever.
"""

from __future__ import annotations

from functools import cache

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class BruteSuperGhost:
    """SuperGhost (or, with `reverse`, SuperDuperGhost) for n players on a set of words."""

    def __init__(self, words: set[str], players: int, *, reverse: bool = False) -> None:
        self.words = words
        self.players = players
        self.reverse = reverse
        self.infixes = {w[i:j] for w in words for i in range(len(w)) for j in range(i, len(w) + 1)}
        self.losers = cache(self._losers)
        self.plan = cache(self._plan)

    def mover(self, fragment: str) -> int:
        return len(fragment) % self.players + 1

    def moves(self, fragment: str) -> list[str]:
        """Every fragment one letter at either end makes (of the reverse too), alphabetically."""
        if fragment in self.words:
            return []
        bases = {fragment, fragment[::-1]} if self.reverse else {fragment}
        made = {p for f in bases for x in LETTERS for p in (x + f, f + x)}
        return sorted(made & self.infixes)

    def _losers(self, fragment: str) -> frozenset[int]:
        if fragment in self.words:
            return frozenset({(len(fragment) - 1) % self.players + 1})
        p = self.mover(fragment)
        results = [self.losers(m) for m in self.moves(fragment)]
        safe = [r for r in results if p not in r]
        return frozenset().union(*(safe or results))

    def cost(self, fragment: str, seat: int) -> float:
        """Fewest decisions along the game tree; inf where the seat loses."""
        if seat in self.losers(fragment):
            return float("inf")
        if fragment in self.words:
            return 0
        moves = self.moves(fragment)
        q = self.mover(fragment)
        if q == seat:
            return 1 + min(self.cost(m, seat) for m in moves)
        considered = [m for m in moves if q not in self.losers(m)] or moves
        return sum(self.cost(m, seat) for m in considered)

    def _plan(self, fragment: str, seat: int) -> tuple[frozenset[tuple[str, str]], frozenset[str]]:
        """(decision rows, end words) of the seat's strategy from the fragment."""
        if seat in self.losers(fragment):
            return frozenset(), frozenset()
        if fragment in self.words:
            return frozenset(), frozenset({fragment})
        moves = self.moves(fragment)
        q = self.mover(fragment)
        if q == seat:
            fewest = min(self.cost(m, seat) for m in moves)
            best = min(
                (m for m in moves if self.cost(m, seat) == fewest),
                key=lambda m: (len(self.plan(m, seat)[1]), m),
            )
            rows, words = self.plan(best, seat)
            return rows | {(fragment, best)}, words
        considered = [m for m in moves if q not in self.losers(m)] or moves
        rows_all: frozenset[tuple[str, str]] = frozenset()
        words_all: frozenset[str] = frozenset()
        for m in considered:
            rows, words = self.plan(m, seat)
            rows_all |= rows
            words_all |= words
        return rows_all, words_all

    def decisions(self, fragment: str, seat: int) -> list[tuple[str, str]]:
        rows, _ = self.plan(fragment, seat)
        return sorted(rows, key=lambda row: (len(row[0]), row[0]))
