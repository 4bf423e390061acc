"""Glance grids: a seat's openings as a table read at a glance, like a basic-strategy card.

Rows are the opening less its last letter, one column per letter of the card's alphabet is the
last letter, and each cell holds what to play there: the winning letter white on a black box,
the best try as the letter in an outline, the lost sign (`Fonts.lost`, no letter) where every
letter completes a word, a dash where there is no forced win and no try is known, nothing where
no word begins so. Every cell's meaning is carried by shape, so a
black-and-white print and a red-blind reader lose nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardgen.cards.strategy import Opening, Printed, SeatStrategy
from cardgen.render.pdf.fonts import Fonts
from cardgen.render.pdf.keys import UNLISTED
from cardgen.render.pdf.layout import BOLD, MOVE, REGULAR, TABLE, TRY, Box, Style, Text, Token

CELL_HEIGHTS = (20.0, 16.0, 13.0, 11.0, 9.5, 8.5, 7.5, 6.5, 5.8, 5.2, 4.6)
"""Row pitches tried, in points, largest first (the letters are about 0.9 of the pitch)."""
CELL_MOVE = Style(bold=True, color="paper")
"""The letter to play in a cell: white, on the cell's black box (drawn as a `Box`)."""
STYLES = {"play": MOVE, "try": TRY, "table": TABLE}
"""How a letter printed alone in a line of text is set, by its cell's kind (`pocket_cell`):
white on black, framed, or in a dashed frame."""
BAND = "band"
"""The colour name of the light band behind every other row (a shape, never text)."""


@dataclass(frozen=True)
class Cell:
    """One cell: `kind` is "play", "try", "table" (a letter that wins most often at a casual
    table), "ends" (every letter completes a word: the seat loses at once), "lost",
    "unlisted" (a budgeted deck's strip leaves the letter out: `UNLISTED`) or "" (no word
    begins so, or not listed)."""

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
    if ends(opening):
        return Cell("ends", opening.best_try.move if opening.best_try else "")
    if opening.best_try is not None:
        return Cell("try", opening.best_try.move)
    return Cell("lost")


def pocket_cell(opening: Opening, printed: Printed) -> Cell:
    """What a cell of a budgeted deck shows for an opening: the letter it prints (`printed`,
    `SeatStrategy.printed`), by what it is (`cardgen.render.pdf.content.letter_kind`), or
    nothing where it prints none."""
    move = printed.move
    if move is None:
        return Cell("")
    if printed.kind == "words" or move in opening.moves:
        return Cell("play", move)
    if ends(opening):
        return Cell("ends", move)
    if opening.best_try is not None and move == opening.best_try.move:
        return Cell("try", move)
    return Cell("table", move)


def ends(opening: Opening) -> bool:
    """Whether every letter completes a word at an opening: its best try ends the game (the
    try takes such a letter only where every letter is one)."""
    return opening.best_try is not None and opening.best_try.replies == 0


def cell_token(item: Cell, fonts: Fonts, space: bool = True) -> Token:
    """A cell's letter as a token of running text: boxed, framed or dashed by its kind; the
    lost sign alone where every letter completes a word, so it is never read as a move."""
    if item.kind == "ends":
        return Token(fonts.lost, REGULAR, space=space)
    return Token(item.letter, STYLES[item.kind], space=space)


