"""Decision tables laid out for lookup: what the Markdown and PDF booklets of a SuperGhost or
SuperDuperGhost card print, from the card's data alone.

A seat's table is every decision of all its winning openings, each fragment once, ordered by the
fragment's length and then alphabetically (in the card's alphabet). For lookup it is cut into
groups by the fragment's first two letters (a shorter fragment is its own group), in
alphabetical order, and an index lists the groups.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.game import Decision, written_move
from cardgen.strategy import Card, SeatStrategy


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


def seat_table(card: Card, seat: SeatStrategy) -> tuple[Decision, ...]:
    """Every decision of the seat's openings, each fragment once, by length then alphabet."""
    order = alphabetical(card)
    unique = {d.fragment: d for opening in seat.openings for d in opening.decisions}
    return tuple(
        sorted(unique.values(), key=lambda d: (len(d.fragment), [order[x] for x in d.fragment]))
    )


def groups(card: Card, seat: SeatStrategy) -> tuple[Group, ...]:
    """The seat's table cut into lookup groups by the fragments' first two letters."""
    order = alphabetical(card)
    by_key: dict[str, list[Row]] = {}
    for d in seat_table(card, seat):
        row = Row(d.fragment, d.play, written_move(d.fragment, d.play))
        by_key.setdefault(d.fragment[:2], []).append(row)
    keys = sorted(by_key, key=lambda k: (len(k) == 2, [order[x] for x in k]))
    return tuple(Group(key, tuple(by_key[key])) for key in keys)


def decision_count(seat: SeatStrategy) -> int:
    """Rows in the seat's table (each fragment once)."""
    return len({d.fragment for opening in seat.openings for d in opening.decisions})
