"""What the words a casual table knows offer it at each fragment of SuperGhost and
SuperDuperGhost (docs/rules.md, "SuperGhost and SuperDuperGhost at a casual table"), for every
table of a range at once: the words' runs are walked once, and each table adds up the shares of
its own words, in the order one table alone would (so each table's weights are the same floats
as if it were worked out alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from cardgen.games.infix import InfixLevel, counting, letter_codes, roomiest_first
from cardgen.games.superghost import InfixSolution

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
Ids = npt.NDArray[np.int32]


class _Text:
    """Words laid end to end as letter codes (their places in `letters`), and where each
    place's word ends."""

    def __init__(self, words: Sequence[str], letters: str) -> None:
        self.codes: Ids = letter_codes("".join(words), letters)
        self.lengths: IntArray = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
        self.longest = int(self.lengths.max(initial=0))
        ends = np.cumsum(self.lengths)
        self.end: IntArray = np.repeat(ends, self.lengths)
        # The places, the roomiest first: the runs of each length start at the first of
        # those of the length before (build_graph's way)
        self.roomy, counts = roomiest_first(ends, self.lengths)
        self.fits = [0, *np.cumsum(counts, dtype=np.int64)[::-1].tolist(), 0]
        """`fits[r]`: how many places have r letters or more left in their word (r >= 1)."""

    def __len__(self) -> int:
        return len(self.codes)

    def room(self, letters: int) -> IntArray:
        """The places with `letters` letters or more left in their word, the roomiest first."""
        return self.roomy[: self.fits[letters]]


def _run_ids(
    text: _Text, solution: InfixSolution, upto: int | None = None, known: IntArray | None = None
) -> list[Ids]:
    """`ids[L]`: the infix ids of the runs of L letters at the places with room for them
    (`text.room(L)`, in its order), -1 where the run is no infix of the solution's (a game
    read back from the cache holds its fragments alone), for L up to `upto` (None: every
    length); `_ByPlace` spreads them over the text. Where the text is the solution's words at
    `known` (their places in `solution.words`) and its graph keeps the words' suffixes
    (`InfixGraph.suffixes`), from those (`_suffix_run_ids`)."""
    if known is not None and solution.graph.suffixes:
        return _suffix_run_ids(text, solution, upto, known)
    levels = solution.graph.levels
    base = np.int32(len(solution.graph.letters))
    top = text.longest if upto is None else min(text.longest, upto)
    ids = [np.zeros(len(text), dtype=np.int32)]
    prev = ids[0]  # the ids of the runs of the last length, in `text.roomy`'s order
    by_key: Ids | None = None
    for length in range(1, top + 1):
        at = text.room(length)
        want = prev[: len(at)] * base + text.codes[at + (length - 1)]
        keys = levels[length].key
        if len(want) * 8 < len(keys):  # a few words: a binary search over the keys
            found = np.minimum(np.searchsorted(keys, want), len(keys) - 1).astype(np.int32)
        else:  # keys are `id without the last letter * base + letter`: a table by key finds
            # each run's id at once (a binary search over the keys took twice as long on
            # TWL06); one table serves every length, its entries checked against the keys
            if by_key is None:
                by_key = np.zeros(max(len(levels[k - 1]) for k in range(length, top + 1))
                                  * base, dtype=np.int32)
            by_key[keys] = np.arange(len(keys), dtype=np.int32)
            found = np.minimum(by_key[want], len(keys) - 1)  # (another length's where unset)
        prev = np.where(keys[found] == want, found, np.int32(-1))
        ids.append(prev)
    return ids


def _suffix_run_ids(
    text: _Text, solution: InfixSolution, upto: int | None, known: IntArray
) -> list[Ids]:
    """`_run_ids` of the solution's words at `known`, from the ids of their suffixes that
    `build_graph` found: a run is a suffix of its word cut short, and an infix without its
    last letter is its key's (a lookup a letter at a time took twice as long)."""
    graph = solution.graph
    base = np.int32(len(graph.letters))
    top = text.longest if upto is None else min(text.longest, upto)
    mine = np.zeros(len(solution.words), dtype=bool)
    mine[known] = True
    ids = [np.zeros(len(text), dtype=np.int32)] * (top + 1)
    found = np.zeros(0, dtype=np.int32)  # the runs of each length, in `text.roomy`'s order
    for length in range(text.longest, 0, -1):
        # the runs a letter longer cut short, then the words' suffixes of this length,
        # written in place (`np.concatenate` of the parts cost two more copies)
        suffix, owner = graph.suffixes[length - 1]
        here = np.empty(text.fits[length], dtype=np.int32)
        if len(found):
            shorter = here[: len(found)]
            np.take(graph.levels[length + 1].key, found, out=shorter, mode="clip")
            np.floor_divide(shorter, base, out=shorter)
        np.compress(mine[owner], suffix, out=here[len(found) :])
        found = here
        if length <= top:
            ids[length] = found
    return ids