def rows(
    seat: SeatStrategy, letters: str,
    cell_of: Callable[[Opening, Printed], Cell] | None = None,
) -> list[Row]:
    """The grid rows of a seat, in the order of its openings, each cell as `cell_of` says of
    an opening and what the deck prints for it (default: `cell`, the whole deck's)."""
    by_prefix: dict[str, dict[str, tuple[Opening, Printed]]] = {}
    for opening, printed in seat.entries():
        if opening.fragment:
            by_prefix.setdefault(opening.fragment[:-1], {})[opening.fragment[-1]] = (
                opening, printed)
    return [
        Row(prefix, tuple(
            Cell("") if x not in row else cell(row[x][0]) if cell_of is None
            else cell_of(*row[x]) for x in letters))
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


INSET = 0.3
"""The gap between a cell's box (or frame) and its row's edge, in points ..."""
ACROSS = 0.05
"""... and between neighbouring boxes, as a share of the cell's width (at most 0.6 pt)."""
PAD = 0.08
"""The gap between a letter's ink and its box above and below, as a share of its size ..."""
PAD_X = 0.05
"""... and beside it."""
SIGN_SCALE = 1.5
"""The size of the sign of a letter left out (`UNLISTED`), as a multiple of the letters'."""


def fit_size(geometry: GridGeometry, letters: str, fonts: Fonts) -> float:
    """The letters' size: the largest at which the ink of every letter of the alphabet, its
    accents and descenders included, fits inside a cell's box with room around it."""
    shown = "".join(cap(x) for x in letters)
    bottom = min(fonts.ink(shown, style)[1] for style in (BOLD, REGULAR))
    top = max(fonts.ink(shown, style)[3] for style in (BOLD, REGULAR))
    height = geometry.pitch - 2 * INSET
    widest = max(
        max(fonts.ink(cap(x), style)[2] - fonts.ink(cap(x), style)[0] for x in letters)
        for style in (BOLD, REGULAR)
    )
    width = geometry.cell_width * (1 - 2 * ACROSS)
    return min(height / (top - bottom + 2 * PAD), width / (widest + 2 * PAD_X))


def draw_grid(
    grid_rows: Sequence[Row], letters: str, geometry: GridGeometry, fonts: Fonts,
    alphabet: str = "",
) -> tuple[list[Text], list[Box]]:
    """The texts and boxes of a header row of `letters` and then `grid_rows`. Every letter is
    centred on its ink, so an accent never rises out of its cell's box or row. The letters'
    size and baseline are set by the ink of the whole `alphabet` (default: `letters`), which
    the cells may hold: the halves of a strip get one size, and a half whose header lacks Å
    still fits the Å of its cells inside their boxes."""
    texts: list[Text] = []
    boxes: list[Box] = []
    alphabet = alphabet or letters
    size = fit_size(geometry, alphabet, fonts)
    pitch = geometry.pitch
    x0 = geometry.x + geometry.label_width
    shown = "".join(cap(x) for x in alphabet)
    ink_bottom = min(fonts.ink(shown, style)[1] for style in (BOLD, REGULAR))
    ink_top = max(fonts.ink(shown, style)[3] for style in (BOLD, REGULAR))
    # One baseline for every letter of a row: the alphabet's ink centred in the row.
    lift = (pitch - (ink_top - ink_bottom) * size) / 2 - ink_bottom * size

    def centred(text: str, style: Style, column: int, bottom: float) -> None:
        left, _b, right, _t = fonts.ink(text, style)
        middle = x0 + (column + 0.5) * geometry.cell_width
        x = middle - (left + right) / 2 * size
        texts.append(Text(x, bottom + lift, text, style, size))

    def cell_box(column: int, bottom: float, fill: str, dashed: bool = False) -> None:
        across = min(0.6, ACROSS * geometry.cell_width)
        left = x0 + column * geometry.cell_width + across
        width = geometry.cell_width - 2 * across
        boxes.append(Box(left, bottom + INSET, width, pitch - 2 * INSET, fill, dashed))

    bottom = geometry.top - pitch
    for c, x in enumerate(letters):
        centred(cap(x), BOLD, c, bottom)
    width = geometry.label_width + len(letters) * geometry.cell_width
    boxes.append(Box(geometry.x, bottom - 0.15, width, 0.3))  # the rule under the header
    for r, row in enumerate(grid_rows):
        bottom = geometry.top - (r + 2) * pitch
        if r % 2:
            boxes.append(Box(geometry.x, bottom, width, pitch, BAND))
        label = cap_label(row.label)
        label_size = min(size, (geometry.label_width - 0.6) / max(fonts.measure(label, BOLD), 1e-6))
        baseline = bottom + (pitch - (ink_top - ink_bottom) * label_size) / 2
        texts.append(Text(geometry.x, baseline - ink_bottom * label_size, label, BOLD, label_size))
        for c, item in enumerate(row.cells):
            if item.kind == "play":
                cell_box(c, bottom, "ink")
                centred(cap(item.letter), CELL_MOVE, c, bottom)
            elif item.kind in ("try", "table"):
                cell_box(c, bottom, "", dashed=item.kind == "table")
                centred(cap(item.letter), REGULAR, c, bottom)
            elif item.kind == "ends":
                centred(fonts.lost, REGULAR, c, bottom)
            elif item.kind == "lost":
                centred(fonts.dash, REGULAR, c, bottom)
            elif item.kind == "unlisted":
                # Bold and larger than the letters (an asterisk's ink is half a capital's),
                # centred on its own ink: set as they are, it sits high.
                big = SIGN_SCALE * size
                left, low, right, high = fonts.ink(UNLISTED, BOLD)
                across = x0 + (c + 0.5) * geometry.cell_width - (left + right) / 2 * big
                up = bottom + (pitch - (high - low) * big) / 2 - low * big
                texts.append(Text(across, up, UNLISTED, BOLD, big))
    return texts, boxes


def cap_label(label: str) -> str:
    """A row label as the grid shows it."""
    return "".join(cap(x) for x in label)


def label_width(grid_rows: Sequence[Row], size: float, fonts: Fonts) -> float:
    """The width of the label column at `size`."""
    widest = max((fonts.measure(cap_label(row.label), BOLD) for row in grid_rows), default=0.0)
    return widest * size + 0.35 * size
