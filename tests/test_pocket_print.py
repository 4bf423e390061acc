"""What a budgeted deck prints in JSON and Markdown (issue 25, "Print the worth"): the line of
worth, the figures and each opening's entry, on a small hand-made dictionary."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from bruteforce_pocket import BrutePocket, Entry
from conftest import word_card

from cardgen.cards import selection
from cardgen.cards.make import make_card
from cardgen.cards.odds import Wins
from cardgen.cards.openings import odds
from cardgen.cards.paper import FULL, PdfOptions
from cardgen.cards.pocket import casual_play
from cardgen.cards.strategy import (
    FEWEST_INFO,
    Card,
    DictionaryInfo,
    Opening,
    Printed,
    SeatStrategy,
    build_card,
)
from cardgen.games.advice import Try
from cardgen.games.solver import solve
from cardgen.games.traps import thresholds
from cardgen.render.json import card_document
from cardgen.render.json import render_card as render_json
from cardgen.render.markdown import render_card as render_markdown
from cardgen.render.marks import letter_kind, letter_mark, printed_letter
from cardgen.render.pdf import budget as pocket_budget
from cardgen.render.sentences import left_out, percent_down, worth_sentence
from cardgen.words.lexicon import playable_words
from cardgen.words.wordlists import WordList

ZOO = {"cow": 4, "dove": 3, "duck": 2, "gecko": 4, "goat": 3, "ibis": 3, "mole": 4, "mouse": 5,
       "mule": 3, "newt": 4}
"""Ten words and their Zipf frequencies (whole numbers, so the enumeration is exact). With two
players the second seat's best card sets the trap u against d (duck, Zipf 2: the table never
gets out), plays e against g (toward gecko: a forced win) and o against m, where its trap u
(mule) loses every game and o (toward mole, mouse) wins 11 in 12."""


def zoo_card(players: int) -> Card:
    """The zoo's card with every Ghost figure, no deck chosen yet."""
    wordlist = WordList("zoo", "test", "0" * 64, tuple(ZOO))
    lexicon = playable_words(wordlist.entries, 3)
    solution = solve(lexicon, players)
    zipf = np.array([float(ZOO[word]) for word in solution.words])
    card = build_card(
        solution,
        DictionaryInfo.of(wordlist, lexicon),
        ranking=dataclasses.replace(FEWEST_INFO, familiarity="zoo frequencies"),
        traps=thresholds(solution, zipf),
    )
    play = casual_play(solution, zipf)
    seats = tuple(
        dataclasses.replace(seat, openings=tuple(
            dataclasses.replace(opening, odds=found)
            for opening, found in zip(seat.openings, odds(play, seat.seat, seat.openings),
                                      strict=True)
        ))
        for seat in card.seats
    )
    return dataclasses.replace(card, seats=seats, casual_table=play.knows,
                               casual_examples=play.examples)


def budget(card: Card, steps: int | None = None) -> Card:
    """The card with each seat's first `steps` steps that win something printed (None: all
    of them): a pocket deck (a renderer budgets a card with no deck chosen)."""
    return dataclasses.replace(card, deck="pocket", seats=tuple(
        selection.pick(s, [step for step in selection.steps(s) if step.ratio > 0][:steps])
        for s in card.seats
    ))


def whole(card: Card) -> Card:
    """The card as `pdf.cards: full` prints it."""
    return dataclasses.replace(card, deck="full",
                               seats=tuple(selection.full(s) for s in card.seats))


def listing_all(card: Card) -> Card:
    """The whole deck's entries in a budgeted deck (one with room for all of them): Markdown
    prints it in a budgeted deck's form (lines of worth, marks), where the whole deck
    (`pdf.cards: full`) renders as before budgets."""
    return dataclasses.replace(whole(card), deck="pocket")


# The line of worth

def seat_with(seat: int, card: float, none: float) -> SeatStrategy:
    return SeatStrategy(seat, (), Wins(none=none, full=0.5, card=card, best=1.0))


