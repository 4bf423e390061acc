"""Pocket cards as PDF: every card side at the card's exact size, or imposed N-up on sheets.

Sides
-----
Every side has the same frame inside a 3 mm safe margin: a bold heading, a one-line "how to
read", the body, and a footer with the rules (word list and the first 8 hex digits of its
sha256, players, minimum length) and the side's place in the deck ("card 2/3 · back"), so
sides of different rule sets never get mixed up.

Side 1 (the front of card 1) holds the title, the verdict of perfect play and the first
seat's opening ("Open with j, then keep to these words"). Every further seat starts on a new
side and lists its openings alphabetically: the letters on the table in bold as a thumb index,
the letter to play in the one accent colour, then the seat's minimal winning words. Openings
the seat does not win show their letters in grey and a dash. An opening is never split: what
does not fit moves to the next side. The body is set in 7 pt if that takes no more sides than
6.75 or 6.5 pt (never smaller), in the column count and leading (1.15, or 1.1) giving the
fewest sides (ties: the larger size, the looser leading, fewer columns); each side's columns
are balanced. Every line is measured with the
font's widths, so nothing is shrunk or clipped. A deck with an odd number of sides ends with a
side stating the rules of Ghost, so that it prints double-sided as whole cards.

Sheets
------
`render_sheet` imposes the cards on A4 or Letter (portrait) on a centred grid, as many columns
and rows as fit with 6 mm of paper around the grid for the cut marks; cards are never rotated.
That gives id1 2 x 5 on A4 and 2 x 4 on Letter (2 x 5 would leave 4.7 mm, inside most
printers' unprintable edge), business-us 2 x 5 on both, business-eu 2 x 5 / 2 x 4, a7 2 x 2,
index 1 x 3. Each front page is followed by its back page, mirrored for long-edge duplex: the
back of the card in column c goes in column ncols-1-c. A deck of k cards is placed as many
whole times as fit in a page's slots (at least once), copy after copy in reading order: a
one-card deck fills the page with copies; a deck with more cards than slots runs over several
page pairs, one copy. Slots left over stay empty.

Fonts are TrueType and always embedded; the canvas's initial font is the body font, so the
unembedded Helvetica default never appears. Output is byte-identical for identical input.

`SIZES`, `SHEETS` and `PdfOptions` live in `cardgen.paper` (a config is read without importing
reportlab) and are re-exported here.
"""

from __future__ import annotations

import functools
import hashlib
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import reportlab  # type: ignore[import-untyped]
from reportlab.lib.colors import HexColor  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from cardgen.errors import InputError
from cardgen.paper import MM, SHEET_SIZES, SHEETS, SIZES, PdfOptions
from cardgen.render import ordinal, verdict
from cardgen.strategy import Card, Opening, SeatStrategy

__all__ = ["SHEETS", "SIZES", "PdfError", "PdfOptions", "render_card", "render_sheet"]

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

MARK_GAP = 1.5 * MM
"""Cut marks start this far outside the card grid ..."""
MARK_LENGTH = 3.5 * MM
SHEET_MARGIN = 6 * MM
"""... and the grid keeps this much paper around it for them."""

_INK = "#111111"
_ACCENT = "#c0262d"
"""The one accent colour: the reader's own move."""
_MUTED = "#6e6e6e"
_FOOTER = "#444444"
_COLORS = {
    name: HexColor(value)
    for name, value in [("ink", _INK), ("accent", _ACCENT), ("muted", _MUTED), ("footer", _FOOTER)]
}

_DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
_DEFAULT_FONT = _DEJAVU / "DejaVuSansCondensed.ttf"
_VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"


class PdfError(InputError):
    """A card that cannot be rendered as asked: unknown size or sheet, unusable font."""


