"""Abbreviations written with a vowel in German lists (issue 16, item 3):
`cardgen.words.abbreviations` reads the hunspell dictionary of wngerman's own source
(hunspell-de-de's de_DE.dic, which writes evtl., inkl., usw. with a full stop) and drops from
`german` the entries it has only so, unless German Wiktionary's noun data has a common noun written
so (Jul, Prof)."""

from __future__ import annotations

import dataclasses
import json
import tempfile
import types
from collections.abc import Mapping
from pathlib import Path

import pytest
from conftest import CONFIGS, shipped_card
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.cards import cachekey
from cardgen.cards.cachekey import config_key
from cardgen.cards.config import load_card_config
from cardgen.cards.make import Lexicons
from cardgen.errors import CardgenWarning, FetchError
from cardgen.render.json import render_card
from cardgen.words import abbreviations, wordlists
from cardgen.words.abbreviations import abbreviation_entries, abbreviation_set, abbreviations_key
from cardgen.words.alphabet import Spelling
from cardgen.words.catalog import CatalogEntry, load_catalog, parse_catalog
from cardgen.words.lexicon import not_counted, playable_words
from cardgen.words.reviewed import reviewed
from cardgen.words.wordlists import CatalogList, ListFile, load_wordlist, read_verified

DIC = (
    "10\n"
    "\tThis is the dictionary file (a comment: it starts with a tab)\n"
    "evtl.\n"  # only with a full stop: an abbreviation
    "inkl.\n"
    "vorm/X\n"  # with and without one (vor dem): a word
    "vorm.\n"
    "Jul.\n"  # only with one, but a common noun of the data (Yule): a word
    "Ing.\n"  # only with one, and the data have it only as a name: an abbreviation
    "Haus/Sm\n"
    "Hausn.\n"  # an abbreviation the list does not have
    "ggü.\n"  # gegenüber: in the list in NFC and in NFD
)
"""A made-up hunspell dictionary, in de_DE.dic's format."""
NOUNS = 'lemma,pos,genitiv singular\nJul,Substantiv,Juls\nIng,"Substantiv,Vorname",\n'
"""A made-up excerpt of german-nouns' CSV."""
LIST = ["evtl", "inkl", "vorm", "Jul", "Ing", "Haus", "usw", "Evtl", "ggü", "ggu\u0308"]
"""A made-up German list: usw is not in the dictionary, Evtl not with that capital."""


