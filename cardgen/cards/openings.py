"""What each of a seat's openings wins at a casual table, and over a range of tables (docs/rules.md,
"What a card wins at a casual table", "A range of tables"): its figures (`Odds`) with nothing
printed, its words, a letter alone and the whole deck's entry, from how the tables play the
game (`cardgen.cards.pocket`); a card with every opening's figures (`with_odds`); one
position's figures for `cardgen explain` (`position_odds`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import chain

import numpy as np
import numpy.typing as npt

from cardgen.cards.odds import Odds
from cardgen.cards.pocket import CasualPlay, FloatArray, casual_plays, word_marks, words_play
from cardgen.cards.ranges import TIE, candidates, range_examples
from cardgen.cards.strategy import Card, Opening
from cardgen.games.opponent import TableRange
from cardgen.games.solver import Solution
from cardgen.games.trie import IntArray


def odds(
    play: CasualPlay, seat: int, openings: Sequence[Opening], letters: bool = False
) -> tuple[Odds, ...]:
    """Each opening's figures for `seat` at the table (`cardgen.cards.strategy.Odds`): how often the
    seat faces it, and how often it wins from there with nothing printed, with its words, with
    the best letter alone, and with what the whole deck prints (`Opening.full_move`); with
    `letters`, each letter it may print alone and what it wins (`Odds.letters`, for
    `cardgen.cards.ranges.over_tables`).

    The letter alone is the one after which the seat wins most often among the opening's
    candidates (`candidates`: its winning letters, else those that begin a longer playable
    word, else all); ties go to the alphabetically first."""
    if not openings:
        return ()
    shape = _Shape.of(play.solution, seat, openings)
    table = shape.table(play, seat, openings)
    score = np.where(shape.allowed, table.wins, -1.0)
    top = np.repeat(np.maximum.reduceat(score, shape.starts), shape.counts)
    # Rates this close are equal (`TIE`): a rate of 0 may come out as 1e-16.
    hits = np.flatnonzero(score >= top - TIE)
    chosen = hits[np.searchsorted(hits, shape.starts)]  # the first best child of each opening
    names, wins, allowed = shape.names, table.wins, shape.allowed
    return tuple(
        Odds(
            reach=float(table.reach[k]), none=float(table.none[k]),
            words=None if math.isnan(table.words[k]) else float(table.words[k]),
            letter=names[chosen[k]], letter_wins=float(wins[chosen[k]]),
            full=float(table.full[k]),
            letters=tuple((names[j], float(wins[j])) for j in range(a, a + n) if allowed[j])
            if letters else (),
        )
        for k, (a, n) in enumerate(zip(shape.starts.tolist(), shape.counts.tolist(),
                                       strict=True))
    )


def range_odds(
    plays: Sequence[CasualPlay], seat: int, openings: Sequence[Opening]
) -> tuple[Odds, ...]:
    """Each opening's figures over the tables of `plays` (`cardgen.cards.ranges.over_tables`,
    worked out for every opening at once): the candidate letter that wins most over the tables
    (reach x rate added up; the first on ties), each table's figures with it, and the mean
    reach and the rates weighted by reach. One table: `odds`."""
    if len(plays) == 1 or not openings:
        return odds(plays[0], seat, openings) if plays else ()
    shape = _Shape.of(plays[0].solution, seat, openings)
    tables = [shape.table(play, seat, openings) for play in plays]
    reach = np.array([t.reach for t in tables])  # (tables, openings)
    wins = np.array([t.wins for t in tables])  # (tables, children)
    owner = np.repeat(np.arange(len(openings)), shape.counts)
    score = np.where(shape.allowed, (reach[:, owner] * wins).sum(axis=0), -np.inf)
    best = np.repeat(np.maximum.reduceat(score, shape.starts), shape.counts)
    hits = np.flatnonzero(score >= best - TIE)
    chosen = hits[np.searchsorted(hits, shape.starts)]  # the first best child of each opening
    tops = [np.maximum.reduceat(np.where(shape.allowed, w, -np.inf), shape.starts)
            for w in wins]
    total = reach.sum(axis=0)
    weight = np.where(total > 0, reach / np.where(total > 0, total, 1.0), 1.0 / len(plays))

    def mean(values: FloatArray) -> FloatArray:
        return np.asarray((weight * values).sum(axis=0))

    none = np.array([t.none for t in tables])
    words = np.array([t.words for t in tables])
    full = np.array([t.full for t in tables])
    letter = wins[:, chosen]
    means = [mean(x).tolist() for x in (none, words, letter, full)]
    columns = [x.T.tolist() for x in (reach, none, words, letter, full, np.array(tops))]
    found = []
    for k, (r, n, w, lw, f, top) in enumerate(zip(*columns, strict=True)):
        name = shape.names[chosen[k]]
        at = tuple(Odds(r[t], n[t], None if math.isnan(w[t]) else w[t], name, lw[t], f[t],
                        top=top[t]) for t in range(len(plays)))
        found.append(Odds(
            float(total[k]) / len(plays), means[0][k],
            None if math.isnan(means[1][k]) else means[1][k], name, means[2][k], means[3][k],
            tables=at,
        ))
    return tuple(found)


@dataclass(frozen=True, eq=False)
class _Table:
    """A seat's openings at one table, as arrays: each opening's reach and rates (`words`: NaN
    where it has none), and the seat's win rate after each child (`wins`, aligned with
    `_Shape.child`)."""

    reach: FloatArray
    none: FloatArray
    words: FloatArray
    full: FloatArray
    wins: FloatArray


@dataclass(frozen=True, eq=False)
class _Shape:
    """A seat's openings in the game tree, the same at every table: where each sits, its
    children (flattened, `starts` and `counts` per opening), their letters, which the card may
    print alone (`candidates`) and the child each opening's whole-deck letter makes."""

    at: IntArray
    child: IntArray
    starts: IntArray
    counts: IntArray
    names: list[str]
    allowed: npt.NDArray[np.bool_]
    full_child: IntArray
    """The child of the whole deck's letter alone (`Opening.full_move` without words); -1
    where the deck prints its words, or nothing."""
    marks: IntArray
    """Where the openings' words stand in the sorted words (`word_marks`)."""

    @classmethod
    def of(cls, solution: Solution, seat: int, openings: Sequence[Opening]) -> _Shape:
        levels = solution.levels
        d = seat - 1
        level, below = levels[d], levels[d + 1]
        at = np.array([solution.index(o.fragment) for o in openings], dtype=np.int64)
        lo, hi = level.child_lo[at], level.child_hi[at]
        child = np.concatenate([np.arange(a, b) for a, b in zip(lo, hi, strict=True)])
        counts = hi - lo
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
        names = [solution.move(d + 1, j) for j in child.tolist()]
        longer = (~below.leaf[child]).tolist()
        allowed = np.array(list(chain.from_iterable(
            candidates(opening.moves, names[a:a + n], longer[a:a + n])
            for opening, a, n in zip(openings, starts.tolist(), counts.tolist(), strict=True)
        )), dtype=bool)
        full_child = np.array([
            -1 if o.words or o.full_move is None
            else solution.index(o.fragment + o.full_move) for o in openings
        ], dtype=np.int64)
        printed = [word for opening in openings for word in opening.words]
        return cls(at, child, starts, counts, names, allowed, full_child,
                   word_marks(solution, printed))

    def table(self, play: CasualPlay, seat: int, openings: Sequence[Opening]) -> _Table:
        """The openings' figures at `play`'s table."""
        d = seat - 1
        lose = play.lose[seat - 1]
        none = 1.0 - lose[d][self.at]
        printed = [word for opening in openings for word in opening.words]
        words = np.full(len(openings), np.nan)
        if printed:
            has = np.array([bool(o.words) for o in openings])
            words[has] = 1.0 - words_play(play, seat, printed, marks=self.marks)[d][self.at][has]
        after = 1.0 - lose[d + 1][np.maximum(self.full_child, 0)]
        full = np.where(~np.isnan(words), words, np.where(self.full_child >= 0, after, none))
        return _Table(play.reach[d][self.at], none, words, full, 1.0 - lose[d + 1][self.child])


