from __future__ import annotations

import pytest

from cardgen.words.alphabet import Spelling
from cardgen.words.entries import Entries
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


# One list's lines, each a case of the rule: capitals, an apostrophe, a hyphen, a digit, accents
# (a combining one too), the Kelvin sign (which lower-cases to ASCII k), whitespace str.strip
# removes (tab, vertical tab, \x1c, no-break space) around and inside entries, empty lines, and
# lengths at both bounds.
TRICKY = "\n".join([
    "cart", "Cart", "CART", "carts", "don't", "x-ray", "b2b", "café", "cafe\u0301", "cafe",
    "\u212aelvin", "kelvin", "\tdogs ", "\x0bfish\x1c", "\u00a0bird\u00a0", "two words", "",
    "ox", "oxen", "zzz", "b" * MAX_WORD_LENGTH, "c" * (MAX_WORD_LENGTH + 1), "cart", "",
])


@pytest.mark.parametrize("block", [1, 20, 1 << 20])
def test_the_words_of_a_list_read_a_block_at_a_time_are_those_of_its_entries(
    block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A block of plain a-z entries is tested at once, a block with any other entry entry by
    entry: blocks of 1 and 20 characters mix both, and every entry is one block at 1."""
    monkeypatch.setattr(Entries, "BLOCK", block)
    long = "b" * MAX_WORD_LENGTH
    cases = [
        (False, True, (long, "bird", "cafe", "cart", "dogs", "fish", "kelvin", "oxen")),
        (False, False, (long, "bird", "cafe", "cart", "carts", "dogs", "fish", "kelvin", "oxen")),
        (True, False, (long, "bird", "cafe", "cart", "carts", "dogs", "fish", "kelvin", "oxen")),
    ]
    text = TRICKY + "\nΟΔΟΣ\nCAT\n"  # final sigma: lower-cased line by line as before
    stripped = [line.strip() for line in text.split("\n")]
    for lower in (False, True):
        assert tuple(Entries(text, lower=lower)) == tuple(
            line.lower() if lower else line for line in stripped if line
        )
    for lower, prefix_free, words in cases:
        entries = Entries(TRICKY + "\n", lower=lower)
        assert playable_words(entries, 4, prefix_free=prefix_free).words == words
        # the same as the rule entry by entry (a tuple is not read as blocks)
        assert playable_words(tuple(entries), 4, prefix_free=prefix_free).words == words
    assert playable_words(Entries(TRICKY), 3).words == (
        long, "bird", "cafe", "cart", "dogs", "fish", "kelvin", "oxen", "zzz",
    )


def test_a_plain_block_keeps_its_entries_and_repeats() -> None:
    assert list(Spelling().words(["cat", "cat", "ab"])) == ["cat", "cat", "ab"]
    assert list(Spelling().words(["cat", "", "ab"])) == ["cat", "ab"]
    assert list(Spelling().words(["cat", "Ab", "a b", "é"])) == ["cat"]
    assert list(Spelling().words([])) == []
