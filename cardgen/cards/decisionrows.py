"""Which rows of a long decision table a deck prints first (docs/rules.md, "SuperGhost and
SuperDuperGhost at a casual table"): the first seat of SuperGhost has one opening, and its
table (105 rows on TWL06) does not fit a pocket deck whole, so its rows are printed in part.

The table's first row (the opening's play) comes first; then, one at a time, the row that adds
most to the seat's win rate per character it takes, given the rows already chosen (ties, gains
equal but for float error, `TIE`: the table's order). What a row adds is exact: the chance
that a game reaches its fragment when the holder makes the chosen rows' plays, times what
making its play wins there over playing as the table does. Both come from two passes over the
fragments inside the rows' fragments, the only ones whose figures the rows change
(`cardgen.cards.superpocket.table_lose`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from cardgen.cards.odds import Odds
from cardgen.cards.selection import Step, cost, steps
from cardgen.cards.strategy import SeatStrategy
from cardgen.cards.winrates import table_wins
from cardgen.games.game import Decision
from cardgen.games.infix import counting
from cardgen.games.superghost import InfixSolution

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
_Step = tuple[IntArray, IntArray, BoolArray, IntArray, FloatArray, FloatArray, IntArray, IntArray,
              FloatArray]
"""A length's part of a pass (`Walks._step`)."""

TIE = 1e-9
"""Gains per character within this share of the best (or 1e-15) are equal: the float error of
two ways of summing the same chances must not reorder rows the table orders."""

class Figure(Protocol):
    """A figure of a casual table at every fragment (or move) of a length, read by index: an
    array, or one worked out where it is read (`cardgen.cards.superpocket._Level`)."""

    def __getitem__(self, key: Any) -> Any: ...
    def __len__(self) -> int: ...


class InfixPlay(Protocol):
    """What the rows are chosen from: how a casual table plays a solved SuperGhost
    (`cardgen.cards.superpocket.InfixPlay`, which imports this module)."""

    @property
    def solution(self) -> InfixSolution: ...
    @property
    def lose(self) -> tuple[tuple[Figure, ...], ...]: ...
    @property
    def dead(self) -> tuple[Figure, ...]: ...
    @property
    def reach(self) -> tuple[Figure, ...]: ...
    @property
    def share(self) -> tuple[Figure, ...]: ...


def row_chars(row: Decision) -> int:
    """The room a printed row takes, in characters: its fragment, its play written and the
    fragment it makes, with spaces (`cardgen.cards.selection.row_cost`)."""
    return len(row.fragment) + 2 * len(row.play) + 4


def inside(solution: InfixSolution, rows: Sequence[Decision]) -> set[tuple[int, int]]:
    """The fragments (length, id) inside the rows' fragments, and their reverses, no shorter
    than the first row's: the only ones whose figures the rows' plays change (a fragment's
    parents are inside it)."""
    start = len(rows[0].fragment)
    parts: set[str] = set()
    for row in rows:
        f = row.fragment
        for length in range(start, len(f) + 1):
            for k in range(len(f) - length + 1):
                parts.update((f[k : k + length], f[k : k + length][::-1]))
    ordered = sorted(parts)
    return {(len(part), i) for part, i in zip(ordered, solution.find_all(ordered), strict=True)
            if i is not None}


