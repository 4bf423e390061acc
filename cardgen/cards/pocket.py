"""What a card wins at a casual table: the pocket cards' model (docs/rules.md, "What a card
wins at a casual table").

Every seat but the card's holder knows the playable words of Zipf >= theta. At fragment f such a
seat takes the known words that begin with f and are at least two letters longer, picks one with
probability proportional to 10**Zipf, and plays its next letter; knowing none, it loses (it
challenges, or completes the one-letter-longer word it knows). Only at the empty fragment, a
seat that knows no playable word at all plays any first letter, each alike. The holder plays the
card's letter where the card gives one, and elsewhere exactly as the others do.

So the play off the card is the same for every seat, and `CasualPlay` holds, level by level as
the solver does, the probability of each move, of reaching each fragment, and of each seat
losing from each fragment with nobody holding a card: one pass down the levels and one up,
linear in the game tree. An opening's subtree is played apart from every other opening's, so
what printing an entry wins is the opening's reach times the win rate it adds there
(`cardgen.cards.openings` gives each opening its figures, with one more pass up the levels per
seat for the words entries, `words_play`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np
import numpy.typing as npt

from cardgen.cards.ranges import examples
from cardgen.games.levels import Moves, bottom_up
from cardgen.games.opponent import THETA, TableRange
from cardgen.games.solver import Solution
from cardgen.games.trie import IntArray

FloatArray = npt.NDArray[np.float64]
Losing = tuple[list[FloatArray], FloatArray]
"""One length's pass: each seat's chance of losing from each fragment, and the chance of each
move out of it (aligned with the next length)."""



@dataclass(frozen=True, eq=False)
class TableFigures:
    """How a casual table plays a solved game of Ghost, and how often each seat loses, without
    the game: what the solution cache keeps (`cardgen.cards.make.config_figures`)."""

    knows: float
    """The table knows the playable words of at least this Zipf frequency (docs/rules.md)."""
    share: tuple[FloatArray, ...] = field(repr=False)
    """`share[d][j]`: the probability that the seat to move at fragment j's parent plays
    fragment j's last letter (0 where it knows no word to play there)."""
    reach: tuple[FloatArray, ...] = field(repr=False)
    """`reach[d][i]`: the probability that a game reaches fragment i of length d."""
    lose: tuple[tuple[FloatArray, ...], ...] = field(repr=False)
    """`lose[seat_index][d][i]`: the probability that the seat loses from fragment i of
    length d, with nobody holding a card."""
    last: tuple[IntArray, ...] = field(repr=False)
    """`last[d][i]`: the index of the last word beginning with fragment i of length d."""
    examples: tuple[str, ...] = ()
    """A word the table knows and one it does not, to show where `knows` lies: the known word
    of the lowest Zipf and the unknown one of the highest (each the first in the word list's
    order on ties); () without frequencies."""


def fields_of(value: object, kind: type) -> dict[str, Any]:
    """The values of `kind`'s fields in `value` (an instance of `kind` or of a subclass): a
    table's play without its game, as the cache keeps it, or with it again."""
    return {f.name: getattr(value, f.name) for f in fields(kind)}


@dataclass(frozen=True, eq=False)
class CasualPlay(TableFigures):
    """How a casual table plays a solved game of Ghost, and how often each seat loses."""

    solution: Solution = field(kw_only=True)

    @classmethod
    def of(cls, solution: Solution, figures: TableFigures) -> CasualPlay:
        """The table's play of `solution`, from its figures (as `figures()` gives them)."""
        return cls(solution=solution, **fields_of(figures, TableFigures))

    def figures(self) -> TableFigures:
        """The figures alone, as the cache keeps them."""
        return TableFigures(**fields_of(self, TableFigures))

    def losing(self, fragment: str, seat: int) -> float:
        """The probability that `seat` loses from `fragment`, nobody holding a card."""
        return float(self.lose[seat - 1][len(fragment)][self.solution.index(fragment)])

    def reaching(self, fragment: str) -> float:
        """The probability that a game at this table reaches `fragment`."""
        return float(self.reach[len(fragment)][self.solution.index(fragment)])


