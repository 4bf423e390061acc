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
from typing import Protocol

import numpy as np
import numpy.typing as npt

from cardgen.cards.odds import Odds
from cardgen.cards.selection import Step, cost, steps
from cardgen.cards.strategy import SeatStrategy
from cardgen.cards.winrates import table_wins
from cardgen.games.game import Decision
from cardgen.games.superghost import InfixSolution

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


TIE = 1e-9
"""Gains per character within this share of the best (or 1e-15) are equal: the float error of
two ways of summing the same chances must not reorder rows the table orders."""

class InfixPlay(Protocol):
    """What the rows are chosen from: how a casual table plays a solved SuperGhost
    (`cardgen.cards.superpocket.InfixPlay`, which imports this module)."""

    @property
    def solution(self) -> InfixSolution: ...
    @property
    def lose(self) -> tuple[tuple[FloatArray, ...], ...]: ...
    @property
    def dead(self) -> tuple[npt.NDArray[np.bool_], ...]: ...
    @property
    def reach(self) -> tuple[FloatArray, ...]: ...
    def moves(self, d: int, i: int) -> tuple[npt.NDArray[np.int32], FloatArray]: ...


def row_chars(row: Decision) -> int:
    """The room a printed row takes, in characters: its fragment, its play written and the
    fragment it makes, with spaces (`cardgen.cards.selection.row_cost`)."""
    return len(row.fragment) + 2 * len(row.play) + 4


def inside(solution: InfixSolution, rows: Sequence[Decision]) -> set[tuple[int, int]]:
    """The fragments (length, id) inside the rows' fragments, and their reverses, no shorter
    than the first row's: the only ones whose figures the rows' plays change (a fragment's
    parents are inside it)."""
    start = len(rows[0].fragment)
    found: set[tuple[int, int]] = set()
    for row in rows:
        f = row.fragment
        for length in range(start, len(f) + 1):
            for k in range(len(f) - length + 1):
                for part in {f[k : k + length], f[k : k + length][::-1]}:
                    i = solution.find(part)
                    if i is not None:
                        found.add((length, i))
    return found


class _Walk:
    """One table's play inside the rows' fragments, as arrays over the fragments (`nodes`) and
    the moves between them, for `row_order`."""

    def __init__(
        self, play: InfixPlay, seat: int, rows: Sequence[Decision],
        nodes: list[tuple[int, int]], local: dict[tuple[int, int], int],
    ) -> None:
        solution = play.solution
        levels = solution.graph.levels
        lose = play.lose[seat - 1]
        self.stored = np.array([lose[d][i] for d, i in nodes])
        self.ends = np.array([bool(levels[d].leaf[i] or play.dead[d][i]) for d, i in nodes])
        src: list[int] = []
        dst: list[int] = []
        share: list[float] = []
        fixed: list[float] = []
        for k, (d, i) in enumerate(nodes):
            if self.ends[k]:
                continue
            children, shares = play.moves(d, i)
            for j, p in zip(children.tolist(), shares.tolist(), strict=True):
                src.append(k)
                dst.append(local.get((d + 1, j), -1))
                share.append(p)
                fixed.append(float(lose[d + 1][j]))
        self.src, self.dst = np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64)
        self.share, self.fixed = np.array(share), np.array(fixed)
        made = [(len(r.play), solution._index(r.play)) for r in rows]
        self.to_fixed = np.array([float(lose[d][j]) for d, j in made])

    def values(self, depth: IntArray, at: IntArray, to: IntArray, chosen: BoolArray
               ) -> FloatArray:
        """The seat's chance of losing from each fragment, making the `chosen` rows' plays."""
        return _values(self.stored, self.ends, depth, self.src, self.dst, self.share,
                       self.fixed, at[chosen], to[chosen], self.to_fixed[chosen])

    def reach(self, opening: int, depth: IntArray, at: IntArray, to: IntArray,
              chosen: BoolArray) -> FloatArray:
        """The chance that a game from the opening reaches each fragment, making the `chosen`
        rows' plays."""
        return _reach(len(self.stored), opening, self.ends, depth, self.src, self.dst,
                      self.share, at[chosen], to[chosen])