@dataclass(frozen=True)
class PositionOdds:
    """One position's figures at the casual table, for the seat to move (`cardgen explain`)."""

    knows: float
    """The table knows the playable words of at least this Zipf frequency."""
    reach: float
    """How often a game at the table reaches the position."""
    none: float
    """How often the seat to move wins from here playing as the table does."""
    letters: tuple[tuple[str, float], ...]
    """Each legal letter and how often the seat wins after it, playing as the table does."""
    words: float | None
    """How often it wins playing toward its minimal winning words; None where it has none."""


def position_odds(play: CasualPlay, fragment: str, words: Sequence[str]) -> PositionOdds | None:
    """The figures of `fragment` for the seat to move (`words`: its minimal winning set, or
    ()); None where the game is over or no playable word begins so.

    >>> from cardgen.words.lexicon import playable_words
    >>> from cardgen.games.solver import solve
    >>> from cardgen.cards.pocket import casual_play
    >>> play = casual_play(solve(playable_words(["cat", "cow", "deer", "dog"], 3), 2), None)
    >>> position_odds(play, "", ())
    PositionOdds(knows=3.0, reach=1.0, none=0.25, letters=(('c', 0.0), ('d', 0.5)), words=None)
    """
    solution = play.solution
    i = solution.find(fragment)
    if i is None or solution.is_word(fragment):
        return None
    d, seat = len(fragment), solution.mover(fragment)
    level = solution.levels[d]
    below = play.lose[seat - 1][d + 1]
    letters = tuple(
        (solution.move(d + 1, j), 1.0 - float(below[j]))
        for j in range(int(level.child_lo[i]), int(level.child_hi[i]))
    )
    with_words = words_play(play, seat, words, fragment)[d][0] if words else None
    return PositionOdds(
        play.knows, play.reaching(fragment), 1.0 - play.losing(fragment, seat), letters,
        None if with_words is None else 1.0 - float(with_words),
    )


