"""Files in and out: inputs read only when they are regular files of a bounded size, outputs
written whole or not at all.

Reading: a config, a word list or a cached list is read only if it is a regular file (not a
folder, a device such as /dev/zero, or a FIFO that would block) of at most a given size, so no
input can hang a run or eat the machine.

Writing: every output of a run is staged beside its target in a temporary file named
`.NAME.cardgen-PID-XXXX.tmp`, then each is moved into place. Staging files left behind by a run
that was killed are removed by the next run that writes to the same folder (their PID is no
longer running). Files are created with the permissions the umask allows, like any program's.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path

from cardgen.errors import OutputError


class InputFileError(Exception):
    """An input file that cannot be read; the message says why, without the path."""


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; InputFileError otherwise.

    The file is opened without blocking (a FIFO is refused, not waited on) and checked on the
    open descriptor, so a link to a device is refused too.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise InputFileError(error.strerror or str(error)) from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
        os.close(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputFileError("is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise InputFileError("not a regular file (a device, a FIFO or a socket)")
        raise InputFileError(f"larger than {_size(limit)}")
    with os.fdopen(fd, "rb") as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as error:
            raise InputFileError(error.strerror or str(error)) from None
    if len(data) > limit:
        raise InputFileError(f"larger than {_size(limit)}")
    return data


def _size(limit: int) -> str:
    return f"{limit // (1 << 20)} MiB" if limit >= 1 << 20 else f"{limit} bytes"


_STAGED = re.compile(r"\.(?P<name>.+)\.cardgen-(?P<pid>\d+)-[^.]+\.tmp")


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _remove_stale(folder: Path) -> None:
    """Remove staging files that a killed run left in `folder` (their process is gone)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        match = _STAGED.fullmatch(name)
        if match is None:
            continue
        pid = int(match["pid"])
        if pid == os.getpid():
            continue
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            with contextlib.suppress(OSError):
                os.unlink(folder / name)
        except OSError:
            pass  # the process exists but is not ours: leave its file alone


def write_all(files: Mapping[Path, bytes]) -> None:
    """Write every file atomically: all are staged first, then each is moved into place.

    Every target is checked first (a folder where a file should go is refused before anything
    changes); a failure while staging (an unwritable folder, a full disk) removes what was
    staged and leaves every target as it was.
    """
    for target in files:
        if target.is_dir():
            raise OutputError(f"{target}: cannot write: it is a folder")
    mode = 0o666 & ~_umask()
    staged: list[tuple[str, Path]] = []
    try:
        for target, data in files.items():
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                _remove_stale(target.parent)
                fd, tmp = tempfile.mkstemp(
                    prefix=f".{target.name}.cardgen-{os.getpid()}-",
                    suffix=".tmp",
                    dir=target.parent,
                )
            except OSError as exc:
                raise OutputError(f"{target.parent}: cannot write: {exc.strerror or exc}") from None
            staged.append((tmp, target))
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                os.chmod(tmp, mode)
            except OSError as exc:
                raise OutputError(f"{target}: cannot write: {exc.strerror or exc}") from None
        for tmp, target in staged:
            try:
                os.replace(tmp, target)
            except OSError as exc:
                raise OutputError(f"{target}: cannot write: {exc.strerror or exc}") from None
        staged.clear()
    finally:
        for tmp, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
