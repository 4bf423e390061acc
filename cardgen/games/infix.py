"""The positions of SuperGhost and SuperDuperGhost: every infix of the words, as numpy arrays.

No infix is ever built as a Python string (TWL06 has 1.06 million). The words are laid end to
end in one array of letter codes (and, for SuperDuperGhost, their reverses after them); an infix
is a run `(p, L)` of that text inside one word. Infixes get dense ids one length at a time: the
id of `(p, L)` is the rank of the pair (id of `(p, L-1)`, letter at `p + L - 1`), found with a
bitmap over all such pairs, so each length costs one pass over the runs of that length. Ids so
made are in alphabetical order within a length (the pairs are, by induction), and the pair
itself is kept (`InfixLevel.key`), which is how a fragment typed by a person is found again.

A fragment of length L has two parents of length L-1, the infix without its last letter (the
key's pair) and the infix without its first letter; those are the moves back. With reversal,
also the reverses of those two. The moves of the game are these edges, turned around.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from cardgen.games.trie import BoolArray

IntArray = npt.NDArray[np.int32]
"""Ids and positions: int32 halves the memory traffic of Ghost's int64 arrays."""
Ids = npt.NDArray[np.integer[Any]]
"""Ids asked about, of either width."""


@dataclass(frozen=True, eq=False)
class InfixLevel:
    """The infixes of one length, in alphabetical order (ids are positions in these arrays)."""

    key: IntArray
    """`id of the infix without its last letter * letters + last letter`, ascending."""
    rep: IntArray
    """A position of the text where the infix occurs (a forward word's, where there is one)."""
    fragment: BoolArray
    """Whether the infix is a fragment of the game: it occurs in a word (not only reversed)."""
    leaf: BoolArray
    """Whether the fragment is a playable word: the game ends there."""
    parent: IntArray
    """The moves from this length to the next, as edges `parent[e] -> child[e]`, in no
    particular order; none out of a word or a non-fragment, none into a non-fragment."""
    child: IntArray
    _lists: dict[str, tuple[IntArray, IntArray]] = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.key)

    @property
    def inner(self) -> BoolArray:
        """Whether each infix has a move (a fragment that is not a word)."""
        return np.bincount(self.parent, minlength=len(self)) > 0

    def children(self, i: int) -> IntArray:
        """The ids (of the next length) that fragment i moves to, ascending."""
        children, lo = self._sorted()
        return children[lo[i] : lo[i + 1]]

    def moves_from(self, ids: Ids) -> tuple[Ids, IntArray]:
        """The moves out of the fragments `ids` (of this length), as (k, child): each move's
        fragment as its place in `ids`, and the id it makes; `ids`' order, then each one's
        children ascending (`children` of each, at once)."""
        children, lo = self._sorted()
        start = lo[ids].astype(np.int64)
        counts = lo[ids + 1] - start
        source = np.repeat(np.arange(len(ids)), counts)
        # A move's place among the sorted moves: its fragment's first, plus how many moves
        # come before it in the result less how many of those are other fragments'.
        before = np.cumsum(counts) - counts
        place = start[source] + np.arange(len(source)) - before[source]
        return source, children[place]

    def _sorted(self) -> tuple[IntArray, IntArray]:
        """The moves' children sorted by (parent, child), and where each parent's begin (its
        id's place, then the next's), found once."""
        if "csr" not in self._lists:
            moves = (self.parent.astype(np.int64) << 31) | self.child
            moves.sort()
            counts = np.bincount(self.parent, minlength=len(self))
            lo = np.append(0, np.cumsum(counts)).astype(np.int32)
            self._lists["csr"] = ((moves & ((1 << 31) - 1)).astype(np.int32), lo)
        return self._lists["csr"]


@dataclass(frozen=True, eq=False)
class InfixGraph:
    """Every infix of the words, level by level, with the moves between them."""

    letters: str
    """The alphabet, in alphabetical order; a letter's code is its index here."""
    text: npt.NDArray[np.int32]
    """The words' letter codes end to end (then the reversed words, with reversal)."""
    levels: tuple[InfixLevel, ...]
    """`levels[L]` holds the infixes of length L; `levels[0]` the empty fragment."""
    suffixes: tuple[tuple[IntArray, IntArray], ...] = field(default=(), repr=False)
    """Per length L from 1, the id and the word of every suffix of L letters of a (forward)
    word, as `build_graph` meets them (() where the graph was not built so): what
    `InfixSolution.over_words` reads."""

    def string(self, length: int, i: int) -> str:
        """The infix with id i among those of the given length."""
        p = int(self.levels[length].rep[i])
        return "".join(self.letters[c] for c in self.text[p : p + length])

    def find(self, fragment: str) -> int | None:
        """The id of `fragment` among the infixes of its length, or None if it is none."""
        if len(fragment) >= len(self.levels):
            return None
        i = 0
        base = len(self.letters)
        for length, letter in enumerate(fragment, start=1):
            code = self.letters.find(letter)
            if code < 0:
                return None
            keys = self.levels[length].key
            want = i * base + code
            i = int(np.searchsorted(keys, want))
            if i >= len(keys) or keys[i] != want:
                return None
        return i


