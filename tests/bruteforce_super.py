"""SuperGhost and SuperDuperGhost written straight from docs/rules.md, to check the fast solver.

It shares no code with cardgen: sets of strings, recursion and nothing clever.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from bruteforce import TableRules

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


INF = float("inf")
Trap = tuple[str, int, int, tuple[str, float] | None]
"""A trap: its play, mistakes, replies and escape (word and Zipf)."""


class BruteSuperTable(TableRules):
    """docs/rules.md "Traps" and "A card for casual tables" for the variants, written straight
    down: the table knows the words of Zipf >= theta and makes only fragments that a word it
    knows contains; the seat names the shortest word containing the fragment (then the first)
    when challenged. Played out for each theta, with sets of strings."""

    game: BruteSuperGhost

    def __init__(self, game: BruteSuperGhost, zipf: dict[str, float]) -> None:
        super().__init__(game, zipf)
        self.casual_plan = cache(self._casual_plan)

    def known(self, fragment: str) -> float:
        """M: the highest Zipf of the words that contain the fragment."""
        return max((z for w, z in self.zipf.items() if fragment in w), default=-INF)

    def knows(self, fragment: str, theta: float) -> bool:
        return any(z >= theta for w, z in self.zipf.items() if fragment in w)

    def _can_lose(self, fragment: str, seat: int, theta: float) -> bool:
        game = self.game
        if fragment in game.words:
            return (len(fragment) - 1) % game.players + 1 == seat
        moves = game.moves(fragment)
        if game.mover(fragment) == seat:
            return all(self.can_lose(m, seat, theta) for m in moves)
        return any(self.can_lose(m, seat, theta) for m in moves if self.knows(m, theta))

    def trap(self, fragment: str, theta: float | None = None) -> Trap | None:
        """(play, mistakes, replies, escape) where the mover gets a trap (`trapped`)."""
        game, p = self.game, self.game.mover(fragment)
        if not self.trapped(fragment, theta):
            return None
        moves = game.moves(fragment)
        candidates = [m for m in moves if m not in game.words] or moves

        def mistakes(m: str) -> int:
            return sum(p not in game.losers(r) for r in game.moves(m))

        def order(m: str) -> tuple[float, Fraction, int, int]:
            replies = len(game.moves(m))
            share = Fraction(mistakes(m), replies) if replies else Fraction(0)
            return self.threshold(m, p), -share, -mistakes(m), candidates.index(m)

        move = min(candidates, key=order)
        return move, mistakes(move), len(game.moves(move)), self.escape(move, p)

    def escape(self, fragment: str, seat: int) -> tuple[str, float] | None:
        game = self.game
        target = self.threshold(fragment, seat)
        if target in (INF, -INF):
            return None
        g = fragment
        while True:
            moves = game.moves(g)
            if game.mover(g) == seat:
                g = min(moves, key=lambda m: (self.threshold(m, seat), moves.index(m)))
                continue
            t = self.threshold(g, seat)
            g = next(m for m in moves if min(self.known(m), self.threshold(m, seat)) == t)
            if self.known(g) <= self.threshold(g, seat):
                best = self.known(g)
                return min(w for w in game.words if g in w and self.zipf[w] == best), target

    def cost(self, fragment: str, seat: int, theta: float) -> float:
        """The fewest decisions the seat needs against the table; inf where it can lose."""
        if self.can_lose(fragment, seat, theta):
            return INF
        game = self.game
        if fragment in game.words:
            return 0
        moves = game.moves(fragment)
        if game.mover(fragment) == seat:
            return 1 + min(self.cost(m, seat, theta) for m in moves)
        return sum(self.cost(m, seat, theta) for m in moves if self.knows(m, theta))

    def _casual_plan(
        self, fragment: str, seat: int, theta: float
    ) -> tuple[frozenset[tuple[str, str]], frozenset[str], frozenset[str]] | None:
        """(decision rows, words, named words) against the table, or None if it can lose."""
        if self.can_lose(fragment, seat, theta):
            return None
        game = self.game
        if fragment in game.words:
            return frozenset(), frozenset({fragment}), frozenset()
        moves = game.moves(fragment)
        if game.mover(fragment) == seat:
            fewest = min(self.cost(m, seat, theta) for m in moves)
            best = min((m for m in moves if self.cost(m, seat, theta) == fewest),
                       key=lambda m: (len(self.plan_of(m, seat, theta)[1]), m))
            rows, words, named = self.plan_of(best, seat, theta)
            return rows | {(fragment, best)}, words, named
        known = [m for m in moves if self.knows(m, theta)]
        if not known:
            word = min((w for w in game.words if fragment in w), key=lambda w: (len(w), w))
            return frozenset(), frozenset({word}), frozenset({word})
        parts = [self.plan_of(m, seat, theta) for m in known]
        return (frozenset().union(*(p[0] for p in parts)),
                frozenset().union(*(p[1] for p in parts)),
                frozenset().union(*(p[2] for p in parts)))

    def plan_of(
        self, fragment: str, seat: int, theta: float
    ) -> tuple[frozenset[tuple[str, str]], frozenset[str], frozenset[str]]:
        found = self.casual_plan(fragment, seat, theta)
        assert found is not None
        return found
