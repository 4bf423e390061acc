"""The PDF deck of a card of decision tables (SuperGhost, SuperDuperGhost).

The front holds the title, the rules, the verdict and the first seat's opening, then the second
seat's reply to every opening (its play boxed, the fragment it makes, and how many rows of its
table follow from there), on as few sides as they take. Then each seat's decision table, as a
booklet ordered for lookup: rows grouped by the fragment's first two letters, in the order of
`cardgen.render.pagetables`, each row "fragment, boxed play, the fragment it makes"; every side's
heading names its first and last fragment, the booklet's index. Sides come without footers
and marks: `cardgen.render.pdf.deck` adds them as for every deck.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from cardgen.cards.paper import PdfOptions
from cardgen.cards.strategy import Card, Opening, SeatStrategy
from cardgen.games.game import written_move
from cardgen.render.pagetables import decision_count, groups
from cardgen.render.pdf.content import Section, game_over
from cardgen.render.pdf.fonts import DoesNotFit, Fonts
from cardgen.render.pdf.keys import in_font, move_keys
from cardgen.render.pdf.layout import (
    BODY_SIZES,
    BOLD,
    GREY,
    GREY_BOLD,
    HEADING_LEADING,
    MOVE,
    TITLE_SIZE,
    TRY,
    Entry,
    Frame,
    Para,
    Token,
    markup,
    words,
)
from cardgen.render.pdf.sides import (
    Lay,
    Run,
    Side,
    even_deck,
    marked,
    room_below,
    seat_run,
    seats_mark,
    section_sides,
)
from cardgen.render.sentences import (
    no_first_win,
    ordinal,
    seat_heading,
    try_name,
    try_outcome,
    verdict,
)

START = "start"
"""The label of the empty fragment."""


def pdf_move(fragment: str, play: str, fonts: Fonts) -> str:
    """A play as the card writes it (`b…`, `…m`, `↺b…`), in glyphs the font has."""
    return in_font(written_move(fragment, play), fonts)


def rules_sentence(card: Card) -> str:
    """The variant's rules in two sentences."""
    return (
        f"{card.game_title}: {card.players} players in turn {card.game_rules}; the fragment "
        f"must stay inside a word of {card.dictionary.name}. Whoever makes a word of "
        f"{card.min_length}+ letters loses."
    )


def reply(opening: Opening, fonts: Fonts, card: Card) -> Entry:
    """An opening of the second seat: its boxed play, the fragment it makes, its table's
    rows; or a dash and the best try ('trap' where the card's tries are traps)."""
    if opening.play is None:
        tokens = [Token(fonts.dash, GREY)]
        best = opening.best_try
        if best is not None:
            name = "trap" if card.traps else "try"
            tokens += [Token(name), Token(pdf_move(opening.fragment, best.move, fonts), TRY)]
            if best.replies:
                tokens.append(Token(f"{best.mistakes}/{best.replies}"))
        return Entry(Token(opening.fragment, GREY_BOLD), tuple(tokens))
    rows = len(opening.decisions)
    return Entry(
        Token(opening.fragment, BOLD),
        (
            Token(pdf_move(opening.fragment, opening.play, fonts), MOVE),
            Token(opening.play),
            Token(f"{fonts.dot} {rows} {'row' if rows == 1 else 'rows'}"),
        ),
    )


def front_section(card: Card, fonts: Fonts, seats: tuple[int, ...]) -> Section:
    """Title, rules, verdict, the first seat's opening, the second seat's replies."""
    size = BODY_SIZES[0]
    extra = [
        Para(words(card.title, BOLD), TITLE_SIZE, HEADING_LEADING, keep_end=True),
        Para(words(rules_sentence(card)), size),
        Para(words(f"With perfect play {verdict(card)}"), size),
    ]
    first = card.seats[0].openings[0] if card.seats[0].openings else None
    if 1 in seats and first is not None:
        if first.play is None:
            line = no_first_win(card)
            if first.best_try is not None:
                outcome = try_outcome(first.best_try, card.players).replace("letter", "play")
                line += f" Best try: open with *{first.best_try.move}* ({outcome})."
        else:
            line = (
                f"open with !{first.play}! (a forced win), then look up each fragment you face "
                "in your table "
                f"({decision_count(card.seats[0])} rows, ending in {len(first.words)} "
                f"{'word' if len(first.words) == 1 else 'words'})."
            )
        extra.append(Para(words(seat_heading(1) + ":", BOLD) + markup(line), size))
    second = card.seats[1] if card.players > 1 else None
    if second is None or 2 not in seats or not second.openings:
        return Section((), card.title, tuple(extra[1:]))
    key = "Their letter, then your boxed play and the fragment it makes; then your table."
    tries = [o.best_try for o in second.openings if o.play is None]
    if tries:  # the marks of the replies without a forced win
        key += f" {fonts.dash} no forced win"
        key += f"; the framed play is the {try_name(card)}" if any(tries) else ""
        key += " (N/M: N of its M replies are mistakes)" if any(
            t is not None and t.replies for t in tries) else ""
        key += "."
    howto = Para(markup(key), size)
    return Section(
        tuple(extra),
        seat_heading(2),
        (howto,),
        tuple(reply(opening, fonts, card) for opening in second.openings),
        tuple(opening.fragment for opening in second.openings),
        keys=move_keys(fonts),
    )


