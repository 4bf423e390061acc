"""What the words a casual table knows offer it at each fragment of SuperGhost and
SuperDuperGhost (docs/rules.md, "SuperGhost and SuperDuperGhost at a casual table"), for every
table of a range at once: the words' occurrences of each fragment are walked once, and each
table adds up the shares of its own words, in the order one table alone would (so each table's
weights are the same floats as if it were worked out alone).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from cardgen.games.infix import InfixLevel
from cardgen.games.superghost import InfixSolution

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


def _run_ids(words: Sequence[str], solution: InfixSolution) -> list[npt.NDArray[np.int64]]:
    """`ids[L][p]`: the infix id of the run of L letters at text position p of the words laid
    end to end (-1 where the run leaves its word)."""
    graph = solution.graph
    levels = graph.levels
    base = len(graph.letters)
    code = {x: k for k, x in enumerate(graph.letters)}
    text = np.array([code[x] for w in words for x in w], dtype=np.int64)
    lengths = np.array([len(w) for w in words], dtype=np.int64)
    end = np.repeat(np.cumsum(lengths), lengths)
    positions = np.arange(len(text), dtype=np.int64)
    ids = [np.zeros(len(text), dtype=np.int64)]
    for length in range(1, int(lengths.max(initial=0)) + 1):
        prev = ids[-1]
        ok = (positions + length <= end) & (prev >= 0)
        current = np.full(len(text), -1, dtype=np.int64)
        # Keys are `id without the last letter * base + letter`: a table by key finds each
        # run's id at once (a binary search over the keys took twice as long on TWL06).
        by_key = np.full(len(levels[length - 1]) * base, -1, dtype=np.int32)
        by_key[levels[length].key] = np.arange(len(levels[length]))
        current[ok] = by_key[prev[ok] * base + text[positions[ok] + length - 1]]
        ids.append(current)
    return ids


def offer_weights(
    solution: InfixSolution, known: Sequence[str], weight: FloatArray,
    tables: Sequence[BoolArray],
) -> list[list[FloatArray]]:
    """`result[t][d][e]`: the weight edge e of length d (`InfixLevel.parent`,
    `InfixLevel.child`) gets at table t from the words it knows (docs/rules.md): each word
    splits its weight evenly among the distinct non-word fragments it offers.

    `known` are the words some table knows, in the words' order, `weight` theirs, `tables[t]`
    which of them table t knows. Which fragments a word offers, and so its share of each, is
    the same at every table that knows it: the words' occurrences are walked once, and each
    table adds up its own words' shares in the words' order, as the walk of its words alone
    would, so each table's sums are the same to the last bit whatever the other tables know."""
    levels = solution.graph.levels
    found = [[np.zeros(len(level.parent)) for level in levels] for _ in tables]
    if not known:
        return found
    lengths = np.array([len(w) for w in known], dtype=np.int64)
    start = np.repeat(np.cumsum(lengths) - lengths, lengths)
    end = start + np.repeat(lengths, lengths)
    owner = np.repeat(np.arange(len(known), dtype=np.int64), lengths)
    ids = _run_ids(known, solution)
    rids = _run_ids([w[::-1] for w in known], solution) if solution.reverse else None
    size = len(owner)
    positions = np.arange(size, dtype=np.int64)
    longest = int(lengths.max())
    everyone = [bool(t.all()) for t in tables]
    for d in range(min(len(levels) - 1, longest - 1)):
        below = levels[d + 1]
        if d == 0:  # the empty fragment: each letter of the word
            p = positions
            kinds = [(np.zeros(size, dtype=np.int64), ids[1])]
            words_of = owner
        else:
            live = (positions + d <= end) & (ids[d] >= 0)
            live &= np.repeat(lengths, lengths) >= d + 2
            p = positions[live]
            words_of = owner[live]
            parents = [ids[d][p]]
            if rids is not None:  # the same run read as the reverse of a fragment
                mirror = start[p] + (end[p] - p - d)
                parents.append(rids[d][mirror])
            left = np.where(p - 1 >= start[p], ids[d + 1][np.maximum(p - 1, 0)], -1)
            right = np.where(p + d + 1 <= end[p], ids[d + 1][p], -1)
            kinds = [(a, c) for a in parents for c in (left, right)]
        level = levels[d]
        n_a, n_c = len(level), len(below)
        codes = []
        for a, c in kinds:
            ok = (c >= 0) & (a >= 0)
            ok[ok] &= level.fragment[a[ok]] & ~level.leaf[a[ok]] & ~below.leaf[c[ok]]
            codes.append((words_of[ok] * n_a + a[ok]) * n_c + c[ok])
        triples = _distinct(np.concatenate(codes))  # (word, parent, child), sorted
        if not len(triples):
            continue
        pair = triples // n_c  # word and parent
        first = np.flatnonzero(_starts(pair))
        count = np.diff(np.append(first, len(pair)))  # the distinct fragments it offers there
        word = pair // n_a
        share = weight[word] / np.repeat(count, count)
        edge = _edge_of(level, n_c, pair % n_a, triples % n_c)
        if (edge < 0).any():
            word, share, edge = (x[edge >= 0] for x in (word, share, edge))
        for t, knows in enumerate(tables):
            mine = slice(None) if everyone[t] else knows[word]
            found[t][d] = np.bincount(edge[mine], share[mine], minlength=len(level.parent)
                                      ).astype(np.float64, copy=False)  # int64 when empty
    return found


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


def _edge_of(
    level: InfixLevel, children: int, parents: npt.NDArray[np.int64],
    kids: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    """The level's edge from each of `parents` to the same place of `kids` (fragments of the
    next length, `children` of them), -1 where there is none (left out, as one table's lookup
    of its moves left it). A fragment has a few parents (without its first or its last
    letter, and their reverses), so each move is looked for among the edges into its child."""
    edges = np.argsort(level.child, kind="stable")
    lo = np.searchsorted(level.child[edges], np.arange(children + 1))
    first, into = lo[kids], lo[kids + 1] - lo[kids]
    found = np.full(len(kids), -1, dtype=np.int64)
    for k in range(int(into.max(initial=0))):
        edge = edges[np.minimum(first + k, max(len(edges) - 1, 0))]
        hit = (k < into) & (level.parent[edge] == parents)
        found[hit] = edge[hit]
    return found


__all__ = ["offer_weights"]
