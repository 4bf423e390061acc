"""Winning against a casual table: one that knows only the words of Zipf >= theta
(docs/rules.md, "A card for casual tables").

A seat s wins from fragment f against every such table exactly when T_s(f) < theta
(`cardgen.games.traps`). Its winning strategy is then chosen as the solver chooses against
perfect players (from the leaves up, scored as the game scores strategies:
`cardgen.games.scores`), in the casual game: where s moves, the best among the moves x with
T(f + x) < theta; where another seat moves, the union over the moves that make a fragment held
by a word they know (every one of which s still wins after); and where they know none, they
challenge, and s names one word that holds the fragment: the best by the same scores. Those
words are the seat's `named` words. Ghost's strategies are word sets; SuperGhost's and
SuperDuperGhost's decision tables, their words the tables' end words. One code path serves the
three games: it reads the game only through `GameSolution`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from cardgen.games.advice import TableAnswers
from cardgen.games.game import Decision
from cardgen.games.levels import Array, Moves, bottom_up
from cardgen.games.scores import Scores, seat_totals
from cardgen.games.traps import Thresholds
from cardgen.words.alphabet import sort_key

Plan = tuple[frozenset[Decision], frozenset[int], frozenset[int]]
"""A seat's strategy from a fragment: its decisions, its words and the words of those it
names when challenged (indices into the solution's words)."""


@dataclass(frozen=True, eq=False)
class Casual(TableAnswers):
    """Every seat's winning strategies against a table that knows only words of Zipf >=
    `knows`."""

    thresholds: Thresholds
    knows: float
    """The table knows the playable words of at least this Zipf frequency."""
    scores: Scores = field(repr=False)
    """How the game scores strategies (`GameSolution.scores`)."""
    pick: tuple[Array, ...] = field(repr=False)
    """`pick[d][i]`: the pick key of the word named when the others challenge at fragment i
    of length d (`Scores.pick`)."""
    ranks: tuple[tuple[Array, ...], ...] = field(repr=False)
    """`ranks[seat_index][d][i]`: the score of the seat's winning strategy there
    (`Scores.lost`: none)."""
    _plans: dict[tuple[str, int], Plan] = field(default_factory=dict, repr=False)
    _words: dict[str, int] = field(default_factory=dict, repr=False)

    def seat_totals(self, seat: int) -> tuple[int, int, int]:
        """A table row's sums for `seat` against the table: its openings, how many it wins,
        and the sizes of its winning strategies added up (as `Solution.seat_totals`)."""
        levels = self.thresholds.solution.move_levels()
        return seat_totals(levels, self.ranks[seat - 1], self.scores, seat)

    def winning_words(self, fragment: str, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The seat's winning word set from `fragment` against the table (in the variants:
        the end words of its decision table) and the words of it that it names when
        challenged, both sorted; ((), ()) where it can lose."""
        _, found, named = self._plan(fragment, seat)
        words = self.thresholds.solution.words
        return tuple(words[k] for k in sorted(found)), tuple(words[k] for k in sorted(named))

    def decisions(self, fragment: str, seat: int) -> tuple[Decision, ...]:
        """The seat's decision table from `fragment` against the table, by fragment length
        then alphabetically; () where it can lose, and in Ghost (whose cards list words)."""
        if not self.scores.tables:
            return ()
        rows, _, _ = self._plan(fragment, seat)
        key = sort_key(self.thresholds.solution.lexicon.letters)
        return tuple(sorted(rows, key=lambda row: (len(row.fragment), key(row.fragment))))

    def _score(self, fragment: str, seat: int) -> object:
        return self.ranks[seat - 1][len(fragment)][self.thresholds.index(fragment)]

    def _word_index(self, word: str) -> int:
        if not self._words:
            self._words.update((w, k) for k, w in enumerate(self.thresholds.solution.words))
        return self._words[word]

    def _plan(self, fragment: str, seat: int) -> Plan:
        """The seat's strategy from `fragment` (docs/rules.md, "A card for casual tables"):
        where it moves, the best-scored move (ties: the fewest words, then the first move);
        where another seat moves, every move the table knows; where it knows none, the word
        the seat names."""
        memo = (fragment, seat)
        if memo in self._plans:
            return self._plans[memo]
        solution = self.thresholds.solution
        lost = self.scores.lost
        score = self._score(fragment, seat)
        plan: Plan = frozenset(), frozenset(), frozenset()
        if score == lost:
            pass
        elif solution.is_word(fragment):
            plan = frozenset(), frozenset({self._word_index(fragment)}), frozenset()
        else:
            made = [solution.after(fragment, x) for x in solution.children(fragment)]
            if solution.mover(fragment) == seat:
                scores = [self._score(h, seat) for h in made]
                best = min(scores)  # type: ignore[type-var]
                k = min((k for k, x in enumerate(scores) if x == best),
                        key=lambda k: (len(self._plan(made[k], seat)[1]), k))
                rows, words, named = self._plan(made[k], seat)
                plan = rows | {Decision(fragment, made[k])}, words, named
            elif known := [h for h in made if self.thresholds.known(h) >= self.knows]:
                parts = [self._plan(h, seat) for h in known]
                plan = (frozenset().union(*(p[0] for p in parts)),
                        frozenset().union(*(p[1] for p in parts)),
                        frozenset().union(*(p[2] for p in parts)))
            else:  # knowing no word, they challenge: the seat names its pick
                d, i = len(fragment), self.thresholds.index(fragment)
                word = self.scores.picked(int(self.pick[d][i]))
                plan = frozenset(), frozenset({word}), frozenset({word})
        self._plans[memo] = plan
        return plan


def casual(thresholds: Thresholds, knows: float) -> Casual:
    """Solve every seat's winning strategies against a table that knows only the words of
    Zipf >= `knows`, level by level from the deepest up.

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

    Each table is solved once per `thresholds` (a build's card, its figures and `play`'s store
    ask for the same one):

    >>> casual(table.thresholds, 2.0) is table
    True
    """
    solved = thresholds.per_table("casual", knows, lambda: _solve(thresholds, knows))
    assert isinstance(solved, Casual)
    return solved


def _solve(thresholds: Thresholds, knows: float) -> Casual:
    solution = thresholds.solution
    n = solution.players
    scores = solution.scores()
    pick = solution.over_words(scores.pick, np.minimum, np.iinfo(np.int64).max)
    known_at = [level >= knows for level in thresholds.best]

    def step(d: int, moves: Moves, below: list[Array] | None) -> list[Array]:
        completer, mover_index = (d - 1) % n, d % n
        current = []
        for seat_index in range(n):
            if below is None:
                rank = np.full(len(moves), scores.lost)
            elif mover_index == seat_index:
                rank = scores.own(moves.reduce(np.minimum, below[seat_index], scores.lost))
            else:
                known = known_at[d + 1]
                usable = known & (below[seat_index] != scores.lost)
                union = scores.union(moves, below[seat_index], usable)
                # Knowing no word, they challenge: the seat names its best single word.
                challenged = ~moves.reduce(np.logical_or, known, False)
                rank = np.where(challenged, scores.named(pick[d]), union)
            rank[~moves.inner] = scores.lost
            if seat_index != completer:
                rank[moves.leaf] = scores.word(d, moves)
            rank[thresholds.escape[seat_index][d] >= knows] = scores.lost
            current.append(rank)
        return current

    ranks = bottom_up(solution.move_levels(), step)
    return Casual(thresholds, knows, scores, pick,
                  tuple(tuple(level[k] for level in ranks) for k in range(n)))
