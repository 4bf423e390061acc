"""A word list's entries, kept as the list's text and split into lines only as they are read.

A list of millions of entries (Polish: 4.3 million, 60 MB) held as that many Python strings
takes 400 MB; its text takes a quarter of that, and a block of lines at a time is all that
lives as strings while the playable words are picked out (`cardgen.words.lexicon`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from cardgen.errors import WordListError

_SPACE = re.compile(r"[^\S\n]")
"""Whitespace that `str.strip` removes, other than line ends."""
_ASCII_SPACE = bytes(c for c in range(128) if chr(c).isspace() and chr(c) != "\n")
"""The same among ASCII characters: deleted from an ASCII block's bytes (in C, ten times
faster than the search), they leave it as long as it was when it has none."""


class Entries(Sequence[str]):
    """A word list's entries, kept as the list's text and split into lines a block at a time
    as they are read, so that a list of millions of entries (Polish: 4.3 million, 60 MB) is
    never that many Python strings at once (400 MB for Polish). It compares equal to the tuple
    of the same entries."""

    BLOCK = 1 << 20
    """Characters split at a time."""

    def __init__(self, text: str, *, lower: bool = False) -> None:
        self._text = text
        self._lower = lower
        self._count: int | None = None

    def blocks(self) -> Iterator[list[str]]:
        """The entries, a block of lines at a time, in file order."""
        text, start, count = self._text, 0, 0
        while start <= len(text):
            end = text.find("\n", start + self.BLOCK)
            end = len(text) if end < 0 else end
            chunk = text[start:end]
            lower = self._lower
            if lower and chunk.isascii():  # ASCII lines lower-cased at once, the same
                chunk, lower = chunk.lower(), False
            lines = chunk.split("\n")
            if _has_space(chunk):  # most blocks have no space to strip
                lines = [line.strip() for line in lines]
            block = [line.lower() for line in lines if line] if lower else list(
                filter(None, lines)  # the lines that are not empty
            )
            count += len(block)
            yield block
            start = end + 1
        self._count = count

    def spelt_as(self, fragment: str, write: Callable[[str], str | None]) -> Iterator[str]:
        """The entries that `write` (a `Spelling.write`) turns into `fragment`, in order. Every
        rule writes an ASCII entry as its lower case, so a block of ASCII text is searched for
        the fragment's line at once, and only other entries are written one by one."""
        line = re.compile(rf"^[^\S\n]*{re.escape(fragment)}[^\S\n]*$", re.I | re.M)
        text, start = self._text, 0
        while start <= len(text):
            end = text.find("\n", start + self.BLOCK)
            end = len(text) if end < 0 else end
            chunk = text[start:end]
            if chunk.isascii():
                found = (match.group().strip() for match in line.finditer(chunk))
                yield from (entry.lower() if self._lower else entry for entry in found)
            else:
                for entry in chunk.split("\n"):
                    entry = entry.strip()
                    entry = entry.lower() if self._lower else entry
                    if entry and write(entry) == fragment:
                        yield entry
            start = end + 1

    def __iter__(self) -> Iterator[str]:
        for block in self.blocks():
            yield from block

    def __len__(self) -> int:
        if self._count is None:
            for _ in self.blocks():  # counts them
                pass
        assert self._count is not None
        return self._count

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        return tuple(self)[index]

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Entries):
            return (self._text, self._lower) == (other._text, other._lower)
        return isinstance(other, tuple) and tuple(self) == other

    def __hash__(self) -> int:
        return hash((self._text, self._lower))

    def __repr__(self) -> str:
        return f"<{len(self):,} entries>"


def _has_space(chunk: str) -> bool:
    """Whether `chunk` holds whitespace other than line ends (`_SPACE`)."""
    if chunk.isascii():
        data = chunk.encode()
        return len(data.translate(None, _ASCII_SPACE)) != len(data)
    return _SPACE.search(chunk) is not None


def decode_text(data: bytes, encoding: str = "utf-8") -> str:
    """The text of a file's bytes, as `decode_lines` reads it, with its lines ending in LF."""
    try:
        text = data.decode(encoding).removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise WordListError(
            f"line {line}: not {encoding} text (byte 0x{data[error.start]:02x})"
        ) from None
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text
