"""The glyphs' ink boxes shipped in cardgen/render/pdf/ink.json are what the font files measure,
and a JSON build reads them without loading fontTools or reportlab's drawing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REGENERATE

from cardgen.render.pdf import ink
from cardgen.render.pdf.fonts import DEFAULT_FONT, VERA, bold_beside, unit_width

FONTS = [DEFAULT_FONT, bold_beside(DEFAULT_FONT), VERA, bold_beside(VERA)]
"""The fonts the table holds: the default body font and its bold, and the fallback pair."""

needs_fonts = pytest.mark.skipif(
    not DEFAULT_FONT.is_file(), reason=f"{DEFAULT_FONT} is not installed here"
)


@needs_fonts
def test_the_shipped_table_is_what_the_fonts_measure() -> None:
    """ink.json, byte for byte, is the table measured afresh from the font files."""
    fresh = ink.table_text(FONTS)
    if REGENERATE:
        ink.TABLE.write_text(fresh, encoding="utf-8")
    assert ink.TABLE.read_text(encoding="utf-8") == fresh, (
        f"{ink.TABLE} differs from the fonts' measures; if the fonts changed, rerun with "
        "CARDGEN_REGENERATE_GOLDEN=1 and review the diff"
    )


@needs_fonts
@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_every_shipped_box_equals_the_measured_one(path: Path) -> None:
    table = ink.shipped(path)
    assert sorted(table) == sorted(ink.SHIPPED)
    assert {ch: ink.glyph_ink(path, ch) for ch in ink.SHIPPED} == {
        ch: ink.measured(path, ch) for ch in ink.SHIPPED
    }
    assert table["a"] is not None and table[" "] is None


@needs_fonts
def test_a_character_outside_the_table_is_measured() -> None:
    assert "\u0436" not in ink.shipped(DEFAULT_FONT)  # Cyrillic zhe
    box = ink.glyph_ink(DEFAULT_FONT, "\u0436")
    assert box is not None and box == ink.measured(DEFAULT_FONT, "\u0436")


def test_a_font_the_table_does_not_hold_is_measured(tmp_path: Path) -> None:
    copy = tmp_path / "Vera.ttf"
    copy.write_bytes(VERA.read_bytes() + b"\0")  # another file: another digest
    assert ink.shipped(copy) == {}
    assert ink.glyph_ink(copy, "g") == ink.measured(VERA, "g")


def test_unit_width_remembers_the_same_answers() -> None:
    from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]

    from cardgen.render.pdf.fonts import load_fonts

    name = load_fonts(None).regular
    for text in ("", "ghost", "ghost", "Zyzzyva \u2014 \u00e9t\u00e9"):
        assert unit_width(text, name) == float(pdfmetrics.stringWidth(text, name, 1.0))


@needs_fonts
def test_a_pocket_budget_loads_neither_fonttools_nor_the_drawing() -> None:
    """The budget a JSON build runs measures glyphs from the table and never imports the PDF
    drawing (reportlab's pdfgen, cardgen's canvas and deck)."""
    script = (
        "import sys; from pathlib import Path\n"
        "from cardgen.cards.make import make_card\n"
        "from cardgen.cards.paper import PdfOptions\n"
        "from cardgen.render.pdf.pocket import budget\n"
        "budget(make_card(Path('tests/data/animals.txt'), 3, 2), PdfOptions())\n"
        "print(sorted(m for m in sys.modules if m.startswith(('fontTools', 'reportlab.pdfgen',"
        " 'cardgen.render.pdf.canvas', 'cardgen.render.pdf.deck'))))\n"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True,
                          text=True, check=True)
    assert done.stdout == "[]\n"
