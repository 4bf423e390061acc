"""The positions of SuperGhost and SuperDuperGhost: every infix of the words, as numpy arrays.

No infix is ever built as a Python string (TWL06 has 1.06 million). The words are laid end to
end in one array of letter codes (and, for SuperDuperGhost, their reverses after them); an infix
is a run `(p, L)` of that text inside one word. Infixes get dense ids one length at a time: the
id of `(p, L)` is the rank of the pair (id of `(p, L-1)`, letter at `p + L - 1`) among the
length's distinct pairs, so each length costs one pass over the runs of that length. Ids so
made are in alphabetical order within a length (the pairs are, by induction), and the pair
itself is kept (`InfixLevel.key`), which is how a fragment typed by a person is found again.

A fragment of length L has two parents of length L-1, the infix without its last letter (the
key's pair) and the infix without its first letter; those are the moves back. With reversal,
also the reverses of those two. The moves of the game are these edges, turned around.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from cardgen.games.trie import BoolArray

IntArray = npt.NDArray[np.int32]
"""Ids and positions: int32 halves the memory traffic of Ghost's int64 arrays."""
Ids = npt.NDArray[np.integer[Any]]
"""Ids asked about, of either width."""
IntsT = TypeVar("IntsT", npt.NDArray[np.int32], npt.NDArray[np.int64])
"""Places and lengths, kept in the width they come in."""


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

    @cached_property
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
        return source, children[counting(start, counts)]

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
        p = self.levels[length].rep.item(i)  # (a card reads tens of thousands: as Python ints)
        return "".join(map(self.letters.__getitem__, self.text[p : p + length].tolist()))

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


def counting(start: npt.NDArray[np.integer[Any]], count: npt.NDArray[np.integer[Any]]
             ) -> npt.NDArray[np.int64]:
    """`start[i], start[i] + 1, ..., start[i] + count[i] - 1` for each i, end to end (each
    fragment's moves among moves sorted by fragment, say)."""
    heads = np.cumsum(count) - count  # where each i's numbers begin
    found: npt.NDArray[np.int64] = np.repeat(start - heads, count) + np.arange(int(count.sum()))
    return found


def letter_codes(joined: str, letters: str) -> npt.NDArray[np.int32]:
    """Each letter of `joined` as its code, its place in `letters` (which hold every letter
    of it; -1 for any other)."""
    if max(map(ord, letters)) < 256 and len(letters) < 128:
        try:  # Latin-1 bytes translated to the codes in C, 0xFF (-1 as int8) for the rest
            raw = joined.encode("latin-1")
        except UnicodeEncodeError:
            pass
        else:
            code = {ord(x): i for i, x in enumerate(letters)}
            to_codes = bytes(code.get(b, 0xFF) for b in range(256))
            return np.frombuffer(raw.translate(to_codes), dtype=np.int8).astype(np.int32)
    points = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32)
    table = np.full(max(map(ord, letters)) + 1, -1, dtype=np.int32)
    table[[ord(x) for x in letters]] = np.arange(len(letters), dtype=np.int32)
    return table[points]


def roomiest_first(ends: IntsT, lengths: IntsT) -> tuple[IntsT, list[int]]:
    """The places of words laid end to end (each word's end and length, of one dtype) by
    the letters left in their word from there, the most first (each room's places
    ascending), and how many places have each room, the most first: the runs of L letters
    are then the first places, as many as have room for L, so each length's runs are the
    first of the length before's (kept without a copy)."""
    longest = int(lengths.max(initial=0))
    by_room: list[IntsT] = [ends[lengths >= r] - r for r in range(longest, 0, -1)]
    return np.concatenate([ends[:0], *by_room]), [len(found) for found in by_room]


