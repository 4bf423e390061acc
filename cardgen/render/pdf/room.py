"""What a Ghost deck needs of its card's width, judged before the game is solved.

Two parts of a deck are as wide as the alphabet, whatever the words, the verdict or the title:
the front's strip of the second seat's replies (a cell per letter, in one row or two) and,
in the whole deck (`pdf.cards: full`), each further seat's glance grid (a column per letter
beside the row labels: a seat's rows are labelled with the letters played before its last
one, two for the fourth seat). If the card is too narrow to set them at their smallest
letters, no layout can hold them; `check_room` says so from the number of players, the
letters and the longest playable word (which decides the last seat that has openings), before
any work, instead of after the solve and the layout of every other side. The rule is the
layout's own (`front.front`, `glance.grid_sides`), on the least each part could need: the
strip at the tallest row pitch, a grid's labels written in the alphabet's narrowest letter.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Collection, Iterable

from cardgen.cards.config import CardConfig
from cardgen.cards.paper import FULL, SIZES, PdfOptions
from cardgen.render.pdf.fonts import Fonts, PdfError, load_fonts, said_for
from cardgen.render.pdf.front import STRIP_LETTER
from cardgen.render.pdf.glance import MIN_LETTER, grid_blame, valid_pitches
from cardgen.render.pdf.grid import CELL_HEIGHTS, GridGeometry, Row, cap, fit_size, label_width
from cardgen.render.pdf.layout import BOLD, Frame
from cardgen.render.pdf.sides import card_frame


def refuse_cramped(config: CardConfig, letters: str, seats: Iterable[int]) -> None:
    """`check_room` for a card config (Ghost only: the variants' decks have neither strip nor
    grids), its error naming the config and key; `seats`: those with openings (before the
    solve, those a playable word is long enough to reach: seat s needs s letters)."""
    if not config.game.decision_tables:
        said_for(config.path, lambda: check_room(config.pdf, config.players, letters, set(seats)))


def check_room(
    options: PdfOptions, players: int, letters: str, seats: Collection[int]
) -> None:
    """PdfError (`pdf.size`) where the card `options` ask for is too narrow for a Ghost
    deck's strip of replies or for a glance grid of the whole deck (`cramped`); `seats`:
    those that have openings (seat s needs a playable word of s letters or more)."""
    fonts = load_fonts(options.font)
    problem = cramped(card_frame(options), fonts, options, players, letters, seats)
    if problem is None:
        return
    others = sorted((name for name in SIZES if name != options.size),
                    key=lambda name: SIZES[name][0] * SIZES[name][1])
    fits = next((name for name in others if cramped(
        card_frame(dataclasses.replace(options, size=name)), fonts, options, players, letters,
        seats) is None), None)
    if fits is not None:
        hint = f"choose pdf.size: {fits}, where it fits"
    else:
        hint = "no card size holds it"
    if options.cards == FULL and problem.startswith("the glance grid"):
        hint += "; or print the pocket deck (leave out pdf.cards, or give a number of cards)"
    raise PdfError("pdf.size", f"{options.size}: {problem} does not fit on a side; {hint}")


def cramped(
    frame: Frame, fonts: Fonts, options: PdfOptions, players: int, letters: str,
    seats: Collection[int],
) -> str | None:
    """What of a Ghost deck no layout on `frame` can hold, as the layout would blame it;
    None where the width allows it."""
    printed = set(options.seats or range(1, players + 1)) & set(seats)
    if 2 in printed:
        per = math.ceil(len(letters) / 2)  # two rows: the widest cells a strip can have
        cell = GridGeometry(0.0, 0.0, 0.0, frame.inner_width / per, CELL_HEIGHTS[0])
        floor = STRIP_LETTER if players == 2 else MIN_LETTER
        if fit_size(cell, letters, fonts) < floor:
            return (f"the strip of the second seat's replies ({len(letters)} letters of "
                    f"{floor:g} pt or more, {per} across in two rows)")
    if options.cards != FULL:
        return None
    narrowest = min(letters, key=lambda x: fonts.measure(cap(x), BOLD))
    for seat in sorted(s for s in printed if s > 2):
        label = label_width([Row(narrowest * (seat - 2), ())], MIN_LETTER, fonts)
        if not valid_pitches(label, letters, frame, fonts):
            return grid_blame(seat, letters)
    return None
