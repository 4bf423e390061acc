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
what printing an entry wins is the opening's reach times the win rate it adds there; `odds`
gives each opening its figures (`cardgen.cards.strategy.Odds`), with one more pass up the levels per
seat for the words entries.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from itertools import chain
from typing import Any

import numpy as np
import numpy.typing as npt

from cardgen.cards.odds import Odds
from cardgen.cards.ranges import TIE, candidates, examples, range_examples
from cardgen.cards.strategy import Card, Opening
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
        return float(self.lose[seat - 1][len(fragment)][self.solution._index(fragment)])

    def reaching(self, fragment: str) -> float:
        """The probability that a game at this table reaches `fragment`."""
        return float(self.reach[len(fragment)][self.solution._index(fragment)])


def casual_play(
    solution: Solution, zipf: FloatArray | None, knows: float | None = None
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
    last = solution.over_words(np.arange(words, dtype=np.int64), np.maximum, -1)
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


def words_play(
    play: CasualPlay, seat: int, printed: Sequence[str], within: str | None = None
) -> tuple[FloatArray, ...]:
    """`result[d][i]`: the probability that `seat` loses from fragment i of length d when it
    holds a card that prints the words `printed` (and no letter alone): where the seat moves
    and a printed word longer than the fragment begins with it, it plays the next letter of
    the alphabetically first such word; elsewhere it plays as the table does. With `within`
    (a fragment of the game), only its subtree is worked out: `result[d]` then holds the
    fragments of length d below it, in order (() above it), so `result[len(within)][0]` is
    its own figure."""
    solution = play.solution
    levels = solution.levels
    n = solution.players
    seat_index = seat - 1
    marks = np.array(  # sorted and distinct (np.unique would import numpy.ma)
        sorted({int(levels[len(word)].start[solution._index(word)]) for word in printed}),
        dtype=np.int64,
    )
    # The fragments worked out at each length: whole levels, or the subtree's blocks.
    spans = [(0, len(level)) for level in levels]
    if within is not None:
        top, at = len(within), solution._index(within)
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
    hits = np.flatnonzero(score == top)
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

    @classmethod
    def of(cls, solution: Solution, seat: int, openings: Sequence[Opening]) -> _Shape:
        levels = solution.levels
        d = seat - 1
        level, below = levels[d], levels[d + 1]
        at = np.array([solution._index(o.fragment) for o in openings], dtype=np.int64)
        lo, hi = level.child_lo[at], level.child_hi[at]
        child = np.concatenate([np.arange(a, b) for a, b in zip(lo, hi, strict=True)])
        counts = hi - lo
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
        names = [solution._letter(d + 1, j) for j in child.tolist()]
        longer = (~below.leaf[child]).tolist()
        allowed = np.array(list(chain.from_iterable(
            candidates(opening.moves, names[a:a + n], longer[a:a + n])
            for opening, a, n in zip(openings, starts.tolist(), counts.tolist(), strict=True)
        )), dtype=bool)
        full_child = np.array([
            -1 if o.words or o.full_move is None
            else solution._index(o.fragment + o.full_move) for o in openings
        ], dtype=np.int64)
        return cls(at, child, starts, counts, names, allowed, full_child)

    def table(self, play: CasualPlay, seat: int, openings: Sequence[Opening]) -> _Table:
        """The openings' figures at `play`'s table."""
        d = seat - 1
        lose = play.lose[seat - 1]
        none = 1.0 - lose[d][self.at]
        printed = [word for opening in openings for word in opening.words]
        words = np.full(len(openings), np.nan)
        if printed:
            has = np.array([bool(o.words) for o in openings])
            words[has] = 1.0 - words_play(play, seat, printed)[d][self.at][has]
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
        (solution._letter(d + 1, j), 1.0 - float(below[j]))
        for j in range(int(level.child_lo[i]), int(level.child_hi[i]))
    )
    with_words = words_play(play, seat, words, fragment)[d][0] if words else None
    return PositionOdds(
        play.knows, play.reaching(fragment), 1.0 - play.losing(fragment, seat), letters,
        None if with_words is None else 1.0 - float(with_words),
    )


def casual_plays(
    solution: Solution, zipf: FloatArray | None, tables: TableRange
) -> tuple[CasualPlay, ...]:
    """How each table of `tables` plays `solution` (`casual_play`), lowest Zipf first; a Zipf
    that comes twice (0, where the range reaches below it) is worked out once, and without
    frequencies (`zipf` None) the one table they all are."""
    if zipf is None:  # every table knows every word alike: one table
        return (casual_play(solution, None, tables.middle),) * len(tables.tables)
    plays: dict[float, CasualPlay] = {}
    for theta in tables.tables:
        if theta not in plays:
            plays[theta] = casual_play(solution, zipf, theta)
    return tuple(plays[theta] for theta in tables.tables)


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
    "THETA", "CasualPlay", "PositionOdds", "TableFigures", "casual_play", "casual_plays", "odds",
    "position_odds", "range_odds", "with_figures", "with_odds", "words_play",
]