def build_graph(words: tuple[str, ...], letters: str, *, reverse: bool) -> InfixGraph:
    """The infix graph of the words (no word contains a letter outside `letters`); with
    `reverse`, a fragment may also grow from its reverse (SuperDuperGhost)."""
    i32 = np.int32
    base = len(letters)
    joined = "".join(words)
    if reverse:
        joined += "".join(word[::-1] for word in words)
    points = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32)
    table = np.full(max(map(ord, letters)) + 1, -1, dtype=i32)
    table[[ord(x) for x in letters]] = np.arange(base, dtype=i32)
    text = table[points]
    lengths = np.fromiter(map(len, words), dtype=i32, count=len(words))
    forward = int(lengths.sum())
    all_lengths = np.tile(lengths, 2 if reverse else 1)
    starts = (np.cumsum(all_lengths, dtype=i32) - all_lengths).astype(i32)
    word_start = np.repeat(starts, all_lengths)
    word_end = word_start + np.repeat(all_lengths, all_lengths)
    # The same word's start in the other block, for the reverse of a run.
    other = np.where(np.arange(len(text), dtype=i32) < forward, forward, -forward).astype(i32)
    mirror_start = word_start + other

    # Runs (p, L) of the current length L, as arrays aligned with `positions`: the positions
    # with room for L letters, the roomiest first (each room's positions ascending), so that
    # each length's runs are the first of the length before's (kept without a copy).
    longest = int(lengths.max())
    by_room = [(starts + all_lengths)[all_lengths >= r] - r for r in range(longest, 0, -1)]
    ending = [len(found) for found in by_room]  # per room, longest first
    fits = np.cumsum(ending)
    every = np.concatenate(by_room).astype(i32)
    every_start = every == word_start[every]
    word_of = np.repeat(np.arange(len(words), dtype=i32), lengths)  # a forward position's word
    suffixes: list[tuple[IntArray, IntArray]] = []
    ids = np.zeros(len(text), dtype=i32)  # the id of (p, L-1)
    at = np.zeros(len(text) + 1, dtype=i32)  # scratch: position -> id at the last length
    levels: list[InfixLevel] = []
    key = np.zeros(1, dtype=i32)
    rep = np.zeros(1, dtype=i32)
    is_fragment = np.ones(1, dtype=np.bool_)
    leaf = np.zeros(1, dtype=np.bool_)
    reverse_ids = np.zeros(1, dtype=i32)
    for length in range(1, longest + 1):
        k = int(fits[longest - length])
        positions, ids, starts_word = every[:k], ids[:k], every_start[:k]
        pair = ids * base + text[positions + (length - 1)]
        seen = np.zeros(len(key) * base, dtype=np.bool_)
        seen[pair] = True
        new_key = np.flatnonzero(seen).astype(i32)
        lookup = np.zeros(len(seen), dtype=i32)
        lookup[new_key] = np.arange(len(new_key), dtype=i32)
        new_ids = lookup[pair]
        last = slice(k - ending[longest - length], k)  # the runs that end their word
        forth = positions[last] < forward
        suffixes.append((new_ids[last][forth], word_of[positions[last][forth]]))
        n = len(new_key)
        new_rep = np.full(n, len(text), dtype=i32)
        np.minimum.at(new_rep, new_ids, positions)  # the first (forward) occurrence
        new_fragment = new_rep < forward
        new_leaf = np.zeros(n, dtype=np.bool_)
        new_leaf[new_ids[last][starts_word[last] & forth]] = True
        # Parents: the infix without its last letter, and without its first (at p + 1).
        back = new_key // base
        front = at[new_rep + 1] if length > 1 else np.zeros(n, dtype=i32)
        columns = [back, front]
        at[positions] = new_ids
        if reverse:
            if length > 1:
                columns += [reverse_ids[back], reverse_ids[front]]
            mirror = mirror_start[new_rep] + (word_end[new_rep] - new_rep - length)
            reverse_ids = at[mirror]
        parent, child = _edges(columns, new_fragment, is_fragment, leaf)
        levels.append(InfixLevel(key, rep, is_fragment, leaf, parent, child))
        ids, key, rep, is_fragment, leaf = new_ids, new_key, new_rep, new_fragment, new_leaf
    none = np.zeros(0, dtype=i32)
    levels.append(InfixLevel(key, rep, is_fragment, leaf, none, none))
    return InfixGraph(letters, text, tuple(levels), tuple(suffixes))


def _edges(
    columns: list[IntArray], child_ok: BoolArray, parent_ok: BoolArray, parent_leaf: BoolArray
) -> tuple[IntArray, IntArray]:
    """The distinct (parent, child) moves given each child's candidate parents (one column per
    way of growing), keeping fragments only and no move out of a word."""
    child = np.arange(len(child_ok), dtype=np.int32)
    parents, children = [], []
    for k, column in enumerate(columns):
        ok = child_ok & parent_ok[column] & ~parent_leaf[column]
        for earlier in columns[:k]:
            ok &= column != earlier  # the same parent by two ways is one move
        parents.append(column[ok])
        children.append(child[ok])
    return np.concatenate(parents), np.concatenate(children)
