"""Each language's letters and French abbreviations (issue 25, item 5.7): an entry with a letter
its language does not write is dropped before any rule folds it (`cardgen.words.languages.LETTERS`),
and so is a French entry with qq (`cardgen.words.languages.ABBREVIATED`: qqn, qqun)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.games.solver import solve
from cardgen.render.sentences import accents_note, spelling_words
from cardgen.words import alphabet
from cardgen.words.alphabet import Spelling, default_spelling
from cardgen.words.builder import list_spelling
from cardgen.words.catalog import load_catalog
from cardgen.words.familiarity import plain_label, wordfreq_label
from cardgen.words.languages import A_Z, KEPT, LANGUAGES, LETTERS, NAMES
from cardgen.words.lexicon import not_counted, playable_words
from cardgen.words.wordlists import CatalogList, load_wordlist

RULES_MD = Path(__file__).parent.parent / "docs" / "rules.md"


def without(letters: bool, marks: bool) -> pytest.MonkeyPatch:
    """A patch that turns the letter rule (`letters`) or the abbreviation marks off."""
    patch = pytest.MonkeyPatch()
    if letters:
        patch.setattr(alphabet, "letter_set", lambda language: None)
    if marks:
        patch.setattr(alphabet, "ABBREVIATED", {})
    alphabet._table.cache_clear()
    return patch


def words(spelling: Spelling, entries: list[str], *, letters: bool = True,
          marks: bool = True) -> list[str]:
    """The entries written by `spelling`, with or without the two rules."""
    patch = without(not letters, not marks)
    try:
        return list(spelling.words(entries))
    finally:
        patch.undo()
        alphabet._table.cache_clear()


# --- the letters ----------------------------------------------------------------------------


def test_every_language_has_its_letters_and_they_hold_its_scrabble_tiles() -> None:
    assert sorted(LETTERS) == sorted(LANGUAGES)
    for language, kept in KEPT.items():
        assert set(kept) <= set(LETTERS[language]), language
    assert LETTERS["fr"] == "àâæçéèêëîïôöœùûüÿ"  # CLDR's, and ö for maelström


def test_docs_state_each_languages_letters() -> None:
    """docs/rules.md's table lists, for each language, exactly the letters of `LETTERS`."""
    text = RULES_MD.read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `([a-zA-Z-]+)` \| a-z((?: [^ |]+)*) \|", text, re.MULTILINE))
    assert {language: "".join(extra.split()) for language, extra in rows.items()} == LETTERS


def card_of(language: str, rule: str, letters: str = "") -> Any:
    """What `spelling_words` and `accents_note` read of a card: its dictionary's facts."""
    return SimpleNamespace(dictionary=SimpleNamespace(language=language, alphabet=rule,
                                                      letters=letters))


def test_every_shipped_list_is_named_in_words_a_player_reads() -> None:
    """Issue 37, 8: a footer says "German, Scrabble spelling", never `de scrabble`; an English
    list in a-z says nothing; every wordfreq data is "<language> word frequencies"."""
    assert list(NAMES) == list(LANGUAGES)
    said = {name: spelling_words(card_of(entry.language, list_spelling(CatalogList(name)).rule))
            for name, entry in load_catalog().items()}
    assert said == {
        "twl06": "", "sowpods": "", "csw19": "", "web2": "", "american-english": "",
        "british-english": "", "french": "French, Scrabble spelling",
        "german": "German, Scrabble spelling", "spanish": "Spanish, Scrabble spelling",
        "italian": "Italian, Scrabble spelling", "portuguese": "Portuguese, Scrabble spelling",
        "brazilian": "Brazilian Portuguese, Scrabble spelling",
        "dutch": "Dutch, Scrabble spelling", "swedish": "Swedish, Scrabble spelling",
        "danish": "Danish, Scrabble spelling", "norwegian": "Norwegian, Scrabble spelling",
        "polish": "Polish, Scrabble spelling", "catalan": "Catalan, Scrabble spelling",
    }
    assert [spelling_words(card_of("fr", rule)) for rule in ("fold", "keep", "a-z")] == [
        "French, accents folded", "French, as written", "French, a-z only",
    ]
    frequencies = {entry.name: plain_label(wordfreq_label(entry))
                   for entry in load_catalog("data.yaml").values()
                   if entry.name.startswith("wordfreq-")}
    assert frequencies == {
        f"wordfreq-{code}": f"{name} word frequencies"
        for code, name in NAMES.items() if code != "pt-BR"
    }
    assert plain_label("freq.tsv") == "freq.tsv"  # a config's own file keeps its name


