"""Writing a stored game: a solved game's planes, from numpy (Ghost's read by
`cardgen.games.stored`, the variants' by `cardgen.games.storedinfix`).

The readers import neither numpy nor the solver; this is the other half, run where the game was
solved or read back whole (a build, a first play), with the choices the site's explorer walks
too (`choice_planes`). A variant's store is also the one copy of its solved game that the
solution cache keeps: `infix_game` rebuilds the `InfixSolution` and its thresholds from it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import numpy as np

from cardgen.games.casual import casual
from cardgen.games.computer import known_game
from cardgen.games.infix import InfixGraph, InfixLevel
from cardgen.games.solver import Solution
from cardgen.games.stored import FORMAT
from cardgen.games.storedinfix import StoredInfixGame
from cardgen.games.superghost import InfixSolution
from cardgen.games.traps import Thresholds
from cardgen.games.trie import first_choice

if TYPE_CHECKING:
    from cardgen.games.casual import Casual
    from cardgen.games.game import GameSolution
    from cardgen.games.levels import Array
    from cardgen.games.stored import StoredPlay


def choice_planes(
    solution: Solution, table: Casual | None = None
) -> tuple[list[Array], list[Array] | None]:
    """Per length, for every fragment: the position among its children of the child the
    card's words go through (`Solution.card_children`; with `table`, its strategy against the
    casual table), -1 where its mover does not win; with `table`, also the child the word named
    when the others challenge goes through (else None). The stored game and the site's
    explorer (`cardgen.render.explorer`) walk the strategies with them."""
    levels = solution.levels
    if table is None:
        return [solution.card_children(d) for d in range(len(levels))], None
    moves, pick = [], []
    for d, level in enumerate(levels):
        if d + 1 == len(levels):
            moves.append(np.full(len(level), -1, dtype=np.int64))
            pick.append(moves[-1])
            continue
        ranks = table.ranks[d % solution.players]
        moves.append(first_choice(level, ranks[d + 1], ranks[d] != table.scores.lost))
        pick.append(first_choice(level, table.pick[d + 1], np.ones(len(level), dtype=bool)))
    return moves, pick


def stored_game(solution: GameSolution, traps: Thresholds | None, knows: float | None) -> bytes:
    """A solved game, its thresholds (None: no word frequencies) and with `knows` a casual
    table, as `read_game` (Ghost) or `read_infix_game` (the variants) reads them back."""
    planes = _Planes()
    table = casual(traps, knows) if traps is not None and knows is not None else None
    if isinstance(solution, Solution):
        extra = _ghost_planes(planes, solution, traps, table)
    elif isinstance(solution, InfixSolution):
        extra = _infix_planes(planes, solution, traps, table)
    else:
        raise ValueError(f"no stored game of {solution.game}")
    lexicon = solution.lexicon
    words = "\n".join(lexicon.words).encode()
    header = {
        "format": FORMAT, "game": solution.game, "players": solution.players,
        "letters": lexicon.letters, "min_length": lexicon.min_length,
        "spelling": asdict(lexicon.spelling), "knows": None if table is None else knows,
        "words": len(words), **extra,
        "planes": [[name, _CODES[plane.dtype.str], len(plane)] for name, plane in planes],
    }
    return b"".join([json.dumps(header).encode(), b"\n", words,
                     *(plane.tobytes() for _, plane in planes)])


class _Planes(list[tuple[str, Any]]):
    """The planes of a stored game, in the order written."""

    def add(self, name: str, values: Any, wide: bool = False) -> None:
        """A plane of unsigned integers, in the smallest type that holds them (`wide`: 4 bytes)."""
        values = np.asarray(values)
        self.append((name, values.astype("<u4" if wide else _fit(values))))


def _ghost_planes(
    planes: _Planes, solution: Solution, traps: Thresholds | None, table: Casual | None
) -> dict[str, Any]:
    """Ghost's planes: its trie's fragments level by level (`cardgen.games.stored`)."""
    levels = solution.levels
    planes.add("start", np.concatenate([level.start for level in levels]), wide=True)
    planes.add("count", np.concatenate([np.where(level.leaf, 0, level.child_hi - level.child_lo)
                                        for level in levels]))
    planes.add("losers", np.concatenate([level.losers for level in levels]))
    moves, _ = choice_planes(solution)
    planes.add("choice", np.concatenate(moves) + 1)
    if traps is not None:
        best = _threshold_planes(planes, traps, np.concatenate)
        if table is not None:
            known = known_game(traps, table.knows)
            masks = np.zeros(len(best), dtype=np.int64)
            if known is not None:
                assert isinstance(known, Solution)
                masks[best >= table.knows] = np.concatenate([lv.losers for lv in known.levels])
            planes.add("known_losers", masks)
            moves, pick = choice_planes(solution, table)
            assert pick is not None
            planes.add("casual_choice", np.concatenate(moves) + 1)
            planes.add("pick", np.concatenate(pick) + 1)
    return {"longest": len(levels) - 1}


def _infix_planes(
    planes: _Planes, solution: InfixSolution, traps: Thresholds | None, table: Casual | None
) -> dict[str, Any]:
    """The variants' planes (`cardgen.games.storedinfix`): the fragments level by level, each
    seat's decision counts and casual scores where it has just moved, the thresholds, and the
    game on the words the casual table knows."""
    fragments = [level.fragment for level in solution.graph.levels]

    def stored(arrays: Sequence[Array]) -> Array:
        return np.concatenate([a[kept] for a, kept in zip(arrays, fragments, strict=True)])

    extra: dict[str, Any] = {"levels": _graph_planes(planes, solution, "")}
    n = solution.players
    costs = [solution.costs(seat) for seat in range(1, n + 1)]
    planes.add("cost", _moved(stored, costs, n))
    extra["known_levels"] = None
    if traps is not None:
        _threshold_planes(planes, traps, stored, first=False)  # found when asked, among
        zipf = dict(planes)["zipf"]  # the words of Zipf M: the words by Zipf, in order
        order = np.argsort(zipf, kind="stable")
        planes.add("by_zipf", order, wide=True)
        planes.add("zipf_start", np.searchsorted(zipf[order], np.arange(int(zipf.max()) + 2)),
                   wide=True)
        if table is not None:
            planes.add("casual_rank", _moved(stored, table.ranks, n))
            picked = stored(table.pick) % len(solution.words)  # `DecisionCounts.picked`
            planes.add("pick", picked, wide=True)
            known = known_game(traps, table.knows)
            if known is not None:
                assert isinstance(known, InfixSolution)
                planes.add("known_words", np.flatnonzero(traps.zipf >= table.knows), wide=True)
                extra["known_levels"] = _graph_planes(planes, known, "known_")
    return extra


def _graph_planes(planes: _Planes, solution: InfixSolution, prefix: str) -> list[int]:
    """The fragments of a variant's infix graph, level by level, and the number at each
    level: each fragment's key (its id without its last letter, times the letters, plus its
    last letter: the ids count fragments only), and its loser mask, 0 at a playable word."""
    base = len(solution.lexicon.letters)
    keys, masks, sizes = [], [], []
    ids = np.zeros(1, dtype=np.int64)
    for level, losers in zip(solution.graph.levels, solution.losers_by_length, strict=True):
        kept = level.fragment
        key = level.key[kept].astype(np.int64)
        keys.append(ids[key // base] * base + key % base)
        ids = np.cumsum(kept) - 1
        masks.append(np.where(level.leaf[kept], 0, losers[kept]))
        sizes.append(int(kept.sum()))
    mask = np.concatenate(masks)
    if not np.all((mask != 0) | np.concatenate([lv.leaf[lv.fragment]
                                                 for lv in solution.graph.levels])):
        raise ValueError("stored game: a fragment that is no word with no loser")
    planes.add(prefix + "key", np.concatenate(keys), wide=True)
    planes.add(prefix + "losers", mask)
    return sizes


def _moved(
    stored: Callable[[Sequence[Array]], Array], scores: Sequence[Sequence[Array]], n: int
) -> Array:
    """Per fragment, the score (decisions) of the seat that played its last letter, plus 1; 0
    where that seat cannot win (and at the empty fragment)."""
    moved = [np.zeros(1)] + [scores[(d - 1) % n][d] for d in range(1, len(scores[0]))]
    held = stored(moved)
    return np.where(np.isinf(held), 0, held + 1).astype(np.int64)


def _threshold_planes(
    planes: _Planes, traps: Thresholds, stored: Callable[[Sequence[Array]], Array],
    first: bool = True,
) -> Array:
    """Each seat's escape thresholds, M and (with `first`) the first word of Zipf M, of the
    fragments `stored` keeps; the thresholds as indices into the distinct values. M is
    returned."""
    best = stored(traps.best)
    parts = [*(stored(traps.escape[k]) for k in range(traps.solution.players)), best]
    # Every threshold and M is a word's Zipf or infinite: look them up among those.
    # (sorted(set()) as np.unique: without return_* np.unique imports numpy.ma, 15 ms)
    values = np.array(sorted({*traps.zipf.tolist(), -np.inf, np.inf}), dtype=np.float64)
    held = np.concatenate([*parts, traps.zipf])
    index = np.minimum(np.searchsorted(values, held), len(values) - 1)
    if not np.array_equal(values[index], held):
        raise ValueError("stored game: a threshold that is no word's Zipf")
    planes.append(("values", values.astype("<f8")))
    names = [*(f"escape{k}" for k in range(traps.solution.players)), "best", "zipf"]
    for name, plane in zip(names, np.split(index, np.cumsum([len(x) for x in parts])),
                           strict=True):
        planes.add(name, plane)
    if first:
        planes.add("first", stored(traps.first_known_levels()), wide=True)
    return best


def infix_game(stored: StoredPlay) -> tuple[InfixSolution, Thresholds | None]:
    """A variant's solved game and its thresholds (None where the store has none) rebuilt
    with numpy from its stored game (`cardgen.games.storedinfix.read_infix_game`): what
    explain's full path and a build read, so the solution cache keeps the game once. The graph
    holds the fragments only, numbered as the store numbers them (SuperDuperGhost's solver
    also numbers the infixes found only reversed, which no move reaches), and its moves are
    those the solver lists, in its order (`cardgen.games.infix._edges`): into each fragment
    from itself without its last letter (its key), without its first (found a level at a
    time from the keys) and, in SuperDuperGhost, their reverses. The loser sets and the
    thresholds are read from the planes; a fragment's letters are read at a place of the words
    where it occurs, found from the level below."""
    game = stored.solution
    if not isinstance(game, StoredInfixGame):
        raise ValueError("not a stored SuperGhost or SuperDuperGhost game")
    planes, lexicon, players = game.planes, game.lexicon, game.players
    sizes: list[int] = planes.header["levels"]
    cut = np.cumsum([0, *sizes])

    def plane(name: str) -> Array:
        values = planes[name]
        return np.frombuffer(values, dtype=values.typecode) if len(values) else np.zeros(0)

    def levels_of(values: Array) -> tuple[Array, ...]:
        return tuple(values[cut[d]:cut[d + 1]] for d in range(len(sizes)))

    keys = levels_of(plane("key").view(np.int32))  # below 2**31: the solver's int32
    masks = levels_of(plane("losers"))
    leaves = [mask == 0 for mask in masks]
    text, starts, lengths = _letter_codes(lexicon.words, lexicon.letters)
    base, i32 = len(lexicon.letters), np.int32
    nothing = np.zeros(0, dtype=i32)
    backs, fronts = [nothing], [nothing]
    moves = []
    front = first = turned = np.zeros(1, dtype=i32)  # the empty fragment's
    lookup = nothing
    for length in range(1, len(sizes)):
        key = keys[length]
        back, last = key // base, key % base
        # Each fragment's id by its key (only keys are ever looked up: no need to clear it).
        below, lookup = lookup, np.empty(sizes[length - 1] * base, dtype=i32)
        lookup[key] = np.arange(sizes[length], dtype=i32)
        if length == 1:
            front, first = np.zeros(len(key), dtype=i32), last
        else:  # the fragment without its first letter: that of its key's fragment, grown
            front, first = _found(keys[length - 1], below, front[back], last, base), first[back]
        columns = [back, front]
        if game.reverse and length > 1:
            columns += [turned[back], turned[front]]
        moves.append(_moves(columns, leaves[length - 1]))
        if game.reverse:  # the reverse of f: the reverse of f without its first letter, grown
            turned = np.arange(len(key), dtype=i32) if length == 1 else _found(
                key, lookup, turned[front], first, base)
        backs.append(back)
        fronts.append(front)
    reps: list[Array] = []
    rep = np.zeros(0, dtype=i32)
    for length in range(len(sizes) - 1, -1, -1):  # where each fragment occurs, from below
        above = np.full(sizes[length], -1, dtype=i32)
        if length + 1 < len(sizes):
            above[fronts[length + 1]] = rep + 1
            above[backs[length + 1]] = rep
        words = np.flatnonzero(lengths == length)  # a level's words are its leaves, in order
        if len(words) != int(leaves[length].sum()):
            raise ValueError("stored game: its words and its leaves disagree")
        above[leaves[length]] = starts[words]
        if (above < 0).any() or (length and (fronts[length] < 0).any()):
            raise ValueError("stored game: a fragment whose parts are not stored")
        reps.append(above)
        rep = above
    reps.reverse()
    moves.append((nothing, nothing))
    graph = InfixGraph(lexicon.letters, text, tuple(
        InfixLevel(key, rep, np.ones(len(key), dtype=np.bool_), leaf, *edges)
        for key, rep, leaf, edges in zip(keys, reps, leaves, moves, strict=True)))
    losers = tuple(np.where(leaf, 1 << (d - 1) % players, mask).astype(np.uint16)
                   for d, (leaf, mask) in enumerate(zip(leaves, masks, strict=True)))
    solution = InfixSolution(lexicon, players, game.reverse, graph, losers)
    if stored.traps is None:
        return solution, None
    values = plane("values")
    escape = tuple(levels_of(values[plane(f"escape{k}")]) for k in range(players))
    return solution, Thresholds(solution, values[plane("zipf")], levels_of(values[plane("best")]),
                                escape)


def _letter_codes(words: Sequence[str], letters: str) -> tuple[Array, Array, Array]:
    """The words' letter codes end to end (as `cardgen.games.infix.build_graph` lays out the
    forward words), where each word starts, and each word's length."""
    points = np.frombuffer("".join(words).encode("utf-32-le"), dtype=np.uint32)
    table = np.full(max(map(ord, letters)) + 1, -1, dtype=np.int32)
    table[[ord(x) for x in letters]] = np.arange(len(letters), dtype=np.int32)
    lengths = np.fromiter(map(len, words), dtype=np.int32, count=len(words))
    return table[points], (np.cumsum(lengths) - lengths).astype(np.int32), lengths


