"""Paper: the card sizes and sheet sizes a PDF card can be printed on, and the PDF options.

These are plain facts kept apart from `cardgen.render.pdf`, so that reading a config does not
import reportlab.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

MM = 72 / 25.4
"""Points per millimetre."""
INCH = 72.0
"""Points per inch."""

SIZES: Mapping[str, tuple[float, float]] = {
    "id1": (85.60 * MM, 53.98 * MM),
    "business-us": (3.5 * INCH, 2 * INCH),
    "business-eu": (85 * MM, 55 * MM),
    "a7": (74 * MM, 105 * MM),
    "index": (5 * INCH, 3 * INCH),
}
"""Card presets: (width, height) in points, in the orientation the card is printed in."""

SHEETS: tuple[str, ...] = ("none", "a4", "letter")
"""Sheet choices: no sheet, or the cards imposed N-up on A4 or US Letter."""

SHEET_SIZES: Mapping[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),
    "letter": (8.5 * INCH, 11 * INCH),
}
"""Sheet sizes, portrait, in points."""


MAX_BLEED = 10.0
"""The largest `pdf.bleed`, in millimetres ..."""
BLEED_WANTED = f"millimetres from 0 to {MAX_BLEED:g} (3 is usual)"
"""... as its error message says."""

WORDS: tuple[str, ...] = ("all", "none")
"""`pdf.words` choices: every seat's words to steer to after its grids, or the grids alone."""


@dataclass(frozen=True)
class PdfOptions:
    """How a card is printed: its size, an optional sheet, an optional body font."""

    size: str = "id1"
    """A key of `SIZES`."""
    sheet: str = "none"
    """One of `SHEETS`."""
    font: Path | None = None
    """A TrueType font file for the text; None for the default."""
    words: str = "all"
    """One of `WORDS`: `all` prints the words to steer to after each seat's grids, `none`
    prints the grids alone."""
    seats: tuple[int, ...] | None = None
    """The seats to print, ascending; None for every seat."""
    bleed: float = 0.0
    """Millimetres of bleed around each card of the single-card PDF, with crop marks outside
    it, for a print shop (0: each page is the card itself)."""
    cards: int | None = None
    """How many cards the deck may take, the room shared among the seats by what it wins
    (`cardgen.cards.selection`); None: one card per seat, the first two seats sharing card 1;
    `FULL`: every opening's entry, however many cards that takes."""


FULL = 0
"""`PdfOptions.cards` for the whole deck (`pdf.cards: full`)."""
MAX_CARDS = 100
"""The most cards `pdf.cards` may ask for."""