class Walks:
    """Every table's play inside the fragments of each group of rows (`inside`), the tables
    side by side: arrays over the groups' fragments (`nodes`, each group its own) and the
    moves between them, one row of each per table, for `row_order` and `tables_lose`. Each
    table's figures are the same floats as a walk of that table and group alone: a fragment's
    chance sums its moves in the order the table lists them (`InfixPlay.moves`)."""

    def __init__(
        self, plays: Sequence[InfixPlay], seat: int, groups: Sequence[Sequence[Decision]]
    ) -> None:
        solution = plays[0].solution
        levels = solution.graph.levels
        seat_index = seat - 1
        found = [sorted(inside(solution, rows)) for rows in groups]
        sizes = [len(nodes) for nodes in found]
        self.size = size = sum(sizes)
        group = np.repeat(np.arange(len(groups), dtype=np.int64), sizes)
        self.depth = depth = np.array([d for nodes in found for d, _ in nodes], dtype=np.int64)
        ids = np.array([i for nodes in found for _, i in nodes], dtype=np.int64)
        # (group, length, id) ascending along the nodes: a node is found by a binary search.
        tall, wide = int(depth.max(initial=0)) + 2, len(max(levels, key=len)) + 1
        keys = (group * tall + depth) * wide + ids
        loses = [play.lose[seat_index] for play in plays]
        self.stored = np.zeros((len(plays), size))
        self.ends = np.zeros((len(plays), size), dtype=bool)
        self.tables = len(plays)
        self.depths = sorted(set(depth.tolist()))
        self.steps: list[_Step] = []
        no_moves = np.zeros(0, dtype=np.int64)
        for d in self.depths:
            level_nodes = at = np.flatnonzero(depth == d)
            for t, play in enumerate(plays):
                self.stored[t, at] = loses[t][d][ids[at]]
                self.ends[t, at] = levels[d].leaf[ids[at]] | play.dead[d][ids[at]]
            if d + 1 >= len(levels):
                self.steps.append(self._step(level_nodes, no_moves, no_moves,
                                             np.zeros((len(plays), 0)), np.zeros((len(plays), 0))))
                continue
            level = levels[d]
            at = at[~level.leaf[ids[at]]]
            wanted = np.zeros(len(level), dtype=bool)
            wanted[ids[at]] = True
            distinct = np.flatnonzero(wanted)
            moves = np.flatnonzero(wanted[level.parent])  # in the order the table lists them
            moves = moves[np.argsort(level.parent[moves], kind="stable")]
            lo = np.searchsorted(level.parent[moves], np.append(distinct, len(level)))
            place = np.searchsorted(distinct, ids[at])
            first, count = lo[place], lo[place + 1] - lo[place]
            edge = moves[counting(first, count)]
            source = np.repeat(at, count)
            children = level.child[edge].astype(np.int64)
            want = (group[source] * tall + d + 1) * wide + children
            k = np.minimum(np.searchsorted(keys, want), max(size - 1, 0))
            self.steps.append(self._step(
                level_nodes, source, np.where(keys[k] == want, k, -1),
                np.array([play.share[d][edge] for play in plays]),
                np.array([lose[d + 1][children] for lose in loses])))
        rows = [row for rows in groups for row in rows]
        row_group = np.repeat(np.arange(len(groups)), [len(rows) for rows in groups])
        self.firsts = np.searchsorted(keys, [
            (g * tall + len(rows[0].fragment)) * wide + solution.index(rows[0].fragment)
            for g, rows in enumerate(groups)])
        self.at = np.searchsorted(keys, [
            (g * tall + len(r.fragment)) * wide + solution.index(r.fragment)
            for g, r in zip(row_group.tolist(), rows, strict=True)]).astype(np.int64)
        plays_made = [r.play for r in rows]  # looked up together (`InfixSolution.find_all`)
        made = [(len(p), solution.index(p) if j is None else j)
                for p, j in zip(plays_made, solution.find_all(plays_made), strict=True)]
        want = np.array([(g * tall + d) * wide + j
                         for g, (d, j) in zip(row_group.tolist(), made, strict=True)],
                        dtype=np.int64)
        k = np.minimum(np.searchsorted(keys, want), max(size - 1, 0))
        self.to = np.where(keys[k] == want, k, -1) if size else np.zeros(0, dtype=np.int64)
        self.to_fixed = np.array([[float(lose[d][j]) for d, j in made] for lose in loses])
        self.mine = depth[self.at] % solution.players == seat_index  # the seat's own turns

    def _step(self, level: IntArray, src: IntArray, dst: IntArray, share: FloatArray,
              fixed: FloatArray) -> _Step:
        """What a pass needs at a length, found once: the fragments of that length
        (`level`); the moves out of them (`src`: where from; `dst`: where to, -1 outside;
        each table's shares and chances outside), each table's slot of where from, and the
        moves that stay inside (where from, each table's slot of where to, the shares)."""
        inward = dst >= 0
        return (level, self._spread(src), inward, np.maximum(dst, 0), share, fixed, src[inward],
                self._spread(dst[inward]), share[:, inward])

    def _spread(self, index: IntArray) -> IntArray:
        """`index` into the nodes, for each table's row of a flattened (tables, nodes) array."""
        return (index[None, :] + self.size * np.arange(self.tables)[:, None]).ravel()

    def values(self, chosen: BoolArray) -> FloatArray:
        """Each table's chance that the seat loses from each fragment, making the plays of the
        `chosen` rows (those at its own turns), longest first."""
        chosen = chosen & self.mine
        at, to, outside = self.at[chosen], self.to[chosen], self.to_fixed[:, chosen]
        played = self.depth[at]
        value = self.stored.copy()
        for d, step in zip(reversed(self.depths), reversed(self.steps), strict=True):
            level, spread, inward, dst, share, fixed = step[:6]
            below = np.where(inward, value.take(dst, axis=1), fixed)  # (not [:, dst]: slow)
            total = np.bincount(spread, (share * below).ravel(),
                                minlength=value.size).reshape(value.shape)
            value[:, level] = np.where(self.ends.take(level, axis=1), value.take(level, axis=1),
                                       total.take(level, axis=1))
            here = played == d
            if here.any():
                j = to[here]
                value[:, at[here]] = np.where(j >= 0, value[:, np.maximum(j, 0)],
                                              outside[:, here])
        return value

    def reach(self, chosen: BoolArray) -> FloatArray:
        """Each table's chance that a game from the (first group's) opening reaches each
        fragment, the seat making the plays of the `chosen` rows (those at its own turns)."""
        chosen = chosen & self.mine
        at, to = self.at[chosen], self.to[chosen]
        played = self.depth[at]
        reach = np.zeros(self.stored.shape)
        reach[:, self.firsts[0]] = 1.0
        free = ~self.ends
        free[:, at] = False
        for d, step in zip(self.depths, self.steps, strict=True):
            src, spread, share = step[6:]
            flow = np.where(free.take(src, axis=1), share * reach.take(src, axis=1), 0.0)
            reach += np.bincount(spread, flow.ravel(), minlength=reach.size).reshape(reach.shape)
            here = np.flatnonzero((played == d) & (to >= 0))
            here = here[np.argsort(at[here], kind="stable")]  # by fragment, as one walk adds
            for k, j in zip(at[here].tolist(), to[here].tolist(), strict=True):
                reach[:, j] += reach[:, k]
        return reach


