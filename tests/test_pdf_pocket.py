"""The pocket deck (issue 25): each seat on one card, its entries chosen by what they win at a
casual table (`cardgen.cards.selection`, `cardgen.render.pdf.budget`), and the figures it prints."""

from __future__ import annotations

import dataclasses
import io
import itertools
import json
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
import pdfplumber
import pytest
from conftest import CONFIGS, SHIPPED, costliest, decks, shipped_card
from hypothesis import given
from hypothesis import strategies as st
from pdfmarks import lines
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.cards.config import load_card_config
from cardgen.cards.make import Lexicons, make_card
from cardgen.cards.odds import Odds
from cardgen.cards.paper import FULL, PdfOptions
from cardgen.cards.selection import cost, full, pick, steps
from cardgen.cards.strategy import NOTHING, Opening, Printed, SeatStrategy
from cardgen.cards.winrates import figures
from cardgen.errors import ConfigError
from cardgen.games.opponent import TableRange
from cardgen.render.pdf import render_card, sides, units
from cardgen.render.pdf.budget import RunIn, budget, fitted, letter_kind, row_section
from cardgen.render.pdf.content import Section
from cardgen.render.pdf.fonts import DoesNotFit, load_fonts
from cardgen.render.pdf.front import front_worth
from cardgen.render.pdf.layout import (
    BOLD,
    HEAD,
    MOVE,
    REGULAR,
    SAFE_MARGIN,
    Entry,
    Text,
    Token,
    cut_pieces,
    wrap,
)
from cardgen.render.pdf.sides import card_frame, section_sides, set_in, side_count
from cardgen.render.pdf.units import (
    entry_heights,
    entry_lines,
    line_width,
    run_in_sides,
    units_of,
)
from cardgen.render.sentences import percent_down, seat_heading, worth_sentence

GHOST_DECKS = [p for p in SHIPPED if "superghost" not in p.stem and "superduper" not in p.stem]

@pytest.mark.network
@pytest.mark.parametrize("path", decks(GHOST_DECKS))
def test_every_seat_wins_at_every_table_what_the_range_allows(
    lexicons: Lexicons, path: Path
) -> None:
    """Issue "robust"'s targets, seat by seat: at every table of the range the card wins at
    least as often as no card, and its worst and its mean over the tables are at most 0.3
    point below a card chosen greedily for the range (each step in the order of what it adds
    to the mean per character, kept while the characters add up to no more than the room) in
    the room that seat's card had when it was chosen for one table (tests/data/pocket_room.json,
    measured at commit c9fcdfc)."""
    config, card = shipped_card(path, lexicons)
    room = json.loads(Path("tests/data/pocket_room.json").read_text())[path.stem]
    deck = budget(card, config.pdf)
    assert card.casual_range is not None and len(card.casual_range.tables) == 5
    for seat, chosen in zip(card.seats, deck.seats, strict=True):
        by_table = chosen.wins_by_table
        assert len(by_table) == 5 and chosen.wins == by_table[2]
        assert all(w.card >= w.none - 1e-12 for w in by_table), seat.seat
        order = steps(seat, strip=seat.seat == 2, forced=card.opponent.perfect)
        used, greedy = 0, []
        for k in range(len(order)):
            if used + int(order.room[k]) <= room[str(seat.seat)]:
                used += int(order.room[k])
                greedy.append(k)
        reference = pick(seat, order.take(np.array(greedy, dtype=np.int64))).wins_by_table
        cards = [w.card for w in by_table]
        best = [w.card for w in reference]
        assert min(cards) >= min(best) - 0.003, (seat.seat, cards, best)
        assert sum(cards) / 5 >= sum(best) / 5 - 0.003, (seat.seat, cards, best)


@pytest.mark.network
@pytest.mark.parametrize("path", decks(GHOST_DECKS))
def test_every_seat_keeps_the_room_robust_measured(lexicons: Lexicons, path: Path) -> None:
    """Issue 37's last target: each seat's entries take at least 95% of the characters
    (`cost`) that seat's card had when it was chosen for one table
    (tests/data/pocket_room.json), so its worst and mean over the range stay where issue
    "robust" left them; or the seat already prints all that wins, its figures at every table
    those of its whole order (the room is not what holds it: twl06-2p-casual's seats, french-2p's
    and polish-2p's second, whose last steps win nothing). Before issue 37's heads, keys and
    whole items won their room back: twl06-4p seat 4 93.6%, sowpods-4p seat 4 91.6%,
    twl06-3p-casual seat 3 90.6%. german-3p was measured on its word list before issue 37
    (item 6's stop list changed it) and holds all the same (95.1%)."""
    config, card = shipped_card(path, lexicons)
    room = json.loads(Path("tests/data/pocket_room.json").read_text())[path.stem]
    deck = budget(card, config.pdf)
    for seat, chosen in zip(card.seats, deck.seats, strict=True):
        strip = seat.seat == 2
        kept = sum(cost(o, p.kind, strip=strip) for o, p in chosen.entries() if p.kind)
        if kept >= 0.95 * room[str(seat.seat)]:
            continue
        order = steps(seat, strip=strip, words=config.pdf.words != "none" or seat.seat < 3,
                      forced=card.opponent.perfect)
        whole = [w.card for w in pick(seat, order).wins_by_table]
        assert [w.card for w in chosen.wins_by_table] == pytest.approx(whole, abs=1e-12), (
            seat.seat, kept, room[str(seat.seat)])


def odds(reach: float, none: float, letter: float, words: float | None) -> Odds:
    return Odds(reach, none, words, "x", letter, words if words is not None else letter)


