"""What a SuperGhost or SuperDuperGhost card wins at a casual table (docs/rules.md,
"SuperGhost and SuperDuperGhost at a casual table"): the pocket model with letters added at
either end.

A seat of the table looks at the known playable words at least two letters longer than the
fragment, at each occurrence of the fragment in them (and of its reverse, with reversal), and
at the fragments one of the word's letters makes on either side; a word's weight, 10**Zipf, is
split evenly among the distinct fragments it offers that are not words. The game's positions
form a graph, not a tree (`era` grows from `er` and from `ra`), so reach is summed over a
fragment's parents, and rows printed for one opening are read in another's game: each
opening's figures judge its entries alone, and a seat's `Wins` come from one pass with every
row its deck prints. Everything is exact, level by level as `cardgen.games.superghost` solves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from cardgen.cards.decisionrows import Figure, Walks, inside, tables_lose, with_row_order
from cardgen.cards.odds import Odds
from cardgen.cards.offers import Offers, offered
from cardgen.cards.openings import PositionOdds, with_figures
from cardgen.cards.pocket import THETA
from cardgen.cards.ranges import candidates, examples, over_tables, range_examples
from cardgen.cards.strategy import Card, Opening
from cardgen.games.game import Decision
from cardgen.games.infix import InfixLevel
from cardgen.games.opponent import TableRange
from cardgen.games.superghost import InfixSolution

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
TIE = 1e-12
"""Win rates this close are equal: the same rate summed along two paths can differ in its
last bits."""


@dataclass(frozen=True, eq=False)
class InfixFigures:
    """How a casual table plays a solved SuperGhost or SuperDuperGhost: the figures, without
    the game (the solution cache keeps none of them: `cardgen.cards.infixcache`)."""

    knows: float
    """The table knows the playable words of at least this Zipf frequency."""
    share: tuple[Figure, ...] = field(repr=False)
    """`share[d][e]`: the probability that the mover at edge e's parent (length d) plays
    edge e (`InfixLevel.parent`, `InfixLevel.child`)."""
    dead: tuple[Figure, ...] = field(repr=False)
    """`dead[d][i]`: the mover at fragment i of length d is offered nothing and loses."""
    reach: tuple[Figure, ...] = field(repr=False)
    """`reach[d][i]`: the probability that a game reaches fragment i of length d."""
    lose: tuple[tuple[Figure, ...], ...] = field(repr=False)
    """`lose[seat_index][d][i]`: the probability that the seat loses from fragment i of
    length d, with nobody holding a card."""
    examples: tuple[str, ...] = ()
    """A word the table knows and one it does not (`cardgen.cards.pocket.examples`)."""


@dataclass(frozen=True, eq=False)
class InfixPlay(InfixFigures):
    """How a casual table plays a solved SuperGhost or SuperDuperGhost."""

    solution: InfixSolution = field(kw_only=True)
    _moves: dict[int, tuple[npt.NDArray[np.int32], FloatArray, npt.NDArray[np.int64]]] = field(
        default_factory=dict, repr=False)
    """Each length's moves sorted by the fragment they leave, found once."""

    def moves(self, d: int, i: int) -> tuple[npt.NDArray[np.int32], FloatArray]:
        """The fragments the table may make from fragment i of length d, and the chance of
        each."""
        if d not in self._moves:
            level = self.solution.graph.levels[d]
            order = np.argsort(level.parent, kind="stable")
            lo = np.searchsorted(level.parent[order], np.arange(len(level) + 1))
            self._moves[d] = (level.child[order], self.share[d][order], lo)
        children, shares, lo = self._moves[d]
        return children[lo[i] : lo[i + 1]], shares[lo[i] : lo[i + 1]]

    def losing(self, fragment: str, seat: int) -> float:
        """The probability that `seat` loses from `fragment`, nobody holding a card."""
        return float(self.lose[seat - 1][len(fragment)][self.solution.index(fragment)])

    def reaching(self, fragment: str) -> float:
        """The probability that a game at this table reaches `fragment`."""
        return float(self.reach[len(fragment)][self.solution.index(fragment)])


