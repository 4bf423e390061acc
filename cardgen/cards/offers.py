"""What the words a casual table knows offer it at each fragment of SuperGhost and
SuperDuperGhost (docs/rules.md, "SuperGhost and SuperDuperGhost at a casual table"), for every
table of a range at once: the words' occurrences of each fragment are walked once, and each
table adds up the shares of its own words, in the order one table alone would (so each table's
weights are the same floats as if it were worked out alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from cardgen.games.infix import InfixLevel
from cardgen.games.superghost import InfixSolution

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


def _run_ids(
    words: Sequence[str], solution: InfixSolution, upto: int | None = None
) -> list[npt.NDArray[np.int64]]:
    """`ids[L][p]`: the infix id of the run of L letters at text position p of the words laid
    end to end (-1 where the run leaves its word or is no infix of the solution's: a game
    read back from the cache holds its fragments alone), for L up to `upto` (None: every
    length)."""
    graph = solution.graph
    levels = graph.levels
    base = len(graph.letters)
    text = _codes(words, graph.letters)
    lengths = np.array(list(map(len, words)), dtype=np.int64)
    longest = int(lengths.max(initial=0))
    top = longest if upto is None else min(longest, upto)
    # The text's positions, the roomiest first (each room's positions ascending): the runs
    # of each length start at the first of those of the length before (build_graph's way)
    ends = np.cumsum(lengths)
    by_room = [ends[lengths >= r] - r for r in range(longest, 0, -1)]
    fits = np.cumsum([len(found) for found in by_room])[::-1]  # [L - 1]: runs of L letters
    every = np.concatenate(by_room) if by_room else np.zeros(0, dtype=np.int64)
    ids = [np.zeros(len(text), dtype=np.int64)]
    prev = ids[0]  # the ids of the runs of the last length, in `every`'s order
    by_key: npt.NDArray[np.int32] | None = None
    for length in range(1, top + 1):
        at = every[: fits[length - 1]]
        want = prev[: len(at)] * base + text[at + length - 1]
        keys = levels[length].key
        if len(want) * 8 < len(keys):  # a few words: a binary search over the keys
            found = np.minimum(np.searchsorted(keys, want), len(keys) - 1)
            prev = np.where(keys[found] == want, found, -1)
        else:  # keys are `id without the last letter * base + letter`: a table by key finds
            # each run's id at once (a binary search over the keys took twice as long on
            # TWL06); one table serves every length, its entries checked against the keys
            if by_key is None:
                by_key = np.zeros(max(len(levels[k - 1]) for k in range(length, top + 1))
                                  * base, dtype=np.int32)
            by_key[keys] = np.arange(len(keys), dtype=np.int32)
            found = np.minimum(by_key[want], len(keys) - 1)  # (another length's where unset)
            prev = np.where(keys[found] == want, found, -1)
        current = np.full(len(text), -1, dtype=np.int64)
        current[at] = prev
        ids.append(current)
    return ids


def _codes(words: Sequence[str], letters: str) -> npt.NDArray[np.int64]:
    """The words' letter codes, end to end (their places in `letters`)."""
    points = np.frombuffer("".join(words).encode("utf-32-le"), dtype=np.uint32)
    table = np.zeros(max(map(ord, letters)) + 1, dtype=np.int64)
    table[[ord(x) for x in letters]] = np.arange(len(letters))
    return table[points]


