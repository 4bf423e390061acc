"""Names in German lists: the capitalised entries that `capitalized: lower` must not play.

German writes every noun with a capital, so a German list's capitalised entries are played
lower-cased (`cardgen.alphabet`); but the list holds names too (Björn, Xanten, Wladiwostok).
German Wiktionary tells them apart: its noun data, as the PyPI project german-nouns publishes
it (`names-de` of `wordlists/data.yaml`, a CSV fetched once and verified by sha256 like every
list, never installed or imported), labels each noun's part of speech, with `Toponym`,
`Vorname`, `Nachname`, `Eigenname` or `Straßenname` for a name.

The rule (docs/rules.md, "Other alphabets"): a capitalised entry is a name, and dropped, when
the data has it, as a lemma or any inflected form, only in rows labelled a name, or when it
is the genitive of such a name (the name and -s: Björns, Xantens; the data do not inflect
names) that no common noun of the data is written as; one row of a common noun keeps it (Rose,
Mark, Paris: also a common noun); an entry the data do not have is kept (most compounds).

The names are worked out once and kept in the cache as a small file named by the data's
sha256 (`_MAGIC` says which rule wrote it), so a later build reads that, not the 20 MB CSV.
"""

from __future__ import annotations

import contextlib
import csv
import unicodedata
from pathlib import Path

from cardgen.catalog import CatalogEntry, load_catalog, sha256
from cardgen.errors import FetchError, OutputError
from cardgen.files import InputFileError, read_limited, write_all
from cardgen.progress import ProgressCallback
from cardgen.wordlists import cache_dir, read_verified

DATA = {"de": "names-de"}
"""The names data of each language that has some (entries of `wordlists/data.yaml`)."""
NAME_LABELS = frozenset({"Toponym", "Vorname", "Nachname", "Eigenname", "Straßenname"})
"""The parts of speech (the `pos` column) that make a row a name's."""
_MAGIC = "cardgen-names 1"
"""The first line of a kept names file, with the sha256 of the rest: bump it when the rule
changes, so that files worked out by the old one are worked out again."""
_LOADED: dict[str, frozenset[str]] = {}
"""The names read this run, by the data's sha256."""


def names_entry(language: str, capitalized: str) -> CatalogEntry | None:
    """The names data a list's spelling drops names by: German's under `capitalized: lower`,
    else None (a rule that drops every capitalised entry needs none)."""
    name = DATA.get(language.split("-")[0])
    if name is None or capitalized != "lower":
        return None
    return load_catalog("data.yaml")[name]


def names_for(
    language: str, capitalized: str, *, progress: ProgressCallback | None = None
) -> str:
    """The sha256 of the names data a spelling leaves out (`Spelling.names`), its names read
    now (fetched if need be, saying so to `progress`); "" where it needs none."""
    entry = names_entry(language, capitalized)
    if entry is None:
        return ""
    load_names(entry, progress=progress)
    return entry.sha256


def read_names(data: bytes) -> frozenset[str]:
    """The names of german-nouns' CSV (UTF-8, with a header row naming `lemma` and `pos`):
    every word, as a lemma or an inflected form (the other columns), that occurs only in rows
    labelled a name (`NAME_LABELS`), and its genitive in -s where no common noun is written so;
    in NFC. ValueError for a file that is not such a CSV.

    >>> sorted(read_names("lemma,pos,genitiv singular\\nErnst,Substantiv,Ernstes\\n"
    ...            "Ernst,\\"Substantiv,Vorname\\",Ernsts\\nXanten,\\"Substantiv,Toponym\\",\\n"
    ...            .encode()))
    ['Ernsts', 'Xanten', 'Xantens']
    """
    try:
        rows = csv.reader(data.decode("utf-8").splitlines())
        header = next(rows)
        if header[:2] != ["lemma", "pos"]:
            raise ValueError(f"the header starts {header[:2]}, not ['lemma', 'pos']")
        named: set[str] = set()
        common: set[str] = set()
        for row in rows:
            if len(row) < 2:
                raise ValueError(f"line {rows.line_num}: {len(row)} fields")
            forms = named if NAME_LABELS.intersection(row[1].split(",")) else common
            forms.add(row[0])
            forms.update(form for form in row[2:] if form)
    except (UnicodeDecodeError, csv.Error, StopIteration, ValueError) as error:
        raise ValueError(f"not german-nouns' CSV ({str(error) or 'empty'})") from None
    names = named - common
    # A name's genitive is the name and -s (Björns, Aachens), a form the data give no name;
    # after s, ß, x, z and ce it is an apostrophe (Hans'), which no word is written with.
    names.update(
        genitive
        for name in list(names)
        if not name.endswith(("s", "ß", "x", "z", "ce")) and (genitive := name + "s") not in common
    )
    return frozenset(unicodedata.normalize("NFC", word) for word in names)


def name_set(data_sha256: str) -> frozenset[str]:
    """The names of the data with that sha256 (a `names-*` entry of data.yaml), as
    `load_names` reads them."""
    if data_sha256 in _LOADED:
        return _LOADED[data_sha256]
    for entry in load_catalog("data.yaml").values():
        if entry.sha256 == data_sha256 and entry.name in DATA.values():
            return load_names(entry)
    raise ValueError(f"no names data has sha256 {data_sha256}")


def load_names(entry: CatalogEntry, *, progress: ProgressCallback | None = None) -> frozenset[str]:
    """The names of a names entry, read once a run: from its file in the cache, else worked
    out from the data (fetched if need be) and kept there."""
    if entry.sha256 not in _LOADED:
        _LOADED[entry.sha256] = _load(entry, progress)
    return _LOADED[entry.sha256]


def _load(entry: CatalogEntry, progress: ProgressCallback | None) -> frozenset[str]:
    path = names_path(entry)
    with contextlib.suppress(InputFileError, UnicodeDecodeError, ValueError):
        return _read_kept(read_limited(path, 16 << 20).decode("utf-8"))
    hint = "the names data is fetched once (connect and rerun), or write `capitalized: drop`"
    try:
        data = read_verified(entry, progress=progress)
    except FetchError as error:
        raise FetchError(f"{error}; {hint}") from None
    try:
        names = read_names(data)
    except ValueError as error:
        raise FetchError(f"{entry.name}: {entry.member}: {error}") from None
    body = "".join(f"{name}\n" for name in sorted(names))
    with contextlib.suppress(OutputError):  # not kept: worked out again next time
        write_all({path: f"{_MAGIC} {sha256(body.encode())}\n{body}".encode()})
    return names


def names_path(entry: CatalogEntry) -> Path:
    """Where the names worked out of an entry's data are kept (named by its sha256)."""
    return cache_dir() / f"{entry.name}-{entry.sha256[:12]}.names"


def _read_kept(text: str) -> frozenset[str]:
    """The names of a kept file: a line `cardgen-names 1 <sha256 of the rest>`, then one name
    a line; ValueError for a file that is not whole."""
    header, _, body = text.partition("\n")
    if header != f"{_MAGIC} {sha256(body.encode())}":
        raise ValueError("not a whole names file")
    return frozenset(body.splitlines())
