"""Traps: playing a table that knows only common words (docs/rules.md, "Traps").

The other seats know the playable words of Zipf frequency >= theta. They play only letters that
begin a word they know (any such letter: with three or more players they may gang up), and
when they know none they challenge and lose. For a seat s, the escape threshold T(f) is the
least theta at which s can still lose from fragment f against every such table:

- f a playable word: T = +inf if s completed it, else -inf;
- s to move: T(f) = min over letters x of T(f + x);
- another seat to move: T(f) = max over x of min(M(f + x), T(f + x)),

with M(g) the highest Zipf of the playable words beginning with g. s cannot lose from f
exactly when theta > T(f). Like the solver, `Thresholds` fills in M and every seat's T level by
level from the deepest up, so the work is linear in the size of the game tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from cardgen.games.advice import Escape, Try, best_try
from cardgen.games.solver import Solution
from cardgen.games.trie import IntArray

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class Thresholds:
    """Every seat's escape threshold T at every fragment of a solved game."""

    solution: Solution
    zipf: FloatArray = field(repr=False)
    """Zipf frequency of each playable word (aligned with `solution.words`; 0.0 if unknown)."""
    best: tuple[FloatArray, ...] = field(repr=False)
    """`best[d][i]`: M, the highest Zipf of the words beginning with fragment i of length d."""
    last: tuple[IntArray, ...] = field(repr=False)
    """`last[d][i]`: index of the last word beginning with fragment i of length d."""
    escape: tuple[tuple[FloatArray, ...], ...] = field(repr=False)
    """`escape[seat_index][d][i]`: T of the seat at fragment i of length d."""

    def threshold(self, fragment: str, seat: int) -> float:
        """T_seat(fragment): the seat cannot lose from here against a table that knows only
        words of Zipf above it (-inf: it wins against perfect players too; +inf: it loses
        whatever the others know)."""
        return float(self.escape[seat - 1][len(fragment)][self._index(fragment)])

    def known(self, fragment: str) -> float:
        """M(fragment): the highest Zipf of the playable words that begin with it."""
        return float(self.best[len(fragment)][self._index(fragment)])

    def trap(self, fragment: str) -> Try | None:
        """The trap of the seat to move at `fragment`, where it cannot win with perfect play:
        the candidate of the best try (docs/rules.md) after which the others need the rarest
        word to escape, then the best try's order; None where the seat wins or the game is
        over."""
        return best_try(self.solution, fragment, self)

    def escape_word(self, fragment: str, seat: int) -> Escape | None:
        """The word the others must know to stop `seat` from winning from `fragment`, found
        along the line docs/rules.md describes; None where no word lets them out (T = +inf) or
        `seat` cannot lose from here whatever they know (T = -inf)."""
        solution = self.solution
        n = solution.players
        threshold = self.threshold(fragment, seat)
        if not np.isfinite(threshold):
            return None
        g = fragment
        while True:
            d, i = len(g), self._index(g)
            level = solution.levels[d]
            lo, hi = int(level.child_lo[i]), int(level.child_hi[i])
            below = self.escape[seat - 1][d + 1][lo:hi]
            if d % n == seat - 1:
                # The seat's own move: its lowest-T letter, the first of them alphabetically.
                g += solution._letter(d + 1, lo + int(np.argmin(below)))
                continue
            known = self.best[d + 1][lo:hi]
            target = self.escape[seat - 1][d][i]
            j = lo + int(np.argmax(np.minimum(known, below) == target))
            g += solution._letter(d + 1, j)
            if self.best[d + 1][j] <= self.escape[seat - 1][d + 1][j]:
                first = int(solution.levels[d + 1].start[j])
                end = int(self.last[d + 1][j]) + 1
                k = first + int(np.argmax(self.zipf[first:end] == self.best[d + 1][j]))
                return Escape(solution.words[k], threshold)

    def _index(self, fragment: str) -> int:
        return self.solution._index(fragment)


def thresholds(solution: Solution, zipf: FloatArray) -> Thresholds:
    """Every seat's escape thresholds on a solved game, from each playable word's Zipf
    frequency (aligned with `solution.words`).

    Words `xab xeno yes`, 3+ letters, two players: the first seat cannot win, but after `x`
    only a table that knows `xab` (Zipf 1.5) gets away (`xeno` is theirs to complete), while
    after `y` any table that knows `yes` (Zipf 5.0) does.

    >>> from cardgen.words.lexicon import playable_words
    >>> from cardgen.games.solver import solve
    >>> solution = solve(playable_words(["xab", "xeno", "yes"], 3), 2)
    >>> t = thresholds(solution, np.array([1.5, 3.0, 5.0]))
    >>> t.threshold("x", 1), t.threshold("y", 1), t.trap("")
    (1.5, 5.0, Try(move='x', mistakes=1, replies=2, escape=Escape(word='xab', zipf=1.5)))
    """
    levels = solution.levels
    n = solution.players
    zipf = np.asarray(zipf, dtype=np.float64)
    if zipf.shape != (len(solution.words),):
        raise ValueError(f"{zipf.size} frequencies for {len(solution.words)} words")
    best: list[FloatArray] = []
    last: list[IntArray] = []
    escape: list[list[FloatArray]] = [[] for _ in range(n)]
    below_best: FloatArray | None = None
    below_last: IntArray | None = None
    below_escape: list[FloatArray] = []
    for d in range(len(levels) - 1, -1, -1):
        level = levels[d]
        leaf, inner = level.leaf, ~level.leaf
        lo = level.child_lo[inner]
        m = np.empty(len(level), dtype=np.float64)
        end = np.empty(len(level), dtype=np.int64)
        m[leaf] = zipf[level.start[leaf]]
        end[leaf] = level.start[leaf]
        if inner.any():
            # The children of the inner fragments tile the next level in order, in non-empty
            # blocks (see cardgen.games.solver._solve_losers), so reduceat over `lo` reduces each
            # fragment's children.
            assert below_best is not None and below_last is not None
            m[inner] = np.maximum.reduceat(below_best, lo)
            end[inner] = np.maximum.reduceat(below_last, lo)
        # A word of length d is completed by seat index (d - 1) % n.
        completer = (d - 1) % n
        mover_index = d % n
        current: list[FloatArray] = []
        for seat_index in range(n):
            t = np.empty(len(level), dtype=np.float64)
            t[leaf] = np.inf if seat_index == completer else -np.inf
            if inner.any():
                assert below_best is not None
                child = below_escape[seat_index]
                if mover_index == seat_index:
                    t[inner] = np.minimum.reduceat(child, lo)
                else:
                    t[inner] = np.maximum.reduceat(np.minimum(below_best, child), lo)
            current.append(t)
            escape[seat_index].append(t)
        best.append(m)
        last.append(end)
        below_best, below_last, below_escape = m, end, current
    return Thresholds(
        solution,
        zipf,
        tuple(reversed(best)),
        tuple(reversed(last)),
        tuple(tuple(reversed(per_seat)) for per_seat in escape),
    )


__all__ = ["FloatArray", "Thresholds", "thresholds"]