def offer_weights(
    solution: InfixSolution, known: Sequence[str], weight: FloatArray,
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
    solution: InfixSolution, known: Sequence[str], weight: FloatArray,
    tables: Sequence[BoolArray], keep: Sequence[BoolArray] | None = None,
    depths: range | None = None,
) -> Offers:
    """The weight each edge gets at each table (`offer_weights`), held only for the edges
    some word offers.

    `known` are the words some table knows, in the words' order, `weight` theirs, `tables[t]`
    which of them table t knows. Which fragments a word offers, and so its share of each, is
    the same at every table that knows it: the words' occurrences are walked once, and each
    table adds up its own words' shares in the words' order, as the walk of its words alone
    would, so each table's sums are the same to the last bit whatever the other tables know."""
    levels = solution.graph.levels
    none = np.zeros(0, dtype=np.intp)
    edges_at = [none for _ in levels]
    weights_at = [np.zeros((len(tables), 0)) for _ in levels]
    if not known:
        return Offers(tuple(edges_at), tuple(weights_at))
    lengths = np.array(list(map(len, known)), dtype=np.int64)
    start = np.repeat(np.cumsum(lengths) - lengths, lengths)
    end = start + np.repeat(lengths, lengths)
    owner = np.repeat(np.arange(len(known), dtype=np.int64), lengths)
    longest = int(lengths.max())
    depths = range(min(len(levels) - 1, longest - 1)) if depths is None else depths
    upto = min(depths.stop, longest - 1) if len(depths) else 0
    ids = _run_ids(known, solution, upto)
    rids = _run_ids([w[::-1] for w in known], solution, upto) if solution.reverse else None
    size = len(owner)
    positions = np.arange(size, dtype=np.int64)
    word_length = np.repeat(lengths, lengths)
    everyone = [bool(t.all()) for t in tables]
    for d in range(min(len(levels) - 1, longest - 1)):
        if d not in depths:
            continue
        level, below = levels[d], levels[d + 1]
        # Whether a fragment may be left (and is kept), and may be made; the last place
        # answers for -1 (no run there)
        opens = np.append(level.fragment & ~level.leaf & (True if keep is None else keep[d]),
                          False)
        grows = np.append(~below.leaf, False)
        if d == 0:  # the empty fragment: each letter of the word
            p = positions if opens[0] else positions[:0]
            parents = [np.zeros(len(p), dtype=np.int64)]
            left = right = ids[1][p]
        else:  # a run of the word (inside it: -1 otherwise) that the word is longer than
            p = positions[(ids[d] >= 0) & (word_length >= d + 2)]
            parents = [ids[d][p]]
            if rids is not None:  # the same run read as the reverse of a fragment
                mirror = start[p] + (end[p] - p - d)
                parents.append(rids[d][mirror])
            wanted = np.logical_or.reduce([opens[a] for a in parents])
            p, parents = p[wanted], [a[wanted] for a in parents]
            # the run a letter longer on either side (-1 where it leaves the word: at the
            # text's first place, p - 1 reads the last run, which leaves it)
            left, right = ids[d + 1][p - 1], ids[d + 1][p]
        words_of = owner[p]
        kinds = [(a, c) for a in parents for c in ((left,) if d == 0 else (left, right))]
        n_a, n_c = len(level), len(below)
        moves = []
        for a, c in kinds:
            ok = grows[c]
            if len(parents) > 1:  # one way round, every parent is left open already
                ok &= opens[a]
            moves.append((words_of[ok], a[ok], c[ok]))
        by_edge = _kind_edges(level, n_c, moves) if keep is None else None
        # (word, parent, child), or (word, parent, edge) where each move's edge is known: the
        # same order, as a parent's edges go to distinct children
        width = n_c if by_edge is None else len(level.parent)
        codes = [(w * n_a + a) * width + (c if by_edge is None else by_edge[k])
                 for k, (w, a, c) in enumerate(moves)]
        if n_a == 1:  # the empty fragment: a bitmap of (word, letter) sorts them at once
            seen = np.zeros(len(known) * width, dtype=bool)
            seen[np.concatenate(codes)] = True
            triples = np.flatnonzero(seen)
        else:
            triples = _distinct(np.concatenate(codes))  # (word, parent, child), sorted
        if not len(triples):
            continue
        pair = triples // width  # word and parent
        first = np.flatnonzero(_starts(pair))
        count = np.diff(np.append(first, len(pair)))  # the distinct fragments it offers there
        word = pair // n_a
        share = np.repeat(weight[word[first]] / count, count)
        if by_edge is not None:
            edge = triples % width
        else:
            edge = _edge_of(level, n_c, pair % n_a, triples % n_c,
                            None if keep is None else np.flatnonzero(keep[d][level.parent]))
        if (edge < 0).any():
            some = edge >= 0
            word, share, edge = word[some], share[some], edge[some]
        offers = np.zeros(len(level.parent), dtype=bool)
        offers[edge] = True
        edges_at[d] = np.flatnonzero(offers)
        place = np.cumsum(offers) - 1
        at = place[edge]
        weights_at[d] = sums = np.zeros((len(tables), len(edges_at[d])))
        for t, knows in enumerate(tables):
            mine = slice(None) if everyone[t] else knows[word]
            sums[t] = np.bincount(at[mine], share[mine], minlength=len(edges_at[d]))
    return Offers(tuple(edges_at), tuple(weights_at))


