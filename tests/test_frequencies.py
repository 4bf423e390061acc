"""Word frequencies for every lexicon (issue 15): `Lexicons.word_zipf`, the spelling of the
data's keys, the `familiarity` key, and the cache of a lexicon's frequencies."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.cards import make as cards
from cardgen.cards.config import RankingOptions, load_card_config
from cardgen.cards.make import LexiconRequest, Lexicons
from cardgen.errors import CardgenWarning, WordListError
from cardgen.words import zipfcache
from cardgen.words.alphabet import Spelling, default_spelling
from cardgen.words.catalog import load_catalog, sha256
from cardgen.words.familiarity import Frequencies, spelled, wordfreq_entry
from cardgen.words.wordlists import ListFile

FREQUENCIES = "café\t4.1\ncafe\t2.5\nétoile\t3.0\nl'eau\t5.0\nÉcole\t4.0\n"


def write_list(tmp_path: Path, words: str) -> ListFile:
    path = tmp_path / "words.txt"
    path.write_text(words.replace(" ", "\n") + "\n", encoding="utf-8")
    return ListFile(path, "words.txt")


def zipf_by_word(
    lexicons: Lexicons, source: ListFile, options: RankingOptions, spelling: Spelling
) -> dict[str, float]:
    request = LexiconRequest(source, 2, spelling, options)
    lexicon, found = lexicons.playable(request), lexicons.word_zipf(request)
    assert found is not None
    return dict(zip(lexicon.words, found.zipf.tolist(), strict=True))


# --- the spelling of the data's keys ---------------------------------------------------------


def test_keys_that_become_one_word_keep_the_highest_zipf() -> None:
    data = {"straße": 4.0, "strasse": 3.0, "über": 6.39, "uber": 4.08, "don't": 5.0, "a1": 3.0}
    scrabble = spelled(data, default_spelling("de"))  # keeps ü, writes ß as ss
    assert scrabble == {"strasse": 4.0, "über": 6.39, "uber": 4.08}
    fold = spelled(data, default_spelling("de", "fold"))  # über becomes uber: the higher wins
    assert fold == {"strasse": 4.0, "uber": 6.39}
    assert spelled(data, Spelling()) == {"strasse": 3.0, "uber": 4.08}  # a-z: only those two


def test_every_catalog_language_has_wordfreq_data() -> None:
    languages = {entry.language for entry in load_catalog().values()}
    found = {language: wordfreq_entry(language) for language in sorted(languages)}
    names = {language: entry.name if entry else None for language, entry in found.items()}
    assert names == {
        "ca": "wordfreq-ca", "da": "wordfreq-da", "de": "wordfreq-de", "en": "wordfreq-en",
        "es": "wordfreq-es", "fr": "wordfreq-fr", "it": "wordfreq-it", "nb": "wordfreq-nb",
        "nl": "wordfreq-nl", "pl": "wordfreq-pl", "pt": "wordfreq-pt", "pt-BR": "wordfreq-pt",
        "sv": "wordfreq-sv",
    }
    assert wordfreq_entry("fi") is None


# --- a frequency file, and none ------------------------------------------------------------


def test_a_file_s_keys_are_spelled_as_the_list_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDGEN_CACHE", str(tmp_path / "cache"))
    (tmp_path / "freq.tsv").write_text(FREQUENCIES, encoding="utf-8")
    (tmp_path / "words.txt").write_text("cafe\nétoile\nlune\nécole\n", encoding="utf-8")
    config = tmp_path / "card.yaml"
    config.write_text(
        "dictionary: words.txt\nplayers: 2\nmin_length: 2\nlanguage: fr\nalphabet: fold\n"
        "familiarity: freq.tsv\n"
    )
    card = load_card_config(config)
    lexicons, request = Lexicons(), LexiconRequest.of(card)
    found = lexicons.word_zipf(request)
    assert found is not None
    lexicon = lexicons.playable(request)
    # café and cafe become one word: the higher wins; a file's words are lower-cased (École);
    # l'eau is no word; lune is missing: 0.0.
    assert dict(zip(lexicon.words, found.zipf.tolist(), strict=True)) == {
        "cafe": 4.1, "ecole": 4.0, "etoile": 3.0, "lune": 0.0
    }
    assert (found.label, found.sha256) == ("freq.tsv", sha256(FREQUENCIES.encode()))
    assert found.zipf.dtype == np.float64
    assert not found.zipf.flags.writeable
    assert lexicons.word_zipf(request) is found


def test_familiarity_none_reads_no_frequency_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_data(*args: object, **kwargs: object) -> None:
        raise AssertionError("frequency data read")

    monkeypatch.setattr(cards, "wordfreq", no_data)
    monkeypatch.setattr(zipfcache, "cached", no_data)
    config = tmp_path / "card.yaml"
    write_list(tmp_path, "cat camel goat")
    config.write_text("dictionary: words.txt\nplayers: 2\nmin_length: 3\nfamiliarity: none\n")
    options = load_card_config(config).ranking
    assert (options.familiarity, options.frequencies) == ("none", None)
    source = ListFile(tmp_path / "words.txt", "words.txt")
    request = LexiconRequest(source, 3, ranking=options)
    assert Lexicons().word_zipf(request) is None
    assert Lexicons().card(request, 2).seats  # the card is made all the same


def test_familiar_without_frequency_data_is_one_line_and_writes_nothing(
    runner: CliRunner, write_config: Callable[..., Path]
) -> None:
    config = write_config(
        "dictionary: animals.txt\nplayers: 2\nmin_length: 3\nranking: familiar\n"
        "familiarity: none\n"
    )
    result = runner.invoke(app, ["build", str(config), "-o", str(config.parent / "out")])
    assert result.exit_code == 2
    assert result.output == (
        f"cardgen: error: {config}: familiarity: `ranking: familiar` needs frequency data: "
        "wordfreq or a word<TAB>zipf file, not none\n"
    )
    assert not (config.parent / "out").exists()


@pytest.mark.parametrize(
    ("options", "spelling", "why"),
    [
        (RankingOptions("familiar", familiarity="none"), Spelling(), "`familiarity` is none"),
        (RankingOptions("familiar"), default_spelling("fi"),
         "cardgen has no wordfreq data for language fi"),
    ],
)
def test_the_api_refuses_familiar_without_frequency_data(
    tmp_path: Path, options: RankingOptions, spelling: Spelling, why: str
) -> None:
    source = write_list(tmp_path, "kissa koira")
    with pytest.raises(WordListError) as error:
        Lexicons().ranking(LexiconRequest(source, 3, spelling, options))
    expected = f"{source.path}: `ranking: familiar` needs frequency data, and {why}"
    assert str(error.value) == expected


def test_a_language_without_wordfreq_data_has_no_frequencies_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cards, "wordfreq", lambda *a, **k: pytest.fail("data read"))
    source = write_list(tmp_path, "kissa koira")
    options = RankingOptions()
    assert Lexicons().word_zipf(LexiconRequest(source, 3, default_spelling("fi"), options)) is None


# --- the cache of a lexicon's frequencies --------------------------------------------------


def test_a_later_run_loads_the_cached_array_and_a_spoiled_one_is_worked_out_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDGEN_CACHE", str(tmp_path / "cache"))
    (tmp_path / "freq.tsv").write_text("cat\t4.78\ngoat\t4.1\n", encoding="utf-8")
    config = tmp_path / "card.yaml"
    write_list(tmp_path, "cat camel goat")
    config.write_text("dictionary: words.txt\nplayers: 2\nmin_length: 3\nfamiliarity: freq.tsv\n")
    card = load_card_config(config)
    request = LexiconRequest(card.dictionary, 3, ranking=card.ranking)
    first = Lexicons().word_zipf(request)
    assert first is not None and first.zipf.tolist() == [0.0, 4.78, 4.1]  # camel, cat, goat
    [array] = (tmp_path / "cache" / "zipf").iterdir()
    assert np.load(array).tolist() == [0.0, 4.78, 4.1]

    spelled_calls: list[int] = []

    def spell(*args: object) -> dict[str, float]:
        spelled_calls.append(1)
        return {"cat": 1.0}

    monkeypatch.setattr(cards, "spelled", spell)
    again = Lexicons().word_zipf(request)
    assert again is not None and again.zipf.tolist() == [0.0, 4.78, 4.1]
    assert spelled_calls == []  # loaded, not worked out
    # A spoiled array is reported in one line, worked out again and replaced (issue 35
    # item 7: it was replaced in silence; an empty one stopped the run with EOFError).
    good = array.read_bytes()
    for spoil, why in [
        (b"not an array", "is not a whole .npy array"),
        (b"", "is not a whole .npy array"),
        (good[:-8], "is not a whole .npy array"),
        (good.replace(np.float64(4.78).tobytes(), np.float64("nan").tobytes()),
         "does not hold the lexicon's 3 word frequencies"),
    ]:
        array.write_bytes(spoil)
        with pytest.warns(CardgenWarning) as caught:
            spoiled = Lexicons().word_zipf(request)
        assert [str(w.message) for w in caught] == [
            f"cache: {array}: {why}; removed, computing it again"
        ]
        assert spoiled is not None and spoiled.zipf.tolist() == [0.0, 1.0, 0.0]
        assert np.load(array).tolist() == [0.0, 1.0, 0.0]  # replaced
        array.write_bytes(good)
    assert spelled_calls == [1, 1, 1, 1]


def test_the_data_is_decoded_once_per_run_and_each_lexicon_looked_up_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDGEN_CACHE", str(tmp_path / "cache"))
    decoded: list[str] = []

    def data(language: str, *, progress: object = None) -> Frequencies:
        decoded.append(language)
        return Frequencies("wordfreq 3.1.1 (en)", "", {"cat": 4.78, "camel": 3.0})

    monkeypatch.setattr(cards, "wordfreq", data)
    source, lexicons = write_list(tmp_path, "ca cat camel goat"), Lexicons()
    three = lexicons.word_zipf(LexiconRequest(source, 3))
    two = lexicons.word_zipf(LexiconRequest(source, 2))  # `ca` hides cat and camel
    assert three is not None and two is not None
    assert (three.zipf.tolist(), two.zipf.tolist()) == ([3.0, 4.78, 0.0], [0.0, 0.0])
    assert lexicons.word_zipf(LexiconRequest(source, 3)) is three
    assert decoded == ["en"]
    english = load_catalog("data.yaml")["wordfreq-en"]
    assert (three.label, three.sha256) == ("wordfreq 3.1.1 (en)", english.sha256)


def test_the_cache_key_changes_with_the_data_the_spelling_and_the_words() -> None:
    base = zipfcache.key("a" * 64, Spelling(), ("cat",))
    assert len({
        base,
        zipfcache.key("b" * 64, Spelling(), ("cat",)),
        zipfcache.key("a" * 64, default_spelling("en", "fold"), ("cat",)),
        zipfcache.key("a" * 64, Spelling(), ("cat", "dog")),
    }) == 4


# --- the wordfreq data of every language (fetched once, then cached) -------------------------

LANGUAGES = {
    # language: (rule, the list's entries, Zipf by word as the lexicon writes it)
    "en": ("a-z", "cat house nyctalopia", {"cat": 4.78, "house": 5.71, "nyctalopia": 0.0}),
    "de": ("scrabble", "Haus Straße über", {"haus": 5.41, "strasse": 5.27, "über": 6.39}),
    "fr": ("fold", "café élève noël", {"cafe": 4.76, "eleve": 4.76, "noel": 4.78}),
    "es": ("scrabble", "año ano niño", {"año": 5.88, "ano": 3.83, "niño": 5.1}),
    "it": ("scrabble", "città perché", {"citta": 5.77, "perche": 6.18}),
    "pt": ("scrabble", "coração não", {"coraçao": 5.28, "nao": 7.06}),
    "pt-BR": ("scrabble", "coração não", {"coraçao": 5.28, "nao": 7.06}),
    "nl": ("scrabble", "huis één", {"huis": 5.73, "een": 7.41}),
    "sv": ("scrabble", "hus år köpa", {"hus": 5.2, "år": 6.26, "köpa": 5.47}),
    "da": ("scrabble", "hus æble søster", {"hus": 5.26, "æble": 4.0, "søster": 4.77}),
    "nb": ("scrabble", "hus søster år", {"hus": 5.09, "søster": 4.53, "år": 6.25}),
    "pl": ("scrabble", "żółw łódź źdźbło", {"żółw": 3.46, "łódź": 4.66, "źdźbło": 2.66}),
    "ca": ("scrabble", "plaça placa", {"plaça": 5.42, "placa": 4.3}),
}


@pytest.mark.network
@pytest.mark.parametrize("language", [
    pytest.param(language, marks=() if language == "en" else pytest.mark.slow)
    for language in LANGUAGES
])
def test_each_language_s_wordfreq_data_as_its_lexicon_writes_the_words(
    tmp_path: Path, language: str
) -> None:
    rule, entries, expected = LANGUAGES[language]
    spelling = default_spelling(language, rule)
    source = write_list(tmp_path, entries)
    lexicons = Lexicons()
    assert zipf_by_word(lexicons, source, RankingOptions(), spelling) == expected
    found = lexicons.word_zipf(LexiconRequest(source, 2, spelling))
    data = language.split("-")[0]
    assert found is not None
    assert found.label == f"wordfreq 3.1.1 ({data})"
    assert found.sha256 == load_catalog("data.yaml")[f"wordfreq-{data}"].sha256


@pytest.mark.network
def test_familiar_ranking_works_in_another_language(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "mots.txt").write_text("chat\nchien\nchose\nvache\nvelo\n", encoding="utf-8")
    config = tmp_path / "mots.yaml"
    config.write_text(
        "dictionary: mots.txt\nplayers: 2\nmin_length: 3\nlanguage: fr\nranking: familiar\n"
    )
    result = runner.invoke(app, ["build", str(config), "-o", str(tmp_path), "-f", "json", "-q"])
    assert result.exit_code == 0, result.output
    card = json.loads((tmp_path / "mots.json").read_text())
    fr = load_catalog("data.yaml")["wordfreq-fr"].sha256
    assert card["familiarity"] == {"source": "wordfreq 3.1.1 (fr)", "sha256": fr}
    # Every word is common in French (velo as vélo, 4.56); missing data would make all rare.
    assert all(opening["rare"] == [] for seat in card["seats"] for opening in seat["openings"])
