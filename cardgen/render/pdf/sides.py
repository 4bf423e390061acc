"""The sides of a PDF card: each section laid out on sides of the card's size, and drawn.

Every side has the same frame inside a 3 mm safe margin: a bold heading, a one-line "how to
read", the body, and a footer with the rules and the side's place in the deck; lines beside the
seat mark in the top-right corner are set narrower. An opening is never split: what does not fit
moves to the next side (run in, with its group's head repeated before it: `units.run_in_sides`).
The body is set in the largest size of the card's ladder (`Frame.body_sizes`: 8, 7.5, 7 pt on
pocket cards; 11, 10, 9 pt on a7 and index) that takes no more sides than a smaller one, in the
column count and leading (1.15, or 1.1; wider where the body's boxes and ink need it, so none
comes within `units.CLEARANCE` of the line above or below: `units.reach`) giving the fewest
sides (ties: the larger size, the looser leading, fewer columns); each side's columns are
balanced. Columns are never narrower than the widest word; only a word wider than a whole side
(a long word of the user's own list) is cut across lines rather than narrowing every column.
Every line is measured with the font's widths, so nothing is shrunk or clipped. All text is
black; the move is drawn white on a black box, the best try inside an outline.

A deck is printed on both sides of every card, so an odd one is made even (`even_deck`): the
run of sides that ends it is set again over one side more (`Fill`: the largest size that
fills exactly that many, as evenly as packing allows, `layout.spread`), with the rules of the
game after its last entry; only where that cannot be do the rules take a side of their own.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardgen.cards.paper import SIZES, PdfOptions
from cardgen.render.pdf.content import Section
from cardgen.render.pdf.fonts import DoesNotFit, Fonts, PdfError
from cardgen.render.pdf.layout import (
    BOLD,
    COLUMN_GAP,
    FOOTER_SIZE,
    HEADING_SIZE,
    LEADING,
    MARK_HEIGHT,
    MARK_WIDTH,
    MAX_COLUMNS,
    PARAGRAPH_GAP,
    REGULAR,
    SAFE_MARGIN,
    TIGHT_LEADING,
    Box,
    Frame,
    Para,
    Text,
    Token,
    balance,
    pack,
    para_lines,
    runs,
    spread,
    widest_group,
    words,
    wrap,
)
from cardgen.render.pdf.rtl import is_rtl, right_to_left, visual
from cardgen.render.pdf.units import (
    CLEARANCE,
    Unit,
    entry_heights,
    entry_lines,
    line_width,
    reach,
    run_in_sides,
    settles,
    units_of,
)


@dataclass(frozen=True)
class Side:
    """A laid-out side."""

    texts: tuple[Text, ...]
    boxes: tuple[Box, ...] = ()
    mark: str = ""
    """The seats the side is for, in its top-right corner ("" for none)."""
    rows: str = ""
    """The grid rows a side of glance grids holds, 'A–I' ("" for other sides), for the index
    on card 1."""


def line_pitch(size: float, leading: float, fonts: Fonts, reach: float = 0.0) -> float:
    """The distance between baselines: the leading, but never less than the glyphs' extent,
    nor than `reach` ems (a body's boxes and ink, `units.reach`) and `CLEARANCE`."""
    return max(size * leading, size * (fonts.ascent + fonts.descent),
               size * reach + CLEARANCE if reach else 0.0)


def draw_top(
    paras: Sequence[Para], frame: Frame, fonts: Fonts, top: float | None = None
) -> tuple[list[Text], float]:
    """Texts of a heading area and the y (from the card's bottom) just below its glyphs and the
    seat mark; lines beside the mark are set narrower. With `top`, the paragraphs start that
    far from the card's bottom instead of at the top (text after a side's body)."""
    placed, y = _placed(paras, frame, fonts, top)
    texts: list[Text] = []
    for para, lines in placed:
        # A title with right-to-left text: each line drawn in display order (`rtl.visual`),
        # flush right where the title's paragraph is right-to-left.
        said = " ".join(t.text for t in para.tokens)
        reorder = para.keep_end and is_rtl(said)
        flush_right = reorder and right_to_left(said)
        for line, baseline, width in lines:
            drawn = runs(line, SAFE_MARGIN, baseline, para.size, fonts.measure)
            if reorder and len(drawn) == 1:  # a title is set in one style
                (text,) = drawn
                room = width - fonts.measure(text.text, text.style) * para.size
                x = SAFE_MARGIN + room if flush_right else text.x
                drawn = [dataclasses.replace(text, x=x, text=visual(text.text, flush_right))]
            texts += drawn
    return texts, y


Placed = list[tuple[Para, list[tuple[list[tuple[float, Token]], float, float]]]]
"""Each paragraph of a heading area (at its frame's scale), with its lines: each line, its
baseline and its width."""


def _placed(
    paras: Sequence[Para], frame: Frame, fonts: Fonts, top: float | None = None
) -> tuple[Placed, float]:
    """Where `draw_top` sets the lines of a heading area, and the y just below its glyphs and
    the seat mark (all a budget asks of it: `room_below`)."""
    placed: Placed = []
    baseline = frame.height - SAFE_MARGIN if top is None else top
    below = 0.0  # the previous line's extent below its baseline
    mark_bottom = frame.height - SAFE_MARGIN - MARK_HEIGHT
    narrow = frame.inner_width - MARK_WIDTH - COLUMN_GAP
    first = True
    for para in paras:
        para = dataclasses.replace(para, size=para.size * frame.scale)
        pitch = line_pitch(para.size, para.leading, fonts)
        # Cut at the narrow width, so every piece fits whichever width its line gets.
        tokens = _para_tokens(para, narrow, fonts)
        # Greedy breaking has no memory: the lines of what is left are the rest of the lines
        # already broken at the same width, so a paragraph is broken again only where its
        # width changes (beside the mark), not at every line.
        lines: list[tuple[tuple[float, Token], ...]] = []
        lines_width = 0.0
        j = done = 0
        found: list[tuple[list[tuple[float, Token]], float, float]] = []
        while done < len(tokens):
            if first:
                baseline -= para.size * fonts.ascent
                first = False
            else:
                # A line never rises into the one above, whatever their sizes.
                step = max(pitch, below + para.size * fonts.ascent)
                baseline -= step + (para.space if j == 0 else 0.0)
            beside = baseline + para.size * fonts.ascent > mark_bottom
            width = narrow if beside else frame.inner_width
            if not lines or width != lines_width:
                rest = tokens[done:]
                lines, lines_width = list(_wrapped(rest, width, para.size, fonts))[::-1], width
            line = list(lines.pop())
            done += len(line)
            below = para.size * fonts.descent
            found.append((line, baseline, width))
            j += 1
        placed.append((para, found))
    return placed, min(baseline - below if paras else frame.height - SAFE_MARGIN, mark_bottom)


@functools.lru_cache(maxsize=1 << 10)
def _para_tokens(para: Para, width: float, fonts: Fonts) -> tuple[Token, ...]:
    """A heading-area paragraph's tokens as `para_lines` cuts them at `width`, remembered by
    value: a budget's trials set the same paragraphs (a booklet's rules, the how-tos) again
    among a few that change (issue 39, item 1)."""
    return tuple(t for line in para_lines(para, width, fonts.measure) for _x, t in line)


@functools.lru_cache(maxsize=1 << 10)
def _wrapped(tokens: tuple[Token, ...], width: float, size: float, fonts: Fonts
             ) -> tuple[tuple[tuple[float, Token], ...], ...]:
    """`wrap` of a heading-area paragraph's tokens, remembered by value (`_para_tokens`)."""
    return tuple(tuple(line) for line in wrap(tokens, width, size, fonts.measure))


@functools.lru_cache(maxsize=1 << 10)
def _body_height(paras: tuple[Para, ...], frame: Frame, fonts: Fonts) -> float:
    """The height a side has left under `paras`, remembered by value: a deck's budget sets
    the same heading areas once a trial (issue 39)."""
    _placed_lines, y = _placed(paras, frame, fonts)
    footer_height = FOOTER_SIZE * frame.scale * (fonts.ascent + fonts.descent)
    return y - SAFE_MARGIN - footer_height - 2 * PARAGRAPH_GAP


def room_below(paras: Sequence[Para], frame: Frame, fonts: Fonts) -> float:
    """The height a side has left under `paras` (negative where they do not fit on it)."""
    return _body_height(tuple(paras), frame, fonts)


Packed = tuple[tuple[tuple[int, ...], ...], ...]
"""For each side, for each column, the indices of its units."""


@dataclass(frozen=True)
class Layout:
    """One way to set a section's body: size, columns and which entries go where."""

    size: float
    leading: float
    columns: int
    gutter: float
    sides: Packed
    """For each side, for each column, the entry indices (run in: the line indices)."""
    pitch: float
    """The distance between baselines (`line_pitch`) the sides were packed with."""
    keyed: bool = True
    """Whether the keys of the marks its entries print lead each side's how-to, else they
    are set beside its heading (`keys_beside`)."""
    units: tuple[Unit, ...] = ()
    """A run-in section's lines as its sides set them (`units.run_in_sides`), which `sides`
    indexes; empty for other sections, whose units do not depend on the sides."""


@dataclass(frozen=True)
class Fill:
    """A section set over exactly `sides` sides, as evenly as it goes, with `tail` (the rules)
    after its last entry: how a deck with an odd number of sides fills its last card."""

    sides: int
    tail: tuple[Para, ...]


def _column_width(frame: Frame, columns: int) -> float:
    return (frame.inner_width - (columns - 1) * COLUMN_GAP) / columns


def _tail_height(fill: Fill | None, frame: Frame, fonts: Fonts) -> float:
    """The height a fill's tail takes below the last side's columns, its gap included."""
    if fill is None:
        return 0.0
    top = frame.height / 2  # below the seat mark, so its lines are set full width
    return top - draw_top(fill.tail, frame, fonts, top)[1] + PARAGRAPH_GAP


def choose_layout(section: Section, frame: Frame, fonts: Fonts, fill: Fill | None = None,
                  most: int | None = None) -> Layout | None:
    """The layout of a section that takes the fewest sides (with `fill`: exactly its sides,
    the last keeping room for its tail), then the largest size, then the looser leading, then
    the fewest columns; each side's columns balanced. None if no layout fills as asked. The
    keys of the marks its entries print are set beside the heading where they fit there on
    every side it takes, else they lead the how-to (`keys_beside`). With `most` (at least
    1), whether a layout of at most `most` sides is found is all that is asked: the sizes
    and leadings are tried smallest first, the first layout that takes no more is taken, and
    a run-in layout stops after `most` + 1 sides (`side_count`)."""
    if keys_beside(section, frame, fonts, first=True):
        # Where the keys go depends on how many sides it takes: the fewest, whatever `most`.
        layout = _layout(section, frame, fonts, fill, keyed=False)
        if layout is not None and (len(layout.sides) == 1
                                   or keys_beside(section, frame, fonts, first=False)):
            return layout
    return _layout(section, frame, fonts, fill, keyed=True, most=most)


def _layout(section: Section, frame: Frame, fonts: Fonts, fill: Fill | None, keyed: bool,
            most: int | None = None) -> Layout | None:
    if not section.entries:
        size = frame.body_sizes[0]
        return Layout(size, LEADING, 1, 0.0, ((),), line_pitch(size, LEADING, fonts))
    first_height = _body_height(section.top(first=True, keyed=keyed), frame, fonts)
    later_height = _body_height(section.top(first=False, keyed=keyed), frame, fonts)
    tail = _tail_height(fill, frame, fonts)
    labels = [e.label for e in section.entries if e.label is not None and not section.run_in]
    best: tuple[tuple[int, float, float, int], Layout, list[int], tuple[int, int, int]] | None
    best = None
    # Columns are never narrower than the widest word: a word is cut across lines only where
    # even one column of the smallest size cannot hold it.
    widest = max(widest_group(e.tokens, fonts.measure) for e in section.entries)
    above = reach(section, fonts)
    one_line = [] if section.run_in else [line_width(e, fonts) for e in section.entries]
    # Asked only whether `most` sides hold it: the layouts likeliest to, first.
    sizes = frame.body_sizes if most is None else frame.body_sizes[::-1]
    leadings = (LEADING, TIGHT_LEADING) if most is None else (TIGHT_LEADING, LEADING)

    # Run in and asked only whether `most` sides hold it: where the likeliest layout (the
    # smallest size, the tighter leading) takes more, so does every other (`units.settles`),
    # and none is tried.
    settled = most is not None and fill is None and section.run_in and settles(
        section, frame.inner_width / max(frame.body_sizes), fonts)
    hopeless = False

    def enough() -> bool:
        return hopeless or most is not None and best is not None and len(best[1].sides) <= most

    for size in sizes:
        if enough():
            break
        gutter = _gutter(labels, size, fonts)
        # Run in, a line is as full as it can be: more columns only add their gaps.
        for columns in range(1, 2 if section.run_in else MAX_COLUMNS + 1):
            width = _column_width(frame, columns)
            if enough() or columns > 1 and width - gutter < widest * size:  # a word cut
                break
            heights = [] if section.run_in else entry_heights(
                section, width, gutter, size, fonts, one_line)
            for leading in leadings:
                if enough():
                    break
                pitch = line_pitch(size, leading, fonts, above)
                first, later = int(first_height // pitch), int(later_height // pitch)
                last = int((later_height - tail) // pitch) if fill else later
                if section.run_in:
                    run = run_in_layout(section, width, size, fonts, (first, later, last), fill,
                                        most)
                    if run is None:
                        continue
                    hopeless = settled and most is not None and len(run) > most and (
                        size, leading) == (min(sizes), min(leadings))
                    score = (len(run), -size, -leading, columns)
                    if best is None or score < best[0]:
                        units = tuple(u for side in run for u in side)
                        ends = itertools.accumulate(len(side) for side in run)
                        lines: Packed = tuple((tuple(range(end - len(side), end)),)
                                              for end, side in zip(ends, run, strict=True))
                        layout = Layout(size, leading, columns, gutter, lines, pitch, keyed,
                                        units)
                        best = (score, layout, [1] * len(units), (first, later, last))
                    continue
                if fill is None:
                    sides = pack(heights, columns, (first, later))
                else:
                    sides = spread(heights, columns, (first, later), last, fill.sides)
                if sides is None:
                    continue
                score = (len(sides), -size, -leading, columns)
                if best is None or score < best[0]:
                    packed: Packed = tuple(tuple(tuple(column) for column in side)
                                           for side in sides)
                    layout = Layout(size, leading, columns, gutter, packed, pitch, keyed)
                    best = (score, layout, heights, (first, later, last))
    if best is None and fill is not None:
        return None
    if best is None:  # name the opening that is too tall for a side, even alone
        size = frame.body_sizes[-1]
        width = frame.inner_width
        tallest = max(
            range(len(section.entries)),
            key=lambda i: len(entry_lines(section.entries[i], width, 0.0, size, fonts)),
        )
        label = section.labels[tallest] if section.labels else ""
        raise DoesNotFit(f"the opening {label!r} of '{section.heading}'")
    _score, layout, heights, (first, later, last) = best
    balanced = []
    for n, side in enumerate(layout.sides):
        indices = [i for column in side for i in column]
        capacity = first if n == 0 else last if n == len(layout.sides) - 1 else later
        local = balance([heights[i] for i in indices], layout.columns, capacity)
        balanced.append(tuple(tuple(indices[j] for j in column) for column in local))
    return dataclasses.replace(layout, sides=tuple(balanced))


def _gutter(labels: Sequence[Token], size: float, fonts: Fonts) -> float:
    """The width of a body's gutter at `size`: its widest label, and a gap a text extractor
    reads as a space (pdfplumber: more than 3 pt)."""
    gutter = max((fonts.measure(g.text, g.style) * size for g in labels), default=0.0)
    return gutter + (max(0.4 * size, 3.2) if labels else 0.0)


def fewest_sides(section: Section, frame: Frame, fonts: Fonts) -> int:
    """No fewer sides than `choose_layout` sets a section on (not run in), each entry
    measured once: the fewest that its entries' lines, packed as one stream (a column may end
    anywhere), fill at the smallest size and the tighter leading, in each column count its
    widest word lets, with the room of the shorter heading area (the keys beside the heading
    or in the how-to) and lines as close as the font lets (`line_pitch` without the boxes'
    `reach`). Every layout it tries has no more lines a side (a larger size, a looser leading
    or taller boxes have fewer, the keys take what room they take), no more columns (its gutter
    and widest word are wider) and entries no shorter (greedy breaking in a narrower measure
    never takes fewer lines). A budget's guess of its cut, and its proof that a trial does not
    fit (`superdeck.booklet_budget`)."""
    size = min(frame.body_sizes)
    labels = [e.label for e in section.entries if e.label is not None]
    gutter = _gutter(labels, size, fonts)
    widest = max((widest_group(e.tokens, fonts.measure) for e in section.entries), default=0.0)
    one_line = [line_width(e, fonts) for e in section.entries]
    pitch = line_pitch(size, TIGHT_LEADING, fonts)  # no more than with its boxes' reach
    first, later = (int(max(_body_height(section.top(first=n == 0, keyed=keyed), frame, fonts)
                            for keyed in (True, False)) // pitch) for n in (0, 1))
    found = []
    for columns in range(1, MAX_COLUMNS + 1):
        width = _column_width(frame, columns)
        if columns > 1 and width - gutter < widest * size:
            break
        lines = sum(entry_heights(section, width, gutter, size, fonts, one_line))
        more = max(lines - columns * first, 0)
        found.append(1 + -(-more // max(columns * later, 1)))
    return min(found)


def run_in_layout(section: Section, width: float, size: float, fonts: Fonts,
                  capacities: tuple[int, int, int], fill: Fill | None, most: int | None = None
                  ) -> list[list[Unit]] | None:
    """A run-in section's sides (`units.run_in_sides`) of `capacities` lines (the first side,
    the later ones, the last one with `fill`); with `fill`, exactly its sides, as evenly
    filled as they go: the smallest side height that takes no more (as `layout.spread`);
    without, at most `most` + 1 sides."""
    first, later, last = capacities
    if fill is None:
        return run_in_sides(section, width, size, fonts, lambda n: later if n else first, most)
    for height in range(1, max(first, later) + 1):

        def capped(n: int, height: int = height) -> int:
            return min(height, later if n else first)

        run = run_in_sides(section, width, size, fonts, capped)
        if run is None or len(run) > fill.sides:
            continue
        if len(run) < fill.sides:  # the last side would hold nothing but the tail
            return None
        if len(run[-1]) <= last:
            return run
    return None


def side_count(section: Section, frame: Frame, fonts: Fonts, most: int | None = None) -> int:
    """How many sides `section_sides` sets a section on: its layout, nothing drawn (what a
    budget asks of every selection it tries). With `most`, only whether that is more: the
    sides of the first layout tried that takes at most `most` (the smallest size first), else
    a number above `most` (`choose_layout`)."""
    layout = choose_layout(section, frame, fonts, most=most)
    return 0 if layout is None else len(layout.sides)


def counted_sides(section: Section, frame: Frame, fonts: Fonts) -> list[Side]:
    """As many blank sides as `section_sides` sets the section on (`side_count`), where only
    their number is asked."""
    return [Side(())] * _counted(section, frame, fonts)


@functools.lru_cache(maxsize=1 << 8)
def _counted(section: Section, frame: Frame, fonts: Fonts) -> int:
    """`side_count`, remembered by value: a budget's trials change one seat's section at a
    time, and count the others' again (issue 39, item 1: the TWL06 SuperGhost booklet's
    budget laid out 127 sections where 40 differ)."""
    return side_count(section, frame, fonts)


def section_sides(
    section: Section, frame: Frame, fonts: Fonts, fill: Fill | None = None
) -> list[Side]:
    """The sides a section takes, without footers; with `fill`, exactly its sides with its
    tail after the last entry, or none if the section cannot be set so."""
    layout = choose_layout(section, frame, fonts, fill)
    if layout is None:
        return []
    sides = []
    pitch = layout.pitch
    width = _column_width(frame, layout.columns)
    units = layout.units or units_of(section, width, layout.gutter, layout.size, fonts)
    beside = not layout.keyed
    for n, columns in enumerate(layout.sides):
        heading = section.heading
        indices = [i for column in columns for i in column]
        printed = [t for i in indices for line in units[i].lines for _x, t in line]
        key = section.key_text(printed)
        if len(layout.sides) > 1 and indices:
            first, last = units[indices[0]].first, units[indices[-1]].last
            span = first if first == last else f"{first}{fonts.range}{last}"
            ranged = f"{heading} {fonts.dot} {span}"
            if len(wrap(words(ranged, BOLD), frame.inner_width, HEADING_SIZE, fonts.measure)) == 1 \
                    and not (beside and key and not heading_aside(key, section, n == 0, ranged,
                                                                  frame, fonts)):
                heading = ranged
        top = section.top(n == 0, heading, printed, not beside)
        texts, y = draw_top(top, frame, fonts)
        if beside and key:
            texts += heading_aside(key, section, n == 0, heading, frame, fonts)
        if section.aside and not (section.extra if n == 0 else section.aside_first):
            texts += aside(section.aside, texts, frame, fonts)
        body_top = y - PARAGRAPH_GAP
        bottom = body_top
        for c, column in enumerate(columns):
            x0 = SAFE_MARGIN + c * (width + COLUMN_GAP)
            baseline = body_top - layout.size * fonts.ascent
            lines = 0
            for i in column:
                label = units[i].label
                if label is not None:
                    texts.append(Text(x0, baseline, label.text, label.style, layout.size))
                for line in units[i].lines:
                    drawn = runs(line, x0 + layout.gutter, baseline, layout.size, fonts.measure)
                    texts += set_in(drawn, fonts)
                    baseline -= pitch
                    lines += 1
            bottom = min(bottom, body_top - lines * pitch)
        if fill is not None and n == len(layout.sides) - 1:
            texts += draw_top(fill.tail, frame, fonts, bottom - PARAGRAPH_GAP)[0]
        sides.append(Side(tuple(texts)))
    return sides


def set_in(line: list[Text], fonts: Fonts) -> list[Text]:
    """A body line's texts with a head that begins it set in by as much as its ink reaches
    left of its origin (a serif J: 0.5 pt at 7 pt), so no ink crosses the safe margin; the
    space after a head holds the difference."""
    if line and line[0].style.head:
        first = line[0]
        left = fonts.ink(first.text[:1], first.style)[0] * first.size
        if left < 0:
            line[0] = dataclasses.replace(first, x=first.x - left)
    return line


def aside(text: str, top: Sequence[Text], frame: Frame, fonts: Fonts) -> list[Text]:
    """`text` at the end of the heading's line (the first of `top`), left of the seat mark
    (where the line is beside it), at the footer's size or down to 6 pt where it is short of
    room; nothing where even that does not fit."""
    baseline = top[0].y
    end = max(t.x + fonts.measure(t.text, t.style) * t.size for t in top if t.y == baseline)
    for size in (FOOTER_SIZE * frame.scale, 6.0):
        beside = baseline + size * fonts.ascent > frame.height - SAFE_MARGIN - MARK_HEIGHT
        right = frame.width - SAFE_MARGIN - (MARK_WIDTH + COLUMN_GAP if beside else 0.0)
        width = fonts.measure(text, REGULAR) * size
        if end + COLUMN_GAP <= right - width:
            return [Text(right - width, baseline, text, REGULAR, size)]
    return []


def heading_aside(
    text: str, section: Section, first: bool, heading: str, frame: Frame, fonts: Fonts
) -> list[Text]:
    """`text` as an `aside` on the line of a side's `heading` (below the first side's
    `extra`), without the keys in the how-to; nothing where it does not fit."""
    texts, _y = draw_top(section.top(first, heading, keyed=False), frame, fonts)
    skip = len(draw_top(section.extra, frame, fonts)[0]) if first and section.extra else 0
    return aside(text, texts[skip:], frame, fonts)


def keys_beside(section: Section, frame: Frame, fonts: Fonts, first: bool) -> bool:
    """Whether the keys of every mark a section's entries print (`Section.keys`) fit as an
    aside on its heading's line on its `first` side (else a later one): there they take no
    line from the entries (issue 37). A section with an aside of its own says them in the
    how-to."""
    text = section.key_text()
    return bool(text) and not section.aside and bool(
        heading_aside(text, section, first, section.heading, frame, fonts))


@dataclass(frozen=True)
class Run:
    """A seat's section in a deck: the section and the sides it takes, with their seat mark."""

    section: Section
    seat: str
    sides: tuple[Side, ...]


Lay = Callable[[Section, Frame, Fonts], list[Side]]
"""How a deck sets a section on sides: `section_sides`, or `counted_sides` to count them."""


def seat_run(section: Section, seat: int, frame: Frame, fonts: Fonts,
             lay: Lay = section_sides) -> Run:
    """A seat's section laid out on sides (by `lay`), each marked with the seat."""
    return Run(section, str(seat), tuple(marked(lay(section, frame, fonts), str(seat))))


SEATS = "&"
"""Between the seats of a corner mark that holds several: '1&2' reads 'seats 1 and 2', where
'1\u00b72' read as the number 1.2."""


def seats_mark(seats: Sequence[int]) -> str:
    """The corner mark of a side for `seats`: '4', '1&2'."""
    return SEATS.join(map(str, seats))


def marked(sides: list[Side], seat: str) -> list[Side]:
    """`sides` with `seat` as their corner mark."""
    return [Side(side.texts, side.boxes, seat) for side in sides]


def even_deck(
    sides: list[Side], last: Run | None, rules: Section, frame: Frame, fonts: Fonts
) -> list[Side]:
    """A deck with an even number of sides, every card printed on both: an odd deck spreads
    the run that ends it over one side more with the rules after its last entry, so no side
    is left half blank; where it cannot (no run of entries ends the deck, or it does not
    spread), the rules take a side of their own."""
    if len(sides) % 2 == 0:
        return sides
    if last is not None:
        tail = (Para(words("The rules:", BOLD) + rules.howto[0].tokens, 7.0),)
        filled = section_sides(last.section, frame, fonts, Fill(len(last.sides) + 1, tail))
        if filled:
            return sides[: len(sides) - len(last.sides)] + marked(filled, last.seat)
    return sides + section_sides(rules, frame, fonts)


def card_frame(options: PdfOptions) -> Frame:
    """The frame of the card size `options` ask for."""
    if options.size not in SIZES:
        raise PdfError("pdf.size", f"{options.size}: unknown; choose one of {', '.join(SIZES)}")
    width, height = SIZES[options.size]
    return Frame(options.size, width, height)