def _starts(sorted_values: npt.NDArray[np.int64]) -> BoolArray:
    """Where each run of equal values of a sorted array starts."""
    starts = np.empty(len(sorted_values), dtype=bool)
    starts[:1] = True
    np.not_equal(sorted_values[1:], sorted_values[:-1], out=starts[1:])
    return starts


def _distinct(values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The distinct values, sorted: `np.unique`'s, by a sort (numpy 2.4's `np.unique` takes
    60 times as long on TWL06 SuperGhost's levels, in its hash table)."""
    values = np.sort(values)
    return values[_starts(values)]


def _kind_edges(
    level: InfixLevel, children: int,
    moves: Sequence[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]],
) -> list[npt.NDArray[np.int64]] | None:
    """The level's edge of each move of each kind (words, parents, children: a way of growing
    a fragment, whose parent is the same for every occurrence of a child), looked up once per
    distinct child of each kind (`_edge_of`), not once per word; None where a kind's child
    comes from two parents or a move has no edge (the caller then looks each move up)."""
    parents, kids = [], []
    for _, a, c in moves:
        parent_of = np.full(children, -1, dtype=np.int64)
        parent_of[c] = a
        if not (parent_of[c] == a).all():
            return None
        distinct = np.flatnonzero(parent_of >= 0)
        parents.append(parent_of[distinct])
        kids.append(distinct)
    if not kids:
        return []
    found = _edge_of(level, children, np.concatenate(parents), np.concatenate(kids))
    if (found < 0).any():
        return None
    edges = []
    start = 0
    for (_, _, c), distinct in zip(moves, kids, strict=True):
        edge_of = np.full(children, -1, dtype=np.int64)
        edge_of[distinct] = found[start:start + len(distinct)]
        start += len(distinct)
        edges.append(edge_of[c])
    return edges


def _edge_of(
    level: InfixLevel, children: int, parents: npt.NDArray[np.int64],
    kids: npt.NDArray[np.int64], among: npt.NDArray[np.int64] | None = None,
) -> npt.NDArray[np.int64]:
    """The level's edge from each of `parents` to the same place of `kids` (fragments of the
    next length, `children` of them), -1 where there is none (left out, as one table's lookup
    of its moves left it); `among`: the edges that may be (None: all). A fragment has a few
    parents (without its first or its last letter, and their reverses), so each move is
    looked for among the edges into its child."""
    if among is None:
        edges = np.argsort(level.child, kind="stable")
        lo = np.append(0, np.cumsum(np.bincount(level.child, minlength=children)))
        first, into = lo[kids], lo[kids + 1] - lo[kids]
    else:  # a few edges: look each kid up among them
        edges = among[np.argsort(level.child[among], kind="stable")]
        into_kid = level.child[edges]
        first = np.searchsorted(into_kid, kids)
        into = np.searchsorted(into_kid, kids, side="right") - first
    found = np.full(len(kids), -1, dtype=np.int64)
    for k in range(int(into.max(initial=0))):  # (none without edges)
        edge = edges[np.minimum(first + k, len(edges) - 1)]
        hit = (k < into) & (level.parent[edge] == parents)
        found[hit] = edge[hit]
    return found


__all__ = ["Offers", "offer_weights", "offered"]
