"""Ghost's answers at every fragment at once: what `winning_words`, `best_try`, a casual
table's `trap` and `winning_words`, `escape_word` and `shortest_word` answer of one fragment,
worked out for all of them with numpy, level by level (the site's explorer sends them all:
`cardgen.render.explorer`).

Asked fragment by fragment, as `cardgen explain` asks, they took 4.6 s of CPU of publishing
twl06-2p and twl06-3p (136,000 fragments each); here each is a pass or a few over the levels,
as the solver's are, 0.2 s for both. Each follows its one-fragment counterpart rule for rule,
and tests/test_everywhere.py holds them equal at every fragment of random lists.

A word set is found without building any set: the words a strategy from fragment g ends in are
the ends (`_Ends`: words, and with a casual table the words named where the others challenge)
below g that its moves reach, and an end is reached from g exactly when every fragment on the
way down from g to it is one the strategy takes there (`_Ways.taken`). So each end is kept with
the deepest fragment above it that is not taken (`_Ways.cut`), and the ends of g are those in
its words whose cut is not below g.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from cardgen.games.casual import Casual
from cardgen.games.levels import BoolArray
from cardgen.games.solver import Solution
from cardgen.games.traps import Thresholds
from cardgen.games.trie import IntArray, Level, first_choice


@dataclass(frozen=True)
class WordSets:
    """Per fragment length, the word set of the seat that played each fragment's last letter
    (none at the empty fragment): `count[d][i]` words, all of them in `words[d]`, fragment by
    fragment in order, each fragment's ascending (indices into the solution's words); `named[d]`
    says which of them the seat names when the others challenge (a casual table)."""

    count: tuple[IntArray, ...]
    words: tuple[IntArray, ...]
    named: tuple[BoolArray, ...]


def word_sets(solution: Solution, table: Casual | None = None) -> WordSets:
    """Every fragment's `winning_words` for the seat that played its last letter: against
    perfect players (`Solution.winning_words`), or with `table` against that casual table
    (`Casual.winning_words`)."""
    levels, n = solution.levels, solution.players
    count = [np.zeros(len(level), dtype=np.int64) for level in levels]
    words = [np.zeros(0, dtype=np.int64) for _ in levels]
    named = [np.zeros(0, dtype=np.bool_) for _ in levels]
    for seat_index in range(min(n, len(levels) - 1)):
        ways = (_perfect_ways(solution, seat_index) if table is None
                else _casual_ways(solution, table, seat_index))
        ends = ways.ends
        order = np.argsort(ends.word, kind="stable")  # the words' order
        depth, word, said = ends.depth[order], ends.word[order], ends.named[order]
        cut = np.concatenate(ways.cut())[ends.node[order]]
        for d in range(1 + seat_index, len(levels), n):  # the seat played the last letter
            reached = (depth >= d) & (cut <= d)
            found = word[reached]
            node = np.searchsorted(levels[d].start, found, side="right") - 1
            keep = ~ways.lost[d][node]
            count[d] = np.bincount(node[keep], minlength=len(levels[d])).astype(np.int64)
            words[d], named[d] = found[keep], said[reached][keep]
    return WordSets(tuple(count), tuple(words), tuple(named))


@dataclass(frozen=True)
class _Ends:
    """The ends of a seat's strategies: the fragment (a global index, level by level), its
    length, the word and whether it is named when the others challenge."""

    node: IntArray
    depth: IntArray
    word: IntArray
    named: BoolArray


@dataclass(frozen=True)
class _Ways:
    """One seat's strategies at every fragment at once: per length, whether the strategy of
    the fragment's parent takes it (and it is no lost fragment for the seat); where the seat
    cannot win (`lost`); and where each strategy ends (`ends`)."""

    levels: Sequence[Level]
    taken: list[BoolArray]
    lost: list[BoolArray]
    ends: _Ends

    def cut(self) -> list[IntArray]:
        """Per fragment, the length of the deepest fragment on the way to it from the start
        (itself included) that its parent's strategy does not take; 0 where all are."""
        found = [np.zeros(1, dtype=np.int64)]
        for d in range(1, len(self.levels)):
            above = found[-1][self.levels[d].parent]
            found.append(np.where(self.taken[d], above, d))
        return found


