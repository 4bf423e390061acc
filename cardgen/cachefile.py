"""Every file a cache reads, read one way, and a bad one reported one way.

cardgen keeps what it works out in files: in the solution cache, its entries
(`cardgen.cards.cache`), the positions index and the stored games (`cardgen.cards.querycache`)
and the compiled templates (`cardgen.render`); beside the word lists, each lexicon's word
frequencies (`cardgen.words.zipfcache`) and the words worked out of data
(`cardgen.words.names`). Each of them reads its files with `open_entry` or `read_entry`, on
`cardgen.files.open_regular`, and nothing else:

- a file that is not there is a miss: computed, and kept;
- a path that is no regular file (a folder, a FIFO, a device, a socket) is a `BadEntry`,
  found on the open descriptor without ever waiting on it (a FIFO is opened without blocking);
- a file its reader cannot use (a failed checksum, another key, data it cannot read) is a
  `BadEntry` too, raised by the reader.

`discard` reports a bad entry in one line (`cache: PATH: WHY; removed, computing it again`)
and removes it, so that what is computed takes its place. A folder is never removed (it may
hold anything): the line says it is left in place, and what is computed is not kept.
"""

from __future__ import annotations

import stat
import warnings
from pathlib import Path
from typing import BinaryIO

from cardgen.errors import CardgenWarning
from cardgen.files import NotRegularFile, open_regular, remove


class BadEntry(Exception):
    """An entry that cannot be used; the message says why."""


def open_entry(path: Path) -> BinaryIO | None:
    """The cache file `path` opened for reading; None where there is none (or it cannot be
    opened: the write that follows says so); BadEntry where it is no regular file."""
    try:
        return open_regular(path)
    except NotRegularFile as error:
        why = "is a folder, not a file" if error.folder else "not a regular file"
        raise BadEntry(why) from None
    except OSError:
        return None


def read_entry(path: Path, limit: int | None = None) -> bytes | None:
    """The bytes of the cache file `path` (`open_entry`): None where there is none, BadEntry
    where it is no regular file, cannot be read or holds more than `limit` bytes."""
    handle = open_entry(path)
    if handle is None:
        return None
    with handle:
        try:
            data = handle.read() if limit is None else handle.read(limit + 1)
        except OSError as error:
            raise BadEntry(f"cannot be read ({error.strerror or error})") from None
    if limit is not None and len(data) > limit:
        raise BadEntry(f"holds more than {limit:,} bytes")
    return data


def discard(path: Path, problem: object, hint: str) -> None:
    """Report the bad entry at `path` in one line, saying why (`problem`) and what is done:
    removed (unless it is an input of a run in progress: `cardgen.files.remove` refuses that,
    naming `hint`, the setting that chooses the folder); a folder is left in place, and what
    is computed is not kept while it is there."""
    done = "removed, computing it again"
    if is_folder(path):
        done = "left in place, computing it again without keeping it"
    else:
        try:
            remove(path, hint)
        except FileNotFoundError:  # another run removed it first
            pass
        except OSError as error:
            done = f"cannot be removed ({error.strerror or error}), computing it again"
    warnings.warn(f"cache: {path}: {problem}; {done}", CardgenWarning, stacklevel=3)


def is_folder(path: Path) -> bool:
    """Whether `path` is a folder itself (not a link to one, which is removed as a file is)."""
    try:
        return stat.S_ISDIR(path.lstat().st_mode)
    except OSError:
        return False