def test_the_worth_line_names_the_table_its_examples_and_the_seat() -> None:
    card = dataclasses.replace(zoo_card(2), casual_table=3.0, casual_examples=("fjord", "fjeld"))
    assert worth_sentence(card, seat_with(4, 0.97, 0.78), ("*", "*")) == (
        "At a casual table (knows words of Zipf 3+, such as *fjord*, not *fjeld*) this card "
        "wins 97% of your games in seat 4; 78% without it."
    )
    assert worth_sentence(card, seat_with(1, 0.999999, 0.0)) == (
        "At a casual table (knows words of Zipf 3+, such as fjord, not fjeld) this card "
        "wins 99% of your games in seat 1; 0% without it."
    )


def test_a_table_that_knows_every_word_alike_says_so() -> None:
    card = dataclasses.replace(zoo_card(2), casual_table=2.5, casual_examples=())
    assert worth_sentence(card, seat_with(2, 1.0, 0.5)) == (
        "At a casual table (knows every word, all alike) this card wins 100% of your games in "
        "seat 2; 50% without it."
    )
    # One example alone may be the known word or the unknown one: none is named.
    card = dataclasses.replace(card, casual_examples=("fjord",))
    assert worth_sentence(card, seat_with(2, 1.0, 0.5)).startswith(
        "At a casual table (knows words of Zipf 2.5+) this card wins 100%"
    )


def test_no_line_without_figures() -> None:
    card = zoo_card(2)
    assert worth_sentence(card, card.seats[1]) == ""  # no deck chosen: no wins
    no_figures = dataclasses.replace(card, casual_table=None)
    assert worth_sentence(no_figures, seat_with(2, 1.0, 0.5)) == ""


@pytest.mark.parametrize(
    ("value", "printed"),
    [(0.0, "0%"), (0.005, "0%"), (0.29, "29%"), (0.5, "50%"), (0.97, "97%"),
     (0.999999, "99%"), (0.9999999999999999, "99%"), (1.0, "100%")],
)
def test_percentages_are_rounded_down_and_100_only_when_exact(value: float, printed: str) -> None:
    assert percent_down(value) == printed


def test_what_a_seat_leaves_out() -> None:
    second = budget(zoo_card(2)).seats[1]
    assert left_out(second, ("`", "`")) == (
        "This card leaves out 3 of the 6 openings (not listed: play toward the most common "
        "word you know); `pdf.cards: full` shows them."
    )
    assert left_out(whole(zoo_card(2)).seats[1]) == "This card lists every opening."
    first = budget(zoo_card(2), 0).seats[0]
    assert left_out(first) == (
        "This card leaves out the only opening (not listed: play toward the most common word "
        "you know); pdf.cards: full shows it."
    )


# JSON

def entries(document: dict[str, Any], seat: int) -> list[tuple[str, object, object]]:
    return [(o["fragment"], o["printed"], o["printed_move"])
            for o in document["seats"][seat - 1]["openings"]]


def test_the_json_names_the_table_the_figures_and_each_entry() -> None:
    card = budget(zoo_card(2))
    document = json.loads(render_json(card))
    assert document["schema"] == 5
    assert document["casual_table"] == {"knows": 3.0, "tables": [3.0]}
    assert list(document) == [
        "schema", "cardgen", "dictionary", "players", "min_length", "title", "losers",
        "ranking", "familiarity", "opponent", "traps", "casual_table", "seats",
    ]
    assert [list(seat) for seat in document["seats"]] == [
        ["seat", "wins", "wins_by_table", "openings"]] * 2
    assert [seat["wins_by_table"] for seat in document["seats"]] == [
        [dict(knows=3.0, **seat["wins"])] for seat in document["seats"]]
    assert list(document["seats"][1]["openings"][0])[-3:] == ["named", "printed", "printed_move"]
    assert entries(document, 1) == [("", "move", "d")]
    assert entries(document, 2) == [
        ("c", False, None), ("d", "move", "u"), ("g", "move", "e"), ("i", False, None),
        ("m", "move", "o"), ("n", False, None),
    ]
    # The seat's figures to 12 decimals: 1/6 with no card, 1 with it.
    first, second = (seat["wins"] for seat in document["seats"])
    assert card.seats[0].wins is not None
    assert first == {k: round(v, 12) for k, v in dataclasses.asdict(card.seats[0].wins).items()}
    assert first["none"] == pytest.approx(1 / 6) and first["card"] == 1.0
    assert second == {
        "none": pytest.approx(5 / 6), "full": pytest.approx(11 / 72),
        "card": pytest.approx(169 / 198), "best": pytest.approx(169 / 198),
    }


