"""The key a solution cache entry is kept under (`cardgen.cards.cache`): every field of the
config that is not presentation-only, each by its content (a word list by its sha256, data by
its checksum, a set by its items'), the names data, and the code (`code_fingerprint`).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen import __version__
from cardgen.files import InputFileError, read_limited
from cardgen.words.catalog import load_catalog
from cardgen.words.names import DATA
from cardgen.words.wordlists import MAX_LIST_BYTES, CatalogList, ListFile

if TYPE_CHECKING:
    from cardgen.cards.config import CardConfig, TableConfig

FORMAT = 1
"""The entry format; part of every key."""
SUFFIX = ".entry"
"""The file ending of an entry."""

PRESENTATION: Mapping[str, frozenset[str]] = {
    "card": frozenset({"path", "output_dir", "pdf", "inputs"}),
    "deck": frozenset({"path", "output_dir", "inputs"}),
    "solution": frozenset({"path", "output_dir", "pdf", "inputs", "title"}),
    "game": frozenset({"path", "output_dir", "pdf", "inputs", "title"}),
    "rows": frozenset({"path", "output_dir", "inputs", "title"}),
}
"""For each kind of entry, the config fields that do not change it: left out of its key. A
card config's `card`, `deck` (the card with what its PDF deck prints chosen, which the `pdf`
keys change), `solution` and `game` (a solution with its traps), a table config's
`rows` (one word list and minimum length of it: a group). `inputs`, the files a config reads,
are in the key by their contents: the list, the frequencies and the avoid words (the font is
the PDF's)."""


def config_key(
    config: CardConfig | TableConfig, kind: str, group: Mapping[str, object] | None = None
) -> dict[str, Any]:
    """The key of a card config's `card` or `solution`, or of a table config's `rows` for the
    `group` of fields given (`{"dictionaries": ..., "min_lengths": ...}`, one of each): the
    code, then every config field that is not presentation-only, each by its content."""
    key: dict[str, Any] = {"kind": kind, "format": FORMAT, "code": code_fingerprint()}
    key["names"] = names_data()
    for field in dataclasses.fields(config):
        if field.name not in PRESENTATION[kind]:
            value = (group or {}).get(field.name, getattr(config, field.name))
            key[field.name] = identity(value)
    return key


def identity(value: object) -> Any:
    """What a config value contributes to a key: plain values as they are, a word list by its
    sha256, data with a `sha256` field by its plain fields, a set by the sha256 of its items;
    TypeError for a value that says nothing of its content (a path, say)."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, CatalogList):
        entry = load_catalog()[value.name]
        if entry.abbreviations:  # the list's abbreviations come from data of their own
            data = load_catalog("data.yaml")[entry.abbreviations].sha256
            return {"catalog": value.name, "sha256": entry.sha256, "abbreviations": data}
        return {"catalog": value.name, "sha256": entry.sha256}
    if isinstance(value, ListFile):
        return {"file": value.spec, "sha256": file_sha256(value.path)}
    if isinstance(value, (tuple, list)):
        return [identity(item) for item in value]
    if isinstance(value, (set, frozenset)):
        items = "\n".join(sorted(str(item) for item in value))
        return {"set": hashlib.sha256(items.encode()).hexdigest(), "size": len(value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        if any(field.name == "sha256" for field in fields):  # data named by its checksum
            plain = (str, bool, int, float, type(None))
            return {
                f.name: getattr(value, f.name)
                for f in fields
                if isinstance(getattr(value, f.name), plain)
            }
        return {f.name: identity(getattr(value, f.name)) for f in fields}
    if isinstance(value, Mapping):
        return {str(k): identity(v) for k, v in sorted(value.items())}
    raise TypeError(f"the cache key cannot hold a {type(value).__name__}")


def names_data() -> dict[str, str]:
    """The sha256 of every names data (`cardgen.words.names`): a German lexicon's words depend on
    it, whatever the config says."""
    data = load_catalog("data.yaml")
    return {name: data[name].sha256 for name in sorted(n for names in DATA.values() for n in names)}


def file_sha256(path: Path) -> str:
    """The sha256 of a word list file ('' if it cannot be read: the build reports why)."""
    try:
        return hashlib.sha256(read_limited(path, MAX_LIST_BYTES)).hexdigest()
    except InputFileError:
        return ""


_CODE = (".py", ".j2", ".yaml", ".md")
"""The endings of the files `code_fingerprint` reads."""
Entry = os.DirEntry[str]


@functools.cache
def code_fingerprint() -> str:
    """cardgen's version and a sha256 over the package's own files (every module, template and
    catalog), as installed: a change to any of them makes every key new."""
    from cardgen.packaged import folder

    digest = hashlib.sha256(__version__.encode())
    roots = [Path(__file__).resolve().parents[1]]  # the package, not cards/
    roots += [folder(package) for package in ("cardgen.templates", "cardgen.catalog_data")]
    for root in roots:
        for parts, entry in sorted(_tree(root), key=lambda found: found[0]):
            if os.path.splitext(entry.name)[1] in _CODE and entry.is_file():
                digest.update(f"\0{'/'.join(parts)}\0".encode())
                with open(entry.path, "rb") as file:
                    digest.update(file.read())
    return f"{__version__}+{digest.hexdigest()[:16]}"


def _tree(root: str | Path, parts: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Entry]]:
    """Everything below `root` (folders entered unless they are symbolic links), each with its
    path's parts from `root`: the files `sorted(root.rglob("*"))` lists in the order it lists
    them, read with `os.scandir` (half the time of a run's key: 2 ms, not 4)."""
    found = []
    with os.scandir(root) as entries:
        for entry in entries:
            here = (*parts, entry.name)
            found.append((here, entry))
            if entry.is_dir() and not entry.is_symlink():
                found += _tree(entry.path, here)
    return found


def group_key(config: TableConfig, pair: tuple[object, int]) -> dict[str, Any]:
    """The key of a table config's rows for one word list and minimum length."""
    return config_key(config, "rows", {"dictionaries": pair[0], "min_lengths": pair[1]})


def entry_name(key: Mapping[str, Any]) -> str:
    """The file name of the entry for `key`."""
    text = json.dumps(key, sort_keys=True, separators=(",", ":"))
    return f"{key['kind']}-{hashlib.sha256(text.encode()).hexdigest()[:40]}{SUFFIX}"


__all__ = [
    "FORMAT", "PRESENTATION", "SUFFIX", "code_fingerprint", "config_key", "entry_name",
    "file_sha256", "group_key", "identity", "names_data",
]
