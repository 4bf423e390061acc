"""Time the shipped strategy tables: `python bench/tables.py [CONFIG...]`.

For each table config (default: every file of configs/tables/) it prints the wall time of the
whole table, made as `cardgen table` makes it (word lists read, every row solved, every format
rendered), best of 5 with a process pool (one worker per core) and in one process, and once
through the runner as the command does; then the time of each
(word list, min length) row group, one process: reading the list, building the lexicon, and
solving each row. Word lists are fetched first so that no download is timed. Not part of the
test run.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from cardgen.app.runner import TABLES, make_table, run
from cardgen.app.terminal import Display
from cardgen.cards.config import TableConfig, load_table_config
from cardgen.cards.make import LexiconRequest, Lexicons
from cardgen.cards.tables import table_row
from cardgen.games.solver import solve
from cardgen.words.wordlists import check_available

ROOT = Path(__file__).resolve().parent.parent


def wall(config: TableConfig, workers: int) -> float:
    """Seconds to make and render the table from scratch (lists read anew)."""
    started = time.perf_counter()
    table = make_table(config, Lexicons(), workers=workers)
    for fmt in TABLES.formats.values():
        fmt.render(table, config)
    return time.perf_counter() - started


def groups(config: TableConfig) -> None:
    """Print the time of each row group, in one process."""
    lexicons = Lexicons()
    for dictionary in config.dictionaries:
        started = time.perf_counter()
        lexicons.wordlist(dictionary)
        print(f"  {str(dictionary):<18} read {time.perf_counter() - started:6.3f} s")
        for min_length in config.min_lengths:
            started = time.perf_counter()
            request = LexiconRequest(dictionary, min_length)
            lexicon, info = lexicons.playable(request), lexicons.info(request)
            times = [f"lexicon {time.perf_counter() - started:.3f}"]
            total = time.perf_counter() - started
            for players in config.players:
                started = time.perf_counter()
                table_row(solve(lexicon, players), info)
                took = time.perf_counter() - started
                times.append(f"{players}p {took:.3f}")
                total += took
            print(
                f"    min {min_length}: {len(lexicon.words):>7,} words, "
                f"group {total:6.3f} s ({', '.join(times)})"
            )


def main(argv: list[str]) -> None:
    paths = [Path(a) for a in argv] or sorted((ROOT / "configs" / "tables").glob("*.yaml"))
    configs = [load_table_config(path) for path in paths]
    for config in configs:  # check and fetch now, so that no download is timed
        for dictionary in config.dictionaries:
            check_available(dictionary)
            Lexicons(progress=Display()).wordlist(dictionary)
    cores = len(os.sched_getaffinity(0))
    print(f"{cores} cores")
    for config in configs:
        rows = len(config.dictionaries) * len(config.min_lengths) * len(config.players)
        pooled = min(wall(config, cores) for _ in range(5))
        single = min(wall(config, 1) for _ in range(5))
        with tempfile.TemporaryDirectory() as out:
            started = time.perf_counter()
            run(TABLES, [config.path], out=Path(out))
            written = time.perf_counter() - started
        print(
            f"{config.path.name}: {rows} rows, the command {written:.2f} s; "
            f"table {pooled:.2f} s with {cores} workers, {single:.2f} s in one process "
            "(best of 5)"
        )
        groups(config)


if __name__ == "__main__":
    main(sys.argv[1:])