def test_a_card_whose_rule_drops_accents_says_so() -> None:
    """Issue 37, 7: French prints bleme for blême; its card says accents are ignored."""
    french = default_spelling("fr")
    assert accents_note(card_of("fr", "scrabble", french.letters or "")) == (
        "Accents are ignored: e is also é è ê ë."
    )
    assert accents_note(card_of("fr", "fold")) == "Accents are ignored: e is also é è ê ë."
    assert accents_note(card_of("fr", "keep")) == accents_note(card_of("en", "a-z")) == ""
    german = default_spelling("de")  # keeps ä ö ü; ß is no accent
    assert accents_note(card_of("de", "scrabble", german.letters or "")) == ""
    polish = default_spelling("pl")  # every letter a tile of its own
    assert accents_note(card_of("pl", "scrabble", polish.letters or "")) == ""
    spanish = default_spelling("es")
    assert accents_note(card_of("es", "scrabble", spanish.letters or "")) == (
        "Accents are ignored: u is also ú ü."
    )


def test_a_foreign_letter_drops_its_entry_before_the_rule_folds_it() -> None:
    french = default_spelling("fr")
    assert list(french.words(["qqúun", "maelström", "élève", "cœur", "naïf", "ÿ"])) == [
        "maelstrom", "eleve", "naif", "y",
    ]
    assert list(Spelling("fr", "keep").words(["qqúun", "élève", "cœur"])) == ["élève", "cœur"]
    assert list(Spelling("fr", "fold").words(["qqúun", "élève", "cœur"])) == ["eleve"]
    assert list(default_spelling("de").words(["Café", "Straße", "Öl", "señor"])) == [
        "strasse", "öl",
    ]
    assert list(default_spelling("nl").words(["crème", "ruïne", "één", "façade"])) == [
        "ruine", "een",
    ]
    assert list(default_spelling("pt-BR").words(["lingüiça"])) == ["linguiça"]
    assert list(default_spelling("pt").words(["lingüiça", "boîte"])) == []
    # English plays a-z as ever; with another rule its accents are foreign letters too.
    assert list(Spelling("en", "fold").words(["café", "cafe"])) == ["cafe"]
    assert Spelling("fr", "scrabble").write("qqúun") is None


def test_a_french_entry_with_qq_is_an_abbreviation() -> None:
    french = default_spelling("fr")
    assert list(french.words(["qqn", "qqun", "qqch", "coq", "cinq", "quelqu"])) == [
        "coq", "cinq", "quelqu",
    ]
    assert list(Spelling("fr", "a-z").words(["qqn", "coq"])) == ["coq"]  # whatever the rule
    assert list(default_spelling("es").words(["qqn"])) == ["qqn"]  # French only
    assert not_counted("qqun", ["qqun"], french, 4) == (
        "the list has it only as 'qqun', an abbreviation, which is left out"
    )
    assert not_counted("qquun", ["qqúun"], french, 4) is None  # no longer written as qquun


LANGUAGE_CHARS = "abeqxyzàéèúüöß'ÉÜQ"
"""Letters in and out of the languages' alphabets (a capital, an apostrophe, q for qq)."""


