"""The published site: HTML pages of cards and tables, from the same data as every format.

One more renderer: a `Card` becomes a page (`templates/site/card.html.j2`), a `Table` a
sortable page (`table.html.j2`), and the run an index (`index.html.j2`); the styles and scripts
beside them are static files of `templates/site/`. Pages link only to files beside them, so the
site opens from `file://` with no server and no network, and reads with scripts off (all but
the explorer, `cardgen.render.explorer`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardgen import __version__
from cardgen.cards.strategy import Card
from cardgen.cards.tables import Row, Table
from cardgen.games.game import written_move
from cardgen.games.variants import SuperGhost, find_game
from cardgen.packaged import folder
from cardgen.render import render_template
from cardgen.render.pagetables import opening_groups, row_counts
from cardgen.render.sentences import (
    ordinal,
    rare_legend,
    seat_list,
)

STATIC = ("site.css", "site.js", "explorer.js")
"""The files every site holds beside its pages (from `templates/site/`)."""


@dataclass(frozen=True)
class CardPage:
    """A card and the files published beside its page."""

    stem: str
    """The config's stem: the page is `<stem>.html`."""
    card: Card
    pdfs: tuple[str, ...]
    """The names of its PDF files (the card, and its sheet if the config asks for one)."""
    game: str = ""
    """The name of its game's script for the explorer (`cardgen.render.explorer.game_file`)."""
    whole: Card | None = None
    """A card of decision tables before its deck was chosen, whose tables the page lists
    whole (the deck may print a part of the first seat's); None: `card`'s."""

    @property
    def page(self) -> str:
        return f"{self.stem}.html"


@dataclass(frozen=True)
class TablePage:
    """A table and the name its page and files are published under."""

    stem: str
    table: Table

    @property
    def page(self) -> str:
        return f"{self.stem}.html"


def _games(rows: Sequence[Row]) -> str:
    """'web2 at 3+ and 4+ letters, twl06 at 4+ letters': the games of some rows, by list."""
    lengths: dict[str, list[str]] = {}
    for row in rows:
        lengths.setdefault(row.dictionary, []).append(f"{row.min_length}+")
    return ", ".join(f"{name} at {' and '.join(found)} letters" for name, found in lengths.items())


def table_summary(table: Table) -> str:
    """The table in one line: for each number of players, which seat wins (with two) or cannot
    be made to lose (with more), and in which games.

    Seats that are safe in every game of a player count are named without their games."""
    counts = list(dict.fromkeys(row.players for row in table.rows))
    parts = []
    for players in counts:
        rows = [row for row in table.rows if row.players == players]
        verb = "wins" if players == 2 else "cannot be made to lose"
        said = []
        for seat in range(1, players + 1):
            safe = [row for row in rows if seat not in row.losers]
            if len(safe) == len(rows):
                everywhere = "every game" if players == 2 else "in any game"
                said.append(f"{seat_list((seat,))} {verb} {everywhere}")
            elif safe:
                said.append(f"{seat_list((seat,))} {verb} with {_games(safe)}")
        unsafe = [row for row in rows if len(row.losers) == players]
        if unsafe:
            said.append(f"every player can be made to lose with {_games(unsafe)}")
        parts.append(f"with {players} players, " + "; ".join(said))
    games = len(table.rows)
    text = f"{games} game{'s' if games != 1 else ''}: " + ". ".join(
        part[0].upper() + part[1:] for part in parts
    )
    return text + "."


def page_title(card: Card) -> str:
    """A card page's title: the card's, its game where the title does not name it, and the
    table it is for ('Ghost: twl06, 2 players, words of 4+ letters, against perfect players')."""
    game = "" if card.game_title in card.title else f" ({card.game_title})"
    return f"{card.title}{game}, against {card.opponent.against()}"


def _common() -> dict[str, object]:
    return {"version": __version__, "ordinal": ordinal, "seat_list": seat_list,
            "page_title": page_title, "variant_rules": variant_rules}


