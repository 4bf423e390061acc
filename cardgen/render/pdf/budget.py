"""The pocket deck: every seat on one card, its entries chosen by what they win at a casual
table (docs/rules.md, "Pocket cards").

Card 1 holds the first two seats as the whole deck does: the front the first seat's entry and
the second seat's letters as a strip, the back the second seat's words, as many as fit that
side. Each further seat gets one card of its own, both sides: its entries in dictionary order,
run in (one after another on a line, so no row ends half empty), the first letter on the table
once as the head of its group (a serif bold capital, `layout.HEAD`, repeated where a side
continues a group; no opening split between sides), then for each opening the other letters on
the table and the letter to play (white on black: a forced win; framed: the trap or best try;
dashed: the letter that wins most often at a casual table), words after it where they are
printed. `budget` chooses the entries: the longest run of `cardgen.cards.selection.steps` that
fits each seat's sides (`pdf.cards: N` shares 2N sides among the seats by what they win; `full`
prints every entry as the whole deck does).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Sequence

from cardgen.cards.paper import FULL, PdfOptions
from cardgen.cards.selection import GALLOP, Steps, fitting, full, pick, steps
from cardgen.cards.strategy import Card, Opening, Printed, SeatStrategy
from cardgen.render.pdf.content import Section, entry, key_paras, legend, letter_kind, shown
from cardgen.render.pdf.fonts import DoesNotFit, Fonts, load_fonts
from cardgen.render.pdf.front import first_tokens, front
from cardgen.render.pdf.grid import cell_token, pocket_cell
from cardgen.render.pdf.keys import keyed, zipf_aside
from cardgen.render.pdf.layout import (
    BODY_SIZES,
    BOLD,
    HEAD,
    REGULAR,
    TIGHT_LEADING,
    Entry,
    Frame,
    Para,
    Token,
    run_width,
    words,
)
from cardgen.render.pdf.sides import (
    card_frame,
    line_pitch,
    room_below,
    run_in_layout,
    side_count,
)
from cardgen.render.pdf.units import reach
from cardgen.render.sentences import (
    seat_heading,
    worth_sentence,
)

THIN = "\u200a"
"""A hair space: it keeps a letter's overhang (f) off the box glued after it."""


def overhangs(text: str, fonts: Fonts) -> bool:
    """Whether the ink of `text`'s last letter reaches past its advance (an f does)."""
    return bool(text) and fonts.ink(text[-1], REGULAR)[2] > fonts.measure(text[-1], REGULAR)


def initial(letter: str) -> str:
    """A row's first letter as its inline head: upper case, which stands out of the lower-case
    letters around it, where that is one letter (not ß's SS)."""
    upper = letter.upper()
    return upper if len(upper) == 1 else letter


def worth_para(card: Card, seat: SeatStrategy, example: bool = True) -> tuple[Para, ...]:
    """The seat's line of worth (without `example`, no example word of a range of tables), or
    nothing without figures."""
    line = worth_sentence(card, seat, example=example)
    return (Para(words(line), BODY_SIZES[-1]),) if line else ()


def second_section(
    card: Card, seat: SeatStrategy, fonts: Fonts, first: bool = False
) -> Section:
    """The second seat's side of card 1: its printed words, one entry per opening; with
    `first`, the first seat's words above them (where the front cannot hold them)."""
    chosen = [(o, printed) for o, printed in seat.entries() if printed.kind == "words"]
    listed = [o for o, _ in chosen]
    howto = (
        "Find their *bold* letter, play the boxed one, keep to its words; other letters: on "
        "the front's strip." if listed else "Your letters are on the front's strip."
    )
    # The front says what the card wins for both its seats (`sentences.front_worth`).
    top = (
        *legend(card, SeatStrategy(seat.seat, tuple(listed)), tries=False),
        # Never silent: every opening of the second seat has its letter on the front's strip.
        *key_paras(card, chosen, howto, silent=False, fonts=fonts),
    )
    opening = card.seats[0].openings[0] if first else None
    extra = () if opening is None else (
        Para(words(seat_heading(1) + ":", BOLD) + first_tokens(card), BODY_SIZES[-1]),
    )
    entries = tuple(entry(o, fonts, card.players) for o in listed)
    return Section(extra, seat_heading(seat.seat), keyed(top, card, fonts, entries, extra), entries,
                   tuple(o.fragment for o in listed))