def infix_play(
    solution: InfixSolution, zipf: FloatArray | None, knows: float | None = None
) -> InfixPlay:
    """How a table that knows the words of Zipf >= `knows` (None: `THETA`) plays `solution`,
    from each playable word's Zipf frequency (aligned with `solution.words`; None: every word
    known, all alike).

    Words `cat scat`, every word known alike: at the start cat offers c, a, t (a third each)
    and scat s, c, a, t (a quarter each), so s is played 1/8 of the time, a 7/24.

    >>> from cardgen.words.lexicon import playable_words
    >>> from cardgen.games.superghost import solve
    >>> play = infix_play(solve(playable_words(["cat", "scat"], 3, prefix_free=False), 2), None)
    >>> [round(x, 4) for x in (play.reaching("s"), play.reaching("a"), play.losing("", 1))]
    [0.125, 0.2917, 0.4375]
    """
    (play,) = infix_plays(solution, zipf, (THETA if knows is None else knows,))
    return play


def infix_plays(
    solution: InfixSolution, zipf: FloatArray | None, thetas: Sequence[float]
) -> tuple[InfixPlay, ...]:
    """How each table that knows the words of Zipf >= a theta of `thetas` plays `solution`
    (`infix_play`), worked out together: the words' occurrences are walked once for every
    table, and each table's play is the one `infix_play` gives it alone, float for float. A
    theta that comes twice is worked out once."""
    words = solution.words
    distinct = tuple(dict.fromkeys(thetas))
    if zipf is None:
        weights = np.ones(len(words))
        knowing = [np.ones(len(words), dtype=bool) for _ in distinct]
    else:
        zipf = np.asarray(zipf, dtype=np.float64)
        if zipf.shape != (len(words),):
            raise ValueError(f"{zipf.size} frequencies for {len(words)} words")
        weights = 10.0**zipf
        knowing = [(zipf >= theta) & (weights > 0) for theta in distinct]
    known_at = np.flatnonzero(np.logical_or.reduce(knowing)) if knowing else np.zeros(0, int)
    tables = [knows[known_at] for knows in knowing]
    offers = offered(solution, known_at, weights[known_at], tables)
    figures = _table_plays(solution, offers, [bool(t.any()) for t in tables])
    plays = {
        theta: InfixPlay(theta, *figures[t],
                         () if zipf is None else examples(words, zipf, theta), solution=solution)
        for t, theta in enumerate(distinct)
    }
    return tuple(plays[theta] for theta in thetas)


_Figures = tuple[tuple[Figure, ...], tuple[Figure, ...], tuple[Figure, ...],
                 tuple[tuple[Figure, ...], ...]]
"""One table's `InfixFigures.share`, `dead`, `reach` and `lose`."""


@dataclass(frozen=True)
class _Places:
    """Some fragments of a length (`marked`), ascending (`ids`), and each one's place among
    them (`place[i]`, where `marked[i]`)."""

    ids: npt.NDArray[np.intp]
    marked: BoolArray
    place: npt.NDArray[np.intp]

    @classmethod
    def of(cls, ids: npt.NDArray[np.intp], size: int) -> _Places:
        """The distinct fragments of `ids` (`size` of them at their length)."""
        marked = np.zeros(size, dtype=bool)
        marked[ids] = True
        place = np.cumsum(marked)
        place -= 1
        return cls(np.flatnonzero(marked), marked, place)

    def column(self, ids: npt.NDArray[np.intp],
               kind: npt.NDArray[np.int8] | None = None) -> npt.NDArray[np.intp]:
        """Where each of `ids` is read in values held at these fragments and then at one
        place for each kind of fragment (`_Sum`): its place, else the place after them for
        its `kind` (for all, without kinds)."""
        found = self.place[ids]
        missing = np.flatnonzero(~self.marked[ids])
        found[missing] = len(self.ids)
        if kind is not None:
            found[missing] += kind[ids[missing]]
        return found


@dataclass(frozen=True)
class _Sum:
    """Where each of a length's moves adds up (its place `at` among `size`), each table's
    row `size + extra` long (the extra places hold the figure of a fragment among none of
    them: `_Places.column`)."""

    at: npt.NDArray[np.intp]
    size: int
    extra: int

    def sums(self, values: FloatArray) -> FloatArray:
        """`out[t, k]`: the sum of row t of `values` over the moves at k, in their order; 0
        at the extra places. (A `np.bincount` of each row: one of every row at once, by
        keys `t * size + at`, took longer.)"""
        found = np.zeros((len(values), self.size + self.extra))
        for row, out in zip(values, found, strict=True):
            out[: self.size] = np.bincount(self.at, row, minlength=self.size)
        return found


