"""Familiar words: word frequencies and the avoid list of `ranking: familiar`.

Frequencies are on the Zipf scale (log10 of a word's uses per billion words). The default
ones are the wordfreq project's data for the list's language, read out of its PyPI wheel the
way a catalog word list is (`wordlists/data.yaml`: fetched once, verified by sha256, cached,
never installed or imported); a config may give its own `word<TAB>zipf` file instead, or
`familiarity: none`. The default avoid list for English is better-profanity's word list, fetched
the same way.

A lexicon's frequencies (`WordZipf`) are looked up for its words as its spelling writes them:
every key of the data goes through the same alphabet rule, and where several keys become one
word the highest Zipf counts; a word the data lacks has Zipf 0.0. Working that out decodes the
whole data (0.15 s for English), so the result is kept in the cache as a `.npy` array per
(data, spelling, lexicon), and a later run loads it in a few milliseconds
(`cardgen.words.zipfcache`).
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.errors import FamiliarityError, FetchError, WordListError
from cardgen.files import InputFileError, read_limited
from cardgen.progress import ProgressCallback
from cardgen.words.alphabet import Spelling
from cardgen.words.catalog import CatalogEntry, load_catalog, sha256
from cardgen.words.languages import NAMES
from cardgen.words.wordlists import decode_lines, parse_entries, read_verified

if TYPE_CHECKING:  # numpy loads only to rank: a config, or a cached card, needs none of it
    import numpy as np
    import numpy.typing as npt

WORDFREQ = "wordfreq"
"""The `familiarity` value that names the wordfreq data (the default)."""
NONE = "none"
"""The `familiarity` value that reads no frequency data at all."""
MAX_FILE_BYTES = 64 << 20
"""The largest frequency or avoid file read."""
MAX_ZIPF = 10.0
"""The largest Zipf frequency read (a flag, `opponent.knows`, `rare_below`, a frequency file):
above every word's (the commonest English word, `the`, has 7.73)."""
ZIPF_WANTED = f"a Zipf frequency from 0 to {MAX_ZIPF:g}"
"""What a Zipf frequency read must be: a finite number in this range (`nan` and `inf` are
refused everywhere)."""


if TYPE_CHECKING:
    FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class WordZipf:
    """The Zipf frequency of every word of one lexicon, and where it comes from."""

    zipf: FloatArray = field(repr=False)
    """Aligned with `Lexicon.words`; 0.0 for a word the data does not have. Read-only."""
    label: str
    """`wordfreq 3.1.1 (de)`, or the file as the config writes it."""
    sha256: str
    """sha256 of the data read (the compressed member, or the file)."""


@dataclass(frozen=True)
class Frequencies:
    """Zipf frequencies by word, and where they come from."""

    label: str
    """`wordfreq 3.1.1 (de)`, or the file as the config writes it."""
    sha256: str
    """sha256 of the data read (the compressed member, or the file)."""
    zipf: Mapping[str, float] = field(repr=False)
    """By key as the data writes it (see `spelled` for a lexicon's words)."""


def read_cbpack(data: bytes) -> dict[str, float]:
    """Zipf frequencies out of wordfreq's gzipped msgpack `cBpack`.

    The pack is a list: a header {format: cB, version: 1}, then bucket i holds the words of
    frequency -i centibels, that is Zipf (900 - i) / 100.

    >>> import gzip, msgpack
    >>> pack = msgpack.packb([{"format": "cB", "version": 1}, ["the"], ["a", "of"]])
    >>> read_cbpack(gzip.compress(pack))
    {'the': 9.0, 'a': 8.99, 'of': 8.99}
    """
    import gzip  # here, as msgpack: only a fetch reads a pack

    import msgpack

    try:
        pack = msgpack.unpackb(gzip.decompress(data), raw=False, use_list=False)
        if not (isinstance(pack, tuple) and pack and isinstance(pack[0], dict)
                and pack[0].get("format") == "cB"):
            raise ValueError("no cB header")
        zipf: dict[str, float] = {}
        for i, bucket in enumerate(pack[1:]):
            value = (900 - i) / 100
            if not isinstance(bucket, tuple) or not all(isinstance(w, str) for w in bucket):
                raise ValueError(f"bucket {i} is not a list of words")
            for word in bucket:
                zipf.setdefault(word, value)
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError,
            msgpack.UnpackException) as error:
        raise ValueError(f"not a wordfreq cBpack ({error})") from None
    return zipf


def wordfreq_entry(language: str) -> CatalogEntry | None:
    """The wordfreq data of a language (`wordfreq-XX` of data.yaml; pt-BR reads pt's, as
    wordfreq has one Portuguese), or None if cardgen has none for it."""
    data = load_catalog("data.yaml")
    for code in (language, language.split("-")[0]):
        if f"{WORDFREQ}-{code}" in data:
            return data[f"{WORDFREQ}-{code}"]
    return None


