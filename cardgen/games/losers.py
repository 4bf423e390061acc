"""The loser rule of every game (docs/rules.md), one length of fragments at a time: Ghost's
solver and the variants' give it their own way of joining a fragment to its moves."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from cardgen.games.game import last_player
from cardgen.games.trie import BoolArray, MaskArray


def level_losers(
    leaf: BoolArray,
    length: int,
    players: int,
    below: MaskArray | None,
    union: Callable[[MaskArray], MaskArray],
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
        all_union = union(below)
        safe_union = union(np.where(safe, below, 0).astype(np.uint16))
        # Loser sets are never empty: a non-empty safe union means a safe move exists.
        inner = all_union != 0
        losers[inner] = np.where(safe_union != 0, safe_union, all_union)[inner]
    return losers
