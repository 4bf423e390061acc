"""`cardgen publish`: card and table configs in, one static site out, all or nothing.

The site is one folder: `index.html`, a page per card and per table, and beside each the files
`build` and `table` write (a card's PDF, JSON and strategy map, a table's Markdown, CSV and
JSON), the card's explorer data (`<stem>.solution.js`), and the site's styles and scripts. The
configs are read and checked, and every word list found, before anything is solved; every file
is rendered before any is written (`cardgen.files.write_all`), so a bad input anywhere leaves
the folder as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from cardgen import runner
from cardgen.cards import Lexicons, config_game
from cardgen.config import CardConfig, TableConfig, load_card_config, load_table_config
from cardgen.errors import ConfigError
from cardgen.files import protected, refuse_inputs, write_all
from cardgen.progress import ProgressCallback
from cardgen.solver import Solution
from cardgen.wordlists import check_available
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
    """A card's files in the site: its page, its PDFs, its JSON, its map, its explorer data."""
    pdfs = tuple(config.stem + suffix for suffix in runner.CARDS.formats["pdf"].suffixes(config))
    return (f"{config.stem}.html", *pdfs, f"{config.stem}.json", f"{config.stem}.svg",
            f"{config.stem}.solution.js")


def _table_files(config: TableConfig) -> tuple[str, ...]:
    """A table's files in the site: its page, its Markdown, CSV and JSON."""
    return tuple(f"{config.stem}{suffix}" for suffix in (".html", ".md", ".csv", ".json"))


def _check_names(configs: Sequence[CardConfig | TableConfig], folder: Path) -> None:
    """Refuse a config given twice, two files of the site with one name, and a file of the
    site that is an input of the run (it would be lost)."""
    from cardgen.render.site import STATIC

    owners: dict[str, str] = {name: "the site itself" for name in ("index.html", *STATIC)}
    writers: dict[Path, Path | None] = {folder / name: None for name in owners}
    seen: set[Path] = set()
    for config in configs:
        identity = config.path.resolve()
        if identity in seen:
            raise ConfigError(f"{config.path}: given twice")
        seen.add(identity)
        if isinstance(config, CardConfig) and config.game.decision_tables:
            raise ConfigError(f"{config.path}: game: the site's explorer plays Ghost only, not "
                              f"{config.game.name}")
        names = _card_files(config) if isinstance(config, CardConfig) else _table_files(config)
        for name in names:
            other = owners.setdefault(name, str(config.path))
            if other != str(config.path):
                raise ConfigError(
                    f"{config.path}: publishes {name}, as {other} does: rename the config"
                )
            writers[folder / name] = config.path
    refuse_inputs(writers, runner.run_inputs(configs), "--out")


def _explorer_data(config: CardConfig, lexicons: Lexicons) -> bytes:
    """A card's solved game for its explorer, with its words' frequencies where the card has
    traps (as `cardgen explain` explains it)."""
    from cardgen.render.explorer import render_solution

    solution, traps = config_game(config, lexicons)
    assert isinstance(solution, Solution)  # variant configs are refused before any work
    return render_solution(solution, None if traps is None else traps.zipf).encode()


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

    files: dict[str, bytes] = {}
    cards: list[CardPage] = []
    tables: list[TablePage] = []
    for config in configs:
        if isinstance(config, TableConfig):
            table = runner.compute(runner.TABLES, config, lexicons, progress)
            for name in ("md", "csv", "json"):
                (data,) = runner.TABLES.formats[name].render(table, config)
                files[f"{config.stem}.{name}"] = data
            entry = TablePage(config.stem, table)
            files[entry.page] = render_table_page(entry).encode()
            tables.append(entry)
            continue
        card = runner.compute(runner.CARDS, config, lexicons, progress)
        names = _card_files(config)
        _, *pdfs, _, _, _ = names
        rendered = [
            *runner.CARDS.formats["pdf"].render(card, config),
            *runner.CARDS.formats["json"].render(card, config),
            *runner.CARDS.formats["svg"].render(card, config),
            _explorer_data(config, lexicons),
        ]
        files.update(zip(names[1:], rendered, strict=True))
        page = CardPage(config.stem, card, config.pdf.size, tuple(pdfs))
        files[page.page] = render_card_page(page).encode()
        cards.append(page)
    outputs = {folder / "index.html": render_index(cards, tables).encode()}
    outputs.update((folder / name, data) for name, data in static_files().items())
    outputs.update((folder / name, data) for name, data in files.items())
    return outputs
