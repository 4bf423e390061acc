"""cardgen.words.alphabet: the alphabet rule of docs/rules.md "Other alphabets", on small lists."""

from __future__ import annotations

import json
import unicodedata
from bisect import bisect_left
from pathlib import Path
from typing import Any

import pytest
from conftest import CONFIGS
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.cards.config import config_spelling, load_card_config, load_table_config
from cardgen.errors import WordListError
from cardgen.games.solver import solve
from cardgen.words.alphabet import (
    A_Z,
    KEPT,
    Spelling,
    default_spelling,
    sort_key,
    sort_words,
)
from cardgen.words.languages import LETTERS
from cardgen.words.lexicon import playable_words
from cardgen.words.wordlists import CatalogList, load_catalog, load_wordlist, parse_entries


def written(
    language: str, entries: str, rule: str | None = None, cap: str | None = None
) -> list[str]:
    return list(default_spelling(language, rule, cap).words(entries.split()))


# --- defaults -------------------------------------------------------------------------------


def test_defaults_per_language() -> None:
    assert default_spelling("en") == Spelling("en", "a-z", "drop")
    assert default_spelling("fr") == Spelling("fr", "scrabble", "drop")
    assert default_spelling("de") == Spelling("de", "scrabble", "lower")
    assert default_spelling("de", "keep", "drop") == Spelling("de", "keep", "drop")


def test_unknown_rules_are_refused() -> None:
    with pytest.raises(ValueError) as raised:
        default_spelling("fr", "ascii")
    assert (
        str(raised.value) == "alphabet rule must be one of scrabble, fold, keep, a-z, got 'ascii'"
    )
    with pytest.raises(ValueError) as raised:
        default_spelling("fr", None, "upper")
    assert str(raised.value) == "capitalized must be one of drop, lower, got 'upper'"


# --- the rules ------------------------------------------------------------------------------


def test_english_drops_accents_capitals_and_marks_as_always() -> None:
    assert written("en", "cat café Cat CAT dog's e-mail x2 naïve zoo") == ["cat", "zoo"]


def test_scrabble_folds_french_accents_to_a_z() -> None:
    assert written("fr", "élève garçon naïf où être cœur aujourd'hui Paris") == [
        "eleve",
        "garcon",
        "naif",
        "ou",
        "etre",
    ]  # œ is a letter of its own, not an accent: cœur is dropped


@pytest.mark.parametrize(("language", "kept"), sorted(KEPT.items()))
def test_scrabble_keeps_each_kept_letter_and_folds_the_others(language: str, kept: str) -> None:
    assert written(language, " ".join(f"x{k}y" for k in kept)) == [f"x{k}y" for k in kept]
    # é, where it is a letter of the language (Spanish, Swedish), is folded; German, Danish
    # and Polish have no é: their café is dropped.
    assert written(language, "café") == (["cafe"] if "é" in LETTERS[language] else [])


def test_scrabble_writes_german_sharp_s_as_ss_and_keeps_umlauts() -> None:
    assert written("de", "straße größe müde café") == ["strasse", "grösse", "müde"]
    assert written("fr", "straße") == []  # only German writes ß as ss


def test_scrabble_keeps_scandinavian_letters_and_folds_the_rest() -> None:
    assert written("da", "æble øl ål händer") == ["æble", "øl", "ål"]  # ä is no Danish letter
    assert written("sv", "idé armé café") == ["ide", "arme", "cafe"]  # é is a Swedish one
    assert written("sv", "ål äpple öl æble") == ["ål", "äpple", "öl"]  # æ is no Swedish tile


def test_fold_writes_every_letter_in_a_z() -> None:
    assert written("da", "æble øl ål straße łódź señor", "fold") == ["aeble", "ol", "al"]
    assert written("de", "straße", "fold") == ["strasse"]
    assert written("pl", "łódź", "fold") == ["lodz"]
    assert written("es", "señor", "fold") == ["senor"]


def test_keep_keeps_every_lower_case_letter() -> None:
    assert written("fr", "élève cœur straße 2cv aujourd'hui", "keep") == ["élève", "cœur"]
    assert written("de", "straße", "keep") == ["straße"]


def test_entries_are_nfc_normalised_first() -> None:
    decomposed = unicodedata.normalize("NFD", "señor")
    assert decomposed != "señor"
    assert written("es", decomposed) == ["señor"]
    assert written("es", decomposed, "keep") == ["señor"]


# --- capitals -------------------------------------------------------------------------------


def test_german_lower_cases_capitalised_nouns() -> None:
    assert written("de", "Haus Äpfel Straße haus") == ["haus", "äpfel", "strasse", "haus"]


def test_capitalised_entries_are_dropped_elsewhere() -> None:
    assert written("fr", "Paris Élysée paris") == ["paris"]
    assert written("de", "Haus Äpfel", cap="drop") == []
    assert written("fr", "Paris", cap="lower") == ["paris"]


def test_all_capital_and_mixed_entries_are_always_dropped() -> None:
    assert written("de", "ABC ÄÖÜ GmbH DDR iPhone Haus") == ["haus"]


