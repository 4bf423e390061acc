"""A solved game's positions level by level, with the moves between them, for passes that
work from the longest fragments up (traps, casual tables, the pocket model).

Every game keeps its positions by length: `Moves` says, for one length, which positions are
words and which moves lead from them to the next length. Ghost's moves tile the next level in
order, one non-empty block per fragment (the trie), so a fragment's children reduce with one
`reduceat`; the variants' moves are edges in no order (a fragment grows from two parents),
reduced with `ufunc.at`. `bottom_up` walks the levels from the deepest up, so each pass says
only what it does at one level.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from cardgen.games.trie import Level

BoolArray = npt.NDArray[np.bool_]
Array = npt.NDArray[Any]
State = TypeVar("State")


@dataclass(frozen=True, eq=False)
class Moves:
    """The positions of one fragment length and the moves out of them."""

    leaf: BoolArray
    """Whether each position is a playable word (the game ends there)."""
    inner: BoolArray
    """Whether each position has a move (a fragment of the game that is no word)."""
    parent: Array
    """The moves as edges `parent[e] -> child[e]` (a position of the next length)."""
    child: Array
    starts: Array | None = None
    """Where the edges of the inner positions begin, when the edges are the next level in
    order, a non-empty block per inner position (Ghost's trie); None for edges in no order."""

    def __len__(self) -> int:
        return len(self.leaf)

    def reduce(
        self, ufunc: np.ufunc, below: Array, identity: float | int = 0, out: Array | None = None
    ) -> Array:
        """`ufunc` over each position's children of `below` (an array over the next length),
        `identity` where a position has none; written into `out` where given."""
        if out is None:
            out = np.full(len(self), identity, dtype=below.dtype)
        else:
            out.fill(identity)
        if self.starts is not None:
            if len(self.starts):
                out[self.inner] = ufunc.reduceat(below, self.starts)
        elif len(self.parent):
            ufunc.at(out, self.parent, below[self.child])
        return out

    def spread(self, values: Array) -> Array:
        """Each edge's parent's value, aligned with the edges (as `reduce` reads them)."""
        if self.starts is not None:
            return np.repeat(values[self.inner], np.diff(np.append(self.starts, len(self.child))))
        return values[self.parent]

    def below(self, below: Array) -> Array:
        """Each edge's child's value, aligned with the edges."""
        return below if self.starts is not None else below[self.child]


def bottom_up(
    levels: Sequence[Moves], step: Callable[[int, Moves, State | None], State]
) -> tuple[State, ...]:
    """`step(d, moves, state of length d + 1)` for every length d from the longest down (None
    below the longest), the states returned in order of length."""
    out: list[State] = []
    below: State | None = None
    for d in range(len(levels) - 1, -1, -1):
        below = step(d, levels[d], below)
        out.append(below)
    return tuple(reversed(out))


def over_leaves(
    levels: Sequence[Moves], leaf_values: Sequence[Array], ufunc: np.ufunc, identity: Any
) -> tuple[Array, ...]:
    """`ufunc` over the words each position leads to: `leaf_values[d]` at the words of length
    d (aligned with `levels[d].leaf`'s true entries), reduced up from the children elsewhere."""

    def step(d: int, moves: Moves, below: Array | None) -> Array:
        values = moves.reduce(ufunc, below, identity) if below is not None else np.full(
            len(moves), identity, dtype=leaf_values[d].dtype)
        values[moves.leaf] = leaf_values[d]
        return values

    return bottom_up(levels, step)


def trie_moves(levels: Sequence[Level]) -> tuple[Moves, ...]:
    """Ghost's trie as `Moves`: each level's children tile the next level in order."""
    none = np.zeros(0, dtype=np.int64)
    found = []
    for d, level in enumerate(levels):
        inner = ~level.leaf
        below = levels[d + 1] if d + 1 < len(levels) else None
        parent = below.parent if below is not None else none
        child = np.arange(len(below), dtype=np.int64) if below is not None else none
        found.append(Moves(level.leaf, inner, parent, child, level.child_lo[inner]))
    return tuple(found)


__all__ = ["Moves", "bottom_up", "over_leaves", "trie_moves"]
