"""The fewest decisions a seat needs to win, worked out only where a decision table reads them.

A seat's decision table (`cardgen.games.game.InfixMoves`) picks, where the seat moves, the
play of the fewest decisions. `InfixSolution.costs` counts them at every fragment of the
game, from the longest up (2.3 million fragments in SuperDuperGhost on TWL06, for each seat);
the tables of a card read them at a few tens of thousands (16,000 and 50,000 for its two
seats): the fragments reached from the seat's openings by any play of its own and by the plays
the others consider. `PlanCosts` walks down
from the openings to find those, then counts up over them alone. The recurrence is
`cardgen.games.superghost._solve_costs`' (docs/rules.md, "SuperGhost"), and so are the numbers:
counts of decisions in floats, exact whatever the order they are added in.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from cardgen.games.infix import Ids, InfixLevel
from cardgen.games.losers import considered_moves
from cardgen.games.trie import MaskArray

FloatArray = npt.NDArray[np.float64]


class PlanCosts:
    """One seat's fewest decisions to win (inf where it loses), at the fragments its decision
    tables from its openings read, and at any other fragment where asked (with those below
    it)."""

    def __init__(
        self, levels: tuple[InfixLevel, ...], losers: tuple[MaskArray, ...], players: int,
        seat: int,
    ) -> None:
        self._levels = levels
        self._losers = losers
        self._players = players
        self._seat_index = seat - 1
        self._found: list[FloatArray | None] = [None] * len(levels)
        """Per length, each fragment's count; nan where not worked out yet."""
        if seat - 1 < len(levels):  # the openings (fragments of seat - 1 letters)
            self._reach(seat - 1, np.flatnonzero(levels[seat - 1].fragment))

    def cost(self, length: int, i: int) -> float:
        """The fewest decisions the seat needs from fragment i of `length` (inf: it loses)."""
        found = self._level(length)
        if math.isnan(found[i]):
            self._reach(length, np.array([i]))
        return float(found[i])

    def _level(self, length: int) -> FloatArray:
        found = self._found[length]
        if found is None:
            found = self._found[length] = np.full(len(self._levels[length]), np.nan)
        return found

    def _reach(self, length: int, roots: Ids) -> None:
        """Count the fragments `roots` of `length`, and those below them that a count reads
        and no earlier count found: down, a length at a time, every move out of a fragment
        where the seat moves and the moves the mover considers elsewhere (those it does not
        lose after, if any, else all), stopping at words, lost fragments and counted ones;
        then up, as `_solve_costs` does over every fragment."""
        levels, losers, players = self._levels, self._losers, self._players
        seat_index, bit = self._seat_index, 1 << self._seat_index
        steps: list[tuple[int, Ids, Ids, Ids]] = []
        d, todo = length, roots
        while len(todo):
            found, level = self._level(d), levels[d]
            lost = losers[d][todo] & bit != 0
            word = level.leaf[todo] & ~lost
            found[todo[lost]] = np.inf
            found[todo[word]] = 0.0
            todo = todo[~lost & ~word]
            source, child = level.moves_from(todo)
            mover = d % players
            if mover != seat_index and len(child):
                considered = considered_moves(losers[d + 1][child], mover, source, len(todo))
                source, child = source[considered], child[considered]
            steps.append((d, todo, source, child))
            if not len(child):
                break
            below = self._level(d + 1)
            fresh = np.zeros(len(below), dtype=bool)  # the children not counted, each once
            fresh[child[np.isnan(below[child])]] = True  # (np.unique would import numpy.ma)
            todo = np.flatnonzero(fresh)
            d += 1
        for d, counted, origin, made in reversed(steps):
            if not len(counted):
                continue
            cost = np.full(len(counted), np.inf)
            if len(made):
                value = self._level(d + 1)[made]
                if d % players == seat_index:
                    np.minimum.at(cost, origin, value)
                    cost += 1.0  # (inf stays where there is no move)
                else:
                    moved = np.bincount(origin, minlength=len(counted)) > 0
                    cost[moved] = np.bincount(origin, value, minlength=len(counted))[moved]
            self._level(d)[counted] = cost
