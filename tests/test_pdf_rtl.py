"""Right-to-left titles in the PDF (issue 35, item 11): a Hebrew or mixed title is drawn in the
order of the Unicode bidirectional algorithm, as a browser shows the Markdown and HTML cards;
a title the PDF cannot draw (text that needs shaping, glyphs the card's font lacks) is refused
before any work, and a build of Markdown and JSON alone prints it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import pdfplumber
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pdfmarks import in_tab
from typer.testing import CliRunner

from cardgen.app import runner as run_module
from cardgen.app.cli import app
from cardgen.render.pdf import fonts
from cardgen.render.pdf.layout import COLUMN_GAP, MARK_WIDTH, SAFE_MARGIN

GOOD = "dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"
MIRROR = str.maketrans("()[]«»", ")(][»«")


def title_line(pdf: Path) -> tuple[str, float, float, float]:
    """The first line of the PDF's first page as drawn, left to right (the seat mark left
    out), where it starts and ends, and the page's width."""
    with pdfplumber.open(pdf) as document:
        page = document.pages[0]
        chars = [c for c in page.chars if not in_tab(c, page.width)]
        top = min(c["top"] for c in chars)
        line = sorted((c for c in chars if abs(c["top"] - top) < 1), key=lambda c: c["x0"])
        return "".join(c["text"] for c in line), line[0]["x0"], line[-1]["x1"], page.width


def build(runner: CliRunner, path: Path, out: Path, *formats: str) -> Any:
    args = ["build", str(path), "-o", str(out)]
    for name in formats:
        args += ["-f", name]
    return runner.invoke(app, args)


@pytest.mark.parametrize(("title", "drawn", "flush_right"), [
    ("גוסט של חיות", "תויח לש טסוג", True),
    ("Ghost: חיות, 2 players", "Ghost: 2 ,תויח players", False),
    ("גוסט (חיות)", "(תויח) טסוג", True),  # the parentheses still open toward what they hold
    ("גוסט (twl06), 2 שחקנים", "םינקחש 2 ,(twl06) טסוג", True),
])
def test_a_right_to_left_title_is_drawn_in_display_order(
    runner: CliRunner, write_config: Callable[..., Path], tmp_path: Path, title: str,
    drawn: str, flush_right: bool,
) -> None:
    """Drawn left to right in the order a browser shows it; a right-to-left title set flush
    right, beside the seat mark."""
    path = write_config(GOOD + f"title: '{title}'\n")
    result = build(runner, path, tmp_path / "out", "pdf", "md")
    assert result.exit_code == 0, result.output
    text, left, right, width = title_line(tmp_path / "out" / "card.pdf")
    assert text == drawn
    if flush_right:
        assert right == pytest.approx(width - SAFE_MARGIN - MARK_WIDTH - COLUMN_GAP, abs=0.01)
    else:
        assert left == pytest.approx(SAFE_MARGIN, abs=0.01)
    assert f"# {title}\n" in (tmp_path / "out" / "card.md").read_text(encoding="utf-8")


def test_a_superghost_card_draws_its_right_to_left_title_too(
    runner: CliRunner, write_config: Callable[..., Path], tmp_path: Path,
) -> None:
    path = write_config(GOOD + "game: superghost\ntitle: 'גוסט של חיות'\n")
    result = build(runner, path, tmp_path / "out", "pdf")
    assert result.exit_code == 0, result.output
    assert title_line(tmp_path / "out" / "card.pdf")[0] == "תויח לש טסוג"


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run that starts any work fails the test."""

    def compute(*args: object) -> NoReturn:
        raise AssertionError("the config was computed")

    monkeypatch.setattr(run_module, "compute", compute)


@pytest.mark.parametrize(("title", "why"), [
    ("شبح الحيوانات", "Arabic letters: 'شبحاليونت'"),
    ("Ghost: الحيوانات", "Arabic letters: 'الحيونت'"),
    ("\u05e8\u05d5\u05bc\u05d7\u05b7", "marks on right-to-left letters: '\u05bc\u05b7'"),
])
def test_a_title_that_needs_shaping_is_refused_before_any_work(
    runner: CliRunner, write_config: Callable[..., Path], tmp_path: Path, no_work: None,
    title: str, why: str,
) -> None:
    path = write_config(GOOD + f"title: '{title}'\n")
    out = tmp_path / "out"
    result = build(runner, path, out)
    assert (result.exit_code, result.stderr) == (2, (
        f"cardgen: error: {path}: title: {title!r} needs text shaping, which the PDF does not "
        f"do ({why}): change the title, or build only Markdown and JSON (--format md "
        "--format json)\n"))
    assert not out.exists()


def test_markdown_and_json_print_a_title_the_pdf_cannot(
    runner: CliRunner, write_config: Callable[..., Path], tmp_path: Path,
) -> None:
    path = write_config(GOOD + "title: 'شبح الحيوانات'\n")
    result = build(runner, path, tmp_path / "out", "md", "json")
    assert result.exit_code == 0, result.output
    assert "# شبح الحيوانات\n" in (tmp_path / "out" / "card.md").read_text(encoding="utf-8")


def test_a_title_the_font_has_no_glyphs_for_is_refused_before_any_work(
    runner: CliRunner, write_config: Callable[..., Path], tmp_path: Path, no_work: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Vera (reportlab's, no Hebrew) named by `pdf.font`: the title's glyphs are looked up
    before the game is solved, not after the card is laid out."""
    monkeypatch.setattr(fonts, "FONT_FOLDERS", (tmp_path / "no-fonts",))
    path = write_config(GOOD + f"title: 'Ghost: חיות'\npdf:\n  font: {fonts.VERA}\n")
    out = tmp_path / "out"
    result = build(runner, path, out)
    assert (result.exit_code, result.stderr) == (2, (
        f"cardgen: error: {path}: title: the font {fonts.VERA} has no glyph for 'וחית'; set "
        "pdf.font to a TrueType font that has them (none installed here has them), or change "
        "the title\n"))
    assert not out.exists()


def test_a_shipped_title_reads_no_font_before_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """A title of the Latin letters the default fonts' figures ship for is left to the
    layout's own check: nothing is registered with reportlab before the solve."""
    from cardgen.render.pdf.rtl import check_title

    def register(path: Path) -> NoReturn:
        raise AssertionError(f"{path} registered")

    monkeypatch.setattr(fonts, "register", register)
    check_title("Ghost: twl06, 2 players, words of 4+ letters", None)


def test_what_needs_shaping() -> None:
    from cardgen.render.pdf.rtl import needs_shaping

    assert needs_shaping("Ghost: חיות, 2 players (twl06)") == ""
    assert needs_shaping("ܓܘܣܛ") == "Syriac letters: 'ܓܘܣܛ'"  # Syriac joins, as Arabic does
    assert needs_shaping("café") == ""  # a mark on a left-to-right letter is drawn as before


RUNS = st.text(alphabet="אבגabc 12.,:()[]«»", min_size=1, max_size=30)


@given(RUNS, st.booleans())
def test_display_order_is_python_bidis(text: str, rtl: bool) -> None:
    """The order is python-bidi's (`get_display`, rules up to L2); only the mirrored
    characters differ, drawn as their twins at odd levels (L4), which `get_display` leaves
    out."""
    from bidi import get_display

    from cardgen.render.pdf.rtl import visual

    expected = get_display(text, base_dir="R" if rtl else "L")
    drawn = visual(text, rtl)
    assert len(drawn) == len(expected)
    assert all(a == b or a == b.translate(MIRROR) for a, b in zip(drawn, expected, strict=True))