def missing_data(
    familiarity: str, familiar: bool, written: bool, language: str | None
) -> str | None:
    """Why a config's frequency data cannot be had, or None: `familiar` with `none`, or
    wordfreq asked for (by `familiar`, or written) in a `language` it has no data for (left to
    its default there, it reads none). A table's lists name their own languages: None."""
    if familiarity == NONE and familiar:
        return "`ranking: familiar` needs frequency data: wordfreq or a word<TAB>zipf file, " + (
            "not none"
        )
    asked = familiarity == WORDFREQ and (familiar or written)
    if asked and language is not None and wordfreq_entry(language) is None:
        return f"no wordfreq data for language {language}: give a word<TAB>zipf file"
    return None


def wordfreq_label(entry: CatalogEntry) -> str:
    """How a card names wordfreq data, e.g. `wordfreq 3.1.1 (de)`."""
    return f"{WORDFREQ} {entry.version} ({entry.language})"


def plain_label(label: str | None) -> str:
    """How a card names frequencies to a player: wordfreq's as their language's word
    frequencies (`wordfreq 3.1.1 (de)` is "German word frequencies"; the version stays in the
    JSON and docs), a file of the config's by its label.

    >>> plain_label("wordfreq 3.1.1 (pt-BR)"), plain_label("freq.tsv")
    ('Brazilian Portuguese word frequencies', 'freq.tsv')
    """
    found = re.fullmatch(rf"{WORDFREQ} \S+ \(([A-Za-z-]+)\)", label or "")
    if found is None:
        return str(label)  # a file's label; None as the card said it before
    return f"{NAMES.get(found[1], found[1])} word frequencies"


def wordfreq(language: str = "en", *, progress: ProgressCallback | None = None) -> Frequencies:
    """The wordfreq data of a language, fetched if not cached (FetchError saying how to get
    it); ValueError for a language cardgen has no data for."""
    entry = wordfreq_entry(language)
    if entry is None:
        raise ValueError(f"no wordfreq data for language {language!r}")
    hint = (
        "the frequency data is fetched once (connect and rerun), or give `familiarity:` a "
        "file of word<TAB>zipf lines, or `familiarity: none`"
    )
    entry, data = _fetch(entry.name, hint, progress)
    return Frequencies(wordfreq_label(entry), entry.sha256, read_cbpack(data))


def spelled(zipf: Mapping[str, float], spelling: Spelling) -> dict[str, float]:
    """Frequencies by word as `spelling` writes it: every key goes through the alphabet rule
    (keys that are no word are left out), and keys that become one word keep the highest.

    >>> spelled({"café": 4.1, "cafe": 2.5, "l'eau": 5.0}, Spelling("fr", "fold"))
    {'cafe': 4.1}
    """
    merged: dict[str, float] = {}
    words = spelling.words
    for key, value in zipf.items():
        # Every rule writes a-z as it is (`Spelling.words`): most keys need no more.
        spelt = (key,) if key.isascii() and key.isalpha() and key.islower() else words((key,))
        for word in spelt:
            if merged.get(word, -math.inf) < value:
                merged[word] = value
    return merged


def lexicon_zipf(words: tuple[str, ...], merged: Mapping[str, float]) -> FloatArray:
    """The Zipf of each word (0.0 where `merged`, from `spelled`, lacks it).

    >>> lexicon_zipf(("cafe", "the"), {"cafe": 4.1}).tolist()
    [4.1, 0.0]
    """
    import numpy as np

    # map() over dict.get is the fastest way through 180,000 words (16 ms for TWL06).
    return np.array(list(map(merged.get, words, [0.0] * len(words))), dtype=np.float64)


def _fetch(name: str, hint: str, progress: ProgressCallback | None) -> tuple[CatalogEntry, bytes]:
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
    first: dict[str, int] = {}
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
        if value is None:
            shown = text if len(text) <= 40 else text[:40] + "..."
            raise FamiliarityError(f"{path}: line {number}: expected word<TAB>zipf, got {shown!r}")
        if not (math.isfinite(value) and 0 <= value <= MAX_ZIPF):  # nan, inf, -3, 99
            shown = parts[1].strip()[:40]
            raise FamiliarityError(f"{path}: line {number}: expected {ZIPF_WANTED}, got {shown!r}")
        word = parts[0].strip().lower()
        if word in first:  # two frequencies for one word: which one was meant?
            raise FamiliarityError(
                f"{path}: line {number}: {word!r} is listed twice (first on line {first[word]})"
            )
        first[word] = number
        zipf[word] = value
    if not zipf:
        raise FamiliarityError(f"{path}: no words (expected word<TAB>zipf lines)")
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


def _read(path: Path) -> bytes:
    try:
        return read_limited(path, MAX_FILE_BYTES)
    except InputFileError as problem:
        raise FamiliarityError(f"{path}: cannot read: {problem}") from None


def _lines(path: Path, data: bytes) -> list[str]:
    """The lines of a frequency or avoid file; one with a NUL byte is refused (a binary file,
    or UTF-16), naming the first line that holds one."""
    try:
        lines = decode_lines(data)
    except WordListError as error:
        raise FamiliarityError(f"{path}: {error}") from None
    for number, line in enumerate(lines, start=1):
        if "\0" in line:
            raise FamiliarityError(f"{path}: line {number}: holds a NUL byte (not a text file)")
    return lines
