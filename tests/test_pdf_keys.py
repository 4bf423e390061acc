"""Every mark a side uses is keyed on that side (issue 25, print review 5.4), and a lost
position has a sign of its own, never a letter that reads as a move (5.2). Every shipped deck
is checked the same way in tests/test_pdf_print.py (`pdfmarks.unkeyed`)."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pdfplumber
import pytest
from conftest import word_card
from pdfmarks import idle_keys, marks, unkeyed

from cardgen.cards.make import make_card
from cardgen.cards.paper import FULL, PdfOptions
from cardgen.cards.strategy import Card, Kind, Opening, Printed
from cardgen.games.advice import Try
from cardgen.render.pdf import render_card
from cardgen.render.pdf.budget import budget
from cardgen.render.pdf.content import Section
from cardgen.render.pdf.fonts import load_fonts
from cardgen.render.pdf.front import strip_cell
from cardgen.render.pdf.grid import Cell, cell, pocket_cell
from cardgen.render.pdf.keys import move_keys
from cardgen.render.pdf.layout import BOLD, MOVE, Entry, Para, Token, words
from cardgen.render.pdf.sides import card_frame, section_sides


def pages(data: bytes) -> list[tuple[str, set[str], list[str], list[str]]]:
    """Each side's text (on one line), the marks it uses, those it leaves unkeyed and those
    it keys without using them."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [(p.extract_text().replace("\n", " "), marks(p), unkeyed(p), idle_keys(p))
                for p in pdf.pages]


def test_a_lost_position_shows_the_lost_sign_not_a_framed_letter() -> None:
    """Three players, words cat cab dogma: the third seat at ca completes a word whatever it
    plays; its grid cell was a framed B (its 'best try', cab), which reads as a move. Now
    it is the lost sign, keyed beside the grid."""
    card = word_card("cat cab dogma", 3)
    lost = next(o for o in card.seats[2].openings if o.fragment == "ca")
    assert lost.best_try == Try("b", 0, 0)
    assert cell(lost).kind == "ends"
    grid = pages(render_card(card))[2]
    assert grid[0] == (
        "You play third \u00b7 rows C\u2013D 3 Row: the letters on the table but the last; "
        "column: the last letter. A play; \u25cf any letter loses; blank: no word begins so "
        "A B C D E F GH I J K L MNO P QR S T U VWX Y Z C \u25cf D G "
        "tiny 021fbbe9 \u00b7 3 players \u00b7 3+ letters card 2/2 \u00b7 front"
    )
    assert grid[1] == {"boxed letter", "lost sign \u25cf", "blank cell"}


def test_a_budgeted_deck_prints_the_lost_sign_for_any_letter_there() -> None:
    """Whatever letter a pocket deck would print where every letter completes a word, its
    cell is the lost sign; a printed forced win stays a move."""
    opening = Opening("ca", (3,), (), (), Try("b", 0, 0))
    for move in ("b", "t"):
        assert pocket_cell(opening, Printed("move", move)).kind == "ends"
    won = Opening("do", (1,), ("g",), ("dogma",))
    assert pocket_cell(won, Printed("words", "g")).kind == "play"


def test_the_second_seat_s_words_key_their_frames_and_the_strip_its_blanks() -> None:
    """The back listed framed tries ('g a 1 of 2 loses') with the frame keyed only on the
    front; the strip's blank cells (no word begins with b) had no key; the corner mark read
    '1\u00b72' (1.2). Now each side keys what it uses, and the mark reads '1&2'."""
    card = word_card("cat camel goat gecko gerbil gar gannet hen", 2)
    for options in (PdfOptions(), PdfOptions(cards=FULL)):
        sides = pages(render_card(card, options))
        assert [side[2] for side in sides] == [[], []]
        front, back = sides
        assert front[1] == {"boxed letter", "framed letter", "blank cell"}
        assert front[0].startswith("Ghost: tiny, 2 players, 1&2 ")
        assert ("You play second: play the letter under theirs: A a forced win; A no forced "
                "win, your best try; blank: no such word.") in front[0]
        assert back[0].startswith("You play second framed: no forced win, the best try 2 ")
        assert back[1] == {"boxed letter", "framed letter"}


@pytest.mark.parametrize(("players", "game"), [
    (2, "superghost"),
    *(pytest.param(players, game, marks=pytest.mark.slow)
      for players, game in [(2, "superduperghost"), (3, "superghost"), (3, "superduperghost")]),
])
def test_every_mark_of_a_superghost_deck_is_keyed_on_its_side(game: str, players: int) -> None:
    """tests/pdfmarks.py skipped the decks of decision tables; on animals they left the front's
    Zipf figure and boxed first play unkeyed (the second seat's key is on the back), a third
    seat's Zipf figure, the full booklet's dash, framed tries and N/M, and marked both sides
    of a spilt front 1&2. Now every side keys what it uses, pocket, one card or whole."""
    card = make_card(Path("tests/data/animals.txt"), players, 3, game=game)
    for options in (PdfOptions(), PdfOptions(cards=1), PdfOptions(cards=FULL)):
        sides = pages(render_card(card, options))
        assert [side[2] for side in sides] == [[]] * len(sides), options
        assert [side[3] for side in sides] == [[]] * len(sides), options
    front, back = pages(render_card(card, PdfOptions(cards=FULL)))[:2]
    assert ("Their letter, then your boxed play and the fragment it makes; then your table. "
            "\u2014 no forced win; the framed play is the trap (N/M: N of its M replies "
            "are mistakes).") in back[0]
    assert back[1] == {"boxed letter", "framed letter", "dash \u2014", "ellipsis \u2026"}
    # Each reply row names its framed play as the key does.
    assert " \u2014 trap " in back[0] and " \u2014 try " not in back[0]


