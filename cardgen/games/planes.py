"""Writing a stored game: a solved game's planes, from numpy (Ghost's read by
`cardgen.games.stored`, the variants' by `cardgen.games.storedinfix`).

The readers import neither numpy nor the solver; this is the other half, run where the game was
solved or read back whole (a build, a first play), with the choices the site's explorer walks
too (`choice_planes`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import numpy as np

from cardgen.games.casual import casual
from cardgen.games.computer import known_game
from cardgen.games.solver import Solution
from cardgen.games.stored import FORMAT
from cardgen.games.superghost import InfixSolution
from cardgen.games.trie import first_choice

if TYPE_CHECKING:
    from cardgen.games.casual import Casual
    from cardgen.games.game import GameSolution
    from cardgen.games.levels import Array
    from cardgen.games.traps import Thresholds


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


_CODES = {"|u1": "B", "<u2": "H", "<u4": "I", "<f8": "d"}
"""The `array` type code of each little-endian numpy type a plane is written in."""


def _fit(values: Any) -> str:
    """The smallest unsigned type that holds every value."""
    top = int(values.max()) if len(values) else 0
    return "|u1" if top < 1 << 8 else "<u2" if top < 1 << 16 else "<u4"