# --- fonts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Fonts:
    """Registered font names and what the layout needs to know about them."""

    regular: str
    bold: str
    paths: tuple[Path, Path]
    ascent: float
    """Extent above the baseline per point of size (covers pdfplumber's glyph box too)."""
    descent: float
    """Extent below the baseline per point of size, positive."""
    dash: str
    dot: str
    range: str
    ellipsis: str


@functools.cache
def _register(path: Path) -> str:
    """Register a TrueType file once; return its reportlab font name."""
    if not path.is_file():
        raise PdfError(f"font: {path}: no such file")
    digest = hashlib.sha256(str(path).encode()).hexdigest()[:10]
    name = f"cardgen-{path.stem}-{digest}"
    try:
        font = TTFont(name, str(path))
    # reportlab's parser raises whatever the bytes provoke (TTFError, struct.error, ...).
    except Exception as error:
        raise PdfError(f"font: {path}: not a TrueType font ({error})") from error
    pdfmetrics.registerFont(font)
    return name


def _bold_beside(path: Path) -> Path | None:
    """The bold file of the family of `path`, if one sits next to it."""
    stem, suffix = path.stem, path.suffix
    candidates = [f"{stem}-Bold", f"{stem}Bold", f"{stem}Bd", f"{stem}-bold", f"{stem}bd"]
    for regular in ("-Regular", "Regular", "-regular", "regular"):
        if stem.endswith(regular):
            base = stem[: -len(regular)]
            candidates[:0] = [base + regular.replace("Regular", "Bold").replace("regular", "bold")]
    for candidate in candidates:
        bold = path.with_name(candidate + suffix)
        if bold != path and bold.is_file():
            return bold
    return None


def _load_fonts(font: Path | None) -> _Fonts:
    """Register the body font and its bold; see `PdfOptions.font`."""
    if font is None:
        font = _DEFAULT_FONT if _DEFAULT_FONT.is_file() else _VERA
    regular = _register(font)
    bold_path = _bold_beside(font)
    bold = regular
    if bold_path is not None:
        try:
            bold = _register(bold_path)
        except PdfError:
            bold_path = None  # a broken sibling is not the user's font: use the regular one
    faces = [pdfmetrics.getFont(name).face for name in (regular, bold)]
    ascent = max(max(face.ascent, 1000 + face.descent) for face in faces) / 1000
    descent = max(-face.descent for face in faces) / 1000

    def pick(fancy: str, plain: str) -> str:
        return fancy if all(ord(fancy) in face.charToGlyph for face in faces) else plain

    return _Fonts(
        regular=regular,
        bold=bold,
        paths=(font, bold_path or font),
        ascent=float(ascent),
        descent=float(descent),
        dash=pick("\u2014", "-"),
        dot=pick("\u00b7", "/"),
        range=pick("\u2013", "-"),
        ellipsis=pick("\u2026", "~"),
    )


@functools.cache
def _unit_width(text: str, font: str) -> float:
    """Width of `text` at 1 pt."""
    return float(pdfmetrics.stringWidth(text, font, 1.0))


# --- styled text ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Style:
    bold: bool = False
    color: str = "ink"


_REGULAR = _Style()
_BOLD = _Style(bold=True)
_MOVE = _Style(bold=True, color="accent")
_GREY = _Style(color="muted")
_GREY_BOLD = _Style(bold=True, color="muted")
_FOOT = _Style(color="footer")


@dataclass(frozen=True)
class _Token:
    """A piece of text that is never broken; `space` puts a space before it mid-line."""

    text: str
    style: _Style = _REGULAR
    space: bool = True


@dataclass(frozen=True)
class _Text:
    """One string drawn at a baseline; x, y from the card's bottom-left corner."""

    x: float
    y: float
    text: str
    style: _Style
    size: float


def _font(style: _Style, fonts: _Fonts) -> str:
    return fonts.bold if style.bold else fonts.regular


def _width(token: _Token, size: float, fonts: _Fonts) -> float:
    return _unit_width(token.text, _font(token.style, fonts)) * size


