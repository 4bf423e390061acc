"""Card and table configs: YAML files read safely and checked key by key.

Every problem is a `ConfigError` whose one-line message names the file and the key at fault,
e.g. ``configs/x.yaml: players: expected an integer from 2 to 10, got 'two'``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import KW_ONLY, dataclass, field
from pathlib import Path
from typing import Any

from cardgen.cards.paper import (
    BLEED_WANTED,
    FULL,
    MAX_BLEED,
    MAX_CARDS,
    SHEETS,
    SIZES,
    WORDS,
    PdfOptions,
)
from cardgen.errors import FamiliarityError, WordListError
from cardgen.files import expand_user, named_file, unusable
from cardgen.games.opponent import PERFECT, Opponent, read_opponent, read_range
from cardgen.games.variants import GAME_NAMES, Game, find_game
from cardgen.words.alphabet import CAPITALIZED, RULES, Spelling, match_language
from cardgen.words.builder import list_spelling
from cardgen.words.familiarity import (
    MAX_ZIPF,
    NONE,
    WORDFREQ,
    ZIPF_WANTED,
    Frequencies,
    missing_data,
    read_avoid_file,
    read_frequencies,
)
from cardgen.words.wordlists import (
    CatalogList,
    ListFile,
    WordListSource,
    load_catalog,
    parse_source,
)
from cardgen.written import preview
from cardgen.yamlfile import MappingReader, integer_problem, is_number, kind

PLAYERS = (2, 10)
"""Smallest and largest number of players."""
MIN_LENGTHS = (2, 15)
"""Smallest and largest minimum word length."""
DEFAULT_OUTPUT_DIR = Path("output")
FAM = "familiarity"
RANKINGS = ("fewest", "familiar")
"""The values of `ranking` (GHOST.md: "Minimal winning word sets", "The familiar ranking")."""


@dataclass(frozen=True)
class RankingOptions:
    """How a config ranks winning word sets: keys `ranking`, `rare_below` and `avoid` (with
    `familiar`), and `familiarity` (the frequencies of `familiar` and of every card's traps)."""

    by: str = "fewest"
    rare_below: float = 3.0
    frequencies: Frequencies | None = None
    """A config's own frequency file, read; None: the wordfreq data, or none at all."""
    avoid: frozenset[str] | None = None
    """Words to keep off the card unless forced, added to the language's default list."""
    familiarity: str = WORDFREQ
    """`wordfreq` (the list's language's), `none` (no data read), or the file as written."""
    replace_avoid: bool = False
    """Whether `avoid` replaces the default list instead (`avoid: {replace: [...]}`)."""


@dataclass(frozen=True)
class RunConfig:
    """What a card config and a table config both hold: the file, where outputs go, and how
    the games are ranked, played and solved (keyword-only, after each kind's own fields)."""

    path: Path
    """The config file, as given."""
    _: KW_ONLY
    output_dir: Path = DEFAULT_OUTPUT_DIR
    ranking: RankingOptions = field(default_factory=RankingOptions)
    opponent: Opponent = PERFECT
    """Whom the strategies are for, and the rows count wins against (key `opponent`): perfect
    players, or a casual table."""
    game: Game = field(default_factory=Game)
    """The game solved (key `game`: ghost, superghost, superduperghost)."""
    inputs: tuple[Path, ...] = ()
    """The files a run reads for it (config, word lists, frequency, avoid, font): no output."""

    @property
    def stem(self) -> str:
        """Output files are named after the config file."""
        return self.path.stem


@dataclass(frozen=True)
class CardConfig(RunConfig):
    """What `cardgen build` makes a card from."""

    dictionary: WordListSource
    players: int
    min_length: int
    title: str | None = None
    pdf: PdfOptions = field(default_factory=PdfOptions)
    language: str | None = None
    """The list's language (`fr`, ...); None: the catalog's, or `en` for a file."""
    alphabet: str | None = None
    """The alphabet rule (`cardgen.words.alphabet.RULES`); None: the language's default."""
    capitalized: str | None = None
    """`drop` or `lower` capitalised entries; None: the language's default."""


@dataclass(frozen=True)
class TableConfig(RunConfig):
    """What `cardgen table` makes a strategy table from."""

    title: str
    dictionaries: tuple[WordListSource, ...]
    min_lengths: tuple[int, ...]
    players: tuple[int, ...]


class _Reader(MappingReader):
    """Reads one config file and checks its keys, raising errors that name the file."""

    TEXT_KEYS = frozenset({"dictionary", "dictionaries", "title", "output_dir", "pdf.font",
                           "language", "familiarity", "avoid"})

    def __init__(self, path: Path, command: str) -> None:
        super().__init__(path)
        self.inputs: list[Path] = [path]  # and each file it names, as it is read
        mine, theirs, kind_name, other = _MARKERS[command]
        if theirs in self.data and mine not in self.data:
            raise self.error(
                f"a {kind_name} config (it has `{theirs}`): make it with `cardgen {other}`"
            )

    def output_dir(self) -> Path:
        """The output folder, relative to the current folder; `~` is expanded."""
        if "output_dir" not in self.data:
            return DEFAULT_OUTPUT_DIR
        return expand_user(self.text("output_dir"), lambda m: self.error(m, "output_dir"))

    def dictionary(self, key: str, value: Any) -> WordListSource:
        """A catalog name, or a path relative to the config file's folder (see
        `cardgen.words.wordlists.parse_source` for the rule that tells them apart)."""
        if not isinstance(value, str) or not value.strip():
            raise self.error(f"expected a catalog name or a file path, got {preview(value)}", key)
        try:
            source = parse_source(self.text(key, value), self.path.parent)
        except WordListError as error:
            raise self.error(str(error), key) from None
        if isinstance(source, ListFile):
            if (problem := unusable(source.path, "word list file", preview(source.spec))):
                raise self.error(problem, key)
            self.inputs.append(source.path)
        return source

    def pdf(self) -> PdfOptions:
        if "pdf" not in self.data:
            return PdfOptions()
        value = self.data["pdf"]
        if value is None:
            return PdfOptions()
        if not isinstance(value, dict):
            keys = ", ".join(PDF_KEYS)
            raise self.error(f"expected a mapping ({keys}), got {kind(value)}", "pdf")
        for key in value:
            if key not in PDF_KEYS:
                expected = f"expected one of: {', '.join(PDF_KEYS)}"
                raise self.error(f"unknown key ({expected})", f"pdf.{self.key_name(key, 'pdf')}")
        size = self.choice("pdf.size", value.get("size", "id1"), tuple(SIZES))
        sheet = value.get("sheet", "none")
        if sheet is False or sheet is None:  # YAML reads a bare `none`/`no` as these
            sheet = "none"
        sheet = self.choice("pdf.sheet", sheet, SHEETS)
        font = value.get("font")
        font_path = None
        if font is not None:
            if not isinstance(font, str) or not font.strip():
                raise self.error(f"expected a path to a .ttf file, got {preview(font)}", "pdf.font")
            font_path = self.file("pdf.font", self.text("pdf.font", font), "font file")
        words = value.get("words", "all")
        if words is False or words is None:  # a bare `none` again
            words = "none"
        words = self.choice("pdf.words", words, WORDS)
        if not is_number(bleed := value.get("bleed", 0), 0, MAX_BLEED):
            raise self.error(f"expected {BLEED_WANTED}, got {preview(bleed)}", "pdf.bleed")
        cards = value.get("cards")
        if cards is not None and cards != "full" and integer_problem(cards, (1, MAX_CARDS)):
            wanted = f"expected full or a number of cards from 1 to {MAX_CARDS}"
            raise self.error(f"{wanted}, got {preview(cards)}", "pdf.cards")
        cards = FULL if cards == "full" else cards
        return PdfOptions(size, sheet, font_path, words, self.seats(value), float(bleed), cards)

    def seats(self, value: dict[str, Any]) -> tuple[int, ...] | None:
        """`pdf.seats`: a list of seat numbers (1 = the first player), or None for all."""
        seats = value.get("seats")
        if seats is None:
            return None
        if (
            not isinstance(seats, list)
            or not seats
            or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 1 for s in seats)
        ):
            raise self.error(
                f"expected a list of seat numbers such as [1, 2], got {preview(seats)}",
                "pdf.seats",
            )
        players = self.data.get("players")
        if isinstance(players, int) and max(seats) > players:
            raise self.error(f"seat {max(seats)}: the game has {players} players", "pdf.seats")
        return tuple(sorted(set(seats)))

    def ranking(self, language: str | None = None) -> RankingOptions:
        """The ranking keys; a frequency or avoid file is read (and wordfreq's data for
        `language` looked for) here, so a bad one stops the run before anything is computed."""
        by = self.choice("ranking", self.data.get("ranking", "fewest"), RANKINGS)
        rare_below = self.data.get("rare_below", 3.0)
        if not is_number(rare_below, 0, MAX_ZIPF):
            raise self.error(f"expected {ZIPF_WANTED}, got {preview(rare_below)}", "rare_below")
        frequencies = None
        spec = self.data.get(FAM, WORDFREQ)
        spec = self.text(FAM, NONE if spec is None or spec is False else spec)  # YAML's bare no
        if problem := missing_data(spec, by == "familiar", FAM in self.data, language):
            raise self.error(problem, FAM)
        if spec not in (WORDFREQ, NONE):
            path = self.file("familiarity", spec, "frequency file")
            try:
                frequencies = read_frequencies(path, spec)
            except FamiliarityError as error:
                raise self.error(str(error), "familiarity") from None
        for key in ("rare_below", "avoid"):
            if by == "fewest" and key in self.data:
                raise self.error("has no effect with ranking: fewest (only familiar uses it)", key)
        value = self.data.get("avoid")
        replace = isinstance(value, dict) and list(value) == ["replace"]
        avoid = None if value is None else self.avoid(value["replace"] if replace else value)
        return RankingOptions(by, float(rare_below), frequencies, avoid, spec, replace)

    def opponent(self) -> Opponent:
        """`opponent` (see `cardgen.games.opponent.read_opponent`); a casual table needs
        frequencies."""
        opponent = read_opponent(self.data.get("opponent", "perfect"), self.error)
        if opponent.knows is not None and self.data.get(FAM, WORDFREQ) in (NONE, False, None):
            raise self.error("a casual table needs word frequencies: `familiarity` is none",
                             "opponent")
        if "casual_table" in self.data:  # a card config's: the tables of its pocket figures
            tables = read_range(self.data["casual_table"], "casual_table", self.error)
            opponent = dataclasses.replace(opponent, figures=tables)
        return opponent

    def avoid(self, value: Any) -> frozenset[str]:
        """A list of words, or the path of a file of words, one a line."""
        if isinstance(value, list):
            if not all(isinstance(word, str) and word.strip() for word in value):
                raise self.error(f"expected a list of words, got {preview(value)}", "avoid")
            return frozenset(word.strip().lower() for word in value)
        if not isinstance(value, str) or not value.strip():
            expected = "a list of words, a file of words, or {replace: words or file}"
            raise self.error(f"expected {expected}, got {preview(value)}", "avoid")
        path = self.file("avoid", self.text("avoid", value), "avoid file")
        try:
            return read_avoid_file(path)
        except FamiliarityError as error:
            raise self.error(str(error), "avoid") from None

    def file(self, key: str, spec: str, what: str) -> Path:
        """A regular file named by the config (`files.named_file`), one of its inputs."""
        path = named_file(spec, self.path.parent, what, preview(spec), lambda p: self.error(p, key))
        self.inputs.append(path)
        return path

    def game(self) -> Game:
        """Key `game`: the game to solve (default ghost)."""
        name = self.data.get("game", "ghost")
        name = name.lower() if isinstance(name, str) else name  # SuperGhost, as elsewhere
        return find_game(self.choice("game", name, GAME_NAMES))


