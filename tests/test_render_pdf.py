"""The PDF pocket cards: sizes, legibility, layout, fonts, metadata and sheets."""

from __future__ import annotations

import dataclasses
import importlib.util
import io
import pickle
import random
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pdfplumber
import pytest
from conftest import word_card
from pdfink import ink, ink_faults, inside, rect_box

from cardgen.cards.make import make_card
from cardgen.cards.paper import FULL
from cardgen.cards.strategy import Card, Opening
from cardgen.errors import FetchError, InputError
from cardgen.render.markdown import render_card as render_markdown
from cardgen.render.pdf import (
    SHEETS,
    SIZES,
    PdfError,
    PdfOptions,
    fonts,
    render_card,
    render_sheet,
)
from cardgen.render.pdf.layout import SAFE_MARGIN
from cardgen.render.sentences import RARE_MARK, no_first_win
from cardgen.words.catalog import sha256
from cardgen.words.wordlists import CatalogList, check_available, is_cached


def full_deck(**options: Any) -> PdfOptions:
    """The whole deck (`pdf.cards: full`): what these tests pin is every entry of every seat
    (tests/test_pdf_pocket.py pins the pocket deck, the default)."""
    return PdfOptions(cards=FULL, **options)


AMERICAN_SHA = "9f513f1ceadb6a01c5485b7dbdfd5118dc66cd70b59cae2851292112d4066a32"

MM = 72 / 25.4
ORDINALS = ("first", "second", "third", "fourth")
REPORTLAB = importlib.util.find_spec("reportlab")
assert REPORTLAB is not None and REPORTLAB.origin is not None
VERA = Path(REPORTLAB.origin).parent / "fonts" / "Vera.ttf"
DEJAVU = fonts.DEFAULT_FONT
needs_dejavu = pytest.mark.skipif(
    not DEJAVU.is_file(),
    reason="these figures are measured with DejaVu Sans Condensed (apt-get install "
    "fonts-dejavu-core fonts-dejavu-extra); the fallback font sets other widths",
)


def dictionary_card(name: str, players: int, min_length: int) -> Card:
    """The card of a Debian catalog list; skips the test where the list is not installed."""
    try:
        check_available(CatalogList(name))
    except FetchError as error:
        pytest.skip(str(error))
    return make_card(name, players, min_length)


@pytest.fixture(scope="module")
def two() -> Card:
    """The two-player card of american-english, words of 4+ letters (one card, two sides)."""
    return dictionary_card("american-english", 2, 4)


@pytest.fixture(scope="module")
def three() -> Card:
    """A five-card deck: american-english, three players, words of 3+ letters."""
    return dictionary_card("american-english", 3, 3)


@pytest.fixture(scope="module")
def web2() -> Card:
    return dictionary_card("web2", 2, 3)


@pytest.fixture(scope="module")
def twl06() -> Card:
    """The published case: TWL06, two players, words of 4+ letters (if the list is cached)."""
    if not is_cached("twl06"):
        pytest.skip("twl06 is not cached (cardgen wordlists fetch twl06)")
    return make_card("twl06", 2, 4)


@pytest.fixture(scope="module")
def two_pdf(two: Card) -> bytes:
    return render_card(two, full_deck())


@pytest.fixture(scope="module")
def three_pdf(three: Card) -> bytes:
    return render_card(three, full_deck())


def pages(data: bytes) -> Iterator[pdfplumber.page.Page]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        yield from pdf.pages


def page_words(page: pdfplumber.page.Page) -> list[str]:
    """The words printed on a page, a rare word's dagger taken off."""
    return [word["text"].removesuffix(RARE_MARK) for word in page.extract_words()]


def card_words(card: Card) -> set[str]:
    return {word for seat in card.seats for opening in seat.openings for word in opening.words}


def assert_inside(chars: list[dict[str, Any]], box: tuple[float, float, float, float]) -> None:
    """Every glyph box lies in (x0, top, x1, bottom), pdfplumber's top-down coordinates."""
    x0, top, x1, bottom = box
    eps = 0.001
    outside = [
        (c["text"], round(c["x0"], 1), round(c["top"], 1), round(c["size"], 2))
        for c in chars
        if c["x0"] < x0 - eps
        or c["x1"] > x1 + eps
        or c["top"] < top - eps
        or c["bottom"] > bottom + eps
    ]
    assert outside == []


