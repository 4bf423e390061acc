"""The glance-grid sides of a seat: its grid split over as few sides as keep every letter at
least `MIN_LETTER` points, each side saying which rows it holds and what its rows, columns and
cells mean, with a key of only the marks it uses."""

from __future__ import annotations

import math

from cardgen.cards.strategy import Card, SeatStrategy
from cardgen.render.pdf.fonts import DoesNotFit, Fonts
from cardgen.render.pdf.grid import (
    GridGeometry,
    Row,
    cap_label,
    draw_grid,
    fit_size,
    label_width,
    rows,
)
from cardgen.render.pdf.keys import NO_WORD, lost_tokens
from cardgen.render.pdf.layout import (
    BOLD,
    FOOTER_SIZE,
    HEADING_LEADING,
    HEADING_SIZE,
    MOVE,
    PARAGRAPH_GAP,
    SAFE_MARGIN,
    TRY,
    Frame,
    Para,
    Token,
    words,
)
from cardgen.render.pdf.sides import Side, draw_top
from cardgen.render.sentences import ordinal, seat_heading

MIN_LETTER = 6.0
"""No letter of a grid (or of any side) is set smaller than this, in points."""
PITCHES = tuple(20.0 - 0.25 * n for n in range(60))
"""Row pitches tried, in points, largest first."""
GRID_HOWTO = "Row: the letters on the table but the last; column: the last letter."
"""What a grid's rows and columns are, on every grid side."""


def key_tokens(chunk: list[Row], fonts: Fonts) -> tuple[Token, ...]:
    """The key of the marks a side's rows use, and what a blank cell means."""
    kinds = {cell.kind for row in chunk for cell in row.cells}
    groups = [
        (kind, group)
        for kind, group in (
            ("play", [Token("A", MOVE), Token("play")]),
            ("try", [Token("A", TRY), *words("best try")]),
            ("ends", list(lost_tokens(fonts))),
            ("lost", [Token(fonts.dash), *words("no forced win")]),
            ("", list(words(f"blank: {NO_WORD}"))),
        )
        if kind in kinds
    ]
    tokens: list[Token] = []
    for n, (_kind, group) in enumerate(groups):
        if n < len(groups) - 1:
            last = group[-1]
            group = [*group[:-1], Token(last.text + ";", last.style, last.space)]
        tokens += group
    return tuple(tokens)


def rows_held(chunk: list[Row], fonts: Fonts) -> str:
    """The rows a grid side holds: 'A–I', or 'Q' for one."""
    first, last = cap_label(chunk[0].label), cap_label(chunk[-1].label)
    return first if first == last else f"{first}{fonts.range}{last}"


def top_paras(seat: int, chunk: list[Row], fonts: Fonts) -> tuple[Para, ...]:
    """A grid side's heading (its seat and rows) and its how-to with the key; for no rows, the
    least any side's top can hold (the seat alone, no key)."""
    heading = seat_heading(seat)
    if chunk:
        held = rows_held(chunk, fonts)
        heading += f" {fonts.dot} {'rows' if fonts.range in held else 'row'} {held}"
    return (
        Para(words(heading, BOLD), HEADING_SIZE, HEADING_LEADING),
        Para((*words(GRID_HOWTO), *key_tokens(chunk, fonts)), FOOTER_SIZE),
    )


def grid_sides(seat: SeatStrategy, card: Card, frame: Frame, fonts: Fonts) -> list[Side]:
    """The glance grids of a seat, on as few sides as keep its letters at `MIN_LETTER` or
    more, at the largest row pitch giving that many; the rows shared evenly."""
    letters = card.dictionary.letters
    grid_rows = rows(seat, letters)
    bottom = footer_top(frame, fonts)
    tops: dict[int, float] = {}

    def room(count: int) -> float:
        """The height left for the grid on the fullest side when split over `count` sides."""
        if count not in tops:
            per_side = math.ceil(len(grid_rows) / count)
            chunks = [grid_rows[n : n + per_side] for n in range(0, len(grid_rows), per_side)]
            lowest = min(draw_top(top_paras(seat.seat, c, fonts), frame, fonts)[1] for c in chunks)
            tops[count] = lowest - PARAGRAPH_GAP - bottom
        return tops[count]

    label = label_width(grid_rows, MIN_LETTER, fonts)
    valid = valid_pitches(label, letters, frame, fonts)

    def holds(count: int, pitch: float) -> bool:
        return room(count) // pitch - 1 >= math.ceil(len(grid_rows) / count)

    # The fewest sides come with the smallest pitch; then the largest pitch that keeps them.
    # No side's top is shorter than the seat's heading and how-to alone, so no count below
    # `least` holds: starting there keeps a seat of thousands of rows linear, not quadratic.
    most = (draw_top(top_paras(seat.seat, [], fonts), frame, fonts)[1] - PARAGRAPH_GAP - bottom)
    per_side_most = int(most // valid[-1]) - 1 if valid else 0
    least = math.ceil(len(grid_rows) / per_side_most) if per_side_most > 0 else len(grid_rows) + 1
    count = next(
        (n for n in range(least, len(grid_rows) + 1) if valid and holds(n, valid[-1])), 0
    )
    if not count:
        raise DoesNotFit(grid_blame(seat.seat, letters))
    pitch = next(p for p in valid if holds(count, p))
    per_side = math.ceil(len(grid_rows) / count)
    sides = []
    for n in range(0, len(grid_rows), per_side):
        chunk = grid_rows[n : n + per_side]
        texts, y = draw_top(top_paras(seat.seat, chunk, fonts), frame, fonts)
        geometry = GridGeometry(
            SAFE_MARGIN, y - PARAGRAPH_GAP, label, (frame.inner_width - label) / len(letters),
            pitch,
        )
        grid_texts, boxes = draw_grid(chunk, letters, geometry, fonts)
        sides.append(
            Side(tuple(texts + grid_texts), tuple(boxes), str(seat.seat), rows_held(chunk, fonts))
        )
    return sides


def valid_pitches(label: float, letters: str, frame: Frame, fonts: Fonts) -> list[float]:
    """The row pitches at which a grid of a column per letter of `letters`, beside a label
    column `label` wide, sets its letters at `MIN_LETTER` or more across the frame."""
    cell = (frame.inner_width - label) / len(letters)
    return [p for p in PITCHES
            if fit_size(GridGeometry(0.0, 0.0, label, cell, p), letters, fonts) >= MIN_LETTER]


def grid_blame(seat: int, letters: str) -> str:
    """What does not fit where a seat's glance grid fits no side: 'the glance grid of the
    fourth seat (26 letters of 6 pt or more across, beside rows of 2 letters)'."""
    label = f"{seat - 2} letter{'s' * (seat != 3)}"
    return (f"the glance grid of the {ordinal(seat)} seat ({len(letters)} letters of "
            f"{MIN_LETTER:g} pt or more across, beside rows of {label})")


def footer_top(frame: Frame, fonts: Fonts) -> float:
    """The y just above the footer's glyphs, with a gap."""
    size = FOOTER_SIZE * frame.scale
    return SAFE_MARGIN + size * (fonts.ascent + fonts.descent) + PARAGRAPH_GAP
