"""Pocket cards as PDF: every card side at the card's exact size, or imposed N-up on sheets.

The package holds one job per module:

- `fonts`: the TrueType body font and its bold face, registered and measured;
- `metrics`: each glyph's width and ink box, from the table shipped for the default fonts
  (`metrics.json`) or measured from the font file;
- `layout`: text layout on measured widths (tokens, line breaking, packing into columns and
  sides, balancing), free of reportlab;
- `units`: a section's lines by entry, the units packing moves between columns and sides;
- `content`: what goes on the card (title, verdict, each seat's openings, the rules,
  the footer), in the words of `cardgen.render.sentences`;
- `keys`: the key to the marks a side prints;
- `budget`: the pocket deck's budget, what each seat's card prints, laid out to fit;
- `superdeck` and `booklet`: SuperGhost's and SuperDuperGhost's decks and their decision
  tables;
- `rtl`: a right-to-left title in display order;
- `canvas`: drawing on reportlab's canvas (boxes, frames, text runs);
- `grid`: glance grids, a seat's openings as a table of letters to play, each letter centred
  on its ink in a box sized from the glyphs' outlines;
- `glance`: a seat's glance grids split over sides, each saying which rows it holds;
- `sides`: each section laid out on sides of the card's size, and drawn; an odd deck made even;
- `front`: the front of card 1, whose strip answers both seats' first move;
- `deck`: the sides in order, with seat marks and footers (`render_card`);
- `room`: a deck its card is too narrow for whatever the words (the strip, the grids),
  judged before the game is solved;
- `sheet`: the cards imposed on A4 or Letter with cut marks (`render_sheet`);
- `bleed`: a single card's page for a print shop, with bleed and crop marks (`pdf.bleed`).

All ink is black alone (DeviceGray); `pdf.bleed` adds bleed and crop marks around each card.

Side 1 (the front of card 1) holds the title, the verdict of perfect play, the first seat's
opening and the second seat's reply to every first letter, and which cards hold which seat;
every further seat starts on a new side, with its glance grids first from the third seat on.
`SIZES`, `SHEETS` and `PdfOptions` live in `cardgen.cards.paper` (a config is read without
importing reportlab) and are re-exported here.

The names are loaded on first use (PEP 562), as `cardgen`'s are: a JSON build measures its
pocket card with `fonts` and `budget` and never imports the drawing (`deck`, `canvas`) nor,
with the default fonts, reportlab.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_API = {
    "SHEETS": "cardgen.cards.paper",
    "SIZES": "cardgen.cards.paper",
    "PdfOptions": "cardgen.cards.paper",
    "PdfError": "cardgen.render.pdf.fonts",
    "render_card": "cardgen.render.pdf.deck",
    "render_sheet": "cardgen.render.pdf.sheet",
}
"""Public name -> the module that holds it."""

__all__ = ["SHEETS", "SIZES", "PdfError", "PdfOptions", "render_card", "render_sheet"]

if TYPE_CHECKING:
    from cardgen.cards.paper import SHEETS, SIZES, PdfOptions
    from cardgen.render.pdf.deck import render_card
    from cardgen.render.pdf.fonts import PdfError
    from cardgen.render.pdf.sheet import render_sheet


def __getattr__(name: str) -> Any:
    """Load a public name's module on first use."""
    if name not in _API:
        raise AttributeError(f"module 'cardgen.render.pdf' has no attribute {name!r}")
    value = getattr(importlib.import_module(_API[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