def assert_no_overlap(chars: list[dict[str, Any]]) -> None:
    """No two glyph boxes overlap (boxes of neighbouring glyphs may touch)."""
    boxes = np.array([[c["x0"], c["top"], c["x1"], c["bottom"]] for c in chars])
    across = np.minimum(boxes[:, None, 2], boxes[None, :, 2]) - np.maximum(
        boxes[:, None, 0], boxes[None, :, 0]
    )
    down = np.minimum(boxes[:, None, 3], boxes[None, :, 3]) - np.maximum(
        boxes[:, None, 1], boxes[None, :, 1]
    )
    overlap = (across > 0.01) & (down > 0.01)
    np.fill_diagonal(overlap, False)
    pairs = [(chars[i]["text"], chars[j]["text"]) for i, j in np.argwhere(overlap)]
    assert pairs == []


def printed(page: pdfplumber.page.Page) -> list[dict[str, Any]]:
    return [c for c in page.chars if c["text"].strip()]


def opening_words(opening: Opening) -> set[str]:
    """The words of an opening: every side prints them whole (issue 16, 8)."""
    return set(opening.words)


def printed_words(card: Card) -> set[str]:
    return {w for seat in card.seats for opening in seat.openings for w in opening_words(opening)}


def assert_printed(card: Card, found: set[str]) -> None:
    """Every word of the card is printed whole."""
    assert printed_words(card) - found == set()


def assert_black_or_white_on_black(page: pdfplumber.page.Page) -> None:
    """Every glyph is filled pure black, or pure white inside a black filled rectangle."""
    dark = [
        r for r in page.rects if r["fill"] and r["non_stroking_color"] in ((0,), 0)
    ]
    for c in printed(page):
        color = tuple(c["non_stroking_color"])
        if color == (0,):
            continue
        assert color == (1,), c["text"]
        box = ink(c)
        assert box is not None
        assert any(inside(box, rect_box(r)) for r in dark), c["text"]


def white(page: pdfplumber.page.Page) -> str:
    """The white glyphs of a side, in pdfplumber's order."""
    return "".join(c["text"] for c in printed(page) if c["non_stroking_color"] == (1,))


def corner_mark(page: pdfplumber.page.Page) -> str:
    """The white text in the top-right corner: the seats the side is for."""
    return "".join(
        c["text"]
        for c in printed(page)
        if c["non_stroking_color"] == (1,)
        and c["x0"] > page.width - SAFE_MARGIN - 8 * MM
        and c["bottom"] < SAFE_MARGIN + 4.5 * MM
    )


# --- one card per page ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "width_mm", "height_mm"),
    [
        ("id1", 85.60, 53.98),
        ("business-us", 3.5 * 25.4, 2 * 25.4),
        ("business-eu", 85, 55),
        ("a7", 74, 105),
        ("index", 5 * 25.4, 3 * 25.4),
    ],
)
def test_every_page_has_the_size_of_the_preset(
    two: Card, size: str, width_mm: float, height_mm: float
) -> None:
    assert SIZES[size] == pytest.approx((width_mm * MM, height_mm * MM))
    data = render_card(two, full_deck(size=size))
    sizes = {(round(p.width, 2), round(p.height, 2)) for p in pages(data)}
    assert sizes == {(round(width_mm * MM, 2), round(height_mm * MM, 2))}


def test_sheet_presets() -> None:
    assert SHEETS == ("none", "a4", "letter")


@needs_dejavu
def test_two_players_front_and_back(two: Card, two_pdf: bytes) -> None:
    """The front answers both seats' first move; the back holds the second seat's words."""
    front, back = (page.extract_text() for page in pages(two_pdf))
    assert front.splitlines() == [
        "Ghost: american-english, 2 players, 1&2",
        "words of 4+ letters",
        "2 players add a letter in turn; the letters must begin a word of",
        "american-english. Whoever completes a word of 4+ letters loses.",
        "With perfect play the first player wins and the second",  # never a lone word
        "player loses.",
        "You play first: open with j then keep to jack jell jilt john just",
        "You play second: play the letter under theirs: A a forced win; A",  # drawn marks
        "no forced win, a trap: they get out only if they know the",
        "word named.",
        "A B C D E F GH I J K L MNO P QR S T U VWX Y Z",
        "OR R J J J H A F I H L K Y ZWU H QR D Y R T T W",  # a framed letter: the trap
        "american-english 9f513f1c · 2 players · 4+ letters card 1/1 · front",
    ]
    lines = back.splitlines()
    assert lines[:2] == [
        "You play second framed: no forced win, the trap 2",  # the frame's key beside
        "Find their bold letter, play the boxed one, keep to its words.",
    ]
    assert lines[-1] == "american-english 9f513f1c · 2 players · 4+ letters card 1/1 · back"
    # Three columns of openings, a lost one showing its best try: the first line holds a, h, s.
    assert lines[2] == "a o aorta h a only hacienda s q squeamish"


