"""`cardgen publish`: card and table configs in, one static site out, all or nothing.

The site is one folder: `index.html`, a page per card and per table, and beside each the files
`build` and `table` write (a card's PDF, JSON and strategy map, a table's Markdown, CSV and
JSON), the card's moves for the explorer (`<stem>.card.js`) beside the game it explores
(`game-<hash>.js`, one file for every card of the same game), and the site's styles and
scripts. A card of decision tables (SuperGhost, SuperDuperGhost) has no strategy map: its
strategy is no tree of letters. The
configs are read and checked, and every word list found, before anything is solved; every file
is rendered before any is written (`cardgen.files.write_all`), so a bad input anywhere leaves
the folder as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import cast

from cardgen.app import runner
from cardgen.cards.config import (
    CardConfig,
    TableConfig,
    config_spelling,
    load_card_config,
    load_table_config,
)
from cardgen.cards.make import Lexicons, config_card, config_game
from cardgen.cards.strategy import Card
from cardgen.errors import ConfigError
from cardgen.files import check_targets, protected, refuse_inputs, write_all
from cardgen.games.game import GameSolution
from cardgen.games.solver import Solution
from cardgen.progress import ProgressCallback
from cardgen.words.alphabet import Spelling
from cardgen.words.lexicon import not_counted
from cardgen.words.wordlists import check_available
from cardgen.yamlfile import load_mapping

DEFAULT_OUT = Path("site")
"""Where `cardgen publish` writes without --out."""


def load_config(path: Path) -> CardConfig | TableConfig:
    """A card config (it has `dictionary`) or a table config (it has `dictionaries`)."""
    data = load_mapping(path)
    if "dictionaries" in data and "dictionary" not in data:
        return load_table_config(path)
    if "dictionary" not in data:
        raise ConfigError(
            f"{path}: neither a card config (no `dictionary`) nor a table config "
            "(no `dictionaries`)"
        )
    return load_card_config(path)


def _card_files(config: CardConfig) -> tuple[str, ...]:
    """A card's files in the site: its page, its PDFs, its JSON, its map (Ghost's only), its
    explorer data."""
    pdfs = tuple(config.stem + suffix for suffix in runner.CARDS.formats["pdf"].suffixes(config))
    mapped = () if config.game.decision_tables else (f"{config.stem}.svg",)
    return (f"{config.stem}.html", *pdfs, f"{config.stem}.json", *mapped,
            f"{config.stem}.card.js")


def _table_files(config: TableConfig) -> tuple[str, ...]:
    """A table's files in the site: its page, its Markdown, CSV and JSON."""
    return tuple(f"{config.stem}{suffix}" for suffix in (".html", ".md", ".csv", ".json"))


def _check_names(configs: Sequence[CardConfig | TableConfig], folder: Path) -> None:
    """Refuse a config given twice, two files of the site with one name, a file of the site
    that is an input of the run (it would be lost), and a folder no run could write in."""
    from cardgen.render.site import STATIC

    owners: dict[str, str] = {name: "the site itself" for name in ("index.html", *STATIC)}
    writers: dict[Path, Path | None] = {folder / name: None for name in owners}
    seen: set[Path] = set()
    for config in configs:
        identity = config.path.resolve()
        if identity in seen:
            raise ConfigError(f"{config.path}: given twice")
        seen.add(identity)
        names = _card_files(config) if isinstance(config, CardConfig) else _table_files(config)
        for name in names:
            other = owners.setdefault(name, str(config.path))
            if other != str(config.path):
                raise ConfigError(
                    f"{config.path}: publishes {name}, as {other} does: rename the config"
                )
            writers[folder / name] = config.path
    refuse_inputs(writers, runner.run_inputs(configs), "--out")
    check_targets(writers)  # a folder no run could write in, said before any work


def _uncounted(
    solution: GameSolution, entries: Iterable[str], spelling: Spelling
) -> dict[str, str]:
    """The entries of the list that are no playable words, as the list writes them, with why
    (what `cardgen explain` says of them): every one, also where the letters before begin no
    playable word (`zzz`, `hmm` on a 4+ list), since explain says it of any fragment typed."""
    words = set(solution.words)
    found: dict[str, list[str]] = {}
    for entry in entries:
        # Every rule writes an ASCII entry as its lower case (cardgen.words.entries.Entries).
        written = entry.strip().lower() if entry.isascii() else spelling.write(entry)
        if written and written not in words:
            found.setdefault(written, []).append(entry)
    min_length = solution.lexicon.min_length
    return {fragment: why for fragment, group in found.items()
            if (why := not_counted(fragment, group, spelling, min_length))}


