"""The front of card 1: the title, the rules, the verdict, the first seat's opening and words,
the second seat's replies to every first letter as a large strip, and (from three players)
which cards hold which seat and grid rows."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from cardgen.cards.strategy import Card, Opening, Printed, SeatStrategy
from cardgen.render.marks import FORCED_ELSEWHERE
from cardgen.render.pdf.content import phrase, shown
from cardgen.render.pdf.fonts import DoesNotFit, Fonts
from cardgen.render.pdf.glance import MIN_LETTER, footer_top
from cardgen.render.pdf.grid import (
    CELL_HEIGHTS,
    STYLES,
    Cell,
    GridGeometry,
    Row,
    cell,
    draw_grid,
    fit_size,
    pocket_cell,
    rows,
)
from cardgen.render.pdf.keys import NO_SUCH, UNLISTED, keyed, lost_tokens
from cardgen.render.pdf.layout import (
    BOLD,
    HEADING_LEADING,
    MOVE,
    PARAGRAPH_GAP,
    SAFE_MARGIN,
    TABLE,
    TRY,
    Box,
    Frame,
    Para,
    Text,
    Token,
    markup,
    words,
)
from cardgen.render.pdf.sides import draw_top
from cardgen.render.sentences import (
    NOT_LISTED,
    accents_note,
    framed_legend,
    no_first_win,
    not_listed,
    opponent_sentence,
    percent_down,
    percent_span,
    ranged,
    rules_sentence,
    seat_heading,
    table_sentence,
    try_sentence,
    verdict,
    worth_sentence,
)

STRIP_LETTER = 6.5
"""The smallest letters of a two-player front's strip of replies, in points."""


def front(
    card: Card, frame: Frame, fonts: Fonts, seats: Sequence[int], index: str,
    first_words: bool = True,
) -> tuple[list[Text], list[Box]]:
    """The front of card 1, at the largest body size whose strip of replies stays large;
    DoesNotFit if even the smallest leaves the text over the footer or the strip's letters
    under `STRIP_LETTER` (two players) or `MIN_LETTER`. Without `first_words`, a budgeted
    deck's first seat is sent to the back of the card for its words."""
    shown: tuple[list[Text], list[Box]] | None = None
    sizes = [s for s in frame.body_sizes if s >= 7.0]
    # The line of worth's example word where the front holds it at some size, else without.
    for example, size in [(True, s) for s in sizes] + [(False, s) for s in sizes]:
        paras = keyed(front_paras(card, size, seats, index, fonts, first_words, example),
                      card, fonts)
        texts, y = draw_top(paras, frame, fonts)
        bottom = footer_top(frame, fonts)
        boxes: list[Box] = []
        second = card.seats[1] if card.players > 1 and 2 in seats else None
        if second is not None and second.openings:
            letters = card.dictionary.letters
            # One strip of every letter, or two of half of them each, whichever sets the
            # letters larger. Two-player fronts keep them at `STRIP_LETTER`; with more
            # players they may be as small as the glance grids' letters.
            room = y - PARAGRAPH_GAP - bottom
            floor = STRIP_LETTER if card.players == 2 else MIN_LETTER
            choices = []
            for halves in (1, 2):
                per = math.ceil(len(letters) / halves)
                pitch = next((p for p in CELL_HEIGHTS if 2 * halves * p <= room), 0.0)
                cell = GridGeometry(0.0, 0.0, 0.0, frame.inner_width / per, pitch)
                if pitch:
                    choices.append((fit_size(cell, letters, fonts), -halves, pitch))
            letter, minus, pitch = max(choices, default=(0.0, -1, 0.0))
            if letter < floor:
                continue  # too small: try a smaller body
            halves = -minus
            per = math.ceil(len(letters) / halves)
            row = rows(second, letters, strip_cell if card.deck not in (None, "full") else None)[0]
            for half in range(halves):
                part = letters[half * per : (half + 1) * per]
                cells = row.cells[half * per : (half + 1) * per]
                geometry = GridGeometry(
                    SAFE_MARGIN, y - PARAGRAPH_GAP - 2 * half * pitch, 0.0,
                    frame.inner_width / per, pitch,
                )
                strip_texts, strip_boxes = draw_grid(
                    [Row("", cells)], part, geometry, fonts, letters
                )
                texts += strip_texts
                boxes += strip_boxes
            shown = (texts, boxes)
            if letter >= size:
                break
        elif y >= bottom:
            shown = (texts, boxes)
            break
    if shown is None:
        raise DoesNotFit(front_blame(card, frame, fonts, seats, index, first_words))
    return shown


