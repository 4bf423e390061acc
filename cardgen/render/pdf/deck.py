"""The deck of a PDF card: which sides it has, in order, each with its seat mark and footer.

Side 1 (the front of card 1) holds the title, the rules, the verdict, the first seat's opening,
the second seat's replies to every first letter as a large strip, and which cards hold which
seat. Then, seat by seat: the second seat's words; for every further seat its glance grids
(`cardgen.render.pdf.grid`), then the words to steer to, compactly (none with
`pdf.words: none`). Every side carries its seat in a large corner mark. A deck with an odd
number of sides ends with the rules of Ghost.
"""

from __future__ import annotations

import dataclasses
import io
import math
from collections.abc import Sequence

from cardgen.paper import SIZES, PdfOptions
from cardgen.render.pdf.booklet import booklet_sides
from cardgen.render.pdf.content import (
    Section,
    entry,
    footer,
    row_entry,
    rules_section,
)
from cardgen.render.pdf.content import (
    legend as side_legend,
)
from cardgen.render.pdf.fonts import DoesNotFit, Fonts, PdfError, check_glyphs, load_fonts
from cardgen.render.pdf.grid import (
    CELL_HEIGHTS,
    GridGeometry,
    Row,
    draw_grid,
    label_width,
    rows,
)
from cardgen.render.pdf.layout import (
    BOLD,
    COLUMN_GAP,
    FOOTER_SIZE,
    HEADING_LEADING,
    MARK_HEIGHT,
    MARK_SIZE,
    MARK_WIDTH,
    PARAGRAPH_GAP,
    SAFE_MARGIN,
    TRY,
    Box,
    Frame,
    Para,
    Style,
    Text,
    Token,
    markup,
    runs,
    words,
    wrap,
)
from cardgen.render.pdf.sides import (
    Side,
    card_frame,
    draw,
    draw_top,
    new_canvas,
    section_sides,
)
from cardgen.render.sentences import (
    GAME_OVER,
    no_first_win,
    ordinal,
    rules_sentence,
    seat_heading,
    try_outcome,
    verdict,
)
from cardgen.strategy import Card, Opening, SeatStrategy

WHITE = Style(bold=True, color="paper")
"""The seat mark's numbers, on its black tab."""
LEGEND = "!A! play {dot} A try {dot} {dash} no forced win {dot} rows: letters but the last"
"""A grid side's key, left of its footer (shortened where the footer is short of room)."""


def footer_top(frame: Frame, fonts: Fonts) -> float:
    """The y just above the footer's glyphs, with a gap."""
    size = FOOTER_SIZE * frame.scale
    return SAFE_MARGIN + size * (fonts.ascent + fonts.descent) + PARAGRAPH_GAP


def mark(frame: Frame, text: str, fonts: Fonts) -> tuple[Box, Text]:
    """The seat mark: white numbers on a black tab in the top-right corner."""
    x = frame.width - SAFE_MARGIN - MARK_WIDTH
    y = frame.height - SAFE_MARGIN - MARK_HEIGHT
    size = min(MARK_SIZE, (MARK_WIDTH - 2) / fonts.measure(text, WHITE), MARK_HEIGHT * 0.8)
    width = fonts.measure(text, WHITE) * size
    baseline = y + (MARK_HEIGHT - size) / 2 + size * fonts.descent
    return Box(x, y, MARK_WIDTH, MARK_HEIGHT), Text(x + (MARK_WIDTH - width) / 2, baseline, text,
                                                     WHITE, size)


