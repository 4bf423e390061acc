"""The solution of SuperGhost and SuperDuperGhost for n players (docs/rules.md, "SuperGhost").

The positions are the infixes of the playable words (`cardgen.games.infix`), solved from the longest
down, as Ghost's levels are: the loser sets by the rule of docs/rules.md, "Loser sets" (a
fragment's length says who moves, so nothing changes but the moves), then for each seat the
fewest decisions it needs to win, counted along the game tree. A move is written as the
fragment it makes (`bera` from `era`). `InfixSolution` answers the questions a card, explain
and play ask of a solved game, with the same names as Ghost's `Solution`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from cardgen.games.game import InfixMoves, Plan
from cardgen.games.infix import InfixGraph, InfixLevel, build_graph
from cardgen.games.levels import Array, Moves
from cardgen.games.losers import MaskPairArray, considered_moves, level_losers
from cardgen.games.plancosts import PlanCosts
from cardgen.games.scores import DecisionCounts
from cardgen.games.trie import MaskArray
from cardgen.words.lexicon import Lexicon

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, eq=False, repr=False)
class InfixSolution(InfixMoves):
    """A solved SuperGhost (or, with `reverse`, SuperDuperGhost)."""

    lexicon: Lexicon
    players: int
    reverse: bool
    """Whether a fragment may be reversed before a letter is added (SuperDuperGhost)."""
    graph: InfixGraph = field(repr=False)
    losers_by_length: tuple[MaskArray, ...] = field(repr=False)
    _costs: dict[int, tuple[FloatArray, ...]] = field(default_factory=dict, repr=False)
    _plans: dict[tuple[int, int, int], Plan] = field(default_factory=dict, repr=False)
    _plan_costs: dict[int, PlanCosts] = field(default_factory=dict, repr=False)
    _found: dict[str, int | None] = field(default_factory=dict, repr=False)
    _suffix_ids: list[tuple[Array, Array]] = field(
        default_factory=list, repr=False, metadata={"memo": True})

    @property
    def nodes(self) -> int:
        """The number of fragments, the empty one included."""
        return sum(int(level.fragment.sum()) for level in self.graph.levels)

    def _search(self, fragment: str) -> int | None:
        """A step from the fragment without its last letter (found once, and a fragment if
        this is one): one binary search, where `InfixGraph.find` takes one a letter."""
        levels = self.graph.levels
        if not fragment or len(fragment) >= len(levels):
            i = self.graph.find(fragment)
        else:
            parent = self.find(fragment[:-1])
            code = self.graph.letters.find(fragment[-1])
            if parent is None or code < 0:
                return None
            keys = levels[len(fragment)].key
            want = parent * len(self.graph.letters) + code
            i = int(keys.searchsorted(want))
            if i >= len(keys) or keys[i] != want:
                return None
        return i if i is not None and bool(levels[len(fragment)].fragment[i]) else None

    def find_all(self, fragments: Sequence[str]) -> list[int | None]:
        """`find` of each fragment, the ones not found before looked up together: a letter's
        step of all of a length at once (one binary search of the level's keys each), where
        `find` takes one search a fragment."""
        todo = [f for f in dict.fromkeys(fragments) if f not in self._found]
        levels, letters = self.graph.levels, self.graph.letters
        by_length: dict[int, list[str]] = {}
        for fragment in todo:
            by_length.setdefault(len(fragment), []).append(fragment)
        for length, group in by_length.items():
            if not 0 < length < len(levels) or any(set(f) - set(letters) for f in group):
                for fragment in group:  # (the empty one, too long, or a letter not played)
                    self.find(fragment)
                continue
            table = np.zeros(max(map(ord, letters)) + 1, dtype=np.int64)
            table[[ord(x) for x in letters]] = np.arange(len(letters))
            codes = table[np.frombuffer("".join(group).encode("utf-32-le"), dtype=np.uint32)]
            codes = codes.reshape(len(group), length)
            ids = np.zeros(len(group), dtype=np.int64)
            known = np.ones(len(group), dtype=bool)
            for step in range(length):
                keys = levels[step + 1].key
                want = ids * len(letters) + codes[:, step]
                ids = np.minimum(np.searchsorted(keys, want), len(keys) - 1)
                known &= keys[ids] == want
            known &= levels[length].fragment[ids]
            for fragment, i, ok in zip(group, ids.tolist(), known.tolist(), strict=True):
                self._found[fragment] = i if ok else None
        return [self._found[f] for f in fragments]

    def _is_leaf(self, length: int, i: int) -> bool:
        return bool(self.graph.levels[length].leaf.item(i))

    def _loser_mask(self, length: int, i: int) -> int:
        return int(self.losers_by_length[length].item(i))

    def _kids(self, length: int, i: int) -> list[int]:
        kids: list[int] = self.graph.levels[length].children(i).tolist()
        return kids

    def _string(self, length: int, i: int) -> str:
        return self.graph.string(length, int(i))

    def _cost(self, length: int, i: int, seat: int) -> float:
        """`costs`' count, worked out only where the seat's decision tables read it."""
        if seat not in self._plan_costs:
            self._plan_costs[seat] = PlanCosts(self.graph.levels, self.losers_by_length,
                                               self.players, seat)
        return self._plan_costs[seat].cost(length, i)

    def move_levels(self) -> tuple[Moves, ...]:
        """The infixes by length with the moves between them (edges in no order)."""
        return tuple(Moves(level.leaf, level.inner, level.parent, level.child)
                     for level in self.graph.levels)

    def over_words(self, values: Array, ufunc: np.ufunc, identity: Any) -> tuple[Array, ...]:
        """Per length and infix, `ufunc` over `values` of the words that contain it: each
        occurrence of an infix begins a suffix of a word, so the values go in at the words'
        suffixes and up from each infix to itself without its last letter."""
        levels, base = self.graph.levels, len(self.graph.letters)
        out = [np.full(len(level), identity, dtype=np.asarray(values).dtype) for level in levels]
        for length, (ids, owner) in enumerate(self._suffixes(), start=1):
            ufunc.at(out[length], ids, values[owner])
        for length in range(len(levels) - 1, 0, -1):
            ufunc.at(out[length - 1], levels[length].key // base, out[length])
        return tuple(out)

    def _suffixes(self) -> list[tuple[Array, Array]]:
        """Per length from 1, the infix id and the word of every suffix of that length, found
        once (a letter at a time, by each level's key; or as `build_graph` met them) and kept
        for every later `over_words`."""
        if self._suffix_ids:
            return self._suffix_ids
        if self.graph.suffixes:
            self._suffix_ids.extend(self.graph.suffixes)
            return self._suffix_ids
        graph, levels = self.graph, self.graph.levels
        lengths = np.fromiter(map(len, self.words), dtype=np.int64, count=len(self.words))
        owner = np.repeat(np.arange(len(lengths)), lengths)
        positions = np.arange(len(owner))
        room = np.repeat(np.cumsum(lengths), lengths) - positions  # letters to the word's end
        ids = np.zeros(len(owner), dtype=np.int64)
        base, found = len(graph.letters), []
        for length in range(1, len(levels)):  # the id of every run (p, length), found by key
            keep = room >= length
            positions, ids, room, owner = positions[keep], ids[keep], room[keep], owner[keep]
            lookup = np.zeros(len(levels[length - 1]) * base, dtype=np.int64)
            lookup[levels[length].key] = np.arange(len(levels[length]))
            ids = lookup[ids * base + graph.text[positions + length - 1]]
            ends = room == length
            found.append((ids[ends], owner[ends]))
        self._suffix_ids.extend(found)
        return self._suffix_ids

    def scores(self) -> DecisionCounts:
        """Strategies scored by their decisions."""
        return DecisionCounts.of(self.words)

    def fragments(self, length: int) -> tuple[str, ...]:
        """Every fragment of the given length, alphabetically."""
        if length >= len(self.graph.levels):
            return ()
        level = self.graph.levels[length]
        return tuple(self.graph.string(length, int(i)) for i in np.flatnonzero(level.fragment))

    def decision_count(self, fragment: str, seat: int) -> int | None:
        """The fewest decisions `seat` needs to win from `fragment`, counted along the game
        tree (a fragment reached twice counts twice); None when it cannot win."""
        cost = self.costs(seat)[len(fragment)][self.index(fragment)]
        return None if np.isinf(cost) else int(cost)

    def seat_totals(self, seat: int) -> tuple[int, int, int]:
        """A table row's sums for `seat`: its openings, how many it wins, and the decisions
        of its winning openings added up (counted along the game tree)."""
        d = seat - 1
        if d >= len(self.graph.levels):
            return 0, 0, 0
        level = self.graph.levels[d]
        open_ = level.fragment & ~level.leaf
        cost = self.costs(seat)[d][open_]
        won = cost[~np.isinf(cost)]
        return int(open_.sum()), len(won), int(won.sum())

    # --- the decision tables --------------------------------------------------------------

    def costs(self, seat: int) -> tuple[FloatArray, ...]:
        """Per length, the fewest decisions the seat needs from each fragment (inf: lost)."""
        if seat not in self._costs:
            self._costs[seat] = _solve_costs(self.graph.levels, self.losers_by_length,
                                             self.players, seat - 1)
        return self._costs[seat]

def _solve_losers(levels: tuple[InfixLevel, ...], players: int) -> tuple[MaskArray, ...]:
    """Every fragment's loser set, from the longest fragments down (docs/rules.md). The moves
    are edges in no order, so unions are taken with `bitwise_or.at`."""
    out: list[MaskArray] = []
    below: MaskArray | None = None
    for d in range(len(levels) - 1, -1, -1):
        level = levels[d]

        def union(values: MaskPairArray, level: InfixLevel = level) -> MaskPairArray:
            joined = np.zeros(len(level), dtype=values.dtype)
            np.bitwise_or.at(joined, level.parent, values[level.child])
            return joined

        losers = level_losers(level.leaf, d, players, below if len(level.parent) else None, union)
        out.append(losers)
        below = losers
    return tuple(reversed(out))


def _solve_costs(
    levels: tuple[InfixLevel, ...], losers: tuple[MaskArray, ...], players: int, seat_index: int
) -> tuple[FloatArray, ...]:
    """Per length, the fewest decisions the seat needs to win from each fragment: 0 at a word
    another seat completed; where the seat moves, one plus its cheapest play; where another
    seat moves, the sum over the plays that seat would consider (those it does not lose after,
    if any, else all). inf where the seat loses. Floats: inf is the lost mark, and counts along
    the tree stay far below 2**53."""
    out: list[FloatArray] = []
    below: FloatArray | None = None
    bit = 1 << seat_index
    for d in range(len(levels) - 1, -1, -1):
        level = levels[d]
        n = len(level)
        cost = np.where(level.leaf, 0.0, np.inf)
        if len(level.parent):
            assert below is not None
            parent = level.parent
            child = below[level.child]
            mover = d % players
            if mover == seat_index:
                best = np.full(n, np.inf)
                np.minimum.at(best, parent, child)
                cost = np.where(level.inner, 1.0 + best, cost)
            else:
                considered = considered_moves(losers[d + 1][level.child], mover, parent, n)
                # (a move not considered adds 0.0, which leaves every sum as it was)
                total = np.bincount(parent, np.where(considered, child, 0.0), minlength=n)
                cost = np.where(level.inner, total, cost)
        cost[(losers[d] & bit) != 0] = np.inf
        out.append(cost)
        below = cost
    return tuple(reversed(out))


def solve(lexicon: Lexicon, players: int, *, reverse: bool = False) -> InfixSolution:
    """Solve SuperGhost (SuperDuperGhost with `reverse`) on the lexicon's words, which need not
    be prefix-free: every word of the minimum length counts.

    >>> from cardgen.words.lexicon import playable_words
    >>> solution = solve(playable_words(["cat", "scat", "dog"], 3, prefix_free=False), 2)
    >>> sorted(solution.losers()), solution.winning_moves("", 1), solution.children("ca")
    ([2], ('c', 's'), ('cat', 'sca'))
    """
    if not 2 <= players <= 16:
        raise ValueError(f"players must be from 2 to 16, got {players}")
    if not lexicon.words:
        raise ValueError("the lexicon has no playable words")
    graph = build_graph(lexicon.words, lexicon.letters, reverse=reverse)
    return InfixSolution(lexicon, players, reverse, graph, _solve_losers(graph.levels, players))