class _ByPlace:
    """`by_place[L][p]`: the id of the run of L letters at place p of the text, -1 where
    the run leaves its word (`_run_ids` spread over the text), for lengths asked in
    ascending order: the two last asked are held, and a third reuses the older one's array
    (a fresh array each length cost more than refilling one)."""

    def __init__(self, text: _Text, ids: list[Ids]) -> None:
        self.text = text
        self.ids = ids
        self.held: dict[int, Ids] = {}

    def __getitem__(self, length: int) -> Ids:
        if length not in self.held:
            if len(self.held) < 2:
                out = np.empty(len(self.text), dtype=np.int32)
            else:
                out = self.held.pop(min(self.held))
            out.fill(-1)
            out[self.text.room(length)] = self.ids[length]
            self.held[length] = out
        return self.held[length]


def offer_weights(
    solution: InfixSolution, known: IntArray, weight: FloatArray,
    tables: Sequence[BoolArray], keep: Sequence[BoolArray] | None = None,
    depths: range | None = None,
) -> list[list[FloatArray]]:
    """`result[t][d][e]`: the weight edge e of length d (`InfixLevel.parent`,
    `InfixLevel.child`) gets at table t from the words it knows (docs/rules.md): each word
    splits its weight evenly among the distinct non-word fragments it offers. With `keep`,
    only the edges out of the fragments `keep[d]` marks, and with `depths` only those out of
    fragments of these lengths, are weighed (the others stay 0): each is the same float as
    when all are, as long as `known` holds every word that holds their fragments
    (`offered`, written out over every edge)."""
    found = offered(solution, known, weight, tables, keep, depths)
    levels = solution.graph.levels
    out = [[np.zeros(len(level.parent)) for level in levels] for _ in tables]
    for d, (edges, weights) in enumerate(zip(found.edges, found.weights, strict=True)):
        for t, row in enumerate(weights):
            out[t][d][edges] = row
    return out


@dataclass(frozen=True)
class Offers:
    """What the words offer at every table (`offered`): per length d, the edges that some
    table's words offer and each table's weight of each; every other edge gets 0 at every
    table."""

    edges: tuple[npt.NDArray[np.intp], ...]
    """`edges[d]`: the edges of length d (`InfixLevel.parent`) some word offers, ascending."""
    weights: tuple[FloatArray, ...]
    """`weights[d][t, k]`: the weight edge `edges[d][k]` gets at table t."""