def _identity(source: WordListSource) -> object:
    """What tells two word lists apart: the catalog name, or the file wherever it is named."""
    return source.path.resolve() if isinstance(source, ListFile) else source


PDF_KEYS = ("size", "sheet", "font", "words", "seats", "bleed", "cards")
RANKING_KEYS = ("ranking", "rare_below", "familiarity", "avoid", "opponent")
CARD_KEYS = (
    "dictionary", "players", "min_length", "title", "output_dir", "pdf",
    "language", "alphabet", "capitalized", *RANKING_KEYS, "casual_table", "game",
)
TABLE_KEYS = (
    "title", "dictionaries", "min_lengths", "players", "output_dir", *RANKING_KEYS, "game",
)
_MARKERS = {
    "build": ("dictionary", "dictionaries", "table", "table"),
    "table": ("dictionaries", "dictionary", "card", "build"),
}
"""For each command: the key that marks its own configs, the key that marks the other kind,
what the other kind is, and the command it is for."""


def load_card_config(path: Path) -> CardConfig:
    """Read and check a card config (`cardgen build`)."""
    reader = _Reader(path, "build")
    reader.check_keys(CARD_KEYS, required=("dictionary", "players", "min_length"))
    dictionary = reader.dictionary("dictionary", reader.data["dictionary"])
    language = _language(reader)
    catalog = load_catalog()[dictionary.name] if isinstance(dictionary, CatalogList) else None
    return CardConfig(
        path=path,
        dictionary=dictionary,
        players=reader.integer("players", PLAYERS),
        min_length=reader.integer("min_length", MIN_LENGTHS),
        title=reader.optional_text("title"),
        output_dir=reader.output_dir(),
        pdf=reader.pdf(),
        language=language,
        alphabet=_choice(reader, "alphabet", RULES),
        capitalized=_choice(reader, "capitalized", CAPITALIZED),
        ranking=reader.ranking(language or (catalog.language if catalog else "en")),
        opponent=reader.opponent(),
        inputs=tuple(reader.inputs),
        game=reader.game(),
    )