def row_order(
    plays: Sequence[InfixPlay], seat: int, rows: Sequence[Decision]
) -> tuple[tuple[tuple[int, float], ...], ...]:
    """The rows of `seat`'s table after its first (`rows[0]`, at the opening), in the order a
    deck adds them over the casual tables of `plays` (what a row adds to the mean win rate over
    the tables, each table's gain weighted by how often it reaches the opening), each as (its
    index in `rows`, the seat's win rate from the opening at that table with the first row and
    every row up to this one printed): one tuple per table, the rows in the same order."""
    solution = plays[0].solution
    n, seat_index = solution.players, seat - 1
    start = len(rows[0].fragment)
    nodes = sorted(inside(solution, rows))
    local = {node: k for k, node in enumerate(nodes)}
    walks = [_Walk(play, seat, rows, nodes, local) for play in plays]
    weights = [float(play.reach[start][solution._index(rows[0].fragment)]) for play in plays]
    if len(plays) == 1 or not any(weights):
        weights = [1.0] * len(plays)  # one table, or none reaches the opening: each alike
    depth = np.array([d for d, _ in nodes])
    at_row = np.array([local[len(r.fragment), solution._index(r.fragment)] for r in rows])
    made = [(len(r.play), solution._index(r.play)) for r in rows]
    to = np.array([local.get(node, -1) for node in made])
    chars = np.array([row_chars(r) for r in rows], dtype=np.float64)
    mine = depth[at_row] % n == seat_index  # rows are the seat's own turns
    chosen = np.zeros(len(rows), dtype=bool)
    chosen[0] = True
    opening = local[start, solution._index(rows[0].fragment)]
    found: list[list[tuple[int, float]]] = [[] for _ in plays]
    while not chosen.all():
        gain = np.zeros(len(rows))
        for walk, weight in zip(walks, weights, strict=True):
            value = walk.values(depth, at_row, to, chosen & mine)
            reach = walk.reach(opening, depth, at_row, to, chosen & mine)
            after = np.where(to >= 0, value[np.maximum(to, 0)], walk.to_fixed)
            gain += weight * np.where(mine, reach[at_row] * (value[at_row] - after), 0.0)
        ratio = np.where(chosen, -np.inf, gain / chars)
        top = float(ratio.max())  # the first of the best, the table's order on ties
        best = int(np.flatnonzero(ratio >= top - TIE * abs(top) - 1e-15)[0])
        chosen[best] = True
        for walk, table in zip(walks, found, strict=True):
            value = walk.values(depth, at_row, to, chosen & mine)
            table.append((best, 1.0 - float(value[opening])))
    return tuple(map(tuple, found))


def _values(
    stored: FloatArray, ends: npt.NDArray[np.bool_], depth: IntArray, e_src: IntArray,
    e_dst: IntArray, e_p: FloatArray, e_fixed: FloatArray, at: IntArray, to: IntArray,
    to_fixed: FloatArray,
) -> FloatArray:
    """The seat's chance of losing from each fragment inside, longest first, where it makes
    the plays of the rows at `at` (to `to`, or outside with `to_fixed`)."""
    value = stored.copy()
    played = dict(zip(at.tolist(), zip(to.tolist(), to_fixed.tolist(), strict=True),
                      strict=True))
    for d in sorted(set(depth.tolist()), reverse=True):
        edges = depth[e_src] == d
        below = np.where(e_dst[edges] >= 0, value[np.maximum(e_dst[edges], 0)], e_fixed[edges])
        total = np.bincount(e_src[edges], e_p[edges] * below, minlength=len(value))
        level = (depth == d) & ~ends
        value[level] = total[level]
        for k in np.flatnonzero(depth == d).tolist():
            if k in played:
                j, outside = played[k]
                value[k] = value[j] if j >= 0 else outside
    return value


def _reach(
    size: int, opening: int, ends: npt.NDArray[np.bool_], depth: IntArray, e_src: IntArray,
    e_dst: IntArray, e_p: FloatArray, at: IntArray, to: IntArray,
) -> FloatArray:
    """The chance that a game from the opening reaches each fragment inside, where the seat
    makes the plays of the rows at `at` (to `to`)."""
    reach = np.zeros(size)
    reach[opening] = 1.0
    played = dict(zip(at.tolist(), to.tolist(), strict=True))
    free = ~ends
    free[at] = False
    for d in sorted(set(depth.tolist())):
        edges = (depth[e_src] == d) & free[e_src] & (e_dst >= 0)
        reach += np.bincount(e_dst[edges], e_p[edges] * reach[e_src[edges]], minlength=size)
        for k in np.flatnonzero(depth == d).tolist():
            if k in played and played[k] >= 0:
                reach[played[k]] += reach[k]
    return reach


def with_row_order(
    plays: Sequence[InfixPlay], seat: int, rows: Sequence[Decision], found: Odds
) -> Odds:
    """The figures of the first seat's opening with the order its table's rows are printed in
    (`Odds.rows`; `cardgen.cards.decisionrows.row_order` over the tables of `plays`): each table's
    win rates in `Odds.tables`, and their mean weighted by reach in the range's own."""
    orders = row_order(plays, seat, rows)
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
    if opening is None or odds is None or opening.printed != "words" or not (
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
    "inside", "row_chars", "row_order", "table_steps", "with_row_order", "with_rows",
]