def test_the_json_of_the_full_deck() -> None:
    document = json.loads(render_json(whole(zoo_card(2))))
    assert entries(document, 1) == [("", "words", "i")]
    assert entries(document, 2) == [
        ("c", "words", "o"), ("d", "move", "u"), ("g", "words", "e"), ("i", "move", "b"),
        ("m", "move", "u"), ("n", "move", "e"),
    ]
    second = document["seats"][1]["wins"]
    assert second["card"] == second["full"] == pytest.approx(11 / 72)


def test_a_card_without_a_deck_is_rendered_as_its_default_deck() -> None:
    """Issue 35, 2: the JSON describes a deck; a card with none chosen yet (no `printed`, no
    `wins`) is budgeted as `cardgen build` budgets a config without `pdf` keys, as the PDF
    prints it."""
    card = zoo_card(2)
    data = card_document(card)  # the card as it is
    assert [seat["wins"] for seat in data["seats"]] == [None, None]
    assert {(o["printed"], o["printed_move"]) for seat in data["seats"]
            for o in seat["openings"]} == {(False, None)}
    deck = pocket_budget.budget(card, PdfOptions())
    assert deck.deck == "pocket"
    assert render_json(card) == render_json(deck)
    document = json.loads(render_json(card))
    assert document["casual_table"] == {"knows": 3.0, "tables": [3.0]}
    assert None not in [seat["wins"] for seat in document["seats"]]
    assert entries(document, 1) == [("", "words", "i")]
    no_figures = dataclasses.replace(zoo_card(2), casual_table=None)
    assert json.loads(render_json(no_figures))["casual_table"] is None


def card_wins_from_odds(document: dict[str, Any], card: Card, seat: int) -> float:
    """1 - the sum over the openings of reach * (1 - what the printed entry wins there), from
    the openings' figures and the JSON's entries."""
    lost = 0.0
    for data, opening in zip(document["seats"][seat - 1]["openings"],
                             card.seats[seat - 1].openings, strict=True):
        odds = opening.odds
        assert odds is not None
        if data["printed"] == "words":
            assert odds.words is not None and data["printed_move"] == opening.play
            wins = odds.words
        elif data["printed"] == "move" and data["printed_move"] == odds.letter:
            wins = odds.letter_wins
        elif data["printed"] == "move":  # the full deck's letter (a trap): what it prints
            assert data["printed_move"] == opening.full_move
            wins = odds.full
        else:
            wins = odds.none
        lost += odds.reach * (1 - wins)
    return 1 - lost


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("steps", [0, 1, 2, None, "full"])
def test_the_json_card_figure_is_what_its_entries_win(
    players: int, steps: int | str | None
) -> None:
    """`wins.card` is the openings' reach times what each printed entry wins, and what every
    game enumerated (tests/bruteforce_pocket.py) gives for the entries the JSON prints."""
    card = zoo_card(players)
    card = whole(card) if isinstance(steps, str) else budget(card, steps)
    document = json.loads(render_json(card))
    brute = BrutePocket(set(card_words(card)), players, ZOO, 3.0)
    for seat in range(1, players + 1):
        data = document["seats"][seat - 1]
        if not data["openings"]:
            assert data["wins"] is None
            continue
        assert data["wins"]["card"] == pytest.approx(card_wins_from_odds(document, card, seat),
                                                     abs=1e-12)
        printed: dict[str, Entry] = {}
        for o in data["openings"]:
            if o["printed"] == "words":
                printed[o["fragment"]] = ("words", tuple(o["words"]))
            elif o["printed"] == "move":
                printed[o["fragment"]] = ("letter", o["printed_move"])
        expected = brute.wins(seat, printed, [o["fragment"] for o in data["openings"]])
        assert data["wins"]["card"] == pytest.approx(float(expected), abs=1e-12)


def card_words(card: Card) -> list[str]:
    return list(playable_words(list(ZOO), card.min_length).words)


# Markdown

def seat_section(text: str, seat: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index(f"## You play {seat}")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith(("## ", "---"))),
               len(lines))
    return lines[start:end]