def tables_lose(
    plays: Sequence[InfixPlay], seat: int, groups: Sequence[Sequence[Decision]],
    walks: Walks | None = None,
) -> FloatArray:
    """`result[t][g]`: the chance that `seat` loses at table t from the fragment of the first
    row of `groups[g]` (an opening and its decision table), making each row's play where one
    is at the fragment and playing as the table does elsewhere
    (`cardgen.cards.superpocket.table_lose` of each table and group, float for float),
    worked out for every table and group at once (`walks`: theirs, where found already)."""
    if not groups:
        return np.zeros((len(plays), 0))
    walks = walks or Walks(plays, seat, groups)
    return walks.values(np.ones(len(walks.at), dtype=bool))[:, walks.firsts]


def row_order(
    plays: Sequence[InfixPlay], seat: int, rows: Sequence[Decision], walks: Walks | None = None
) -> tuple[tuple[tuple[int, float], ...], ...]:
    """The rows of `seat`'s table after its first (`rows[0]`, at the opening), in the order a
    deck adds them over the casual tables of `plays` (what a row adds to the mean win rate over
    the tables, each table's gain weighted by how often it reaches the opening), each as (its
    index in `rows`, the seat's win rate from the opening at that table with the first row and
    every row up to this one printed): one tuple per table, the rows in the same order
    (`walks`: `Walks(plays, seat, [rows])`, where found already)."""
    solution = plays[0].solution
    start = len(rows[0].fragment)
    walks = walks or Walks(plays, seat, [rows])
    weights = [float(play.reach[start][solution.index(rows[0].fragment)]) for play in plays]
    if len(plays) == 1 or not any(weights):
        weights = [1.0] * len(plays)  # one table, or none reaches the opening: each alike
    at_row, to, mine = walks.at, walks.to, walks.mine
    chars = np.array([row_chars(r) for r in rows], dtype=np.float64)
    chosen = np.zeros(len(rows), dtype=bool)
    chosen[0] = True
    opening = int(walks.firsts[0])
    found: list[list[tuple[int, float]]] = [[] for _ in plays]
    values = walks.values(chosen)
    while not chosen.all():
        gain = np.zeros(len(rows))
        reaches = walks.reach(chosen)
        for value, reach, outside, weight in zip(values, reaches, walks.to_fixed, weights,
                                                 strict=True):
            after = np.where(to >= 0, value[np.maximum(to, 0)], outside)
            gain += weight * np.where(mine, reach[at_row] * (value[at_row] - after), 0.0)
        ratio = np.where(chosen, -np.inf, gain / chars)
        top = float(ratio.max())  # the first of the best, the table's order on ties
        best = int(np.flatnonzero(ratio >= top - TIE * abs(top) - 1e-15)[0])
        chosen[best] = True
        values = walks.values(chosen)
        for value, table in zip(values, found, strict=True):
            table.append((best, 1.0 - float(value[opening])))
    return tuple(map(tuple, found))


