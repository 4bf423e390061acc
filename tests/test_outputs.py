from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen.errors import OutputError
from cardgen.outputs import write_all


def test_every_file_is_written_and_folders_made(tmp_path: Path) -> None:
    files = {tmp_path / "a.md": b"one", tmp_path / "deep" / "b.json": b"two"}
    write_all(files)
    assert (tmp_path / "a.md").read_bytes() == b"one"
    assert (tmp_path / "deep" / "b.json").read_bytes() == b"two"
    assert oct((tmp_path / "a.md").stat().st_mode & 0o777) == "0o644"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md", "deep"]  # no temp files left


def test_a_failure_while_staging_leaves_every_target_as_it_was(tmp_path: Path) -> None:
    kept = tmp_path / "kept.md"
    kept.write_bytes(b"old")
    blocker = tmp_path / "blocker"
    blocker.write_bytes(b"a file, not a folder")
    with pytest.raises(OutputError) as raised:
        write_all({kept: b"new", blocker / "b.md": b"never"})
    assert str(raised.value) == f"{blocker}: cannot write: File exists"
    assert kept.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker", "kept.md"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_an_unwritable_folder(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    with pytest.raises(OutputError, match="cannot write: Permission denied"):
        write_all({locked / "a.md": b"x"})