@given(
    st.lists(st.text(LANGUAGE_CHARS, min_size=1, max_size=5), max_size=12),
    st.sampled_from(LANGUAGES),
    st.sampled_from(("scrabble", "fold", "keep", "a-z")),
    st.sampled_from(("drop", "lower")),
)
def test_the_letter_and_abbreviation_rules_match_a_brute_force(
    entries: list[str], language: str, rule: str, capitalized: str
) -> None:
    """docs/rules.md written straight down: an entry is written as without the two rules,
    unless its NFC lower-case form has a letter that is neither a-z nor one of its language's,
    or it is French and has qq."""
    spelling = default_spelling(language, rule, capitalized)

    def kept(entry: str) -> bool:
        lower = unicodedata.normalize("NFC", entry).lower()
        letters = set(A_Z + LETTERS[language])
        foreign = any(c.isalpha() and c not in letters for c in lower)
        return not foreign and not (language == "fr" and "qq" in lower)

    expected = [w for e in entries if kept(e) for w in words(spelling, [e], letters=False,
                                                               marks=False)]
    assert words(spelling, entries) == expected


# --- the real lists -------------------------------------------------------------------------

COUNTS = [
    # list, entries with a letter not the language's, entries the letter rule removes, the
    # abbreviation rule removes, both together (the rest were dropped by other rules already)
    ("american-english", 256, 0, 0, 0),
    ("web2", 0, 0, 0, 0),
    ("french", 14, 10, 3, 12),
    ("german", 65, 65, 0, 65),
    ("spanish", 0, 0, 0, 0),
    ("italian", 0, 0, 0, 0),
    ("portuguese", 6, 2, 0, 2),
    ("brazilian", 0, 0, 0, 0),
    ("dutch", 720, 500, 0, 500),
    ("swedish", 1, 0, 0, 0),
    ("danish", 946, 829, 0, 829),
    ("norwegian", 538, 508, 0, 508),
    pytest.param("polish", 1_424, 587, 0, 587, marks=pytest.mark.slow),  # 3.5 million entries
    ("catalan", 20, 8, 0, 8),
]


def installed(name: str) -> Iterator[str]:
    entry = load_catalog()[name]
    if not Path(entry.member).is_file():
        pytest.skip(f"{entry.project} is not installed")
    yield from load_wordlist(CatalogList(name)).entries


@pytest.mark.parametrize(("name", "foreign", "letters", "marks", "both"), COUNTS)
def test_what_each_rule_removes_from_each_list(
    name: str, foreign: int, letters: int, marks: int, both: int
) -> None:
    spelling = list_spelling(CatalogList(name))  # the entries that names rules do not touch
    own = set(A_Z + LETTERS[spelling.language])
    # Only an entry with a character outside its letters, or with qq, can be touched.
    entries = [e for e in installed(name)
               if not own.issuperset(unicodedata.normalize("NFC", e).lower()) or "qq" in e]
    held = [e for e in entries
            if any(c.isalpha() and c not in own for c in unicodedata.normalize("NFC", e).lower())]
    before = len(words(spelling, entries, letters=False, marks=False))
    assert (
        len(held),
        before - len(words(spelling, entries, marks=False)),
        before - len(words(spelling, entries, letters=False)),
        before - len(words(spelling, entries)),
    ) == (foreign, letters, marks, both)


def test_french_drops_qquun_and_the_first_player_wins_against_q_no_more() -> None:
    """wfrench's qqúun (qq'un, its apostrophe written ú) was played as qquun, the second
    player's only win against q; the list's other ú entries go with it (quelqúun, jusqú)."""
    entries = list(installed("french"))
    french = default_spelling("fr")
    gone = set(words(french, entries, letters=False, marks=False)) - set(words(french, entries))
    assert sorted(gone) == [
        "jusqu", "lorsqu", "presquile", "presquiles", "qqn", "qqun", "qquun",
        "quelquun", "quoiqu",
    ]
    lexicon = playable_words(entries, 4, french)
    assert len(lexicon.words) == 43_192  # 43,193 before: qqun and qquun go, maelstrom comes
    solution = solve(lexicon, 2)
    assert solution.winning_moves("") == ("h", "j", "l", "m", "q", "r", "v")
    assert solution.winning_moves("q") == ()
