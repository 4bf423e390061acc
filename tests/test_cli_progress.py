"""`cardgen build` shows its progress on a terminal, and nothing when piped or quiet (issue 26,
item 10): the command run as a process, its stderr a pseudo-terminal or a pipe."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

from conftest import DATA

SCRIPT = (
    "import sys; from cardgen.app import terminal; terminal.SHOW_PROGRESS_AFTER = 0.0; "
    "from cardgen.app.cli import main; sys.argv[0] = 'cardgen'; main()"
)
"""`cardgen` with the bar shown at once, so that a small card shows it too."""
ERASE_LINE = b"\x1b[2K"
"""What rich writes to clear the bar's line when it stops."""


def build(tmp_path: Path, *options: str, terminal: bool) -> tuple[int, bytes, bytes]:
    """Run `cardgen build animals.yaml` with stderr on a pseudo-terminal or a pipe: its exit
    status, stdout and every byte of stderr."""
    args = [sys.executable, "-c", SCRIPT, "build", str(DATA / "animals.yaml"),
            "-o", str(tmp_path), *options]
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "120"}
    if not terminal:
        run = subprocess.run(args, capture_output=True, env=env)
        return run.returncode, run.stdout, run.stderr
    master, slave = pty.openpty()
    process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=slave, env=env)
    os.close(slave)
    err = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the process is gone and the terminal closed
            break
        if not chunk:
            break
        err += chunk
    os.close(master)
    out = process.stdout.read() if process.stdout else b""
    return process.wait(), out, err


def files(tmp_path: Path) -> bytes:
    return b"".join(f"{tmp_path / name}\n".encode() for name in
                    ("animals.md", "animals.json", "animals.pdf"))


def test_a_bar_on_a_terminal_cleared_at_the_end(tmp_path: Path) -> None:
    status, out, err = build(tmp_path, terminal=True)
    assert (status, out) == (0, files(tmp_path))
    # rich redraws ten times a second, so which stages show depends on the machine's speed
    assert b"building" in err and b"/10\x1b[0m steps" in err
    assert err.rindex(ERASE_LINE) > err.rindex(b"building")  # cleared, and nothing after


def test_nothing_on_stderr_when_piped(tmp_path: Path) -> None:
    assert build(tmp_path, terminal=False) == (0, files(tmp_path), b"")


def test_nothing_on_a_terminal_with_quiet(tmp_path: Path) -> None:
    assert build(tmp_path, "--quiet", terminal=True) == (0, b"", b"")
