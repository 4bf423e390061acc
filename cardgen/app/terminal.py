"""How the command line shows progress on stderr: the library reports `Step`s, this draws them.

A step with no unit (a fetch) is one line, `cardgen: fetching twl06 (...) ... done`, ended
with `failed` if the run stops with an error before the work finishes. A step counted in units
(a table's steps: lists read, lexicons built, rows solved; a build's stages) is a rich progress
bar, shown only on a terminal and only once the work has run for `SHOW_PROGRESS_AFTER` seconds
(a timer shows it then, even while one step takes long): quick work stays quiet. `--quiet`
draws nothing at all.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

import typer

from cardgen.app.usage import asks_for_help
from cardgen.errors import CardgenError, CardgenWarning, UsageMistake, printable
from cardgen.progress import STAGE, Step

if TYPE_CHECKING:  # rich is imported only when a bar is drawn
    from rich.progress import Progress

SHOW_PROGRESS_AFTER = 0.5
"""Seconds long work runs before a progress bar appears (on a terminal only): a warm build
(0.1 s) shows none, anything longer shows one within the first second of the command."""


class Display:
    """Draws the steps of one run on `stream` (stderr by default), or none with `quiet`;
    call `close` at the end."""

    def __init__(self, stream: TextIO | None = None, *, quiet: bool = False) -> None:
        self._stream = stream
        self._quiet = quiet
        self._line_open = False
        self._started: dict[str, float] = {}
        self._bar: Progress | None = None
        self._bar_task: str | None = None
        self._latest: Step | None = None
        """The last step of a task with units, drawn when its bar appears."""
        self._timer: threading.Timer | None = None
        """Shows the bar `SHOW_PROGRESS_AFTER` seconds into a task, even if no step comes."""
        self._lock = threading.Lock()

    @property
    def stream(self) -> TextIO:
        """Where the steps are drawn (looked up late, so tests can capture stderr)."""
        return self._stream or sys.stderr

    def __call__(self, step: Step) -> None:
        """Draw one step (a stage step only as `cardgen.progress.Stages` counts it)."""
        if self._quiet or step.unit == STAGE:
            return
        with self._lock:
            if not step.unit:
                self._line(step)
            else:
                self._advance(step)

    def _line(self, step: Step) -> None:
        self._stop_bar()  # a line (a fetch) is written below the bar, not through it
        if not step.finished:
            self.stream.write(f"cardgen: {step.task} ... ")
            self._line_open = True
        elif self._line_open:
            self.stream.write("done\n")
            self._line_open = False
        self.stream.flush()

    def _advance(self, step: Step) -> None:
        started = self._started.setdefault(step.task, time.monotonic())
        self._latest = step
        if self._bar is not None and self._bar_task == step.task:
            self._bar.update(self._bar.task_ids[0], completed=step.done, detail=step.detail)
        elif step.finished or not self.stream.isatty():
            pass
        elif time.monotonic() - started >= SHOW_PROGRESS_AFTER:
            self._show(step)
        elif self._timer is None:  # show the bar in time even if the next step is slow
            wait = SHOW_PROGRESS_AFTER - (time.monotonic() - started)
            self._timer = threading.Timer(wait, self._on_timer)
            self._timer.daemon = True
            self._timer.start()
        if step.finished:
            self._stop_bar()

    def _on_timer(self) -> None:
        with self._lock:
            self._timer = None
            step = self._latest
            if step is not None and not step.finished and self._bar_task != step.task:
                self._show(step)

    def _show(self, step: Step) -> None:
        self._stop_bar()
        self._bar = _bar(self.stream)
        self._bar.start()
        self._bar.add_task(
            step.task, total=step.total, completed=step.done, unit=step.unit, detail=step.detail
        )
        self._bar_task = step.task

    def _stop_bar(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
            self._bar_task = None

    def close(self, *, failed: bool = False) -> None:
        """End the run's drawing: a fetch line still open is ended with `failed`."""
        with self._lock:
            self._latest = None
            self._stop_bar()
            if self._line_open:
                self.stream.write("failed\n" if failed else "\n")
                self.stream.flush()
                self._line_open = False


def fill_closed_streams() -> None:
    """Put /dev/null in place of a standard stream the caller closed (`cardgen ... >&-`):
    output to it is dropped, input from it ends at once, and no file the run opens can take
    its descriptor by chance. stdout and stderr write what their encoding cannot carry as
    escapes (`\\u2026` under latin-1 or a C locale), never failing on it."""
    for fd, name, mode in ((0, "stdin", os.O_RDONLY), (1, "stdout", os.O_WRONLY),
                           (2, "stderr", os.O_WRONLY)):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, mode)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
        if getattr(sys, name) is None:
            setattr(sys, name, open(fd, "r" if fd == 0 else "w", closefd=False))  # noqa: SIM115
        stream = getattr(sys, name)
        if fd and hasattr(stream, "reconfigure"):  # latin-1 or ASCII: escape what it cannot carry
            stream.reconfigure(errors="backslashreplace")


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
        TextColumn("{task.fields[detail]}"),
        console=Console(file=stream),
        transient=True,
    )


