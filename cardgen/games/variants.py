"""The games cardgen solves: Ghost and its variants, each a `Game` that says only what differs.

As in python-chess's `chess/variant.py`, a variant overrides how positions grow and are
indexed (which words count, and the solver of its positions), and `find_game(name)` finds one
by name or alias. Everything after solving reads a `cardgen.games.game.GameSolution` and never asks
which game it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy loads only to solve: a card read from the cache needs none of it
    from cardgen.games.game import GameSolution
    from cardgen.games.ranking import Ranking
    from cardgen.words.lexicon import Lexicon


@dataclass(frozen=True)
class Game:
    """Ghost: a letter is added at the end; the fragment must begin a playable word."""

    name: str = "ghost"
    """The name configs give (`game: ghost`)."""
    title: str = "Ghost"
    """How cards and prompts call the game."""
    aliases: tuple[str, ...] = ()
    prefix_free: bool = True
    """Whether a word that begins with a shorter word is dropped (docs/rules.md): the game
    ends at the shorter word before the longer one can be reached."""
    decision_tables: bool = False
    """Whether a card prints the strategy as decision tables (else as word sets)."""
    rules: str = "add a letter at the end"
    """Each turn, in a few words."""
    move_noun: str = "letter"
    """What a move is called in prompts and explanations."""
    holds: str = "begins with"
    """How a word holds a fragment it grows from: "no word begins with bx"."""
    inside: str = "begins"
    """How a fragment sits in a word: "be begins a playable word"."""
    move_help: str = "Type a letter"
    """How a person types a move in `cardgen play`."""
    move_key: str = "a letter"
    """How a card writes a play, for its how-to-read line."""

    def solve(self, lexicon: Lexicon, players: int, ranking: Ranking | None = None) -> GameSolution:
        """The game solved on the lexicon's playable words."""
        from cardgen.games.ranking import FEWEST
        from cardgen.games.solver import solve

        return solve(lexicon, players, ranking or FEWEST)


@dataclass(frozen=True)
class SuperGhost(Game):
    """SuperGhost: a letter at the front or the back; the fragment must stay an infix. Its
    strategy is a decision table, ranked by the fewest decisions (`ranking` only marks words)."""

    name: str = "superghost"
    title: str = "SuperGhost"
    aliases: tuple[str, ...] = ("super",)
    prefix_free: bool = False
    decision_tables: bool = True
    rules: str = "add a letter at the front or the back"
    move_noun: str = "play"
    holds: str = "contains"
    inside: str = "is inside"
    move_help: str = "Type b- to add b in front, -b to add it at the back"
    move_key: str = "`b…` (b in front) or `…m` (m at the back)"
    reverse: bool = False
    """Whether the fragment may be reversed first (SuperDuperGhost)."""

    def solve(self, lexicon: Lexicon, players: int, ranking: Ranking | None = None) -> GameSolution:
        """The variant solved on every word of the minimum length (not pruned)."""
        from cardgen.games.superghost import solve

        return solve(lexicon, players, reverse=self.reverse)


@dataclass(frozen=True)
class SuperDuperGhost(SuperGhost):
    """SuperDuperGhost: as SuperGhost, but the fragment may be reversed first."""

    name: str = "superduperghost"
    title: str = "SuperDuperGhost"
    aliases: tuple[str, ...] = ("superduper",)
    rules: str = "add a letter at the front or the back, of the fragment or of its reverse"
    move_help: str = (
        "Type b- to add b in front, -b to add it at the back, ~b- or ~-b to reverse first"
    )
    move_key: str = (
        "`b…` (b in front) or `…m` (m at the back), with ↺ first when the fragment is reversed"
    )
    reverse: bool = True


GHOST = Game()
"""Ghost itself, the default game."""
GAMES: tuple[Game, ...] = (GHOST, SuperGhost(), SuperDuperGhost())
"""Every game, Ghost first."""
GAME_NAMES: tuple[str, ...] = tuple(game.name for game in GAMES)


def find_game(name: str) -> Game:
    """The game of that name or alias (case-insensitive); ValueError naming the choices."""
    wanted = name.strip().lower()
    for game in GAMES:
        if wanted == game.name or wanted in game.aliases:
            return game
    raise ValueError(f"no game {name!r}: expected one of {', '.join(GAME_NAMES)}")