def row_section(card: Card, seat: SeatStrategy, fonts: Fonts, frame: Frame) -> Section:
    """A further seat's card: its printed openings run in, in dictionary order, each first letter on
    the table once, as a head (`layout.HEAD`); then for each opening the rest of the letters on
    the table and the letter to play, and its words where they are printed. Run in, 2 sides hold
    half as many entries again as rows per first letter did (twl06-4p seat 4: 291, not 194).
    Above them, what the card's front says too, as briefly as it says it where a line of the
    heading area costs a line of entries (issue 37: every seat kept 95% of its room): the
    table the card is for and its mark in brief, and the line of worth without its example
    word where that word takes a line of `frame`'s first side (the Zipf scale's key beside
    the heading says what a figure means)."""
    chosen = [(o, printed) for o, printed in seat.entries() if printed.kind is not None]
    rows: dict[str, list[tuple[Opening, Printed]]] = {}
    for opening, printed in chosen:
        rows.setdefault(opening.fragment[:1], []).append((opening, printed))
    entries = []
    for label, openings in rows.items():
        tokens: list[Token] = []
        items = []
        for opening, printed in openings:
            items.append(len(tokens))
            rest = opening.fragment[1:]
            tokens += [Token(rest + THIN if overhangs(rest, fonts) else rest),
                       cell_token(pocket_cell(opening, printed), fonts, space=False)]
            if printed.kind == "words":
                tokens += [Token(shown(opening, word)) for word in opening.words]
        entries.append(Entry(Token(initial(label), HEAD), tuple(tokens), tuple(items)))
    howto = "*Capital:* the first letter on the table; then the others, and your letter:"
    # The line of worth goes on the card's first side; each side keys its own marks.
    top = (*legend(card, SeatStrategy(seat.seat, tuple(o for o, _ in chosen)), tries=False,
                   brief=True),
           *key_paras(card, chosen, howto, fonts=fonts))
    lead = worth_para(card, seat)
    # The Zipf scale's key beside the heading (a line under it would cost entries): on every
    # side where the key names a Zipf figure, else on the first, with the line of worth.
    aside = zipf_aside(top) or zipf_aside(lead)
    section = Section((), seat_heading(seat.seat), keyed(top, card, fonts, entries, said=aside),
                      tuple(entries), tuple(rows), lead=lead, run_in=True, aside=aside,
                      aside_first=not zipf_aside(top))
    brief = dataclasses.replace(section, lead=worth_para(card, seat, example=False))
    room = room_below(section.top(first=True), frame, fonts)
    # A line of the heading area is 8 pt: a point more room is a line.
    return brief if room_below(brief.top(first=True), frame, fonts) > room + 1.0 else section


MORE = 1.5
"""How many times the room its sides hold the section a run-in seat's steps are measured in
takes (`RunIn`): more than fits, so its layout says what the sides hold; not much more, so its
text is set much as the cut's is (its words as many per line). On the shipped decks the guess
is 6 steps off the cut at most (11 with 1.1 or 2)."""


