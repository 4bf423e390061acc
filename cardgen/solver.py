"""The solution of Ghost for n players: loser sets and minimal winning word sets.

The game tree is the trie of the playable words. It is held level by level (one `Level` per
fragment length) in numpy arrays, built from the sorted words in one vectorised pass, and solved
from the deepest level up, so the work is linear in the size of the word list.

Seats are numbered 1..n in the public API; inside, seat k is bit k-1 of a loser mask.
Semantics are those of GHOST.md, "Loser sets" and "Minimal winning word sets".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from cardgen.lexicon import Lexicon

IntArray = npt.NDArray[np.int64]
MaskArray = npt.NDArray[np.uint16]
BoolArray = npt.NDArray[np.bool_]

MAX_PLAYERS = 16
"""Loser sets are uint16 bit masks."""


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
    """Loser set of each fragment, as a bit mask (bit k-1 for seat k)."""

    def __len__(self) -> int:
        return len(self.start)


@dataclass(frozen=True, eq=False)
class Solution:
    """The solved game: loser sets for every fragment, and for each seat the rank of its minimal
    winning word set at every fragment it wins from."""

    lexicon: Lexicon
    players: int
    levels: tuple[Level, ...]
    """`levels[d]` holds the fragments of length d; `levels[0]` is the empty fragment."""
    _ranks: tuple[tuple[IntArray, ...], ...] = field(repr=False)
    """`_ranks[k-1][d]`: rank key of seat k's minimal set per fragment (`_NO_WIN` if none)."""
    _rank_bits: tuple[int, int] = field(repr=False)
    _keys: dict[int, npt.NDArray[np.str_]] = field(default_factory=dict, repr=False)
    _order: dict[int, IntArray] = field(default_factory=dict, repr=False)
    _found: dict[str, int | None] = field(default_factory=dict, repr=False)
    """Fragments already looked up: a card asks several questions about each opening."""

    def __repr__(self) -> str:
        return (
            f"<Solution of Ghost for {self.players} players: {len(self.words)} words, "
            f"{self.nodes} fragments, losers {sorted(self.losers())}>"
        )

    @property
    def words(self) -> tuple[str, ...]:
        """The playable words, sorted."""
        return self.lexicon.words

    @property
    def nodes(self) -> int:
        """The number of fragments in the game tree, the empty one included."""
        return sum(len(level) for level in self.levels)

    def mover(self, fragment: str) -> int:
        """The seat that adds the next letter to `fragment`."""
        return len(fragment) % self.players + 1

    def find(self, fragment: str) -> int | None:
        """Index of `fragment` in `levels[len(fragment)]`, or None if no word begins with it."""
        if fragment not in self._found:
            self._found[fragment] = self._search(fragment)
        return self._found[fragment]

    def _search(self, fragment: str) -> int | None:
        d = len(fragment)
        if d >= len(self.levels):
            return None
        keys = self._keys.get(d)
        if keys is None:
            # The fragments of one length as fixed-width strings, for a binary search; built on
            # first use, since most levels are never searched. numpy cuts each level's first
            # words to their first d letters, which are the fragments. They are in the
            # alphabet's order, which need not be code point order, hence the sorter.
            first_words = [self.words[int(i)] for i in self.levels[d].start]
            keys = np.array(first_words, dtype=f"U{d}") if d else np.array([""])
            self._keys[d] = keys
            self._order[d] = np.argsort(keys, kind="stable")
        i = int(np.searchsorted(keys, fragment, sorter=self._order[d]))
        i = int(self._order[d][i]) if i < len(keys) else i
        return i if i < len(keys) and keys[i] == fragment else None

    def _index(self, fragment: str) -> int:
        i = self.find(fragment)
        if i is None:
            raise KeyError(f"no playable word begins with {fragment!r}")
        return i

    def is_word(self, fragment: str) -> bool:
        """Whether `fragment` is a playable word."""
        i = self.find(fragment)
        return i is not None and bool(self.levels[len(fragment)].leaf[i])

    def losers(self, fragment: str = "") -> frozenset[int]:
        """The seats that lose from `fragment` with perfect play (KeyError if not a prefix)."""
        mask = int(self.levels[len(fragment)].losers[self._index(fragment)])
        return frozenset(seat for seat in range(1, self.players + 1) if mask >> (seat - 1) & 1)

    def children(self, fragment: str) -> tuple[str, ...]:
        """The letters that may legally follow `fragment`, in alphabetical order."""
        d, i = len(fragment), self._index(fragment)
        return tuple(self._letter(d + 1, j) for j in self._child_range(d, i))

    def winning_moves(self, fragment: str, seat: int | None = None) -> tuple[str, ...]:
        """The letters x with `seat` (default: the seat to move) not in losers(fragment + x)."""
        seat = self.mover(fragment) if seat is None else seat
        d, i = len(fragment), self._index(fragment)
        bit = 1 << (seat - 1)
        nxt = self.levels[d + 1] if d + 1 < len(self.levels) else None
        return tuple(
            self._letter(d + 1, j)
            for j in self._child_range(d, i)
            if nxt is not None and not int(nxt.losers[j]) & bit
        )

    def fragments(self, length: int) -> Iterator[str]:
        """Every fragment of the given length that begins a playable word, alphabetically."""
        if length >= len(self.levels):
            return
        for s in self.levels[length].start:
            yield self.words[int(s)][:length]

    def winning_words(self, fragment: str, seat: int) -> tuple[str, ...]:
        """Seat's minimal winning word set W(fragment), sorted; () when it has no forced win."""
        d, i = len(fragment), self._index(fragment)
        ranks = self._ranks[seat - 1]
        if ranks[d][i] == _NO_WIN:
            return ()
        found: list[int] = []
        stack = [(d, i)]
        while stack:
            d, i = stack.pop()
            level = self.levels[d]
            if level.leaf[i]:
                found.append(int(level.start[i]))
                continue
            lo, hi = int(level.child_lo[i]), int(level.child_hi[i])
            if d % self.players == seat - 1:
                # Our move: the child whose rank is the best (the one this rank came from).
                stack.append((d + 1, lo + int(np.argmin(ranks[d + 1][lo:hi]))))
            else:
                considered = _considered(self.levels[d + 1].losers[lo:hi], d % self.players)
                stack.extend((d + 1, lo + int(j)) for j in np.flatnonzero(considered))
        return tuple(self.words[i] for i in sorted(found))  # alphabetical: the words' order

    def rank(self, fragment: str, seat: int) -> tuple[int, int, str] | None:
        """The rank of W(fragment) for `seat`: (words, shortest length, first word), or None."""
        key = int(self._ranks[seat - 1][len(fragment)][self._index(fragment)])
        if key == _NO_WIN:
            return None
        len_bits, idx_bits = self._rank_bits
        count = key >> (len_bits + idx_bits)
        shortest = (key >> idx_bits) & ((1 << len_bits) - 1)
        return count, shortest, self.words[key & ((1 << idx_bits) - 1)]

    def _child_range(self, d: int, i: int) -> range:
        level = self.levels[d]
        return range(int(level.child_lo[i]), int(level.child_hi[i]))

    def _letter(self, d: int, j: int) -> str:
        """The last letter of fragment j of length d."""
        return self.words[int(self.levels[d].start[j])][d - 1]


