"""Glance grids, seat marks, chosen seats and print settings of the PDF cards (issue 9)."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from conftest import word_card
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.cards.config import load_card_config
from cardgen.cards.paper import PdfOptions
from cardgen.cards.strategy import Card, Opening, SeatStrategy
from cardgen.games.advice import Try
from cardgen.render.markdown import render_card as render_markdown
from cardgen.render.pdf import PdfError, glance, render_card, render_sheet, sides
from cardgen.render.pdf.fonts import load_fonts
from cardgen.render.pdf.grid import Cell, rows
from cardgen.render.pdf.layout import (
    COLUMN_GAP,
    MARK_HEIGHT,
    MARK_WIDTH,
    SAFE_MARGIN,
    Para,
    para_lines,
    words,
    wrap,
)
from cardgen.render.pdf.sides import card_frame, draw_top

ANIMALS = "cat camel goat gecko gerbil gar gannet"


def page_texts(data: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [page.extract_text() for page in pdf.pages]


def test_grid_rows_are_the_opening_less_its_last_letter() -> None:
    seat = SeatStrategy(
        3,
        (
            Opening("ca", (1,), ("m",), ("camel",)),
            Opening("ge", (3,), (), (), Try("r", 1, 2)),
            Opening("go", (3,), (), ()),
        ),
    )
    assert rows(seat, "acegmo") == [
        rows(seat, "acegmo")[0],
        rows(seat, "acegmo")[1],
    ]
    first, second = rows(seat, "acegmo")
    assert first.label == "c"
    assert first.cells == (Cell("play", "m"), Cell(""), Cell(""), Cell(""), Cell(""), Cell(""))
    assert second.label == "g"
    assert second.cells == (Cell(""), Cell(""), Cell("try", "r"), Cell(""), Cell(""), Cell("lost"))


def with_try(card: Card) -> Card:
    """`card` with a best try on every lost opening of seat 3 (the advice branch's job)."""
    seats = list(card.seats)
    seats[2] = SeatStrategy(
        3,
        tuple(
            o if o.won else Opening(o.fragment, o.losers, o.moves, o.words, Try("z", 1, 1))
            for o in card.seats[2].openings
        ),
    )
    return Card(card.title, card.dictionary, card.players, card.min_length, card.losers,
                tuple(seats))


def test_the_grid_shows_moves_boxed_tries_framed_and_its_key() -> None:
    card = with_try(word_card(ANIMALS, players=3))
    with pdfplumber.open(io.BytesIO(render_card(card, PdfOptions()))) as pdf:
        grid = pdf.pages[2]
        white = "".join(c["text"] for c in grid.chars if c["non_stroking_color"] == (1,))
        # The key's sample A, the moves (boxed), the corner mark.
        moves = "".join(o.play or "" for o in card.seats[2].openings)
        assert moves == "mca"
        assert white.replace(" ", "") == "A" + moves.upper() + "3"
        text = grid.extract_text().replace("\n", " ")
        # Issue 16, 4: which rows, what rows and columns are, the marks used, blank cells.
        assert text.startswith(
            "You play third · rows C–G 3 Row: the letters on the table but the last; column: "
            "the last letter. A play; A best try; blank: no word begins so A B C"
        )
        # A try is framed: an outlined rectangle around its letter Z.
        outlines = [r for r in grid.rects if r["stroke"] and not r["fill"]]
        assert len(outlines) == 2  # the lost opening "ge"'s try, and the legend's


def test_words_none_gives_the_grids_alone() -> None:
    card = word_card(ANIMALS, players=3)
    texts = page_texts(render_card(card, PdfOptions(words="none")))
    first_lines = [t.splitlines()[0] for t in texts]
    assert first_lines == ["Ghost: tiny, 3 players, 1&2", "You play third · rows C–G 3"]


def test_seats_prints_only_the_chosen_seats() -> None:
    card = word_card(ANIMALS, players=3)
    texts = page_texts(render_card(card, PdfOptions(seats=(3,))))
    assert [t.splitlines()[0] for t in texts] == [
        "Ghost: tiny, 3 players, 3",  # the front names the chosen seat
        "You play third · rows C–G 3",
        # Four sides: the words spread over two, the rules after the last word.
        "You play third · c 3",
        "You play third · g 3",
    ]
    assert "\nThe rules: Players take turns" in texts[-1]
    assert "You play first" not in texts[0] and "You play second" not in texts[0]
    assert "Cards by seat: third 1–2, rows C–G on 1." in texts[0]  # the grid backs card 1


def test_card_1_lists_the_cards_of_each_seat() -> None:
    card = word_card(ANIMALS, players=3)
    front = page_texts(render_card(card, PdfOptions()))[0]
    # Issue 16, 4: card 1 indexes which card holds which grid rows.
    assert "Cards by seat: first 1 · second 1 · third 2, rows C–G on 2." in front.replace("\n", " ")


def test_viewers_are_asked_for_actual_size_and_long_edge_duplex() -> None:
    card = word_card(ANIMALS, players=2)
    for data in (render_card(card, PdfOptions()), render_sheet(card, PdfOptions(sheet="a4"))):
        assert b"/Duplex /DuplexFlipLongEdge /PrintScaling /None" in data


@pytest.mark.parametrize(
    ("size", "sheet"), [("business-eu", "a4"), ("business-us", "letter"), ("id1", "a4")]
)
def test_every_sheet_carries_the_instruction_and_a_50_mm_scale_bar(size: str, sheet: str) -> None:
    card = word_card(ANIMALS, players=2)
    with pdfplumber.open(io.BytesIO(render_sheet(card, PdfOptions(size=size, sheet=sheet)))) as pdf:
        front = pdf.pages[0]
        text = "".join(c["text"] for c in front.chars)
        assert "Printatactualsize(100%),double-sided" in text.replace(" ", "")
        bars = [
            line
            for line in front.lines
            if line["x0"] == line["x1"] and line["bottom"] - line["top"] > 20
        ]
        assert [round((b["bottom"] - b["top"]) / 72 * 25.4, 3) for b in bars] == [50.0]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("seats: [4]", "seat 4: the game has 3 players"),
        ("seats: 2", "expected a list of seat numbers such as [1, 2], got 2"),
        ("seats: [0]", "expected a list of seat numbers such as [1, 2], got [0]"),
        ("words: some", "expected one of all, none, got 'some'"),
    ],
)
def test_bad_pdf_seats_and_words_exit_2_in_one_line(
    write_config: Callable[..., Path], tmp_path: Path, value: str, message: str
) -> None:
    path = write_config(f"dictionary: animals.txt\nplayers: 3\nmin_length: 3\npdf:\n  {value}\n")
    result = CliRunner().invoke(app, ["build", str(path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    key = value.split(":")[0]
    assert result.stderr == f"cardgen: error: {path}: pdf.{key}: {message}\n"


def test_pdf_seats_and_words_are_read(write_config: Callable[..., Path]) -> None:
    path = write_config(
        "dictionary: animals.txt\nplayers: 3\nmin_length: 3\npdf:\n  seats: [3, 1]\n  words: none\n"
    )
    assert load_card_config(path).pdf == PdfOptions(seats=(1, 3), words="none")


def test_markdown_gets_the_same_grid_as_a_table() -> None:
    card = with_try(word_card(ANIMALS, players=3))
    text = render_markdown(card)
    letters = card.dictionary.letters
    assert "| |" + "".join(f" {x} |" for x in letters) + "\n" in text
    cells = {"c": {"a": "**m**"}, "g": {"a": "_z?_", "e": "**c**", "o": "**a**"}}
    for prefix, row in cells.items():
        line = f"| **{prefix}** |" + "".join(f" {row.get(x, '')} |" for x in letters) + "\n"
        assert line in text


def test_a_seat_of_many_grid_rows_is_laid_out_in_linear_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 26, item 8: the fewest sides are searched from the count no side's top could beat,
    not from one side up, which drew every side's top again for each count (a 6-player whole
    deck: 1,070 s, now 115 s). The tops drawn: the bound, the sides tried, the sides made."""
    letters = "abcdefghijklmnop"
    words = " ".join(a + b + c + "st" for a in letters for b in "aeiouy" for c in "lmn")
    card = word_card(words, players=4)
    calls: list[int] = []
    real = draw_top

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(glance, "draw_top", counting)
    frame = card_frame(PdfOptions())
    sides = glance.grid_sides(card.seats[3], card, frame, load_fonts(None))
    assert len(rows(card.seats[3], card.dictionary.letters)) == 96
    assert len(sides) == 8
    assert len(calls) == 1 + len(sides) + len(sides)


def test_a_long_heading_paragraph_is_broken_once_per_width(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 26, item 8: a 10-player deck's index on card 1 is thousands of words; breaking
    what is left again for every line made it quadratic. It is broken again only where the
    width changes (beside the seat mark), into the same lines the line-by-line way gives."""
    fonts, frame = load_fonts(None), card_frame(PdfOptions())
    para = Para(words(" ".join(f"rows {n}" for n in range(1500))), 7.0)
    calls: list[int] = []

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return wrap(*args, **kwargs)

    monkeypatch.setattr(sides, "wrap", counting)
    texts, _y = draw_top((para,), frame, fonts)
    assert len({t.y for t in texts}) > 100
    assert len(calls) == 2  # beside the mark, then below it
    # The line-by-line way: break what is left at each line's width, keep its first line.
    tokens = [t for line in para_lines(para, frame.inner_width - MARK_WIDTH - COLUMN_GAP,
                                       fonts.measure) for _x, t in line]
    firsts = []
    for y in sorted({t.y for t in texts}, reverse=True):
        narrow = y + 7.0 * fonts.ascent > frame.height - SAFE_MARGIN - MARK_HEIGHT
        width = frame.inner_width - (MARK_WIDTH + COLUMN_GAP if narrow else 0.0)
        line = wrap(tokens, width, 7.0, fonts.measure)[0]
        tokens = tokens[len(line):]
        firsts.append(" ".join(token.text for _x, token in line))
    assert not tokens
    assert firsts == [
        "".join(t.text for t in texts if t.y == y).strip()
        for y in sorted({t.y for t in texts}, reverse=True)
    ]


# --- issue 35, 13: a deck its card is too narrow for, refused before the game is solved ---

LONG_WORDS = "armadillo crocodile elephants kangaroos porcupine"
"""Words of nine letters: every seat up to the ninth has openings."""
NARROW = (
    "pdf.size: a7: the glance grid of the eighth seat (26 letters of 6 pt or more across, "
    "beside rows of 6 letters) does not fit on a side; choose pdf.size: business-us, where it "
    "fits; or print the pocket deck (leave out pdf.cards, or give a number of cards)"
)


def narrow_config(tmp_path: Path, pdf: str, players: int = 8, extra: str = "") -> Path:
    (tmp_path / "long.txt").write_text(LONG_WORDS.replace(" ", "\n") + "\n")
    config = tmp_path / "narrow.yaml"
    config.write_text(f"dictionary: ./long.txt\nplayers: {players}\nmin_length: 3\n"
                      f"familiarity: none\npdf: {pdf}\n{extra}")
    return config


def test_a_grid_no_side_is_wide_enough_for_is_refused_before_the_solve(tmp_path: Path) -> None:
    """An A7 card is too narrow for the eighth seat's glance grid, whatever the words and the
    title (its rows' labels are six letters, each at least as wide as the narrowest): the
    build stops before the solve (else --max-seconds 0.25 would refuse the solve), names the
    grid, a size where it fits and the pocket deck; nothing is written."""
    config = narrow_config(tmp_path, "{cards: full, size: a7}")
    result = CliRunner().invoke(app, ["build", str(config), "--out", str(tmp_path / "out"),
                                      "--max-seconds", "0.25"])
    assert (result.exit_code, result.stderr) == (2, f"cardgen: error: {config}: {NARROW}\n")
    assert not (tmp_path / "out").exists()
    # The layout agrees: the card itself fits no A7 side.
    card = word_card(LONG_WORDS, 8)
    with pytest.raises(PdfError, match="a7: the glance grid of the "):
        render_card(card, PdfOptions(size="a7", cards=0))
    # The pocket deck has no grids; a credit card is wide enough for the whole deck.
    for pdf in ("{size: a7}", "{cards: full}"):
        config = narrow_config(tmp_path, pdf)
        result = CliRunner().invoke(app, ["build", str(config), "--out", str(tmp_path / "out"),
                                          "-f", "pdf"])
        assert (result.exit_code, result.stderr) == (0, ""), pdf


def test_a_card_read_from_the_cache_is_judged_before_its_layout(
    tmp_path: Path, folder: Path
) -> None:
    """The JSON of the whole deck builds (and is kept); its PDF, with the card read back from
    the cache, is refused as before the solve."""
    config = narrow_config(tmp_path, "{cards: full, size: a7}")
    out = ["--out", str(tmp_path / "out")]
    result = CliRunner().invoke(app, ["build", str(config), *out, "-f", "json"])
    assert (result.exit_code, result.stderr) == (0, "")
    result = CliRunner().invoke(app, ["build", str(config), *out, "-f", "pdf"])
    assert (result.exit_code, result.stderr) == (2, f"cardgen: error: {config}: {NARROW}\n")


def test_an_alphabet_too_wide_for_any_grid_but_the_index_card(tmp_path: Path) -> None:
    """Polish's 35 letters: on a credit card the third seat's grid cannot set them at 6 pt;
    only the index card can. Two players' deck has no grid, and its strip (18 letters a row)
    fits."""
    extra = "language: pl\nalphabet: scrabble\n"
    config = narrow_config(tmp_path, "{cards: full}", 3, extra)
    result = CliRunner().invoke(app, ["build", str(config), "--out", str(tmp_path / "out")])
    assert (result.exit_code, result.stderr) == (2, (
        f"cardgen: error: {config}: pdf.size: id1: the glance grid of the third seat (35 "
        "letters of 6 pt or more across, beside rows of 1 letter) does not fit on a side; "
        "choose pdf.size: index, where it fits; or print the pocket deck (leave out pdf.cards, "
        "or give a number of cards)\n"))
    config = narrow_config(tmp_path, "{cards: full}", 2, extra)
    result = CliRunner().invoke(app, ["build", str(config), "--out", str(tmp_path / "out"),
                                      "-f", "pdf"])
    assert (result.exit_code, result.stderr) == (0, "")