ELLIPSIS_KEY = "b\u2026 (b in front) or \u2026m (m at the back)."
REVERSAL_KEY = "\u21ba reverse the fragment first."


@pytest.mark.parametrize("game", ["superghost", "superduperghost"])
def test_a_written_play_s_marks_are_keyed_on_each_side_that_prints_them_and_only_there(
    game: str,
) -> None:
    """Issue 37: SuperDuperGhost's replies side keyed \u21ba ('with \u21ba first when the
    fragment is reversed') and printed none, while its tables printed \u21ba and \u2026 with
    no key; SuperGhost's tables printed \u2026 unkeyed. Now a side that prints a play's
    ellipsis or reversal keys it, beside its heading where that has room, and no other does."""
    card = make_card(Path("tests/data/animals.txt"), 3, 3, game=game)
    seen: set[str] = set()
    for options in (PdfOptions(), PdfOptions(cards=1), PdfOptions(cards=FULL)):
        for text, used, faults, idle in pages(render_card(card, options)):
            assert (faults, idle) == ([], []), (options, text)
            assert (ELLIPSIS_KEY in text) == ("ellipsis \u2026" in used), text
            assert (REVERSAL_KEY in text) == ("reversal \u21ba" in used), text
            seen |= used
    assert {"ellipsis \u2026", "reversal \u21ba"} & seen == (
        {"ellipsis \u2026", "reversal \u21ba"} if game == "superduperghost"
        else {"ellipsis \u2026"})


def test_a_section_keys_a_mark_only_on_the_sides_whose_entries_print_it() -> None:
    """A section over two sides whose first side alone prints \u21ba: both sides key the
    ellipsis, the first alone the reversal; the layout keeps room for both on each."""
    fonts = load_fonts(None)
    frame = card_frame(PdfOptions())
    entries = [Entry(Token(f"a{n:02}", BOLD), (Token(("\u21ba" if n < 3 else "") + "x\u2026",
                                                     MOVE), Token(f"xa{n:02}")))
               for n in range(80)]
    section = Section((), "Table", (Para(words("Find the fragment."), 7.0),), tuple(entries),
                      tuple(e.label.text for e in entries if e.label), keys=move_keys(fonts))
    sides = section_sides(section, frame, fonts)
    assert len(sides) == 2
    said = [" ".join(t.text for t in side.texts) for side in sides]
    assert [ELLIPSIS_KEY in s for s in said] == [True, True]
    assert [REVERSAL_KEY in s for s in said] == [True, False]
    assert section.key_text([Token("x\u2026", MOVE), Token("xa03")]) == ELLIPSIS_KEY
    assert section.key_text([]) == ""


def pocket_card(first: Kind | None, second: dict[str, Kind | None]) -> Card:
    """The animals-like tiny card as a pocket deck would print it: the first seat's opening
    printed as `first` ("words" or "move"), the second seat's openings as `second` says."""
    card = word_card("cat camel goat gecko gerbil gar gannet hen", 2)
    card = budget(card, PdfOptions(cards=FULL))
    one, two = card.seats
    one = dataclasses.replace(one, choices=tuple(
        Printed(first, printed.move) for printed in one.choices))
    two = dataclasses.replace(two, choices=tuple(
        Printed(second.get(o.fragment, printed.kind),
                printed.move if second.get(o.fragment, "") else None)
        for o, printed in two.entries()))
    return dataclasses.replace(card, deck="pocket", seats=(one, two))


def test_a_strip_cell_left_out_and_one_no_word_begins_with_look_apart() -> None:
    """Issue 37, item 4: a blank strip cell meant 'play toward the most common word you know'
    on one card (twl06-3p under B) and 'no word begins so' on another (Swedish under Q).
    Now a letter the deck leaves out shows the sign *, keyed; blank is a letter no word
    begins with, keyed; the first seat's letter and the strip show their marks drawn, the
    front naming no 'boxed' or 'framed' (item 8)."""
    card = pocket_card("words", {"c": "words", "g": None, "h": "move"})
    assert [strip_cell(*entry) for entry in card.seats[1].entries()][:2] == [
        Cell("play", "a"), Cell("unlisted")]
    front = pages(render_card(card, PdfOptions()))[0]
    assert (front[2], front[3]) == ([], [])
    assert front[1] == {"boxed letter", "blank cell", "unlisted *"}
    assert ("You play second: play the letter under theirs: A a forced win; * not listed: play "
            "toward the most common word you know; blank: no such word.") in front[0]
    # Under C the boxed a, under G the sign, under H the boxed e; the other letters blank.
    assert "A B C D E F G H I J K L M A * E N O P Q R S T U V W X Y Z tiny" in front[0]
    assert "boxed" not in front[0] and "framed" not in front[0]


def test_a_forced_win_printed_without_its_words_says_so() -> None:
    """Issue 37, item 3: 'open with h (a forced win)' beside 'this card wins 90%', and no
    words to follow. Now the front says what the box means there."""
    card = pocket_card("move", {})
    front = pages(render_card(card, PdfOptions()))[0]
    assert ("You play first: open with g (a forced win against perfect players; its words are "
            "not on this card).") in front[0]
    assert (front[2], front[3]) == ([], [])
