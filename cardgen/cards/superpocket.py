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

import numpy as np
import numpy.typing as npt

from cardgen.cards.pocket import (
    THETA,
    PositionOdds,
    fields_of,
    with_figures,
)
from cardgen.cards.ranges import candidates, examples, over_tables, range_examples
from cardgen.cards.strategy import Card, Odds, Opening
from cardgen.cards.tablerows import inside, with_row_order
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
    """How a casual table plays a solved SuperGhost or SuperDuperGhost, without the game: what
    the solution cache keeps (`cardgen.cards.make.config_figures`)."""

    knows: float
    """The table knows the playable words of at least this Zipf frequency."""
    share: tuple[FloatArray, ...] = field(repr=False)
    """`share[d][e]`: the probability that the mover at edge e's parent (length d) plays
    edge e (`InfixLevel.parent`, `InfixLevel.child`)."""
    dead: tuple[BoolArray, ...] = field(repr=False)
    """`dead[d][i]`: the mover at fragment i of length d is offered nothing and loses."""
    reach: tuple[FloatArray, ...] = field(repr=False)
    """`reach[d][i]`: the probability that a game reaches fragment i of length d."""
    lose: tuple[tuple[FloatArray, ...], ...] = field(repr=False)
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

    @classmethod
    def of(cls, solution: InfixSolution, figures: InfixFigures) -> InfixPlay:
        """The table's play of `solution`, from its figures (as `figures()` gives them)."""
        return cls(solution=solution, **fields_of(figures, InfixFigures))

    def figures(self) -> InfixFigures:
        """The figures alone, as the cache keeps them."""
        return InfixFigures(**fields_of(self, InfixFigures))

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
        return float(self.lose[seat - 1][len(fragment)][self.solution._index(fragment)])

    def reaching(self, fragment: str) -> float:
        """The probability that a game at this table reaches `fragment`."""
        return float(self.reach[len(fragment)][self.solution._index(fragment)])


def _run_ids(words: Sequence[str], solution: InfixSolution) -> list[npt.NDArray[np.int64]]:
    """`ids[L][p]`: the infix id of the run of L letters at text position p of the words laid
    end to end (-1 where the run leaves its word)."""
    graph = solution.graph
    levels = graph.levels
    base = len(graph.letters)
    code = {x: k for k, x in enumerate(graph.letters)}
    text = np.array([code[x] for w in words for x in w], dtype=np.int64)
    lengths = np.array([len(w) for w in words], dtype=np.int64)
    end = np.repeat(np.cumsum(lengths), lengths)
    positions = np.arange(len(text), dtype=np.int64)
    ids = [np.zeros(len(text), dtype=np.int64)]
    for length in range(1, int(lengths.max(initial=0)) + 1):
        prev = ids[-1]
        ok = (positions + length <= end) & (prev >= 0)
        current = np.full(len(text), -1, dtype=np.int64)
        keys = levels[length].key.astype(np.int64)
        want = prev[ok] * base + text[positions[ok] + length - 1]
        current[ok] = np.searchsorted(keys, want)
        ids.append(current)
    return ids


Offers = tuple[npt.NDArray[np.int64], FloatArray]
"""The moves of one length that known words offer, as sorted keys `parent * children +
child`, and the weight each gets."""


