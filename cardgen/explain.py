"""`cardgen explain`: everything the solution says about one position of a game.

A `Position` answers the questions a game at a table stops on: does the fragment still begin
a playable word, is it one, whose turn it is, who loses from here with perfect play, and what
each legal letter does for the seat to move. `explain` builds it from a solved game; it is pure
and knows nothing of formats (`position_document` is the JSON form, `describe` the text).

Fragments are typed by people, so `parse_fragment` accepts capitals (`N` is `n`) and
surrounding spaces, and writes what was typed as the list writes its words (French `café` is
`cafe`, German `ß` is `ss`); any other character than the alphabet's letters is refused.
"""

from __future__ import annotations

import dataclasses
import math
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from string import ascii_lowercase as ALPHABET
from typing import Any

from cardgen.advice import Escape, Try, best_try, try_document
from cardgen.alphabet import Spelling
from cardgen.cards import Lexicons, config_game
from cardgen.casual import casual
from cardgen.config import CardConfig, load_card_config
from cardgen.entries import Entries
from cardgen.errors import InputError, printable
from cardgen.game import Decision, GameSolution
from cardgen.progress import ProgressCallback
from cardgen.traps import Thresholds
from cardgen.variants import find_game
from cardgen.wordlists import check_available


class FragmentError(InputError):
    """A fragment that is not made of the letters a-z (exit status 2)."""


class KnowsError(InputError):
    """`--knows` where the config has no word frequencies (exit status 2)."""


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
    named: tuple[str, ...] = ()
    """Against a casual table: the words of `words` the mover names when challenged."""
    not_counted: str | None = None
    """Why the fragment, a word of the list, is no playable word (too short, or an entry the
    spelling rule drops); None when it is not in the list (set by `explain_config`)."""
    decisions: tuple[Decision, ...] = ()
    """The mover's decision table from here (SuperGhost, SuperDuperGhost); () in Ghost."""
    game: str = "ghost"
    """The game (`cardgen.variants`); its moves are letters in Ghost, fragments otherwise."""

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
        best_try=None if word or words else best_try(solution, fragment, traps),
        traps=traps is not None,
        knows=knows,
        named=named,
        decisions=() if word else solution.decisions(fragment, mover),
        game=solution.game,
    )


def shortest_word(solution: GameSolution, fragment: str) -> str | None:
    """The word to name when challenged at `fragment` (`GameSolution.shortest_word`)."""
    return solution.shortest_word(fragment)


def position_document(position: Position) -> dict[str, Any]:
    """The position as one JSON-ready object (`cardgen explain --json`); a game with decision
    tables adds `game` and `decisions` [{fragment, play}], and its moves are fragments."""
    document: dict[str, Any] = {
        "fragment": position.fragment,
        "mover": position.mover,
        "losers": list(position.losers),
        "word": position.word,
        "prefix": position.prefix,
        "completed_by": position.completed_by,
        "ended_at": position.ended_at,
        "not_counted": position.not_counted,
        "moves": list(position.moves),
        "words": list(position.words),
        "card_move": position.card_move,
        "letters": [
            {
                "letter": x.letter,
                "losers": list(x.losers),
                "word": x.word,
                "words": list(x.words),
                "threshold": _threshold(x.threshold),
                "escape": None if x.escape is None else {
                    "word": x.escape.word, "zipf": x.escape.zipf
                },
                "named": list(x.named),
            }
            for x in position.letters
        ],
        "challenge_word": position.challenge_word,
        "try": try_document(position.best_try),
        "traps": position.traps,
        "knows": position.knows,
        "named": list(position.named),
    }
    if find_game(position.game).decision_tables:
        document["game"] = position.game
        document["decisions"] = [
            {"fragment": d.fragment, "play": d.play} for d in position.decisions
        ]
    return document


def _threshold(value: float | None) -> float | str | None:
    """A threshold in JSON: a number, "-inf" or "+inf" (JSON has no infinities), or null."""
    if value is None or math.isfinite(value):
        return value
    return "+inf" if value > 0 else "-inf"


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
) -> tuple[CardConfig, GameSolution, Thresholds | None]:
    """A card config read, its game solved as its card is, and with `traps` the escape
    thresholds (None where the config reads no word frequencies); read back from the
    solution cache when `cache` says so and it has them. `lexicons` keeps the lists read for
    the caller."""
    config = load_card_config(config_path)
    check_available(config.dictionary)
    lexicons = lexicons or Lexicons(progress=progress, cache=cache)
    solution, found = config_game(config, lexicons, traps=traps)
    return config, solution, found


def check_knows(
    config_path: Path, config: CardConfig, traps: Thresholds | None, knows: float | None
) -> None:
    """`--knows` (explain, play) needs a game of Ghost with word frequencies: KnowsError."""
    if knows is not None and config.game.decision_tables:
        raise KnowsError(f"--knows: casual tables are Ghost's only, not {config.game.name}'s")
    if knows is not None and traps is None:
        raise KnowsError(
            f"--knows: {config_path} reads no word frequencies (familiarity: none), and a "
            "casual table is one that knows only the common words"
        )


def explain_config(
    config_path: Path,
    fragment: str,
    *,
    knows: float | None = None,
    progress: ProgressCallback | None = None,
    cache: bool = False,
) -> tuple[CardConfig, GameSolution, Position]:
    """`cardgen explain`: the fragment checked (against a-z before any work when it is plain
    ASCII), then the config solved and the fragment explained, against a table that knows
    only words of Zipf >= `knows` if given."""
    if fragment.isascii():
        parse_fragment(fragment)  # a typo fails fast, before the list is read and solved
    lexicons = Lexicons(progress=progress, cache=cache)
    config, solution, traps = game_for(config_path, progress, lexicons=lexicons)
    check_knows(config_path, config, traps, knows)
    spelling = solution.lexicon.spelling
    parsed = parse_fragment(fragment, solution.lexicon.letters, spelling)
    position = explain(solution, parsed, traps, knows)
    if parsed and not position.word:
        entries: Iterable[str] = lexicons.wordlist(config.dictionary).entries
        if isinstance(entries, Entries):  # only the entries written as the fragment
            entries = entries.spelt_as(parsed, spelling.write)
        why = not_counted(parsed, entries, spelling, solution.lexicon.min_length)
        position = dataclasses.replace(position, not_counted=why)
    return config, solution, position


def not_counted(
    fragment: str, entries: Iterable[str], spelling: Spelling, min_length: int
) -> str | None:
    """Why `fragment` is in the list but is no playable word: shorter than `min_length`, or
    an entry that the spelling rule drops (a capitalised one, a German name or abbreviation,
    one with an apostrophe, ...); None when no entry is written so.

    >>> not_counted("cat", ["cat", "cats"], Spelling(), 4)
    'it has fewer than 4 letters'
    >>> not_counted("paris", ["Paris"], Spelling(), 4)
    "the list has it only as 'Paris', which capitalized: drop leaves out"
    """
    dropped = None
    for entry in entries:
        if spelling.write(entry) != fragment:
            continue
        if next(spelling.words([entry]), None) == fragment:
            if len(fragment) < min_length:
                return f"it has fewer than {min_length} letters"
        elif dropped is None:
            dropped = entry
    if dropped is None:
        return None
    what = spelling.left_out(dropped)
    rule = f"capitalized: {spelling.capitalized}" if not dropped.islower() else (
        f"alphabet: {spelling.rule}")
    why = f"{what}, which is left out" if what else f"which {rule} leaves out"
    return f"the list has it only as {printable(repr(dropped))}, {why}"
