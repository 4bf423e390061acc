"""The font figures shipped in cardgen/render/pdf/metrics.json are what the font files measure,
and a pocket budget reads them without loading reportlab or fontTools."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REGENERATE
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]

from cardgen.render.pdf import metrics
from cardgen.render.pdf.fonts import (
    DEFAULT_FONT,
    HEAD_FONT,
    VERA,
    bold_beside,
    load_fonts,
    register,
    text_width,
)

FONTS = [DEFAULT_FONT, bold_beside(DEFAULT_FONT), VERA, bold_beside(VERA), HEAD_FONT]
"""The fonts the table holds: the default body font and its bold, the fallback pair, and the
heads' face."""

needs_fonts = pytest.mark.skipif(
    not DEFAULT_FONT.is_file(), reason=f"{DEFAULT_FONT} is not installed here"
)


@needs_fonts
def test_the_shipped_table_is_what_the_fonts_measure() -> None:
    """metrics.json, byte for byte, is the table measured afresh from the font files."""
    fresh = metrics.table_text(FONTS)
    if REGENERATE:
        metrics.TABLE.write_text(fresh, encoding="utf-8")
    assert metrics.TABLE.read_text(encoding="utf-8") == fresh, (
        f"{metrics.TABLE} differs from the fonts' measures; if the fonts changed, rerun with "
        "CARDGEN_REGENERATE_GOLDEN=1 and review the diff"
    )


@needs_fonts
@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_every_shipped_ink_box_equals_the_measured_one(path: Path) -> None:
    table = metrics.shipped(path)
    assert table is not None and list(table.bounds) == list(metrics.SHIPPED)
    assert {ch: metrics.glyph_ink(path, ch) for ch in metrics.SHIPPED} == {
        ch: metrics.measured(path, ch) for ch in metrics.SHIPPED
    }
    assert table.bounds["a"] is not None and table.bounds[" "] is None


WORDS = ["", "ghost", "Zyzzyva", "\u00e9t\u00e9 \u2014 \u0142\u00f3d\u017a", "1. x\u2026y",
         metrics.SHIPPED, metrics.SHIPPED[::-1]]
"""Texts measured both ways: every shipped character, in both orders (the sum's order)."""


@needs_fonts
@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_shipped_widths_are_reportlab_s(path: Path) -> None:
    name = register(path)
    face = pdfmetrics.getFont(name).face
    table = metrics.shipped(path)
    assert table is not None
    assert [table.has(ch) for ch in metrics.SHIPPED] == [
        ord(ch) in face.charToGlyph for ch in metrics.SHIPPED
    ]
    for text in WORDS + list(metrics.SHIPPED):
        assert table.width(text) == float(pdfmetrics.stringWidth(text, name, 1.0)), text
        assert text_width(text, path) == table.width(text)


@needs_fonts
def test_a_character_outside_the_table_is_measured() -> None:
    table = metrics.shipped(DEFAULT_FONT)
    assert table is not None and table.width("x\u0436") is None  # Cyrillic zhe
    box = metrics.glyph_ink(DEFAULT_FONT, "\u0436")
    assert box is not None and box == metrics.measured(DEFAULT_FONT, "\u0436")
    name = register(DEFAULT_FONT)
    assert text_width("x\u0436", DEFAULT_FONT) == float(
        pdfmetrics.stringWidth("x\u0436", name, 1.0)
    )


def test_a_font_the_table_does_not_hold_is_measured(tmp_path: Path) -> None:
    for name in ("Vera.ttf", "VeraBd.ttf"):  # other files: other digests
        (tmp_path / name).write_bytes(VERA.with_name(name).read_bytes() + b"\0")
    copy = tmp_path / "Vera.ttf"
    assert metrics.shipped(copy) is None
    assert metrics.glyph_ink(copy, "g") == metrics.measured(VERA, "g")
    fonts = load_fonts(copy)
    assert fonts.regular in pdfmetrics.getRegisteredFontNames()
    assert text_width("ghost", copy) == float(pdfmetrics.stringWidth("ghost", fonts.regular, 1))


@needs_fonts
def test_shipped_fonts_load_as_registered_ones_do() -> None:
    """`load_fonts` from the table gives what it gives from the files registered."""
    shipped = load_fonts(None)
    registered = [pdfmetrics.getFont(register(path)).face for path in shipped.paths]
    assert (shipped.regular, shipped.bold) == tuple(register(p) for p in shipped.paths)
    assert shipped.ascent == max(max(f.ascent, 1000 + f.descent) for f in registered) / 1000
    assert shipped.descent == max(-f.descent for f in registered) / 1000
    assert (shipped.dash, shipped.lost) == ("\u2014", "\u25cf")


@needs_fonts
@pytest.mark.parametrize("game", ["ghost", "superduperghost"])
def test_a_pocket_budget_loads_neither_reportlab_nor_fonttools(game: str) -> None:
    """The budget a JSON build runs measures glyphs from the table and never imports
    reportlab, fontTools, nor cardgen's drawing (canvas, deck); SuperDuperGhost's too, whose
    plays print the reversal mark ↺."""
    script = (
        "import sys; from pathlib import Path\n"
        "from cardgen.cards.make import make_card\n"
        "from cardgen.cards.paper import PdfOptions\n"
        "from cardgen.render.pdf.budget import budget\n"
        f"budget(make_card(Path('tests/data/animals.txt'), 3, 2, game={game!r}), PdfOptions())\n"
        "print(sorted(m for m in sys.modules if m.startswith(('fontTools', 'reportlab',"
        " 'cardgen.render.pdf.canvas', 'cardgen.render.pdf.deck'))))\n"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True,
                          text=True, check=True)
    assert done.stdout == "[]\n"