class _Explorers:
    """The explorer's scripts of a run: each card's moves, and each game's once."""

    def __init__(self, lexicons: Lexicons) -> None:
        self.lexicons = lexicons
        self.games: dict[tuple[object, ...], tuple[str, bytes]] = {}

    def scripts(self, config: CardConfig, card: Card) -> tuple[str, bytes, bytes]:
        """The name and bytes of the card's game script, and the card's script."""
        from cardgen.games.casual import casual
        from cardgen.games.superghost import InfixSolution
        from cardgen.render.explorer import (
            game_file,
            printed_plays,
            render_card,
            render_game,
            render_infix_game,
            render_printed,
        )

        solution, traps = config_game(config, self.lexicons)
        zipf = None if traps is None else traps.zipf
        # SuperGhost and SuperDuperGhost share their fragments, so their game script.
        key = (config.dictionary, config.game.decision_tables, solution.players,
               solution.lexicon.min_length, solution.lexicon.letters, len(solution.words),
               solution.words[-1], None if zipf is None else zipf.tobytes())
        if key not in self.games:
            spelling = config_spelling(config)
            wordlist = self.lexicons.wordlist(config.dictionary)
            uncounted = _uncounted(solution, wordlist.entries, spelling)
            script = (render_infix_game(solution, zipf, uncounted, wordlist.name)
                      if isinstance(solution, InfixSolution) else
                      render_game(cast(Solution, solution), traps, uncounted, wordlist.name))
            self.games[key] = (game_file(script), script.encode())
        knows = config.opponent.knows
        table = None if traps is None or knows is None else casual(traps, knows)
        if isinstance(solution, InfixSolution):
            from cardgen.app.runner import with_printed
            from cardgen.cards.position import explain

            # The start as explain says it: shown at once while the page rebuilds the game.
            start = with_printed(explain(solution, "", traps, knows, table),
                                 printed_plays(card))
            name, game = self.games[key]
            return name, game, render_printed(card, traps is not None, start).encode()
        assert isinstance(solution, Solution)  # Ghost and its variants: nothing else
        name, game = self.games[key]
        return name, game, render_card(solution, traps, table, card).encode()


def publish(
    paths: Sequence[Path], *, out: Path | None = None, progress: ProgressCallback | None = None,
    max_seconds: float | None = None,
) -> list[Path]:
    """Publish every config's card or table as one site in `out` (default `site/`); return
    the files written, the index first. A config estimated to take longer than `max_seconds`
    is refused before it is solved."""
    folder = out or DEFAULT_OUT
    configs = [load_config(path) for path in paths]
    _check_names(configs, folder)
    if any(isinstance(config, CardConfig) for config in configs):
        from cardgen.render.svg import check_dot

        check_dot()  # the strategy maps need it: say so before any work
        from cardgen.render.pdf.rtl import check_config

        for config in configs:
            if isinstance(config, CardConfig):
                check_config(config)  # each card's PDF: a title it cannot draw
    for config in configs:
        sources = (config.dictionary,) if isinstance(config, CardConfig) else config.dictionaries
        for source in sources:
            check_available(source)
    with protected(runner.run_inputs(configs)):
        lexicons = Lexicons(progress=progress, max_seconds=max_seconds)
        outputs = _site(configs, folder, lexicons, progress)
        write_all(outputs)
    return list(outputs)


def _site(
    configs: Sequence[CardConfig | TableConfig],
    folder: Path,
    lexicons: Lexicons,
    progress: ProgressCallback | None,
) -> dict[Path, bytes]:
    """Every file of the site, by its path in `folder`, the index first."""
    from cardgen.render.site import (
        CardPage,
        TablePage,
        render_card_page,
        render_index,
        render_table_page,
        static_files,
    )

    explorers = _Explorers(lexicons)
    files: dict[str, bytes] = {}
    cards: list[CardPage] = []
    tables: list[TablePage] = []
    for config in configs:
        if isinstance(config, TableConfig):
            table = runner.compute(runner.TABLES, config, lexicons, progress)
            for name in ("md", "csv", "json"):
                (data,) = runner.TABLES.formats[name].render(table, config)
                files[f"{config.stem}.{name}"] = data
            tables.append(TablePage(config.stem, table))
            continue
        card = runner.compute(runner.CARDS, config, lexicons, progress)
        names = _card_files(config)
        pdfs = names[1:-2 if config.game.decision_tables else -3]
        rendered = [
            *runner.CARDS.formats["pdf"].render(card, config),
            *runner.CARDS.formats["json"].render(card, config),
        ]
        if not config.game.decision_tables:
            rendered += runner.CARDS.formats["svg"].render(card, config)
        game, files[game], script = explorers.scripts(config, card)
        rendered.append(script)
        files.update(zip(names[1:], rendered, strict=True))
        # A deck may print part of a decision table: the page lists it whole.
        whole = config_card(config, lexicons) if config.game.decision_tables else None
        page = CardPage(config.stem, card, tuple(pdfs), game, whole)
        files[page.page] = render_card_page(page).encode()
        cards.append(page)
    for entry in tables:  # each row links to the card page of its game, if the site has one
        files[entry.page] = render_table_page(entry, cards).encode()
    outputs = {folder / "index.html": render_index(cards, tables).encode()}
    outputs.update((folder / name, data) for name, data in static_files().items())
    outputs.update((folder / name, data) for name, data in files.items())
    return outputs
