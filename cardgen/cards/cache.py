"""The solution cache: a card or a solved game, kept by the content it was computed from.

A result is stored under the sha256 of its key (`config_key`): every field of the config that
is not presentation-only (`PRESENTATION`), with a word list standing for its sha256 (a catalog
list: the catalog's, which every read checks; a file: its bytes'), frequency data for its
sha256, an avoid list for the sha256 of its words, the names data German lists drop names by
(`cardgen.words.names`) for its sha256, a list's abbreviations data (`cardgen.words.abbreviations`)
for its sha256, and the code: cardgen's version plus a sha256 of the
installed package's own files (`code_fingerprint`: its .py modules, the Jinja2 templates and
the catalogs), so any change of code or catalog misses. A config field is in the
key unless it is listed as presentation-only; tests/test_cache.py fails on a field of a kind
the key cannot read.

Entries live in `$CARDGEN_SOLUTION_CACHE`, by default the `solutions` folder of the word-list
cache (`$CARDGEN_CACHE`, else the user cache folder); `off` turns the cache off. Each is one
file, written whole (staged, then renamed: two runs racing on one entry both succeed), made of
a magic line, the sha256 of the rest, the key (one JSON line), the body's index (one JSON line:
the data as `cardgen.codec` writes it, and where each numpy array lies) and the arrays, which
are read back memory-mapped. An entry that fails its checksum, is cut short or was written for
another key is reported in one line, removed and computed again; a folder that cannot be
written only warns. Past `LIMIT` bytes, the least recently used entries go first.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import stat
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from cardgen.cachefile import BadEntry, discard, is_folder, open_entry
from cardgen.cards.cachekey import SUFFIX, config_key, entry_name, group_key
from cardgen.codec import pack, unpack
from cardgen.errors import CardgenWarning, InputError, OutputError, OutputPathError
from cardgen.files import expand_user, remove, write_all
from cardgen.words.wordlists import cache_dir

if TYPE_CHECKING:
    from cardgen.cards.config import CardConfig, TableConfig
    from cardgen.cards.strategy import Card
    from cardgen.cards.tables import TableGroup

T = TypeVar("T")
K = TypeVar("K")

LIMIT = 1 << 30
"""The cache's size in bytes (1 GiB); past it, the least recently used entries are removed."""

# --- where entries live ------------------------------------------------------------------


def folder() -> Path | None:
    """The cache folder, or None when `CARDGEN_SOLUTION_CACHE=off`."""
    configured = os.environ.get("CARDGEN_SOLUTION_CACHE")
    if configured == "off":
        return None
    if configured:
        return expand_user(
            configured, lambda problem: InputError(f"CARDGEN_SOLUTION_CACHE: {problem}")
        )
    return cache_dir() / "solutions"


# --- the store ---------------------------------------------------------------------------


