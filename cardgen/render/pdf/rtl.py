"""Right-to-left text in a card's title: what the PDF cannot draw is refused before any work
(`check_title`).

reportlab draws a string's glyphs in the order given and shapes nothing. What would need
shaping is refused: Arabic script (and the other right-to-left scripts but Hebrew), whose
letters take their form from their neighbours, and marks on right-to-left letters (Hebrew
points), which sit on their letter only where a shaper places them; so is a title with
characters the card's font has no glyph for.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardgen.cards.config import CardConfig

HEBREW = ((0x0590, 0x05FF), (0xFB1D, 0xFB4F))
"""The Hebrew block and Hebrew presentation forms: the right-to-left letters drawn without
shaping."""


def is_rtl(text: str) -> bool:
    """Whether `text` holds a right-to-left character (bidi class R or AL).

    >>> is_rtl("Ghost: twl06"), is_rtl("Ghost: חיות")
    (False, True)
    """
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def needs_shaping(text: str) -> str:
    """What in `text` the PDF cannot draw without a shaper, said for an error ("" for
    nothing): right-to-left letters but Hebrew's, and marks on right-to-left letters.

    >>> needs_shaping("Ghost: חיות"), needs_shaping("شبح"), needs_shaping("חִית")
    ('', "Arabic letters: 'شبح'", "marks on right-to-left letters: 'ִ'")
    """
    letters: list[str] = []
    marks: list[str] = []
    base = ""  # the class of the last character that is not a mark
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL") and not _hebrew(ch) and ch not in letters:
            letters.append(ch)
        elif kind == "NSM" and base in ("R", "AL") and ch not in marks:
            marks.append(ch)
        if kind != "NSM":
            base = kind
    said = []
    if letters:
        script = unicodedata.name(letters[0], "right-to-left").split()[0].title()
        said.append(f"{script} letters: {''.join(letters)!r}")
    if marks:
        said.append(f"marks on right-to-left letters: {''.join(marks)!r}")
    return "; ".join(said)


def _hebrew(ch: str) -> bool:
    return any(lo <= ord(ch) <= hi for lo, hi in HEBREW)


def check_title(title: str, font: Path | None) -> None:
    """A PdfError (key `title`) if the PDF cannot draw `title` in the bold face of `font`
    (`load_fonts`): it needs shaping, or the face has no glyph for some of it. A title of the
    Latin letters and signs the default fonts' figures ship for is left to the layout, which
    checks every glyph it sets (`fonts.check_glyphs`)."""
    from cardgen.render.pdf.fonts import PdfError, glyphless, load_fonts, title_glyphs_error
    from cardgen.render.pdf.metrics import SHIPPED

    if all(ch in SHIPPED for ch in title):  # Latin: the layout's own check of every glyph
        return
    shaped = needs_shaping(title)
    if shaped:
        raise PdfError(
            "title",
            f"{title!r} needs text shaping, which the PDF does not do ({shaped}): change the "
            "title, or build only Markdown and JSON (--format md --format json)",
        )
    fonts = load_fonts(font)
    missing = glyphless(title, fonts.paths[1])  # a title is set in bold
    if missing:
        raise title_glyphs_error(missing, fonts)


def check_config(config: CardConfig) -> None:
    """Refuse, before any work, a card config whose title its PDF cannot draw
    (`check_title`), as the error of the config's file and key `title`."""
    from cardgen.cards.strategy import default_title
    from cardgen.render.pdf.fonts import said_for

    title = config.title or default_title(config.dictionary.name, config.players,
                                          config.min_length, config.game)
    said_for(config.path, lambda: check_title(title, config.pdf.font))


__all__ = ["check_config", "check_title", "is_rtl", "needs_shaping"]
