"""Right-to-left titles in the PDF (issue 35, item 11): a title the PDF cannot draw (text that
needs shaping, glyphs the card's font lacks) is refused before any work, and a build of
Markdown and JSON alone prints it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import pytest
from typer.testing import CliRunner

from cardgen.app import runner as run_module
from cardgen.app.cli import app
from cardgen.render.pdf import fonts

GOOD = "dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"


def build(runner: CliRunner, path: Path, out: Path, *formats: str) -> Any:
    args = ["build", str(path), "-o", str(out)]
    for name in formats:
        args += ["-f", name]
    return runner.invoke(app, args)


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
