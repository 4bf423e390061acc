from __future__ import annotations

import pytest

from cardgen.words.lexicon import MAX_WORD_LENGTH, playable_words


def test_candidates_are_lower_case_a_to_z_only() -> None:
    entries = ["cat", "Cat", "CAT", "don't", "x-ray", "a1", "two words", "café", "ok"]
    assert playable_words(entries, 2).words == ("cat", "ok")


def test_short_candidates_are_not_words() -> None:
    assert playable_words(["ab", "abc", "abcd"], 3).words == ("abc",)


def test_words_with_a_shorter_word_as_prefix_are_unreachable() -> None:
    lexicon = playable_words(["cartridge", "cart", "carts", "car", "cab"], 4)
    assert lexicon.words == ("cart",)
    lexicon = playable_words(["cartridge", "cart", "carts", "car", "cab"], 3)
    assert lexicon.words == ("cab", "car")


def test_short_non_words_do_not_remove_longer_words() -> None:
    # "ca" is shorter than the minimum, so it does not end the game: "cat" stays.
    assert playable_words(["ca", "cat"], 3).words == ("cat",)


def test_proper_nouns_are_dropped_not_lower_cased() -> None:
    assert playable_words(["Cart", "cartridge"], 3).words == ("cartridge",)


def test_duplicates_and_order_do_not_matter() -> None:
    assert playable_words(["zebra", "apple", "zebra", "mango"], 4).words == (
        "apple", "mango", "zebra",
    )


def test_min_length_must_be_positive() -> None:
    with pytest.raises(ValueError, match="min_length"):
        playable_words(["cat"], 0)


def test_entries_longer_than_the_limit_are_dropped() -> None:
    long = "a" * (MAX_WORD_LENGTH + 1)
    words = ["cat", "dog", "b" * MAX_WORD_LENGTH, long, "z" * 1_000_000]
    assert playable_words(words, 3).words == ("b" * MAX_WORD_LENGTH, "cat", "dog")
