"""`cardgen explain`: everything the solution says about one position of a game, from a config.

`explain` itself, `Position` and the parsing of a typed fragment live in
`cardgen.cards.position` (they import neither numpy nor the solver, so `cardgen play` reads
a stored game with them); this module reads a config, solves or reads back its game, and adds
what only the full path knows: why a word of the list does not count, and the pocket cards'
figures.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from pathlib import Path

from cardgen.cards.config import CardConfig, load_card_config
from cardgen.cards.figures import position_figures
from cardgen.cards.infixcache import position_odds
from cardgen.cards.make import Lexicons, config_figures, config_game
from cardgen.cards.position import (
    FragmentError,
    KnowsError,
    Letter,
    Position,
    explain,
    opponent_for,
    parse_fragment,
    shortest_word,
)
from cardgen.files import protected
from cardgen.games.game import GameSolution
from cardgen.games.opponent import FROM_CONFIG, Opponent, TableRange
from cardgen.games.superghost import InfixSolution
from cardgen.games.traps import Thresholds
from cardgen.games.workload import BudgetError
from cardgen.progress import ProgressCallback
from cardgen.words.entries import Entries
from cardgen.words.lexicon import Lexicon, not_counted
from cardgen.words.wordlists import check_available

__all__ = [
    "FragmentError", "KnowsError", "Letter", "Position", "explain", "explain_config", "game_for",
    "opponent_for", "parse_fragment", "parse_playable", "shortest_word", "solution_for",
]


def solution_for(
    config_path: Path, progress: ProgressCallback | None = None, *, cache: bool = False
) -> tuple[CardConfig, GameSolution]:
    """Read a card config and solve its game as its card is solved (the word list read or
    fetched as for a card, the config's spelling and ranking), or read it back from the
    solution cache when `cache` says so and it has it."""
    config, solution, _ = game_for(config_path, progress, traps=False, cache=cache)
    return config, solution


def game_for(
    config_path: Path,
    progress: ProgressCallback | None = None,
    *,
    traps: bool = True,
    lexicons: Lexicons | None = None,
    cache: bool = False,
    before_solve: Callable[[Lexicon], None] | None = None,
    max_seconds: float | None = None,
) -> tuple[CardConfig, GameSolution, Thresholds | None]:
    """A card config read, its game solved as its card is, and with `traps` the escape
    thresholds (None where the config reads no word frequencies); read back from the
    solution cache when `cache` says so and it has them. `lexicons` keeps the lists read for
    the caller; `before_solve` sees the playable words before the game is solved; a game
    estimated to take longer than `max_seconds` to solve is refused (`cardgen.games.workload`)."""
    config = load_card_config(config_path)
    check_available(config.dictionary)
    lexicons = lexicons or Lexicons(progress=progress, cache=cache, max_seconds=max_seconds)
    try:
        with protected((config.path, path) for path in config.inputs):  # the caches write
            solution, found = config_game(config, lexicons, traps=traps,
                                          before_solve=before_solve)
    except BudgetError as error:  # the key it blames: the config names it
        raise BudgetError(f"{config_path}: {error}") from None
    return config, solution, found


def parse_playable(text: str, lexicon: Lexicon) -> str:
    """The fragment typed (`parse_fragment` in the lexicon's letters and spelling); a
    FragmentError when it is longer than every playable word: no game gets there, and
    explaining it would take time and memory that grow with the square of its length."""
    fragment = parse_fragment(text, lexicon.letters, lexicon.spelling)
    if len(fragment) > lexicon.longest:
        raise FragmentError(
            f"FRAGMENT: expected at most {lexicon.longest} letters (the longest playable "
            f"word), got {len(fragment):,}"
        )
    return fragment


def explain_config(
    config_path: Path,
    fragment: str,
    *,
    opponent: Opponent | None = None,
    progress: ProgressCallback | None = None,
    cache: bool = False,
    max_seconds: float | None = None,
) -> tuple[CardConfig, GameSolution, Position]:
    """`cardgen explain`: the fragment checked (against a-z before any work when it is plain
    ASCII, against the longest playable word before the game is solved), then the config
    solved and the fragment explained against `opponent` if given (`--knows`, `--perfect`),
    else against the config's `opponent`, as its card is."""
    if fragment.isascii():
        parse_fragment(fragment)  # a typo fails fast, before the list is read and solved

    def check(lexicon: Lexicon) -> None:  # a fragment too long fails before the solve
        parse_playable(fragment, lexicon)

    lexicons = Lexicons(progress=progress, cache=cache, max_seconds=max_seconds)
    config, solution, traps = game_for(
        config_path, progress, lexicons=lexicons, before_solve=check
    )
    table, source = opponent_for(config_path, config, traps, opponent)
    spelling = solution.lexicon.spelling
    parsed = parse_playable(fragment, solution.lexicon)  # when the game was read back
    position = explain(solution, parsed, traps, table.knows)
    why = None
    if parsed and not position.word:
        entries: Iterable[str] = lexicons.wordlist(config.dictionary).entries
        if isinstance(entries, Entries):  # only the entries written as the fragment
            entries = entries.spelt_as(parsed, spelling.write)
        why = not_counted(parsed, entries, spelling, solution.lexicon.min_length)
    # The card's figures' table (`casual_table`, else `opponent`), unless --knows says; the
    # build kept them (by Ghost's model, or a variant's of letters at either end).
    # A table --knows names is one table; the config's are its range, the card's figures at
    # the middle one and the win rates at each.
    flagged = source != FROM_CONFIG and table.knows is not None
    tables = config.opponent.table_range
    if flagged:
        assert table.knows is not None
        tables = TableRange(table.knows, table.knows)
    if isinstance(solution, InfixSolution):  # worked out for the position alone
        found = position_odds(config, lexicons.store, solution, traps, tables, parsed,
                              position.decisions)
    else:
        found = tuple(position_figures(play, parsed, position.words, position.decisions)
                      for play in config_figures(config, lexicons, solution, traps, tables))
    odds = found[tables.middle_index] if found else None
    by_table = () if tables.single or None in found else tuple(
        o for o in found if o is not None)
    position = dataclasses.replace(position, not_counted=why, opponent_from=source, odds=odds,
                                   odds_by_table=by_table)
    return config, solution, position