def build_graph(words: tuple[str, ...], letters: str, *, reverse: bool) -> InfixGraph:
    """The infix graph of the words (no word contains a letter outside `letters`); with
    `reverse`, a fragment may also grow from its reverse (SuperDuperGhost).

    Only the forward words' runs are walked: the infixes found only reversed are the reverses
    of fragments, and the reverse of f is the reverse of f without its first letter, grown by
    f's first letter, so its key comes from ids of the length before. Each infix's id without
    its first letter (`front`), its first letter and its reverse's id (`turned`) are so
    carried a length at a time: a run's id and a front through a table from key to id (of the
    forward infixes), the reverses' from one sort of both kinds' keys (`_with_reverses`)."""
    i32 = np.int32
    base = len(letters)
    text = letter_codes("".join(words), letters)
    lengths = np.fromiter(map(len, words), dtype=i32, count=len(words))
    forward = int(lengths.sum())
    ends = np.cumsum(lengths, dtype=i32)
    if reverse:  # the reverse of the run (p, L) is the run (mirror[p] - L, L)
        mirror = np.repeat(forward + ends + ends - lengths, lengths)
        mirror -= np.arange(forward, dtype=i32)
        # Then each word reversed, in order: the letter at p is at mirror[p] - 1.
        text = np.concatenate((text, text.take(mirror - (forward + 1))))

    # Runs (p, L) of the current length L, as arrays aligned with `positions`: the forward
    # positions with room for L letters, the roomiest first (each room's positions
    # ascending), so that each length's runs are the first of the length before's (kept
    # without a copy).
    longest = int(lengths.max())
    positions, counts = roomiest_first(ends, lengths)
    runs = [1, *np.cumsum(counts)[::-1].tolist()]  # runs[L]: how many runs of L letters
    positions = positions.astype(i32)  # (one empty)
    # The letters as bytes where they fit: the runs' letters are read from them a length at a
    # time, and `take` from a quarter of the memory is about twice as fast as indexing.
    codes = text.astype(np.min_scalar_type(base - 1))
    ids = np.zeros(forward, dtype=i32)  # the id of (p, L-1)
    # From key to id, each length's written over the length before's once those are read
    # (only keys are ever read): one table grown as needed, as fresh memory each length cost
    # more than the work.
    lookup = np.zeros(base, dtype=i32)
    suffixes: list[tuple[IntArray, IntArray]] = []
    levels: list[InfixLevel] = []
    key = rep = front = first = turned = np.zeros(1, dtype=i32)  # the empty fragment's
    is_fragment, leaf = np.ones(1, dtype=np.bool_), np.zeros(1, dtype=np.bool_)
    for length in range(1, longest + 1):
        k, size = runs[length], len(key) * base
        pair = ids[:k]  # (p, L-1)'s id, made the key of (p, L) in place (read no more)
        pair *= base
        pair += codes[length - 1 :].take(positions[:k])  # the letter at p + L - 1
        found = _distinct(pair, size)  # the keys of the forward runs
        new_front, new_first = _grown(found, base, lookup, front, first, length)
        if len(lookup) < size:
            lookup = np.empty(2 * size, dtype=i32)
        if reverse:  # the fragments' reverses join them
            found_ids, new_key, new_front, new_first, new_turned = _with_reverses(
                found, new_front, new_first, base, turned)
            lookup[found] = found_ids  # (only forward keys are ever looked up)
        else:
            new_key = found
            lookup[new_key] = np.arange(len(new_key), dtype=i32)
        back = new_key // base
        n = len(new_key)
        new_ids = lookup.take(pair)  # (`take` gathers int32 ids faster than `lookup[pair]`)
        # The runs that end their word: the room-L block, a word of L letters a leaf.
        owner = np.flatnonzero(lengths >= length).astype(i32)
        suffix_ids = new_ids[k - len(owner) :].copy()
        suffixes.append((suffix_ids, owner))
        new_leaf = np.zeros(n, dtype=np.bool_)
        new_leaf[suffix_ids[lengths[owner] == length]] = True
        new_rep = np.full(n, len(text), dtype=i32)
        np.minimum.at(new_rep, new_ids, positions[:k])  # the first occurrence
        # Parents: the infix without its last letter, and without its first.
        columns = [back, new_front]
        if reverse:
            if length > 1:
                columns += [turned.take(back), turned.take(new_front)]
            turned = new_turned
            new_fragment = new_rep < forward
            # An infix found only reversed occurs where its reverse's first occurrence is
            # mirrored to.
            only = np.flatnonzero(~new_fragment)
            new_rep[only] = mirror.take(new_rep.take(turned.take(only))) - length
        else:
            new_fragment = np.ones(n, dtype=np.bool_)
        parent, child = _edges(columns, new_fragment, is_fragment & ~leaf)
        levels.append(InfixLevel(key, rep, is_fragment, leaf, parent, child))
        key, rep, is_fragment, leaf = new_key, new_rep, new_fragment, new_leaf
        ids, front, first = new_ids, new_front, new_first
    none = np.zeros(0, dtype=i32)
    levels.append(InfixLevel(key, rep, is_fragment, leaf, none, none))
    return InfixGraph(letters, text, tuple(levels), tuple(suffixes))


