"""Glance grids: a seat's openings as a table read at a glance, like a basic-strategy card.

Rows are the opening less its last letter, one column per letter of the card's alphabet is the
last letter, and each cell holds what to play there: the winning letter white on a black box,
the best try as the letter in an outline, a dash where there is no forced win and no try is
known, nothing where no word begins so. Every cell's meaning is carried by shape, so a
black-and-white print and a red-blind reader lose nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.render.pdf.fonts import Fonts
from cardgen.render.pdf.layout import BOLD, MOVE, REGULAR, TRY, Box, Style, Text
from cardgen.strategy import Opening, SeatStrategy

CELL_HEIGHTS = (20.0, 16.0, 13.0, 11.0, 9.5, 8.5, 7.5, 6.5, 5.8, 5.2, 4.6)
"""Row pitches tried, in points, largest first (the letters are about 0.9 of the pitch)."""
BAND = "band"
"""The colour name of the light band behind every other row (a shape, never text)."""


@dataclass(frozen=True)
class Cell:
    """One cell: `kind` is "play", "try", "lost" or "" (no word begins so)."""

    kind: str
    letter: str = ""


@dataclass(frozen=True)
class Row:
    """A grid row: the letters on the table less the last, and a cell per alphabet letter."""

    label: str
    cells: tuple[Cell, ...]


def cap(letter: str) -> str:
    """A letter as the grid shows it: upper case where that is still one letter."""
    upper = letter.upper()
    return upper if len(upper) == 1 else letter


def cell(opening: Opening) -> Cell:
    """What a grid cell shows for an opening."""
    if opening.play is not None:
        return Cell("play", opening.play)
    if opening.best_try is not None:
        return Cell("try", opening.best_try.move)
    return Cell("lost")


def rows(seat: SeatStrategy, letters: str) -> list[Row]:
    """The grid rows of a seat, in the order of its openings."""
    by_prefix: dict[str, dict[str, Opening]] = {}
    for opening in seat.openings:
        if opening.fragment:
            by_prefix.setdefault(opening.fragment[:-1], {})[opening.fragment[-1]] = opening
    return [
        Row(prefix, tuple(cell(row[x]) if x in row else Cell("") for x in letters))
        for prefix, row in by_prefix.items()
    ]


@dataclass(frozen=True)
class GridGeometry:
    """Where a grid sits: its top-left corner, the label column's width, each cell's size."""

    x: float
    top: float
    label_width: float
    cell_width: float
    pitch: float

    @property
    def size(self) -> float:
        """The letters' size: 0.9 of the pitch."""
        return round(0.9 * self.pitch, 3)


def fit_size(geometry: GridGeometry, letters: str, fonts: Fonts) -> float:
    """The letters' size, made smaller if the widest cell text would not fit its cell."""
    size = geometry.size
    widest = max(fonts.measure(cap(x), BOLD) for x in letters)
    room = geometry.cell_width - 0.6
    return min(size, room / widest) if widest else size


def draw_grid(
    grid_rows: Sequence[Row], letters: str, geometry: GridGeometry, fonts: Fonts
) -> tuple[list[Text], list[Box]]:
    """The texts and boxes of a header row of `letters` and then `grid_rows`."""
    texts: list[Text] = []
    boxes: list[Box] = []
    size = fit_size(geometry, letters, fonts)
    pitch = geometry.pitch
    x0 = geometry.x + geometry.label_width

    def centred(text: str, style: Style, column: int, bottom: float) -> None:
        width = fonts.measure(text, style) * size
        x = x0 + column * geometry.cell_width + (geometry.cell_width - width) / 2
        baseline = bottom + (pitch - size) / 2 + size * fonts.descent
        texts.append(Text(x, baseline, text, style, size))

    bottom = geometry.top - pitch
    for c, x in enumerate(letters):
        centred(cap(x), BOLD, c, bottom)
    width = geometry.label_width + len(letters) * geometry.cell_width
    boxes.append(Box(geometry.x, bottom - 0.15, width, 0.3))  # the rule under the header
    for r, row in enumerate(grid_rows):
        bottom = geometry.top - (r + 2) * pitch
        if r % 2:
            boxes.append(Box(geometry.x, bottom, width, pitch, BAND))
        label_size = min(size, (geometry.label_width - 0.6) / max(
            fonts.measure(cap_label(row.label), BOLD), 1e-6))
        baseline = bottom + (pitch - label_size) / 2 + label_size * fonts.descent
        texts.append(Text(geometry.x, baseline, cap_label(row.label), BOLD, label_size))
        for c, item in enumerate(row.cells):
            if item.kind == "play":
                # Apart from their neighbours, so a run of boxes still reads as letters.
                inset, across = 0.25, min(0.6, 0.1 * geometry.cell_width)
                left = x0 + c * geometry.cell_width + across
                boxes.append(
                    Box(left, bottom + inset, geometry.cell_width - 2 * across, pitch - 2 * inset)
                )
                centred(cap(item.letter), MOVE, c, bottom)
            elif item.kind == "try":
                centred(cap(item.letter), TRY, c, bottom)
            elif item.kind == "lost":
                centred(fonts.dash, REGULAR, c, bottom)
    return texts, boxes


def cap_label(label: str) -> str:
    """A row label as the grid shows it."""
    return "".join(cap(x) for x in label)


def label_width(grid_rows: Sequence[Row], size: float, fonts: Fonts) -> float:
    """The width of the label column at `size`."""
    widest = max((fonts.measure(cap_label(row.label), BOLD) for row in grid_rows), default=0.0)
    return widest * size + 0.35 * size
