"""The positions index: explained positions of a solved game, read back with the standard library.

`cardgen explain` answers one position, and most of its time went to importing what solves a
game (numpy, the solver, the casual-table model) to read that one position from the cached
solution. The index keeps, per config, each position explained so far: its document (what
`explain --json` prints: losers, moves, words, traps, the pocket cards' figures) and, once
asked for, its screen of text. A warm `explain` reads its answer here, importing neither numpy
nor Jinja2; a miss runs the full path and keeps what it found (after another explain or a play, the
full path reads back the solved game and the casual tables' figures they kept).

The index is one file in the solution cache (`cardgen.cards.cache`), named as its entries are
(`positions-<sha>.entry`, so `cardgen cache` lists it, trims it and clears it with them) and
kept by the key of the config's solved game with its traps (`config_key(config, "game")`): the
same config, word list, frequencies and code find it; any change misses. It is written whole
(staged, then renamed): a magic line, the sha256 of the rest, the key (one JSON line), then one
line per position: the question (the fragment as typed, `--knows`, `--perfect`) as JSON, a tab,
and the answer as JSON. A file that fails its checksum or holds another key is reported in one
line and removed, as every bad file of a cache is (`cardgen.cachefile`), and written again by
the next miss. Two runs adding a position at once may keep only one of them.

`cardgen play` reads a whole game, not a few positions: `GameStore` keeps, per config and per
table (`--knows`, or the config's `opponent`), the stored game of `cardgen.games.stored` in one
file framed the same way (`play-<sha>.entry`, magic `cardgen-play 1`; the key is the index's
with the table's `knows`). A build of a Ghost config writes the store of its own table; a play
that misses reads the full path and writes the store of its table when the game ends
(`cardgen.cards.played`). SuperGhost's and SuperDuperGhost's stores are read by
`cardgen.games.storedinfix`, Ghost's by `cardgen.games.stored`; a variant's store of its
config's table is also the one copy of its solved game the cache keeps
(`cardgen.cards.infixcache`).

`PrintedPlays` keeps, per config (the deck's key: its `pdf` keys choose what it prints), the
plays its deck prints, as JSON in a file framed the same way (`printed-<sha>.entry`, magic
`cardgen-printed 1`): `play` names the printed card's play without reading the deck back.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from cardgen.cachefile import BadEntry, discard, read_entry
from cardgen.cards.cache import Store, folder
from cardgen.cards.cachekey import config_key, entry_name
from cardgen.cards.config import CardConfig, load_card_config
from cardgen.errors import CardgenError
from cardgen.files import write_all

if TYPE_CHECKING:  # the solved game is written only where it was solved or read whole
    from cardgen.games.game import GameSolution
    from cardgen.games.stored import StoredPlay
    from cardgen.games.traps import Thresholds

MAGIC = b"cardgen-positions 1\n"
"""The first line of an index file: what it is and its format."""
PLAY_MAGIC = b"cardgen-play 1\n"
"""The first line of a stored game's file."""
PRINTED_MAGIC = b"cardgen-printed 1\n"
"""The first line of a file of a deck's printed plays."""

T = TypeVar("T")

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
        if not enabled or folder() is None:
            return cls(None, {})
        try:
            config = load_card_config(config_path)
        except (CardgenError, ValueError, TypeError, OSError):
            return cls(None, {})
        # An answer names the play the deck prints, which the `pdf` keys choose.
        entry = _entry(config, "deck", enabled, kind="positions")
        return cls(None, {}) if entry is None else cls(*entry)

    def rows(self) -> dict[bytes, bytes]:
        """Every position kept, question to answer (both as JSON bytes); {} on a miss."""
        if self._rows is None:
            self._rows = self._read()
        return self._rows

    def _read(self) -> dict[bytes, bytes]:
        if self.path is None:
            return {}
        rows = read_framed(self.path, MAGIC, self.key_line, "a positions index", _rows)
        return {} if rows is None else rows

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
        if write_framed(self.path, MAGIC, self.key_line, body):
            self._rows = rows