def opening(fragment: str, o: Odds, words: tuple[str, ...] = ()) -> Opening:
    return Opening(fragment, (1,), ("x",) if words else (), words, odds=o)


def test_steps_go_by_what_they_win_per_character() -> None:
    """Three openings: a letter alone at ab wins 0.4 of 0.5 reach for 4 characters; ac's words
    win 0.3 more for 2 + 2 + 8 characters (a letter first would waste room: it wins less per
    character than the words); ad's letter wins nothing and comes last."""
    seat = SeatStrategy(3, (
        opening("ab", odds(0.5, 0.2, 1.0, None)),
        opening("ac", odds(0.5, 0.4, 0.5, 1.0), ("acxyz", "acxw")),
        opening("ad", odds(0.1, 0.3, 0.3, None)),
    ))
    assert [cost(o, "move") for o in seat.openings] == [4, 4, 4]
    assert cost(seat.openings[1], "words") == 4 + 6 + 5
    found = steps(seat)
    assert [(s.place, s.kind) for s in found] == [(0, "move"), (1, "words"), (2, "move")]
    assert found[0].ratio == pytest.approx(0.5 * 0.8 / 4)
    assert found[1].ratio == pytest.approx(0.5 * 0.6 / 15)
    assert found[2].ratio == 0.0
    second = steps(seat, words=False)[1]
    assert (second.place, second.kind) == (1, "move")
    assert second.ratio == pytest.approx(0.5 * 0.1 / 4)
    assert [s.ratio for s in steps(seat, strip=True)][:2] == [float("inf")] * 2


def test_a_seats_figures_add_up_over_its_openings() -> None:
    """Win rate = 1 - the sum of reach x (1 - the printed entry's win rate)."""
    seat = SeatStrategy(3, (
        opening("ab", odds(0.5, 0.2, 1.0, None)),
        opening("ac", odds(0.5, 0.4, 0.5, 1.0), ("acxyz", "acxw")),
    ))
    chosen = pick(seat, steps(seat)[:1])
    assert chosen.choices == (("move", "x"), (None, None))
    assert chosen.wins is not None
    assert chosen.wins.card == pytest.approx(1 - 0.5 * 0.6)
    assert chosen.wins.none == pytest.approx(1 - 0.5 * 0.8 - 0.5 * 0.6)
    assert chosen.wins.best == pytest.approx(1.0)
    whole = full(seat)
    assert whole.choices == (NOTHING, Printed("words", "x"))
    assert figures(whole) == whole.wins


def test_percentages_are_rounded_down() -> None:
    assert [percent_down(r) for r in (0.97999, 0.999999, 1.0, 0.0)] == ["97%", "99%", "100%", "0%"]


@pytest.mark.network
def test_the_2p_deck_s_choices_are_its_seats(lexicons: Lexicons) -> None:
    """twl06-2p's pocket deck (`SeatStrategy.printed`): the first seat's words, opened with n;
    the second seat's words at 19 of the 26 first letters, a letter alone at the other 7
    (the strip's letters: k m n u v x z), nothing left out."""
    config, card = shipped_card(Path("configs/twl06-2p.yaml"), lexicons)
    first, second = budget(card, config.pdf).seats
    assert first.printed(first.openings[0]) == ("words", "n")
    alone = {o.fragment: printed.move for o, printed in second.entries() if printed.kind == "move"}
    assert alone == {"k": "w", "m": "b", "n": "g", "u": "f", "v": "r", "x": "a", "z": "l"}
    assert all(printed == ("words", o.play) for o, printed in second.entries()
               if o.fragment not in alone)
    assert len(second.listed) == len(second.openings) == 26


@pytest.mark.network
def test_the_4p_deck_prints_one_card_a_seat_and_what_each_wins(lexicons: Lexicons) -> None:
    """twl06-4p: card 1 for the first two seats, one card each for the third and fourth; the
    first seat opens h (90.8% at the middle table, Zipf 3, against 17.5% with the whole deck's
    q toward qoph); every further seat's card says what it wins over the range of tables on
    its front; every side keys its marks and says what to do where it is silent."""
    path = Path("configs/twl06-4p.yaml")
    config, card = shipped_card(path, lexicons)
    card = budget(card, config.pdf)
    first = card.seats[0].openings[0]
    printed = card.seats[0].printed(first)
    assert (*printed, letter_kind(first, printed)) == ("move", "h", "play")
    assert first.odds is not None and first.odds.tables[2].words == pytest.approx(0.1749,
                                                                                  abs=5e-5)
    assert [percent_down(s.wins.card) for s in card.seats if s.wins] == [
        "90%", "100%", "99%", "96%"]
    with pdfplumber.open(io.BytesIO(render_card(card, config.pdf))) as pdf:
        texts = [page.extract_text().replace("\n", " ") for page in pdf.pages]
    assert len(texts) == 6
    assert front_worth(card, card.seats[:2]) in texts[0]
    assert ("You play first: open with h (a forced win against perfect players; its words "
            "are not on this card).") in texts[0]
    for number, seat, front in ((3, 3, True), (4, 3, False), (5, 4, True), (6, 4, False)):
        # Without its example word, which would take a line of entries (card 1 names it).
        worth = worth_sentence(card, card.seats[seat - 1], example=False)
        assert (worth in texts[number - 1]) is front
        assert "Not listed: play toward the most common word you know." in texts[number - 1]
        assert "Capital: the first letter on the table; then the others" in texts[number - 1]
    assert worth_sentence(card, card.seats[3]) == (
        "At casual tables (players who know words of Zipf 2 to 4, such as abject at 2, not 4) "
        "this card wins 96% of your games in seat 4 at each; 68-82% without it."
    )
    # An index card's side holds the example word in the lines it takes without it.
    fonts = load_fonts(config.pdf.font)
    for size, example in (("id1", False), ("index", True)):
        frame = card_frame(dataclasses.replace(config.pdf, size=size))
        lead = row_section(card, card.seats[3], fonts, frame).lead
        said = " ".join(t.text for para in lead for t in para.tokens)
        assert said == worth_sentence(card, card.seats[3], example=example), size


