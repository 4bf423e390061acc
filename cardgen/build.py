"""`cardgen build`: from card configs to cards written in every asked-for format.

A run checks every config and word list before it computes anything, and computes and renders
every output before it writes any, so a bad input leaves nothing behind.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from pathlib import Path

from cardgen.alphabet import Spelling, default_spelling
from cardgen.config import CardConfig, Dictionary, TableConfig, load_card_config
from cardgen.errors import ConfigError, WordListError
from cardgen.lexicon import Lexicon, playable_words
from cardgen.outputs import write_all
from cardgen.render.json import render_card as render_json
from cardgen.render.markdown import render_card as render_markdown
from cardgen.solver import solve
from cardgen.strategy import Card, DictionaryInfo, build_card
from cardgen.wordlists import WordList, check_available, load_catalog, load_wordlist


class Format(str, enum.Enum):
    """The formats `cardgen build` writes."""

    md = "md"
    json = "json"
    pdf = "pdf"


class Lexicons:
    """Word lists and lexicons read once per run, however many configs or rows share them."""

    def __init__(self, *, progress: bool = True) -> None:
        self.progress = progress
        self._lists: dict[str, WordList] = {}
        self._lexicons: dict[tuple[str, int, Spelling], Lexicon] = {}

    def wordlist(self, dictionary: Dictionary) -> WordList:
        """The word list, read (or fetched) on first use."""
        if dictionary.key not in self._lists:
            spec = str(dictionary.path) if dictionary.path else dictionary.spec
            self._lists[dictionary.key] = load_wordlist(spec, Path.cwd(), progress=self.progress)
        return self._lists[dictionary.key]

    def lexicon(
        self, dictionary: Dictionary, min_length: int, spelling: Spelling | None = None
    ) -> Lexicon:
        """The playable words of the list for one minimum length, written by `spelling` (default:
        the list's language's); refuses a list with none."""
        spelling = spelling or list_spelling(dictionary)
        key = (dictionary.key, min_length, spelling)
        if key not in self._lexicons:
            lexicon = playable_words(self.wordlist(dictionary).entries, min_length, spelling)
            if not lexicon.words:
                where = dictionary.path or dictionary.spec
                expected = "lower-case a-z words"
                if spelling != Spelling():
                    expected = f"{spelling.language} words of alphabet {spelling.rule}"
                raise WordListError(
                    f"{where}: no playable words of {min_length}+ letters "
                    f"(entries must be {expected})"
                )
            self._lexicons[key] = lexicon
        return self._lexicons[key]

    def source(self, dictionary: Dictionary) -> str:
        """Where the list comes from: the catalog's label, or a user's path as the config
        writes it (not where it was found), so the same config gives the same bytes from
        whatever folder it is built."""
        return self.wordlist(dictionary).source if dictionary.path is None else dictionary.spec

    def info(
        self, dictionary: Dictionary, min_length: int, spelling: Spelling | None = None
    ) -> DictionaryInfo:
        """What a card says about its word list."""
        wordlist = self.wordlist(dictionary)
        lexicon = self.lexicon(dictionary, min_length, spelling)
        return DictionaryInfo(
            name=wordlist.name,
            source=self.source(dictionary),
            sha256=wordlist.sha256,
            entries=len(wordlist.entries),
            playable=len(lexicon.words),
            language=lexicon.spelling.language,
            alphabet=lexicon.spelling.rule,
            letters=lexicon.letters,
            capitalized=lexicon.spelling.capitalized,
        )


def list_spelling(
    dictionary: Dictionary,
    language: str | None = None,
    rule: str | None = None,
    capitalized: str | None = None,
) -> Spelling:
    """How a list's entries become words: the language given, else the catalog's (`en` for a
    file), and each rule given or else that language's default."""
    if language is None:
        language = "en" if dictionary.path else load_catalog()[dictionary.spec].language
    return default_spelling(language, rule, capitalized)


def check_dictionaries(dictionaries: Iterable[Dictionary]) -> None:
    """Fail before any work if a catalog list cannot be had (a Debian package not installed)."""
    for dictionary in dictionaries:
        if dictionary.path is None:
            check_available(dictionary.spec)


def make_card(config: CardConfig, lexicons: Lexicons) -> Card:
    """Solve the config's game and build its card."""
    spelling = list_spelling(
        config.dictionary, config.language, config.alphabet, config.capitalized
    )
    lexicon = lexicons.lexicon(config.dictionary, config.min_length, spelling)
    solution = solve(lexicon, config.players)
    info = lexicons.info(config.dictionary, config.min_length, spelling)
    return build_card(solution, info, config.title)


def render(card: Card, config: CardConfig, formats: Sequence[Format]) -> dict[str, bytes]:
    """Render a card: output file name -> contents."""
    files: dict[str, bytes] = {}
    for fmt in formats:
        if fmt is Format.md:
            files[f"{config.stem}.md"] = render_markdown(card).encode()
        elif fmt is Format.json:
            files[f"{config.stem}.json"] = render_json(card).encode()
        elif fmt is Format.pdf:
            # reportlab is imported only when a PDF is asked for: it is slow to import.
            from cardgen.render.pdf import PdfError, render_sheet
            from cardgen.render.pdf import render_card as render_pdf

            try:
                files[f"{config.stem}.pdf"] = render_pdf(card, config.pdf)
                if config.pdf.sheet != "none":
                    files[f"{config.stem}-sheet.pdf"] = render_sheet(card, config.pdf)
            except PdfError as error:  # "font: ...", "size: ...": name the config's key
                raise ConfigError(f"{config.path}: pdf.{error}") from None
    return files


def check_distinct(configs: Sequence[CardConfig | TableConfig], out: Path | None) -> None:
    """Refuse two configs of one run that would write the same files (same folder and stem)."""
    seen: dict[Path, Path] = {}
    for config in configs:
        stem = ((out or config.output_dir) / config.stem).resolve()
        if stem in seen:
            raise ConfigError(
                f"{config.path}: writes the same files as {seen[stem]}: rename one of them"
            )
        seen[stem] = config.path


def build(
    paths: Sequence[Path],
    *,
    out: Path | None = None,
    formats: Sequence[Format] = tuple(Format),
    progress: bool = True,
) -> list[Path]:
    """Build every config's card in every format; return the files written, in order."""
    configs = [load_card_config(path) for path in paths]
    formats = list(dict.fromkeys(formats))  # keep order, drop repeats
    check_dictionaries(config.dictionary for config in configs)
    check_distinct(configs, out)
    lexicons = Lexicons(progress=progress)
    outputs: dict[Path, bytes] = {}
    for config in configs:
        card = make_card(config, lexicons)
        directory = out or config.output_dir
        for name, data in render(card, config, formats).items():
            outputs[directory / name] = data
    write_all(outputs)
    return list(outputs)