@needs_dejavu
def test_twl06_fits_one_card_at_7_pt(twl06: Card) -> None:
    data = render_card(twl06, full_deck())
    front, back = pages(data)
    assert front.extract_text().splitlines()[5:7] == [
        "You play first: open with n then keep to naan nene ngultrum",
        "nirvanic nolo null nyctalopia",
    ]
    assert card_words(twl06) <= set(page_words(front)) | set(page_words(back))
    for page in (front, back):
        assert round(min(c["size"] for c in printed(page)), 6) >= 7.0


def test_the_move_is_white_on_black_and_all_else_black(two: Card, two_pdf: bytes) -> None:
    """Every glyph is filled pure black, or white on a black box: the moves and seat marks."""
    front, back = pages(two_pdf)
    for page in (front, back):
        assert_black_or_white_on_black(page)
    moves = "".join(o.play or "" for o in two.seats[1].openings)
    assert moves == "orrjjjhfhlzwuqrdyrtt"
    # The first move, the boxed A of the strip's key, the strip, the corner mark.
    assert white(front) == "jA" + moves.upper() + "1&2"
    assert white(back) == moves + "2"


def test_lost_openings_show_their_try_in_words(two: Card, two_pdf: bytes) -> None:
    """Issues 15, 16 (5): a trap names the word that gets the others out, not n/m."""
    back = list(pages(two_pdf))[1]
    lost = [o.fragment for o in two.seats[1].openings if not o.won]
    assert lost == ["h", "j", "m", "n", "r", "z"]
    text = back.extract_text()
    tries = re.findall(r"(?:^| )([a-z]) ([a-z]) only ([a-z]+)", text, re.M)
    assert tries == [
        ("h", "a", "hacienda"), ("j", "i", "jiggling"), ("m", "k", "mkay"),
        ("n", "y", "nybble"), ("r", "h", "rhapsodies"), ("z", "w", "zwieback"),
    ]
    assert "/" not in text.rsplit("\n", 1)[0]  # no n/m above the footer's card 1/1


@needs_dejavu
def test_body_is_7_pt_headings_bold(two_pdf: bytes) -> None:
    for page in pages(two_pdf):
        assert round(min(c["size"] for c in printed(page)), 6) >= 7.0
        words = {
            w["text"]: round(w["chars"][0]["size"], 2)
            for w in page.extract_words(extra_attrs=["size"], return_chars=True)
        }
        assert words.get("jack", words.get("aorta")) in (7.5, 7.0)  # front, back
        assert words.get("You") in (7.5, 9.0)


@pytest.mark.parametrize("deck", ["two", "three", "web2"])
def test_every_word_every_rule_on_the_cards(deck: str, request: pytest.FixtureRequest) -> None:
    card: Card = request.getfixturevalue(deck)
    data = render_card(card, full_deck())
    found: set[str] = set()
    rules = f"{card.dictionary.sha256[:8]} · {card.players} players · {card.min_length}+ letters"
    all_pages = list(pages(data))
    assert len(all_pages) % 2 == 0
    for n, page in enumerate(all_pages):
        text = page.extract_text()
        assert f"{card.dictionary.name} {rules}" in text
        side = "back" if n % 2 else "front"
        assert f"card {n // 2 + 1}/{len(all_pages) // 2} · {side}" in text
        found |= set(page_words(page))
    assert_printed(card, found)


