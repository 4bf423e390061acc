"""One runner for `cardgen build` and `cardgen table`: configs in, files out, all or nothing.

A run reads and checks every config, checks every word list can be had and that no two outputs
land on the same file, then computes every card or table, renders every asked-for format, and
only then writes, each file whole (`cardgen.outputs.write_all`). A bad input anywhere leaves
nothing behind.

A `Command` says what is particular to each: how a config is read, which word lists it needs,
what is computed from it, and the formats it is printed in.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from cardgen.app.pool import cores, solve_groups
from cardgen.cards.config import CardConfig, TableConfig, load_card_config, load_table_config
from cardgen.cards.make import LexiconRequest, Lexicons, config_card
from cardgen.cards.strategy import Card, DictionaryInfo
from cardgen.errors import ConfigError, InputError, WordListError
from cardgen.files import check_targets, protected, refuse_inputs, write_all
from cardgen.games.workload import BudgetError, check_deck, refuse, workload
from cardgen.progress import ProgressCallback, Stages, Step, report, stage
from cardgen.words.builder import where
from cardgen.words.wordlists import CatalogList, WordListSource, check_available

if TYPE_CHECKING:  # numpy loads only to solve: a card read from the cache needs none of it
    from cardgen.cards.position import Position
    from cardgen.cards.querycache import PrintedPlays
    from cardgen.cards.tables import ListInfo, Row, Table
    from cardgen.games.ranking import Ranking
    from cardgen.games.traps import FloatArray
    from cardgen.words.lexicon import Lexicon

OUT_HINT = "output_dir or --out"
"""What chooses where `build` and `table` write, for errors about it."""


class Config(Protocol):
    """What the runner needs of any config."""

    @property
    def path(self) -> Path: ...

    @property
    def output_dir(self) -> Path: ...

    @property
    def stem(self) -> str: ...

    @property
    def inputs(self) -> tuple[Path, ...]: ...


ConfigT = TypeVar("ConfigT", bound=Config)
ResultT = TypeVar("ResultT")


@dataclass(frozen=True)
class Format(Generic[ConfigT, ResultT]):
    """One format a command writes: the files it makes of a config, and how."""

    suffixes: Callable[[ConfigT], tuple[str, ...]]
    """The endings of its files' names after the config's stem, e.g. `(".pdf",)`."""
    render: Callable[[ResultT, ConfigT], tuple[bytes, ...]]
    """The contents of those files, in the same order."""
    default: bool = True
    """Whether the command writes it when no --format is given (`svg` needs a program that
    may not be installed, so it is written only when asked for)."""
    check: Callable[[ConfigT], None] | None = None
    """Refuses a config the format cannot print, before any work (a PDF: a title it cannot
    draw)."""


@dataclass(frozen=True)
class Command(Generic[ConfigT, ResultT]):
    """What `run` does for one command."""

    load: Callable[[Path], ConfigT]
    sources: Callable[[ConfigT], Iterable[WordListSource]]
    source_key: str
    """The config key that names the word lists, for errors about them."""
    compute: Callable[[ConfigT, Lexicons, ProgressCallback | None], ResultT]
    formats: Mapping[str, Format[ConfigT, ResultT]]
    """Format name -> format, in the order files are written by default."""
    stages: tuple[str, ...] = ()
    """The stages of each config's work (`cardgen.progress.stage`), then one per format: the
    run draws them as one bar; () where the command reports its own steps."""


def run(
    command: Command[ConfigT, ResultT],
    paths: Sequence[Path],
    *,
    out: Path | None = None,
    formats: Sequence[str] | None = None,
    progress: ProgressCallback | None = None,
    cache: bool = False,
    max_seconds: float | None = None,
) -> list[Path]:
    """Run a command on every config; return the files written, in order. With `cache`,
    results are read from and kept in the solution cache (`cardgen.cards.cache`); with
    `max_seconds`, a config estimated to take longer is refused before it is solved."""
    chosen = _formats(command, formats)
    configs = [command.load(path) for path in paths]
    targets = _targets(command, configs, chosen, out)
    for config in configs:
        for source in command.sources(config):
            check_available(source)
        for name in chosen:
            check = command.formats[name].check
            if check is not None:
                check(config)
    stages = Stages(progress if command.stages else None, "building",
                    (*command.stages, *chosen), len(configs))
    progress = stages if command.stages else progress
    lexicons = Lexicons(progress=progress, cache=cache, max_seconds=max_seconds,
                        drawing="pdf" in chosen)
    outputs: dict[Path, bytes] = {}
    with protected(run_inputs(configs)):  # the caches may not write over an input either
        for n, (config, files) in enumerate(zip(configs, targets, strict=True)):
            stages.begin(n, config.stem)
            result = compute(command, config, lexicons, progress)
            for name in chosen:
                stage(progress, name, f"rendering {name}")
                data = command.formats[name].render(result, config)
                outputs.update(zip(files[name], data, strict=True))
        stages.writing()
        write_all(outputs, hint=OUT_HINT)
    stages.finish()
    return list(outputs)


def compute(
    command: Command[ConfigT, ResultT],
    config: ConfigT,
    lexicons: Lexicons,
    progress: ProgressCallback | None = None,
) -> ResultT:
    """What a command computes from one config; a word list's error names the config's key."""
    try:
        return command.compute(config, lexicons, progress)
    except WordListError as error:  # name the config and the key that chose the list
        raise WordListError(f"{config.path}: {command.source_key}: {error}") from None
    except BudgetError as error:  # the key it blames: the config names it
        raise BudgetError(f"{config.path}: {error}") from None


def _formats(command: Command[Any, Any], names: Sequence[str] | None) -> list[str]:
    """The formats asked for, in order, without repeats; every format by default."""
    if not names:
        return [name for name, format in command.formats.items() if format.default]
    for name in names:
        if name not in command.formats:
            choices = ", ".join(command.formats)
            raise InputError(f"--format: expected one of {choices}, got {name!r}")
    return list(dict.fromkeys(names))


def _targets(
    command: Command[ConfigT, Any],
    configs: Sequence[ConfigT],
    formats: Sequence[str],
    out: Path | None,
) -> list[dict[str, list[Path]]]:
    """Every config's output files by format; refuses two configs that would write one file,
    an output that is an input of the run (it would be lost), and one no run could write."""
    written_by: dict[Path, Path] = {}
    writers: dict[Path, Path | None] = {}
    seen_configs: set[Path] = set()
    targets = []
    for config in configs:
        identity = config.path.resolve()
        if identity in seen_configs:
            raise ConfigError(f"{config.path}: given twice")
        seen_configs.add(identity)
        folder = out or config.output_dir
        files: dict[str, list[Path]] = {}
        for name in formats:
            files[name] = []
            for suffix in command.formats[name].suffixes(config):
                target = folder / f"{config.stem}{suffix}"
                other = written_by.setdefault(Path(os.path.realpath(target)), config.path)
                if other != config.path:
                    raise ConfigError(
                        f"{config.path}: writes {target}, as {other} does: rename one of them"
                    )
                writers[target] = config.path
                files[name].append(target)
        targets.append(files)
    refuse_inputs(writers, run_inputs(configs), OUT_HINT)
    check_targets(writers)  # a folder no run could write in, said before any work
    return targets


def run_inputs(configs: Iterable[Config]) -> list[tuple[Path, Path]]:
    """Every file a run of `configs` reads (config, word list, frequency, avoid file, font),
    each with the config that reads it: no output of the run may be one of them."""
    return [(config.path, path) for config in configs for path in config.inputs]


# --- cards -------------------------------------------------------------------------------


def _card(config: CardConfig, lexicons: Lexicons, progress: ProgressCallback | None) -> Card:
    """The card with what its deck prints chosen as its `pdf` keys say: every format describes
    that deck (`cardgen.render.pdf.budget.budget`; reportlab is imported only where the cache
    does not have it)."""

    def room(lexicon: Lexicon) -> None:  # a deck its card is too narrow for, before the solve
        if lexicons.drawing:
            from cardgen.render.pdf.room import refuse_cramped

            refuse_cramped(config, lexicon.letters, range(1, lexicon.longest + 1))

    def budgeted() -> Card:
        from cardgen.render.pdf.budget import budget
        from cardgen.render.pdf.fonts import said_for

        card = config_card(config, lexicons, before_solve=room)
        stage(lexicons.progress, "deck", "choosing what the deck prints")
        deck = said_for(config.path, lambda: budget(card, config.pdf))
        if lexicons.store.root is not None:  # for `cardgen play`, which reads no deck
            _kept_plays(config, lexicons, deck)  # (nothing is kept with the cache off)
        return deck

    card = lexicons.store.card(config, budgeted, kind="deck")
    if lexicons.drawing:  # a card read from the cache: before its layout
        from cardgen.render.pdf.room import refuse_cramped

        refuse_cramped(config, card.dictionary.letters, [s.seat for s in card.seats if s.openings])
    if lexicons.drawing and lexicons.max_seconds is not None and card.deck == "full":
        openings = sum(len(seat.openings) for seat in card.seats)
        what = f"{config.game.name} on {where(config.dictionary)} for {config.players} players"
        check_deck(openings, lexicons.max_seconds, what)  # `compute` names the config
    return card


def with_printed(position: Position, plays: Mapping[str, str]) -> Position:
    """The position with the play its card's deck prints there (`printed`: an opening's play
    or a row of a table it prints; `plays` as `deck_plays` gives them), as its PDF, Markdown
    and JSON print it: the card's move `explain` and `play` name (issue 37, item 9: one card,
    one play)."""
    return replace(position, printed=plays.get(position.fragment))


def deck_plays(config: CardConfig, lexicons: Lexicons) -> dict[str, str]:
    """The plays a config's deck prints (`cardgen.render.explorer.printed_plays`, which the
    site's explorer reads too), as the solution cache keeps them (`PrintedPlays`), else from
    its deck, computed or read back (and then kept)."""
    found = _printed_store(config, lexicons).read()
    return _kept_plays(config, lexicons, compute(CARDS, config, lexicons)) if found is None \
        else found


def _kept_plays(config: CardConfig, lexicons: Lexicons, deck: Card) -> dict[str, str]:
    """The plays `deck` prints, kept for the next `deck_plays` (where the cache is on)."""
    from cardgen.render.explorer import printed_plays

    found = printed_plays(deck)
    _printed_store(config, lexicons).keep(found)
    return found


def _printed_store(config: CardConfig, lexicons: Lexicons) -> PrintedPlays:
    """Where the solution cache `lexicons` use keeps the plays `config`'s deck prints."""
    from cardgen.cards.querycache import PrintedPlays

    return PrintedPlays.for_config(config, enabled=lexicons.store.root is not None)