def _words(text: str, style: _Style = _REGULAR) -> list[_Token]:
    return [_Token(word, style) for word in text.split()]


def _markup(text: str) -> list[_Token]:
    """Tokens of a short marked-up line: *bold*, !accent!, ~muted~; a token glued to the one
    before it is written with a leading `+`."""
    styles = {"*": _BOLD, "!": _MOVE, "~": _GREY_BOLD}
    tokens = []
    for word in text.split():
        space = not word.startswith("+")
        word = word.lstrip("+")
        style = _REGULAR
        if len(word) > 2 and word[0] in styles and word[-1] == word[0]:
            style, word = styles[word[0]], word[1:-1]
        tokens.append(_Token(word, style, space))
    return tokens


_Line = list[tuple[float, _Token]]


def _wrap(tokens: Sequence[_Token], width: float, size: float, fonts: _Fonts) -> list[_Line]:
    """Greedy line breaking at token boundaries; a token is never split.

    A space is set in the font of the token after it: `_runs` draws it at the start of that
    token's string, so text extraction finds a real space between any two words."""
    lines: list[_Line] = [[]]
    x = 0.0
    for token in tokens:
        w = _width(token, size, fonts)
        gap = _space(token, size, fonts) if token.space and lines[-1] else 0.0
        if gap and x + gap + w > width + 1e-6:
            lines.append([])
            x, gap = 0.0, 0.0
        lines[-1].append((x + gap, token))
        x += gap + w
    return lines


def _space(token: _Token, size: float, fonts: _Fonts) -> float:
    return _unit_width(" ", _font(token.style, fonts)) * size


def _para_lines(para: _Para, width: float, fonts: _Fonts) -> list[_Line]:
    """Lines of a heading-area paragraph; a word wider than the line (a long title) is cut."""
    tokens: list[_Token] = []
    for token in para.tokens:
        pieces = [""]
        for ch in token.text:
            longer = _Token(pieces[-1] + ch, token.style)
            if pieces[-1] and _width(longer, para.size, fonts) > width:
                pieces.append("")
            pieces[-1] += ch
        tokens += [
            _Token(piece, token.style, token.space if i == 0 else True)
            for i, piece in enumerate(pieces)
        ]
    return _wrap(tokens, width, para.size, fonts)


def _runs(line: _Line, x0: float, y: float, size: float, fonts: _Fonts) -> list[_Text]:
    """The strings that draw a line: neighbouring tokens of one style merged, each space
    drawn in front of the token after it (see `_wrap`)."""
    texts: list[_Text] = []
    for i, (x, token) in enumerate(line):
        spaced = token.space and i > 0
        text = " " + token.text if spaced else token.text
        if texts and texts[-1].style == token.style:
            last = texts[-1]
            texts[-1] = _Text(last.x, y, last.text + text, last.style, size)
        else:
            start = x0 + x - (_space(token, size, fonts) if spaced else 0.0)
            texts.append(_Text(start, y, text, token.style, size))
    return texts


# --- content ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Para:
    """A block of the heading area: tokens wrapped at one size."""

    tokens: tuple[_Token, ...]
    size: float
    leading: float = LEADING
    space: float = 0.0
    """Extra space above the paragraph (not above the first one of a side)."""


@dataclass(frozen=True)
class _Entry:
    """One opening: the thumb label in the gutter, then tokens with a hanging indent."""

    label: _Token | None
    tokens: tuple[_Token, ...]


@dataclass(frozen=True)
class _Section:
    """What one run of sides shows: a seat's openings, or the rules filler.

    Each side of it starts with `heading` (plus the thumb range of the side when the section
    takes more than one) and `howto`; the first side has `extra` above them."""

    extra: tuple[_Para, ...]
    heading: str
    howto: tuple[_Para, ...]
    entries: tuple[_Entry, ...] = ()
    labels: tuple[str, ...] = ()
    """The fragment of each entry, for the thumb range."""

    def top(self, first: bool, heading: str | None = None) -> tuple[_Para, ...]:
        """The heading area of a side (the first one, or a later one)."""
        extra = self.extra if first else ()
        space = 2 * MM if extra else 0.0
        title = _Para(
            tuple(_words(heading or self.heading, _BOLD)), HEADING_SIZE, HEADING_LEADING, space
        )
        return (*extra, title, *self.howto)