def offered(
    solution: InfixSolution, known: IntArray, weight: FloatArray,
    tables: Sequence[BoolArray], keep: Sequence[BoolArray] | None = None,
    depths: range | None = None,
) -> Offers:
    """The weight each edge gets at each table (`offer_weights`), held only for the edges
    some word offers.

    `known` are the places in `solution.words` of the words some table knows, ascending,
    `weight` theirs, `tables[t]` which of them table t knows. Which fragments a word offers,
    and so its share of each, is the same at every table that knows it: the words' runs are
    walked once, and each table adds up its own words' shares in the words' order, as the
    walk of its words alone would, so each table's sums are the same to the last bit whatever
    the other tables know.

    The walk goes by what a word offers: a run c of the word, a letter longer than the
    fragment, no word and not the word itself, is offered at each fragment it grows from,
    which are the graph's moves into c (c without its last or its first letter, with
    reversal their reverses too, where they are fragments and no words); a run twice in the
    word offers nothing new. A word splits its weight at a fragment among the moves it
    offers out of it, the fragment found in the word at one of its runs (or, with reversal,
    reversed), the same fragment at two places read as one (`_Twins`)."""
    levels = solution.graph.levels
    none = np.zeros(0, dtype=np.intp)
    edges_at = [none for _ in levels]
    weights_at = [np.zeros((len(tables), 0)) for _ in levels]
    if not len(known):
        return Offers(tuple(edges_at), tuple(weights_at))
    text = _Text(list(map(solution.words.__getitem__, known.tolist())), solution.graph.letters)
    last = min(len(levels) - 1, text.longest - 1)  # the longest fragment a word is longer than
    depths = range(last) if depths is None else depths
    upto = min(depths.stop, text.longest - 1) if len(depths) else 0
    ids = _ByPlace(text, _run_ids(text, solution, upto, known))
    size = len(text)
    owner = np.repeat(np.arange(len(known), dtype=np.int64), text.lengths)
    twins = _Twins(text, solution.reverse)
    sums = _TableSums(tables, owner, len(known))
    weight_at = weight[owner]  # each place's word's
    for d in range(last):
        if d:
            twins.grow()
        if d not in depths:
            continue
        level, below = levels[d], levels[d + 1]
        # The runs a letter longer than the fragment that the word offers, each once
        grows = np.append(~below.leaf, False)  # (the last place answers for -1: no run)
        offer = grows[ids[d + 1]]
        offer[twins.same[1]] = False  # the second place of a run twice in its word
        place = np.flatnonzero(offer)
        made = ids[d + 1][place]
        # Each run's moves in, from the level's moves by the fragment they make
        lo, into = _moves_into(level, len(below), None if keep is None else keep[d])
        count = np.diff(lo)[made]
        if not count.any():
            continue
        # (by place, so a move's words come in their order, as the tables' sums add them)
        edge = into[counting(lo[made], count)]
        place = np.repeat(place, count)
        parent = level.parent[edge]
        if d == 0:  # the empty fragment: once per word
            fragment = owner[place]
        else:  # the run the move's fragment is: without the run's last letter or its first
            fragment = place + (parent != ids[d][place])
            if solution.reverse:  # or reversed (at place + size), where it is neither
                turned = np.flatnonzero(parent != ids[d][fragment])
                fragment[turned] = _reversed_place(
                    levels, d, len(solution.graph.letters), text.codes, parent[turned],
                    place[turned]) + size
            fragment = twins.first(fragment)
        # Each move's share: its word's weight over the moves the word offers out of the
        # fragment (a bincount of the fragments' first places counts them)
        share = weight_at[place]
        share /= np.bincount(fragment)[fragment]
        offers = np.zeros(len(level.parent), dtype=bool)
        offers[edge] = True
        edges_at[d] = np.flatnonzero(offers)
        at = (np.cumsum(offers, dtype=np.int32) - 1)[edge]  # each move's place among those
        weights_at[d] = sums.of(place, at, share, len(edges_at[d]))
    return Offers(tuple(edges_at), tuple(weights_at))


def _moves_into(
    level: InfixLevel, children: int, keep: BoolArray | None
) -> tuple[IntArray, IntArray]:
    """The level's moves by the fragment they make (of the next length, `children` of
    them): `into[lo[c]:lo[c + 1]]` are the moves into c; with `keep`, only those out of the
    fragments it marks."""
    if keep is None:
        made = level.child
        into: IntArray = np.argsort(made, kind="stable")
    else:
        moves = np.flatnonzero(keep[level.parent])
        made = level.child[moves]
        into = moves[np.argsort(made, kind="stable")]
    lo = np.zeros(children + 1, dtype=np.int64)
    np.cumsum(np.bincount(made, minlength=children), out=lo[1:])
    return lo, into


def _reversed_place(
    levels: Sequence[InfixLevel], d: int, base: int, codes: Ids, fragment: Ids, at: IntArray,
) -> IntArray:
    """Where each of `fragment` (of length d) is in its word reversed: the run at `at`
    (the run made without its last letter) or at `at + 1` (without its first), whichever
    reads backwards as the fragment (`at` where both do). The fragment is read from its last
    letter back (a fragment's key holds its last letter) while the two runs' letters there
    are the same: mostly its last letter alone tells."""
    key = levels[d].key[fragment]
    shorter = key // base  # (numpy divides by a number faster than it takes a remainder)
    after = codes[at + 1]
    found: IntArray = at + (key - shorter * base == after)
    left = np.flatnonzero(codes[at] == after)  # not told apart by the last letter
    fragment, at = shorter[left], at[left]
    for j in range(1, d):
        key = levels[d - j].key[fragment]
        mine, other = codes[at + j], codes[at + j + 1]  # the j-th letter from each one's end
        differ = mine != other
        found[left] = at + (differ & (key % base == other))
        left, fragment, at = left[~differ], key[~differ] // base, at[~differ]
    return found