def table_section(card: Card, seat: SeatStrategy, fonts: Fonts) -> Section:
    """A seat's decision table, grouped for lookup; the second seat's leaves out its replies
    to the first letters, which the front lists (`listed`)."""
    entries: list[Entry] = []
    labels: list[str] = []
    for group in groups(card, seat, openings=not listed(card, seat)):
        for row in group.rows:
            label = row.fragment or START
            move = pdf_move(row.fragment, row.play, fonts) if row.fragment else row.play
            entries.append(Entry(Token(label, BOLD), (Token(move, MOVE), Token(row.play))))
            labels.append(label)
    howto = Para(markup("Find the fragment on the table (by its first two letters), make the "
                        "boxed play."), BODY_SIZES[0])
    # A short heading: each side's adds its first and last fragment, the booklet's index; the
    # corner mark says whose table it is, and the first side says it in full.
    first = Para(words(f"The {ordinal(seat.seat)} player's decision table.", BOLD), BODY_SIZES[0])
    return Section((first,), "Table", (howto,), tuple(entries), tuple(labels),
                   keys=move_keys(fonts))


def listed(card: Card, seat: SeatStrategy) -> bool:
    """Whether the front lists the seat's openings and plays (the second seat's replies)."""
    return seat.seat == 2 and card.players > 1 and bool(seat.openings)


def rules_side(card: Card) -> Section:
    """The variant's rules: after the last table of an odd deck, or on a side of their own
    (`sides.even_deck`)."""
    text = (
        f"Players take turns to {card.game_rules}. The fragment must always stay inside a word "
        f"of the list (a run of its letters). Whoever makes a word of {card.min_length} or more "
        "letters loses; shorter words do not count, and a word inside a longer one still ends "
        "the game."
    )
    return Section((), f"{card.game_title}: the rules", (Para(words(text), BODY_SIZES[0]),))


def booklet_sides(
    card: Card, frame: Frame, fonts: Fonts, options: PdfOptions
) -> list[Side]:
    """Every side of a card of decision tables, with its seat mark, before footers."""
    seats = options.seats or tuple(range(1, card.players + 1))

    def tables(seat: SeatStrategy) -> Section | None:
        if options.words != "none" and groups(card, seat, openings=not listed(card, seat)):
            return table_section(card, seat, fonts)
        return None

    return deck_sides(card, frame, fonts, seats, front_section(card, fonts, seats), tables)


def front_marks(
    sides: list[Side], mark: str, seats: Sequence[int], heading: str
) -> list[Side]:
    """The front's sides, each marked with the seats it holds where it holds the first two
    seats' entries (`mark` "1&2"): the first seat's on the first side, the second seat's on
    every side its `heading` is set on (a spilt front holds one seat a side)."""
    if mark != seats_mark([1, 2]) or heading != seat_heading(2):
        return marked(sides, mark)
    found = []
    for n, side in enumerate(sides):
        on = [1] if n == 0 and 1 in seats else []
        on += [2] if any(t.text.startswith(heading) for t in side.texts) else []
        found += marked([side], seats_mark(on or [1, 2]))
    return found


def deck_sides(
    card: Card, frame: Frame, fonts: Fonts, seats: Sequence[int], front: Section,
    tables: Callable[[SeatStrategy], Section | None], even: bool = True,
    lay: Lay = section_sides,
) -> list[Side]:
    """A deck of decision tables: the `front` (`front_sides`), then each chosen seat's `tables`
    (`seat_sides`), evened (`even_deck`) unless `even` is off; each section set on sides by
    `lay` (`sides.counted_sides` to count them)."""
    sides = front_sides(card, frame, fonts, seats, front, lay)
    last: Run | None = None
    for seat in card.seats:
        if seat.seat in seats:
            more, last = seat_sides(seat, frame, fonts, tables, lay)
            sides += more
    return even_deck(sides, last, rules_side(card), frame, fonts) if even else sides


def front_sides(
    card: Card, frame: Frame, fonts: Fonts, seats: Sequence[int], front: Section,
    lay: Lay = section_sides,
) -> list[Side]:
    """The sides of a deck's `front`, marked, set by `lay`: its replies on a side of their own
    where they do not fit beside its text."""
    front_mark = seats_mark([s for s in seats if s <= min(2, card.players)] or [1])
    try:
        if room_below(front.top(first=True), frame, fonts) < 0:
            raise DoesNotFit("the front")
        sides = lay(front, frame, fonts)
    except DoesNotFit:  # a small card: the replies start on a side of their own
        alone = Section((), card.title, front.extra[1:])
        if room_below(alone.top(first=True), frame, fonts) < 0:
            raise DoesNotFit("the front's text") from None
        sides = lay(alone, frame, fonts)
        sides += lay(dataclasses.replace(front, extra=()), frame, fonts)
    return front_marks(sides, front_mark, seats, front.heading)


def seat_sides(
    seat: SeatStrategy, frame: Frame, fonts: Fonts,
    tables: Callable[[SeatStrategy], Section | None], lay: Lay = section_sides,
) -> tuple[list[Side], Run | None]:
    """A chosen seat's sides in a deck of decision tables, set by `lay`: its `tables`, or the
    game over of a further seat without openings; and the run of its tables, which may end
    the deck (`even_deck`), where it has one."""
    if not seat.openings and seat.seat > 2:
        return list(seat_run(game_over(seat.seat), seat.seat, frame, fonts, lay).sides), None
    section = tables(seat)
    if section is None:
        return [], None
    run = seat_run(section, seat.seat, frame, fonts, lay)
    return list(run.sides), run