class Store:
    """The cache as one run uses it: `remember` reads an entry, or computes and keeps it."""

    def __init__(self, root: Path | None, *, limit: int = LIMIT) -> None:
        self.root = root
        self.limit = limit
        self._warned = False

    @classmethod
    def default(cls, enabled: bool = True) -> Store:
        """The user's cache (`folder()`), or a store that keeps nothing."""
        return cls(folder() if enabled else None)

    def card(
        self, config: CardConfig, compute: Callable[[], Card], kind: str = "card"
    ) -> Card:
        """The card of a card config, read back or computed (and kept); `kind` "deck": with
        what its PDF deck prints chosen (`SeatStrategy.printed`), kept by its `pdf` keys too."""
        from cardgen.cards.strategy import Card

        return self.remember(lambda: config_key(config, kind), Card, compute)

    def game(
        self, config: CardConfig, compute: Callable[[], Any], *, traps: bool, keep: bool = True
    ) -> Any:
        """The solved game of a card config (Ghost's `Solution` or a variant's), with `traps`
        its escape thresholds where it has word frequencies (they hold their solved game),
        read back memory-mapped or computed (and with `keep` kept)."""
        kind = "game" if traps else "solution"
        return self.remember(lambda: config_key(config, kind), _solution_class, compute,
                             keep=keep)

    def groups(
        self, config: TableConfig, pairs: Sequence[tuple[object, int]]
    ) -> dict[int, TableGroup]:
        """The groups of a table config (one word list and minimum length each, as in `pairs`)
        that the cache has kept, by their place in `pairs`."""
        from cardgen.cards.tables import TableGroup

        if self.root is None:
            return {}
        found = {}
        for i, pair in enumerate(pairs):
            group = self.read(group_key(config, pair), TableGroup)
            if group is not None:
                found[i] = group
        return found

    def keep_group(self, config: TableConfig, pair: tuple[object, int], group: object) -> None:
        """Keep the rows of one group of a table config."""
        if self.root is not None:
            self.write(group_key(config, pair), group)

    def remember(
        self, make_key: Callable[[], dict[str, Any]], kind: Any, compute: Callable[[], T],
        *, keep: bool = True,
    ) -> T:
        """The value for the key from the cache, else `compute()`, kept for next time (unless
        not to `keep`)."""
        if self.root is None:
            return compute()
        try:
            key = make_key()
        except TypeError:  # a config value the key cannot read (tests/test_cache.py says so)
            return compute()
        value: T | None = self.read(key, kind)
        if value is None:
            value = compute()
            if keep:
                self.write(key, value)
        return value

    def remember_each(
        self, items: Sequence[K], make_key: Callable[[K], dict[str, Any]], kind: Any,
        compute: Callable[[list[K]], Sequence[T]], *, keep: bool = True,
    ) -> dict[K, T]:
        """Each item's value under its own key, as `remember` keeps it: those the cache has
        read back, the others worked out together (`compute(missing)`, theirs in order) and
        (with `keep`) kept."""
        keys: dict[K, dict[str, Any] | None] = {}
        found: dict[K, T] = {}
        for item in dict.fromkeys(items):
            key: dict[str, Any] | None = None
            if self.root is not None:
                with contextlib.suppress(TypeError):  # a value the key cannot read: not kept
                    key = make_key(item)
            keys[item] = key
            value: T | None = None if key is None else self.read(key, kind)
            if value is not None:
                found[item] = value
        missing = [item for item in keys if item not in found]
        for item, value in zip(missing, compute(missing) if missing else (), strict=True):
            key = keys[item]
            if key is not None and keep:
                self.write(key, value)
            found[item] = value
        return found

    def read(self, key: Mapping[str, Any], kind: Any) -> Any:
        """The value kept for `key`, or None; a bad entry is reported and removed."""
        if self.root is None:
            return None
        path = self.root / entry_name(key)
        try:
            value = unpack(path, key, kind)  # a FIFO is a BadEntry, never waited on
        except OSError:  # no such entry (or no folder): compute it; keeping it says the rest
            return None
        except (BadEntry, ValueError) as problem:
            reason = problem if isinstance(problem, BadEntry) else f"cannot be read ({problem})"
            discard(path, reason, "CARDGEN_SOLUTION_CACHE")  # never an input of the run
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # recently used: the last to go
        return value

    def write(self, key: Mapping[str, Any], value: object) -> None:
        """Keep `value` for `key` (nothing when the cache is off)."""
        if self.root is None:
            return
        try:
            data = pack(key, value)
        except TypeError:  # a field the codec cannot store (tests/test_cache.py says so)
            return
        self.keep(self.root / entry_name(key), data)

    def keep(self, path: Path, data: bytes) -> None:
        """Write an entry whole, then trim the cache to its limit; a folder that cannot be
        written warns once and keeps nothing."""
        try:
            write_all({path: data}, hint="CARDGEN_SOLUTION_CACHE")
        except OutputError as error:
            if is_folder(path):  # in the entry's place: its read said it is not kept
                return
            if not self._warned:
                self._warned = True
                warnings.warn(
                    f"cache: results are not kept ({error})", CardgenWarning, stacklevel=3
                )
            return
        self.trim(keep=path)

    def entries(self) -> list[tuple[Path, os.stat_result]]:
        """Every entry, least recently used first."""
        if self.root is None:
            return []
        found = []
        with contextlib.suppress(OSError):
            for path in self.root.glob(f"*-{'[0-9a-f]' * 40}{SUFFIX}"):  # names it made
                with contextlib.suppress(OSError):
                    found.append((path, path.stat()))
        return sorted(found, key=lambda item: (item[1].st_mtime, item[0].name))

    def trim(self, keep: Path | None = None) -> None:
        """Remove the least recently used entries until the cache is within its limit."""
        entries = self.entries()
        total = sum(info.st_size for _, info in entries)
        for path, info in entries:
            if total <= self.limit:
                break
            if path == keep:
                continue
            with contextlib.suppress(OSError):
                remove(path, "CARDGEN_SOLUTION_CACHE")
                total -= info.st_size

    def clear(self) -> int:
        """Remove every entry; return how many were removed. A folder in an entry's place is
        left there, and said so."""
        removed = 0
        for path, _ in self.entries():
            if is_folder(path):
                warnings.warn(f"cache: {path}: is a folder, not a file; left in place",
                              CardgenWarning, stacklevel=3)
                continue
            with contextlib.suppress(OSError):
                remove(path, "CARDGEN_SOLUTION_CACHE")
                removed += 1
        return removed

    def report(self, *, clear: bool = False) -> Iterator[str]:
        """What `cardgen cache` prints: the entries, or with `clear` how many were removed."""
        if self.root is None:
            yield "the solution cache is off (CARDGEN_SOLUTION_CACHE=off)"
            return
        self.check_folder()
        if clear:
            yield f"removed {_entries(self.clear())} from {self.root}"
        else:
            yield from self.describe()

    def check_folder(self) -> None:
        """OutputPathError where the cache's folder cannot be one: it, or a folder above it, is
        a file (or a device, a FIFO). A folder not made yet is a cache with no entries."""
        for path in (self.root, *self.root.parents) if self.root is not None else ():
            try:
                mode = path.stat().st_mode
            except (FileNotFoundError, NotADirectoryError):
                continue
            except OSError:  # cannot be looked at: the listing finds what it can
                return
            if stat.S_ISDIR(mode):
                return
            what = ("a file, not a folder" if stat.S_ISREG(mode)
                    else "not a folder (a device, a FIFO or a socket)")
            raise OutputPathError(
                f"cache: {path}: it is {what}; set CARDGEN_SOLUTION_CACHE to a folder"
            )

    def describe(self) -> Iterator[str]:
        """Lines for `cardgen cache`: each entry (what it is, size, last use), then the total."""
        entries = self.entries()
        for path, info in reversed(entries):
            used = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.st_mtime))
            summary = _summary(path) if stat.S_ISREG(info.st_mode) else f"{path.name} (unreadable)"
            yield f"{summary}  {_megabytes(info.st_size)}  {used}"
        total = sum(info.st_size for _, info in entries)
        yield (
            f"{_entries(len(entries))}, {_megabytes(total)} of {_megabytes(self.limit)} "
            f"in {self.root}"
        )