def serve(monkeypatch: pytest.MonkeyPatch, made: dict[str, bytes]) -> None:
    """The data `cardgen.words.abbreviations` reads are the bytes made up for each entry."""
    monkeypatch.setattr(
        abbreviations, "read_verified", lambda entry, progress=None: made[entry.name]
    )


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """`abbrev-de` reads the made-up dictionary and `names-de` the made-up CSV (into a cache of
    their own); the key a spelling of `german` records of them (their sha256s)."""
    monkeypatch.setenv("CARDGEN_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(abbreviations, "_LOADED", {})
    serve(monkeypatch, {"abbrev-de": DIC.encode(), "names-de": NOUNS.encode()})
    return abbreviations.abbreviations_for(CatalogList("german"), "lower")


def test_an_entry_the_dictionary_has_only_with_a_full_stop_is_dropped(made_up: str) -> None:
    assert abbreviation_set(made_up) == {"evtl", "inkl", "Ing", "Hausn", "ggü"}
    spelling = Spelling("de", "scrabble", "lower", abbreviations=made_up)
    assert list(spelling.words(LIST)) == ["vorm", "jul", "haus", "usw", "evtl"]



def test_with_capitalized_drop_the_lower_case_ones_go_and_no_noun_data_is_read(
    made_up: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    serve(monkeypatch, {"abbrev-de": DIC.encode()})  # the noun data is not there to read
    key = abbreviations.abbreviations_for(CatalogList("german"), "drop")
    assert key == load_catalog("data.yaml")["abbrev-de"].sha256
    assert abbreviation_set(key) == {"evtl", "inkl", "ggü"}  # capitalised entries go anyway
    dropping = Spelling("de", "scrabble", "drop", abbreviations=key)
    assert list(dropping.words(LIST)) == ["vorm", "usw"]
    assert dropping.left_out("Jul") == dropping.left_out("Ing") == ""
    # English's quick rule too, were the list read as English (`language: en`)
    english = Spelling("en", "a-z", "drop", abbreviations=key)
    assert list(english.words(LIST)) == ["vorm", "usw"]


def test_the_abbreviations_are_kept_and_read_back(made_up: str, tmp_path: Path) -> None:
    dictionary, nouns = abbreviation_entries(CatalogList("german"), "lower")
    shas = f"{dictionary.sha256[:12]}-{nouns.sha256[:12]}"
    kept = tmp_path / "cache" / f"abbrev-de-{shas}.abbreviations"
    lines = kept.read_text(encoding="utf-8").splitlines()
    assert lines[1:] == ["Hausn", "Ing", "evtl", "ggü", "inkl"]
    abbreviations._LOADED.clear()
    assert abbreviation_set(made_up) == {"evtl", "inkl", "Ing", "Hausn", "ggü"}
    kept.write_text("cardgen-abbreviations 2 0000\nHaus\n", encoding="utf-8")  # not whole
    abbreviations._LOADED.clear()
    with pytest.warns(CardgenWarning) as caught:  # as every bad cache file is (issue 35, 7)
        assert abbreviation_set(made_up) == {"evtl", "inkl", "Ing", "Hausn", "ggü"}
    assert [str(w.message) for w in caught] == [
        f"cache: {kept}: failed its checksum (cut short or changed); removed, computing it again"
    ]
    assert kept.read_text(encoding="utf-8").splitlines()[1:] == lines[1:]  # written again


def test_only_a_catalog_list_that_names_the_data_has_abbreviations(
    made_up: str, tmp_path: Path
) -> None:
    assert abbreviation_entries(ListFile(tmp_path / "wörter.txt", "wörter.txt"), "lower") == ()
    assert abbreviation_entries(CatalogList("french"), "lower") == ()
    path = tmp_path / "wörter.txt"
    path.write_text("\n".join(LIST) + "\n", encoding="utf-8")
    lexicon = Lexicons().lexicon(ListFile(path, "wörter.txt"), 3, Spelling("de", "scrabble"))
    assert lexicon.spelling.abbreviations == ""  # a user's German list needs no hunspell-de-de
    assert lexicon.words == ("evtl", "ggü", "inkl", "usw", "vorm")
    data = load_catalog("data.yaml")
    assert made_up == f"{data['abbrev-de'].sha256} {data['names-de'].sha256}"
    assert load_catalog()["german"].abbreviations == "abbrev-de"


MINI = (
    "mini:\n  title: Mini\n  source: debian\n  project: wmini\n  version: '1'\n"
    "  archive: ''\n  archive_sha256: ''\n  member: /x\n  sha256: '" + "0" * 64 + "'\n"
    "  entries: 3\n  uppercase: false\n  language: de\n  encoding: utf-8\n"
)
"""A catalog entry with every field but the optional one."""


def test_the_catalog_field_is_optional_and_names_data() -> None:
    assert parse_catalog(MINI)["mini"].abbreviations == ""
    assert parse_catalog(MINI + "  abbreviations: abbrev-de\n")["mini"].abbreviations == (
        "abbrev-de"
    )
    with pytest.raises(ValueError) as raised:
        parse_catalog(MINI + "  abbreviations: 3\n")
    assert str(raised.value) == "catalog entry mini: abbreviations must be str"
    named = {e.name: e.abbreviations for e in load_catalog().values() if e.abbreviations}
    assert named == {"german": "abbrev-de"}
    assert set(named.values()) <= set(load_catalog("data.yaml"))


def test_explain_says_an_abbreviation_is_left_out(made_up: str) -> None:
    spelling = Spelling("de", "scrabble", "lower", abbreviations=made_up)
    assert not_counted("evtl", ["evtl"], spelling, 4) == (
        "the list has it only as 'evtl', an abbreviation, which is left out"
    )
    assert spelling.left_out("Jul") == ""


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"", "not a hunspell dictionary (line 1: '')"),  # no first line
        (b"evtl.\n", "not a hunspell dictionary (line 1: 'evtl.')"),
        (b"2\nHa\xfcs\n", "not a hunspell dictionary ('utf-8' codec can't decode byte 0xfc in "
                          "position 4: invalid start byte)"),
    ],
)
def test_a_file_that_is_not_a_dictionary_is_refused(data: bytes, problem: str) -> None:
    with pytest.raises(ValueError) as caught:
        abbreviations.read_dotted(data)
    assert str(caught.value) == problem


