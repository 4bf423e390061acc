"""The process pool a table's row groups are solved in, where it is faster than one process."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.cards.tables import Row

PARALLEL_MIN_WORK = 150_000
"""Playable words times (players - 1), summed over a table's rows, from which a process pool
pays for itself (see `use_pool`)."""
HEARTBEAT = 0.1
"""Seconds between progress steps while a table's rows are solved in a pool."""


def use_pool(work: int, groups: int, workers: int) -> bool:
    """Whether solving a table's row groups in a process pool is faster than solving them here.

    `work` estimates the table's solving time: playable words times (players - 1), summed over
    the rows. The pool costs about 0.05 s and pays from 150k on (measured on 2 cores:
    docs/speed.md, "A table's process pool").
    """
    return workers > 1 and groups > 1 and work >= PARALLEL_MIN_WORK


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def solve_groups(
    tasks: Mapping[int, tuple[Any, ...]],
    results: MutableMapping[int, tuple[Row, ...]],
    work: int,
    workers: int,
    advance: Callable[[], None],
) -> None:
    """Solve each group's task (`cardgen.cards.tables.solve_group`'s arguments) into `results`,
    in a pool of `workers` where `use_pool` says it is faster; `advance` is called as groups
    finish, and every `HEARTBEAT` seconds while a pool works."""
    from cardgen.cards.tables import solve_group

    if not use_pool(work, len(tasks), workers):
        for i, task in tasks.items():
            results[i] = solve_group(*task)
            advance()
        return
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        pending = {pool.submit(solve_group, *task): i for i, task in tasks.items()}
        while pending:
            done, _ = wait(pending, timeout=HEARTBEAT, return_when=FIRST_COMPLETED)
            for future in done:
                results[pending.pop(future)] = future.result()
            advance()
    finally:
        pool.shutdown(cancel_futures=True)  # on an error, do not solve the groups queued
