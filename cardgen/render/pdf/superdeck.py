"""The pocket deck of a card of decision tables (SuperGhost, SuperDuperGhost): at most four
sides by default, its entries chosen by what they win at a casual table (docs/rules.md,
"SuperGhost and SuperDuperGhost at a casual table").

The front holds the title, the rules, the verdict, what the card wins, the first seat's entry
and the second seat's printed replies (a play alone, marked by what it is, or the play that
starts its table); then the printed tables: the first seat's rows in dictionary order (those
of its one table that win most, `cardgen.cards.decisionrows`), and each further seat's tables one
opening after another (the holder reads the rows printed under the opening it faced), each
side's heading naming its first and last opening. `booklet_budget` orders every seat's steps
(`cardgen.cards.decisionrows.table_steps`: a row at a time of the first seat's table, else
`cardgen.cards.selection.steps`) by what they win per character and
prints the longest run that fits the deck's sides (`pdf.cards: N`: 2N, default 4), then every later
step that still fits (until `TRIES` in a row do not).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from itertools import repeat

from cardgen.cards.decisionrows import table_steps, with_rows
from cardgen.cards.paper import PdfOptions
from cardgen.cards.selection import GALLOP, Step, longest_run, pick
from cardgen.cards.strategy import NOTHING, Card, Opening, Printed, SeatStrategy
from cardgen.render.pagetables import opening_groups
from cardgen.render.pdf.booklet import (
    START,
    deck_sides,
    front_sides,
    pdf_move,
    rules_sentence,
    seat_sides,
)
from cardgen.render.pdf.content import Section, key_paras, letter_kind
from cardgen.render.pdf.fonts import DoesNotFit, Fonts, load_fonts
from cardgen.render.pdf.front import front_worth
from cardgen.render.pdf.grid import STYLES
from cardgen.render.pdf.keys import LOST, keyed, move_keys
from cardgen.render.pdf.layout import (
    BODY_SIZES,
    BOLD,
    HEADING_LEADING,
    MOVE,
    TITLE_SIZE,
    Entry,
    Frame,
    Para,
    Token,
    markup,
    words,
)
from cardgen.render.pdf.sides import (
    Lay,
    Side,
    card_frame,
    counted_sides,
    fewest_sides,
    section_sides,
)
from cardgen.render.sentences import (
    no_first_win,
    not_listed,
    ordinal,
    seat_heading,
    try_name,
    verdict,
    worth_sentence,
)

Item = tuple[int, Step, int]
"""A step of a budget's order (`booklet_order`): the seat, the step, and the rows of the first
seat's table it prints (0: none, or all)."""
Printing = tuple[int, tuple[Step, ...], int]
"""What a seat of a budgeted deck prints: the seat, its chosen steps, and the rows of the first
seat's table (`cardgen.cards.decisionrows.with_rows`)."""

POCKET_SIDES = 4
"""A deck of decision tables takes at most this many sides unless `pdf.cards` says."""
TRIES = 16
"""After the longest run of steps that fits, the later steps tried one by one stop after this
many in a row that do not fit (each try counts the deck's sides, `sides.counted_sides`, or
knows them too many without a layout)."""


