"""Fonts of a PDF card: the TrueType body font and its bold face, registered and measured.

Fonts are TrueType and always embedded. A font is used only with the bold face of its family
beside it: the card tells the reader to find the bold letters, so a font without one is refused.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from cardgen.errors import ConfigError, InputError
from cardgen.render.pdf.layout import HEAD_SCALE, Style
from cardgen.render.pdf.metrics import SHIPPED, glyph_ink, shipped

T = TypeVar("T")

_DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
DEFAULT_FONT = _DEJAVU / "DejaVuSansCondensed.ttf"
"""The body font when none is asked for, if installed ..."""
HEAD_FONT = _DEJAVU / "DejaVuSerifCondensed-Bold.ttf"
"""The face of the heads of run-in entries (`Style.head`) where installed (else the body's
bold): a serif capital, so I has the bars an l lacks."""
_REPORTLAB = importlib.util.find_spec("reportlab")  # found, not imported: a JSON build needs none
VERA = Path(str(_REPORTLAB and _REPORTLAB.origin)).parent / "fonts" / "Vera.ttf"
"""... and else the one reportlab ships."""


class DoesNotFit(Exception):
    """Part of a card that does not fit its size (the deck turns it into a PdfError that
    names a size that works)."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what
        """What does not fit, e.g. "the opening 'qu'"."""