KINDS = 3
"""Kinds of fragment (`_table_plays`): 0 neither of these (a fragment only with reversal), 1 a
word, 2 a fragment the game goes on from."""


@dataclass(frozen=True)
class _Step:
    """One length's moves that some table's words offer (`cardgen.cards.offers.Offers`), the
    fragments they leave and make numbered among themselves, and every table's share of
    each: only these moves carry a chance; every other move's share is 0 at every table."""

    edges: npt.NDArray[np.intp]
    parent: npt.NDArray[np.intp]
    """Each move's fragment, by its id."""
    child: npt.NDArray[np.intp]
    nodes: _Places
    """The fragments the moves leave: the only ones a table may not be dead at."""
    at: _Sum
    """Each move's fragment, by its place in `nodes` (a kind's figure after them)."""
    kids: _Places
    """The fragments the moves make."""
    into: _Sum
    """Each move's fragment made, by its place in `kids` (0 after them)."""
    share: FloatArray
    """`share[t, k]`: the chance that the mover plays move k at table t."""
    live: BoolArray
    """`live[t, k]`: the mover at `nodes.ids[k]` is offered a move at table t."""


def _table_plays(
    solution: InfixSolution, offers: Offers, anyone: Sequence[bool]
) -> list[_Figures]:
    """Each table's play (`InfixFigures`) from the weight each move gets from its words
    (`cardgen.cards.offers.offered`); `anyone[t]`: whether table t knows a word. Every table
    is worked out at once, and only over the moves some word offers: a move no word offers
    has share 0 at every table, and a sum without its zero terms is the same float, so each
    table's figures are those of the table alone over every move."""
    levels = solution.graph.levels
    count = len(anyone)
    steps: list[_Step] = []
    for d, level in enumerate(levels):
        edges, weight = offers.edges[d], offers.weights[d]
        if d == 0 and not all(anyone) and len(level.parent):  # nobody knows a word: all alike
            every = np.zeros((count, len(level.parent)))
            every[:, edges] = weight
            every[[not known for known in anyone]] = 1.0
            edges, weight = np.arange(len(level.parent), dtype=np.intp), every
        parent = level.parent[edges].astype(np.intp)
        child = level.child[edges].astype(np.intp)
        nodes = _Places.of(parent, len(level))
        kids = _Places.of(child, len(levels[d + 1]) if d + 1 < len(levels) else 0)
        at = _Sum(nodes.place[parent], len(nodes.ids), KINDS)
        total = at.sums(weight)
        out_of = total.take(at.at, axis=1)  # (numpy's [:, at] took ten times as long)
        # Each move's weight over its fragment's, 0 where that is 0 (so are the move's): a
        # fragment's total plus 1 where it is 0 (a masked divide took four times as long)
        safe = (out_of == 0).astype(np.float64)
        safe += out_of
        share = np.divide(weight, safe, out=safe)
        steps.append(_Step(edges, parent, child, nodes, at, kids,
                           _Sum(kids.place[child], len(kids.ids), 1), share,
                           total[:, : len(nodes.ids)] > 0))
    kinds = [(level.fragment & ~level.leaf).view(np.int8) * np.int8(2)
             + level.leaf.view(np.int8) for level in levels]
    # The reach is summed where the moves of the length before make fragments, 0 after them
    came = [_Places(np.zeros(1, dtype=np.intp), np.ones(1, dtype=bool),
                    np.zeros(1, dtype=np.intp)),
            *(step.kids for step in steps[:-1])]
    reach = [np.repeat([[1.0, 0.0]], count, axis=0)]
    for d, step in enumerate(steps[:-1]):
        up = came[d].column(step.parent)
        reach.append(step.into.sums(step.share * reach[d].take(up, axis=1)))
    lose = _lose_passes(levels, steps, kinds, solution.players)
    found: list[_Figures] = []
    zero, off = np.zeros(1), np.array([False, False, True])
    moves = [_Index(step.edges) for step in steps]
    left = [_Index(step.nodes.ids, step.nodes) for step in steps]  # the moves' fragments
    reached = [_Index(places.ids, places) for places in came]
    for t in range(count):
        found.append((
            tuple(_Level(zero, None, index, step.share[t], len(level.parent))
                  for level, step, index in zip(levels, steps, moves, strict=True)),
            tuple(_Level(off, kinds[d], left[d], ~step.live[t], len(kinds[d]))
                  for d, step in enumerate(steps)),
            tuple(_Level(zero, None, index, values[t, : len(index.places)], len(level))
                  for level, index, values in zip(levels, reached, reach, strict=True)),
            tuple(tuple(_Level(fill, kinds[d], left[d], value[t, : len(step.nodes.ids)],
                               len(kinds[d]))
                        for d, (step, (fill, value)) in enumerate(zip(steps, seat, strict=True)))
                  for seat in lose)))
    return found


