"""Where a PDF page puts ink: every glyph's real outline box (accents and descenders included),
read from the embedded font's file with fontTools, independently of the renderer's own
measurements; and the checks the print review asks of every side (issue 16)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np
import pdfplumber
import reportlab  # type: ignore[import-untyped]
from fontTools.pens.boundsPen import BoundsPen  # type: ignore[import-untyped]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

FONT_FOLDERS = (Path("/usr/share/fonts/truetype/dejavu"), Path(reportlab.__file__).parent / "fonts")

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in PDF coordinates (y up)."""


@functools.cache
def font_file(pdf_name: str) -> TTFont:
    """The font file of an embedded (subset) font, by its PDF name."""
    stem = pdf_name.split("+", 1)[-1]
    for folder in FONT_FOLDERS:
        path = folder / f"{stem}.ttf"
        if path.is_file():
            return TTFont(str(path), lazy=True)
    raise AssertionError(f"no font file for {pdf_name}")


@functools.cache
def outline(pdf_name: str, ch: str) -> Box | None:
    """The ink box of one glyph at 1 pt, None for a blank one."""
    font = font_file(pdf_name)
    glyphs = font.getGlyphSet()
    pen = BoundsPen(glyphs)
    glyphs[font.getBestCmap()[ord(ch)]].draw(pen)
    if pen.bounds is None:
        return None
    units = font["head"].unitsPerEm
    x0, y0, x1, y1 = pen.bounds
    return x0 / units, y0 / units, x1 / units, y1 / units


def ink(char: dict[str, Any]) -> Box | None:
    """The ink box of a pdfplumber char on its page (upright text only). The char's matrix
    places its origin but leaves out the font size (pdfminer's text matrix times the CTM; Tf
    sets the size): the outline at 1 pt is scaled by `size`, which holds both."""
    box = outline(char["fontname"], char["text"])
    if box is None:
        return None
    a, _b, _c, d, e, f = char["matrix"]
    assert a == d > 0, "the cards set no rotated or mirrored text"
    s = char["size"]
    return e + box[0] * s, f + box[1] * s, e + box[2] * s, f + box[3] * s


def rect_box(rect: dict[str, Any]) -> Box:
    return rect["x0"], rect["y0"], rect["x1"], rect["y1"]


def inside(inner: Box, outer: Box, eps: float = 0.01) -> bool:
    return (
        inner[0] >= outer[0] - eps
        and inner[1] >= outer[1] - eps
        and inner[2] <= outer[2] + eps
        and inner[3] <= outer[3] + eps
    )


def meet(one: Box, other: Box, eps: float = 0.01) -> bool:
    """Whether two boxes overlap by more than `eps` both ways."""
    return (
        min(one[2], other[2]) - max(one[0], other[0]) > eps
        and min(one[3], other[3]) - max(one[1], other[1]) > eps
    )


BLACK = ((0,), (0.0,), 0, 0.0)
WHITE = ((1,), (1.0,), 1, 1.0)


def ink_faults(page: pdfplumber.page.Page) -> list[str]:
    """Everything wrong with where a page puts ink, as readable lines (empty when sound):
    white letters whose ink leaves their black box, black letters whose ink touches a black
    box or crosses a frame, and letters whose ink overlaps a letter of another line (or
    another letter of its own line by more than a tenth of its size)."""
    faults = []
    chars = [c for c in page.chars if c["text"].strip()]
    inks = [ink(c) for c in chars]
    black = [rect_box(r) for r in page.rects if r["fill"] and r["non_stroking_color"] in BLACK]
    frames = [rect_box(r) for r in page.rects if r["stroke"] and not r["fill"]]
    for char, box in zip(chars, inks, strict=True):
        if box is None:
            continue
        what = f"{char['text']!r} at ({char['x0']:.1f}, {char['top']:.1f})"
        if char["non_stroking_color"] in WHITE:
            if not any(inside(box, rect) for rect in black):
                faults.append(f"{what}: white ink outside its black box")
            continue
        if any(meet(box, rect) for rect in black):
            faults.append(f"{what}: black ink on a black box")
        if any(meet(box, rect) and not inside(box, rect) for rect in frames):
            faults.append(f"{what}: ink across a frame")
    placed = [(c, b) for c, b in zip(chars, inks, strict=True) if b is not None]
    if len(placed) > 1:
        boxes = np.array([b for _c, b in placed])
        baselines = np.array([c["matrix"][5] for c, _b in placed])
        sizes = np.array([c["size"] for c, _b in placed])
        across = np.minimum(boxes[:, None, 2], boxes[None, :, 2]) - np.maximum(
            boxes[:, None, 0], boxes[None, :, 0]
        )
        down = np.minimum(boxes[:, None, 3], boxes[None, :, 3]) - np.maximum(
            boxes[:, None, 1], boxes[None, :, 1]
        )
        same_line = np.abs(baselines[:, None] - baselines[None, :]) < 0.01
        # Outline boxes of neighbours on a line may touch where a glyph's side bearing is
        # negative (j): there a tenth of the size is allowed, between lines nothing.
        allowed = np.where(same_line, 0.1 * np.minimum(sizes[:, None], sizes[None, :]), 0.01)
        overlap = (across > allowed) & (down > 0.01)
        np.fill_diagonal(overlap, False)
        for i, j in np.argwhere(overlap):
            if i < j:
                faults.append(
                    f"{placed[i][0]['text']!r} and {placed[j][0]['text']!r} overlap at "
                    f"({placed[i][0]['x0']:.1f}, {placed[i][0]['top']:.1f})"
                )
    return faults


CLEARANCE = 0.2
"""The least white, in points, a letter's box keeps from every other box and every glyph
outside it (the layout keeps 0.25: `units.CLEARANCE`, `canvas.INSET`)."""


def gap(one: Box, other: Box) -> float:
    """The white between two boxes: the larger of their gaps across and down (negative where
    they overlap both ways)."""
    return max(one[0] - other[2], other[0] - one[2], one[1] - other[3], other[1] - one[3])


def box_faults(page: pdfplumber.page.Page) -> list[str]:
    """Letter boxes (black boxes and frames with a glyph inside) that come closer than
    `CLEARANCE` to another box or to a glyph outside them, as readable lines (issue 37, 5: two
    Swedish boxes merged, box bottoms touched the ring of å on the line below)."""
    placed = [(c, b) for c in page.chars if c["text"].strip() and (b := ink(c)) is not None]
    rects = [rect_box(r) for r in page.rects
             if (r["fill"] and r["non_stroking_color"] in BLACK) or (r["stroke"] and not r["fill"])]
    boxes = [r for r in rects if any(inside(b, r) for _c, b in placed)]
    faults = []
    for i, box in enumerate(boxes):
        where = f"box at ({box[0]:.1f}, {box[1]:.1f})"
        faults += [f"{where}: {gap(box, other):.2f} pt from the box at ({other[0]:.1f}, "
                   f"{other[1]:.1f})" for other in boxes[i + 1:] if gap(box, other) < CLEARANCE]
        faults += [f"{where}: {gap(box, b):.2f} pt from {c['text']!r}" for c, b in placed
                   if not inside(b, box) and gap(box, b) < CLEARANCE]
    return faults