class RunIn:
    """Where the cut of a run-in seat's steps likely is (issue 39, item 1): each step's width
    measured once, in one section of more steps than the sides hold, and that section laid
    out once at the card's smallest size and tightest leading (the layout a trial tries
    first): the steps whose widths add up to what its sides hold. The search for the cut
    starts there, and asks the layout only near it."""

    def __init__(self, frame: Frame, fonts: Fonts) -> None:
        self.frame, self.fonts = frame, fonts

    def lines(self, section: Section) -> tuple[int, int, float]:
        """The lines the first and a later side of `section` hold at the smallest size and
        tightest leading, and that size."""
        size = min(self.frame.body_sizes)
        pitch = line_pitch(size, TIGHT_LEADING, self.fonts, reach(section, self.fonts))
        first, later = (int(room_below(section.top(first=n == 0), self.frame, self.fonts)
                            // pitch) for n in (0, 1))
        return first, later, size

    def items(self, seat: SeatStrategy, section: Section) -> dict[int, tuple[int, Sequence[Token]]]:
        """Each printed opening's place, with its entry's index and its tokens in `section`
        (the run-in section of `seat`)."""
        found: dict[int, tuple[int, Sequence[Token]]] = {}
        places = iter(k for k, (_, printed) in enumerate(seat.entries()) if printed.kind)
        for e, row in enumerate(section.entries):
            for a, b in itertools.pairwise((*row.items, len(row.tokens))):
                found[next(places)] = (e, row.tokens[a:b])
        return found

    def width(self, tokens: Sequence[Token]) -> float:
        """The width at 1 pt of `tokens` mid-line, with the room before each."""
        return run_width(tokens, self.fonts.measure)

    def added(self, section: Section, items: dict[int, tuple[int, Sequence[Token]]],
              parts: Iterable[tuple[int, slice]]) -> list[float]:
        """The width at 1 pt each part (an opening's place, and which of its tokens) adds to
        the run-in text of `section`: the tokens, and its group's head with the group's first
        part; 0 for an opening `items` does not print."""
        heads: set[int] = set()
        found = []
        for place, part in parts:
            e, tokens = items.get(place, (-1, ()))
            width = self.width(tokens[part])
            head = section.entries[e].label if e >= 0 else None
            if e not in heads and head is not None:
                heads.add(e)
                width += self.width((head,))
            found.append(width)
        return found

    def guess(self, seat: SeatStrategy, order: Steps, sides: int,
              section: Callable[[SeatStrategy], Section]) -> int:
        """The number of steps of `order` whose section likely fills `sides` sides."""
        import numpy as np

        if not len(order):
            return 0
        # A section of a few steps says about how wide a character is, and so how many
        # steps make a section of `MORE` times the room the sides hold.
        few = pick(seat, order[:GALLOP])
        small = section(few)
        first, later, size = self.lines(small)
        if min(first, later) <= 0:  # no line below the heading: the trials say so
            return 0
        room = (first + (sides - 1) * later) * self.frame.inner_width / size
        chars = np.cumsum(order.room)
        measured = sum(self.width(tokens) for _e, tokens in self.items(few, small).values())
        per_char = measured / max(int(chars[min(GALLOP, len(order)) - 1]), 1)
        count = min(int(np.searchsorted(chars, MORE * room / max(per_char, 1e-9))) + 1,
                    len(order))
        more = pick(seat, order[:count])
        big = section(more)
        items = self.items(more, big)
        # What its sides hold of it: the openings (in order) whose tokens they set.
        first, later, size = self.lines(big)
        if min(first, later) <= 0:
            return 0
        run = run_in_layout(big, self.frame.inner_width, size, self.fonts,
                            (first, later, later), None, sides)
        if run is None or len(run) <= sides:
            return count
        tokens = sum(not t.style.head for side in run[:sides] for unit in side
                     for line in unit.lines for _x, t in line)
        ends = itertools.accumulate(len(item) for _e, item in items.values())
        held = [place for place, end in zip(items, ends, strict=True) if end <= tokens]
        filled = sum(self.added(big, items, ((place, slice(None)) for place in held)))
        # Each step's width: its opening's letter and cell, then its words (all of it where
        # it goes straight to its words).
        letters: set[int] = set()
        parts = []
        for place, words_step in zip(order.place[:count].tolist(),
                                     order.words[:count].tolist(), strict=True):
            parts.append((place, slice(2 if place in letters else 0, None) if words_step
                          else slice(0, 2)))
            letters.add(place)
        added = np.cumsum(self.added(big, items, parts))
        return int(np.searchsorted(added, filled, side="right"))


def fitted(
    seat: SeatStrategy,
    sides: int,
    section: Callable[[SeatStrategy], Section],
    frame: Frame,
    fonts: Fonts,
    order: Steps,
    guess: int | None = None,
) -> SeatStrategy:
    """The seat printing the steps of `order` whose section takes at most `sides` sides, in
    order while they fit (`cardgen.cards.selection.fitting`; more steps never take fewer
    sides); the search starts at `guess` where one is given."""

    def fits(chosen: Steps) -> bool:
        try:
            return side_count(section(pick(seat, chosen)), frame, fonts, sides) <= sides
        except DoesNotFit:
            return False

    if sides <= 0:
        return pick(seat, ())
    return pick(seat, fitting(order, fits, guess))


def budget(card: Card, options: PdfOptions) -> Card:
    """The card with what its deck prints chosen (`SeatStrategy.printed`, `SeatStrategy.wins`):
    every entry with `pdf.cards: full`, or for a card without figures (a variant); else the
    entries that win most at a casual table within the room `pdf.cards` gives (default: one
    card per seat). A card already chosen comes back as it is."""
    if card.deck is not None:
        return card
    figures = all(o.odds is not None for seat in card.seats for o in seat.openings)
    if options.cards == FULL or not figures:
        return dataclasses.replace(card, deck="full", seats=tuple(map(full, card.seats)))
    if card.decision_tables:  # SuperGhost, SuperDuperGhost: the deck's sides shared by all
        from cardgen.render.pdf.superdeck import booklet_budget

        return booklet_budget(card, options)
    frame = card_frame(options)
    fonts = load_fonts(options.font)
    chosen = options.seats or tuple(range(1, card.players + 1))
    words_too = options.words != "none"

    forced = card.opponent.perfect
    run_in = RunIn(frame, fonts)

    def order(seat: SeatStrategy) -> Steps:
        return steps(seat, strip=seat.seat == 2, words=words_too or seat.seat < 3,
                     forced=forced)

    def run(seat: SeatStrategy, sides: int) -> SeatStrategy:
        if seat.seat not in chosen:
            return pick(seat, ())
        if seat.seat == 1:  # the front: chosen last, with the second seat's strip
            return pick(seat, order(seat))
        if seat.seat == 2:
            back = fitted(seat, 1, lambda s: second_section(card, s, fonts), frame, fonts,
                          order(seat))
            return back
        rows = order(seat)

        def section(s: SeatStrategy) -> Section:
            return row_section(card, s, fonts, frame)

        guess = run_in.guess(seat, rows, sides, section) if sides > 0 else None
        return fitted(seat, sides, section, frame, fonts, rows, guess)

    further = [s for s in card.seats if s.seat > 2 and s.seat in chosen]
    room = {s.seat: 2 for s in further}
    if options.cards is not None:
        room = share(further, 2 * options.cards - 2, run)
    seats = [run(seat, room.get(seat.seat, 0)) for seat in card.seats]
    deck = "pocket" if options.cards is None else f"{options.cards} cards"
    card = dataclasses.replace(card, deck=deck, seats=tuple(seats))
    if 1 not in chosen:
        return card
    # The first seat's entry is on the front, with the second seat's strip: the best one that
    # leaves the front room enough; words that do not fit there go on the back, first.
    first = card.seats[0]
    order_first = order(first)
    for k in range(len(order_first), -1, -1):
        seats[0] = pick(first, order_first[:k])
        candidate = dataclasses.replace(card, seats=tuple(seats))
        back = first_on_back(candidate, frame, fonts, chosen)
        if back and k == len(order_first) and 2 in chosen:
            candidate = words_on_back(candidate, frame, fonts, order(card.seats[1]))
        elif back:
            continue
        try:
            front(candidate, frame, fonts, chosen, "", first_words=not back)
        except DoesNotFit:
            continue
        return candidate
    return candidate  # not even nothing fits: the deck's own error says what does not


def words_on_back(card: Card, frame: Frame, fonts: Fonts, order: Steps) -> Card:
    """The card with the second seat's words chosen again to fit the back of card 1 below the
    first seat's words."""
    def back(seat: SeatStrategy) -> Section:
        both = dataclasses.replace(card, seats=(card.seats[0], seat, *card.seats[2:]))
        return second_section(both, seat, fonts, first=True)

    second = fitted(card.seats[1], 1, back, frame, fonts, order)
    return dataclasses.replace(card, seats=(card.seats[0], second, *card.seats[2:]))


def first_on_back(card: Card, frame: Frame, fonts: Fonts, seats: Sequence[int]) -> bool:
    """Whether a budgeted deck prints the first seat's words on the back of card 1: it prints
    them, and the front cannot hold them."""
    first = card.seats[0]
    if card.deck in (None, "full") or not first.openings or (
            first.printed(first.openings[0]).kind != "words" or 1 not in seats or 2 not in seats):
        return False
    try:
        front(card, frame, fonts, seats, "")
    except DoesNotFit:
        return True
    return False


def share(
    seats: Sequence[SeatStrategy], sides: int, run: Callable[[SeatStrategy, int], SeatStrategy]
) -> dict[int, int]:
    """`sides` shared among the further seats a side at a time, each to the seat whose win
    rate it raises most (the first such seat on ties), until no side raises any."""
    room = {seat.seat: 0 for seat in seats}
    rates: dict[tuple[int, int], float] = {}

    def rate(seat: SeatStrategy, n: int) -> float:
        if (seat.seat, n) not in rates:
            rates[seat.seat, n] = run(seat, n).mean_card  # the mean over the tables
        return rates[seat.seat, n]

    for _ in range(max(sides, 0)):
        gains = [(rate(s, room[s.seat] + 1) - rate(s, room[s.seat]), -s.seat) for s in seats]
        if not gains or max(gains)[0] <= 0:
            break
        room[-max(gains)[1]] += 1
    return room


__all__ = [
    "budget", "first_on_back", "key_paras", "letter_kind", "row_section", "second_section",
]
