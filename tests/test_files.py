from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.errors import OutputError, OutputPathError
from cardgen.files import InputFileError, read_limited, write_all


def test_every_file_is_written_and_folders_made(tmp_path: Path) -> None:
    files = {tmp_path / "a.md": b"one", tmp_path / "deep" / "b.json": b"two"}
    write_all(files)
    assert (tmp_path / "a.md").read_bytes() == b"one"
    assert (tmp_path / "deep" / "b.json").read_bytes() == b"two"
    mask = os.umask(0)
    os.umask(mask)
    assert (tmp_path / "a.md").stat().st_mode & 0o777 == 0o666 & ~mask
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md", "deep"]  # no temp files left


def test_a_failure_while_staging_leaves_every_target_as_it_was(tmp_path: Path) -> None:
    kept = tmp_path / "kept.md"
    kept.write_bytes(b"old")
    blocker = tmp_path / "blocker"
    blocker.write_bytes(b"a file, not a folder")
    with pytest.raises(OutputError) as raised:
        write_all({kept: b"new", blocker / "b.md": b"never"})
    assert str(raised.value) == f"{blocker}: cannot write: it is a file, not a folder"
    assert kept.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker", "kept.md"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_an_unwritable_folder(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    with pytest.raises(OutputError, match="cannot write: Permission denied"):
        write_all({locked / "a.md": b"x"})


@pytest.mark.parametrize(("umask", "mode"), [(0o077, 0o600), (0o002, 0o664), (0o022, 0o644)])
def test_files_take_the_permissions_the_umask_allows(
    tmp_path: Path, umask: int, mode: int
) -> None:
    old = os.umask(umask)
    try:
        write_all({tmp_path / "a.md": b"x"})
    finally:
        os.umask(old)
    assert (tmp_path / "a.md").stat().st_mode & 0o777 == mode


def test_staging_files_of_a_killed_run_are_removed(tmp_path: Path) -> None:
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = tmp_path / f".a.md.cardgen-{dead.pid}-x1y2.tmp"
    stale.write_bytes(b"half")
    live = tmp_path / f".a.md.cardgen-{os.getppid()}-x1y2.tmp"  # a process that still runs
    live.write_bytes(b"busy")
    write_all({tmp_path / "a.md": b"whole"})
    assert sorted(p.name for p in tmp_path.iterdir()) == [live.name, "a.md"]


def test_a_folder_in_the_way_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "x.md").write_bytes(b"old md")
    (tmp_path / "x.pdf").mkdir()
    with pytest.raises(OutputError) as raised:
        write_all({tmp_path / "x.md": b"new md", tmp_path / "x.pdf": b"pdf"})
    assert str(raised.value) == f"{tmp_path / 'x.pdf'}: cannot write: it is a folder"
    assert (tmp_path / "x.md").read_bytes() == b"old md"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.md", "x.pdf"]


@pytest.mark.parametrize(
    ("link", "why"),
    [("loop", "a loop of symbolic links, not a folder"),
     ("nowhere", "a symbolic link to nowhere, a folder that does not exist")],
)
def test_a_broken_link_on_the_way_is_said_as_what_it_is(
    tmp_path: Path, link: str, why: str
) -> None:
    """Issue 35, 9 and 10: a folder that is a loop of symbolic links, or a link to nothing,
    is the path's fault (exit 2), said as what it is; not the system's `File exists` or a
    traceback. The other target is left as it was."""
    (tmp_path / "kept.md").write_bytes(b"old")
    (tmp_path / "out").symlink_to(link if link == "nowhere" else "out")
    for target in (tmp_path / "out" / "a.md", tmp_path / "out" / "deep" / "a.md"):
        with pytest.raises(OutputPathError) as raised:
            write_all({tmp_path / "kept.md": b"new", target: b"never"})
        assert str(raised.value) == f"{tmp_path / 'out'}: cannot write: it is {why}"
        assert raised.value.exit_code == 2
    assert (tmp_path / "kept.md").read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.md", "out"]


