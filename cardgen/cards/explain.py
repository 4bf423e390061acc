"""`cardgen explain`: everything the solution says about one position of a game.

A `Position` answers the questions a game at a table stops on: does the fragment still begin
a playable word, is it one, whose turn it is, who loses from here with perfect play, and what
each legal letter does for the seat to move. `explain` builds it from a solved game; it is pure
and knows nothing of formats (`cardgen.render.explain` writes it as text or JSON).

Fragments are typed by people, so `parse_fragment` accepts capitals (`N` is `n`) and
surrounding spaces, and writes what was typed as the list writes its words (French `café` is
`cafe`, German `ß` is `ss`); any other character than the alphabet's letters is refused.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from string import ascii_lowercase as ALPHABET

from cardgen.cards.config import CardConfig, load_card_config
from cardgen.cards.make import Lexicons, config_figures, config_game
from cardgen.cards.pocket import PositionOdds, position_odds
from cardgen.cards.superpocket import position_figures
from cardgen.errors import InputError, printable
from cardgen.files import protected
from cardgen.games.advice import Escape, Try, best_try
from cardgen.games.casual import casual
from cardgen.games.game import Decision, GameSolution
from cardgen.games.opponent import FROM_CONFIG, Opponent
from cardgen.games.traps import Thresholds
from cardgen.games.workload import BudgetError
from cardgen.progress import ProgressCallback
from cardgen.words.alphabet import Spelling
from cardgen.words.entries import Entries
from cardgen.words.lexicon import Lexicon, not_counted
from cardgen.words.wordlists import check_available


class FragmentError(InputError):
    """A fragment that is not made of the alphabet's letters, or longer than any playable
    word (exit status 2)."""


class KnowsError(InputError):
    """A casual table where the game has no word frequencies (exit status 2)."""


@dataclass(frozen=True)
class Letter:
    """One legal next letter and what it leads to."""

    letter: str
    """The move: in Ghost the letter, in the variants the fragment it makes."""
    losers: tuple[int, ...]
    """Seats that lose after this letter with perfect play, ascending."""
    word: bool
    """Whether the letter completes a playable word, and so loses at once (the seat that
    plays it is the one that completed the word)."""
    words: tuple[str, ...]
    """The mover's minimal winning word set after this letter, in the config's ranking (against
    the casual table when the position has `knows`); () when the letter does not win."""
    threshold: float | None = None
    """The mover's escape threshold after this letter (docs/rules.md, "Traps"): the mover
    cannot lose against a table that knows only words of a higher Zipf (-inf: against anyone,
    +inf: against no one); None without word frequencies."""
    escape: Escape | None = None
    """The word the others must know to get out after this letter (its Zipf is `threshold`);
    None where the threshold is infinite or unknown."""
    named: tuple[str, ...] = ()
    """Against a casual table: the words of `words` named when the others challenge."""


@dataclass(frozen=True)
class Position:
    """One fragment of a game, explained for the seat to move."""

    fragment: str
    """The letters played so far ('' at the start)."""
    players: int
    """The number of seats; seat `len(fragment) % players + 1` is to move."""
    mover: int
    """The seat that adds the next letter (1 for the first player), whatever the fragment:
    for one that is a word or begins none, the seat that would have moved."""
    losers: tuple[int, ...]
    """Seats that lose from here with perfect play, ascending. For a fragment that begins no
    playable word, the seat that completed the word it runs past, or else the seat that played
    its last letter (it loses to a challenge)."""
    word: bool
    """Whether the fragment is a complete playable word: the game is over."""
    prefix: bool
    """Whether the fragment begins a playable word (a word begins with itself)."""
    completed_by: int | None
    """The seat that completed the playable word the fragment is, or runs past (`ended_at`)."""
    ended_at: str | None
    """The playable word a fragment that begins no word runs past, if any: the game ended
    there."""
    letters: tuple[Letter, ...]
    """Every legal next letter, alphabetically."""
    moves: tuple[str, ...]
    """The mover's winning letters, alphabetically."""
    words: tuple[str, ...]
    """The mover's minimal winning word set (the card's ranking); () without a forced win."""
    challenge_word: str | None
    """A word to name if challenged: the first of `words`, else the shortest playable word
    beginning with the fragment (alphabetically first of those); None if none begins so."""
    best_try: Try | None = None
    """Where the mover cannot win: the trap (docs/rules.md, "Traps"), or without word
    frequencies the letter that gives the next seat the most chances to go wrong ("The best
    try"); None where it wins or the game is over."""
    traps: bool = False
    """Whether the position was explained with word frequencies (letters' thresholds)."""
    knows: float | None = None
    """Explained against a table that knows only words of Zipf >= `knows` (`moves` and
    `words` are then against it); None: against perfect players."""
    opponent_from: str = FROM_CONFIG
    """Who chose that table: `config` (its `opponent`), `--knows` or `--perfect`."""
    named: tuple[str, ...] = ()
    """Against a casual table: the words of `words` the mover names when challenged."""
    not_counted: str | None = None
    """Why the fragment, a word of the list, is no playable word (too short, or an entry the
    spelling rule drops); None when it is not in the list (set by `explain_config`)."""
    decisions: tuple[Decision, ...] = ()
    """The mover's decision table from here (SuperGhost, SuperDuperGhost); () in Ghost."""
    game: str = "ghost"
    """The game (`cardgen.games.variants`); its moves are letters in Ghost, fragments otherwise."""
    odds: PositionOdds | None = None
    """The position's figures at the casual table of the card's pocket figures (docs/rules.md,
    "What a card wins at a casual table", and its SuperGhost extension; set by
    `explain_config`)."""

    @property
    def card_move(self) -> str | None:
        """The letter the card plays here: the one leading to `words` (None without a win)."""
        if not self.words or self.word:
            return None
        if self.decisions:
            return self.decisions[0].play
        return self.words[0][len(self.fragment)]

    @property
    def last_seat(self) -> int | None:
        """The seat that played the fragment's last letter (None for the empty fragment)."""
        if not self.fragment:
            return None
        return (self.mover - 2) % self.players + 1