# --- alphabets and their order --------------------------------------------------------------


def test_alphabets_in_their_languages_order() -> None:
    assert default_spelling("es").letters == "abcdefghijklmnñopqrstuvwxyz"
    assert default_spelling("de").letters == "aäbcdefghijklmnoöpqrstuüvwxyz"
    assert default_spelling("sv").letters == "abcdefghijklmnopqrstuvwxyzåäö"
    assert default_spelling("da").letters == "abcdefghijklmnopqrstuvwxyzæøå"
    assert default_spelling("nb").letters == default_spelling("da").letters
    assert default_spelling("pl").letters == "aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż"
    assert default_spelling("pt-BR").letters == "abcçdefghijklmnopqrstuvwxyz"
    assert default_spelling("fr").letters == "abcdefghijklmnopqrstuvwxyz"
    assert default_spelling("pl", "fold").letters == "abcdefghijklmnopqrstuvwxyz"
    assert default_spelling("fr", "keep").letters is None


def test_keep_takes_its_letters_from_the_words() -> None:
    spelling = default_spelling("fr", "keep")
    assert (
        spelling.alphabet(["zèbre", "été", "cœur", "ça"]) == "abcçeèértuzœ"
    )  # è before é: code points


def test_sort_words_follows_the_alphabet() -> None:
    letters = default_spelling("es").letters
    assert letters is not None
    assert sort_words(["ñu", "oso", "nube", "zorro"], letters) == ["nube", "ñu", "oso", "zorro"]
    assert sort_words(["b", "a"], "abc") == ["a", "b"]


def test_sort_key_orders_as_the_alphabet_and_finds_a_word_by_bisection() -> None:
    letters = default_spelling("es").letters
    assert letters is not None
    key = sort_key(letters)
    words = ["nube", "nuez", "ñu", "ñus", "oso"]  # ñ after n, though its code point is after z
    assert sorted(reversed(words), key=key) == words
    assert [bisect_left(words, key(w), key=key) for w in words] == [0, 1, 2, 3, 4]
    assert sort_key("abc")("cab") == "cab"  # code point order already: the word itself


def test_playable_words_count_entries_that_become_equal_once() -> None:
    lexicon = playable_words(["élan", "elan", "Élan", "ñame", "nada"], 4, default_spelling("es"))
    assert lexicon.words == ("elan", "nada", "ñame")
    assert lexicon.letters == "abcdefghijklmnñopqrstuvwxyz"


def test_english_lexicons_are_unchanged_by_default() -> None:
    lexicon = playable_words(["cart", "cartridge", "Cat", "café", "ox"], 3)
    assert (lexicon.words, lexicon.letters, lexicon.spelling) == (
        ("cart",),
        "abcdefghijklmnopqrstuvwxyz",
        Spelling(),
    )


def test_the_solver_finds_fragments_of_any_alphabet() -> None:
    # Swedish order: z before å before ä before ö, unlike code points (ä < å).
    lexicon = playable_words(["zon", "ål", "äng", "öra", "ålder"], 2, default_spelling("sv"))
    assert lexicon.words == ("zon", "ål", "äng", "öra")
    solution = solve(lexicon, 2)
    assert solution.children("") == ("z", "å", "ä", "ö")
    assert solution.is_word("ål")
    assert solution.losers("ä") == frozenset({1})
    assert solution.losers("") == frozenset({2})
    assert solution.winning_moves("") == ("å",)
    assert solution.winning_words("", 1) == ("ål",)


# --- reading lists in their encoding ---------------------------------------------------------


def test_iso_8859_1_lists_decode() -> None:
    data = "smör\nål\nÄpple\n".encode("iso-8859-1")
    assert parse_entries(data, encoding="iso-8859-1") == ("smör", "ål", "Äpple")


def test_a_byte_that_does_not_decode_is_named_by_its_line() -> None:
    data = "cat\ndog\nsmör\n".encode("iso-8859-1")
    with pytest.raises(WordListError) as raised:
        parse_entries(data)
    assert str(raised.value) == "line 3: not utf-8 text (byte 0xf6)"


# --- docs/rules.md's published results ----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "first_letters"),
    [("french", ("h", "j", "l", "m", "q", "r", "v")),
     ("spanish", ("d", "h", "j", "n", "q", "r", "z"))],
)
def test_ghost_md_results_for_other_languages(name: str, first_letters: tuple[str, ...]) -> None:
    entry = load_catalog()[name]
    if not Path(entry.member).is_file():
        pytest.skip(f"{entry.project} is not installed")
    entries = load_wordlist(CatalogList(name)).entries
    lexicon = playable_words(entries, 4, default_spelling(entry.language))
    assert solve(lexicon, 2).winning_moves("") == first_letters


# --- config keys, cards and shipped configs ------------------------------------------------

SPANISH = "ñandú\nnabo\nnada\nÑoño\nóleo\nolla\n"