def front_blame(
    card: Card, frame: Frame, fonts: Fonts, seats: Sequence[int], index: str,
    first_words: bool = True,
) -> str:
    """What does not fit where the front fits at no size, judged at the smallest: its text
    ('the front's text (the title, the rules, the verdict and the first seat's 400 words)'),
    or the strip of replies that its text leaves no room for ('the strip of replies to the
    26 first letters, under the front's text (...)')."""
    pocket = card.deck not in (None, "full")
    held = ["the title", *(() if pocket else ("the rules",)), "the verdict"]
    first = card.seats[0].openings[0] if card.seats[0].openings else None
    words = first is not None and first.words and (
        card.seats[0].printed(first).kind == "words" and first_words if pocket
        else first.play is not None)
    if 1 in seats and words and first is not None:
        held.append(f"the first seat's {len(first.words)} words")
    elif 1 in seats:
        held.append("the first seat's opening")
    strip = card.players > 1 and 2 in seats and bool(card.seats[1].openings)
    held += ["the second seat's line"] * strip
    held += [f"the index of the {card.players} seats' cards"] * bool(index)
    text = f"the front's text ({', '.join(held[:-1])} and {held[-1]})"
    size = min((s for s in frame.body_sizes if s >= 7.0), default=7.0)  # as `front` tries
    paras = keyed(front_paras(card, size, seats, index, fonts, first_words, example=False),
                  card, fonts)
    if not strip or draw_top(paras, frame, fonts)[1] < footer_top(frame, fonts):
        return text
    floor = STRIP_LETTER if card.players == 2 else MIN_LETTER
    letters = len(card.dictionary.letters)
    return (f"the strip of replies to the {letters} first letters (at {floor:g} pt or more), "
            f"under {text},")


def front_paras(
    card: Card, size: float, seats: Sequence[int], index: str, fonts: Fonts,
    first_words: bool = True, example: bool = True,
) -> list[Para]:
    """The paragraphs of the front at body `size` (a budgeted deck gives its rules sentence
    to the back, `budget.second_section`, to keep the front's room for the entries); without
    `example`, the line of worth names no example word of a range of tables."""
    gap = 0.25 * size
    pocket = card.deck not in (None, "full")
    paras = [
        Para(words(card.title, BOLD), size + 2, HEADING_LEADING, keep_end=True),
        *(() if pocket else (Para(words(rules_sentence(card)), size, space=gap),)),
        Para(words(f"With perfect play {verdict(card)}"), size, space=gap),
    ]
    if note := accents_note(card):  # a reader sees bleme and must know it is blême
        paras.append(Para(words(note), size, space=gap))
    if card.opponent.knows is not None:
        paras.append(Para(words(opponent_sentence(card, brief=True)), size, space=gap))
    first = card.seats[0].openings[0] if card.seats[0].openings else None
    on_front = [s for s in card.seats[:2] if s.seat in seats]
    if pocket and (worth := front_worth(card, on_front, example)):
        paras.append(Para(words(worth), size, space=gap))
    if 1 in seats and pocket and first is not None:
        tokens = first_tokens(card, back=not first_words)
        paras.append(Para(words(seat_heading(1) + ":", BOLD) + tuple(tokens), size, space=gap))
    elif 1 in seats:
        if first is None or first.play is None:
            tokens = words(no_first_win(card))
            best = first.best_try if first is not None else None
            if best is not None:
                tokens += (
                    *words("Best try: open with"), Token(best.move, TRY),
                    Token(";", space=False), *phrase(try_sentence(best, card.players)),
                )
        else:
            listed = [Token(shown(first, word)) for word in first.words]
            tokens = (*markup(f"open with !{first.play}! then keep to"), *listed)
        paras.append(Para(words(seat_heading(1) + ":", BOLD) + tuple(tokens), size, space=gap))
    if card.players > 1 and 2 in seats and card.seats[1].openings and pocket:
        tokens = words(seat_heading(2) + ":", BOLD) + second_tokens(card, fonts)
        paras.append(Para(tokens, size, space=gap))
    elif card.players > 1 and 2 in seats and card.seats[1].openings:
        kinds = {cell(o).kind for o in card.seats[1].openings}
        marks = [(*words("play the letter under theirs:"), Token("A", MOVE),
                  *words("a forced win"))]
        if "try" in kinds:
            marks.append((Token("A", TRY), *words(framed_legend(card).removeprefix("framed: "))))
        elif "lost" in kinds:
            marks.append(words("\u2014 no forced win"))
        if "ends" in kinds:
            marks.append(lost_tokens(fonts))
        if unanswered(card):
            marks.append(words(f"blank: {NO_SUCH}"))
        tokens = words(seat_heading(2) + ":", BOLD) + key_list(marks)
        paras.append(Para(tokens, size, space=gap))
    if index:
        paras.append(Para(words(index), size, space=gap))
    return paras


