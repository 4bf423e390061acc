"""The print review (issue 16) pinned over every shipped deck: every letter's ink inside its box
and clear of every other letter, nothing under 6 pt, black ink only, every word of the card
whole in the PDF's text, the word list's name in full in every footer."""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from conftest import CONFIGS, FAST_DECKS, SHIPPED, shipped_card, word_card
from pdfink import box_faults, ink, ink_faults
from pdfmarks import idle_keys, unkeyed
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.cards.make import Lexicons
from cardgen.cards.paper import FULL, MM, SIZES, PdfOptions
from cardgen.cards.strategy import Card, Opening, SeatStrategy
from cardgen.games.advice import Escape, Try
from cardgen.games.opponent import Opponent
from cardgen.render import environment, sentences
from cardgen.render.pdf import PdfError, render_card
from cardgen.render.pdf.budget import budget
from cardgen.render.pdf.layout import SAFE_MARGIN
from cardgen.render.sentences import NAMED_MARK, RARE_MARK

MARKS = RARE_MARK + NAMED_MARK


SIDES = {
    "american-english-2p": 2, "american-english-2p-familiar": 2, "brazilian-2p": 2,
    "british-english-2p": 2, "catalan-2p": 2, "csw19-2p": 2, "danish-2p": 2, "dutch-2p": 2,
    "french-2p": 2, "german-2p": 2, "german-3p": 4, "italian-2p": 2, "norwegian-2p": 2,
    "polish-2p": 2, "portuguese-2p": 2, "sowpods-2p": 2, "sowpods-4p": 6, "spanish-2p": 2,
    "swedish-2p": 2, "twl06-2p": 2, "twl06-2p-a4": 2, "twl06-2p-casual": 2,
    "twl06-2p-familiar": 2, "twl06-2p-min3": 2, "twl06-2p-min3-casual": 2,
    "twl06-2p-superduperghost": 4, "twl06-2p-superghost": 4, "twl06-3p": 4,
    "twl06-3p-casual": 4, "twl06-4p": 6, "web2-2p": 2,
}
"""The sides of every shipped deck as built (issue 25: one card per seat, the first two seats
sharing card 1; SuperGhost and SuperDuperGhost decks at most 4 sides)."""

FULL_SIDES = {
    "american-english-2p": 2, "american-english-2p-familiar": 4, "brazilian-2p": 4,
    "british-english-2p": 2, "catalan-2p": 2, "csw19-2p": 2, "danish-2p": 2, "dutch-2p": 4,
    "french-2p": 4, "german-2p": 4, "german-3p": 10, "italian-2p": 4, "norwegian-2p": 2,
    "polish-2p": 4, "portuguese-2p": 4, "sowpods-2p": 4, "sowpods-4p": 92, "spanish-2p": 4,
    "swedish-2p": 4, "twl06-2p": 2, "twl06-2p-a4": 2, "twl06-2p-casual": 2,
    "twl06-2p-familiar": 4, "twl06-2p-min3": 2, "twl06-2p-min3-casual": 2,
    "twl06-2p-superduperghost": 32, "twl06-2p-superghost": 22, "twl06-3p": 10,
    "twl06-3p-casual": 12, "twl06-4p": 82, "web2-2p": 2,
}
"""The sides of every shipped deck with `pdf.cards: full` (issue 16, 11): two-player decks take
2 where the second seat's words fit one back at 7 pt, else 4 with the words spread over three
sides and the rules after the last word."""


KNOWN_FAULTS: dict[tuple[str, int, bool], list[str]] = {}
"""Faults the print review has still to fix, by deck, side and whether the deck is whole: none
since issue 37 (5) set a body's lines as far apart as its boxes and ink need, so a boxed å's
ring or a framed j no longer meets the line above or below (the whole Swedish deck takes 4
sides for it, not 2)."""


def test_every_shipped_deck_has_its_sides_listed() -> None:
    assert set(SIDES) == set(FULL_SIDES) == {path.stem for path in SHIPPED}


DECKS = [pytest.param(path, full, id=f"{path.stem}-{'full' if full else 'pocket'}",
                      marks=() if path.stem in FAST_DECKS else pytest.mark.slow)
         for path in SHIPPED for full in (False, True)]