def _offers(
    solution: InfixSolution, known: Sequence[str], weight: FloatArray
) -> list[Offers]:
    """Per length d, the weight each move (parent id, child id) gets from the known words
    (docs/rules.md): each word splits its weight evenly among the distinct non-word fragments
    it offers."""
    levels = solution.graph.levels
    nothing: Offers = (np.zeros(0, dtype=np.int64), np.zeros(0))
    found = [nothing for _ in levels]
    if not known:
        return found
    lengths = np.array([len(w) for w in known], dtype=np.int64)
    start = np.repeat(np.cumsum(lengths) - lengths, lengths)
    end = start + np.repeat(lengths, lengths)
    owner = np.repeat(np.arange(len(known), dtype=np.int64), lengths)
    ids = _run_ids(known, solution)
    rids = _run_ids([w[::-1] for w in known], solution) if solution.reverse else None
    size = len(owner)
    positions = np.arange(size, dtype=np.int64)
    longest = int(lengths.max())
    for d in range(min(len(levels) - 1, longest - 1)):
        below = levels[d + 1]
        if d == 0:  # the empty fragment: each letter of the word
            p = positions
            kinds = [(np.zeros(size, dtype=np.int64), ids[1])]
            words_of = owner
        else:
            live = (positions + d <= end) & (ids[d] >= 0)
            live &= np.repeat(lengths, lengths) >= d + 2
            p = positions[live]
            words_of = owner[live]
            parents = [ids[d][p]]
            if rids is not None:  # the same run read as the reverse of a fragment
                mirror = start[p] + (end[p] - p - d)
                parents.append(rids[d][mirror])
            left = np.where(p - 1 >= start[p], ids[d + 1][np.maximum(p - 1, 0)], -1)
            right = np.where(p + d + 1 <= end[p], ids[d + 1][p], -1)
            kinds = [(a, c) for a in parents for c in (left, right)]
        level = levels[d]
        k_all, a_all, c_all = [], [], []
        for a, c in kinds:
            ok = (c >= 0) & (a >= 0)
            ok[ok] &= level.fragment[a[ok]] & ~level.leaf[a[ok]] & ~below.leaf[c[ok]]
            k_all.append(words_of[ok])
            a_all.append(a[ok])
            c_all.append(c[ok])
        k, a, c = (np.concatenate(x) for x in (k_all, a_all, c_all))
        if not len(k):
            continue
        n_a, n_c = len(level), len(below)
        triples = np.unique((k * n_a + a) * n_c + c)
        pair = triples // n_c  # word and parent
        _, inverse, count = np.unique(pair, return_inverse=True, return_counts=True)
        share = weight[pair // n_a] / count[inverse]
        moves, at = np.unique((pair % n_a) * n_c + triples % n_c, return_inverse=True)
        total = np.bincount(at, share, minlength=len(moves))
        found[d] = moves.astype(np.int64), total.astype(np.float64)
    return found


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
    levels = solution.graph.levels
    n = solution.players
    words = solution.words
    knows = THETA if knows is None else knows
    if zipf is None:
        weights = np.ones(len(words))
    else:
        zipf = np.asarray(zipf, dtype=np.float64)
        if zipf.shape != (len(words),):
            raise ValueError(f"{zipf.size} frequencies for {len(words)} words")
        weights = np.where(zipf >= knows, 10.0**zipf, 0.0)
    known_at = np.flatnonzero(weights > 0)
    offers = _offers(solution, [words[int(k)] for k in known_at], weights[known_at])
    shares: list[FloatArray] = []
    dead: list[BoolArray] = []
    for d, level in enumerate(levels):
        keys, got = offers[d]
        edges = level.parent.astype(np.int64) * len(levels[d + 1]) + level.child if (
            d + 1 < len(levels)) else level.parent.astype(np.int64)
        at = np.minimum(np.searchsorted(keys, edges), max(len(keys) - 1, 0))
        weight = np.where(keys[at] == edges, got[at], 0.0) if len(keys) else np.zeros(len(edges))
        total = np.bincount(level.parent, weight, minlength=len(level))
        if d == 0 and not len(known_at) and len(level.parent):  # nobody knows a word
            weight = np.ones(len(level.parent))
            total = np.bincount(level.parent, weight, minlength=len(level))
        share = np.divide(weight, total[level.parent], out=np.zeros_like(weight),
                          where=total[level.parent] > 0)
        shares.append(share)
        dead.append(level.fragment & ~level.leaf & (total == 0))
    reach: list[FloatArray] = [np.ones(1)]
    for d in range(len(levels) - 1):
        level = levels[d]
        reach.append(np.bincount(level.child, shares[d] * reach[d][level.parent],
                                 minlength=len(levels[d + 1])).astype(np.float64))
    lose = tuple(
        _lose_pass(levels, shares, dead, n, seat_index) for seat_index in range(n)
    )
    return InfixPlay(
        knows, tuple(shares), tuple(dead), tuple(reach), lose,
        () if zipf is None else examples(words, zipf, knows), solution=solution,
    )


def _lose_pass(
    levels: Sequence[InfixLevel], shares: Sequence[FloatArray], dead: Sequence[BoolArray],
    players: int, seat_index: int,
) -> tuple[FloatArray, ...]:
    """Per length, the seat's chance of losing from each fragment when everyone plays as the
    table does."""
    out: list[FloatArray] = []
    below: FloatArray | None = None
    for d in range(len(levels) - 1, -1, -1):
        level = levels[d]
        value = np.zeros(len(level.key))
        value[level.leaf] = float(seat_index == (d - 1) % players)
        if below is not None and len(level.parent):
            inner = np.bincount(level.parent, shares[d] * below[level.child],
                                minlength=len(value))
            on = level.fragment & ~level.leaf
            value[on] = inner[on]
            value[dead[d]] = float(seat_index == d % players)
        out.append(value)
        below = value
    return tuple(reversed(out))


def table_lose(play: InfixPlay, seat: int, rows: Sequence[Decision]) -> float:
    """The chance that `seat` loses from the fragment of the first of `rows` (its opening)
    when it makes each row's play where one is at the fragment and plays as the table does
    elsewhere. Only the fragments inside a row's fragment (and their reverses) can change, so
    only they are worked out again, from the longest down."""
    solution = play.solution
    levels = solution.graph.levels
    n, seat_index = solution.players, seat - 1
    start = len(rows[0].fragment)
    played = {(len(r.fragment), solution._index(r.fragment)): solution._index(r.play)
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
    first = (start, solution._index(rows[0].fragment))
    return float(new.get(first, lose[first[0]][first[1]]))


def odds(
    play: InfixPlay, seat: int, openings: Sequence[Opening], letters: bool = False
) -> tuple[Odds, ...]:
    """Each opening's figures for `seat` at the table (`cardgen.cards.strategy.Odds`), its entries
    judged alone: nothing, its table (`words`), the best play alone (`letter`, among
    `cardgen.cards.pocket.candidates`) and what the whole deck prints (`full`: the table, else
    `Opening.full_move`); with `letters`, each play it may print alone and what it wins."""
    solution = play.solution
    levels = solution.graph.levels
    d = seat - 1
    lose = play.lose[d]
    found: list[Odds] = []
    for opening in openings:
        i = solution._index(opening.fragment)
        kids = solution._children(d, i)
        wins = 1.0 - lose[d + 1][kids]
        names = [solution.graph.string(d + 1, int(kid)) for kid in kids]
        allowed = np.array(
            candidates(opening.moves, names, (~levels[d + 1].leaf[kids]).tolist()), dtype=bool)
        score = np.where(allowed, wins, -1.0)
        # The first best (ids are in order); two paths to one fragment add up in another
        # order, so equal rates may differ in their last bits.
        k = int(np.flatnonzero(score >= score.max() - TIE)[0])
        words = 1.0 - table_lose(play, seat, opening.decisions) if opening.decisions else None
        none = 1.0 - float(lose[d][i])
        move = opening.full_move
        full = words if words is not None else (
            none if move is None else 1.0 - float(lose[d + 1][solution._index(move)]))
        found.append(Odds(
            reach=float(play.reach[d][i]), none=none, words=words, letter=names[k],
            letter_wins=float(wins[k]), full=full,
            letters=tuple((names[j], float(wins[j])) for j in np.flatnonzero(allowed))
            if letters else (),
        ))
    return tuple(found)


def infix_plays(
    solution: InfixSolution, zipf: FloatArray | None, tables: TableRange
) -> tuple[InfixPlay, ...]:
    """How each table of `tables` plays the variant (`infix_play`), lowest Zipf first; a Zipf
    that comes twice is worked out once."""
    plays: dict[float, InfixPlay] = {}
    for theta in tables.tables:
        if theta not in plays:
            plays[theta] = infix_play(solution, zipf, theta)
    return tuple(plays[theta] for theta in tables.tables)


def with_infix_odds(
    card: Card, solution: InfixSolution, zipf: FloatArray | None, tables: TableRange,
    plays: Sequence[InfixPlay] = (),
) -> Card:
    """The variant's card with every opening's figures over the casual `tables`
    (`cardgen.cards.pocket.over_tables`), or from `plays` where they are worked out already."""
    plays = tuple(plays) or infix_plays(solution, zipf, tables)
    many = len(plays) > 1

    def figures(seat: int, openings: Sequence[Opening]) -> tuple[Odds, ...]:
        found = over_tables([odds(play, seat, openings, many) for play in plays])
        return tuple(with_row_order(plays, seat, o.decisions, f)
                     if seat == 1 and f.words is not None else f
                     for o, f in zip(openings, found, strict=True))

    return with_figures(card, figures, tables, range_examples(solution.words, zipf, tables))


def infix_position_odds(
    play: InfixPlay, fragment: str, decisions: Sequence[Decision]
) -> PositionOdds | None:
    """The figures of `fragment` for the seat to move (`cardgen.cards.pocket.PositionOdds`):
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
