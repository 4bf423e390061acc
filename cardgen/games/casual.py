"""Winning against a casual table: one that knows only the words of Zipf >= theta
(docs/rules.md, "A card for casual tables").

A seat s wins from fragment f against every such table exactly when T_s(f) < theta
(`cardgen.games.traps`). Its winning word set is then chosen as the solver chooses against perfect
players (the config's ranking, from the leaves up), in the casual game: where s moves, the best
set among the letters x with T(f + x) < theta; where another seat moves, the union over the
letters that begin a word they know (every one of which s still wins after); and where they
know none, they challenge, and s names one word beginning with the fragment: the best
one-word set under it by the same ranking. Those words are the seat's `named` words.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from cardgen.games.advice import Try, choose_try
from cardgen.games.ranking import NO_WIN
from cardgen.games.solver import rank_totals
from cardgen.games.traps import Thresholds
from cardgen.games.trie import IntArray


@dataclass(frozen=True, eq=False)
class Casual:
    """Every seat's winning word sets against a table that knows only words of Zipf >=
    `knows`."""

    thresholds: Thresholds
    knows: float
    """The table knows the playable words of at least this Zipf frequency."""
    pick: tuple[IntArray, ...] = field(repr=False)
    """`pick[d][i]`: the key of the best one-word set under fragment i of length d (the word
    named when the others challenge there)."""
    ranks: tuple[tuple[IntArray, ...], ...] = field(repr=False)
    """`ranks[seat_index][d][i]`: the key of the seat's winning set there (NO_WIN: none)."""

    def wins(self, fragment: str, seat: int) -> bool:
        """Whether `seat` cannot lose from `fragment` against the table."""
        return self.thresholds.threshold(fragment, seat) < self.knows

    def winning_moves(self, fragment: str, seat: int) -> tuple[str, ...]:
        """The letters after which `seat` (to move) cannot lose against the table."""
        solution = self.thresholds.solution
        return tuple(
            x for x in solution.children(fragment) if self.wins(fragment + x, seat)
        )

    def trap(self, fragment: str) -> Try | None:
        """The trap of the seat to move at `fragment` wherever it cannot win against the table
        (T >= `knows`), its escape word included: the trap of docs/rules.md ("Traps"), set
        also where the seat wins against perfect players but not against a table that gangs
        up on it (three or more players); None where it wins against the table or the game
        is over."""
        solution = self.thresholds.solution
        if solution.is_word(fragment) or self.wins(fragment, solution.mover(fragment)):
            return None
        return choose_try(solution, fragment, self.thresholds)

    def seat_totals(self, seat: int) -> tuple[int, int, int]:
        """A table row's sums for `seat` against the table: its openings, how many it wins,
        and the words of its winning sets added up (as `Solution.seat_totals`)."""
        solution = self.thresholds.solution
        return rank_totals(solution.levels, self.ranks[seat - 1], solution._codec, seat)

    def winning_words(self, fragment: str, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The seat's winning word set from `fragment` against the table and the words of it
        that it names when challenged, both sorted; ((), ()) where it can lose."""
        solution = self.thresholds.solution
        codec = solution._codec
        seat_index = seat - 1
        d, i = len(fragment), solution._index(fragment)
        ranks = self.ranks[seat_index]
        if ranks[d][i] == NO_WIN:
            return (), ()
        found: list[int] = []
        named: list[int] = []
        stack = [(d, i)]
        while stack:
            d, i = stack.pop()
            level = solution.levels[d]
            if level.leaf[i]:
                found.append(int(level.start[i]))
                continue
            lo, hi = int(level.child_lo[i]), int(level.child_hi[i])
            if d % solution.players == seat_index:
                stack.append((d + 1, lo + int(np.argmin(ranks[d + 1][lo:hi]))))
                continue
            known = np.flatnonzero(self.thresholds.best[d + 1][lo:hi] >= self.knows)
            if len(known):
                stack.extend((d + 1, lo + int(j)) for j in known)
            else:
                _, _, word = codec.unpack(int(self.pick[d][i]))
                found.append(int(word))
                named.append(int(word))
        words = solution.words
        return tuple(words[k] for k in sorted(found)), tuple(words[k] for k in sorted(named))


def casual(thresholds: Thresholds, knows: float) -> Casual:
    """Solve every seat's winning word sets against a table that knows only the words of Zipf
    >= `knows`, level by level from the deepest up.

    Words `xab xeno yes` (Zipf 1.5, 3.0, 5.0), 3+ letters, two players: against a table that
    knows only words of Zipf 2 or more, the first seat wins by `x`: the second seat does not
    know `xab`, so it plays `e` towards `xeno` (its own loss) or challenges.

    >>> from cardgen.words.lexicon import playable_words
    >>> from cardgen.games.solver import solve
    >>> from cardgen.games.traps import thresholds
    >>> solution = solve(playable_words(["xab", "xeno", "yes"], 3), 2)
    >>> table = casual(thresholds(solution, np.array([1.5, 3.0, 5.0])), 2.0)
    >>> table.winning_moves("", 1), table.winning_words("", 1)
    (('x',), (('xeno',), ()))
    """
    solution = thresholds.solution
    levels = solution.levels
    n = solution.players
    codec = solution._codec
    worst_length, worst_first = codec.worst()
    leaf_keys = solution._leaf_keys
    picks: list[IntArray] = []
    ranks: list[list[IntArray]] = [[] for _ in range(n)]
    below_pick: IntArray | None = None
    below: list[IntArray] = []
    for d in range(len(levels) - 1, -1, -1):
        level = levels[d]
        leaf, inner = level.leaf, ~level.leaf
        lo = level.child_lo[inner]
        pick = np.empty(len(level), dtype=np.int64)
        pick[leaf] = leaf_keys[level.start[leaf]]
        if inner.any():
            # Children tile the next level in non-empty blocks (cardgen.games.solver._solve_losers).
            assert below_pick is not None
            pick[inner] = np.minimum.reduceat(below_pick, lo)
        completer = (d - 1) % n
        mover_index = d % n
        current: list[IntArray] = []
        for seat_index in range(n):
            rank = np.full(len(level), NO_WIN, dtype=np.int64)
            if seat_index != completer:
                rank[leaf] = leaf_keys[level.start[leaf]]
            if inner.any():
                child = below[seat_index]
                if mover_index == seat_index:
                    rank[inner] = np.minimum.reduceat(child, lo)
                else:
                    known = thresholds.best[d + 1] >= knows
                    any_known = np.logical_or.reduceat(known, lo)
                    usable = known & (child != NO_WIN)
                    weight, shortest, first = codec.split(child)
                    union = codec.join(
                        np.add.reduceat(np.where(usable, weight, 0), lo),
                        np.minimum.reduceat(np.where(usable, shortest, worst_length), lo),
                        np.minimum.reduceat(np.where(usable, first, worst_first), lo),
                    )
                    # Knowing no word, they challenge: the seat names its best single word.
                    rank[inner] = np.where(any_known, union, pick[inner])
            rank[thresholds.escape[seat_index][d] >= knows] = NO_WIN
            current.append(rank)
            ranks[seat_index].append(rank)
        picks.append(pick)
        below_pick, below = pick, current
    return Casual(
        thresholds,
        knows,
        tuple(reversed(picks)),
        tuple(tuple(reversed(per_seat)) for per_seat in ranks),
    )
