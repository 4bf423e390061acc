"""Writing outputs whole or not at all."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from cardgen.errors import OutputError


def write_all(files: Mapping[Path, bytes]) -> None:
    """Write every file atomically: all are staged first, then each is moved into place.

    A failure while staging (an unwritable folder, a full disk) removes what was staged and
    leaves every target as it was.
    """
    staged: list[tuple[str, Path]] = []
    try:
        for target, data in files.items():
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
            except OSError as exc:
                raise OutputError(f"{target.parent}: cannot write: {exc.strerror or exc}") from None
            staged.append((tmp, target))
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                os.chmod(tmp, 0o644)
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