def test_a_dictionary_that_is_not_one_names_the_entry(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CARDGEN_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(abbreviations, "_LOADED", {})
    serve(monkeypatch, {"abbrev-de": b"evtl.\n", "names-de": NOUNS.encode()})
    with pytest.raises(FetchError) as caught:
        abbreviations.load_abbreviations(abbreviation_entries(CatalogList("german"), "lower"))
    assert str(caught.value) == (
        "abbrev-de: /usr/share/hunspell/de_DE.dic: not a hunspell dictionary (line 1: 'evtl.')"
    )


def brute_abbreviation(lines: list[str], rows: list[tuple[str, str]], word: str) -> bool:
    """docs/rules.md, word by word: the dictionary has a line `word.` (flags aside) and no line
    `word`, and the word is not capitalised with a row of the noun data that is not a name's."""
    written = [line.split("/")[0] for line in lines]
    labels = {"Toponym", "Vorname", "Nachname", "Eigenname", "Straßenname"}
    common = [lemma for lemma, pos in rows if not labels & set(pos.split(","))]
    noun = word[:1].isupper() and word in common
    return f"{word}." in written and word not in written and not noun


def brute_name(lines: list[str], rows: list[tuple[str, str]], word: str) -> bool:
    """docs/rules.md, word by word: with `lower`, a capitalised word the dictionary has with
    no flag but S on every line and the noun data has in no common noun's row is a name."""
    labels = {"Toponym", "Vorname", "Nachname", "Eigenname", "Straßenname"}
    common = [lemma for lemma, pos in rows if not labels & set(pos.split(","))]
    flags = [line.partition("/")[2] for line in lines if line.partition("/")[0] == word]
    capitalised = word[:1].isupper() and word[1:].islower()
    return capitalised and bool(flags) and set("".join(flags)) <= {"S"} and word not in common


@given(
    lines=st.lists(st.sampled_from(["ab", "ab.", "ab./X", "Ab.", "Ab", "Ab/S", "Ab/Sm", "ef.",
                                    "ef/S", "e.", "Ef/S"]),
                   max_size=8),
    rows=st.lists(st.tuples(st.sampled_from(["Ab", "ab", "Ef", "E"]),
                            st.sampled_from(["Substantiv", "Vorname", "Substantiv,Toponym"])),
                  max_size=4),
    capitalized=st.sampled_from(["lower", "drop"]),
)
def test_the_abbreviations_match_a_brute_force(
    lines: list[str], rows: list[tuple[str, str]], capitalized: str
) -> None:
    """The words of a spelling with the list's abbreviations are those of the same spelling
    without them that the brute force calls no abbreviation."""
    dic = f"{len(lines)}\n" + "".join(f"{line}\n" for line in lines)
    nouns = "lemma,pos\n" + "".join(f'{lemma},"{pos}"\n' for lemma, pos in rows)
    candidates = ["ab", "Ab", "ef", "Ef", "e", "E"]
    plain = Spelling("de", "keep", capitalized)  # type: ignore[arg-type]
    with pytest.MonkeyPatch.context() as patch, tempfile.TemporaryDirectory() as cache:
        patch.setenv("CARDGEN_CACHE", cache)
        patch.setattr(abbreviations, "_LOADED", {})
        serve(patch, {"abbrev-de": dic.encode(), "names-de": nouns.encode()})
        key = abbreviations.abbreviations_for(CatalogList("german"), capitalized)
        spelling = dataclasses.replace(plain, abbreviations=key)
        found = [word for entry in candidates for word in spelling.words([entry])]
    assert found == [word for entry in candidates for word in plain.words([entry])
                     if not brute_abbreviation(lines, rows, entry)
                     and not (capitalized == "lower" and brute_name(lines, rows, entry))]


def catalog_without_the_dictionary(tmp_path: Path) -> Mapping[str, CatalogEntry]:
    """The data catalog with `abbrev-de` where nothing is installed."""
    data = dict(load_catalog("data.yaml"))
    missing = str(tmp_path / "hunspell" / "de_DE.dic")
    data["abbrev-de"] = dataclasses.replace(data["abbrev-de"], member=missing)
    return types.MappingProxyType(data)


def test_a_german_build_without_hunspell_de_de_names_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = catalog_without_the_dictionary(tmp_path)
    monkeypatch.setattr(wordlists, "load_catalog",
                        lambda file="catalog.yaml": data if file == "data.yaml" else load_catalog())
    if not Path(load_catalog()["german"].member).is_file():
        pytest.skip("wngerman is not installed")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(CONFIGS / "german-2p.yaml"), "-o", str(out)])
    message = (f"german: {tmp_path / 'hunspell' / 'de_DE.dic'} is not installed; "
               "install it with `apt-get install hunspell-de-de`")
    assert (result.exit_code, result.stderr) == (1, f"cardgen: error: {message}\n")
    assert not out.exists()
    assert not wordlists.is_cached("german")
    german = [row for row in wordlists.catalog_rows() if row.name == "german"]
    assert [(row.status, row.source) for row in german] == [
        ("not installed", "Debian wngerman 20161207-11, Debian hunspell-de-de 20161207-11")
    ]
    with pytest.raises(FetchError) as caught:
        wordlists.fetch("german")
    assert str(caught.value) == message