class _Index:
    """Where a length's figures are held, the same for every table: `places` (ascending)
    and, where found already (`_Places`), each fragment's place among them; and the ids last
    read, so that every table reading the same ones finds them once."""

    __slots__ = ("places", "dense", "_last")

    def __init__(self, places: npt.NDArray[np.intp], dense: _Places | None = None) -> None:
        self.places, self.dense = places, dense
        self._last: tuple[Any, npt.NDArray[np.intp], npt.NDArray[np.intp], BoolArray] | None
        self._last = None

    def find(self, key: npt.NDArray[Any], size: int) -> tuple[npt.NDArray[np.intp],
                                                             npt.NDArray[np.intp], BoolArray]:
        """The ids `key` reads (from the end where negative), each one's place among
        `places` and whether it is there."""
        last = self._last
        if last is not None and np.array_equal(last[0], key):
            return last[1:]
        ids = key.astype(np.intp, copy=False)
        ids = np.where(ids < 0, ids + size, ids)
        if ((ids < 0) | (ids >= size)).any():
            raise IndexError(f"index out of bounds for a length of {size}")
        if self.dense is not None:
            k, hit = self.dense.place[ids], self.dense.marked[ids]
        elif len(self.places):
            k = np.minimum(np.searchsorted(self.places, ids), len(self.places) - 1)
            hit = self.places[k] == ids
        else:
            k, hit = np.zeros(len(ids), dtype=np.intp), np.zeros(len(ids), dtype=bool)
        self._last = (key.copy(), ids, k, hit)
        return ids, k, hit

    def at(self, i: int) -> int:
        """The place of fragment i among `places`, -1 where it is none of them."""
        if self.dense is not None:
            return int(self.dense.place[i]) if self.dense.marked[i] else -1
        k = int(self.places.searchsorted(i))
        return k if k < len(self.places) and self.places[k] == i else -1


class _Level:
    """One table's figure at every fragment (or move) of a length, held as its values at a
    few places (ascending, `_Index`) over a fill: what each fragment is (`fill[kind[i]]`),
    or without `kind` one value for all. Read at a fragment or an array of them, it is
    worked out there alone; read any other way, it is written out whole (once). Writing every
    table's figures out at every fragment, most of them the fill, took a fifth of the casual
    model (TWL06 SuperGhost: 200 MB of fresh memory)."""

    __slots__ = ("fill", "kind", "index", "values", "size", "_whole")

    def __init__(self, fill: npt.NDArray[Any], kind: npt.NDArray[np.int8] | None,
                 index: _Index, values: npt.NDArray[Any], size: int) -> None:
        self.fill, self.kind, self.index, self.values, self.size = (
            fill, kind, index, values, size)
        self._whole: npt.NDArray[Any] | None = None

    def __len__(self) -> int:
        return self.size

    def whole(self) -> npt.NDArray[Any]:
        """The figure at every fragment, written out."""
        if self._whole is None:
            found = (self.fill[self.kind] if self.kind is not None
                     else np.full(self.size, self.fill[0]))
            found[self.index.places] = self.values
            self._whole = found
        return self._whole

    def __array__(self, dtype: Any = None, copy: Any = None) -> npt.NDArray[Any]:
        return self.whole() if dtype is None else self.whole().astype(dtype)

    def __getitem__(self, key: Any) -> Any:
        if self._whole is None:
            if isinstance(key, (int, np.integer)):
                i = int(key) + self.size if key < 0 else int(key)
                if not 0 <= i < self.size:
                    raise IndexError(f"index {int(key)} is out of bounds for {self.size}")
                k = self.index.at(i)
                if k >= 0:
                    return self.values[k]
                return self.fill[self.kind[i] if self.kind is not None else 0]
            if (isinstance(key, np.ndarray) and key.dtype.kind in "iu" and key.ndim == 1
                    and len(key) * 8 < self.size):
                return self._at(key)
        return self.whole()[key]

    def _at(self, key: npt.NDArray[Any]) -> npt.NDArray[Any]:
        ids, k, hit = self.index.find(key, self.size)
        found = (self.fill[self.kind[ids]] if self.kind is not None
                 else np.full(len(ids), self.fill[0]))
        found[hit] = self.values[k[hit]]
        return found