@pytest.mark.network
@pytest.mark.slow
def test_a_seat_card_names_its_table_as_briefly_as_card_1(lexicons: Lexicons) -> None:
    """twl06-3p-casual: the third seat's sides name the table and the mark of the word to
    name as card 1's front does, in brief (the whole sentence took 3 and 4 lines of entries);
    the back of card 1, the second seat's words, says it whole."""
    config, card = shipped_card(CONFIGS / "twl06-3p-casual.yaml", lexicons)
    with pdfplumber.open(io.BytesIO(render_card(budget(card, config.pdf), config.pdf))) as pdf:
        texts = [page.extract_text().replace("\n", " ") for page in pdf.pages]
    brief = ("Against players who know no word rarer than Zipf 3; \u2021: name it when they "
             "challenge.")
    whole = ("Against players who know no word rarer than Zipf 3 in English word frequencies: "
             "they play only letters that begin a word they know, and challenge when they know "
             "none; then name the word marked \u2021.")
    assert [(brief in text, whole in text) for text in texts] == [
        (True, False), (False, True), (True, False), (True, False)]


def test_pdf_cards_full_is_the_whole_deck() -> None:
    card = make_card(Path("tests/data/animals.txt"), 3, 3)
    whole = budget(card, PdfOptions(cards=FULL))
    assert whole.deck == "full"
    assert [[p.kind for p in s.choices] for s in whole.seats] == [
        [("words" if o.words else "move" if o.full_move else None) for o in s.openings]
        for s in card.seats
    ]
    assert render_card(card, PdfOptions(cards=FULL)) == render_card(whole, PdfOptions())


def test_pdf_cards_shares_the_room(tmp_path: Path) -> None:
    """`pdf.cards: 1` on three players: card 1 alone, the third seat printed nowhere."""
    card = make_card(Path("tests/data/animals.txt"), 3, 3)
    one = budget(card, PdfOptions(cards=1))
    assert one.deck == "1 cards"
    assert one.seats[2].listed == ()
    with pdfplumber.open(io.BytesIO(render_card(one, PdfOptions(cards=1)))) as pdf:
        assert len(pdf.pages) == 2


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0", "pdf.cards: expected full or a number of cards from 1 to 100, got 0"),
        ("all", "pdf.cards: expected full or a number of cards from 1 to 100, got 'all'"),
        ("2.5", "pdf.cards: expected full or a number of cards from 1 to 100, got 2.5"),
        ("true", "pdf.cards: expected full or a number of cards from 1 to 100, got True"),
    ],
)
def test_a_bad_pdf_cards_is_refused(
    write_config: Callable[..., Path], runner: CliRunner, value: str, message: str
) -> None:
    base = "dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"
    path = write_config(base + f"pdf: {{cards: {value}}}\n")
    with pytest.raises(ConfigError) as caught:
        load_card_config(path)
    assert str(caught.value) == f"{path}: {message}"
    result = runner.invoke(app, ["build", str(path), "-o", str(path.parent / "out")])
    assert result.exit_code == 2
    assert result.output == f"cardgen: error: {path}: {message}\n"
    assert not (path.parent / "out").exists()


def test_casual_table_sets_the_figures_tables_alone(write_config: Callable[..., Path]) -> None:
    """`casual_table` names the tables of the pocket figures, one or a range; by default the
    config's `opponent.knows` (else 3.0) minus 1 to plus 1."""
    base = "dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"
    config = load_card_config(write_config(base + "casual_table: {knows: 4.5}\n"))
    assert (config.opponent.knows, config.opponent.table_range) == (None, TableRange(4.5, 4.5))
    config = load_card_config(write_config(base + "casual_table: {knows: [2, 4]}\n"))
    assert config.opponent.table_range == TableRange(2.0, 4.0)
    assert config.opponent.table_range.tables == (2.0, 2.5, 3.0, 3.5, 4.0)
    config = load_card_config(write_config(base + "opponent: {knows: 3.7}\n"))
    assert config.opponent.table_range.tables == (2.7, 3.2, 3.7, 4.2, 4.7)
    assert load_card_config(write_config(base)).opponent.table_range.middle == 3.0
    config = load_card_config(write_config(base + "casual_table: {knows: [-1, 0.5]}\n"))
    assert config.opponent.table_range.tables == (0.0, 0.0, 0.0, 0.5)