def test_read_limited_reads_a_regular_file(tmp_path: Path) -> None:
    (tmp_path / "a").write_bytes(b"12345")
    assert read_limited(tmp_path / "a", 5) == b"12345"


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: p.write_bytes(b"123456"), "larger than 5 bytes"),
        (lambda p: p.mkdir(), "is a folder, not a file"),
        (lambda p: os.mkfifo(p), "not a regular file (a device, a FIFO or a socket)"),
        (lambda p: p.symlink_to("/dev/zero"), "not a regular file (a device, a FIFO or a socket)"),
        (lambda p: None, "No such file or directory"),
    ],
    ids=["too large", "folder", "fifo", "link to /dev/zero", "missing"],
)
def test_read_limited_refuses_what_is_no_small_regular_file(
    tmp_path: Path, make: Callable[[Path], object], reason: str
) -> None:
    path = tmp_path / "input"
    make(path)
    with pytest.raises(InputFileError) as raised:
        read_limited(path, 5)
    assert str(raised.value) == reason


# --- a run ends with all of its old outputs or all of the new ones (issue 26, item 3) -----

OLD = {"a.md": b"old md", "b.json": b"old json"}  # c.pdf is new: the old run did not write it
NEW = {"a.md": b"new md", "b.json": b"new json", "c.pdf": b"new pdf"}


def _moving(
    monkeypatch: pytest.MonkeyPatch, folder: Path, k: int, then: Callable[[], None]
) -> None:
    """Call `then` right after the k-th output is moved into place in `folder`."""
    real = os.replace
    moved: list[str] = []

    def replace(source: str, target: str | Path) -> None:
        real(source, target)
        if Path(target).parent == folder and Path(target).name in NEW:
            moved.append(str(target))
            if len(moved) == k:
                then()

    monkeypatch.setattr(os, "replace", replace)


def _contents(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def old(tmp_path: Path) -> Path:
    """tmp_path holding the outputs of an earlier run (`OLD`)."""
    for name, data in OLD.items():
        (tmp_path / name).write_bytes(data)
    return tmp_path


@pytest.mark.parametrize("k", [1, 2, 3])
def test_stopped_after_the_kth_move_every_old_file_is_back(
    tmp_path: Path, old: Path, monkeypatch: pytest.MonkeyPatch, k: int
) -> None:

    def stop() -> None:
        raise KeyboardInterrupt

    _moving(monkeypatch, tmp_path, k, stop)
    with pytest.raises(KeyboardInterrupt):
        write_all({tmp_path / name: data for name, data in NEW.items()})
    assert _contents(tmp_path) == OLD  # no staging file, no new file


@pytest.mark.parametrize("k", [1, 2, 3])
def test_a_move_that_fails_puts_every_old_file_back(
    tmp_path: Path, old: Path, monkeypatch: pytest.MonkeyPatch, k: int
) -> None:
    (tmp_path / "link.md").symlink_to("a.md")  # a link is put back as a link
    real = os.replace
    calls: list[str] = []

    def replace(source: str, target: str | Path) -> None:
        if Path(source).name.endswith(".tmp") and not source.endswith("-old.tmp"):
            calls.append(source)
            if len(calls) == k + 1:
                raise OSError(28, "No space left on device")
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)
    names = ["link.md", *NEW]
    with pytest.raises(OutputError) as raised:
        write_all({tmp_path / name: NEW.get(name, b"new link") for name in names})
    assert str(raised.value) == f"{tmp_path / names[k]}: cannot write: No space left on device"
    assert _contents(tmp_path) == {**OLD, "link.md": b"old md"}
    assert os.readlink(tmp_path / "link.md") == "a.md"


@pytest.mark.parametrize("k", [1, 2, 3])
def test_a_signal_during_the_moves_waits_until_every_file_is_new(
    tmp_path: Path, old: Path, monkeypatch: pytest.MonkeyPatch, k: int
) -> None:
    """SIGINT after the k-th move: the moves finish, then Ctrl-C takes effect."""
    _moving(monkeypatch, tmp_path, k, lambda: os.kill(os.getpid(), signal.SIGINT))
    with pytest.raises(KeyboardInterrupt):
        write_all({tmp_path / name: data for name, data in NEW.items()})
    assert _contents(tmp_path) == NEW
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