def _markdown(card: Card, config: CardConfig) -> tuple[bytes, ...]:
    from cardgen.render.markdown import render_card

    return (render_card(card).encode(),)


def _json(card: Card, config: CardConfig) -> tuple[bytes, ...]:
    from cardgen.render.json import render_card

    return (render_card(card).encode(),)


def _pdf_files(config: CardConfig) -> tuple[str, ...]:
    return (".pdf",) if config.pdf.sheet == "none" else (".pdf", "-sheet.pdf")


def _pdf(card: Card, config: CardConfig) -> tuple[bytes, ...]:
    # reportlab is imported only when a PDF is asked for: it is slow to import.
    from cardgen.render.pdf import render_card, render_sheet
    from cardgen.render.pdf.fonts import said_for

    if config.pdf.sheet == "none":
        return (said_for(config.path, lambda: render_card(card, config.pdf)),)
    return said_for(config.path, lambda: (render_card(card, config.pdf),
                                          render_sheet(card, config.pdf)))


def _check_pdf(config: CardConfig) -> None:
    from cardgen.render.pdf.rtl import check_config  # reportlab only where a title needs it

    check_config(config)


def _svg(card: Card, config: CardConfig) -> tuple[bytes, ...]:
    from cardgen.render.svg import render_map

    return (render_map(card),)


