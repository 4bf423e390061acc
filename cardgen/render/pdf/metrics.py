"""What the layout knows of a font file: its glyphs' widths and ink boxes, from a table shipped
beside this module or measured.

Measuring needs the font parsed by reportlab (the widths, the ascent and descent, which
characters have a glyph) and its outlines read by fontTools (the ink), which takes longer than
the rest of a pocket budget takes to lay out, and a build without PDF would import reportlab
for nothing else. The default fonts' figures for the Latin letters, digits and signs a card
prints are therefore shipped in `metrics.json`, keyed by each font file's SHA-256, and looked
up there; any other font or character is measured. The table holds exactly what `measured`
and reportlab return (tests/test_pdf_metrics.py checks it, and rewrites it with
CARDGEN_REGENERATE_GOLDEN=1).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Box = tuple[float, float, float, float]
"""(left, bottom, right, top) at 1 pt from the glyph's origin, bottom negative below the
baseline."""

TABLE = Path(__file__).with_name("metrics.json")
"""The shipped figures: font file SHA-256 -> {"file": its name, "units": units per em,
"ascent" and "descent": reportlab's (per 1000 units, descent negative), "missing": the
characters of `SHIPPED` without a glyph, "widths": {character: its advance per 1000 units, as
reportlab measures it}, "bounds": {character: its outline's bounds in font units, or null for
a blank or missing glyph}}."""

SHIPPED = "".join(chr(code) for code in range(0x20, 0x250)) + "\u2013\u2014\u2026\u25cf\u21ba"
"""The characters the table holds for each font: Latin (every alphabet cardgen knows, upper
and lower case), digits, punctuation, the fancy signs `load_fonts` picks, and the mark of a
reversed move (`cardgen.games.game.REVERSED`, SuperDuperGhost's)."""


@dataclass(frozen=True)
class FontTable:
    """The shipped figures of one font file (see `TABLE`)."""

    ascent: float
    descent: float
    missing: str
    widths: dict[str, float]
    bounds: dict[str, Box | None]
    """At 1 pt, as `measured` gives them."""

    def has(self, ch: str) -> bool:
        """Whether the font has a glyph for `ch` (one of `SHIPPED`)."""
        return ch not in self.missing

    def width(self, text: str) -> float | None:
        """The width of `text` at 1 pt as reportlab's `stringWidth` computes it (the same
        sum in the same order); None if a character of `text` is not in the table."""
        widths = self.widths
        if not all(ch in widths for ch in text):
            return None
        return float(0.001 * 1.0 * sum(widths[ch] for ch in text))


@functools.cache
def _glyph_set(path: Path) -> tuple[Any, dict[int, str], float]:
    from fontTools.ttLib import TTFont as FontFile  # type: ignore[import-untyped]

    font = FontFile(str(path), lazy=True)
    return font.getGlyphSet(), font.getBestCmap(), float(font["head"].unitsPerEm)


def bounds(path: Path, ch: str) -> tuple[float, float, float, float] | None:
    """The bounds of one character's outline in font units (None for a blank or missing
    glyph), drawn from the font file with fontTools."""
    from fontTools.pens.boundsPen import BoundsPen  # type: ignore[import-untyped]

    glyphs, cmap, _units = _glyph_set(path)
    name = cmap.get(ord(ch))
    if name is None:
        return None
    pen = BoundsPen(glyphs)
    glyphs[name].draw(pen)
    box: tuple[float, float, float, float] | None = pen.bounds
    return box


def measured(path: Path, ch: str) -> Box | None:
    """The ink box of one character's glyph at 1 pt (None for a blank glyph), measured from
    the font file's outlines."""
    box = bounds(path, ch)
    return None if box is None else _scaled(box, _glyph_set(path)[2])


def _scaled(box: Sequence[float], units: float) -> Box:
    x0, y0, x1, y1 = box
    return x0 / units, y0 / units, x1 / units, y1 / units


def digest(path: Path) -> str:
    """The SHA-256 of a font file's bytes, the key of its table."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


@functools.cache
def _table() -> dict[str, Any]:
    table: dict[str, Any] = json.loads(TABLE.read_text(encoding="utf-8"))
    return table


@functools.cache
def shipped(path: Path) -> FontTable | None:
    """The shipped figures of the font file at `path`, or None when the table does not hold
    this file (or there is no file)."""
    font = _table().get(digest(path)) if path.is_file() else None
    if font is None:
        return None
    units = float(font["units"])
    return FontTable(
        ascent=font["ascent"],
        descent=font["descent"],
        missing=font["missing"],
        widths=font["widths"],
        bounds={ch: None if box is None else _scaled(box, units)
                for ch, box in font["bounds"].items()},
    )


@functools.cache
def glyph_ink(path: Path, ch: str) -> Box | None:
    """The ink box of one character's glyph at 1 pt (None for a blank glyph): shipped if the
    table holds it, else measured."""
    table = shipped(path)
    if table is not None and ch in table.bounds:
        return table.bounds[ch]
    return measured(path, ch)


def table_entry(path: Path) -> dict[str, Any]:
    """What the table holds for the font file at `path`, as measured now."""
    from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]

    face = TTFont("cardgen-measure", str(path)).face
    return {
        "file": path.name,
        "units": _glyph_set(path)[2],
        "ascent": face.ascent,
        "descent": face.descent,
        "missing": "".join(ch for ch in SHIPPED if ord(ch) not in face.charToGlyph),
        "widths": {ch: face.charWidths.get(ord(ch), face.defaultWidth) for ch in SHIPPED},
        "bounds": {ch: bounds(path, ch) for ch in SHIPPED},
    }


def table_text(paths: Sequence[Path]) -> str:
    """The text of `metrics.json` for the font files `paths`, as measured now: one character
    a line."""
    fonts = []
    for path in paths:
        entry = table_entry(path)
        head = [f'  "{key}": {json.dumps(entry[key])},'
                for key in ("file", "units", "ascent", "descent", "missing")]
        parts = []
        for key in ("widths", "bounds"):
            lines = ",\n".join(f"   {json.dumps(ch)}: {json.dumps(value)}"
                               for ch, value in entry[key].items())
            parts.append(f'  "{key}": {{\n{lines}\n  }}')
        fonts.append("\n".join([f' "{digest(path)}": {{', *head, ",\n".join(parts), " }"]))
    return "{\n" + ",\n".join(fonts) + "\n}\n"