def variant_rules(card: Card) -> str:
    """The rules of SuperGhost or SuperDuperGhost, in docs/rules.md's words, for its game."""
    game = find_game(card.game)
    reverse = isinstance(game, SuperGhost) and game.reverse
    turned = " In SuperDuperGhost the fragment may be reversed first (nare, aren as well)."
    return (
        f"{card.game_title}, {card.players} players. Each turn adds one letter at the front or "
        f"the back of the fragment (given era: bera or erad).{turned if reverse else ''} The "
        f"fragment must stay inside a playable word of {card.dictionary.name} (a word of "
        f"{card.min_length}+ letters), not of a reversed one; whoever makes a playable word "
        "loses, even one inside a longer word."
    )


def render_tables_page(entry: CardPage) -> str:
    """The page of a card of decision tables (SuperGhost, SuperDuperGhost): its openings,
    every won opening's whole table (the rows the pocket card prints are printed, and marked
    where it prints a part of a table), the explorer."""
    from cardgen.render.markdown import budgeted

    card = entry.card
    budget = budgeted(card)
    whole = entry.whole or card
    groups = {seat.seat: opening_groups(card, seat, every=True) for seat in whole.seats}
    printed = {  # per seat, the fragments of the rows the pocket card prints, by table
        seat.seat: {group.key: {row.fragment for row in group.rows}
                    for group in opening_groups(card, seat, every=not budget)}
        for seat in card.seats
    }
    return render_template(
        "site/card_tables.html.j2",
        entry=entry,
        card=card,
        title=page_title(card),
        rules=variant_rules(card),
        moves=card.game_moves.replace("`", ""),
        budget=budget,
        groups=groups,
        printed=printed,
        rows=row_counts(groups),
        printed_rows={seat: sum(map(len, found.values())) for seat, found in printed.items()},
        written=written_move,
        **_common(),
    )


def render_card_page(entry: CardPage) -> str:
    """A card's page: its answers as on the card, the map, the explorer, a print stylesheet."""
    # The strips and glance grids are the PDF card's (reportlab is loaded anyway: the site
    # holds the card's PDF).
    from cardgen.render.pdf.grid import rows as grid_rows

    card = entry.card
    if card.decision_tables:
        return render_tables_page(entry)
    return render_template(
        "site/card.html.j2",
        entry=entry,
        card=card,
        title=page_title(card),
        grids={seat.seat: grid_rows(seat, card.dictionary.letters) for seat in card.seats[1:]},
        rare_legend=rare_legend(card),
        **_common(),
    )


def row_pages(table: Table, cards: Sequence[CardPage]) -> list[str | None]:
    """For each row of the table, the page of the site's card of its game (Ghost, its list,
    minimum length and players; a card for perfect players first), or None."""
    pages: dict[tuple[str, int, int], str] = {}
    for entry in sorted(cards, key=lambda entry: entry.card.opponent.knows is not None):
        card = entry.card
        if card.game == "ghost":
            pages.setdefault((card.dictionary.name, card.min_length, card.players), entry.page)
    return [pages.get((row.dictionary, row.min_length, row.players)) for row in table.rows]


def render_table_page(entry: TablePage, cards: Sequence[CardPage] = ()) -> str:
    """A table's page: the table (sortable by any column with scripts on), its summary, and a
    link from each row to the card page of its game where the site has one."""
    table = entry.table
    return render_template(
        "site/table.html.j2",
        entry=entry,
        table=table,
        pages=row_pages(table, cards),
        seats=range(1, table.max_players + 1),
        summary=table_summary(table),
        **_common(),
    )


def render_index(cards: Sequence[CardPage], tables: Sequence[TablePage]) -> str:
    """The index: every card and table of the run, with the rules each was solved for."""
    return render_template(
        "site/index.html.j2",
        cards=cards,
        tables=tables,
        summaries={entry.stem: table_summary(entry.table) for entry in tables},
        **_common(),
    )


def static_files() -> dict[str, bytes]:
    """The styles and scripts every site holds, by file name."""
    site = folder("cardgen.templates") / "site"
    return {name: (site / name).read_bytes() for name in STATIC}