def _choice(reader: _Reader, key: str, choices: tuple[str, ...]) -> str | None:
    """An optional key that is one of `choices`."""
    value = reader.optional_text(key)
    if value is None or value in choices:
        return value
    raise reader.error(f"expected one of {', '.join(choices)}, got {preview(value)}", key)


def _language(reader: _Reader) -> str | None:
    """The optional `language`, a BCP 47 tag matched to one cardgen has rules for."""
    value = reader.optional_text("language")
    try:
        return None if value is None else match_language(value)
    except ValueError as error:
        raise reader.error(str(error), "language") from None


def load_table_config(path: Path) -> TableConfig:
    """Read and check a table config (`cardgen table`)."""
    reader = _Reader(path, "table")
    reader.check_keys(TABLE_KEYS, required=("dictionaries", "min_lengths", "players"))
    values = reader.data["dictionaries"]
    if not isinstance(values, list) or not values:
        raise reader.error(
            f"expected a non-empty list of word lists, got {preview(values)}", "dictionaries"
        )
    dictionaries = tuple(reader.dictionary("dictionaries", value) for value in values)
    if len({_identity(d) for d in dictionaries}) != len(dictionaries):
        raise reader.error(f"lists a word list twice: {preview(values)}", "dictionaries")
    game = reader.game()
    return TableConfig(
        path=path,
        title=reader.optional_text("title") or f"Who wins {game.title}?",
        dictionaries=dictionaries,
        min_lengths=reader.integers("min_lengths", MIN_LENGTHS),
        players=reader.integers("players", PLAYERS),
        output_dir=reader.output_dir(),
        ranking=reader.ranking(),
        opponent=reader.opponent(),
        inputs=tuple(reader.inputs),
        game=game,
    )


def config_spelling(config: CardConfig) -> Spelling:
    """How a card config's list is written: its keys `language`, `alphabet`, `capitalized`."""
    return list_spelling(config.dictionary, config.language, config.alphabet, config.capitalized)