def booklet_budget(card: Card, options: PdfOptions) -> Card:
    """The card with what its pocket deck prints chosen: the longest run of every chosen seat's
    steps, best per character first (ties: the lower seat, then the fragment's order), whose
    deck takes at most `2 * pdf.cards` sides (default `POCKET_SIDES`), then each later step
    that still fits (until `TRIES` in a row do not)."""
    frame = card_frame(options)
    fonts = load_fonts(options.font)
    chosen = options.seats or tuple(range(1, card.players + 1))
    sides = POCKET_SIDES if options.cards is None else 2 * options.cards
    order = booklet_order(card, options)

    # Each seat as some of its steps print it, remembered: a trial after the longest run adds
    # one seat's step, and the others print what they printed.
    printing: dict[Printing, SeatStrategy] = {}
    numbered = {seat.seat: seat for seat in card.seats}

    def seat_with(seat: SeatStrategy, key: Printing) -> SeatStrategy:
        if key not in printing:
            printing[key] = printed_seat(seat, key)
        return printing[key]

    def printings(taken: list[Item]) -> tuple[Printing, ...]:
        return seat_printings(card, taken)

    def with_steps(printed: tuple[Printing, ...]) -> Card:
        return booklet_card(card, options, map(seat_with, card.seats, printed))

    # The sides of each part of the deck, remembered by what it prints (None: it does not
    # fit): a trial that adds a step to one seat lays out the front and that seat's tables,
    # not the others' again.
    parts: dict[object, int | None] = {}

    def part(key: object, lay: Callable[[], list[Side]]) -> int | None:
        if key not in parts:
            try:
                parts[key] = len(lay())
            except DoesNotFit:
                parts[key] = None
        return parts[key]

    # Each seat's tables as it prints them, remembered: the guess sets them, and the trials
    # near its cut set them again.
    sections: dict[Printing, Section | None] = {}

    def tables_of(key: Printing) -> Section | None:
        if key not in sections:  # the card's other seats do not change a seat's tables
            sections[key] = table_section(card, seat_with(numbered[key[0]], key), fonts)
        return sections[key]

    def seat_part(seat: SeatStrategy, key: Printing) -> int | None:
        return part(key, lambda: seat_sides(seat, frame, fonts, lambda _s: tables_of(key),
                                            counted_sides)[0])

    def front_part(printed: tuple[Printing, ...], laid: Card) -> int | None:
        return part(printed, lambda: pocket_front(laid, frame, fonts, chosen, counted_sides))

    least: dict[Printing, int] = {}

    def fewest(seat: SeatStrategy, key: Printing) -> int:
        """No more sides than the seat's part of the deck takes (remembered: the guess asks
        the trials' near its cut)."""
        if key in parts or not seat.openings:
            return parts.get(key) or 0
        if key not in least:
            section = tables_of(key)
            least[key] = 0 if section is None else fewest_sides(section, frame, fonts)
        return least[key]

    def fits(taken: list[Item]) -> bool:
        printed = printings(taken)
        laid = with_steps(printed)
        chosen_seats = [(seat, key) for seat, key in zip(laid.seats, printed, strict=True)
                        if seat.seat in chosen]
        # Where the fewest sides the seats' tables may take (`sides.fewest_sides`) and a side
        # of front leave no room, the trial does not fit, and nothing is laid out (the first
        # table of the second seat that does not fit has a hundred rows).
        at_least = 1 + sum(fewest(seat, key) for seat, key in chosen_seats)
        if at_least + at_least % 2 > sides:
            return False
        counts = [front_part(printed, laid)]
        counts += [seat_part(seat, key) for seat, key in chosen_seats]
        if None in counts:
            return False
        # An odd deck takes one side more, whichever way it is evened (`even_deck`).
        total = sum(c for c in counts if c is not None)
        return total + total % 2 <= sides

    def likely_run(k: int) -> int | None:
        """Where the longest run likely ends (issue 39, item 1): the front's sides as the
        first `k` steps set it, and each chosen seat's tables packed in their densest layout
        (`sides.fewest_sides`), a run's entries measured once; None where that front does not
        fit."""
        printed = printings(order[:k])
        laid = with_steps(printed)
        front = front_part(printed, laid)
        if front is None:
            return None
        fixed = front + sum(  # a further seat without openings: its game over, at every k
            seat_part(seat, key) or 0 for seat, key in zip(laid.seats, printed, strict=True)
            if seat.seat in chosen and not seat.openings and seat.seat > 2)

        def taken_sides(k: int) -> int:
            total = fixed + sum(fewest(numbered[key[0]], key) for key in printings(order[:k])
                                if key[0] in chosen and numbered[key[0]].openings)
            return total + total % 2

        return longest_run(len(order), lambda k: taken_sides(k) <= sides)

    # The longest run that fits (the search starts where it likely ends), then each later
    # step that still fits, in order (one seat's whole table may not fit where the other
    # seats' plays alone do), until `TRIES` in a row do not.
    taken = order[:longest_run(len(order), lambda k: fits(order[:k]),
                               guess=likely_run(min(GALLOP, len(order))))]
    # A trial that prints all that one that did not fit prints does not fit either (more
    # never takes fewer sides, as `longest_run` takes too), and is not laid out: the first
    # seat's rows after the first of them that does not fit.
    missed: list[tuple[Printing, ...]] = []
    misses = 0
    for item in order[len(taken):]:
        if misses == TRIES:
            break
        trial = [*taken, item]
        printed = printings(trial)
        if not any(map(covers, repeat(printed), missed)) and fits(trial):
            taken.append(item)
            misses = 0
        else:
            missed.append(printed)
            misses += 1
    return with_steps(printings(taken))


def booklet_order(card: Card, options: PdfOptions) -> list[Item]:
    """Every chosen seat's steps (`table_steps`), best per character first (ties: the lower
    seat, then the fragment's order), each with the rows it prints of a table printed in part
    (the first seat's)."""
    chosen = options.seats or tuple(range(1, card.players + 1))
    return sorted(
        ((seat.seat, step, rows) for seat in card.seats if seat.seat in chosen
         for step, rows in table_steps(seat, words=options.words != "none")),
        key=lambda item: (-item[1].ratio, item[0], item[1].place, item[1].kind == "words",
                          item[2]),
    )


