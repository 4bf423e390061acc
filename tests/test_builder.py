"""A run's lists and lexicons: each list read once, each lexicon built once, a language's data
rules added to its spelling (cardgen.words.builder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import WordListError
from cardgen.words import builder
from cardgen.words.alphabet import Spelling, default_spelling
from cardgen.words.builder import LexiconBuilder, WordLists, language_rules
from cardgen.words.wordlists import ListFile, WordList, load_wordlist

ANIMALS = ListFile(Path(__file__).parent / "data" / "animals.txt", "animals.txt")


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every list the run reads (or fetches), in order."""
    read: list[object] = []

    def counted(source: ListFile, **options: object) -> WordList:
        read.append(source)
        return load_wordlist(source)

    monkeypatch.setattr(builder, "load_wordlist", counted)
    return read


def test_a_list_is_read_once_however_often_it_is_asked_for(reads: list[object]) -> None:
    lists = WordLists()
    assert lists.wordlist(ANIMALS) is lists.wordlist(ANIMALS)
    assert reads == [ANIMALS]


def test_a_lexicon_is_built_once_per_length_from_one_read_of_its_list(
    reads: list[object],
) -> None:
    builder = LexiconBuilder()
    three, four = builder.lexicon(ANIMALS, 3), builder.lexicon(ANIMALS, 4)
    assert builder.lexicon(ANIMALS, 3) is three
    assert "cat" in three.words and "cat" not in four.words
    assert reads == [ANIMALS]


def test_a_list_with_no_playable_word_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "short.txt"
    path.write_text("ab\ncd\n", encoding="utf-8")
    with pytest.raises(WordListError) as error:
        LexiconBuilder().lexicon(ListFile(path, "short.txt"), 3)
    assert str(error.value) == (
        f"{path}: no playable words of 3+ letters (entries must be lower-case a-z words)"
    )


def test_a_language_without_data_rules_keeps_its_spelling() -> None:
    assert language_rules(ANIMALS, default_spelling("en")) == Spelling()
    assert language_rules(ANIMALS, default_spelling("fr")) == default_spelling("fr")
