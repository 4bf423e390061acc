from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.errors import OutputError
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
