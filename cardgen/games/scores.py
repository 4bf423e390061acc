"""How a game scores a seat's strategies, for passes that choose among them level by level
(`cardgen.games.casual`): smaller is better, one number per position.

Ghost scores a strategy by its winning word set, packed into one rank key
(`cardgen.games.ranking.RankCodec`): the sets of another seat's moves are disjoint, so their
keys add field by field. SuperGhost and SuperDuperGhost score it by its decisions counted along
the game tree (`cardgen.games.superghost`): another seat's moves add up. Where the others
challenge, the seat names one word that holds the fragment, the best by `pick`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from cardgen.games.levels import Array, BoolArray, Moves
from cardgen.games.ranking import NO_WIN, RankCodec


class Scores(Protocol):
    """A game's scores of a seat's strategies (`lost`: the seat has none)."""

    @property
    def lost(self) -> Any:
        """The score of a position the seat cannot win from, worse than every other."""
        ...

    @property
    def tables(self) -> bool:
        """Whether the strategies are decision tables (else word sets)."""
        ...

    @property
    def pick(self) -> Array:
        """Per word (aligned with the solution's words), the key the challenge word is chosen
        by: the least among the words that hold the fragment."""
        ...

    def word(self, d: int, moves: Moves) -> Array:
        """The scores at the words of length d (the true entries of `moves.leaf`) for a seat
        that did not complete them."""
        ...

    def own(self, best: Array) -> Array:
        """The score of a seat's move, from the best score among its moves."""
        ...

    def union(self, moves: Moves, below: Array, usable: BoolArray) -> Array:
        """The score where another seat moves: over its `usable` moves (of `below`, the next
        length's scores)."""
        ...

    def named(self, pick: Array) -> Array:
        """The score where the others challenge and the seat names the word `pick` keys."""
        ...

    def picked(self, key: int) -> int:
        """The index of the word a pick key names."""
        ...

    def size(self, won: Array) -> int:
        """The sizes of these won strategies added up (words, or decisions)."""
        ...


@dataclass(frozen=True, eq=False)
class WordSets:
    """Ghost's scores: the rank key of the winning word set (docs/rules.md, "Minimal winning
    word sets")."""

    codec: RankCodec
    pick: Array
    """The rank key of each word's own one-word set."""
    starts: Sequence[Array]
    """Per length, the index of the first word under each fragment (`cardgen.games.trie`)."""
    lost: Any = NO_WIN
    tables: bool = False

    def word(self, d: int, moves: Moves) -> Array:
        return self.pick[self.starts[d][moves.leaf]]

    def own(self, best: Array) -> Array:
        return best

    def union(self, moves: Moves, below: Array, usable: BoolArray) -> Array:
        worst_length, worst_first = self.codec.worst()
        weight, shortest, first = self.codec.split(below)
        return self.codec.join(
            moves.reduce(np.add, np.where(usable, weight, 0)),
            moves.reduce(np.minimum, np.where(usable, shortest, worst_length), worst_length),
            moves.reduce(np.minimum, np.where(usable, first, worst_first), worst_first),
        )

    def named(self, pick: Array) -> Array:
        return pick

    def picked(self, key: int) -> int:
        return int(self.codec.unpack(key)[2])

    def size(self, won: Array) -> int:
        count, _, _ = self.codec.unpack(won)
        return int(np.sum(count))


@dataclass(frozen=True, eq=False)
class DecisionCounts:
    """The variants' scores: the decisions a seat makes, counted along the game tree (inf:
    none wins); the challenge word is the shortest that holds the fragment, then the first."""

    pick: Array
    """`length * words + index` of each word."""
    lost: Any = np.inf
    tables: bool = True

    @classmethod
    def of(cls, words: Sequence[str]) -> DecisionCounts:
        """The scores of a game on these words (sorted)."""
        lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
        return cls(lengths * len(words) + np.arange(len(words), dtype=np.int64))

    def word(self, d: int, moves: Moves) -> Array:
        return np.zeros(int(moves.leaf.sum()))

    def own(self, best: Array) -> Array:
        return 1.0 + best

    def union(self, moves: Moves, below: Array, usable: BoolArray) -> Array:
        return moves.reduce(np.add, np.where(usable, below, 0.0), 0.0)

    def named(self, pick: Array) -> Array:
        return np.zeros(len(pick))

    def picked(self, key: int) -> int:
        return key % len(self.pick)

    def size(self, won: Array) -> int:
        return int(np.sum(won))


def seat_totals(
    levels: Sequence[Moves], scores: Sequence[Array], game: Scores, seat: int
) -> tuple[int, int, int]:
    """A seat's openings (the positions of length seat - 1 where the game is on), how many of
    them its `scores` win, and the sizes of those strategies added up: a table row's sums."""
    d = seat - 1
    if d >= len(levels):
        return 0, 0, 0
    found = scores[d][levels[d].inner]
    won = found[found != game.lost]
    return len(found), len(won), game.size(won)


__all__ = ["DecisionCounts", "Scores", "WordSets", "seat_totals"]