_NO_WIN = np.iinfo(np.int64).max


def _considered(child_losers: MaskArray, mover_bit_index: int) -> BoolArray:
    """The children the mover would consider: those it does not lose from, if any, else all."""
    safe = (child_losers >> mover_bit_index) & 1 == 0
    return safe if safe.any() else np.ones_like(safe)


def solve(lexicon: Lexicon, players: int) -> Solution:
    """Solve Ghost on the lexicon's playable words for the given number of players."""
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be from 2 to {MAX_PLAYERS}, got {players}")
    words = lexicon.words
    if not words:
        raise ValueError("the lexicon has no playable words")
    lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=len(words))
    levels = _solve_losers(_build_levels(words, lengths), players)
    rank_bits = (int(lengths.max()).bit_length(), len(words).bit_length())
    if 2 * rank_bits[1] + rank_bits[0] > 62:
        raise ValueError("word list too large for the rank encoding")
    ranks = tuple(
        _solve_ranks(levels, players, seat, lengths, rank_bits) for seat in range(players)
    )
    return Solution(lexicon, players, levels, ranks, rank_bits)


LCP_WIDTH = 32
"""Letters compared at once when finding common prefixes; longer shared prefixes (rare: two
words alike for 32 letters) are finished one pair at a time."""


def _common_prefixes(words: tuple[str, ...], lengths: IntArray) -> IntArray:
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