def parse_fragment(text: str, letters: str = ALPHABET, spelling: Spelling | None = None) -> str:
    """The fragment a person typed, NFC-normalised, lower-cased and written by the list's
    `spelling` (if given); FragmentError unless it is made of the alphabet's `letters` (a-z
    for English lists).

    >>> parse_fragment(" Ngu ")
    'ngu'
    >>> parse_fragment("Ñan", "abcdefghijklmnñopqrstuvwxyz")
    'ñan'
    >>> parse_fragment("Café", ALPHABET, Spelling("fr", "scrabble"))
    'cafe'
    """
    fragment = unicodedata.normalize("NFC", text.strip()).lower()
    written = spelling.write(fragment) if spelling is not None else None
    fragment = written if written is not None else fragment
    if any(ch not in letters for ch in fragment):
        shown = "a-z" if letters == ALPHABET else " ".join(letters)
        raise FragmentError(f"FRAGMENT: expected letters {shown} only, got {printable(repr(text))}")
    return fragment


def explain(
    solution: GameSolution,
    fragment: str,
    traps: Thresholds | None = None,
    knows: float | None = None,
) -> Position:
    """Explain `fragment` (already parsed) for the seat to move, from a solved game; with
    `traps`, each letter's escape and the trap; with `knows` too, against a casual table."""
    n = solution.players
    mover = solution.mover(fragment)
    if solution.find(fragment) is None:
        ended_at = next(
            (fragment[:i] for i in range(1, len(fragment)) if solution.is_word(fragment[:i])),
            None,
        )
        # The game ended at that word; otherwise whoever played the last letter loses a
        # challenge, since no word begins like this.
        last = len(ended_at) if ended_at else len(fragment)
        loser = (last - 1) % n + 1
        return Position(
            fragment=fragment,
            players=n,
            mover=mover,
            losers=(loser,),
            word=False,
            prefix=False,
            completed_by=loser if ended_at else None,
            ended_at=ended_at,
            letters=(),
            moves=(),
            words=(),
            challenge_word=None,
            traps=traps is not None,
            knows=knows,
            game=solution.game,
        )
    table = casual(traps, knows) if traps is not None and knows is not None else None

    def words_after(f: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if table is None:
            return solution.winning_words(f, mover), ()
        return table.winning_words(f, mover)

    word = solution.is_word(fragment)

    def letter(x: str) -> Letter:
        after = solution.after(fragment, x)
        words, named = words_after(after)
        return Letter(
            letter=x,
            losers=tuple(sorted(solution.losers(after))),
            word=solution.is_word(after),
            words=words,
            threshold=None if traps is None else traps.threshold(after, mover),
            escape=None if traps is None else traps.escape_word(after, mover),
            named=named,
        )

    def trap(f: str) -> Try | None:
        # Against a casual table, wherever the mover cannot win against it (docs/rules.md).
        return best_try(solution, f, traps) if table is None else table.trap(f)

    letters = tuple(letter(x) for x in solution.children(fragment))
    words, named = words_after(fragment)
    if table is None:
        moves = solution.winning_moves(fragment, mover)
    else:
        moves = table.winning_moves(fragment, mover) if not word else ()
    return Position(
        fragment=fragment,
        players=n,
        mover=mover,
        losers=tuple(sorted(solution.losers(fragment))),
        word=word,
        prefix=True,
        completed_by=(len(fragment) - 1) % n + 1 if word else None,
        ended_at=None,
        letters=letters,
        moves=moves,
        words=words,
        challenge_word=words[0] if words else shortest_word(solution, fragment),
        best_try=None if word or words else trap(fragment),
        traps=traps is not None,
        knows=knows,
        named=named,
        decisions=() if word else (table or solution).decisions(fragment, mover),
        game=solution.game,
    )


def shortest_word(solution: GameSolution, fragment: str) -> str | None:
    """The word to name when challenged at `fragment` (`GameSolution.shortest_word`)."""
    return solution.shortest_word(fragment)


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


def opponent_for(
    config_path: Path,
    config: CardConfig,
    traps: Thresholds | None,
    opponent: Opponent | None = None,
) -> tuple[Opponent, str]:
    """The table explain and play assume, and who chose it: `opponent` from a flag
    (`--knows`, `--perfect`), else the config's `opponent` (`config`). A casual table needs
    a game with word frequencies: KnowsError."""
    if opponent is None:
        source, chosen = FROM_CONFIG, config.opponent
    else:
        source, chosen = ("--perfect" if opponent.perfect else "--knows"), opponent
    if chosen.perfect:
        return chosen, source
    if traps is None and source == FROM_CONFIG:  # a language with no wordfreq data
        raise KnowsError(
            f"{config_path}: opponent: a casual table needs word frequencies, and this list's "
            "language has none: give a `familiarity:` file"
        )
    if traps is None:
        raise KnowsError(
            f"--knows: {config_path} reads no word frequencies (familiarity: none), and a "
            "casual table is one that knows only the common words"
        )
    return chosen, source


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
    # build kept Ghost's figures. A variant's come from the model of letters at either end,
    # on the word frequencies its traps read (none where the config reads none).
    flagged = source != FROM_CONFIG and table.knows is not None
    knows = table.knows if flagged else config.opponent.table_knows
    play = config_figures(config, lexicons, solution, traps, knows)
    if play is not None:
        odds = position_odds(play, parsed, position.words)
    else:
        zipf = traps.zipf if traps is not None else None
        odds = position_figures(solution, zipf, knows, parsed, position.words,
                                position.decisions)
    position = dataclasses.replace(position, not_counted=why, opponent_from=source, odds=odds)
    return config, solution, position
