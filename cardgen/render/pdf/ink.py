"""The ink of one glyph: its outline's box, from a table shipped beside this module or measured.

Measuring needs the font file's outlines (fontTools), which take longer to load than the rest
of a pocket budget takes to lay out. The default fonts' boxes for the Latin letters, digits and
signs a card prints are therefore shipped in `ink.json`, keyed by each font file's SHA-256, and
looked up there; any other font or character is measured. The table holds exactly what
`measured` returns (tests/test_pdf_ink.py checks it, and rewrites it with
CARDGEN_REGENERATE_GOLDEN=1).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

Box = tuple[float, float, float, float]
"""(left, bottom, right, top) at 1 pt from the glyph's origin, bottom negative below the
baseline."""

TABLE = Path(__file__).with_name("ink.json")
"""The shipped boxes: font file SHA-256 -> {"file": its name, "units": units per em, "bounds":
{character: its outline's bounds in font units, or null for a blank or missing glyph}}."""

SHIPPED = "".join(chr(code) for code in range(0x20, 0x250)) + "\u2013\u2014\u2026\u25cf"
"""The characters the table holds for each font: Latin (every alphabet cardgen knows, upper
and lower case), digits, punctuation, and the fancy signs `load_fonts` picks."""


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
def shipped(path: Path) -> dict[str, Box | None]:
    """The shipped boxes of the font file at `path` (at 1 pt, as `measured` gives them), or
    {} when the table does not hold this file."""
    font = _table().get(digest(path))
    if font is None:
        return {}
    units = float(font["units"])
    return {ch: None if box is None else _scaled(box, units)
            for ch, box in font["bounds"].items()}


@functools.cache
def glyph_ink(path: Path, ch: str) -> Box | None:
    """The ink box of one character's glyph at 1 pt (None for a blank glyph): shipped if the
    table holds it, else measured."""
    table = shipped(path)
    return table[ch] if ch in table else measured(path, ch)


def table_entry(path: Path) -> dict[str, Any]:
    """What the table holds for the font file at `path`: its name, units per em and the
    bounds of every character of `SHIPPED`, as measured now."""
    return {
        "file": path.name,
        "units": _glyph_set(path)[2],
        "bounds": {ch: bounds(path, ch) for ch in SHIPPED},
    }


def table_text(paths: Sequence[Path]) -> str:
    """The text of `ink.json` for the font files `paths`, as measured now: one character a
    line."""
    fonts = []
    for path in paths:
        entry = table_entry(path)
        head = [f'  "{key}": {json.dumps(entry[key])},' for key in ("file", "units")]
        lines = ",\n".join(f"   {json.dumps(ch)}: {json.dumps(box)}"
                           for ch, box in entry["bounds"].items())
        fonts.append("\n".join([f' "{digest(path)}": {{', *head, '  "bounds": {', lines,
                                 "  }", " }"]))
    return "{\n" + ",\n".join(fonts) + "\n}\n"
