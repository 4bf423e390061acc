"""Text layout of a PDF card: tokens, line breaking, packing entries into columns and sides.

Everything here works on measured widths, never on a font: a `Measure` gives the width of a
text at 1 pt in a style (the card passes its fonts' metrics; tests pass `len`), so the
layout can be checked exactly without reportlab.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from cardgen.cards.paper import MM

SAFE_MARGIN = 3 * MM
"""Nothing is printed closer than this to a card's edge (duplex misregistration)."""

BODY_SIZES = (8.0, 7.5, 7.0)
"""Body sizes tried on a pocket card, preferred first; 7 pt is the floor ..."""
LARGE_BODY_SIZES = (11.0, 10.0, 9.0)
"""... and on a card with room (`LARGE_CARDS`): never below 9 pt."""
LARGE_CARDS = ("a7", "index")
TITLE_SIZE = 10.0
HEADING_SIZE = 9.0
FOOTER_SIZE = 7.0
LEADING = 1.15
"""Line pitch of text, as a multiple of the size ..."""
TIGHT_LEADING = 1.1
"""... and of a body that fits on fewer sides that way."""
HEADING_LEADING = 1.2
COLUMN_GAP = 2.5 * MM
PARAGRAPH_GAP = 0.8 * MM
"""Space between the heading block, the body and the footer."""
MAX_COLUMNS = 6
MARK_WIDTH = 8 * MM
"""The seat mark in every side's top-right corner: white numbers on a black tab ..."""
MARK_HEIGHT = 4.5 * MM
MARK_SIZE = 11.0
"""... in this size."""


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

    @property
    def scale(self) -> float:
        """How much larger than on a pocket card headings, paragraphs and footers are set."""
        return 1.25 if self.name in LARGE_CARDS else 1.0

    @property
    def body_sizes(self) -> tuple[float, ...]:
        """The body sizes tried on this card, preferred first."""
        return LARGE_BODY_SIZES if self.name in LARGE_CARDS else BODY_SIZES


@dataclass(frozen=True)
class Style:
    """How a piece of text is set: bold or not, and its colour's name."""

    bold: bool = False
    color: str = "ink"
    boxed: bool = False
    """White on a black box: the letter to play."""
    framed: bool = False
    """Black inside an outlined box: the best try."""
    dashed: bool = False
    """With `framed`, the outline dashed: a letter that wins most often at a casual table."""
    head: bool = False
    """The head of a group of run-in entries (its first letter): set in a serif bold face
    (`Fonts.head`), `HEAD_SCALE` times the line's size, so it stands out of the black boxes
    and its capital I (serifed) is never read as an l."""


REGULAR = Style()
BOLD = Style(bold=True)
HEAD = Style(bold=True, head=True)
HEAD_GAP = 1.0
"""The room before a head mid-line, in ems of its line: a space and blank room after it, so
each group stands apart from the one before (in any font: no wide space character needed)."""
HEAD_SCALE = 1.1
"""How much larger than its line a head is set: as large as it goes at no cost in lines, its
capital no higher above the baseline than a box's top (0.8 em), so the line pitch stays."""
MOVE = Style(bold=True, color="paper", boxed=True)
"""The letter to play: meaning carried by the black box, so it survives black-and-white."""
TRY = Style(framed=True)
"""The best try where the seat cannot win: inside an outline, a shape apart from the move's."""
TABLE = Style(framed=True, dashed=True)
"""A letter printed alone that is neither a forced win nor the trap, but wins most often at a
casual table (`cardgen.cards.selection`): inside a dashed outline."""
GREY = REGULAR
GREY_BOLD = BOLD
FOOT = REGULAR

Measure = Callable[[str, Style], float]
"""The width of a text at 1 pt in a style."""


def gap(style: Style, measure: Measure) -> float:
    """The room at 1 pt before a token of `style` mid-line: a space in its style (see `wrap`),
    before a head `HEAD_GAP` in all."""
    space = measure(" ", style)
    return max(space, HEAD_GAP) if style.head else space


@dataclass(frozen=True)
class Token:
    """A piece of text that is never broken; `space` puts a space before it mid-line."""

    text: str
    style: Style = REGULAR
    space: bool = True
    keep: bool = False
    """Kept on one line with the token after it wherever a line holds both ("only" and its
    word); unlike a glued token (`space=False`) it never widens a column."""


@dataclass(frozen=True)
class Text:
    """One string drawn at a baseline; x, y from the card's bottom-left corner."""

    x: float
    y: float
    text: str
    style: Style
    size: float


@dataclass(frozen=True)
class Box:
    """A rectangle drawn under the text: filled black (`fill`), or outlined."""

    x: float
    y: float
    width: float
    height: float
    fill: str = "ink"
    """The fill's colour name, or "" for an outline only."""
    dashed: bool = False
    """An outline drawn dashed."""


