"""Familiar words: word frequencies and the avoid list of `ranking: familiar`.

Frequencies are on the Zipf scale (log10 of a word's uses per billion words). The default
ones are the English data of the wordfreq project, read out of its PyPI wheel the way a catalog
word list is (`wordlists/data.yaml`: fetched once, verified by sha256, cached, never installed
or imported); a config may give its own `word<TAB>zipf` file instead. The default avoid list
for English is better-profanity's word list, fetched the same way. `ranking: fewest` reads none
of this.
"""

from __future__ import annotations

import gzip
import math
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cardgen.catalog import CatalogEntry, load_catalog, sha256
from cardgen.errors import FetchError, WordListError
from cardgen.files import InputFileError, read_limited
from cardgen.progress import ProgressCallback
from cardgen.ranking import Ranking
from cardgen.wordlists import decode_lines, parse_entries, read_verified

WORDFREQ = "wordfreq"
"""The `familiarity` value that names the wordfreq data."""
MAX_FILE_BYTES = 64 << 20
"""The largest frequency or avoid file read."""


class FamiliarityError(ValueError):
    """A frequency or avoid file that cannot be used; the message names the file (and line)."""


@dataclass(frozen=True)
class Frequencies:
    """Zipf frequencies by word, and where they come from."""

    label: str
    """`wordfreq 3.1.1`, or the file as the config writes it."""
    sha256: str
    """sha256 of the data read (the compressed member, or the file)."""
    zipf: Mapping[str, float] = field(repr=False)


@dataclass(frozen=True, eq=False)
class WordZipf:
    """The Zipf frequency of each playable word of a lexicon, and where the data come from."""

    zipf: npt.NDArray[np.float64] = field(repr=False)
    """Aligned with `Lexicon.words`; 0.0 for a word the data do not have."""
    label: str
    """`wordfreq 3.1.1`, or the file as the config writes it."""
    sha256: str
    """sha256 of the data read."""


def read_cbpack(data: bytes) -> dict[str, float]:
    """Zipf frequencies out of wordfreq's gzipped msgpack `cBpack` (read by hand: no msgpack).

    The pack is a list: a header {format: cB, version: 1}, then bucket i holds the words of
    frequency -i centibels, that is Zipf (900 - i) / 100.

    >>> pack = bytes([0x93, 0x81, 0xa6]) + b"format" + bytes([0xa2]) + b"cB"
    >>> pack += bytes([0x91, 0xa3]) + b"the" + bytes([0x92, 0xa1]) + b"a" + bytes([0xa2]) + b"of"
    >>> read_cbpack(gzip.compress(pack))
    {'the': 9.0, 'a': 8.99, 'of': 8.99}
    """
    try:
        raw = gzip.decompress(data)
        count, at = _array_header(raw, 0)
        header, at = _unpack(raw, at)
        if not isinstance(header, dict) or header.get("format") != "cB":
            raise ValueError("no cB header")
        zipf: dict[str, float] = {}
        # The buckets are read inline, not through `_unpack`: a third of the time.
        for i in range(count - 1):
            words, at = _array_header(raw, at)
            value = (900 - i) / 100
            for _ in range(words):
                tag = raw[at]
                if 0xA0 <= tag <= 0xBF:
                    size, at = tag & 0x1F, at + 1
                elif tag == 0xD9:
                    size, at = raw[at + 1], at + 2
                else:
                    raise ValueError(f"unexpected msgpack byte 0x{tag:02x} in a bucket")
                word = raw[at : at + size].decode("utf-8")
                at += size
                if word not in zipf:
                    zipf[word] = value
    except (OSError, EOFError, zlib.error, IndexError, UnicodeDecodeError, ValueError) as error:
        raise ValueError(f"not a wordfreq cBpack ({error})") from None
    return zipf


def _array_header(raw: bytes, at: int) -> tuple[int, int]:
    """The length of the msgpack array at `at`, and where its items start."""
    tag = raw[at]
    if 0x90 <= tag <= 0x9F:
        return tag & 0x0F, at + 1
    if tag in (0xDC, 0xDD):
        width = 2 if tag == 0xDC else 4
        return int.from_bytes(raw[at + 1 : at + 1 + width], "big"), at + 1 + width
    raise ValueError(f"expected a msgpack array, got byte 0x{tag:02x}")