def casual_play(
    solution: Solution, zipf: FloatArray | None, knows: float | None = None,
    last: tuple[IntArray, ...] | None = None,
) -> CasualPlay:
    """How a table that knows the words of Zipf >= `knows` (None: `THETA`) plays `solution`,
    from each playable
    word's Zipf frequency (aligned with `solution.words`); `zipf` None: every playable word is
    known, all with the same weight (`familiarity: none`).

    Words `cat cow deer dog`, 3+ letters, two players, every word known alike: the first seat
    opens d half the time (two of the four words), and then loses when the second seat plays
    o (toward dog, the first seat's to complete) rather than e (toward deer); after c it
    completes cat or cow.

    >>> from cardgen.words.lexicon import playable_words
    >>> from cardgen.games.solver import solve
    >>> play = casual_play(solve(playable_words(["cat", "cow", "deer", "dog"], 3), 2), None)
    >>> play.reaching("d"), play.losing("", 1), play.losing("d", 1)
    (0.5, 0.75, 0.5)
    """
    levels = solution.levels
    n = solution.players
    words = len(solution.words)
    knows = THETA if knows is None else knows
    if zipf is None:
        weights = np.ones(words, dtype=np.float64)
    else:
        zipf = np.asarray(zipf, dtype=np.float64)
        if zipf.shape != (words,):
            raise ValueError(f"{zipf.size} frequencies for {words} words")
        weights = np.where(zipf >= knows, 10.0**zipf, 0.0)
    # Bottom up: the known weight of the words beginning with each fragment, the last word
    # under it, and each seat's chance of losing.
    weight = solution.over_words(weights, np.add, 0.0)
    if last is None:  # the same at every table (`casual_plays` works it out once)
        last = last_words(solution)
    moves_by_length = solution.move_levels()

    def step(d: int, moves: Moves, below: Losing | None) -> Losing:
        current = [np.empty(len(moves), dtype=np.float64) for _ in range(n)]
        p = np.zeros(0, dtype=np.float64)
        if below is not None and moves.inner.any():
            # A move may follow a known word at least one more letter long: never a leaf's.
            playable = np.where(moves_by_length[d + 1].leaf, 0.0, weight[d + 1])
            total = moves.reduce(np.add, playable, 0.0)
            parent_total = moves.spread(total)
            p = np.divide(playable, parent_total, out=np.zeros_like(playable),
                          where=parent_total > 0)
            # Knowing no word to play, the seat to move challenges (or completes the word one
            # letter longer that it knows) and loses.
            dead = total == 0
            if d == 0 and weight[0][0] == 0:  # nobody knows a word: any first letter, each alike
                p = np.full(len(playable), 1.0 / len(playable))
                dead[:] = False
            for seat_index in range(n):
                value = moves.reduce(np.add, p * below[0][seat_index], 0.0)
                value[dead] = float(seat_index == d % n)
                current[seat_index][moves.inner] = value[moves.inner]
        for seat_index in range(n):
            current[seat_index][moves.leaf] = float(seat_index == (d - 1) % n)  # its completer
        return current, p

    passes = bottom_up(moves_by_length, step)
    lose = [[losing[seat_index] for losing, _ in passes] for seat_index in range(n)]
    share = [np.ones(1, dtype=np.float64)] + [p for _, p in passes[:-1]]
    reach: list[FloatArray] = [np.ones(1, dtype=np.float64)]
    for d in range(1, len(levels)):
        reach.append(reach[d - 1][levels[d].parent] * share[d])
    return CasualPlay(
        knows,
        tuple(share),
        tuple(reach),
        tuple(tuple(per_seat) for per_seat in lose),
        last,
        () if zipf is None else examples(solution.words, zipf, knows),
        solution=solution,
    )