def seat_printings(card: Card, taken: Iterable[Item]) -> tuple[Printing, ...]:
    """What each seat of the card prints with the steps `taken`."""
    taken = list(taken)
    return tuple(
        (seat.seat, tuple(step for s, step, _ in taken if s == seat.seat),
         max((rows for s, _, rows in taken if s == seat.seat), default=0))
        for seat in card.seats
    )


def printed_seat(seat: SeatStrategy, printing: Printing) -> SeatStrategy:
    """The seat as it prints `printing`."""
    return with_rows(pick(seat, printing[1]), printing[2])


def booklet_card(card: Card, options: PdfOptions, seats: Iterable[SeatStrategy]) -> Card:
    """The card of a budgeted deck with its `seats` as they print."""
    deck = "pocket" if options.cards is None else f"{options.cards} cards"
    return dataclasses.replace(card, deck=deck, seats=tuple(seats))


def covers(printed: tuple[Printing, ...], other: tuple[Printing, ...]) -> bool:
    """Whether a deck that prints `printed` prints all that one that prints `other` does: each
    seat's entries at least as far (its openings' letters and words) and at least as many rows
    of the first seat's table."""
    return all({(s.place, s.kind) for s in mine[1]} >= {(s.place, s.kind) for s in theirs[1]}
               and mine[2] >= theirs[2] for mine, theirs in zip(printed, other, strict=True))


def play_token(opening: Opening, printed: Printed, fonts: Fonts) -> Token:
    """The play the deck prints for an opening (`printed`), marked by what it is
    (`letter_kind`)."""
    move, kind = str(printed.move), letter_kind(opening, printed)
    if kind == "ends":  # every play makes a word: the lost sign, never read as a move
        return Token(fonts.lost)
    return Token(pdf_move(opening.fragment, move, fonts) if opening.fragment else move,
                 STYLES[kind])


def first_line(card: Card, fonts: Fonts) -> tuple[Token, ...]:
    """The first seat's entry on the front."""
    first = card.seats[0].openings[0] if card.seats[0].openings else None
    printed = card.seats[0].printed(first) if first is not None else NOTHING
    if first is None or printed.kind is None:
        line = no_first_win(card) if first is not None and not first.won else ""
        return markup(f"{line} {not_listed()}".strip())
    if printed.kind == "words":
        rows = len(first.decisions)
        return markup(f"open with !{printed.move}! (the boxed play), then look up each "
                      f"fragment you face in your table ({rows} {'row' if rows == 1 else 'rows'}).")
    return (*words("open with"), play_token(first, printed, fonts),
            *words(f"({play_key(card, first, printed)})"),
            *words("then play toward the most common word you know."))


def play_key(card: Card, opening: Opening, printed: Printed) -> str:
    """What the mark of a play printed alone (`printed`) means, said beside it (the front
    keys the first seat's play where the second seat's key is on another side)."""
    kind = letter_kind(opening, printed)
    if kind == "ends":
        return LOST
    if kind == "play":
        return "a forced win"
    if kind == "try":
        return f"the {try_name(card)}"
    return "wins most often at a casual table"


def reply(opening: Opening, printed: Printed, fonts: Fonts) -> Entry:
    """A printed opening of the second seat (`printed`: what the deck prints for it): its
    play, the fragment it makes, and the rows of its table printed further on."""
    tokens = [play_token(opening, printed, fonts), Token(str(printed.move))]
    if printed.kind == "words" and (rows := len(opening.decisions) - 1):
        tokens.append(Token(f"{fonts.dot} {rows} {'row' if rows == 1 else 'rows'}"))
    return Entry(Token(opening.fragment, BOLD), tuple(tokens))


def front_section(
    card: Card, fonts: Fonts, seats: tuple[int, ...], example: bool = True
) -> Section:
    """Title, rules, verdict, what the card wins (without `example`, naming no example word of
    a range of tables), the first seat's entry, the second seat's printed replies."""
    size = BODY_SIZES[0]
    on_front = [s for s in card.seats[:2] if s.seat in seats]
    extra = [
        Para(words(card.title, BOLD), TITLE_SIZE, HEADING_LEADING, keep_end=True),
        Para(words(rules_sentence(card)), size),
        Para(words(f"With perfect play {verdict(card)}"), size),
    ]
    if worth := front_worth(card, on_front, example):  # its Zipf keyed here: the replies and their
        extra += keyed((Para(words(worth), size),), card, fonts)  # key may be on the back
    if 1 in seats and card.seats[0].openings:
        extra.append(Para(words(seat_heading(1) + ":", BOLD) + first_line(card, fonts), size))
    second = card.seats[1] if card.players > 1 else None
    if second is None or 2 not in seats or not second.openings:
        return Section((), card.title, tuple(extra[1:]))
    listed = [(o, printed) for o, printed in second.entries() if printed.kind is not None]
    howto = ("Their letter, then your play and the fragment it makes; N rows: your table under "
             "that letter follows.")
    return Section(
        tuple(extra), seat_heading(2), key_paras(card, listed, howto, fonts=fonts),
        tuple(reply(o, printed, fonts) for o, printed in listed),
        tuple(o.fragment for o, _ in listed),
        keys=move_keys(fonts),
    )


