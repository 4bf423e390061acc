"""Strategy tables as Markdown (`templates/table.md.j2`), CSV and JSON.

JSON schema 2 keeps these names: schema, title, opponent ("perfect" or {knows, familiarity}),
rows[{dictionary, entries, playable, min_length, players, losers, winning_first_moves,
seats[{seat, openings, won, card_words}]}], and dictionaries[{name, source, sha256, entries}] for
where each word list comes from. Schema 2 added `opponent`: against a casual table (docs/rules.md,
"A card for casual tables") the first seat's winning letters and each seat's wins and words are
counted against it, and `familiarity` names the word frequencies used.
`game` (ghost, superghost, superduperghost) was added to each row; in the variants `card_words`
counts the decisions of a seat's tables.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from cardgen.cards.tables import Row, Table
from cardgen.games.variants import find_game
from cardgen.render import render_template
from cardgen.render.json import dumps

SCHEMA = 2
"""The table JSON's schema (the card's is `cardgen.render.json.SCHEMA`)."""

SEAT_COLUMNS = ("won", "openings", "card_words")
"""What each seat contributes to a CSV row, as columns `seat<k>_<name>`."""


def render_markdown(table: Table) -> str:
    """The table as Markdown: title, one table, the rules, and where each word list comes from."""
    return render_template(
        "table.md.j2", table=table, seats=range(1, table.max_players + 1),
        game=find_game(table.game),
    )


def csv_header(max_players: int) -> list[str]:
    """The CSV column names for a table whose largest row has `max_players` seats."""
    columns = [
        "dictionary",
        "entries",
        "playable",
        "min_length",
        "players",
        "losers",
        "winning_first_moves",
        "game",
    ]
    for seat in range(1, max_players + 1):
        columns += [f"seat{seat}_{name}" for name in SEAT_COLUMNS]
    return columns


def csv_row(row: Row, max_players: int) -> list[str | int]:
    """One row's CSV cells; lists are space-separated, a missing seat's cells are empty."""
    cells: list[str | int] = [
        spreadsheet_safe(row.dictionary),
        row.entries,
        row.playable,
        row.min_length,
        row.players,
        " ".join(str(seat) for seat in row.losers),
        " ".join(row.winning_first_moves),
        row.game,
    ]
    for seat in row.seats:
        cells += [seat.won, seat.openings, seat.card_words]
    cells += [""] * (len(SEAT_COLUMNS) * (max_players - len(row.seats)))
    return cells


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula in a cell (OWASP, "CSV Injection")."""


def spreadsheet_safe(text: str) -> str:
    """A text cell that a spreadsheet shows as text: one that would start a formula is
    prefixed with `'` (a list named `=SUM(1+1).txt` is not run).

    >>> spreadsheet_safe("=SUM(1+1).txt"), spreadsheet_safe("twl06")
    ("'=SUM(1+1).txt", 'twl06')
    """
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def render_csv(table: Table) -> str:
    """The table as CSV: a header row, then one line per row, `\\n` line ends."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(csv_header(table.max_players))
    writer.writerows(csv_row(row, table.max_players) for row in table.rows)
    return buffer.getvalue()


def table_document(table: Table) -> dict[str, Any]:
    """The table as plain JSON-ready data."""
    return {
        "schema": SCHEMA,
        "title": table.title,
        "opponent": "perfect"
        if table.opponent.knows is None
        else {"knows": table.opponent.knows, "familiarity": table.familiarity},
        "rows": [
            {
                "dictionary": row.dictionary,
                "entries": row.entries,
                "playable": row.playable,
                "min_length": row.min_length,
                "players": row.players,
                "losers": list(row.losers),
                "winning_first_moves": list(row.winning_first_moves),
                "seats": [
                    {
                        "seat": seat.seat,
                        "openings": seat.openings,
                        "won": seat.won,
                        "card_words": seat.card_words,
                    }
                    for seat in row.seats
                ],
                "game": row.game,
            }
            for row in table.rows
        ],
        "dictionaries": [
            {"name": d.name, "source": d.source, "sha256": d.sha256, "entries": d.entries}
            for d in table.lists
        ],
    }


def render_json(table: Table) -> str:
    """The table as JSON text."""
    return dumps(table_document(table))
