"""The solution of Ghost for n players: loser sets and minimal winning word sets.

The game tree is the trie of the playable words. It is held level by level (one `Level` per
fragment length) in numpy arrays, built from the sorted words in one vectorised pass, and solved
from the deepest level up, so the work is linear in the size of the word list.

Names tell the two seat numberings apart: `seat` and `mover` are 1-based (1..n, as in docs/rules.md
and the public API); `seat_index` and `mover_index` are 0-based, and seat k is bit `k - 1`
(`seat_index`) of a loser mask. Semantics are those of docs/rules.md, "Loser sets" and "Minimal
winning word sets".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cardgen.games.game import PrefixMoves
from cardgen.games.levels import Array, Moves, over_leaves, trie_moves
from cardgen.games.losers import MaskPairArray, level_losers
from cardgen.games.ranking import FEWEST, NO_WIN, RankCodec, Ranking
from cardgen.games.scores import WordSets, seat_totals
from cardgen.games.trie import BoolArray, IntArray, Level, MaskArray, build_levels, first_choice
from cardgen.words.lexicon import Lexicon

MAX_PLAYERS = 16
"""Loser sets are uint16 bit masks."""

@dataclass(frozen=True, eq=False, repr=False)
class Solution(PrefixMoves):
    """The solved game: loser sets for every fragment, and for each seat the rank of its minimal
    winning word set at every fragment it wins from."""

    lexicon: Lexicon
    players: int
    levels: tuple[Level, ...]
    """`levels[d]` holds the fragments of length d; `levels[0]` is the empty fragment."""
    _ranks: tuple[tuple[IntArray, ...], ...] = field(repr=False)
    """`_ranks[seat_index][d]`: rank key of the seat's minimal set per fragment of length d
    (`NO_WIN` where it has none)."""
    _codec: RankCodec = field(repr=False)
    _leaf_keys: IntArray = field(repr=False)
    """The rank key of each playable word's own one-word set, by word index."""
    _found: dict[str, int | None] = field(default_factory=dict, repr=False)

    @property
    def nodes(self) -> int:
        """The number of fragments in the game tree, the empty one included."""
        return sum(len(level) for level in self.levels)

    def _search(self, fragment: str) -> int | None:
        # Down from the parent (itself found, and kept, the same way): its children are a
        # block of the next level, one per letter, so a position costs a few comparisons,
        # never an index of a whole level (explain and play ask about a few positions).
        d = len(fragment)
        if d == 0:
            return 0
        if d >= len(self.levels):
            return None
        parent = self.find(fragment[:-1])
        if parent is None:
            return None
        above, level, letter = self.levels[d - 1], self.levels[d], fragment[-1]
        for i in range(int(above.child_lo[parent]), int(above.child_hi[parent])):
            if self.words[int(level.start[i])][d - 1] == letter:
                return i
        return None

    def _is_leaf(self, length: int, i: int) -> bool:
        return bool(self.levels[length].leaf[i])

    def _loser_mask(self, length: int, i: int) -> int:
        return int(self.levels[length].losers[i])

    def _kids(self, length: int, i: int) -> range:
        level = self.levels[length]
        return range(int(level.child_lo[i]), int(level.child_hi[i]))

    def _first(self, length: int, i: int) -> int:
        return int(self.levels[length].start[i])

    def _choice(self, length: int, i: int, seat: int) -> int:
        kids = self._kids(length, i)
        return kids.start + int(np.argmin(self._ranks[seat - 1][length + 1][kids.start:kids.stop]))

    def move_levels(self) -> tuple[Moves, ...]:
        """The trie level by level: a fragment's children are a block of the next level."""
        return trie_moves(self.levels)

    def over_words(self, values: Array, ufunc: np.ufunc, identity: Any) -> tuple[Array, ...]:
        """Per length and fragment, `ufunc` over `values` of the words that begin with it."""
        leaves = [values[level.start[level.leaf]] for level in self.levels]
        return over_leaves(self.move_levels(), leaves, ufunc, identity)

    def scores(self) -> WordSets:
        """Word sets scored by their rank keys."""
        return WordSets(self._codec, self._leaf_keys, [level.start for level in self.levels])

    def fragments(self, length: int) -> Iterator[str]:
        """Every fragment of the given length that begins a playable word, alphabetically."""
        if length >= len(self.levels):
            return
        for s in self.levels[length].start:
            yield self.words[int(s)][:length]

    def card_children(self, d: int) -> IntArray:
        """For every fragment of length d: the position, among its children, of the one its
        mover's minimal winning word set goes through (the move `winning_words` follows), or
        -1 where the mover does not win or the fragment is a word. The explorer of a published
        card walks the word sets with it."""
        level = self.levels[d]
        if d + 1 >= len(self.levels):
            return np.full(len(level), -1, dtype=np.int64)
        ranks = self._ranks[d % self.players]
        return first_choice(level, ranks[d + 1], ranks[d] != NO_WIN)

    def rank(self, fragment: str, seat: int) -> tuple[int, int, str] | None:
        """The rank of W(fragment) for `seat`: (words, shortest length, first word), or None."""
        key = int(self._ranks[seat - 1][len(fragment)][self.index(fragment)])
        if key == NO_WIN:
            return None
        count, shortest, first = self._codec.unpack(key)
        return count, shortest, self.words[first]

    def seat_totals(self, seat: int) -> tuple[int, int, int]:
        """The sums a table row prints for `seat`, without listing any word set: its openings
        (fragments of length seat - 1 that are not words), how many it wins, and the words of
        its minimal winning sets added up over them."""
        return seat_totals(self.move_levels(), self._ranks[seat - 1], self.scores(), seat)