@pytest.mark.parametrize(("value", "message"), [
    ("{knows: .nan}", "casual_table.knows: expected a Zipf frequency from 0 to 10, got nan"),
    ("3", "casual_table: expected a range {knows: [LO, HI]} such as {knows: [2.0, 4.0]}, or a "
          "mapping {knows: ZIPF} such as {knows: 3.0}, got 3"),
    ("{knows: [4, 2]}", "casual_table.knows: the range [4, 2] is reversed: write [2, 4]"),
    ("{knows: [2, .inf]}", "casual_table.knows: expected a range [LO, HI] of two finite Zipf "
                           "frequencies up to 10 such as [2.0, 4.0], got [2, inf]"),
    ("{knows: [1, 2, 3]}", "casual_table.knows: expected a range [LO, HI] of two finite Zipf "
                           "frequencies up to 10 such as [2.0, 4.0], got [1, 2, 3]"),
    ("{knows: [two, 4]}", "casual_table.knows: expected a range [LO, HI] of two finite Zipf "
                          "frequencies up to 10 such as [2.0, 4.0], got ['two', 4]"),
    ("{knows: [0, 7]}", "casual_table.knows: the range [0, 7] makes 15 tables (one every 0.5 "
                        "Zipf); at most 13, a range of 6 Zipf"),
    ("{knows: [2, 4], at: 3}", "casual_table.at: unknown key (expected a mapping {knows: ZIPF} "
                               "such as {knows: 3.0}, or {knows: [LO, HI]} such as {knows: "
                               "[2.0, 4.0]})"),
])
def test_a_bad_range_of_tables_is_one_line_and_exit_2(
    write_config: Callable[..., Path], runner: CliRunner, value: str, message: str
) -> None:
    path = write_config("dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"
                        f"casual_table: {value}\n")
    with pytest.raises(ConfigError) as caught:
        load_card_config(path)
    assert str(caught.value) == f"{path}: {message}"
    result = runner.invoke(app, ["build", str(path), "-o", str(path.parent / "out")])
    assert result.exit_code == 2
    assert result.output == f"cardgen: error: {path}: {message}\n"
    assert not (path.parent / "out").exists()


def test_the_same_card_gives_the_same_deck() -> None:
    card = make_card(Path("tests/data/animals.txt"), 4, 3)
    assert budget(card, PdfOptions()) == budget(dataclasses.replace(card), PdfOptions())


def test_explain_s_figures_use_the_card_s_table(
    write_config: Callable[..., Path], runner: CliRunner
) -> None:
    """The figures explain prints are the card's: `casual_table` before `opponent`, unless a
    flag names the table."""
    path = str(write_config("dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"
                            "opponent: {knows: 3.7}\ncasual_table: {knows: 2.5}\n"))
    shown = runner.invoke(app, ["explain", path, ""]).stdout.splitlines()
    assert shown[-2].startswith("At a casual table (knows words of Zipf 2.5+) ")
    flagged = runner.invoke(app, ["explain", path, "", "--knows", "4"]).stdout.splitlines()
    assert flagged[-2].startswith("At a casual table (knows words of Zipf 4+) ")


def test_a_run_in_section_fills_its_lines_and_names_its_range() -> None:
    """Run in, entries follow each other on a line, each label inline in bold and kept with
    its first token; rows per label would leave each row's last line half empty. The thumb
    range names the first and last entry a side begins and ends in."""
    fonts = load_fonts(PdfOptions().font)
    frame = card_frame(PdfOptions())
    tokens = tuple(Token(f"{c}{d}") for c in "bcdefgh" for d in "aeiou")
    entries = tuple(Entry(Token(label, BOLD), tokens) for label in "ABCDEFGHIJKLMNOPQRSTUV")
    labels = tuple("abcdefghijklmnopqrstuv")
    rows = Section((), "Rows", (), entries, labels)
    run_in = dataclasses.replace(rows, run_in=True)
    assert len(section_sides(run_in, frame, fonts)) < len(section_sides(rows, frame, fonts))
    sides = section_sides(dataclasses.replace(run_in, heading="Run in"), frame, fonts)
    heads = [t for t in sides[0].texts if t.style == BOLD]
    assert [t.text.strip() for t in heads[:4]] == [
        f"Run in {fonts.dot} a{fonts.range}h", "A", "B", "C"]
    left = min(t.x for t in sides[0].texts)
    assert heads[1].x == left and heads[2].x > left  # B follows A's last entry on its line
    in_rows = [t for t in section_sides(rows, frame, fonts)[0].texts if t.text.strip() in "ABC"]
    assert {t.x for t in in_rows} == {left}


def test_a_word_cut_across_lines_run_in_stays_its_entrys() -> None:
    """A word wider than the line is cut into pieces (`cut_wide`); each line's range names
    the entries its pieces come from, wherever the word is (the entries were looked up by
    place in the stream before the cut, which the pieces outrun: `IndexError`)."""
    fonts = load_fonts(PdfOptions().font)
    long = Token("x" * 80)  # 3 lines and a bit of a 100 pt line at 8 pt

    def ranges(*entries: tuple[str, tuple[Token, ...]]) -> list[tuple[str, str]]:
        section = Section((), "Run in", (), tuple(Entry(Token(label.upper(), BOLD), tokens)
                                                  for label, tokens in entries),
                          tuple(label for label, _ in entries), run_in=True)
        return [(u.first, u.last) for u in units_of(section, 100.0, 0.0, 8.0, fonts)]

    assert ranges(("a", (Token("b"), long)), ("c", (Token("d"),)), ("e", (Token("f"),))) == [
        ("a", "a"), ("a", "a"), ("a", "a"), ("a", "a"), ("a", "e")]
    assert ranges(("a", (Token("b"),)), ("c", (Token("d"), long))) == [
        ("a", "c"), ("c", "c"), ("c", "c"), ("c", "c"), ("c", "c")]


def whole_rest_sides(section: Section, width: float, size: float,
                     capacity: Callable[[int], int]) -> list[list[list[str]]] | None:
    """`run_in_sides` as first written, each side set from all the rest of the section (the
    twin the faster one is held to), as each side's lines of texts."""
    fonts = load_fonts(PdfOptions().font)
    items = [(e, list(entry.tokens[a:b])) for e, entry in enumerate(section.entries)
             for a, b in itertools.pairwise([*(entry.items or (0,)), len(entry.tokens)])]
    sides: list[list[list[str]]] = []
    start = 0
    while start < len(items):
        # All the rest, set one after another as the faster one sets a window of it.
        stream, owner = units._stream(section, items, start, len(items))
        pieces = cut_pieces(stream, width, size, fonts.measure)
        owner = [k for k, cut in zip(owner, pieces, strict=True) for _ in cut]
        tokens = [piece for cut in pieces for piece in cut]
        room = capacity(len(sides))
        taken = sum(len(line) for line in wrap(tokens, width, size, fonts.measure)[:room])
        end = owner[taken] if taken < len(tokens) else len(items)
        if end == start:
            return None
        count = owner.index(end) if end < len(items) else len(tokens)
        sides.append([[t.text for _x, t in line]
                      for line in wrap(tokens[:count], width, size, fonts.measure)])
        start = end
    return sides


