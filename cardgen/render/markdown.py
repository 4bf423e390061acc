"""The Markdown cheat card, from `templates/card.md.j2` (word sets) or
`templates/card_tables.md.j2` (decision tables: SuperGhost, SuperDuperGhost)."""

from __future__ import annotations

from cardgen import __version__
from cardgen.game import written_move
from cardgen.render import render_template
from cardgen.render.booklet import groups
from cardgen.strategy import Card


def render_card(card: Card) -> str:
    """The card as Markdown: rules, verdict, one section per seat, and a footer; a card of
    decision tables adds each seat's table as a booklet grouped for lookup."""
    if not card.decision_tables:
        return render_template("card.md.j2", card=card, version=__version__)
    # Every seat but the first has its openings and plays listed in its section: its table
    # leaves them out, so each is printed once.
    tables = {seat.seat: groups(card, seat, openings=seat.seat == 1) for seat in card.seats}
    return render_template(
        "card_tables.md.j2",
        card=card,
        version=__version__,
        groups=tables,
        rows={seat: sum(len(group.rows) for group in table) for seat, table in tables.items()},
        written=written_move,
    )
