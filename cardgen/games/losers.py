"""The loser rule of every game (docs/rules.md), one length of fragments at a time: Ghost's
solver and the variants' give it their own way of joining a fragment to its moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from cardgen.games.game import last_player
from cardgen.games.trie import BoolArray, MaskArray

MaskPairArray = npt.NDArray[np.uint32]
"""Two loser sets a fragment, one in the low 16 bits and one in the high."""


def level_losers(
    leaf: BoolArray,
    length: int,
    players: int,
    below: MaskArray | None,
    union: Callable[[MaskPairArray], MaskPairArray],
) -> MaskArray:
    """The loser sets (bit masks) of the fragments of one length, from those of the next
    (`below`, None past the longest word). A word is completed, and lost, by seat
    ((length - 1) mod n) + 1; elsewhere the mover plays a move it does not lose after if
    there is one, so the losers are the union of those moves' loser sets, else of all the
    moves'. `union(values)` ORs each fragment's moves' values (of the next length) together:
    0 where it has none."""
    losers = np.zeros(len(leaf), dtype=np.uint16)
    losers[leaf] = 1 << (last_player(length, players) - 1)
    if below is not None:
        safe = (below >> (length % players)) & 1 == 0
        # Both unions at once: every move's loser set in the low 16 bits, a safe move's
        # again in the high 16; an OR over the moves costs more than its width. (The choices
        # here are arithmetic: `np.where` on a condition with no pattern is ten times slower.)
        wide = below.astype(np.uint32)
        both = union(wide | (wide << 16) * safe)
        all_union, safe_union = both & 0xFFFF, both >> 16
        # Loser sets are never empty: a non-empty safe union means a safe move exists.
        chosen = safe_union | all_union * (safe_union == 0)
        # Where a fragment has no move, its own set (a word's) stays.
        losers = (chosen | losers * (all_union == 0)).astype(np.uint16)
    return losers


def considered_moves(
    child_losers: MaskArray, mover_index: int, parent: npt.NDArray[np.integer[Any]], parents: int
) -> BoolArray:
    """Which of the moves `parent[e] -> child e` (in no order; `child_losers[e]` the loser set
    after move e) their parent's mover would consider: those it does not lose after, if any,
    else all of that parent's moves (docs/rules.md, "Minimal winning word sets"); `parents`:
    how many parents there are. Ghost's solver reads the same rule over moves in blocks
    (`cardgen.games.solver._considered`)."""
    safe = (child_losers >> mover_index) & 1 == 0
    # (`compress` and `take`: numpy's `parent[safe]` is several times slower on a mask
    # with no pattern)
    any_safe = np.bincount(parent.compress(safe), minlength=parents) > 0
    considered: BoolArray = safe | ~any_safe.take(parent)
    return considered
