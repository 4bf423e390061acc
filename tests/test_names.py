"""Names in German lists (issue 16, item 3): `cardgen.names` reads German Wiktionary's noun
data (german-nouns), and a German list with `capitalized: lower` drops the capitalised entries
it labels names only."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from conftest import CONFIGS, shipped_card
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen import names
from cardgen.alphabet import Spelling, default_spelling
from cardgen.cache import config_key
from cardgen.cards import Lexicons
from cardgen.catalog import load_catalog
from cardgen.config import load_card_config
from cardgen.errors import FetchError
from cardgen.explain import not_counted
from cardgen.lexicon import playable_words
from cardgen.render.json import render_card
from cardgen.wordlists import CatalogList, ListFile, load_wordlist

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


def test_names_are_the_words_only_name_rows_hold_with_their_genitives() -> None:
    assert sorted(names.read_names(CSV.encode())) == [
        "Björn", "Björns", "Hans", "Kur", "Xanten", "Xantens",
    ]


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


def brute_names(text: str, candidates: set[str]) -> set[str]:
    """The rule of docs/rules.md, word by word, straight from the rows: a name when every row
    that has the word is a name's (and one does), or the word is a name's genitive in -s that
    no common noun's row has."""
    rows = list(csv.reader(io.StringIO(text)))[1:]
    labels = {"Toponym", "Vorname", "Nachname", "Eigenname", "Straßenname"}

    def having(word: str) -> list[bool]:
        return [bool(labels & set(row[1].split(","))) for row in rows if word in row[:1] + row[2:]]

    def direct(word: str) -> bool:
        found = having(word)
        return bool(found) and all(found)

    def genitive(word: str) -> bool:
        stem = word[:-1]
        return (word.endswith("s") and not stem.endswith(("s", "ß", "x", "z", "ce"))
                and direct(stem) and all(having(word)))

    return {word for word in candidates if direct(word) or genitive(word)}


row_strategy = st.tuples(
    st.sampled_from(["Ab", "Abs", "Bas", "Ce", "Ces", "Cess"]),
    st.sets(st.sampled_from(["Substantiv", "Toponym", "Vorname", "Abkürzung"]), min_size=1),
    st.lists(st.sampled_from(["", "Ab", "Abs", "Bas", "Basss", "Ce", "Ces"]), max_size=3),
)


