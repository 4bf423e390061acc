"""Renderers: each turns the same `Card` (or table) data into one format: `markdown`, `json`,
the PDF (`pdf/`), strategy tables (`table`), the strategy map (`svg`), the site (`site`;
`explorer`: the explorer's data, `pagetables`: a SuperGhost page's tables), explain's text
(`explain`), and the sentences every format says (`sentences`; `marks`: a letter's mark,
`hints`: play's advice).

Renderers depend on the core, never the reverse: they import the data of `cardgen.cards`
(cards, tables, paper) and of `cardgen.games` (solutions, tries), never a command of
`cardgen.app`. Text formats are Jinja2 templates shipped in the top-level `templates/` folder
(installed as `cardgen.templates`).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.packaged import folder
from cardgen.render import marks, sentences
from cardgen.render.sentences import ordinal, seat_list, verdict

if TYPE_CHECKING:  # Jinja2 is imported when a text template is first rendered, not before
    import jinja2

    from cardgen.cards.paper import PdfOptions
    from cardgen.cards.strategy import Card

__all__ = [
    "deck",
    "environment",
    "markdown_text",
    "ordinal",
    "render_template",
    "seat_list",
    "thousands",
    "verdict",
]

_MARKUP = re.compile(r"([\\`*_\[\]<>|~&])")
"""Characters Markdown (or the HTML inside it) may read as markup anywhere in a line."""


def markdown_text(text: str) -> str:
    """Text from the user (a title, a list's name or path) that Markdown prints as written.

    >>> print(markdown_text("My *best* <b>card</b> | v2"))
    My \\*best\\* \\<b\\>card\\</b\\> \\| v2
    """
    return _MARKUP.sub(r"\\\1", text)


def thousands(value: int) -> str:
    """12345 -> '12,345'."""
    return f"{value:,}"


@cache
def environment() -> jinja2.Environment:
    """The one Jinja2 environment: strict about undefined names, no stray blank lines; the
    HTML templates (`*.html.j2`, the published site) escape what they print."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder("cardgen.templates")),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=lambda name: name is not None and name.endswith(".html.j2"),
        bytecode_cache=_compiled_templates(),
    )
    # The sentences every format prints (cardgen.render.sentences), under their own names.
    for sentence in (*sentences.FILTERS, *marks.FILTERS):
        env.filters[sentence.__name__] = sentence
    env.globals["try_outcome"] = sentences.try_outcome
    env.globals["GAME_OVER"] = sentences.GAME_OVER
    env.globals["NO_FORCED_WIN"] = sentences.NO_FORCED_WIN
    env.globals["RARE_MARK"] = sentences.RARE_MARK
    env.globals["NAMED_MARK"] = sentences.NAMED_MARK
    env.globals["NOT_LISTED"] = sentences.NOT_LISTED
    env.globals["LOST_SIGN"] = marks.LOST_SIGN
    env.globals["LOST"] = marks.LOST
    env.globals["not_listed"] = sentences.not_listed
    env.filters["thousands"] = thousands
    env.filters["md"] = markdown_text
    env.filters["bold"] = lambda text: f"**{text}**"
    return env


def _compiled_templates() -> jinja2.BytecodeCache | None:
    """Compiled templates kept in the solution cache's folder, so that a run does not compile
    its template again (30 ms of a warm `explain`); Jinja2 checks each against its source and
    writes it atomically. Each is read as every file of a cache is (`cardgen.cachefile`): one
    that is no regular file, or that Jinja2 cannot read, is reported, removed and compiled
    again. None when that cache is off or its folder cannot be made."""
    import jinja2

    from cardgen.cachefile import BadEntry, discard, read_entry
    from cardgen.cards.cache import folder as cache_folder

    class CompiledTemplates(jinja2.FileSystemBytecodeCache):
        def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            path = Path(self.directory) / (self.pattern % (bucket.key,))
            try:
                data = read_entry(path)
                if data is not None:
                    bucket.bytecode_from_string(data)  # outdated: Jinja2 compiles it again
                return
            except BadEntry as problem:
                reason = str(problem)
            except Exception as error:  # damaged: what pickle and marshal raise varies
                reason = f"cannot be read ({type(error).__name__}: {error})"
            bucket.reset()
            discard(path, reason, "CARDGEN_SOLUTION_CACHE")

    root = cache_folder()
    if root is None:
        return None
    path = root / "templates"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return CompiledTemplates(str(path))


def render_template(name: str, **context: object) -> str:
    """Render one template of `templates/` with the given variables."""
    return environment().get_template(name).render(**context)


def deck(card: Card, options: PdfOptions | None = None) -> Card:
    """The card with its deck chosen, which every format describes: as it is where it has one
    (`cardgen build` chooses it by the config's `pdf` keys before any format is written), else
    as `options` say (default: a config without `pdf` keys), by the build's own
    `cardgen.render.pdf.budget.budget`. So a card from `cardgen.make_card` renders as the
    build writes it; reportlab is imported only where a deck is still to be chosen."""
    if card.deck is not None:
        return card
    from cardgen.cards.paper import PdfOptions
    from cardgen.render.pdf.budget import budget

    return budget(card, options or PdfOptions())