def front(
    card: Card, frame: Frame, fonts: Fonts, seats: Sequence[int], index: str
) -> tuple[list[Text], list[Box]]:
    """The front of card 1, at the largest body size whose strip of replies stays large;
    DoesNotFit if even the smallest leaves the text over the footer or the strip's letters
    under 7 pt."""
    shown: tuple[list[Text], list[Box]] | None = None
    for size in [s for s in frame.body_sizes if s >= 7.0]:
        paras = front_paras(card, size, seats, index)
        texts, y = draw_top(paras, frame, fonts)
        bottom = footer_top(frame, fonts)
        boxes: list[Box] = []
        second = card.seats[1] if card.players > 1 and 2 in seats else None
        if second is not None and second.openings:
            letters = card.dictionary.letters
            # One strip of every letter, or two of half of them each where the cells of one
            # would be too narrow for 7 pt letters.
            halves = 1 if frame.inner_width / len(letters) >= 8.0 else 2
            per = math.ceil(len(letters) / halves)
            room = y - PARAGRAPH_GAP - bottom
            pitch = next((p for p in CELL_HEIGHTS if 2 * halves * p <= room), 0.0)
            # Two-player fronts keep the strip's letters at 7 pt; with more players the strip
            # may be as small as the glance grids' rows.
            if pitch < (8.0 if card.players == 2 else min(CELL_HEIGHTS)):
                continue  # too small: try a smaller body
            row = rows(second, letters)[0]
            for half in range(halves):
                part = letters[half * per : (half + 1) * per]
                cells = row.cells[half * per : (half + 1) * per]
                geometry = GridGeometry(
                    SAFE_MARGIN, y - PARAGRAPH_GAP - 2 * half * pitch, 0.0,
                    frame.inner_width / per, pitch,
                )
                strip_texts, strip_boxes = draw_grid(
                    [Row("", cells)], part, geometry, fonts
                )
                texts += strip_texts
                boxes += strip_boxes
            shown = (texts, boxes)
            if pitch >= 1.6 * size:
                break
        elif y >= bottom:
            shown = (texts, boxes)
            break
    if shown is None:
        raise DoesNotFit("the front (title, rules, the first seat's words and the replies)")
    return shown


def front_paras(card: Card, size: float, seats: Sequence[int], index: str) -> list[Para]:
    """The paragraphs of the front at body `size`."""
    gap = 0.25 * size
    paras = [
        Para(words(card.title, BOLD), size + 2, HEADING_LEADING),
        Para(words(rules_sentence(card)), size, space=gap),
        Para(words(f"With perfect play {verdict(card)}"), size, space=gap),
    ]
    first = card.seats[0].openings[0] if card.seats[0].openings else None
    if 1 in seats:
        if first is None or first.play is None:
            line = no_first_win(card)
            best = first.best_try if first is not None else None
            if best is not None:
                line += f" Best try: open with *{best.move}* ({try_outcome(best, card.players)})."
        else:
            line = f"open with !{first.play}! then keep to " + " ".join(first.words)
        paras.append(Para(words(seat_heading(1) + ":", BOLD) + markup(line), size, space=gap))
    if card.players > 1 and 2 in seats and card.seats[1].openings:
        line = "play the boxed letter under theirs"
        lost = [o.best_try for o in card.seats[1].openings if not o.won]
        if any(t is not None and t.replies for t in lost):
            line += " (framed: your best try"
            if card.players == 2:  # what the back's "try a 22/25" means
                line += "; n/m: n of their m replies go wrong"
            line += ")"
        elif lost:
            line += " (— no win)"
        tokens = words(seat_heading(2) + ":", BOLD) + markup(line + ".")
        paras.append(Para(tokens, size, space=gap))
    if index:
        paras.append(Para(words(index), size, space=gap))
    return paras


