"""How the command line shows progress on stderr: the library reports `Step`s, this draws them.

A step with no unit (a fetch) is one line, `cardgen: fetching twl06 (...) ... done`, ended
with `failed` if the run stops with an error before the work finishes. A step counted in units
(a table's rows) is a rich progress bar, shown only on a terminal and only once the work has
run for `SHOW_PROGRESS_AFTER` seconds: quiet work stays quiet.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, TextIO

from cardgen.progress import Step

if TYPE_CHECKING:  # rich is imported only when a bar is drawn
    from rich.progress import Progress

SHOW_PROGRESS_AFTER = 2.0
"""Seconds long work runs before a progress bar appears (on a terminal only)."""


class Display:
    """Draws the steps of one run on `stream` (stderr by default); call `close` at the end."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream
        self._line_open = False
        self._started: dict[str, float] = {}
        self._bar: Progress | None = None
        self._bar_task: str | None = None

    @property
    def stream(self) -> TextIO:
        """Where the steps are drawn (looked up late, so tests can capture stderr)."""
        return self._stream or sys.stderr

    def __call__(self, step: Step) -> None:
        """Draw one step."""
        if not step.unit:
            self._line(step)
        else:
            self._advance(step)

    def _line(self, step: Step) -> None:
        if not step.finished:
            self.stream.write(f"cardgen: {step.task} ... ")
            self._line_open = True
        elif self._line_open:
            self.stream.write("done\n")
            self._line_open = False
        self.stream.flush()

    def _advance(self, step: Step) -> None:
        started = self._started.setdefault(step.task, time.monotonic())
        if self._bar is None or self._bar_task != step.task:
            if time.monotonic() - started < SHOW_PROGRESS_AFTER or not self.stream.isatty():
                return
            self._stop_bar()
            self._bar = _bar(self.stream)
            self._bar.start()
            self._bar.add_task(step.task, total=step.total, completed=step.done, unit=step.unit)
            self._bar_task = step.task
        else:
            self._bar.update(self._bar.task_ids[0], completed=step.done)
        if step.finished:
            self._stop_bar()

    def _stop_bar(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
            self._bar_task = None

    def close(self, *, failed: bool = False) -> None:
        """End the run's drawing: a fetch line still open is ended with `failed`."""
        self._stop_bar()
        if self._line_open:
            self.stream.write("failed\n" if failed else "\n")
            self.stream.flush()
            self._line_open = False


def _bar(stream: TextIO) -> Progress:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[unit]}"),
        TimeElapsedColumn(),
        console=Console(file=stream),
        transient=True,
    )
