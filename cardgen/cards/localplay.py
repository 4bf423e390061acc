"""What a casual table makes of one position of SuperGhost or SuperDuperGhost, for `cardgen
explain`: the play of `cardgen.cards.superpocket.infix_plays`, worked out only where that
position's figures read it.

A position's figures (`cardgen.cards.superpocket.infix_position_odds`) read how often a game
reaches it, which needs the plays out of the fragments it grows from, and the mover's chance of
losing from it, from its moves and inside its decision table, which need the plays out of the
fragments that grow from it. So only those fragments are walked: the words that hold the
position for the moves below it, and every word, at the lengths above it, for the moves out of
the fragments inside it. Each figure is the same float as the whole table's (the same sums, in
the same order), and the solution cache need not keep every table's play of every fragment
(five tables of TWL06 SuperGhost took 210 MB).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cardgen.cards.offers import offer_weights
from cardgen.cards.openings import PositionOdds
from cardgen.cards.ranges import examples
from cardgen.cards.superpocket import BoolArray, FloatArray, InfixPlay
from cardgen.games.game import Decision
from cardgen.games.infix import InfixLevel, IntArray
from cardgen.games.superghost import InfixSolution


def position_odds(
    solution: InfixSolution, zipf: FloatArray | None, thetas: Sequence[float], fragment: str,
    decisions: Sequence[Decision],
) -> tuple[PositionOdds | None, ...]:
    """The figures of a position at each table of `thetas` (the mover keeping to
    `decisions`), worked out for it alone (`position_plays`)."""
    from cardgen.cards.superpocket import infix_position_odds

    return tuple(infix_position_odds(play, fragment, decisions)
                 for play in position_plays(solution, zipf, thetas, fragment))


def position_plays(
    solution: InfixSolution, zipf: FloatArray | None, thetas: Sequence[float], fragment: str,
) -> tuple[InfixPlay, ...]:
    """How each table that knows the words of Zipf >= a theta of `thetas` plays `solution`
    (`cardgen.cards.superpocket.infix_plays`), right where the figures of `fragment` read it:
    the chance of reaching it, and the chance that the seat to move there loses from it and
    from every fragment that grows from it; elsewhere the arrays hold anything (and the other
    seats' chances of losing none)."""
    i = solution.find(fragment)
    distinct = tuple(dict.fromkeys(thetas))
    words = solution.words
    if i is None or solution.is_word(fragment):  # no figures: nothing is read
        plays = {theta: InfixPlay(theta, (), (), (), (), (), solution=solution)
                 for theta in distinct}
        return tuple(plays[theta] for theta in thetas)
    k = len(fragment)
    levels = solution.graph.levels
    keep = _around(levels, k, i)
    if zipf is None:
        weights = np.ones(len(words))
        knowing = [np.ones(len(words), dtype=bool) for _ in distinct]
    else:
        zipf = np.asarray(zipf, dtype=np.float64)
        weights = 10.0**zipf
        knowing = [(zipf >= theta) & (weights > 0) for theta in distinct]
    known_at = np.flatnonzero(np.logical_or.reduce(knowing))
    tables = [knows[known_at] for knows in knowing]
    found = _holding(words, fragment, solution.reverse)  # the words below it: those holding it
    holding = np.isin(known_at, found, assume_unique=True)
    offers = offer_weights(solution, known_at[holding],
                           weights[known_at[holding]], [t[holding] for t in tables], keep,
                           range(k, len(levels)))
    if k:  # the words above it: every word known
        higher = offer_weights(solution, known_at,
                               weights[known_at], tables, keep, range(k))
        offers = [h[:k] + o[k:] for h, o in zip(higher, offers, strict=True)]
    kept = [_Kept(level, keep[d], keep[d + 1] if d + 1 < len(levels) else None)
            for d, level in enumerate(levels)]
    seat_index = k % solution.players
    count = len(distinct)
    shares = [np.zeros((count, len(level.parent))) for level in levels]
    dead = [np.zeros((count, len(level)), dtype=bool) for level in levels]
    lose = [np.zeros((count, len(level))) for level in levels]
    reach = [np.zeros((count, len(level))) for level in levels]
    for t in range(count):
        local = _shares(kept, offers[t], bool(tables[t].any()))
        for d, (level, share, off) in enumerate(zip(kept, *local, strict=True)):
            level.put(shares[d][t], share, True)
            level.put(dead[d][t], off)
        for d, value in enumerate(_reach(kept, local[0], k)):
            kept[d].put(reach[d][t], value)
        for d, value in enumerate(_lose(kept, *local, solution.players, seat_index, k), k):
            kept[d].put(lose[d][t], value)
    plays = {
        theta: InfixPlay(
            theta, tuple(s[t] for s in shares), tuple(x[t] for x in dead),
            tuple(r[t] for r in reach),
            tuple(tuple(x[t] for x in lose) if s == seat_index else ()
                  for s in range(solution.players)),
            () if zipf is None else examples(words, zipf, theta), solution=solution)
        for t, theta in enumerate(distinct)}
    return tuple(plays[theta] for theta in thetas)


def _holding(words: Sequence[str], fragment: str, reverse: bool) -> IntArray:
    """The words that hold `fragment` (or, with `reverse`, its reverse), by their place."""
    turned = fragment[::-1] if reverse else fragment
    return np.array([k for k, w in enumerate(words) if fragment in w or turned in w],
                    dtype=np.int64)


def _around(levels: Sequence[InfixLevel], k: int, i: int) -> list[BoolArray]:
    """Per length, the fragments the figures of fragment i of length k read the plays out of:
    those it grows from (shorter) and those that grow from it (itself and longer)."""
    keep = [np.zeros(len(level), dtype=bool) for level in levels]
    keep[k][i] = True
    for d in range(k, len(levels) - 1):
        level = levels[d]
        keep[d + 1][level.child[keep[d][level.parent]]] = True
    for d in range(k - 1, -1, -1):
        level = levels[d]
        keep[d][level.parent[keep[d + 1][level.child]]] = True
    return keep


class _Kept:
    """One length's kept fragments and the moves out of them, numbered among themselves
    (the moves' fragments among the kept of their length, their children among the next
    length's, -1 where a child is not kept)."""

    def __init__(self, level: InfixLevel, keep: BoolArray, below: BoolArray | None) -> None:
        every = bool(keep.all())
        self.nodes = None if every else np.flatnonzero(keep)
        self.edges = None if every else np.flatnonzero(keep[level.parent])
        self.size = len(level) if self.nodes is None else len(self.nodes)
        parent = level.parent if self.edges is None else level.parent[self.edges]
        child = level.child if self.edges is None else level.child[self.edges]
        self.parent = parent if self.nodes is None else np.searchsorted(self.nodes, parent)
        self.child = child
        if below is not None and not below.all():
            number = np.cumsum(below) - 1
            self.child = np.where(below[child], number[child], -1)
        self.leaf = level.leaf if self.nodes is None else level.leaf[self.nodes]
        fragment = level.fragment if self.nodes is None else level.fragment[self.nodes]
        self.on = fragment & ~self.leaf

    def put(self, out: np.ndarray, values: np.ndarray, moves: bool = False) -> None:
        """Write the kept fragments' (or moves') values in place in a whole length's `out`."""
        some = self.edges if moves else self.nodes
        if some is None:
            out[:] = values
        else:
            out[some] = values


def _shares(
    kept: Sequence[_Kept], offers: Sequence[FloatArray], anyone: bool,
) -> tuple[list[FloatArray], list[BoolArray]]:
    """Each kept move's share of its fragment's plays, and whether the mover at a kept
    fragment is offered nothing (`superpocket._table_play`, over the kept moves: all of their
    fragments', in the same order)."""
    shares: list[FloatArray] = []
    dead: list[BoolArray] = []
    for d, level in enumerate(kept):
        weight = offers[d] if level.edges is None else offers[d][level.edges]
        total = np.bincount(level.parent, weight, minlength=level.size)
        if d == 0 and not anyone and len(weight):  # nobody knows a word
            weight = np.ones(len(weight))
            total = np.bincount(level.parent, weight, minlength=level.size)
        shares.append(np.divide(weight, total[level.parent], out=np.zeros_like(weight),
                                where=total[level.parent] > 0))
        dead.append(level.on & (total == 0))
    return shares, dead


def _reach(kept: Sequence[_Kept], shares: Sequence[FloatArray], k: int) -> list[FloatArray]:
    """The chance that a game reaches each kept fragment the position grows from, and the
    position (`superpocket._table_play`, over the kept moves into them)."""
    reach: list[FloatArray] = [np.ones(1)]
    for d in range(k):
        level = kept[d]
        into = level.child >= 0
        reach.append(np.bincount(level.child[into],
                                 (shares[d] * reach[d][level.parent])[into],
                                 minlength=kept[d + 1].size).astype(np.float64))
    return reach


def _lose(
    kept: Sequence[_Kept], shares: Sequence[FloatArray], dead: Sequence[BoolArray],
    players: int, seat_index: int, k: int,
) -> list[FloatArray]:
    """The seat's chance of losing from each kept fragment that grows from the position, from
    the position on (`superpocket._lose_pass`, over the kept fragments and moves)."""
    out: list[FloatArray] = []
    below: FloatArray | None = None
    for d in range(len(kept) - 1, k - 1, -1):
        level = kept[d]
        value = np.zeros(level.size)
        value[level.leaf] = float(seat_index == (d - 1) % players)
        if below is not None and len(level.parent):
            inner = np.bincount(level.parent, shares[d] * below[level.child],
                                minlength=level.size)
            value[level.on] = inner[level.on]
            value[dead[d]] = float(seat_index == d % players)
        out.append(value)
        below = value
    return out[::-1]


__all__ = ["position_odds", "position_plays"]