def build_json(runner: CliRunner, tmp_path: Path, config: str) -> dict[str, Any]:
    (tmp_path / "words.txt").write_text(SPANISH, encoding="utf-8")
    (tmp_path / "card.yaml").write_text(config, encoding="utf-8")
    result = runner.invoke(app, ["build", str(tmp_path / "card.yaml"), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads((tmp_path / "card.json").read_text(encoding="utf-8"))
    return document


def test_a_user_list_in_another_language(runner: CliRunner, tmp_path: Path) -> None:
    card = build_json(
        runner, tmp_path, "dictionary: words.txt\nplayers: 2\nmin_length: 4\nlanguage: es\n"
    )
    assert card["dictionary"] | {"sha256": ""} == {
        "name": "words.txt",
        "source": "words.txt",
        "sha256": "",
        "entries": 6,
        "playable": 5,
        "language": "es",
        "alphabet": "scrabble",
        "letters": "abcdefghijklmnñopqrstuvwxyz",
        "capitalized": "drop",
        "names": None,
        "abbreviations": False,
        "abbreviation_data": None,
    }
    kept = ("fragment", "losers", "moves", "words")
    assert [{k: o[k] for k in kept} for o in card["seats"][1]["openings"]] == [
        {"fragment": "n", "losers": [2], "moves": [], "words": []},
        {"fragment": "ñ", "losers": [1], "moves": ["a"], "words": ["ñandu"]},
        {"fragment": "o", "losers": [2], "moves": [], "words": []},
    ]
    footer = (tmp_path / "card.md").read_text(encoding="utf-8").splitlines()[-1]
    assert "Alphabet (es, rule scrabble): abcdefghijklmnñopqrstuvwxyz. Made by" in footer


def test_alphabet_and_capitalized_keys(runner: CliRunner, tmp_path: Path) -> None:
    text = "dictionary: words.txt\nplayers: 2\nmin_length: 4\nlanguage: es\n"
    card = build_json(runner, tmp_path, text + "alphabet: fold\ncapitalized: lower\n")
    assert (card["dictionary"]["alphabet"], card["dictionary"]["letters"]) == ("fold", A_Z)
    assert card["dictionary"]["playable"] == 6  # Ñoño -> nono, ñandú -> nandu
    config = load_card_config(tmp_path / "card.yaml")
    assert (config.language, config.alphabet, config.capitalized) == ("es", "fold", "lower")


KNOWN = "ca, da, de, en, es, fr, it, nb, nl, pl, pt, pt-BR, sv"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("alphabet: ascii", "alphabet: expected one of scrabble, fold, keep, a-z, got 'ascii'"),
        ("capitalized: keep", "capitalized: expected one of drop, lower, got 'keep'"),
        *(
            (f"language: {code}",
             f"language: no spelling rules for {code!r} (cardgen has: {KNOWN})")
            for code in ("français", "xx", "klingon", "tr", "tr-TR", "pt-", "-br")
        ),
    ],
)
def test_bad_alphabet_keys_exit_2(
    runner: CliRunner, tmp_path: Path, line: str, message: str
) -> None:
    (tmp_path / "words.txt").write_text(SPANISH, encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(f"dictionary: words.txt\nplayers: 2\nmin_length: 4\n{line}\n", "utf-8")
    result = runner.invoke(app, ["build", str(bad), "-o", str(tmp_path / "out")])
    assert (result.exit_code, result.stderr) == (2, f"cardgen: error: {bad}: {message}\n")


def test_the_languages_table_config() -> None:
    config = load_table_config(CONFIGS / "tables" / "languages.yaml")
    others = [name for name, entry in load_catalog().items() if entry.language != "en"]
    assert [str(d) for d in config.dictionaries] == others
    assert (config.min_lengths, config.players) == ((3, 4), (2, 3))
    assert sorted(p.stem for p in CONFIGS.glob("*.yaml") if p.stem.split("-")[0] in others) == (
        sorted([f"{name}-2p" for name in others] + ["german-3p"])
    )


@pytest.mark.parametrize(
    ("code", "language", "letters"),
    [("pt-br", "pt-BR", "abcçdefghijklmnopqrstuvwxyz"),
     ("PT-BR", "pt-BR", "abcçdefghijklmnopqrstuvwxyz"),
     ("pt-PT", "pt", "abcçdefghijklmnopqrstuvwxyz"),
     ("de-DE", "de", "aäbcdefghijklmnoöpqrstuüvwxyz"),
     ("DE-at", "de", "aäbcdefghijklmnoöpqrstuüvwxyz"),
     ("ES", "es", "abcdefghijklmnñopqrstuvwxyz"),
     ("sv-Latn-SE", "sv", "abcdefghijklmnopqrstuvwxyzåäö")],
)
def test_language_codes_match_as_bcp47_does(
    tmp_path: Path, code: str, language: str, letters: str
) -> None:
    """Case aside, and a region falls back to its language: the language's letters are kept."""
    (tmp_path / "words.txt").write_text(SPANISH, encoding="utf-8")
    path = tmp_path / "card.yaml"
    path.write_text(f"dictionary: words.txt\nplayers: 2\nmin_length: 4\nlanguage: {code}\n")
    config = load_card_config(path)
    assert config.language == language
    assert config_spelling(config).letters == letters