CARDS: Command[CardConfig, Card] = Command(
    load=load_card_config,
    sources=lambda config: (config.dictionary,),
    source_key="dictionary",
    compute=_card,
    stages=("read", "words", "solve", "card", "odds", "deck"),
    formats={
        "md": Format(lambda config: (".md",), _markdown),
        "json": Format(lambda config: (".json",), _json),
        "pdf": Format(_pdf_files, _pdf, check=_check_pdf),
        "svg": Format(lambda config: (".svg",), _svg, default=False),
    },
)
"""`cardgen build`: a strategy card per config."""


# --- tables ------------------------------------------------------------------------------


def make_table(
    config: TableConfig,
    lexicons: Lexicons,
    progress: ProgressCallback | None = None,
    *,
    workers: int | None = None,
) -> Table:
    """Solve every row of a table config.

    Each word list is read once and each (list, min length) lexicon built once, here; the rows
    of a group are solved together, in a process pool of `workers` (default: one per core this
    process may use) when that is faster (`use_pool`). `progress` hears of it from the start,
    in steps: each list read, each lexicon built, then each row solved (as groups finish, and
    every `HEARTBEAT` seconds while a pool works).
    """
    from cardgen.cards.tables import ListInfo, Table, TableGroup

    workers = workers or cores()
    knows = config.opponent.knows
    labels: dict[tuple[WordListSource, int], str] = {}
    game = config.game

    def frequencies(request: LexiconRequest) -> FloatArray | None:
        if knows is None:
            return None
        found = lexicons.word_zipf(request)
        if found is None:
            raise WordListError(
                f"{config.path}: opponent: {request.source.name} has no word frequencies for a "
                "casual table; give a `familiarity:` file"
            )
        labels[request.source, request.min_length] = found.label
        return found.zipf

    pairs = [(d, m) for d in config.dictionaries for m in config.min_lengths]
    requests = [LexiconRequest(d, m, ranking=config.ranking, game=game) for d, m in pairs]
    groups = len(pairs)
    per_group = len(config.players)
    total = len(config.dictionaries) + groups + groups * per_group

    def step(done: int, detail: str) -> None:
        report(progress, Step(config.title, done, total, "steps", detail))

    cached = lexicons.store.groups(config, pairs)  # what the solution cache kept
    lists: dict[WordListSource, ListInfo] = {pairs[i][0]: g.list for i, g in cached.items()}
    for listed, dictionary in enumerate(config.dictionaries):
        step(listed, f"reading {dictionary.name}")
        if dictionary not in lists:
            wordlist = lexicons.wordlist(dictionary)
            lists[dictionary] = ListInfo.of(wordlist, catalog=isinstance(dictionary, CatalogList))
    tasks: dict[int, tuple[
        str, int, tuple[int, ...], DictionaryInfo, Ranking, FloatArray | None, float | None, str
    ]] = {}
    for i, request in enumerate(requests):
        step(len(lists) + i, f"{request.source.name}: words of {request.min_length}+ letters")
        if i not in cached:
            tasks[i] = (
                "\n".join(lexicons.playable(request).words),
                request.min_length,
                config.players,
                lexicons.info(request),
                lexicons.ranking(request)[0],
                frequencies(request),
                knows,
                game.name,
            )
    prepared = len(lists) + groups
    if lexicons.max_seconds is not None and tasks:  # refuse a table too big before solving it
        works = [workload(lexicons.playable(requests[i]), game.name, n)
                for i in tasks for n in config.players]
        refuse(works, "row", lexicons.max_seconds, f"{len(works)} rows of {game.name}",
               "dictionaries")
    work = sum(task[3].playable * (n - 1) for task in tasks.values() for n in config.players)
    results: dict[int, tuple[Row, ...]] = {i: group.rows for i, group in cached.items()}
    step(prepared + len(results) * per_group, "solving")
    solve_groups(tasks, results, work, workers,
                 lambda: step(prepared + len(results) * per_group, "solving"))
    for i in tasks:
        group = TableGroup(lists[pairs[i][0]], results[i], labels.get(pairs[i]))
        cached[i] = group
        lexicons.store.keep_group(config, pairs[i], group)
    familiarity = {group.familiarity for group in cached.values()}
    rows = tuple(row for i in range(groups) for row in results[i])
    return Table(
        title=config.title,
        rows=rows,
        lists=tuple(lists[dictionary] for dictionary in config.dictionaries),
        opponent=config.opponent,
        familiarity=", ".join(sorted(f for f in familiarity if f)) or None,
    )


def _table_format(extension: str) -> Format[TableConfig, Table]:
    def render(table: Table, config: TableConfig) -> tuple[bytes, ...]:
        from cardgen.render import table as renderers

        text = {
            "md": renderers.render_markdown,
            "csv": renderers.render_csv,
            "json": renderers.render_json,
        }[extension](table)
        return (text.encode(),)

    return Format(lambda config: (f".{extension}",), render)


TABLES: Command[TableConfig, Table] = Command(
    load=load_table_config,
    sources=lambda config: config.dictionaries,
    source_key="dictionaries",
    compute=lambda config, lexicons, progress: make_table(config, lexicons, progress),
    formats={"md": _table_format("md"), "csv": _table_format("csv"), "json": _table_format("json")},
)
"""`cardgen table`: a strategy table per config."""