@pytest.mark.parametrize("deck", ["two", "three", "web2"])
def test_nothing_small_outside_or_overlapping(deck: str, request: pytest.FixtureRequest) -> None:
    """Two-player cards keep 7 pt; three-player glance grids may go to 6 pt; a7 never sets body
    text below 9 pt. No letter's ink leaves its box or touches another letter's."""
    card: Card = request.getfixturevalue(deck)
    for size in ("id1", "a7"):
        if deck == "three" and size == "a7":  # its front needs more room than a7 at 9 pt
            with pytest.raises(PdfError, match="choose pdf.size: business-us"):
                render_card(card, full_deck(size=size))
            continue
        for page in pages(render_card(card, full_deck(size=size))):
            chars = printed(page)
            smallest = round(min(c["size"] for c in chars), 6)
            assert smallest >= (7.0 if card.players == 2 else 6.0)
            box = (SAFE_MARGIN, SAFE_MARGIN, page.width - SAFE_MARGIN, page.height - SAFE_MARGIN)
            assert_inside(chars, box)
            assert ink_faults(page) == []
            assert_black_or_white_on_black(page)


def test_safe_margin_is_3_mm() -> None:
    assert pytest.approx(3 * MM) == SAFE_MARGIN


@needs_dejavu
def test_an_opening_is_never_split(three: Card, three_pdf: bytes) -> None:
    """Each seat starts on a new side under its corner mark; each opening's words all sit on
    one of its sides."""
    seat_pages: dict[int, list[set[str]]] = {}
    for page in pages(three_pdf):
        mark = corner_mark(page)
        for seat in filter(None, mark.split("&")):  # the rules side has no mark
            seat_pages.setdefault(int(seat), []).append(set(page_words(page)))
    assert [len(seat_pages[s]) for s in (1, 2, 3)] == [1, 2, 8]
    for strategy in three.seats:
        for opening in strategy.openings:
            on = [words for words in seat_pages[strategy.seat] if opening_words(opening) <= words]
            assert on, opening


@needs_dejavu
def test_more_sides_carry_the_thumb_range(three_pdf: bytes) -> None:
    headings = [page.extract_text().splitlines()[0] for page in pages(three_pdf)]
    assert headings == [
        "Ghost: american-english, 3 players, 1&2",
        "You play second framed: no forced win, the trap 2",
        "You play third · rows A–I 3",
        "You play third · rows J–R 3",
        "You play third · rows S–Z 3",
        "You play third · a–d 3",
        "You play third · e–i 3",
        "You play third · j–o 3",
        "You play third · p–v 3",
        "You play third · w–z 3",  # and the rules, after the last word
    ]


def test_an_odd_deck_ends_with_the_rules() -> None:
    """Issue 16, 11: an odd deck spreads its last words over one side more, the rules after
    the last word, so no side is a rules filler; one opening alone cannot spread, and the
    rules then take a side of their own."""
    card = word_card("cat camel goat gecko gerbil gar gannet", players=3)
    texts = [page.extract_text() for page in pages(render_card(card, full_deck()))]
    assert [t.splitlines()[0] for t in texts[1:]] == [
        "You play second framed: no forced win, the best try 2",
        "You play third · rows C–G 3",  # the glance grid
        "You play third 3",
    ]
    assert "card 2/2 · back" in texts[3]
    assert "The rules" not in "".join(texts)
    spread = [page.extract_text() for page in pages(render_card(card, full_deck(seats=(3,))))]
    assert [t.splitlines()[0] for t in spread] == [
        "Ghost: tiny, 3 players, 3",
        "You play third · rows C–G 3",
        "You play third · c 3",  # the thumb range of one opening is its row
        "You play third · g 3",
    ]
    assert spread[3].splitlines()[1:5] == [
        "Find the row, then the words that begin with the bold letters",
        "on the table.",
        "g gecko goat",
        "The rules: Players take turns adding one letter to the end of a shared",
    ]
    alone = word_card("cat camel", players=3)
    rules = [page.extract_text() for page in pages(render_card(alone, full_deck(seats=(3,))))]
    assert [t.splitlines()[0] for t in rules] == [
        "Ghost: tiny, 3 players, 3",
        "You play third · row C 3",
        "You play third 3",
        "Ghost: the rules",
    ]


@pytest.mark.parametrize(
    ("words", "players", "sentence"),
    [
        ("cat cab", 2, "No first letter forces a win: against perfect play you lose."),
        ("cart", 3, "No first letter is safe: the others can make you lose."),
    ],
)
def test_markdown_and_pdf_say_the_same_when_the_first_seat_cannot_win(
    words: str, players: int, sentence: str
) -> None:
    card = word_card(words, players)
    assert no_first_win(card) == sentence
    assert f"\n{sentence}\n" in render_markdown(card)
    front = next(pages(render_card(card, full_deck()))).extract_text()
    assert sentence in front.replace("\n", " ")