def with_row_order(
    plays: Sequence[InfixPlay], seat: int, rows: Sequence[Decision], found: Odds,
    walks: Walks | None = None,
) -> Odds:
    """The figures of the first seat's opening with the order its table's rows are printed in
    (`Odds.rows`; `cardgen.cards.decisionrows.row_order` over the tables of `plays`): each table's
    win rates in `Odds.tables`, and their mean weighted by reach in the range's own (`walks`:
    as `row_order`'s)."""
    orders = row_order(plays, seat, rows, walks)
    if not found.tables:
        return dataclasses.replace(found, rows=orders[0])
    reach = [t.reach for t in found.tables]
    total = math.fsum(reach)
    mean = tuple(
        (index, math.fsum(r * order[k][1] for r, order in zip(reach, orders, strict=True)) / total
         if total > 0 else math.fsum(order[k][1] for order in orders) / len(orders))
        for k, (index, _) in enumerate(orders[0])
    )
    tables = tuple(dataclasses.replace(t, rows=order)
                   for t, order in zip(found.tables, orders, strict=True))
    return dataclasses.replace(found, rows=mean, tables=tables)


def table_steps(seat: SeatStrategy, words: bool = True) -> list[tuple[Step, int]]:
    """The seat's steps (`cardgen.cards.selection.steps`), each with how many rows of
    `Odds.rows` it prints after the first: where an opening's table may be printed in part,
    its letter alone and each run of its rows are points of (characters, worth), and the
    steps follow their upper hull from nothing, a row at a time (each row of a hull's
    segment at the segment's worth per character; rows that add nothing last, at 0)."""
    if not words or not any(o.odds is not None and o.odds.rows for o in seat.openings):
        return [(step, 0) for step in steps(seat, words=words)]
    found: list[tuple[Step, int]] = []
    for place, opening in enumerate(seat.openings):
        odds = opening.odds
        if odds is None or not odds.rows:
            one = dataclasses.replace(seat, openings=(opening,))
            found += [(step._replace(place=place), 0) for step in steps(one)]
            continue
        chars = row_chars(opening.decisions[0])
        points: list[tuple[float, float, int]] = []  # characters, worth, rows (-1: the letter)
        if odds.letter_wins >= odds.none:
            points.append((cost(opening, "move"), odds.reach * (odds.letter_wins - odds.none), -1))
        for k, (index, wins) in enumerate(odds.rows, 1):
            chars += row_chars(opening.decisions[index])
            points.append((chars, odds.reach * (wins - odds.none), k))
        done, at = (0.0, 0.0), 0
        ahead = sorted(points, key=lambda p: (p[0], p[2]))
        while ahead:
            slopes = [(w - done[1]) / (c - done[0]) if c > done[0] else math.inf
                      for c, w, _ in ahead]
            best = max(slopes)
            if best <= 0:
                break
            # The farthest point on the steepest line: a segment of the hull.
            end = max(k for k, s in enumerate(slopes) if s >= best - 1e-15)
            c, w, rows = ahead[end]
            if rows < 0:
                found.append((Step(best, place, "move"), 0))
            else:
                found += [(Step(best, place, "words"), k) for k in range(max(at, 0) + 1, rows + 1)]
                at = rows
            done, ahead = (c, w), [p for p in ahead[end + 1:] if p[2] > at]
        found += [(Step(0.0, place, "words"), k) for k in range(at + 1, len(odds.rows) + 1)]
    return found


def with_rows(seat: SeatStrategy, count: int) -> SeatStrategy:
    """The seat, its first opening printing its table's first row and the first `count` rows
    of `Odds.rows` where it prints its table (the others left out of `Opening.decisions`,
    their figures with them; `Opening.whole_table` keeps them all): `SeatStrategy.wins.card`
    (and each table's) is what that prints, the other figures stay."""
    opening = seat.openings[0] if seat.openings else None
    odds = opening.odds if opening is not None else None
    if opening is None or odds is None or seat.printed(opening).kind != "words" or not (
            0 < count < len(odds.rows)):
        return seat
    keep = {0} | {index for index, _ in odds.rows[:count]}
    trimmed = dataclasses.replace(
        opening, decisions=tuple(d for k, d in enumerate(opening.decisions) if k in keep),
        odds=dataclasses.replace(odds, words=odds.rows[count - 1][1], tables=tuple(
            dataclasses.replace(t, words=t.rows[count - 1][1]) for t in odds.tables)),
        whole_table=opening.table,
    )
    openings = (trimmed, *seat.openings[1:])
    printed = dataclasses.replace(seat, openings=openings)
    card = table_wins(printed)
    if seat.wins is None or not card:
        return printed
    by_table = tuple(dataclasses.replace(w, card=c.card)
                     for w, c in zip(seat.wins_by_table, card, strict=True))
    return dataclasses.replace(printed, wins=by_table[(len(by_table) - 1) // 2],
                               wins_by_table=by_table)


__all__ = [
    "Walks", "inside", "row_chars", "row_order", "table_steps", "tables_lose", "with_row_order",
    "with_rows",
]
