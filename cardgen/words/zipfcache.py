"""The cache of a lexicon's word frequencies: one `.npy` array per (data, spelling, lexicon).

Working out a lexicon's frequencies decodes the whole frequency data (0.15 s for English, more
for German) and runs every key through the alphabet rule, and every card needs them. So the
result is kept beside the word lists (`cardgen.words.wordlists.cache_dir`), as
`zipf/<key>.npy`, a plain float64 array aligned with the lexicon's words, where the key is the
sha256 of the data's sha256, the spelling and the lexicon's words themselves: any change to
any of them is another file, never a stale one. A later run loads the array in a few
milliseconds without reading the data at all.

The array is derived data, read as every cache file is (`cardgen.cachefile`): one that does
not load as a finite float64 array of the right length, or a FIFO or a device in its place
(never waited on), is reported in one line, removed, worked out again and replaced; a cache
that cannot be written only costs that time again next run (the word lists' cache already
warns when it cannot be written).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cardgen.cachefile import BadEntry, discard, open_entry
from cardgen.errors import OutputError
from cardgen.files import write_all
from cardgen.words.alphabet import Spelling
from cardgen.words.wordlists import cache_dir

FloatArray = npt.NDArray[np.float64]
VERSION = "1"
"""Part of every key: bump it when what an array holds changes meaning."""


def key(data_sha256: str, spelling: Spelling, words: tuple[str, ...]) -> str:
    """The cache key of a lexicon's frequencies: the data, its spelling and its words
    (hashing TWL06's 45,000 words costs about a millisecond).

    >>> key("ab", Spelling(), ("cat",)) == key("ab", Spelling(), ("cat",))
    True
    >>> key("ab", Spelling(), ("cat",)) == key("ab", Spelling("fr", "fold"), ("cat",))
    False
    """
    digest = hashlib.sha256()
    for part in (VERSION, data_sha256, spelling.language, spelling.rule, spelling.capitalized):
        digest.update(part.encode() + b"\0")
    digest.update("\n".join(words).encode())
    return digest.hexdigest()


def path(cache_key: str) -> Path:
    """Where the array of a key is kept."""
    return cache_dir() / "zipf" / f"{cache_key[:32]}.npy"


def cached(cache_key: str, count: int, compute: Callable[[], FloatArray]) -> FloatArray:
    """The array of `count` values kept under `cache_key`, or `compute()`d and kept."""
    where = path(cache_key)
    try:
        handle = open_entry(where)  # a FIFO is a BadEntry, never waited on
        if handle is not None:
            with handle:
                try:
                    loaded = np.load(handle, allow_pickle=False)
                except (OSError, ValueError, EOFError):  # numpy's words vary by version
                    raise BadEntry("is not a whole .npy array") from None
            if (
                isinstance(loaded, np.ndarray)
                and loaded.dtype == np.float64
                and loaded.shape == (count,)
                and bool(np.isfinite(loaded).all())
            ):
                return loaded
            raise BadEntry(f"does not hold the lexicon's {count:,} word frequencies")
    except BadEntry as problem:
        discard(where, problem, "CARDGEN_CACHE")
    array = np.ascontiguousarray(compute(), dtype=np.float64)
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=False)
    with contextlib.suppress(OutputError):
        write_all({where: buffer.getvalue()}, hint="CARDGEN_CACHE")
    return array
