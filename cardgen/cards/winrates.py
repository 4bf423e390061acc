"""How often a seat wins at each casual table of its range with what its deck prints
(docs/rules.md, "What a card wins at a casual table", "A range of tables"): its openings'
figures (`Odds`) read as arrays, and a seat's win rates (`Wins`) at each table and at the
middle one. `cardgen.cards.selection` chooses the entries from these columns.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cardgen.cards.odds import Columns, Odds, Wins, columns
from cardgen.cards.strategy import Opening, Printed, SeatStrategy

if TYPE_CHECKING:  # numpy loads where a deck is chosen, never to read one back
    import numpy as np
    import numpy.typing as npt

    FloatArray = npt.NDArray[np.float64]
    IntArray = npt.NDArray[np.int64]


def with_wins(seat: SeatStrategy, c: Columns, card: FloatArray) -> SeatStrategy:
    """The seat with its win rates at each table (`SeatStrategy.wins_by_table`) and at the
    middle one (`SeatStrategy.wins`), `card[k, t]` the rate from opening k at table t with what
    the deck prints."""
    by_table = tuple(_wins(c, card, t) for t in range(card.shape[1]))
    return replace(seat, wins=by_table[(len(by_table) - 1) // 2], wins_by_table=by_table)


def figures(seat: SeatStrategy) -> Wins | None:
    """A seat's win rates at the middle table of its range (`Wins`): with nothing printed, the
    whole deck, what its deck prints (`SeatStrategy.printed`) and the best entry everywhere;
    None without figures."""
    openings = seat.openings
    if not openings or any(o.odds is None for o in openings):
        return None
    return with_wins(seat, seat.columns, printed_rates(seat)).wins


def table_wins(seat: SeatStrategy) -> tuple[Wins, ...]:
    """A seat's win rates at each table of its range with what its deck prints
    (`SeatStrategy.printed`), lowest Zipf first; () without figures."""
    openings = seat.openings
    if not openings or any(o.odds is None for o in openings):
        return ()
    return with_wins(seat, seat.columns, printed_rates(seat)).wins_by_table


def printed_rates(seat: SeatStrategy) -> FloatArray:
    """`rates[k, t]`: how often the seat wins from opening k at table t with what its deck
    prints for it (`_printed_wins`)."""
    import numpy as np

    return np.array([[_printed_wins(o, printed, t) for t in (o.odds.tables or (o.odds,))]
                     for o, printed in seat.entries() if o.odds is not None], dtype=np.float64)


def _wins(c: Columns, card: FloatArray, table: int) -> Wins:
    """The win rates at one `table` of openings with figures `c` (all of a seat's) and
    `card[k, table]` the rate from each with what the deck prints.

    Each is 1 - the sum over the openings, in their order, of reach x (1 - the rate from
    there), added up one after another: Python's `sum` of floats did so, and another order
    (numpy's `sum` adds pairs) moves the last bits."""
    import numpy as np

    t = c.tables[:, :, table]
    reach = t[0]

    def rate(wins_at: FloatArray) -> float:
        return 1.0 - float(np.add.accumulate(reach * (1.0 - wins_at))[-1])

    words = np.where(np.isnan(t[2]), 0.0, t[2])  # an opening without words: 0.0
    best = np.maximum(np.maximum(t[1], t[5]), words)
    return Wins(none=rate(t[1]), full=rate(t[4]), card=rate(card[:, table]), best=rate(best))


def _printed_wins(opening: Opening, printed: Printed, odds: Odds) -> float:
    """How often the seat wins from the opening with what the deck prints for it (`printed`),
    at the table of `odds` (the opening's, or one of its `Odds.tables`)."""
    if printed.kind == "words" and odds.words is not None:
        return odds.words
    if printed.kind == "move":
        if printed.move == odds.letter:
            return odds.letter_wins
        # Only the whole deck prints another letter alone: its full move, without words.
        assert printed.move == opening.full_move and not opening.words
        return odds.full
    return odds.none


__all__ = ["Columns", "columns", "figures", "printed_rates", "table_wins", "with_wins"]