RUN_IN_TOKENS = st.builds(
    Token, st.text("abcmw", min_size=0, max_size=14), st.sampled_from([REGULAR, BOLD, MOVE]),
    st.booleans(), st.booleans())


@given(st.lists(st.tuples(st.lists(RUN_IN_TOKENS, max_size=12), st.lists(
    st.integers(0, 11), max_size=3, unique=True)), max_size=40),
       st.integers(0, 9), st.integers(1, 12), st.integers(0, 3))
def test_a_run_in_side_is_set_from_as_much_of_the_rest_as_it_shows(
    drawn: list[tuple[list[Token], list[int]]], first: int, later: int, most: int
) -> None:
    """Each side of a run-in section is set from only as many items as it can show (issue 39),
    and is the side set from all the rest (`whole_rest_sides`), glued, kept and over-wide
    tokens included; with `most`, the first `most` + 1 of those sides."""
    fonts = load_fonts(PdfOptions().font)
    entries = tuple(Entry(Token("ABC"[i % 3], HEAD), tuple(tokens),
                          tuple(sorted({0, *(j for j in items if j < len(tokens))})))
                    for i, (tokens, items) in enumerate(drawn))
    section = Section((), "Run in", (), entries, tuple("abc"[i % 3] for i in range(len(entries))),
                      run_in=True)

    def capacity(n: int) -> int:
        return later if n else first

    twin = whole_rest_sides(section, 60.0, 8.0, capacity)
    for ahead in (1, units.AHEAD):  # 1: a side is set again from more items at every line
        with mock.patch.object(units, "AHEAD", ahead):
            sides = run_in_sides(section, 60.0, 8.0, fonts, capacity)
        texts = None if sides is None else [
            [[t.text for _x, t in line] for unit in side for line in unit.lines]
            for side in sides]
        assert texts == twin, ahead
    short = run_in_sides(section, 60.0, 8.0, fonts, capacity, most)
    if twin is None or len(twin) > most + 1:
        assert short is None or len(short) == most + 1
    else:
        assert short is not None and [len(side) for side in short] == [len(s) for s in twin]


def test_a_run_in_side_sets_past_what_a_glued_token_would_join() -> None:
    """A side set from its first items only is set again from more where the next item's
    first token is glued to the last one set: "aaaa" is kept on a line with "aaaaa" and the
    next item's glued "aaaaa"; together wider than a line, they do not move "aaaa" down, and
    the first side holds "aa aaaa" (set without the glued token, it held "aa" alone)."""
    fonts = load_fonts(PdfOptions().font)
    tokens = (Token("aa"), Token("aaaa", keep=True), Token("aaaaa"),
              Token("aaaaa", space=False))
    section = Section((), "Run in", (), (Entry(Token("A", HEAD), tokens, (0, 1, 2, 3)),),
                      ("a",), run_in=True)
    with mock.patch.object(units, "AHEAD", 1):
        sides = run_in_sides(section, 60.0, 8.0, fonts, lambda _n: 1)
    assert sides is not None
    assert [[t.text for unit in side for line in unit.lines for _x, t in line]
            for side in sides] == [["A", "aa", "aaaa"], ["A", "aaaaa", "aaaaa"]]
    assert whole_rest_sides(section, 60.0, 8.0, lambda _n: 1) == [
        [["A", "aa", "aaaa"]], [["A", "aaaaa", "aaaaa"]]]


@given(st.lists(st.lists(RUN_IN_TOKENS, max_size=8), max_size=12),
       st.floats(20.0, 120.0), st.floats(0.0, 15.0), st.sampled_from([7.0, 7.5, 8.0]))
def test_an_entry_that_fits_a_line_is_counted_a_line_unset(
    drawn: list[list[Token]], width: float, gutter: float, size: float
) -> None:
    """`entry_heights` counts an entry whose tokens fit the line with room to spare as one
    line without setting it, and every entry as many lines as `entry_lines` sets."""
    fonts = load_fonts(PdfOptions().font)
    entries = tuple(Entry(Token("a", BOLD), tuple(tokens)) for tokens in drawn)
    section = Section((), "Rows", (), entries, ("a",) * len(entries))
    widths = [line_width(e, fonts) for e in entries]
    assert entry_heights(section, width, gutter, size, fonts, widths) == [
        len(entry_lines(e, width, gutter, size, fonts)) for e in entries]


def test_fonts_remember_each_width_by_value_and_a_copy_measures_afresh() -> None:
    """`Fonts.measure` gives what it measured the first time for the same text and style,
    kept in the fonts it was asked of: a copy with other figures (`dataclasses.replace`)
    starts with none, so it never reads another font's widths."""
    fonts = load_fonts(PdfOptions().font)
    width = fonts.measure("abc", BOLD)
    assert fonts.measured == {("abc", BOLD): width}
    assert fonts.measure("abc", BOLD) == width == fonts.width("abc", BOLD)
    assert dataclasses.replace(fonts, ascent=1.0).measured == {}