def _short_rules(card: Card) -> str:
    """The game in one sentence, for the front."""
    return (
        f"{card.players} players add a letter in turn; the letters must begin a word of "
        f"{card.dictionary.name}. Whoever completes a word of {card.min_length}+ letters loses."
    )


def _howto(seat: SeatStrategy, width: float, fonts: _Fonts) -> _Para:
    """The one-line "how to read": the fullest wording that fits on one line."""
    dash = f"~{fonts.dash}~"
    lost = any(not opening.won for opening in seat.openings)
    long, short = (f" {dash} no forced win", f" {dash} no win") if lost else ("", "")
    candidates = [
        (
            f"Find the *bold* letters played, play the !red! one +, then keep to its words.{long}",
            BODY_SIZES[0],
        ),
        (
            f"Find the *bold* letters played, play the !red! one +, keep to its words.{short}",
            BODY_SIZES[0],
        ),
        (
            f"Find the *bold* letters, play the !red! one +, keep to its words.{short}",
            BODY_SIZES[0],
        ),
        (
            f"Find the *bold* letters, play the !red! one +, keep to its words.{short}",
            BODY_SIZES[-1],
        ),
        ("Find the *bold* letters, play the !red! one +, keep to its words.", BODY_SIZES[-1]),
        ("Find the *bold* letters, play !red! +, keep to its words.", BODY_SIZES[-1]),
    ]
    for text, size in candidates:
        tokens = tuple(_markup(text))
        if len(_wrap(tokens, width, size, fonts)) == 1:
            break
    return _Para(tokens, size)  # the last one wraps if even it does not fit


def _entry(opening: Opening, fonts: _Fonts) -> _Entry:
    if opening.play is None:
        return _Entry(_Token(opening.fragment, _GREY_BOLD), (_Token(fonts.dash, _GREY),))
    tokens = [_Token(opening.play, _MOVE, space=False)]
    tokens += [_Token(word) for word in opening.words]
    return _Entry(_Token(opening.fragment, _BOLD), tuple(tokens))


def _first_seat(card: Card, seat: SeatStrategy) -> _Section:
    """The front: title, verdict and the first seat's opening move and words."""
    extra = (
        _Para(tuple(_words(card.title, _BOLD)), TITLE_SIZE, HEADING_LEADING),
        _Para(tuple(_words(_short_rules(card))), BODY_SIZES[0], space=0.8 * MM),
        _Para(tuple(_words(f"With perfect play {verdict(card)}")), BODY_SIZES[0], space=0.8 * MM),
    )
    heading = f"You play {ordinal(seat.seat)}"
    opening = seat.openings[0]
    if opening.play is None:
        text = (
            "No first letter forces a win: against perfect play you lose."
            if card.players == 2
            else "No first letter is safe: the others can make you lose."
        )
        return _Section(extra, heading, (_Para(tuple(_words(text)), BODY_SIZES[0]),))
    intro = f"Open with !{opening.play}! +, then keep to these words:"
    words = _Entry(None, tuple(_words(" ".join(opening.words))))
    return _Section(extra, heading, (_Para(tuple(_markup(intro)), BODY_SIZES[0]),), (words,), ("",))