@dataclass(frozen=True)
class Para:
    """A block of a side's heading area: tokens wrapped at one size."""

    tokens: tuple[Token, ...]
    size: float
    leading: float = LEADING
    space: float = 0.0
    """Extra space above the paragraph (not above the first one of a side)."""
    keep_end: bool = False
    """A title: its last clause (after its last comma) is never broken, or where that does
    not fit a line, its last two words: a wrapped title never ends on a lone word."""


@dataclass(frozen=True)
class Entry:
    """One opening: the thumb label in the gutter, then tokens with a hanging indent."""

    label: Token | None
    tokens: tuple[Token, ...]
    items: tuple[int, ...] = ()
    """Where each item of a run-in entry begins (indices into `tokens`: an opening and its
    words): a side never breaks inside one. Empty: the whole entry is one item."""


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


def wrap(
    tokens: Sequence[Token], width: float, size: float, measure: Measure,
    limit: int | None = None,
) -> list[Line]:
    """Greedy line breaking at token boundaries; a token is never split. With `limit`, only
    the first `limit` lines (what follows is neither set nor measured: a side of run-in text
    takes its lines from the rest of the section, `units.run_in_sides`).

    A space is set in the style of the token after it: `runs` draws it at the start of that
    token's string, so text extraction finds a real space between any two words."""
    lines: list[Line] = [[]]
    x = 0.0
    # Tokens glued to the one before them (`space=False`) move to the next line together, so
    # a move never sits apart from its word.
    groups: list[list[Token]] = []
    for token in tokens:
        if groups and not token.space:
            groups[-1].append(token)
        else:
            groups.append([token])
    # Each group's tokens measured once, as far as the lines set need them.
    measured: list[list[float]] = []
    widths: list[float] = []
    gaps: dict[Style, float] = {}

    def group_width(j: int) -> float:
        while len(widths) <= j:
            own = [measure(t.text, t.style) for t in groups[len(widths)]]
            measured.append(own)
            widths.append(sum(own) * size)
        return widths[j]

    def before(token: Token) -> float:
        if token.style not in gaps:
            gaps[token.style] = gap(token.style, measure) * size
        return gaps[token.style]

    # A group wider than the line is set token by token, breaking inside it if it must.
    for i, group in enumerate(groups):
        head = group[0]
        w = group_width(i)
        room = before(head) if head.space and lines[-1] else 0.0
        kept, j = w, i  # with the groups it keeps on its line (`Token.keep`)
        while groups[j][-1].keep and j + 1 < len(groups):
            j += 1
            kept += before(groups[j][0]) + group_width(j)
        if room and (x + room + w > width + 1e-6 or x + room + kept > width + 1e-6 >= kept):
            if len(lines) == limit:
                break
            lines.append([])
            x, room = 0.0, 0.0
        for token, own in zip(group, measured[i], strict=True):
            lines[-1].append((x + room, token))
            x += room + own * size
            room = 0.0
    return lines


def widest_group(tokens: Sequence[Token], measure: Measure) -> float:
    """The width at 1 pt of the widest run of tokens glued together (never broken apart)."""
    widest = current = 0.0
    for token in tokens:
        current = (current if not token.space else 0.0) + measure(token.text, token.style)
        widest = max(widest, current)
    return widest


def cut_wide(tokens: Sequence[Token], width: float, size: float, measure: Measure) -> list[Token]:
    """`tokens` with any token wider than `width` cut into pieces that fit, each piece glued
    to the next line's start: an over-wide word wraps instead of narrowing every column."""
    return [piece for pieces in cut_pieces(tokens, width, size, measure) for piece in pieces]


def cut_pieces(
    tokens: Sequence[Token], width: float, size: float, measure: Measure
) -> list[list[Token]]:
    """Each of `tokens` as `cut_wide` sets it: the token alone, or the pieces it is cut into
    (so a caller can tell which token each piece comes from)."""
    result: list[list[Token]] = []
    before = 0.0  # the width of the group a glued token joins
    for token in tokens:
        own = measure(token.text, token.style) * size
        before = before if not token.space else 0.0
        if before + own <= width:
            result.append([token])
            before += own
            continue
        pieces = [""]
        for ch in token.text:
            room = width - (before if len(pieces) == 1 else 0.0)
            if pieces[-1] and measure(pieces[-1] + ch, token.style) * size > room:
                pieces.append("")
            pieces[-1] += ch
        before = measure(pieces[-1], token.style) * size
        result.append([
            Token(piece, token.style, token.space if i == 0 else True)
            for i, piece in enumerate(pieces)
        ])
    return result