class _Twins:
    """The runs of one length (from 1 up, `grow`) that are in their word twice: `same`
    (p, p2), p < p2, the runs at both places the same, and with reversal `turned` (p, p2),
    the run at p the other's reverse (both ways round, a palindrome with itself). A run twice
    is twice a letter shorter too, so each length's come from the last's: few past a few
    letters."""

    def __init__(self, text: _Text, reverse: bool) -> None:
        self.codes = np.append(text.codes, -1)  # past the text's end (and before its start)
        self.size = len(text)
        self.end = text.end
        self.start = text.end - np.repeat(text.lengths, text.lengths)
        self.length = 1
        self.reverse = reverse
        pairs = [np.zeros((2, 0), dtype=np.int64)]
        for gap in range(1, text.longest):  # two places of a word with the same letter
            p = text.room(gap + 1)
            p = p[text.codes[p] == text.codes[p + gap]]
            pairs.append(np.stack([p, p + gap]))
        self.same = np.concatenate(pairs, axis=1)
        self.turned = self.same[:, :0]
        if reverse:
            every = np.arange(len(text), dtype=np.int64)
            self.turned = np.concatenate([np.stack([every, every]), self.same,
                                          self.same[::-1]], axis=1)
        self.shorter = (self.same, self.turned)  # the twins a letter shorter
        self._first = np.arange(2 * self.size, dtype=np.int64)  # (`first`: as itself)
        self._later = np.zeros(2 * self.size, dtype=bool)  # (`first`: not the first place)

    def grow(self) -> None:
        """The twins a letter longer."""
        n, codes = self.length, self.codes
        self.shorter = (self.same, self.turned)
        p, p2 = self.same
        self.same = self.same[:, (p2 + n < self.end[p2]) & (codes[p + n] == codes[p2 + n])]
        if self.reverse:  # the run at p grows at its end, the one at p2 at its start
            p, p2 = self.turned
            grown = self.turned[:, (p + n < self.end[p]) & (p2 > self.start[p2])
                                & (codes[p + n] == codes[p2 - 1])]
            grown[1] -= 1
            self.turned = grown
        self.length += 1

    def first(self, places: IntArray) -> IntArray:
        """For each fragment of a word a letter shorter than the twins, found at a place
        (p: the run at p, p + size: its reverse), the first place of the same fragment in
        the word (`places` rewritten)."""
        (p, p2), (turned, back) = self.shorter
        first, later, size = self._first, self._later, self.size
        np.minimum.at(first, p2, p)
        changed = [p2]
        if self.reverse:
            np.minimum.at(first, p2 + size, p + size)
            np.minimum.at(first, back + size, turned)
            changed += [p2 + size, back + size]
        for x in changed:
            later[x] = True
        # (a flag read at every place, the first looked up at the few flagged: a lookup of
        # every place in `first` took longer)
        flagged = np.flatnonzero(later[places])
        places[flagged] = first[places[flagged]]
        for x in changed:  # as itself again
            first[x] = x
            later[x] = False
        return places


class _TableSums:
    """Each table's sum of the shares of its words' moves (`offered`), from the tables that
    know each place's word (one bit each): a table's moves are taken from those of a table
    that knows all of its words where one is summed already (the tables of a range know ever
    fewer words), in the same order."""

    def __init__(self, tables: Sequence[BoolArray], owner: IntArray, words: int) -> None:
        knows = np.array(tables, dtype=bool).reshape(len(tables), words)
        if len(tables) > 16:  # (a range has at most `cardgen.games.opponent.MAX_TABLES`)
            raise ValueError(f"{len(tables)} tables: at most 16 are summed together")
        bits = np.zeros(words, dtype=np.uint16)
        for t, row in enumerate(knows):
            bits[row] |= np.uint16(1 << t)
        self.bits: npt.NDArray[np.uint16] = bits[owner]
        sizes = knows.sum(axis=1)
        self.order = [int(t) for t in np.argsort(-sizes, kind="stable")]
        self.source: dict[int, int | None] = {}
        for k, t in enumerate(self.order):  # the smallest table summed before that holds it
            holding = [s for s in self.order[:k] if not (knows[t] & ~knows[s]).any()]
            self.source[t] = min(holding, key=lambda s: sizes[s]) if holding else None
        self.everything = [bool(sizes[t] == words) for t in range(len(tables))]

    def of(self, place: IntArray, at: Ids, share: FloatArray, size: int) -> FloatArray:
        """`sums[t, k]`: table t's sum of the shares of the moves at k (`at`), of its words
        (`place`: where the move's word is), in their order."""
        sums = np.zeros((len(self.order), size))
        mine: dict[int, tuple[npt.NDArray[np.uint16], Ids, FloatArray]] = {}
        for t in self.order:
            source = self.source[t]
            b, a, s = (self.bits[place], at, share) if source is None else mine[source]
            if not self.everything[t]:
                known = (b & np.uint16(1 << t)).astype(bool)
                b, a, s = b[known], a[known], s[known]
            mine[t] = (b, a, s)
            sums[t] = np.bincount(a, s, minlength=size)
        return sums


__all__ = ["Offers", "offer_weights", "offered"]
