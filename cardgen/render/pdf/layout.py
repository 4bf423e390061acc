"""Text layout of a PDF card: tokens, line breaking, packing entries into columns and sides.

Everything here works on measured widths, never on a font: a `Measure` gives the width of a
text at 1 pt in a style (the card passes its fonts' metrics; tests pass `len`), so the
layout can be checked exactly without reportlab.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardgen.paper import MM

SAFE_MARGIN = 3 * MM
"""Nothing is printed closer than this to a card's edge (duplex misregistration)."""

BODY_SIZES = (7.0, 6.75, 6.5)
"""Body sizes tried, preferred first; 6.5 pt is the floor."""
TITLE_SIZE = 10.0
HEADING_SIZE = 9.0
FOOTER_SIZE = 6.5
LEADING = 1.15
"""Line pitch of text, as a multiple of the size ..."""
TIGHT_LEADING = 1.1
"""... and of a body that fits on fewer sides that way."""
HEADING_LEADING = 1.2
COLUMN_GAP = 2.5 * MM
PARAGRAPH_GAP = 0.8 * MM
"""Space between the heading block, the body and the footer."""
MAX_COLUMNS = 6


@dataclass(frozen=True)
class Frame:
    """One card size."""

    name: str
    width: float
    height: float

    @property
    def inner_width(self) -> float:
        """The width inside the safe margins."""
        return self.width - 2 * SAFE_MARGIN


@dataclass(frozen=True)
class Style:
    """How a piece of text is set: bold or not, and its colour's name."""

    bold: bool = False
    color: str = "ink"


REGULAR = Style()
BOLD = Style(bold=True)
MOVE = Style(bold=True, color="accent")
GREY = Style(color="muted")
GREY_BOLD = Style(bold=True, color="muted")
FOOT = Style(color="footer")

Measure = Callable[[str, Style], float]
"""The width of a text at 1 pt in a style."""


@dataclass(frozen=True)
class Token:
    """A piece of text that is never broken; `space` puts a space before it mid-line."""

    text: str
    style: Style = REGULAR
    space: bool = True


@dataclass(frozen=True)
class Text:
    """One string drawn at a baseline; x, y from the card's bottom-left corner."""

    x: float
    y: float
    text: str
    style: Style
    size: float


@dataclass(frozen=True)
class Para:
    """A block of a side's heading area: tokens wrapped at one size."""

    tokens: tuple[Token, ...]
    size: float
    leading: float = LEADING
    space: float = 0.0
    """Extra space above the paragraph (not above the first one of a side)."""


@dataclass(frozen=True)
class Entry:
    """One opening: the thumb label in the gutter, then tokens with a hanging indent."""

    label: Token | None
    tokens: tuple[Token, ...]


Line = list[tuple[float, Token]]
"""A line of text: each token with its x from the line's start."""


def words(text: str, style: Style = REGULAR) -> tuple[Token, ...]:
    """A token for each word of `text`, all in one style."""
    return tuple(Token(word, style) for word in text.split())


def markup(text: str) -> tuple[Token, ...]:
    """Tokens of a short marked-up line: *bold*, !accent!, ~muted~; a token glued to the one
    before it is written with a leading `+`."""
    styles = {"*": BOLD, "!": MOVE, "~": GREY_BOLD}
    tokens = []
    for word in text.split():
        space = not word.startswith("+")
        word = word.lstrip("+")
        style = REGULAR
        if len(word) > 2 and word[0] in styles and word[-1] == word[0]:
            style, word = styles[word[0]], word[1:-1]
        tokens.append(Token(word, style, space))
    return tuple(tokens)


def wrap(tokens: Sequence[Token], width: float, size: float, measure: Measure) -> list[Line]:
    """Greedy line breaking at token boundaries; a token is never split.

    A space is set in the style of the token after it: `runs` draws it at the start of that
    token's string, so text extraction finds a real space between any two words."""
    lines: list[Line] = [[]]
    x = 0.0
    for token in tokens:
        w = measure(token.text, token.style) * size
        gap = measure(" ", token.style) * size if token.space and lines[-1] else 0.0
        if gap and x + gap + w > width + 1e-6:
            lines.append([])
            x, gap = 0.0, 0.0
        lines[-1].append((x + gap, token))
        x += gap + w
    return lines


def para_lines(para: Para, width: float, measure: Measure) -> list[Line]:
    """Lines of a heading-area paragraph; a word wider than the line (a long title) is cut."""
    tokens: list[Token] = []
    for token in para.tokens:
        pieces = [""]
        for ch in token.text:
            if pieces[-1] and measure(pieces[-1] + ch, token.style) * para.size > width:
                pieces.append("")
            pieces[-1] += ch
        tokens += [
            Token(piece, token.style, token.space if i == 0 else True)
            for i, piece in enumerate(pieces)
        ]
    return wrap(tokens, width, para.size, measure)


def runs(line: Line, x0: float, y: float, size: float, measure: Measure) -> list[Text]:
    """The strings that draw a line: neighbouring tokens of one style merged, each space
    drawn in front of the token after it (see `wrap`)."""
    texts: list[Text] = []
    for i, (x, token) in enumerate(line):
        spaced = token.space and i > 0
        text = " " + token.text if spaced else token.text
        if texts and texts[-1].style == token.style:
            last = texts[-1]
            texts[-1] = Text(last.x, y, last.text + text, last.style, size)
        else:
            start = x0 + x - (measure(" ", token.style) * size if spaced else 0.0)
            texts.append(Text(start, y, text, token.style, size))
    return texts


def pack(
    heights: Sequence[int], columns: int, capacities: tuple[int, int]
) -> list[list[list[int]]] | None:
    """Fill columns top-down and sides in order, each column holding `capacities[0]` lines on
    the first side and `capacities[1]` on later ones; None if an entry is taller than that.

    The result lists, for each side, for each column, the indices of its entries."""
    sides: list[list[list[int]]] = []
    used = 0
    for i, height in enumerate(heights):
        capacity = capacities[len(sides) > 1]
        if not sides or used + height > capacity:
            if sides and len(sides[-1]) < columns and height <= capacity:
                sides[-1].append([])
            else:
                sides.append([[]])
                if height > capacities[len(sides) > 1]:
                    return None
            used = 0
        sides[-1][-1].append(i)
        used += height
    return sides


def balance(heights: Sequence[int], columns: int, capacity: int) -> list[list[int]]:
    """One side's entries in at most `columns` columns, as evenly tall as packing allows.

    The entries must fit one side of `capacity` lines per column (as `pack` put them)."""
    lowest = max(max(heights, default=0), math.ceil(sum(heights) / columns))
    for height in range(lowest, capacity + 1):
        packed = pack(heights, columns, (height, height))
        if packed is not None and len(packed) <= 1:
            return packed[0] if packed else []
    raise AssertionError("a side's entries no longer fit its own columns")
