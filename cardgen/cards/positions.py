"""The positions index: explained positions of a solved game, read back with the standard library.

`cardgen explain` answers one position, and most of its time went to importing what solves a
game (numpy, the solver, the casual-table model) to read that one position from the cached
solution. The index keeps, per config, each position explained so far: its document (what
`explain --json` prints: losers, moves, words, traps, the pocket cards' figures) and, once
asked for, its screen of text. A warm `explain` reads its answer here, importing neither numpy
nor Jinja2; a miss runs the full path and keeps what it found (after a `cardgen build`, the
full path reads back the solved game and the casual table's figures that the build kept).

The index is one file in the solution cache (`cardgen.cards.cache`), named as its entries are
(`positions-<sha>.entry`, so `cardgen cache` lists it, trims it and clears it with them) and
kept by the key of the config's solved game with its traps (`config_key(config, "game")`): the
same config, word list, frequencies and code find it; any change misses. It is written whole
(staged, then renamed): a magic line, the sha256 of the rest, the key (one JSON line), then one
line per position: the question (the fragment as typed, `--knows`, `--perfect`) as JSON, a tab,
and the answer as JSON. A file that fails its checksum or holds another key is a miss, and is
written again by the next miss. Two runs adding a position at once may keep only one of them.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardgen.cards.cache import Store, config_key, entry_name, folder
from cardgen.cards.config import load_card_config
from cardgen.errors import CardgenError
from cardgen.files import write_all

MAGIC = b"cardgen-positions 1\n"
"""The first line of an index file: what it is and its format."""

Question = tuple[str, str | None, bool]
"""What `cardgen explain` was asked: the fragment as typed, `--knows` as typed, `--perfect`."""


class PositionIndex:
    """The explained positions of one card config's game, as the solution cache keeps them."""

    def __init__(self, path: Path | None, key: Mapping[str, Any]) -> None:
        self.path = path
        """The index file; None when the cache is off."""
        self.key_line = json.dumps(key, sort_keys=True).encode()
        self._rows: dict[bytes, bytes] | None = None

    @classmethod
    def for_config(cls, config_path: Path, *, enabled: bool = True) -> PositionIndex:
        """The index of a card config's game (a config that cannot be read, or a cache that is
        off, gives an index that holds nothing: the full path reports what is wrong)."""
        root = folder() if enabled else None
        if root is None:
            return cls(None, {})
        try:
            key = dict(config_key(load_card_config(config_path), "game"), kind="positions")
        except (CardgenError, ValueError, TypeError, OSError):
            return cls(None, {})
        return cls(root / entry_name(key), key)

    def rows(self) -> dict[bytes, bytes]:
        """Every position kept, question to answer (both as JSON bytes); {} on a miss."""
        if self._rows is None:
            self._rows = self._read()
        return self._rows

    def _read(self) -> dict[bytes, bytes]:
        if self.path is None:
            return {}
        try:
            data = self.path.read_bytes()
        except OSError:
            return {}
        magic, digest, rest = (data.split(b"\n", 2) + [b"", b""])[:3]
        key, _, body = rest.partition(b"\n")
        valid = magic + b"\n" == MAGIC and digest == hashlib.sha256(rest).hexdigest().encode()
        if not valid or key != self.key_line:
            return {}
        with contextlib.suppress(OSError):
            os.utime(self.path)  # recently used: trimmed last, as the entries are
        return dict(line.split(b"\t", 1) for line in body.splitlines() if b"\t" in line)

    def answer(self, question: Question) -> dict[str, Any] | None:
        """The answer kept for `question` ({"position": document, "text": screen}, the text
        only once a run printed it), or None."""
        found = self.rows().get(_question(question))
        return None if found is None else dict(json.loads(found))

    def keep(self, question: Question, answer: Mapping[str, Any]) -> None:
        """Add (or replace) the answer to `question` and write the index whole; a cache
        folder that cannot be written keeps nothing, silently (the solution cache warns)."""
        if self.path is None:
            return
        rows = dict(self.rows())
        rows[_question(question)] = json.dumps(answer).encode()  # in the order printed
        body = b"".join(q + b"\t" + a + b"\n" for q, a in rows.items())
        rest = self.key_line + b"\n" + body
        data = MAGIC + hashlib.sha256(rest).hexdigest().encode() + b"\n" + rest
        try:
            write_all({self.path: data}, hint="CARDGEN_SOLUTION_CACHE")
        except (CardgenError, OSError):
            return
        self._rows = rows
        Store(self.path.parent).trim(keep=self.path)


def _question(question: Question) -> bytes:
    return json.dumps(list(question)).encode()


def printed(answer: Mapping[str, Any], *, as_json: bool) -> str:
    """What `cardgen explain` prints from an answer: its screen of text, or with `as_json` its
    document as one JSON object."""
    return json.dumps(answer["position"], indent=2) + "\n" if as_json else str(answer["text"])
