"""Sheets of PDF cards: the cards imposed N-up on A4 or Letter, with cut marks.

`render_sheet` imposes the cards on A4 or Letter (portrait) on a centred grid, as many columns
and rows as fit with 6 mm of paper around the grid for the cut marks; cards are never rotated.
That gives id1 2 x 5 on A4 and 2 x 4 on Letter (2 x 5 would leave 4.7 mm, inside most
printers' unprintable edge), business-us 2 x 5 on both, business-eu 2 x 5 / 2 x 4, a7 2 x 2,
index 1 x 3. Each front page is followed by its back page, mirrored for long-edge duplex: the
back of the card in column c goes in column ncols-1-c. A deck of k cards is placed as many
whole times as fit in a page's slots (at least once), copy after copy in reading order: a
one-card deck fills the page with copies; a deck with more cards than slots runs over several
page pairs, one copy. Slots left over stay empty.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from cardgen.cards.paper import MM, SHEET_SIZES, PdfOptions
from cardgen.cards.strategy import Card
from cardgen.render.pdf.canvas import COLORS, draw, new_canvas
from cardgen.render.pdf.deck import card_sides
from cardgen.render.pdf.fonts import Fonts, PdfError
from cardgen.render.pdf.layout import FOOTER_SIZE, Frame
from cardgen.render.pdf.sides import card_frame

MARK_GAP = 1.5 * MM
"""Cut marks start this far outside the card grid ..."""
MARK_LENGTH = 3.5 * MM
SHEET_MARGIN = 6 * MM
"""... and the grid keeps this much paper around it for them."""

PRINTING_NOTE = (
    "Print at actual size (100 %), double-sided, flipping on the long edge, then cut along "
    "the marks."
)
SCALE_BAR = 50 * MM
"""A bar this long beside the grid: measure it to check the print was not scaled."""


@dataclass(frozen=True)
class Grid:
    """Card slots on a sheet: `columns` x `rows` cards, the grid's bottom-left at (x, y)."""

    columns: int
    rows: int
    x: float
    y: float
    card: tuple[float, float]

    def origin(self, row: int, column: int) -> tuple[float, float]:
        """Bottom-left corner of the slot in `row` (0 at the top) and `column`."""
        width, height = self.card
        return self.x + column * width, self.y + (self.rows - 1 - row) * height


def grid(frame: Frame, sheet: str) -> Grid:
    """The centred grid of as many cards of `frame`'s size as fit on `sheet`."""
    if sheet not in SHEET_SIZES:
        raise PdfError(
            "pdf.sheet", f"{sheet}: not a paper size; choose one of {', '.join(SHEET_SIZES)}"
        )
    page_width, page_height = SHEET_SIZES[sheet]
    columns = int((page_width - 2 * SHEET_MARGIN) // frame.width)
    rows = int((page_height - 2 * SHEET_MARGIN) // frame.height)
    if columns < 1 or rows < 1:
        raise PdfError("pdf.sheet", f"{sheet}: too small for this card size")
    x = (page_width - columns * frame.width) / 2
    y = (page_height - rows * frame.height) / 2
    return Grid(columns, rows, x, y, (frame.width, frame.height))


def cut_marks(canvas: Canvas, grid: Grid) -> None:
    """Short lines outside the grid along every cut."""
    width, height = grid.card
    right = grid.x + grid.columns * width
    top = grid.y + grid.rows * height
    canvas.setLineWidth(0.3)
    canvas.setStrokeGray(COLORS["ink"])
    for c in range(grid.columns + 1):
        x = grid.x + c * width
        canvas.line(x, grid.y - MARK_GAP, x, grid.y - MARK_GAP - MARK_LENGTH)
        canvas.line(x, top + MARK_GAP, x, top + MARK_GAP + MARK_LENGTH)
    for r in range(grid.rows + 1):
        y = grid.y + r * height
        canvas.line(grid.x - MARK_GAP, y, grid.x - MARK_GAP - MARK_LENGTH, y)
        canvas.line(right + MARK_GAP, y, right + MARK_GAP + MARK_LENGTH, y)


def note(
    canvas: Canvas, grid: Grid, page: tuple[float, float], y: float | None, fonts: Fonts
) -> None:
    """The printing instruction (below the grid at `y`, or up the left margin) and a 50 mm
    scale bar up the right margin."""
    canvas.setFont(fonts.regular, FOOTER_SIZE)
    canvas.setFillGray(COLORS["ink"])
    if y is not None:
        canvas.drawCentredString(page[0] / 2, y, PRINTING_NOTE)
    else:
        canvas.saveState()
        canvas.translate(grid.x - MARK_GAP - 1 * MM - FOOTER_SIZE * fonts.descent, page[1] / 2)
        canvas.rotate(90)
        canvas.drawCentredString(0, 0, PRINTING_NOTE)
        canvas.restoreState()
    right = grid.x + grid.columns * grid.card[0]
    x = right + MARK_GAP + 2 * MM
    bottom = page[1] / 2 - SCALE_BAR / 2
    canvas.setLineWidth(0.6)
    canvas.setStrokeGray(COLORS["ink"])
    canvas.line(x, bottom, x, bottom + SCALE_BAR)
    for tick in range(6):  # every 10 mm
        ty = bottom + tick * 10 * MM
        canvas.line(x, ty, x + (2 if tick % 5 else 3) * MM, ty)
    canvas.saveState()
    canvas.translate(x + 3 * MM + FOOTER_SIZE * fonts.ascent, page[1] / 2)
    canvas.rotate(90)
    canvas.drawCentredString(0, 0, "50 mm")
    canvas.restoreState()


def render_sheet(card: Card, options: PdfOptions) -> bytes:
    """The card imposed N-up on A4 or Letter for duplex printing (long-edge flip).

    Pages alternate fronts and backs; see the module docstring for how slots are filled.
    """
    frame = card_frame(options)
    slots_grid = grid(frame, options.sheet)
    fonts, sides = card_sides(card, frame, options)
    page = SHEET_SIZES[options.sheet]
    slots = slots_grid.columns * slots_grid.rows
    cards = len(sides) // 2
    copies = max(1, slots // cards)
    placed = [n for _ in range(copies) for n in range(cards)]
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, card, page, fonts)
    # Below the bottom cut marks if that stays clear of a printer's unprintable edge, else
    # turned up the left margin: the note is always there.
    note_y = slots_grid.y - MARK_GAP - MARK_LENGTH - 1 * MM - FOOTER_SIZE * fonts.ascent
    below = note_y - FOOTER_SIZE * fonts.descent > 4.5 * MM
    for start in range(0, len(placed), slots):
        chunk = placed[start : start + slots]
        for back in (0, 1):
            cut_marks(canvas, slots_grid)
            if not back:
                note(canvas, slots_grid, page, note_y if below else None, fonts)
            for slot, n in enumerate(chunk):
                row, column = divmod(slot, slots_grid.columns)
                if back:
                    column = slots_grid.columns - 1 - column
                x, y = slots_grid.origin(row, column)
                canvas.saveState()
                canvas.translate(x, y)
                draw(canvas, sides[2 * n + back], fonts)
                canvas.restoreState()
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()
