"""The deck of a PDF card: which sides it has, in order, each with its seat mark and footer.

Side 1 (the front of card 1) holds the title, the rules, the verdict, the first seat's opening,
the second seat's replies to every first letter as a large strip, and which cards hold which
seat. Then, seat by seat: the second seat's words; for every further seat its glance grids
(`cardgen.render.pdf.glance`), then the words to steer to, each whole (none with
`pdf.words: none`). Every side carries its seat in a large corner mark. A deck with an odd
number of sides spreads its last seat's words over one side more and ends them with the rules
of Ghost (or, where no words end it, gives the rules a side of their own).
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Sequence

from cardgen.cards.paper import SIZES, PdfOptions
from cardgen.cards.strategy import Card, Opening, SeatStrategy, default_title
from cardgen.games.variants import find_game
from cardgen.render.pdf.bleed import bleed_offset, draw_trimmed
from cardgen.render.pdf.booklet import booklet_sides
from cardgen.render.pdf.budget import budget, first_on_back, row_section, second_section
from cardgen.render.pdf.canvas import draw, new_canvas
from cardgen.render.pdf.content import (
    Section,
    entry,
    footer,
    game_over,
    row_entry,
    rules_section,
)
from cardgen.render.pdf.content import (
    legend as side_legend,
)
from cardgen.render.pdf.fonts import DoesNotFit, Fonts, PdfError, check_glyphs, load_fonts
from cardgen.render.pdf.front import front
from cardgen.render.pdf.glance import grid_sides
from cardgen.render.pdf.keys import MarkKey, keyed
from cardgen.render.pdf.layout import (
    MARK_HEIGHT,
    MARK_SIZE,
    MARK_WIDTH,
    SAFE_MARGIN,
    Box,
    Frame,
    Para,
    Style,
    Text,
    markup,
)
from cardgen.render.pdf.sides import (
    SEATS,
    Run,
    Side,
    card_frame,
    even_deck,
    marked,
    seat_run,
    seats_mark,
    section_sides,
)
from cardgen.render.sentences import (
    ordinal,
    seat_heading,
    try_name,
)

WHITE = Style(bold=True, color="paper")
"""The seat mark's numbers, on its black tab."""


def mark(frame: Frame, text: str, fonts: Fonts) -> tuple[Box, Text]:
    """The seat mark: white numbers on a black tab in the top-right corner."""
    x = frame.width - SAFE_MARGIN - MARK_WIDTH
    y = frame.height - SAFE_MARGIN - MARK_HEIGHT
    size = min(MARK_SIZE, (MARK_WIDTH - 2) / fonts.measure(text, WHITE), MARK_HEIGHT * 0.8)
    width = fonts.measure(text, WHITE) * size
    baseline = y + (MARK_HEIGHT - size) / 2 + size * fonts.descent
    return Box(x, y, MARK_WIDTH, MARK_HEIGHT), Text(x + (MARK_WIDTH - width) / 2, baseline, text,
                                                     WHITE, size)


def word_section(seat: SeatStrategy, card: Card, frame: Frame, fonts: Fonts) -> Section:
    """The words to steer to of a seat: one entry per opening, or per grid row."""
    heading = seat_heading(seat.seat)
    if seat.seat == 2:
        entries = tuple(entry(opening, fonts, card.players) for opening in seat.openings)
        labels = tuple(opening.fragment for opening in seat.openings)
        howto = "Find their *bold* letter, play the boxed one, keep to its words."
        top = (Para(markup(howto), 7.0), *side_legend(card, seat, tries=False))
        # The frame's key beside the heading of each side that frames a letter, where it fits
        # (a line under it would cost the words a side).
        framed = MarkKey("", f"framed: no forced win, the {try_name(card)}", framed=True)
        return Section((), heading, keyed(top, card, fonts, entries), entries, labels,
                       keys=(framed,))
    by_row: dict[str, list[Opening]] = {}
    for opening in seat.openings:
        by_row.setdefault(opening.fragment[:-1], []).append(opening)
    won = [(label, openings) for label, openings in by_row.items() if any(o.won for o in openings)]
    howto = "Find the row, then the words that begin with the *bold* letters on the table."
    won_only = SeatStrategy(seat.seat, tuple(o for o in seat.openings if o.won))
    rows = tuple(row_entry(label, openings) for label, openings in won)
    top = (Para(markup(howto), 7.0), *side_legend(card, won_only, tries=False))
    return Section(
        (), heading, keyed(top, card, fonts, rows), rows, tuple(label for label, _openings in won)
    )


