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
from typing import Any, NamedTuple, Protocol

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


class _Step(NamedTuple):
    """What a pass needs at a length, found once (`Walks._step`)."""

    nodes: slice
    """The fragments of that length."""
    starts: IntArray
    """Where each one's moves begin among the moves out of them (then their end)."""
    spread: IntArray
    """Each move's fragment's place among `nodes`, for each table's row (`Walks._spread`)."""
    inward: BoolArray
    """Whether each move makes a fragment inside (a node)."""
    dst: IntArray
    """The node each move makes (0 where it is none)."""
    share: FloatArray
    """Each table's share of each move."""
    fixed: FloatArray
    """Each table's chance that the seat loses after each move, where it makes no node."""
    ends: BoolArray
    """`ends` at `nodes`: where each table's game ends."""
    src_in: IntArray
    """The moves that stay inside: the node each leaves,"""
    dst_in: IntArray
    """the node each makes,"""
    spread_in: IntArray
    """that for each table's row of a flattened (tables, nodes) array (`Walks._spread`),"""
    share_in: FloatArray
    """and each table's share of each."""

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
    """The fragments (length, id) inside the rows' fragments, and their reverses, that hold
    the first row's (its opening) or its reverse: the only ones whose figures the rows' plays
    change (a fragment's parents are inside it) that a game from the opening reaches (a move
    adds a letter to a fragment or, with reversal, to its reverse)."""
    (found,) = insides(solution, [rows])
    return found


def insides(solution: InfixSolution, groups: Sequence[Sequence[Decision]]
            ) -> list[set[tuple[int, int]]]:
    """`inside` of each group of rows, the fragments of all looked up together."""
    parts: list[set[str]] = []
    for rows in groups:
        opening = rows[0].fragment
        start, backwards = len(opening), opening[::-1]
        group: set[str] = set()
        for row in rows:
            f = row.fragment
            for length in range(start, len(f) + 1):
                for k in range(len(f) - length + 1):
                    part = f[k : k + length]
                    if opening in part or backwards in part:
                        group.update((part, part[::-1]))
        parts.append(group)
    ordered = sorted(set().union(*parts))
    ids = dict(zip(ordered, solution.find_all(ordered), strict=True))
    return [{(len(part), i) for part in group if (i := ids[part]) is not None}
            for group in parts]


