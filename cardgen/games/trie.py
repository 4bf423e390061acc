"""The game tree of Ghost: the trie of the playable words, one `Level` of numpy arrays per
fragment length, built from the sorted words in one vectorised pass (linear in the letters).

`cardgen.games.solver` fills in who loses and what each seat can win at every fragment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
MaskArray = npt.NDArray[np.uint16]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True, eq=False)
class Level:
    """The fragments of one length, in alphabetical order, as parallel arrays."""

    start: IntArray
    """Index (into the sorted words) of the first word that begins with each fragment."""
    parent: IntArray
    """Index of each fragment's parent in the previous level (0 at the root level)."""
    child_lo: IntArray
    """Each fragment's children are `child_lo[i]:child_hi[i]` of the next level."""
    child_hi: IntArray
    leaf: BoolArray
    """Whether the fragment is a playable word."""
    losers: MaskArray
    """Loser set of each fragment, as a bit mask (bit `seat_index` for each losing seat)."""

    def __len__(self) -> int:
        return len(self.start)


LCP_WIDTH = 32
"""Letters compared at once when finding common prefixes; longer shared prefixes (rare: two
words alike for 32 letters) are finished one pair at a time."""


def common_prefixes(words: tuple[str, ...], lengths: IntArray) -> IntArray:
    """lcp[i]: the length of the common prefix of words i-1 and i (lcp[0] = 0).

    Words are distinct and none is a prefix of another, so two neighbours differ at a position
    before either ends."""
    n = len(words)
    lcp = np.zeros(n, dtype=np.int64)
    if n < 2:
        return lcp
    width = min(int(lengths.max()), LCP_WIDTH)
    # numpy cuts each word to `width` letters and pads shorter ones with zeros.
    letters = np.array(words, dtype=f"U{width}").view(np.uint32).reshape(n, width)
    same = letters[1:] == letters[:-1]
    lcp[1:] = np.where(same.all(axis=1), width, np.argmin(same, axis=1))
    for i in np.flatnonzero(lcp == width):  # never 0: lcp[0] is 0 and width is at least 1
        a, b = words[i - 1], words[i]
        k = width
        while a[k] == b[k]:
            k += 1
        lcp[i] = k
    return lcp


def build_levels(words: tuple[str, ...], lengths: IntArray) -> list[Level]:
    """Build the trie of the sorted, prefix-free words, one level per fragment length."""
    n = len(words)
    lcp = common_prefixes(words, lengths)
    starts = [np.zeros(1, dtype=np.int64)]
    active = np.arange(n, dtype=np.int64)
    for d in range(1, int(lengths.max()) + 1):
        # Word i begins a new fragment of length d when it differs from word i-1 before d.
        # Only words of d letters or more take part, so the work adds up to the letters read.
        active = active[lengths[active] >= d]
        starts.append(active[lcp[active] < d])
    levels: list[Level] = []
    for d, start in enumerate(starts):
        if d + 1 < len(starts):
            child_parent = np.searchsorted(start, starts[d + 1], side="right") - 1
            node = np.arange(len(start))
            child_lo = np.searchsorted(child_parent, node, side="left").astype(np.int64)
            child_hi = np.searchsorted(child_parent, node, side="right").astype(np.int64)
        else:
            child_lo = child_hi = np.zeros(len(start), dtype=np.int64)
        parent = (
            np.searchsorted(starts[d - 1], start, side="right") - 1
            if d
            else np.zeros(1, dtype=np.int64)
        ).astype(np.int64)
        levels.append(
            Level(
                start=start,
                parent=parent,
                child_lo=child_lo,
                child_hi=child_hi,
                leaf=lengths[start] == d,
                losers=np.zeros(len(start), dtype=np.uint16),
            )
        )
    return levels


def first_choice(level: Level, below: npt.NDArray[Any], chosen: BoolArray) -> IntArray:
    """For every fragment of `level`: the position among its children of the first one whose
    key in `below` (the next level's keys, or any numbers) is its block's least, where
    `chosen` holds and the fragment is no word; -1 elsewhere. The child a minimal set's walk
    takes."""
    found = np.full(len(level), -1, dtype=np.int64)
    inner = np.flatnonzero(~level.leaf)
    if not len(inner):
        return found
    lo, hi = level.child_lo[inner], level.child_hi[inner]
    # The children of the inner fragments tile the next level in order (see
    # cardgen.games.solver._solve_losers): the first child equal to its block's minimum.
    best = np.repeat(np.minimum.reduceat(below, lo), hi - lo)
    hits = np.flatnonzero(below == best)
    first = hits[np.searchsorted(hits, lo)] - lo
    take = chosen[inner]
    found[inner[take]] = first[take]
    return found