def _ends(levels: Sequence[Level], lost: list[BoolArray],
          challenged: Sequence[IntArray] = (), picked: Sequence[IntArray] = ()) -> _Ends:
    """The ends of one seat's strategies: the words it does not lose at (it did not complete
    them), and the fragments `challenged[d]` where it names the word `picked[d]`."""
    node, depth, word, named = [], [], [], []
    offset = 0
    for d, level in enumerate(levels):
        leaves = np.flatnonzero(level.leaf & ~lost[d])
        parts = [(leaves, level.start[leaves], False)]
        if d < len(challenged):
            parts.append((challenged[d], picked[d], True))
        for at, ended, said in parts:
            node.append(offset + at)
            depth.append(np.full(len(at), d, dtype=np.int64))
            word.append(np.asarray(ended, dtype=np.int64))
            named.append(np.full(len(at), said, dtype=np.bool_))
        offset += len(level)
    return _Ends(np.concatenate(node), np.concatenate(depth), np.concatenate(word),
                 np.concatenate(named))


def _inner(level: Level) -> tuple[IntArray, IntArray]:
    """The fragments of `level` that are no words, and where their blocks of children begin
    (the next level, tiled in order)."""
    inner = np.flatnonzero(~level.leaf)
    return inner, level.child_lo[inner]


def _any(level: Level, below: BoolArray) -> BoolArray:
    """Per fragment of `level`, whether any of its children holds `below` (False at words)."""
    inner, lo = _inner(level)
    found = np.zeros(len(level), dtype=np.bool_)
    if len(inner):
        found[inner] = np.logical_or.reduceat(below, lo)
    return found


def _perfect_ways(solution: Solution, seat_index: int) -> _Ways:
    """`PrefixMoves.winning_words`'s walk for one seat: where it moves, the child its minimal
    set goes through (`Solution.card_children`); elsewhere the children the mover considers
    (those it does not lose from, if any, else all); a word ends it. (The walk starts where
    the seat cannot lose, so it meets no fragment it loses from.)"""
    levels, n = solution.levels, solution.players
    bit = 1 << seat_index
    lost = [(level.losers & bit) != 0 for level in levels]
    taken = [np.zeros(1, dtype=np.bool_)]
    for d in range(len(levels) - 1):
        level, below = levels[d], levels[d + 1]
        if d % n == seat_index:
            choice = solution.card_children(d)
            chosen = np.zeros(len(below), dtype=np.bool_)
            won = choice >= 0
            chosen[level.child_lo[won] + choice[won]] = True
        else:
            safe = (below.losers >> d % n) & 1 == 0
            chosen = safe | ~_any(level, safe)[below.parent]
        taken.append(chosen & ~lost[d + 1])
    return _Ways(levels, taken, lost, _ends(levels, lost))


def _casual_ways(solution: Solution, table: Casual, seat_index: int) -> _Ways:
    """`Casual._plan`'s walk for one seat: where it moves, its best-scored child (ties: the
    fewest words, then the first); elsewhere every child the table knows a word of, or where
    it knows none, the word the seat names when challenged; a word ends it, and so does a
    fragment it cannot win from."""
    levels, n = solution.levels, solution.players
    scores, ranks = table.scores, table.ranks[seat_index]
    lost = [rank == scores.lost for rank in ranks]
    taken = [np.zeros(len(level), dtype=np.bool_) for level in levels]
    challenged = [np.zeros(0, dtype=np.int64) for _ in levels]
    size = np.zeros(0, dtype=np.int64)  # the words of each fragment's strategy, deepest up
    for d in range(len(levels) - 1, -1, -1):
        level = levels[d]
        inner, lo = _inner(level)
        count = level.leaf.astype(np.int64)
        if len(inner):
            if d % n == seat_index:
                blocks = np.diff(np.append(lo, len(levels[d + 1])))
                best = np.repeat(np.minimum.reduceat(ranks[d + 1], lo), blocks)
                fewest = np.where(ranks[d + 1] == best, size, np.iinfo(np.int64).max)
                chosen = lo + first_choice(level, fewest, np.ones(len(level), np.bool_))[inner]
                taken[d + 1][chosen] = True
                count[inner] = size[chosen]
            else:
                known = table.thresholds.best[d + 1] >= table.knows
                taken[d + 1] = known
                count[inner] = np.add.reduceat(np.where(known & ~lost[d + 1], size, 0), lo)
                challenged[d] = np.flatnonzero(~level.leaf & ~_any(level, known) & ~lost[d])
                count[challenged[d]] = 1
            taken[d + 1] &= ~lost[d + 1]
        count[lost[d]] = 0
        size = count
    picked = [np.array([scores.picked(int(key)) for key in table.pick[d][at]], dtype=np.int64)
              for d, at in enumerate(challenged)]
    return _Ways(levels, taken, lost, _ends(levels, lost, challenged, picked))