def _build_levels(words: tuple[str, ...], lengths: IntArray) -> list[Level]:
    """Build the trie of the sorted, prefix-free words, one level per fragment length."""
    n = len(words)
    lcp = _common_prefixes(words, lengths)
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


def _solve_losers(levels: list[Level], players: int) -> tuple[Level, ...]:
    """Fill in every fragment's loser set, from the deepest level up."""
    solved: list[Level] = []
    below: MaskArray | None = None
    for d in range(len(levels) - 1, -1, -1):
        level = levels[d]
        losers = np.zeros(len(level), dtype=np.uint16)
        # A word of length d is completed, and lost, by seat ((d - 1) mod n) + 1.
        losers[level.leaf] = 1 << ((d - 1) % players)
        inner = ~level.leaf
        if inner.any():
            assert below is not None
            mover = d % players
            safe = (below >> mover) & 1 == 0
            lo = level.child_lo[inner]
            all_union = np.bitwise_or.reduceat(below, lo)
            safe_union = np.bitwise_or.reduceat(np.where(safe, below, 0).astype(np.uint16), lo)
            # Loser sets are never empty, so a non-empty safe union means a safe child exists.
            losers[inner] = np.where(safe_union != 0, safe_union, all_union)
        solved.append(_with_losers(level, losers))
        below = losers
    return tuple(reversed(solved))


def _with_losers(level: Level, losers: MaskArray) -> Level:
    return Level(level.start, level.parent, level.child_lo, level.child_hi, level.leaf, losers)


def _solve_ranks(
    levels: tuple[Level, ...],
    players: int,
    seat: int,
    lengths: IntArray,
    rank_bits: tuple[int, int],
) -> tuple[IntArray, ...]:
    """Rank keys of seat's (0-based) minimal winning word sets at every fragment.

    A rank (words, shortest length, first word) is packed into one integer so that integer order
    is rank order: the words of two branches are disjoint, so the rank of their union is (sum of
    counts, min of shortest lengths, min of first words), and the first word is its index in the
    sorted list.
    """
    len_bits, idx_bits = rank_bits
    count_shift = len_bits + idx_bits
    len_mask = (1 << len_bits) - 1
    idx_mask = (1 << idx_bits) - 1
    seat_bit = 1 << seat
    ranks: list[IntArray] = []
    below: IntArray | None = None
    for d in range(len(levels) - 1, -1, -1):
        level = levels[d]
        rank = np.full(len(level), _NO_WIN, dtype=np.int64)
        leaf = level.leaf
        start = level.start[leaf]
        rank[leaf] = (1 << count_shift) | (lengths[start] << idx_bits) | start
        inner = ~level.leaf
        if inner.any():
            assert below is not None
            lo = level.child_lo[inner]
            mover = d % players
            if mover == seat:
                best = np.minimum.reduceat(below, lo)
            else:
                child_losers = levels[d + 1].losers
                safe = (child_losers >> mover) & 1 == 0
                any_safe = np.logical_or.reduceat(safe, lo)
                # Index the flag by each child's parent among the inner fragments.
                inner_pos = np.cumsum(inner) - 1
                considered = safe | ~any_safe[inner_pos[levels[d + 1].parent]]
                usable = considered & (below != _NO_WIN)
                count = np.where(usable, below >> count_shift, 0)
                shortest = np.where(usable, (below >> idx_bits) & len_mask, len_mask)
                first = np.where(usable, below & idx_mask, idx_mask)
                total = np.add.reduceat(count, lo)
                best = (
                    (total << count_shift)
                    | (np.minimum.reduceat(shortest, lo) << idx_bits)
                    | np.minimum.reduceat(first, lo)
                )
                # Every considered child is won by the seat whenever the fragment is.
            rank[inner] = best
        rank[(level.losers & seat_bit) != 0] = _NO_WIN
        ranks.append(rank)
        below = rank
    return tuple(reversed(ranks))