def first_tokens(card: Card, back: bool = False) -> tuple[Token, ...]:
    """What the front of a budgeted deck tells the first seat: its words and move (with
    `back`, its move and that its words are on the back), or its letter alone with its mark,
    or what to do where it prints nothing."""
    opening = card.seats[0].openings[0]
    printed = card.seats[0].printed(opening)
    kind = pocket_cell(opening, printed).kind
    if printed.kind == "words" and back:
        tokens = markup(f"open with !{printed.move}! then keep to the words on the back.")
    elif printed.kind == "words":
        tokens = (*markup(f"open with !{printed.move}! then keep to"),
                  *(Token(shown(opening, word)) for word in opening.words))
    elif kind:
        what = {"play": f"({FORCED_ELSEWHERE}).", "try": "(no forced win: the trap)."
                if card.traps else "(no forced win: best try).", "table": "(no forced win: it "
                "wins most often at a casual table)."}[kind]
        tokens = (*words("open with"), Token(str(printed.move), STYLES[kind]),
                  *words(what))
    else:
        tokens = words(not_listed())
    return tuple(tokens)


def strip_cell(opening: Opening, printed: Printed) -> Cell:
    """A cell of a budgeted deck's strip: the letter it prints (`pocket_cell`), or the mark
    of a letter it leaves out (`UNLISTED`), never blank: a blank cell is a letter no word
    begins with."""
    found = pocket_cell(opening, printed)
    return found if found.kind else Cell("unlisted")


def second_tokens(card: Card, fonts: Fonts) -> tuple[Token, ...]:
    """What the front of a budgeted deck tells the second seat about its strip: each mark it
    shows, drawn as the strip draws it, and what it means."""
    kinds = {strip_cell(o, printed).kind for o, printed in card.seats[1].entries()}
    marks = [(*words("play the letter under theirs:"), Token("A", MOVE), *words("a forced win"))]
    if "try" in kinds:
        marks.append((Token("A", TRY), *words("the trap" if card.traps else "best try")))
    if "table" in kinds:
        marks.append((Token("A", TABLE), *words("wins most often at a casual table")))
    if "ends" in kinds:
        marks.append(lost_tokens(fonts))
    if "unlisted" in kinds:
        marks.append(words(f"{UNLISTED} {NOT_LISTED}"))
    if unanswered(card):
        marks.append(words(f"blank: {NO_SUCH}"))
    return key_list(marks)


def key_list(parts: Sequence[Sequence[Token]]) -> tuple[Token, ...]:
    """Parts of a key, '; ' between them and '.' at the end."""
    tokens: list[Token] = []
    for n, part in enumerate(parts):
        end = ";" if n < len(parts) - 1 else "."
        tokens += [*part[:-1], dataclasses.replace(part[-1], text=part[-1].text + end)]
    return tuple(tokens)


def unanswered(card: Card) -> bool:
    """Whether the second seat's strip has a blank cell because no word begins with the
    letter above it."""
    return len(card.seats[1].openings) < len(card.dictionary.letters)


def front_worth(card: Card, seats: Sequence[SeatStrategy], example: bool = True) -> str:
    """What card 1 wins for the seats on its front, in one sentence ('' without figures):
    'At a casual table (...) this card wins 100% of your games in seat 1 (51% without it),
    100% in seat 2 (49%).' (without `example`, a range of tables names no example word)."""
    won = [s for s in seats if s.wins is not None]
    if not won or card.casual_table is None:
        return ""
    if len(won) == 1:
        return worth_sentence(card, won[0], example=example)
    def rate(seat: SeatStrategy, name: str) -> str:
        assert seat.wins is not None
        if ranged(card) and seat.wins_by_table:
            return percent_span([getattr(w, name) for w in seat.wins_by_table])
        return percent_down(getattr(seat.wins, name))

    parts = [f"{rate(s, 'card')} of your games in seat {s.seat} ({rate(s, 'none')} without it)"
             if n == 0 else f"{rate(s, 'card')} in seat {s.seat} ({rate(s, 'none')})"
             for n, s in enumerate(won)]
    tables = "casual tables" if ranged(card) else "a casual table"
    table = table_sentence(card, example=example)
    return f"At {tables} ({table}) this card wins {', '.join(parts)}."