def test_a_budget_counts_the_sides_section_sides_sets() -> None:
    """`side_count` lays a section out as `section_sides` does, nothing drawn: the budget's
    trials count the sides the deck prints; with `most`, a number above `most` where it
    takes more."""
    fonts = load_fonts(PdfOptions().font)
    frame = card_frame(PdfOptions())
    tokens = tuple(Token(f"{c}{d}") for c in "bcdefgh" for d in "aeiou")
    entries = tuple(Entry(Token(label, BOLD), tokens) for label in "ABCDEFGHIJKLMNOPQRSTUV")
    rows = Section((), "Rows", (), entries, tuple("abcdefghijklmnopqrstuv"))
    run_in = dataclasses.replace(rows, run_in=True)
    for section in (rows, run_in, dataclasses.replace(run_in, entries=entries[:2])):
        laid = len(section_sides(section, frame, fonts))
        assert side_count(section, frame, fonts) == laid
        assert side_count(section, frame, fonts, laid) == laid
    assert len(section_sides(run_in, frame, fonts)) == 3
    assert side_count(run_in, frame, fonts, 1) == 2


def test_a_run_in_section_of_no_entries_takes_one_side_of_its_heading() -> None:
    """No entries, no units (as with labels in the gutter): `wrap` sets no tokens as one empty
    line, which belongs to no entry. The budget lays out a seat that has no opening this way
    (issue 35)."""
    fonts = load_fonts(PdfOptions().font)
    frame = card_frame(PdfOptions())
    empty = Section((), "Run in", (), (), (), run_in=True)
    assert units_of(empty, frame.inner_width, 0.0, 8.0, fonts) == []
    sides = section_sides(empty, frame, fonts)
    assert len(sides) == 1
    assert [t.text for t in sides[0].texts] == ["Run in"]


SEATLESS = ("aa aaaaa aaaab aaaba aaabab aabbba ab abaa ababaab abb abbaa abbaaa abbaab abbab ba "
            "baa baab bab baba babaaba bb bbb bbbbab")
"""Issue 35's word list (4 players, 2+ letters): every fragment of two letters is a word, so
the game is over before the third seat moves, and the third and fourth seats have no opening."""