def grid_sides(seat: SeatStrategy, card: Card, frame: Frame, fonts: Fonts) -> list[Side]:
    """The glance grids of a seat, on as few sides as the ladder of row pitches allows, at
    the largest pitch giving that many."""
    letters = card.dictionary.letters
    grid_rows = rows(seat, letters)
    top = frame.height - SAFE_MARGIN
    room = top - footer_top(frame, fonts)
    width = frame.inner_width - MARK_WIDTH - COLUMN_GAP
    best: tuple[int, float] | None = None
    for pitch in CELL_HEIGHTS:
        per_side = int(room // pitch) - 1
        if per_side < 1:
            continue
        count = math.ceil(len(grid_rows) / per_side)
        if best is None or count < best[0]:
            best = (count, pitch)
    assert best is not None, "a card holds at least two grid rows"
    count, pitch = best
    per_side = math.ceil(len(grid_rows) / count)
    label = label_width(grid_rows, 0.9 * pitch, fonts)
    geometry = GridGeometry(
        SAFE_MARGIN, top, label, (width - label) / len(letters), pitch
    )
    sides = []
    for n in range(count):
        chunk = grid_rows[n * per_side : (n + 1) * per_side]
        texts, boxes = draw_grid(chunk, letters, geometry, fonts)
        sides.append(Side(tuple(texts), tuple(boxes), str(seat.seat), key=True))
    return sides


def second_howto(seat: SeatStrategy, card: Card, width: float, fonts: Fonts) -> Para:
    """The second seat's how-to: the fullest wording that fits one line at 7 pt, saying what
    a try's n/m is where the seat has tries."""
    plain = "Find their *bold* letter, play the boxed one, keep to its words."
    candidates = [plain]
    if any(o.best_try is not None and o.best_try.replies for o in seat.openings):
        replies = "replies go wrong" if card.players == 2 else "replies save you"
        candidates[:0] = [
            f"Find their *bold* letter, play the boxed one, keep to its words; try n/m: n of m "
            f"{replies}.",
            f"Find their *bold* letter, play the boxed one; try n/m: n of m {replies}.",
        ]
    for text in candidates:
        tokens = markup(text)
        if len(wrap(tokens, width, 7.0, fonts.measure)) == 1:
            break
    return Para(tokens, 7.0)  # the plain wording wraps if even it does not fit


def word_section(seat: SeatStrategy, card: Card, frame: Frame, fonts: Fonts) -> Section:
    """The words to steer to of a seat: one entry per opening, or per grid row."""
    heading = seat_heading(seat.seat)
    if seat.seat == 2:
        entries = tuple(entry(opening, fonts) for opening in seat.openings)
        labels = tuple(opening.fragment for opening in seat.openings)
        width = frame.inner_width - MARK_WIDTH - COLUMN_GAP
        top = (second_howto(seat, card, width, fonts), *side_legend(card, seat, tries=False))
        return Section((), heading, top, entries, labels)
    by_row: dict[str, list[Opening]] = {}
    for opening in seat.openings:
        by_row.setdefault(opening.fragment[:-1], []).append(opening)
    won = [(label, openings) for label, openings in by_row.items() if any(o.won for o in openings)]
    howto = "Row, then the *bold* last letter: the rest ends the word."
    rare = side_legend(card, SeatStrategy(seat.seat, tuple(o for o in seat.openings if o.won)))
    return Section(
        (),
        heading,
        (Para(markup(howto), 7.0), *rare),
        tuple(row_entry(label, openings) for label, openings in won),
        tuple(label for label, _openings in won),
    )


def seat_sides(card: Card, frame: Frame, fonts: Fonts, options: PdfOptions) -> list[Side]:
    """The sides after the front: each chosen seat from the second on."""
    sides: list[Side] = []
    for seat in card.seats[1:]:
        if options.seats is not None and seat.seat not in options.seats:
            continue
        if not seat.openings:
            if seat.seat > 2:
                game_over = Section((), seat_heading(seat.seat), (Para(words(GAME_OVER), 7.0),))
                sides += marked(section_sides(game_over, frame, fonts), str(seat.seat))
            continue
        if seat.seat > 2:
            sides += grid_sides(seat, card, frame, fonts)
        if options.words != "none" and seat.won:
            section = word_section(seat, card, frame, fonts)
            sides += marked(section_sides(section, frame, fonts), str(seat.seat))
    return sides


def marked(sides: list[Side], seat: str) -> list[Side]:
    """`sides` with `seat` as their corner mark."""
    return [Side(side.texts, side.boxes, seat, side.key) for side in sides]


def deck_index(card: Card, marks: Sequence[str], dot: str, dash: str) -> str:
    """Which cards hold which seat: 'Cards: 1st seat 1 · 2nd 1-2 · 3rd 2-5'."""
    parts = []
    for seat in range(1, card.players + 1):
        cards = [n // 2 + 1 for n, m in enumerate(marks) if str(seat) in m.split(dot)]
        if cards:
            span = str(cards[0]) if cards[0] == cards[-1] else f"{cards[0]}{dash}{cards[-1]}"
            parts.append(f"{ordinal(seat)} {span}")
    return f"Cards by seat: {f' {dot} '.join(parts)}." if parts else ""


def ghost_sides(card: Card, frame: Frame, fonts: Fonts, options: PdfOptions) -> list[Side]:
    """The sides of a Ghost card, with their seat marks, before footers."""
    seats = options.seats or tuple(range(1, card.players + 1))
    # The front answers the first two seats; with neither chosen it names the chosen ones.
    front_mark = fonts.dot.join(str(s) for s in seats if s <= min(2, card.players))
    front_mark = front_mark or fonts.dot.join(str(s) for s in seats)
    rest = seat_sides(card, frame, fonts, options)
    marks = [front_mark, *(side.mark for side in rest)]
    index = deck_index(card, marks, fonts.dot, fonts.range) if card.players > 2 else ""
    texts, boxes = front(card, frame, fonts, seats, index)
    sides = [Side(tuple(texts), tuple(boxes), front_mark), *rest]
    if len(sides) % 2:
        sides += section_sides(rules_section(card), frame, fonts)
    return sides


def layout_deck(card: Card, frame: Frame, fonts: Fonts, options: PdfOptions) -> list[Side]:
    """Every side of the card, seat marks and footers included, in order."""
    if card.decision_tables:  # SuperGhost, SuperDuperGhost: replies, then a booklet
        sides = booklet_sides(card, frame, fonts, options)
    else:
        sides = ghost_sides(card, frame, fonts, options)
    total = len(sides)
    result = []
    for n, side in enumerate(sides):
        texts = list(side.texts)
        boxes = list(side.boxes)
        bottom = footer(card, n, total, frame, fonts)
        if side.key:  # a grid side: its key instead of the word list, stated on the front
            texts += legend(frame, fonts, bottom[1].x - SAFE_MARGIN - 2.0, bottom[0].y)
            texts.append(bottom[1])
        else:
            texts += bottom
        if side.mark:
            box, text = mark(frame, side.mark, fonts)
            boxes.append(box)
            texts.append(text)
        result.append(Side(tuple(texts), tuple(boxes), side.mark, side.key))
    return result


def card_sides(card: Card, frame: Frame, options: PdfOptions) -> tuple[Fonts, list[Side]]:
    """The fonts `options` ask for and every side of the card set in them."""
    fonts = load_fonts(options.font)
    try:
        sides = layout_deck(card, frame, fonts, options)
    except DoesNotFit as error:
        raise PdfError("pdf.size", does_not_fit(card, frame, fonts, options, error.what)) from None
    check_glyphs(((t.text, t.style) for side in sides for t in side.texts), fonts, card.title)
    return fonts, sides


def does_not_fit(card: Card, frame: Frame, fonts: Fonts, options: PdfOptions, what: str) -> str:
    """The message for a card that does not fit its size: what does not, a size that works
    (the first, smallest first, that holds the whole card), and that the other formats can
    still be built."""
    works = None
    for name in sorted(SIZES, key=lambda n: SIZES[n][0] * SIZES[n][1]):
        if name == frame.name:
            continue
        try:
            layout_deck(card, card_frame(dataclasses.replace(options, size=name)), fonts, options)
        except DoesNotFit:
            continue
        works = name
        break
    hint = f"choose pdf.size: {works}" if works else "no card size holds it: shorten the title"
    return (
        f"{frame.name}: {what} does not fit on a side; {hint} (or build only the Markdown and "
        "JSON: --format md --format json)"
    )


def render_card(card: Card, options: PdfOptions | None = None) -> bytes:
    """The card as a PDF with one side per page at the card's size: front, back, front, ...
    (default options: a credit-card size card in the default font)."""
    options = options or PdfOptions()
    frame = card_frame(options)
    fonts, sides = card_sides(card, frame, options)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, card, (frame.width, frame.height), fonts)
    for side in sides:
        draw(canvas, side, fonts)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def legend(frame: Frame, fonts: Fonts, room: float, y: float) -> list[Text]:
    """The key of a grid side, as long as fits `room`."""
    size = FOOTER_SIZE * frame.scale
    full = LEGEND.format(dot=fonts.dot, dash=fonts.dash)
    short = full.split(f" {fonts.dot} rows")[0]
    for text in (full, short, short.replace(" forced", "")):
        tokens = [Token(t.text, TRY, t.space) if n == 3 else t for n, t in enumerate(markup(text))]
        width = sum(fonts.measure(t.text, t.style) + fonts.measure(" ", t.style) for t in tokens)
        if width * size <= room:
            break
    size = min(size, room / width)  # never past the footer's right part
    line = wrap(tokens, 10_000, size, fonts.measure)[0]
    return runs(line, SAFE_MARGIN, y, size, fonts.measure)
