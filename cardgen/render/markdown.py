"""The Markdown cheat card, from `templates/card.md.j2` (word sets) or
`templates/card_tables.md.j2` (decision tables: SuperGhost, SuperDuperGhost)."""

from __future__ import annotations

from cardgen import __version__
from cardgen.cards.paper import PdfOptions
from cardgen.cards.strategy import Card
from cardgen.games.game import written_move
from cardgen.render import deck, render_template
from cardgen.render.marks import LETTER_MARKS, LetterKind, letter_kind
from cardgen.render.pagetables import groups, opening_groups, row_counts


def render_card(card: Card, options: PdfOptions | None = None) -> str:
    """The card as Markdown: rules, verdict, one section per seat, and a footer; a card of
    decision tables adds each seat's table as a booklet grouped for lookup. A budgeted deck
    (`cardgen.cards.selection`) lists only the entries it prints, and each seat what it wins;
    a card with no deck chosen yet is budgeted as `options` say, as `cardgen build` budgets a
    config with those `pdf` keys (default: none), and as the PDF prints it
    (`cardgen.render.deck`)."""
    card = deck(card, options)
    if not card.decision_tables:
        return render_template(
            "card.md.j2",
            card=card,
            version=__version__,
            budget=budgeted(card),
            kinds=_kinds(card),
        )
    # Every seat but the first has its openings and plays listed in its section: its table
    # leaves them out, so each is printed once. A budgeted deck prints its tables an opening
    # after another (the holder reads the rows under the opening it faced).
    budget = budgeted(card)
    tables = {
        seat.seat: opening_groups(card, seat) if budget else
        groups(card, seat, openings=seat.seat == 1)
        for seat in card.seats
    }
    return render_template(
        "card_tables.md.j2",
        card=card,
        version=__version__,
        budget=budget,
        kinds=_kinds(card),
        groups=tables,
        rows=row_counts(tables),
        written=written_move,
    )


def _kinds(card: Card) -> list[LetterKind]:
    """What the letters the card prints alone are, in the legend's order (the marks it keys)."""
    found = {letter_kind(opening, printed) for seat in card.seats
             for opening, printed in seat.entries()}
    return [kind for kind in LETTER_MARKS if kind in found]


def budgeted(card: Card) -> bool:
    """Whether a deck was chosen for the card (`cardgen.cards.selection`): some seat has its
    figures or some opening what the deck prints for it, and it is not the whole deck
    (`pdf.cards: full`); else every format prints every opening, as before budgets."""
    return card.deck != "full" and any(
        seat.wins is not None or bool(seat.listed)
        for seat in card.seats
    )
