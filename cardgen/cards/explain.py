"""`cardgen explain`: everything the solution says about one position of a game, from a config.

`explain` itself, `Position` and the parsing of a typed fragment live in
`cardgen.cards.position` (they import neither numpy nor the solver, so `cardgen play` reads
a stored game with them); this module reads a config, solves or reads back its game, and adds
what only the full path knows: why a word of the list does not count, and the pocket cards'
figures.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from cardgen.cards.config import CardConfig, load_card_config
from cardgen.cards.figures import position_figures
from cardgen.cards.localplay import position_odds
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
from cardgen.games.explainwork import ExplainWork, explain_work
from cardgen.games.game import GameSolution
from cardgen.games.opponent import Opponent, TableRange
from cardgen.games.superghost import InfixSolution
from cardgen.games.traps import Thresholds
from cardgen.games.workload import BudgetError, workload
from cardgen.progress import ProgressCallback
from cardgen.words.builder import where
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
    before_solve: Callable[[CardConfig, Lexicon], None] | None = None,
    max_seconds: float | None = None,
) -> tuple[CardConfig, GameSolution, Thresholds | None]:
    """A card config read, its game solved as its card is, and with `traps` the escape
    thresholds (None where the config reads no word frequencies); read back from the
    solution cache when `cache` says so and it has them. `lexicons` keeps the lists read for
    the caller; `before_solve` sees the config and its playable words before the game is
    solved (and may refuse); a game estimated to take longer than `max_seconds` to solve is
    refused (`cardgen.games.workload`)."""
    config = load_card_config(config_path)
    check_available(config.dictionary)
    lexicons = lexicons or Lexicons(progress=progress, cache=cache, max_seconds=max_seconds)
    with _named(config_path):
        with protected((config.path, path) for path in config.inputs):  # the caches write
            solution, found = config_game(
                config, lexicons, traps=traps,
                before_solve=None if before_solve is None else partial(before_solve, config))
    return config, solution, found


@contextmanager
def _named(config_path: Path) -> Iterator[None]:
    """A BudgetError raised inside, with the config that it blames a key of named first."""
    try:
        yield
    except BudgetError as error:
        raise BudgetError(f"{config_path}: {error}") from None


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
    lexicons: Lexicons | None = None,
) -> tuple[CardConfig, GameSolution, Position]:
    """`cardgen explain`: the fragment checked (against a-z before any work when it is plain
    ASCII, against the longest playable word before the game is solved), then the config
    solved and the fragment explained against `opponent` if given (`--knows`, `--perfect`),
    else against the config's `opponent`, as its card is. `lexicons` (made with `progress`
    and `cache` when not given) keeps the solved game for the caller: the deck built next
    reads it, not a second solve."""
    if fragment.isascii():
        parse_fragment(fragment)  # a typo fails fast, before the list is read and solved
    # The figures' tables: one that --knows names, else the config's range (`casual_table`,
    # else `opponent`), the card's figures at the middle one and the win rates at each.
    chosen = None
    if opponent is not None and opponent.knows is not None:
        chosen = TableRange(opponent.knows, opponent.knows)
    if lexicons is None:  # the budget is explain's: `check`
        lexicons = Lexicons(progress=progress, cache=cache)
    keeping = lexicons.store.root is not None

    def check(config: CardConfig, lexicon: Lexicon) -> None:
        """A fragment too long, or an explain over the budget, fails before the solve."""
        parse_playable(fragment, lexicon)
        if max_seconds is not None:
            count = len(set((chosen or config.opponent.table_range).tables))
            explain_work(lexicon, config.game.name, config.players, count,
                         keeping=keeping).refuse(max_seconds, _what(config))

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
    tables = chosen or config.opponent.table_range

    def check_figures(count: int) -> None:  # the game read back, its figures not (all)
        if max_seconds is not None:
            _figures_work(config, solution, count, keeping).refuse(max_seconds, _what(config))

    with _named(config_path):  # an explain kept Ghost's; a variant's position's alone
        if isinstance(solution, InfixSolution):  # worked out for the position alone
            found = position_odds(solution, None if traps is None else traps.zipf,
                                  tables.tables, parsed, position.decisions)
        else:
            found = tuple(position_figures(play, parsed, position.words, position.decisions)
                          for play in config_figures(config, lexicons, solution, traps, tables,
                                                     check_figures))
    odds = found[tables.middle_index] if found else None
    # Without frequencies every table knows every word alike: one table, no line of them.
    by_table = () if tables.single or traps is None or None in found else tuple(
        o for o in found if o is not None)
    position = dataclasses.replace(position, not_counted=why, opponent_from=source, odds=odds,
                                   odds_by_table=by_table)
    return config, solution, position


def _what(config: CardConfig) -> str:
    """What a budget refusal names: the game, its list and its players."""
    return f"{config.game.name} on {where(config.dictionary)} for {config.players} players"


def _figures_work(
    config: CardConfig, solution: GameSolution, tables: int, keeping: bool
) -> ExplainWork:
    """The work left once the game is at hand: the figures of `tables` casual tables, from
    the positions the solved game keeps (Ghost's fragments; a variant's infixes, its
    reverses' too), and with `keeping` kept in the solution cache."""
    from cardgen.games.superghost import InfixSolution

    game = config.game.name
    lexicon = solution.lexicon
    positions = kept = workload(lexicon, game, config.players, enough=0).positions
    if isinstance(solution, InfixSolution):
        kept = sum(len(level) for level in solution.graph.levels)
    return ExplainWork(game, config.players, len(lexicon.words), positions, kept, tables,
                       solving=False, keeping=keeping)
