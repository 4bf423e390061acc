"""The PDF canvas a card is drawn on: its metadata and print settings, byte-identical output
for identical input (`invariant`), and how a laid-out side is drawn on it (`draw`): shapes in
black ink alone, then the text."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from cardgen.cards.strategy import Card
from cardgen.render.pdf.fonts import Fonts
from cardgen.render.pdf.layout import BODY_SIZES, Box, Text
from cardgen.render.pdf.sides import Side


def new_canvas(buffer: io.BytesIO, card: Card, size: tuple[float, float], fonts: Fonts) -> Canvas:
    """A canvas with the card's metadata whose initial font is the body font, so the
    unembedded Helvetica default never appears; output is byte-identical for identical input."""
    fonts.register()
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


COLORS = {
    "ink": 0.0,  # all text is pure black, K only on a press (DeviceGray) ...
    "paper": 1.0,  # ... or white on a black box
    "band": 0.894,  # a shape only: the light band behind every other grid row
}
"""The colours of `Style.color`, by name: grey levels (0 black, 1 white), so every mark
prints with black ink alone, never four-colour black."""


DASH = (1.0, 0.8)
"""A dashed outline's dash and gap, in points: a shape apart from a solid frame in grey too."""


def rect(canvas: Canvas, box: Box, *, fill: bool, dash: bool) -> None:
    """Draw a box filled, or outlined (dashed where `dash` says: no dash operator is written
    where none is wanted)."""
    if dash:
        canvas.setDash(*DASH)
    canvas.rect(box.x, box.y, box.width, box.height, stroke=not fill, fill=fill)
    if dash:
        canvas.setDash()


def draw(canvas: Canvas, side: Side, fonts: Fonts) -> None:
    """Draw a side with its bottom-left corner at the canvas's origin: shapes, then text."""
    for box in side.boxes:
        if box.fill:
            canvas.setFillGray(COLORS[box.fill])
            canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
        else:
            canvas.setStrokeGray(COLORS["ink"])
            canvas.setLineWidth(0.5)
            rect(canvas, box, fill=False, dash=box.dashed)
    canvas.setFillGray(COLORS["ink"])
    canvas.setStrokeGray(COLORS["ink"])
    canvas.setLineWidth(0.5)
    placed = []
    for text in side.texts:
        if text.style.boxed or text.style.framed:  # the move on a black box, the try framed
            box, x = letter_box(text, fonts)
            boxed = text.style.boxed
            rect(canvas, box, fill=boxed, dash=text.style.dashed)
            # The space before the letter is drawn too, so a text extractor reads a word gap.
            lead = text.text[: len(text.text) - len(text.text.lstrip())]
            x -= fonts.width(lead, text.style) * text.size
            text = Text(x, text.y, lead + text.text.strip(), text.style, text.size)
        placed.append(text)
    current: tuple[str, float, str] | None = None
    for text in placed:
        size = text.size * fonts.scale(text.text, text.style)
        key = (fonts.name(text.style), size, text.style.color)
        if key != current:
            canvas.setFont(key[0], key[1])
            canvas.setFillGray(COLORS[key[2]])
            current = key
        canvas.drawString(text.x, text.y, text.text)


INSET = 0.25
"""How far inside its measured width a letter's box is drawn, in points (see `letter_box`),
where its letter leaves the room ..."""
INK_MARGIN = 0.15
"""... and the least box, in points, kept beside the letter's ink."""


def letter_box(text: Text, fonts: Fonts) -> tuple[Box, float]:
    """The box of a boxed or framed letter drawn as `text` (perhaps after a space), and the x
    where the letter goes: centred in a box of the fixed width the layout measured it with,
    tall enough for every letter's ascender, descender and accents."""
    letter = text.text.strip()
    lead = len(text.text) - len(text.text.lstrip())
    x = text.x + fonts.width(text.text[:lead], text.style) * text.size
    width = fonts.box_width(letter, text.style) * text.size
    bottom, top = fonts.box_extent(letter, text.style)
    advance = fonts.width(letter, text.style) * text.size
    at = x + (width - advance) / 2
    # Drawn inside the width measured for it, by up to `INSET` a side, so a letter whose ink
    # reaches its advance (k) never touches the box glued after it; never into its own
    # letter's ink (a wide or overhanging one: m, j), which keeps `INK_MARGIN` of box around it.
    ink_left, _low, ink_right, _high = fonts.ink(letter, text.style)
    left = min(INSET, max(0.0, at + ink_left * text.size - x - INK_MARGIN))
    right = min(INSET, max(0.0, x + width - at - ink_right * text.size - INK_MARGIN))
    box = Box(x + left, text.y + bottom * text.size, width - left - right,
              (top - bottom) * text.size)
    return box, at
