"""Abbreviations of a catalog list, from its own source: the entries written with a vowel that
a table would not accept all the same (German evtl, inkl, usw, etc).

Debian's German list, wngerman, and its German hunspell dictionary, hunspell-de-de, are built
from one source, igerman98 (both 20161207-11): the list writes an abbreviation without its full
stop, the dictionary with it (`evtl.`, `inkl.`, `Nr.`). So a catalog list may name such a
dictionary (the field `abbreviations` of `wordlists/catalog.yaml`: an entry of
`wordlists/data.yaml`, verified by sha256 like every list); the rule (docs/rules.md,
"Abbreviations in German lists"): an entry is an abbreviation, and dropped, when the
dictionary has it with a full stop and not without one, unless it is capitalised and German
Wiktionary's noun data (`names-de`, read as `cardgen.words.names` reads it) has a common noun
written so (Jul, Yule; Prof, Dez, Sept). With `capitalized: drop` every capitalised entry goes
anyway, so the abbreviations are the lower-case ones and the noun data is not read. The data is
about the list's own words, so a list of the user's needs none.

The dictionary names names too (docs/rules.md, "Names by the dictionary's flags"): igerman98
gives a common noun the flags of its forms (Haus/EPSm) and a name none but `S`, its genitive
(Cisco/S, Xoff). With `capitalized: lower` such a capitalised entry, and its genitive, is
dropped as a name unless the noun data has a common noun written so, or it is one of the common
nouns reviewed by hand (`keep` of `wordlists/reviewed.yaml`: Laktose, Scampi).

The abbreviations and the names are worked out once and kept in the cache as two small files
named by the data's sha256s (`_MAGIC` says which rule wrote them), so a later build reads them,
not 24 MB.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from cardgen.errors import FetchError
from cardgen.progress import ProgressCallback
from cardgen.words.catalog import CatalogEntry, load_catalog
from cardgen.words.names import (
    data_key,
    keep,
    kept_path,
    read_data,
    read_kept,
    read_nouns,
    read_once,
    set_by_key,
)
from cardgen.words.reviewed import reviewed
from cardgen.words.wordlists import CatalogList, WordListSource, read_verified

NOUNS = "names-de"
"""The entry of `wordlists/data.yaml` whose common nouns are no abbreviation (German
Wiktionary's nouns: `cardgen.words.names`)."""
NAME_FLAGS = frozenset("S")
"""The only flag igerman98 gives a name (its genitive in -s: Cisco/S); a common noun has more."""
_MAGIC = "cardgen-abbreviations 2"
"""The first line of a kept file, with the sha256 of the rest: bump it when the rule changes."""
_LOADED: dict[str, frozenset[str]] = {}
"""The entries the data leave out read this run (abbreviations and names), by their key
(`abbreviations_key`)."""
_NAMES: dict[str, frozenset[str]] = {}
"""The names among them (`read_unflagged`), by the same key."""


def abbreviation_entries(source: WordListSource, capitalized: str) -> tuple[CatalogEntry, ...]:
    """The data a list's abbreviations are read from: the dictionary its catalog entry names,
    then, with `capitalized: lower`, the noun data; () for a list that names none, and for
    every list file."""
    if not isinstance(source, CatalogList):
        return ()
    name = load_catalog()[source.name].abbreviations
    if not name:
        return ()
    data = load_catalog("data.yaml")
    return (data[name], data[NOUNS]) if capitalized == "lower" else (data[name],)


def abbreviations_key(entries: tuple[CatalogEntry, ...]) -> str:
    """What a spelling records of the data its list's abbreviations come from
    (`Spelling.abbreviations`): their sha256s, the dictionary's first, separated by a space."""
    return data_key(entries)


def abbreviations_for(
    source: WordListSource, capitalized: str, *, progress: ProgressCallback | None = None
) -> str:
    """The key of the data a list's spelling leaves abbreviations out by, its abbreviations
    read now (the noun data fetched if need be); "" for a list that has none."""
    entries = abbreviation_entries(source, capitalized)
    if not entries:
        return ""
    load_abbreviations(entries, progress=progress)
    return abbreviations_key(entries)


def read_dictionary(data: bytes) -> dict[str, frozenset[str]]:
    """The words of a hunspell dictionary (a `.dic`, UTF-8: the number of entries, then an
    entry a line, a word and its `/flags`; a line that starts with a tab is a comment), each
    with the flags of all its entries, in NFC. ValueError for a file that is not such a
    dictionary.

    >>> words = read_dictionary("3\\n\\tcomment\\nHaus/Sm\\nHaus/P\\nevtl.\\n".encode())
    >>> {word: "".join(sorted(flags)) for word, flags in words.items()}
    {'Haus': 'PSm', 'evtl.': ''}
    """
    try:
        first, *lines = data.decode("utf-8").splitlines() or [""]
    except UnicodeDecodeError as error:
        raise ValueError(f"not a hunspell dictionary ({error})") from None
    if not first.strip().isdigit():
        raise ValueError(f"not a hunspell dictionary (line 1: {first[:40]!r})")
    words: dict[str, frozenset[str]] = {}
    for line in lines:
        if line.strip() and not line.startswith("\t"):
            word, _, flags = line.strip().partition("/")
            word = unicodedata.normalize("NFC", word)
            words[word] = words.get(word, frozenset()) | frozenset(flags)
    return words


def read_dotted(data: bytes) -> frozenset[str]:
    """The words a hunspell dictionary (`read_dictionary`) has only with a full stop: `X.` is
    an entry and `X` is not.

    >>> sorted(read_dotted("4\\n\\tcomment\\nevtl.\\nvorm/X\\nvorm.\\nHaus/Sm\\n".encode()))
    ['evtl']
    """
    words = read_dictionary(data)
    return frozenset(word[:-1] for word in words if word.endswith(".") and word[:-1] not in words)


def read_unflagged(data: bytes) -> frozenset[str]:
    """The capitalised words (a capital, then lower case) a hunspell dictionary
    (`read_dictionary`) gives no flag but `NAME_FLAGS`: igerman98 gives a common noun the flag
    `m` of its lower-case compound forms (Haus/Sm: Bett- und -haus), or a plural's, and a
    name none (Cisco/S, Xoff); with the name, its genitive, which the flag `S` writes (Ciscos).

    >>> sorted(read_unflagged("4\\nCisco/S\\nHaus/Sm\\nXoff\\nGmbH\\n".encode()))
    ['Cisco', 'Ciscos', 'Xoff']
    """
    names = {
        word: flags for word, flags in read_dictionary(data).items()
        if word[:1].isupper() and word[1:].islower() and word.isalpha() and flags <= NAME_FLAGS
    }
    return frozenset(names) | {word + "s" for word, flags in names.items() if "S" in flags}


def abbreviation_set(key: str) -> frozenset[str]:
    """The abbreviations of the data a spelling's key names (`abbreviations_key`), as
    `load_abbreviations` reads them."""
    return set_by_key(_LOADED, key, _every_entries(), load_abbreviations, "abbreviations")


def _every_entries() -> Iterator[tuple[CatalogEntry, ...]]:
    for name, entry in load_catalog().items():
        for capitalized in ("lower", "drop") if entry.abbreviations else ():
            yield abbreviation_entries(CatalogList(name), capitalized)


def load_abbreviations(
    entries: tuple[CatalogEntry, ...], *, progress: ProgressCallback | None = None
) -> frozenset[str]:
    """A list's abbreviations, read once a run: from their file in the cache, else worked out
    from the data (the noun data fetched if need be) and kept there. A dictionary that is not
    installed is a FetchError naming its package, whatever the cache holds."""
    return read_once(_LOADED, entries, lambda: _load(entries, progress))


def _load(entries: tuple[CatalogEntry, ...], progress: ProgressCallback | None) -> frozenset[str]:
    dictionary = entries[0]
    dictionary_data = read_verified(dictionary)  # a Debian file: installed, or a FetchError
    paths = kept_path(entries, ".abbreviations"), kept_path(entries, ".unflagged")
    dotted, unflagged = (read_kept(path, _MAGIC) for path in paths)
    if dotted is None or unflagged is None:
        # Without the noun data (`capitalized: drop`) capitalised entries go anyway: only the
        # lower-case words count.
        nouns = _common_nouns(entries[1], progress) if len(entries) > 1 else None
        try:
            dotted = read_data(dictionary, read_dotted, dictionary_data)
            unflagged = read_data(dictionary, read_unflagged, dictionary_data)
        except ValueError as error:
            raise FetchError(str(error)) from None
        dotted = frozenset(
            word for word in dotted
            if not word[:1].isupper() or (nouns is not None and word not in nouns)
        )
        unflagged = unflagged - nouns if nouns is not None else frozenset()
        keep(paths[0], _MAGIC, dotted)
        keep(paths[1], _MAGIC, unflagged)
    # The common nouns the dictionary writes as names, reviewed by hand, are kept, and so
    # are their genitives.
    nouns_kept = reviewed(dictionary.language).keep
    names = unflagged - nouns_kept - {noun + "s" for noun in nouns_kept}
    _NAMES[data_key(entries)] = names
    return dotted | names


def abbreviation_names(key: str) -> frozenset[str]:
    """The names among the entries the data of a spelling's key leave out (`read_unflagged`)."""
    abbreviation_set(key)
    return _NAMES[key]


def _common_nouns(entry: CatalogEntry, progress: ProgressCallback | None) -> frozenset[str]:
    """The common nouns of the noun data, as a lemma or an inflected form (fetched if need
    be)."""
    try:
        data = read_verified(entry, progress=progress)
    except FetchError as error:
        hint = "the noun data is fetched once (connect and rerun), or write `capitalized: drop`"
        raise FetchError(f"{error}; {hint}") from None
    try:
        return read_data(entry, lambda nouns: read_nouns(nouns).common, data)
    except ValueError as error:
        raise FetchError(str(error)) from None