class GameStore:
    """The stored game `cardgen play` reads (`cardgen.games.stored`) for one card config and
    one table (`knows`; None: perfect players), as the solution cache keeps it."""

    def __init__(
        self, path: Path | None, key: Mapping[str, Any], knows: float | None = None,
        game: str = "ghost",
    ) -> None:
        self.path = path
        """The store's file; None when the cache is off."""
        self.key_line = json.dumps(key, sort_keys=True).encode()
        self.knows = knows
        """The casual table stored (None: perfect players)."""
        self.game = game
        """The game's name (`cardgen.games.variants`)."""

    @classmethod
    def for_config(
        cls, config: CardConfig, knows: float | None, *, enabled: bool = True
    ) -> GameStore:
        """The store of a card config's game against a table that knows the words of Zipf >=
        `knows` (None: perfect players); one that holds nothing when the cache is off."""
        entry = _entry(config, "game", enabled, kind="play", knows=knows)
        if entry is None:
            return cls(None, {})
        return cls(*entry, knows, config.game.name)

    def read(self) -> StoredPlay | None:
        """The stored game, or None on a miss: no file, or a bad one (another key, a failed
        checksum, data that are no stored game), which is reported and removed."""
        if self.path is None:
            return None
        from cardgen.games.stored import read_game  # explain's warm path needs none of it
        from cardgen.games.storedinfix import read_infix_game

        def parse(body: memoryview) -> StoredPlay:
            return read_game(body) if self.game == "ghost" else read_infix_game(body, self.game)

        return read_framed(self.path, PLAY_MAGIC, self.key_line, "a stored game", parse)

    def keep(
        self, solution: GameSolution, traps: Thresholds | None, *, missing: bool = False
    ) -> None:
        """Store a solved game (with its thresholds, and the casual table of the store's
        `knows`) whole; with `missing`, only where there is no file yet (a build). Nothing
        where the cache is off or cannot be written."""
        if self.path is None or missing and self.path.exists():
            return
        from cardgen.games.planes import stored_game

        data = stored_game(solution, traps, self.knows)
        write_framed(self.path, PLAY_MAGIC, self.key_line, data)


class PrintedPlays:
    """The plays a card config's deck prints (`cardgen.render.explorer.printed_plays`: at each
    opening, and the rows of the tables it prints), as the solution cache keeps them: `cardgen
    play` names the card's play without reading the deck back (which imports numpy). Kept by
    the deck's key (`config_key(config, "deck")`): its `pdf` keys choose what it prints."""

    def __init__(self, path: Path | None, key: Mapping[str, Any]) -> None:
        self.path = path
        """The file; None when the cache is off."""
        self.key_line = json.dumps(key, sort_keys=True).encode()

    @classmethod
    def for_config(cls, config: CardConfig, *, enabled: bool = True) -> PrintedPlays:
        """The printed plays of a card config's deck; none kept when the cache is off."""
        entry = _entry(config, "deck", enabled, kind="printed")
        return cls(None, {}) if entry is None else cls(*entry)

    def read(self) -> dict[str, str] | None:
        """The plays kept, fragment to play; None on a miss (a bad file is reported and
        removed)."""
        if self.path is None:
            return None

        def parse(body: memoryview) -> dict[str, str]:
            plays = json.loads(bytes(body))
            if not isinstance(plays, dict) or not all(
                    isinstance(k, str) and isinstance(v, str) for k, v in plays.items()):
                raise ValueError("not a mapping of fragments to plays")
            return plays

        return read_framed(self.path, PRINTED_MAGIC, self.key_line, "a deck's plays", parse)

    def keep(self, plays: Mapping[str, str]) -> None:
        """Write the plays whole; nothing where the cache is off or cannot be written."""
        if self.path is not None:
            body = json.dumps(dict(plays), sort_keys=True, ensure_ascii=False).encode()
            write_framed(self.path, PRINTED_MAGIC, self.key_line, body)