def _found(key: Array, lookup: Array, parent: Array, letter: Array, base: int) -> Array:
    """The id of each fragment `parent` (an id of the level above; -1: none) grown by `letter`,
    -1 where it is no fragment (`lookup`: each key's id, anything elsewhere)."""
    want = np.maximum(parent, 0) * base + letter
    found = np.clip(lookup[want], 0, len(key) - 1)
    return np.where((parent >= 0) & (key[found] == want), found, -1).astype(np.int32)


def _moves(columns: list[Array], parent_leaf: Array) -> tuple[Array, Array]:
    """The moves into a level, as `cardgen.games.infix._edges` lists them, from each
    fragment's candidate parents (one column per way of growing; -1: a reverse that is no
    fragment): none out of a word, the same parent by two ways once."""
    child = np.arange(len(columns[0]), dtype=np.int32)
    parents, children = [], []
    for k, column in enumerate(columns):
        ok = (column >= 0) & ~parent_leaf[np.maximum(column, 0)]
        for earlier in columns[:k]:
            ok &= column != earlier
        parents.append(column[ok])
        children.append(child[ok])
    return np.concatenate(parents), np.concatenate(children)


_CODES = {"|u1": "B", "<u2": "H", "<u4": "I", "<f8": "d"}
"""The `array` type code of each little-endian numpy type a plane is written in."""


def _fit(values: Any) -> str:
    """The smallest unsigned type that holds every value."""
    top = int(values.max()) if len(values) else 0
    return "|u1" if top < 1 << 8 else "<u2" if top < 1 << 16 else "<u4"