LETTERS = "abcdefghijklmnopqrstuvwxyz"

WORTH_2 = ("At a casual table (knows words of Zipf 3+, such as *dove*, not *duck*) this card "
           "wins 85% of your games in seat 2; 83% without it.")


def test_the_markdown_lists_only_what_the_deck_prints() -> None:
    text = render_markdown(budget(zoo_card(2)))
    assert seat_section(text, "first") == [
        "## You play first",
        "At a casual table (knows words of Zipf 3+, such as *dove*, not *duck*) this card "
        "wins 100% of your games in seat 1; 16% without it.",
        "",
        "Open with **d** (a forced win against perfect players; its words are not on this "
        "card), then play toward the most common word you know.",
        "",
    ]
    assert seat_section(text, "second") == [
        "## You play second",
        WORTH_2,
        "",
        "2 of 6 openings won. This card leaves out 3 of the 6 openings (not listed: play toward "
        "the most common word you know); `pdf.cards: full` shows them.",
        "",
        "| they open | you play | steer to |",
        "|---|---|---|",
        "| d | **u**? | the trap; the one reply does not lose; only players who know words "
        "as rare as duck (Zipf 2) get out |",
        "| g | **e**! | a forced win |",
        "| m | **o**\u00b0 | wins most often at a casual table |",
        "",
    ]
    assert (
        "Each of them is finished by another player. A letter listed alone has a mark after "
        "it: ! a forced win; ? the trap; \u00b0 wins most often at a casual table; after it, "
        "play toward the most common word you know. Where you have no forced win, set the trap"
    ) in text
    assert "Openings not listed: play toward the most common word you know.\n" in text


def test_the_markdown_of_a_deck_listing_every_entry_and_of_an_empty_one() -> None:
    text = render_markdown(listing_all(zoo_card(2)))
    assert "Open with **i**, then steer to: ibis.\n" in text
    assert seat_section(text, "second")[3:] == [
        "2 of 6 openings won. This card lists every opening.",
        "",
        "| they open | you play | steer to |",
        "|---|---|---|",
        "| c | **o** | cow |",
        "| d | **u**? | the trap; the one reply does not lose; only players who know words "
        "as rare as duck (Zipf 2) get out |",
        "| g | **e** | gecko |",
        "| i | **b**? | the trap; the one reply does not lose; only players who know words "
        "as rare as ibis (Zipf 3) get out |",
        "| m | **u**? | the trap; the one reply does not lose; only players who know words "
        "as rare as mule (Zipf 3) get out |",
        "| n | **e**? | the trap; the one reply does not lose; only players who know words "
        "as rare as newt (Zipf 4) get out |",
        "",
    ]
    assert "A letter listed alone has a mark after it: ? the trap; after it" in text
    empty = render_markdown(budget(zoo_card(2), 0))
    assert seat_section(empty, "first")[3:] == [
        "Not listed: play toward the most common word you know.", ""
    ]
    assert seat_section(empty, "second")[3:] == [
        "2 of 6 openings won. This card leaves out 6 of the 6 openings (not listed: play toward "
        "the most common word you know); `pdf.cards: full` shows them.",
        "",
    ]
    assert "A letter listed alone" not in empty


def test_the_glance_grid_shows_the_listed_entries() -> None:
    third = seat_section(render_markdown(listing_all(zoo_card(3))), "third")

    def row(prefix: str, cells: dict[str, str]) -> str:
        return f"| **{prefix}** |" + "".join(f" {cells.get(x, '')} |" for x in LETTERS)

    assert third[3:] == [
        "8 of 9 openings won. This card lists every opening.",
        "",
        "At a glance: the row is the letters on the table but the last, the column the last "
        "one; **bold** is the letter to play, marked as above where it is listed alone; "
        "blank: not listed.",
        "",
        "| |" + "".join(f" {x} |" for x in LETTERS),
        "|---|" + "---|" * 26,
        row("c", {"o": "\u25cf"}),  # every letter completes a word: lost, not a trap
        row("d", {"o": "**v**", "u": "**c**"}),
        row("g", {"e": "**c**", "o": "**a**"}),
        row("i", {"b": "**i**"}),
        row("m", {"o": "**l**", "u": "**l**"}),
        row("n", {"e": "**w**"}),
        "",
        "",
        "| on the table | you play | steer to |",
        "|---|---|---|",
        "| co | \u25cf | any letter loses |",
        "| do | **v** | dove |",
        "| du | **c** | duck |",
        "| ge | **c** | gecko |",
        "| go | **a** | goat |",
        "| ib | **i** | ibis |",
        "| mo | **l** | mole |",
        "| mu | **l** | mule |",
        "| ne | **w** | newt |",
        "",
    ]


