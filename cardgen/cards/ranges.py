"""The pocket figures over a range of casual tables (docs/rules.md, "A range of tables"), for
either game's model (`cardgen.cards.pocket`, `cardgen.cards.superpocket`): the letters a card may
print alone, one letter for the whole range, each table's figures and the range's own (the mean
weighted by reach), and the words a line of worth shows of its tables.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from cardgen.cards.odds import Odds
from cardgen.games.opponent import TableRange

FloatArray = npt.NDArray[np.float64]


def candidates(
    moves: Sequence[str], letters: Sequence[str], longer: Sequence[bool]
) -> list[bool]:
    """Which of an opening's `letters` its card may print alone (docs/rules.md, "A range of
    tables"): its winning letters (`Opening.moves`) where it lists any, else the letters that
    begin a longer playable word (`longer`), else every letter (each completes a word).

    >>> candidates(("b",), "abc", (True, True, False)), candidates((), "abc", (True, False, True))
    ([False, True, False], [True, False, True])
    """
    if moves:
        listed = set(moves)
        return [letter in listed for letter in letters]
    return list(longer) if any(longer) else [True] * len(letters)


TIE = 1e-12
"""Win rates this close are equal: the same rate summed along two paths can differ in its last
bits."""


def over_tables(tables: Sequence[Sequence[Odds]]) -> tuple[Odds, ...]:
    """The openings' figures over a range of tables, from their figures at each (each worked
    out with `letters`; docs/rules.md, "A range of tables"): the letter alone is the candidate
    that wins most over the tables (reach x rate added up; the first on ties), each table's
    figures (`Odds.tables`) are given for it, and the range's own are the mean reach and the
    rates weighted by reach, so that what an entry adds to the mean win rate over the tables is
    reach x (its rate - none), as at one table. One table: its figures as they are.

    >>> a = Odds(0.5, 0.5, None, "x", 1.0, 0.5, letters=(("x", 1.0), ("y", 0.75)))
    >>> b = Odds(0.25, 0.0, None, "y", 1.0, 0.0, letters=(("x", 0.0), ("y", 1.0)))
    >>> mean, = over_tables([[a], [b]])
    >>> mean.letter, mean.reach, mean.letter_wins, mean.none, [t.top for t in mean.tables]
    ('y', 0.375, 0.8333333333333334, 0.3333333333333333, [1.0, 1.0])
    """
    if len(tables) == 1:
        return tuple(replace(o, letters=()) if o.letters else o for o in tables[0])
    found = []
    middle = (len(tables) - 1) // 2
    for per in zip(*tables, strict=True):
        reach = [o.reach for o in per]
        total = math.fsum(reach)

        def mean(values: Sequence[float], reach: list[float] = reach, total: float = total
                 ) -> float:
            if total <= 0:  # never reached: each table alike
                return math.fsum(values) / len(values)
            return math.fsum(r * v for r, v in zip(reach, values, strict=True)) / total

        names = [name for name, _ in per[0].letters]
        score = [math.fsum(o.reach * o.letters[i][1] for o in per) for i in range(len(names))]
        best = max(score)
        i = next(k for k, value in enumerate(score) if value >= best - TIE)
        at = tuple(replace(o, letter=names[i], letter_wins=o.letters[i][1], top=o.letter_wins,
                           letters=()) for o in per)
        found.append(Odds(
            reach=total / len(per),
            none=mean([o.none for o in at]),
            words=None if at[0].words is None else mean([o.words or 0.0 for o in at]),
            letter=names[i],
            letter_wins=mean([o.letter_wins for o in at]),
            full=mean([o.full for o in at]),
            rows=at[middle].rows,
            tables=at,
        ))
    return tuple(found)


def examples(words: Sequence[str], zipf: FloatArray, knows: float) -> tuple[str, ...]:
    """The known word of the lowest Zipf and the unknown one of the highest, each the first of
    `words` on ties (either left out where there is none).

    >>> examples(["ab", "cd", "ef", "gh"], np.array([3.5, 2.0, 3.1, 2.9]), 3.0)
    ('ef', 'gh')
    """
    above = np.flatnonzero(zipf >= knows)
    below = np.flatnonzero(zipf < knows)
    found = []
    if len(above):
        found.append(words[int(above[np.argmin(zipf[above])])])
    if len(below):
        found.append(words[int(below[np.argmax(zipf[below])])])
    return tuple(found)


def range_examples(
    words: Sequence[str], zipf: FloatArray | None, tables: TableRange
) -> tuple[str, ...]:
    """The words a card's line of worth shows of its tables: for one table, the known word of
    the lowest Zipf and the unknown one of the highest (`examples`); for a range, one word the
    lowest table knows and the highest does not, the one nearest the middle table's Zipf (the
    first in `words` on ties); () without frequencies or where no word lies so.

    >>> range_examples(["ab", "cd", "ef"], np.array([3.5, 2.0, 3.1]), TableRange(2.0, 4.0))
    ('ef',)
    """
    if zipf is None:
        return ()
    zipf = np.asarray(zipf, dtype=np.float64)
    low = tables.tables[0]
    if tables.single:
        return examples(words, zipf, low)
    between = np.flatnonzero((zipf >= low) & (zipf < tables.tables[-1]))
    if not len(between):
        return ()
    return (words[int(between[np.argmin(np.abs(zipf[between] - tables.middle))])],)


__all__ = ["TIE", "candidates", "examples", "over_tables", "range_examples"]