SeatSides = Callable[[SeatStrategy], tuple[list[Side], Run | None]]
"""A seat's sides in a deck, and the run of entries that ends them, if one does."""


def seat_sides(
    card: Card, frame: Frame, fonts: Fonts, options: PdfOptions, of_seat: SeatSides
) -> tuple[list[Side], Run | None]:
    """The sides after the front: each chosen seat from the second on (`of_seat`: the whole
    deck's or the pocket deck's); and the run of entries that ends them, if one does."""
    sides: list[Side] = []
    last: Run | None = None
    for seat in card.seats[1:]:
        if options.seats is not None and seat.seat not in options.seats:
            continue
        last = None
        if not seat.openings:
            if seat.seat > 2:
                sides += seat_run(game_over(seat.seat), seat.seat, frame, fonts).sides
            continue
        more, last = of_seat(seat)
        sides += more
    return sides, last


def whole_seat(
    card: Card, frame: Frame, fonts: Fonts, options: PdfOptions
) -> SeatSides:
    """A seat of the whole deck: from the third on its glance grids, then its words."""

    def sides(seat: SeatStrategy) -> tuple[list[Side], Run | None]:
        grids = grid_sides(seat, card, frame, fonts) if seat.seat > 2 else []
        if options.words == "none" or not seat.won:
            return grids, None
        run = seat_run(word_section(seat, card, frame, fonts), seat.seat, frame, fonts)
        return [*grids, *run.sides], run

    return sides