def shortest_words(solution: Solution) -> tuple[IntArray, ...]:
    """Every fragment's `shortest_word`, per length (indices into the words): the shortest
    word that begins with it, the first of those in the words' order."""
    count = len(solution.words)
    lengths = np.fromiter(map(len, solution.words), dtype=np.int64, count=count)
    keys = lengths * count + np.arange(count, dtype=np.int64)
    return tuple(level % count for level in solution.over_words(
        keys, np.minimum, np.iinfo(np.int64).max))


def escape_words(traps: Thresholds) -> tuple[IntArray, ...]:
    """Every fragment's `escape_word` for the seat that played its last letter, per length
    (indices into the words; -1 where there is none, and at the empty fragment): the line of
    `cardgen.games.advice.escape_word` from each fragment, found from the deepest fragments
    up, since the line from a fragment goes on as the line from the child it takes."""
    solution = traps.solution
    assert isinstance(solution, Solution)  # the variants' explorer finds its own
    levels, n = solution.levels, solution.players
    first = traps.first_known_levels()
    found = [np.full(len(level), -1, dtype=np.int64) for level in levels]
    everyone = [np.ones(len(level), dtype=np.bool_) for level in levels]
    for seat_index in range(min(n, len(levels) - 1)):
        escape = traps.escape[seat_index]
        line = np.full(len(levels[-1]), -1, dtype=np.int64)  # where each fragment's line ends
        for d in range(len(levels) - 2, -1, -1):
            level, below = levels[d], levels[d + 1]
            if d % n == seat_index:  # the seat's own move: its lowest threshold, the first
                choice = first_choice(level, escape[d + 1], everyone[d])
                ends = line
            else:  # the others': the first child that keeps the threshold, where it stops
                # if the others know a word that lets them out there
                kept = np.minimum(traps.best[d + 1], escape[d + 1]) == escape[d][below.parent]
                choice = first_choice(level, (~kept).astype(np.int8), everyone[d])
                ends = np.where(traps.best[d + 1] <= escape[d + 1], first[d + 1], line)
            inner = np.flatnonzero(choice >= 0)
            line = np.full(len(level), -1, dtype=np.int64)
            line[inner] = ends[level.child_lo[inner] + choice[inner]]
            if d and (d - 1) % n == seat_index:
                found[d] = np.where(np.isfinite(escape[d]), line, -1)
    return tuple(found)


def tries(
    solution: Solution, traps: Thresholds | None = None, table: Casual | None = None
) -> tuple[tuple[IntArray, IntArray], ...]:
    """Every fragment's best try (`cardgen.games.advice.best_try`, with `traps` the trap;
    with `table` the table's `trap`), per length: the position among its children of its move
    (-1: none) and how many of the replies to it are mistakes."""
    levels, n = solution.levels, solution.players
    if table is not None:
        traps = table.thresholds
    found = []
    for d, level in enumerate(levels):
        move = np.full(len(level), -1, dtype=np.int64)
        mistakes = np.zeros(len(level), dtype=np.int64)
        found.append((move, mistakes))
        inner, _ = _inner(level)
        if not len(inner):
            continue
        mover = d % n
        if table is None:  # where the mover cannot win: against perfect players, or the table
            wanted = ~level.leaf & ((level.losers >> mover) & 1 == 1)
        else:
            wanted = ~level.leaf & (table.thresholds.escape[mover][d] >= table.knows)
        below = levels[d + 1]
        replies = np.where(below.leaf, 0, below.child_hi - below.child_lo)
        wrong = np.zeros(len(below), dtype=np.int64)  # replies after which the mover wins
        if d + 2 < len(levels):
            safe = ((levels[d + 2].losers >> mover) & 1 == 0).astype(np.int64)
            kids, lo = _inner(below)
            if len(kids):
                wrong[kids] = np.add.reduceat(safe, lo)
        # Candidates: the moves that complete no word, or all where each one does.
        candidate = np.flatnonzero(~below.leaf | ~_any(level, ~below.leaf)[below.parent])
        # Shares as floats order as fractions do: with at most 64 replies (the letters) equal
        # shares divide to the same float and unequal ones lie far apart.
        share = wrong[candidate] / np.maximum(replies[candidate], 1)
        threshold = (np.zeros(len(candidate)) if traps is None
                     else traps.escape[mover][d + 1][candidate])
        # Lowest threshold, then larger share, then more mistakes, then the first: the last
        # of each parent's candidates once sorted.
        parent = below.parent[candidate]
        order = np.lexsort((-candidate, wrong[candidate], share, -threshold, parent))
        last = order[np.append(parent[order][1:] != parent[order][:-1], True)]
        chosen, at = candidate[last], parent[last]
        keep = wanted[at]
        move[at[keep]] = chosen[keep] - level.child_lo[at[keep]]
        mistakes[at[keep]] = wrong[chosen[keep]]
    return tuple(found)
