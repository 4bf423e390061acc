"""What a card's entries win at casual tables, as data (docs/rules.md, "What a card wins at a
casual table"): an opening's figures (`Odds`) and a seat's (`Wins`), worked out by
`cardgen.cards.pocket` and `cardgen.cards.superpocket`, chosen from by `cardgen.cards.selection`.
"""

from __future__ import annotations

from dataclasses import dataclass


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


__all__ = ["Odds", "Wins"]
