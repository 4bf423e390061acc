"""Decision tables laid out for lookup: what the Markdown and PDF booklets of a SuperGhost or
SuperDuperGhost card print, from the card's data alone.

A seat's table is every decision of all its winning openings, each fragment once, in
alphabetical order (in the card's alphabet, as a dictionary orders words: a fragment before
the longer ones it begins), so that a side's first and last fragment bound what it holds. The
rows at the seat's own openings are left out where the card lists the openings already (the
second seat's replies): each thing is printed once. For lookup the table is cut into groups by
the fragment's first two letters (a shorter fragment is its own group), and an index lists the
groups.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardgen.cards.strategy import Card, SeatStrategy
from cardgen.games.game import Decision, written_move


@dataclass(frozen=True)
class Row:
    """One printed row: at `fragment`, make `play`, written `move` (`b…`)."""

    fragment: str
    play: str
    move: str


@dataclass(frozen=True)
class Group:
    """The rows whose fragments begin with `key` (the first two letters)."""

    key: str
    rows: tuple[Row, ...]


def alphabetical(card: Card) -> dict[str, int]:
    """Each letter's place in the card's alphabet."""
    return {letter: k for k, letter in enumerate(card.dictionary.letters)}


def seat_table(card: Card, seat: SeatStrategy, *, openings: bool = True) -> tuple[Decision, ...]:
    """Every decision of the seat's openings, each fragment once, alphabetically; without
    those at the openings themselves where `openings` is False (the card lists them)."""
    order = alphabetical(card)
    unique = {d.fragment: d for opening in seat.openings for d in opening.decisions}
    if not openings:
        for opening in seat.openings:
            unique.pop(opening.fragment, None)
    return tuple(sorted(unique.values(), key=lambda d: [order[x] for x in d.fragment]))


def groups(card: Card, seat: SeatStrategy, *, openings: bool = True) -> tuple[Group, ...]:
    """The seat's table (`seat_table`) cut into lookup groups by the fragments' first two
    letters, in its order."""
    by_key: dict[str, list[Row]] = {}
    for d in seat_table(card, seat, openings=openings):
        row = Row(d.fragment, d.play, written_move(d.fragment, d.play))
        by_key.setdefault(d.fragment[:2], []).append(row)
    return tuple(Group(key, tuple(rows)) for key, rows in by_key.items())


def opening_groups(card: Card, seat: SeatStrategy, *, every: bool = False) -> tuple[Group, ...]:
    """What a budgeted deck prints of the seat's tables (docs/rules.md, "SuperGhost and
    SuperDuperGhost at a casual table"): one group per opening whose table it prints (with
    `every`, per opening won: the site's page), keyed by the opening, its rows in dictionary
    order; a further seat's leave out the row at the opening, which the deck prints with the
    opening."""
    order = alphabetical(card)
    found = []
    for opening, printed in seat.entries():
        if not (opening.won if every else printed.kind == "words"):
            continue
        rows = opening.decisions[1:] if seat.seat > 1 else opening.decisions
        if not rows:
            continue
        found.append(Group(opening.fragment, tuple(
            Row(d.fragment, d.play, written_move(d.fragment, d.play))
            for d in sorted(rows, key=lambda d: [order[x] for x in d.fragment])
        )))
    return tuple(found)


def row_counts(tables: Mapping[int, Sequence[Group]]) -> dict[int, int]:
    """How many rows each seat's table prints, over all its groups."""
    return {seat: sum(len(group.rows) for group in table) for seat, table in tables.items()}


def decision_count(seat: SeatStrategy) -> int:
    """Rows in the seat's table (each fragment once)."""
    return len({d.fragment for opening in seat.openings for d in opening.decisions})