def test_the_cache_key_holds_the_dictionary() -> None:
    config = load_card_config(CONFIGS / "german-2p.yaml")
    sha = load_catalog("data.yaml")["abbrev-de"].sha256
    assert config_key(config, "card")["dictionary"] == {
        "catalog": "german", "sha256": load_catalog()["german"].sha256, "abbreviations": sha,
    }
    english = load_card_config(CONFIGS / "twl06-2p.yaml")
    assert "abbreviations" not in config_key(english, "card")["dictionary"]


def test_the_cache_key_changes_with_the_dictionary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = load_card_config(CONFIGS / "german-2p.yaml")
    before = config_key(config, "card")
    data = dict(load_catalog("data.yaml"))
    data["abbrev-de"] = dataclasses.replace(data["abbrev-de"], sha256="0" * 64)
    monkeypatch.setattr(cachekey, "load_catalog",
                        lambda file="catalog.yaml": data if file == "data.yaml" else load_catalog())
    after = config_key(config, "card")
    assert after["dictionary"]["abbreviations"] == "0" * 64
    assert {k for k in before if before[k] != after[k]} == {"dictionary"}


# --- the real data (hunspell-de-de and wngerman installed; the noun data fetched once) ------

GONE = (
    "Abb", "Abk", "Anm", "Anz", "Aufl", "Bestellnr", "Bestnr", "Dipl", "Fa", "Feb",
    "Inhaltsverz", "Mill", "Nov", "Okt", "Stromvers", "Zustandsnr", "abzgl", "allg", "bes",
    "betr", "bez", "ca", "dto", "einschl", "elektr", "engl", "entspr", "etc", "evtl", "ext",
    "franz", "geb", "gem", "griech", "incl", "inkl", "insbes", "insges", "max", "med", "min",
    "phil", "resp", "sek", "usw", "vergl", "vorl", "zus",
)
"""The entries of `german` the rule drops that no earlier rule (names, no vowel) dropped (Tel,
of Tel Aviv, is a place name)."""


