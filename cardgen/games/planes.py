"""Writing a stored game (`cardgen.games.stored`): a solved Ghost game's planes, from numpy.

The reader imports neither numpy nor the solver; this is the other half, run where the game was
solved or read back whole (a build, a first play), with the choices the site's explorer walks
too (`choice_planes`).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import numpy as np

from cardgen.games.casual import casual
from cardgen.games.computer import known_game
from cardgen.games.solver import Solution
from cardgen.games.stored import FORMAT
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
    """A solved Ghost game, its thresholds (None: no word frequencies) and with `knows` a
    casual table, as `read_game` reads them back; ValueError for a game that is not Ghost's."""
    if not isinstance(solution, Solution):
        raise ValueError(f"no stored game of {solution.game}")
    levels = solution.levels
    planes: list[tuple[str, Any]] = []

    def add(name: str, values: Any, wide: bool = False) -> None:
        planes.append((name, np.asarray(values).astype("<u4" if wide else _fit(values))))

    add("start", np.concatenate([level.start for level in levels]), wide=True)
    add("count", np.concatenate([np.where(level.leaf, 0, level.child_hi - level.child_lo)
                                 for level in levels]))
    add("losers", np.concatenate([level.losers for level in levels]))
    moves, _ = choice_planes(solution)
    add("choice", np.concatenate(moves) + 1)
    table = casual(traps, knows) if traps is not None and knows is not None else None
    if traps is not None:
        best = np.concatenate(traps.best)
        parts = [*(np.concatenate(traps.escape[k]) for k in range(solution.players)), best]
        # Every threshold and M is a word's Zipf or infinite: look them up among those.
        values = np.unique(np.concatenate([traps.zipf, [-np.inf, np.inf]]))
        held = np.concatenate([*parts, traps.zipf])
        index = np.minimum(np.searchsorted(values, held), len(values) - 1)
        if not np.array_equal(values[index], held):
            raise ValueError("stored game: a threshold that is no word's Zipf")
        planes.append(("values", values.astype("<f8")))
        names = [*(f"escape{k}" for k in range(solution.players)), "best", "zipf"]
        for name, plane in zip(names, np.split(index, np.cumsum([len(x) for x in parts])),
                               strict=True):
            add(name, plane)
        add("first", np.concatenate(traps.first_known_levels()), wide=True)
    if table is not None and traps is not None and knows is not None:
        known = known_game(traps, knows)
        masks = np.zeros(sum(len(level) for level in levels), dtype=np.int64)
        if known is not None:
            assert isinstance(known, Solution)
            masks[best >= knows] = np.concatenate([level.losers for level in known.levels])
        add("known_losers", masks)
        moves, pick = choice_planes(solution, table)
        assert pick is not None
        add("casual_choice", np.concatenate(moves) + 1)
        add("pick", np.concatenate(pick) + 1)
    lexicon = solution.lexicon
    words = "\n".join(lexicon.words).encode()
    header = {
        "format": FORMAT, "players": solution.players, "letters": lexicon.letters,
        "min_length": lexicon.min_length, "longest": len(levels) - 1,
        "spelling": asdict(lexicon.spelling),
        "knows": None if table is None else knows, "words": len(words),
        "planes": [[name, _CODES[plane.dtype.str], len(plane)] for name, plane in planes],
    }
    return b"".join([json.dumps(header).encode(), b"\n", words,
                     *(plane.tobytes() for _, plane in planes)])


_CODES = {"|u1": "B", "<u2": "H", "<u4": "I", "<f8": "d"}
"""The `array` type code of each little-endian numpy type a plane is written in."""


def _fit(values: Any) -> str:
    """The smallest unsigned type that holds every value."""
    top = int(values.max()) if len(values) else 0
    return "|u1" if top < 1 << 8 else "<u2" if top < 1 << 16 else "<u4"
