"""The Markdown cheat card, from `templates/card.md.j2`."""

from __future__ import annotations

from cardgen import __version__
from cardgen.render import render_template
from cardgen.strategy import Card


def render_card(card: Card) -> str:
    """The card as Markdown: rules, verdict, one section per seat, and a footer."""
    return render_template("card.md.j2", card=card, version=__version__)