def _lose_passes(
    levels: Sequence[InfixLevel], steps: Sequence[_Step], kinds: Sequence[npt.NDArray[np.int8]],
    players: int,
) -> list[list[tuple[FloatArray, FloatArray]]]:
    """Per seat and length, the seat's chance of losing from each fragment at each table
    when everyone plays as the table does: 1 or 0 at a word and where the mover is offered
    nothing, else the sum over the moves offered. Each length's as `(fill, values)`:
    `fill[kinds[d][i]]` at a fragment i the moves do not leave, `values[t, k]` at fragment
    `steps[d].nodes.ids[k]`, then the fill (`KINDS`)."""
    seats: list[list[tuple[FloatArray, FloatArray]]] = [[] for _ in range(players)]
    for d in range(len(levels) - 1, -1, -1):
        level, step = levels[d], steps[d]
        on = d + 1 < len(levels) and len(level.parent) > 0
        made = steps[d + 1].nodes.column(step.child, kinds[d + 1]) if on else None
        for seat_index, out in enumerate(seats):
            word = float(seat_index == (d - 1) % players)
            dead = float(seat_index == d % players)
            fill = np.array([0.0, word, dead if on else 0.0])
            if made is not None:
                value = step.at.sums(step.share * out[-1][1].take(made, axis=1))
                # `dead` where the mover is offered nothing: multiplied out, as a masked copy
                # took seven times as long (the chances are finite, and not -0.0)
                inner = value[:, : step.at.size]
                inner *= step.live
                if dead:
                    inner += ~step.live
            else:  # no moves: none left
                value = np.zeros((len(step.share), step.at.size + KINDS))
            value[:, step.at.size:] = fill
            out.append((fill, value))
    return [out[::-1] for out in seats]


def table_lose(play: InfixPlay, seat: int, rows: Sequence[Decision]) -> float:
    """The chance that `seat` loses from the fragment of the first of `rows` (its opening)
    when it makes each row's play where one is at the fragment and plays as the table does
    elsewhere. Only the fragments inside a row's fragment (and their reverses) can change, so
    only they are worked out again, from the longest down."""
    solution = play.solution
    levels = solution.graph.levels
    n, seat_index = solution.players, seat - 1
    start = len(rows[0].fragment)
    played = {(len(r.fragment), solution.index(r.fragment)): solution.index(r.play)
              for r in rows}
    lose = play.lose[seat_index]
    new: dict[tuple[int, int], float] = {}
    for d, i in sorted(inside(solution, rows), reverse=True):
        if d % n == seat_index and (d, i) in played:
            j = played[d, i]
            new[d, i] = new.get((d + 1, j), float(lose[d + 1][j]))
            continue
        if levels[d].leaf[i] or play.dead[d][i]:
            continue
        children, shares = play.moves(d, i)
        new[d, i] = sum(p * new.get((d + 1, int(j)), float(lose[d + 1][j]))
                        for j, p in zip(children, shares, strict=True))
    first = (start, solution.index(rows[0].fragment))
    return float(new.get(first, lose[first[0]][first[1]]))


@dataclass(frozen=True)
class _Choice:
    """What an opening may play, the same at every table: its fragment's id, the fragments
    it may make (ids and strings), and which of them its card may print alone
    (`cardgen.cards.ranges.candidates`)."""

    i: int
    kids: npt.NDArray[np.int32]
    names: list[str]
    allowed: BoolArray


def _choices(solution: InfixSolution, seat: int, openings: Sequence[Opening]) -> list[_Choice]:
    """Each opening's `_Choice` for `seat`."""
    levels, d = solution.graph.levels, seat - 1
    found = []
    for opening in openings:
        i = solution.index(opening.fragment)
        kids = levels[d].children(i)
        names = [solution.graph.string(d + 1, int(kid)) for kid in kids]
        allowed = np.array(
            candidates(opening.moves, names, (~levels[d + 1].leaf[kids]).tolist()), dtype=bool)
        found.append(_Choice(i, kids, names, allowed))
    return found