def _sections(card: Card, width: float, fonts: _Fonts) -> list[_Section]:
    """The sections of a card, in side order: each seat, starting with the first."""
    sections = [_first_seat(card, card.seats[0])]
    for seat in card.seats[1:]:
        heading = f"You play {ordinal(seat.seat)}"
        if not seat.openings:
            text = "Every fragment you could face is already a word: the game is over."
            sections.append(_Section((), heading, (_Para(tuple(_words(text)), BODY_SIZES[0]),)))
            continue
        entries = tuple(_entry(opening, fonts) for opening in seat.openings)
        labels = tuple(opening.fragment for opening in seat.openings)
        howto = (_howto(seat, width, fonts),)
        sections.append(_Section((), heading, howto, entries, labels))
    return sections


def _rules_section(card: Card) -> _Section:
    """The filler side of a deck with an odd number of sides."""
    text = (
        "Players take turns adding one letter to the end of a shared fragment, which must "
        f"always begin a word of the list. Whoever completes a word of {card.min_length} or "
        "more letters loses; shorter words do not count. Only words of lower-case letters "
        "a-z are played, and a word that begins with a shorter word is never reached."
    )
    return _Section((), "Ghost: the rules", (_Para(tuple(_words(text)), BODY_SIZES[0]),))


# --- layout -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Frame:
    """One card size."""

    name: str
    width: float
    height: float

    @property
    def inner_width(self) -> float:
        return self.width - 2 * SAFE_MARGIN


@dataclass(frozen=True)
class _Side:
    """A laid-out side without its footer."""

    texts: tuple[_Text, ...]


def _line_pitch(size: float, leading: float, fonts: _Fonts) -> float:
    return max(size * leading, size * (fonts.ascent + fonts.descent))


def _draw_top(paras: Sequence[_Para], frame: _Frame, fonts: _Fonts) -> tuple[list[_Text], float]:
    """Texts of a heading area and the y (from the card's bottom) just below its glyphs."""
    texts: list[_Text] = []
    baseline = frame.height - SAFE_MARGIN
    below = 0.0  # the previous line's extent below its baseline
    for i, para in enumerate(paras):
        pitch = _line_pitch(para.size, para.leading, fonts)
        for j, line in enumerate(_para_lines(para, frame.inner_width, fonts)):
            if i == 0 and j == 0:
                baseline -= para.size * fonts.ascent
            else:
                # A line never rises into the one above, whatever their sizes.
                step = max(pitch, below + para.size * fonts.ascent)
                baseline -= step + (para.space if j == 0 else 0.0)
            below = para.size * fonts.descent
            texts += _runs(line, SAFE_MARGIN, baseline, para.size, fonts)
    return texts, baseline - below if paras else frame.height - SAFE_MARGIN


def _footer_height(fonts: _Fonts) -> float:
    return FOOTER_SIZE * (fonts.ascent + fonts.descent)


def _body_height(paras: Sequence[_Para], frame: _Frame, fonts: _Fonts) -> float:
    _texts, y = _draw_top(paras, frame, fonts)
    return y - SAFE_MARGIN - _footer_height(fonts) - 2 * PARAGRAPH_GAP


@dataclass(frozen=True)
class _Layout:
    """One way to set a section's body: size, columns and which entries go where."""

    size: float
    leading: float
    columns: int
    gutter: float
    sides: tuple[tuple[tuple[int, ...], ...], ...]
    """For each side, for each column, the entry indices."""


def _pack(
    heights: Sequence[int], columns: int, capacities: tuple[int, int]
) -> list[list[list[int]]] | None:
    """Fill columns top-down and sides in order, each column holding `capacities[0]` lines on
    the first side and `capacities[1]` on later ones; None if an entry is taller than that."""
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


def _balance(heights: Sequence[int], columns: int, capacity: int) -> list[list[int]]:
    """One side's entries in at most `columns` columns, as evenly tall as packing allows."""
    lowest = max(max(heights, default=0), math.ceil(sum(heights) / columns))
    for height in range(lowest, capacity + 1):
        packed = _pack(heights, columns, (height, height))
        if packed is not None and len(packed) <= 1:
            return packed[0] if packed else []
    raise AssertionError("a side's entries no longer fit its own columns")