@pytest.mark.network
@pytest.mark.slow
def test_the_real_dictionary_and_the_german_list(letters_unchecked: None) -> None:
    german = CatalogList("german")
    if not Path(load_catalog("data.yaml")["abbrev-de"].member).is_file():
        pytest.skip("hunspell-de-de is not installed")
    entries = abbreviation_entries(german, "lower")
    named = abbreviations.load_abbreviations(entries)
    found = named - abbreviations.abbreviation_names(abbreviations_key(entries))
    listed = list(load_wordlist(german).entries)
    assert (len(found), len(found & set(listed))) == (84, 83)  # Allg. is not in wngerman
    # The dictionary writes them so, and a noun of Wiktionary's is written so: kept as words.
    assert not {"Jul", "Prof", "Dez", "Sept", "vorm", "Bsp"} & found
    lexicons = Lexicons()
    spelling = lexicons.lexicon(german, 4).spelling
    assert spelling.abbreviations == abbreviations_key(entries)
    without = dataclasses.replace(spelling, abbreviations="")
    assert sorted(e for e in found & set(listed) if list(without.words([e]))) == sorted(GONE)
    # The counts of the abbreviations alone: the names by the dictionary's flags kept.
    key = abbreviations_key(entries)
    abbreviations._LOADED[key] = found
    try:
        dotted_only = {length: set(playable_words(listed, length, spelling).words)
                       for length in (3, 4)}
    finally:
        abbreviations._LOADED.pop(key)
    for length, counts, gone, back in (
        (4, (32_991, 33_242, 20, 271), {"evtl", "inkl", "allg", "engl", "entspr", "insbes"},
         {"allgemein", "englisch", "insbesondere", "inklusive"}),  # no longer hidden
        (3, (22_775, 23_965, 33, 1_223), {"etc", "usw", "evtl", "inkl", "min", "max"},
         {"besen", "gebirge", "minute", "zusammen"}),
    ):
        before = set(playable_words(listed, length, without).words)
        after = dotted_only[length]
        assert (len(before), len(after), len(before - after), len(after - before)) == counts
        assert (gone <= before - after, back <= after - before) == (True, True)
        assert {"jul", "prof", "sept", "dez", "vorm"} & before <= after


@pytest.mark.network
@pytest.mark.slow
def test_the_german_card_says_where_its_abbreviations_come_from() -> None:
    if not Path(load_catalog("data.yaml")["abbrev-de"].member).is_file():
        pytest.skip("hunspell-de-de is not installed")
    _, card = shipped_card(CONFIGS / "german-2p.yaml", Lexicons())
    dictionary = json.loads(render_card(card))["dictionary"]
    data = load_catalog("data.yaml")
    assert (dictionary["playable"], dictionary["abbreviations"]) == (32_938, True)
    shas = f"{data['abbrev-de'].sha256} {data['names-de'].sha256}"
    assert dictionary["abbreviation_data"] == shas


@pytest.mark.network
def test_the_dictionary_names_and_the_reviewed_stop_list_leave_the_german_list() -> None:
    """Issue 37, 6: the german-3p card steered to aids, cmos, msec, nsec, xoff, cisco and
    cluny. Names the dictionary writes with no flag but S (Cisco/S, Xoff) go by that rule,
    the others by the reviewed stop list; the common nouns it writes so (Laktose) stay."""
    german = CatalogList("german")
    if not Path(load_catalog("data.yaml")["abbrev-de"].member).is_file():
        pytest.skip("hunspell-de-de is not installed")
    entries = abbreviation_entries(german, "lower")
    key = abbreviations_key(entries)
    names = abbreviations.load_abbreviations(entries) & abbreviations.abbreviation_names(key)
    assert {"Cisco", "Ciscos", "Xoff", "Xon", "Nvidia", "Nvidias", "Benz", "Sony"} <= names
    assert not {"Laktose", "Fruktose", "Scampi", "Lido", "Haus", "Hiwi", "Cluny"} & names
    lexicon = Lexicons().lexicon(german, 4)
    words = set(lexicon.words)
    gone = {"aids", "cmos", "msec", "nsec", "xoff", "cisco", "cluny", "noah", "memelgebiet"}
    assert gone & words == set()
    assert {"laktose", "fruktose", "benzin", "bulldozer", "damoklesschwert"} <= words
    assert len(words) == 32_938
    spelling = lexicon.spelling
    assert [spelling.left_out(e) for e in ("Cisco", "Cmos", "Cluny", "msec", "evtl")] == [
        "a name", "an acronym", "a name", "a unit", "an abbreviation",
    ]
    # The reviewed lists stay true to the data: every stop entry is an entry of the list that
    # no rule drops, and every kept noun one the flags rule would drop.
    listed = set(load_wordlist(german).entries)
    stop, keep = reviewed("de")
    assert set(stop) <= listed and not set(stop) & names
    dictionary = read_verified(entries[0])
    assert keep <= abbreviations.read_unflagged(dictionary) and keep <= listed
