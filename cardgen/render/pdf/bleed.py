"""A card's page for a print shop: the card plus bleed, with crop marks outside it."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from cardgen.cards.paper import MM, PdfOptions
from cardgen.render.pdf.canvas import COLORS, draw
from cardgen.render.pdf.fonts import Fonts
from cardgen.render.pdf.layout import Frame
from cardgen.render.pdf.sides import Side

CROP_LENGTH = 4 * MM
"""Crop marks around a card with bleed: this long, starting at the bleed's edge ..."""
SLUG = 1 * MM
"""... and this much paper beyond them."""


def bleed_offset(options: PdfOptions) -> float:
    """How far the card's trim sits from the page's edge: 0 without bleed."""
    return options.bleed * MM + CROP_LENGTH + SLUG if options.bleed else 0.0


def draw_trimmed(canvas: Canvas, side: Side, frame: Frame, fonts: Fonts, bleed: float) -> None:
    """Draw a side on a page with `bleed` millimetres around the card and crop marks at its
    trim outside the bleed; the page's TrimBox and BleedBox say where they are."""
    offset = bleed * MM + CROP_LENGTH + SLUG
    width, height = frame.width, frame.height
    page = (width + 2 * offset, height + 2 * offset)
    canvas.setTrimBox((offset, offset, offset + width, offset + height))
    out = bleed * MM
    canvas.setBleedBox((offset - out, offset - out, offset + width + out, offset + height + out))
    canvas.setStrokeGray(COLORS["ink"])
    canvas.setLineWidth(0.25)
    for x in (offset, offset + width):  # vertical marks above and below each side edge
        canvas.line(x, SLUG, x, SLUG + CROP_LENGTH)
        canvas.line(x, page[1] - SLUG, x, page[1] - SLUG - CROP_LENGTH)
    for y in (offset, offset + height):
        canvas.line(SLUG, y, SLUG + CROP_LENGTH, y)
        canvas.line(page[0] - SLUG, y, page[0] - SLUG - CROP_LENGTH, y)
    canvas.saveState()
    canvas.translate(offset, offset)
    draw(canvas, side, fonts)
    canvas.restoreState()