def _entry_lines(
    entry: _Entry, width: float, gutter: float, size: float, fonts: _Fonts
) -> list[_Line]:
    return _wrap(entry.tokens, width - gutter, size, fonts)


def _column_width(frame: _Frame, columns: int) -> float:
    return (frame.inner_width - (columns - 1) * COLUMN_GAP) / columns


def _layout(section: _Section, frame: _Frame, fonts: _Fonts) -> _Layout:
    """The layout of a section that takes the fewest sides, then the largest size, then the
    looser leading, then the fewest columns; each side's columns balanced."""
    if not section.entries:
        return _Layout(BODY_SIZES[0], LEADING, 1, 0.0, ((),))
    first_height = _body_height(section.top(first=True), frame, fonts)
    later_height = _body_height(section.top(first=False), frame, fonts)
    labels = [entry.label for entry in section.entries if entry.label is not None]
    best: tuple[tuple[int, float, float, int], _Layout, list[int], tuple[int, int]] | None
    best = None
    for size in BODY_SIZES:
        gutter = max((_width(label, size, fonts) for label in labels), default=0.0)
        gutter += 0.55 * size if labels else 0.0
        widest = max(_width(t, size, fonts) for e in section.entries for t in e.tokens)
        for columns in range(1, MAX_COLUMNS + 1):
            width = _column_width(frame, columns)
            if width - gutter < widest:
                break
            heights = [len(_entry_lines(e, width, gutter, size, fonts)) for e in section.entries]
            for leading in (LEADING, TIGHT_LEADING):
                pitch = _line_pitch(size, leading, fonts)
                capacities = (int(first_height // pitch), int(later_height // pitch))
                sides = _pack(heights, columns, capacities)
                if sides is None:
                    continue
                score = (len(sides), -size, -leading, columns)
                if best is None or score < best[0]:
                    packed = tuple(tuple(tuple(column) for column in side) for side in sides)
                    layout = _Layout(size, leading, columns, gutter, packed)
                    best = (score, layout, heights, capacities)
    if best is None:
        raise PdfError(
            f"size: {frame.name}: an opening of the card does not fit on one side even at "
            f"{BODY_SIZES[-1]} pt; choose a bigger size (or a shorter title)"
        )
    _score, layout, heights, capacities = best
    balanced = []
    for n, side in enumerate(layout.sides):
        indices = [i for column in side for i in column]
        local = _balance([heights[i] for i in indices], layout.columns, capacities[n > 0])
        balanced.append(tuple(tuple(indices[j] for j in column) for column in local))
    return _Layout(layout.size, layout.leading, layout.columns, layout.gutter, tuple(balanced))


def _section_sides(section: _Section, frame: _Frame, fonts: _Fonts) -> list[_Side]:
    layout = _layout(section, frame, fonts)
    sides = []
    pitch = _line_pitch(layout.size, layout.leading, fonts)
    width = _column_width(frame, layout.columns)
    for n, columns in enumerate(layout.sides):
        heading = section.heading
        indices = [i for column in columns for i in column]
        if len(layout.sides) > 1 and indices:
            first, last = section.labels[indices[0]], section.labels[indices[-1]]
            ranged = f"{heading} {fonts.dot} {first}{fonts.range}{last}"
            if len(_wrap(_words(ranged, _BOLD), frame.inner_width, HEADING_SIZE, fonts)) == 1:
                heading = ranged
        top = section.top(first=n == 0, heading=heading)
        texts, y = _draw_top(top, frame, fonts)
        body_top = y - PARAGRAPH_GAP
        for c, column in enumerate(columns):
            x0 = SAFE_MARGIN + c * (width + COLUMN_GAP)
            baseline = body_top - layout.size * fonts.ascent
            for i in column:
                entry = section.entries[i]
                if entry.label is not None:
                    texts.append(
                        _Text(x0, baseline, entry.label.text, entry.label.style, layout.size)
                    )
                for line in _entry_lines(entry, width, layout.gutter, layout.size, fonts):
                    texts += _runs(line, x0 + layout.gutter, baseline, layout.size, fonts)
                    baseline -= pitch
        sides.append(_Side(tuple(texts)))
    return sides


def _footer(card: Card, side: int, total: int, frame: _Frame, fonts: _Fonts) -> list[_Text]:
    """The footer: word list, sha256 prefix and rules at the left, the side's place right."""
    size = FOOTER_SIZE
    y = SAFE_MARGIN + size * fonts.descent
    place = f"card {side // 2 + 1}/{total // 2} {fonts.dot} {'back' if side % 2 else 'front'}"
    right = _Token(place, _FOOT)
    right_width = _width(right, size, fonts)
    room = frame.inner_width - right_width - 2 * MM
    name = card.dictionary.name
    rest = f" {card.dictionary.sha256[:8]} {fonts.dot} {card.players} players {fonts.dot} "
    rest += f"{card.min_length}+ letters"
    while name and _unit_width(name + fonts.ellipsis + rest, fonts.regular) * size > room:
        name = name[:-1]
    if name != card.dictionary.name:
        name += fonts.ellipsis
    left = _Text(SAFE_MARGIN, y, name + rest, _FOOT, size)
    x_right = frame.width - SAFE_MARGIN - right_width
    return [left, _Text(x_right, y, place, _FOOT, size)]


def _layout_card(card: Card, frame: _Frame, fonts: _Fonts) -> list[_Side]:
    """Every side of the card, footers included, in order (front, back, front, ...)."""
    sides: list[_Side] = []
    for section in _sections(card, frame.inner_width, fonts):
        sides += _section_sides(section, frame, fonts)
    if len(sides) % 2:
        sides += _section_sides(_rules_section(card), frame, fonts)
    total = len(sides)
    return [
        _Side(side.texts + tuple(_footer(card, n, total, frame, fonts)))
        for n, side in enumerate(sides)
    ]


# --- drawing ----------------------------------------------------------------------------


def _check_glyphs(sides: Sequence[_Side], fonts: _Fonts) -> None:
    """Refuse a font that would print empty boxes."""
    for name, path in zip((fonts.regular, fonts.bold), fonts.paths, strict=True):
        chars = {
            ch
            for side in sides
            for t in side.texts
            if _font(t.style, fonts) == name
            for ch in t.text
        }
        known = pdfmetrics.getFont(name).face.charToGlyph
        missing = sorted(ch for ch in chars if ord(ch) not in known)
        if missing:
            raise PdfError(f"font: {path}: has no glyph for {''.join(missing)!r}")


def _draw(canvas: Canvas, side: _Side, fonts: _Fonts) -> None:
    current: tuple[str, float, str] | None = None
    for text in side.texts:
        key = (_font(text.style, fonts), text.size, text.style.color)
        if key != current:
            canvas.setFont(key[0], key[1])
            canvas.setFillColor(_COLORS[key[2]])
            current = key
        canvas.drawString(text.x, text.y, text.text)


def _canvas(buffer: io.BytesIO, card: Card, size: tuple[float, float], fonts: _Fonts) -> Canvas:
    canvas = Canvas(
        buffer,
        pagesize=size,
        invariant=1,
        initialFontName=fonts.regular,
        initialFontSize=BODY_SIZES[0],
    )
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


def _frame(options: PdfOptions) -> _Frame:
    if options.size not in SIZES:
        raise PdfError(f"size: {options.size}: unknown; choose one of {', '.join(SIZES)}")
    width, height = SIZES[options.size]
    return _Frame(options.size, width, height)


def _sides(card: Card, frame: _Frame, options: PdfOptions) -> tuple[_Fonts, list[_Side]]:
    fonts = _load_fonts(options.font)
    sides = _layout_card(card, frame, fonts)
    _check_glyphs(sides, fonts)
    return fonts, sides


def render_card(card: Card, options: PdfOptions | None = None) -> bytes:
    """The card as a PDF with one side per page at the card's size: front, back, front, ..."""
    options = options or PdfOptions()
    frame = _frame(options)
    fonts, sides = _sides(card, frame, options)
    buffer = io.BytesIO()
    canvas = _canvas(buffer, card, (frame.width, frame.height), fonts)
    for side in sides:
        _draw(canvas, side, fonts)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@dataclass(frozen=True)
class _Grid:
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


def _grid(frame: _Frame, sheet: str) -> _Grid:
    if sheet not in SHEET_SIZES:
        raise PdfError(f"sheet: {sheet}: not a paper size; choose one of {', '.join(SHEET_SIZES)}")
    page_width, page_height = SHEET_SIZES[sheet]
    columns = int((page_width - 2 * SHEET_MARGIN) // frame.width)
    rows = int((page_height - 2 * SHEET_MARGIN) // frame.height)
    if columns < 1 or rows < 1:
        raise PdfError(f"sheet: {sheet}: too small for this card size")
    x = (page_width - columns * frame.width) / 2
    y = (page_height - rows * frame.height) / 2
    return _Grid(columns, rows, x, y, (frame.width, frame.height))


def _cut_marks(canvas: Canvas, grid: _Grid) -> None:
    width, height = grid.card
    right = grid.x + grid.columns * width
    top = grid.y + grid.rows * height
    canvas.setLineWidth(0.3)
    canvas.setStrokeColor(_COLORS["ink"])
    for c in range(grid.columns + 1):
        x = grid.x + c * width
        canvas.line(x, grid.y - MARK_GAP, x, grid.y - MARK_GAP - MARK_LENGTH)
        canvas.line(x, top + MARK_GAP, x, top + MARK_GAP + MARK_LENGTH)
    for r in range(grid.rows + 1):
        y = grid.y + r * height
        canvas.line(grid.x - MARK_GAP, y, grid.x - MARK_GAP - MARK_LENGTH, y)
        canvas.line(right + MARK_GAP, y, right + MARK_GAP + MARK_LENGTH, y)


def render_sheet(card: Card, options: PdfOptions) -> bytes:
    """The card imposed N-up on A4 or Letter for duplex printing (long-edge flip).

    Pages alternate fronts and backs; see the module docstring for how slots are filled.
    """
    frame = _frame(options)
    grid = _grid(frame, options.sheet)
    fonts, sides = _sides(card, frame, options)
    page = SHEET_SIZES[options.sheet]
    slots = grid.columns * grid.rows
    cards = len(sides) // 2
    copies = max(1, slots // cards)
    placed = [n for _ in range(copies) for n in range(cards)]
    buffer = io.BytesIO()
    canvas = _canvas(buffer, card, page, fonts)
    note = "Print double-sided, flipping on the long edge, then cut along the marks."
    # Below the bottom cut marks, if that stays clear of a printer's unprintable edge.
    note_y = grid.y - MARK_GAP - MARK_LENGTH - 1 * MM - FOOTER_SIZE * fonts.ascent
    show_note = note_y - FOOTER_SIZE * fonts.descent > 4.5 * MM
    for start in range(0, len(placed), slots):
        chunk = placed[start : start + slots]
        for back in (0, 1):
            _cut_marks(canvas, grid)
            if not back and show_note:
                canvas.setFont(fonts.regular, FOOTER_SIZE)
                canvas.setFillColor(_COLORS["footer"])
                canvas.drawCentredString(page[0] / 2, note_y, note)
            for slot, n in enumerate(chunk):
                row, column = divmod(slot, grid.columns)
                if back:
                    column = grid.columns - 1 - column
                x, y = grid.origin(row, column)
                canvas.saveState()
                canvas.translate(x, y)
                _draw(canvas, sides[2 * n + back], fonts)
                canvas.restoreState()
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()
