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

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
MaskArray = npt.NDArray[np.uint16]


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
    child_lo: IntArray
    """The moves from fragment i are `children[child_lo[i]:child_hi[i]]` (ids of the next
    length, ascending); none for a word or a non-fragment."""
    child_hi: IntArray
    children: IntArray

    def __len__(self) -> int:
        return len(self.key)


@dataclass(frozen=True, eq=False)
class InfixGraph:
    """Every infix of the words, level by level, with the moves between them."""

    letters: str
    """The alphabet, in alphabetical order; a letter's code is its index here."""
    text: npt.NDArray[np.int32]
    """The words' letter codes end to end (then the reversed words, with reversal)."""
    levels: tuple[InfixLevel, ...]
    """`levels[L]` holds the infixes of length L; `levels[0]` the empty fragment."""

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
    base = len(letters)
    joined = "".join(words)
    if reverse:
        joined += "".join(word[::-1] for word in words)
    points = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32)
    table = np.full(max(map(ord, letters)) + 1, -1, dtype=np.int32)
    table[[ord(x) for x in letters]] = np.arange(base, dtype=np.int32)
    text = table[points]
    lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    forward = int(lengths.sum())
    blocks = 2 if reverse else 1
    all_lengths = np.tile(lengths, blocks)
    starts = np.cumsum(all_lengths) - all_lengths
    word_start = np.repeat(starts, all_lengths)
    word_end = word_start + np.repeat(all_lengths, all_lengths)
    # The same word's start in the other block, for the reverse of a run.
    mirror_start = word_start + np.where(np.arange(len(text)) < forward, forward, -forward)
    is_word_start = np.zeros(len(text) + 1, dtype=np.bool_)
    is_word_start[starts] = True

    positions = np.arange(len(text), dtype=np.int64)
    ids = np.zeros(len(text), dtype=np.int64)  # the id of (p, L-1), aligned with positions
    at = np.zeros(len(text) + 1, dtype=np.int64)  # scratch: position -> id at the last length
    sizes = [1]
    keys_by_length: list[IntArray] = [np.zeros(1, dtype=np.int64)]
    reps: list[IntArray] = [np.zeros(1, dtype=np.int64)]
    fragment_flags: list[BoolArray] = [np.ones(1, dtype=np.bool_)]
    leaves: list[BoolArray] = [np.zeros(1, dtype=np.bool_)]
    parents: list[tuple[IntArray, IntArray]] = []  # per length L >= 1: (parent, child) edges
    reverse_ids: IntArray = np.zeros(1, dtype=np.int64)
    for length in range(1, int(lengths.max()) + 1):
        keep = word_end[positions] - positions >= length
        positions, ids = positions[keep], ids[keep]
        pair = ids * base + text[positions + length - 1]
        seen = np.zeros(sizes[-1] * base, dtype=np.bool_)
        seen[pair] = True
        key = np.flatnonzero(seen).astype(np.int64)
        lookup = np.zeros(len(seen), dtype=np.int64)
        lookup[key] = np.arange(len(key), dtype=np.int64)
        new_ids = lookup[pair]
        n = len(key)
        rep = np.empty(n, dtype=np.int64)
        rep[new_ids[::-1]] = positions[::-1]  # the first (forward) occurrence wins
        is_fragment = rep < forward
        leaf = np.zeros(n, dtype=np.bool_)
        whole = is_word_start[positions] & (word_end[positions] - positions == length)
        leaf[new_ids[whole & (positions < forward)]] = True
        # Parents: the infix without its last letter, and without its first (at p + 1).
        back = key // base
        front = at[rep + 1] if length > 1 else np.zeros(n, dtype=np.int64)
        columns = [back, front]
        at[positions] = new_ids
        if reverse:
            if length > 1:
                columns += [reverse_ids[back], reverse_ids[front]]
            mirror = mirror_start[rep] + (word_end[rep] - rep - length)
            reverse_ids = at[mirror]
        parents.append(_edges(columns, is_fragment, fragment_flags[-1], leaves[-1]))
        ids = new_ids
        sizes.append(n)
        keys_by_length.append(key)
        reps.append(rep)
        fragment_flags.append(is_fragment)
        leaves.append(leaf)
    parents.append((np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)))
    levels = tuple(
        _level(keys_by_length[d], reps[d], fragment_flags[d], leaves[d], *parents[d])
        for d in range(len(sizes))
    )
    return InfixGraph(letters, text, levels)


def _edges(
    columns: list[IntArray], child_ok: BoolArray, parent_ok: BoolArray, parent_leaf: BoolArray
) -> tuple[IntArray, IntArray]:
    """The distinct (parent, child) moves given each child's candidate parents (one column per
    way of growing), keeping fragments only and no move out of a word."""
    n = len(child_ok)
    child = np.arange(n, dtype=np.int64)
    parent_list, child_list = [], []
    for k, column in enumerate(columns):
        ok = child_ok & parent_ok[column] & ~parent_leaf[column]
        for earlier in columns[:k]:
            ok &= column != earlier  # the same parent by two ways is one move
        parent_list.append(column[ok])
        child_list.append(child[ok])
    parent = np.concatenate(parent_list)
    kid = np.concatenate(child_list)
    order = np.lexsort((kid, parent))
    return parent[order], kid[order]


def _level(
    key: IntArray, rep: IntArray, fragment: BoolArray, leaf: BoolArray,
    parent: IntArray, child: IntArray,
) -> InfixLevel:
    """A level, its moves (edges to the next length, sorted by parent) as ranges."""
    node = np.arange(len(key))
    lo = np.searchsorted(parent, node, side="left").astype(np.int64)
    hi = np.searchsorted(parent, node, side="right").astype(np.int64)
    return InfixLevel(key, rep, fragment, leaf, lo, hi, child)
