"""Right-to-left text in a card's title: Hebrew, alone or among Latin words, drawn in the order
the Unicode bidirectional algorithm (UAX #9) gives it, as a browser shows the Markdown and HTML
cards; what the PDF cannot draw is refused before any work (`check_title`).

reportlab draws a string's glyphs from left to right in the order given and shapes nothing, so
each line of a title is put in display order before it is drawn (`visual`): python-bidi
resolves every character's embedding level (the rules for paragraphs, explicit formatting,
weak and neutral types, paired brackets and isolates), the line's runs are reversed from the
highest level down (L2), and a character with a mirrored twin is drawn as that twin at an odd
level (L4: a parenthesis keeps opening toward what it encloses; python-bidi's `get_display`
stops at L2). A title whose paragraph is right-to-left is set flush right.

What would need shaping is refused: Arabic script (and the other right-to-left scripts but
Hebrew), whose letters take their form from their neighbours, and marks on right-to-left
letters (Hebrew points), which sit on their letter only where a shaper places them.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardgen.cards.config import CardConfig

HEBREW = ((0x0590, 0x05FF), (0xFB1D, 0xFB4F))
"""The Hebrew block and Hebrew presentation forms: the right-to-left letters drawn without
shaping."""
_LEVELS = re.compile(r"\n    levels: \[\n(.*?)\n    \],\n    paragraphs: ", re.DOTALL)
_LEVEL = re.compile(r"Level\(\s*(\d+),?\s*\)")


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


def right_to_left(text: str) -> bool:
    """Whether the paragraph `text` is right-to-left: its first strong character is (rules
    P2 and P3).

    >>> right_to_left("גוסט: twl06"), right_to_left("Ghost: חיות")
    (True, False)
    """
    from bidi import get_base_level

    return bool(text.strip()) and get_base_level(text) == 1


def levels(text: str, rtl: bool) -> list[int]:
    """The embedding level of each character of the line `text` in a paragraph that is
    right-to-left or not, as python-bidi resolves them (rules X1 to I2, L1).

    >>> levels("Ghost (חיות) 2", False)
    [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 2]
    """
    from bidi import get_display

    # `debug` returns the levels python-bidi worked out, one per byte of the UTF-8 text.
    found = _LEVELS.search(str(get_display(text, base_dir="R" if rtl else "L", debug=True)))
    if found is None:
        raise RuntimeError("python-bidi's levels could not be read")
    by_byte = [int(level) for level in _LEVEL.findall(found.group(1))]
    starts, at = [], 0
    for ch in text:
        starts.append(at)
        at += len(ch.encode("utf-8"))
    if at != len(by_byte):
        raise RuntimeError("python-bidi's levels could not be read")
    return [by_byte[start] for start in starts]


def visual(text: str, rtl: bool) -> str:
    """The line `text`, of a paragraph that is right-to-left or not, in the order its
    characters are drawn from left to right (rules L2 and L4).

    >>> visual("Ghost (חיות) 2", False)
    'Ghost (תויח) 2'
    >>> visual("גוסט (חיות)", True)
    '(תויח) טסוג'
    """
    from bidi.mirror import MIRRORED

    found = levels(text, rtl)
    chars = [MIRRORED.get(ch, ch) if level % 2 else ch
             for ch, level in zip(text, found, strict=True)]
    order = list(range(len(chars)))
    lowest_odd = min((level for level in found if level % 2), default=None)
    if lowest_odd is not None:
        # L2: from the highest level down to the lowest odd one, reverse every run of
        # characters at that level or higher.
        for level in range(max(found), lowest_odd - 1, -1):
            i = 0
            while i < len(order):
                if found[order[i]] < level:
                    i += 1
                    continue
                j = i
                while j < len(order) and found[order[j]] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
    return "".join(chars[k] for k in order)


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


__all__ = [
    "check_config", "check_title", "is_rtl", "levels", "needs_shaping", "right_to_left", "visual",
]
