from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from conftest import word_card

from cardgen.cards.make import make_card
from cardgen.cards.paper import PdfOptions
from cardgen.cards.strategy import NOTHING, Card, Opening, Printed, default_title
from cardgen.codec import decode, encode
from cardgen.games.advice import Try
from cardgen.render import ordinal, seat_list, verdict
from cardgen.render.pdf.budget import budget


def card(words: str, players: int, min_length: int = 3) -> Card:
    return word_card(words, players, min_length, name="animals")


def test_openings_of_each_seat() -> None:
    two = card("cat camel goat gecko gerbil gar gannet", 2)
    assert two.title == "Ghost: animals, 2 players, words of 3+ letters"
    assert two.losers == (2,) and two.winners == (1,)
    assert two.winning_first_moves == ("g",)
    first, second = two.seats
    assert first.openings == (
        Opening(fragment="", losers=(2,), moves=("g",), words=("gannet", "gerbil", "goat")),
    )
    assert first.openings[0].play == "g"
    assert [o.fragment for o in second.openings] == ["c", "g"]
    assert second.openings[0] == Opening("c", (1,), ("a",), ("camel", "cat"))
    # Against g: "ga" leaves the first seat two replies, and "gar" (a word) is its mistake.
    assert second.openings[1] == Opening("g", (2,), (), (), best_try=Try("a", 1, 2))
    assert second.openings[1].play is None and not second.openings[1].won
    assert (second.won, second.card_words) == (1, 2)


def test_a_fragment_that_is_already_a_word_is_no_opening() -> None:
    # With three players seat 3 first moves at a 2-letter fragment: "ab" has ended the game.
    three = card("ab cde cdf", 3, min_length=2)
    assert [o.fragment for o in three.seats[2].openings] == ["cd"]
    assert three.seats[2].openings[0].losers == (3,)


def test_titles_and_phrases() -> None:
    assert default_title("twl06", 3, 4) == "Ghost: twl06, 3 players, words of 4+ letters"
    assert [ordinal(s) for s in (1, 2, 10, 11)] == ["first", "second", "tenth", "11th"]
    assert seat_list([]) == "no player"
    assert seat_list([3]) == "the third player"
    assert seat_list([1, 2, 4]) == "the first, second and fourth players"


def test_verdicts() -> None:
    assert verdict(card("cat camel goat gerbil", 2)) == (
        "the first player wins and the second player loses."
    )
    assert verdict(card("abc abd", 3)) == (
        "the first and second players cannot be made to lose; the third player can."
    )


def test_a_deck_s_choices_are_the_seat_s_and_its_openings_are_not_copied() -> None:
    """Issue 36, item 5: what a budgeted deck prints for each opening is kept on the seat
    (`SeatStrategy.choices`, read with `printed`, `entries` and `listed`), not copied into
    every opening at each of the budget's trials. Animals, three players, words of 3+: the
    pocket deck prints every opening, a letter alone at an be ga and c; `pdf.cards: 1` leaves
    the third seat out; the same openings, the very tuple, in every deck."""
    whole = make_card(Path("tests/data/animals.txt"), 3, 3)
    assert [seat.choices for seat in whole.seats] == [(), (), ()]  # no deck chosen yet
    assert whole.seats[2].printed(whole.seats[2].openings[0]) == NOTHING == (None, None)
    assert whole.seats[2].listed == ()
    pocket = budget(whole, PdfOptions())
    assert [[(o.fragment, *printed) for o, printed in seat.entries()] for seat in pocket.seats] == [
        [("", "words", "a")],
        [("a", "words", "n"), ("b", "words", "e"), ("c", "move", "a"), ("g", "words", "o")],
        [("an", "move", "t"), ("be", "move", "a"), ("ca", "words", "m"), ("ga", "move", "n"),
         ("ge", "words", "c"), ("go", "words", "a")],
    ]
    third = pocket.seats[2]
    assert third.printed(third.openings[2]) == Printed("words", "m")
    assert third.printed(third.openings[2]).move == third.openings[2].play
    assert [o.fragment for o in third.listed] == ["an", "be", "ca", "ga", "ge", "go"]
    one = budget(whole, PdfOptions(cards=1))
    assert one.seats[2].choices == (NOTHING,) * 6 and one.seats[2].listed == ()
    assert [o.fragment for o in one.seats[1].listed] == ["a", "b", "c", "g"]
    for deck in (pocket, one):
        assert all(d.openings is s.openings for d, s in zip(deck.seats, whole.seats, strict=True))
    # The cache stores the choices with the seat (`cardgen.codec`), and reads them back.
    arrays: list[object] = []
    document = json.loads(json.dumps(encode(pocket, arrays)))
    assert document["seats"][1]["choices"][2] == ["move", "a"]
    assert decode(Card, document, arrays) == pocket
    with pytest.raises(ValueError, match="seat 3: 1 choices for 6 openings"):
        dataclasses.replace(third, choices=(Printed(),))
