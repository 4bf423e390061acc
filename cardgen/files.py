"""Files in and out: inputs read only when they are regular files of a bounded size, outputs
written whole or not at all.

Reading: a config, a word list or a cached list is read only if it is a regular file (not a
folder, a device such as /dev/zero, or a FIFO that would block) of at most a given size, so no
input can hang a run or eat the machine.

Writing: every output of a run is staged beside its target in a temporary file named
`.NAME.cardgen-PID-XXXX.tmp`, then each is moved into place, the file it replaces kept (as a
hard link named like a staging file) until every move is done, so that a move that fails puts
every old file back: a folder holds all of its old outputs or all of the new ones. SIGINT and
SIGTERM wait while files are written and moved (they take effect as soon as the folder is whole
again). Staging files left behind by a run that was killed outright (SIGKILL, a crash) are
removed by the next run that writes to the same folder (their PID is no longer running). Files
are created with the permissions the umask allows, like any program's. No output may be an
input of its run (`refuse_inputs`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any, BinaryIO

from cardgen.errors import ConfigError, OutputError, OutputPathError


class InputFileError(Exception):
    """An input file that cannot be read; the message says why, without the path."""


class NotRegularFile(InputFileError):
    """A path that is something other than a regular file; `folder`: whether a folder."""

    def __init__(self, folder: bool) -> None:
        super().__init__("is a folder, not a file" if folder
                         else "not a regular file (a device, a FIFO or a socket)")
        self.folder = folder


def open_regular(path: Path) -> BinaryIO:
    """`path` opened for reading if it is a regular file; NotRegularFile if it is not, OSError
    if it cannot be opened. Opened without blocking (a FIFO is refused, not waited on) and
    checked on the open descriptor (a link to a device is refused too): every input and every
    file of a cache (`cardgen.cachefile`) is read through it."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(stat.S_ISDIR(mode))
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes (`open_regular`); InputFileError
    otherwise."""
    try:
        handle = open_regular(path)
    except OSError as error:
        raise InputFileError(error.strerror or str(error)) from None
    with handle:
        try:
            data = handle.read(limit + 1)
        except OSError as error:
            raise InputFileError(error.strerror or str(error)) from None
    if len(data) > limit:
        raise InputFileError(f"larger than {_size(limit)}")
    return data


def expand_user(text: str, error: Callable[[str], Exception] = InputFileError) -> Path:
    """`text` as a path with a leading `~` or `~user` expanded; `error(message)` is raised
    for a user that does not exist (pathlib's own error is a bare RuntimeError)."""
    try:
        return Path(text).expanduser()
    except RuntimeError:
        user = text.split("/", 1)[0]
        raise error(f"cannot expand {user!r}: no such user") from None


def unusable(path: Path, what: str, written: str) -> str | None:
    """Why `path` cannot be read as a `what` ("word list file", "font file", ...): it is
    missing, a folder, a device or FIFO, a link loop, ...; None for a regular file.
    `written` is the path as the user wrote it (quoted)."""
    a = "an" if what[:1] in ("a", "e", "i", "o", "u") else "a"
    try:
        info = path.stat()
    except OSError as error:
        if error.errno == errno.ENOENT:
            return f"no {what} {written} (looked for {path})"
        if error.errno == errno.ELOOP:
            return f"{path}: a loop of symbolic links, not {a} {what}"
        return f"{path}: cannot read {what}: {error.strerror or error}"
    if stat.S_ISDIR(info.st_mode):
        return f"{path} is a folder, not {a} {what}"
    if not stat.S_ISREG(info.st_mode):
        return f"{path} is {_special(info.st_mode)}, not {a} {what}"
    return None


def _special(mode: int) -> str:
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def named_file(
    spec: str, base: Path, what: str, written: str, error: Callable[[str], Exception]
) -> Path:
    """The regular file a config names (`~` expanded, relative to `base`); `error(why)` is
    raised for anything else (`unusable`), `written` being the name as the config writes it."""
    path = expand_user(spec, error)
    path = path if path.is_absolute() else base / path
    if (problem := unusable(path, what, written)) is not None:
        raise error(problem)
    return path


def same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file: the same resolved path, or (both existing) the same
    inode, so that symbolic and hard links count."""
    try:
        if one.resolve() == other.resolve():
            return True
        return os.path.samefile(one, other)
    except (OSError, RuntimeError):
        return False


def refuse_inputs(
    outputs: Mapping[Path, Path | None], inputs: Iterable[tuple[Path, Path]], hint: str
) -> None:
    """Refuse a run that would write over one of its own inputs (`same_file`: the same path,
    or through a link the same inode), naming both. `outputs` maps each file the run writes to
    the config it is written for (None: for the run as a whole, as a site's index); `inputs`
    pairs each file the run reads with the config that reads it; `hint` says where else to
    write (`output_dir or --out`)."""
    inputs = list(inputs)
    for target, writer in outputs.items():
        for owner, path in inputs:
            if same_file(target, path):
                config = writer or owner
                whose = "" if owner == config else f" (read for {owner})"
                raise ConfigError(
                    f"{config}: output {target} is the same file as the input {path}{whose}: "
                    f"write to another folder ({hint})"
                )


_INPUTS: ContextVar[tuple[tuple[Path, Path], ...]] = ContextVar("inputs", default=())
"""The inputs of the runs in progress (`protected`), with the configs that read them."""


@contextlib.contextmanager
def protected(inputs: Iterable[tuple[Path, Path]]) -> Iterator[None]:
    """While the block runs, `write_all` writes over none of `inputs` (pairs of a file a run
    reads and the config that reads it), whatever it writes: outputs, cached word lists,
    cached solutions."""
    token = _INPUTS.set((*_INPUTS.get(), *inputs))
    try:
        yield
    finally:
        _INPUTS.reset(token)


def refuse_protected(paths: Iterable[Path], hint: str) -> None:
    """Refuse to write over or remove any of `paths` that is an input of a run in progress
    (`protected`), as `refuse_inputs` says with `hint`."""
    refuse_inputs(dict.fromkeys(paths), _INPUTS.get(), hint)


def remove(path: Path, hint: str) -> None:
    """Remove a file that a cache made (OSError if it cannot be), unless it is an input of a
    run in progress (`refuse_protected`)."""
    refuse_protected([path], hint)
    path.unlink()


def _size(limit: int) -> str:
    return f"{limit // (1 << 20)} MiB" if limit >= 1 << 20 else f"{limit} bytes"


_STAGED = re.compile(r"\.(?P<name>.+)\.cardgen-(?P<pid>\d+)-[^.]+\.tmp")


STAGING_NAME = 200
"""The bytes of a target's name kept in its staging file's name (the rest is cut), so that a
target with a long name (up to the system's 255) still has a staging name the system takes."""


def _short(name: str) -> str:
    """`name` cut to at most `STAGING_NAME` bytes of UTF-8, on a character boundary."""
    return name.encode()[:STAGING_NAME].decode(errors="ignore")


_PATH_FAULTS = frozenset({errno.ENAMETOOLONG, errno.ELOOP})
"""Errors of the path itself, not of the system's state: no run could write there."""


def _unwritable(folder: Path, exc: OSError) -> OutputError:
    """Why no file can be made in `folder`: a folder of the system (/proc, /sys) that takes no
    new files is said as such, not as the system's `No such file or directory`, and is the
    path's fault (`OutputPathError`)."""
    if exc.errno == errno.ENOENT:
        existing = next((p for p in (folder, *folder.parents) if p.exists()), None)
        if existing is not None and existing.is_dir():
            return OutputPathError(
                f"{folder}: cannot write: the system does not allow new files in {existing}"
            )
    return OutputError(f"{folder}: cannot write: {exc.strerror or exc}")


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


def check_targets(targets: Iterable[Path]) -> None:
    """Refuse, before any work, a file no run could write: a folder where it should go, a
    loop of symbolic links, or a folder on its way that cannot be one (`folder_fault`)."""
    targets = list(targets)
    for folder in dict.fromkeys(target.parent for target in targets):
        if (fault := folder_fault(folder)) is not None:
            raise fault
    for target in targets:
        try:
            if stat.S_ISDIR(target.stat().st_mode):
                raise OutputPathError(f"{target}: cannot write: it is a folder")
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as exc:  # a name too long, a loop of links, ...
            why = "it is a loop of symbolic links" if exc.errno == errno.ELOOP else exc.strerror
            error = OutputPathError if exc.errno in _PATH_FAULTS else OutputError
            raise error(f"{target}: cannot write: {why or exc}") from None


def folder_fault(folder: Path) -> OutputPathError | None:
    """Why no file can ever be made in `folder`, judged from the root down: a part of it that
    is a loop of symbolic links, a link to something that does not exist, a file or a device;
    None where it is a folder, or can be made one (or the system will say why not)."""
    for path in reversed((folder, *folder.parents)):
        try:
            mode = path.stat().st_mode
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                why = "a loop of symbolic links, not a folder"
            elif exc.errno == errno.ENOENT and path.is_symlink():
                why = f"a symbolic link to {os.readlink(path)}, a folder that does not exist"
            else:  # missing (it is made), too long, or not ours to look in: the write says
                return None
            return OutputPathError(f"{path}: cannot write: it is {why}")
        if not stat.S_ISDIR(mode):
            what = "a file" if stat.S_ISREG(mode) else _special(mode)
            return OutputPathError(f"{path}: cannot write: it is {what}, not a folder")
    return None


def write_all(files: Mapping[Path, bytes], *, hint: str = "--out") -> None:
    """Write every file atomically: all are staged first, then each is moved into place.

    Every target is checked before anything changes: a folder where a file should go is
    refused, and so is an input of a run in progress (`protected`; `hint` names the setting
    that chooses the folder). A failure while staging (an unwritable folder, a full disk)
    removes what was staged, and one while moving puts the old files back: every target is as
    it was. SIGINT and SIGTERM wait until the targets are whole (`_signals_deferred`).
    """
    refuse_protected(files, hint)
    check_targets(files)
    staged: list[tuple[str, Path]] = []
    with _signals_deferred():
        try:
            for target, data in files.items():
                staged.append((_stage(target, data), target))
            _move(staged)
            staged.clear()
        finally:
            for tmp, _ in staged:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)


def _stage(target: Path, data: bytes) -> str:
    """A staging file beside `target` holding `data`, with the permissions the umask allows."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale(target.parent)
        fd, tmp = tempfile.mkstemp(
            prefix=f".{_short(target.name)}.cardgen-{os.getpid()}-",
            suffix=".tmp",
            dir=target.parent,
        )
    except (FileExistsError, NotADirectoryError) as exc:  # a file where a folder goes, ...
        fault = folder_fault(target.parent)  # ... made since the run began
        raise fault or OutputError(f"{target.parent}: cannot write: {exc.strerror}") from None
    except OSError as exc:
        raise _unwritable(target.parent, exc) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise OutputError(f"{target}: cannot write: {exc.strerror or exc}") from None
        raise
    return tmp


def _move(staged: list[tuple[str, Path]]) -> None:
    """Move every staged file onto its target, all or none: each old target is kept until
    every move is done, and put back if one fails (or anything stops the moves)."""
    kept: list[tuple[Path, str | None]] = []  # each target moved onto, and its old file
    try:
        for tmp, target in staged:
            try:
                kept.append((target, _keep_old(tmp, target)))
                os.replace(tmp, target)
            except OSError as exc:
                raise OutputError(f"{target}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        for target, old in reversed(kept):
            with contextlib.suppress(OSError):
                if old is None:
                    os.unlink(target)
                else:
                    os.replace(old, target)
        raise
    finally:  # what is left: a kept file not needed, or one a rename between two links left
        for _, old in kept:
            if old is not None:
                with contextlib.suppress(OSError):
                    os.unlink(old)


def _keep_old(tmp: str, target: Path) -> str | None:
    """Keep the file (or link) at `target`, if there is one, under a staging name beside it:
    a hard link, so that readers see the old file until the new one replaces it; moved aside
    where the system has no hard links."""
    old = f"{tmp[: -len('.tmp')]}-old.tmp"
    try:
        os.link(target, old, follow_symlinks=False)
    except FileNotFoundError:
        return None
    except OSError:
        try:
            os.replace(target, old)
        except FileNotFoundError:
            return None
    return old


@contextlib.contextmanager
def _signals_deferred() -> Iterator[None]:
    """SIGINT and SIGTERM wait while the block runs (in the main thread, where Python handles
    them), then take effect as their handlers say: a run stops with its files whole."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous: dict[signal.Signals, Callable[[int, Any], Any] | int] = {}
    for number in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(number)
        if handler is not None:  # None: set outside Python, left alone
            previous[number] = handler
            signal.signal(number, lambda received, frame: caught.append(received))
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        for received in dict.fromkeys(caught):
            signal.raise_signal(received)