def _considered(
    child_losers: MaskArray, mover_index: int, block_lo: IntArray, block_of_child: IntArray
) -> BoolArray:
    """The children their parent's mover would consider: those it does not lose from, if any,
    else all of that parent's children (docs/rules.md, "Minimal winning word sets").

    The children come in blocks, one per parent, that tile `child_losers` in order: block b
    starts at `block_lo[b]`, and `block_of_child[j]` is the block of child j. Blocks are
    never empty (a fragment that is not a word has a child), as `reduceat` needs.
    """
    safe = (child_losers >> mover_index) & 1 == 0
    any_safe = np.logical_or.reduceat(safe, block_lo)
    considered: BoolArray = safe | ~any_safe[block_of_child]
    return considered


def solve(lexicon: Lexicon, players: int, ranking: Ranking = FEWEST) -> Solution:
    """Solve Ghost on the lexicon's playable words for the given number of players.

    A worked example of docs/rules.md: the first player wins by `g`, steering to gerbil or goat.

    >>> from cardgen.words.lexicon import playable_words
    >>> solution = solve(playable_words(["cat", "camel", "goat", "gerbil"], 3), 2)
    >>> sorted(solution.losers()), solution.winning_moves(""), solution.winning_words("", 1)
    ([2], ('g',), ('gerbil', 'goat'))
    """
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be from 2 to {MAX_PLAYERS}, got {players}")
    words = lexicon.words
    if not words:
        raise ValueError("the lexicon has no playable words")
    lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=len(words))
    levels = _solve_losers(build_levels(words, lengths), players)
    avoided, rare = ranking.flags(len(words))
    codec = RankCodec.for_words(lengths, int(avoided.sum()), int(rare.sum()))
    leaf_keys = codec.pack(
        np.ones_like(lengths), lengths, np.arange(len(words)), rare.astype(np.int64),
        avoided.astype(np.int64),
    )
    ranks = tuple(
        _solve_ranks(levels, players, seat_index, leaf_keys, codec)
        for seat_index in range(players)
    )
    return Solution(lexicon, players, levels, ranks, codec, leaf_keys)


def _solve_losers(levels: list[Level], players: int) -> tuple[Level, ...]:
    """Fill in every fragment's loser set, from the deepest level up."""
    solved: list[Level] = []
    below: MaskArray | None = None
    for d in range(len(levels) - 1, -1, -1):
        level = levels[d]
        inner = ~level.leaf
        # reduceat(x, lo) reduces x[lo[k]:lo[k+1]] (the last block runs to the end). That is
        # each inner fragment's children because they form contiguous, non-empty blocks that
        # tile the next level in order: the trie is built from sorted words, a fragment that
        # is not a word begins a longer word, and every fragment of length d + 1 has a parent
        # of length d that is not a word.
        lo = level.child_lo[inner]

        def union(values: MaskPairArray, inner: BoolArray = inner, lo: IntArray = lo
                  ) -> MaskPairArray:
            joined = np.zeros(len(inner), dtype=values.dtype)
            joined[inner] = np.bitwise_or.reduceat(values, lo)
            return joined

        losers = level_losers(level.leaf, d, players, below if inner.any() else None, union)
        solved.append(_with_losers(level, losers))
        below = losers
    return tuple(reversed(solved))


def _with_losers(level: Level, losers: MaskArray) -> Level:
    return Level(level.start, level.parent, level.child_lo, level.child_hi, level.leaf, losers)


def _solve_ranks(
    levels: tuple[Level, ...],
    players: int,
    seat_index: int,
    leaf_keys: IntArray,
    codec: RankCodec,
) -> tuple[IntArray, ...]:
    """Rank keys of the seat's minimal winning word sets per level, solved from the deepest up.

    The words of two branches are disjoint, so the rank of their union adds the avoided, rare
    and word counts (the key's weight) and takes the minimum shortest length and first word
    (see `RankCodec`): so it is combined where another seat moves; where the seat moves, the
    smallest key wins. `leaf_keys` holds the key of each word's own set, by word index.
    """
    worst_length, worst_first = codec.worst()
    seat_bit = 1 << seat_index
    ranks: list[IntArray] = []
    below: IntArray | None = None
    for d in range(len(levels) - 1, -1, -1):
        level = levels[d]
        rank = np.full(len(level), NO_WIN, dtype=np.int64)
        leaf = level.leaf
        rank[leaf] = leaf_keys[level.start[leaf]]
        inner = ~level.leaf
        if inner.any():
            assert below is not None
            # The children of the inner fragments tile the next level in order, in non-empty
            # blocks (see _solve_losers), so reduceat over `lo` reduces each one's children.
            lo = level.child_lo[inner]
            mover_index = d % players
            if mover_index == seat_index:
                best = np.minimum.reduceat(below, lo)
            else:
                # Each child's block is its parent's position among the inner fragments.
                inner_pos = np.cumsum(inner) - 1
                block_of_child = inner_pos[levels[d + 1].parent]
                considered = _considered(levels[d + 1].losers, mover_index, lo, block_of_child)
                # NO_WIN is never summed: near the int64 maximum, a sum would wrap around
                # silently. Where the seat wins the fragment, every considered child is won
                # too (losers(f) is the union of theirs), so leaving out NO_WIN children only
                # changes fragments the seat loses, which are set to NO_WIN below anyway.
                usable = considered & (below != NO_WIN)
                weight, shortest, first = codec.split(below)
                best = codec.join(
                    np.add.reduceat(np.where(usable, weight, 0), lo),
                    np.minimum.reduceat(np.where(usable, shortest, worst_length), lo),
                    np.minimum.reduceat(np.where(usable, first, worst_first), lo),
                )
            rank[inner] = best
        rank[(level.losers & seat_bit) != 0] = NO_WIN
        ranks.append(rank)
        below = rank
    return tuple(reversed(ranks))
