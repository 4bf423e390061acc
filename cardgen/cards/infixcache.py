"""What the solution cache keeps of a SuperGhost or SuperDuperGhost card config, and how
`cardgen explain` reads it.

The solved game is kept once, as the stored game `cardgen play` reads (`GameStore`, the
config's table), which holds all of it: explain's full path and a build rebuild the
`InfixSolution` and its thresholds from it (`cardgen.games.planes.infix_game`). The casual
tables' figures are not kept: `explain` works out those of the position it is asked, and only
they (`cardgen.cards.localplay`), but for the openings (the empty fragment and each letter,
whose figures read the whole game), whose figures at the config's tables the build keeps
(`OpeningFigures`). TWL06 SuperGhost's build, play and explain kept 294 MB (the game 64 MB, the
figures of five tables 42 MB each, the stored game 20 MB); they keep 17 MB.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.cards.cachekey import config_key
from cardgen.cards.config import CardConfig
from cardgen.cards.openings import PositionOdds
from cardgen.cards.superpocket import FloatArray
from cardgen.games.game import Decision, GameSolution
from cardgen.games.opponent import TableRange

if TYPE_CHECKING:
    from cardgen.cards.cache import Store
    from cardgen.cards.superpocket import InfixPlay
    from cardgen.games.superghost import InfixSolution
    from cardgen.games.traps import Thresholds


def kept_game(
    config: CardConfig, compute: Callable[[bool], GameSolution | Thresholds], traps: bool
) -> GameSolution | Thresholds:
    """A variant's solved game (with `traps`, its thresholds where it has them) from the
    stored game of its config's table, else `compute(True)`d and stored so."""
    from cardgen.cards.positions import GameStore
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
    game = compute(True)  # with its thresholds: the store holds them for play
    if isinstance(game, Thresholds):
        store.keep(game.solution, game)
        return game if traps else game.solution
    store.keep(game, None)
    return game


@dataclass(frozen=True)
class OpeningOdds:
    """One opening's figures at each table, for the decision table they were worked out for."""

    fragment: str
    decisions: tuple[Decision, ...]
    """The mover's decision table from the opening that `explain` shows (its figures' `words`
    keep to it)."""
    odds: tuple[PositionOdds | None, ...]
    """The figures at each table, lowest Zipf first (`infix_position_odds`)."""


@dataclass(frozen=True)
class OpeningFigures:
    """The figures `explain` gives a variant's openings at its config's tables, as the build
    keeps them."""

    tables: tuple[float, ...]
    openings: tuple[OpeningOdds, ...]


@dataclass(frozen=True)
class TopShares:
    """Each table's shares of the plays out of the empty fragment and out of each letter
    (`InfixPlay.share[:2]`), as the build keeps them: how often a game reaches a longer
    fragment reads them, and they take a walk of every word the table knows."""

    tables: tuple[float, ...]
    shares: tuple[tuple[FloatArray, ...], ...]


def _key(config: CardConfig, part: str) -> dict[str, object]:
    return dict(config_key(config, "game"), kind="figures", part=part)


def keep_openings(
    config: CardConfig, store: Store, solution: InfixSolution, traps: Thresholds | None,
    plays: Sequence[InfixPlay],
) -> None:
    """Keep the figures of the openings at the config's tables (`plays`, each table's play
    of the whole game), for the decision tables `explain` shows against the config's
    opponent."""
    from cardgen.cards.superpocket import infix_position_odds
    from cardgen.games.casual import casual

    if store.root is None:
        return
    knows = config.opponent.knows
    table = casual(traps, knows) if traps is not None and knows is not None else None
    found = []
    for fragment in ("", *solution.fragments(1)):
        if solution.is_word(fragment):
            continue
        decisions = (table or solution).decisions(fragment, solution.mover(fragment))
        found.append(OpeningOdds(fragment, decisions, tuple(
            infix_position_odds(play, fragment, decisions) for play in plays)))
    tables = tuple(play.knows for play in plays)
    store.write(_key(config, "openings"), OpeningFigures(tables, tuple(found)))
    store.write(_key(config, "top"), TopShares(tables, tuple(tuple(p.share[:2]) for p in plays)))


def position_odds(
    config: CardConfig, store: Store, solution: InfixSolution, traps: Thresholds | None,
    tables: TableRange, fragment: str, decisions: Sequence[Decision],
) -> tuple[PositionOdds | None, ...]:
    """The figures of a position at each of `tables` (the mover keeping to `decisions`): an
    opening's as the build kept them for these decisions, else worked out for it alone
    (`cardgen.cards.localplay`), from the shortest fragments' plays the build kept (those of
    the config's tables: `--knows` names one of them, or another)."""
    from cardgen.cards.localplay import position_plays
    from cardgen.cards.superpocket import infix_position_odds

    if len(fragment) <= 1:
        kept: OpeningFigures | None = store.read(_key(config, "openings"), OpeningFigures)
        if kept is not None and kept.tables == tables.tables:
            found = next((o.odds for o in kept.openings
                          if o.fragment == fragment and o.decisions == tuple(decisions)), None)
            if found is not None:
                return found
    top: TopShares | None = store.read(_key(config, "top"), TopShares)
    shares = {} if top is None else dict(zip(top.tables, top.shares, strict=True))
    given = [shares[theta] for theta in tables.tables if theta in shares]  # (a --knows too)
    plays = position_plays(solution, None if traps is None else traps.zipf, tables.tables,
                           fragment, given if len(given) == len(tables.tables) else ())
    return tuple(infix_position_odds(play, fragment, decisions) for play in plays)


__all__ = [
    "OpeningFigures", "OpeningOdds", "TopShares", "keep_openings", "kept_game", "position_odds",
]