class Walks:
    """Every table's play inside the fragments of each group of rows (`inside`), the tables
    side by side: arrays over the groups' fragments (`nodes`, each group its own, by length
    first: a length's nodes are a slice) and the moves between them, one row of each per
    table, for `row_order` and `tables_lose`. Each table's figures are the same floats as a
    walk of that table and group alone: a fragment's chance sums its moves in the order the
    table lists them (`InfixPlay.moves`)."""

    def __init__(
        self, plays: Sequence[InfixPlay], seat: int, groups: Sequence[Sequence[Decision]]
    ) -> None:
        solution = plays[0].solution
        levels = solution.graph.levels
        seat_index = seat - 1
        found = [sorted(nodes) for nodes in insides(solution, groups)]
        sizes = [len(nodes) for nodes in found]
        self.size = size = sum(sizes)
        group = np.repeat(np.arange(len(groups), dtype=np.int64), sizes)
        depth = np.array([d for nodes in found for d, _ in nodes], dtype=np.int64)
        ids = np.array([i for nodes in found for _, i in nodes], dtype=np.int64)
        # (length, group, id) ascending along the nodes: a node is found by a binary search,
        # and a length's nodes are a slice, each group's by id as in a walk of the group.
        many, wide = len(groups) + 1, len(max(levels, key=len)) + 1
        keys = (depth * many + group) * wide + ids
        order = np.argsort(keys, kind="stable")
        keys, group, self.depth, ids = keys[order], group[order], depth[order], ids[order]
        depth = self.depth
        loses = [play.lose[seat_index] for play in plays]
        self.stored = np.zeros((len(plays), size))
        self.ends = np.zeros((len(plays), size), dtype=bool)
        self.tables = len(plays)
        self.depths = sorted(set(depth.tolist()))
        bounds = np.searchsorted(depth, [*self.depths, max(self.depths, default=0) + 1])
        self.slices = [slice(int(lo), int(hi))
                       for lo, hi in zip(bounds[:-1], bounds[1:], strict=True)]
        """Each length's nodes (`depths`)."""
        self.steps: list[_Step] = []
        no_moves = np.zeros(0, dtype=np.int64)
        for d, nodes in zip(self.depths, self.slices, strict=True):
            at = np.arange(nodes.start, nodes.stop)
            for t, play in enumerate(plays):
                self.stored[t, nodes] = loses[t][d][ids[nodes]]
                self.ends[t, nodes] = levels[d].leaf[ids[nodes]] | play.dead[d][ids[nodes]]
            if d + 1 >= len(levels):
                self.steps.append(self._step(nodes, no_moves, no_moves,
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
            want = ((d + 1) * many + group[source]) * wide + children
            k = np.minimum(np.searchsorted(keys, want), max(size - 1, 0))
            self.steps.append(self._step(
                nodes, source, np.where(keys[k] == want, k, -1),
                np.array([play.share[d][edge] for play in plays]),
                np.array([lose[d + 1][children] for lose in loses])))
        rows = [row for rows in groups for row in rows]
        row_group = np.repeat(np.arange(len(groups)), [len(rows) for rows in groups])
        self.firsts = np.searchsorted(keys, [
            (len(rows[0].fragment) * many + g) * wide + solution.index(rows[0].fragment)
            for g, rows in enumerate(groups)])
        self.at = np.searchsorted(keys, [
            (len(r.fragment) * many + g) * wide + solution.index(r.fragment)
            for g, r in zip(row_group.tolist(), rows, strict=True)]).astype(np.int64)
        plays_made = [r.play for r in rows]  # looked up together (`InfixSolution.find_all`)
        made = [(len(p), solution.index(p) if j is None else j)
                for p, j in zip(plays_made, solution.find_all(plays_made), strict=True)]
        want = np.array([(d * many + g) * wide + j
                         for g, (d, j) in zip(row_group.tolist(), made, strict=True)],
                        dtype=np.int64)
        k = np.minimum(np.searchsorted(keys, want), max(size - 1, 0))
        self.to = np.where(keys[k] == want, k, -1) if size else np.zeros(0, dtype=np.int64)
        self.to_fixed = np.zeros((len(plays), len(made)))
        made_depth = np.array([d for d, _ in made], dtype=np.int64)
        made_id = np.array([j for _, j in made], dtype=np.int64)
        for d in set(made_depth.tolist()):  # each length's plays read together
            here = np.flatnonzero(made_depth == d)
            for t, lose in enumerate(loses):
                self.to_fixed[t, here] = lose[d][made_id[here]]
        self.mine = depth[self.at] % solution.players == seat_index  # the seat's own turns

    def _step(self, nodes: slice, src: IntArray, dst: IntArray, share: FloatArray,
              fixed: FloatArray) -> _Step:
        """A length's `_Step`: the moves out of its `nodes` (`src`: where from, ascending;
        `dst`: where to, -1 outside; each table's shares and chances outside)."""
        inward = dst >= 0
        local = src - nodes.start
        return _Step(nodes, np.searchsorted(local, np.arange(nodes.stop - nodes.start + 1)),
                     self._spread(local, nodes.stop - nodes.start), inward, np.maximum(dst, 0),
                     share, fixed, self.ends[:, nodes], src[inward], dst[inward],
                     self._spread(dst[inward], self.size), share[:, inward])

    def _spread(self, index: IntArray, size: int) -> IntArray:
        """`index` into `size` nodes, for each table's row of a flattened (tables, size)
        array."""
        return (index[None, :] + size * np.arange(self.tables)[:, None]).ravel()

    def values(self, chosen: BoolArray, last: FloatArray | None = None,
               row: int | None = None) -> FloatArray:
        """Each table's chance that the seat loses from each fragment, making the plays of the
        `chosen` rows (those at its own turns), longest first; from `last`, where the values
        of the same rows but `row`: only the fragments whose chance reads `row`'s fragment's
        are worked out again (each from all its moves, in their order)."""
        chosen = chosen & self.mine
        at, to, outside = self.at[chosen], self.to[chosen], self.to_fixed[:, chosen]
        played = self.depth[at]
        if last is None:
            value = self.stored.copy()
            for d, step in zip(reversed(self.depths), reversed(self.steps), strict=True):
                self._work_out(value, step)
                self._play_rows(value, played == d, at, to, outside)
            return value
        value = last.copy()
        if row is None or not chosen[row]:
            return value
        k = self.depths.index(int(self.depth[self.at[row]]))
        changed = np.zeros(self.size, dtype=bool)
        changed[self.at[row]] = True
        self._play_rows(value, played == self.depths[k], at, to, outside)
        for d, step in reversed(list(zip(self.depths[:k], self.steps[:k], strict=True))):
            # The fragments with a move into a changed one (a row's play is one of its moves)
            dirty = np.zeros(step.nodes.stop - step.nodes.start, dtype=bool)
            dirty[step.src_in[changed[step.dst_in]] - step.nodes.start] = True
            local = np.flatnonzero(dirty)
            if not len(local):
                break  # nothing shorter reads a changed fragment
            self._work_out(value, step, local)
            self._play_rows(value, played == d, at, to, outside)
            changed[:] = False
            changed[local + step.nodes.start] = True
        return value

    def _work_out(self, value: FloatArray, step: _Step, local: IntArray | None = None) -> None:
        """Each table's chance at the nodes of a step's length (those at places `local` among
        them, where given) from the longer ones': the sum over its moves, the stored one
        where the game ends."""
        if local is None:
            moves: IntArray | slice = slice(None)
            spread, nodes, ends = step.spread, step.nodes, step.ends
        else:
            count = step.starts[local + 1] - step.starts[local]
            moves = counting(step.starts[local], count)
            spread = self._spread(np.repeat(np.arange(len(local)), count), len(local))
            nodes, ends = local + step.nodes.start, step.ends[:, local]
        below = np.where(step.inward[moves], value.take(step.dst[moves], axis=1),  # (not [:, dst]:
                         step.fixed[:, moves])                                     # slow)
        below *= step.share[:, moves]
        total = np.bincount(spread, below.ravel(), minlength=ends.size).reshape(ends.shape)
        value[:, nodes] = np.where(ends, value[:, nodes], total)

    @staticmethod
    def _play_rows(value: FloatArray, rows: BoolArray, at: IntArray, to: IntArray,
                   outside: FloatArray) -> None:
        """The chance at the fragments of the chosen `rows`: that after their plays."""
        if rows.any():
            j = to[rows]
            value[:, at[rows]] = np.where(j >= 0, value[:, np.maximum(j, 0)], outside[:, rows])

    def reach(self, chosen: BoolArray, last: FloatArray | None = None,
              top: int | None = None) -> FloatArray:
        """Each table's chance that a game from the (first group's) opening reaches each
        fragment, the seat making the plays of the `chosen` rows (those at its own turns);
        from `last`, where the reach of the rows chosen but those `top` letters long or
        longer: only the fragments longer than `top` are worked out again."""
        chosen = chosen & self.mine
        at, to = self.at[chosen], self.to[chosen]
        played = self.depth[at]
        if last is None or top is None:
            reach, top = np.zeros(self.stored.shape), self.depths[0] if self.depths else 0
            reach[:, self.firsts[0]] = 1.0
        else:
            reach = last.copy()
            reach[:, self.depth > top] = 0.0
        free = ~self.ends
        free[:, at] = False
        # The rows' plays by length, each length's by fragment (as one walk adds them)
        plays: dict[int, list[tuple[int, int]]] = {}
        for d, k, j in sorted(zip(played.tolist(), at.tolist(), to.tolist(), strict=True),
                              key=lambda row: row[:2]):
            if j >= 0:
                plays.setdefault(d, []).append((k, j))
        for d, step in zip(self.depths, self.steps, strict=True):
            if d < top:
                continue
            src, spread, share = step.src_in, step.spread_in, step.share_in
            flow = np.where(free.take(src, axis=1), share * reach.take(src, axis=1), 0.0)
            reach += np.bincount(spread, flow.ravel(), minlength=reach.size).reshape(reach.shape)
            for k, j in plays.get(d, ()):
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
    at_row, mine = walks.at, walks.mine
    to, inward = np.maximum(walks.to, 0), walks.to >= 0
    chars = np.array([row_chars(r) for r in rows], dtype=np.float64)
    chosen = np.zeros(len(rows), dtype=bool)
    chosen[0] = True
    opening = int(walks.firsts[0])
    found: list[list[tuple[int, float]]] = [[] for _ in plays]
    values = walks.values(chosen)
    reaches, length = None, None
    while not chosen.all():
        # A fragment's chance reads only longer ones, its reach only shorter ones: each pass
        # works out again only its side of the row chosen last (`length` letters long).
        reaches = walks.reach(chosen, reaches, length)
        after = np.where(inward, values.take(to, axis=1), walks.to_fixed)
        terms = np.where(mine, reaches.take(at_row, axis=1)
                         * (values.take(at_row, axis=1) - after), 0.0)
        gain = np.zeros(len(rows))
        for weight, term in zip(weights, terms, strict=True):  # the tables in order
            gain += weight * term
        ratio = np.where(chosen, -np.inf, gain / chars)
        top = float(ratio.max())  # the first of the best, the table's order on ties
        best = int(np.flatnonzero(ratio >= top - TIE * abs(top) - 1e-15)[0])
        chosen[best] = True
        length = int(walks.depth[at_row[best]])
        values = walks.values(chosen, values, best)
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
