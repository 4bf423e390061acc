"""What the solution cache keeps of a SuperGhost or SuperDuperGhost card config.

The solved game is kept once, as the stored game `cardgen play` reads (`GameStore`, the
config's table), which holds all of it: explain's full path (and a build, where explain or play
kept it) rebuild the `InfixSolution` and its thresholds from it
(`cardgen.games.planes.infix_game`). The casual tables' figures are not kept: `explain` works
out those of the position it is asked, and only they (`cardgen.cards.localplay`). TWL06
SuperGhost's build, play and explain kept 294 MB (the game 64 MB, the figures of five tables
42 MB each, the stored game 20 MB); they keep 17 MB, and the build only its card and deck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardgen.cards.config import CardConfig
from cardgen.games.game import GameSolution

if TYPE_CHECKING:
    from cardgen.games.traps import Thresholds


def kept_game(
    config: CardConfig, compute: Callable[[bool], GameSolution | Thresholds], traps: bool,
    *, keep: bool = True,
) -> GameSolution | Thresholds:
    """A variant's solved game (with `traps`, its thresholds where it has them) from the
    stored game of its config's table, else `compute(True)`d and (with `keep`) stored so."""
    from cardgen.cards.querycache import GameStore
    from cardgen.games.planes import infix_game
    from cardgen.games.traps import Thresholds

    store = GameStore.for_config(config, config.opponent.knows)
    stored = store.read()
    if stored is not None:
        try:
            solution, found = infix_game(stored)
        except ValueError:  # parts that do not fit: a miss, stored again
            pass
        else:
            return found if traps and found is not None else solution
    if not keep:
        return compute(traps)
    game = compute(True)  # with its thresholds: the store holds them for play
    if isinstance(game, Thresholds):
        store.keep(game.solution, game)
        return game if traps else game.solution
    store.keep(game, None)
    return game


__all__ = ["kept_game"]