def word_marks(solution: Solution, printed: Sequence[str]) -> IntArray:
    """Where the `printed` words stand in the sorted words, sorted and distinct (np.unique
    would import numpy.ma): what `words_play` reads of them."""
    levels = solution.levels
    return np.array(
        sorted({int(levels[len(word)].start[solution.index(word)]) for word in printed}),
        dtype=np.int64,
    )


def words_play(
    play: CasualPlay, seat: int, printed: Sequence[str], within: str | None = None,
    marks: IntArray | None = None,
) -> tuple[FloatArray, ...]:
    """`result[d][i]`: the probability that `seat` loses from fragment i of length d when it
    holds a card that prints the words `printed` (and no letter alone): where the seat moves
    and a printed word longer than the fragment begins with it, it plays the next letter of
    the alphabetically first such word; elsewhere it plays as the table does. With `within`
    (a fragment of the game), only its subtree is worked out: `result[d]` then holds the
    fragments of length d below it, in order (() above it), so `result[len(within)][0]` is
    its own figure. `marks`: `word_marks` of the printed words, where they are worked out
    already (the same at every table)."""
    solution = play.solution
    levels = solution.levels
    n = solution.players
    seat_index = seat - 1
    if marks is None:
        marks = word_marks(solution, printed)
    # The fragments worked out at each length: whole levels, or the subtree's blocks.
    spans = [(0, len(level)) for level in levels]
    if within is not None:
        top, at = len(within), solution.index(within)
        spans[:top + 1] = [(0, 0)] * top + [(at, at + 1)]
        for d in range(top + 1, len(levels)):
            a, b = spans[d - 1]
            above = levels[d - 1]
            spans[d] = (int(above.child_lo[a]), int(above.child_hi[b - 1])) if b > a else (0, 0)
    below: FloatArray | None = None
    result: list[FloatArray] = []
    for d in range(len(levels) - 1, -1, -1):
        level, (a, b) = levels[d], spans[d]
        value = play.lose[seat_index][d][a:b].copy()
        inner = np.flatnonzero(~level.leaf[a:b])
        if len(inner) and below is not None:
            shift = spans[d + 1][0]
            lo = level.child_lo[a:b][inner] - shift
            p = play.share[d + 1][shift:spans[d + 1][1]]
            live = np.add.reduceat(p, lo) > 0  # elsewhere the mover loses, as without a card
            value[inner[live]] = np.add.reduceat(p * below, lo)[live]
            if d % n == seat_index and len(marks):
                # The first printed word under each fragment, and the child it goes through.
                starts = level.start[a:b][inner]
                k = np.minimum(np.searchsorted(marks, starts), len(marks) - 1)
                first = marks[k]
                has = (first >= starts) & (first <= play.last[d][a:b][inner])
                child = np.searchsorted(levels[d + 1].start, first, side="right") - 1 - shift
                value[inner[has]] = below[child[has]]
        result.append(value)
        below = value
    return tuple(reversed(result))


def last_words(solution: Solution) -> tuple[IntArray, ...]:
    """`last[d][i]`: the index of the last word beginning with fragment i of length d."""
    return solution.over_words(np.arange(len(solution.words), dtype=np.int64), np.maximum, -1)


def casual_plays(
    solution: Solution, zipf: FloatArray | None, tables: TableRange
) -> tuple[CasualPlay, ...]:
    """How each table of `tables` plays `solution` (`casual_play`), lowest Zipf first; a Zipf
    that comes twice (0, where the range reaches below it) is worked out once, and without
    frequencies (`zipf` None) the one table they all are."""
    if zipf is None:  # every table knows every word alike: one table
        return (casual_play(solution, None, tables.middle),) * len(tables.tables)
    last = last_words(solution)
    plays: dict[float, CasualPlay] = {}
    for theta in tables.tables:
        if theta not in plays:
            plays[theta] = casual_play(solution, zipf, theta, last)
    return tuple(plays[theta] for theta in tables.tables)


__all__ = [
    "THETA", "CasualPlay", "TableFigures", "casual_play", "casual_plays", "fields_of",
    "last_words", "word_marks", "words_play",
]