def deck_index(card: Card, sides: Sequence[Side], fonts: Fonts, *, rows: bool = True) -> str:
    """Which cards hold which seat, and (with `rows`) which card holds which grid rows:
    'Cards by seat: first 1 · second 1 · third 2–5, rows A–I on 2, J–R on 2, S–Z on 3.'"""
    dot, dash = fonts.dot, fonts.range
    parts = []
    for seat in range(1, card.players + 1):
        held = [(n // 2 + 1, side) for n, side in enumerate(sides) if str(seat) in
                side.mark.split(SEATS)]
        if held:
            first, last = held[0][0], held[-1][0]
            part = f"{ordinal(seat)} {first if first == last else f'{first}{dash}{last}'}"
            grids = [f"{side.rows} on {n}" for n, side in held if side.rows]
            if rows and grids:
                part += f", rows {', '.join(grids)}"
            parts.append(part)
    return f"Cards by seat: {f' {dot} '.join(parts)}." if parts else ""


def pocket_seat(card: Card, frame: Frame, fonts: Fonts, options: PdfOptions) -> SeatSides:
    """A seat of a budgeted deck (`cardgen.render.pdf.budget`): the second seat's words on the
    back of card 1 (below the first seat's where the front cannot hold them), each further
    seat's entries on its own card."""

    def sides(seat: SeatStrategy) -> tuple[list[Side], Run | None]:
        if seat.seat == 2:
            seats = options.seats or tuple(range(1, card.players + 1))
            first = first_on_back(card, frame, fonts, seats)
            section = second_section(card, seat, fonts, first=first)
            mark = seats_mark((1, 2) if first else (2,))
            run = Run(section, mark, tuple(marked(section_sides(section, frame, fonts), mark)))
        elif seat.listed:
            run = seat_run(row_section(card, seat, fonts, frame), seat.seat, frame, fonts)
        else:
            return [], None
        return list(run.sides), run

    return sides


def ghost_sides(card: Card, frame: Frame, fonts: Fonts, options: PdfOptions) -> list[Side]:
    """The sides of a Ghost card, with their seat marks, before footers."""
    seats = options.seats or tuple(range(1, card.players + 1))
    # The front answers the first two seats; with neither chosen it names the chosen ones.
    front_mark = seats_mark([s for s in seats if s <= min(2, card.players)] or seats)
    pocket = card.deck not in (None, "full")
    of_seat = (pocket_seat if pocket else whole_seat)(card, frame, fonts, options)
    rest, last = seat_sides(card, frame, fonts, options, of_seat)
    listed = [Side((), (), front_mark), *rest]
    if card.players > 2 and not pocket:  # card 1 indexes the grids' rows where it has room
        try:
            texts, boxes = front(card, frame, fonts, seats, deck_index(card, listed, fonts))
        except DoesNotFit:
            index = deck_index(card, listed, fonts, rows=False)
            texts, boxes = front(card, frame, fonts, seats, index)
    else:
        back = first_on_back(card, frame, fonts, seats)
        texts, boxes = front(card, frame, fonts, seats, "", first_words=not back)
    sides = [Side(tuple(texts), tuple(boxes), front_mark), *rest]
    return even_deck(sides, last, rules_section(card), frame, fonts)


def layout_deck(card: Card, frame: Frame, fonts: Fonts, options: PdfOptions) -> list[Side]:
    """Every side of the card, seat marks and footers included, in order."""
    if card.decision_tables and card.deck not in (None, "full"):  # their pocket deck
        from cardgen.render.pdf.superdeck import pocket_sides

        sides = pocket_sides(card, frame, fonts, options)
    elif card.decision_tables:  # SuperGhost, SuperDuperGhost: replies, then a booklet
        sides = booklet_sides(card, frame, fonts, options)
    else:
        sides = ghost_sides(card, frame, fonts, options)
    total = len(sides)
    result = []
    for n, side in enumerate(sides):
        texts = list(side.texts)
        boxes = list(side.boxes)
        texts += footer(card, n, total, frame, fonts)
        if side.mark:
            box, text = mark(frame, side.mark, fonts)
            boxes.append(box)
            texts.append(text)
        result.append(Side(tuple(texts), tuple(boxes), side.mark))
    return result


def card_sides(card: Card, frame: Frame, options: PdfOptions) -> tuple[Fonts, list[Side]]:
    """The fonts `options` ask for and every side of the card set in them (its deck chosen as
    `options` say where it is not yet: `cardgen.render.pdf.budget.budget`)."""
    card = budget(card, options)
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
    hint = f"choose pdf.size: {works}" if works else None
    hint = hint or f"no card size holds it: {remedy(card, fonts, options)}"
    return (
        f"{frame.name}: {what} does not fit on a side; {hint} (or build only the Markdown and "
        "JSON: --format md --format json)"
    )


def remedy(card: Card, fonts: Fonts, options: PdfOptions) -> str:
    """What would make a card that fits no size fit its own, found by trying: a shorter
    title, or leaving the first seat's words to the other formats."""
    frame = card_frame(options)

    def fits(card: Card, options: PdfOptions) -> bool:
        try:
            layout_deck(card, frame, fonts, options)
        except DoesNotFit:
            return False
        return True

    if fits(dataclasses.replace(card, title="Ghost"), options):
        default = default_title(card.dictionary.name, card.players, card.min_length,
                                find_game(card.game))
        if card.title == default:  # the config set none: say it may
            return f"set a title (the default, {card.title!r}, is too long)"
        return "shorten the title"
    others = tuple(s for s in options.seats or range(1, card.players + 1) if s != 1)
    words = len(card.seats[0].openings[0].words) if card.seats[0].openings else 0
    if others and fits(card, dataclasses.replace(options, seats=others)):
        listed = ", ".join(map(str, others))
        return (
            f"the first seat's {words} words do not fit on the front; print the other seats "
            f"(pdf.seats: [{listed}])"
        )
    return "its words are too many for a side"


def render_card(card: Card, options: PdfOptions | None = None) -> bytes:
    """The card as a PDF with one side per page at the card's size: front, back, front, ...
    (default options: a credit-card size card in the default font); with `pdf.bleed`, each
    page is larger by the bleed and crop marks outside it. A card whose deck is not chosen
    yet is budgeted as `options` say (`cardgen.render.pdf.budget.budget`)."""
    options = options or PdfOptions()
    frame = card_frame(options)
    fonts, sides = card_sides(card, frame, options)
    buffer = io.BytesIO()
    offset = bleed_offset(options)
    page = (frame.width + 2 * offset, frame.height + 2 * offset)
    canvas = new_canvas(buffer, card, page, fonts)
    for side in sides:
        if options.bleed:
            draw_trimmed(canvas, side, frame, fonts, options.bleed)
        else:
            draw(canvas, side, fonts)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