def _distinct(values: IntArray, size: int) -> IntArray:
    """The distinct values (all in range(size)), ascending: marked in a bitmap of `size`
    where that is small beside them, else sorted (faster for TWL06's longer infixes, whose
    keys are few in a wide range)."""
    if size <= 4 * len(values):
        seen = np.zeros(size, dtype=np.bool_)
        seen[values] = True
        return np.flatnonzero(seen).astype(np.int32)
    ordered = np.sort(values)
    return ordered.compress(np.concatenate(([True], ordered[1:] != ordered[:-1])))


def _with_reverses(
    key: IntArray, front: IntArray, first: IntArray, base: int, turned: IntArray
) -> tuple[IntArray, IntArray, IntArray, IntArray, IntArray]:
    """The infixes of one length given the forward ones (`key` ascending, with each one's
    `front` and `first` as `_grown` finds them) and `turned`, the length before's reverses:
    the forward keys' ids among all, and every infix's key, front, first letter and reverse.

    The reverse g of a forward infix f has key `turned[f's front] * base + f's first letter`,
    front `turned[f's back]` (the reverse of f without its last letter) and first letter f's
    last. Both halves' keys are sorted together with their places (an argsort packed in one
    int64 sort): the first of each run of equal keys is an infix, its rank its id; f's
    reverse is the id of g's place and g's the id of f's."""
    back = key // base
    last = key - back * base
    count = len(key)
    keys = np.concatenate((key, turned.take(front) * base + first))
    # Each key with its place below it, sorted: ties (one infix, found both ways) keep
    # the forward place first.
    packed = (keys.astype(np.int64) << 32) | np.arange(2 * count, dtype=np.int64)
    packed.sort()
    sorted_keys = (packed >> 32).astype(np.int32)
    place = (packed & 0xFFFFFFFF).astype(np.intp)
    starts = np.empty(len(packed), dtype=np.bool_)
    starts[:1] = True
    np.not_equal(sorted_keys[1:], sorted_keys[:-1], out=starts[1:])
    ids = np.empty(2 * count, dtype=np.int32)
    ids[place] = np.cumsum(starts, dtype=np.int32) - 1
    chosen = place.compress(starts)
    fronts = np.concatenate((front, turned.take(back))).take(chosen)
    firsts = np.concatenate((first, last)).take(chosen)
    turns = np.concatenate((ids[count:], ids[:count])).take(chosen)  # f's place <-> its reverse's
    return ids[:count], sorted_keys.compress(starts), fronts, firsts, turns


def _grown(
    key: IntArray, base: int, lookup: IntArray, front: IntArray, first: IntArray, length: int
) -> tuple[IntArray, IntArray]:
    """For the infixes of the given keys and length, the id of each without its first letter
    and its first letter, from those of the length before (`front`, `first`) and that
    length's table from key to id."""
    back = key // base
    last = key - back * base
    if length == 1:  # the letter alone
        return np.zeros(len(key), dtype=np.int32), last
    return lookup.take(front.take(back) * base + last), first.take(back)


def _edges(
    columns: list[IntArray], child_ok: BoolArray, parent_open: BoolArray
) -> tuple[IntArray, IntArray]:
    """The distinct (parent, child) moves given each child's candidate parents (one column per
    way of growing), keeping fragments only and no move out of a word (`parent_open`: the
    fragments that are not words)."""
    parents, children = [], []
    for k, column in enumerate(columns):
        ok = child_ok & parent_open.take(column)
        for earlier in columns[:k]:
            ok &= column != earlier  # the same parent by two ways is one move
        parents.append(column.compress(ok))  # (numpy's `column[ok]` is several times slower)
        children.append(np.flatnonzero(ok).astype(np.int32))
    return np.concatenate(parents), np.concatenate(children)