def _entry(
    config: CardConfig, part: str, enabled: bool, **more: Any
) -> tuple[Path, dict[str, Any]] | None:
    """The file and key of a config's entry in the solution cache: the key of its `part`
    (`config_key`) with `more`; None when the cache is off or the config names a list that
    cannot be read (the full path reports what is wrong)."""
    root = folder() if enabled else None
    if root is None:
        return None
    try:
        key = dict(config_key(config, part), **more)
    except (CardgenError, ValueError, TypeError, OSError):
        return None
    return root / entry_name(key), key


def _question(question: Question) -> bytes:
    return json.dumps(list(question)).encode()


def printed(answer: Mapping[str, Any], *, as_json: bool) -> str:
    """What `cardgen explain` prints from an answer: its screen of text, or with `as_json` its
    document as one JSON object."""
    return json.dumps(answer["position"], indent=2) + "\n" if as_json else str(answer["text"])


def _rows(body: memoryview) -> dict[bytes, bytes]:
    """The positions of an index's body: a question, a tab and its answer a line."""
    lines = bytes(body).splitlines()
    return dict(line.split(b"\t", 1) for line in lines if b"\t" in line)


def read_framed(
    path: Path, magic: bytes, key_line: bytes, what: str, parse: Callable[[memoryview], T]
) -> T | None:
    """What `parse` makes of the body of a file of the solution cache (`unframed`), `what`
    saying what it is; None on a miss: no file, or a bad one, reported and removed as every
    bad file of a cache is (`cardgen.cachefile.discard`): no regular file, cut short, a failed
    checksum, another key, a body `parse` cannot read. A file read is marked recently used,
    so the cache trims it last."""
    try:
        data = read_entry(path)
        if data is None:
            return None
        try:
            value = parse(unframed(magic, key_line, data))
        except (ValueError, KeyError, TypeError) as error:  # UnicodeError, JSON's: ValueError
            raise BadEntry(f"does not hold {what} ({error})") from None
    except BadEntry as problem:
        discard(path, problem, "CARDGEN_SOLUTION_CACHE")
        return None
    with contextlib.suppress(OSError):
        os.utime(path)
    return value


def unframed(magic: bytes, key_line: bytes, data: bytes) -> memoryview:
    """The body of a file of the solution cache written by `write_framed` (a view of `data`,
    not a copy: a stored game is megabytes); BadEntry unless it starts with `magic`, passes its
    checksum and holds `key_line` (the words of `cardgen.codec.unpack`)."""
    if len(data) < len(magic) + 65:
        raise BadEntry("is cut short")
    if not data.startswith(magic):
        raise BadEntry("is not a cardgen cache entry")
    view = memoryview(data)
    second = len(magic) + 65
    if data[second - 1:second] != b"\n" or data[len(magic):second - 1] != (
        hashlib.sha256(view[second:]).hexdigest().encode()
    ):
        raise BadEntry("failed its checksum (cut short or changed)")
    key_end = data.find(b"\n", second)
    if key_end < 0 or data[second:key_end] != key_line:
        raise BadEntry("was written for another config")
    return view[key_end + 1:]


def write_framed(path: Path, magic: bytes, key_line: bytes, body: bytes) -> bool:
    """Write a file of the solution cache whole (staged, then renamed): `magic`, the sha256 of
    the rest, the key line, the body; then trim the cache. False, silently, where the folder
    cannot be written (the solution cache warns)."""
    rest = key_line + b"\n" + body
    data = magic + hashlib.sha256(rest).hexdigest().encode() + b"\n" + rest
    try:
        write_all({path: data}, hint="CARDGEN_SOLUTION_CACHE")
    except (CardgenError, OSError):
        return False
    Store(path.parent).trim(keep=path)
    return True