@needs_dejavu
def test_markdown_and_pdf_say_the_same_when_a_seat_never_plays() -> None:
    card = word_card("cat", 4)
    sentence = "Every fragment you could face is already a word: the game is over."
    assert render_markdown(card).endswith(
        f"## You play fourth\n{sentence}\n\n---\n"
        + (
            "tiny (test): 1 entry, 1 playable word of 3+ letters, "
            f"sha256 {sha256(b'cat')[:12]}. Made by cardgen 0.1.0.\n"
        )
    )
    texts = [page.extract_text() for page in pages(render_card(card, full_deck()))]
    assert texts[3].splitlines()[:3] == [
        "You play fourth 4",
        "Every fragment you could face is already a word: the game",
        "is over.",
    ]


def test_fonts_are_embedded_and_never_helvetica(two_pdf: bytes, tmp_path: Path) -> None:
    fonts = {c["fontname"].split("+", 1)[1] for page in pages(two_pdf) for c in page.chars}
    if DEJAVU.is_file():
        assert fonts == {"DejaVuSansCondensed", "DejaVuSansCondensed-Bold"}
    else:  # the bundled fallback
        assert fonts == {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"}
    if shutil.which("pdffonts") is None:
        pytest.skip("pdffonts is not installed")
    path = tmp_path / "card.pdf"
    path.write_bytes(two_pdf)
    rows = subprocess.run(
        ["pdffonts", str(path)], capture_output=True, text=True, check=True
    ).stdout.splitlines()[2:]
    assert len(rows) == 2
    for row in rows:
        assert "Helvetica" not in row
        assert row.split()[1] == "TrueType"
        assert row.split()[-5:-2] == ["yes", "yes", "yes"]  # emb sub uni


def test_the_bundled_vera_pair(two: Card) -> None:
    data = render_card(two, full_deck(font=VERA))
    fonts = {c["fontname"].split("+", 1)[1] for page in pages(data) for c in page.chars}
    assert fonts == {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"}
    assert card_words(two) <= {w for page in pages(data) for w in page_words(page)}


def test_metadata(two_pdf: bytes) -> None:
    with pdfplumber.open(io.BytesIO(two_pdf)) as pdf:
        meta = pdf.metadata
    assert meta["Title"] == "Ghost: american-english, 2 players, words of 4+ letters"
    assert meta["Author"] == "cardgen"
    assert meta["Subject"] == (
        "Ghost strategy card: american-english, 2 players, words of 4+ letters"
    )
    assert meta["Keywords"] == (
        f"Ghost, word game, strategy card, american-english, 2 players, min length 4, "
        f"sha256 {AMERICAN_SHA}"
    )


def test_identical_cards_give_identical_bytes(two: Card, two_pdf: bytes, three: Card) -> None:
    assert render_card(two, full_deck()) == two_pdf
    options = full_deck(sheet="a4")
    assert render_sheet(three, options) == render_sheet(three, options)


# --- errors -----------------------------------------------------------------------------


def test_a_missing_font_is_named(two: Card, tmp_path: Path) -> None:
    path = tmp_path / "nope.ttf"
    with pytest.raises(PdfError) as caught:
        render_card(two, full_deck(font=path))
    assert (caught.value.key, str(caught.value)) == ("pdf.font", f"{path}: no such file")


def test_a_file_that_is_no_truetype_font_is_named(two: Card, tmp_path: Path) -> None:
    path = tmp_path / "words.ttf"
    path.write_text("cat\ncamel\n", encoding="utf-8")
    with pytest.raises(PdfError, match=f"^{re.escape(str(path))}: not a TrueType font") as caught:
        render_card(two, full_deck(font=path))
    assert caught.value.key == "pdf.font"
    assert issubclass(PdfError, InputError)


def test_a_font_without_its_bold_is_refused(two: Card, tmp_path: Path) -> None:
    """The card says "find the bold letters": a font with no bold face beside it cannot."""
    path = tmp_path / "Vera.ttf"
    shutil.copyfile(VERA, path)
    with pytest.raises(PdfError) as caught:
        render_card(two, full_deck(font=path))
    assert caught.value.key == "pdf.font"
    assert str(caught.value) == (
        f"{path}: no bold face beside it (looked for Vera-Bold.ttf, VeraBold.ttf, VeraBd.ttf, "
        "Vera-bold.ttf, Verabd.ttf); the card marks the letters played in bold"
    )
    shutil.copyfile(VERA.with_name("VeraBd.ttf"), tmp_path / "VeraBd.ttf")
    fonts = {
        c["fontname"].split("+", 1)[1]
        for page in pages(render_card(two, full_deck(font=path)))
        for c in page.chars
    }
    assert fonts == {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"}


def test_a_broken_bold_beside_the_font_is_named(two: Card, tmp_path: Path) -> None:
    path = tmp_path / "Vera.ttf"
    shutil.copyfile(VERA, path)
    (tmp_path / "Vera-Bold.ttf").write_text("not a font", encoding="utf-8")
    bold = tmp_path / "Vera-Bold.ttf"
    with pytest.raises(PdfError, match=f"^{re.escape(str(bold))}: not a TrueType font") as caught:
        render_card(two, full_deck(font=path))
    assert caught.value.key == "pdf.font"


@pytest.mark.parametrize(
    ("options", "key", "message"),
    [
        (full_deck(size="a0"), "pdf.size", "a0: unknown; choose one of id1, business-us"),
        (full_deck(sheet="none"), "pdf.sheet", "none: not a paper size; choose one of a4, letter"),
    ],
)
def test_unknown_presets(two: Card, options: PdfOptions, key: str, message: str) -> None:
    with pytest.raises(PdfError, match=f"^{re.escape(message)}") as caught:
        render_sheet(two, options)
    assert caught.value.key == key
    copy = pickle.loads(pickle.dumps(caught.value))
    assert (type(copy), copy.key, str(copy)) == (PdfError, key, str(caught.value))


# --- sheets -----------------------------------------------------------------------------

GRIDS = {"a4": (2, 5), "letter": (2, 4)}
PAPER = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def slot_of(
    page: pdfplumber.page.Page, x: float, top: float, grid: tuple[int, int]
) -> tuple[int, int]:
    """Row (0 at the top) and column of the id1 card slot that holds point (x, top)."""
    columns, rows = grid
    width, height = SIZES["id1"]
    left = (page.width - columns * width) / 2
    upper = (page.height - rows * height) / 2
    return int((top - upper) // height), int((x - left) // width)


@pytest.mark.parametrize("sheet", ["a4", "letter"])
def test_a_sheet_of_copies(two: Card, sheet: str) -> None:
    data = render_sheet(two, full_deck(sheet=sheet))
    columns, rows = GRIDS[sheet]
    sheet_pages = list(pages(data))
    assert len(sheet_pages) == 2
    for n, page in enumerate(sheet_pages):
        assert (round(page.width, 2), round(page.height, 2)) == PAPER[sheet]
        side = "back" if n else "front"
        assert page.extract_text().count(f"card 1/1 · {side}") == columns * rows
        width, height = SIZES["id1"]
        left = (page.width - columns * width) / 2
        upper = (page.height - rows * height) / 2
        for row in range(rows):
            for column in range(columns):
                x0, top = left + column * width, upper + row * height
                chars = [
                    c
                    for c in printed(page)
                    if x0 <= c["x0"] < x0 + width and top <= c["top"] < top + height
                ]
                assert chars
                assert_inside(
                    chars,
                    (
                        x0 + SAFE_MARGIN,
                        top + SAFE_MARGIN,
                        x0 + width - SAFE_MARGIN,
                        top + height - SAFE_MARGIN,
                    ),
                )
        # Only the printing note lies outside the grid.
        outside = [c for c in printed(page) if c["top"] >= upper + rows * height]
        note = (
            "Print at actual size (100 %), double-sided, flipping on the long edge, then cut "
            "along the marks."
        )
        assert "".join(c["text"] for c in outside) == ("" if n else note.replace(" ", ""))


@pytest.mark.parametrize("sheet", ["a4", "letter"])
def test_sheet_backs_are_mirrored(three: Card, sheet: str) -> None:
    """Five cards: A4 (10 slots) holds two copies, Letter (8 slots) one; each back sits in
    the mirrored column of its front."""
    grid = GRIDS[sheet]
    front, back = pages(render_sheet(three, full_deck(sheet=sheet)))
    where: dict[str, list[tuple[int, int]]] = {}
    for page in (front, back):
        words = page.extract_words()
        for i, word in enumerate(words[:-2]):
            if re.fullmatch(r"\d/5", word["text"]) and words[i - 1]["text"] == "card":
                key = f"{word['text'][0]} {words[i + 2]['text']}"
                where.setdefault(key, []).append(slot_of(page, word["x0"], word["top"], grid))
    copies = 2 if sheet == "a4" else 1
    for n in range(1, 6):
        fronts, backs = where[f"{n} front"], where[f"{n} back"]
        assert len(fronts) == len(backs) == copies
        assert sorted(backs) == sorted((row, grid[0] - 1 - column) for row, column in fronts)
    assert sorted(where["1 front"]) == [(0, 0), (2, 1)][:copies]


def test_a_front_that_does_not_fit_names_a_size_that_works() -> None:
    """Issue 10, 17: the error names what does not fit, a size that does, and the other
    formats. A7 is narrow: this title wraps to more lines there than on a business card."""
    card = dataclasses.replace(word_card("cat camel goat gerbil", 2), title="A long title " * 13)
    with pytest.raises(PdfError) as raised:
        render_card(card, full_deck(size="a7"))
    assert raised.value.key == "pdf.size"
    assert str(raised.value) == (
        "a7: the front's text (the title, the rules, the verdict, the first seat's 2 words and "
        "the second seat's line) does not fit on a side; choose pdf.size: business-us (or "
        "build only the Markdown and JSON: --format md --format json)"
    )
    render_card(card, full_deck(size="business-us"))  # as the message says


def ten_player_card() -> Card:
    """Ten players on 40 random words of 11 letters: every seat has openings, so card 1's
    front holds an index of ten seats' cards."""
    pick = random.Random(40)
    words = {"".join(pick.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(11))
             for _ in range(40)}
    return word_card(" ".join(sorted(words)), 10)


def test_a_front_blames_the_strip_its_text_leaves_no_room_for() -> None:
    """Issue 35, 13: ten players' index of cards leaves the strip of replies no room on a
    business-eu card; the error names the strip, what is above it (the index of the ten
    seats' cards among it), and a size that holds the card; with a short title it fits."""
    card = ten_player_card()
    assert card.title == "Ghost: tiny, 10 players, words of 3+ letters"  # the default
    with pytest.raises(PdfError) as raised:
        render_card(card, full_deck(size="business-eu"))
    assert str(raised.value) == (
        "business-eu: the strip of replies to the 26 first letters (at 6 pt or more), under the "
        "front's text (the title, the rules, the verdict, the first seat's opening, the second "
        "seat's line and the index of the 10 seats' cards), does not fit on a side; choose "
        "pdf.size: business-us (or build only the Markdown and JSON: --format md --format json)"
    )
    render_card(dataclasses.replace(card, title="G"), full_deck(size="business-eu"))


def test_a_default_title_too_long_is_said_to_be_the_default() -> None:
    """Issue 35, 13: where only a shorter title would let the front fit and the config set
    none, the error says the default is too long (and what it is), not "shorten the title"."""
    name = "animals of the world and of the seas " * 3
    card = word_card("cat camel goat gerbil", 2, name=name.strip())
    with pytest.raises(PdfError) as raised:
        render_card(card, full_deck())
    assert str(raised.value) == (
        "id1: the strip of replies to the 26 first letters (at 6.5 pt or more), under the "
        "front's text (the title, the rules, the verdict, the first seat's 2 words and the "
        "second seat's line), does not fit on a side; no card size holds it: set a title (the "
        f"default, {card.title!r}, is too long) (or build only the Markdown and JSON: --format "
        "md --format json)"
    )
    with pytest.raises(PdfError, match="no card size holds it: shorten the title"):
        render_card(dataclasses.replace(card, title=card.title + "!"), full_deck())


def test_a_long_title_never_runs_over_the_front() -> None:
    """Issue 10, 4: with or without a forced win for the first seat, a front that cannot hold
    its title is refused, never printed over its footer."""
    for words in ("cat camel goat gecko", "cat camel goat gerbil"):  # no win / a win
        card = dataclasses.replace(word_card(words, 2), title="A long title " * 30)
        with pytest.raises(PdfError, match="no card size holds it: shorten the title"):
            render_card(card, full_deck())