def _unpack(raw: bytes, at: int) -> tuple[object, int]:
    """One msgpack value at `at` (the kinds a cBpack uses): the value and where it ends."""
    tag = raw[at]
    if tag <= 0x7F:
        return tag, at + 1
    if 0xA0 <= tag <= 0xBF or tag in (0xD9, 0xDA, 0xDB):
        if tag >= 0xD9:
            width = {0xD9: 1, 0xDA: 2, 0xDB: 4}[tag]
            size, start = int.from_bytes(raw[at + 1 : at + 1 + width], "big"), at + 1 + width
        else:
            size, start = tag & 0x1F, at + 1
        if start + size > len(raw):
            raise IndexError("a string runs past the end")
        return raw[start : start + size].decode("utf-8"), start + size
    if 0x90 <= tag <= 0x9F or tag in (0xDC, 0xDD) or 0x80 <= tag <= 0x8F or tag in (0xDE, 0xDF):
        if tag in (0xDC, 0xDD, 0xDE, 0xDF):
            width = 2 if tag in (0xDC, 0xDE) else 4
            count, at = int.from_bytes(raw[at + 1 : at + 1 + width], "big"), at + 1 + width
        else:
            count, at = tag & 0x0F, at + 1
        is_map = 0x80 <= tag <= 0x8F or tag in (0xDE, 0xDF)
        items = []
        for _ in range(2 * count if is_map else count):
            item, at = _unpack(raw, at)
            items.append(item)
        if is_map:
            return {str(k): v for k, v in zip(items[::2], items[1::2], strict=True)}, at
        return items, at
    if tag in (0xC0, 0xC2, 0xC3):
        return {0xC0: None, 0xC2: False, 0xC3: True}[tag], at + 1
    raise ValueError(f"unexpected msgpack byte 0x{tag:02x}")


def wordfreq(*, progress: ProgressCallback | None = None) -> Frequencies:
    """The wordfreq English data, fetched if not cached (FetchError saying how to get it)."""
    hint = (
        "`ranking: familiar` needs the wordfreq data once (connect and rerun), or a "
        "`familiarity:` file of word<TAB>zipf lines"
    )
    entry, data = _fetch("wordfreq-en", hint, progress)
    return Frequencies(f"wordfreq {entry.version}", entry.sha256, read_cbpack(data))


def _fetch(
    name: str, hint: str, progress: ProgressCallback | None
) -> tuple[CatalogEntry, bytes]:
    """A data file of `wordlists/data.yaml`, verified, fetched once; a FetchError says `hint`."""
    entry = load_catalog("data.yaml")[name]
    try:
        return entry, read_verified(entry, progress=progress)
    except FetchError as error:
        raise FetchError(f"{error}; {hint}") from None


def read_frequencies(path: Path, spec: str) -> Frequencies:
    """A `word<TAB>zipf` file (UTF-8; blank lines and `#` comments skipped)."""
    data = _read(path)
    zipf: dict[str, float] = {}
    for number, line in enumerate(_lines(path, data), start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        parts = line.rstrip("\r\n").split("\t")
        value = None
        if len(parts) == 2 and parts[0].strip():
            try:
                value = float(parts[1])
            except ValueError:
                pass
        if value is None or not math.isfinite(value):
            shown = text if len(text) <= 40 else text[:40] + "..."
            raise FamiliarityError(f"{path}: line {number}: expected word<TAB>zipf, got {shown!r}")
        zipf[parts[0].strip().lower()] = value
    return Frequencies(spec, sha256(data), zipf)


def read_avoid_file(path: Path) -> frozenset[str]:
    """The words of an avoid file, one a line (UTF-8), lower-cased."""
    data = _read(path)
    return frozenset(line.strip().lower() for line in _lines(path, data) if line.strip())


def default_avoid(language: str, *, progress: ProgressCallback | None = None) -> frozenset[str]:
    """The avoid list a language gets by default: better-profanity's list for English, else
    none."""
    if language.split("-")[0] != "en":
        return frozenset()
    hint = "the default avoid list is fetched once (connect and rerun), or write `avoid: []`"
    _, data = _fetch("avoid-en", hint, progress)
    return frozenset(word.lower() for word in parse_entries(data))


@dataclass(frozen=True)
class RareWords:
    """The rare words, as a test rather than a set: a card asks only about its own words."""

    zipf: Mapping[str, float] = field(repr=False)
    below: float

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.zipf.get(word, -math.inf) < self.below


def familiar_ranking(
    words: tuple[str, ...], frequencies: Frequencies, rare_below: float, avoid: frozenset[str]
) -> tuple[Ranking, RareWords]:
    """The `familiar` ranking of a lexicon's words, and its rare words (below `rare_below`;
    a word missing from the frequencies is rare).

    >>> ranking, rare = familiar_ranking(("aa", "bb", "cc"), Frequencies("t", "", {"aa": 4.0,
    ...     "bb": 2.5}), 3.0, frozenset({"aa"}))
    >>> ranking.avoided.tolist(), ranking.rare.tolist(), [w for w in ("bb", "cc") if w in rare]
    ([True, False, False], [False, True, True], ['bb', 'cc'])
    """
    # map() over dict.get is the fastest way through 180,000 words (16 ms for TWL06).
    missing = [-math.inf] * len(words)
    zipf = np.array(list(map(frequencies.zipf.get, words, missing)), dtype=np.float64)
    avoided = np.array([word in avoid for word in words], dtype=np.bool_)
    ranking = Ranking(avoided=avoided, rare=zipf < rare_below)
    return ranking, RareWords(frequencies.zipf, rare_below)


def _read(path: Path) -> bytes:
    try:
        return read_limited(path, MAX_FILE_BYTES)
    except InputFileError as problem:
        raise FamiliarityError(f"{path}: cannot read: {problem}") from None


def _lines(path: Path, data: bytes) -> list[str]:
    try:
        return decode_lines(data)
    except WordListError as error:
        raise FamiliarityError(f"{path}: {error}") from None