@pytest.mark.parametrize("form", ["json", "md", "pdf"])
def test_seats_with_no_opening_build_in_every_format(
    tmp_path: Path, runner: CliRunner, form: str
) -> None:
    """A deck whose further seats have no opening: the budget lays their cards out as any
    other (`IndexError` in `units_of` before), and every format says the game is over there."""
    (tmp_path / "words.txt").write_text(SEATLESS.replace(" ", "\n") + "\n", encoding="utf-8")
    config = tmp_path / "seatless.yaml"
    config.write_text("dictionary: ./words.txt\nplayers: 4\nmin_length: 2\n", encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(config), "-f", form, "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [f"seatless.{form}"]
    written = out / f"seatless.{form}"
    if form == "json":
        seats = json.loads(written.read_text(encoding="utf-8"))["seats"]
        assert [(len(s["openings"]), s["wins"] is None) for s in seats] == [
            (1, False), (2, False), (0, True), (0, True)]
    else:
        if form == "md":
            text = written.read_text(encoding="utf-8")
        else:
            with pdfplumber.open(written) as pdf:
                text = "\n".join(page.extract_text() for page in pdf.pages)
        assert " ".join(text.split()).count("the game is over") == 2, text


FORMATS = ("json", "md", "pdf")


@st.composite
def small_lists(draw: st.DrawFn) -> tuple[list[str], list[float]]:
    """Issue 35's random dictionaries: 6 to 70 words of an alphabet of 2 to 5 letters, and a
    Zipf frequency for each."""
    letters = "abcde"[: draw(st.integers(2, 5))]
    words = draw(st.lists(st.text(alphabet=letters, min_size=2, max_size=8), min_size=6,
                          max_size=70, unique=True))
    zipfs = draw(st.lists(st.sampled_from([0.0, 1.0, 2.5, 3.0, 4.0]), min_size=len(words),
                          max_size=len(words)))
    return words, zipfs


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@costliest
@given(game=small_lists(), min_length=st.integers(2, 4),
       formats=st.sets(st.sampled_from(FORMATS), min_size=1))
def test_random_small_dictionaries_build_in_every_format(
    players: int, game: tuple[list[str], list[float]], min_length: int, formats: set[str]
) -> None:
    """`cardgen build` on a small random dictionary, for any formats asked: each lays the
    pocket deck out (the JSON's and Markdown's `printed` and `wins` are the PDF deck's), and
    writes exactly the files asked for; a seat has figures where it has an opening, and the
    PDF prints every card on both sides."""
    words, zipfs = game
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "words.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
        (root / "zipf.tsv").write_text(
            "".join(f"{w}\t{z}\n" for w, z in zip(words, zipfs, strict=True)), encoding="utf-8")
        config = root / "small.yaml"
        config.write_text(f"dictionary: ./words.txt\nplayers: {players}\n"
                          f"min_length: {min_length}\nfamiliarity: ./zipf.tsv\n", encoding="utf-8")
        out = root / "out"
        asked = [arg for form in sorted(formats) for arg in ("-f", form)]
        result = CliRunner().invoke(app, ["build", str(config), *asked, "-o", str(out), "-q"])
        assert result.exit_code == 0, result.output
        assert sorted(p.name for p in out.iterdir()) == [f"small.{f}" for f in sorted(formats)]
        if "json" in formats:
            seats = json.loads((out / "small.json").read_text(encoding="utf-8"))["seats"]
            assert len(seats) == players
            assert all((s["wins"] is None) == (not s["openings"]) for s in seats), seats
        if "pdf" in formats:
            with pdfplumber.open(out / "small.pdf") as pdf:
                assert len(pdf.pages) % 2 == 0


def test_without_frequencies_the_tables_are_one(
    write_config: Callable[..., Path], runner: CliRunner
) -> None:
    """`familiarity: none`: every table of the range knows every word alike, so the cards
    say what they win at that one table, and explain gives no line of tables."""
    path = write_config("dictionary: animals.txt\nplayers: 3\nmin_length: 3\n"
                        "familiarity: none\n")
    built = runner.invoke(app, ["build", str(path), "-q", "-f", "md", "-o",
                                str(path.parent / "out")])
    assert built.exit_code == 0, built.output
    text = (path.parent / "out" / f"{path.stem}.md").read_text()
    assert ("At a casual table (knows every word, all alike) this card wins 100% of your games "
            "in seat 1; 90% without it.") in text
    assert "At casual tables" not in text
    explained = runner.invoke(app, ["explain", str(path), ""]).stdout
    assert "At each table" not in explained


LOOKUP_DECKS = ["twl06-3p", "twl06-4p", "sowpods-4p", "german-3p"]
"""The decks issue 37 reads side by side: every seat-3/4 side begins with its group's head,
no entry split."""


def body_text(page: Any) -> tuple[str, str]:
    """A seat-3/4 side's body as its text reads, spaces left out: from the line of its first
    head (a character in the heads' serif face) to the footer; and that line's first
    character."""
    rows = lines([c for c in page.chars if c["text"].strip()])
    start = next(i for i, row in enumerate(rows) if any("Serif" in c["fontname"] for c in row))
    body = "".join(c["text"] for row in rows[start:-1] for c in row)
    return body, rows[start][0]["text"]


@pytest.mark.network
@pytest.mark.parametrize("name", [  # one deck in the default run, all with -m ""
    pytest.param(name, marks=() if name == "twl06-3p" else pytest.mark.slow)
    for name in LOOKUP_DECKS])
def test_every_seat_side_begins_with_its_head_and_splits_no_entry(
    lexicons: Lexicons, name: str
) -> None:
    """Issue 37, 1: read from the PDF's text, each side of the third and fourth seats begins
    with the capital of the group (first letter) it begins in, repeated where it continues
    the side before; the sides hold the seat's entries in order, each whole (an opening's
    letters, its move and its words on one side: twl06-4p no longer ends a side with
    'dw[e] dweeb dwell' and opens the next with 'dwelt')."""
    config, card = shipped_card(CONFIGS / f"{name}.yaml", lexicons)
    deck = budget(card, config.pdf)
    fonts = load_fonts(config.pdf.font)
    with pdfplumber.open(io.BytesIO(render_card(deck, config.pdf))) as pdf:
        texts = [page.extract_text() for page in pdf.pages]
        for seat in deck.seats[2:]:
            section = row_section(deck, seat, fonts, card_frame(config.pdf))
            # Each item: (its group's capital, its text with the spaces left out).
            items = []
            for entry in section.entries:
                assert entry.label is not None
                starts = [*entry.items, len(entry.tokens)]
                for a, b in itertools.pairwise(starts):
                    said = "".join(t.text for t in entry.tokens[a:b])
                    items.append((entry.label.text, re.sub(r"\s|\u200a", "", said)))
            heading = seat_heading(seat.seat)
            pages = [p for p, t in zip(pdf.pages, texts, strict=True) if t.startswith(heading)]
            assert len(pages) == 2, seat.seat
            k = 0
            for page in pages:
                body, first = body_text(page)
                assert first == items[k][0], (seat.seat, first)  # the side begins with its head
                body, start = body[1:], k
                while body:  # whole items, each group's head in front of its first
                    head, said = items[k]
                    if k > start and items[k - 1][0] != head:
                        assert body.startswith(head), (seat.seat, body[:20])
                        body = body[len(head):]
                    assert body.startswith(said), (seat.seat, said, body[:20])
                    body = body[len(said):]
                    k += 1
            assert k == len(items), seat.seat


def test_a_head_that_begins_a_line_keeps_its_ink_inside_the_margin() -> None:
    """A serif J reaches 0.5 pt left of its origin at 7 pt (twl06-3p's second seat-3 side
    began with it 0.5 pt into the margin): a head that begins a line is set in by as much;
    a B, whose ink begins right of its origin, and a line that begins with no head stay."""
    fonts = load_fonts(PdfOptions().font)
    j = Text(SAFE_MARGIN, 50.0, "J", HEAD, 7.0)
    rest = Text(SAFE_MARGIN + 9.0, 50.0, " ea", REGULAR, 7.0)
    moved, kept = set_in([j, rest], fonts)
    assert fonts.ink("J", HEAD)[0] * 7.0 == pytest.approx(-0.51, abs=0.01)
    assert moved.x + fonts.ink("J", HEAD)[0] * 7.0 == pytest.approx(SAFE_MARGIN)
    assert kept == rest
    b = Text(SAFE_MARGIN, 50.0, "B", HEAD, 7.0)
    assert set_in([b, rest], fonts) == [b, rest]
    plain = Text(SAFE_MARGIN, 50.0, "jo", REGULAR, 7.0)
    assert set_in([plain], fonts) == [plain]


def test_run_in_sides_begin_with_their_head_and_keep_each_item_whole() -> None:
    """Sides of 2 lines, then 3, 40 pt wide: the item 'ad' with its words does not fit what
    the first side leaves, so it moves whole, and the second side, inside group A, begins
    with A's head again; the third begins with B's."""
    fonts = load_fonts(PdfOptions().font)
    words = tuple(Token(w) for w in ("adder", "addle", "adds"))
    a = Entry(Token("A", HEAD), (Token("ab"), Token("ac"), Token("ad"), *words), (0, 1, 2))
    b = Entry(Token("B", HEAD), (Token("ba"),))
    section = Section((), "Run in", (), (a, b), ("a", "b"), run_in=True)
    sides = run_in_sides(section, 40.0, 8.0, fonts, lambda n: 3 if n else 2)
    assert sides is not None
    said = [[" ".join(t.text for _x, t in line) for u in side for line in u.lines]
            for side in sides]
    assert said == [["A ab ac"], ["A ad", "adder", "addle adds"], ["B ba"]]
    assert [[(u.first, u.last) for u in side] for side in sides] == [
        [("a", "a")], [("a", "a")] * 3, [("b", "b")]]
    # An item taller than a side (with its head) cannot be set.
    assert run_in_sides(section, 40.0, 8.0, fonts, lambda _n: 2) is None


@pytest.mark.network
@pytest.mark.parametrize("name", ["twl06-4p", "twl06-3p-casual"])
def test_a_run_in_seat_s_cut_found_from_its_guess_is_the_galloping_search_s(
    name: str, lexicons: Lexicons
) -> None:
    """Each run-in seat's guess (`budget.RunIn`: each step measured once, one section laid
    out once) prints a few openings more or fewer than its cut at most, and the search from
    it prints what the galloping search from 32 steps prints, laying out about half as many
    sections (issue 39, item 1)."""
    config, card = shipped_card(Path(f"configs/{name}.yaml"), lexicons)
    fonts, frame = load_fonts(config.pdf.font), card_frame(config.pdf)
    run_in = RunIn(frame, fonts)
    counted: list[int] = []

    def count(*args: Any, **kwargs: Any) -> int:
        counted.append(1)
        return side_count(*args, **kwargs)

    for seat in card.seats[2:]:
        order = steps(seat, forced=card.opponent.perfect)

        def section(s: SeatStrategy) -> Section:
            return row_section(card, s, fonts, frame)

        with mock.patch("cardgen.render.pdf.budget.side_count", side_effect=count):
            galloped = fitted(seat, 2, section, frame, fonts, order)
            trials = len(counted)
            guess = run_in.guess(seat, order, 2, section)
            guided = fitted(seat, 2, section, frame, fonts, order, guess)
        assert guided == galloped
        # The guess lays one section out (`sides.run_in_layout`).
        assert 2 * (len(counted) - trials + 1) <= trials + 1, (seat.seat, len(counted), trials)
        counted.clear()
        printed = [len(s.listed)
                   for s in (galloped, pick(seat, order[:guess]))]
        assert abs(printed[0] - printed[1]) <= 10, (seat.seat, printed)


SHORT_TOKENS = st.builds(
    Token, st.text("abcmw", min_size=1, max_size=6), st.sampled_from([REGULAR, BOLD, MOVE]),
    st.sampled_from([True, True, False]), st.sampled_from([False, False, False, True]))
"""Run-in tokens mostly shorter than a line even kept together (`units.settles`)."""


@given(st.data(), st.integers(1, 3))
def test_a_run_in_section_asked_about_its_sides_says_what_its_layout_says(
    data: st.DataObject, most: int
) -> None:
    """`side_count` asked whether `most` sides hold a run-in section answers as its fewest
    sides do: where the likeliest layout takes more, trying no other (`units.settles`) loses
    no layout that takes fewer (issue 39), glued, kept and over-wide tokens included."""
    kind = data.draw(st.sampled_from([SHORT_TOKENS, SHORT_TOKENS, RUN_IN_TOKENS]))
    drawn = data.draw(st.lists(st.tuples(
        st.lists(kind, min_size=4, max_size=12),
        st.lists(st.integers(0, 11), max_size=3, unique=True)), min_size=20, max_size=80))
    fonts, frame = load_fonts(PdfOptions().font), card_frame(PdfOptions())
    entries = tuple(Entry(Token("ABC"[i % 3], HEAD), tuple(tokens),
                          tuple(sorted({0, *(j for j in items if j < len(tokens))})))
                    for i, (tokens, items) in enumerate(drawn))
    section = Section((), "Run in", (), entries, tuple("abc"[i % 3] for i in range(len(entries))),
                      run_in=True)

    def count(most: int | None = None) -> int:
        try:
            return side_count(section, frame, fonts, most)
        except DoesNotFit:
            return 99

    assert (count(most) <= most) == (count() <= most)


def test_a_run_in_section_that_overflows_is_laid_out_once() -> None:
    """A run-in section the smallest size and tightest leading set on more than `most` sides
    is laid out once to say so; where a word kept with its head is wider than a line at the
    largest size, every size and leading is tried (issue 39)."""
    fonts, frame = load_fonts(PdfOptions().font), card_frame(PdfOptions())
    tokens = tuple(Token(f"{c}{d}") for c in "bcdefgh" for d in "aeiou")
    entries = tuple(Entry(Token(label, HEAD), tokens) for label in "ABCDEFGHIJKLMNOPQRSTUV")
    section = Section((), "Rows", (), entries, tuple("abcdefghijklmnopqrstuv"), run_in=True)
    wide = dataclasses.replace(section, entries=(Entry(Token("W", HEAD), (Token("m" * 60),)),
                                                 *entries))
    for run_in, tries in ((section, 1), (wide, 6)):
        with mock.patch("cardgen.render.pdf.sides.run_in_layout",
                        side_effect=sides.run_in_layout) as laid:
            assert side_count(run_in, frame, fonts, 1) == 2
        assert laid.call_count == tries
