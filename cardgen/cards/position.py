"""A position of a game explained: what `cardgen explain` and `cardgen play` say of one fragment.

A `Position` answers the questions a game at a table stops on: does the fragment still begin
a playable word, is it one, whose turn it is, who loses from here with perfect play, and what
each legal letter does for the seat to move. `explain` builds it from any `GameSolution` (the
solved game, or the stored game `cardgen play` reads back, `cardgen.games.stored`); it is pure,
knows nothing of formats (`cardgen.render.explain` writes it as text or JSON), and imports
neither numpy nor the solver: only a casual table's strategies, solved on first use, need them.

Fragments are typed by people, so `parse_fragment` accepts capitals (`N` is `n`) and
surrounding spaces, and writes what was typed as the list writes its words (French `café` is
`cafe`, German `ß` is `ss`); any other character than the alphabet's letters is refused.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from string import ascii_lowercase as ALPHABET
from typing import TYPE_CHECKING, Protocol

from cardgen.errors import InputError, printable
from cardgen.games.advice import Escape, Escapes, Try, best_try
from cardgen.games.game import Decision, GameSolution, last_player
from cardgen.games.opponent import FROM_CONFIG, Opponent
from cardgen.words.alphabet import Spelling

if TYPE_CHECKING:  # numpy loads only where a position's figures are worked out
    from pathlib import Path

    from cardgen.cards.config import CardConfig
    from cardgen.cards.openings import PositionOdds


class CasualTable(Protocol):
    """Every seat's winning strategies against a casual table (`cardgen.games.casual.Casual`,
    or the stored game's, `cardgen.games.stored`)."""

    def winning_words(self, fragment: str, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The seat's winning words from `fragment` and those it names when challenged."""
        ...

    def winning_moves(self, fragment: str, seat: int) -> tuple[str, ...]:
        """The moves after which `seat` cannot lose against the table."""
        ...

    def trap(self, fragment: str) -> Try | None:
        """The trap of the seat to move wherever it cannot win against the table."""
        ...

    def decisions(self, fragment: str, seat: int) -> tuple[Decision, ...]:
        """The seat's decision table from `fragment` against the table."""
        ...


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
    `explain_config`): at the middle table of the card's range."""
    odds_by_table: tuple[PositionOdds, ...] = ()
    """The same at each table of the card's range, lowest Zipf first; () for one table."""
    printed: str | None = None
    """The play the config's card prints here: at an opening its move (Ghost: its words'
    letter, or its letter alone), and in a game with decision tables a row of a table it
    prints (`cardgen.render.explorer.printed_plays`, which the site reads too); None where it
    prints none, or where the card was not asked (set by `cardgen explain`)."""

    @property
    def card_move(self) -> str | None:
        """The letter the card plays here (None without a win): the play it prints here where
        that is a winning one, else with decision tables its table's first row, else the
        letter that leads to `words`."""
        if not self.words or self.word:
            return None
        if self.decisions:
            return self.printed or self.decisions[0].play
        if self.printed in self.moves:  # a pocket card's letter alone (issue 37, item 9)
            return self.printed
        return self.words[0][len(self.fragment)]

    @property
    def card_words(self) -> tuple[str, ...]:
        """The words the card's move forces (`card_move`): `words`, or those of the other
        winning letter the deck prints here; a decision table's end words."""
        if self.decisions or self.card_move is None:
            return self.words
        return next((x.words for x in self.letters if x.letter == self.card_move), self.words)

    @property
    def last_seat(self) -> int | None:
        """The seat that played the fragment's last letter (None for the empty fragment)."""
        if not self.fragment:
            return None
        return last_player(len(self.fragment), self.players)


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
    traps: Escapes | None = None,
    knows: float | None = None,
    table: CasualTable | None = None,
) -> Position:
    """Explain `fragment` (already parsed) for the seat to move, from a solved game; with
    `traps`, each letter's escape and the trap; with `knows` too, against a casual table
    (`table`, else the strategies `cardgen.games.casual` solves against it from `traps`)."""
    n = solution.players
    mover = solution.mover(fragment)
    if solution.find(fragment) is None:
        ended_at = next(
            (fragment[:i] for i in range(1, len(fragment)) if solution.is_word(fragment[:i])),
            None,
        )
        # The game ended at that word, lost by who completed it; otherwise whoever played the
        # last letter loses a challenge, since no word begins like this.
        loser = last_player(len(ended_at or fragment), n)
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
    if table is None and traps is not None and knows is not None:
        from cardgen.games.casual import casual
        from cardgen.games.traps import Thresholds

        assert isinstance(traps, Thresholds)  # a stored game brings its table (`table`)
        table = casual(traps, knows)

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
        completed_by=last_player(len(fragment), n) if word else None,
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


def opponent_for(
    config_path: Path,
    config: CardConfig,
    traps: Escapes | None,
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