@pytest.mark.network
@pytest.mark.parametrize(("path", "full"), DECKS)
def test_every_shipped_deck_prints_every_letter_whole(
    lexicons: Lexicons, path: Path, full: bool
) -> None:
    """Every shipped deck, budgeted (the default) and whole (`pdf.cards: full`): its sides,
    every glyph whole and inside the safe area in black, every mark keyed on its side, and
    every word it prints."""
    config, card = shipped_card(path, lexicons)
    options = dataclasses.replace(config.pdf, cards=FULL) if full else config.pdf
    card = budget(card, options)
    data = render_card(card, options)
    width, height = SIZES[config.pdf.size]
    area = (SAFE_MARGIN, SAFE_MARGIN, width - SAFE_MARGIN, height - SAFE_MARGIN)
    found: set[str] = set()
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == (FULL_SIDES if full else SIDES)[path.stem]
        # No side is a rules filler: an odd run of sides spreads its last words over one
        # side more and says the rules after them.
        headings = [page.extract_text().splitlines()[0] for page in pdf.pages]
        assert not [h for h in headings if h.startswith(sentences.FULL_RULES_HEADING)]
        for number, page in enumerate(pdf.pages, 1):
            chars = [c for c in page.chars if c["text"].strip()]
            assert min(c["size"] for c in chars) >= 6.0 - 1e-6, number
            outside = [c["text"] for c in chars if not _within(ink(c), area)]
            assert outside == [], number
            assert ink_faults(page) == KNOWN_FAULTS.get((path.stem, number, full), []), number
            # No letter's box touches another box or a glyph outside it (issue 37, 5).
            assert box_faults(page) == [], number
            # Black ink only (K on a press): DeviceGray for every letter and every shape.
            assert {c["ncs"] for c in page.chars} == {"DeviceGray"}, number
            # Every mark the side uses is keyed on it (issue 25, 5.4), SuperGhost's too.
            assert unkeyed(page) == [], number
            # ... and no side keys a mark it does not use (issue 37).
            assert idle_keys(page) == [], number
            text = page.extract_text()
            footer = text.splitlines()[-1]
            assert footer.startswith(card.dictionary.name + " "), (number, footer)
            found |= {w.rstrip(MARKS) for w in re.split(r"\s+", text)}
    if card.decision_tables and full:  # every row of every table: the fragment its play makes
        listed = {d.play for seat in card.seats for o in seat.openings for d in o.decisions}
    elif card.decision_tables:  # the printed tables' rows, and the plays printed alone
        listed = {d.play for seat in card.seats for o, p in seat.entries() if p.kind == "words"
                  for d in o.decisions}
        listed |= {str(p.move) for seat in card.seats for _, p in seat.entries()
                   if p.kind == "move"}
    else:
        listed = {w for seat in card.seats for o, p in seat.entries() if p.kind == "words"
                  for w in o.words}
    if config.pdf.words == "none":
        listed = set()
    assert listed - found == set()


def _within(box: tuple[float, float, float, float] | None, area: tuple[float, ...]) -> bool:
    """Whether ink lies in the safe area; a letter with a negative side bearing set at the
    margin may reach 0.4 pt (0.14 mm) into it (a glance grid's bold row label J at 7.3 pt
    reaches 0.36 pt)."""
    if box is None:
        return True
    eps = 0.4
    return (
        box[0] >= area[0] - eps
        and box[1] >= area[1] - eps
        and box[2] <= area[2] + eps
        and box[3] <= area[3] + eps
    )


# --- traps and casual tables (issue 15), on a card made up for the test --------------------


def trap_card() -> Card:
    """A two-player card with traps: against g the second seat plays a, and only gannet gets
    the first player out; against h it plays e, where no word is needed to get out; the card
    is for a table that knows no word rarer than Zipf 3, and names cat when challenged."""
    card = word_card("cat camel goat gecko gerbil gar gannet hen", 2)
    first, second = card.seats
    openings = (
        dataclasses.replace(second.openings[0], named=("cat",)),
        dataclasses.replace(
            second.openings[1], best_try=Try("a", 1, 2, Escape("gannet", 2.1))
        ),
        Opening("h", (2,), (), (), Try("e", 1, 1)),
    )
    ranking = dataclasses.replace(card.ranking, familiarity="wordfreq")
    return dataclasses.replace(
        card, seats=(first, SeatStrategy(2, openings)), traps=True, opponent=Opponent(3.0),
        ranking=ranking,
    )