def _fail(error: CardgenError) -> typer.Exit:
    typer.echo(f"cardgen: error: {printable(str(error))}", err=True)
    return typer.Exit(error.exit_code)


@contextmanager
def reporting(*, quiet: bool = False) -> Iterator[Display]:
    """Progress drawn on stderr (none with `quiet`), warnings as one line each, a library
    error as one line and its exit status."""
    display = Display(quiet=quiet)

    def show(message: Warning | str, category: type[Warning], *args: object, **kw: object) -> None:
        display.close()
        typer.echo(f"cardgen: warning: {printable(str(message))}", err=True)

    with warnings.catch_warnings():
        warnings.simplefilter("always", CardgenWarning)
        warnings.showwarning = show  # restored when the block ends
        try:
            yield display
        except CardgenError as error:
            display.close(failed=True)
            raise _fail(error) from None
        except (KeyboardInterrupt, Terminated):  # the bar goes: the terminal is left clean
            display.close(failed=True)
            raise
    display.close()


class Terminated(BaseException):
    """SIGTERM, raised where the run is (as Ctrl-C raises KeyboardInterrupt), so that it
    cleans up on its way out: no staging file is left, no output folder half written."""


def _terminate_in(pid: int) -> Callable[[int, object], None]:
    """The SIGTERM handler of process `pid`: raise `Terminated` there; in a worker forked
    from it (a process pool's), end the worker as the signal would."""

    def terminate(number: int, frame: object) -> None:
        if os.getpid() != pid:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.raise_signal(signal.SIGTERM)
        raise Terminated

    return terminate


def run_command(command: Any) -> NoReturn:
    """Run the click command of the command line and exit: a usage mistake is one line (help
    wins over it), Ctrl-C exits 130, SIGTERM ends the process as the signal does (143 in a
    shell), each once the run has cleaned up; a closed or full stdout and a broken pipe end
    quietly or with one line."""
    signal.signal(signal.SIGTERM, _terminate_in(os.getpid()))
    try:
        status = command.main(prog_name="cardgen", standalone_mode=False)
        sys.stdout.flush()
    except KeyboardInterrupt:
        status = INTERRUPTED
    except Terminated:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.raise_signal(signal.SIGTERM)
        raise SystemExit(128 + signal.SIGTERM) from None  # where the signal cannot end us
    except SystemExit as error:
        # typer's own exit on a closed pipe (`cardgen cache | head -1`), raised while it
        # handled the EPIPE: a reader that went away is no error, as for cat
        if isinstance(error.__context__, OSError) and error.__context__.errno == errno.EPIPE:
            raise SystemExit(0) from None
        raise
    except BrokenPipeError:
        # The reader of stdout went away (`cardgen ... | head -1`): stop quietly, as cat does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(0) from None
    except OSError as error:  # stdout on a full disk, or closed; or a file not caught below
        where = "standard output" if error.filename is None else printable(str(error.filename))
        if error.filename is None:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.stderr.write(f"cardgen: error: {where}: {error.strerror or error}\n")
        raise SystemExit(1) from None
    except Exception as error:
        # A usage mistake: cardgen's own (`UsageMistake`), or the parser's (its exceptions
        # carry `format_message` and `exit_code`)
        if isinstance(error, UsageMistake) or (
            hasattr(error, "format_message") and hasattr(error, "exit_code")
        ):
            ctx = getattr(error, "ctx", None)
            if ctx is not None and asks_for_help(sys.argv[1:]):  # `build --help --bogus`
                typer.echo(ctx.get_help())
                raise SystemExit(0) from None
            sys.stderr.write(_usage_line(error) + "\n")
            raise SystemExit(error.exit_code) from None
        raise
    if status == INTERRUPTED:  # typer turns Ctrl-C into this status, silently
        sys.stderr.write("cardgen: interrupted\n")
    raise SystemExit(status if isinstance(status, int) else 0)


def _usage_line(error: Any) -> str:
    """A usage mistake as one line, in cardgen's words (`cardgen.app.usage`)."""
    from cardgen.app.usage import message

    return f"cardgen: error: {printable(message(error))}"


INTERRUPTED = 130
"""The exit status of a run stopped by Ctrl-C (128 + SIGINT), as shells report it."""
