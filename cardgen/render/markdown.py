"""The Markdown cheat card, from `templates/card.md.j2` (word sets) or
`templates/card_tables.md.j2` (decision tables: SuperGhost, SuperDuperGhost)."""

from __future__ import annotations

from cardgen import __version__
from cardgen.game import written_move
from cardgen.render import render_template
from cardgen.render.booklet import decision_count, groups
from cardgen.strategy import Card


def render_card(card: Card) -> str:
    """The card as Markdown: rules, verdict, one section per seat, and a footer; a card of
    decision tables adds each seat's table as a booklet grouped for lookup."""
    if not card.decision_tables:
        return render_template("card.md.j2", card=card, version=__version__)
    return render_template(
        "card_tables.md.j2",
        card=card,
        version=__version__,
        groups={seat.seat: groups(card, seat) for seat in card.seats},
        rows={seat.seat: decision_count(seat) for seat in card.seats},
        written=written_move,
    )