def odds(
    play: InfixPlay, seat: int, openings: Sequence[Opening], letters: bool = False,
    lose_words: Sequence[float] | None = None, choices: Sequence[_Choice] = (),
) -> tuple[Odds, ...]:
    """Each opening's figures for `seat` at the table (`cardgen.cards.strategy.Odds`), its entries
    judged alone: nothing, its table (`words`), the best play alone (`letter`, among
    `cardgen.cards.pocket.candidates`) and what the whole deck prints (`full`: the table, else
    `Opening.full_move`); with `letters`, each play it may print alone and what it wins;
    `lose_words`: what `table_lose` gives each opening with a table, in order, and `choices`
    the openings' `_choices`, where they are worked out already (for every table at once:
    `cardgen.cards.decisionrows.tables_lose`)."""
    solution = play.solution
    tabled = iter(lose_words) if lose_words is not None else None
    d = seat - 1
    lose = play.lose[d]
    found: list[Odds] = []
    for opening, choice in zip(openings, choices or _choices(solution, seat, openings),
                               strict=True):
        i, names, allowed = choice.i, choice.names, choice.allowed
        wins = 1.0 - lose[d + 1][choice.kids]
        score = np.where(allowed, wins, -1.0)
        # The first best (ids are in order); two paths to one fragment add up in another
        # order, so equal rates may differ in their last bits.
        k = int(np.flatnonzero(score >= score.max() - TIE)[0])
        words = None
        if opening.decisions:
            words = 1.0 - (next(tabled) if tabled is not None else
                           table_lose(play, seat, opening.decisions))
        none = 1.0 - float(lose[d][i])
        move = opening.full_move
        full = words if words is not None else (
            none if move is None else 1.0 - float(lose[d + 1][solution.index(move)]))
        found.append(Odds(
            reach=float(play.reach[d][i]), none=none, words=words, letter=names[k],
            letter_wins=float(wins[k]), full=full,
            letters=tuple((names[j], float(wins[j])) for j in np.flatnonzero(allowed))
            if letters else (),
        ))
    return tuple(found)


def with_infix_odds(
    card: Card, solution: InfixSolution, zipf: FloatArray | None, tables: TableRange,
    plays: Sequence[InfixPlay] = (),
) -> Card:
    """The variant's card with every opening's figures over the casual `tables`
    (`cardgen.cards.pocket.over_tables`), or from `plays` where they are worked out already."""
    plays = tuple(plays) or infix_plays(solution, zipf, tables.tables)
    many = len(plays) > 1

    def figures(seat: int, openings: Sequence[Opening]) -> tuple[Odds, ...]:
        groups = [o.decisions for o in openings if o.decisions]
        walks = Walks(plays, seat, groups) if groups else None
        lose = tables_lose(plays, seat, groups, walks)
        choices = _choices(solution, seat, openings)
        found = over_tables([odds(play, seat, openings, many, [float(x) for x in row], choices)
                             for play, row in zip(plays, lose, strict=True)])
        alone = walks if len(groups) == 1 else None  # the walks of the one table's rows
        return tuple(with_row_order(plays, seat, o.decisions, f, alone)
                     if seat == 1 and f.words is not None else f
                     for o, f in zip(openings, found, strict=True))

    return with_figures(card, figures, tables, range_examples(solution.words, zipf, tables))


def infix_position_odds(
    play: InfixPlay, fragment: str, decisions: Sequence[Decision]
) -> PositionOdds | None:
    """The figures of `fragment` for the seat to move (`cardgen.cards.openings.PositionOdds`):
    each move is the fragment it makes, and `words` is what the mover wins keeping to its
    decision table from here (`decisions`, () without one); None where the game is over or
    no playable word holds the fragment."""
    solution = play.solution
    if solution.find(fragment) is None or solution.is_word(fragment):
        return None
    seat = solution.mover(fragment)
    letters = tuple((g, 1.0 - play.losing(g, seat)) for g in solution.children(fragment))
    words = 1.0 - table_lose(play, seat, decisions) if decisions else None
    return PositionOdds(play.knows, play.reaching(fragment), 1.0 - play.losing(fragment, seat),
                        letters, words)


__all__ = [
    "InfixFigures", "InfixPlay", "infix_play", "infix_plays",
    "infix_position_odds", "odds",
    "table_lose", "with_infix_odds",
]