def texts(data: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [page.extract_text().replace("\n", " ") for page in pdf.pages]


def test_a_trap_names_its_escape_word_and_the_card_its_table() -> None:
    front, back = texts(render_card(trap_card()))
    assert "Against players who know no word rarer than Zipf 3; ‡: name it when they challenge." \
        in front
    assert (
        "You play second: play the letter under theirs: A a forced win; A no forced win, a "
        "trap: they get out only if they know the word named; blank: no such word." in front
    )
    assert "c a camel cat‡ g a only gannet h e 1 of 1 lose" in back
    assert (
        "Against players who know no word rarer than Zipf 3 in wordfreq: they play only "
        "letters that begin a word they know, and challenge when they know none; then name the "
        "word marked ‡." in back
    )


def test_the_sentences_of_a_try_are_one_set_for_every_format() -> None:
    """Issue 16, 5: the marks and their legend come from render/sentences.py, which the
    Markdown template gets as filters of the same names."""
    trap = Try("y", 3, 19, Escape("nyctalopia", 0.0))
    assert sentences.try_line("n", trap, 2) == "n: play y: only nyctalopia gets them out"
    assert sentences.try_line("m", Try("a", 22, 25), 2) == "m: play a: 22 of 25 replies lose"
    assert sentences.try_sentence(Try("a", 4, 5), 3, brief=True) == "4 of 5 save you"
    card = trap_card()
    assert sentences.named_line(card.seats[1].openings[0]) == "if they challenge, name cat"
    perfect = dataclasses.replace(card, opponent=Opponent())
    assert sentences.opponent_sentence(perfect, brief=True) == ""
    filters = environment().filters
    for sentence in sentences.FILTERS:
        assert filters[sentence.__name__] is sentence
    assert environment().globals["NAMED_MARK"] == "‡"


def test_the_rules_side_says_each_language_s_letters() -> None:
    """Issue 16, 2: the rules name the list's own letters and spelling rule."""
    card = word_card("cat camel goat gecko", 3)
    german = dataclasses.replace(
        card,
        dictionary=dataclasses.replace(
            card.dictionary, language="de", alphabet="scrabble", capitalized="lower",
            letters="aäbcdefghijklmnoöpqrsßtuüvwxyz".replace("ß", ""),
        ),
    )
    assert sentences.alphabet_rule(german) == (
        "Words are played in the letters a-z and ä ö ü; ß is written ss and other accents are "
        "dropped (é is played as e). Nouns count, lower-cased."
    )
    with_names = dataclasses.replace(german, dictionary=dataclasses.replace(
        german.dictionary, names="7b34ca76 bfe79b1f", abbreviations=True
    ))
    assert sentences.alphabet_rule(with_names).endswith(
        " Nouns count, lower-cased; names are left out. Words without a vowel (abbreviations: "
        "bzw, kg) are left out."
    )
    french = dataclasses.replace(
        card, dictionary=dataclasses.replace(card.dictionary, language="fr", alphabet="scrabble")
    )
    assert sentences.alphabet_rule(french) == (
        "Words are played in the letters a-z; every accent is dropped (é is played as e). "
        "Names are left out."
    )
    assert sentences.alphabet_rule(card) == (
        "Only words written in the letters a-z are played. Names are left out."
    )
    rules = texts(render_card(card, PdfOptions(seats=(3,))))[-1]
    assert "Only words written in the letters a-z are played." in rules


def test_a_front_too_full_of_words_says_so_not_shorten_the_title() -> None:
    """Issue 20, 7: with the default title, the message names the first seat's words and
    what helps (printing the other seats), measured by trying."""
    card = word_card("cat camel goat gerbil", 2)
    first = card.seats[0].openings[0]
    many = tuple(f"g{n:03d}" + "x" * 12 for n in range(400))
    crowded = dataclasses.replace(
        card,
        seats=(SeatStrategy(1, (dataclasses.replace(first, words=many),)), card.seats[1]),
    )
    with pytest.raises(PdfError) as raised:
        render_card(crowded)
    assert str(raised.value) == (
        "id1: the front's text (the title, the rules, the verdict, the first seat's 400 words "
        "and the second seat's line) does not fit on a side; no card size holds it: the first "
        "seat's 400 words do not fit on the front; "
        "print the other seats (pdf.seats: [2]) (or build only the Markdown and JSON: "
        "--format md --format json)"
    )
    render_card(crowded, PdfOptions(seats=(2,)))  # as the message says


def test_bleed_adds_crop_marks_around_each_card() -> None:
    """Issue 16, 12: `pdf.bleed: 3` makes each page the card plus 3 mm of bleed and crop
    marks outside it; the TrimBox is the card, the BleedBox 3 mm larger all round."""
    card = word_card("cat camel goat gerbil", 2)
    plain = render_card(card)
    data = render_card(card, PdfOptions(bleed=3.0))
    width, height = SIZES["id1"]
    offset = 8 * MM  # 3 mm bleed, 4 mm crop marks, 1 mm of paper
    with pdfplumber.open(io.BytesIO(data)) as pdf, pdfplumber.open(io.BytesIO(plain)) as ref:
        for page, before in zip(pdf.pages, ref.pages, strict=True):
            assert (page.width, page.height) == pytest.approx((width + 2 * offset,
                                                               height + 2 * offset))
            trim = [float(v) for v in page.page_obj.attrs["TrimBox"]]
            assert trim == pytest.approx([offset, offset, offset + width, offset + height])
            bleed = [float(v) for v in page.page_obj.attrs["BleedBox"]]
            out = 3 * MM
            assert bleed == pytest.approx(
                [offset - out, offset - out, offset + width + out, offset + height + out]
            )
            marks = [(round(ln["x0"], 2), round(ln["top"], 2)) for ln in page.lines]
            assert len(marks) == 8
            for line in page.lines:  # every mark lies outside the bleed
                box = (line["x0"], line["top"], line["x1"], line["bottom"])
                assert box[2] <= offset - out + 0.01 or box[0] >= offset + width + out - 0.01 \
                    or box[3] <= offset - out + 0.01 or box[1] >= offset + height + out - 0.01
            # The card itself is unchanged, moved in by the offset.
            moved = [(c["x0"] - offset, c["top"] - offset, c["text"]) for c in page.chars]
            assert moved == [
                (pytest.approx(c["x0"], abs=1e-3), pytest.approx(c["top"], abs=1e-3), c["text"])
                for c in before.chars
            ]


@pytest.mark.parametrize("value", ["-1", "11", "three", "true", ".nan"])
def test_a_bad_bleed_is_one_line(
    write_config: Callable[..., Path], tmp_path: Path, value: str
) -> None:
    text = f"dictionary: animals.txt\nplayers: 2\nmin_length: 3\npdf:\n  bleed: {value}\n"
    path = write_config(text)
    result = CliRunner().invoke(app, ["build", str(path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    shown = {"three": "'three'", "true": "True", ".nan": "nan"}.get(value, value)
    assert result.stderr == (
        f"cardgen: error: {path}: pdf.bleed: expected millimetres from 0 to 10 (3 is usual), "
        f"got {shown}\n"
    )


def test_one_mark_for_one_meaning_and_rare_words_marked_on_the_front() -> None:
    """Issue 16, 6 and 9: the first player's try is framed like every try (never bold), its
    move boxed like every move; a rare word is marked on the front too."""
    lost = word_card("cart", 3)  # no first letter is safe
    with pdfplumber.open(io.BytesIO(render_card(lost))) as pdf:
        front = pdf.pages[0]
        text = front.extract_text().replace("\n", " ")
        assert "Best try: open with c; " in text
        frames = [r for r in front.rects if r["stroke"] and not r["fill"]]
        framed = [
            (c["text"], "Bold" in c["fontname"])
            for c in front.chars
            if c["text"].strip()
            and any(
                r["x0"] <= c["x0"] and c["x1"] <= r["x1"] and r["top"] <= c["top"] + 2
                and c["bottom"] - 2 <= r["bottom"]
                for r in frames
            )
            and c["top"] < 80  # above the strip
        ]
        assert framed == [("c", False)]
    card = word_card("cat camel goat gecko gerbil gar gannet", 2)
    first = card.seats[0].openings[0]
    rare = dataclasses.replace(
        card, seats=(SeatStrategy(1, (dataclasses.replace(first, rare=("gannet",)),)),
                     card.seats[1]),
        ranking=dataclasses.replace(card.ranking, by="familiar", familiarity="wordfreq"),
    )
    assert "then keep to gannet† gerbil goat" in texts(render_card(rare))[0]


# --- the print review of issue 25 ------------------------------------------------------------


def swedish_card() -> Card:
    """A made-up Swedish card whose second seat answers with å and ö in both halves of the
    strip of replies (b, d, f, h in the first; r, s, t in the second)."""
    from cardgen.cards.strategy import DictionaryInfo, build_card
    from cardgen.games.solver import solve
    from cardgen.words.alphabet import default_spelling
    from cardgen.words.catalog import sha256
    from cardgen.words.lexicon import playable_words
    from cardgen.words.wordlists import WordList

    text = "båt dök fån hål rån söt tåg cat"
    wordlist = WordList("svensk", "test", sha256(text.encode()), tuple(text.split()))
    lexicon = playable_words(wordlist.entries, 3, default_spelling("sv"))
    return build_card(solve(lexicon, 2), DictionaryInfo.of(wordlist, lexicon))


def test_a_strip_of_replies_has_one_size_and_its_accents_inside_their_boxes() -> None:
    """Issue 25, 5.1: the two halves of a Swedish strip were set at 8.07 and 7.21 pt, each by
    its own header's letters, so the Å and Ö answered in the first half rose out of their
    boxes and read A and O. Now both take the size the whole alphabet fits."""
    card = swedish_card()
    assert "".join(o.play or "-" for o in card.seats[1].openings) == "åaöåååöå"
    with pdfplumber.open(io.BytesIO(render_card(card))) as pdf:
        front = pdf.pages[0]
        capitals = "ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ"
        lines: dict[float, list[dict[str, Any]]] = {}
        for c in front.chars:
            if c["text"].strip() and c["top"] > front.height / 2:
                lines.setdefault(round(c["top"]), []).append(c)
        # The strip's lines are all capitals: not "You play second", nor the footer's
        # "Swedish, Scrabble spelling".
        rows = {top for top, line in lines.items() if all(c["text"] in capitals for c in line)}
        strip = [c for c in front.chars if c["text"].strip() and c["top"] > front.height / 2
                 and round(c["top"]) in rows]
        # 6.75: the front keys the strip's blank cells (no word begins with a, c, e, ...) and
        # says that accents are ignored (issue 37, 7)
        assert {round(c["size"], 2) for c in strip} == {6.75}
        # in drawing order: the header's Å Ö, then the replies (at 6.75 pt the alphabet fits in
        # one row: no halves)
        assert "".join(c["text"] for c in strip if c["text"] in "ÅÖ") == "ÅÖÅÖÅÅÅÖÅ"
        assert ink_faults(front) == []


FOOTERS = {
    "german-3p": "german 4864ca · 3p · 4+ · German, Scrabble spelling card {} · {}",
    "french-2p": "french 33b3a15b · 2p · 4+ · French, Scrabble spelling card {} · {}",
    "twl06-3p-casual": "twl06 ea06931e · 3p · 4+ · casual Zipf 3+ card {} · {}",
    "twl06-2p": "twl06 ea06931e · 2 players · 4+ letters card {} · {}",
}
"""The footers of a few decks, in words a player reads (issue 37, 8): no `de scrabble`."""


@pytest.mark.network
@pytest.mark.parametrize("name", sorted(FOOTERS))
def test_footers_say_the_language_and_spelling_in_words(name: str, lexicons: Lexicons) -> None:
    config, card = shipped_card(CONFIGS / f"{name}.yaml", lexicons)
    card = budget(card, config.pdf)
    with pdfplumber.open(io.BytesIO(render_card(card, config.pdf))) as pdf:
        pages = [page.extract_text().splitlines() for page in pdf.pages]
    sides = [(f"{n // 2 + 1}/{len(pages) // 2}", "back" if n % 2 else "front")
             for n in range(len(pages))]
    assert [lines[-1] for lines in pages] == [FOOTERS[name].format(*side) for side in sides]
    accents = [line for lines in pages for line in lines if line.startswith("Accents")]
    # French folds its accents (bleme is blême): its front says so, once.
    assert accents == (["Accents are ignored: e is also é è ê ë."] if name == "french-2p" else [])
