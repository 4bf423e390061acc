"""The PDF canvas a card is drawn on: its metadata and print settings, and byte-identical
output for identical input (`invariant`)."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from cardgen.cards.strategy import Card
from cardgen.render.pdf.fonts import Fonts
from cardgen.render.pdf.layout import BODY_SIZES


def new_canvas(buffer: io.BytesIO, card: Card, size: tuple[float, float], fonts: Fonts) -> Canvas:
    """A canvas with the card's metadata whose initial font is the body font, so the
    unembedded Helvetica default never appears; output is byte-identical for identical input."""
    canvas = Canvas(
        buffer,
        pagesize=size,
        invariant=1,
        initialFontName=fonts.regular,
        initialFontSize=BODY_SIZES[0],
    )
    # Ask viewers to print at actual size, double-sided flipping on the long edge.
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    info = card.dictionary
    canvas.setTitle(card.title)
    canvas.setAuthor("cardgen")
    canvas.setCreator("cardgen")
    canvas.setSubject(
        f"Ghost strategy card: {info.name}, {card.players} players, "
        f"words of {card.min_length}+ letters"
    )
    canvas.setKeywords(
        f"Ghost, word game, strategy card, {info.name}, {card.players} players, "
        f"min length {card.min_length}, sha256 {info.sha256}"
    )
    return canvas