def test_a_card_without_a_deck_renders_as_its_default_deck() -> None:
    """Issue 35, 2: no deck chosen (no `printed`, no `wins`): the Markdown of the deck a
    config without `pdf` keys prints, each seat's line of worth with it; the whole deck
    (`pdf.cards: full`) renders every opening as before budgets, without one."""
    card = zoo_card(2)
    text = render_markdown(card)
    assert text == render_markdown(pocket_budget.budget(card, PdfOptions()))
    assert "At a casual table" in text
    full = render_markdown(whole(card))
    assert full == render_markdown(pocket_budget.budget(card, PdfOptions(cards=FULL)))
    assert "At a casual table" not in full and "not listed" not in full
    assert "| c | **o** | cow |" in full


def test_a_lost_position_gets_the_lost_sign_in_markdown_and_a_trap_stays_a_trap() -> None:
    """Three players, words cat cab dogma: the third seat at ca completes a word whatever it
    plays. The Markdown marked the letter its deck printed there as the trap (b?) or as the
    casual table's (t°), a move to read; the PDF prints the lost sign, keyed. Now the Markdown
    does too, whichever letter was printed; a trap with replies to hope for stays a trap."""
    lost = Opening("ca", (3,), (), (), Try("b", 0, 0))
    for move in ("b", "t"):
        printed = Printed("move", move)
        assert (letter_kind(lost, printed), letter_mark(lost, printed),
                printed_letter(lost, printed)) == ("lost", "\u25cf", "\u25cf")
    trap = Opening("ca", (3,), (), (), Try("b", 1, 2))
    b, t = Printed("move", "b"), Printed("move", "t")
    assert (letter_kind(trap, b), printed_letter(trap, b)) == ("trap", "**b**?")
    assert (letter_kind(trap, t), printed_letter(trap, t)) == ("casual", "**t**\u00b0")
    card = word_card("cat cab dogma", 3)
    text = render_markdown(card)  # the whole deck: the grid's cell, keyed under it
    assert ("**bold** is the letter to play, _x?_ the best try, \u25cf any letter loses, – no "
            "forced win.") in text
    assert "| **c** | \u25cf |  |" in text
    third = card.seats[2]
    choices = tuple(Printed("move", "t") if o.fragment == "ca" else Printed("words", o.play)
                    for o in third.openings)
    deck = dataclasses.replace(card, deck="pocket", seats=(
        *card.seats[:2], dataclasses.replace(third, choices=choices)))
    text = render_markdown(deck)
    assert "A letter listed alone has a mark after it: \u25cf any letter loses;" in text
    assert "| ca | \u25cf | any letter loses |\n" in text
    assert "| **c** | \u25cf |  |" in text


def test_the_json_gives_the_figures_at_each_table_of_the_range() -> None:
    """Schema 5: a card's figures over its range of tables (the default, Zipf 2 to 4): the
    range as the config gives it and each table, then per seat `wins` at the middle table and
    `wins_by_table` at each, in the order of `tables`; the card wins at least as often as no
    card at every one."""
    card = make_card(Path("tests/data/animals.txt"), 2, 3)
    document = json.loads(render_json(card))
    assert document["casual_table"] == {"knows": [2.0, 4.0],
                                        "tables": [2.0, 2.5, 3.0, 3.5, 4.0]}
    for seat in document["seats"]:
        by_table = seat["wins_by_table"]
        assert [table["knows"] for table in by_table] == [2.0, 2.5, 3.0, 3.5, 4.0]
        assert {k: v for k, v in by_table[2].items() if k != "knows"} == seat["wins"]
        assert all(table["card"] >= table["none"] for table in by_table)
    budgeted = pocket_budget.budget(card, PdfOptions())
    assert render_json(card) == render_json(budgeted)