SOLUTIONS = {
    "Solution": "cardgen.games.solver",
    "Thresholds": "cardgen.games.traps",
    "InfixSolution": "cardgen.games.superghost",
}
"""The classes a solved game is kept as, by name, and their modules: one line for each."""


def _solution_class(name: str) -> type:
    """The class of a stored solved game, imported only when an entry holds one."""
    if name not in SOLUTIONS:
        raise KeyError(f"not a solved game: {name}")
    kind: type = getattr(importlib.import_module(SOLUTIONS[name]), name)
    return kind


def _summary(path: Path) -> str:
    """What an entry holds, from its key line: `card ghost, twl06, 2 players, min 4`."""
    try:
        handle = open_entry(path)
        if handle is None:
            raise FileNotFoundError(path)
        with handle:
            handle.readline()
            handle.readline()
            key = json.loads(handle.readline(1 << 20))
        source = key.get("dictionary") or key.get("dictionaries") or {}
        name = source.get("catalog") or source.get("file") or "?"
        players = ", ".join(map(str, key["players"])) if key["kind"] == "rows" else key["players"]
        length = key.get("min_length") or key.get("min_lengths")
        game = key["game"]["name"] if isinstance(key.get("game"), dict) else "?"
        return f"{key['kind']:<9} {game}, {name}, {players} players, min {length}"
    except (BadEntry, OSError, ValueError, KeyError, TypeError, AttributeError):
        return f"{path.name} (unreadable)"


def _entries(count: int) -> str:
    return f"{count:,} {'entry' if count == 1 else 'entries'}"


def _megabytes(size: int) -> str:
    return f"{size / (1 << 20):,.1f} MB"