class PdfError(InputError):
    """A card that cannot be rendered as asked: unknown size or sheet, unusable font."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key
        """The config key the error concerns: "pdf.font", "pdf.size" or "pdf.sheet"."""

    def __reduce__(self) -> tuple[type[PdfError], tuple[str, str]]:
        # Rebuilt from both arguments, so the error crosses a process pool intact.
        return type(self), (self.key, str(self))


def said_for(config: Path, make: Callable[[], T]) -> T:
    """What `make` makes; a `PdfError` said as the error of the config at `config` (its
    file and key)."""
    try:
        return make()
    except PdfError as error:
        raise ConfigError(f"{config}: {error.key}: {error}") from None


@dataclass(frozen=True)
class Fonts:
    """Registered font names and what the layout needs to know about them."""

    regular: str
    bold: str
    paths: tuple[Path, Path]
    ascent: float
    """Extent above the baseline per point of size (covers pdfplumber's glyph box too)."""
    descent: float
    """Extent below the baseline per point of size, positive."""
    dash: str
    dot: str
    range: str
    ellipsis: str
    lost: str
    """The sign of a lost position, where every letter completes a word: a shape, never a
    letter, so it is not read as a move."""
    head: str
    """The registered font of heads (`Style.head`), and its file."""
    head_path: Path
    measured: dict[tuple[str, Style], float] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    """Each text's width as `measure` found it, by value (a budget sets the same entries
    many times over); filled as the layout asks, and new with every `Fonts`, a copy made
    by `dataclasses.replace` too."""

    inked: dict[tuple[str, Style], tuple[float, float, float, float]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    """Each text's ink as `ink` found it, by value (a budget's trials ask the reach of the same
    entries again: `units.reach`), as `measured`."""

    def name(self, style: Style) -> str:
        """The registered font a style is set in."""
        return self.head if style.head else self.bold if style.bold else self.regular

    def measure(self, text: str, style: Style) -> float:
        """Width of `text` at 1 pt of its line in the font of `style` (the layout's
        `Measure`); a boxed or framed letter takes its box's fixed width (`box_width`)."""
        width = self.measured.get((text, style))
        if width is None:
            if (style.boxed or style.framed) and text.strip():
                width = self.box_width(text, style)
            else:
                width = self.width(text, style) * self.scale(text, style)
            self.measured[text, style] = width
        return width

    def scale(self, text: str, style: Style) -> float:
        """How much larger than its line `text` is set: `HEAD_SCALE` for a head (`Style.head`),
        but 1 for one whose ink reaches above the font's ascent (a mark over a capital, Ä):
        larger, it would set every line of its side further apart."""
        if not style.head or ink_bounds(text, self.head_path)[3] > self.ascent:
            return 1.0
        return HEAD_SCALE

    def width(self, text: str, style: Style) -> float:
        """Width of `text` at 1 pt in the font of `style`."""
        return text_width(text, self.path(style))

    def path(self, style: Style) -> Path:
        """The font file a style is set in."""
        return self.head_path if style.head else self.paths[1] if style.bold else self.paths[0]

    def ink(self, text: str, style: Style) -> tuple[float, float, float, float]:
        """The extent of the ink of `text` at 1 pt of its line from its origin: (left, bottom,
        right, top), bottom negative below the baseline; accents and descenders included."""
        box = self.inked.get((text, style))
        if box is None:
            scale = self.scale(text, style)
            x0, y0, x1, y1 = ink_bounds(text, self.path(style))
            box = self.inked[text, style] = (x0 * scale, y0 * scale, x1 * scale, y1 * scale)
        return box

    def box_width(self, text: str, style: Style) -> float:
        """The width of the box of a boxed or framed letter at 1 pt: the same for every
        letter as wide as an n or narrower, so a column of boxes lines up."""
        return max(self.width(text, style), self.width("n", style)) + 2 * BOX_PAD

    def box_extent(self, text: str, style: Style) -> tuple[float, float]:
        """The bottom and top of the box of a boxed or framed letter at 1 pt from its
        baseline: room for the tallest and deepest letters (l, h, j, y) and `text`'s own
        accents, with a pad."""
        _x0, bottom, _x1, top = self.ink(BOX_LETTERS + text, style)
        return bottom - BOX_PAD_Y, top + BOX_PAD_Y

    def register(self) -> None:
        """Register both faces with reportlab, to draw with them (`load_fonts` registers
        only a font whose figures are not shipped)."""
        for path in (*self.paths, self.head_path):
            register(path)


def font_name(path: Path) -> str:
    """The name a TrueType file is registered under."""
    return f"cardgen-{path.stem}-{hashlib.sha256(str(path).encode()).hexdigest()[:10]}"


@functools.cache
def register(path: Path) -> str:
    """Register a TrueType file once; return its reportlab font name."""
    from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
    from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]

    if not path.is_file():
        raise PdfError("pdf.font", f"{path}: no such file")
    name = font_name(path)
    try:
        font = TTFont(name, str(path))
    # reportlab's parser raises whatever the bytes provoke (TTFError, struct.error, ...).
    except Exception as error:
        raise PdfError("pdf.font", f"{path}: not a TrueType font ({error})") from error
    pdfmetrics.registerFont(font)
    return name


def bold_names(path: Path) -> list[str]:
    """The file names the bold face of the family of `path` may have, most likely first."""
    stem, suffix = path.stem, path.suffix
    candidates = [f"{stem}-Bold", f"{stem}Bold", f"{stem}Bd", f"{stem}-bold", f"{stem}bd"]
    for regular in ("-Regular", "Regular", "-regular", "regular"):
        if stem.endswith(regular):
            base = stem[: -len(regular)]
            candidates[:0] = [base + regular.replace("Regular", "Bold").replace("regular", "bold")]
    return [candidate + suffix for candidate in candidates if candidate + suffix != path.name]


def bold_beside(path: Path) -> Path:
    """The bold file of the family of `path`, which must sit next to it."""
    names = bold_names(path)
    for name in names:
        bold = path.with_name(name)
        if bold.is_file():
            return bold
    raise PdfError(
        "pdf.font",
        f"{path}: no bold face beside it (looked for {', '.join(names)}); the card marks "
        "the letters played in bold",
    )


@dataclass(frozen=True)
class _Face:
    name: str
    ascent: float
    """Per 1000 units ..."""
    descent: float
    """... and negative."""
    has: Callable[[str], bool]
    """Whether the font has a glyph for a character."""


def _face(path: Path) -> _Face:
    """What `load_fonts` reads of a font file: shipped (`metrics`), or from the file
    registered."""
    table = shipped(path)
    if table is not None:
        return _Face(font_name(path), table.ascent, table.descent, table.has)
    from reportlab.pdfbase import pdfmetrics

    name = register(path)
    face = pdfmetrics.getFont(name).face
    return _Face(name, face.ascent, face.descent, lambda ch: ord(ch) in face.charToGlyph)


def load_fonts(font: Path | None) -> Fonts:
    """The body font and its bold, measured (registered with reportlab unless their figures
    are shipped); see `PdfOptions.font`."""
    if font is None:
        font = DEFAULT_FONT if DEFAULT_FONT.is_file() else VERA
    regular = _face(font)
    bold_path = bold_beside(font)
    bold = _face(bold_path)
    faces = (regular, bold)
    ascent = max(max(face.ascent, 1000 + face.descent) for face in faces) / 1000
    descent = max(-face.descent for face in faces) / 1000

    def pick(fancy: str, plain: str) -> str:
        return fancy if all(face.has(fancy) for face in faces) else plain

    return Fonts(
        regular=regular.name,
        bold=bold.name,
        paths=(font, bold_path),
        ascent=float(ascent),
        descent=float(descent),
        dash=pick("\u2014", "-"),
        dot=pick("\u00b7", "/"),
        range=pick("\u2013", "-"),
        ellipsis=pick("\u2026", "~"),
        lost=pick("\u25cf", "#"),
        head=_face(HEAD_FONT).name if HEAD_FONT.is_file() else bold.name,
        head_path=HEAD_FONT if HEAD_FONT.is_file() else bold_path,
    )


BOX_PAD = 0.05
"""The room beside a boxed or framed letter, per point of size ..."""
BOX_PAD_Y = 0.04
"""... and above and below its ink."""
BOX_LETTERS = "bdfhjklpqy"
"""Letters whose ascenders and descenders every box has room for."""


@functools.cache
def ink_bounds(text: str, path: Path) -> tuple[float, float, float, float]:
    """The ink box of `text` set in the font file `path` at 1 pt; (0, 0, 0, 0) for blank
    text."""
    boxes = []
    x = 0.0
    for ch in text:
        box = glyph_ink(path, ch)
        if box is not None:
            boxes.append((x + box[0], box[1], x + box[2], box[3]))
        x += text_width(ch, path)
    if not boxes:
        return 0.0, 0.0, 0.0, 0.0
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


@functools.cache
def text_width(text: str, path: Path) -> float:
    """Width of `text` at 1 pt in the font file `path`, as reportlab measures it: from the
    shipped widths (`metrics`) where they hold every character, else from the file registered
    (remembered: a budget lays out the same entries many times over)."""
    table = shipped(path)
    width = None if table is None else table.width(text)
    if width is None:
        from reportlab.pdfbase import pdfmetrics

        width = float(pdfmetrics.stringWidth(text, register(path), 1.0))
    return width


def check_glyphs(texts: Iterable[tuple[str, Style]], fonts: Fonts, title: str = "") -> None:
    """Refuse a font that would print empty boxes for any of `texts` (text, style).

    Characters of the `title` the font lacks are the title's fault (key `title`), and the
    error names an installed font that has them, if there is one; others are the font's.
    """
    fonts.register()
    faces = dict(zip((fonts.regular, fonts.bold, fonts.head), (*fonts.paths, fonts.head_path),
                     strict=True))
    chars: dict[str, set[str]] = {name: set() for name in faces}
    for text, style in texts:
        chars[fonts.name(style)] |= set(text)
    for name, path in faces.items():
        missing = glyphless("".join(chars[name]), path)
        if not missing:
            continue
        if all(ch in title for ch in missing):
            raise title_glyphs_error(missing, fonts)
        raise PdfError("pdf.font", f"{path}: has no glyph for {missing!r}")


def title_glyphs_error(missing: str, fonts: Fonts) -> PdfError:
    """The error of a title with characters (`missing`) the font has no glyph for: it names
    an installed font that has them, if there is one."""
    other = font_with(missing)
    hint = f", such as {other}" if other else " (none installed here has them)"
    return PdfError(
        "title",
        f"the font {fonts.paths[0]} has no glyph for {missing!r}; set pdf.font to a TrueType "
        f"font that has them{hint}, or change the title",
    )


def glyphless(text: str, path: Path) -> str:
    """The characters of `text` the font file `path` has no glyph for, sorted, each once;
    from the shipped table where it holds them, else from the file registered."""
    table = shipped(path)
    found: list[str] = []
    for ch in dict.fromkeys(text):
        if table is not None and ch in SHIPPED:
            has = table.has(ch)
        else:
            from reportlab.pdfbase import pdfmetrics

            has = ord(ch) in pdfmetrics.getFont(register(path)).face.charToGlyph
        if not has:
            found.append(ch)
    return "".join(sorted(found))


FONT_FOLDERS = (Path("/usr/share/fonts"), Path.home() / ".local/share/fonts")
"""Where `font_with` looks for installed fonts."""


def font_with(chars: str, limit: int = 200) -> Path | None:
    """An installed TrueType font (with its bold face beside it) that has every one of
    `chars`, looked for among the first `limit` .ttf files of `FONT_FOLDERS`."""
    from reportlab.pdfbase.ttfonts import TTFont

    found = (p for folder in FONT_FOLDERS if folder.is_dir() for p in folder.rglob("*.ttf"))
    for path in sorted(found)[:limit]:
        if not any(path.with_name(name).is_file() for name in bold_names(path)):
            continue
        try:
            face = TTFont("cardgen-probe", str(path)).face
        except Exception:  # reportlab raises whatever a broken file provokes; skip it
            continue
        if all(ord(ch) in face.charToGlyph for ch in chars):
            return path
    return None