def table_section(card: Card, seat: SeatStrategy, fonts: Fonts) -> Section | None:
    """The tables the seat's deck prints, an opening after another, each row "fragment, boxed
    play, the fragment it makes" in dictionary order; None where it prints none."""
    entries: list[Entry] = []
    labels: list[str] = []
    tables = {group.key: group for group in opening_groups(card, seat)}
    for opening, printed in seat.entries():
        if printed.kind is None or (printed.kind == "move" and seat.seat <= 2):
            continue  # the front prints the first two seats' plays alone
        group = tables.get(opening.fragment)
        if seat.seat > 2 or (seat.seat == 2 and group is not None):
            # The opening and the fragment its play makes (the front boxes the second seat's
            # play: it is printed once), then its rows.
            tokens = [Token(str(printed.move))]
            if seat.seat > 2:
                tokens.insert(0, play_token(opening, printed, fonts))
            if group is not None:
                tokens.append(Token(f"{fonts.dot} then:"))
            entries.append(Entry(Token(opening.fragment, BOLD), tuple(tokens)))
            labels.append(opening.fragment)
        for row in group.rows if group is not None else ():
            label = row.fragment or START
            move = pdf_move(row.fragment, row.play, fonts) if row.fragment else row.play
            entries.append(Entry(Token(label, BOLD), (Token(move, MOVE), Token(row.play))))
            labels.append(opening.fragment if seat.seat > 1 else label)
    if not entries:
        return None
    heading = Para(words(f"The {ordinal(seat.seat)} player's decision tables.", BOLD),
                   BODY_SIZES[0])
    if seat.seat > 2:  # its own side: what it wins, and the key of its marks
        line = worth_sentence(card, seat)
        extra = (heading, *((Para(words(line), BODY_SIZES[-1]),) if line else ()))
        howto = key_paras(card, [(o, p) for o, p in seat.entries() if p.kind], (
            "Find the letters on the table at your first turn and make your play; under it, "
            "each fragment you face later and its boxed play."), fonts=fonts)
        return Section(extra, "Table", keyed(howto, card, fonts, entries, extra),
                       tuple(entries), tuple(labels), keys=move_keys(fonts))
    first = "the fragment on the table" if seat.seat == 1 else (
        "the letter they opened with, then the fragment on the table under it")
    howto_para = Para(markup(f"Find {first}, make the boxed play; elsewhere play toward the "
                             "most common word you know."), BODY_SIZES[0])
    return Section((heading,), "Table", (howto_para,), tuple(entries), tuple(labels),
                   keys=move_keys(fonts))


def pocket_sides(
    card: Card, frame: Frame, fonts: Fonts, options: PdfOptions, even: bool = True,
    lay: Lay = section_sides,
) -> list[Side]:
    """Every side of a budgeted card of decision tables, with its seat mark, before footers;
    without `even`, an odd deck as it is (`sides.even_deck` adds one side); each section set
    on sides by `lay` (`sides.counted_sides` to count them)."""
    seats = options.seats or tuple(range(1, card.players + 1))
    try:
        return deck_sides(card, frame, fonts, seats, front_section(card, fonts, seats),
                          lambda seat: table_section(card, seat, fonts), even, lay)
    except DoesNotFit:  # the line of worth without its example word, where the front needs it
        return deck_sides(card, frame, fonts, seats, front_section(card, fonts, seats, False),
                          lambda seat: table_section(card, seat, fonts), even, lay)


def pocket_front(
    card: Card, frame: Frame, fonts: Fonts, seats: tuple[int, ...], lay: Lay = section_sides
) -> list[Side]:
    """The sides of the front of a budgeted card of decision tables (`booklet.front_sides`),
    as `pocket_sides` sets them: without the example word where the front needs its room."""
    try:
        return front_sides(card, frame, fonts, seats, front_section(card, fonts, seats), lay)
    except DoesNotFit:
        return front_sides(card, frame, fonts, seats, front_section(card, fonts, seats, False),
                           lay)


__all__ = [
    "POCKET_SIDES", "booklet_budget", "booklet_card", "booklet_order", "pocket_front",
    "pocket_sides", "printed_seat", "seat_printings",
]
