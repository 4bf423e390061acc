"""The game `cardgen play` plays: the stored game when the solution cache has it, else the full
path (the config's game solved or read back whole, `cardgen.cards.explain.game_for`), which is
then stored for the next game (`cardgen.cards.querycache.GameStore`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.cards.config import CardConfig
from cardgen.cards.position import CasualTable
from cardgen.cards.querycache import GameStore
from cardgen.games.advice import Escapes
from cardgen.games.game import GameSolution
from cardgen.games.opponent import Opponent
from cardgen.progress import ProgressCallback

if TYPE_CHECKING:  # a stored game is played without them
    from cardgen.cards.make import Lexicons


@dataclass
class PlayedGame:
    """The game `cardgen play` plays: read from its store, or else solved (or read back whole)
    on the full path, and then stored (`keep`)."""

    config: CardConfig
    solution: GameSolution
    traps: Escapes | None
    table: CasualTable | None = None
    """The casual table's strategies, where the store has them (else play solves them)."""
    known: GameSolution | None = None
    """The game on the words the casual table knows, where the store has it."""
    store: GameStore | None = None
    """Where a game played from the full path is stored; None for a stored game."""
    lexicons: Lexicons | None = None
    """The lists and games the full path read (None for a stored game): the deck's plays
    (`cardgen.app.runner.deck_plays`) are found from them, not solved again."""

    @classmethod
    def for_config(
        cls, config_path: Path, config: CardConfig, opponent: Opponent | None,
        progress: ProgressCallback | None = None, *, cache: bool = False,
        max_seconds: float | None = None,
    ) -> PlayedGame:
        """The game of a card config (`config`, read from `config_path`) against `opponent`
        (None: the config's), from its store when `cache` allows and the store has it."""
        store = GameStore.for_config(config, (opponent or config.opponent).knows, enabled=cache)
        stored = store.read()
        if stored is not None:
            return cls(config, stored.solution, stored.traps, stored.table, stored.known)
        from cardgen.cards.explain import game_for
        from cardgen.cards.make import Lexicons

        lexicons = Lexicons(progress=progress, cache=cache, max_seconds=max_seconds)
        config, solution, traps = game_for(config_path, lexicons=lexicons)
        return cls(config, solution, traps, store=store, lexicons=lexicons)

    def keep(self) -> None:
        """Store a game played from the full path."""
        if self.store is not None:
            from cardgen.games.traps import Thresholds

            assert self.traps is None or isinstance(self.traps, Thresholds)
            self.store.keep(self.solution, self.traps)