def para_lines(para: Para, width: float, measure: Measure) -> list[Line]:
    """Lines of a heading-area paragraph; a word wider than the line (a long title) is cut."""
    tokens: list[Token] = []
    for token in para.tokens:
        # Widths only grow as letters are added (a head's may not: `Fonts.scale`): a word no
        # wider than the line is not cut.
        if not token.style.head and measure(token.text, token.style) * para.size <= width:
            tokens.append(Token(token.text, token.style, token.space))
            continue
        pieces = [""]
        for ch in token.text:
            if pieces[-1] and measure(pieces[-1] + ch, token.style) * para.size > width:
                pieces.append("")
            pieces[-1] += ch
        tokens += [
            Token(piece, token.style, token.space if i == 0 else True)
            for i, piece in enumerate(pieces)
        ]
    # A title keeps its last clause on a line; any other paragraph its last sentence, or its
    # last two words.
    kept = (kept_end if para.keep_end else kept_tail)(tokens, width, para.size, measure)
    return wrap(kept, width, para.size, measure)


def run_width(tokens: Sequence[Token], measure: Measure) -> float:
    """The width at 1 pt of `tokens` set mid-line, with the room before each that has one
    (`gap`)."""
    return sum(measure(t.text, t.style) + (gap(t.style, measure) if t.space else 0.0)
               for t in tokens)


def kept_tail(tokens: Sequence[Token], width: float, size: float, measure: Measure) -> list[Token]:
    """`tokens` with their last sentence kept on one line (`Token.keep`) where a line holds
    it, else their last two words (a word: a token and those glued to it): a wrapped
    paragraph never ends on a lone word ("... Zipf 3: 1 in a million" / "words."). Its lines
    are as many: what moves down was on the last line, or joins it there.

    >>> tail = kept_tail(words("It wins. Zipf 3: rare."), 99, 1, lambda text, style: len(text))
    >>> [t.keep for t in tail]
    [False, False, True, True, False]
    >>> [t.keep for t in kept_tail(words("It wins. Zipf 3: rare."), 8, 1, lambda t, s: len(t))]
    [False, False, False, True, False]
    """
    begins = [i for i, t in enumerate(tokens) if i == 0 or t.space]  # where each word begins
    if len(begins) < 2:
        return list(tokens)
    ended = [i for i in begins[1:-1] if tokens[i - 1].text.endswith(".")]
    for start in ([ended[-1]] if ended else []) + [begins[-2]]:
        first = tokens[start]  # at the start of its line: no room before it
        room = (measure(first.text, first.style) + run_width(tokens[start + 1:], measure)) * size
        if room <= width or start == begins[-2]:
            kept = {i - 1 for i in begins if i > start}
            return [replace(t, keep=True) if i in kept else t for i, t in enumerate(tokens)]
    return list(tokens)


def kept_end(tokens: Sequence[Token], width: float, size: float, measure: Measure) -> list[Token]:
    """`tokens` with their last clause glued together (each space drawn in its token's own
    text), or their last two words where the clause is wider than `width`.

    >>> title = words("Ghost: sv, 2 players, words of 4+")
    >>> [t.text for t in kept_end(title, 99, 1, lambda text, style: len(text))]
    ['Ghost:', 'sv,', '2', 'players,', 'words', ' of', ' 4+']
    """
    if len(tokens) < 2:
        return list(tokens)
    commas = [i for i, t in enumerate(tokens[:-1]) if t.text.endswith(",")]
    for start in ([commas[-1] + 1] if commas else []) + [len(tokens) - 2]:
        glued = [tokens[start]] + [
            Token(" " + t.text if t.space else t.text, t.style, space=False)
            for t in tokens[start + 1:]
        ]
        if sum(measure(t.text, t.style) for t in glued) * size <= width:
            return [*tokens[:start], *glued]
    return list(tokens)


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
        else:  # the space drawn right before the token (a head's room before it left blank)
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


def spread(
    heights: Sequence[int], columns: int, capacities: tuple[int, int], last: int, sides: int
) -> list[list[list[int]]] | None:
    """Entries over exactly `sides` sides (at least two), as evenly as packing allows, with
    the last side's columns no taller than `last` lines (it keeps room below them): packed
    into columns of the smallest height that takes no more sides; None if none does.

    The result is `pack`'s: for each side, for each column, the indices of its entries."""
    for height in range(max(heights, default=0), max(capacities) + 1):
        limits = (min(height, capacities[0]), min(height, capacities[1]))
        packed = pack(heights, columns, limits)
        if packed is None or len(packed) > sides:
            continue
        if len(packed) < sides:  # the last side would hold nothing but what comes after
            return None
        # The last side's entries, balanced over its columns, must leave its room free.
        on_last = pack([heights[i] for column in packed[-1] for i in column], columns, (last, last))
        if on_last is not None and len(on_last) == 1:
            return packed
    return None
