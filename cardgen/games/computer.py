"""How computer seats choose their letters in `cardgen play`: perfect players, or a casual table
that knows only common words (docs/rules.md, "A card for casual tables")."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from cardgen.games.advice import best_try
from cardgen.games.game import GameSolution
from cardgen.games.variants import find_game

if TYPE_CHECKING:  # a stored game plays without numpy (`cardgen.games.stored`)
    from cardgen.games.traps import Thresholds

Computer = Callable[[str], "str | None"]
"""How a computer seat picks its letter at a fragment (None: it challenges)."""


def computer_move(solution: GameSolution, fragment: str, rng: random.Random) -> str:
    """A winning letter chosen at random, or the best try when the seat cannot win."""
    moves = solution.winning_moves(fragment)
    if moves:
        return rng.choice(moves)
    found = best_try(solution, fragment)
    return found.move if found is not None else solution.children(fragment)[0]


def casual_move(
    known: GameSolution | None, solution: GameSolution, fragment: str, rng: random.Random
) -> str | None:
    """A computer seat that knows only the words of `known` (None: no word at all): perfect
    play in the game on those words, or None (a challenge) where it knows no word that holds
    the fragment (`cardgen.games.game`). At the start, knowing nothing, it plays any letter."""
    if known is None or known.find(fragment) is None:
        return rng.choice(solution.children(fragment)) if not fragment else None
    return computer_move(known, fragment, rng)


def known_game(traps: Thresholds, knows: float) -> GameSolution | None:
    """The game on the words a casual table knows (Zipf >= `knows`), solved; None if it knows
    none of the playable words. Solved once per `traps` and `knows`."""
    found: GameSolution | None = traps.per_table("known", knows,
                                                 lambda: _known_game(traps, knows))
    return found


def _known_game(traps: Thresholds, knows: float) -> GameSolution | None:
    solution = traps.solution
    lexicon = solution.lexicon
    words = tuple(w for w, z in zip(lexicon.words, traps.zipf, strict=True) if z >= knows)
    if not words:
        return None
    return find_game(solution.game).solve(replace(lexicon, words=words), solution.players)
