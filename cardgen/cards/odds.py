"""What a card's entries win at casual tables, as data (docs/rules.md, "What a card wins at a
casual table"): an opening's figures (`Odds`) and a seat's (`Wins`), worked out by
`cardgen.cards.pocket` and `cardgen.cards.superpocket`, chosen from by `cardgen.cards.selection`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from itertools import chain
from operator import attrgetter, is_not
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:  # numpy loads where a deck is chosen, never to read one back
    import numpy as np
    import numpy.typing as npt

    FloatArray = npt.NDArray[np.float64]
    IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Odds:
    """What printing an opening's entry wins at a casual table (docs/rules.md, "What a card wins
    at a casual table"): probabilities from 0 to 1, computed exactly (`cardgen.cards.pocket`)."""

    reach: float
    """How often the seat faces this opening: the probability that a game reaches it."""
    none: float
    """How often the seat wins from here with nothing printed (it plays as the table does)."""
    words: float | None
    """How often it wins playing toward the opening's words; None where it has none."""
    letter: str
    """The letter alone the card would print: the one after which the seat wins most often
    (among its winning letters where it wins against perfect players)."""
    letter_wins: float
    """How often it wins from here with `letter` printed alone."""
    full: float
    """How often it wins from here with what the whole deck prints (`Opening.full_move`)."""
    rows: tuple[tuple[int, float], ...] = ()
    """Where a deck may print the opening's decision table in part (the first seat's, in
    SuperGhost and SuperDuperGhost: `cardgen.cards.decisionrows`): the rows after the first in
    the order it adds them, each as its index in `Opening.decisions` and how often the seat
    wins with the first row and every row up to it printed; () elsewhere."""
    top: float | None = None
    """At one table of a range (`tables`): how often the seat wins from here with the letter
    that wins most at this table (for `Wins.best`), where `letter` is the range's; None: the
    letter is this table's own (`letter_wins`)."""
    tables: tuple[Odds, ...] = ()
    """For a range of tables (docs/rules.md, "A range of tables"): the figures at each table,
    lowest Zipf first, each with this `letter`; then `reach` is the mean reach over the tables
    and each rate the mean over the tables weighted by reach, so that reach x rate adds up to
    the mean over the tables. () for a single table."""
    letters: tuple[tuple[str, float], ...] = ()
    """While a range is worked out (`cardgen.cards.pocket.over_tables`): each letter the card
    may print alone here and how often the seat wins after it at this table; () once it is."""


@dataclass(frozen=True)
class Wins:
    """How often a seat wins at a casual table (docs/rules.md, "What a card wins at a casual
    table"), from 0 to 1, with:"""

    none: float
    """nothing printed (the seat plays as the table does);"""
    full: float
    """the whole deck (`pdf.cards: full`);"""
    card: float
    """what this deck prints;"""
    best: float
    """each opening's best entry, room unlimited."""


class Figured(Protocol):
    """An opening as `columns` reads it (`cardgen.cards.strategy.Opening`)."""

    @property
    def odds(self) -> Odds | None: ...


ODDS_OF, WORDS_OF = attrgetter("odds"), attrgetter("words")
RATES_OF = attrgetter("reach", "none", "letter_wins", "full")
IS_NOT_NONE = partial(is_not, None)


class Columns(NamedTuple):
    """The figures (`Odds`) of the openings that have them, an array each, in their order."""

    place: IntArray
    """Each one's place among the openings."""
    reach: FloatArray
    none: FloatArray
    words: FloatArray
    """NaN where an opening has no words."""
    letter_wins: FloatArray
    full: FloatArray
    tables: FloatArray
    """For a range of tables (`Odds.tables`): `tables[field, k, t]` the figure of opening k
    at table t, for the fields reach, none, words (NaN where none), letter_wins, full and the
    table's best letter's (`Odds.top`); shape (6, openings, 1) with the range's own figures
    for a single table."""


def columns(openings: Sequence[Figured]) -> Columns:
    """The figures of the `openings` that have them, as arrays, read in C loops (a seat's:
    `SeatStrategy.columns`, read once per seat)."""
    import numpy as np

    odds = list(map(ODDS_OF, openings))
    place = np.flatnonzero(np.fromiter(map(IS_NOT_NONE, odds), bool, len(odds)))
    if len(place) < len(odds):
        odds = [odds[k] for k in place.tolist()]
    rates = np.fromiter(chain.from_iterable(map(RATES_OF, odds)), np.float64, 4 * len(odds))
    reach, none, letter_wins, full = rates.reshape(-1, 4).T
    words = np.array(list(map(WORDS_OF, odds)), dtype=np.float64).reshape(-1)  # None: NaN
    count = len(odds[0].tables) if odds else 0
    if count:
        per = np.array([[_table_rates(t) for t in o.tables] for o in odds], dtype=np.float64)
        tables = per.reshape(len(odds), count, 6).transpose(2, 0, 1)
    else:
        tables = np.stack([reach, none, words, letter_wins, full, letter_wins])[:, :, None]
    return Columns(place, reach, none, words, letter_wins, full, tables)


def _table_rates(odds: Odds) -> tuple[float, float, float, float, float, float]:
    """One table's figures of an opening, as `Columns.tables` holds them."""
    top = odds.letter_wins if odds.top is None else odds.top
    words = math.nan if odds.words is None else odds.words
    return odds.reach, odds.none, words, odds.letter_wins, odds.full, top


__all__ = ["Columns", "Figured", "Odds", "Wins", "columns"]