def with_odds(
    card: Card, solution: object, zipf: FloatArray | None, tables: TableRange,
    plays: Sequence[CasualPlay] = (),
) -> Card:
    """The card with every opening's figures over the casual `tables` (`over_tables`) of
    `solution`, with `zipf` the words' frequencies (None: every word alike), or `plays` where
    they are worked out already (`casual_plays`); the card as it is for a variant's solution
    (the model is Ghost's)."""
    if not isinstance(solution, Solution):
        return card
    plays = tuple(plays) or casual_plays(solution, zipf, tables)

    def figures(seat: int, openings: Sequence[Opening]) -> tuple[Odds, ...]:
        return range_odds(plays, seat, openings)

    return with_figures(card, figures, tables, range_examples(solution.words, zipf, tables))


def with_figures(
    card: Card, figures: Callable[[int, Sequence[Opening]], Sequence[Odds]],
    tables: TableRange, known: tuple[str, ...],
) -> Card:
    """The card with each seat's openings given their `figures` (seat, openings -> odds) over
    the casual `tables`, with `known` the words its line of worth shows (`range_examples`)."""
    seats = []
    for seat in card.seats:
        found = figures(seat.seat, seat.openings)
        openings = tuple(replace(o, odds=f) for o, f in zip(seat.openings, found, strict=True))
        seats.append(replace(seat, openings=openings))
    return replace(card, seats=tuple(seats), casual_table=tables.middle, casual_range=tables,
                   casual_examples=known)


__all__ = [
    "PositionOdds", "odds", "position_odds", "range_odds", "with_figures", "with_odds",
]
