"""The marks of a letter a pocket deck prints alone (issue 25): what it is (a forced win, the
trap, the casual table's letter, or lost where every letter completes a word), the mark after
it in the Markdown and the words of the key, shared with the PDF's (`cardgen.render.pdf.keys`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from cardgen.cards.strategy import Card, Opening, Printed
from cardgen.render.sentences import try_name

LetterKind = Literal["win", "trap", "casual", "lost"]
"""What a letter printed alone is: a forced win, the trap (or best try), neither, or lost
(every letter completes a word)."""

LOST_SIGN = "\u25cf"
"""The sign of a lost position, where every letter completes a word: printed instead of the
letter, never read as a move (the PDF's `Fonts.lost`)."""
LOST = "any letter loses"
"""What the lost sign means (said briefly: a grid's key has room for no more)."""

LETTER_MARKS: dict[LetterKind, str] = {
    "win": "!", "trap": "?", "casual": "\u00b0", "lost": LOST_SIGN,
}
"""The mark after a letter printed alone, by what it is (plain characters: they print in
black and white); a lost position's sign stands alone (`printed_letter`)."""


def letter_kind(opening: Opening, printed: Printed) -> LetterKind | None:
    """What the letter an opening's entry (`printed`, `SeatStrategy.printed`) prints alone is
    (None where it prints no letter alone): a forced win (one of `moves`), lost where every
    letter completes a word (the best try has no reply: the PDF's lost sign,
    `cardgen.render.pdf.grid.pocket_cell`), the trap (the best try's letter), or neither (the
    letter that wins most often at a casual table)."""
    move = printed.move
    if printed.kind != "move" or move is None:
        return None
    if move in opening.moves:
        return "win"
    if opening.best_try is not None and not opening.best_try.replies:  # whatever letter
        return "lost"
    if opening.best_try is not None and move == opening.best_try.move:
        return "trap"
    return "casual"


def letter_mark(opening: Opening, printed: Printed) -> str:
    """The mark after the letter an opening prints alone ('' where it prints none)."""
    kind = letter_kind(opening, printed)
    return "" if kind is None else LETTER_MARKS[kind]


def printed_letter(opening: Opening, printed: Printed) -> str:
    """The letter an opening's entry (`printed`) prints, bold, with its mark where it is alone
    ('**q**!'); the lost sign alone where every letter completes a word ('' where it prints
    none)."""
    kind = letter_kind(opening, printed)
    if kind == "lost":
        return LOST_SIGN
    if printed.move is None:
        return ""
    return f"**{printed.move}**{LETTER_MARKS[kind] if kind else ''}"


def _meanings(card: Card) -> dict[LetterKind, str]:
    return {
        "win": "a forced win",
        "trap": f"the {try_name(card)}",
        "casual": "wins most often at a casual table",
        "lost": LOST,
    }


FORCED_ELSEWHERE = "a forced win against perfect players; its words are not on this card"
"""What a forced-win letter means where the card prints it without its words: the card
cannot carry the win out (issue 37, item 3)."""


def opening_meaning(card: Card, opening: Opening, printed: Printed) -> str:
    """What the first seat's letter printed alone means: as `letter_meaning`, but a forced
    win says that its words are not on the card ('' where it prints none)."""
    if letter_kind(opening, printed) == "win":
        return FORCED_ELSEWHERE
    return letter_meaning(card, opening, printed)


def letter_meaning(card: Card, opening: Opening, printed: Printed) -> str:
    """What the letter an opening's entry (`printed`) prints alone is, in words: 'a forced
    win', 'the trap' (or 'the best try'), 'wins most often at a casual table'; '' where it
    prints none."""
    kind = letter_kind(opening, printed)
    return "" if kind is None else _meanings(card)[kind]


def letter_legend(card: Card, kinds: Iterable[LetterKind] = ("win", "trap", "casual")) -> str:
    """What the marks after a letter alone mean, those of `kinds` in this order: '! a
    forced win; ? the trap; \u00b0 wins most often at a casual table'."""
    wanted = set(kinds)
    return "; ".join(
        f"{LETTER_MARKS[kind]} {meaning}"
        for kind, meaning in _meanings(card).items() if kind in wanted
    )


FILTERS = (letter_mark, letter_meaning, letter_legend, opening_meaning, printed_letter)
"""The marks the Jinja2 templates get as filters of the same name."""

__all__ = [
    "FILTERS", "FORCED_ELSEWHERE", "LETTER_MARKS", "LOST", "LOST_SIGN", "LetterKind",
    "letter_kind", "letter_legend", "letter_mark", "letter_meaning", "opening_meaning",
    "printed_letter",
]