@settings(max_examples=300, deadline=None)
@given(rows=st.lists(row_strategy, max_size=8))
def test_the_names_match_a_brute_force(
    rows: list[tuple[str, set[str], list[str]]]
) -> None:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["lemma", "pos", "a", "b", "c"])
    for lemma, labels, forms in rows:
        writer.writerow([lemma, ",".join(sorted(labels)), *forms, *[""] * (3 - len(forms))])
    text = buffer.getvalue()
    found = names.read_names(text.encode())
    candidates = {"Ab", "Abs", "Bas", "Bass", "Basss", "Ce", "Ces", "Cess", "Cesss"}
    assert found & candidates == brute_names(text, candidates)


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """`names-de` reads the made-up CSV (into a cache of its own); its sha256."""
    monkeypatch.setenv("CARDGEN_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(names, "_LOADED", {})
    monkeypatch.setattr(names, "read_verified", lambda entry, progress=None: CSV.encode())
    return load_catalog("data.yaml")["names-de"].sha256


def test_a_german_list_drops_names_and_keeps_nouns_and_compounds(
    made_up: str, tmp_path: Path
) -> None:
    path = tmp_path / "wörter.txt"
    path.write_text("Björn\nBjörns\nXanten\nErnst\nRose\nHaus\nTürschloss\nKurs\nGmbH\nrot\n",
                    encoding="utf-8")
    lexicon = Lexicons().lexicon(ListFile(path, "wörter.txt"), 3, default_spelling("de"))
    # Türschloss, a compound the data do not have, is kept.
    assert lexicon.words == ("ernst", "haus", "kurs", "rose", "rot", "türschloss")
    assert lexicon.spelling == Spelling("de", "scrabble", "lower", made_up)
    # Kept, so no second build reads the CSV: a file named by the data's sha256.
    kept = tmp_path / "cache" / f"names-de-{made_up[:12]}.names"
    assert kept.read_text(encoding="utf-8").splitlines()[1:] == [
        "Björn", "Björns", "Hans", "Kur", "Xanten", "Xantens",
    ]
    names._LOADED.clear()
    assert names.name_set(made_up) == frozenset(kept.read_text().splitlines()[1:])


def test_a_kept_file_that_is_not_whole_is_worked_out_again(made_up: str, tmp_path: Path) -> None:
    entry = load_catalog("data.yaml")["names-de"]
    kept = names.names_path(entry)
    kept.parent.mkdir(parents=True)
    kept.write_text("cardgen-names 1 0000\nHaus\n", encoding="utf-8")
    assert "Haus" not in names.load_names(entry)
    assert "Björn" in names.name_set(made_up)
    assert kept.read_text(encoding="utf-8").splitlines()[1] == "Björn"


def test_only_german_with_lower_reads_names(made_up: str) -> None:
    assert names.names_for("de", "lower") == made_up
    assert (names.names_for("de", "drop"), names.names_for("fr", "lower")) == ("", "")
    assert list(Spelling("de", "scrabble", "lower").words(["Björn"])) == ["björn"]
    assert list(Spelling("de", "scrabble", "lower", made_up).words(["Björn", "Ernst"])) == [
        "ernst"
    ]


def test_explain_says_a_name_is_left_out(made_up: str) -> None:
    spelling = Spelling("de", "scrabble", "lower", names.names_for("de", "lower"))
    assert not_counted("björn", ["Björn"], spelling, 4) == (
        "the list has it only as 'Björn', a name, which is left out"
    )
    assert not_counted("gmbh", ["GmbH"], spelling, 4) == (
        "the list has it only as 'GmbH', which capitalized: lower leaves out"
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


def test_the_cache_key_holds_the_names_data() -> None:
    config = load_card_config(CONFIGS / "german-2p.yaml")
    sha = load_catalog("data.yaml")["names-de"].sha256
    for kind in ("card", "solution", "game"):
        assert config_key(config, kind)["names"] == {"names-de": sha}


# --- the real data (fetched once, then cached) -----------------------------------------------

NAMES = ("björn", "wladiwostok", "xanten", "ilmenau")
"""Names a German card steered to (issue 16), all labelled in the data."""
UNLABELLED = ("lloyd", "dhabi")
"""Names the data do not have (Dhabi only as Abu Dhabi): they stay."""


@pytest.mark.network
def test_the_real_data_and_the_german_list() -> None:
    entry = load_catalog("data.yaml")["names-de"]
    found = names.load_names(entry)
    assert len(found) == 16_145
    assert {"Björn", "Björns", "Wladiwostok", "Xanten", "Ilmenau", "Berlin"} <= found
    assert not {"Ernst", "Rose", "Mark", "Paris", "Haus", "Lloyd", "Dhabi"} & found
    german = CatalogList("german")
    entries = list(load_wordlist(german).entries)
    spelling = default_spelling("de")
    lexicons = Lexicons()
    named = lexicons.lexicon(german, 4).spelling
    assert named == Spelling("de", "scrabble", "lower", entry.sha256)
    assert len(list(spelling.words(entries))) - len(list(named.words(entries))) == 2_116
    before = set(playable_words(entries, 4, spelling).words)
    after = set(lexicons.lexicon(german, 4).words)
    assert (len(before), len(after), len(before - after), len(after - before)) == (
        33_516, 33_133, 838, 455
    )
    assert {"amoralisch", "andenken", "achillesferse"} <= after - before  # no longer hidden
    assert set(NAMES) <= before - after
    assert set(UNLABELLED) <= after


@pytest.mark.network
@pytest.mark.parametrize("deck", ["german-2p", "german-3p"])
def test_the_german_cards_name_no_names(deck: str) -> None:
    _, card = shipped_card(CONFIGS / f"{deck}.yaml", Lexicons())
    words = set(re.findall(r"[a-zäöü]+", render_card(card)))
    assert not (set(NAMES) | {f"{name}s" for name in NAMES}) & words
