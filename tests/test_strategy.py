from __future__ import annotations

from conftest import word_card

from cardgen.cards.strategy import Card, Opening, default_title
from cardgen.games.advice import Try
from cardgen.render import ordinal, seat_list, verdict


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
